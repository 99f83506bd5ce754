"""Every refusal and question the engine raises is a Reason (roles/errors.py): the
English reason word for word (what `simulate` prints), carrying a message id and its
parameters, so the site says it in the reader's language without reading the English
back (issue 16: "refusals worded by a ruleset's own checks reach a Russian player in
English"). The table names a sample of every id the engine's code raises; a new id
without a sample or without its Russian fails here."""

import ast
import copy
import pickle
import re

import pytest

import roles
from roles.errors import IllegalAction, Reason
from roles.messages import en, render, ru
from roles.messages.refusals import refusal_message
from tests.kit.engine import LATIN, RAW_ID, bay12_seven, engine_trees

NAMES = ("ann", "bob", "cat")

# id -> [(ruleset, params), ...]: one sample per case of the Russian template.
SAMPLES = {
    "refusal.phase": [
        ("bay12", {"role": "doctor", "ability": "heal", "phase": p}) for p in ("day", "night")
    ],
    "refusal.dead": [(None, {"player": "ann"})],
    "refusal.left": [(None, {"player": "ann"})],
    "refusal.night": [("bay12", {"role": "vigilante", "ability": "kill", "n": 1})],
    "refusal.no_uses": [("sc2", {"role": "jailor", "ability": "execute"})],
    "refusal.no_ability": [("bay12", {"role": "doctor", "ability": "kill"})],
    "refusal.no_phase_ability": [
        ("sc2", {"role": "citizen", "phase": p}) for p in ("day", "night")
    ],
    "refusal.name_ability": [("ru_19", {"role": "civilian", "names": "heal, check"})],
    "refusal.ended": [(None, {})],
    "refusal.unknown_player": [(None, {"player": "ann"})],
    "refusal.targets_list": [(None, {})],
    "refusal.target_count": [("bay12", {"ability": "transport", "want": "2", "n": 1})],
    "refusal.twice": [("bay12", {"ability": "transport"})],
    "refusal.extra": [
        ("ru_eleven", {"ability": "heal", "key": "as", "values": "doctor, commissar"})
    ],
    "refusal.needs_dead": [("sc2", {"ability": "remember", "player": "ann"})],
    "refusal.self_used": [("bay12", {"role": "doctor", "ability": "heal"})],
    "refusal.self": [("sc2", {"role": "witch"})],
    "refusal.teammate": [("bay12", {"role": "mafioso", "faction": "mafia"})],
    "refusal.target": [("bay12", {"player": "ann", "ability": "heal"})],
    "refusal.votes_by_day": [(None, {})],
    "refusal.no_pass": [(None, {})],
    "refusal.vote_dead": [(None, {"player": "ann"})],
    "refusal.by": [
        (None, {"actor": "ann", "reason": Reason("refusal.dead", player="bob")}),
        (None, {"actor": "GM", "reason": Reason("refusal.dead", player="bob")}),
    ],
    "refusal.phase_input": [(None, {})],
    "refusal.expected": [
        (None, {"phase": "night", "n": 2, "kind": "day"}),
        (None, {"phase": "day", "n": 2, "kind": "night"}),
    ],
    "refusal.night_input": [(None, {})],
    "refusal.day_input": [(None, {})],
    "refusal.vote_pair": [(None, {})],
    "refusal.action_input": [(None, {})],
    "refusal.gm_decisions": [
        (
            "ru_hunt",
            {
                "actor": "GM",
                "known": "modkill, reject_vote, urged",
                "decisions": [
                    {"id": f"decision.{d}"}
                    for d in ("decide_tie", "modkill", "reject_vote", "urged", "leave")
                ],
            },
        )
    ],
    "refusal.acted": [(None, {"player": "ann", "phase": p}) for p in ("day", "night")],
    "refusal.vote_changes": [(None, {"voter": "ann", "n": n}) for n in (0, 1, 2, 5)],
    "refusal.vote_changes.in": [
        ("ru_sport", {"voter": "ann", "n": 1, "what": Reason("round.vote")}),
        ("ru_sport", {"voter": "ann", "n": 2, "what": Reason("round.catastrophe", n=1)}),
    ],
    "refusal.round_pair": [("sc2", {"label": Reason("round.verdict")})],
    "refusal.round_voter": [("sc2", {"voter": "ann", "label": Reason("round.verdict")})],
    "refusal.round_choice": [
        (
            "ru_sport",
            {
                "voter": "ann",
                "label": Reason("round.catastrophe", n=1),
                "choices": "execute, pardon",
            },
        )
    ],
    "refusal.round_missing": [
        ("ru_sport", {"voter": "ann", "label": Reason("round.catastrophe", n=2)})
    ],
    "refusal.extra_round": [(None, {"n": 2})],
    "refusal.tie_pick": [("ru_classic", {"decision": "decide_tie", "tied": "ann, bob"})],
    "refusal.two_nights": [
        ("ru_classic", {"role": "doctor", "what": "the same player", "target": "ann"})
    ],
    "refusal.hunt_lost.one": [(None, {})],
    "refusal.hunt_lost.mafia": [(None, {})],
    "refusal.hunt_lost.maniac": [(None, {})],
    "refusal.hunt_after_day": [(None, {})],
    "refusal.applied_to_hunt": [("ru_19", {"role": "doctor", "what": w}) for w in ("heal", "visit")]
    + [("ru_two_clans", {"role": "bodyguard", "what": "protect"})],
    "refusal.hunt_not_approved": [("ru_19", {"player": "ann"})],
    "refusal.revolver": [(None, {})],
    "refusal.advocate_checks": [(None, {})],
    "refusal.advocate_shoots": [(None, {})],
    "refusal.mafia_conditional": [(None, {})],
    "refusal.as_status": [("ru_eleven", {"statuses": "doctor, plus_vote", "status": "ann"})],
    "refusal.as_move": [("ru_eleven", {"status": "doctor", "want": "heal", "move": "check"})],
    "refusal.move_twice": [("ru_eleven", {"move": m, "target": "ann"}) for m in ("plus", "minus")],
    "refusal.rejected_and_urged": [("ru_hunt", {"players": "ann, bob"})],
    "refusal.ninja_vests": [(None, {})],
    "refusal.sc2.limit": [
        ("sc2", {"role": r, "what": w, "option": "x_y", "limit": 2})
        for r, w in (
            ("survivor", "vests"),
            ("veteran", "alerts"),
            ("vigilante", "shots"),
            ("jailor", "executions"),
            ("janitor", "sanitizations"),
        )
    ],
    "refusal.sc2.setup.detects": [("sc2", {})],
    "refusal.sc2.setup.unique": [("sc2", {"role": "mayor", "holders": "ann, bob"})],
    "refusal.sc2.setup.no_target": [("sc2", {"player": "ann"})],
    "refusal.sc2.setup.other_target": [("sc2", {"player": "ann"})],
    "refusal.sc2.setup.town_target": [("sc2", {"player": "ann"})],
    "refusal.sc2.setup.and": [
        ("sc2", {"first": {"id": "refusal.sc2.setup.detects", "params": {}}, "rest": "…"})
    ],
    "refusal.sc2.citizen_vest_off": [(None, {})],
    "refusal.sc2.citizen_vest_used": [(None, {})],
    "refusal.sc2.no_mafioso": [(None, {})],
    "refusal.sc2.no_prisoner": [(None, {})],
    "refusal.sc2.prisoner_dead": [(None, {})],
    "refusal.sc2.revealed": [(None, {})],
    "refusal.sc2.recruits": [(None, {"limit": 2})],
    "refusal.sc2.spree_wait": [(None, {"n": 3})],
    "refusal.sc2.spree_home": [(None, {})],
    "refusal.sc2.convert_wait": [(None, {"n": 3})],
    "refusal.sc2.witch_first": [(None, {})],
    "refusal.sc2.jester_off": [(None, {})],
    "refusal.sc2.amnesiac": [
        ("sc2", {"side": s, "role": r})
        for s, r in (("town", "doctor"), ("mafia", "godfather"), ("killing", "serial_killer"))
    ],
    "refusal.own_verdict": [("sc2", {"accused": "ann"})],
    "refusal.hiding": [(None, {"player": "ann"})],
    "refusal.hiding_vote": [(None, {"player": "ann"})],
    "refusal.fellow_mafia": [(None, {"player": "ann", "target": "bob"})],
    "refusal.two_bombs": [(None, {"player": "ann"})],
    "refusal.no_bomb": [(None, {"player": "ann"})],
    "refusal.carries_bomb": [(None, {"player": "ann", "target": "bob"})],
    "refusal.carries_no_bomb": [(None, {"player": "ann", "target": "bob"})],
    "refusal.horse_head": [(None, {"target": "bob"})],
    "refusal.favor_used": [(None, {"player": "ann"})],
    "refusal.no_offer": [(None, {"player": "ann"})],
    "refusal.revive_lynched": [(None, {"target": "bob"})],
    "refusal.revive_conflict": [(None, {"target": "bob"})],
    "refusal.revive_old": [(None, {"target": "bob"})],
    "refusal.no_crime": [(None, {})],
    "refusal.no_pass.townston": [(None, {})],
    "refusal.haunt": [(None, {})],
    "refusal.transport_self": [(None, {})],
    "refusal.no_wills": [(None, {"ruleset": "ru_sport"})],
    "refusal.wills_off": [(None, {})],
    "refusal.will_dead": [(None, {"player": "ann"})],
    "refusal.will_text": [(None, {})],
    "refusal.will_long": [(None, {"n": n}) for n in (1, 3, 2000)],
    "refusal.no_leavers": [(None, {"ruleset": "ru_sport"})],
    "refusal.left.already": [(None, {"player": "ann"})],
    "refusal.leave_names": [(None, {})],
    "round.vote": [(None, {})],
    "round.catastrophe": [(None, {"n": 1})],
    "round.verdict": [(None, {})],
    "question.catastrophe": [
        (
            "ru_sport",
            {
                "label": Reason("round.catastrophe", n=1),
                "choices": "execute / pardon",
                "kind": "verdict",
                "names": ["execute", "pardon"],
            },
        ),
        (
            "ru_sport",
            {
                "label": Reason("round.catastrophe", n=2),
                "choices": "ann / bob",
                "kind": "names",
                "names": ["ann", "bob"],
            },
        ),
    ],
    "question.verdict": [("sc2", {"accused": "ann", "choices": "execute / pardon"})],
    "question.tie": [("ru_classic", {"actor": "GM", "tied": "ann, bob", "decision": "decide_tie"})],
    "question.hangman": [("ru_19", {"actor": "cat", "tied": "ann, bob"})],
}


