"""A big batch interrupted twice, resumed, and checked: every id answered exactly once.

    python -m tapwise.benchmarks.batch_resume --n 100000 --dask --workers 2 --compare

Generates ``n`` typical problems, then runs ``tapwise pay IN --jsonl --out OUT`` three times:
the first run is killed with SIGKILL a third of the way (on Dask, one worker is SIGKILLed
first, a sixth of the way, and the run must go on without it), the second is stopped with
SIGINT at two thirds, the third finishes. Then it reads OUT and prints the counts: lines, ids,
missing, duplicated, lines that don't parse, and what each run answered. ``--compare`` also
answers the batch uninterrupted in-process and checks that both files hold the same lines.
Exit code 0 when every check holds.
"""

from __future__ import annotations

import argparse
import json
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from .generators import generate


def _lines(path: Path) -> int:
    return path.read_bytes().count(b"\n") if path.exists() else 0


def _command(source: Path, out: Path, args: argparse.Namespace) -> list[str]:
    cmd = [sys.executable, "-m", "tapwise.interfaces.cli", "pay", str(source), "--jsonl", "--out", str(out),
           "--chunk", str(args.chunk)]
    return cmd + (["--dask", "--workers", str(args.workers)] if args.dask else [])


def _dask_workers(pid: int) -> list[object]:
    """The LocalCluster's worker processes: children of the batch run started by multiprocessing."""
    import psutil

    return [p for p in psutil.Process(pid).children(recursive=True)
            if "spawn_main" in " ".join(p.cmdline()) and "resource_tracker" not in " ".join(p.cmdline())]


def _run_until(cmd: list[str], out: Path, at: int, how: signal.Signals, kill_worker_at: int | None) -> tuple[int, str]:
    """Start the run, wait until OUT holds ``at`` lines, then send ``how``; (exit code, stderr)."""
    run = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    children: list[object] = []
    try:
        while run.poll() is None and _lines(out) < at:
            if kill_worker_at is not None and _lines(out) >= kill_worker_at:
                workers = _dask_workers(run.pid)
                if workers:
                    print(f"  killing Dask worker {workers[0].pid} at {_lines(out)} lines", file=sys.stderr)
                    workers[0].send_signal(signal.SIGKILL)
                    kill_worker_at = None
            time.sleep(0.02)
        if run.poll() is None:
            if how == signal.SIGKILL and "--dask" in cmd:
                children = _dask_workers(run.pid)
            print(f"  sending {how.name} at {_lines(out)} lines", file=sys.stderr)
            run.send_signal(how)
        _, err = run.communicate(timeout=600)
    finally:
        if run.poll() is None:
            run.kill()
            run.wait()
    time.sleep(2)
    for child in children:  # a killed client's workers should end on their own; make sure
        if child.is_running():
            print(f"  worker {child.pid} outlived its client; killing it", file=sys.stderr)
            child.kill()
    return run.returncode, err


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tapwise.benchmarks.batch_resume", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=int, default=100_000, help="problems (default %(default)s)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--dask", action="store_true", help="run the batch on a Dask LocalCluster")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--chunk", type=int, default=100)
    parser.add_argument("--dir", type=Path, help="where IN and OUT go (default: a temporary folder)")
    parser.add_argument("--compare", action="store_true", help="also answer it uninterrupted in-process and compare")
    args = parser.parse_args(argv)
    where = args.dir or Path(tempfile.mkdtemp(prefix="tapwise-batch-"))
    where.mkdir(parents=True, exist_ok=True)
    source, out = where / "in.jsonl", where / "out.jsonl"
    ids = []
    with source.open("w") as handle:
        for problem in generate("typical", args.seed, args.n):
            ids.append(problem["id"])
            handle.write(json.dumps(problem) + "\n")
    out.unlink(missing_ok=True)
    cmd = _command(source, out, args)
    print(f"{args.n} typical problems in {source}; {' '.join(cmd[1:])}", file=sys.stderr)

    runs = []
    start = time.perf_counter()
    code, err = _run_until(cmd, out, args.n // 3, signal.SIGKILL, args.n // 6 if args.dask else None)
    runs.append(("1: SIGKILL at 1/3" + (", a worker SIGKILLed at 1/6" if args.dask else ""), code, err))
    code, err = _run_until(cmd, out, 2 * args.n // 3, signal.SIGINT, None)
    runs.append(("2: SIGINT at 2/3", code, err))
    last = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    runs.append(("3: to the end", last.returncode, last.stderr))
    seconds = time.perf_counter() - start

    raw = out.read_bytes()
    lines = raw.split(b"\n")
    torn = lines.pop()  # b"" when the file ends in a newline
    seen: Counter[str] = Counter()
    statuses: Counter[str] = Counter()
    unparsed = 0
    for line in lines:
        try:
            answer = json.loads(line)
        except json.JSONDecodeError:
            unparsed += 1
            continue
        seen[answer.get("id")] += 1
        statuses[answer.get("status", "other")] += 1
    missing = [i for i in ids if i not in seen]
    duplicated = [i for i, n in seen.items() if n > 1]
    print(f"\nruns ({seconds:.0f} s in all):")
    for name, code, err in runs:
        counts = re.search(r"\((\d+) this run, (\d+) before\)", err)
        told = f"answered {counts[1]} (after {counts[2]})" if counts else "no summary"
        print(f"  {name}: exit {code}, {told}")
    print(f"OUT: {len(lines)} lines, {len(seen)} distinct ids of {len(ids)}; missing {len(missing)}, "
          f"duplicated {len(duplicated)}, unparsable {unparsed}, torn tail {len(torn)} bytes")
    print("statuses: " + ", ".join(f"{k} {v}" for k, v in sorted(statuses.items())))
    ok = (len(lines) == len(ids) and not missing and not duplicated and not unparsed and not torn
          and runs[0][1] == -signal.SIGKILL and runs[1][1] == 130 and runs[2][1] == 0)
    if args.compare:
        reference = where / "uninterrupted.jsonl"
        reference.unlink(missing_ok=True)
        subprocess.run([sys.executable, "-m", "tapwise.interfaces.cli", "pay", str(source), "--jsonl", "--out",
                        str(reference), "--quiet"], check=True)
        same = sorted(reference.read_bytes().split(b"\n")) == sorted(raw.split(b"\n"))
        print(f"same lines as an uninterrupted in-process run: {same}")
        ok = ok and same
    print("every id answered exactly once" if ok else "CHECK FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
