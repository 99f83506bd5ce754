"""A phase close worked out before its deadline, and written at it.

At a shared deadline every game's close lands in the same second, and on a small
machine the CPU of those closes (the engine, the lines in every language, binding the
statements) is what delays the last headline (bench/README.md, "a faster quiet
machine"). `prepare` runs the ordinary close (`phases.close_phase`, with the deadline
as its `now`) a few seconds ahead, inside a transaction that is rolled back, and
records every statement it sends: what each read returned, and each statement already
bound. `write` sends the recorded statements again, in order and in one round trip,
at the deadline: the first takes the game's lock, and if any read returns anything
else than it did (a move sent or withdrawn meanwhile, a note, a will, a pause, a GM's
edit, a pronoun), the transaction is rolled back and the caller closes the phase the
ordinary way. Otherwise the statements are the close, the very ones the ordinary
close would have sent at the deadline; its pushes and after-commit calls (the next
phase's clock) go out once it commits. Half a second before the deadline the reads
are run again, and a close something changed since (a late move, a post) is prepared
again (`rechecked`): only what changes in the last half second makes the close the
ordinary one.

PostgreSQL only (psycopg binds on the client, and its results can be read twice); on
SQLite a phase closes the ordinary way. The prepared close stays in the process that
prepared it: `prepare_and_hold` hands it to that process's writer thread, which
writes it at the deadline; the ETA close task, a moment later (games/tasks.py), finds
the phase closed.
"""

from __future__ import annotations

import heapq
import itertools
import logging
import os
import threading
import time
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, IntegrityError, connections, transaction
from django.db.models import F, Q
from django.utils import timezone

from games import rows
from games.models import Phase, Seat
from games.services import phases
from games.services.bots import HAS_BOTS

logger = logging.getLogger(__name__)

# The beat sweeper leaves a phase whose close was prepared this long after its
# deadline (`left_to_writer`).
SWEEP_GRACE_SECONDS = 0.5


class Unpreparable(Exception):
    """The close cannot be recorded (a statement run many times at once)."""


class _Changed(Exception):
    """A read at the deadline returned something else than when the close was prepared."""


@dataclass
class Step:
    sql: str  # bound already: sent as it is
    rows: list | None  # what it returned when prepared (None: a statement without a result)


@dataclass
class Prepared:
    deadline: datetime
    game_id: int
    phase_seq: int
    steps: list[Step] = field(default_factory=list)
    # The close's after-commit calls (its pushes, the next phase's clock), as prepared.
    after_commit: list = field(default_factory=list)


def may_prepare(using: str = DEFAULT_DB_ALIAS) -> bool:
    """PostgreSQL with psycopg's client-side binding (Django's default)."""
    connection = connections[using]
    options = connection.settings_dict.get("OPTIONS", {})
    return connection.vendor == "postgresql" and not options.get("server_side_binding")


class _Recorder:
    """A connection's execute wrapper: every statement, bound, and what reads return."""

    def __init__(self) -> None:
        self.steps: list[Step] = []
        self.paused = False
        self._binder = None

    def _bind(self, context, sql: str, params) -> str:
        if params is None:
            return sql
        if self._binder is None:  # its own cursor: binding would drop the caller's result
            import psycopg  # only on PostgreSQL (may_prepare)

            self._binder = psycopg.ClientCursor(context["connection"].connection)
        return self._binder.mogrify(sql, params)

    def close(self) -> None:
        if self._binder is not None:
            self._binder.close()

    def __call__(self, execute, sql, params, many, context):
        result = execute(sql, params, many, context)
        if self.paused:
            return result
        if many:
            raise Unpreparable("a statement run many times at once")
        cursor = context["cursor"]
        bound = self._bind(context, sql, params)
        if cursor.description is None:
            self.steps.append(Step(bound, None))
        else:
            found = cursor.fetchall()
            if found:  # the caller reads them as if untouched
                cursor.scroll(0, mode="absolute")
            self.steps.append(Step(bound, found))
        return result


