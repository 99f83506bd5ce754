"""What a player believes is his role (issue 13): the engine's one answer, `known_role`.

Two documents deal roles whose holder is told another:

- 003, "Одиннадцать": "Мирные не знают, у кого из них есть статус, и какой именно"
  (the doctor, +1 vote, −1 vote and the commissar are told "Civilian");
- 001, Paranoid: "the paranoid is not aware that he's insane and thus believes
  himself to be a normal townie".

The tests compare twins: the same game with the seat holding the real role and
with the seat holding the role it is shown as. Whatever that seat may read (its
view, its events, the refusals of its moves) must be the same in both games, so
nothing tells the holder which of the two he is. The rulings (what a seat learns
at its death, what a recruit's family learns) are in `python -m roles rules`.
"""

from __future__ import annotations

import doctest
import json

import pytest

import roles
import roles.view
from roles import IllegalAction
from tests.kit.engine import sample_states, townston_play

SHOWN_AS = [
    (ruleset.id, role.id)
    for ruleset in roles.list_rulesets()
    for role in ruleset.roles.values()
    if role.shown_as
]


def preset_roster(ruleset_id: str, role_id: str, as_role: str | None = None) -> list[dict]:
    """The ruleset's smallest preset holding `role_id`, in its order, with seat "Xan"
    holding `as_role` (default: `role_id`) in that role's place."""
    ruleset = roles.get_ruleset(ruleset_id)
    preset = min(
        (p for p in ruleset.presets.values() if role_id in p.roles), key=lambda p: len(p.roles)
    )
    roster = [{"name": f"P{i:02}", "role": r} for i, r in enumerate(preset.roles)]
    spot = preset.roles.index(role_id)
    roster[spot] = {"name": "Xan", "role": as_role or role_id}
    return roster


def twins(ruleset_id: str, role_id: str, seed: int = 5) -> tuple[roles.GameState, ...]:
    shown = roles.get_ruleset(ruleset_id).roles[role_id].shown_as
    return tuple(
        roles.new_game(ruleset_id, preset_roster(ruleset_id, role_id, r), seed=seed)
        for r in (role_id, shown)
    )


def readable(events, name: str) -> list:
    """The events of a transition that `name` reads: the public ones and his own."""
    return [(e.kind, e.payload) for e in events if e.audience in ("public", ("seat", name))]


def own_move(state: roles.GameState, name: str) -> list[dict]:
    """The seat's first offered move on its first target (nothing if none is offered)."""
    for choice in roles.choices(state, name):
        if choice.phase == state.phase_kind and choice.targets:
            return [{"actor": name, "ability": choice.ability, "targets": choice.targets[:1]}]
    return []


def test_the_rulesets_deal_the_roles_the_documents_hide():
    assert {("townston", "paranoid")} | {
        ("ru_eleven", s) for s in ("doctor", "plus_vote", "minus_vote", "commissar")
    } <= set(SHOWN_AS)


@pytest.mark.parametrize(("ruleset_id", "role_id"), SHOWN_AS)
def test_a_hidden_role_has_the_abilities_of_the_role_it_is_shown_as(ruleset_id, role_id):
    """The form the seat is offered is its card's: it cannot betray the real role
    (ru_eleven's doctor sends "the moves he would make with each status", as every
    civilian does)."""
    ruleset = roles.get_ruleset(ruleset_id)
    role = ruleset.roles[role_id]
    assert role.abilities == ruleset.roles[role.shown_as].abilities
    assert role.faction == ruleset.roles[role.shown_as].faction


@pytest.mark.parametrize(("ruleset_id", "role_id"), SHOWN_AS)
def test_the_seat_reads_the_same_as_its_twin_through_a_night_and_a_day(ruleset_id, role_id):
    real, twin = twins(ruleset_id, role_id)
    shown = roles.get_ruleset(ruleset_id).roles[role_id].shown_as
    assert roles.known_role(real, "Xan") == roles.known_role(twin, "Xan")
    assert roles.known_role(real, "Xan")["role"] == shown
    assert roles.observe(real, "Xan") == roles.observe(twin, "Xan")
    for _ in range(2):  # the first night, then the first day
        moves = own_move(real, "Xan")
        assert moves == own_move(twin, "Xan")
        night = real.phase_kind == "night"
        given = {"night": moves} if night else {"day": {"votes": [], "actions": moves}}
        done, twin_done = roles.resolve_phase(real, given), roles.resolve_phase(twin, given)
        assert readable(done.events, "Xan") == readable(twin_done.events, "Xan")
        real, twin = done.state, twin_done.state
        assert roles.observe(real, "Xan") == roles.observe(twin, "Xan"), real.phase_label
    # The GM's record holds the truth.
    assert real.player("Xan").role == role_id


