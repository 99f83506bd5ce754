"""The Django app around the rules engine: models, services, views, timers."""
