"""The personas and their games: a table of players around one game, a game dealt as a
test wants it, a replay, and what a reader reads of it."""

import re

from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

PLAYER_NAMES = ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan"]


SEVEN = PLAYER_NAMES[:7]


class Table:
    """A bay12 classic7 game run by gemma, with one logged-in browser per persona."""

    def __init__(self, game, users: dict, gm):

        self.game = game
        self.users = users
        self.gm = gm
        self.clients = {}
        for name, user in [*users.items(), ("gemma", gm)]:
            client = Client()
            client.force_login(user)
            self.clients[name] = client

    def refresh(self):
        self.game.refresh_from_db()
        return self.game

    def state(self):
        from games.services import engine_state

        return engine_state(self.refresh())

    def role_of(self, name: str) -> str:
        return self.state().player(name).role

    def with_role(self, role: str) -> list[str]:
        return [p.name for p in self.state().players if p.role == role and p.alive]

    def alive(self) -> list[str]:
        return self.state().alive_names()

    def phase(self):
        from games.services import open_phase

        return open_phase(self.refresh())

    def page(self, name: str) -> str:

        response = self.clients[name].get(reverse("game", args=[self.game.id]))
        assert response.status_code == 200
        return response.content.decode()


def new_classic7(gm, users: dict, seed: int = 7, **overrides):
    from games import services

    kwargs = dict(
        name="Classic seven",
        ruleset_id="bay12",
        preset_id="classic7",
        day_seconds=600,
        night_seconds=300,
        reveal_mode="role",
        seed=seed,
        # bay12's default is "on" (Ruleset.private_messages_default); these tables
        # were written with PMs off, the PM tests set the option themselves.
        private_messages="off",
    )
    kwargs.update(overrides)
    return services.create_game(gm, **kwargs)


def seat_players(gm, game, users, *, start: bool = False, now=None):
    """Every user in `users` joins `game`, in that order (their seats' order), then
    the GM closes sign-ups. With start=True the GM also starts the game (at `now`,
    if given) and the opened phase is returned; otherwise None."""
    from games import services

    if now is not None and not start:
        raise TypeError("seat_players: now= is the start's time; pass start=True")
    for user in users:
        services.join_game(user, game.id)
    services.set_signups(gm, game.id, False)
    if start:
        return services.start_game(gm, game.id, now=now)
    return None


def make_user(name: str):
    return get_user_model().objects.create_user(name, password=f"{name}-secret-pw")


def replay(game) -> dict:
    """Rebuild the game from its deal and the stored inputs of every phase: what was
    changed during a phase, in the order of the log (the wills written, the GM's
    modkills), then the phase's resolution once it closed (a modkill that ended the
    game closes its phase without one)."""
    import roles
    from games import services
    from games.models import Event

    dealt = services.dealt_roles(game)
    names = list(game.seats.order_by("joined_at", "id").values_list("name", flat=True))
    state = roles.new_game(
        game.ruleset_id,
        [{"name": n, "role": dealt[n]} for n in names],
        seed=game.seed,
        options=game.options,
        first_phase=game.first_phase,
    )
    for phase in game.phases.order_by("seq"):
        modkilled = []
        during = Event.objects.filter(phase=phase, kind__in=(services.WILL_KIND, "modkill"))
        for event in during.order_by("seq"):
            if event.kind == services.WILL_KIND:  # a will, applied when it was written
                state = roles.write_will(state, event.payload["player"], event.payload["text"])
            elif event.audience == "public":  # a GM's modkill, applied at once
                modkilled.append(event.payload["player"])
                state = roles.modkill(state, event.payload["player"]).state
        assert modkilled == list(phase.modkills), "the log and the phase disagree"
        if phase.closed_at is not None and not state.ended:
            state = roles.resolve_phase(state, services.phase_input(phase)).state
    return state.to_dict()


def answer_pending(table_users, gemma, game, phase, pick=None, strict=False) -> None:
    """Answer the decision the open phase waits for (phase.pending): every voter of a
    re-vote round casts a ballot, the GM decides, or the deciding seat sends its
    choice. `pick` chooses one of the offered values (the first one unless given).
    A round's ballot the site refuses is let go unless `strict` (then it raises)."""
    from games import services
    from games.services import ServiceError

    pick = pick or (lambda offered: offered[0])
    pending = phase.pending
    if pending.get("kind") == "round":
        for voter in pending["voters"]:
            try:
                services.cast_vote(table_users[voter], game.id, pick(pending["choices"]))
            except ServiceError:
                if strict:
                    raise
    elif pending.get("actor") == services.GM_ACTOR:
        services.gm_decide(gemma, game.id, pick(pending["choices"]))
    elif pending:
        services.submit_action(
            table_users[pending["actor"]],
            game.id,
            ability=pending["ability"],
            targets=[pick(pending["choices"])],
        )


