"""Open game pages as the fault tests see them: a socket that keeps its cursor the
way static/games/live.js does (games/cursors.py), in a thread of its own.

On a frame whose `prev` is ahead of its cursor it asks for a resync; once the
deadline it counts down to has passed by a second, it asks every 1.5 s until a phase
opens (a lost push); whenever the socket closes (the web process killed, Redis down:
close code 1013) it reconnects with ?after=<cursor> after a short backoff, as the
page does. Every event it is given is kept with the time it arrived.
"""

from __future__ import annotations

import json
import threading
import time
from datetime import datetime
from urllib.parse import quote

from websockets.exceptions import InvalidStatus, WebSocketException
from websockets.sync.client import connect

from tests.kit.processes import WAIT


class Page(threading.Thread):
    def __init__(
        self, site_url: str, game_id: int, cookie: str, deadline: datetime, name: str = ""
    ) -> None:
        super().__init__(daemon=True, name=f"page-{name}")
        self.deadline = deadline  # the countdown's, moved by each phase_opened
        self.last_check = time.monotonic()
        self.site_url, self.game_id, self.cookie = site_url, game_id, cookie
        self.cursor: dict[str, int] = {}
        self.events: list[dict] = []  # each with "received": time.monotonic()
        self.ids: set[tuple[str, int]] = set()
        self.handshakes: list[object] = []  # "open", an HTTP status refused, or an error
        self.closes: list[int | None] = []
        self.socket = None
        self._halt = threading.Event()
        self._lock = threading.Lock()

    # -- what the test reads ---------------------------------------------------

    def kinds(self) -> list[str]:
        with self._lock:
            return [e["kind"] for e in self.events]

    def closed_phases(self) -> list[dict]:
        with self._lock:
            return [e for e in self.events if e["kind"] == "phase_closed"]

    def gaps(self) -> dict[str, list[int]]:
        """Per stream, the numbers this page never received below the highest it has."""
        with self._lock:
            numbers: dict[str, set[int]] = {}
            for label, n in self.ids:
                numbers.setdefault(label, set()).add(n)
        return {
            label: sorted(set(range(1, max(got) + 1)) - got)
            for label, got in numbers.items()
            if len(got) != max(got)
        }

    def ask_resync(self) -> None:
        """What live.js does once its countdown has run out."""
        socket = self.socket
        if socket is not None:
            try:
                socket.send(json.dumps({"type": "resync", "after": self.cursor}))
            except WebSocketException:
                pass

    def stop(self) -> None:
        self._halt.set()
        socket = self.socket
        if socket is not None:
            socket.close()
        self.join(timeout=10)

    # -- the page's loop ---------------------------------------------------------

    def run(self) -> None:
        backoff = 0.2
        while not self._halt.is_set():
            try:
                self._session()
                backoff = 0.2
            except InvalidStatus as refused:
                self.handshakes.append(refused.response.status_code)
            except (OSError, WebSocketException) as error:
                self.handshakes.append(type(error).__name__)
            if self._halt.wait(backoff):
                return
            backoff = min(backoff * 2, 2.0)

    def _session(self) -> None:
        ws_url = self.site_url.replace("http://", "ws://")
        after = quote(json.dumps(self.cursor))
        with connect(
            f"{ws_url}/ws/games/{self.game_id}/?after={after}",
            additional_headers={"Origin": self.site_url, "Cookie": self.cookie},
            open_timeout=WAIT,  # a loaded server opens a socket slowly, not never
            close_timeout=2,
        ) as socket:
            self.socket = socket
            self.handshakes.append("open")
            try:
                while not self._halt.is_set():
                    self._watch_deadline()
                    try:
                        text = socket.recv(timeout=0.25)
                    except TimeoutError:
                        continue
                    self._on_frame(json.loads(text))
            except WebSocketException:
                pass
            finally:
                self.socket = None
                self.closes.append(socket.close_code)

    def _watch_deadline(self) -> None:
        passed = (datetime.now(self.deadline.tzinfo) - self.deadline).total_seconds() > 1
        if passed and time.monotonic() - self.last_check > 1.5:
            self.last_check = time.monotonic()
            self.ask_resync()

    def _on_frame(self, data: dict) -> None:
        if data.get("type") == "membership" and "cursor" in data:
            self.cursor = data["cursor"]
            return
        if data.get("type") != "events":
            return
        if any(n > self.cursor.get(label, 0) for label, n in data["prev"].items()):
            self.ask_resync()  # a frame was lost: everything after this page's cursor
            return
        now = time.monotonic()
        with self._lock:
            for event in data["events"]:
                key = tuple(event["id"])
                if key in self.ids:
                    continue  # shown already (a resync's answer repeats what a push gave)
                self.ids.add(key)
                self.events.append({**event, "received": now})
                if event["kind"] in ("phase_opened", "deadline_extended"):
                    deadline = event["payload"].get("deadline")
                    if deadline:
                        self.deadline = datetime.fromisoformat(deadline)
        self.cursor = data["upto"]
