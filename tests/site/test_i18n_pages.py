"""Issue 16: "every page rendered in Russian with no English left but names and game
titles".

Each page is rendered for a reader whose language is Russian (by his account's
setting, or by his browser's Accept-Language), and its words are read: the text of
the page and the attributes a reader sees (titles, placeholders, labels), outside
<script>, <style> and <code>. Any Latin word left that is not a name (an account,
a seat, a game, a setup) is English that escaped translation.

Engine text (events, results, role names and cards, the desk's sheet, refusals,
descriptions, the rulesets' and presets' titles and their options) is read too: a
Russian page names roles, factions, rulesets and options in Russian.
"""

from unittest import mock

import pytest
from django.contrib.sessions.backends.db import SessionStore
from django.db import OperationalError
from django.urls import reverse

import roles
from games import services
from games.models import Status
from tests.kit.games import SEVEN, make_user, new_classic7
from tests.kit.i18n import SMALL, assert_russian, reader, russian_account
from tests.kit.play import play_to_the_end


@pytest.mark.django_db
def test_the_pages_before_any_game_read_in_russian():
    visitor = reader(browser_says_russian=True)
    for name in ("lobby", "login", "signup", "leaderboard"):
        assert_russian(visitor, reverse(name))
    olga = russian_account(make_user("olga"))
    assert_russian(visitor, reverse("profile", args=["olga"]))
    olga_reads = reader(olga)
    for name in ("lobby", "create_game", "setups", "settings", "leaderboard", "simulator"):
        assert_russian(olga_reads, reverse(name))
    assert_russian(olga_reads, reverse("profile", args=["olga"]))
    for ruleset in roles.list_rulesets():
        assert_russian(olga_reads, reverse("create_game") + f"?ruleset={ruleset.id}")
        assert_russian(olga_reads, reverse("new_setup") + f"?ruleset={ruleset.id}")


@pytest.mark.django_db
def test_the_setup_pages_read_in_russian():
    olga = russian_account(make_user("olga"))
    gemma = russian_account(make_user("gemma"))
    saved = services.save_setup(olga, None, name="Olga five", setup=SMALL, public=True)
    assert_russian(reader(olga), reverse("setup", args=[saved.token]))
    assert_russian(reader(gemma), reverse("setup", args=[saved.token]))  # shared, read-only
    assert_russian(reader(gemma), reverse("setups"))


@pytest.mark.django_db
def test_a_game_in_sign_ups_reads_in_russian(gemma, players):
    russian_account(gemma)
    game = new_classic7(gemma, players)
    services.join_game(players["alice"], game.id)
    page = reverse("game", args=[game.id])
    assert_russian(reader(gemma), page)
    assert_russian(reader(russian_account(players["alice"])), page)
    assert_russian(reader(russian_account(players["bob"])), page)
    assert_russian(reader(browser_says_russian=True), page)
    assert_russian(reader(gemma), reverse("cancel", args=[game.id]))


@pytest.mark.django_db
def test_a_running_game_reads_in_russian_for_each_reader(russian_table):
    game = russian_table.game
    page = reverse("game", args=[game.id])
    for name in SEVEN:
        assert_russian(russian_table.clients[name], page)
    assert_russian(russian_table.clients["gemma"], page)  # the GM, his panel and desk
    assert_russian(russian_table.clients["gemma"], reverse("desk_whatif", args=[game.id]))
    spectator = russian_account(make_user("sam"))
    services.watch_game(spectator, game.id)
    assert_russian(reader(spectator), page)
    assert_russian(reader(browser_says_russian=True), page)  # a visitor


@pytest.mark.django_db
def test_a_finished_game_reads_in_russian(russian_table):
    play_to_the_end(russian_table)
    game = russian_table.refresh()
    assert game.status == Status.FINISHED
    page = reverse("game", args=[game.id])
    assert_russian(russian_table.clients["alice"], page)
    assert_russian(russian_table.clients["gemma"], page)
    assert_russian(reader(browser_says_russian=True), page)
    assert_russian(russian_table.clients["alice"], reverse("replay", args=[game.id]))
    scenario = russian_table.clients["gemma"].get(reverse("download_scenario", args=[game.id]))
    assert_russian(
        russian_table.clients["alice"],
        reverse("simulator"),
        method="post",
        data={"scenario": scenario.content.decode()},
    )


