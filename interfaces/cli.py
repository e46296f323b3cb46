"""``tapwise``: pay a cost from the terminal, serve JSON lines, or run the benchmarks.

    tapwise pay examples/three_color.json          a readable plan
    tapwise pay examples/three_color.json --json   the spec answer
    tapwise pay examples/three_color.json --svg pay.svg   and a picture of it
    tapwise pay - --jsonl < problems.jsonl          one answer per line, ids echoed
    tapwise pay "{2}{W}{U/P}" --board "4 Plains, 2 Island, Sol Ring" --life 20
    tapwise pay "Kitchen Finks" --board "Hallowed Fountain, Forest, Birds of Paradise"
    tapwise pay "{3}" --board "Command Tower, Forest" --fact "commander colors=WUG"
    tapwise available examples/boards/filter_and_city.json  every maximal pool of a board
    tapwise available --board "2 Island, Watery Grave, City of Brass"
    tapwise plan examples/plans/two_spells.json      several costs paid one after another
    tapwise plan "{1}{W}" "{U}" --board "Plains, Island, Hallowed Fountain" --order any
    tapwise serve                                   JSON-lines server on stdin/stdout
    tapwise serve --port 8765                       the same over TCP, 127.0.0.1 only
    tapwise bench --quick                           the benchmark suite
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
from pathlib import Path
from typing import Any, Callable

from tapwise.models.problem import ProblemError
from tapwise.interfaces import batch
from tapwise.solver.queries.request import answer_request
from tapwise.render import render, render_plan, render_pools
from tapwise.interfaces import server

EXIT_PAID, EXIT_NOT_PAID, EXIT_BAD_INPUT = 0, 1, 2
"""Exit codes: paid (or answered), can't be paid, bad input (any error answer)."""

EPILOG = """\
examples:
  tapwise pay examples/three_color.json            a readable plan
  tapwise pay examples/three_color.json --json     the spec answer
  tapwise pay "{2}{W}{U/P}" --board "4 Plains, 2 Island, Sol Ring" --life 20
  tapwise pay "{X}{G}" --board "Forest x5" --x max
  tapwise pay - --jsonl < problems.jsonl           one answer per line, ids echoed
  tapwise available --board "2 Island, Watery Grave, City of Brass"
  tapwise plan "{1}{W}" "{U}" --board "Plains, Island, Hallowed Fountain" --order any
  tapwise serve < examples/requests.jsonl          JSON lines on standard input and output
  tapwise serve --port 8765                        JSON lines over TCP on 127.0.0.1 only
  tapwise bench --quick                            the benchmark suite

board grammar (--board; names case-insensitive, known cards and basic lands):
  board   := entry { ("," | ";" | newline) entry }
  entry   := [count] {"tapped" | "sick"} name ["[" choice "]"] ["[" kind=N {, kind=N} "]"] [suffix]
  count   := N | Nx        "4 Plains", "4x Plains"
  suffix  := xN            "Forest x3" (not with a count in front)
  "tapped" taps every copy of that entry, "sick" makes them summoning sick (302.6);
  [choice] is a card's choice: "Cavern of Souls [Elf]"; [kind=N] counters on each copy:
  "Dreadship Reef [storage=2]"; a Spirit Guide is a card in the hand, exiled to pay

exit codes: 0 paid (or answered), 1 can't be paid, 2 bad input or any other error
(a message naming the field or symbol, never a traceback).
"""


class Refused(Exception):
    """Input the command can't use; the message says what to do instead (exit 2)."""


