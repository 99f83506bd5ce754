from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The services hand each deadline to the clock settings.PHASE_TIMER names;
        # with "celery" an ETA task closes the phase (the embedded timer and "off"
        # need no call: their sweeper reads the deadlines).
        from games import services, tasks
        from games.live import sessions  # noqa: F401 (logout closes the session's sockets)

        services.use_timer("celery", tasks.schedule_close)
        services.use_reminder_timer("celery", tasks.schedule_reminder)
