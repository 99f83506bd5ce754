"""The GM's order sheet (roles/sheet.py), pinned on real games of five rulesets.

What these tests pin: the stages a phase's actions fall in and their order (the
ruleset's night or day table, a procedure's inner stages in its own order), each
stage's id and title, each line's words and fields (actor, role, ability, label,
targets) in English and in Russian, seat order inside a stage, the extras of an
action after its words, the host's decisions, and the moves no stage holds, listed
last under "Other moves". Where the order is a rule, the rule's sentence is cited.
"""

from __future__ import annotations

import roles
from roles.sheet import SheetLine, stage_positions, stage_title
from tests.kit.engine import eleven_game


def seated(ruleset_id: str, pairs: str, first_phase: str = "night") -> roles.GameState:
    """A new game of `ruleset_id`; `pairs` is "name:role ..." in seating order."""
    players = [{"name": n, "role": r} for n, r in (p.split(":") for p in pairs.split())]
    return roles.new_game(ruleset_id, players, 0, None, first_phase)


def act(actor: str, ability: str | None = None, *targets: str, **extra) -> dict:
    """An action as a phase's input holds it; no "ability" key when None."""
    action: dict = {"actor": actor, "targets": list(targets), **extra}
    if ability is not None:
        action["ability"] = ability
    return action


def rows(state, actions, lang="en") -> list[tuple[str, str, list[str]]]:
    """The sheet as (stage id, title, the lines' words)."""
    sheet = roles.order_sheet(state, actions, lang)
    return [(s.stage, s.title, [line.text for line in s.lines]) for s in sheet]


def all_lines(state, actions, lang="en") -> list[SheetLine]:
    return [line for s in roles.order_sheet(state, actions, lang) for line in s.lines]


# -- bay12: the redirects inside their procedure, then marks, protection, kills -------

BAY12 = (
    "ann:mafioso bob:witch cid:transporter dan:escort eve:framer "
    "gus:doctor hal:townie ivy:sheriff jon:vigilante"
)

# Sent in the "wrong" order: the kills and the check first, the Witch last.
BAY12_NIGHT = [
    act("jon", "kill", "ann"),
    act("ivy", "check", "eve"),
    act("ann", None, "hal"),  # the Mafioso's only ability, not named
    act("gus", "heal", "hal"),
    act("eve", "frame", "gus"),
    act("dan", "block", "gus"),
    act("cid", "transport", "hal", "ivy"),
    act("bob", "control", "jon", "gus"),
]


def test_bay12_night_runs_witch_transporter_blocker_then_marks_protection_kills_checks():
    """002: "Priority order is Witches, Bus Drivers, then role-blockers (Escort or
    Consort)"; sc2-notes: "4. Non-lethal marks: Framer frames ...; Doctor and Bodyguard
    protections registered. 5. Kills, all at once ... 7. Investigations see the
    post-kill state". Inside a stage, seat order: ann (seat 1) before jon (seat 9),
    though jon sent first. A swap and a control read their first and second target."""
    assert rows(seated("bay12", BAY12), BAY12_NIGHT) == [
        (
            "control",
            "Redirection and blocks · Control (Witches)",
            ["bob (Witch) makes jon target gus"],
        ),
        (
            "transport",
            "Redirection and blocks · Transports",
            ["cid (Transporter) swaps hal and ivy"],
        ),
        ("block", "Redirection and blocks · Blocks", ["dan (Escort) blocks gus"]),
        ("mark", "Marks (frames, douses)", ["eve (Framer) frames gus"]),
        ("protect", "Protection", ["gus (Doctor) heals hal"]),
        ("kill", "Kills", ["ann (Mafioso) kills hal", "jon (Vigilante) kills ann"]),
        ("investigate", "Investigations", ["ivy (Sheriff) investigates eve"]),
    ]


