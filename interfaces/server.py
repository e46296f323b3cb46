"""The JSON-lines server: one request per line in, one answer per line out, over standard input
or a loopback TCP port (``tapwise serve --port N``), for engines written in any language.

Every line gets exactly one answer line, in order, whatever it holds: a line that is too long,
not UTF-8, not JSON, nested too deeply, or a request that fails in any way is answered with
``status: error`` and the stream goes on. Lines are read with a bound, so one huge line never
holds more than :data:`MAX_REQUEST_BYTES` in memory. Over TCP each connection is its own stream;
several clients may be connected at once, and their requests are solved one at a time (a lock),
so no request sees another's state and answers stay deterministic. The solver's memos
(models/caches.py) are emptied whenever together they pass ``cache_entries`` entries, so a
server's memory stays flat however many different boards it answers.
"""

from __future__ import annotations

import json
import socketserver
import sys
import threading
from typing import Any, BinaryIO, Callable

from tapwise.interfaces.queries import answer_request
from tapwise.models import caches

MAX_REQUEST_BYTES = 8 * 2**20
"""The longest request line read (8 MiB: a board of thousands of entries fits many times)."""
MAX_DEPTH = 64
"""The deepest nesting of arrays and objects a request may have (a problem needs 6)."""
CACHE_ENTRIES = 20_000
"""Memo entries (all the solver's memos together) past which the server empties them: a few
tens of MB, and the memos refill with what the current boards repeat within a few requests."""
HOST = "127.0.0.1"
"""TCP serves the loopback interface only: the protocol has no authentication."""

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
    try:
        request = read_request(line)
    except BadLine as e:
        answer: dict[str, Any] = {"status": "error", "error": f"line {n}: {e}"}
    else:
        with _SOLVING:
            answer = solve(request)
            if cache_entries is not None:
                caches.clear_past(cache_entries)
    try:
        return json.dumps(answer, allow_nan=False)
    except (ValueError, TypeError, RecursionError) as e:  # an id that JSON can't carry back
        return json.dumps({"status": "error", "error": f"line {n}: internal error writing the answer: {e}"})


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
                 cache_entries: int | None = CACHE_ENTRIES) -> int:
    """Answer every request line of ``stream`` (bytes) on ``out`` (text or bytes, flushed per
    line); blank lines are skipped. Returns how many lines were answered."""
    binary = not hasattr(out, "encoding")
    answered = 0
    for n, line in enumerate(_lines(stream, limit), 1):
        if line is None:
            text = json.dumps({"status": "error", "error": f"line {n}: longer than {limit:,} bytes; "
                               "not read (the server's request size limit)"})
        elif not line.strip():
            continue
        else:
            text = answer_line(line, n, cache_entries=cache_entries)
        out.write((text + "\n").encode() if binary else text + "\n")
        out.flush()
        answered += 1
    return answered


class _Connection(socketserver.StreamRequestHandler):
    def handle(self) -> None:
        try:
            serve_stream(self.rfile, self.wfile, self.server.limit,  # type: ignore[attr-defined]
                         self.server.cache_entries)  # type: ignore[attr-defined]
        except (ConnectionError, BrokenPipeError):
            pass  # the client went away: its stream ends here


class Server(socketserver.ThreadingTCPServer):
    """A loopback TCP server: one thread per connection, one request solved at a time."""

    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, port: int, limit: int = MAX_REQUEST_BYTES, cache_entries: int | None = CACHE_ENTRIES) -> None:
        super().__init__((HOST, port), _Connection)
        self.limit = limit
        self.cache_entries = cache_entries

    @property
    def port(self) -> int:
        return self.server_address[1]


def serve_tcp(port: int, limit: int = MAX_REQUEST_BYTES, announce: Any = sys.stderr,
              cache_entries: int | None = CACHE_ENTRIES) -> int:
    """Serve on 127.0.0.1:``port`` (0: any free port) until interrupted; the address is
    announced on ``announce`` as ``tapwise: serving on 127.0.0.1:PORT``."""
    with Server(port, limit, cache_entries) as server:
        print(f"tapwise: serving on {HOST}:{server.port}", file=announce, flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
    return 0


def serve_stdin(limit: int = MAX_REQUEST_BYTES, cache_entries: int | None = CACHE_ENTRIES) -> int:
    """Serve standard input to standard output until end of input."""
    serve_stream(sys.stdin.buffer, sys.stdout, limit, cache_entries)
    return 0
