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
    assert answers[0] == {"status": "error", "error": "line 1: nested deeper than 64 levels"}
    assert answers[1]["id"] == 3 and answers[1]["status"] == "paid"


def test_bad_lines_are_answered_in_order_naming_what_is_wrong():
    lines = [b'{"id": 1, "cost": "{G}"',                      # truncated: the column is its end
             b"\xff\xfe{}",                                    # not UTF-8
             b'{"id": 4, "cost": "{G}", "time_limit": NaN}',    # not JSON
             b"",                                               # blank: skipped, no answer
             b'{"id": null, "cost": "{G}", "sources": [{"name": "Forest"}]}',
             b"[1, 2]",
             b'{"id": 7, "cost": "' + b"{G}" * 400 + b'"}',     # past --max-bytes
             b'{"id": 8, "query": "available", "sources": [{"name": "Forest"}]}']
    answers = answers_of(serve(b"\n".join(lines) + b"\n", "--max-bytes", "1000"))
    assert [a["status"] for a in answers] == ["error", "error", "error", "paid", "error", "error", "ok"]
    assert answers[0]["error"] == "line 1: not JSON: Expecting ',' delimiter at column 24"
    assert answers[1]["error"] == "line 2: not UTF-8: byte 1 is 0xff"
    assert answers[2]["error"] == "line 3: not JSON: NaN is not a JSON value"
    assert "id" in answers[3] and answers[3]["id"] is None
    assert answers[4]["error"] == "a request must be a JSON object, not a list"
    assert answers[5]["error"] == "line 7: longer than 1,000 bytes; not read (the server's request size limit)"
    assert answers[6]["id"] == 8


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