@pytest.mark.parametrize(("ruleset_id", "role_id"), SHOWN_AS)
def test_a_refusal_names_the_role_the_seat_knows(ruleset_id, role_id):
    """A refused move is refused in the same words for the holder and his twin."""
    real, twin = twins(ruleset_id, role_id)
    shown = roles.get_ruleset(ruleset_id).roles[role_id].shown_as
    forged = [
        {"ability": "no_such_power", "targets": ["P00"]},
        {"targets": ["P00"]},  # no ability named
        {"ability": roles.get_ruleset(ruleset_id).roles[role_id].abilities[0].id},
    ]
    day_ability = next(
        (a.id for a in roles.get_ruleset(ruleset_id).roles[role_id].abilities if a.phase == "day"),
        None,
    )
    if day_ability:
        forged.append({"ability": day_ability, "targets": []})  # a day move by night
    refused = 0
    for action in forged:
        messages = []
        for state in (real, twin):
            try:
                roles.check_action(state, {"actor": "Xan", **action})
            except IllegalAction as refusal:
                messages.append(refusal.reason)
        assert len(messages) in (0, 2), action
        if messages:
            refused += 1
            assert messages[0] == messages[1], action
            assert role_id not in messages[0] or role_id == shown, messages[0]
    assert refused >= 2


def test_a_ru_eleven_heal_refusal_reads_as_a_civilians():
    """'Доктор - не может лечить одного игрока дважды подряд': the limit binds every
    civilian's doctor move, and its refusal says "civilian", not "doctor"."""
    real, twin = twins("ru_eleven", "doctor")
    heal = {"actor": "Xan", "ability": "heal", "as": "doctor", "targets": ["P05"]}
    messages = []
    for state in (real, twin):
        state = roles.resolve_phase(state, {"night": [heal]}).state
        state = roles.resolve_phase(state, {"day": {"votes": [], "actions": []}}).state
        with pytest.raises(IllegalAction) as refusal:
            roles.check_action(state, {**heal, "ability": "heal"})
        messages.append(refusal.value.reason)
    assert (
        messages[0]
        == messages[1]
        == ("civilian cannot name the same player two nights in a row (P05)")
    )


def test_a_paranoid_is_told_townie_and_shown_the_truth_once_his_death_reveals_it():
    """001: the Paranoid 'believes himself to be a normal townie'; townston reveals roles
    on death (rulings): once lynched, his own page says what everyone's says."""
    state, _ = twins("townston", "paranoid")
    seen = roles.observe(state, "Xan")
    assert seen["me"]["role"] == "townie" and seen["me"]["role_name"] == "Townie"
    assert "Paranoid" not in json.dumps(seen) and "paranoid" not in json.dumps(seen)
    assert seen["me"]["card"] == roles.role_card("townston", "townie")
    state = roles.resolve_phase(state, {"night": []}).state
    voters = [p.name for p in state.players if p.name != "Xan"]
    lynch = {"day": {"votes": [[v, "Xan"] for v in voters], "actions": []}}
    state = roles.resolve_phase(state, lynch).state
    assert not state.player("Xan").alive
    public = {p["name"]: p for p in roles.observe(state, None)["players"]}
    assert public["Xan"]["role"] == "paranoid"
    me = roles.observe(state, "Xan")["me"]
    assert (me["role"], me["role_name"]) == ("paranoid", "Paranoid")
    assert me["card"] == roles.role_card("townston", "paranoid", shown=False)


def test_a_ru_eleven_status_stays_civilian_at_death_and_is_open_at_the_end():
    """003, 'Eleven': 'Роли посаженных днем и убитых ночью – раскрываются ... неполным
    статусом: мирный или маф' - a dead commissar is still a Civilian to himself;
    after the game every role is open."""
    state, _ = twins("ru_eleven", "commissar")
    mafia = [p.name for p in state.players if p.faction == "mafia"]
    kill = [{"actor": m, "ability": "kill", "targets": ["Xan"]} for m in mafia]
    state = roles.resolve_phase(state, {"night": kill}).state
    assert not state.player("Xan").alive
    assert roles.known_role(state, "Xan")["role"] == "civilian"
    assert "Commissar" not in json.dumps(roles.observe(state, "Xan"))
    ended = state.copy()
    ended.ended = True
    assert roles.known_role(ended, "Xan")["name"] == "Commissar"


