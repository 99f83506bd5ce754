"""Setups a GM builds (issue 14): saved in versions, shared or private, cloned, played.

Personas: gemma builds setups and runs games; olga is another GM; alice..erin play;
sam spectates; a logged-out visitor reads the public pages.
"""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

import roles
from games import services
from games.models import Event, Game, Setup, SetupVersion
from games.services import ServiceError
from tests.kit.games import make_user, seat_players

pytestmark = pytest.mark.django_db

# Five sc2 players: two fixed roles, a Town Power slot without killers and an Any
# Random slot with the Town and Mafia excluded (a neutral), and a fixed Citizen.
SMALL = {
    "ruleset": "sc2",
    "options": {},
    "slots": [
        {"role": "mafioso"},
        {"role": "citizen"},
        {"category": "town_power", "exclude": {"exclude_killing": True}},
        {"category": "any_random", "exclude": {"exclude_town": True, "exclude_mafia": True}},
        {"role": "sheriff"},
    ],
    "roles": {"jester": {"max": 1}},
}
PLAYERS = ["alice", "bob", "carol", "dave", "erin"]


def client_of(user=None, **kwargs) -> Client:
    client = Client(**kwargs)
    if user is not None:
        client.force_login(user)
    return client


@pytest.fixture
def gemma(db):
    return make_user("gemma")


@pytest.fixture
def olga(db):
    return make_user("olga")


def save(owner, setup=SMALL, name="Small five", public=False, token=None):
    return services.save_setup(owner, token, name=name, setup=setup, public=public)


def game_from(gm, saved, open_setup=False, **overrides):
    kwargs = dict(
        name="From a setup",
        ruleset_id="sc2",
        setup_version=saved.current,
        day_seconds=600,
        night_seconds=300,
        seed=11,
        private_messages="off",
        open_setup=open_setup,
    )
    kwargs.update(overrides)
    return services.create_game(gm, **kwargs)


def started(gm, game):
    users = [make_user(name) for name in PLAYERS]
    seat_players(gm, game, users, start=True)
    game.refresh_from_db()
    return {u.username: u for u in users}


def dealt_event(game) -> Event:
    return game.events.get(kind=services.DEALT_KIND)


# -- saving and versions --------------------------------------------------------------


def test_a_saved_setup_is_the_engine_s_format_and_editing_an_unplayed_one_keeps_version_1(
    gemma,
):
    saved = save(gemma)
    assert saved.owner == gemma and not saved.public and len(saved.token) >= 20
    assert saved.current.number == 1
    assert saved.current.as_setup() == SMALL
    edited = {**SMALL, "slots": [*SMALL["slots"], {"role": "doctor"}]}
    again = save(gemma, edited, name="Small six", token=saved.token)
    assert again.pk == saved.pk and again.name == "Small six"
    assert list(again.versions.values_list("number", flat=True)) == [1]
    assert len(again.current.slots) == 6


def test_a_game_keeps_its_version_when_the_setup_is_edited_after(gemma):
    saved = save(gemma)
    game = game_from(gemma, saved)
    v1 = saved.current
    edited = {**SMALL, "slots": [{"role": "godfather"}, *SMALL["slots"][1:]]}
    save(gemma, edited, token=saved.token)
    saved.refresh_from_db()
    assert saved.current.number == 2 and saved.current.slots[0] == {"role": "godfather"}
    v1.refresh_from_db()
    assert v1.slots == SMALL["slots"]  # untouched
    game.refresh_from_db()
    assert game.setup_version == v1 and game.setup["slots"] == SMALL["slots"]
    page = client_of(gemma).get(reverse("game", args=[game.id])).content.decode()
    assert "Small five (v1)" in page
    # A second game takes the new version; saving again now makes a third.
    game_from(gemma, saved)
    save(gemma, SMALL, token=saved.token)
    assert list(saved.versions.values_list("number", flat=True)) == [1, 2, 3]


