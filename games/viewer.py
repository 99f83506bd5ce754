"""Who is looking, and what they may see.

Every page is built from the viewer's own view: the engine's `observe()` for a
seat, the public record for anyone else, everything for the GM and, once the
game is over, for everyone. Templates never decide visibility themselves.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Max, Q

import roles
from games import cursors, masks, rooms, services, setup_view, text
from games.models import Event, Game, Phase, Post, Seat, Status


@dataclass
class Viewer:
    game: Game
    user: object
    seat: Seat | None = None
    # The GM or a co-GM (games/services/cogms.py): he sees and does what the GM does.
    is_gm: bool = False
    # One of the co-GMs, not the GM himself (only the GM adds co-GMs and hands over).
    is_cogm: bool = False
    is_spectator: bool = False
    alive: bool = False
    faction: str = ""
    # The night chat rooms this seat reads now (games/rooms.py audiences).
    rooms: frozenset[str] = frozenset()
    view: dict = field(default_factory=dict)

    @property
    def sees_everything(self) -> bool:
        return self.is_gm or self.game.status == Status.FINISHED

    @property
    def reads_graveyard(self) -> bool:
        """The dead and spectators read the graveyard; living players never do.

        A revived player (townston's Paramedic) is a living player again: the
        graveyard closes to him the moment the day that revived him closes (his
        socket leaves its group then, games/live/consumers.py), and while he lives
        he is told nothing from it, neither what is written after his revival nor
        what was written before, on the page, in events/ or on the socket. What he
        read while dead he has read: a forum GM cannot unsend the dead thread
        either, and townston's rules (001) leave him his memory. If he dies again,
        the graveyard is his again, all of it, as it is every dead player's.
        (tests/live/test_revived_graveyard.py)"""
        if self.game.status != Status.RUNNING:
            return False
        if self.seat is not None:
            return not self.alive
        return self.is_spectator

    def audiences(self) -> set[str]:
        audiences = {"public"}
        if self.is_gm:
            audiences.add("gm")
        if self.game.masks and (self.is_gm or self.game.status == Status.LOBBY):
            # A masked game's sign-ups name the accounts (games/masks.py).
            audiences.add(masks.SIGNUPS_AUDIENCE)
        if self.seat is not None:
            audiences.add(f"seat:{self.seat.name}")
            if self.alive and self.faction:
                audiences.add(f"faction:{self.faction}")
            audiences |= self.rooms
        if self.reads_graveyard or self.game.status == Status.FINISHED:
            # After the game everyone reads the graveyard, whose roulette plays on:
            # its socket joins the group instead of fetching each command from the log.
            audiences.add("dead")
        return audiences

    def may_read(self, audience: str, kind: str = "") -> bool:
        if audience in self.audiences():
            return True
        if self.game.status == Status.FINISHED:
            return True
        # The GM reads everything but players' private messages (unless the game's
        # option says the GM reads them all: those carry the "gm" audience too) and
        # the rooms' copies for players (he has his own, under real names).
        return self.is_gm and cursors.gm_reads(audience, kind)


PRIVATE_MESSAGE_KIND = "pm"


def viewer_for(game: Game, user, with_view: bool = True) -> Viewer:
    """The viewer; `with_view=False` (a socket) skips the page's role card and results."""
    viewer = Viewer(game=game, user=user)
    if getattr(user, "is_authenticated", False):
        viewer.is_gm = services.runs_game(game, user)
        viewer.is_cogm = viewer.is_gm and game.gm_id != user.id
        viewer.seat = game.seats.filter(user=user).first()
        if viewer.seat is None and not viewer.is_gm:
            viewer.is_spectator = services.is_spectator(game, user)
    if viewer.seat is not None and game.state and not with_view:
        read_seat(viewer)
    elif viewer.seat is not None and game.state:
        state = services.engine_state(game)
        viewer.rooms = _rooms_read(game, state, state.player(viewer.seat.name))
        ruleset = roles.get_ruleset(game.ruleset_id)
        seen = roles.observe(state, viewer.seat.name)
        me = seen["me"]
        viewer.alive = me["alive"]
        # The faction whose chat and events this seat reads: the real one (a role
        # shown as another still plays for its own team; observe() tells the seat
        # only the role it believes it holds, roles.known_role).
        viewer.faction = state.player(viewer.seat.name).faction
        # In the reader's language (Django's active one): names and card.
        lang = text.reader_language()
        viewer.view = {
            "role_name": roles.role_name(ruleset.id, me["role"], lang) or me["role_name"],
            "faction_name": roles.faction_name(ruleset.id, me["faction"], lang)
            or ruleset.factions.get(me["faction"], me["faction"]),
            "card": roles.role_card_in(ruleset.id, me["role"], lang, shown=False),
            "teammates": [t["name"] for t in seen.get("teammates", [])],
            "results": seen.get("results", []),
        }
    return viewer


def read_seat(viewer: Viewer) -> None:
    """The seat's life, faction and night rooms, read off its game's engine state."""
    state = services.engine_state(viewer.game)
    player = state.player(viewer.seat.name)
    viewer.alive, viewer.faction = player.alive, player.faction
    viewer.rooms = _rooms_read(viewer.game, state, player)


def _rooms_read(game: Game, state, player) -> frozenset[str]:
    if game.status != Status.RUNNING or not player.alive:
        return frozenset()
    return frozenset(rooms.audiences_of(state, player.name))


# -- the numbers a viewer reads (games/cursors.py) ------------------------------------


def reads_gm_stream(viewer: Viewer) -> bool:
    """The GM reads one stream while the game runs, numbered by `Event.gm_seq`: every
    event but players' private messages and the rooms' copies for players."""
    return viewer.is_gm and viewer.game.status != Status.FINISHED


def read_audiences(viewer: Viewer) -> set[str]:
    """The audiences whose streams this viewer reads (not the GM's running stream):
    his own, or once the game is over every audience of the game."""
    if viewer.game.status == Status.FINISHED:
        logged = Event.objects.filter(game=viewer.game).values_list("audience", flat=True)
        return set(logged.distinct()) | {"public"}
    return viewer.audiences()


def stream_labels(viewer: Viewer) -> dict[str, str]:
    """audience -> the label of its stream, as this viewer's cursor names it."""
    own = viewer.seat.name if viewer.seat is not None else ""
    game_id = viewer.game.id
    return {a: cursors.label_of(game_id, a, own) for a in read_audiences(viewer)}


@dataclass
class Streams:
    """A viewer's streams: how to number an event for him, and to filter the log."""

    game_id: int
    gm: bool
    labels: dict[str, str]  # audience -> label (empty for the GM's stream)
    own_seat: str = ""
    everything: bool = False  # the game is over: every audience, even one logged later

    def key(self, event) -> tuple[str, int]:
        """(label, number): the event's name for this viewer (an Event or a pushed dict)."""
        if isinstance(event, dict):
            audience, number, gm_seq = event["audience"], event["audience_seq"], event["gm_seq"]
        else:
            audience, number, gm_seq = event.audience, event.audience_seq, event.gm_seq
        if self.gm:
            return cursors.GM_STREAM, gm_seq
        label = self.labels.get(audience)
        if label is None:  # an audience first logged after this game ended
            label = cursors.label_of(self.game_id, audience, self.own_seat)
        return label, number

    def start(self) -> dict[str, int]:
        """Every stream at its start."""
        return {cursors.GM_STREAM: 0} if self.gm else dict.fromkeys(self.labels.values(), 0)

    def news_after(self, after: dict[str, int] | None, counters: dict, last_gm_seq: int) -> bool:
        """Whether any stream holds an event after the cursor `after`, given the game's
        counters as logged with its last seq (`Game.audience_seqs`, `Game.last_gm_seq`).
        A finished game's reader reads every audience: always looked up."""
        after = after or {}
        if self.gm:
            return last_gm_seq > after.get(cursors.GM_STREAM, 0)
        if self.everything:
            return True
        return any(
            counters.get(audience, 0) > after.get(label, 0)
            for audience, label in self.labels.items()
        )

    def filter(self, events, after: dict[str, int] | None):
        if self.gm:
            events = events.filter(gm_seq__isnull=False)
            if after:
                events = events.filter(gm_seq__gt=after.get(cursors.GM_STREAM, 0))
            return events
        if not after:
            return events if self.everything else events.filter(audience__in=self.labels)
        wanted = ~Q(audience__in=self.labels) if self.everything else Q(pk__in=[])
        for audience, label in self.labels.items():
            wanted |= Q(audience=audience, audience_seq__gt=after.get(label, 0))
        return events.filter(wanted)


def streams_of(viewer: Viewer) -> Streams:
    if reads_gm_stream(viewer):
        return Streams(game_id=viewer.game.id, gm=True, labels={})
    return Streams(
        game_id=viewer.game.id,
        gm=False,
        labels=stream_labels(viewer),
        own_seat=viewer.seat.name if viewer.seat is not None else "",
        everything=viewer.game.status == Status.FINISHED,
    )


def visible_events(
    viewer: Viewer,
    after: dict[str, int] | None = None,
    upto_seq: int | None = None,
    streams: Streams | None = None,
):
    """The events this viewer reads, in the log's order: all of them, or those after
    his cursor `after` (a stream it does not name is read from its start), up to the
    log's `upto_seq` (the game-wide order, never shown)."""
    streams = streams or streams_of(viewer)
    # Through the game's own manager: each event holds its game (text.ruleset_of).
    events = viewer.game.events.order_by("seq")
    if upto_seq is not None:
        events = events.filter(seq__lte=upto_seq)
    return streams.filter(events, after)


def advanced(position: dict[str, int], events, streams: Streams) -> dict[str, int]:
    """The cursor once `events` (read after `position`) are read too."""
    position = dict(position)
    for event in events:
        label, number = streams.key(event)
        position[label] = max(position.get(label, 0), number)
    return position


def position_of(viewer: Viewer, upto_seq: int, streams: Streams | None = None) -> dict[str, int]:
    """The viewer's cursor once he has read every event he reads up to `upto_seq`:
    the last number of each of his streams (0 for a stream with nothing yet)."""
    streams = streams or streams_of(viewer)
    events = Event.objects.filter(game=viewer.game, seq__lte=upto_seq)
    position = streams.start()
    if streams.gm:
        last = events.filter(gm_seq__isnull=False).aggregate(n=Max("gm_seq"))["n"]
        position[cursors.GM_STREAM] = last or 0
        return position
    lasts = (
        events.filter(audience__in=streams.labels)
        .values_list("audience")
        .annotate(n=Max("audience_seq"))
    )
    for audience, last in lasts:
        position[streams.labels[audience]] = last
    return position


def visible_posts(viewer: Viewer, channel: str):
    posts = Post.objects.filter(game=viewer.game, channel=channel).select_related(
        "seat", "phase", "recipient"
    )
    if channel == Post.ANNOUNCEMENT:
        return posts.select_related("game")  # outside any phase, `when` asks the game
    if channel in (Post.DAY, Post.LAST_WORDS):
        return posts
    if channel == Post.PRIVATE:
        if viewer.game.status == Status.FINISHED:
            return posts
        if viewer.is_gm:
            return posts.filter(game__private_messages="gm")
        if viewer.seat is None:
            return posts.none()
        return posts.filter(Q(seat=viewer.seat) | Q(recipient=viewer.seat))
    if viewer.sees_everything:
        return posts
    if channel == Post.GRAVEYARD:
        return posts if viewer.reads_graveyard else posts.none()
    if channel == Post.FACTION and viewer.alive and viewer.faction:
        return posts.filter(faction=viewer.faction)
    return posts.none()


def public_players(game: Game) -> list[dict]:
    """Seating order, alive or dead, and what the reveal mode shows of the dead:
    the engine's spectator view, so no private role can slip in."""
    state = services.engine_state(game)
    ruleset = roles.get_ruleset(game.ruleset_id)

    players = []
    for entry in roles.observe(state, None)["players"]:
        role = entry.get("role")
        faction = entry.get("faction")
        shown = text.role_label(ruleset.id, role) if role else ""
        if faction and not role:
            shown = text.faction_label(ruleset.id, faction)
        players.append({"name": entry["name"], "alive": entry["alive"], "revealed": shown})
    return players


def phase_summary(viewer: Viewer, phase: Phase) -> dict:
    """One closed phase for the history: public parts, or everything when allowed."""
    public = [
        e
        for e in phase.events.filter(audience="public").order_by("seq")
        if e.kind not in ("phase_opened", "post", "vote", "phase_closed")
    ]
    closed = phase.events.filter(audience="public", kind="phase_closed").first()
    summary = {"phase": phase, "public": public, "outcome": closed.payload if closed else {}}
    if viewer.sees_everything:
        summary["record"] = phase.record
        summary["actions"] = list(phase.actions.select_related("seat").order_by("seat__joined_at"))
        summary.update(history_words(phase.record or {}, summary["actions"], phase.game.ruleset_id))
    return summary


def history_words(record: dict, actions: list, ruleset_id: str) -> dict:
    """The record's headline, moves and deaths as sentences in the reader's language
    (the history of a finished game: no raw ability or role id on the page)."""
    lang = text.reader_language()
    moves = []
    for action in actions:
        said = {"player": action.seat.name, "ability": action.ability}
        if not action.ability:
            moves.append(roles.render(text.message("action.nothing", ruleset_id, **said), lang))
            continue
        mid = "action" if action.targets else "action.untargeted"
        said["targets"] = list(action.targets or [])
        moves.append(roles.render(text.message(mid, ruleset_id, **said), lang))
    headline = record.get("headline")
    return {
        "headline": roles.render(roles.headline_message(headline), lang) if headline else "",
        "moves": moves,
        "deaths": text.death_lines(record, lang=lang, ruleset=ruleset_id),
    }


def setup_list(viewer: Viewer) -> dict | None:
    """The game's role list as this viewer may read it, or None (a closed setup while
    the game runs: players, spectators and visitors see only the player count).

    Open setup: everyone reads the slots (random ones named as such). The GM always
    reads them and, once the game started, what each random slot rolled (his copy of
    the deal); after the game everyone reads that too."""
    game = viewer.game
    if not game.setup:
        return None
    if not (game.open_setup or viewer.sees_everything):
        return None
    rolled = None
    if viewer.sees_everything and game.status in (Status.RUNNING, Status.FINISHED):
        event = game.events.filter(kind=services.DEALT_KIND, audience="gm").first()
        rolled = event.payload.get("slots", []) if event else []
    return {
        "slots": setup_view.role_list(game.setup, rolled),
        "rolled": rolled is not None,
        "open": game.open_setup,
    }