def prepare(game_id: int, phase_seq: int, using: str = DEFAULT_DB_ALIAS) -> Prepared | None:
    """The phase's close at its deadline, recorded; None when there is nothing to write
    (closed, paused or already past its deadline: then it is closed the ordinary way)."""
    deadline = (
        Phase.objects.using(using)
        .filter(game_id=game_id, seq=phase_seq, closed_at__isnull=True, paused_at__isnull=True)
        .values_list("deadline", flat=True)
        .first()
    )
    if deadline is None or not may_prepare(using) or _has_bots(game_id):
        return None
    connection = connections[using]
    recorder = _Recorder()
    prepared = Prepared(deadline, game_id, phase_seq)

    def allocate(model, count: int) -> list[int]:
        # Ids taken now are never handed out again, written or not (sequences do not
        # roll back); not recorded: the statement at the deadline names them.
        recorder.paused = True
        try:
            table, pk = model._meta.db_table, model._meta.pk.column
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT nextval(pg_get_serial_sequence(%s, %s)) FROM generate_series(1, %s)",
                    [table, pk, count],
                )
                return [n for (n,) in cursor.fetchall()]
        finally:
            recorder.paused = False

    try:
        with transaction.atomic(using=using):
            hooks_before = len(connection.run_on_commit)
            token = rows.ALLOCATE_IDS.set(allocate)
            try:
                with connection.execute_wrapper(recorder):
                    phases.close_phase(game_id, phase_seq, reason="deadline", now=deadline)
            finally:
                rows.ALLOCATE_IDS.reset(token)
            prepared.after_commit = [
                (func, robust) for _, func, robust in connection.run_on_commit[hooks_before:]
            ]
            raise _RolledBack
    except _RolledBack:
        pass
    except Unpreparable:
        return None
    finally:
        recorder.close()
    writes = [s for s in recorder.steps if s.rows is None and not _is_savepoint(s.sql)]
    if not writes:
        return None
    prepared.steps = recorder.steps
    return prepared


class _RolledBack(Exception):
    """Ends the preparing transaction: nothing of it stays."""


def _is_savepoint(sql: str) -> bool:
    return sql.lstrip().upper().startswith(("SAVEPOINT", "RELEASE SAVEPOINT", "ROLLBACK TO"))


def _has_bots(game_id: int) -> bool:
    """Practice seats move with the clock (games/services/bots.py): not prepared."""
    return bool(rows.values(Seat, HAS_BOTS, [game_id]))


def write(prepared: Prepared, using: str = DEFAULT_DB_ALIAS) -> bool:
    """Write the prepared close; False (and nothing written) when anything it read has
    changed since: the caller then closes the phase the ordinary way."""
    connection = connections[using]
    try:
        with transaction.atomic(using=using):
            with connection.cursor() as cursor:
                # A difference rolls all of them back.
                if not _sent_unchanged(cursor, prepared.steps):
                    raise _Changed
            for func, robust in prepared.after_commit:
                transaction.on_commit(func, using=using, robust=robust)
    except (_Changed, IntegrityError):  # a row it creates exists already: closed meanwhile
        return False
    return True


def reads_unchanged(prepared: Prepared, using: str = DEFAULT_DB_ALIAS) -> bool:
    """Whether every read of the prepared close still returns what it did (its reads
    alone, in one round trip, in a transaction rolled back). A read that followed one
    of the close's own writes may differ only because they are not run: the close is
    then prepared again for nothing, which costs time, not correctness."""
    connection = connections[using]
    reads = [step for step in prepared.steps if step.rows is not None]
    if not reads:  # nothing it read can have changed
        return True
    try:
        with transaction.atomic(using=using):
            with connection.cursor() as cursor:
                unchanged = _sent_unchanged(cursor, reads)
            raise _RolledBack
    except _RolledBack:
        return unchanged


def _sent_unchanged(cursor, steps: list[Step]) -> bool:
    """Send the steps in one round trip (they are bound already), then check each
    read's rows against what it returned when prepared."""
    cursor.execute(";\n".join(step.sql for step in steps))
    for index, step in enumerate(steps):
        if index:
            cursor.nextset()
        if step.rows is not None and cursor.fetchall() != step.rows:
            return False
    return True


def refreshed(prepared: Prepared, using: str = DEFAULT_DB_ALIAS) -> Prepared:
    """The held close, prepared again if anything it read has changed since it was
    prepared (a move or a post in the last seconds: a day's chat runs to its end); else
    itself. It stays as it is when it cannot be prepared again for the same deadline
    (closed, paused, extended): then the deadline's close is the ordinary one, which
    knows what to do."""
    if reads_unchanged(prepared, using):
        return prepared
    again = prepare(prepared.game_id, prepared.phase_seq, using)
    if again is None or again.deadline != prepared.deadline:
        return prepared
    return again


# The closes due this soon are looked at again (`rechecked`), and none is prepared again
# nearer its deadline than the margin.
RECHECK_SECONDS = 0.5
RECHECK_MARGIN_SECONDS = 0.05


def rechecked(due: list[Prepared], using: str = DEFAULT_DB_ALIAS) -> list[Prepared]:
    """The closes due soon (by deadline), each prepared again if something it read has
    changed since (`refreshed`), while there is time before its deadline. A move or a
    post in the seconds before a deadline is common (a day's chat runs to its end), and
    it made that close the ordinary one; what changes in the last half second still
    does."""
    for index, prepared in enumerate(due):
        if time.time() > prepared.deadline.timestamp() - RECHECK_MARGIN_SECONDS:
            break
        try:
            due[index] = refreshed(prepared, using)
        except Exception:  # written as it was, or closed the ordinary way
            logger.exception(
                "could not look again at game %s phase %s", prepared.game_id, prepared.phase_seq
            )
            connections[using].close()
    return due


