"""Tables and the latency plot from the runner's JSON-lines results.

Everything here reads rows back from the file, so a report can be made again from a
stopped, resumed or distributed run (``python -m tapwise.benchmarks.report results.jsonl``).
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any, Iterable

import numpy as np

from . import lex_key

Row = dict[str, Any]
ANSWERED = ("paid", "infeasible", "unpayable")


def load(path: Path) -> list[Row]:
    """Rows of a results file; a torn last line (the run was killed mid-write) is skipped."""
    rows = []
    if not path.exists():
        return rows
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError:
                continue
    return rows


def reference(by_payer: dict[str, Row]) -> tuple[str, Row] | None:
    """Whose answer counts as right for one problem: tapwise's, else the exact naive model's."""
    tapwise = by_payer.get("tapwise")
    if tapwise and tapwise["status"] in ANSWERED:
        return "tapwise", tapwise
    naive = by_payer.get("naive_cpsat")
    if naive and (naive["status"] == "infeasible" or naive.get("optimal")):
        return "naive_cpsat", naive
    return None


def _worse(row: Row, ref: Row) -> bool:
    """True when ``row`` paid with an objective lexicographically worse than ``ref``'s."""
    mine, best = row.get("objective"), ref.get("objective")
    if not mine or not best:
        return False
    names = [n for n in best if n in mine]
    return lex_key(mine, names) > lex_key(best, names)


def summarize(rows: Iterable[Row], payers: list[str]) -> dict[str, dict[str, Any]]:
    """Per scenario: one stats dict per payer, and where the reference answers came from."""
    problems: dict[str, dict[str, dict[str, Row]]] = defaultdict(lambda: defaultdict(dict))
    for row in rows:
        problems[row["scenario"]][row["problem"]][row["payer"]] = row
    out: dict[str, dict[str, Any]] = {}
    for scenario, by_problem in problems.items():
        refs = {pid: reference(by_payer) for pid, by_payer in by_problem.items()}
        payable = [pid for pid, r in refs.items() if r and r[1]["status"] == "paid"]
        stats = []
        for payer in payers:
            mine = {pid: b[payer] for pid, b in by_problem.items() if payer in b}
            if not mine:
                continue
            answered = {pid: r for pid, r in mine.items() if r["status"] in ANSWERED}
            ms = np.array([r["ms"] for r in answered.values()])
            paired = [pid for pid in answered
                      if by_problem[pid].get("tapwise", {}).get("status") in ANSWERED]
            ratio = (float(np.median([answered[p]["ms"] for p in paired]))
                     / max(float(np.median([by_problem[p]["tapwise"]["ms"] for p in paired])), 1e-9)
                     if paired and payer != "tapwise" else None)
            each = per_problem_ratios(by_problem, payer) if payer != "tapwise" else []
            wrong = sum(1 for pid, r in answered.items() if refs[pid] and
                        {r["status"], refs[pid][1]["status"]} == {"paid", "infeasible"})
            unpaid = sum(1 for pid in payable if mine.get(pid, {}).get("status") != "paid")
            worse = sum(1 for pid in payable if mine.get(pid, {}).get("status") == "paid"
                        and _worse(mine[pid], refs[pid][1]))
            count = {s: sum(1 for r in mine.values() if r["status"] == s)
                     for s in ("timeout", "unsupported", "error", "unknown")}
            stats.append({
                "payer": payer, "problems": len(mine), "answered": len(answered),
                "median_ms": float(np.median(ms)) if len(ms) else None,
                "p99_ms": float(np.percentile(ms, 99)) if len(ms) else None,
                "ratio": ratio, "payable": len(payable),
                "ratio_per_problem": float(np.median(each)) if each else None,
                "ratio_worst": min(each) if each else None,
                "unpaid": unpaid / len(payable) if payable else None,
                "suboptimal": worse / len(payable) if payable else None,
                "wrong": wrong, **count,
            })
        sources = defaultdict(int)
        for r in refs.values():
            sources[r[0] if r else "none"] += 1
        out[scenario] = {"payers": stats, "reference": dict(sources), "problems": len(by_problem)}
    return out


def _gave_up(row: Row) -> bool:
    """A timeout whose time means something: the payer ran until it gave up (a lower bound),
    unlike a model too big to build (``skipped``)."""
    return row["status"] == "timeout" and not row.get("skipped")


