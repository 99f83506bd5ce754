"""Live delivery benchmark: N games of 15 websocket clients, phases closing at once.

    DATABASE_URL=postgres://... REDIS_URL=redis://127.0.0.1:6379/5 \
        python bench/live.py --games 1 10 50 100 --server uvicorn daphne

For each server and each N: N bay12 games of 15 seated players (standard15) are
started with a night whose deadline is the same instant for every game; 15 x N
websocket clients (this process, asyncio) connect with the players' sessions; at
the deadline --processes closer processes of --closers threads each (like Celery
workers with that concurrency) closes every phase through games.services. Reported: the
time from the deadline to the headline (phase_closed) at every client (median,
p99, max), lost and duplicated events (checked against the event log), and
messages per second. Figures only: nothing here is a timed test.

The closers close each phase at the deadline as the Celery ETA task does
(`services.close_phase_at_deadline`). `--late N`: N games get a post in a night chat
a second before the deadline (the late change real nights have).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mafiasite.settings")
os.environ.setdefault("PHASE_TIMER", "off")  # the closer process closes the phases
# Measured as deployed: DEBUG off (with it, every statement is also timed and logged).
os.environ.setdefault("DEBUG", "0")
os.environ.setdefault("SECRET_KEY", "bench-only-not-a-secret")
os.environ.setdefault("ALLOWED_HOSTS", "127.0.0.1,localhost")
# Plain http on loopback, as behind a TLS proxy (with HTTPS on, every request and
# socket would be redirected to an https port nobody serves).
os.environ.setdefault("HTTPS", "false")

PLAYERS = 15
OPENING_AT_ONCE = 32  # the clients' handshakes in flight at once


def django_setup() -> None:
    import django

    django.setup()


def set_up_games(games: int, warm: int = 0, nights: str = "quiet") -> dict:
    """Create the games (night 1 open; its deadline is set once every client is in),
    and `warm` more that the closers close before the deadline, unwatched. With
    `nights="acting"` every seat with a night move sends it first (realistic nights)."""
    from django.contrib.auth import get_user_model
    from django.test import Client
    from started_games import act_every_seat, start_bay12_game  # bench/ (this script's folder)

    from games.models import Event, Game
    from games.viewer import position_of, streams_of, viewer_for

    User = get_user_model()
    gm, _ = User.objects.get_or_create(username="bench-gm")
    users = [User.objects.get_or_create(username=f"bench-p{i:02d}")[0] for i in range(PLAYERS)]
    cookies = {}
    for u in users:
        client = Client()
        client.force_login(u)
        cookies[u.username] = client.cookies["sessionid"].value
    game_ids = []
    for n in range(games + warm):
        game = start_bay12_game(gm, users, number=n, preset_id="standard15", seconds=600)
        if nights == "acting":
            act_every_seat(game, users)
        game_ids.append(game.id)
    game_ids, warm_ids = game_ids[:games], game_ids[games:]
    last = dict(Game.objects.filter(pk__in=game_ids).values_list("id", "last_event_seq"))
    # Each client opens at its own cursor (games/cursors.py): in sync with the log.
    cursors = {}
    for game in Game.objects.filter(pk__in=game_ids).select_related("gm"):
        for u in users:
            viewer = viewer_for(game, u, with_view=False)
            streams = streams_of(viewer)
            cursors[f"{game.id}:{u.username}"] = position_of(viewer, last[game.id], streams)
    moves = Event.objects.filter(game_id__in=game_ids, kind="action_recorded").count()
    return {
        "games": game_ids,
        "warm": warm_ids,
        "cookies": cookies,
        "last": {str(k): v for k, v in last.items()},
        "cursors": cursors,
        "moves_per_game": moves / 2 / max(1, len(game_ids)),  # the seat's copy and the GM's
    }


def post_late(game_ids: list[int]) -> int:
    """A living member of each game's faction with a night chat says something there a
    second before the deadline (--late). Returns how many posted."""
    from games import rooms, services
    from games.models import Game
    from games.services.core import engine_state

    posted = 0
    for game in Game.objects.filter(pk__in=game_ids):
        state = engine_state(game)
        chats = {r.id for r in rooms.night_chats(state)}
        speaker = next(p for p in state.players if p.alive and f"faction:{p.faction}" in chats)
        user = game.seats.select_related("user").get(name=speaker.name).user
        services.post_message(user, game.id, channel="faction", text="A last word before dawn.")
        posted += 1
    return posted


def set_deadline(game_ids: list[int], lead_seconds: float) -> float:
    """Every game's open phase ends at the same instant."""
    from games.models import Phase

    deadline = datetime.now(UTC) + timedelta(seconds=lead_seconds)
    Phase.objects.filter(game_id__in=game_ids, closed_at__isnull=True).update(deadline=deadline)
    return deadline.timestamp()


