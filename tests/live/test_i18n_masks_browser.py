"""Issue 16's browser test: "a ru_classic game with masks, the GM in English and the
players in Russian, each seeing their own language live, pushed results included, and
no real name anywhere a player can read."

The GM (English in his settings) creates the game on the form, masks on; players read
Russian, one from his settings, one from the header's switch on a 390-px phone; the
GM starts from his page. Without a reload, a night closes (the commissar's check pushed
to him, the morning post and a death) and a day post arrives under its mask. Each
player's page text, page source and every socket frame it received name no seat's
account (unique, searchable usernames); the GM reads "mask (account)".

Screenshots of every page of the flow, at 1280 and 390 px, in Russian and English, go
under SCREENSHOTS_DIR when it is set: they are for a person to look at.
"""

from __future__ import annotations

import json
import re

import pytest

from games import masks as masking
from games import services
from games.models import Game, Profile
from tests.kit.browser import FormSeat, mark, not_reloaded, open_page, shot, submit, user, wait_live

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
GM_ACCOUNT = "qvgmzacct"
ACCOUNTS = [f"qv{i:02d}zacct" for i in range(11)]  # found by a plain substring search
CYRILLIC = re.compile("[А-Яа-яЁё]")
# Functions, not bare expressions: the services run's CSP forbids eval'ing a string.
PHASE_IS = "name => document.querySelector('#phase-banner .phase-name').textContent === name"


class Reader:
    """A browser page and the frames its sockets received (Playwright's frame events),
    one list per socket: a sign-up page's socket reads the accounts that join (sign-ups
    are public); from the game's page on, no frame may name one."""

    def __init__(self, browser, site, who, viewport, language: str) -> None:
        self.page = open_page(browser, site, who, viewport=viewport)
        self.account, self.language = who.username, language
        self.sockets: list[list[str]] = []
        self.lobby_sockets = 0  # how many of them were the sign-up page's
        self.page.on("websocket", self._socket)

    def _socket(self, socket) -> None:
        frames: list[str] = []
        self.sockets.append(frames)
        socket.on("framereceived", lambda payload: frames.append(_decoded(payload)))

    def left_lobby(self) -> None:
        """The sockets opened so far were the sign-up page's."""
        self.lobby_sockets = len(self.sockets)

    @property
    def frames(self) -> list[str]:
        """The frames of the game page's sockets, and those the sign-up page's sockets
        received from the start on (the game's start, its first night, the mask)."""
        started = []
        for frames in self.sockets[: self.lobby_sockets]:
            start = next((i for i, f in enumerate(frames) if '"game_started"' in f), None)
            started += frames[start:] if start is not None else []
        return started + [f for frames in self.sockets[self.lobby_sockets :] for f in frames]

    def pushed(self, *kinds: str) -> list[str]:
        """The lines of the events of these kinds pushed to this page, as decoded."""
        texts = []
        for frame in self.frames:
            message = json.loads(frame)
            if message.get("type") == "events":
                texts += [e["text"] for e in message["events"] if e["kind"] in kinds]
        return texts

    def reads_no_other_account(self) -> None:
        """Neither the text, nor the source as it stands (pushes included), nor a frame
        names a seat's account but the reader's own (the site header's "you")."""
        others = [a for a in ACCOUNTS if a != self.account]
        for where, content in (
            ("text", self.page.inner_text("body")),
            ("source", self.page.content()),
            ("frames", "\n".join(self.frames)),
        ):
            leaked = [a for a in others if a in content]
            assert leaked == [], f"{self.account} reads {leaked} in the page's {where}"
        assert not any(self.account in frame for frame in self.frames)


def _decoded(payload) -> str:
    """A frame as text, JSON's escapes undone (the masks are Russian words)."""
    text = payload if isinstance(payload, str) else payload.decode("utf-8")
    return json.dumps(json.loads(text), ensure_ascii=False)


def unmasked(line: str, behind: dict[str, str]) -> str:
    """A line without the masks (Russian words in either language)."""
    for mask in sorted(behind, key=len, reverse=True):
        line = line.replace(mask, "")
    return line


