"""Issue 18, item 9: the Content-Security-Policy is on every page, and the site's own
pages satisfy it in a real browser: the lobby, the create form (its script swaps the
form in), a running game's page with its live socket, the login and sign-up pages.
A violation (an inline script or style, an eval, a socket the policy refuses) is
reported by Chromium as a `securitypolicyviolation` event."""

import pytest

from games import services
from tests.kit.browser import open_page, user, wait_live
from tests.kit.games import SEVEN, new_classic7, seat_players

pytestmark = pytest.mark.browser

RECORD_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", function (e) {
  window.__violations.push(e.violatedDirective + " " + e.blockedURI);
});
"""


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
        page.wait_for_timeout(300)
        violations += page.evaluate("window.__violations")
    stranger = browser.new_context().new_page()
    stranger.context.add_init_script(RECORD_VIOLATIONS)
    for path in ("/accounts/login/", "/signup/", f"/games/{game.id}/"):
        stranger.goto(site.url + path)
        stranger.wait_for_timeout(200)
        violations += stranger.evaluate("window.__violations")
    assert violations == []
    # The control: markup with an inline style is refused, and reported.
    page.evaluate("document.body.insertAdjacentHTML('beforeend', '<p style=\"color:red\">x</p>')")
    page.wait_for_timeout(300)
    assert any("style-src" in v for v in page.evaluate("window.__violations"))
    assert services.open_phase(game) is not None
