# One image for web, worker and beat (compose.yaml picks the command).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PYTHONPATH=/app

WORKDIR /app

# The project and its dependencies (pyproject.toml) ...
COPY pyproject.toml README.md ./
COPY roles ./roles
COPY games ./games
COPY mafiasite ./mafiasite
RUN pip install .
# ... while the code runs from /app (PYTHONPATH), beside templates/ and static/.

COPY manage.py ./
COPY templates ./templates
COPY static ./static
RUN DEBUG=false SECRET_KEY=collectstatic-only python manage.py collectstatic --noinput

RUN useradd --create-home --uid 1000 mafia
USER mafia

EXPOSE 8000
# uvicorn on uvloop; no permessage-deflate: the site's messages are small JSON, and
# compressing each frame per socket cost 20-40% of the web process's CPU at a
# mass phase close (bench/README.md), besides a zlib context per open socket.
CMD ["uvicorn", "mafiasite.asgi:application", "--host", "0.0.0.0", "--port", "8000", "--ws-per-message-deflate", "false"]
