"""Issue 18, item 9: the Content-Security-Policy is on every page, and the site's own
pages satisfy it in a real browser: the lobby, the create form (its script swaps the
form in), a running game's page with its live socket, the login and sign-up pages.
A violation (an inline script or style, an eval, a socket the policy refuses) is
reported by Chromium as a `securitypolicyviolation` event."""

import pytest

from games import services
from tests.kit.browser import PUSH_TIMEOUT, open_page, user, wait_live
from tests.kit.games import SEVEN, new_classic7, seat_players

pytestmark = pytest.mark.browser

RECORD_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", function (e) {
  window.__violations.push(e.violatedDirective + " " + e.blockedURI);
});
"""
# The control: markup with an inline style, which the policy refuses.
INLINE_STYLE = "document.body.insertAdjacentHTML('beforeend', '<p style=\"color:red\">x</p>')"


def own_violations(page) -> list[str]:
    """The violations the page made by itself. Chromium reports them as events queued
    in order: a control violation is made and its report waited for, so every report
    of the page's own has come before it; the control's is left out."""
    held = page.evaluate("window.__violations.length")
    page.evaluate(INLINE_STYLE)
    page.wait_for_function(
        "n => window.__violations.slice(n).some(v => v.startsWith('style-src'))", arg=held
    )
    reported = page.evaluate("window.__violations")
    control = next(i for i in range(held, len(reported)) if reported[i].startswith("style-src"))
    return reported[:control] + reported[control + 1 :]


def test_the_site_pages_satisfy_their_content_security_policy(site, browser):
    gemma = user("gemma")
    players = {name: user(name) for name in SEVEN}
    game = new_classic7(gemma, players)
    seat_players(gemma, game, players.values(), start=True)
    page = open_page(browser, site, players["alice"])
    page.context.add_init_script(RECORD_VIOLATIONS)
    violations = []
    for path in ("/", "/games/new/", f"/games/{game.id}/"):
        response = page.goto(site.url + path)
        assert "script-src 'self'" in response.headers["content-security-policy"]
        if path == f"/games/{game.id}/":
            wait_live(page)  # the socket opened under connect-src 'self'
        violations += own_violations(page)
    stranger = browser.new_context().new_page()
    stranger.set_default_timeout(PUSH_TIMEOUT)
    stranger.context.add_init_script(RECORD_VIOLATIONS)
    for path in ("/accounts/login/", "/signup/", f"/games/{game.id}/"):
        stranger.goto(site.url + path)
        violations += own_violations(stranger)
    assert violations == []
    assert services.open_phase(game) is not None
