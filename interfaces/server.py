"""The JSON-lines server: one request per line in, one answer per line out, over standard input
or a loopback TCP port (``tapwise serve --port N``), for engines written in any language.

Every line gets exactly one answer line, in order, whatever it holds: a line that is too long,
blank, not UTF-8, not JSON, nested too deeply, or a request that fails in any way is answered
with ``status: error`` and the stream goes on; an answer to a line that is not a JSON object
carries ``"id": null``. Lines are read with a bound, so one huge line never holds more than
:data:`MAX_REQUEST_BYTES` in memory.

Over TCP each connection is its own stream, and connections are served side by side: each
request line goes to a pool of worker processes (:class:`Workers`; processes, so neither
CP-SAT nor Python's lock serialises them), and each connection has at most one request in the
pool at a time, answered before its next line is read. So a connection's answers come in its
own order, a slow request holds only its own connection, and what the server holds is bounded:
at most ``max_connections`` connections (one past it is answered with an error and closed),
each with one line read and one answer being written. Each worker empties the solver's memos
(models/caches.py) whenever together they pass ``cache_entries`` entries, so a server's memory
stays flat however many different boards it answers. Standard input is one stream, answered
in the server's own process.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import socketserver
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, BinaryIO, Callable

from tapwise.solver.queries.request import answer_request
import tapwise.models.caches as caches

MAX_REQUEST_BYTES = 8 * 2**20
"""The longest request line read (8 MiB: a board of thousands of entries fits many times)."""
MAX_DEPTH = 64
"""The deepest nesting of arrays and objects a request may have (a problem needs 6)."""
CACHE_ENTRIES = 20_000
"""Memo entries (all the solver's memos together) past which the server empties them: a few
tens of MB, and the memos refill with what the current boards repeat within a few requests."""
HOST = "127.0.0.1"
"""TCP serves the loopback interface only: the protocol has no authentication."""
MAX_CONNECTIONS = 64
"""TCP connections served at once; one more is answered with an error line and closed."""
WORKERS = max(2, os.cpu_count() or 1)
"""Worker processes of a TCP server: requests of that many connections are solved at once."""

_SOLVING = threading.Lock()


class BadLine(Exception):
    """A request line that can't be read; the message says why."""


def _reject_constant(name: str) -> Any:
    raise BadLine(f"not JSON: {name} is not a JSON value")


def read_request(line: bytes) -> Any:
    """The JSON value of one request line (its line ending dropped), or :class:`BadLine`."""
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as e:
        raise BadLine(f"not UTF-8: byte {e.start + 1} is {line[e.start]:#04x}") from None
    text = text.rstrip("\r\n")
    if text.count("[") + text.count("{") > MAX_DEPTH and _depth(text) > MAX_DEPTH:
        raise BadLine(f"nested deeper than {MAX_DEPTH} levels")
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as e:
        raise BadLine(f"not JSON: {e.msg} at column {e.colno}") from None
    except RecursionError:
        raise BadLine(f"nested deeper than {MAX_DEPTH} levels") from None


def _depth(text: str) -> int:
    """The deepest nesting of brackets outside strings (a JSON text's, if it is one)."""
    depth = most = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > most:
                most = depth
                if most > MAX_DEPTH:
                    return most
        elif ch in "]}":
            depth -= 1
    return most


def answer_line(line: bytes, n: int, solve: Callable[[Any], dict[str, Any]] = answer_request,
                cache_entries: int | None = CACHE_ENTRIES) -> str:
    """The answer line (no newline) for request line ``n`` (from 1); afterwards the memos are
    emptied if they hold more than ``cache_entries`` entries (None: never)."""
    if not line.strip():
        return _line_error(n, "blank: no request")
    try:
        request = read_request(line)
    except BadLine as e:
        return _line_error(n, str(e))
    with _SOLVING:
        answer = solve(request)
        if cache_entries is not None:
            caches.clear_past(cache_entries)
    if not isinstance(request, dict):
        answer.setdefault("id", None)
    try:
        return json.dumps(answer, allow_nan=False)
    except (ValueError, TypeError, RecursionError) as e:  # an id that JSON can't carry back
        return _line_error(n, f"internal error writing the answer: {e}")


def _line_error(n: int, what: str) -> str:
    """The answer line to line ``n`` when it holds no request that could be read: no id."""
    return json.dumps({"status": "error", "error": f"line {n}: {what}", "id": None})


def _lines(stream: BinaryIO, limit: int):
    """The lines of ``stream`` (bytes), each at most ``limit`` bytes; a longer one is skipped to
    its end and given as None, so a huge line never sits in memory whole."""
    while True:
        line = stream.readline(limit + 1)
        if not line:
            return
        if len(line) > limit and not line.endswith(b"\n"):
            while True:  # drop the rest of the line, a piece at a time
                rest = stream.readline(65536)
                if not rest or rest.endswith(b"\n"):
                    break
            yield None
            continue
        yield line


def serve_stream(stream: BinaryIO, out: Any, limit: int = MAX_REQUEST_BYTES,
                 cache_entries: int | None = CACHE_ENTRIES,
                 answer: Callable[[bytes, int, int | None], str] | None = None) -> int:
    """Answer every request line of ``stream`` (bytes) on ``out`` (text or bytes, flushed per
    line), blank lines too, each before the next is read; ``answer(line, n, cache_entries)``
    makes the answer line (:func:`answer_line` in this process by default). Returns how many
    lines were answered."""
    binary = not hasattr(out, "encoding")
    answered = 0
    for n, line in enumerate(_lines(stream, limit), 1):
        if line is None:
            text = _line_error(n, f"longer than {limit:,} bytes; not read (the server's request "
                                  f"size limit)")
        elif answer is None:
            text = answer_line(line, n, cache_entries=cache_entries)
        else:
            text = answer(line, n, cache_entries)
        out.write((text + "\n").encode() if binary else text + "\n")
        out.flush()
        answered += 1
    return answered


def _work(line: bytes, n: int, cache_entries: int | None) -> str:
    """A worker process's job: the answer line to request line ``n``."""
    return answer_line(line, n, cache_entries=cache_entries)


def _ready() -> None:
    """A worker's first job: nothing (the worker is started and has imported the solver)."""


def _watch(server: int) -> None:
    """A worker's start: a thread that ends the worker once the server process is gone (killed
    without closing its pool), so no worker outlives its server."""
    def watch() -> None:
        while True:
            time.sleep(1.0)
            try:
                os.kill(server, 0)
            except ProcessLookupError:
                os._exit(0)
            except PermissionError:
                pass

    threading.Thread(target=watch, name="tapwise-watch-server", daemon=True).start()


class Workers:
    """A pool of worker processes answering request lines, started fresh if one of them dies
    (the line it was answering gets an error saying so; the others are answered as ever)."""

    def __init__(self, count: int = WORKERS) -> None:
        self.count = count
        self._lock = threading.Lock()
        self._pool = self._start()

    def _start(self) -> ProcessPoolExecutor:
        # forkserver: workers are forked from a clean process that has imported the solver once,
        # never from the server's threads (forking a threaded process can copy a held lock).
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["tapwise.solver.queries.request"])
        pool = ProcessPoolExecutor(self.count, mp_context=context, initializer=_watch,
                                   initargs=(os.getpid(),))
        for _ in range(self.count):  # start them now rather than on the first requests
            pool.submit(_ready)
        return pool

    def answer(self, line: bytes, n: int, cache_entries: int | None) -> str:
        """The answer line to request line ``n``, made by a worker; waits for it."""
        pool = self._pool
        try:
            return pool.submit(_work, line, n, cache_entries).result()
        except BrokenProcessPool:
            with self._lock:
                if self._pool is pool:
                    self._pool = self._start()
            return _line_error(n, "internal error: the worker process answering it stopped "
                                  "(out of memory?); the server goes on")

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)


