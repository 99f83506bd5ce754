"""Game text in words (issue 16): every private result kind, public event, headline,
death description and role card of every ruleset says a sentence in English and in
Russian, with no raw id; a Russian line has no Latin word but the players' names.

The kinds are read from the engine itself (its `ctx.result(to, "kind", ...)` and
`ctx.event("kind", ...)` calls, and the announce tables), so a kind added later
without a message fails here; random legal games of every ruleset (the property
tests' driver) render every result and event they produce.
"""

from __future__ import annotations

import ast
import random

import pytest

import roles
from roles import announce, render
from roles.messages import en, ru
from roles.messages.cards_ru import CARDS_RU
from roles.rulesets import ru_common, townston
from tests.kit.engine import (
    LATIN,
    RAW_ID,
    RandomChooser,
    engine_trees,
    new_random_game,
    play_random_game,
)

LANGS = ("en", "ru")


def engine_calls(method: str, position: int) -> dict[str, set[str]]:
    """{kind: field names} of every `x.<method>(..., "kind", field=...)` call in roles/."""
    kinds: dict[str, set[str]] = {}
    for tree in engine_trees():
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                continue
            if node.func.attr != method or len(node.args) <= position:
                continue
            kind = node.args[position]
            if isinstance(kind, ast.Constant) and isinstance(kind.value, str):
                fields = {k.arg for k in node.keywords if k.arg}
                kinds.setdefault(kind.value, set()).update(fields)
    return kinds


RESULT_KINDS = engine_calls("result", 1)
EVENT_KINDS = engine_calls("event", 0)


def assert_words(text: str, lang: str, names=()) -> None:
    """A sentence: no raw id; in Russian no Latin word but the players' names."""
    assert text.strip(), "an empty line"
    assert not RAW_ID.search(text), f"raw id in {text!r}"
    if lang == "ru":
        rest = text
        for name in sorted(names, key=len, reverse=True):
            rest = rest.replace(name, " ")
        assert not LATIN.findall(rest), f"Latin words {LATIN.findall(rest)} in {text!r}"


def sample(kind: str, fields: set[str], ruleset: roles.Ruleset) -> list[dict]:
    """Results of `kind` with every value the engine gives it (role ids, words)."""
    role = next(iter(ruleset.roles))
    base = {"to": "Ann", "kind": kind, **{f: "Bob" for f in fields}}
    values = {
        "check": [role, "suspicious", "not_suspicious", "villager", "criminal"],
        "roles": [[role, "doused", "framed"]],
        "spied": [sorted(RESULT_KINDS)[:3], []],
        "visitors": [["Bob", "Cid"], []],
        "mafia_visits": [["Bob"], []],
        "crimes": [["murder", "identity_theft"], []],
        "death_type": [[role, "leaver", "modkill"]],
        "targets": [["Bob"], []],
        "visitor_roles": [[role]],
        "convert": ["success", "failed"],
        "recruit": ["success", "failed", "accepted", "declined"],
        "crime": ["yes", "no"],
        "hit": [1, 2, 5],
        "infiltrate": [0, 1, 3],
        "last_will": ["", "Bob is shady."],
    }.get(kind, [role])
    if "value" not in fields:
        return [base]
    return [{**base, "value": v} for v in values]


@pytest.mark.parametrize("ruleset_id", [r.id for r in roles.list_rulesets()])
@pytest.mark.parametrize("lang", LANGS)
def test_every_private_result_kind_of_the_engine_is_a_sentence(ruleset_id, lang) -> None:
    assert {"check", "saved", "role_change", "roles", "spied"} <= set(RESULT_KINDS)
    ruleset = roles.get_ruleset(ruleset_id)
    for kind, fields in RESULT_KINDS.items():
        for result in sample(kind, fields, ruleset):
            text = render(roles.result_message(result, ruleset_id), lang)
            assert_words(text, lang, names={"Ann", "Bob", "Cid", "Bob is shady."})


def test_a_saved_player_without_a_target_is_told_he_was_saved() -> None:
    """000, Doctor: 'you and your target are told if you prevented an attack'."""
    told = roles.result_message({"to": "Ann", "kind": "saved"}, "bay12")
    assert render(told, "en") == "You were attacked tonight, but someone saved you."
    assert render(told, "ru") == "Этой ночью на вас напали, но вас спасли."


