"""Issue 18, item 6: look-alike usernames and invisible characters.

`gаp02` (a Cyrillic а) signed up beside `gap02`, and posts kept U+202E (which turns
the rest of a line around). A username whose skeleton (NFKC, casefold, each
character to its look-alike prototype) is an existing one's is refused; invisible
and direction-changing characters are refused in usernames and stripped from
everything else a player writes (chat, notes, wills, game names)."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from games import services
from games.models import Event, Post
from games.text_safety import clean_text, skeleton

RLO = "\u202e"


def sign_up(username):
    client = Client()
    password = "a-long-pass-phrase-42"
    return client.post(
        reverse("signup"), {"username": username, "password1": password, "password2": password}
    )


def refusal(response) -> str:
    assert response.status_code == 200, "the sign-up went through"
    return " ".join(response.context["form"].errors.get("username", []))


@pytest.mark.parametrize(
    "lookalike",
    [
        "g\u0430p02",  # Cyrillic а
        "gap0\u0662",  # an Arabic-Indic two
        "GAP02",
        "gap0\uff12",  # a fullwidth 2
        "g\u0251p02",  # Latin alpha
        "gapO2",  # a capital O for the zero
    ],
)
def test_a_username_that_looks_like_another_is_refused(db, lookalike):
    assert sign_up("gap02").status_code == 302
    message = refusal(sign_up(lookalike))
    assert "looks like" in message or "already exists" in message
    assert get_user_model().objects.filter(username__iexact="gap02").count() == 1


@pytest.mark.parametrize(
    "hidden", ["\u202e", "\u2066", "\u200f", "\u200b", "\u2060", "\ufeff", "\u00ad", "\u200d"]
)
def test_a_username_with_invisible_characters_is_refused(db, hidden):
    message = refusal(sign_up(f"ga{hidden}p02"))
    assert "invisible" in message
    assert not get_user_model().objects.exists()


def test_names_in_other_scripts_still_sign_up(db):
    for name in ("Иван", "Ελένη", "李雷", "gap02", "gap03"):
        assert sign_up(name).status_code == 302, name


def test_skeletons():
    assert skeleton("g\u0430p02") == skeleton("gap02") == skeleton("GAP02")
    assert skeleton("alice") != skeleton("bob")


def test_clean_text_strips_bidi_and_invisible_characters_and_keeps_emoji():
    assert clean_text(f"a{RLO}b\u2066c\u200bd\ufeff") == "abcd"
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"  # a ZWJ emoji sequence
    assert clean_text(family) == family
    assert clean_text("line one\nline two") == "line one\nline two"


def test_posts_notes_wills_and_game_names_lose_invisible_characters(table, settings):
    services.gm_close_phase(table.gm, table.game.id)  # day 1
    alice = table.clients["alice"]
    game_id = table.game.id
    alice.post(reverse("post", args=[game_id]), {"channel": "day", "text": f"hi {RLO}olleh"})
    post = Post.objects.get(game_id=game_id, author_name="alice")
    assert post.text == "hi olleh"
    # The service itself strips too (the sockets' door).
    services.post_message(table.users["bob"], game_id, channel="day", text=f"x{RLO}y")
    assert Post.objects.get(game_id=game_id, author_name="bob").text == "xy"
    events = Event.objects.filter(game_id=game_id, kind="post")
    assert not any(RLO in e.payload["text"] for e in events)


def test_every_form_post_loses_invisible_characters_but_passwords_and_usernames():
    """The middleware (games/web/text_input.py) cleans every posted field: game names,
    notes, wills, chat; a password is kept as typed and a username is refused whole."""
    from django.http import HttpResponse
    from django.test import RequestFactory

    from games.web.text_input import StripInvisibleCharacters

    seen = {}

    def view(request):
        seen.update({key: request.POST.getlist(key) for key in request.POST})
        return HttpResponse("ok")

    request = RequestFactory().post(
        "/games/new/",
        {
            "name": f"Evil {RLO}emag",
            "text": [f"a{RLO}b", "c\u200bd"],
            "password": f"pw{RLO}",
            "username": f"ga{RLO}p",
        },
    )
    StripInvisibleCharacters(view)(request)
    assert seen["name"] == ["Evil emag"]
    assert seen["text"] == ["ab", "cd"]
    assert seen["password"] == [f"pw{RLO}"]
    assert seen["username"] == [f"ga{RLO}p"]
