"""The fault tests' game: a bay12 classic7 game whose phases last a few seconds, and
pages opened on it (tests/kit/pages.py)."""

from __future__ import annotations

from datetime import timedelta

from django.test import Client
from django.utils import timezone

from tests.kit.games import PLAYER_NAMES, SEVEN, make_user, new_classic7, seat_players
from tests.kit.pages import Page
from tests.kit.processes import WAIT, Site, wait_for

# Every phase of the fault tests' games: long enough for a close and its push on two
# busy cores, short enough to see several closes in a test.
PHASE_SECONDS = 3
# The target (issue 17): a phase closes within 2 s of its deadline even when its task
# is lost. The sweeper's period gives it (mafiasite/settings.py SWEEP_SECONDS); the
# rest is the machine's, so the tests print how late the close came, and assert that
# the sweeper made it.
LOST_TASK_SECONDS = 2.0


def other_sessions(connection) -> int:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        return cursor.fetchone()[0]


def session_cookie(user) -> str:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}"


class FastGame:
    """A bay12 classic7 game in which nobody acts: every phase closes at its deadline,
    PHASE_SECONDS apart, and the game runs on (no lynch, no kill)."""

    def __init__(self, spectators: int = 0) -> None:
        from games import services
        from games.models import Game, Phase

        self.gm = make_user("gemma")
        self.users = {name: make_user(name) for name in PLAYER_NAMES[:7]}
        game = new_classic7(self.gm, self.users, night_seconds=60, day_seconds=60)
        seat_players(self.gm, game, [self.users[n] for n in SEVEN], start=True)
        self.spectators = [make_user(f"watcher{i}") for i in range(spectators)]
        for user in self.spectators:
            services.watch_game(user, game.id)
        # A clock of a few seconds (the create form allows ten at least).
        Game.objects.filter(pk=game.id).update(
            day_seconds=PHASE_SECONDS, night_seconds=PHASE_SECONDS
        )
        self.id = game.id
        # The first deadline was handed to no clock: only the sweeper can close it.
        self.first_deadline = timezone.now() + timedelta(seconds=PHASE_SECONDS)
        Phase.objects.filter(game_id=game.id, closed_at__isnull=True).update(
            deadline=self.first_deadline
        )

    def first_close(self):
        """The first phase, closed at its deadline by the sweeper: its task was lost
        (no clock was handed its deadline), so nothing else closes it."""
        first = wait_for(lambda: self.closed(), WAIT, "the first close")[0]
        late = (first.closed_at - first.deadline).total_seconds()
        assert late >= 0, f"a phase closed {-late:.2f} s before its deadline"
        print(f"a lost task's phase closed {late:.2f} s late (the target: {LOST_TASK_SECONDS:g} s)")
        return first

    def stop_clock(self) -> None:
        """Pause the open phase: no close comes after it (a close under way when the
        pause takes the game's lock finds the phase paused, or closed before), so the
        pages can be waited on to show every close there is: a goal that stands still,
        not one that moves every few seconds."""
        from games import services

        services.pause_phase(self.gm, self.id)

    def shown_everywhere(self, pages) -> None:
        """Stop the clock and wait until every page shows every close."""
        self.stop_clock()
        wanted = len(self.close_events())
        wait_for(
            lambda: all(len(page.closed_phases()) >= wanted for page in pages),
            WAIT,
            "the pages to show every close",
        )

    def everyone(self) -> list:
        return [self.gm, *self.users.values(), *self.spectators]

    def open_pages(self, site: Site, users=None) -> list[Page]:
        pages = []
        for user in users or self.everyone():
            page = Page(
                site.url, self.id, session_cookie(user), self.first_deadline, name=user.username
            )
            page.start()
            pages.append(page)
        return pages

    def phases(self) -> list:
        from games.models import Phase

        return list(Phase.objects.filter(game_id=self.id).order_by("seq"))

    def closed(self) -> list:
        return [p for p in self.phases() if p.closed_at is not None]

    def close_events(self) -> list:
        from games.models import Event

        return list(Event.objects.filter(game_id=self.id, kind="phase_closed").order_by("seq"))
