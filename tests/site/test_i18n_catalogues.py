"""Issue 16: "A test that fails when a translatable string has no Russian translation";
the catalogues are "compiled with no manual step on a fresh machine that has only
Python (no system gettext required)".

The words are read in pure Python (games/site_messages.py: Django's templatize and
babel's extractors), never by xgettext, and compared with the catalogues in locale/.
"""

import gettext

import polib
import pytest

from games import catalogues, site_messages

DOMAINS = ("django", "djangojs")


def catalogue(language, domain):
    return polib.pofile(str(site_messages.catalogue_path(language, domain)))


def missing_from(language, domain) -> list[str]:
    entries = {(e.msgctxt or "", e.msgid): e for e in catalogue(language, domain)}
    missing = []
    for message in site_messages.extract(domain):
        entry = entries.get((message.context, message.msgid))
        if entry is None:
            missing.append(f"{message.where}: {message.msgid!r} is not in the catalogue")
        elif entry.obsolete or "fuzzy" in entry.flags:
            missing.append(f"{message.where}: {message.msgid!r} is fuzzy or obsolete")
        elif message.plural and not all(entry.msgstr_plural.values()):
            missing.append(f"{message.where}: {message.msgid!r} lacks a plural form")
        elif not message.plural and not entry.msgstr:
            missing.append(f"{message.where}: {message.msgid!r} is untranslated")
    return missing


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_word_of_the_site_has_its_russian(domain):
    missing = missing_from("ru", domain)
    assert not missing, "run `make messages` and translate:\n" + "\n".join(missing)


@pytest.mark.parametrize("domain", DOMAINS)
def test_the_english_catalogue_is_complete(domain):
    assert not missing_from("en", domain)


def test_the_extractor_reads_templates_code_and_scripts():
    """Not vacuous: words known to be on the pages are found where they are."""
    django_words = {m.msgid: m.where for m in site_messages.extract("django")}
    assert django_words["Log out"].startswith("templates/base.html:")
    assert django_words["Your settings are saved."].startswith("games/web/preferences.py:")
    script_words = {m.msgid: m.where for m in site_messages.extract("djangojs")}
    assert any(where.startswith("static/games/countdown.js:") for where in script_words.values())


def test_a_translation_the_catalogue_lacks_fails_the_check(tmp_path, monkeypatch):
    """The check itself: a Russian catalogue missing one word is reported."""
    ru = catalogue("ru", "django")
    dropped = next(e for e in ru if e.msgid == "Log out")
    ru.remove(dropped)
    (tmp_path / "ru" / "LC_MESSAGES").mkdir(parents=True)
    ru.save(str(tmp_path / "ru" / "LC_MESSAGES" / "django.po"))
    monkeypatch.setattr(site_messages, "LOCALE_DIR", tmp_path)
    assert any("'Log out' is not in the catalogue" in line for line in missing_from("ru", "django"))


def test_catalogues_compile_with_python_alone_when_missing_or_older(tmp_path):
    po_dir = tmp_path / "ru" / "LC_MESSAGES"
    po_dir.mkdir(parents=True)
    po = catalogue("ru", "django")
    po.save(str(po_dir / "django.po"))
    assert catalogues.compile_stale([tmp_path]) == [po_dir / "django.po"]
    with open(po_dir / "django.mo", "rb") as compiled:
        assert gettext.GNUTranslations(compiled).gettext("Log out") == "Выйти"
    assert catalogues.compile_stale([tmp_path]) == []  # up to date: nothing to do
    (po_dir / "django.po").touch()
    import os

    older = (po_dir / "django.po").stat().st_mtime - 10
    os.utime(po_dir / "django.mo", (older, older))
    assert catalogues.compile_stale([tmp_path]) == [po_dir / "django.po"]


@pytest.mark.parametrize("domain", DOMAINS)
def test_translations_keep_their_placeholders(domain):
    """A Russian sentence names the same %(values)s as its English: Django fills them in."""
    import re

    placeholders = re.compile(r"%\([a-z_]+\)[sd]|%[sd]")
    wrong = []
    for entry in catalogue("ru", domain):
        wanted = sorted(placeholders.findall(entry.msgid_plural or entry.msgid))
        for text in list(entry.msgstr_plural.values()) or [entry.msgstr]:
            if text and sorted(placeholders.findall(text)) != wanted:
                # A Russian plural form may leave the number out ("one" needs none).
                if not (entry.msgid_plural and set(placeholders.findall(text)) <= set(wanted)):
                    wrong.append(f"{entry.msgid!r}: {text!r}")
    assert not wrong, "\n".join(wrong)