def close_at_deadline(prepared: Prepared) -> bool:
    """The prepared close if nothing changed, else the ordinary one."""
    try:
        if write(prepared):
            return True
    except Exception:  # the ordinary close is the one that counts; say why
        logger.exception(
            "could not write the prepared close of game %s phase %s",
            prepared.game_id,
            prepared.phase_seq,
        )
    return phases.close_phase_at_deadline(prepared.game_id, prepared.phase_seq)


class _Writer:
    """One thread per process that writes the held closes at their deadlines, in order,
    on its own database connection: opened a moment before a deadline (not at it, when
    every close of that second is due), closed once nothing is due for a while.

    Half a second before a deadline it looks again at the closes due then
    (`rechecked`)."""

    WARM_SECONDS = 1.0  # connect this long before the next deadline
    IDLE_SECONDS = 10.0  # keep the connection while another deadline is this near

    def __init__(self) -> None:
        self._lock = threading.Condition()
        self._held: list[tuple[datetime, int, Prepared]] = []
        self._order = itertools.count()
        self._pid = 0

    def hold(self, prepared: Prepared) -> None:
        with self._lock:
            if self._pid != os.getpid():  # a forked worker starts its own thread
                self._pid = os.getpid()
                self._held = []
                threading.Thread(target=self._run, name="prepared-closes", daemon=True).start()
            heapq.heappush(self._held, (prepared.deadline, next(self._order), prepared))
            self._lock.notify()

    def _seconds_to_next(self) -> float:
        return self._held[0][0].timestamp() - time.time() if self._held else float("inf")

    def _next_batch(self) -> list[Prepared]:
        """Wait until the next deadline is RECHECK_SECONDS away; every close due by
        then, by deadline."""
        warmed = False
        with self._lock:
            while (wait := self._seconds_to_next()) > RECHECK_SECONDS:
                if wait <= self.WARM_SECONDS and not warmed:
                    self._lock.release()
                    try:
                        connections[DEFAULT_DB_ALIAS].ensure_connection()
                    except Exception:  # written (or closed the ordinary way) without it
                        logger.exception("the prepared closes' writer could not connect")
                    finally:
                        self._lock.acquire()
                    warmed = True
                    continue
                if wait == float("inf"):
                    self._lock.wait()
                else:
                    self._lock.wait(wait - (RECHECK_SECONDS if warmed else self.WARM_SECONDS))
            due = []
            while self._held and self._seconds_to_next() <= RECHECK_SECONDS:
                due.append(heapq.heappop(self._held)[2])
            return due

    def _run(self) -> None:
        while True:
            for prepared in rechecked(self._next_batch()):
                time.sleep(max(0.0, prepared.deadline.timestamp() - time.time()))
                try:
                    close_at_deadline(prepared)
                except Exception:  # the ETA task and the sweeper close it anyway
                    logger.exception(
                        "could not close game %s phase %s", prepared.game_id, prepared.phase_seq
                    )
                    connections[DEFAULT_DB_ALIAS].close()
            with self._lock:
                idle = self._seconds_to_next() > self.IDLE_SECONDS
            if idle:
                connections.close_all()


_writer = _Writer()


def prepare_and_hold(game_id: int, phase_seq: int) -> bool:
    """Prepare the close and hold it for this process's writer; False when it was not
    prepared (the ETA task closes the phase the ordinary way)."""
    prepared = prepare(game_id, phase_seq)
    if prepared is None:
        return False
    _writer.hold(prepared)
    return True


def left_to_writer(now: datetime | None = None) -> Q | None:
    """The overdue phases the beat sweeper leaves to the writer thread for a moment
    (SWEEP_GRACE_SECONDS after the deadline): those long enough to have been prepared
    (games/tasks.py `schedule_close`). A sweep in the first moment after a deadline,
    while the writer writes that second's closes (a few hundred milliseconds at 100
    games), closed the phases not reached yet the ordinary way, at the busiest
    moment, and the writer's write of each then failed. A prepared close that was lost
    is still swept within two seconds of its deadline (a sweep a second); a phase too
    short to be prepared is swept at once, as before."""
    ahead = prepare_seconds()
    if not ahead or not may_prepare():
        return None
    now = now or timezone.now()
    return Q(
        deadline__gt=now - timedelta(seconds=SWEEP_GRACE_SECONDS),
        opened_at__lt=F("deadline") - timedelta(seconds=2 * ahead),
    )


def prepare_seconds() -> float:
    """How long before a deadline its close is prepared (0: never)."""
    return float(settings.PREPARE_CLOSE_SECONDS)