def test_gm_in_english_players_in_russian_live_under_masks(browser, site):
    gm_user = user(GM_ACCOUNT)
    Profile.objects.create(user=gm_user, language="en")
    players = [user(name) for name in ACCOUNTS]
    switcher = players[1]  # no language saved: he picks Russian in the header
    for player in players:
        if player != switcher:
            Profile.objects.create(user=player, language="ru", pronoun="she")

    # The GM creates the game on the form, in English: ru_classic plays with masks.
    gm = Reader(browser, site, gm_user, DESKTOP, "en")
    gm.page.goto(f"{site.url}/games/new/?ruleset=ru_classic")
    gm.page.select_option("#id_preset", "classic_11")
    # The setup's own form replaces the page's (static/games/create.js): wait for it.
    gm.page.wait_for_function(
        "() => !document.querySelector('#create-slot form').classList.contains('loading')"
        " && document.querySelector('#id_preset').value === 'classic_11'"
    )
    gm.page.wait_for_selector("#id_masks:checked")
    gm.page.fill("#id_name", "Вечер в масках")
    gm.page.fill("#id_day_minutes", "60")
    gm.page.fill("#id_night_minutes", "60")
    shot(gm.page, "01-create-en-1280")
    gm_phone = Reader(browser, site, gm_user, PHONE, "en")
    gm_phone.page.goto(f"{site.url}/games/new/?ruleset=ru_classic")
    shot(gm_phone.page, "01-create-en-390")
    submit(gm.page, gm.page.get_by_role("button", name="Create game"))
    game = Game.objects.get(name="Вечер в масках")
    assert game.ruleset_id == "ru_classic" and game.masks
    url = f"{site.url}/games/{game.id}/"
    for player in players[2:]:
        services.join_game(player, game.id)

    # Two players join from the sign-up page: one reads Russian from his settings;
    # the other, on a phone, switches the header to Russian (remembered in his profile).
    waiting = Reader(browser, site, players[0], DESKTOP, "ru")
    phone = Reader(browser, site, switcher, PHONE, "ru")
    waiting.page.goto(url)
    phone.page.goto(url)
    assert phone.page.get_attribute("html", "lang") == "en"
    submit(phone.page, phone.page.get_by_role("button", name="Русский"))
    assert phone.page.get_attribute("html", "lang") == "ru"
    assert Profile.objects.get(user=switcher).language == "ru"
    for reader in (waiting, phone):
        wait_live(reader.page)
        submit(reader.page, reader.page.get_by_role("button", name="Я в игре!"))
        wait_live(reader.page)
    shot(waiting.page, "02-signups-ru-1280")
    shot(phone.page, "02-signups-ru-390")

    # The GM closes sign-ups and starts from his page; the sign-up pages open the game.
    gm.page.goto(url)
    submit(gm.page, gm.page.get_by_role("button", name="Close sign-ups"))
    shot(gm.page, "02-signups-en-1280")
    gm_phone.page.goto(url)
    shot(gm_phone.page, "02-signups-en-390")
    for reader in (waiting, phone, gm_phone):
        reader.left_lobby()
    submit(gm.page, gm.page.get_by_role("button", name="Start the game"))
    wait_live(gm.page)
    game.refresh_from_db()
    behind = masking.accounts_of(game)  # mask -> account
    mask_of = {account: mask for mask, account in behind.items()}
    for reader in (waiting, phone):
        reader.page.wait_for_selector("#phase-banner")
        wait_live(reader.page)
        assert reader.page.inner_text("#phase-banner .phase-name") == "Ночь 1"
        # (the masks' own words are still being translated: the mask, not the phrase)
        assert mask_of[reader.account] in reader.page.inner_text(".game-head")

    state = services.engine_state(game)
    commissar = next(p.name for p in state.players if p.role == "commissar")
    mafia = [p.name for p in state.players if p.role == "mafia"]
    civilians = [p.name for p in state.players if p.role == "civilian"]
    user_of = {mask: next(u for u in players if u.username == a) for mask, a in behind.items()}
    readers = {mask_of[r.account]: r for r in (waiting, phone)}
    if commissar not in readers:
        readers[commissar] = Reader(browser, site, user_of[commissar], DESKTOP, "ru")
    victim = next((m for m in civilians if m in readers), civilians[0])
    if victim not in readers:
        readers[victim] = Reader(browser, site, user_of[victim], PHONE, "ru")
    for reader in [*readers.values(), gm_phone]:
        if reader.page.url != url:
            reader.page.goto(url)
        reader.page.wait_for_selector("#phase-banner")
        wait_live(reader.page)
    for reader in [*readers.values(), gm, gm_phone]:
        mark(reader.page)
    assert gm.page.inner_text("#phase-banner .phase-name") == "Night 1"
    assert f"{commissar} ({behind[commissar]})" in gm.page.inner_text("#gm")
    shot(readers[commissar].page, "03-night-ru-1280")
    shot(phone.page, "03-night-ru-390")
    shot(gm.page, "03-night-en-1280")
    shot(gm_phone.page, "03-night-en-390")

    # Night 1: the commissar checks a mafioso, the mafia shoot the victim; the GM
    # closes the night (over HTTP, so that his two pages stay as they are).
    phase_seq = game.phases.get().seq
    for mask in [commissar, *mafia]:
        ability = services.choices_now(state, mask)[0]["ability"]
        target = mafia[0] if mask == commissar else victim
        FormSeat(browser, site, user_of[mask], url).post(
            "act", {"phase_seq": phase_seq, "ability": ability, "target": target}
        )
    FormSeat(browser, site, gm_user, url).post("close", {"phase_seq": phase_seq})

    # Pushed to each page in its reader's language: the day, the morning post, the death.
    for reader in readers.values():
        reader.page.wait_for_function(PHASE_IS, arg="День 1")
        reader.page.wait_for_selector("#news .headline:has-text('Этой ночью убит 1 игрок.')")
    for page in (gm.page, gm_phone.page):
        page.wait_for_function(PHASE_IS, arg="Day 1")
        page.wait_for_selector("#news .headline:has-text('One player was killed tonight.')")
    checker = readers[commissar].page
    checker.wait_for_selector(f"#results:has-text('Результат проверки игрока {mafia[0]}')")
    assert any(
        f"Результат проверки игрока {mafia[0]}: Мафия." in line
        for line in readers[commissar].pushed("result")
    ), "the check's result came over the socket, in Russian"
    assert f"{commissar}: " not in checker.inner_text("#results")  # not his own mask first
    # The GM reads it as the commissar's: "Oak (al)'s check of Elm (bo): Mafia."
    checked = (
        f"{commissar} ({behind[commissar]})'s check of {mafia[0]} ({behind[mafia[0]]}): Mafia."
    )
    gm.page.wait_for_selector(f'#events li:has-text("{checked}")')
    assert any(checked in line for line in gm.pushed("result"))
    # The players list marks the dead with the role the reveal shows, in words.
    for reader in readers.values():
        reader.page.wait_for_selector("#players li.dead:has-text('Мирный')")
    for page in (gm.page, gm_phone.page):
        page.wait_for_selector("#players li.dead:has-text('Civilian')")
    dead = readers[victim].page
    # The night's lines as the sockets carried them: Russian words (masks aside) for
    # the players, English ones for the GM.
    night = ("phase_closed", "phase_opened", "result")
    for reader in readers.values():
        closed = reader.pushed("phase_closed")
        assert any("Этой ночью убит 1 игрок." in line for line in closed), closed
        assert any(f"{victim} (Мирный)" in line for line in closed), closed
        assert all(CYRILLIC.search(unmasked(line, behind)) for line in reader.pushed(*night))
    for reader in (gm, gm_phone):
        closed = reader.pushed("phase_closed")
        assert any("One player was killed tonight." in line for line in closed), closed
        assert any(f"{victim} ({behind[victim]}) (Civilian)" in line for line in closed), closed
        lines = reader.pushed(*night)
        assert lines and not any(CYRILLIC.search(unmasked(line, behind)) for line in lines)
    for reader in readers.values():  # at night's close too: the swapped parts go later
        reader.reads_no_other_account()
    shot(checker, "04-morning-ru-1280")
    shot(dead, "04-morning-dead-ru")
    shot(gm.page, "04-morning-en-1280")
    shot(gm_phone.page, "04-morning-en-390")

    # Day 1: a living player speaks; the others read his mask as the author, live;
    # the GM reads "mask (account)".
    alive = services.engine_state(Game.objects.get(pk=game.id))
    speaker = next(m for m in (mafia[0], commissar) if alive.player(m).alive)
    FormSeat(browser, site, user_of[speaker], url).post(
        "post", {"channel": "day", "text": "Доброе утро, маски."}
    )
    said = "#thread-day .post:has-text('Доброе утро, маски.')"
    for reader in readers.values():
        reader.page.wait_for_selector(f"{said} header:has-text('день 1')")
        assert reader.page.locator(f"{said} strong").first.inner_text() == speaker
    for page in (gm.page, gm_phone.page):
        page.wait_for_selector(f"{said} header:has-text('day 1')")
        assert f"{speaker} ({behind[speaker]})" in page.inner_text(said)
    assert f"{speaker} ({behind[speaker]})" in gm.page.inner_text("#gm")

    for mask, reader in readers.items():
        assert not_reloaded(reader.page), f"{mask}'s page was reloaded"
        reader.reads_no_other_account()
        assert reader.page.get_attribute("html", "lang") == "ru"
        fits = "() => document.documentElement.scrollWidth <= window.innerWidth"
        assert reader.page.evaluate(fits), f"{mask}'s page is wider than the screen"
    assert not_reloaded(gm.page) and not_reloaded(gm_phone.page)
    # The GM's panel on a phone grows a Posts column by day: it scrolls inside its
    # section, the page keeps the screen's width.
    assert gm_phone.page.evaluate(fits), "the GM's phone page is wider than the screen"
    shot(checker, "05-day-ru-1280")
    shot(phone.page, "05-day-ru-390")
    shot(gm.page, "05-day-en-1280")
    shot(gm_phone.page, "05-day-en-390")

    # The remaining pages of the flow, for the eye: the create form in Russian and the
    # settings in both languages.
    for reader, width in ((waiting, 1280), (phone, 390)):
        reader.page.goto(f"{site.url}/games/new/?ruleset=ru_classic")
        shot(reader.page, f"01-create-ru-{width}")
        reader.page.goto(f"{site.url}/settings/")
        shot(reader.page, f"06-settings-ru-{width}")
    for reader, width in ((gm, 1280), (gm_phone, 390)):
        reader.page.goto(f"{site.url}/settings/")
        shot(reader.page, f"06-settings-en-{width}")
