"""Who may see and do what: one named persona per authorisation rule.

gemma is the GM; alice..grace play (roles dealt by the engine with a fixed seed);
mallory is a logged-in stranger; an anonymous visitor has no account.
"Nothing private leaks into another player's page": every page is rendered from
the viewer's own view of the game.
"""

import json

import pytest
from django.test import Client
from django.urls import reverse

import roles
from games import services
from games.models import Event
from games.viewer import viewer_for, visible_events


def role_names(table) -> dict[str, str]:
    ruleset = roles.get_ruleset("bay12")
    return {p.name: ruleset.roles[p.role].name for p in table.state().players}


def first_with(table, role: str) -> str:
    return next(p.name for p in table.state().players if p.role == role)


def page_of(client: Client, table) -> str:
    return client.get(reverse("game", args=[table.game.id])).content.decode()


def test_a_player_sees_only_their_own_role(table):
    names = role_names(table)
    sheriff = first_with(table, "sheriff")
    page = table.page(sheriff)
    assert f"<strong>{names[sheriff]}</strong>" in page
    for other, role in names.items():
        if role != names[sheriff]:
            assert f"<strong>{role}</strong>" not in page, f"{other}'s role leaked"
    assert "GM panel" not in page


def test_the_mafia_see_each_other_and_the_town_sees_nobody(table):
    mafioso, consort = first_with(table, "mafioso"), first_with(table, "consort")
    told = Event.objects.filter(game=table.game, kind="teammates")
    assert [(e.audience, sorted(e.payload["members"])) for e in told] == [
        ("faction:mafia", sorted([mafioso, consort]))
    ]
    for name in (mafioso, consort):
        assert "Your team:" in table.page(name)
    for name in table.alive():
        if name not in (mafioso, consort):
            assert "Your team" not in table.page(name)


def test_the_gm_sees_every_role_and_every_action(table):
    mafioso, victim = first_with(table, "mafioso"), first_with(table, "townie")
    services.submit_action(table.users[mafioso], table.game.id, ability="kill", targets=[victim])
    page = table.page("gemma")
    assert "GM panel" in page
    for role in set(role_names(table).values()):
        assert role in page
    # The GM's order sheet (issue 15) puts each action in words, in the engine's order.
    assert f"{mafioso} (Mafioso) kills {victim}" in page


def test_a_stranger_and_an_anonymous_visitor_see_only_the_public_game(table, mallory):
    mafioso, victim = first_with(table, "mafioso"), first_with(table, "townie")
    services.submit_action(table.users[mafioso], table.game.id, ability="kill", targets=[victim])
    stranger = Client()
    stranger.force_login(mallory)
    for client in (stranger, Client()):
        page = page_of(client, table)
        assert "Your role" not in page and "GM panel" not in page
        for role in set(role_names(table).values()):
            assert f"<strong>{role}</strong>" not in page
        assert f"{mafioso}: kill" not in page
        card = client.get(reverse("role_card", args=[table.game.id]))
        assert card.status_code == 404


def test_the_action_form_is_built_from_the_engine_and_hides_teammates(table):
    mafioso, consort = first_with(table, "mafioso"), first_with(table, "consort")
    page = table.page(mafioso)
    assert 'name="ability" value="kill"' in page
    # bay12 mafia do not target their own (the day thread's filter lists every player).
    actions = page[
        page.index('id="actions"') : page.index("</section>", page.index('id="actions"'))
    ]
    assert f'<option value="{consort}">' not in actions
    assert f'<option value="{first_with(table, "townie")}">' in actions
    townie = first_with(table, "townie")
    assert 'name="ability" value="' not in table.page(townie).replace('name="ability" value=""', "")


def test_private_results_reach_only_their_owner(table, gemma):
    sheriff, mafioso = first_with(table, "sheriff"), first_with(table, "mafioso")
    services.submit_action(table.users[sheriff], table.game.id, ability="check", targets=[mafioso])
    services.gm_close_phase(gemma, table.game.id)
    for name in table.users:
        events = table.clients[name].get(reverse("events_after", args=[table.game.id])).json()
        results = [e for e in events["events"] if e["kind"] == "result"]
        if name == sheriff:
            assert [r["payload"]["value"] for r in results] == ["suspicious"]
        else:
            assert results == [], f"{name} read the sheriff's result"
    anonymous = Client().get(reverse("events_after", args=[table.game.id])).json()
    assert all(e["kind"] not in ("result", "role", "phase_record") for e in anonymous["events"])


