"""What a player believes is his role, everywhere (issue 13).

"A player's own role must be what the engine's view says the player knows
(`shown_as`), everywhere": the role message of the log, the socket, the page, the
role card. 003, "Одиннадцать": "Мирные не знают, у кого из них есть статус, и какой
именно"; 001, Paranoid: "the paranoid is not aware that he's insane and thus
believes himself to be a normal townie". The GM reads the truth (his copy of the
deal, his panel); after the game everyone does.

For every ruleset and every role dealt under another's name, a game of the
ruleset's preset is played through its first night on the site with the holder's
socket and the GM's open: whatever the holder may read (socket, event feed, page,
card) never names the real role, beyond the text of the card he is shown (the
Civilian's card lists the statuses: "doctor, +1 vote, −1 vote, commissar").
"""

from __future__ import annotations

import json

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

import roles
from games import services
from games.models import Event
from tests.kit.matrix import checked_page, expected_seqs
from tests.kit.play import started
from tests.kit.sockets import Socket

SHOWN_AS = [
    (ruleset.id, role.id)
    for ruleset in roles.list_rulesets()
    for role in ruleset.roles.values()
    if role.shown_as
]


def names_of(role) -> set[str]:
    """How a text may name a role: its id (also with spaces) and its display name."""
    return {role.id, role.id.replace("_", " "), role.name.lower()}


def named(text: str, role) -> set[str]:
    return {word for word in names_of(role) if word in text.lower()}


def without_the_shown_card(page: str, ruleset_id: str, shown) -> str:
    """The page minus the text of the card the seat holds: the card itself and its
    abilities' labels and descriptions (the action forms)."""
    texts = [roles.role_card_in(ruleset_id, shown.id, "en")]
    texts += [a.label for a in shown.abilities] + [a.description for a in shown.abilities]
    for text in sorted(texts, key=len, reverse=True):
        page = page.replace(escape(text), "")
    return page


def first_move(game, name: str) -> dict | None:
    offered = services.choices_now(services.engine_state(game), name)
    for choice in offered:
        if choice["targets"]:
            return {"ability": choice["ability"], "targets": choice["targets"][:1]}
    return None


@pytest.mark.parametrize(("ruleset_id", "role_id"), SHOWN_AS)
def test_a_hidden_role_never_reaches_its_holder_and_the_gm_reads_it(
    transactional_db, ruleset_id, role_id
):
    game, gm, users, holder = started(ruleset_id, role_id)
    ruleset = roles.get_ruleset(ruleset_id)
    real, shown = ruleset.roles[role_id], ruleset.roles[ruleset.roles[role_id].shown_as]
    sockets = {holder: Socket(game.id, users[holder]), "gemma": Socket(game.id, gm)}

    async def night_one():
        for sock in sockets.values():
            assert await sock.open()
            await sock.catch_up()
        move = await database_sync_to_async(first_move)(game, holder)
        if move:  # his first conditional move (the Paranoid has none by night)
            await database_sync_to_async(services.submit_action)(users[holder], game.id, **move)
        await database_sync_to_async(services.gm_close_phase)(gm, game.id)
        for sock in sockets.values():
            await sock.catch_up()
            await sock.close()

    async_to_sync(night_one)()
    game.refresh_from_db()
    assert game.phases.filter(closed_at__isnull=False).exists()
    log = {e.seq: e for e in Event.objects.filter(game=game)}

    # The holder: exactly his audiences, and not one word of his real role.
    mine = expected_seqs(log, {"public", f"seat:{holder}"})
    page = checked_page(game.id, holder, users[holder], sockets[holder], mine)
    for event in sockets[holder].events():
        said = json.dumps(event["payload"], ensure_ascii=False) + " " + event["text"]
        assert not named(said, real), (event["kind"], said)
    told = [e for e in sockets[holder].events() if e["kind"] == "role"]
    assert [e["payload"] for e in told] == [
        {"role": shown.id, "name": shown.name, "faction": shown.faction}
    ]
    assert f"<strong>{shown.name}</strong>" in page and told[0]["text"] in page
    assert not named(without_the_shown_card(page, ruleset_id, shown), real)
    client = Client()
    client.force_login(users[holder])
    card = client.get(reverse("role_card", args=[game.id])).content.decode()
    assert card == roles.role_card_in(ruleset_id, shown.id, "en")

    # The GM: everything, the real role in his copy of the deal and in his panel.
    gm_page = checked_page(game.id, "gemma", gm, sockets["gemma"], expected_seqs(log, None))
    deal = [e for e in sockets["gemma"].events() if e["kind"] == services.DEALT_KIND]
    assert len(deal) == 1
    entry = next(p for p in deal[0]["payload"]["players"] if p["player"] == holder)
    assert entry == {
        "player": holder,
        "role": real.id,
        "name": real.name,
        "told": shown.id,
        "told_name": shown.name,
    }
    assert f"<td>{holder}</td><td>{real.name}</td>" in gm_page
    assert services.dealt_roles(game)[holder] == real.id
