"""ASGI entry point (daphne or uvicorn).

Daphne sends no ASGI lifespan events, so the embedded phase timer starts here,
when the server imports its application, and only on the embedded default.
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mafiasite.settings")
django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter  # noqa: E402

from games.timers import start_embedded_timer  # noqa: E402

application = ProtocolTypeRouter({"http": django_asgi_app})

start_embedded_timer()