def _read(path: str) -> str:
    """The text of ``path`` (``-``: standard input), UTF-8; :class:`Refused` naming the problem."""
    try:
        data = sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
    except IsADirectoryError:
        raise Refused(f"{path} is a folder, not a problem file") from None
    except FileNotFoundError:
        if _looks_like_cost(path):
            raise Refused(f"{path} is not a file; to pay a cost, give the board too: "
                          f'tapwise pay "{path}" --board "4 Plains, Sol Ring"') from None
        raise Refused(f"can't read {path}: no such file") from None
    except OSError as e:
        raise Refused(f"can't read {path}: {e.strerror or e}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        where = "standard input" if path == "-" else path
        raise Refused(f"{where} is not UTF-8 text: byte {e.start + 1} is "
                      f"{data[e.start]:#04x}") from None


def _looks_like_cost(text: str) -> bool:
    return "{" in text or (bool(text) and all(c.isdigit() or c.upper() in "WUBRGCXSEP"
                                              for c in text))


def _load_json(path: str) -> Any:
    """The JSON in ``path`` (or standard input); :class:`Refused` naming where it broke."""
    text = _read(path)
    try:
        return json.loads(text, parse_constant=server._reject_constant)
    except json.JSONDecodeError as e:
        raise Refused(f"{path} is not JSON: {e.msg} at line {e.lineno} column {e.colno}") from None
    except server.BadLine as e:
        raise Refused(f"{path} is {e}") from None
    except RecursionError:
        raise Refused(f"{path} is nested too deeply to be read") from None


def _jsonl(path: str) -> int:
    """One request per line, one answer per line; a bad line gets a status: error answer."""
    if path == "-":
        server.serve_stream(sys.stdin.buffer, sys.stdout)
        return EXIT_PAID
    try:
        with open(path, "rb") as stream:
            server.serve_stream(stream, sys.stdout)
    except IsADirectoryError:
        raise Refused(f"{path} is a folder, not a file of JSON lines") from None
    except OSError as e:
        raise Refused(f"can't read {path}: {e.strerror or e}") from None
    return EXIT_PAID


def _dest(option: str) -> str:
    """The attribute argparse gives ``option`` (``--with`` is ``with_``: a Python keyword)."""
    name = option.lstrip("-").replace("-", "_")
    return name + "_" if name == "with" else name


def _no_file_options(args: argparse.Namespace, *names: str, jsonl: bool = False) -> None:
    """Quick mode's options are refused with a file: the file says all of it."""
    given = [n for n in names if getattr(args, _dest(n), None) not in (None, False)]
    if given and jsonl:
        raise Refused(f"{', '.join(given)} doesn't apply with --jsonl: each line is a whole "
                      f"problem")
    if given:
        raise Refused(f"{', '.join(given)} only applies with --board (quick mode); "
                      "with a problem file, put it in the file")


def _quick_board(args: argparse.Namespace) -> dict[str, Any]:
    """The board of quick mode's ``--board`` text, with ``--fact``, ``--life``, ``--energy`` and
    ``--pool``; the facts derived from the typed board and the abilities not read go to stderr."""
    from tapwise.models.cards.board import read_board

    quick = read_board(args.board, args.fact or [])
    for note in quick.notes:
        print(f"tapwise: {note}", file=sys.stderr)
    board: dict[str, Any] = quick.problem_keys()
    player: dict[str, Any] = {}
    if args.life is not None:
        player["life"] = args.life
    if args.energy is not None:
        player["energy"] = args.energy
    if player:
        board["player"] = player
    if args.pool:
        board["pool"] = [args.pool]
    for key in ("hand", "graveyard"):
        if getattr(args, key) is not None:
            board[key] = getattr(args, key)
    if args.strict:
        board["strict"] = True
    return board


BOARD_OPTIONS = ("--life", "--energy", "--pool", "--fact", "--hand", "--graveyard", "--strict")
"""Quick mode's options besides ``--board``: refused with a file."""


def _board_options(parser: argparse.ArgumentParser, example: str) -> None:
    """Quick mode's board options (``--board``, ``--life``, ``--energy``, ``--pool``) and
    ``--json``."""
    parser.add_argument("--json", action="store_true", help="print the spec answer as JSON")
    parser.add_argument("--board", help=f'quick mode: sources like "{example}" (grammar below)')
    parser.add_argument("--life", type=int, help="quick mode: the player's life (default 20)")
    parser.add_argument("--energy", type=int, help="quick mode: the player's energy")
    parser.add_argument("--pool", help="quick mode: mana already in the pool, like {R}{R}")
    parser.add_argument("--hand", type=int, metavar="N",
                        help="quick mode: cards in hand, for discard costs (9.1)")
    parser.add_argument("--graveyard", type=int, metavar="N",
                        help="quick mode: cards in the graveyard, for delve and exile costs")
    parser.add_argument("--strict", action="store_true",
                        help="quick mode: refuse a card whose payment text is not read "
                             "(instead of a note)")
    parser.add_argument("--fact", action="append", metavar="FACT=VALUE",
                        help='quick mode: a fact the board\'s cards read, like "artifact you '
                             'control=4" (repeatable)')


def _x_value(text: str) -> int | str:
    """``--x``: a whole number or ``max``, with our own message otherwise."""
    if text.strip().lower() == "max":
        return "max"
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f'X must be a whole number or "max", not '
                                         f'{text!r}') from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"X must be at least 0, not {value}")
    return value


