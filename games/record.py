"""A game's record: the game so far as a scenario (`python -m roles simulate`), and
the finished game's full record: what each viewer saw, phase by phase.

The scenario is what the engine received: the deal (each seat's dealt role and the
extra keys fixed at the deal, such as an executioner's target), the seed and the
options, then every closed phase's input as the engine resolved it
(`services.phase_input`), with what changed during the phase before it closed, in
the order of the log (`before`: wills written, the GM's modkills, leavers). The open
phase is not in it: its input is not final. Simulating the file gives every closed
phase's stored record.

The replay steps through the log as one viewer read it, with games/viewer.py's own
rules (`Viewer.audiences`, `visible_events`) at each phase: a seat reads its faction
and rooms while it lives and the graveyard once dead, as the state of that phase
says.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

from django.utils.translation import gettext

import roles
from games import rooms, services
from games.models import Event, Game, Phase, Status, phase_name
from games.viewer import PRIVATE_MESSAGE_KIND, Viewer

# Changes during a phase, in the log: (kind, audience) -> the scenario's `before` entry.
LEFT_KIND = services.LEFT_KIND


def may_read_record(game: Game, user) -> bool:
    """The download and the replay: the GM's while the game runs, everyone's after it."""
    if game.status == Status.FINISHED:
        return True
    return game.status == Status.RUNNING and services.runs_game(game, user)


def _during(phase: Phase) -> list[dict]:
    """What changed during the phase before it closed, in the order of the log."""
    changes = []
    kinds = (services.WILL_KIND, "modkill", LEFT_KIND)
    for event in Event.objects.filter(phase=phase, kind__in=kinds).order_by("seq"):
        payload = event.payload or {}
        if event.kind == services.WILL_KIND:
            changes.append({"will": payload["player"], "text": payload.get("text", "")})
        elif event.kind == "modkill" and event.audience == "public":
            changes.append({"modkill": payload["player"]})
        elif event.kind == LEFT_KIND:
            changes.append({"leave": payload["player"]})
    return changes


def _deal(game: Game) -> list[dict]:
    """The players in seating order with their dealt roles and the extra keys the
    deal fixed (an executioner's target, a clan)."""
    dealt = services.dealt_roles(game)
    # The engine's seating order (a masked game's is the masks', games/masks.py).
    state = services.engine_state(game)
    names = [p.name for p in state.players]
    # The keys the deal gave beside the role (a clan) stay in the state's players.
    given = {p.name: p.extra for p in state.players}
    players = [
        {"name": n, "role": dealt[n], **{k: v for k, v in given[n].items() if k != "will"}}
        for n in names
    ]
    start = roles.new_game(
        game.ruleset_id, players, seed=game.seed, options=game.options, first_phase=game.first_phase
    )
    ruleset = roles.get_ruleset(game.ruleset_id)
    for entry, player in zip(players, start.players, strict=True):
        # A clan the deal drew (ru_two_clans): the one whose faction the seat plays.
        faction_of = ruleset.roles[player.role].traits.get("faction_of")
        if faction_of is not None and "clan" not in entry:
            clans = [c for c in (1, 2) if faction_of({"clan": c}) == player.faction]
            if clans:
                entry["clan"] = clans[0]
        target = player.memory.get("target") or player.memory.get("exe_target")
        if player.role == "executioner" and isinstance(target, str):
            entry["target"] = target
    return players


def scenario_of(game: Game) -> dict:
    """The game so far in the scenario format (docs/scenario.md)."""
    phases = []
    for phase in game.phases.exclude(closed_at=None).order_by("seq"):
        entry = services.phase_input(phase)
        changes = _during(phase)
        if changes:
            entry["before"] = changes
        phases.append(entry)
    return {
        "ruleset": game.ruleset_id,
        "seed": game.seed,
        "options": dict(game.options),
        "players": _deal(game),
        "phases": phases,
    }


def stored_records(game: Game) -> list[dict]:
    """Every closed phase's stored record, in order (what the scenario reproduces)."""
    return [p.record for p in game.phases.exclude(closed_at=None).order_by("seq")]


# -- the replay ---------------------------------------------------------------------


PUBLIC = "public"
GM = "gm"
DEAD = "dead"


@dataclass
class Step:
    """One step of the replay: the events one viewer read in it, in words."""

    index: int
    title: str
    lines: list[dict]


def viewpoints(game: Game) -> list[tuple[str, str]]:
    """(value of ?as=, label) of every viewer the replay offers."""
    seats = [p.name for p in services.engine_state(game).players] if game.state else []
    return [
        (PUBLIC, gettext("the public")),
        *[(name, name) for name in seats],
        (DEAD, gettext("the dead and spectators")),
        (GM, gettext("the GM")),
    ]


def _states_by_phase(game: Game) -> dict[int, roles.GameState]:
    """The engine's state at the start of each phase (seq -> state), from the deal
    and the stored inputs."""
    scenario = scenario_of(game)
    state = roles.new_game(
        game.ruleset_id,
        scenario["players"],
        seed=game.seed,
        options=game.options,
        first_phase=game.first_phase,
    )
    states = {}
    closed = list(game.phases.exclude(closed_at=None).order_by("seq"))
    for phase, entry in zip(closed, scenario["phases"], strict=True):
        states[phase.seq] = state
        for change in entry.get("before", []):
            if "will" in change:
                state = roles.write_will(state, change["will"], change.get("text", ""))
            elif "leave" in change:
                state = roles.leave(state, change["leave"])
            else:
                state = roles.modkill(state, change["modkill"]).state
        if not state.ended:
            state = roles.resolve_phase(
                state, {k: v for k, v in entry.items() if k != "before"}
            ).state
    if game.state:
        for phase in game.phases.filter(closed_at=None):
            states[phase.seq] = services.engine_state(game)
    return states


def _viewer_at(game: Game, who: str, state: roles.GameState | None) -> Viewer:
    """games/viewer.py's viewer of `who` as the game stood then (a running game)."""
    running = copy.copy(game)
    running.status = Status.RUNNING
    if who == GM:
        return Viewer(game=running, user=None, is_gm=True)
    if who in (PUBLIC, DEAD):
        return Viewer(game=running, user=None, is_spectator=who == DEAD)
    seat = game.seats.get(name=who)
    viewer = Viewer(game=running, user=None, seat=seat)
    if state is not None:
        player = state.player(who)
        viewer.alive, viewer.faction = player.alive, player.faction
        if player.alive:
            viewer.rooms = frozenset(rooms.audiences_of(state, who))
    return viewer


def _reads(viewer: Viewer, event: Event) -> bool:
    """games/viewer.py's rule for a running game (`visible_events`)."""
    if viewer.is_gm:
        if event.kind == PRIVATE_MESSAGE_KIND and event.audience != GM:
            return False
        return not rooms.is_room_audience(event.audience)
    return event.audience in viewer.audiences()


def replay_step(game: Game, who: str, index: int) -> Step:
    """Step `index` of the replay as `who` saw it: 0 is the deal (before the first
    phase), k the phase of seq k."""
    from games.text import event_text

    phase = game.phases.filter(seq=index).first() if index else None
    if index and phase is None:
        raise ValueError("no such phase")
    state = None
    if who not in (PUBLIC, DEAD, GM):
        if not game.seats.filter(name=who).exists():
            raise ValueError("no such viewer")
        if game.state:
            state = _states_by_phase(game).get(index) if index else _deal_state(game)
    viewer = _viewer_at(game, who, state)
    events = Event.objects.filter(game=game, phase=phase).order_by("seq")
    lines, seen_posts = [], set()
    for event in events:
        if not _reads(viewer, event):
            continue
        payload = event.payload or {}
        if event.kind in ("post", PRIVATE_MESSAGE_KIND):
            if payload.get("post") in seen_posts:
                continue  # a PM's second copy, a room post's reader copy
            seen_posts.add(payload.get("post"))
            payload = rooms.post_in(payload, game.ruleset_id)  # titles, aliases in words
            lines.append({"kind": "post", "event": event, "payload": payload})
            continue
        text = event_text(event)
        if text:
            lines.append({"kind": event.kind, "event": event, "text": text})
    title = phase_name(phase.kind, phase.number) if phase else gettext("The deal")
    return Step(index=index, title=title, lines=lines)


def _deal_state(game: Game) -> roles.GameState:
    return roles.new_game(
        game.ruleset_id,
        _deal(game),
        seed=game.seed,
        options=game.options,
        first_phase=game.first_phase,
    )


def step_count(game: Game) -> int:
    """The replay's last step: the latest phase's seq (0 before any phase)."""
    return game.phases.order_by("-seq").values_list("seq", flat=True).first() or 0


# -- the finished game's record on the game-over page ---------------------------------

# Public events told elsewhere on the game-over page, or bookkeeping.
OWN_SECTIONS = {"post", "vote", "phase_opened", "game_created", "joined", "left", "signups"}


def public_events(game: Game) -> list[dict]:
    """Every public event of the game in words (clues, a hangman's choice, bombs,
    the outcomes), with its phase."""
    from games.text import event_text

    lines = []
    events = game.events.filter(audience="public").select_related("phase").order_by("seq")
    for event in events:
        if event.kind in OWN_SECTIONS:
            continue
        text = event_text(event)
        if text:
            lines.append({"when": str(event.phase) if event.phase else "", "text": text})
    return lines


def notes(game: Game) -> list[dict]:
    """Every posthumous note as it was last written, by seat."""
    latest: dict[str, str] = {}
    for payload in game.events.filter(kind=services.NOTE_KIND).values_list("payload", flat=True):
        latest[payload.get("player")] = payload.get("text", "")
    return [{"name": n, "text": t} for n, t in latest.items() if t]