def test_bay12_night_sheet_in_russian():
    assert rows(seated("bay12", BAY12), BAY12_NIGHT, "ru") == [
        (
            "control",
            "Перенаправления и блокировки · Контроль (Ведьмы)",
            ["bob (Ведьма) заставляет jon выбрать целью gus"],
        ),
        (
            "transport",
            "Перенаправления и блокировки · Перевозки",
            ["cid (Перевозчик) меняет местами hal и ivy"],
        ),
        ("block", "Перенаправления и блокировки · Блокировки", ["dan (Эскорт) блокирует gus"]),
        ("mark", "Метки (подставы, обливания)", ["eve (Фальсификатор) подставляет gus"]),
        ("protect", "Защита", ["gus (Доктор) лечит hal"]),
        ("kill", "Убийства", ["ann (Мафиози) убивает hal", "jon (Мститель) убивает ann"]),
        ("investigate", "Проверки", ["ivy (Шериф) проверяет eve"]),
    ]


def test_a_move_without_its_ability_named_is_the_roles_only_ability():
    """The Mafioso's action names no ability: the line still says his Kill, in full."""
    lines = all_lines(seated("bay12", BAY12), BAY12_NIGHT)
    assert lines[5] == SheetLine(
        actor="ann",
        role="Mafioso",
        ability="kill",
        label="Kill",
        targets=("hal",),
        text="ann (Mafioso) kills hal",
    )
    assert lines[6].label == "Shoot"  # the Vigilante's own label for the same id


def test_bay12_positions_put_the_procedures_stages_inside_it_in_its_order():
    """The table the sheet sorts by: redirect_block is the third night stage and runs
    the Witches, the Transporters and the blockers (first, second, third inside it);
    the procedure itself is at inner position 0."""
    positions = stage_positions(roles.get_ruleset("bay12"), "night")
    assert positions["leave"] == (0, 0, "Leave")
    assert positions["redirect_block"] == (2, 0, "Redirection and blocks")
    assert positions["control"] == (2, 1, "Redirection and blocks · Control (Witches)")
    assert positions["transport"] == (2, 2, "Redirection and blocks · Transports")
    assert positions["block"] == (2, 3, "Redirection and blocks · Blocks")
    assert positions["mark"] == (4, 0, "Marks (frames, douses)")
    assert stage_positions(roles.get_ruleset("bay12"), "day") == {
        "leave": (0, 0, "Leave"),
        "lynch": (1, 0, "Lynch"),
        "after_lynch": (2, 0, "After lynch"),
    }


def test_a_stage_the_catalogue_does_not_name_reads_as_its_words():
    """stage_title: an id with no title in the catalogue reads as its words."""
    assert stage_title("night_watch") == "Night watch"
    assert stage_title("night_watch", "ru") == "Night watch"
    assert stage_title("redirect_block", "ru") == "Перенаправления и блокировки"


# -- moves no stage holds: "Other moves", last ------------------------------------------

ODD_MOVES = [
    act("zed", "poison", "hal"),  # nobody of that name
    act("zed"),  # nobody, naming nothing
    act("hal", "kill"),  # a Townie has no kill
    act("ann", "kill"),  # the Mafioso's kill aimed at nobody
    {"ability": "kill", "targets": ["hal"]},  # no actor at all
]


def test_moves_no_stage_holds_are_listed_last_under_other_moves():
    """Module docstring: 'An action whose stage the table does not name is shown last,
    under "Other moves", so the sheet never hides one.' Inside it: the seated first
    (hal), then the rest in the order sent. A known ability with no target reads as
    its label; an unknown one as its id."""
    assert rows(seated("bay12", BAY12), ODD_MOVES) == [
        ("kill", "Kills", ["ann (Mafioso) uses Kill"]),
        (
            "",
            "Other moves",
            [
                "hal (Townie) uses kill",
                "zed (?) uses poison on hal",
                "zed (?) uses nothing",
                " (?) kills hal",
            ],
        ),
    ]


def test_other_moves_in_russian():
    assert rows(seated("bay12", BAY12), ODD_MOVES, "ru") == [
        ("kill", "Убийства", ["ann (Мафиози) применяет «убить»"]),
        (
            "",
            "Прочие ходы",
            [
                "hal (Горожанин) применяет «убить»",
                "zed (?) применяет «poison» к hal",
                "zed (?) ничего не делает",
                " (?) убивает hal",
            ],
        ),
    ]


