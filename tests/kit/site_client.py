"""A player's browser for the fault tests, over plain HTTP (urllib): logged in by a
session made in the test database, sending forms with the CSRF token, never
following a redirect, and reading the site's messages from their signed cookie (so
a submission's answer is known without rendering the page it redirects to).
"""

from __future__ import annotations

import secrets
import string
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field

from django.contrib.messages.storage.cookie import CookieStorage
from django.http import HttpRequest
from django.test import Client

TIMEOUT = 30  # the client's own limit: far above what the site may take


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


OPENER = urllib.request.build_opener(NoRedirect)


@dataclass
class Answer:
    status: int
    body: str
    seconds: float
    headers: dict = field(default_factory=dict)
    messages: list[tuple[str, str]] = field(default_factory=list)  # (level tag, text)

    def said(self, words: str) -> bool:
        return any(words in text for _, text in self.messages)


def session_of(user) -> str:
    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value


class SiteBrowser:
    def __init__(self, base_url: str, user=None):
        self.base_url = base_url
        self.csrf = "".join(secrets.choice(string.ascii_letters + string.digits) for _ in range(32))
        self.cookies = {"csrftoken": self.csrf}
        if user is not None:
            self.cookies["sessionid"] = session_of(user)

    def get(self, path: str, headers: dict | None = None) -> Answer:
        return self._send(urllib.request.Request(self.base_url + path, headers=headers or {}))

    def post(self, path: str, data: dict, headers: dict | None = None) -> Answer:
        body = urllib.parse.urlencode({**data, "csrfmiddlewaretoken": self.csrf}, doseq=True)
        request = urllib.request.Request(
            self.base_url + path,
            data=body.encode(),
            headers={"Content-Type": "application/x-www-form-urlencoded", **(headers or {})},
        )
        return self._send(request)

    def _send(self, request: urllib.request.Request) -> Answer:
        request.add_header("Cookie", "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        start = time.monotonic()
        try:
            with OPENER.open(request, timeout=TIMEOUT) as response:
                status, raw, headers = response.status, response.read(), response.headers
        except urllib.error.HTTPError as error:
            status, raw, headers = error.code, error.read(), error.headers
        seconds = time.monotonic() - start
        return Answer(
            status=status,
            body=raw.decode(errors="replace"),
            seconds=seconds,
            headers=dict(headers.items()),
            messages=self._messages(headers),
        )

    def _messages(self, headers) -> list[tuple[str, str]]:
        """The messages the answer set in its cookie (and no longer keeps them: the
        next answer's are its own)."""
        found = []
        for line in headers.get_all("Set-Cookie") or []:
            name, _, rest = line.partition("=")
            if name.strip() != "messages":
                continue
            value = rest.split(";", 1)[0].strip().strip('"')
            decoded = CookieStorage(HttpRequest())._decode(value.replace("\\054", ",")) or []
            found.extend((m.level_tag, str(m.message)) for m in decoded)
        return found