def test_a_draft_with_problems_is_saved_but_no_game_starts_from_it(gemma):
    impossible = {
        "ruleset": "sc2",
        "slots": [
            {"role": "mayor"},
            {"role": "mayor"},
            {
                "category": "any_random",
                "exclude": {"exclude_town": True, "exclude_mafia": True, "exclude_neutral": True},
            },
        ],
    }
    saved = save(gemma, impossible, name="Draft")
    assert roles.check_setup(saved.current.as_setup())["ok"] is False
    with pytest.raises(ServiceError) as refused:
        game_from(gemma, saved)
    assert "cannot be played" in str(refused.value) and "Mayor" in str(refused.value)
    assert "Slot 3 of 3 (Any Random):" in str(refused.value)
    assert "Slot 3: slot" not in str(refused.value)
    assert not Game.objects.exists()


@pytest.mark.parametrize(
    ("setup", "words"),
    [
        ({**SMALL, "slots": [{"role": "wizard"}]}, "unknown role 'wizard'"),
        ({**SMALL, "slots": [{"category": "town_wizards"}]}, "town_wizards"),
        (
            {**SMALL, "slots": [{"category": "town_power", "exclude": {"exclude_town": True}}]},
            "has no exclusion flag 'exclude_town'",
        ),
        ({**SMALL, "ruleset": "chess"}, "There is no ruleset 'chess'"),
        ({**SMALL, "options": {"no_such_option": 1}}, "unknown option 'no_such_option'"),
        ({**SMALL, "slots": "mafioso"}, "slots a list"),
        ("not a setup", "A setup is an object"),
    ],
)
def test_garbage_is_refused_with_the_engine_s_line_and_nothing_is_saved(gemma, setup, words):
    with pytest.raises(ServiceError) as refused:
        save(gemma, setup)
    assert words in str(refused.value)
    assert "\n" not in str(refused.value)
    assert not Setup.objects.exists() and not SetupVersion.objects.exists()


def test_a_name_is_needed_and_an_edit_of_someone_else_s_setup_is_refused(gemma, olga):
    with pytest.raises(ServiceError, match="Give the setup a name"):
        save(gemma, name="  ")
    saved = save(gemma, public=True)
    with pytest.raises(ServiceError, match="Only the setup's owner"):
        save(olga, {**SMALL, "slots": [{"role": "mafioso"}]}, token=saved.token)
    with pytest.raises(ServiceError, match="Only the setup's owner"):
        services.delete_setup(olga, saved.token)
    saved.refresh_from_db()
    assert saved.current.slots == SMALL["slots"] and saved.deleted_at is None
    with pytest.raises(ServiceError, match="keeps its ruleset"):
        save(gemma, roles.preset_setup("bay12", "classic7"), token=saved.token)


# -- sharing, cloning, deleting ------------------------------------------------------


def test_only_public_setups_or_your_own_are_cloned(gemma, olga):
    private = save(gemma, name="Secret")
    with pytest.raises(ServiceError, match="no such setup"):
        services.clone_setup(olga, private.token)
    assert Setup.objects.count() == 1
    shared = save(gemma, name="Shared", public=True)
    clone = services.clone_setup(olga, shared.token)
    assert clone.owner == olga and not clone.public and clone.cloned_from == shared
    assert clone.name == "Shared" and clone.current.as_setup() == SMALL
    mine = services.clone_setup(gemma, private.token)
    assert mine.name == "Secret (copy)"


def test_a_private_setup_is_404_for_others_and_a_public_one_is_read_only(gemma, olga):
    private = save(gemma, name="Secret")
    url = reverse("setup", args=[private.token])
    assert client_of(olga).get(url).status_code == 404
    assert client_of(gemma).get(url).status_code == 200
    assert client_of().get(url).status_code == 302  # to the log-in page
    shared = save(gemma, name="Shared", public=True)
    page = client_of(olga).get(reverse("setup", args=[shared.token])).content.decode()
    assert "Town Power (random)" in page and "Clone" in page
    assert f"preset=setup:{shared.token}" in page  # "Start a game from it"
    assert 'name="slot-0"' not in page  # no builder for her
    # Her post to it changes nothing.
    response = client_of(olga).post(
        reverse("setup", args=[shared.token]),
        {"ruleset": "sc2", "name": "Mine now", "slot-0": "role:mafioso", "op": "save"},
    )
    assert response.status_code == 302
    shared.refresh_from_db()
    assert shared.name == "Shared" and len(shared.current.slots) == 5
    listing = client_of(olga).get(reverse("setups")).content.decode()
    assert "Shared" in listing and "Secret" not in listing


