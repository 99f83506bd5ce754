"""sc2's options that cannot be played are refused when the GM starts the game, in his
language, and nothing changes (issue 16: "every message from views, forms, services";
sc2-reference: the Sheriff must detect someone). Before, the engine's refusal escaped
the service (a server error) and was English only."""

import pytest
from django.utils import translation

import roles
from games import services
from games.models import Status
from games.services import ServiceError
from tests.kit.games import make_user, seat_players

pytestmark = pytest.mark.django_db


def sc2_game_whose_sheriff_detects_nobody(gm):
    ruleset = roles.get_ruleset("sc2")
    preset = sorted(ruleset.presets, key=lambda p: len(ruleset.presets[p].roles))[0]
    options = {o.id: False for o in ruleset.options if o.id.startswith("sheriff_detects_")}
    game = services.create_game(
        gm,
        name="Blind sheriff",
        ruleset_id="sc2",
        preset_id=preset,
        day_seconds=600,
        night_seconds=300,
        reveal_mode=(services.reveal_modes(ruleset) or ("",))[0],
        seed=5,
        private_messages="off",
        options=options,
    )
    size = len(ruleset.presets[preset].roles)
    seat_players(gm, game, [make_user(f"s{i:02d}") for i in range(size)])
    return game


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "en",
            "This game cannot start. At least one sheriff_detects_* option must be on.",
        ),
        (
            "ru",
            "Игру нельзя начать. Шериф должен кого-то распознавать: включите хотя бы одну"
            " из настроек «Шериф распознаёт …».",
        ),
    ],
)
def test_a_sheriff_who_detects_nobody_is_refused_at_the_start(gemma, lang, said):
    game = sc2_game_whose_sheriff_detects_nobody(gemma)
    with translation.override(lang), pytest.raises(ServiceError) as refused:
        services.start_game(gemma, game.id)
    assert str(refused.value) == said
    game.refresh_from_db()
    assert game.status != Status.RUNNING and not game.phases.exists()


def test_every_setup_problem_is_said_at_once_in_both_languages():
    """The engine's English stays byte for byte (simulate prints it); Russian reads the
    same problems, joined the same way."""
    from roles.messages import render

    ruleset = roles.get_ruleset("sc2")
    preset = sorted(ruleset.presets)[0]
    players = [{"name": f"p{i}", "role": r} for i, r in enumerate(ruleset.presets[preset].roles)]
    players[0]["role"] = players[1]["role"] = "mayor"
    options = {o.id: False for o in ruleset.options if o.id.startswith("sheriff_detects_")}
    with pytest.raises(roles.IllegalAction) as refused:
        roles.new_game("sc2", players, seed=1, options=options)
    assert str(refused.value.reason) == (
        "at least one sheriff_detects_* option must be on; "
        "mayor is unique (sc2-reference 3.2): p0, p1 cannot all be one"
    )
    russian = render(refused.value.reason.message, "ru")
    assert russian == (
        "шериф должен кого-то распознавать: включите хотя бы одну из настроек «Шериф"
        " распознаёт …»; роль «Мэр» может быть только у одного игрока, а её получили: p0, p1"
    )
