"""The deal the GM reads, and the truth once the game is over (issue 13).

The seat's own role message carries what the seat is told (tests/live/test_shown_as.py
checks every hidden role on every channel); the GM's copy of the deal (`dealt`) holds
the real roles, and what the site knows of the deal is read from it: the game-over
table's "dealt ..." note and the replay of a stored game (tests/kit/games.py).
"""

import pytest
from django.urls import reverse

import roles
from games import services
from games.models import Event, Status
from tests.kit.games import Table, make_user, replay, seat_players, shown_kinds


def eleven(gemma) -> Table:
    users = {f"p{i:02}": make_user(f"p{i:02}") for i in range(11)}
    game = services.create_game(
        gemma,
        name="Eleven",
        ruleset_id="ru_eleven",
        preset_id="11",
        day_seconds=600,
        night_seconds=300,
        seed=4,
    )
    seat_players(gemma, game, users.values(), start=True)
    return Table(game, users, gemma)


@pytest.mark.django_db
def test_the_gm_reads_the_deal_and_the_seat_reads_what_it_is_told(gemma):
    table = eleven(gemma)
    commissar = table.with_role("commissar")[0]
    dealt = Event.objects.get(game=table.game, kind=services.DEALT_KIND)
    assert dealt.audience == "gm"
    assert [e["player"] for e in dealt.payload["players"]] == [
        p.name for p in table.state().players
    ]
    assert services.dealt_roles(table.game) == {p.name: p.role for p in table.state().players}
    told = Event.objects.get(game=table.game, kind="role", audience=f"seat:{commissar}")
    assert told.payload == {"role": "civilian", "name": "Civilian", "faction": "town"}
    [seat] = [e for e in dealt.payload["players"] if e["player"] == commissar]
    assert (seat["role"], seat["told"]) == ("commissar", "civilian")
    assert "dealt" in shown_kinds(table.page("gemma"))
    assert "dealt" not in shown_kinds(table.page(commissar))


@pytest.mark.django_db
def test_after_the_game_the_holder_reads_the_truth(gemma):
    """'After the game ends it is fine to show the truth': the mafia modkilled, the town
    wins, and the commissar's own page and card say Commissar."""
    table = eleven(gemma)
    commissar = table.with_role("commissar")[0]
    for name in [p.name for p in table.state().players if p.faction == "mafia"]:
        services.modkill_player(gemma, table.game.id, name)
    assert table.refresh().status == Status.FINISHED
    page = table.page(commissar)
    assert f"<td>{commissar}</td><td>Commissar</td>" in page
    card = table.clients[commissar].get(reverse("role_card", args=[table.game.id]))
    assert card.content.decode() == roles.role_card_in("ru_eleven", "commissar", "en", shown=False)
    assert replay(table.game) == table.game.state


@pytest.mark.django_db
def test_the_game_over_table_notes_a_changed_role_from_the_gms_deal(gemma, players):
    """000, Mafioso: 'If you die, the other mafia member's role is replaced with the
    Mafioso' (the heir's role_change); the game-over table reads the dealt role from
    the GM's deal."""
    game = services.create_game(
        gemma,
        name="Heirs",
        ruleset_id="bay12",
        preset_id="classic7",
        day_seconds=600,
        night_seconds=300,
        reveal_mode="role",
        seed=7,
        private_messages="off",
    )
    seated = {name: players[name] for name in list(players)[:7]}
    seat_players(gemma, game, seated.values(), start=True)
    table = Table(game, seated, gemma)
    mafioso, consort = table.with_role("mafioso")[0], table.with_role("consort")[0]
    services.modkill_player(gemma, game.id, mafioso)
    services.gm_close_phase(gemma, game.id)
    assert table.role_of(consort) == "mafioso"
    services.modkill_player(gemma, game.id, consort)
    assert table.refresh().status == Status.FINISHED
    page = table.page("alice")
    assert f"<td>{consort}</td><td>Mafioso (dealt Consort)</td>" in page
    assert f"<td>{mafioso}</td><td>Mafioso</td>" in page
    assert replay(table.game) == table.game.state