def _quick(make: Callable[[argparse.Namespace], dict[str, Any]],
           args: argparse.Namespace) -> dict[str, Any]:
    """The request quick mode's ``make`` builds from ``args``; :class:`Refused` with the error
    (an unknown card, a board that doesn't parse)."""
    try:
        return make(args)
    except (ValueError, KeyError) as e:
        raise Refused(str(e.args[0] if e.args else e)) from None


def _quick_cost(target: str) -> dict[str, Any]:
    """A cost in mana notation, or a card's name: the problem key ``card`` (its cost and what its
    payment text says, models/cards/spell_card.py)."""
    from tapwise.models.cards.board import spell_for

    return {"card": target} if spell_for(target) is not None else {"cost": target}


SPELL_OPTIONS = ("--kicker", "--cast", "--with")
"""Quick mode's choices among what a card offers: only with a card's name."""


def _quick_problem(args: argparse.Namespace) -> dict[str, Any]:
    cost = _quick_cost(args.target)
    own = _spell_facts(cost, args)  # the facts the card's own cost reads (Tolarian Terror)
    problem: dict[str, Any] = {**cost, **_quick_board(args)}
    if own:
        problem["facts"] = {**problem.get("facts", {}), **own}
    if args.x is not None:
        problem["x"] = args.x
    choices = {"kicked": args.kicker, "cast": args.cast, "with": args.with_}
    given = {k: v for k, v in choices.items() if v is not None}
    if given and "card" not in problem:
        raise Refused(f"{', '.join(SPELL_OPTIONS)} choose among what a card offers: give a "
                      f"card's name, not a cost")
    if given.get("kicked") is not None and not _times(problem):  # which kicker, 1-based
        given["kicked"] = True if given["kicked"] == 1 else [given["kicked"]]
    return {**problem, **given}


def _spell_facts(cost: dict[str, Any], args: argparse.Namespace) -> dict[str, Any]:
    """The ``--fact`` values the card's own reductions read, taken out of ``args.fact`` (the
    board reads the others, and refuses a fact no card on it reads)."""
    if "card" not in cost or not args.fact:
        return {}
    from tapwise.models.cards.board_facts import parse_fact
    from tapwise.models.cards.spell_card import facts_read

    wanted = facts_read(cost["card"])
    own = {}
    for text in list(args.fact):
        fact, value = parse_fact(text)
        if fact in wanted:
            own[fact] = value
            args.fact.remove(text)
    return own


def _times(problem: dict[str, Any]) -> bool:
    """Whether the card's kicker is paid any number of times (multikicker)."""
    from tapwise.models.cards.catalog import card_info

    return bool(card_info(problem["card"]).spell.get("kicker_times"))


def _print_error(answer: dict[str, Any]) -> int:
    print(f"tapwise: {answer['error']}", file=sys.stderr)
    return EXIT_BAD_INPUT


def cmd_pay(args: argparse.Namespace) -> int:
    if args.svg is not None and (args.jsonl or batch.wanted(args)):
        raise Refused("--svg draws one payment: not with --jsonl or a batch")
    if batch.wanted(args):
        return batch.main(args)
    if args.jsonl:
        _no_file_options(args, "--board", *BOARD_OPTIONS, "--x", *SPELL_OPTIONS, jsonl=True)
        return _jsonl(args.target)
    if args.board is not None:
        problem = _quick(_quick_problem, args)
    else:
        _no_file_options(args, *BOARD_OPTIONS, "--x", *SPELL_OPTIONS)
        problem = _load_json(args.target)
    answer = answer_request(problem)
    if answer.get("status") == "error":
        return _print_error(answer)
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
    if args.svg is not None:
        _write_svg(args.svg, answer, problem)
    paid = answer.get("status") in ("paid", "ok")
    return EXIT_PAID if paid else EXIT_NOT_PAID