def test_the_resync_endpoint_gives_everything_after_n_and_nothing_private(table):
    townie = first_with(table, "townie")
    client = table.clients[townie]
    everything = client.get(reverse("events_after", args=[table.game.id])).json()
    ids = [tuple(e["id"]) for e in everything["events"]]
    # Its own cursor (games/cursors.py): the last number of each stream it reads.
    cursor = everything["cursor"]
    assert {label for label, _ in ids} <= set(cursor)
    assert cursor == {
        label: max((n for lbl, n in ids if lbl == label), default=0) for label in cursor
    }
    # After the third event it read: each stream from where that point leaves it.
    after = {label: 0 for label in cursor}
    for label, n in ids[:3]:
        after[label] = n
    url = reverse("events_after", args=[table.game.id])
    later = client.get(url, {"after": json.dumps(after)}).json()
    assert [tuple(e["id"]) for e in later["events"]] == ids[3:]
    assert later["cursor"] == cursor
    own_roles = [e for e in everything["events"] if e["kind"] == "role"]
    assert len(own_roles) == 1  # only their own role message
    assert "teammates" not in json.dumps(everything)
    bad = client.get(reverse("events_after", args=[table.game.id]) + "?after=x")
    assert bad.status_code == 400


def test_the_dead_lose_the_faction_chat_and_read_the_dead(table, gemma):
    mafioso, consort = first_with(table, "mafioso"), first_with(table, "consort")
    services.post_message(table.users[consort], table.game.id, channel="faction", text="plan A")
    viewer = viewer_for(table.refresh(), table.users[mafioso])
    assert f"faction:{viewer.faction}" in viewer.audiences()
    services.gm_close_phase(gemma, table.game.id)
    for name in table.alive():
        services.cast_vote(table.users[name], table.game.id, mafioso)
    assert mafioso not in table.alive()
    viewer = viewer_for(table.refresh(), table.users[mafioso])
    assert "dead" in viewer.audiences()
    assert not any(a.startswith("faction:") for a in viewer.audiences())
    assert "plan A" not in table.page(mafioso)
    kinds = {e.kind for e in visible_events(viewer)}
    assert "phase_record" not in kinds


@pytest.mark.parametrize("viewer_name", ["alice", "mallory", None])
def test_once_the_game_is_over_everyone_reads_everything(table, gemma, mallory, viewer_name):
    mafioso, consort = first_with(table, "mafioso"), first_with(table, "consort")
    services.post_message(table.users[consort], table.game.id, channel="faction", text="plan B")
    services.gm_close_phase(gemma, table.game.id)
    for target in (mafioso, consort):
        if table.refresh().status != "running":
            break
        if table.phase().kind == "night":
            services.gm_close_phase(gemma, table.game.id)
        if table.refresh().status != "running":
            break
        for name in table.alive():
            if name != target:
                services.cast_vote(table.users[name], table.game.id, target)
        if table.refresh().status == "running" and table.phase().kind == "day":
            services.gm_close_phase(gemma, table.game.id)
    assert table.refresh().status == "finished"
    client = Client()
    if viewer_name == "mallory":
        client.force_login(mallory)
    elif viewer_name:
        client.force_login(table.users[viewer_name])
    page = page_of(client, table)
    assert "game over" in page and "plan B" in page
    for role in set(role_names(table).values()):
        assert role in page


def test_a_forged_actor_or_seat_field_cannot_act_for_someone_else(table):
    """The acting seat is always the logged-in user's: form fields cannot name another."""
    mafioso, sheriff = first_with(table, "mafioso"), first_with(table, "sheriff")
    townie = first_with(table, "townie")
    response = table.clients[sheriff].post(
        reverse("act", args=[table.game.id]),
        {
            "phase_seq": table.phase().seq,
            "ability": "kill",
            "target": [townie],
            "actor": mafioso,
            "seat": mafioso,
        },
        follow=True,
    )
    assert "cannot use &#x27;kill&#x27; now" in response.content.decode()
    assert not table.phase().actions.exists()
    table.clients[sheriff].post(
        reverse("act", args=[table.game.id]),
        {"phase_seq": table.phase().seq, "ability": "check", "target": [mafioso], "actor": townie},
    )
    (action,) = table.phase().actions.all()
    assert action.seat.name == sheriff and action.targets == [mafioso]