def dealt_game(
    gm, monkeypatch, ruleset_id, preset_id, cast: dict, first_phase="night", seconds=600, **more
):
    """A started game with `cast` (seat name -> role, in seat order) dealt; returns the
    game and its players' accounts. `more`: other create_game arguments (options,
    activity, ...)."""
    import roles
    from games import services

    reveal = services.reveal_modes(roles.get_ruleset(ruleset_id))
    game = services.create_game(
        gm,
        name=f"{ruleset_id} dealt",
        ruleset_id=ruleset_id,
        preset_id=preset_id,
        day_seconds=seconds,
        night_seconds=seconds,
        reveal_mode=reveal[0] if reveal else "",
        first_phase=first_phase,
        seed=3,
        private_messages="off",
        **more,
    )
    users = {name: make_user(name) for name in cast}
    with monkeypatch.context() as patched:
        # The setup's roll stands; its shuffle onto the seats is the cast's.
        patched.setattr(
            roles, "deal_roles", lambda *_: [{"name": n, "role": cast[n]} for n in cast]
        )
        seat_players(gm, game, users.values(), start=True)
    return game, users


def sc2_day_one(seconds: int = 600):
    """An sc2 standard15 game run by "host", started by day (seed 3, roles not revealed
    at death); returns the game, the GM and the players p00..p14."""
    from games import services

    gm = make_user("host")
    users = {f"p{i:02d}": make_user(f"p{i:02d}") for i in range(15)}
    game = services.create_game(
        gm,
        name="Wills",
        ruleset_id="sc2",
        preset_id="standard15",
        day_seconds=seconds,
        night_seconds=seconds,
        first_phase="day",
        reveal_mode="",
        seed=3,
    )
    seat_players(gm, game, users.values(), start=True)
    return game, gm, users


# Dealt tables of the moves tests (site and browser): seat name -> role, in seat order.
SPORT = {
    "don": "don",
    "mia": "mafia",
    "max": "mafia",
    "cole": "commissar",
    "c1": "civilian",
    "c2": "civilian",
    "c3": "civilian",
    "c4": "civilian",
    "c5": "civilian",
    "c6": "civilian",
}
ELEVEN = {
    "gus": "mafia",
    "hal": "hangman",
    "ada": "advocate",
    "doc": "doctor",
    "com": "commissar",
    "pl": "plus_vote",
    "mi": "minus_vote",
    "c1": "civilian",
    "c2": "civilian",
    "c3": "civilian",
    "c4": "civilian",
}
# ru_classic's classic_11: commissar, doctor, 6 civilians; 2 mafia and the advocate.
CLASSIC = {
    "ann": "doctor",
    "bob": "mafia",
    "cid": "mafia",
    "dan": "advocate",
    "eve": "commissar",
    "fay": "civilian",
    "gil": "civilian",
    "hal": "civilian",
    "ian": "civilian",
    "jon": "civilian",
    "kay": "civilian",
}


TOWN10 = {
    "jess": "jester",
    "mo": "mafioso",
    "con": "consort",
    "fr": "framer",
    "sh": "sheriff",
    "doc": "doctor",
    "inv": "investigator",
    "esc": "escort",
    "vig": "vigilante",
    "tom": "townie",
}


SPEC_EXAMPLE = {
    "ruleset": "bay12",
    "seed": 7,
    "options": {},
    "players": [
        {"name": "Ann", "role": "doctor"},
        {"name": "Bob", "role": "mafioso"},
        {"name": "Eve", "role": "executioner", "target": "Cid"},
        {"name": "Cid", "role": "sheriff"},
    ],
    "phases": [
        {
            "night": [
                {"actor": "Bob", "targets": ["Ann"]},
                {"actor": "Ann", "targets": ["Cid"]},
                {"actor": "Cid", "targets": ["Bob"]},
            ]
        },
        {
            "day": {
                "votes": [["Cid", "Bob"], ["Eve", "Bob"], ["Bob", "Cid"]],
                "rounds": [],
                "actions": [],
            }
        },
    ],
}


def state_of(game):
    """The engine's state of a game now (a Game, read again, or its id)."""
    from games import services
    from games.models import Game

    if isinstance(game, int):
        game = Game.objects.get(pk=game)
    else:
        game.refresh_from_db()
    return services.engine_state(game)


def game_page(who, game, lang: str | None = None) -> str:
    """The game's page as `who` reads it: a user (logged in), a Client as it is, or None
    (a visitor); `game` a Game or its id; `lang` the browser's Accept-Language."""
    client = who if isinstance(who, Client) else Client()
    if who is not None and not isinstance(who, Client):
        client.force_login(who)
    game_id = game if isinstance(game, int) else game.id
    headers = {"accept-language": lang} if lang else {}
    response = client.get(reverse("game", args=[game_id]), headers=headers)
    assert response.status_code == 200
    return response.content.decode()


def shown_kinds(page: str) -> list[str]:
    """The kinds of the log's lines a game page shows, in order: each line of its log is
    `<li class="event KIND" data-event=...>` (templates/games/running.html), so a test
    reads what the page told without reading the line's words."""
    return re.findall(r'<li class="event (\w+)" data-event=', page)