def raised_ids() -> set[str]:
    """Every message id the engine's code gives a Reason (`Reason("refusal.x", ...)`),
    read from its syntax tree less mutmut's mutant copies: under a mutation run
    (bench/mutation.py) they hold altered ids ("XXrefusal.endedXX") and failed the
    run's first pass over the suite."""
    found = set()
    for tree in engine_trees():
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and node.args):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            first = node.args[0]
            if (
                name == "Reason"
                and isinstance(first, ast.Constant)
                and isinstance(first.value, str)
            ):
                found.add(first.value)
    return found


def test_every_reason_the_engine_raises_has_a_sample_here() -> None:
    assert raised_ids() - {"refusal.dead"} <= set(SAMPLES), raised_ids() - set(SAMPLES)
    assert not set(SAMPLES) - set(en.MESSAGES), "a sample of an id no catalogue has"


def test_the_rulesets_block_has_a_russian_sentence_for_each_english_one() -> None:
    assert set(en.RULESET_REFUSALS) == set(ru.RULESET_REFUSALS)


CASES = [(mid, ruleset, params) for mid, samples in SAMPLES.items() for ruleset, params in samples]


@pytest.mark.parametrize(("mid", "ruleset", "params"), CASES, ids=[c[0] for c in CASES])
def test_every_refusal_reads_in_both_languages(mid, ruleset, params) -> None:
    """English: the Reason's own text (the engine's); Russian: a sentence with no raw
    id and no English word but the players' names."""
    reason = Reason(mid, **params)
    message = refusal_message(reason, ruleset)
    assert render(message, "en") == str(reason)
    russian = render(message, "ru")
    rest = russian
    for name in NAMES:
        rest = re.sub(rf"\b{name}\b", " ", rest)
    assert not LATIN.findall(rest), russian
    assert not RAW_ID.search(russian), russian
    assert "{" not in russian and "}" not in russian, russian