def _write_svg(path: str, answer: dict[str, Any], problem: Any) -> None:
    """The picture of one payment (tapwise.svg) written to ``path``."""
    if "status" not in answer or "results" in answer or "pools" in answer or "answers" in answer:
        raise Refused("--svg draws one payment: give one problem, not a batch or another question")
    from tapwise.svg import payment

    try:
        Path(path).write_text(payment(answer, problem if isinstance(problem, dict) else None),
                              encoding="utf-8")
    except OSError as e:
        raise Refused(f"can't write {path}: {e.strerror or e}") from None


def cmd_available(args: argparse.Namespace) -> int:
    """Every maximal pool of a board: a board file (or -), or quick mode's --board text."""
    if (args.target is None) == (args.board is None):
        raise Refused("give a board file (or -), or --board \"...\"")
    if args.board is not None:
        request: Any = _quick(_quick_board, args)
    else:
        _no_file_options(args, *BOARD_OPTIONS)
        request = _load_json(args.target)
    answer = answer_request(request, "available")
    if answer.get("status") == "error":
        return _print_error(answer)
    print(json.dumps(answer, indent=2) if args.json else render_pools(answer["pools"]))
    return EXIT_PAID


def cmd_plan(args: argparse.Namespace) -> int:
    """Several costs paid one after another: a plan file (or -), or costs with --board."""
    if args.board is not None:
        if not args.targets:
            raise Refused("give the costs to pay, like tapwise plan \"{1}{W}\" \"{U}\" --board "
                          "\"...\"")
        request: Any = _quick(lambda a: {**_quick_board(a), "costs": [_quick_cost(t)
                                                                      for t in a.targets]}, args)
    elif len(args.targets) != 1:
        raise Refused("give one plan file (or -), or costs with --board \"...\"")
    else:
        _no_file_options(args, *BOARD_OPTIONS)
        request = _load_json(args.targets[0])
    if isinstance(request, dict) and args.order is not None:
        request = {**request, "order": args.order}
    answer = answer_request(request, "plan")
    if answer.get("status") == "error":
        return _print_error(answer)
    costs = request.get("costs") if isinstance(request, dict) else None
    names = args.targets if args.board is not None else None
    print(json.dumps(answer, indent=2) if args.json else render_plan(answer, costs, names))
    return EXIT_PAID if answer.get("status") == "paid" else EXIT_NOT_PAID


def cmd_serve(args: argparse.Namespace) -> int:
    """JSON lines on standard input and output, or on a loopback TCP port."""
    if args.max_bytes < 1:
        raise Refused(f"--max-bytes must be at least 1, not {args.max_bytes}")
    if args.cache_entries < 0:
        raise Refused(f"--cache-entries must be 0 or more, not {args.cache_entries}")
    if args.port is None:
        return server.serve_stdin(args.max_bytes, args.cache_entries)
    if not 0 <= args.port <= 65535:
        raise Refused(f"--port must be 0-65535 (0: any free port), not {args.port}")
    if not 0 <= args.workers <= 256:
        raise Refused(f"--workers must be 0-256 (0: solve in the server's own process), not "
                      f"{args.workers}")
    if not 1 <= args.max_connections <= 4096:
        raise Refused(f"--max-connections must be 1-4096, not {args.max_connections}")
    try:
        return server.serve_tcp(args.port, args.max_bytes, cache_entries=args.cache_entries,
                                workers=args.workers, max_connections=args.max_connections)
    except OSError as e:
        raise Refused(f"can't serve on {server.HOST}:{args.port}: {e.strerror or e}") from None


def _version() -> str:
    from tapwise import __version__

    return __version__