@pytest.mark.parametrize("lang", LANGS)
def test_every_public_event_kind_of_the_engine_has_a_message(lang) -> None:
    catalogue = {"en": en, "ru": ru}[lang]
    for kind in EVENT_KINDS:
        mid = "parts" if kind == "night_sequence" else f"event.{kind}"
        assert mid == "parts" or mid in catalogue.MESSAGES, f"no {lang} message for {kind}"


def test_the_catalogues_hold_the_same_ids_and_words() -> None:
    assert set(en.MESSAGES) == set(ru.MESSAGES)
    assert set(en.WORDS) == set(ru.WORDS)
    assert set(en.ABILITIES) == set(ru.ABILITIES)
    used = {
        a.id for r in roles.list_rulesets() for role in r.roles.values() for a in role.abilities
    }
    assert used <= set(en.ABILITIES), used - set(en.ABILITIES)


@pytest.mark.parametrize("ruleset", roles.list_rulesets(), ids=lambda r: r.id)
def test_every_role_has_a_name_and_a_card_in_both_languages(ruleset) -> None:
    for role in ruleset.roles.values():
        assert roles.role_name(ruleset.id, role.id, "en") == role.name
        russian = roles.role_name(ruleset.id, role.id, "ru")
        assert russian and not LATIN.search(russian), (role.id, russian)
        english = roles.role_card_in(ruleset.id, role.id, "en")
        assert english == roles.role_card(ruleset.id, role.id, ids=False)
        assert not any(f"[{a.id}]" in english for a in role.abilities)
        card = roles.role_card_in(ruleset.id, role.id, "ru")
        assert not LATIN.search(card), (role.id, LATIN.findall(card))
        told = roles.role_name(ruleset.id, role.shown_as or role.id, "ru")
        assert card.startswith(told.split()[0][:4]), (role.id, card[:40])
    for faction in ruleset.factions:
        assert not LATIN.search(roles.faction_name(ruleset.id, faction, "ru"))
    if ruleset.id in CARDS_RU:
        assert set(CARDS_RU[ruleset.id]) == set(ruleset.roles)


def test_the_russian_rulesets_use_the_forums_names() -> None:
    """003: 'Мирные', 'Комиссар', 'Доктор', 'Дон', 'Адвокат', 'Маньяк', 'путана', 'палач',
    and ru_two_clans' Ниндзя and Вор; the English names stay faithful."""
    expected = {
        ("ru_classic", "civilian"): ("Мирный", "Civilian"),
        ("ru_classic", "commissar"): ("Комиссар", "Commissar"),
        ("ru_classic", "doctor"): ("Доктор", "Doctor"),
        ("ru_sport", "don"): ("Дон", "Don"),
        ("ru_classic", "advocate"): ("Адвокат", "Advocate"),
        ("ru_hunt", "maniac"): ("Маньяк", "Maniac"),
        ("ru_19", "courtesan"): ("Путана", "Courtesan"),
        ("ru_eleven", "hangman"): ("Палач", "Hangman"),
        ("ru_two_clans", "ninja"): ("Ниндзя", "Ninja"),
        ("ru_two_clans", "thief"): ("Вор", "Thief"),
    }
    for (ruleset_id, role_id), (russian, english) in expected.items():
        assert roles.role_name(ruleset_id, role_id, "ru") == russian
        assert roles.role_name(ruleset_id, role_id, "en") == english
    assert roles.faction_name("ru_classic", "town", "ru") == "Мирные"


DESCRIBED = {
    "they": ("They were shot at close range.", "Игрока застрелили в упор."),
    "he": ("He was shot at close range.", "Его застрелили в упор."),
    "she": ("She was shot at close range.", "Её застрелили в упор."),
}


@pytest.mark.parametrize("pronoun", roles.PRONOUNS)
def test_death_descriptions_take_the_players_pronoun(pronoun) -> None:
    """002: 'Mafia: He/She was shot at close range.' -- said with the player's own
    pronoun (they by default), never 'He/She'."""
    told = roles.description_message("Ann", announce.describe(["mafia"]))
    english, russian = DESCRIBED[pronoun]
    assert render(told, "en", lambda name: pronoun) == english
    assert render(told, "ru", lambda name: pronoun) == russian


