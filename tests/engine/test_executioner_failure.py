"""002's Executioner failure: "He/She apparently shot himself after leaving a suicide
note with the words "I failed." on it." (issue 19). sc2-reference 2.3 Executioner:
"Becomes Jester upon failure (D: On)"; with that option off and
`executioner_suicides_on_failure` on, the Executioner whose target died at night
commits suicide the next night, with 002's death line."""

from __future__ import annotations

import roles
from tests.kit.engine import SC2_NAMES as NAMES

FAILED = 'He/She apparently shot himself after leaving a suicide note with the words "I failed."'


def players():
    role_ids = ["executioner", "mafioso", "doctor"] + ["citizen"] * 9
    table = [{"name": n, "role": r} for n, r in zip(NAMES, role_ids, strict=True)]
    table[0]["target"] = "Dan"
    return table


def run(options, phases):
    return roles.simulate(
        {"ruleset": "sc2", "seed": 3, "options": options, "players": players(), "phases": phases}
    )


QUIET_DAY = {"day": {"votes": [], "rounds": [], "actions": []}}
KILL_DAN = {"night": [{"actor": "Bob", "ability": "kill", "targets": ["Dan"]}]}


def deaths(out, index):
    return {d["player"] for d in out["phases"][index]["deaths"]}


def test_failed_executioner_shoots_himself_the_next_night():
    """002 death descriptions: 'He/She apparently shot himself after leaving a suicide
    note with the words "I failed." on it.'"""
    out = run(
        {"executioner_becomes_jester": False, "executioner_suicides_on_failure": True},
        [KILL_DAN, QUIET_DAY, {"night": []}],
    )
    assert deaths(out, 0) == {"Dan"}
    assert "Ann" not in deaths(out, 0)
    assert any(r["to"] == "Ann" and r["kind"] == "failed" for r in out["phases"][0]["results"])
    assert deaths(out, 2) == {"Ann"}
    assert out["phases"][2]["deaths"][0]["by"] == ["suicide"]
    assert out["phases"][2]["descriptions"]["Ann"].startswith(FAILED)


def test_suicide_cannot_be_prevented():
    """Like the Vigilante's guilt, a suicide: the Doctor's heal does not stop it."""
    out = run(
        {"executioner_becomes_jester": False, "executioner_suicides_on_failure": True},
        [KILL_DAN, QUIET_DAY, {"night": [{"actor": "Cid", "ability": "heal", "targets": ["Ann"]}]}],
    )
    assert deaths(out, 2) == {"Ann"}


def test_becoming_a_jester_wins_over_the_suicide():
    """sc2-reference 2.3: 'Becomes Jester upon failure (D: On)': with both options on the
    Executioner becomes a Jester and lives."""
    out = run({"executioner_suicides_on_failure": True}, [KILL_DAN, QUIET_DAY, {"night": []}])
    assert "Ann" not in deaths(out, 2)
    assert out["roles"]["Ann"] == "jester"


def test_neither_option_leaves_him_be():
    out = run({"executioner_becomes_jester": False}, [KILL_DAN, QUIET_DAY, {"night": []}])
    assert "Ann" not in deaths(out, 2)
    assert out["roles"]["Ann"] == "executioner"


def test_the_option_is_printed():
    """Every new ruling is printed by `python -m roles rules sc2`."""
    assert "executioner_suicides_on_failure" in roles.rules_text("sc2")


def test_the_witch_doctor_ruling_quotes_what_leaves_it_open():
    """Issue 19: where the references do not say what an option does, the ruling says so
    with the sentence that leaves it open (sc2-reference 3.1 'Witch, Cultist (+ Auditor,
    Judge, Witch Doctor)')."""
    text = " ".join(roles.rules_text("sc2").split())
    assert "Witch, Cultist (+ Auditor, Judge, Witch Doctor)" in text
    assert "witch_doctor" not in roles.get_ruleset("sc2").roles
