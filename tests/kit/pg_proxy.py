"""A TCP proxy between the site and PostgreSQL that a test can cut (issue 17).

`cut()` is a database that stops answering: every open connection is dropped at once
(a query in flight fails) and each new one is accepted and then left in silence, as a
stalled server or a lost route would leave it; only the site's own timeouts end the
wait. `restore()` forwards again (the silent connections are dropped). The proxy runs
its own asyncio loop in a thread, so a test drives it from plain code.
"""

from __future__ import annotations

import asyncio
import threading

CHUNK = 65536


class PgProxy:
    def __init__(self, listen_port: int, target: tuple[str, int] = ("127.0.0.1", 5432)):
        self.listen_port = listen_port
        self.target = target
        self.cut_now = False
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.pairs: set[tuple[asyncio.StreamWriter, asyncio.StreamWriter]] = set()
        self.silent: set[asyncio.StreamWriter] = set()
        self.server: asyncio.base_events.Server | None = None
        self.accepted = 0  # connections the site opened, forwarded or not

    # -- driven from the test's thread ---------------------------------------

    def start(self) -> PgProxy:
        self.thread.start()
        self._run(self._listen())
        return self

    def cut(self) -> None:
        self._run(self._cut())

    def restore(self) -> None:
        self._run(self._restore())

    def stop(self) -> None:
        self._run(self._stop())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=5)
        self.loop.close()

    def _run(self, coroutine):
        # Generous: the proxy's loop shares this process with the test's busy threads.
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout=60)

    # -- in the proxy's loop ---------------------------------------------------

    async def _listen(self) -> None:
        self.server = await asyncio.start_server(self._accept, "127.0.0.1", self.listen_port)

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.accepted += 1
        if self.cut_now:
            self.silent.add(writer)  # held open, never answered
            return
        try:
            up_reader, up_writer = await asyncio.open_connection(*self.target)
        except OSError:
            writer.transport.abort()
            return
        pair = (writer, up_writer)
        self.pairs.add(pair)
        try:
            await asyncio.gather(self._pipe(reader, up_writer), self._pipe(up_reader, writer))
        finally:
            self.pairs.discard(pair)
            writer.transport.abort()
            up_writer.transport.abort()

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while data := await reader.read(CHUNK):
                writer.write(data)
                await writer.drain()
        except (ConnectionError, OSError):
            pass
        finally:
            writer.transport.abort()

    async def _cut(self) -> None:
        self.cut_now = True
        for client, upstream in list(self.pairs):
            client.transport.abort()
            upstream.transport.abort()
        self.pairs.clear()

    async def _restore(self) -> None:
        self.cut_now = False
        for writer in list(self.silent):
            writer.transport.abort()
        self.silent.clear()

    async def _stop(self) -> None:
        await self._cut()
        await self._restore()
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()