async def run_clients(url: str, plan: dict, settle: float, closer) -> dict:
    import websockets

    host = url.split("//", 1)[1]
    arrivals: list[float] = []
    received: dict[tuple[int, str], list[tuple[str, int]]] = {}
    messages = 0
    first_message = last_message = None
    connected = asyncio.Event()
    ready = 0
    total = len(plan["games"]) * PLAYERS
    done = asyncio.Event()
    arrived: dict[tuple[int, str], bool] = {}
    reconnects = [0]
    opening_slots = asyncio.Semaphore(OPENING_AT_ONCE)

    async def client(game_id: int, username: str) -> None:
        nonlocal messages, first_message, last_message, ready
        cursor = dict(plan["cursors"][f"{game_id}:{username}"])
        seen = received.setdefault((game_id, username), [])
        counted = False
        while not done.is_set():
            # A few handshakes at a time, as browsers arriving over a while would: the
            # server opens sockets one by one (one shared thread for the database), and
            # 750 at once under load outwait any timeout and reconnect for ever.
            await opening_slots.acquire()
            opening_held = True
            try:
                async with websockets.connect(
                    f"ws://{host}/ws/games/{game_id}/?after={quote(json.dumps(cursor))}",
                    origin=url,
                    additional_headers={"Cookie": f"sessionid={plan['cookies'][username]}"},
                    max_queue=None,
                    open_timeout=120,
                    ping_interval=None,
                ) as ws:
                    opening = json.loads(await ws.recv())  # the opening catch-up: in sync
                    opening_slots.release()
                    opening_held = False
                    for event in opening.get("events", []):
                        seen.append(tuple(event["id"]))
                    cursor = opening.get("upto", cursor)
                    if not counted:
                        counted = True
                        ready += 1
                        if ready == total:
                            connected.set()
                    async for raw in ws:
                        now = time.time()
                        data = json.loads(raw)
                        if data.get("type") == "membership":
                            cursor = data.get("cursor", cursor)
                        if data.get("type") != "events":
                            continue
                        messages += len(data["events"])
                        first_message = first_message or now
                        last_message = now
                        cursor = data["upto"]
                        for event in data["events"]:
                            seen.append(tuple(event["id"]))
                            if event["kind"] == "phase_closed" and not arrived.get(
                                (game_id, username)
                            ):
                                arrived[(game_id, username)] = True
                                arrivals.append(now - plan["deadline"])
            except (OSError, websockets.exceptions.WebSocketException):
                # A refused or dropped socket reconnects (daphne drops a handshake the
                # application has not accepted within 5 s), as the browser client does.
                reconnects[0] += 1
                await asyncio.sleep(0.5)
            finally:
                if opening_held:
                    opening_slots.release()

    tasks = []
    for game_id in plan["games"]:
        for i in range(PLAYERS):
            tasks.append(asyncio.create_task(client(game_id, f"bench-p{i:02d}")))
            await asyncio.sleep(0.002)
    await asyncio.wait_for(connected.wait(), timeout=600)
    if os.environ.get("BENCH_PYSPY"):  # sample the server around the deadline only
        subprocess.Popen(
            [os.environ["BENCH_PYSPY"], "record", "-p", str(plan["server_pid"]), "-d", "4",
             "-r", "1000", "--nonblocking", "--format", "raw", "-o", "/tmp/bench-server.raw",
             # BENCH_PYSPY_GIL=1: only the thread holding the GIL (the CPU, not the waits)
             *(["--gil"] if os.environ.get("BENCH_PYSPY_GIL") else [])],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
    plan["deadline"] = await asyncio.to_thread(set_deadline, plan["games"], 2.0)
    for process in closer:
        process.stdin.write(f"{plan['deadline']}\n".encode())
        process.stdin.flush()
    if plan.get("late"):
        await asyncio.sleep(max(0.0, plan["deadline"] - time.time() - 1.0))
        started = time.time()
        posted = await asyncio.to_thread(post_late, plan["games"][: plan["late"]])
        print(
            f"bench: {posted} late posts sent {1000 * (plan['deadline'] - started):.0f} ms "
            "before the deadline",
            file=sys.stderr,
            flush=True,
        )
    await asyncio.sleep(max(0.0, plan["deadline"] - time.time() - 0.05))
    watched = {"server": process_tree(plan["server_pid"])}
    cpu_before = {k: cpu_ms(v) for k, v in watched.items()}
    services_before = {pid: cpu_ms([pid]) for pid in postgres_pids()}
    own_before = time.process_time()
    await asyncio.sleep(max(0.5, plan["deadline"] - time.time() + 1.5))
    plan["cpu"] = {k: cpu_ms(v) - cpu_before[k] for k, v in watched.items()}
    plan["cpu"]["postgres+redis"] = services_cpu(services_before)
    plan["cpu"]["clients"] = 1000 * (time.process_time() - own_before)
    wait = plan["deadline"] - time.time() + settle
    await asyncio.sleep(max(0.5, wait))
    # Late is not lost: on a loaded machine wait (up to a minute) for every headline,
    # then a moment for the private results that follow it.
    while len(arrivals) < total and time.time() < plan["deadline"] + 60:
        await asyncio.sleep(0.2)
    await asyncio.sleep(1.0)
    # The server's CPU for the whole close (a loaded machine stretches it past the
    # window above): a figure that scheduling delays move much less than the times.
    plan["cpu_close"] = cpu_ms(watched["server"]) - cpu_before["server"]
    done.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    for process in closer:
        await asyncio.to_thread(process.wait, 120)
    return {
        "arrivals": arrivals,
        "received": received,
        "messages": messages,
        "span": (last_message or 0) - (first_message or 0),
        "reconnects": reconnects[0],
    }


def check_log(plan: dict, received: dict) -> tuple[int, int]:
    """Lost and duplicated events, against what each seat reads in the log once the
    close is done (a death opens the graveyard, read from its start), after the
    cursor its socket opened at."""
    from django.contrib.auth import get_user_model

    from games.models import Game
    from games.viewer import streams_of, viewer_for, visible_events

    users = {u.username: u for u in get_user_model().objects.filter(username__startswith="bench-p")}
    games = {g.id: g for g in Game.objects.filter(pk__in=plan["games"]).select_related("gm")}
    lost = duplicated = 0
    for (game_id, username), keys in received.items():
        viewer = viewer_for(games[game_id], users[username], with_view=False)
        streams = streams_of(viewer)
        after = plan["cursors"][f"{game_id}:{username}"]
        start = {label: after.get(label, 0) for label in streams.start()}
        expected = {streams.key(e) for e in visible_events(viewer, start, streams=streams)}
        lost += len(expected - set(keys))
        duplicated += len(keys) - len(set(keys))
    return lost, duplicated


def events_per_close(plan: dict) -> dict:
    """What a close wrote, per game: events, private ones (a seat's own), deaths."""
    from games.models import Event

    closed = Event.objects.filter(game_id__in=plan["games"], seq__gt=0)
    per_game = {str(g): 0 for g in plan["games"]}
    private = deaths = role_changes = 0
    for game_id, seq, audience, kind, payload in closed.values_list(
        "game_id", "seq", "audience", "kind", "payload"
    ):
        if seq <= plan["last"][str(game_id)]:
            continue
        per_game[str(game_id)] += 1
        private += audience.startswith("seat:")
        if kind == "phase_closed":
            deaths += len(payload.get("deaths", []))
        role_changes += kind == "result" and payload.get("kind") == "role_change"
    n = max(1, len(plan["games"]))
    return {
        "events": sum(per_game.values()) / n,
        "private": private / n,
        "deaths": deaths / n,
        "role_changes": role_changes / n,
    }


def cpu_ms(pids) -> float:
    """CPU time (user + system) of these processes so far, from /proc (Linux)."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return 1000 * total / os.sysconf("SC_CLK_TCK")


def process_tree(pid: int) -> list[str]:
    """A process and its descendants (uvicorn's --workers are children of its master)."""
    found, todo = [], [str(pid)]
    while todo:
        current = todo.pop()
        found.append(current)
        for task in Path(f"/proc/{current}/task").glob("*/children"):
            try:
                todo.extend(task.read_text().split())
            except OSError:
                continue
    return found


def services_cpu(before: dict[str, float]) -> float:
    """PostgreSQL's and Redis's CPU since `before` (per process): a backend that
    started since counts whole; one that exited since (a closer's connection) is
    missed, so the figure is a floor (summed over the processes of both times, the
    exits made it negative)."""
    return sum(cpu_ms([pid]) - before.get(pid, 0.0) for pid in postgres_pids())


def postgres_pids() -> list[str]:
    return [
        p.name
        for p in Path("/proc").iterdir()
        if p.name.isdigit() and _comm(p).startswith(("postgres", "redis-server"))
    ]


def _comm(proc: Path) -> str:
    try:
        return (proc / "comm").read_text()
    except OSError:
        return ""


def client_loop_runner():
    """uvloop for the 15 x N clients when it is installed: they share one process, and
    a client loop that lags behind stamps arrivals late (the clients' own delay)."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run
    return uvloop.run


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def start_server(kind: str, port: int, workers: int = 1, deflate: bool = False) -> subprocess.Popen:
    if not port_is_free(port):
        raise RuntimeError(f"port {port} is taken: stop the process on it, or use --port")
    env = dict(os.environ, PHASE_TIMER="off")
    if kind == "daphne":
        # Daphne drops a handshake not accepted within 5 s by default; with 750+
        # sockets opening at once (each a database trip) that is a reconnect storm.
        args = ["daphne", "-b", "127.0.0.1", "-p", str(port), "--websocket_connect_timeout",
                "120", "mafiasite.asgi:application"]  # fmt: skip
    else:
        args = [
            "uvicorn", "mafiasite.asgi:application", "--host", "127.0.0.1",
            "--port", str(port), "--log-level", "warning", "--ws-max-queue", "1024",
            "--workers", str(workers),
            # As deployed (Dockerfile): no permessage-deflate (daphne offers none either).
            "--ws-per-message-deflate", "true" if deflate else "false",
        ]  # fmt: skip
    log = Path(os.environ.get("TMPDIR", "/tmp")) / f"bench-live-{kind}.log"
    process = subprocess.Popen(
        [sys.executable, "-m", *args],
        cwd=ROOT,
        env=env,
        stdout=log.open("ab"),  # daphne's access log: one line per socket
        stderr=subprocess.STDOUT,
    )
    import urllib.request

    for _ in range(150):
        if process.poll() is not None:
            raise RuntimeError(f"{kind} exited at start: see {log}")
        try:
            urllib.request.urlopen(
                f"http://127.0.0.1:{port}/signup/", timeout=1
            )  # a page without a list
            return process
        except OSError:
            time.sleep(0.2)
    process.kill()
    raise RuntimeError(f"{kind} did not start")


def stop_server(process: subprocess.Popen) -> None:
    """A server still closing 1,500 sockets after 20 s is killed: a server left behind
    would hold the port, and the next run would measure it instead of its own."""
    process.terminate()
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=20)


def port_is_free(port: int) -> bool:
    import socket

    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) != 0


def one_run(
    server: str,
    games: int,
    closers: int,
    port: int,
    processes: int = 2,
    web_workers: int = 1,
    deflate: bool = False,
    nights: str = "quiet",
    late: int = 0,
) -> dict:
    plan = set_up_games(games, warm=processes * closers, nights=nights)
    plan["late"] = late
    process = start_server(server, port, web_workers, deflate)
    plan["server_pid"] = process.pid
    try:
        url = f"http://127.0.0.1:{port}"
        # The closer starts (and warms up) now; it reads the deadline once clients are in.
        closer = [
            subprocess.Popen(
                [sys.executable, __file__, "close", json.dumps(share), str(closers),
                 json.dumps(warm)],
                cwd=ROOT,
                stdin=subprocess.PIPE,
            )
            for share, warm in (
                (plan["games"][i::processes], plan["warm"][i::processes]) for i in range(processes)
            )
            if share
        ]  # fmt: skip
        clients = run_clients(url, plan, settle=3 + games * 0.05, closer=closer)
        result = client_loop_runner()(clients)
    finally:
        stop_server(process)
    lost, duplicated = check_log(plan, result["received"])
    per_close = events_per_close(plan)
    arrivals = result["arrivals"]
    clients = games * PLAYERS
    return {
        "server": server,
        "games": games,
        "clients": clients,
        "headlines": len(arrivals),
        "first_ms": 1000 * min(arrivals) if arrivals else None,
        "median_ms": 1000 * statistics.median(arrivals) if arrivals else None,
        "p99_ms": 1000 * percentile(arrivals, 0.99) if arrivals else None,
        "max_ms": 1000 * max(arrivals) if arrivals else None,
        "lost": lost,
        "missing_headlines": clients - len(arrivals),
        "duplicated": duplicated,
        "messages_per_s": result["messages"] / result["span"] if result["span"] else None,
        "reconnects": result["reconnects"],
        "cpu": plan.get("cpu", {}),
        "cpu_close": plan.get("cpu_close"),
        "moves_per_game": plan["moves_per_game"],
        "per_close": per_close,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, nargs="+", default=[1, 10, 50, 100])
    parser.add_argument("--server", nargs="+", default=["uvicorn", "daphne"])
    parser.add_argument("--closers", type=int, default=2, help="threads per closer process")
    parser.add_argument("--processes", type=int, default=2, help="closer processes")
    parser.add_argument("--port", type=int, default=8799)
    parser.add_argument(
        "--web-workers", type=int, default=1, help="uvicorn --workers (daphne runs one process)"
    )
    parser.add_argument(
        "--deflate", action="store_true", help="uvicorn with permessage-deflate (not deployed)"
    )
    parser.add_argument(
        "--nights",
        choices=["quiet", "acting"],
        default="quiet",
        help="quiet: nobody acts; acting: every seat with a night move sends it (realistic)",
    )
    parser.add_argument(
        "--late",
        type=int,
        default=0,
        help="this many games get a post in a night chat a second before the deadline",
    )
    args = parser.parse_args()
    if not os.environ.get("REDIS_URL"):
        print("note: REDIS_URL is not set: the in-memory layer cannot reach another process")
    django_setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    print(f"{'server':8} {'games':>5} {'clients':>7} {'first':>8} {'median':>8} {'p99':>8} "
          f"{'max':>8} {'lost':>5} {'dup':>4} {'msg/s':>8}")  # fmt: skip
    for server in args.server:
        for games in args.games:
            r = one_run(
                server,
                games,
                args.closers,
                args.port,
                args.processes,
                args.web_workers,
                args.deflate,
                args.nights,
                args.late,
            )
            if not r["headlines"]:
                print(f"{server:8} {games:5d}: no headline arrived", flush=True)
                continue
            print(
                f"{r['server']:8} {r['games']:5d} {r['clients']:7d} {r['first_ms']:7.0f}ms "
                f"{r['median_ms']:7.0f}ms "
                f"{r['p99_ms']:7.0f}ms {r['max_ms']:7.0f}ms {r['lost']:5d} {r['duplicated']:4d} "
                f"{r['messages_per_s'] or 0:8.0f}"
                + (
                    f"  ({r['missing_headlines']} headlines missing)"
                    if r["missing_headlines"]
                    else ""
                ),
                flush=True,
            )
            c = r["per_close"]
            print(
                f"         per game: {r['moves_per_game']:.1f} moves sent; the close wrote "
                f"{c['events']:.1f} events ({c['private']:.1f} private), {c['deaths']:.1f} "
                f"deaths, {c['role_changes']:.1f} role changes; {r['reconnects']} reconnects",
                flush=True,
            )
            print(
                "         CPU in the 1.5 s after the deadline: "
                + ", ".join(f"{k} {v:.0f} ms" for k, v in r["cpu"].items())
                + f"; the server's for the whole close {r['cpu_close'] or 0:.0f} ms",
                flush=True,
            )


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "close":
        django_setup()
        from live_closer import close_all  # bench/ (this script's folder)

        close_all(json.loads(sys.argv[2]), int(sys.argv[3]), json.loads(sys.argv[4]))
    else:
        main()
