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


def act_every_seat(game, players, *, hold_back: int = 1) -> list[str]:
    """A realistic night: every seat the engine offers a move sends one, through the
    services as a player would, each ability with a legal target the engine offers
    (`roles.choices`), drawn with the game's seed. Returns the seats that acted.

    `hold_back` seats (the last offered) send nothing: a night where everyone acted
    closes at once (games/services/phases.py: `close_if_everyone_acted`), and the
    benchmark measures the close at the deadline."""
    import random

    from games import services
    from games.models import Game, Phase
    from games.services.core import choices_now, engine_state

    state = engine_state(Game.objects.get(pk=game.id))
    by_name = {p.username: p for p in players}
    offered = [(name, choices_now(state, name)) for name in by_name]
    offered = [(name, choices) for name, choices in offered if choices]
    draw = random.Random(f"bench:{game.id}")
    # The killers aim at the Executioner's target, as often as the engine lets them:
    # his target dying at night turns him into the Jester (a role change in the close).
    marked = {p.memory.get("target") for p in state.players if p.role == "executioner"}
    acted = []
    for name, choices in offered[: len(offered) - hold_back]:
        for choice in choices:
            count = max(1, choice["min_targets"])
            aimed = [t for t in choice["targets"] if t in marked]
            if choice["ability"] == "kill" and aimed and count == 1:
                targets = aimed
            else:
                targets = draw.sample(choice["targets"], count) if choice["targets"] else []
            extra = {key: draw.choice(values) for key, values in choice.get("extra", {}).items()}
            services.submit_action(
                by_name[name], game.id, ability=choice["ability"], targets=targets, extra=extra
            )
            if not Phase.objects.filter(game_id=game.id, closed_at__isnull=True).exists():
                raise RuntimeError(f"game {game.id}: the night closed before its deadline")
        acted.append(name)
    return acted
