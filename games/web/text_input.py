"""Every posted form field loses its invisible format characters before a view
reads it (games/text_safety.py): game names, chat, notes, wills, the GM's
announcements and reasons, whatever form comes next. Passwords are kept exactly as
typed; usernames are left for the sign-up form to refuse whole, with its reason."""

from __future__ import annotations

from django.http import QueryDict

from games.text_safety import clean_text

KEPT_AS_TYPED = ("password", "username", "csrfmiddlewaretoken")


def _kept(field: str) -> bool:
    return any(word in field for word in KEPT_AS_TYPED)


class StripInvisibleCharacters:
    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request):
        if request.method == "POST":
            cleaned = QueryDict(mutable=True, encoding=request.encoding)
            for field, values in request.POST.lists():
                kept = _kept(field)
                cleaned.setlist(field, [v if kept else clean_text(v) for v in values])
            cleaned._mutable = False
            request.POST = cleaned
        return self.get_response(request)
