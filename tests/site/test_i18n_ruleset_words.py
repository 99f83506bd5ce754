"""Issue 16: the rulesets' own words on the pages in Russian. Unlike
tests/site/test_i18n_pages.py, nothing of the engine is let through here: not the
ruleset and preset titles, not the role names, not text marked `data-engine-text` (the
setup's role list): only the site's names (accounts, games, setups, places)."""

import pytest
from django.urls import reverse
from django.utils.html import escape

import roles
from games import services
from games.services import REVEAL_OPTION
from roles.messages import rulesets_words as words
from tests.kit.games import make_user
from tests.kit.i18n import SMALL, ReaderText, names_of_the_site, reader, russian_account
from tests.kit.i18n import english_left as pages_english_left
from tests.kit.i18n import game_titles as pages_engine_names


class EveryWordText(ReaderText):
    """The reader's words, engine-rendered elements included."""

    def handle_starttag(self, tag, attrs):
        super().handle_starttag(tag, [(k, v) for k, v in attrs if k != "data-engine-text"])


def english_left(html: str) -> list[str]:
    import tests.kit.i18n as pages

    # "SC2" and "Bay 12" are the names of a game and a forum, kept in Russian.
    site_names = (names_of_the_site() - pages_engine_names()) | {"SC2", "Bay 12"}
    original = pages.ReaderText
    pages.ReaderText = EveryWordText
    try:
        return pages_english_left(html, site_names)
    finally:
        pages.ReaderText = original


def read_in_russian(client, url) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    html = response.content.decode()
    assert '<html lang="ru">' in html, url
    left = english_left(html)
    assert not left, f"{url}: English left on the page:\n" + "\n".join(left)
    return html


@pytest.mark.django_db
@pytest.mark.parametrize("ruleset", roles.list_rulesets(), ids=lambda r: r.id)
def test_the_create_form_and_the_builder_read_in_russian(ruleset):
    olga = reader(russian_account(make_user("olga")))
    for preset in ruleset.presets:
        html = read_in_russian(
            olga, reverse("create_game") + f"?ruleset={ruleset.id}&preset={preset}"
        )
    read_in_russian(olga, reverse("new_setup") + f"?ruleset={ruleset.id}")
    for preset in ruleset.presets:
        read_in_russian(olga, reverse("new_setup") + f"?ruleset={ruleset.id}&preset={preset}")
    if ruleset.id == "ru_classic":
        assert "Ничья на голосовании" in html and "решает ведущий" in html
        assert "Мафия русского форума: «Классика (Питер)»" in html
        assert "Модкилл за неголосование" in html


@pytest.mark.django_db
@pytest.mark.parametrize("ruleset", roles.list_rulesets(), ids=lambda r: r.id)
def test_every_option_shows_its_label_choices_and_help_in_the_readers_language(ruleset):
    """The create form and the builder: each option's label, help and choices, sc2's
    eighty included, in Russian for a Russian reader and in words for an English one."""
    olga = reader(russian_account(make_user("olga")))
    ed = reader(make_user("ed"))
    for client, lang in ((olga, "ru"), (ed, "en")):
        for url in (reverse("create_game"), reverse("new_setup")):
            html = client.get(url + f"?ruleset={ruleset.id}").content.decode()
            for option in ruleset.options:
                if option.id == REVEAL_OPTION:  # the game's own choice, on the create page
                    if url == reverse("create_game"):
                        help_text = words.option_help(ruleset.id, option.id, lang)
                        assert escape(help_text) in html, (lang, help_text)
                    continue
                label = words.option_label(ruleset.id, option.id, lang)
                help_text = words.option_help(ruleset.id, option.id, lang)
                assert help_text, (lang, option.id)
                assert escape(label) in html, (lang, url, option.id, label)
                assert escape(help_text) in html, (lang, url, option.id, help_text)
                for choice in option.choices:
                    shown = escape(words.choice_label(choice, lang))
                    assert f">{shown}</option>" in html, (lang, option.id, choice)
            assert "(port " not in html


@pytest.mark.django_db
def test_the_setups_list_and_a_setup_read_in_russian():
    olga = russian_account(make_user("olga"))
    saved = services.save_setup(olga, None, name="Olga five", setup=SMALL, public=True)
    client = reader(olga)
    html = read_in_russian(client, reverse("setups"))
    assert "Мафия SC2" in html
    html = read_in_russian(client, reverse("setup", args=[saved.token]))
    assert "Любая случайная" in html or "Случайный горожанин" in html


@pytest.mark.django_db
def test_the_lobby_and_a_game_in_sign_ups_read_in_russian():
    gemma = russian_account(make_user("gemma"))
    game = services.create_game(
        gemma,
        name="Piter",
        ruleset_id="ru_classic",
        preset_id="classic_11",
        day_seconds=600,
        night_seconds=300,
        reveal_mode="half_light",
        seed=3,
    )
    html = read_in_russian(reader(gemma), reverse("lobby"))
    assert "Мафия русского форума: «Классика (Питер)»" in html
    html = read_in_russian(reader(gemma), reverse("game", args=[game.id]))
    assert "Классика, 11 игроков (минимум)" in html
    assert "полусветлая (команда)" in html


@pytest.mark.django_db
def test_the_same_pages_keep_the_engines_english_in_english():
    olga = make_user("olga")
    html = reader(olga).get(reverse("create_game") + "?ruleset=ru_classic").content.decode()
    assert "Russian forum Mafia: classic (Piter) rules" in html
    assert "the GM decides" in html and "nobody is lynched" in html
    assert ">gm<" not in html and ">no_lynch<" not in html


@pytest.mark.django_db
def test_a_setups_problems_read_in_russian_in_the_builder_and_the_create_form():
    olga = russian_account(make_user("olga"))
    town = roles.get_ruleset("ru_classic").categories["town_random"]
    broken = {
        "ruleset": "ru_classic",
        "options": {},
        "slots": [
            {"role": "commissar"},
            {"role": "commissar"},
            {"category": "town_random", "exclude": {f.id: True for f in town.flags}},
        ],
    }
    saved = services.save_setup(olga, None, name="Olga broken", setup=broken, public=False)
    client = reader(olga)
    html = read_in_russian(client, reverse("setup", args=[saved.token]))
    assert "Слот 3 из 3 (Случайный мирный): нет возможной роли ни при каком раскладе" in html
    assert "Фиксированных слотов «Комиссар»: 2 (слоты 1, 2)" in html
    html = read_in_russian(
        client, reverse("create_game") + f"?ruleset=ru_classic&preset=setup:{saved.token}"
    )
    assert "Слот 3 из 3 (Случайный мирный)" in html
    assert "3 игрока: 2 × Комиссар, Случайный мирный (" in html


@pytest.mark.django_db
def test_a_running_and_a_finished_games_meta_line_read_in_russian(russian_table):  # noqa: F811
    from tests.kit.play import play_to_the_end

    page = reverse("game", args=[russian_table.game.id])
    html = russian_table.clients["alice"].get(page).content.decode()
    assert "Мафия форума Bay 12 (роли в стиле SC2)" in html
    assert "Bay 12 forum Mafia" not in html
    play_to_the_end(russian_table)
    html = russian_table.clients["alice"].get(page).content.decode()
    assert "Мафия форума Bay 12 (роли в стиле SC2)" in html
    assert "Bay 12 forum Mafia" not in html