# -- the words of masks, the activity rules and the outage page ---------------------------


def masked_ru_classic(gemma, start=True):
    """ru_classic played with masks (its default), running (or in sign-ups, full); every
    account reads Russian."""
    players = [russian_account(make_user(f"zqru{i:02d}")) for i in range(11)]
    game = services.create_game(
        russian_account(gemma),
        name="Masked classic",
        ruleset_id="ru_classic",
        preset_id="classic_11",
        day_seconds=600,
        night_seconds=300,
        reveal_mode="light",
        seed=5,
        masks=True,
    )
    for user in players:
        services.join_game(user, game.id)
    if start:
        services.set_signups(gemma, game.id, False)
        services.start_game(gemma, game.id)
    game.refresh_from_db()
    return game, players


@pytest.mark.django_db
def test_a_masked_game_in_sign_ups_reads_in_russian(gemma):
    game, players = masked_ru_classic(gemma, start=False)
    page = reverse("game", args=[game.id])
    for client in (reader(gemma), reader(players[0]), reader(browser_says_russian=True)):
        html = assert_russian(client, page)
        assert "в масках</strong>: в начале каждый игрок получает анонимное имя" in html


@pytest.mark.django_db
def test_a_masked_game_reads_in_russian_for_a_player_and_the_gm(gemma):
    game, players = masked_ru_classic(gemma)
    page = reverse("game", args=[game.id])
    player = players[0]
    mask = game.seats.get(user=player).name
    html = assert_russian(reader(player), page)
    assert f"ваша маска — <strong>{mask}</strong>" in html
    others = [user.username for user in players[1:]]
    assert not [name for name in others if name in html]  # a player's page names masks only
    gm_html = assert_russian(reader(gemma), page)
    assert "Маска (игрок)" in gm_html  # the GM reads both
    assert all(user.username in gm_html for user in players)
    assert_russian(reader(gemma), reverse("create_game") + "?ruleset=ru_classic")


@pytest.mark.django_db
def test_the_posts_counter_and_a_warning_read_in_russian(gemma, monkeypatch):
    from tests.kit import activity

    def post(users, game, name, times):  # the players' own words, in Russian
        for i in range(times):
            services.post_message(users[name], game.id, channel="day", text=f"пост {i}")

    # Ten posts a player in a test second: the flood control is not what is read here.
    monkeypatch.setattr("games.services.chat.check_rate", lambda *args, **kwargs: None)
    monkeypatch.setattr(activity, "post", post)  # play_day posts with it
    game, users = activity.classic(gemma, monkeypatch, activity={"post_days": 2})
    for user in [gemma, *users.values()]:
        russian_account(user)
    page = reverse("game", args=[game.id])
    activity.play_day(gemma, game, users, "bob", {"kay": 1})
    services.gm_close_phase(gemma, game.id)  # night 1 over: day 2, the rule counts
    post(users, game, "kay", 3)
    html = assert_russian(reader(users["kay"]), page)
    assert 'Постов сегодня: <strong class="count">3</strong> из 10' in html
    assert "есть предупреждение: при новой недостаче — модкилл" in html
    gm_html = assert_russian(reader(gemma), page)
    assert "с предупреждением" in gm_html  # kay's mark on the GM's table


REFUSED = OperationalError("connection failed: Connection refused")


