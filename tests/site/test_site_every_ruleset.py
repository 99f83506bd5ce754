"""Every ruleset and preset plays through the site: no new view or service code per ruleset.

A mechanical table: each living player uses the first thing the engine offers
(first targets, first extra values), votes for the first name it accepts, and
answers any decision the engine asks for; the GM closes each phase. The site must
carry every such game to its end without an unexpected error, the engine must
accept every input the site let through, and the stored game must equal a replay
of the stored inputs.
"""

import pytest

from tests.kit.play import PRESETS, play_mechanical_game


@pytest.mark.django_db
@pytest.mark.parametrize(("ruleset_id", "preset_id"), PRESETS)
def test_a_mechanical_game_of_every_ruleset_runs_to_its_end_through_a_gm_modkill(
    gemma, ruleset_id, preset_id
):
    """Every ruleset's game runs to its end through the site (play_mechanical_game's
    checks), and docs/design.md: the GM "can step in: ... modkill". After the inputs of
    the second phase are in, the GM modkills the last living player: his input and the
    input aimed at him are void, the engine accepts the rest at the close, and the
    stored game still equals a replay of the stored inputs (the modkills included)."""
    game = play_mechanical_game(gemma, ruleset_id, preset_id, modkill_in_phase=2)
    assert game.phases.exclude(modkills=[]).exists()
