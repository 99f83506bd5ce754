"""Accounts: sign-up (limited per client) and the login lockout page.

Login throttling is django-axes (mafiasite/settings.py: LOGIN_FAILURE_LIMIT wrong
passwords for one account or from one client lock it for LOGIN_COOLOFF_MINUTES,
the right password included). Sign-ups refuse look-alike usernames and invisible characters
(games/text_safety.py). Sign-ups are counted per client in the cache:
SIGNUP_LIMIT accounts per SIGNUP_WINDOW_SECONDS. A client is its REMOTE_ADDR,
which a client cannot write (behind a proxy the server sets it from the proxy's
header); never X-Forwarded-For as the client sent it.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.contrib.auth.forms import UserCreationForm
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.utils.translation import gettext, ngettext

from games.text_safety import skeleton, username_refusal


def client_ip(request) -> str | None:
    """The client's address (None without one: django-axes stores it as an address)."""
    return request.META.get("REMOTE_ADDR") or None


def locked_out(request, original_response=None, credentials=None):
    """django-axes' answer to a locked-out login (AXES_LOCKOUT_CALLABLE)."""
    cool_off = settings.AXES_COOLOFF_TIME
    minutes = max(1, round(cool_off.total_seconds() / 60)) if cool_off else 0
    return render(
        request,
        "registration/locked_out.html",
        {"cooloff_minutes": minutes},
        status=429,
    )


def _signup_key(request) -> str:
    return f"signups:{client_ip(request) or 'unknown'}"


def signups_left(request) -> int:
    return settings.SIGNUP_LIMIT - (cache.get(_signup_key(request)) or 0)


def _count_signup(request) -> None:
    key = _signup_key(request)
    # add() starts the window with the first sign-up; incr() keeps its expiry.
    if not cache.add(key, 1, timeout=settings.SIGNUP_WINDOW_SECONDS):
        try:
            cache.incr(key)
        except ValueError:  # expired between the two calls
            cache.add(key, 1, timeout=settings.SIGNUP_WINDOW_SECONDS)


def refuse_invisible(username: str) -> None:
    refusal = username_refusal(username)
    if refusal:
        raise ValidationError(refusal, code="invisible")


class SignupForm(UserCreationForm):
    """Django's sign-up form (NFKC usernames, no two differing only in case), and no
    username with invisible characters or that looks like an existing one."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # Beside Django's own validator (its "letters, digits and @/./+/-/_" says
        # nothing of the character that is actually wrong).
        self.fields["username"].validators.append(refuse_invisible)

    def clean_username(self):
        username = super().clean_username()
        if not username:
            return username
        wanted = skeleton(username)
        # Every name is compared (no stored skeleton yet: that needs a migration).
        for existing in get_user_model().objects.values_list("username", flat=True).iterator():
            if skeleton(existing) == wanted:
                raise ValidationError(
                    gettext(
                        "This username looks like %(existing)s, an existing player's: choose one "
                        "nobody could mistake for another."
                    )
                    % {"existing": repr(existing)},
                    code="lookalike",
                )
        return username


def signup(request):
    if request.user.is_authenticated:
        return redirect("lobby")
    if request.method == "POST" and signups_left(request) <= 0:
        hours = max(1, round(settings.SIGNUP_WINDOW_SECONDS / 3600))
        message = ngettext(
            "Too many sign-ups from this connection: at most %(limit)s accounts in "
            "%(hours)s hour. Please try again later.",
            "Too many sign-ups from this connection: at most %(limit)s accounts in "
            "%(hours)s hours. Please try again later.",
            hours,
        ) % {"limit": settings.SIGNUP_LIMIT, "hours": hours}
        form = SignupForm()
        return render(
            request, "registration/signup.html", {"form": form, "refusal": message}, status=429
        )
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        _count_signup(request)
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(
            request,
            gettext("Welcome, %(username)s! Join a game or create one.")
            % {"username": user.username},
        )
        return redirect("lobby")
    return render(request, "registration/signup.html", {"form": form})
