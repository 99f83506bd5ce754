"""Who may post where (games/services/chat.py): every channel for each kind of poster,
in the lobby, at night, by day and after the game, its refusal or its post and the
events it logged, equal a golden file. GOLDEN_UPDATE=1 rewrites the file."""

import json
import os
from pathlib import Path

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import transaction

from games import services
from games.models import Event
from games.services import chat, core
from tests.kit.games import SEVEN, make_user, new_classic7, seat_players

GOLDEN = Path(__file__).parent / "golden" / "post_channels.txt"

# (channel, room, to, text): "{...}" names a poster of the game (filled in below).
ATTEMPTS = [
    ("day", "", "", "Hello."),
    ("faction", "", "", "Hello."),
    ("room", "faction:mafia", "", "Hello."),
    ("room", "nowhere", "", "Hello."),
    ("graveyard", "", "", "Hello."),
    ("announce", "", "", "Hello."),
    ("pm", "", "{townie}", "Hello."),
    ("pm", "", "{mafioso}", "Hello."),
    ("pm", "", "{dead}", "Hello."),
    ("pm", "", "nobody", "Hello."),
    ("last_words", "", "", "Goodbye."),
    ("thread", "", "", "Hello."),
]
TEXTS = [("day", "   "), ("day", "x" * (core.MAX_POST_CHARS + 1))]
POSTERS = ("gm", "mafioso", "townie", "dead", "owed", "spectator", "outsider", "anonymous")


class Game:
    """A bay12 classic7 game whose GM reads every private message, with a poster of
    each kind: the GM, a living mafioso and townie, two modkilled players (the second
    owed last words), a spectator, a logged-in outsider and a logged-out visitor."""

    def __init__(self, gemma, players, private_messages="gm", suffix=""):
        self.game = new_classic7(gemma, players, private_messages=private_messages)
        self.users = {players[name].username: players[name] for name in SEVEN}
        self.posters = {"gm": gemma, "anonymous": AnonymousUser()}
        self.posters["outsider"] = make_user("outsider" + suffix)
        self.posters["spectator"] = make_user("watcher" + suffix)
        self.names = {}
        self.said: list[str] = []

    def start(self, gemma):
        seat_players(gemma, self.game, self.users.values(), start=True)
        state = services.engine_state(self.refresh())
        mafia = [p.name for p in state.players if p.faction == "mafia"]
        town = [p.name for p in state.players if p.faction != "mafia"]
        self.names = {"mafioso": mafia[0], "townie": town[0], "dead": town[1], "owed": town[2]}
        for poster in ("dead", "owed"):
            services.modkill_player(gemma, self.game.id, self.names[poster])
        with transaction.atomic():  # the engine's announcement of last words
            change = core.lock_game(self.game.id)
            change.log("last_words", "public", {"player": self.names["owed"]})
            change.finish()
        self.posters.update({poster: self.users[name] for poster, name in self.names.items()})
        services.watch_game(self.posters["spectator"], self.game.id)

    def refresh(self):
        self.game.refresh_from_db()
        return self.game

    def attempt(self, stage, poster, channel, room="", to="", text="Hello."):
        to = to.format(**self.names) if self.names else to
        before = self.refresh().last_event_seq
        what = f"{stage} {poster} {channel}" + (f" room={room}" if room else "")
        what += f" to={to}" if to else ""
        what += f" text={text[:12]!r}" if text not in ("Hello.", "Goodbye.") else ""
        try:
            posted = chat.post_message(
                self.posters[poster], self.game.id, channel=channel, text=text, to=to, room=room
            )
        except services.ServiceError as refusal:
            self.said.append(f"{what}: refused: {refusal}")
            return
        events = Event.objects.filter(game=self.game, seq__gt=before).order_by("seq")
        logged = [(e.kind, e.audience, self.shown(e.payload)) for e in events]
        self.said.append(f"{what}: {type(posted).__name__} {self.shown_post(posted)} {logged}")

    @staticmethod
    def shown(payload: dict) -> str:
        """The payload but its time and post number, keys sorted (PostgreSQL's JSON
        keeps them in its own order)."""
        shown = {k: v for k, v in payload.items() if k not in ("at", "post", "lines")}
        return json.dumps(shown, sort_keys=True, ensure_ascii=False)

    @staticmethod
    def shown_post(posted) -> str:
        if not hasattr(posted, "channel"):
            return posted.kind
        recipient = posted.recipient.name if posted.recipient else ""
        return f"{posted.channel}/{posted.room}/{posted.author_name}/{recipient}"

    def every_attempt(self, stage):
        for poster in POSTERS:
            for channel, room, to, text in ATTEMPTS:
                self.attempt(stage, poster, channel, room, to, text)
        for channel, text in TEXTS:
            self.attempt(stage, "townie", channel, text=text)


@pytest.fixture(autouse=True)
def _no_flood_control(monkeypatch):
    """Dozens of posts a second from one account: the flood control would refuse most
    (test_site_throttling tests it); the rest of the checks stand."""
    monkeypatch.setattr(
        chat, "check_rate", lambda game, user, now: core.check_rate(game, user, now, 10**6)
    )


def lines_of_a_whole_game(gemma, players) -> list[str]:
    table = Game(gemma, players)
    for poster in ("gm", "outsider", "anonymous"):
        for channel in ("announce", "day", "graveyard"):
            table.attempt("lobby", poster, channel)
    table.start(gemma)
    table.every_attempt("night")
    table.attempt("night", "dead", "graveyard", text="-roulette")
    services.gm_close_phase(gemma, table.game.id)
    table.every_attempt("day")
    mafia = [p.name for p in services.engine_state(table.refresh()).players if p.faction == "mafia"]
    for name in mafia:
        services.modkill_player(gemma, table.game.id, name)
    assert table.refresh().status == "finished"
    for poster in POSTERS:
        for channel in ("announce", "day", "graveyard"):
            table.attempt("over", poster, channel)
    return table.said


def lines_without_private_messages(gemma, players) -> list[str]:
    for name in SEVEN:
        players[name] = make_user(f"{name}2")
    table = Game(gemma, players, private_messages="off", suffix="2")
    table.start(gemma)
    for poster in ("mafioso", "townie"):
        table.attempt("night, no PMs", poster, "pm", to="{townie}")
    return table.said


def test_every_channel_for_every_poster_equals_its_golden_file(gemma, players):
    said = lines_of_a_whole_game(gemma, players) + lines_without_private_messages(gemma, players)
    text = "".join(line + "\n" for line in said)
    if os.environ.get("GOLDEN_UPDATE") == "1":
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8")