class _Connection(socketserver.StreamRequestHandler):
    def handle(self) -> None:
        srv: Server = self.server  # type: ignore[assignment]
        try:
            serve_stream(self.rfile, self.wfile, srv.limit, srv.cache_entries,
                         srv.workers.answer if srv.workers is not None else None)
        except (ConnectionError, BrokenPipeError):
            pass  # the client went away: its stream ends here


class Server(socketserver.ThreadingTCPServer):
    """A loopback TCP server: one thread per connection, at most ``max_connections`` of them,
    their requests solved side by side by ``workers`` processes (0: one at a time in this
    process, under a lock, as the standard input server does)."""

    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 64

    def __init__(self, port: int, limit: int = MAX_REQUEST_BYTES,
                 cache_entries: int | None = CACHE_ENTRIES,
                 workers: int = WORKERS, max_connections: int = MAX_CONNECTIONS) -> None:
        super().__init__((HOST, port), _Connection)
        self.limit = limit
        self.cache_entries = cache_entries
        self.max_connections = max_connections
        self._open = threading.BoundedSemaphore(max_connections)
        try:
            self.workers = Workers(workers) if workers > 0 else None
        except BaseException:
            self.server_close()
            raise

    @property
    def port(self) -> int:
        return self.server_address[1]

    def process_request(self, request: Any, client_address: Any) -> None:
        if not self._open.acquire(blocking=False):
            try:
                busy = {"status": "error", "error": f"the server has {self.max_connections:,} "
                                                    f"connections open "
                        "already (--max-connections); connect again later", "id": None}
                request.sendall((json.dumps(busy) + "\n").encode())
            except OSError:
                pass
            self.shutdown_request(request)
            return
        try:
            super().process_request(request, client_address)
        except BaseException:
            self._open.release()
            raise

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._open.release()

    def server_close(self) -> None:
        super().server_close()
        workers = getattr(self, "workers", None)
        if workers is not None:
            workers.close()


def serve_tcp(port: int, limit: int = MAX_REQUEST_BYTES, announce: Any = sys.stderr,
              cache_entries: int | None = CACHE_ENTRIES, workers: int = WORKERS,
              max_connections: int = MAX_CONNECTIONS) -> int:
    """Serve on 127.0.0.1:``port`` (0: any free port) until interrupted; the address is
    announced on ``announce`` as ``tapwise: serving on 127.0.0.1:PORT``."""
    # terminated: close as when interrupted
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _interrupt)
    with Server(port, limit, cache_entries, workers, max_connections) as server:
        print(f"tapwise: serving on {HOST}:{server.port}", file=announce, flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
    return 0


def _interrupt(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


def serve_stdin(limit: int = MAX_REQUEST_BYTES, cache_entries: int | None = CACHE_ENTRIES) -> int:
    """Serve standard input to standard output until end of input."""
    serve_stream(sys.stdin.buffer, sys.stdout, limit, cache_entries)
    return 0