def test_a_recruited_paranoid_joins_the_mafia_as_the_townie_he_believes_he_is():
    """001, Welcome to the family: 'This will alter his alignment ... This will not alter
    the role of the player in any way'; the Paranoid 'believes himself to be a normal
    townie' (rulings: his family learns what he believes he is)."""
    state, _ = twins("townston", "paranoid")
    godfather = next(p.name for p in state.players if p.role == "godfather")
    offer = {"actor": godfather, "ability": "recruit", "targets": ["Xan"]}
    state = roles.resolve_phase(state, {"night": [offer]}).state
    accept = {"actor": "Xan", "ability": "accept", "targets": []}
    state = roles.resolve_phase(state, {"day": {"votes": [], "actions": [accept]}}).state
    assert state.player("Xan").faction == "mafia" and state.player("Xan").role == "paranoid"
    me = roles.observe(state, "Xan")
    assert me["me"]["role"] == "townie" and me["me"]["faction"] == "mafia"
    assert roles.known_role(state, "Xan")["faction_name"] == "Mafia"
    family = roles.observe(state, godfather)["teammates"]
    assert {"name": "Xan", "role": "townie", "alive": True} in family
    for name in (godfather, "Xan"):
        assert "paranoid" not in json.dumps(roles.observe(state, name)).lower()


@pytest.mark.parametrize("ruleset_id", sorted({r for r, _ in SHOWN_AS}))
def test_in_random_games_a_hidden_role_is_never_named_to_its_holder(ruleset_id):
    """Random legal games (test_properties' driver): a living holder is told his card's
    role and card, and his results and team never name his real role (the Civilian's
    card itself lists the statuses: "doctor, +1 vote, −1 vote, commissar")."""
    ruleset = roles.get_ruleset(ruleset_id)
    checked = 0
    for state in sample_states(ruleset_id):
        for player in state.alive():
            role = ruleset.roles[player.role]
            if not role.shown_as:
                continue
            view = roles.observe(state, player.name)
            shown = ruleset.roles[role.shown_as]
            assert (view["me"]["role"], view["me"]["role_name"]) == (shown.id, shown.name)
            assert view["me"]["card"] == roles.role_card(ruleset_id, shown.id)
            own = json.dumps([view["results"], view.get("teammates", [])])
            assert role.name not in own and f'"{role.id}"' not in own, (player.name, own)
            checked += 1
    assert checked


def test_ru_eleven_civilians_never_receive_a_private_result():
    """'Мирные не знают, у кого из них есть статус': no night tells a civilian anything
    of his own (a "saved" note would tell the doctor who he is), in a night where the
    doctor's heal saves the mafia's target and in random legal games."""
    state, _ = twins("ru_eleven", "doctor")
    mafia = [p.name for p in state.players if p.faction == "mafia"]
    shot = [{"actor": m, "ability": "kill", "targets": ["P05"]} for m in mafia]
    heal = {"actor": "Xan", "ability": "heal", "targets": ["P05"]}
    saved = roles.resolve_phase(state, {"night": [heal, *shot]})
    assert saved.record["deaths"] == [] and saved.record["results"] == []
    told = []
    for state in [saved.state, *sample_states("ru_eleven")]:
        for player in state.players:
            if player.faction == "town":
                told += roles.observe(state, player.name)["results"]
    assert told == [], told


def test_the_known_role_example_runs():
    assert doctest.testmod(roles.view).failed == 0


# -- once the game is over -----------------------------------------------------------------


def test_once_the_game_is_over_the_paranoid_learns_he_was_the_paranoid():
    """townston: the Paranoid is told he is a Townie ('He thinks he's a townie'); the
    truth is public once the game is over (`Ruleset.told_role`: "until the truth is
    public, when the game is over"; `public_reveal`)."""
    from roles.ruleset import get_ruleset

    state = townston_play([])
    townston = get_ruleset("townston")
    assert townston.told_role(state, state.player("Kim")).id == "townie"
    for name in ("Bob", "Fay", "Ivy"):  # the mafia, modkilled
        state = roles.modkill(state, name).state
    assert state.ended
    assert townston.told_role(state, state.player("Kim")).id == "paranoid"
