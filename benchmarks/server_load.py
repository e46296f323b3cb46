"""The server under load: thousands of mixed request lines over standard input and over a
loopback TCP port from several clients at once.

    python -m tapwise.benchmarks.server_load --clients 4 --lines 2000 --rounds 3

Each line is valid (pay, castable, plan, available, from the generators), garbage, huge (past
the request size limit), deeply nested (100,000 brackets), not UTF-8, NaN, a bad problem, or
time-limited; every one carries a unique id where it can carry one. Checked: every line
answered exactly once and in order per connection (nothing lost or duplicated), each answer the
one the same request gets alone in a fresh process (no state leaking between requests; only
time-limited answers may differ, in status only), and the server's memory (VmRSS) after each
round. Loopback only; every loop is bounded and the server is stopped at the end.

    python -m tapwise.benchmarks.server_load --fairness 30000 --time-limit 0.5 --rounds 3

times instead a one-Forest request on one connection while a 30,000-entry request runs on
another (the server solves connections side by side: interfaces/server.py).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from tapwise.benchmarks.generators import QUICK, generate

LIMIT = 1_000_000
"""The request size limit the load server runs with (--max-bytes): huge lines go past it."""


def mixed_lines(n: int, seed: int, tag: str) -> list[tuple[bytes, Any, str]]:
    """``n`` request lines: (bytes, the id it carries or None, its kind)."""
    rng = random.Random(seed)
    typical = list(generate("typical", seed=seed, n=40))
    rich = list(generate("rich", seed=seed, n=40))
    large = list(generate("large", seed=seed, n=4, **QUICK["large"]))
    out: list[tuple[bytes, Any, str]] = []
    for i in range(n):
        pid = f"{tag}-{i}"
        kind = rng.choices(["pay", "rich", "large", "castable", "plan", "available", "bad", "garbage", "huge",
                            "nested", "binary", "nan", "timed", "null_id"],
                           weights=[30, 10, 1, 5, 3, 3, 10, 8, 1, 2, 2, 2, 5, 2])[0]
        request: Any = None
        if kind == "pay":
            request = {**rng.choice(typical), "id": pid}
        elif kind == "rich":
            request = {**rng.choice(rich), "id": pid}
        elif kind == "large":
            request = {**rng.choice(large), "id": pid}
        elif kind in ("castable", "plan"):
            board = rng.choice(typical)
            costs = [{"cost": rng.choice(typical)["cost"]} for _ in range(rng.randint(1, 3))]
            request = {"query": kind, "sources": board["sources"], "costs": costs, "id": pid}
        elif kind == "available":
            request = {"query": "available", "sources": rng.choice(typical)["sources"][:6], "id": pid}
        elif kind == "bad":
            request = {**rng.choice(typical), "id": pid, rng.choice(["sorces", "cots", "x"]): rng.choice([1, "q", None])}
        elif kind == "timed":
            request = {**rng.choice(rich), "id": pid, "time_limit": rng.choice([0.001, 0.01, 0.1])}
        elif kind == "null_id":
            request = {**rng.choice(typical), "id": None}
        if request is not None:
            out.append((json.dumps(request).encode(), request["id"], kind))
        elif kind == "garbage":
            out.append((rng.choice([b"not json", b'{"id": 1, "cost":', b"[1, 2", b"{}}", b"\"just a string\""]), None, kind))
        elif kind == "huge":
            out.append((b'{"id": "' + pid.encode() + b'", "cost": "' + b"{G}" * (LIMIT // 3 + 10) + b'"}', None, kind))
        elif kind == "nested":
            out.append((b'{"id": 2, "cost": ' + b"[" * 100_000 + b"]" * 100_000 + b"}", None, kind))
        elif kind == "binary":
            out.append((b'{"id": "\xff\xfe", "cost": "{G}"}', None, kind))
        else:  # nan
            out.append((b'{"id": "' + pid.encode() + b'", "cost": "{G}", "time_limit": NaN}', None, kind))
    return out


def expected_answers(lines: list[tuple[bytes, Any, str]]) -> list[dict[str, Any] | None]:
    """What each line is answered in this process, which has seen other requests in another
    order than the server: answers are deterministic, so a request whose answer depends on
    the requests before it (state leaking) shows as a difference."""
    from tapwise.interfaces.server import answer_line

    return [json.loads(answer_line(line, 0)) if kind not in ("garbage", "huge", "nested", "binary", "nan") else None
            for line, _, kind in lines]


def _stop(proc: subprocess.Popen) -> None:
    """End the server: politely, then for sure after 10 s."""
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()


def _rss_kb(pid: int) -> int:
    """The resident size of process ``pid`` and all its descendants (the server's workers)."""
    total, found = 0, False
    for p in _tree(pid):
        try:
            for row in Path(f"/proc/{p}/status").read_text().splitlines():
                if row.startswith("VmRSS:"):
                    total += int(row.split()[1])
                    found = True
        except OSError:
            pass
    return total if found else -1


def _tree(pid: int) -> list[int]:
    """``pid`` and its descendants, read from /proc."""
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        try:
            for task in Path(f"/proc/{p}/task").iterdir():
                todo += [int(c) for c in (task / "children").read_text().split()]
        except OSError:
            pass
    return out


def start_server(limit: int = LIMIT, cache_entries: int | None = None) -> tuple[subprocess.Popen, int]:
    """``tapwise serve --port 0``: the process and the port it announced (``cache_entries``:
    its ``--cache-entries``, None for the default)."""
    extra = [] if cache_entries is None else ["--cache-entries", str(cache_entries)]
    proc = subprocess.Popen([sys.executable, "-m", "tapwise.interfaces.cli", "serve", "--port", "0",
                             "--max-bytes", str(limit), *extra], stderr=subprocess.PIPE, text=True)
    line = proc.stderr.readline()  # "tapwise: serving on 127.0.0.1:PORT"
    if "serving on" not in line:
        proc.kill()
        raise RuntimeError(f"the server did not start: {line!r}")
    return proc, int(line.rsplit(":", 1)[1])


def tcp_client(port: int, lines: list[tuple[bytes, Any, str]], timeout: float = 300.0) -> list[str]:
    """Send every line over one connection (a writer thread), read one answer per line."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        def write() -> None:
            for line, _, _ in lines:
                sock.sendall(line + b"\n")
            sock.shutdown(socket.SHUT_WR)

        writer = threading.Thread(target=write, daemon=True)
        writer.start()
        answers = []
        with sock.makefile("rb") as reader:
            for _ in range(len(lines) + 1):  # one more read: there must be nothing after the last
                row = reader.readline()
                if not row:
                    break
                answers.append(row.decode())
        writer.join(timeout)
    return answers


def stdin_client(lines: list[tuple[bytes, Any, str]], limit: int = LIMIT) -> list[str]:
    data = b"".join(line + b"\n" for line, _, _ in lines)
    out = subprocess.run([sys.executable, "-m", "tapwise.interfaces.cli", "serve", "--max-bytes", str(limit)],
                         input=data, capture_output=True, timeout=900)
    if b"Traceback" in out.stderr:
        raise AssertionError(out.stderr.decode()[-2000:])
    return out.stdout.decode().splitlines(keepends=True)


def check(lines: list[tuple[bytes, Any, str]], answers: list[str], expected: list[dict[str, Any] | None]) -> list[str]:
    """What went wrong: lost or extra answers, an id not echoed, an answer other than alone."""
    problems = []
    if len(answers) != len(lines):
        problems.append(f"{len(lines)} lines, {len(answers)} answers")
    for (line, pid, kind), row, alone in zip(lines, answers, expected):
        answer = json.loads(row)
        if kind in ("garbage", "huge", "nested", "binary", "nan"):
            if answer.get("status") != "error" or answer.get("id", "<missing>") is not None:
                problems.append(f"{kind} line answered {row[:200]}")
            continue
        if answer.get("id", "<missing>") != pid:
            problems.append(f"id {pid!r} answered as {answer.get('id', '<missing>')!r}")
        if kind == "timed":
            if answer["status"] not in ("paid", "infeasible", "unknown"):
                problems.append(f"timed {pid}: {answer['status']} {answer.get('error', '')[:200]}")
        elif answer != alone:
            problems.append(f"{pid} ({kind}): not the answer it gets alone")
    return problems


def run(clients: int, lines_per_client: int, rounds: int, seed: int, stdin_lines: int,
        out: Any = sys.stdout, cache_entries: int | None = None) -> dict[str, Any]:
    """The whole load run; returns its figures (and prints them)."""
    report: dict[str, Any] = {"clients": clients, "rounds": rounds, "lines": 0, "answered": 0, "errors": 0,
                              "problems": [], "rss_kb": []}
    started = time.perf_counter()
    if stdin_lines:
        lines = mixed_lines(stdin_lines, seed, "stdin")
        answers = stdin_client(lines)
        report["problems"] += [f"stdin: {p}" for p in check(lines, answers, expected_answers(lines))]
        report["lines"] += len(lines)
        report["answered"] += len(answers)
        report["errors"] += sum('"status": "error"' in a for a in answers)
    proc, port = start_server(cache_entries=cache_entries)
    try:
        for r in range(rounds):
            batches = [mixed_lines(lines_per_client, seed + 1000 * r + c, f"r{r}c{c}") for c in range(clients)]
            expected = [expected_answers(b) for b in batches]
            results: list[list[str]] = [[] for _ in range(clients)]

            def client(c: int) -> None:
                results[c] = tcp_client(port, batches[c])

            threads = [threading.Thread(target=client, args=(c,)) for c in range(clients)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            for c in range(clients):
                report["problems"] += [f"round {r} client {c}: {p}" for p in check(batches[c], results[c], expected[c])]
                report["lines"] += len(batches[c])
                report["answered"] += len(results[c])
                report["errors"] += sum('"status": "error"' in a for a in results[c])
            report["rss_kb"].append(_rss_kb(proc.pid))
    finally:
        _stop(proc)
    report["seconds"] = round(time.perf_counter() - started, 1)
    print(f"lines sent {report['lines']:,} ({stdin_lines:,} over stdin, {clients} TCP clients x {lines_per_client:,} "
          f"x {rounds} rounds); answered {report['answered']:,}; error answers {report['errors']:,}; "
          f"problems {len(report['problems'])}; server VmRSS after each round (kB): {report['rss_kb']}; "
          f"{report['seconds']} s", file=out)
    for p in report["problems"][:20]:
        print(f"  {p}", file=out)
    return report


def fairness(entries: int = 30_000, time_limit: float = 0.5, tries: int = 3, out: Any = sys.stdout,
             workers: int | None = None) -> list[dict[str, Any]]:
    """A slow request on one connection and a one-Forest request on another, sent while the
    slow one runs: when each answer arrived (seconds after its request was sent), and which came
    first. The server is ``tapwise serve --port 0`` (``workers``: its ``--workers``)."""
    slow = json.dumps({"id": "slow", "cost": "{G}", "time_limit": time_limit,
                       "sources": [{"name": "Forest"}] * entries}).encode() + b"\n"
    fast = json.dumps({"id": "fast", "cost": "{G}", "sources": [{"name": "Forest"}]}).encode() + b"\n"
    extra = [] if workers is None else ["--workers", str(workers)]
    proc = subprocess.Popen([sys.executable, "-m", "tapwise.interfaces.cli", "serve", "--port", "0", *extra],
                            stderr=subprocess.PIPE, text=True)
    rows = []
    try:
        line = proc.stderr.readline()
        if "serving on" not in line:
            raise RuntimeError(f"the server did not start: {line!r}")
        port = int(line.rsplit(":", 1)[1])
        tcp_client(port, [(fast, "fast", "valid")])  # one request first: the workers are up
        for _ in range(tries):
            arrived: list[tuple[str, float]] = []
            with socket.create_connection(("127.0.0.1", port), timeout=600) as a, \
                    socket.create_connection(("127.0.0.1", port), timeout=600) as b:
                def read(sock: socket.socket, sent: list[float]) -> None:
                    with sock.makefile("rb") as reader:
                        row = json.loads(reader.readline())
                    arrived.append((row["id"], time.perf_counter() - sent[0]))

                a_sent, b_sent = [time.perf_counter()], [0.0]
                ta = threading.Thread(target=read, args=(a, a_sent))
                ta.start()
                a.sendall(slow)
                time.sleep(0.3)  # the slow request is being read or solved
                b_sent[0] = time.perf_counter()
                tb = threading.Thread(target=read, args=(b, b_sent))
                tb.start()
                b.sendall(fast)
                tb.join(600)
                ta.join(600)
            got = dict(arrived)
            rows.append({"first": arrived[0][0], "fast_s": round(got["fast"], 3), "slow_s": round(got["slow"], 3)})
            print(f"fairness: {entries:,}-entry request (time_limit {time_limit}) answered after "
                  f"{got['slow']:.3f} s; one-Forest request on another connection after {got['fast']:.3f} s; "
                  f"first answer: {arrived[0][0]}", file=out)
    finally:
        _stop(proc)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tapwise.benchmarks.server_load", description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--lines", type=int, default=1000, help="lines per client per round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--stdin-lines", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--cache-entries", type=int, help="the server's --cache-entries (default: its default)")
    parser.add_argument("--fairness", type=int, metavar="ENTRIES",
                        help="instead: time a one-Forest request on one connection while a request of ENTRIES "
                        "Forests runs on another")
    parser.add_argument("--time-limit", type=float, default=0.5, help="with --fairness: the large request's")
    parser.add_argument("--workers", type=int, help="with --fairness: the server's --workers")
    args = parser.parse_args(argv)
    os.environ.setdefault("PYTHONHASHSEED", "0")
    if args.fairness:
        fairness(args.fairness, args.time_limit, args.rounds, workers=args.workers)
        return 0
    report = run(args.clients, args.lines, args.rounds, args.seed, args.stdin_lines, cache_entries=args.cache_entries)
    return 1 if report["problems"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
