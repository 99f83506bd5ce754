"""Issue 15, "Forum export": the morning post, the day's vote count and the game-over
post, each as BBCode and as Markdown, equal golden files for a fixed game (bay12
classic7, seed 7, played through the services). Regenerate on purpose:
`GOLDEN_UPDATE=1 .venv/bin/python -m pytest tests/site/test_export_forum.py`
(tests/engine/golden/README.md)."""

import os
from pathlib import Path

import pytest

from games import export, services
from games.export.posts import latest_outcome
from games.models import Status
from games.viewer import viewer_for
from games.web.export import export_panel
from tests.kit.play import play_first_choices

GOLDEN = Path(__file__).parent / "golden"


def assert_golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if os.environ.get("GOLDEN_UPDATE") == "1":
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8"), f"{name} differs from its golden file"


def both(name: str, lines) -> None:
    assert_golden(f"{name}.bbcode", export.bbcode(lines))
    assert_golden(f"{name}.md", export.markdown(lines))


def night_one(table) -> None:
    """The mafia kill the first townie in seat order; everyone else does nothing."""
    state = table.state()
    mafia = [p.name for p in state.players if p.faction == "mafia"]
    victim = next(p.name for p in state.players if p.faction == "town" and p.role == "townie")
    shooter = next(p.name for p in state.players if p.role == "mafioso")
    services.submit_action(table.users[shooter], table.game.id, ability="kill", targets=[victim])
    assert mafia
    services.gm_close_phase(table.gm, table.game.id)


@pytest.mark.django_db
def test_the_morning_post_vote_count_and_game_over_post_equal_golden_files(table):
    game = table.game
    night_one(table)
    game.refresh_from_db()
    both("morning_post", export.morning_post(game, latest_outcome(game)))
    alive = table.alive()
    # Three on the first, one on the second, the rest silent.
    for voter in alive[1:4]:
        services.cast_vote(table.users[voter], game.id, alive[0])
    services.cast_vote(table.users[alive[0]], game.id, alive[1])
    both("vote_count", export.vote_count(game, table.phase()))
    for _ in range(30):
        game.refresh_from_db()
        if game.status != Status.RUNNING:
            break
        phase = services.open_phase(game)
        play_first_choices(table.users, game, services.engine_state(game), phase)
        game.refresh_from_db()
        if game.status == Status.RUNNING and services.open_phase(game).seq == phase.seq:
            services.gm_close_phase(table.gm, game.id)
    assert game.status == Status.FINISHED
    both("game_over", export.game_over_post(game))


@pytest.mark.django_db
def test_the_vote_count_names_the_majority_where_the_ruleset_has_one(table):
    """The engine says what a lynch needs (roles.lynch_need): bay12 has no majority day
    whatever its options say; sc2's majority day type needs 51 % of the living votes."""
    from games.export.posts import votes_needed
    from games.models import Game
    from tests.kit.games import sc2_day_one

    state = table.state()
    state.options["day_type"] = "majority"
    assert "plurality" in votes_needed(table.game, state)
    game, _gm, _users = sc2_day_one()
    game = Game.objects.get(pk=game.id)
    state = services.engine_state(game)
    assert "plurality" in votes_needed(game, state)
    state.options["day_type"] = "majority"
    assert votes_needed(game, state) == "With 15 alive, 8 votes lynch."


def test_text_never_becomes_markup():
    lines = [[("[b]eve[/b] *bold* _x_ <script>", "b")], [], [("a [url]", "")]]
    assert "[b]eve" not in export.bbcode(lines).replace("[b]\uff3b", "")
    assert export.bbcode(lines).startswith("[b]\uff3bb\uff3deve")
    assert export.markdown(lines).startswith(r"**\[b\]eve\[/b\] \*bold\* \_x\_ \<script\>**")


@pytest.mark.django_db
def test_the_export_panel_is_the_gms_alone(table, mallory):
    game = table.game
    night_one(table)
    game.refresh_from_db()
    assert [p["id"] for p in export_panel(game, viewer_for(game, table.gm))] == [
        "export-morning",
        "export-votes",
    ]
    assert export_panel(game, viewer_for(game, table.users["alice"])) == []
    assert export_panel(game, viewer_for(game, mallory)) == []
    assert 'id="export"' in table.page("gemma")
    assert "copy.js" in table.page("gemma")
    for name in ("alice", "bob"):
        assert 'id="export"' not in table.page(name)
