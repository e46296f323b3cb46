"""Batch throughput by backend: problems per second in-process and on a LocalCluster of 1 and 2 workers.

    python -m tapwise.benchmarks.batch_throughput --n 20000

Each row runs the whole command (``tapwise pay IN --jsonl --out OUT --quiet ...``) on ``n``
typical problems, and once more on ``--tiny`` of them to measure what a run costs before its
first answer (interpreter, imports, cluster start, worker warm-up); each is the fastest of
``--repeat`` runs (the least disturbed by the machine's other work); "steady" is
``(n - tiny) / (time(n) - time(tiny))``. The first row is the plain stream (``--jsonl`` to
stdout, no batch) for the batch machinery's own cost. Prints a Markdown table and the load
average, since a shared machine's other work shows in every figure.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .generators import generate


def _time(cmd: list[str], out: Path | None) -> float:
    if out is not None:
        out.unlink(missing_ok=True)
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tapwise.benchmarks.batch_throughput", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=int, default=20_000)
    parser.add_argument("--tiny", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--chunk", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=3, help="runs of each, the fastest kept (default %(default)s)")
    parser.add_argument("--workers", default="1,2", help="LocalCluster sizes, comma-separated (default %(default)s)")
    args = parser.parse_args(argv)
    where = Path(tempfile.mkdtemp(prefix="tapwise-throughput-"))
    sources = {}
    for size in (args.n, args.tiny):
        sources[size] = where / f"in-{size}.jsonl"
        with sources[size].open("w") as handle:
            for problem in generate("typical", args.seed, size):
                handle.write(json.dumps(problem) + "\n")
    out = where / "out.jsonl"
    base = [sys.executable, "-m", "tapwise.interfaces.cli", "pay"]
    rows: list[tuple[str, list[str], bool]] = [("stream to stdout, no batch (`--jsonl`)", [], False),
                                              ("batch in-process", ["--out", str(out), "--quiet"], True)]
    for w in (int(x) for x in args.workers.split(",")):
        rows.append((f"batch, Dask LocalCluster, {w} worker{'s' * (w != 1)}",
                     ["--out", str(out), "--quiet", "--dask", "--workers", str(w)], True))
    load = os.getloadavg()
    print(f"{args.n} typical problems (seed {args.seed}), chunk {args.chunk}, {os.cpu_count()} cores; "
          f"load average before: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}\n")
    print("| backend | whole run (s) | problems/s, whole run | before the first answers (s) | problems/s, steady |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name, extra, batch in rows:
        chunk = ["--chunk", str(args.chunk)] if batch else []
        whole = min(_time(base + [str(sources[args.n]), "--jsonl", *extra, *chunk], out if batch else None)
                    for _ in range(args.repeat))
        tiny = min(_time(base + [str(sources[args.tiny]), "--jsonl", *extra, *chunk], out if batch else None)
                   for _ in range(args.repeat))
        steady = (args.n - args.tiny) / (whole - tiny) if whole > tiny else float("nan")
        print(f"| {name} | {whole:.1f} | {args.n / whole:.0f} | {tiny:.1f} | {steady:.0f} |", flush=True)
    load = os.getloadavg()
    print(f"\nload average after: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
