"""The create-game form (games/web/create.py, games/web/forms.py).

Found by a new user: sc2's Classic and Clue were created with last wills and revealed
roles on, because the form's fields started at the ruleset's defaults and a posted
form always overrides the setup; and picking a ruleset without pressing "Choose"
made an 18-seat bay12 game. Now the fields start at the chosen setup's own options,
and no game is created with a ruleset or setup whose form the GM was not shown.
Each test posts what the page shows, read from its HTML (tests/kit/forms.py).
"""

from __future__ import annotations

from unittest import mock

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

import roles
from games.models import Game
from roles.ruleset import Preset
from tests.kit.forms import form_fields

EVERY_SETUP = [(r.id, p) for r in roles.list_rulesets() for p in r.presets]


@pytest.fixture
def gm(gemma):
    client = Client()
    client.force_login(gemma)
    return client


def page_of(client, ruleset_id: str, preset_id: str | None = None, **shared) -> str:
    params = {"ruleset": ruleset_id, **({"preset": preset_id} if preset_id else {}), **shared}
    response = client.get(reverse("create_game"), params)
    assert response.status_code == 200
    return response.content.decode()


def untouched(html: str, name: str) -> dict[str, str]:
    """The form as the GM leaves it, but for the game's name (the one required field)."""
    data = form_fields(html, "create-form")
    data["name"] = name
    return data


def expected_options(ruleset_id: str, preset_id: str) -> dict:
    ruleset = roles.get_ruleset(ruleset_id)
    return ruleset.resolved_options(ruleset.presets[preset_id].options)


# -- the setup's own options are the form's defaults -----------------------------------


def test_sc2_classic_and_clue_keep_their_own_options_when_the_gm_changes_nothing(gm):
    """sc2-reference.md §3.3, the variants: "Classic (only Mafioso, Consort, Citizen,
    Doctor, Sheriff; no last wills, PMs or trials), Clue (no last wills, roles not
    revealed at death; host picks roles)". Both were created with last wills and
    revealed roles on: the form's defaults overrode the setup's."""
    for preset_id in ("classic", "clue15"):
        response = gm.post(
            reverse("create_game"), untouched(page_of(gm, "sc2", preset_id), preset_id)
        )
        assert response.status_code == 302
    classic, clue = Game.objects.get(name="classic"), Game.objects.get(name="clue15")
    assert classic.preset_id == "classic" and clue.preset_id == "clue15"
    assert classic.options["last_wills"] is False
    assert classic.options["reveal_roles"] is True  # Classic says nothing of it
    assert clue.options["last_wills"] is False and clue.options["reveal_roles"] is False


@pytest.mark.parametrize(("ruleset_id", "preset_id"), EVERY_SETUP)
def test_every_setup_created_untouched_stores_its_own_options_over_the_defaults(
    gm, ruleset_id, preset_id
):
    html = page_of(gm, ruleset_id, preset_id)
    response = gm.post(reverse("create_game"), untouched(html, "untouched"))
    assert response.status_code == 302, response.content.decode()[:2000]
    game = Game.objects.get(name="untouched")
    assert (game.ruleset_id, game.preset_id) == (ruleset_id, preset_id)
    assert game.options == expected_options(ruleset_id, preset_id)


def test_the_form_marks_the_options_the_setup_sets(gm):
    html = page_of(gm, "sc2", "clue15")
    data = form_fields(html, "create-form")
    sc2 = roles.get_ruleset("sc2")
    last_wills = next(o for o in sc2.options if o.id == "last_wills")
    assert data["option_last_wills"] == str(last_wills.choices.index(False))
    assert html.count('class="tag by-setup"') == 1 + len(sc2.presets["clue15"].options)
    standard = page_of(gm, "sc2", "standard15")
    assert 'class="tag by-setup"' not in standard
    assert "this setup changes none" in standard