def test_the_lines_of_unknown_moves_keep_what_was_sent():
    """An unknown actor's role is "?"; an unknown ability is its id as sent, for both
    the ability and the label; no ability and no actor are empty."""
    lines = all_lines(seated("bay12", BAY12), ODD_MOVES)
    assert lines[1:] == [
        SheetLine("hal", "Townie", "kill", "kill", (), "hal (Townie) uses kill"),
        SheetLine("zed", "?", "poison", "poison", ("hal",), "zed (?) uses poison on hal"),
        SheetLine("zed", "?", "", "", (), "zed (?) uses nothing"),
        SheetLine("", "?", "kill", "kill", ("hal",), " (?) kills hal"),
    ]


# -- sc2: vests first, recruits after the investigations; the day's own table ----------

SC2 = "ann:mafioso bob:citizen cid:jailor dan:mayor eve:veteran fay:mason_leader gil:doctor"


def test_sc2_night_vests_and_alerts_first_and_recruits_after_the_kills():
    """sc2-notes: "2. Vests (Citizen/Survivor in SC2) and a Veteran's alert." ...
    "5. Kills" ... "9. Recruits and conversions (Mason Leader, Cult; SC2 only)". A
    move whose sentence names no target reads as that sentence."""
    night = [
        act("fay", "recruit", "gil"),
        act("ann", "kill", "dan"),
        act("eve"),  # the Veteran's only ability: alert
        act("bob", "vest"),
        act("zed", "poison"),
    ]
    assert rows(seated("sc2", SC2), night) == [
        (
            "vests",
            "Vests and alerts",
            ["bob (Citizen) wears a vest", "eve (Veteran) goes on alert"],
        ),
        ("kill", "Kills", ["ann (Mafioso) kills dan"]),
        ("recruit", "Recruits and conversions", ["fay (Mason Leader) recruits gil"]),
        ("", "Other moves", ["zed (?) uses poison"]),
    ]
    assert rows(seated("sc2", SC2), night[2:4], "ru") == [
        (
            "vests",
            "Бронежилеты и стража",
            ["bob (Горожанин) надевает бронежилет", "eve (Ветеран) встаёт на стражу"],
        ),
    ]


def test_sc2_day_sheet_follows_the_day_table():
    """By day the day's table: the Jailor's jail and the Mayor's reveal are "Day
    actions"; a night kill sent by day has no stage there and goes to "Other moves"."""
    day = seated("sc2", SC2, "day")
    actions = [act("dan", "reveal"), act("cid", "jail", "ann"), act("ann", "kill", "dan")]
    assert rows(day, actions) == [
        ("day_actions", "Day actions", ["cid (Jailor) jails ann", "dan (Mayor) reveals as Mayor"]),
        ("", "Other moves", ["ann (Mafioso) kills dan"]),
    ]


# -- townston by day: the answers inside their step, the vote, then other moves --------


def test_townston_day_answers_revive_investigations_vote_then_other_moves():
    """townston's day table: answers (the offers' answers inside it), revive,
    investigate, vote. A Hitman's kill sent by day is no day move: it is listed after
    the vote, last."""
    day = seated(
        "townston",
        "Ann:townie Bob:hitman Eve:detective Fay:godfather Jon:paramedic Kim:paranoid",
        "day",
    )
    actions = [
        act("Bob", "kill", "Kim"),
        act("Fay", "cancel_lynch"),
        act("Eve", "check", "Fay"),
        act("Ann", "accept"),
        act("Jon", "revive", "Kim"),
    ]
    assert rows(day, actions) == [
        ("", "Answers to offers · Answers", ["Ann (Townie) accepts the offer"]),
        ("revive", "Revive", ["Jon (Paramedic) revives Kim"]),
        ("investigate", "Investigations", ["Eve (Detective) investigates Fay"]),
        ("vote", "The vote", ["Fay (Godfather) uses Call in a favor"]),
        ("", "Other moves", ["Bob (Hitman) kills Kim"]),
    ]
    assert rows(day, actions[1:4], "ru") == [
        ("", "Ответы на предложения · Ответы", ["Ann (Селянин) принимает предложение"]),
        ("investigate", "Проверки", ["Eve (Детектив) проверяет Fay"]),
        ("vote", "Голосование", ["Fay (Крёстный отец) применяет «попросить об услуге»"]),
    ]


# -- ru_19: the forum's order of the night's moves -------------------------------------

RU_19 = (
    "Ann:boss Bob:advocate Cid:mafia Fay:detective Gil:doctor "
    "Hal:courtesan Ian:hangman Jon:civilian Kay:civilian Sam:maniac"
)

