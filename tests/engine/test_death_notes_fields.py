"""Which rulesets leave notes or last words, and where private messages are allowed.

The site reads these fields; no ruleset id is listed anywhere in the site.
"""

import roles
from roles.model import Player


def _player(role: str, faction: str = "town") -> Player:
    return Player(name="A", seat=0, role=role, faction=faction)


def test_ru_19_has_posthumous_notes():
    # russian-digest.md, 19-player setup: "Posthumous notes are allowed."
    ruleset = roles.get_ruleset("ru_19")
    assert ruleset.death_notes == "prepared"
    assert ruleset.leaves_note(_player("civilian"))
    assert "Posthumous notes" in ruleset.documentation


def test_ru_two_clans_commissar_leaves_no_note_the_others_do():
    # russian-digest.md, two clans, reviving commissar: "no posthumous note."
    ruleset = roles.get_ruleset("ru_two_clans")
    assert ruleset.death_notes == "prepared"
    assert not ruleset.leaves_note(_player("reviving_commissar"))
    assert ruleset.leaves_note(_player("civilian"))
    assert ruleset.leaves_note(_player("ninja", "clan_1"))


def test_sport_has_last_words_not_notes():
    # russian-digest.md, sport: "Everyone, the commissar included, has last words".
    ruleset = roles.get_ruleset("ru_sport")
    assert ruleset.death_notes == "last_words"
    assert not ruleset.leaves_note(_player("civilian"))


def test_bay12_private_messages_on_at_night_only():
    # 000: "At night, no one is allowed to talk in the thread (although PM'ing may
    # still be allowed)".
    ruleset = roles.get_ruleset("bay12")
    assert ruleset.private_messages_default == "on"
    assert ruleset.private_messages_phase == "night"
    assert ruleset.death_notes == "none"


def test_russian_variants_forbid_private_messages():
    # russian-digest.md, classic: "Strictly no private messages between players."
    for ruleset_id in ("ru_classic", "ru_sport", "ru_19", "ru_two_clans", "ru_hunt"):
        assert roles.get_ruleset(ruleset_id).private_messages_default == "off"