# The engine's English, word for word as before Reasons (a sample; `simulate` of every
# scenario file was compared too).
ENGLISH = [
    (Reason("refusal.unknown_player", player="zed"), "unknown player 'zed'"),
    (Reason("refusal.unknown_player", player=None), "unknown player None"),
    (
        Reason("refusal.by", actor="ann", reason=Reason("refusal.vote_changes", voter="ann", n=1)),
        "ann: ann: a vote may be changed only once",
    ),
    (Reason("refusal.vote_changes", voter="ann", n=2), "ann: a vote may be changed only 2 times"),
    (
        Reason("refusal.vote_changes.in", voter="ann", n=1, what=Reason("round.catastrophe", n=1)),
        "ann: a vote may be changed only once (catastrophe round 1)",
    ),
    (
        Reason("refusal.as_status", statuses="doctor", status="x"),
        "'as' names a civilian status (doctor), not 'x'",
    ),
    (
        Reason("refusal.sc2.amnesiac", side="mafia", role="godfather"),
        "the Amnesiac cannot become a Mafia role (godfather)",
    ),
    (Reason("refusal.expected", phase="night", n=2, kind="day"), "expected night 2, got a day"),
]


@pytest.mark.parametrize(("reason", "english"), ENGLISH)
def test_a_reason_is_the_engines_english_word_for_word(reason, english) -> None:
    assert reason == english and isinstance(reason, str)


