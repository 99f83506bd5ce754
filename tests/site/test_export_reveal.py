"""Issue 15, forum export: the morning post shows the revealed role exactly as the
public saw it: the role, the team, or nothing (the game's reveal mode)."""

import pytest

from games import export, services
from games.export.posts import latest_outcome
from tests.kit.games import SEVEN, new_classic7, seat_players


@pytest.mark.django_db
@pytest.mark.parametrize(("reveal", "shown"), [("role", "Townie"), ("team", "Town"), ("none", "")])
def test_the_morning_post_reveals_as_the_reveal_mode_allows(gemma, players, reveal, shown):
    game = new_classic7(gemma, players, reveal_mode=reveal)
    seated = [players[n] for n in SEVEN]
    seat_players(gemma, game, seated, start=True)
    state = services.engine_state(type(game).objects.get(pk=game.id))
    shooter = next(p.name for p in state.players if p.role == "mafioso")
    victim = next(p.name for p in state.players if p.role == "townie")
    services.submit_action(players[shooter], game.id, ability="kill", targets=[victim])
    services.gm_close_phase(gemma, game.id)
    game.refresh_from_db()
    text = export.bbcode(export.morning_post(game, latest_outcome(game)))
    death = next(line for line in text.splitlines() if line.startswith(f"[b]{victim}[/b]"))
    if shown:
        assert f"([i]{shown}[/i])" in death
    else:
        assert "[i]" not in death and "Townie" not in text and "Town" not in death
