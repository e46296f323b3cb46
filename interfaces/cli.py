"""``tapwise``: pay a cost from the terminal, serve JSON lines, or run the benchmarks.

    tapwise pay examples/three_color.json          a readable plan
    tapwise pay examples/three_color.json --json   the spec answer
    tapwise pay - --jsonl < problems.jsonl          one answer per line, ids echoed
    tapwise pay "{2}{W}{U/P}" --board "4 Plains, 2 Island, Sol Ring" --life 20
    tapwise available examples/boards/filter_and_city.json  every maximal pool of a board
    tapwise available --board "2 Island, Watery Grave, City of Brass"
    tapwise plan examples/plans/two_spells.json      several costs paid one after another
    tapwise plan "{1}{W}" "{U}" --board "Plains, Island, Hallowed Fountain" --order any
    tapwise serve                                   JSON-lines server on stdin/stdout
    tapwise bench --quick                           the benchmark suite
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
from pathlib import Path
from typing import Any, Callable, TextIO

from tapwise.models.problem import ProblemError
from tapwise.interfaces import batch
from tapwise.interfaces.queries import answer_request
from tapwise.interfaces.render import render, render_plan, render_pools


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    try:
        return Path(path).read_text()
    except OSError as e:
        raise SystemExit(f"tapwise: can't read {path}: {e.strerror}") from None


def _load_json(path: str) -> Any:
    """The JSON in ``path`` (or standard input); SystemExit with a message naming where it broke."""
    try:
        return json.loads(_read(path))
    except json.JSONDecodeError as e:
        print(f"tapwise: {path} is not JSON: {e.msg} at line {e.lineno} column {e.colno}", file=sys.stderr)
        raise SystemExit(2) from None


def _jsonl(stream: TextIO, out: TextIO) -> int:
    """One request per line, one answer per line; a bad line gets a status: error answer."""
    for n, line in enumerate(stream, 1):
        if not line.strip():
            continue
        try:
            request = json.loads(line)
        except json.JSONDecodeError as e:
            answer: dict[str, Any] = {"status": "error", "error": f"line {n}: not JSON: {e.msg} at column {e.colno}"}
        else:
            try:
                answer = answer_request(request)
            except Exception as e:  # keep serving: one bad request must not end the stream
                answer = {"status": "error", "error": f"line {n}: internal error: {e}"}
                if isinstance(request, dict) and "id" in request:
                    answer["id"] = request["id"]
        out.write(json.dumps(answer) + "\n")
        out.flush()
    return 0


def _quick_board(args: argparse.Namespace) -> dict[str, Any]:
    """The board of quick mode's ``--board`` text, with ``--life``, ``--energy`` and ``--pool``."""
    from tapwise.models.board import parse_board

    board: dict[str, Any] = {"sources": parse_board(args.board)}
    player: dict[str, Any] = {}
    if args.life is not None:
        player["life"] = args.life
    if args.energy is not None:
        player["energy"] = args.energy
    if player:
        board["player"] = player
    if args.pool:
        board["pool"] = [args.pool]
    return board


def _board_options(parser: argparse.ArgumentParser, example: str) -> None:
    """Quick mode's board options (``--board``, ``--life``, ``--energy``, ``--pool``) and ``--json``."""
    parser.add_argument("--json", action="store_true", help="print the spec answer as JSON")
    parser.add_argument("--board", help=f'quick mode: sources like "{example}"')
    parser.add_argument("--life", type=int, help="quick mode: the player's life (default 20)")
    parser.add_argument("--energy", type=int, help="quick mode: the player's energy")
    parser.add_argument("--pool", help="quick mode: mana already in the pool, like {R}{R}")


def _quick(make: Callable[[argparse.Namespace], dict[str, Any]], args: argparse.Namespace) -> dict[str, Any] | None:
    """The request quick mode's ``make`` builds from ``args``, or None once its error is printed
    (an unknown card, a board that doesn't parse)."""
    try:
        return make(args)
    except (ValueError, KeyError) as e:
        print(f"tapwise: {e.args[0] if e.args else e}", file=sys.stderr)
        return None


def _quick_problem(args: argparse.Namespace) -> dict[str, Any]:
    problem: dict[str, Any] = {"cost": args.target, **_quick_board(args)}
    if args.x is not None:
        problem["x"] = args.x if args.x == "max" else int(args.x)
    return problem