def test_a_deleted_setup_leaves_the_lists_but_its_games_keep_it(gemma, olga):
    saved = save(gemma, public=True)
    game = game_from(gemma, saved)
    client_of(gemma).post(reverse("delete_setup", args=[saved.token]))
    assert client_of(olga).get(reverse("setup", args=[saved.token])).status_code == 404
    assert "Small five" not in client_of(gemma).get(reverse("setups")).content.decode()
    page = client_of(gemma).get(reverse("game", args=[game.id])).content.decode()
    assert "Small five (v1)" in page


# -- the builder's pages ---------------------------------------------------------------


BUILDER_POST = {
    "ruleset": "sc2",
    "name": "Built <b>here</b>",
    "slot-0": "role:mafioso",
    "slot-1": "role:citizen",
    "slot-2": "category:town_power",
    "slot-2-x-exclude_killing": "1",
    "slot-3": "category:any_random",
    "slot-3-x-exclude_town": "1",
    "slot-3-x-exclude_mafia": "1",
    "slot-4": "role:sheriff",
    "limit-jester-max": "1",
}


def test_the_builder_saves_what_its_form_posts_and_shows_the_figures_without_script(gemma):
    client = client_of(gemma)
    checked = client.post(reverse("new_setup"), {**BUILDER_POST, "op": "check"})
    page = checked.content.decode()
    assert checked.status_code == 200 and not Setup.objects.exists()
    assert "Town Power (random)" in page and 'id="fig-players">5<' in page
    assert "Built &lt;b&gt;here&lt;/b&gt;" in page  # escaped
    response = client.post(reverse("new_setup"), {**BUILDER_POST, "op": "save"})
    saved = Setup.objects.get()
    assert response["Location"] == reverse("setup", args=[saved.token])
    assert saved.current.as_setup() == SMALL
    # Move, remove and add without the script: the form comes back changed, unsaved.
    url = reverse("setup", args=[saved.token])
    moved = client.post(url, {**BUILDER_POST, "op": "up-4"}).content.decode()
    assert moved.index('value="role:sheriff" selected') < moved.index(
        'value="category:any_random" selected'
    )
    assert moved.index('value="category:any_random" selected') < moved.index(
        'name="slot-4-x-exclude_mafia" value="1" checked'  # its flags moved with it
    )
    removed = client.post(url, {**BUILDER_POST, "op": "remove-0"}).content.decode()
    assert 'value="role:mafioso" selected' not in removed
    added = client.post(url, {**BUILDER_POST, "op": "add", "new-slot": "role:doctor"})
    assert 'name="slot-5"' in added.content.decode()
    saved.refresh_from_db()
    assert saved.current.as_setup() == SMALL


def test_the_builders_buttons_say_what_they_could_not_do(gemma, monkeypatch):
    """An empty slot, an add with nothing picked, an add past the most slots: each is
    said on the form, and nothing is saved."""
    from games.web import builder

    client = client_of(gemma)
    url = reverse("new_setup")
    empty = client.post(url, {**BUILDER_POST, "slot-1": "", "op": "check"}).content.decode()
    assert "Slot 2: pick a role or a random category." in empty
    nothing = client.post(url, {**BUILDER_POST, "op": "add"}).content.decode()
    assert "Pick the role or random category of the slot to add." in nothing
    monkeypatch.setattr(builder, "MAX_SLOTS", 5)
    full = client.post(url, {**BUILDER_POST, "op": "add", "new-slot": "role:doctor"})
    assert "A setup has at most 5 slots." in full.content.decode()
    assert 'name="slot-5"' not in full.content.decode()
    assert not Setup.objects.exists()


def test_a_flag_of_another_category_left_on_the_form_is_not_read(gemma):
    # Switched from Any Random to Town Power without the script: the old flags stay
    # ticked on the page; only Town Power's are read.
    post = {**BUILDER_POST, "slot-3": "category:town_power", "op": "save"}
    client_of(gemma).post(reverse("new_setup"), post)
    slots = Setup.objects.get().current.slots
    assert slots[3] == {"category": "town_power", "exclude": {}}


