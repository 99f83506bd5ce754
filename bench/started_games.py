"""The games the benchmarks start: bay12 through the site's services, as a GM would."""

from __future__ import annotations


def start_bay12_game(gm, players, *, number: int, preset_id: str, seconds: int):
    """Game `number` (its seed too) of `preset_id`, every player seated, night 1 open."""
    from games import services

    game = services.create_game(
        gm,
        name=f"bench {number}",
        ruleset_id="bay12",
        preset_id=preset_id,
        day_seconds=seconds,
        night_seconds=seconds,
        reveal_mode="role",
        seed=number,
    )
    for player in players:
        services.join_game(player, game.id)
    services.set_signups(gm, game.id, False)
    services.start_game(gm, game.id)
    return game