RU_19_NIGHT = [
    act("Fay", "check", "Bob"),
    act("Bob", "check", "Fay"),
    act("Ian", "hang", "Kay"),  # a day move sent by night
    act("Jon", "hunt", "Sam"),
    act("Fay", "shoot", "Cid"),
    act("Cid", "kill", "Gil"),
    act("Sam", "kill", "Kay"),
    act("Gil", "heal", "Kay"),
    act("Hal", "visit", "Sam"),
    act("Ann", "block", "Fay"),
]


def test_ru_19_night_follows_the_forums_order():
    """003 (19 players): "Порядок обсчета ночных ходов: 1. Босс мафии 2. Путана
    3. Доктор 4. Маньяк 5. Стрелки мафии и Детектив (выстрел) 6. Мирный охотник
    7. Адвокат 8. Детектив (проверка)". The Hangman's day vote sent by night comes
    after the Detective's check, last. The mafia member is ru_19's "Mafia shooter"."""
    assert rows(seated("ru_19", RU_19), RU_19_NIGHT) == [
        ("boss", "Boss", ["Ann (Boss) blocks Fay"]),
        ("courtesan", "Courtesan", ["Hal (Courtesan) spends the night with Sam"]),
        ("doctor", "Doctor", ["Gil (Doctor) heals Kay"]),
        ("maniac", "Maniac", ["Sam (Maniac) kills Kay"]),
        ("detective_shot", "Detective shot", ["Fay (Detective) shoots Cid"]),
        ("mafia_kill", "The mafia's kill", ["Cid (Mafia shooter) kills Gil"]),
        ("hunt", "Hunt", ["Jon (Civilian) hunts Sam"]),
        ("advocate", "Advocate", ["Bob (Advocate) investigates Fay"]),
        ("detective_check", "Detective check", ["Fay (Detective) investigates Bob"]),
        ("", "Other moves", ["Ian (Hangman) votes to hang Kay"]),
    ]


def test_ru_19_night_in_russian_with_the_rulesets_own_role_names():
    assert rows(seated("ru_19", RU_19), RU_19_NIGHT, "ru") == [
        ("boss", "Босс", ["Ann (Босс) блокирует Fay"]),
        ("courtesan", "Путана", ["Hal (Путана) проводит ночь с Sam"]),
        ("doctor", "Доктор", ["Gil (Доктор) лечит Kay"]),
        ("maniac", "Маньяк", ["Sam (Маньяк) убивает Kay"]),
        ("detective_shot", "Выстрел детектива", ["Fay (Детектив) стреляет в Cid"]),
        ("mafia_kill", "Выстрел мафии", ["Cid (Мафия-стрелок) убивает Gil"]),
        ("hunt", "Охота", ["Jon (Мирный) охотится на Sam"]),
        ("advocate", "Адвокат", ["Bob (Адвокат) проверяет Fay"]),
        ("detective_check", "Проверка детектива", ["Fay (Детектив) проверяет Bob"]),
        ("", "Прочие ходы", ["Ian (Палач) голосует за посадку Kay"]),
    ]


# -- ru_classic: the host's decisions ----------------------------------------------------

RU_CLASSIC = "Ann:mafia Bob:commissar Cid:doctor Dan:civilian"
HOST_NIGHT = [act("GM", "modkill", "Dan"), act("Zed", "kill", "Ann"), act("Ann", "kill", "Dan")]


def test_the_hosts_decision_is_listed_with_the_other_moves_as_the_host():
    """sheet.order_sheet: 'Actions by the host's pseudo-actor or by nobody known are
    listed under "Other moves"'. The host reads as "GM (host)", a stranger as "?"."""
    state = seated("ru_classic", RU_CLASSIC)
    assert rows(state, HOST_NIGHT) == [
        ("mafia_kill", "The mafia's kill", ["Ann (Mafia) kills Dan"]),
        ("", "Other moves", ["GM (host) modkills Dan", "Zed (?) kills Ann"]),
    ]
    assert [(line.actor, line.role) for line in all_lines(state, HOST_NIGHT)[1:]] == [
        ("GM", "host"),
        ("Zed", "?"),
    ]


