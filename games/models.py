"""What a game stores. Only the services (games/services/) change these rows.

The engine's GameState (JSON) is the truth about roles, factions and who is
alive; the rows here are the site's bookkeeping around it: who sits where, the
phases and their deadlines, what was submitted, what was said, and the
append-only event log every page and push is built from.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.fields import SeedField


class Status(models.TextChoices):
    LOBBY = "lobby", _("sign-ups")
    RUNNING = "running", _("running")
    FINISHED = "finished", _("finished")
    # The GM called the game off during sign-ups: it keeps its page (the players who
    # joined read that it was cancelled) and nothing changes it any more.
    CANCELLED = "cancelled", _("cancelled")


# The game's status is a small state machine: these are the only transitions.
STATUS_TRANSITIONS = {
    Status.LOBBY: {Status.RUNNING, Status.CANCELLED},
    Status.RUNNING: {Status.FINISHED},
    Status.FINISHED: set(),
    Status.CANCELLED: set(),
}


class IllegalTransition(ValueError):
    pass


class PrivateMessages(models.TextChoices):
    OFF = "off", _("no private messages")
    ON = "on", _("private messages between players")
    GM_SEES_ALL = "gm", _("private messages, the GM reads them all")


class Setup(models.Model):
    """A setup a GM built (the engine's setup format, docs/setup.md): its
    name, ruleset and sharing here, its contents in versions. Public: listed on the
    setups page and openable, clonable and playable by any signed-in user; private:
    only its owner's. Its link names the unguessable `token`, never the id."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    name = models.CharField(max_length=80)
    ruleset_id = models.CharField(max_length=40)
    public = models.BooleanField(default=False)
    token = models.CharField(max_length=32, unique=True)
    # The setup it was cloned from, if any (kept when that one is deleted: None).
    cloned_from = models.ForeignKey(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # Deleted by its owner: gone from every list and link, but the versions games
    # played stay (their pages name the setup).
    deleted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-updated_at", "-id"]

    def __str__(self) -> str:
        return self.name

    @property
    def current(self) -> SetupVersion:
        return self.versions.order_by("-number").first()


class SetupVersion(models.Model):
    """One version of a setup's contents. Once a game used it, it never changes again:
    saving the setup then makes the next version (games/services/setups.py)."""

    setup = models.ForeignKey(Setup, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    options = models.JSONField(default=dict, blank=True)
    slots = models.JSONField(default=list, blank=True)
    # Per-role limits: {role: {"unique": bool, "max": n, "excluded_from_randoms": bool}}.
    limits = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["setup", "number"]
        constraints = [
            models.UniqueConstraint(fields=["setup", "number"], name="unique_setup_version")
        ]

    def __str__(self) -> str:
        return f"{self.setup} v{self.number}"

    def as_setup(self) -> dict:
        """The engine's setup dict of this version."""
        return {
            "ruleset": self.setup.ruleset_id,
            "options": dict(self.options),
            "slots": [dict(slot) for slot in self.slots],
            "roles": {role: dict(limit) for role, limit in self.limits.items()},
        }


class Game(models.Model):
    name = models.CharField(max_length=80)
    gm = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    ruleset_id = models.CharField(max_length=40)
    # The ruleset's preset the game plays, or "" for a GM's setup (setup_version).
    preset_id = models.CharField(max_length=60, blank=True)
    setup_version = models.ForeignKey(
        SetupVersion, on_delete=models.PROTECT, null=True, blank=True, related_name="games"
    )
    # The setup the game plays, frozen at creation with the game's own options (the
    # engine's setup format; a preset's as roles.preset_setup gives it): its size and
    # its roll come from here. Secret while the game runs unless `open_setup`.
    setup = models.JSONField(default=dict, blank=True)
    # An open setup: players and spectators read the role list (random slots named as
    # such) before and during the game. Closed: only the player count.
    open_setup = models.BooleanField(default=False)
    # Spectators play the graveyard's roulette like the dead (off: they only watch).
    # Set on the create form; the GM changes it while the game runs (services.gm).
    roulette_spectators = models.BooleanField(default=True)
    # Played "with masks" (games/masks.py): at the start every seat is renamed to a mask
    # dealt from `mask_names`; who is behind each is the GM's until the game is over.
    masks = models.BooleanField(default=False)
    mask_names = models.JSONField(default=list, blank=True)
    options = models.JSONField(default=dict, blank=True)
    reveal_mode = models.CharField(max_length=20, default="")
    day_seconds = models.PositiveIntegerField()
    night_seconds = models.PositiveIntegerField()
    first_phase = models.CharField(
        max_length=5, choices=[("night", "night"), ("day", "day")], default="night"
    )
    # The seed of every random draw of the game (the deal, the engine's draws): 128 bits
    # from `secrets`, as digits (games/fields.py: no 64-bit column holds it).
    seed = SeedField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.LOBBY)
    # Private messages between players: a site option of the game (the Russian
    # variants forbid them, bay12 allows them at night).
    private_messages = models.CharField(
        max_length=10, choices=PrivateMessages.choices, default=PrivateMessages.OFF
    )
    signups_open = models.BooleanField(default=True)
    # Activity rules (roles/activity.py; the create form starts at the ruleset's
    # defaults): `min_posts` game posts a day in each of the first `post_days` days
    # (0: no rule); `substitute_instead` asks the GM for a substitute where the rule
    # would modkill; `remind_minutes` before a deadline each seat that still owes a
    # vote or a move is reminded (0: never).
    min_posts = models.PositiveSmallIntegerField(default=0)
    post_days = models.PositiveSmallIntegerField(default=0)
    substitute_instead = models.BooleanField(default=False)
    remind_minutes = models.PositiveSmallIntegerField(default=0)
    # The engine's GameState.to_dict(); empty until the game starts.
    state = models.JSONField(default=dict, blank=True)
    winners = models.JSONField(default=list, blank=True)
    last_event_seq = models.PositiveIntegerField(default=0)
    # The last number handed out in each audience ({"public": 12, "seat:Ann": 3, ...})
    # and in the GM's stream (games/cursors.py): the numbers viewers read.
    audience_seqs = models.JSONField(default=dict, blank=True)
    last_gm_seq = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    # When the game ended: game over, or cancelled during sign-ups.
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.name

    def move_to(self, status: str) -> None:
        if status not in STATUS_TRANSITIONS[Status(self.status)]:
            raise IllegalTransition(f"a game cannot go from {self.status} to {status}")
        self.status = status


class Seat(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    name = models.CharField(max_length=150)
    # A practice seat the GM added (games/services/bots.py): its account never logs
    # in, and the site plays it at random from the engine's legal choices.
    is_bot = models.BooleanField(default=False)
    joined_at = models.DateTimeField(auto_now_add=True)
    # The posts rule's warning this seat's player earned (a later shortfall is the
    # modkill), and the GM's "substitute wanted" mark, both cleared by a replacement.
    activity_warned = models.BooleanField(default=False)
    substitute_wanted = models.BooleanField(default=False)

    class Meta:
        ordering = ["joined_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="one_seat_per_user"),
            models.UniqueConstraint(fields=["game", "name"], name="unique_name_per_game"),
        ]

    def __str__(self) -> str:
        return self.name


class CoGM(models.Model):
    """Another account the GM added to run the game beside him (games/services/cogms.py):
    a GM everywhere a GM is, never a player of the game."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="cogms")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    added_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["added_at", "id"]
        verbose_name = "co-GM"
        constraints = [models.UniqueConstraint(fields=["game", "user"], name="one_cogm_per_user")]

    def __str__(self) -> str:
        return f"{self.user} co-GMs {self.game}"


class Phase(models.Model):
    DAY = "day"
    NIGHT = "night"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="phases")
    seq = models.PositiveIntegerField()
    kind = models.CharField(max_length=5, choices=[(DAY, "day"), (NIGHT, "night")])
    number = models.PositiveIntegerField()
    opened_at = models.DateTimeField()
    deadline = models.DateTimeField(db_index=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    close_reason = models.CharField(max_length=20, blank=True)
    # The engine's record of the phase (deaths, results, tally, ...): private
    # parts included, so only the GM and the finished game's history show it.
    record = models.JSONField(default=dict, blank=True)
    # A question the engine asked before it can close the phase (roles.PendingDecision):
    # {"kind": "round" | "action", "choices", "voters", "index", "actor", "ability"}.
    pending = models.JSONField(default=dict, blank=True)
    # The GM's answers to such questions: day actions of the pseudo-actor "GM".
    gm_actions = models.JSONField(default=list, blank=True)
    # The GM paused the clock at this moment (None: running). The time left is
    # deadline - paused_at; resuming moves the deadline on by the pause's length.
    paused_at = models.DateTimeField(null=True, blank=True)
    # The players the GM modkilled during this phase, in order: inputs a replay
    # applies (roles.modkill) before the phase's own resolution.
    modkills = models.JSONField(default=list, blank=True)
    # When the owing seats were reminded of this phase's deadline (once per phase).
    reminded_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["seq"]
        constraints = [models.UniqueConstraint(fields=["game", "seq"], name="unique_phase_seq")]
        indexes = [models.Index(fields=["closed_at", "deadline"], name="open_phase_deadline")]

    def __str__(self) -> str:
        return f"{self.kind} {self.number}"

    @property
    def is_open(self) -> bool:
        return self.closed_at is None


class Action(models.Model):
    """A seat's current choice of one ability for the phase; choosing again replaces
    the row. A seat may hold one row per ability the engine offers it (the ru_sport
    Don's check and kill vote, ru_eleven's conditional moves), and the empty ability:
    "nothing (more) this phase" (roles.legal.DONE)."""

    phase = models.ForeignKey(Phase, on_delete=models.CASCADE, related_name="actions")
    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="actions")
    # Empty ability: the player chose to do nothing this phase.
    ability = models.CharField(max_length=40, blank=True)
    targets = models.JSONField(default=list, blank=True)
    extra = models.JSONField(default=dict, blank=True)
    submitted_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["phase", "seat", "ability"], name="one_action_per_seat_ability"
            )
        ]

    def __str__(self) -> str:
        return f"{self.seat} {self.ability or 'nothing'} {self.targets}"


class Vote(models.Model):
    """One vote event, in the order cast; a later vote of the same voter replaces it."""

    phase = models.ForeignKey(Phase, on_delete=models.CASCADE, related_name="votes")
    voter = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="votes")
    # A player's name, "pass", or "" for a withdrawn vote.
    target = models.CharField(max_length=150, blank=True)
    # 0: the day's vote; k: the k-th extra round the engine called for (a catastrophe).
    round = models.PositiveSmallIntegerField(default=0)
    # The voter asks to close the day now ("fast"), where the ruleset has fast votes.
    fast = models.BooleanField(default=False)
    cast_at = models.DateTimeField()

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return f"{self.voter} -> {self.target or '(withdrawn)'}"


def fold(text: str) -> str:
    """Text as a search compares it: case-folded ("Привет" and "ПРИВЕТ" alike)."""
    return text.casefold()


def new_post_ref() -> str:
    """A post's name on pages and sockets: random, so it says nothing of other posts
    (the row id is site-wide: its gaps counted the hidden chats)."""
    return secrets.token_hex(8)


class Post(models.Model):
    """A message in a thread. Posts are never edited (forum etiquette)."""

    DAY = "day"
    FACTION = "faction"
    GRAVEYARD = "graveyard"
    ANNOUNCEMENT = "announce"
    PRIVATE = "pm"
    LAST_WORDS = "last_words"
    # A night chat room of the engine (roles.night_chats): faction chats, the Masons, a jail.
    ROOM = "room"
    CHANNELS = [
        (DAY, "day thread"),
        (FACTION, "faction chat (before rooms)"),
        (ROOM, "night chat room"),
        (GRAVEYARD, "graveyard chat"),
        (ANNOUNCEMENT, "GM announcement"),
        (PRIVATE, "private message"),
        (LAST_WORDS, "last words"),
    ]

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="posts")
    # None only for a GM announcement outside any phase: in the lobby, or a wrap-up
    # note after the game (see `when`).
    phase = models.ForeignKey(
        Phase, on_delete=models.PROTECT, related_name="posts", null=True, blank=True
    )
    # The player who wrote it; empty for the GM and for spectators (see `author`).
    seat = models.ForeignKey(
        Seat, on_delete=models.PROTECT, related_name="posts", null=True, blank=True
    )
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        null=True,
        blank=True,
    )
    author_name = models.CharField(max_length=150, blank=True)
    channel = models.CharField(max_length=10, choices=CHANNELS)
    # For faction chat: the faction whose members may read it.
    faction = models.CharField(max_length=40, blank=True)
    # For a night chat room: the room's id ("faction:mafia", "masons", "jail:2").
    room = models.CharField(max_length=80, blank=True)
    # For a private message: the seat it is addressed to.
    recipient = models.ForeignKey(
        Seat, on_delete=models.PROTECT, related_name="+", null=True, blank=True
    )
    text = models.TextField(max_length=5000)
    # The text case-folded, what a search in the thread reads (games/threads.py): the
    # same on PostgreSQL and SQLite, whose LIKE folds ASCII letters only.
    folded = models.TextField(blank=True, default="", editable=False)
    created_at = models.DateTimeField()
    ref = models.CharField(max_length=16, default=new_post_ref, editable=False)

    class Meta:
        ordering = ["id"]
        indexes = [
            # A thread's pages (games/threads.py): a game's channel, by id.
            models.Index(fields=["game", "channel", "id"], name="post_thread_page"),
            # A permalink or a page's cursor names a post by its ref.
            models.Index(fields=["game", "ref"], name="post_game_ref"),
        ]

    def __str__(self) -> str:
        return f"{self.writer}: {self.text[:40]}"

    def save(self, *args, **kwargs):
        if self.pk is not None:
            raise IllegalTransition("posts cannot be edited")
        self.folded = fold(self.text)
        super().save(*args, **kwargs)

    @property
    def writer(self) -> str:
        return self.author_name or (self.seat.name if self.seat_id else "")

    @property
    def when(self) -> str:
        """The phase it was written in ("night 1"), or for a post outside any phase (a
        GM announcement) "sign-ups" or "after the game", in the reader's language."""
        if self.phase_id is not None:
            return phase_words(self.phase.kind, self.phase.number)
        return outside_phases(self.game, self.created_at)


def phase_name(kind: str, number) -> str:
    """A phase as headings name it: "Night 1", "Day 2"."""
    if kind == "night":
        return gettext("Night %(number)s") % {"number": number}
    return gettext("Day %(number)s") % {"number": number}


def phase_words(kind: str, number) -> str:
    """A phase as the post headers and records name it: "night 1", "day 2"."""
    if kind == "night":
        return _("night %(number)s") % {"number": number}
    return _("day %(number)s") % {"number": number}


def outside_phases_words() -> dict[str, str]:
    """The names of the moments outside any phase, in the reader's language."""
    return {"sign-ups": str(_("sign-ups")), "after the game": str(_("after the game"))}


def outside_phases_key(game: Game, at) -> str:
    """A moment outside any phase of the game, as stored ("sign-ups", "after the game")."""
    if game.started_at is None or at < game.started_at:
        return "sign-ups"
    return "after the game"


def outside_phases(game: Game, at) -> str:
    """What a moment outside any phase of the game is called on the pages."""
    return outside_phases_words()[outside_phases_key(game, at)]


class Spectator(models.Model):
    """Someone without a seat who watches a game: the public thread and the graveyard."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="spectators")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="one_spectator_per_user")
        ]

    def __str__(self) -> str:
        return f"{self.user} watches {self.game}"


class Event(models.Model):
    """The append-only event log: every outward message, with who may read it.

    audience: "public", "gm", "dead", "seat:<name>", "faction:<faction>", or a night
    room's "room:<room id>" (its members) / "room-read:<room id>" (its readers).
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="events")
    # The game-wide order: never shown to anyone (its gaps would count hidden events).
    seq = models.PositiveIntegerField()
    phase = models.ForeignKey(Phase, on_delete=models.PROTECT, null=True, related_name="events")
    kind = models.CharField(max_length=40)
    audience = models.CharField(max_length=200)
    payload = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField()
    # What viewers read (games/cursors.py): the number within its audience, gap-free
    # per game and audience, and within the GM's stream (None: the GM does not read it).
    audience_seq = models.PositiveIntegerField(default=0)
    gm_seq = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="unique_event_seq"),
            models.UniqueConstraint(
                fields=["game", "audience", "audience_seq"], name="unique_event_audience_seq"
            ),
            models.UniqueConstraint(fields=["game", "gm_seq"], name="unique_event_gm_seq"),
        ]

    def __str__(self) -> str:
        return f"#{self.seq} {self.kind} to {self.audience}"

    def save(self, *args, **kwargs):
        if self.pk is not None:
            raise IllegalTransition("the event log is append-only")
        super().save(*args, **kwargs)