def test_a_player_without_a_pronoun_is_they() -> None:
    told = roles.description_message("Ann", announce.describe(["jester"]))
    assert render(told, "en") == (
        "They apparently shot themself. Their suicide note expressed grief and guilt over "
        "the Jester's death."
    )
    she = render(told, "ru", {"Ann": "she"}.get)
    assert she.startswith("Она, по всей видимости, застрелилась.")


@pytest.mark.parametrize("pronoun", roles.PRONOUNS)
@pytest.mark.parametrize("lang", LANGS)
def test_every_description_of_002_parses_and_renders(pronoun, lang) -> None:
    """002's death-description table, each cause alone, after another and with the
    bodyguard's struggle, is read back into its sentences."""
    for kind in announce.DESCRIPTIONS:
        for text in (
            announce.describe([kind]),
            announce.describe(["mafia", kind]),
            announce.describe([kind], struggle=True),
        ):
            told = roles.description_message("Ann", text)
            assert told["id"] == "parts", text
            line = render(told, lang, lambda name: pronoun)
            assert_words(line, lang)
            assert "He/She" not in line and "/" not in line
    for text in townston.DESCRIPTIONS.values():  # Townston's own table
        assert_words(render(roles.description_message("Ann", text), lang), lang)


def test_the_leaver_and_the_russian_causes_are_described() -> None:
    """002: 'Leaver Suicide: (name) committed suicide.'; 003: 'жертва мафии'."""
    leaver = roles.description_message("Ann", "Ann committed suicide.")
    assert render(leaver, "ru", lambda name: "she") == "Ann покончила с собой."
    causes = roles.description_message("Bob", "Victim of the mafia; victim of the maniac.")
    assert render(causes, "ru") == "Жертва мафии; жертва маньяка."
    assert render(causes, "en") == "Victim of the mafia; victim of the maniac."


@pytest.mark.parametrize("lang", LANGS)
def test_every_headline_is_a_sentence(lang) -> None:
    """002: '1: One of us did not survive the night.' ... '14+: Your setup is shit.';
    the Russian rulesets: 'жертв больше нет' and the count of the dead."""
    for deaths in range(0, 30):
        for headline in (announce.headline(deaths), ru_common.headline(deaths)):
            told = roles.headline_message(headline)
            assert told["id"].startswith("headline."), headline
            assert_words(render(told, lang), lang)
    assert render(roles.headline_message(ru_common.headline(21)), "ru") == (
        "Этой ночью убит 21 игрок."
    )
    assert render(roles.headline_message(ru_common.headline(3)), "ru") == (
        "Этой ночью убиты 3 игрока."
    )
    assert render(roles.headline_message(ru_common.headline(5)), "ru") == (
        "Этой ночью убиты 5 игроков."
    )
    assert render(roles.headline_message(announce.headline(1)), "en") == announce.headline(1)


@pytest.mark.parametrize("ruleset_id", [r.id for r in roles.list_rulesets()])
def test_random_games_say_everything_in_words(ruleset_id) -> None:
    """Every result, public event, headline and description of random legal games."""
    told = 0
    for seed in range(4):
        chooser = RandomChooser(random.Random(seed))
        header = new_random_game(ruleset_id, chooser, seed)
        game = play_random_game(
            header, chooser, first="night" if seed % 2 else "day", max_phases=12
        )
        names = {p["name"] for p in header["players"]}
        for record, state in zip(game.records, game.states[1:], strict=True):
            public = {
                "phase": record["phase"],
                "number": record["number"],
                "deaths": roles.engine.public_deaths(
                    state, roles.get_ruleset(ruleset_id), record["deaths"]
                ),
                **{
                    k: record[k]
                    for k in ("headline", "descriptions", "tally", "lynched", "events")
                    if k in record
                },
            }
            messages = roles.outcome_messages(public, ruleset_id)
            messages += [roles.result_message(r, ruleset_id) for r in record["results"]]
            for message in messages:
                assert message["id"] != "text", message
                for lang in LANGS:
                    for pronoun in roles.PRONOUNS:
                        line = render(message, lang, {n: pronoun for n in names}.get)
                        assert_words(line, lang, names)
                told += 1
    assert told > 20


