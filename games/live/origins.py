"""The socket's Origin check: the page's own origin, compared whole.

A browser opens a game's socket from the game's page, so the socket's `Origin`
must be the origin the page was served from: the same scheme, host and port as
the socket's own request (its `Host` header, which must be one of ALLOWED_HOSTS,
and ws:// or wss://). Behind a TLS proxy the socket arrives as plain ws:// and the
proxy's header says it was https (SECURE_PROXY_SSL_HEADER, as Django's
`request.is_secure()` reads it). Another origin may open sockets only if it is in
CSRF_TRUSTED_ORIGINS, the list Django's CSRF check already trusts for form posts.

channels' AllowedHostsOriginValidator compared host names only: any port of an
allowed host passed (`http://localhost:9999` beside a site on :8000).
"""

from __future__ import annotations

from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host
from django.utils.http import is_same_domain

DEFAULT_PORTS = {"http": 80, "https": 443}


def _origin_parts(origin: str) -> tuple[str, str, int] | None:
    """(scheme, host, port) of an http(s) origin, the default port filled in."""
    try:
        parts = urlsplit(origin)
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in DEFAULT_PORTS or not parts.hostname:
        return None
    return parts.scheme, parts.hostname, port or DEFAULT_PORTS[parts.scheme]


def _headers(scope) -> dict[bytes, str]:
    found = {}
    for name, value in scope.get("headers", []):
        found.setdefault(name.lower(), value.decode("latin1"))
    return found


def _is_secure(scope, headers: dict[bytes, str]) -> bool:
    if scope.get("scheme") in ("wss", "https"):
        return True
    proxy = getattr(settings, "SECURE_PROXY_SSL_HEADER", None)
    if proxy:
        meta_name, secure_value = proxy
        name = meta_name.removeprefix("HTTP_").replace("_", "-").lower().encode()
        forwarded = headers.get(name, "")
        return forwarded.split(",", 1)[0].strip() == secure_value
    return False


def own_origin(scope) -> tuple[str, str, int] | None:
    """The origin this socket request was made to, if its Host is an allowed one."""
    headers = _headers(scope)
    host = headers.get(b"host", "")
    domain, _ = split_domain_port(host)
    allowed = settings.ALLOWED_HOSTS
    if settings.DEBUG and not allowed:  # as Django's get_host()
        allowed = [".localhost", "127.0.0.1", "[::1]"]
    if not domain or not validate_host(domain, allowed):
        return None
    scheme = "https" if _is_secure(scope, headers) else "http"
    return _origin_parts(f"{scheme}://{host}")


def trusted(origin: tuple[str, str, int]) -> bool:
    """Is this origin in CSRF_TRUSTED_ORIGINS (a `*.` host matches its subdomains)?"""
    scheme, host, port = origin
    for pattern in settings.CSRF_TRUSTED_ORIGINS:
        wildcard = "://*." in pattern
        parts = _origin_parts(pattern.replace("://*.", "://", 1))
        if parts is None or parts[0] != scheme or parts[2] != port:
            continue
        if host == parts[1] or (wildcard and is_same_domain(host, "." + parts[1])):
            return True
    return False


def origin_allowed(scope) -> bool:
    origin = _headers(scope).get(b"origin")
    parts = _origin_parts(origin) if origin else None
    if parts is None:
        return False
    return parts == own_origin(scope) or trusted(parts)


class SameOriginValidator:
    """ASGI middleware: a socket from any other origin is refused before it opens."""

    def __init__(self, application) -> None:
        self.application = application

    async def __call__(self, scope, receive, send):
        if scope["type"] != "websocket":
            raise ValueError("SameOriginValidator checks websocket connections only")
        if origin_allowed(scope):
            return await self.application(scope, receive, send)
        return await WebsocketDenier()(scope, receive, send)
