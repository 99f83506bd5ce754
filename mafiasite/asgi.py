"""ASGI entry point (daphne or uvicorn): HTTP pages and the game sockets.

Sockets authenticate from the session cookie (AuthMiddlewareStack) and must come
from the page's own origin, scheme, host and port (games/live/origins.py: a client
sends an Origin and a Host among ALLOWED_HOSTS).

Daphne sends no ASGI lifespan events, so the embedded phase timer starts here,
when the server imports its application, and only on the embedded default.
"""

import asyncio
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mafiasite.settings")


def _pool_connections() -> None:
    """The web process pools its PostgreSQL connections (mafiasite/env.py), set before
    Django opens any: only the web process, not the workers nor the test runner."""
    from django.conf import settings

    from mafiasite.env import DatabaseTimeouts, pool_web_connections

    pool_web_connections(settings.DATABASES, DatabaseTimeouts.from_env())


if os.environ.get("DATABASE_POOL", "on") != "off":  # off: the test runner (tests/conftest.py)
    _pool_connections()
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from games.live.database_down import DatabaseDownSocket  # noqa: E402
from games.live.origins import SameOriginValidator  # noqa: E402
from games.live.routing import websocket_urlpatterns  # noqa: E402
from games.services.push import serve_from  # noqa: E402
from games.timers import start_embedded_timer  # noqa: E402
from mafiasite.gc_tuning import settle_after_startup  # noqa: E402

router = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        # The session is read from the database: when it is unreachable the socket
        # says so in an error frame (games/live/database_down.py).
        "websocket": SameOriginValidator(
            DatabaseDownSocket(AuthMiddlewareStack(URLRouter(websocket_urlpatterns)))
        ),
    }
)


async def application(scope, receive, send):
    """The pushes run on the loop that serves the sockets (games/services/push.py)."""
    serve_from(asyncio.get_running_loop())
    return await router(scope, receive, send)


start_embedded_timer()
settle_after_startup()  # the loaded application out of the collector's reach