def test_the_rules_command_prints_the_cards_in_a_language(capsys) -> None:
    """`python -m roles rules RULESET --lang ru`: the cards a Russian reader reads; the
    default output stays the engine's sheet."""
    from roles.__main__ import main

    assert main(["rules", "ru_classic", "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    assert "[commissar]\nКомиссар (мирные)." in out
    assert main(["rules", "bay12", "--lang", "ru"]) == 0
    assert "[mafioso]\nМафиози (Мафия)." in capsys.readouterr().out
    assert main(["rules", "bay12", "--lang", "de"]) == 2
    assert main(["rules", "bay12"]) == 0
    assert "Kill [kill]" in capsys.readouterr().out


def test_a_death_line_agrees_with_the_players_pronoun_in_russian() -> None:
    death = {"player": "Ann", "role": "doctor"}
    for pronoun, verb in (("she", "погибла"), ("he", "погиб"), ("they", "погиб")):
        told = roles.messages.death_message(death, {}, "ru_classic")
        assert render(told, "ru", {"Ann": pronoun}.get) == f"Ann (Доктор) {verb}."
    one = roles.outcome_messages({"phase": "day", "number": 2, "lynched": ["Ann"]}, None)
    two = roles.outcome_messages({"phase": "day", "number": 2, "lynched": ["Ann", "Bob"]}, None)
    assert render(one[1], "ru") == "Посажен: Ann."
    assert render(two[1], "ru") == "Посажены: Ann, Bob."
    assert render(two[1], "en") == "Lynched: Ann, Bob."


def test_a_russian_description_declines_the_pronoun() -> None:
    """002: 'Serial Killer: He/She had multiple stab wounds.'"""
    told = roles.description_message("Ann", announce.describe(["serial_killer"]))
    assert render(told, "ru", {"Ann": "she"}.get) == "На теле её множество ножевых ран."
    assert render(told, "ru", {"Ann": "he"}.get) == "На теле его множество ножевых ран."
    assert render(told, "ru") == "На теле игрока множество ножевых ран."


# -- the GM's order sheet (roles/sheet.py) -------------------------------------------


def every_ability():
    for ruleset in roles.list_rulesets():
        for role_id, role in ruleset.roles.items():
            for ability in role.abilities:
                yield ruleset, role_id, ability


def test_every_stage_and_ability_of_the_sheet_has_russian_words() -> None:
    """The night-order sheet of every ruleset in Russian: every stage an ability acts in
    and every ability (its verb, else its name) without a Latin word."""
    from roles.sheet import stage_positions

    for ruleset, _role_id, ability in every_ability():
        for kind in ("night", "day"):
            for _pos, _inner, title in stage_positions(ruleset, kind, "ru").values():
                assert not LATIN.findall(title), (ruleset.id, title)
        assert ability.id in ru.SHEET_VERBS or ability.id in ru.ABILITIES, ability.id


@pytest.mark.parametrize("ruleset_id", [r.id for r in roles.list_rulesets()])
def test_a_sheet_of_every_ability_reads_in_russian(ruleset_id) -> None:
    """Each role's each ability on a sheet, aimed at two players: a Russian line with
    the forum's role names and no English; the English sheet is the engine's own."""
    ruleset = roles.get_ruleset(ruleset_id)
    role_ids = [r for r, role in ruleset.roles.items() if role.abilities]
    players = [{"name": f"p{i}", "role": r} for i, r in enumerate(role_ids)]
    players += [{"name": "Ann", "role": role_ids[0]}, {"name": "Bob", "role": role_ids[0]}]
    state = roles.new_game(ruleset_id, players)
    names = [p["name"] for p in players]
    for i, role_id in enumerate(role_ids):
        for ability in ruleset.roles[role_id].abilities:
            action = {"actor": f"p{i}", "ability": ability.id, "targets": ["Ann", "Bob"]}
            for stage in roles.order_sheet(state, [action], "ru"):
                assert not LATIN.findall(stage.title), stage.title
                for line in stage.lines:
                    rest = line.text
                    for name in sorted(names, key=len, reverse=True):
                        rest = rest.replace(name, " ")
                    assert not LATIN.findall(rest), (ruleset_id, ability.id, line.text)
            english = roles.order_sheet(state, [action])
            assert english == roles.order_sheet(state, [action], "en")


def test_the_sheet_in_russian() -> None:
    state = roles.new_game(
        "bay12",
        [
            {"name": "ann", "role": "mafioso"},
            {"name": "dan", "role": "escort"},
            {"name": "gus", "role": "doctor"},
            {"name": "hal", "role": "townie"},
        ],
    )
    actions = [
        {"actor": "ann", "ability": "kill", "targets": ["hal"]},
        {"actor": "gus", "ability": "heal", "targets": ["hal"]},
        {"actor": "dan", "ability": "block", "targets": ["gus"]},
    ]
    sheet = roles.order_sheet(state, actions, "ru")
    assert [(s.title, [line.text for line in s.lines]) for s in sheet] == [
        ("Перенаправления и блокировки · Блокировки", ["dan (Эскорт) блокирует gus"]),
        ("Защита", ["gus (Доктор) лечит hal"]),
        ("Убийства", ["ann (Мафиози) убивает hal"]),
    ]


def test_every_abilitys_description_has_russian_words() -> None:
    """The description under each action form in Russian, with no English word (an
    option's id is said as the game's setting); English is the engine's own."""
    from roles.messages.descriptions import DESCRIPTIONS_RU, ability_description

    described = {a.description for _r, _role, a in every_ability() if a.description}
    assert described == set(DESCRIPTIONS_RU)
    for description in described:
        assert ability_description(description, "en") == description
        russian = ability_description(description, "ru")
        assert russian != description and not LATIN.findall(russian), russian


# -- the engine's refusals (roles/messages/refusals.py) -------------------------------

REFUSAL_REASONS = [
    "doctor cannot use heal by day",
    "vigilante cannot use kill on night 1",
    "jailor has no uses of execute left",
    "doctor has no ability 'kill'",
    "citizen has no night ability",
    "civilian must name the ability (heal, check)",
    "the game has ended",
    "unknown player 'zed'",
    "targets must be a list of names",
    "transport takes 2 target(s), not 1",
    "transport cannot name the same player twice",
    "remember needs a dead player; Bob is alive",
    "doctor has already targeted themselves with heal",
    "sheriff cannot target themselves",
    "mafioso cannot target another mafia member",
    "Bob is not a legal target of heal",
    "votes are cast by day",
    "this ruleset has no pass vote",
    "cannot vote for Bob: Bob is dead",
    "Bob has left the game",
    "Bob is dead",
]


@pytest.mark.parametrize("reason", REFUSAL_REASONS)
def test_the_engines_refusals_read_in_both_languages(reason) -> None:
    """A refusal shown to a player: English is the engine's reason word for word (the
    simulate output's), Russian a sentence without an English word but the names."""
    from roles.messages.refusals import refusal_message

    message = refusal_message(reason, "sc2")
    assert message["id"].startswith("refusal.")
    assert render(message, "en") == reason
    russian = render(message, "ru")
    assert not LATIN.findall(russian.replace("Bob", " ").replace("zed", " ")), russian


def test_a_refusal_no_pattern_knows_is_said_as_it_is() -> None:
    from roles.messages.refusals import refusal_message

    assert render(refusal_message("the moon is blue"), "ru") == "the moon is blue"


# -- death descriptions and headlines ------------------------------------------------------


def test_a_second_cause_of_death_reads_as_the_also_line():
    """002 Death Descriptions: '- He/She was also riddled with bullets at close range.'
    The first cause reads its own line, every later one its 'also' line (catches: the
    first line for every cause)."""
    assert announce.describe(["vigilante", "mafia"]) == (
        "He/She was shot by a high-caliber gun. "
        "He/She was also riddled with bullets at close range."
    )
    assert announce.describe(["mafia"], struggle=True) == (
        "There were signs of struggle. He/She was shot at close range."
    )


def test_a_night_without_deaths_has_the_quiet_headline():
    """002's table starts at one death ('1: One of us did not survive the night.'); a
    night without deaths reads what a forum GM posts (catches: no headline at all)."""
    assert announce.headline(0) == announce.QUIET_NIGHT == "Nobody died last night."
    assert announce.headline(1) == "One of us did not survive the night."
