"""The reader's language and time zone for every page (after authentication).

LocaleMiddleware has chosen a language from the language cookie or Accept-Language;
a signed-in reader's profile language wins over both, and his time zone (else the
browser's, from its cookie) is the one dates and times are shown in.
"""

from django.utils import timezone, translation

from games import profiles
from games.web.outage import OUTAGE_ERRORS, outage_response


class ReaderLocale:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        try:
            profile = profiles.profile_of(request.user)
            zone = profiles.time_zone_of(request.user, request)
        except OUTAGE_ERRORS:
            # The database is down (the session or the profile could not be read): the
            # outage page in the browser's language at once, rather than a second wait
            # for the connection in the view (games/web/outage.py).
            return outage_response(request)
        if profile is not None and profile.language:
            translation.activate(profile.language)
            request.LANGUAGE_CODE = translation.get_language()
        # A zone the reader chose stays; any other (his browser's cookie, or UTC before
        # the browser told it) reader.js may follow on the page (base.html).
        request.time_zone_chosen = profile is not None and bool(profile.time_zone)
        timezone.activate(zone)
        try:
            with profiles.pronoun_batch():  # the page's lines read the pronouns once
                return self.get_response(request)
        finally:
            timezone.deactivate()