def test_the_check_endpoint_answers_json_for_a_valid_and_an_invalid_setup(gemma):
    client = client_of(gemma)
    url = reverse("check_setup")
    answer = client.post(url, json.dumps(SMALL), content_type="application/json").json()
    assert answer["ok"] is True and answer["players"] == 5 and answer["problems"] == []
    assert answer["slots"][0]["odds"] == [
        {"role": "mafioso", "name": "Mafioso", "faction": "mafia", "p": 1.0, "percent": "100%"}
    ]
    power = answer["slots"][2]
    assert power["label"] == "Town Power (random)" and power["detail"] == "Exclude killing roles"
    assert abs(sum(o["p"] for o in power["odds"]) - 1) < 0.01
    assert "vigilante" not in {o["role"] for o in power["odds"]}
    titles = {f["title"]: f["expected"] for f in answer["factions"]}
    assert titles["Mafia"] == 1 and sum(titles.values()) == pytest.approx(5, abs=0.05)
    # The builder's own fields give the same answer.
    assert client.post(url, BUILDER_POST).json() == answer

    invalid = {**SMALL, "slots": [{"role": "mayor"}, {"role": "mayor"}]}
    answer = client.post(url, json.dumps(invalid), content_type="application/json").json()
    assert answer["ok"] is False and answer["players"] == 2
    assert any("Mayor" in p["text"] for p in answer["problems"])
    assert all(not s["odds"] for s in answer["slots"])

    garbage = client.post(
        url, json.dumps({**SMALL, "slots": [{"role": "wizard"}]}), content_type="application/json"
    )
    assert garbage.status_code == 400 and "wizard" in garbage.json()["error"]
    broken = client.post(url, "{not json", content_type="application/json")
    assert broken.status_code == 400 and broken.json() == {"error": "The setup is not JSON."}


def test_the_check_endpoint_refuses_a_visitor_and_a_post_without_its_csrf_token(gemma):
    url = reverse("check_setup")
    anonymous = client_of().post(url, json.dumps(SMALL), content_type="application/json")
    assert anonymous.status_code == 403 and anonymous.json() == {"error": "Log in first."}
    strict = client_of(gemma, enforce_csrf_checks=True)
    assert strict.post(url, json.dumps(SMALL), content_type="application/json").status_code == 403
    assert client_of(gemma).get(url).status_code == 405
    # And the builder's save too.
    response = strict.post(reverse("new_setup"), {**BUILDER_POST, "op": "save"})
    assert response.status_code == 403 and not Setup.objects.exists()


# -- games from setups --------------------------------------------------------------


def test_a_game_from_a_setup_rolls_with_its_seed_and_the_gm_s_deal_records_the_roll(gemma):
    saved = save(gemma)
    game = game_from(gemma, saved)
    assert services.preset_size(game) == 5 and game.preset_id == ""
    started(gemma, game)
    roll = roles.roll_setup(game.setup, game.seed)
    event = dealt_event(game)
    assert event.audience == "gm"
    assert [s["role"] for s in event.payload["slots"]] == roll["roles"]
    assert event.payload["slots"][2]["category"] == "town_power"
    dealt = sorted(p["role"] for p in event.payload["players"])
    assert dealt == sorted(roll["roles"])
    gm_page = client_of(gemma).get(reverse("game", args=[game.id])).content.decode()
    rolled = roles.get_ruleset("sc2").roles[roll["roles"][3]].name
    assert f'Any Random (random) → <strong class="rolled">{rolled}</strong>' in gm_page


def test_the_game_over_page_shows_every_slot_and_what_it_rolled(gemma):
    saved = save(gemma)
    game = game_from(gemma, saved)
    players = started(gemma, game)
    state = services.engine_state(game)
    # The GM modkills every player but the town's until the game ends.
    for player in state.players:
        game.refresh_from_db()
        if game.status == "finished":
            break
        if player.faction != "town":
            services.modkill_player(gemma, game.id, player.name)
    game.refresh_from_db()
    assert game.status == "finished"
    roll = roles.roll_setup(game.setup, game.seed)
    names = roles.get_ruleset("sc2").roles
    for who in (client_of(players["alice"]), client_of()):
        page = who.get(reverse("game", args=[game.id])).content.decode()
        assert "every slot and what it rolled is open to all" in page
        for role in roll["roles"][2:4]:
            assert f'<strong class="rolled">{names[role].name}</strong>' in page


