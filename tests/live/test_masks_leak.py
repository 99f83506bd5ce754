"""A game "with masks" (issue 16; rules/russian-digest.md: "Games may be played 'with
masks' (anonymous nicknames); revealing or hinting who is behind a mask is
forbidden."): while it runs, no seat's account name reaches a player of any faction,
a dead player, a spectator, an anonymous visitor or a stranger, on the page, in the
event feed or on the socket; the GM and a co-GM read "mask (account)"; after the
game everyone reads who was behind each mask.

The accounts have unique, searchable names (`zq...`) so a leak is found wherever it is.
"""

from __future__ import annotations

import json

import pytest
from asgiref.sync import async_to_sync
from django.test import Client
from django.urls import reverse

from games import masks as masking
from games import services
from games.models import Game, Status
from tests.kit.games import make_user
from tests.kit.sockets import Socket

SEATS = 11  # ru_classic's classic_11


def _account(i: int) -> str:
    return f"zqpl{i:02d}x"


def _masked_game(first_phase: str = "day"):
    gm = make_user("zqgmaster")
    cogm = make_user("zqcohost")
    players = [make_user(_account(i)) for i in range(SEATS)]
    game = services.create_game(
        gm,
        name="Masked classic",
        ruleset_id="ru_classic",
        preset_id="classic_11",
        day_seconds=600,
        night_seconds=300,
        reveal_mode="light",
        first_phase=first_phase,
        seed=20261203,
        masks=True,
    )
    for user in players:
        services.join_game(user, game.id)
    services.add_cogm(gm, game.id, cogm.username)
    services.set_signups(gm, game.id, False)
    return gm, cogm, players, game


def _read(game_id: int, user) -> str:
    """Everything one viewer reads: the page, the event feed and what the socket sends."""
    client = Client()
    if user is not None:
        client.force_login(user)
    page = client.get(reverse("game", args=[game_id])).content.decode()
    feed = client.get(reverse("events_after", args=[game_id])).content.decode()
    socket = Socket(game_id, user)

    async def listen():
        assert await socket.open()
        await socket.catch_up()
        await socket.close()

    async_to_sync(listen)()
    return "\n".join([page, feed, json.dumps(socket.messages, ensure_ascii=False)])


def _leaked(text: str, accounts: list[str]) -> list[str]:
    return [a for a in accounts if a.casefold() in text.casefold()]


