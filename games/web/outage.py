"""The database is unreachable: a clear answer instead of a bare "Server Error (500)".

A refused, cut or timed-out connection (mafiasite/env.py DatabaseTimeouts: nothing
waits more than a few seconds) reaches the page as a 503 in the site's layout that
says so and, for a submission, that it was NOT recorded and may be sent again (a
service writes in one transaction, so a failed one stored nothing; the form's
submission key makes a repeat of a stored one harmless, games/services/submissions.py).
A script's request (fetch) gets the same words as JSON, which its page shows.

The page is rendered without the request's context: the session and the user live in
the database too.
"""

from __future__ import annotations

import sys

from django.db import InterfaceError, OperationalError
from django.http import HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.urls import Resolver404, resolve
from django.utils.translation import gettext, gettext_lazy
from django.views.defaults import server_error

# Refused, dropped, timed out, cancelled by statement_timeout or lock_timeout. Other
# database errors (an IntegrityError) are bugs and stay a 500.
OUTAGE_ERRORS = (OperationalError, InterfaceError)
RETRY_AFTER_SECONDS = 10

# What it means for what a page's form submitted, by its URL's name (games/web/urls.py).
NOT_RECORDED = {
    "vote": gettext_lazy(
        "Your vote was NOT recorded: nothing was changed. Send it again in a few "
        "seconds (the same form sent twice counts once)."
    ),
    "act": gettext_lazy(
        "Your move was NOT recorded: nothing was changed. Send it again in a few "
        "seconds (the same form sent twice counts once)."
    ),
    "post": gettext_lazy(
        "Your post was NOT recorded: nothing was changed. Send it again in a few "
        "seconds (the same form sent twice counts once)."
    ),
}
SUBMISSION_NOT_RECORDED = gettext_lazy(
    "Your submission was NOT recorded: nothing was changed. Send it again in a few "
    "seconds (the same form sent twice counts once)."
)


def is_outage(error: BaseException | None) -> bool:
    return isinstance(error, OUTAGE_ERRORS)


def outage_words(request) -> tuple[str, str]:
    """The headline and what it means for what the user just did, in the reader's
    language (LocaleMiddleware read it from the cookie or the browser: no database)."""
    headline = gettext("The database is unreachable.")
    if request.method != "POST":
        return headline, gettext("This page cannot be shown right now. Try again in a few seconds.")
    match = getattr(request, "resolver_match", None) or _resolved(request)
    return headline, str(NOT_RECORDED.get(match.url_name if match else "", SUBMISSION_NOT_RECORDED))


def _resolved(request):
    """The URL's match when the failure came before the view was chosen (a middleware
    reading the session or the reader's profile)."""
    try:
        return resolve(request.path_info)
    except Resolver404:
        return None


def wants_json(request) -> bool:
    """A page's script asking (fetch sends X-Requested-With), or a client asking JSON."""
    accept = request.headers.get("Accept", "")
    return bool(request.headers.get("X-Requested-With")) or (
        "application/json" in accept and "text/html" not in accept
    )


def outage_response(request) -> HttpResponse:
    headline, detail = outage_words(request)
    if wants_json(request):
        body = {"error": f"{headline} {detail}", "database": "unreachable"}
        if request.method == "POST":
            body["recorded"] = False
        response = JsonResponse(body, status=503)
    else:
        page = render_to_string("outage.html", {"headline": headline, "detail": detail})
        response = HttpResponse(page, status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    response["Cache-Control"] = "no-store"
    return response


class DatabaseOutage:
    """A view that failed on the database answers the outage page."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if is_outage(exception):
            return outage_response(request)
        return None


def server_error_or_outage(request, *args, **kwargs):
    """handler500: a database failure outside a view (a middleware, the session saved
    on the way out) gets the outage page too; anything else Django's 500."""
    if is_outage(sys.exc_info()[1]):
        return outage_response(request)
    return server_error(request, *args, **kwargs)
