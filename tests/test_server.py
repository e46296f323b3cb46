"""The JSON-lines server: every line answered exactly once and in order, over standard input and
over a loopback TCP port with several clients at once (a reduced ``benchmarks/server_load.py``)."""

from __future__ import annotations

import io
import json
import socket
import subprocess
import sys
from pathlib import Path

from tapwise.benchmarks import server_load
from tapwise.interfaces import server

ROOT = Path(__file__).resolve().parents[1]


def serve(data: bytes, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tapwise.interfaces.cli", "serve", *args], input=data,
                          capture_output=True, cwd=ROOT, timeout=300)


def answers_of(out: subprocess.CompletedProcess) -> list[dict]:
    assert b"Traceback" not in out.stderr and out.returncode == 0, out.stderr.decode()[-2000:]
    return [json.loads(line) for line in out.stdout.decode().splitlines()]


def test_a_100000_deep_line_is_an_error_and_the_stream_goes_on():
    # Observed: RecursionError killed `tapwise serve`; later lines went unanswered.
    nested = b'{"id":2,"cost":' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    after = json.dumps({"id": 3, "cost": "{G}", "sources": [{"name": "Forest"}]}).encode()
    answers = answers_of(serve(nested + b"\n" + after + b"\n"))
    assert answers[0] == {"status": "error", "error": "line 1: nested deeper than 64 levels", "id": None}
    assert answers[1]["id"] == 3 and answers[1]["status"] == "paid"


def test_bad_lines_are_answered_in_order_naming_what_is_wrong():
    lines = [b'{"id": 1, "cost": "{G}"',                      # truncated: the column is its end
             b"\xff\xfe{}",                                    # not UTF-8
             b'{"id": 4, "cost": "{G}", "time_limit": NaN}',    # not JSON
             b"",                                               # blank: an error, id null
             b'{"id": null, "cost": "{G}", "sources": [{"name": "Forest"}]}',
             b"[1, 2]",
             b'{"id": 7, "cost": "' + b"{G}" * 400 + b'"}',     # past --max-bytes
             b'{"id": 8, "query": "available", "sources": [{"name": "Forest"}]}']
    answers = answers_of(serve(b"\n".join(lines) + b"\n", "--max-bytes", "1000"))
    assert [a["status"] for a in answers] == ["error", "error", "error", "error", "paid", "error", "error", "ok"]
    assert answers[0]["error"] == "line 1: not JSON: Expecting ',' delimiter at column 24"
    assert answers[1]["error"] == "line 2: not UTF-8: byte 1 is 0xff"
    assert answers[2]["error"] == "line 3: not JSON: NaN is not a JSON value"
    assert answers[3] == {"status": "error", "error": "line 4: blank: no request", "id": None}
    assert "id" in answers[4] and answers[4]["id"] is None
    assert answers[5] == {"status": "error", "error": "a request must be a JSON object, not a list", "id": None}
    assert answers[6]["error"] == "line 7: longer than 1,000 bytes; not read (the server's request size limit)"
    assert answers[7]["id"] == 8
    # README, Reliability: every answer carries the request's id; a line that can't be read has
    # none to carry, so its answer says "id": null.
    assert all(answers[i]["id"] is None for i in (0, 1, 2, 3, 5, 6))


def test_long_lines_are_skipped_piece_by_piece():
    stream = io.BytesIO(b"x" * 300_000 + b"\n" + b'{"cost": "{0}"}\n')
    out = io.BytesIO()
    assert server.serve_stream(stream, out, limit=100) == 2
    first, second = (json.loads(line) for line in out.getvalue().splitlines())
    assert "longer than 100 bytes" in first["error"] and second["status"] == "paid"


def test_depth_counts_brackets_outside_strings():
    assert server._depth('{"a": [[1]], "b": "[[[[[[["}') == 3
    assert server._depth('"\\"[[["') == 0


def test_tcp_serves_loopback_only():
    with server.Server(0) as srv:
        assert srv.server_address[0] == "127.0.0.1"


def test_the_reduced_load_run_loses_nothing():
    """Three TCP clients at once and a stdin stream, mixed lines of every kind: each answered
    exactly once, in order, ids echoed, each answer what the request gets on its own."""
    lines = io.StringIO()
    report = server_load.run(clients=3, lines_per_client=30, rounds=1, seed=5, stdin_lines=40, out=lines)
    assert report["problems"] == [], lines.getvalue()
    assert report["answered"] == report["lines"] == 3 * 30 + 40
    assert 0 < report["errors"] < report["lines"]


def test_connections_are_answered_side_by_side():
    """Issue 38: a slow request on one connection holds only that connection. Connection A sends
    a board of 100,000 entries (seconds to load) and then a small request; connection B sends a
    one-Forest request while A's first is being solved: B's answer comes first, and A's two
    answers come in A's order, each id exactly once. (Answered one at a time, B's would wait.)"""
    import threading

    big = json.dumps({"id": "big", "cost": "{G}", "sources": [{"name": "Forest"}] * 100_000}).encode()
    small = json.dumps({"id": "small", "cost": "{G}", "sources": [{"name": "Forest"}]}).encode()
    arrived: list[tuple[str, object]] = []
    lock = threading.Lock()

    def read(sock: socket.socket, name: str, n: int) -> None:
        with sock.makefile("rb") as reader:
            for _ in range(n + 1):  # one more: nothing after the last
                row = reader.readline()
                if not row:
                    break
                with lock:
                    arrived.append((name, json.loads(row)["id"]))

    with server.Server(0, workers=2) as srv:
        serving = threading.Thread(target=srv.serve_forever, daemon=True)
        serving.start()
        try:
            with socket.create_connection(("127.0.0.1", srv.port), timeout=120) as a, \
                    socket.create_connection(("127.0.0.1", srv.port), timeout=120) as b:
                ra = threading.Thread(target=read, args=(a, "A", 2))
                rb = threading.Thread(target=read, args=(b, "B", 1))
                ra.start()
                rb.start()
                a.sendall(big + b"\n" + small + b"\n")
                a.shutdown(socket.SHUT_WR)
                import time
                time.sleep(0.5)  # A's first request is being read or solved
                b.sendall(small.replace(b'"small"', b'"b"') + b"\n")
                b.shutdown(socket.SHUT_WR)
                rb.join(120)
                ra.join(120)
        finally:
            srv.shutdown()
    assert arrived == [("B", "b"), ("A", "big"), ("A", "small")]


def test_one_connection_past_the_limit_is_told_so():
    """Memory stays bounded: at most --max-connections are served; one more gets one error line
    (id null, it sent no request yet) and is closed."""
    with server.Server(0, workers=0, max_connections=1) as srv:
        import threading
        threading.Thread(target=srv.serve_forever, daemon=True).start()
        try:
            with socket.create_connection(("127.0.0.1", srv.port), timeout=60) as first:
                first.sendall(b'{"id": 1, "cost": "{0}"}\n')
                with first.makefile("rb") as reader:
                    assert json.loads(reader.readline())["id"] == 1  # the first is being served
                with socket.create_connection(("127.0.0.1", srv.port), timeout=60) as second:
                    with second.makefile("rb") as reader:
                        rows = reader.read().splitlines()
        finally:
            srv.shutdown()
    assert [json.loads(r) for r in rows] == [{"status": "error", "id": None, "error":
                                               "the server has 1 connections open already "
                                               "(--max-connections); connect again later"}]
