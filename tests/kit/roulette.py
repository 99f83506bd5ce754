"""The graveyard roulette through the services: two buried, a rigged bullet, commands said."""

from __future__ import annotations

from games import services
from games.models import Post, RoulettePoints, RouletteTable
from roles import roulette
from tests.kit.engine import seed_with_bullet


def bury_two(table) -> list[str]:
    """Night 1 the mafioso kills a townie; day 1 the town lynches another: two dead."""
    state = table.state()
    mafioso = next(p.name for p in state.players if p.role == "mafioso")
    townies = [p.name for p in state.players if p.role == "townie"]
    gid = table.game.id
    services.submit_action(table.users[mafioso], gid, ability="kill", targets=[townies[0]])
    services.gm_close_phase(table.gm, gid)
    for name in table.alive():
        target = townies[1] if name != townies[1] else mafioso
        services.cast_vote(table.users[name], gid, target)
    table.refresh()
    if table.phase().kind == "day":
        services.gm_close_phase(table.gm, gid)
    assert [p.name for p in table.state().players if not p.alive] == sorted(
        townies[:2], key=[p.name for p in state.players].index
    )
    return townies[:2]


def say(table, name, text):
    return services.post_message(table.users[name], table.game.id, channel="graveyard", text=text)


def table_state(game) -> roulette.Table:
    row = RouletteTable.objects.filter(game=game).first()
    return roulette.Table.from_dict(row.state if row else None)


def snapshot(game):
    game.refresh_from_db()
    row = RouletteTable.objects.filter(game=game).first()
    return (
        game.last_event_seq,
        Post.objects.filter(game=game).count(),
        row.state if row else None,
        list(RoulettePoints.objects.values_list("user_id", "points")),
    )


def rig(game, chamber: int, chambers: int = 6):
    """Store a seed whose first spin puts the bullet in `chamber` (the table row
    is the server's secret: tests may choose it, clients never see it)."""
    row, _ = RouletteTable.objects.get_or_create(game=game, defaults={"seed": 0})
    row.seed = seed_with_bullet(chamber, chambers, table_state(game).rounds + 1)
    row.save()
