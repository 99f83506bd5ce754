"""Which configuration the suite runs on: the embedded default, or the services run
(PostgreSQL and Redis named by DATABASE_URL and REDIS_URL)."""

import os


def services_configured() -> bool:
    url = os.environ.get("DATABASE_URL", "")
    return url.startswith(("postgres://", "postgresql://")) and bool(os.environ.get("REDIS_URL"))