def test_a_reveal_mode_the_setup_sets_is_the_forms_default(gm):
    """No shipped setup sets the reveal mode today; one that does (a Clue-like bay12
    game, say) starts the form there, and untouched it is what the game gets."""
    bay12 = roles.get_ruleset("bay12")
    dark = Preset("dark7", "7 players, nothing revealed", bay12.presets["classic7"].roles)
    dark = Preset(dark.id, dark.title, dark.roles, {"reveal": "none", "tie": "random"})
    with mock.patch.dict(bay12.presets, {"dark7": dark}):
        html = page_of(gm, "bay12", "dark7")
        assert form_fields(html, "create-form")["reveal_mode"] == "none"
        assert gm.post(reverse("create_game"), untouched(html, "dark")).status_code == 302
    game = Game.objects.get(name="dark")
    assert game.reveal_mode == "none" and game.options["reveal"] == "none"
    assert game.options["tie"] == "random"


def test_the_gm_may_still_change_what_the_setup_sets(gm):
    """The setup's options are where the form starts, not a lock: a Classic game with
    last wills is the GM's call (the service merges the form over the setup)."""
    data = untouched(page_of(gm, "sc2", "classic"), "classic with wills")
    last_wills = next(o for o in roles.get_ruleset("sc2").options if o.id == "last_wills")
    data["option_last_wills"] = str(last_wills.choices.index(True))
    assert gm.post(reverse("create_game"), data).status_code == 302
    assert Game.objects.get(name="classic with wills").options["last_wills"] is True


# -- no game of a ruleset (or setup) the GM did not choose ----------------------------


def test_the_first_step_only_picks_a_ruleset(gm):
    html = gm.get(reverse("create_game")).content.decode()
    assert 'method="post"' not in html.split("<main>", 1)[1]  # no create form, no button
    assert "Create game" not in html
    for ruleset in roles.list_rulesets():
        assert f'href="/games/new/?ruleset={ruleset.id}"' in html
        assert escape(ruleset.title) in html
    assert "3 setups, 15 players" in html  # sc2


def test_a_post_without_a_ruleset_creates_nothing(gm):
    data = untouched(page_of(gm, "bay12"), "no ruleset")
    del data["ruleset"]
    response = gm.post(reverse("create_game"), data, follow=True)
    assert "There is no ruleset" in response.content.decode()
    assert not Game.objects.exists()


def test_an_unknown_ruleset_goes_back_to_the_first_step(gm):
    response = gm.get(reverse("create_game"), {"ruleset": "bay13<script>"}, follow=True)
    html = response.content.decode()
    assert "There is no ruleset" in html and "bay13&lt;script&gt;" in html
    assert "<script>" not in html.split("<main>", 1)[1].split("</main>")[0]


def test_a_ruleset_picked_without_the_script_shows_its_form_and_creates_nothing(gm):
    """Without JavaScript the GM switches the ruleset select from Bay 12 to SC2 and
    presses Create (not "Show this setup"): the page answers with SC2's form, its
    first setup's options, and what he typed in the shared fields; no game yet."""
    data = untouched(page_of(gm, "bay12"), "Friday night")
    data.update(ruleset="sc2", day_minutes="90")  # the preset is still bay12's
    response = gm.post(reverse("create_game"), data)
    assert response.status_code == 200
    assert not Game.objects.exists()
    html = response.content.decode()
    assert "Nothing was created" in html
    shown = form_fields(html, "create-form")
    assert shown["shown_ruleset"] == shown["ruleset"] == "sc2"
    assert shown["preset"] == "classic"  # sc2's first setup
    assert shown["name"] == "Friday night" and shown["day_minutes"] == "90"
    assert shown["private_messages"] == roles.get_ruleset("sc2").private_messages_default
    assert "option_tie" not in shown  # bay12's option is gone
    # Pressing Create again makes that game, with Classic's own options.
    assert gm.post(reverse("create_game"), shown).status_code == 302
    game = Game.objects.get()
    assert (game.ruleset_id, game.preset_id, game.day_seconds) == ("sc2", "classic", 5400)
    assert game.options == expected_options("sc2", "classic")


