"""Databases that stumble: a SQLite file another connection keeps locked, a
socket that accepts connections and never answers, and a PostgreSQL server of
the test's own that it stops and starts again."""

from __future__ import annotations

import os
import shutil
import socket
import sqlite3
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.support.paths import ROOT


@pytest.fixture
def silent_server() -> Iterator[int]:
    """The port of a socket that accepts every connection and never sends a byte."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(64)
    held: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        server.settimeout(0.2)
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except OSError:
                continue
            held.append(conn)

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield server.getsockname()[1]
    stop.set()
    thread.join(2)
    for c in held:
        c.close()
    server.close()


class WriteLock:
    """Another connection holding a SQLite database's write lock until released."""

    def __init__(self, path: Path) -> None:
        self.conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.conn.execute("BEGIN IMMEDIATE")
        self.released = threading.Event()

    def release(self) -> None:
        if not self.released.is_set():
            self.conn.execute("ROLLBACK")
            self.conn.close()
            self.released.set()

    def release_after(self, seconds: float) -> threading.Timer:
        timer = threading.Timer(seconds, self.release)
        timer.daemon = True
        timer.start()
        return timer


@contextmanager
def write_locked(path: Path) -> Iterator[WriteLock]:
    """Hold the write lock of a SQLite file (released at the end at the latest)."""
    lock = WriteLock(path)
    try:
        yield lock
    finally:
        lock.release()


def postgres_bin() -> Path | None:
    """The PostgreSQL server binaries, when installed."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"))
    return found[-1].parent if found else None


@dataclass
class OwnPostgres:
    """A PostgreSQL server of this test's own (scripts/start-postgres.sh), to stop and start."""

    folder: Path
    url: str
    port: int

    def _pg_ctl(self, *args: str) -> None:
        binary = postgres_bin()
        assert binary is not None
        command = [str(binary / "pg_ctl"), "-D", str(self.folder / "data"), *args]
        if os.geteuid() == 0:
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=True, capture_output=True, timeout=60)

    def stop(self) -> None:
        """Stop the server (its files are kept)."""
        self._pg_ctl("-m", "immediate", "-w", "stop")

    def start(self) -> None:
        """Start it again on the same port."""
        subprocess.run([str(ROOT / "scripts" / "start-postgres.sh"), str(self.folder)],
                       check=True, capture_output=True, timeout=120,
                       env={**os.environ, "PGPORT": str(self.port)})


@pytest.fixture
def own_postgres() -> Iterator[OwnPostgres]:
    """Start a throwaway PostgreSQL server (skipped with a reason when it cannot start)."""
    if postgres_bin() is None and shutil.which("apt-get") is None:
        pytest.skip("PostgreSQL is not installed and cannot be (no apt-get)")
    try:
        done = subprocess.run([str(ROOT / "scripts" / "start-postgres.sh")], check=True,
                              capture_output=True, text=True, timeout=180)
    except (subprocess.SubprocessError, OSError) as e:
        pytest.skip(f"could not start a PostgreSQL server of our own: {e}")
    url = done.stdout.strip().splitlines()[-1]
    folder = Path(done.stderr.split("directory ")[-1].split()[0])
    port = int(url.rsplit(":", 1)[1].split("/")[0])
    server = OwnPostgres(folder, url, port)
    try:
        yield server
    finally:
        subprocess.run([str(ROOT / "scripts" / "start-postgres.sh"), "--stop", str(folder)],
                       capture_output=True, timeout=60)


def wait_until(predicate: object, timeout: float, step: float = 0.05) -> bool:
    """Poll ``predicate()`` until it is true or ``timeout`` seconds pass."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():  # type: ignore[operator]
            return True
        time.sleep(step)
    return False


class PausableProxy:
    """A TCP proxy to a real server that can go silent: while paused it keeps every
    connection open (and accepts new ones) but passes no byte either way; resumed, it
    passes on what it held. This is a server that stops answering mid-session.

    With ``silence_on``, a connection whose client sends those bytes falls silent for
    good from then on (kept open, never answered) while the others work: a server that
    stopped answering on one connection only (:attr:`silenced` counts them).
    """

    def __init__(self, host: str, port: int, *, silence_on: bytes | None = None) -> None:
        self.target = (host, port)
        self.silence_on = silence_on
        #: How many connections fell silent on :attr:`silence_on`.
        self.silenced = 0
        self.server = socket.socket()
        self.server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(64)
        self.port: int = self.server.getsockname()[1]
        self.open = threading.Event()
        self.open.set()
        self.stop = threading.Event()
        self.sockets: list[socket.socket] = []
        #: Connections accepted so far; those numbered below ``dead_below`` never pass a
        #: byte again (see :meth:`resume`).
        self.accepted = 0
        self.dead_below = 0
        threading.Thread(target=self._accept, daemon=True).start()

    def pause(self) -> None:
        """Go silent: nothing passes until :meth:`resume`."""
        self.open.clear()

    def resume(self, *, new_only: bool = False) -> None:
        """Answer again: what was held passes on; with ``new_only`` only new connections
        are answered, and those open now stay silent for ever (a stuck connection
        that never answers, never closed by the server)."""
        if new_only:
            self.dead_below = self.accepted
        self.open.set()

    def close(self) -> None:
        self.stop.set()
        self.open.set()
        for s in [self.server, *self.sockets]:
            with suppress(OSError):
                s.close()

    def _accept(self) -> None:
        self.server.settimeout(0.2)
        while not self.stop.is_set():
            try:
                client, _ = self.server.accept()
            except OSError:
                continue
            try:
                upstream = socket.create_connection(self.target, timeout=5)
            except OSError:
                client.close()
                continue
            upstream.settimeout(None)
            self.sockets += [client, upstream]
            number = self.accepted
            self.accepted += 1
            silent = threading.Event()
            for a, b, from_client in ((client, upstream, True), (upstream, client, False)):
                threading.Thread(target=self._pump, args=(a, b, number, silent, from_client),
                                 daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket, number: int,
              silent: threading.Event, from_client: bool) -> None:
        try:
            while not self.stop.is_set():
                self.open.wait()
                data = source.recv(65536)
                if not data:
                    break
                if (from_client and self.silence_on is not None and self.silence_on in data
                        and not silent.is_set()):
                    silent.set()
                    self.silenced += 1
                if silent.is_set():
                    continue  # swallowed: the server never hears it, the client never hears back
                while not self.open.is_set() or number < self.dead_below:
                    # read while open, held while silent (for ever on a dead connection)
                    self.open.wait(0.1)
                    if self.stop.is_set():
                        return
                    if number < self.dead_below:
                        time.sleep(0.1)
                sink.sendall(data)
        except OSError:
            pass
        finally:
            if not silent.is_set():
                for s in (source, sink):
                    with suppress(OSError):
                        s.shutdown(socket.SHUT_RDWR)
