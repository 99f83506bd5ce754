"""An sc2 game whose deal is fixed, for the night chat rooms: a Jailor, Mafia, a Spy,
Masons, a Cultist. The site deals roles from a preset with the seed; this table fixes
the deal (as a scenario fixes roles) so every room exists, and plays by the services.

xena Jailor · bob Mafioso · cid Spy · dan Mason · eve Mason Leader · fay Cultist ·
gus, hal, ivy, jon Citizens · kay Serial Killer · lou Consort · max Doctor ·
ned Sheriff · oli Godfather. The game starts by day, so the Jailor may jail at once.
"""

from __future__ import annotations

from games import services
from games.models import Post
from tests.kit.games import seat_players

CAST = {
    "xena": "jailor",
    "bob": "mafioso",
    "cid": "spy",
    "dan": "mason",
    "eve": "mason_leader",
    "fay": "cultist",
    "gus": "citizen",
    "hal": "citizen",
    "ivy": "citizen",
    "jon": "citizen",
    "kay": "serial_killer",
    "lou": "consort",
    "max": "doctor",
    "ned": "sheriff",
    "oli": "godfather",
}


def new_sc2_rooms_game(gm, users: dict, monkeypatch, private_messages: str = "off"):
    """Fifteen seats, started by day with CAST dealt; returns the game."""
    import roles
    from games import services

    game = services.create_game(
        gm,
        name="Rooms",
        ruleset_id="sc2",
        preset_id="standard15",
        day_seconds=600,
        night_seconds=300,
        first_phase="day",
        seed=5,
        private_messages=private_messages,
    )
    seat_players(gm, game, [users[name] for name in CAST])

    def fixed_deal(role_list, names, seed):
        return [{"name": name, "role": CAST[name]} for name in names]

    with monkeypatch.context() as patched:
        patched.setattr(roles, "deal_roles", fixed_deal)
        services.start_game(gm, game.id)
    return game


def jail(users: dict, game_id: int, prisoner: str = "bob") -> None:
    """Day: the Jailor jails `prisoner`; nobody is lynched (jail_requires_no_lynch)."""
    from games import services

    services.submit_action(users["xena"], game_id, ability="jail", targets=[prisoner])


def say(table, name: str, room: str, text: str) -> Post:
    return services.post_message(
        table.users[name], table.game.id, channel="room", text=text, room=room
    )


def jailed_night(table) -> None:
    """Day 1: xena jails bob; the day closes without a lynch: night 1 has a jail."""
    jail(table.users, table.game.id)
    services.gm_close_phase(table.gm, table.game.id)
    assert table.phase().kind == "night"


def section(page: str, dom_id: str) -> str:
    start = page.index(f'id="{dom_id}"')
    return page[start : page.index("</section>", start)]