# -- the graveyard's Russian roulette (roles/roulette.py, rules/002) ---------


class RoulettePoints(models.Model):
    """An account's roulette points, across games; created at the first bet with
    roles.roulette.STARTING_POINTS. A bet never exceeds them, so they stay >= 0."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="roulette_points"
    )
    points = models.PositiveIntegerField()
    # The record, counted by the service where a round ends (games/services/roulette.py):
    # rounds whose bet was taken, rounds survived to the payout, rounds shot in.
    tables_played = models.PositiveIntegerField(default=0)
    tables_won = models.PositiveIntegerField(default=0)
    times_shot = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["-points", "user_id"]

    def __str__(self) -> str:
        return f"{self.user} has {self.points} points"


class RouletteTable(models.Model):
    """A game's graveyard table: the engine's roulette Table (JSON) and its secret seed."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="roulette")
    # The spins come from it: never sent to a browser, so no one can foresee a chamber.
    seed = models.BigIntegerField()
    state = models.JSONField(default=dict, blank=True)
    # Table name -> user id of whoever sat at the table (whose points move).
    members = models.JSONField(default=dict, blank=True)
    # A masked game's seats play for points held here until the game ends ({user id:
    # {"points": delta, "played", "won", "shot"}}): the site-wide leaderboard must not
    # move with a mask's bets (games/masks.py).
    held = models.JSONField(default=dict, blank=True)

    def __str__(self) -> str:
        return f"roulette of {self.game}"