def test_a_masked_game_names_no_account_to_anyone_but_the_gm_until_it_ends(transactional_db):
    gm, cogm, players, game = _masked_game()
    accounts = [u.username for u in players]
    spectator, stranger = make_user("zqwatcher"), make_user("zqstranger")
    services.watch_game(spectator, game.id)
    services.start_game(gm, game.id)
    game.refresh_from_db()
    behind = masking.accounts_of(game)  # mask -> account
    by_account = {a: m for m, a in behind.items()}
    assert sorted(behind.values()) == sorted(accounts)
    assert set(behind) <= set(masking.DEFAULT_MASKS_RU)  # the ruleset's default list
    state = services.engine_state(game)
    # The engine plays under the masks, seated in the masks' order, not the sign-ups'.
    assert [p.name for p in state.players] == masking.seating_order(list(behind))

    # Day 1: every player speaks and votes; the GM closes the day (a lynch), then
    # the mafia talk at night and the GM modkills one more: a dead player to read.
    for user in players:
        services.post_message(user, game.id, channel="day", text=f"hello from {user.pk}")
    mafia = [p.name for p in state.players if p.faction == "mafia"]
    town = [p.name for p in state.players if p.role == "civilian"]
    target = town[0]
    for user in players:
        if by_account[user.username] != target:
            services.cast_vote(user, game.id, target)
    services.gm_close_phase(gm, game.id)
    game.refresh_from_db()
    for name in mafia:
        services.post_message(
            next(u for u in players if by_account[u.username] == name),
            game.id,
            channel="faction",
            text="who tonight?",
        )
    services.post_message(gm, game.id, channel="announce", text="Night falls on the masks.")
    services.modkill_player(gm, game.id, town[1])

    def user_of(mask: str):
        return next(u for u in players if by_account[u.username] == mask)

    state = services.engine_state(Game.objects.get(pk=game.id))
    dead = next(p.name for p in state.players if not p.alive)
    civilian = next(p.name for p in state.players if p.alive and p.role == "civilian")
    commissar = next(p.name for p in state.players if p.role == "commissar" and p.alive)
    personas = {
        "mafia": user_of(mafia[0]),
        "civilian": user_of(civilian),
        "commissar": user_of(commissar),
        "dead": user_of(dead),
        "spectator": spectator,
        "stranger": stranger,
        "anonymous": None,
    }
    for who, user in personas.items():
        read = _read(game.id, user)
        # His own account he knows (the site's header names it); no one else's.
        others = [a for a in accounts if user is None or a != user.username]
        assert _leaked(read, others) == [], f"{who} reads an account behind a mask"
        assert target in read, f"{who} reads the masks"
        if user is not None and who not in ("spectator", "stranger"):
            assert f"you are <strong>{by_account[user.username]}</strong>" in read
    # The GM and the co-GM read who plays each mask, beside the mask.
    for who in ("gm", "cogm"):
        read = _read(game.id, gm if who == "gm" else cogm)
        for account, mask in by_account.items():
            assert account in read, f"the {who} reads who plays {mask}"
            assert f'{mask} <small class="played-by">({account})</small>' in read
    # The record is the GM's while the game runs: nobody else gets the scenario or
    # the replay (they would name the seats' dealt roles, not accounts, but are private).
    for who, user in personas.items():
        client = Client()
        if user is not None:
            client.force_login(user)
        for url in ("download_scenario", "replay"):
            assert client.get(reverse(url, args=[game.id])).status_code == 404, (who, url)


def test_the_players_list_follows_the_masks_not_the_sign_ups(transactional_db):
    gm, _cogm, players, game = _masked_game()
    services.start_game(gm, game.id)
    page = _read(game.id, players[0])
    order = [
        page.index(f'<span class="pname">{m}</span>')
        for m in masking.seating_order(list(masking.accounts_of(Game.objects.get(pk=game.id))))
    ]
    assert order == sorted(order)


def test_after_the_game_everyone_reads_who_was_behind_each_mask(transactional_db):
    gm, _cogm, players, game = _masked_game()
    services.start_game(gm, game.id)
    game.refresh_from_db()
    state = services.engine_state(game)
    for name in [p.name for p in state.players if p.faction == "mafia"]:
        services.modkill_player(gm, game.id, name)
    game.refresh_from_db()
    assert game.status == Status.FINISHED
    behind = masking.accounts_of(game)
    stranger = make_user("zqlatecomer")
    for user in (stranger, None, players[3]):
        client = Client()
        if user is not None:
            client.force_login(user)
        page = client.get(reverse("game", args=[game.id])).content.decode()
        assert 'id="masks-revealed"' in page
        for mask, account in behind.items():
            assert f'{mask} <small class="mask-account">({account})</small>' in page
        feed = client.get(reverse("events_after", args=[game.id])).content.decode()
        assert all(account in feed for account in behind.values())  # sign-ups and the masks


def test_sign_up_events_leave_the_public_log_in_a_masked_game(transactional_db):
    gm, _cogm, players, game = _masked_game()
    public = game.events.filter(audience="public").values_list("payload", flat=True)
    assert not any(players[0].username in json.dumps(p) for p in public)
    # During sign-ups everyone reads them (the lobby is open).
    assert players[0].username in _read(game.id, make_user("zqlobbyvisitor"))