def test_a_reason_keeps_its_message_through_a_copy_and_a_pickle() -> None:
    reason = Reason("refusal.by", actor="GM", reason=Reason("refusal.dead", player="ann"))
    for again in (copy.deepcopy(reason), pickle.loads(pickle.dumps(reason))):
        assert again == reason and again.message == reason.message
    assert IllegalAction(reason).message == reason.message
    assert IllegalAction("a plain text").message == {
        "id": "text",
        "params": {"text": "a plain text"},
    }


def test_a_rulesets_own_refusal_raised_by_the_engine_carries_its_message() -> None:
    """sc2: the accused who votes on his own verdict (sc2_day.py), as resolve_phase
    raises it; and bay12's transporter naming himself first (a `check` hook)."""
    seats = [
        ("ann", "citizen"),
        ("bob", "citizen"),
        ("cat", "mafioso"),
        ("dan", "citizen"),
        ("eve", "citizen"),
    ]
    players = [{"name": n, "role": r} for n, r in seats]
    options = {"day_type": "majority_trial"}
    state = roles.new_game("sc2", players, seed=1, options=options, first_phase="day")
    day = {
        "day": {
            "votes": [["ann", "cat"], ["bob", "cat"], ["dan", "cat"]],
            "rounds": [[["cat", "pardon"]]],
        }
    }
    with pytest.raises(IllegalAction) as refused:
        roles.resolve_phase(state, day)
    assert refused.value.message["id"] == "refusal.own_verdict"
    assert render(refusal_message(refused.value.reason, "sc2"), "ru") == (
        "Игрок cat под судом и не голосует за собственный приговор."
    )
    seats = [("ann", "transporter"), ("bob", "townie"), ("cat", "mafioso")]
    bay12 = roles.new_game("bay12", [{"name": n, "role": r} for n, r in seats], seed=1)
    with pytest.raises(IllegalAction) as refused:
        roles.check_action(
            bay12, {"actor": "ann", "ability": "transport", "targets": ["ann", "bob"]}
        )
    assert refused.value.message["id"] == "refusal.transport_self"


# -- a refusal's ruleset and the game's end ------------------------------------------------


def test_a_refusal_message_names_its_ruleset():
    """A refusal read back into a message keeps the ruleset whose words it uses (catches:
    the key renamed, for a known reason and for free text)."""
    assert refusal_message("Ann is dead", "bay12")["ruleset"] == "bay12"
    assert refusal_message("no such reason", "bay12")["ruleset"] == "bay12"


def test_a_phase_after_the_end_is_refused_in_the_words_the_site_translates():
    """The engine's refusals are read back by their exact English wording into the
    reader's language (roles/messages/refusals.py): a phase resolved after the game's
    end says "the game has ended", which reads back as refusal.ended (catches: the
    wording changed, the site would show it untranslated)."""
    ended = roles.modkill(roles.modkill(bay12_seven(), "Ann").state, "Bob").state
    assert ended.ended
    with pytest.raises(roles.IllegalAction) as refused:
        roles.resolve_phase(ended, {"day": {"votes": [], "rounds": [], "actions": []}})
    assert refusal_message(str(refused.value), "bay12")["id"] == "refusal.ended"
