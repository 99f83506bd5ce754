"""The desk's preview and what-if (issue 15): "the engine's outcome on the stored inputs
(deaths, headline, descriptions, every private result), shown to the GM only, never
stored or pushed"; "the preview equals the close that follows when nothing changes in
between"; what-if: "the GM can add, change or drop actions in the preview to see
another outcome", and nothing is stored."""

import json

import pytest
from django.urls import reverse

import roles
from games import services
from games.desk import outcome
from games.desk.whatif import from_stored
from games.models import Action, Event
from tests.kit.desk import act

pytestmark = pytest.mark.django_db

# The outcome's list of deaths, empty (templates/games/_desk_outcome.html).
NO_DEATHS = '<ul class="desk-deaths" data-engine-text><li class="empty">'


def plain(value):
    return json.loads(json.dumps(value))


def test_the_preview_equals_the_close_that_follows(table):
    victim = table.with_role("townie")[0]
    act(table, "mafioso", "kill", [victim])
    act(table, "sheriff", "check", [table.with_role("consort")[0]])
    act(table, "escort", "block", [table.with_role("doctor")[0]])
    game, phase = table.refresh(), table.phase()
    seen = outcome.preview(game, phase)
    assert seen.status == "closes"
    assert [d["player"] for d in seen.deaths] == [victim]
    events_before = Event.objects.filter(game=game).count()
    assert Event.objects.filter(game=game).count() == events_before  # nothing stored

    services.gm_close_phase(table.gm, game.id)
    phase.refresh_from_db()
    assert plain(seen.record) == plain(phase.record)
    closed = Event.objects.get(phase=phase, kind="phase_closed", audience="public").payload
    assert seen.headline == (closed.get("headline") or "")
    assert [d["player"] for d in seen.deaths] == [d["player"] for d in closed["deaths"]]
    # The descriptions in words, with the player's pronoun ("they" by default).
    told = {
        name: roles.render(roles.description_message(name, text), "en")
        for name, text in (closed.get("descriptions") or {}).items()
    }
    assert {d["player"]: d["description"] for d in seen.deaths if d["description"]} == told
    results = [e.payload for e in Event.objects.filter(phase=phase, kind="result")]
    assert plain(seen.record["results"]) == plain(results)
    assert seen.results and all(":" in line for line in seen.results)


def test_the_gm_page_shows_the_preview(table):
    victim = table.with_role("townie")[0]
    act(table, "mafioso", "kill", [victim])
    page = table.page("gemma")
    assert "If this night closed now" in page
    assert f"<strong>{victim}</strong> (Townie" in page


def test_a_pending_decision_and_a_refusal_are_shown_not_raised(table):
    state = table.state()
    refused = outcome.outcome_of(state, {"night": [{"actor": "nobody", "targets": []}]})
    assert refused.status == "refuses" and "unknown player" in refused.refusal
    broken = outcome.outcome_of(state, {"night": "garbage"})
    assert broken.status == "refuses"
    both = outcome.outcome_of(state, {"night": [], "day": {}})
    assert both.status == "refuses"


def whatif_post(form, **changes):
    data = {}
    for i, row in enumerate(form.actions):
        data[f"move_{i}"] = row["move"]
        data[f"targets_{i}"] = row["targets"]
        data[f"extra_{i}"] = row["extra"]
    data.update(changes)
    return data


def test_whatif_with_an_added_heal_and_a_dropped_kill_changes_the_outcome_and_stores_nothing(
    table,
):
    victim = table.with_role("townie")[0]
    act(table, "mafioso", "kill", [victim])
    game = table.refresh()
    url = reverse("desk_whatif", args=[game.id])
    gm = table.clients["gemma"]
    page = gm.get(url).content.decode()
    assert "What if…? Night 1" in page and "Ask the engine" in page
    form = from_stored(services.phase_input(table.phase()))
    doctor = table.with_role("doctor")[0]
    before = (
        Event.objects.filter(game=game).count(),
        list(Action.objects.filter(phase__game=game).values_list("id", "ability", "targets")),
        game.last_event_seq,
        game.state,
    )
    stored_count = len(form.actions) - 3
    added = whatif_post(
        form,
        **{f"move_{stored_count}": f"{doctor}|heal", f"targets_{stored_count}": victim},
    )
    answer = gm.post(url, added).content.decode()
    assert "the engine&#x27;s answer" in answer or "the engine's answer" in answer
    section = answer.split('id="whatif-answer"')[1].split("</section>")[0]
    assert NO_DEATHS in section
    dropped = whatif_post(form, drop_0="1")
    section = gm.post(url, dropped).content.decode().split('id="whatif-answer"')[1]
    assert NO_DEATHS in section.split("</section>")[0]
    two = f"{doctor}, {victim}"
    refused = whatif_post(form, **{"move_1": f"{doctor}|heal", "targets_1": two})
    section = gm.post(url, refused).content.decode().split('id="whatif-answer"')[1]
    assert '<p class="desk-refuses"' in section.split("</section>")[0]
    forged = whatif_post(form, **{"move_1": "mallory|kill", "targets_1": victim})
    answer = gm.post(url, forged).content.decode()
    assert "choose one of the moves offered" in answer
    game.refresh_from_db()
    after = (
        Event.objects.filter(game=game).count(),
        list(Action.objects.filter(phase__game=game).values_list("id", "ability", "targets")),
        game.last_event_seq,
        game.state,
    )
    assert after == before


def test_whatif_by_day_edits_the_votes(table):
    services.gm_close_phase(table.gm, table.game.id)
    alive = table.alive()
    services.cast_vote(table.users[alive[0]], table.game.id, alive[1])
    url = reverse("desk_whatif", args=[table.game.id])
    gm = table.clients["gemma"]
    data = {"voter_0": alive[0], "target_0": alive[1]}
    for i, voter in enumerate(alive[1:5], start=1):
        data[f"voter_{i}"], data[f"target_{i}"] = voter, alive[1]
    answer = gm.post(url, data).content.decode().split('id="whatif-answer"')[1]
    assert f"Lynched: {alive[1]}." in answer.split("</section>")[0]
    assert Event.objects.filter(game=table.game, kind="phase_closed").count() == 1


def test_a_pending_decision_shows_as_a_question_on_the_desk(table, monkeypatch):
    """The engine may ask before it closes (a tie the host decides): the preview says
    who must decide what, and the page does not crash."""
    import roles

    def asks(state, given):
        raise roles.PendingDecision(
            "the vote is tied", "action", ["bob", "carol"], actor="GM", ability="tie_break"
        )

    monkeypatch.setattr(roles, "resolve_phase", asks)
    page = table.page("gemma")
    assert "The engine would not close yet" in page
    assert "you (the GM) must decide first (tie_break: bob, carol): the vote is tied" in page
