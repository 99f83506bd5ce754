"""A revealed death is told once (issue 16's wording): the ruleset's `reveal` event of a
dead player goes into his death line, in English and in Russian; a reveal of nothing
or of a living player stays a sentence of its own."""

from __future__ import annotations

import doctest
import json
from pathlib import Path

import roles
from roles import render
from roles.messages import derive

SCENARIOS = Path(__file__).parent / "scenarios"


def told(payload: dict, lang: str, pronoun_of=None, ruleset="ru_classic") -> str:
    return " ".join(render(m, lang, pronoun_of) for m in roles.outcome_messages(payload, ruleset))


def test_the_doctests_run() -> None:
    assert doctest.testmod(derive).failed == 0


def test_a_ru_classic_night_kill_says_the_status_once() -> None:
    """003, classic: 'Статус погибшего вскрывается' - the morning post says it once."""
    scenario = json.loads((SCENARIOS / "ru_classic" / "01-commissar-checks-team.json").read_text())
    record = roles.simulate(scenario)["phases"][0]
    assert [e["kind"] for e in record["events"]] == ["reveal"]  # the engine's data as it was
    payload = {**record, "phase": "night", "number": 1}
    ru = told(payload, "ru", {"Fay": "she"}.get)
    assert ru == "Ночь 1 закончилась. Этой ночью убит 1 игрок. Fay (Мирный) погибла."
    assert "Статус" not in ru
    en = told(payload, "en")
    assert en == "Night 1 ended. One player was killed tonight. Fay (Civilian) died."


def test_the_death_shows_what_the_ruleset_announced() -> None:
    """Half-light (the team only): the death line shows the announced team, not the
    death's own faction field."""
    payload = {
        "phase": "day",
        "number": 1,
        "lynched": ["Gil"],
        "deaths": [{"player": "Gil", "faction": "maniac"}],
        "events": [{"kind": "reveal", "player": "Gil", "status": "civilian"}],
    }
    assert told(payload, "ru", {"Gil": "he"}.get).endswith("Посажен: Gil. Gil (Мирный) погиб.")
    assert told(payload, "en").endswith("Lynched: Gil. Gil (Civilian) died.")


def test_a_reveal_of_nothing_or_of_the_living_stays_a_sentence() -> None:
    dark = {
        "phase": "night",
        "number": 2,
        "deaths": [{"player": "Ann"}],
        "events": [{"kind": "reveal", "player": "Ann", "status": "none"}],
    }
    assert told(dark, "ru", {"Ann": "she"}.get).endswith(
        "Ann погибла. Статус игрока Ann не вскрывается."
    )
    living = {
        "phase": "night",
        "number": 2,
        "events": [{"kind": "reveal", "player": "Bob", "status": "mafia"}],
    }
    assert told(living, "en").endswith("Bob was Mafia.")
    disguised = {  # sc2: the Disguiser's victim is announced as him
        "phase": "night",
        "number": 2,
        "deaths": [{"player": "Bob", "role": "mafioso"}],
        "events": [{"kind": "reveal", "player": "Bob", "role": "disguiser"}],
    }
    assert "revealed as" in told(disguised, "en", ruleset="sc2")
