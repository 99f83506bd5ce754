"""Shared by the desk tests (issue 15): acting seats by role, and an sc2 table."""

from games import services
from tests.kit.games import make_user, seat_players

SC2_NAMES = [f"p{n:02}" for n in range(1, 16)]


def act(table, role: str, ability: str, targets: list[str], index: int = 0) -> str:
    """The `index`-th living holder of `role` uses `ability` on `targets`; his name."""
    name = table.with_role(role)[index]
    services.submit_action(
        table.users[name], table.game.id, ability=ability, targets=targets, extra={}
    )
    return name


def sc2_table(gm):
    """An sc2 "classic" game (15 seats: 2 Mafiosi, Consort, 2 Sheriffs, 2 Doctors, 8
    Citizens) at night 1, as a tests.kit.games.Table."""
    from tests.kit.games import Table

    users = {name: make_user(name) for name in SC2_NAMES}
    game = services.create_game(
        gm,
        name="sc2 classic",
        ruleset_id="sc2",
        preset_id="classic",
        day_seconds=600,
        night_seconds=300,
        seed=11,
        private_messages="off",
    )
    seat_players(gm, game, users.values(), start=True)
    return Table(game, users, gm)
