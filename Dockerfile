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
CMD ["daphne", "-b", "0.0.0.0", "-p", "8000", "mafiasite.asgi:application"]