class RoleFlavour(models.Model):
    """The GM's flavour text for one role of one game (townston-style themes),
    shown to each seat above its role's card and to the GM; changed only through
    games.services.set_flavour. `role_id` is the role the seat is told it holds (a
    Paranoid reads the Townie's), so no flavour betrays a hidden role."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="flavours")
    role_id = models.CharField(max_length=40)
    text = models.TextField()
    updated_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "role_id"], name="one_flavour_per_game_role")
        ]

    def __str__(self) -> str:
        return f"flavour of {self.role_id} in {self.game}"


class SubmissionKey(models.Model):
    """A player's submission as his form sent it, stored with what it created (issue
    17: a retry after a lost answer is the same submission, not a new one).

    `key` is the random token of one render of the form; `choice` a digest of what the
    form said (a new choice in the same form is a new submission). Unique per user: a
    token someone else sent matches nothing of his. Written in the transaction of the
    submission itself, so it exists exactly when the submission was stored."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=64)
    choice = models.CharField(max_length=64)
    # "vote", "action", "withdrawal", "post": what the first submission created.
    kind = models.CharField(max_length=20)
    created_id = models.BigIntegerField(null=True)
    created_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["user", "key", "choice"], name="one_submission_per_user_key"
            )
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.key[:8]} of user {self.user_id}"


class Pronoun(models.TextChoices):
    """How the game's texts speak of a player (death descriptions): "they" unless set."""

    THEY = "they", _("they")
    HE = "he", _("he")
    SHE = "she", _("she")


class Profile(models.Model):
    """A reader's own settings, one per account, created the first time it is saved
    (games/profiles.py reads it, with the defaults when there is none). Empty
    language or time zone: the browser's."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile"
    )
    language = models.CharField(
        _("language"), max_length=10, blank=True, choices=settings.LANGUAGES
    )
    time_zone = models.CharField(_("time zone"), max_length=64, blank=True)
    pronoun = models.CharField(
        _("pronoun"), max_length=4, choices=Pronoun.choices, default=Pronoun.THEY
    )

    def __str__(self) -> str:
        return f"profile of {self.user}"