def _pages_and_events(game, client) -> str:
    page = client.get(reverse("game", args=[game.id])).content.decode()
    events = client.get(reverse("events_after", args=[game.id])).content.decode()
    return page + events


@pytest.mark.parametrize("open_setup", [True, False])
def test_who_reads_the_role_list_of_an_open_and_of_a_closed_setup(gemma, open_setup):
    saved = save(gemma)
    game = game_from(gemma, saved, open_setup=open_setup)
    lobby = client_of().get(reverse("game", args=[game.id])).content.decode()
    assert ("Town Power (random)" in lobby) is open_setup
    players = started(gemma, game)
    sam = make_user("sam")
    services.watch_game(sam, game.id)
    for who in (players["alice"], sam, None):
        seen = _pages_and_events(game, client_of(who))
        assert ("Town Power (random)" in seen) is open_setup
        assert ("Any Random (random)" in seen) is open_setup
        assert 'class="rolled"' not in seen
        assert "town_power" not in seen and "any_random" not in seen and '"slots"' not in seen
        if not open_setup:
            assert "Closed setup: 5 players" in seen
    gm_seen = _pages_and_events(game, client_of(gemma))
    assert "Town Power (random)" in gm_seen and 'class="rolled"' in gm_seen
    assert '"slots"' in gm_seen  # his copy of the deal, on the events endpoint


def test_excluded_from_randoms_options_take_effect_through_a_setup(gemma):
    # sc2-reference 3.2 "Excluded from randoms": a Neutral Evil slot is the Witch or the
    # Cultist; with the Cultist's option on it is always the Witch.
    evil = {
        "ruleset": "sc2",
        "options": {"cultist_excluded_from_randoms": True},
        "slots": [{"role": "mafioso"}, {"role": "citizen"}, {"category": "neutral_evil"}],
    }
    odds = roles.setup_odds(services.clean_setup(evil))
    assert odds["slots"][2]["odds"] == {"witch": 1.0}
    saved = save(gemma, evil)
    for seed in range(8):
        game = game_from(gemma, saved, seed=seed, name=f"Seed {seed}")
        assert game.options["cultist_excluded_from_randoms"] is True
        assert roles.roll_setup(game.setup, seed)["roles"][2] == "witch"
    # The GM's create form may turn it off again: then the Cultist is possible.
    game = game_from(gemma, saved, options={"cultist_excluded_from_randoms": False})
    assert set(roles.setup_odds(game.setup)["slots"][2]["odds"]) == {"witch", "cultist"}
    # A role limit of the GM does the same for any role.
    limited = {**evil, "options": {}, "roles": {"cultist": {"excluded_from_randoms": True}}}
    game = game_from(gemma, save(gemma, limited), name="Limited")
    assert roles.setup_odds(game.setup)["slots"][2]["odds"] == {"witch": 1.0}


def test_a_game_from_someone_else_s_private_setup_is_refused(gemma, olga):
    private = save(gemma)
    with pytest.raises(ServiceError, match="no such setup"):
        game_from(olga, private)
    shared = save(gemma, public=True)
    assert game_from(olga, shared).gm == olga
    with pytest.raises(ServiceError, match="another ruleset"):
        game_from(gemma, shared, ruleset_id="bay12", reveal_mode="role")
    assert Game.objects.count() == 1


def test_a_preset_game_deals_as_before(gemma):
    game = services.create_game(
        gemma,
        name="Classic",
        ruleset_id="bay12",
        preset_id="classic7",
        day_seconds=600,
        night_seconds=300,
        reveal_mode="role",
        seed=7,
    )
    assert game.setup["slots"] == [
        {"role": r} for r in roles.get_ruleset("bay12").presets["classic7"].roles
    ]
    names = ["alice", "bob", "carol", "dave", "erin", "frank", "grace"]
    seat_players(gemma, game, [make_user(n) for n in names], start=True)
    expected = roles.deal("bay12", "classic7", names, 7)
    assert services.dealt_roles(game) == {d["name"]: d["role"] for d in expected}