def test_a_setup_picked_without_the_script_shows_its_options_first(gm):
    data = untouched(page_of(gm, "sc2", "standard15"), "Clue night")
    data.update(preset="clue15", private_messages="on")
    response = gm.post(reverse("create_game"), data)
    assert response.status_code == 200 and not Game.objects.exists()
    shown = form_fields(response.content.decode(), "create-form")
    assert shown["shown_preset"] == shown["preset"] == "clue15"
    assert shown["private_messages"] == "on"  # same ruleset: kept
    assert gm.post(reverse("create_game"), shown).status_code == 302
    assert Game.objects.get().options == expected_options("sc2", "clue15")


def test_show_this_setup_re_renders_without_a_message(gm):
    data = untouched(page_of(gm, "sc2"), "Shown")
    data.update(preset="clue15", choose="1")
    response = gm.post(reverse("create_game"), data)
    html = response.content.decode()
    assert response.status_code == 200 and not Game.objects.exists()
    assert "Nothing was created" not in html
    assert form_fields(html, "create-form")["shown_preset"] == "clue15"
    assert 'name="choose"' in html  # the button lives in <noscript>


@pytest.mark.parametrize("shown", [True, False])
def test_a_setup_of_another_ruleset_is_refused_with_a_clear_error(gm, shown):
    """A forged form: SC2 with bay12's classic7 (with or without the shown_* fields a
    scripted client may leave out)."""
    data = untouched(page_of(gm, "sc2"), "forged")
    data["preset"] = "classic7"
    if shown:
        data["shown_preset"] = "classic7"
    else:
        del data["shown_ruleset"], data["shown_preset"]
    response = gm.post(reverse("create_game"), data)
    assert response.status_code == 200
    assert "SC2 Mafia has no setup classic7: choose one of its setups." in (
        response.content.decode()
    )
    assert not Game.objects.exists()


def test_the_form_keeps_the_typed_name_escaped(gm):
    html = page_of(gm, "sc2", "clue15", name='"><script>x</script>', day_minutes="30")
    assert "<script>x</script>" not in html
    assert form_fields(html, "create-form")["name"] == '"><script>x</script>'


def test_the_create_post_needs_its_csrf_token(gemma):
    client = Client(enforce_csrf_checks=True)
    client.force_login(gemma)
    data = untouched(page_of(client, "sc2", "clue15"), "no token")
    del data["csrfmiddlewaretoken"]
    assert client.post(reverse("create_game"), data).status_code == 403
    assert not Game.objects.exists()


# -- the fragment the page's script swaps in -----------------------------------------


def test_the_fragment_is_the_form_of_the_asked_setup_with_the_shared_fields(gm):
    response = gm.get(
        reverse("create_form"),
        {"ruleset": "sc2", "preset": "clue15", "name": "Kept", "night_minutes": "15"},
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" not in html  # the form alone, for the page to put in place
    data = form_fields(html, "create-form")
    assert data["shown_preset"] == "clue15" and data["name"] == "Kept"
    assert data["night_minutes"] == "15"
    data["name"] = "from the fragment"
    assert gm.post(reverse("create_game"), data).status_code == 302
    assert Game.objects.get().options == expected_options("sc2", "clue15")


def test_the_fragment_for_another_ruleset_starts_at_its_first_setup(gm):
    html = gm.get(reverse("create_form"), {"ruleset": "bay12"}).content.decode()
    data = form_fields(html, "create-form")
    assert data["ruleset"] == data["shown_ruleset"] == "bay12"
    assert data["preset"] == next(iter(roles.get_ruleset("bay12").presets))
    assert data["private_messages"] == "on"  # bay12's default


def test_the_fragment_refuses_strangers_and_unknown_rulesets(gm, db):
    assert Client().get(reverse("create_form"), {"ruleset": "sc2"}).status_code == 403
    assert gm.get(reverse("create_form"), {"ruleset": "nope"}).status_code == 404