def test_the_gm_reads_each_mask_with_its_account_in_lines_posts_and_pushes(transactional_db):
    gm, cogm, players, game = _masked_game()
    services.start_game(gm, game.id)
    game.refresh_from_db()
    behind = masking.accounts_of(game)
    speaker = players[4]
    mask = next(m for m, a in behind.items() if a == speaker.username)
    socket = Socket(game.id, cogm)

    async def listen():
        assert await socket.open()
        await socket.catch_up()
        await services_post()
        await socket.catch_up()
        await socket.close()

    from channels.db import database_sync_to_async

    @database_sync_to_async
    def services_post():
        services.post_message(speaker, game.id, channel="day", text="a masked word")

    async_to_sync(listen)()
    pushed = socket.events()
    started = next(e for e in pushed if e["kind"] == "game_started")
    assert f"{mask} ({speaker.username})" in started["text"]
    post = next(e for e in pushed if e["kind"] == "post")
    assert post["payload"]["author"] == mask
    assert post["payload"]["account"] == speaker.username
    # The line that deals the masks names each account once, not twice.
    dealt = next(e for e in pushed if e["kind"] == "masks")
    assert f"{mask}: {speaker.username}," in dealt["text"] + ","
    client = Client()
    client.force_login(gm)
    page = client.get(reverse("game", args=[game.id])).content.decode()
    assert f'{mask}</strong> <small class="mask-account">({speaker.username})</small>' in page
    assert "The game started with " in page and f"{mask} ({speaker.username})" in page
    # A player's socket gets neither.
    seat_socket = Socket(game.id, players[0])

    async def listen_seat():
        assert await seat_socket.open()
        await seat_socket.catch_up()
        await seat_socket.close()

    async_to_sync(listen_seat)()
    for event in seat_socket.events():
        assert event["kind"] != "post" or "account" not in event["payload"]
        assert speaker.username not in event["text"]


def test_mask_lists_are_checked_with_a_clear_error(transactional_db):
    gm = make_user("zqlistgm")
    kwargs = dict(
        name="Masked",
        ruleset_id="ru_classic",
        preset_id="classic_11",
        day_seconds=600,
        night_seconds=300,
        reveal_mode="light",
        masks=True,
    )
    with pytest.raises(services.ServiceError, match="at least 11 different masks"):
        services.create_game(gm, mask_names="Oak, Birch, oak", **kwargs)
    with pytest.raises(services.ServiceError, match="pass cannot be a mask"):
        services.create_game(gm, mask_names=["pass", *masking.DEFAULT_MASKS_EN], **kwargs)
    game = services.create_game(gm, mask_names=masking.DEFAULT_MASKS_EN[:11], **kwargs)
    assert game.mask_names == masking.DEFAULT_MASKS_EN[:11]
    # Every ruleset may play with masks; without, the seats keep the accounts' names.
    plain = services.create_game(gm, **{**kwargs, "masks": False})
    assert plain.mask_names == []


def test_the_masks_module_examples_run():
    import doctest

    from games import text

    assert doctest.testmod(masking).failed == 0
    assert doctest.testmod(text).failed == 0


def test_a_replacement_behind_a_mask_names_no_account_but_to_the_gm(transactional_db):
    gm, _cogm, players, game = _masked_game()
    services.start_game(gm, game.id)
    game.refresh_from_db()
    behind = masking.accounts_of(game)
    mask, old = next(iter(behind.items()))
    newcomer = make_user("zqnewcomer")
    services.replace_player(gm, game.id, mask, newcomer.username)
    assert masking.accounts_of(Game.objects.get(pk=game.id))[mask] == newcomer.username
    for who in (newcomer, players[1] if players[1].username != old else players[2], None):
        read = _read(game.id, who)
        assert old not in read and (who is newcomer or newcomer.username not in read)
        assert f"{mask} has a new player." in read
    gm_read = _read(game.id, gm)
    assert f"{newcomer.username} replaces {mask}." in gm_read
    assert f"{mask} ({newcomer.username})" in gm_read
    # The account replaced out of the game does not come back to watch it.
    with pytest.raises(services.ServiceError, match="replaced"):
        services.watch_game(next(u for u in players if u.username == old), game.id)