def test_in_russian_the_host_is_named_by_the_line_itself():
    """ru: "Ведущий {words}" (not "GM (ведущий)"); the line keeps the role word."""
    state = seated("ru_classic", RU_CLASSIC)
    assert rows(state, HOST_NIGHT, "ru") == [
        ("mafia_kill", "Выстрел мафии", ["Ann (Мафия) убивает Dan"]),
        ("", "Прочие ходы", ["Ведущий выводит из игры Dan (модкилл)", "Zed (?) убивает Ann"]),
    ]
    host, stranger = all_lines(state, HOST_NIGHT, "ru")[1:]
    assert (host.role, host.ability, host.label) == ("ведущий", "modkill", "modkill")
    assert stranger.role == "?"


# -- ru_eleven: a civilian's conditional moves carry their status ------------------------

RU_ELEVEN = (
    "Ann:civilian Bob:doctor Cid:plus_vote Dan:minus_vote Eve:commissar Fay:civilian "
    "Gil:civilian Hal:civilian Ian:mafia Jon:hangman Kay:advocate"
)


def test_an_actions_other_fields_follow_its_words():
    """003_d239 ("Одиннадцать"): each civilian sends the move he would make with each
    status (`"as"`); the sheet shows that status in words after the move, any other
    field sent as it came, and nothing for an empty one. Two targets read "A and B",
    three a list."""
    state = seated("ru_eleven", RU_ELEVEN)
    actions = [
        act("Ann", "heal", "Fay", **{"as": "doctor"}),
        act("Ann", "check", "Ian", **{"as": "commissar", "note": "second guess"}),
        act("Bob", "heal", "Ann", **{"as": ""}),
        act("Cid", "plus", "Gil", **{"as": None}),
        act("Kay", "decoy", "Ann", "Bob"),
        act("Jon", "decoy", "Ann", "Bob", "Cid"),
    ]
    assert rows(state, actions) == [
        (
            "vote_modifiers",
            "Vote modifiers",
            ["Cid (+1 vote) uses If I am +1 vote: add a vote on Gil"],
        ),
        ("doctor", "Doctor", ["Ann (Civilian) heals Fay (as Doctor)", "Bob (Doctor) heals Ann"]),
        (
            "checks",
            "Checks",
            ["Ann (Civilian) investigates Ian (as Commissar, note: second guess)"],
        ),
        (
            "decoys",
            "Decoys",
            [
                "Jon (Hangman) uses Decoys on Ann, Bob, Cid",
                "Kay (Advocate) uses Decoys on Ann and Bob",
            ],
        ),
    ]
    assert rows(state, actions[4:], "ru") == [
        (
            "decoys",
            "Приманки",
            [
                "Jon (Палач) применяет «подкидыши» к Ann, Bob, Cid",
                "Kay (Адвокат) применяет «подкидыши» к Ann и Bob",
            ],
        ),
    ]
    # The claimed status is said in the reader's words, not as the field's id.
    assert rows(state, actions[:2], "ru")[0][2] == ["Ann (Мирный) лечит Fay (как Доктор)"]


# -- a stage's lines -----------------------------------------------------------------------


def test_the_sheet_lists_a_stages_moves_in_seat_order_with_their_targets():
    """roles.order_sheet: 'within a stage in seat order, as the engine runs a bucket'.
    ru_eleven's mafia shot: the hangman (seat 10) sent first, the plain mafia member
    (seat 9) second; the sheet reads the member first. Three targets read as a list
    (catches: the seat ignored; the line's targets dropped; the list's separator)."""
    actions = [
        {"actor": "Kay", "ability": "decoy", "targets": ["Ann", "Bob", "Cid"]},
        {"actor": "Jon", "ability": "kill", "targets": ["Eve"]},
        {"actor": "Ian", "ability": "kill", "targets": ["Fay"]},
    ]
    sheet = roles.order_sheet(eleven_game(), actions)
    assert [(s.title, [(line.text, line.targets) for line in s.lines]) for s in sheet] == [
        (
            "The mafia's kill",
            [("Ian (Mafia) kills Fay", ("Fay",)), ("Jon (Hangman) kills Eve", ("Eve",))],
        ),
        ("Decoys", [("Kay (Advocate) uses Decoys on Ann, Bob, Cid", ("Ann", "Bob", "Cid"))]),
    ]