def per_problem_ratios(by_problem: dict[str, dict[str, Row]], payer: str) -> list[float]:
    """``payer``'s time over tapwise's, problem by problem, on the problems tapwise answered and
    ``payer`` answered or gave up on. A timeout counts at the time it gave up, so its ratio is a
    lower bound; a model too big to build (``skipped``) has no meaningful time and is left out.
    The ratio of medians hides the problems where a baseline is quick; these show them."""
    ratios = []
    for by_payer in by_problem.values():
        mine, tapwise = by_payer.get(payer), by_payer.get("tapwise")
        if not mine or not tapwise or tapwise["status"] not in ANSWERED:
            continue
        if mine["status"] in ANSWERED or _gave_up(mine):
            ratios.append(mine["ms"] / max(tapwise["ms"], 1e-9))
    return ratios


def _fmt(value: float | None, spec: str) -> str:
    return "-" if value is None else format(value, spec)


def table(summary: dict[str, dict[str, Any]]) -> str:
    """Plain-text tables, one per scenario."""
    head = ("payer", "answered", "median ms", "p99 ms", "x tapwise", "x each", "x worst",
            "unpaid", "subopt", "wrong", "timeout", "unsupp", "error")
    row = "{:<12}{:>10}{:>11}{:>10}{:>11}{:>9}{:>9}{:>8}{:>8}{:>7}{:>9}{:>8}{:>7}"
    lines = []
    for scenario, s in summary.items():
        refs = ", ".join(f"{k} {v}" for k, v in sorted(s["reference"].items()))
        payable = s["payers"][0]["payable"] if s["payers"] else 0
        lines.append(f"\n== {scenario}: {s['problems']} problems, {payable} payable "
                     f"(reference: {refs}) ==")
        lines.append(row.format(*head))
        for p in s["payers"]:
            lines.append(row.format(
                p["payer"], f"{p['answered']}/{p['problems']}", _fmt(p["median_ms"], ".3f"),
                _fmt(p["p99_ms"], ".3f"), _fmt(p["ratio"], ".3g"),
                _fmt(p["ratio_per_problem"], ".3g"), _fmt(p["ratio_worst"], ".3g"),
                _fmt(p["unpaid"], ".0%"), _fmt(p["suboptimal"], ".0%"), p["wrong"],
                p["timeout"], p["unsupported"], p["error"] + p["unknown"]))
    lines.append("\nx tapwise: median latency over tapwise's median, on the problems both answered; "
                 "x each, x worst: the median and the least of the per-problem ratios to tapwise, "
                 "a timeout counted at the time it gave up (a lower bound).")
    lines.append("unpaid, subopt: share of payable problems not paid / paid with a worse objective "
                 "than the reference; wrong: answers contradicting the reference; "
                 "timeout, unsupp, error: counts. Latencies over answered problems only.")
    return "\n".join(lines)


def plot(rows: Iterable[Row], path: Path) -> Path:
    """Latency against board size (source copies), log-log, one color per payer, one marker
    per scenario; a timeout is an x at the time it gave up (a lower bound)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    points: dict[tuple[str, str], tuple[list[int], list[float]]] = defaultdict(lambda: ([], []))
    for row in rows:
        timed_out = _gave_up(row)
        if row["status"] in ANSWERED or timed_out:
            xs, ys = points[(row["payer"], "timeout" if timed_out else row["scenario"])]
            xs.append(max(1, row.get("copies", 1)))
            ys.append(max(row["ms"], 1e-3))
    payers = sorted({p for p, _ in points})
    scenarios = sorted({s for _, s in points} - {"timeout"})
    colors = {p: f"C{i}" for i, p in enumerate(payers)}
    markers = {**{s: "os^Dv"[i % 5] for i, s in enumerate(scenarios)}, "timeout": "x"}
    fig, ax = plt.subplots(figsize=(8, 5))
    for (payer, scenario), (xs, ys) in sorted(points.items()):
        ax.scatter(xs, ys, s=14, alpha=0.6, color=colors[payer], marker=markers[scenario],
                   label=f"{payer} ({scenario})")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("board size (source copies)")
    ax.set_ylabel("latency per problem (ms)")
    ax.set_title("tapwise and baselines: latency against board size")
    ax.grid(True, which="both", alpha=0.3)
    if points:
        ax.legend(fontsize=7, ncol=2)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path


def main(argv: list[str] | None = None) -> int:
    """Re-print the tables (and redraw the plot) of an existing results file."""
    args = sys.argv[1:] if argv is None else argv
    if not args:
        print("usage: python -m tapwise.benchmarks.report RESULTS.jsonl [PLOT.png]", file=sys.stderr)
        return 2
    rows = load(Path(args[0]))
    payers = list(dict.fromkeys(r["payer"] for r in rows))
    print(table(summarize(rows, payers)))
    if len(args) > 1:
        plot(rows, Path(args[1]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