def build_parser() -> argparse.ArgumentParser:
    """The command line's parser: one subcommand each, easy to add options to."""
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(prog="tapwise", description="Pay Magic: The Gathering costs "
                                                                 "optimally.",
                                     epilog=EPILOG, formatter_class=formatter)
    parser.add_argument("--version", action="version", version=f"tapwise {_version()}")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("pay", help="pay a cost: a problem file (or - for stdin), or a cost with "
                                   "--board",
                       epilog=EPILOG, formatter_class=formatter)
    p.add_argument("target", help="problem JSON file, - for standard input, or a cost like "
                                  "{2}{W}{U/P} with --board")
    _board_options(p, "4 Plains, 2 Island, Sol Ring, Hallowed Fountain")
    p.add_argument("--jsonl", action="store_true", help="read one problem per line, write one "
                                                        "answer per line")
    p.add_argument("--x", type=_x_value, help='quick mode: the value of X, or "max"')
    p.add_argument("--kicker", type=int, nargs="?", const=1, metavar="N",
                   help="quick mode, a card: pay its kicker (N times for multikicker)")
    p.add_argument("--cast", metavar="NAME",
                   help="quick mode, a card: pay an alternative cost instead of its mana cost "
                        "(alternative, evoke, flashback, ...)")
    p.add_argument("--with", dest="with_", action="append", metavar="NAME",
                   help="quick mode, a card: pay an optional additional cost (buyback, entwine, "
                        "...; repeatable)")
    p.add_argument("--svg", metavar="FILE", help="also draw the payment as SVG into FILE "
                                                 "(docs/pictures.md)")
    batch.add_options(p)
    p.set_defaults(func=cmd_pay)
    a = sub.add_parser("available", help="every maximal mana pool a board can make (spec section "
                                         "7)",
                       epilog=EPILOG, formatter_class=formatter)
    a.add_argument("target", nargs="?", help="board JSON file (sources, pool, player), or - for "
                                             "standard input")
    _board_options(a, "2 Island, Watery Grave, City of Brass")
    a.set_defaults(func=cmd_available)
    pl = sub.add_parser("plan", help="pay several costs one after another from one board (spec "
                                     "section 7)",
                        epilog=EPILOG, formatter_class=formatter)
    pl.add_argument("targets", nargs="*", help="a plan JSON file (board and costs) or -, or with "
                                               "--board the costs")
    _board_options(pl, "Plains, Island, Hallowed Fountain")
    pl.add_argument("--order", choices=("given", "any"),
                    help="given: pay a prefix in the order given (the default); any: choose subset "
                         "and order")
    pl.set_defaults(func=cmd_plan)
    s = sub.add_parser("serve", help="JSON-lines server: stdin/stdout, or --port for TCP on "
                                     "127.0.0.1",
                       epilog=EPILOG, formatter_class=formatter)
    s.add_argument("--port", type=int, help="serve over TCP on 127.0.0.1:PORT (0: any free port, "
                                            "announced "
                   "on standard error) instead of standard input")
    s.add_argument("--max-bytes", type=int, default=server.MAX_REQUEST_BYTES,
                   help=f"the longest request line read (default {server.MAX_REQUEST_BYTES:,})")
    s.add_argument("--cache-entries", type=int, default=server.CACHE_ENTRIES,
                   help="empty the solver's memos once together they hold more entries than this, "
                        "so memory "
                   f"stays flat (default {server.CACHE_ENTRIES:,}; 0 empties them after every "
                   f"request)")
    s.add_argument("--workers", type=int, default=server.WORKERS,
                   help="with --port: worker processes, so that many connections' requests are "
                        "solved at once "
                   f"(default {server.WORKERS}; 0: one request at a time in the server's own "
                   f"process)")
    s.add_argument("--max-connections", type=int, default=server.MAX_CONNECTIONS,
                   help=f"with --port: connections served at once (default "
                        f"{server.MAX_CONNECTIONS}); one more "
                   "is answered with an error line and closed")
    s.set_defaults(func=cmd_serve)
    sub.add_parser("bench", help="run the benchmark suite (see tapwise bench --help)")
    return parser


def main(argv: list[str] | None = None) -> int:
    if hasattr(signal, "SIGPIPE"):  # `tapwise ... | head` ends quietly, like other tools
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "bench":
        try:
            from tapwise.benchmarks.runner import main as bench_main
        except ImportError as e:
            print(f"tapwise bench needs the bench extra (pip install 'tapwise[bench]'): {e}",
                  file=sys.stderr)
            return EXIT_BAD_INPUT
        return bench_main(argv[1:])
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except (Refused, ProblemError) as e:
        print(f"tapwise: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
    except Exception as e:  # a bug: said plainly, never a traceback
        print(f"tapwise: internal error: {type(e).__name__}: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT


if __name__ == "__main__":
    raise SystemExit(main())