@pytest.mark.django_db
def test_the_outage_page_reads_in_russian(russian_table):
    """The database refuses (as tests/site/test_site_outage.py injects it): the page
    is in the browser's language, with no account to read it from."""
    game = russian_table.game
    client = reader(browser_says_russian=True)
    client.force_login(russian_table.users["alice"])
    with mock.patch.object(SessionStore, "load", side_effect=REFUSED):
        html = assert_russian(client, reverse("game", args=[game.id]), status=503)
    assert "База данных недоступна." in html
    with mock.patch.object(services, "submit_action", side_effect=REFUSED):
        html = assert_russian(
            client,
            reverse("act", args=[game.id]),
            method="post",
            data={"phase_seq": russian_table.phase().seq, "ability": "x"},
            status=503,
        )
    assert "Ваш ход НЕ записан" in html
    with mock.patch.object(services, "post_message", side_effect=REFUSED):
        response = client.post(
            reverse("post", args=[game.id]),
            {"channel": "day", "text": "привет"},
            headers={"X-Requested-With": "fetch"},
        )
    assert response.status_code == 503
    assert response.json()["error"].startswith("База данных недоступна. Ваш пост НЕ записан")


def test_the_create_forms_posts_rule_is_the_engines_in_either_language():
    """The create form says each ruleset's posts rule in the reader's words: in English
    the engine's own sentence (roles.activity.Activity.text), in Russian the same rule."""
    from django.utils import translation

    from games.web.activity_form import rule_text
    from roles.activity import Activity

    rules = [r.activity for r in roles.list_rulesets()] + [Activity(3, 1), Activity(2, 4)]
    with translation.override("en"):
        for activity in rules:
            assert rule_text(activity) == activity.text()
        assert rule_text(Activity(1, 2)).startswith("at least 1 game post in each")  # singular
    classic = roles.get_ruleset("ru_classic").activity
    with translation.override("ru"):
        assert rule_text(classic) == (
            "не меньше 10 игровых постов в каждый из первых 3 дней; в первый раз — "
            "предупреждение, при повторе — модкилл"
        )
        assert rule_text(Activity(1, 1)).startswith("не меньше 1 игрового поста в первый день")
        assert rule_text(Activity()) == "без минимума постов"


def play_two_phases(gemma, ruleset_id):
    """A game of the ruleset's smallest preset, every account reading Russian, after
    its first two phases closed (a night and a day: results, deaths, votes)."""
    from tests.kit.games import answer_pending
    from tests.kit.play import PRESETS, play_first_choices, start_preset_game

    preset_id = dict(PRESETS)[ruleset_id]
    russian_account(gemma)
    game, users = start_preset_game(
        gemma, ruleset_id, preset_id, f"{ruleset_id} in Russian", account=russian_account
    )
    game.refresh_from_db()
    while game.phases.exclude(closed_at=None).count() < 2 and game.status == Status.RUNNING:
        phase = services.open_phase(game)
        state = services.engine_state(game)
        if phase.pending:
            answer_pending(users, gemma, game, phase)
        else:
            play_first_choices(users, game, state, phase)
        game.refresh_from_db()
        if game.status == Status.RUNNING and services.open_phase(game).seq == phase.seq:
            services.gm_close_phase(gemma, game.id)
        game.refresh_from_db()
    return game, users


@pytest.mark.django_db
@pytest.mark.parametrize("ruleset_id", ["ru_classic", "ru_sport", "bay12"])
def test_every_reader_of_a_running_game_reads_russian(gemma, ruleset_id):
    """After a night and a day: a player of each faction, a dead one, the GM (his
    desk and its sheet) and a spectator read their page with no English but names."""
    game, users = play_two_phases(gemma, ruleset_id)
    assert game.phases.exclude(closed_at=None).count() >= 2
    state = services.engine_state(game)
    page = reverse("game", args=[game.id])
    readers = {}
    for player in state.players:  # one living seat of each faction, one dead seat
        key = player.faction if player.alive else "dead"
        readers.setdefault(key, player.name)
    assert len(readers) >= 2, readers
    for name in readers.values():
        assert_russian(reader(users[name]), page)
    desk = assert_russian(reader(gemma), page)
    assert "desk" in desk  # the GM's page holds his desk (the sheet, the outcome)
    spectator = russian_account(make_user("sam"))
    services.watch_game(spectator, game.id)
    assert_russian(reader(spectator), page)