def cmd_pay(args: argparse.Namespace) -> int:
    if batch.wanted(args):
        return batch.main(args)
    if args.jsonl:
        stream = sys.stdin if args.target == "-" else open(args.target)
        with stream:
            return _jsonl(stream, sys.stdout)
    if args.board is not None:
        problem = _quick(_quick_problem, args)
        if problem is None:
            return 2
    else:
        problem = _load_json(args.target)
    answer = answer_request(problem)
    if answer.get("status") == "error":
        print(f"tapwise: {answer['error']}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(answer, indent=2))
    elif "pools" in answer:
        print(render_pools(answer["pools"]))
    elif "results" in answer:
        print("\n\n".join(render(a) for a in answer["results"]))
    elif "answers" in answer:
        print(render_plan(answer, problem.get("costs") if isinstance(problem, dict) else None))
    else:
        print(render(answer))
    return 0 if answer.get("status") == "paid" or "results" in answer or "pools" in answer else 1


def cmd_available(args: argparse.Namespace) -> int:
    """Every maximal pool of a board: a board file (or -), or quick mode's --board text."""
    if (args.target is None) == (args.board is None):
        print("tapwise: give a board file (or -), or --board \"...\"", file=sys.stderr)
        return 2
    if args.board is not None:
        request: Any = _quick(_quick_board, args)
        if request is None:
            return 2
    else:
        request = _load_json(args.target)
    if isinstance(request, dict):
        request = {**request, "query": "available"}
    answer = answer_request(request)
    if answer.get("status") == "error":
        print(f"tapwise: {answer['error']}", file=sys.stderr)
        return 2
    print(json.dumps(answer, indent=2) if args.json else render_pools(answer["pools"]))
    return 0


def cmd_plan(args: argparse.Namespace) -> int:
    """Several costs paid one after another: a plan file (or -), or costs with --board."""
    if args.board is not None:
        if not args.targets:
            print("tapwise: give the costs to pay, like tapwise plan \"{1}{W}\" \"{U}\" --board \"...\"",
                  file=sys.stderr)
            return 2
        request: Any = _quick(lambda a: {**_quick_board(a), "costs": [{"cost": t} for t in a.targets]}, args)
        if request is None:
            return 2
    elif len(args.targets) != 1:
        print("tapwise: give one plan file (or -), or costs with --board \"...\"", file=sys.stderr)
        return 2
    else:
        request = _load_json(args.targets[0])
    if isinstance(request, dict):
        request = {**request, "query": "plan"}
        if args.order is not None:
            request["order"] = args.order
    answer = answer_request(request)
    if answer.get("status") == "error":
        print(f"tapwise: {answer['error']}", file=sys.stderr)
        return 2
    costs = request.get("costs") if isinstance(request, dict) else None
    print(json.dumps(answer, indent=2) if args.json else render_plan(answer, costs))
    return 0 if answer.get("status") == "paid" else 1


def cmd_serve(args: argparse.Namespace) -> int:
    return _jsonl(sys.stdin, sys.stdout)


def main(argv: list[str] | None = None) -> int:
    if hasattr(signal, "SIGPIPE"):  # `tapwise ... | head` ends quietly, like other tools
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "bench":
        try:
            from tapwise.benchmarks.runner import main as bench_main
        except ImportError as e:
            print(f"tapwise bench needs the bench extra (pip install 'tapwise[bench]'): {e}", file=sys.stderr)
            return 2
        return bench_main(argv[1:])
    parser = argparse.ArgumentParser(prog="tapwise", description="Pay Magic: The Gathering costs optimally.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("pay", help="pay a cost: a problem file (or - for stdin), or a cost with --board")
    p.add_argument("target", help="problem JSON file, - for standard input, or a cost like {2}{W}{U/P} with --board")
    _board_options(p, "4 Plains, 2 Island, Sol Ring, Hallowed Fountain")
    p.add_argument("--jsonl", action="store_true", help="read one problem per line, write one answer per line")
    p.add_argument("--x", help='quick mode: the value of X, or "max"')
    batch.add_options(p)
    p.set_defaults(func=cmd_pay)
    a = sub.add_parser("available", help="every maximal mana pool a board can make (spec section 7)")
    a.add_argument("target", nargs="?", help="board JSON file (sources, pool, player), or - for standard input")
    _board_options(a, "2 Island, Watery Grave, City of Brass")
    a.set_defaults(func=cmd_available)
    pl = sub.add_parser("plan", help="pay several costs one after another from one board (spec section 7)")
    pl.add_argument("targets", nargs="*", help="a plan JSON file (board and costs) or -, or with --board the costs")
    _board_options(pl, "Plains, Island, Hallowed Fountain")
    pl.add_argument("--order", choices=("given", "any"),
                    help="given: pay a prefix in the order given (the default); any: choose subset and order")
    pl.set_defaults(func=cmd_plan)
    s = sub.add_parser("serve", help="JSON-lines server: one request per line on stdin, answers on stdout")
    s.set_defaults(func=cmd_serve)
    sub.add_parser("bench", help="run the benchmark suite (see tapwise bench --help)")
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except ProblemError as e:
        print(f"tapwise: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
