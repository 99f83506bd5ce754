"""Every ruleset and preset plays through the site: no new view or service code per
ruleset. One game per ruleset (its smallest preset), and every check of a whole game
made on it:

- It runs to its end (tests/kit/play.py `play_mechanical_game`: each living player
  uses the first thing the engine offers, votes for the first name it accepts, answers
  any decision the engine asks; the GM closes each phase): no unexpected error, the
  engine accepts every input the site let through, and the stored game equals a replay
  of the stored inputs.
- docs/design.md: the GM "can step in: ... modkill". After the inputs of the second
  phase are in, the GM modkills the player most named: his input and the input aimed
  at him are void, the engine accepts the rest at the close.
- Issue 16: "every event, result, announcement and role card the engine produces ...
  the site renders it as a sentence in the reader's language"; "No raw id reaches a
  page": each log line, the seat's and the GM's, in English and in Russian.
- Issue 15, "download as scenario": simulating the GM's download gives every stored
  record, the end and the living.
"""

import pytest
from django.test import Client

import roles
from games import record, services, text
from tests.kit.i18n import LATIN, RAW_ID, without_names
from tests.kit.play import PRESETS, download_scenario, play_mechanical_game


@pytest.mark.django_db
@pytest.mark.parametrize(("ruleset_id", "preset_id"), PRESETS)
def test_a_game_of_every_ruleset_runs_to_its_end_reads_in_both_languages_and_replays(
    gemma, ruleset_id, preset_id
):
    game = play_mechanical_game(gemma, ruleset_id, preset_id, modkill_in_phase=2)
    assert game.phases.exclude(modkills=[]).exists()

    names = list(game.seats.values_list("name", flat=True))
    said = 0
    for event in game.events.order_by("seq"):
        for lang in ("en", "ru"):
            for line in (text.event_text(event, lang), text.gm_event_text(event, lang)):
                assert not RAW_ID.search(without_names(line, names)), (event.kind, line)
                assert "He/She" not in line and "[" not in line, line
                if lang == "ru":  # the engine's lines and the site's own alike
                    rest = without_names(line, names + [gemma.username, "UTC"])
                    assert not LATIN.findall(rest), (event.kind, line)
                    said += 1
    assert said > 10

    client = Client()
    client.force_login(gemma)
    scenario = download_scenario(client, game)
    assert any("before" in p for p in scenario["phases"])  # the modkill is in the file
    if ruleset_id == "ru_two_clans":  # the deal's clans are in the file
        assert {p.get("clan") for p in scenario["players"]} >= {1, 2}
    outcome = roles.simulate(scenario)
    assert outcome["phases"] == record.stored_records(game)
    assert outcome["ended"] and outcome["winners"] == game.winners
    assert outcome["alive"] == services.engine_state(game).alive_names()
