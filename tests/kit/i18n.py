"""Pages read in Russian: a Russian reader's client, and the English words left on a page."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from django.test import Client

import roles
from games import profiles
from games.models import Profile

# A line's Latin words, and an engine id ("janitor_sanitizes") left in a line.
LATIN = re.compile(r"[A-Za-z]+")
RAW_ID = re.compile(r"\b[a-z]+_[a-z_]+\b")


def without_names(line: str, names) -> str:
    """The line with the players' (and other given) names blanked out."""
    for name in sorted(names, key=len, reverse=True):
        line = line.replace(name, " ")
    return line


RUSSIAN_BROWSER = {"HTTP_ACCEPT_LANGUAGE": "ru-RU,ru;q=0.9,en;q=0.5"}


# Words that are the same in Russian: formats, keys, commands typed as they are.
UNTRANSLATED = {"BBCode", "Markdown", "JSON", "UTC", "Ctrl", "roulette", "help", "English"}
# The roulette's commands (roles/roulette.py), typed as they are in either language.
UNTRANSLATED |= {"join", "observe", "bet", "start", "pull", "pass", "leave", "skip", "table"}
# The what-if's extra keys of a move ("guess=mafia"), typed as they are.
UNTRANSLATED |= {"guess"}


VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}


SKIPPED = {"script", "style", "code", "textarea"}


SHOWN_ATTRIBUTES = ("title", "placeholder", "aria-label", "alt", "label")


LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*[A-Za-z]|[A-Za-z]")


class ReaderText(HTMLParser):
    """The words a reader sees, outside skipped elements and engine-rendered ones."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool]] = []  # (tag, skipped)
        self.words: list[tuple[str, str]] = []  # (text, where: the enclosing tags)

    def where(self) -> str:
        return " > ".join(tag for tag, _ in self.stack[-3:])

    def skipping(self) -> bool:
        return bool(self.stack) and self.stack[-1][1]

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        skipped = self.skipping() or tag in SKIPPED
        if not skipped:
            for name in SHOWN_ATTRIBUTES:
                if attrs.get(name):
                    self.words.append((attrs[name], f"{self.where()} {tag}[{name}]"))
            if tag == "input" and attrs.get("type") in ("submit", "button") and attrs.get("value"):
                self.words.append((attrs["value"], f"{self.where()} {tag}[value]"))
        if tag not in VOID:
            self.stack.append((tag, skipped))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.stack.pop()

    def handle_endtag(self, tag):
        for depth in range(len(self.stack) - 1, -1, -1):
            if self.stack[depth][0] == tag:
                del self.stack[depth:]
                return

    def handle_data(self, data):
        if not self.skipping() and data.strip():
            self.words.append((data, self.where()))


def game_titles() -> set[str]:
    """The titles of the rulesets and their presets: titles of games, like a game's
    name ("no English left but names and game titles"). Role and faction names are not
    titles: a Russian page names them in Russian."""
    titles = set()
    for ruleset in roles.list_rulesets():
        titles.add(ruleset.title)
        titles.update(p.title for p in ruleset.presets.values())
    return titles


def english_left(html: str, names) -> list[str]:
    parser = ReaderText()
    parser.feed(html)
    allowed_words = set(UNTRANSLATED)
    for name in names:
        allowed_words.update(LATIN_WORD.findall(str(name)))
    left = []
    for text, where in parser.words:
        for word in LATIN_WORD.findall(text):
            if word not in allowed_words:
                left.append(f"{word!r} in {text.strip()[:90]!r} ({where})")
    return left


def reader(user=None, *, browser_says_russian=False) -> Client:
    client = Client(**(RUSSIAN_BROWSER if browser_says_russian else {}))
    if user is not None:
        client.force_login(user)
    return client


def russian_account(user):
    Profile.objects.update_or_create(user=user, defaults={"language": "ru"})
    return user


def names_of_the_site() -> set[str]:
    from django.contrib.auth import get_user_model

    from games.models import Game, Seat, Setup

    names = set(get_user_model().objects.values_list("username", flat=True))
    names.update(Game.objects.values_list("name", flat=True))
    names.update(Seat.objects.values_list("name", flat=True))
    names.update(Setup.objects.values_list("name", flat=True))
    names.update(profiles.time_zone_names())  # "Europe/Moscow": names of places
    # The names of a forum and of a game, kept in Russian: "Мафия SC2", "форума Bay 12".
    return names | {"SC2", "Bay 12"}


def assert_russian(client, url, *, method="get", data=None, status=200):
    response = getattr(client, method)(url, data or {})
    assert response.status_code == status, (url, response.status_code)
    html = response.content.decode()
    assert '<html lang="ru">' in html, url
    left = english_left(html, names_of_the_site())
    assert not left, f"{url}: English left on the page:\n" + "\n".join(left)
    return html


SMALL = {
    "ruleset": "sc2",
    "options": {},
    "slots": [{"role": "mafioso"}, {"role": "citizen"}, {"role": "citizen"}],
}


def signed_in(user, **browser) -> Client:
    client = Client(**browser)
    client.force_login(user)
    return client
