"""The reader's own settings: the language switch on every page (base.html) and the
settings page (language, time zone, pronoun), both remembered per account
(games.models.Profile) and, for the language, in the language cookie too."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from games import profiles
from games.models import Profile

LANGUAGE_CODES = [code for code, _name in settings.LANGUAGES]


def time_zone_choices():
    zones = sorted(profiles.time_zone_names())
    return [("", gettext_lazy("As my browser says")), *[(zone, zone) for zone in zones]]


class ProfileForm(forms.ModelForm):
    class Meta:
        model = Profile
        fields = ["language", "time_zone", "pronoun"]
        labels = {
            "language": gettext_lazy("Language"),
            "time_zone": gettext_lazy("Time zone"),
            "pronoun": gettext_lazy("How the game speaks of you"),
        }
        help_texts = {
            "pronoun": gettext_lazy("Used in the descriptions of your death."),
        }

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["language"].choices = [
            ("", gettext_lazy("As my browser says")),
            *settings.LANGUAGES,
        ]
        self.fields["time_zone"] = forms.ChoiceField(
            label=gettext_lazy("Time zone"), choices=time_zone_choices, required=False
        )


def _back_to(request) -> str:
    # The page the switch was pressed on (sent as Referer: SECURE_REFERRER_POLICY is
    # same-origin); never a place outside this site.
    target = request.META.get("HTTP_REFERER") or ""
    if url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return "/"


def remember_language(response, language: str) -> None:
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        samesite="Lax",
        secure=settings.SESSION_COOKIE_SECURE,
    )


@require_POST
def set_language(request):
    """The switch in the page's header: this browser, and the account if signed in."""
    language = request.POST.get("language", "")
    response = redirect(_back_to(request))
    if language not in LANGUAGE_CODES:
        return response
    if request.user.is_authenticated:
        profile = profiles.editable_profile(request.user)
        profile.language = language
        profile.save()
    remember_language(response, language)
    return response


@login_required
def settings_page(request):
    form = ProfileForm(request.POST or None, instance=profiles.editable_profile(request.user))
    if request.method == "POST" and form.is_valid():
        profile = form.save()
        if profile.language:
            translation.activate(profile.language)
        messages.success(request, _("Your settings are saved."))
        response = redirect("settings")
        if profile.language:
            remember_language(response, profile.language)
        return response
    return render(request, "games/settings.html", {"form": form})
