"""The public vote history in Chromium: a vote and its change by one player appear,
live and in order, in the other players' histories (English and Russian readers, a
desktop and a 390-px phone), with the tally counted from the ballots the page holds;
no page reloads; after the day the closed day's history loads when opened.

Lines are compared with what the site's renderer says for the same logged event in
the reader's language (the sentences themselves are the golden files')."""

from __future__ import annotations

import pytest

from games import services, text
from games.models import Event, Game, Profile
from tests.kit.browser import FormSeat, fits, mark, not_reloaded, open_page, shot, wait_live
from tests.kit.games import sc2_day_one

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
LINES = "#vote-history .vote-lines[data-round='0'] li.vote-line"


def line_texts(page) -> list[str]:
    return page.eval_on_selector_all(LINES, "items => items.map(i => i.textContent.trim())")


def tally_targets(page) -> list[str]:
    return page.eval_on_selector_all(
        "#tally .tally-list li strong", "items => items.map(i => i.textContent.trim())"
    )


def test_a_vote_appears_live_in_every_readers_history(browser, site):
    game, host, players = sc2_day_one(seconds=3600)
    for name in ("p01", "p07"):
        Profile.objects.create(user=players[name], language="ru")
    # Cast before the pages open (the services run in this process push nothing once
    # Playwright's loop runs): a vote and its change.
    services.cast_vote(players["p04"], game.id, "p05")
    services.cast_vote(players["p04"], game.id, "p06")
    url = f"{site.url}/games/{game.id}/"
    readers = {
        ("p01", "ru", "phone"): open_page(browser, site, players["p01"], viewport=PHONE),
        ("p03", "en", "desktop"): open_page(browser, site, players["p03"]),
        ("p07", "ru", "desktop"): open_page(browser, site, players["p07"]),
        ("p08", "en", "phone"): open_page(browser, site, players["p08"], viewport=PHONE),
    }
    for page in readers.values():
        page.goto(url)
        wait_live(page)
        mark(page)
        assert len(line_texts(page)) == 2

    # p02 votes from his own form over HTTP, then changes his vote: the live server's
    # pushes reach every reader.
    voter = FormSeat(browser, site, players["p02"], url)
    seq = Game.objects.get(pk=game.id).phases.last().seq
    voter.post("vote", {"phase_seq": seq, "target": "p05"})
    voter.post("vote", {"phase_seq": seq, "target": "p06"})
    logged = list(Event.objects.filter(game=game, kind="vote").order_by("seq"))
    assert [e.payload for e in logged[2:]] == [
        {"voter": "p02", "target": "p05", "round": 0},
        {"voter": "p02", "target": "p06", "round": 0, "was": "p05"},
    ]
    counted = list(services.tally(Game.objects.get(pk=game.id).phases.last()))
    for (_name, lang, device), page in readers.items():
        page.wait_for_function(f'() => document.querySelectorAll("{LINES}").length === 4')
        said = line_texts(page)
        for shown, event in zip(said[2:], logged[2:], strict=True):
            assert shown.endswith(text.event_text(event, lang)), (lang, shown)
        kinds = page.eval_on_selector_all(LINES, "items => items.map(i => i.className)")
        assert ["change" in k for k in kinds] == [False, True, False, True]
        assert tally_targets(page) == counted == ["p06"]
        assert page.get_attribute("#vote-history .vote-lines", "aria-live") == "polite"
        assert not_reloaded(page)
        if device == "phone":
            assert fits(page, PHONE["width"])
        page.locator("#vote-history").scroll_into_view_if_needed()
        shot(page, f"votes-{device}-{lang}", full_page=False)

    # The GM closes the day: a reader opens the closed day's history, loaded then.
    FormSeat(browser, site, host, url).post("close", {"phase_seq": seq})
    reader = readers["p03", "en", "desktop"]
    day = reader.locator("details.day-votes").first
    day.wait_for()
    day.locator("summary").click()
    reader.wait_for_selector("details.day-votes .vote-line")
    assert reader.locator("details.day-votes .vote-line").count() == 4
    assert not_reloaded(reader)
    shot(reader, "votes-closed-day-desktop-en", full_page=False)