# -- the create page -----------------------------------------------------------------


def test_the_create_page_offers_presets_and_the_gm_s_setups_side_by_side(gemma, olga):
    mine = save(gemma, name="My five")
    shared = save(olga, name="Olga's five", public=True)
    secret = save(olga, name="Olga's secret")
    page = client_of(gemma).get(reverse("create_game") + "?ruleset=sc2").content.decode()
    assert '<optgroup label="Presets">' in page and '<optgroup label="Setups">' in page
    assert f'value="setup:{mine.token}"' in page and "My five (5 players)" in page
    assert shared.token not in page and secret.token not in page
    came_from = f"?ruleset=sc2&preset=setup:{shared.token}"
    page = client_of(gemma).get(reverse("create_game") + came_from).content.decode()
    assert f'value="setup:{shared.token}" selected' in page
    assert "Olga&#x27;s five (by olga)" in page and "Town Power (random)" in page
    assert "Open setup (players see the role list)" in page
    forged = client_of(gemma).get(
        reverse("create_game") + f"?ruleset=sc2&preset=setup:{secret.token}"
    )
    assert secret.token not in forged.content.decode()

    response = client_of(gemma).post(
        reverse("create_game"),
        {
            "ruleset": "sc2",
            "preset": f"setup:{shared.token}",
            "shown_ruleset": "sc2",
            "shown_preset": f"setup:{shared.token}",
            "name": "Olga's, run by Gemma",
            "day_minutes": 10,
            "night_minutes": 5,
            "first_phase": "night",
            "private_messages": "off",
            "open_setup": "on",
            **_option_post("sc2"),
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    game = Game.objects.get()
    assert game.setup_version == shared.current and game.open_setup and game.gm == gemma


def _option_post(ruleset_id: str) -> dict:
    ruleset = roles.get_ruleset(ruleset_id)
    post = {}
    for option in ruleset.options:
        if option.id == services.REVEAL_OPTION:
            continue
        if option.choices:
            post[f"option_{option.id}"] = str(option.choices.index(option.default))
        elif isinstance(option.default, list):
            post[f"option_{option.id}"] = ", ".join(option.default)
        elif isinstance(option.default, bool):
            if option.default:
                post[f"option_{option.id}"] = "on"
        else:
            post[f"option_{option.id}"] = option.default
    return post


def test_the_create_page_refuses_a_setup_with_problems_with_the_engine_s_messages(gemma):
    draft = save(gemma, {**SMALL, "slots": [{"role": "mayor"}, {"role": "mayor"}]}, name="Draft")
    url = reverse("create_game") + f"?ruleset=sc2&preset=setup:{draft.token}"
    page = client_of(gemma).get(url).content.decode()
    assert "cannot be played until its problems are fixed" in page and "Mayor" in page
    response = client_of(gemma).post(
        reverse("create_game"),
        {
            "ruleset": "sc2",
            "preset": f"setup:{draft.token}",
            "shown_ruleset": "sc2",
            "shown_preset": f"setup:{draft.token}",
            "name": "Doomed",
            "day_minutes": 10,
            "night_minutes": 5,
            "first_phase": "night",
            **_option_post("sc2"),
        },
    )
    assert response.status_code == 200
    assert "This setup cannot be played yet" in response.content.decode()
    assert not Game.objects.exists()


def test_a_new_setup_may_start_from_a_preset(gemma):
    page = client_of(gemma).get(reverse("new_setup") + "?ruleset=sc2").content.decode()
    assert "start from one of SC2 Mafia's presets" in page
    page = client_of(gemma).get(reverse("new_setup") + "?ruleset=bay12&preset=classic7")
    html = page.content.decode()
    assert html.count('value="role:townie" selected') == 2 and 'id="fig-players">7<' in html
    assert client_of(gemma).get(reverse("new_setup") + "?ruleset=chess").status_code == 302
