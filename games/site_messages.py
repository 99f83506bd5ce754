"""The site's own words, read from its code, templates and scripts in pure Python,
and the catalogues (locale/<lang>/LC_MESSAGES/<domain>.po) kept in step with them.

Django's `makemessages` needs GNU xgettext; here Django's own `templatize` turns a
template into gettext calls and babel's extractors read those, the Python modules
and the scripts. `manage.py site_messages` (`make messages`) rewrites the catalogues:
new words untranslated (English: the words themselves), gone ones dropped. The
catalogue test (tests/site/test_i18n_catalogues.py) fails on any word without its
Russian.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE_DIR = ROOT / "locale"
LANGUAGES = ("en", "ru")
# The languages' plural rules, as gettext writes them in a catalogue's header.
PLURAL_FORMS = {
    "en": "nplurals=2; plural=(n != 1);",
    "ru": (
        "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
        "(n%100<10 || n%100>=20) ? 1 : 2);"
    ),
}
# Django's gettext functions and where their arguments are (babel's keyword spec).
KEYWORDS = {
    "_": None,
    "gettext": None,
    "gettext_lazy": None,
    "gettext_noop": None,
    "ngettext": (1, 2),
    "ngettext_lazy": (1, 2),
    "pgettext": ((1, "c"), 2),
    "pgettext_lazy": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
    "npgettext_lazy": ((1, "c"), 2, 3),
}


@dataclass(frozen=True, order=True)
class Message:
    context: str
    msgid: str
    plural: str
    where: str  # "path:line" of its first use


def python_sources() -> list[Path]:
    found = []
    for package in ("games", "mafiasite"):
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" not in path.parts:
                found.append(path)
    return found


def template_sources() -> list[Path]:
    return sorted((ROOT / "templates").rglob("*.html"))


def script_sources() -> list[Path]:
    return sorted((ROOT / "static").rglob("*.js"))


def _read(extractor, source: str, path: Path) -> list[Message]:
    messages = []
    relative = path.relative_to(ROOT)
    for lineno, _func, args, _comments in extractor(
        io.BytesIO(source.encode()), KEYWORDS.keys(), [], {"encoding": "utf-8"}
    ):
        messages.extend(_as_messages(_func, args, f"{relative}:{lineno}"))
    return messages


def _as_messages(func: str, args, where: str) -> list[Message]:
    if isinstance(args, str):
        args = (args,)
    args = tuple(args)
    spec = KEYWORDS.get(func)
    context = ""
    if func.startswith("npgettext"):
        context, singular, plural = (args + ("", "", ""))[:3]
    elif func.startswith("pgettext"):
        context, singular = (args + ("", ""))[:2]
        plural = ""
    elif spec == (1, 2):
        singular, plural = (args + ("", ""))[:2]
    else:
        singular, plural = args[0], ""
    if not isinstance(singular, str) or not singular:
        return []  # a call with a variable: nothing to translate at this place
    return [Message(context or "", singular, plural or "", where)]


def extract(domain: str) -> list[Message]:
    """Every translatable message of a domain ("django": Python and templates;
    "djangojs": the scripts), each once (its first use), in a stable order."""
    from babel.messages.extract import extract_javascript, extract_python
    from django.utils.translation.template import templatize

    found: list[Message] = []
    if domain == "django":
        for path in python_sources():
            found += _read(extract_python, path.read_text(encoding="utf-8"), path)
        for path in template_sources():
            code = templatize(path.read_text(encoding="utf-8"), origin=str(path))
            found += _read(extract_python, code, path)
    elif domain == "djangojs":
        for path in script_sources():
            found += _read(extract_javascript, path.read_text(encoding="utf-8"), path)
    else:
        raise ValueError(f"unknown domain {domain!r}")
    first: dict[tuple[str, str], Message] = {}
    for message in found:
        first.setdefault((message.context, message.msgid), message)
    return sorted(first.values(), key=lambda m: (m.msgid, m.context))


def catalogue_path(language: str, domain: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.po"


def update_catalogue(language: str, domain: str) -> tuple[int, int]:
    """Rewrite one catalogue from the extracted messages, keeping its translations.
    Returns (messages, of which untranslated)."""
    import polib

    path = catalogue_path(language, domain)
    old = polib.pofile(str(path)) if path.exists() else polib.POFile()
    known = {(e.msgctxt or "", e.msgid): e for e in old if not e.obsolete}
    new = polib.POFile(wrapwidth=100)
    new.metadata = {
        "Project-Id-Version": "mafiasite",
        "Language": language,
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
        "Plural-Forms": PLURAL_FORMS[language],
    }
    forms = 3 if language == "ru" else 2
    untranslated = 0
    for message in extract(domain):
        before = known.get((message.context, message.msgid))
        entry = polib.POEntry(
            msgid=message.msgid,
            msgctxt=message.context or None,
            occurrences=[tuple(message.where.rsplit(":", 1))],
        )
        if message.plural:
            entry.msgid_plural = message.plural
            plurals = dict(before.msgstr_plural) if before and before.msgid_plural else {}
            if language == "en":
                plurals = plurals or {0: message.msgid, 1: message.plural}
            entry.msgstr_plural = {i: plurals.get(i, "") for i in range(forms)}
            done = all(entry.msgstr_plural.values())
        else:
            entry.msgstr = (before.msgstr if before else "") or (
                message.msgid if language == "en" else ""
            )
            done = bool(entry.msgstr)
        if before is not None and "fuzzy" in before.flags:
            entry.flags.append("fuzzy")
            done = False
        untranslated += not done
        new.append(entry)
    path.parent.mkdir(parents=True, exist_ok=True)
    new.save(str(path))
    return len(new), untranslated
