"""The plain lane's cost reader (solver/queries/lane_cost.py, issue 43) against the usual path.

The reader tallies a never-met text's symbols (shared entries, one per printed symbol) in its
own arrays and makes the lane's cost from per-(symbol, count) pieces; the usual path reads the
same text with the loader (``load_problem``, ``total_costs``) and compiles it
(``compile_problem``). Both
must give the same thing, field by field, on thousands of random texts of the class (every
symbol body, spelled in upper and lower case, hybrids in both orders, repeated and
interleaved, with spaces and in the short form) and say None on texts just outside it; a
text's groups, demands and the core's rows must be those of the compiled variant on boards of
several layouts. The expected values come from the loader and the compiler, which share no code
with the reader's tally, or are worked from the symbols' texts (107.4).
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tapwise.models.loader import load_problem
from tapwise.models.total_cost import total_costs
from tapwise.solver.answer.build import _rows
from tapwise.solver.fast import core
from tapwise.solver.front.compile import compile_problem
from tapwise.solver.queries import lane_cost, plain_lane

COMMON = dict(derandomize=True, deadline=None, database=None, print_blob=False,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

COLORS = "WUBRG"
# every body of the class (106.1, 107.4): colored, {C}, generic, hybrid in both orders,
# colorless hybrid in both orders, Phyrexian in both orders, hybrid Phyrexian, lower case
BODIES = (list(COLORS) + ["C", "1", "2", "3", "7", "10", "16", "02"]
          + [f"{a}/{b}" for a in COLORS for b in COLORS if a != b]
          + [f"C/{a}" for a in COLORS] + [f"{a}/C" for a in "WG"]
          + [f"{a}/P" for a in COLORS] + ["P/W", "P/G"]
          + [f"{a}/{b}/P" for a in COLORS for b in COLORS if a != b] + ["W/P/U"]
          + ["w", "u/g", "g/w/p", "c/r", "r/p", "b"])
# bodies just outside the class: X, snow, {2/W}, energy, {0}, and what is no symbol
OUTSIDE = ["X", "S", "2/W", "E", "0", "W/W", "Q", "W/U/B", "P", ""]
# boards of several layouts (the order the types are first made decides the board's kinds)
BOARDS = [
    [{"id": "a", "count": 3, "abilities": [{"add": ["{W}", "{U}", "{C}"]}]},
     {"id": "b", "abilities": [{"add": "{G}{B}"}]}],
    [{"id": "r", "count": 2, "abilities": [{"add": "{R}"}]},
     {"id": "all", "count": 4, "abilities": [{"add": [f"{{{t}}}" for t in "GBURWC"]}]}],
    [{"id": "c", "count": 2, "abilities": [{"add": "{C}{C}"}]},
     {"id": "ug", "abilities": [{"add": ["{U}", "{G}"]}]}],
]


def text_of(bodies: list[str], spaced: bool) -> str:
    return (" " if spaced else "").join("{%s}" % b for b in bodies)


def expected_reading(bodies: list[str]) -> dict[str, list[Any]]:
    """The count's reading worked from the symbols' texts (107.4): per non-generic symbol, in
    canonical spelling, how many, the types that may pay it and whether 2 life may."""
    out: dict[str, list[Any]] = {}
    for body in bodies:
        if body.isdigit():
            continue
        parts = sorted(body.upper().split("/"), key="WUBRGCP".index)
        key = "/".join(parts)
        n = out.get(key, [0])[0]
        out[key] = [n + 1, {p for p in parts if p != "P"}, parts[-1] == "P"]
    return out


def check_read(text: str, bodies: list[str] | None, board: list[dict[str, Any]]) -> None:
    """``lane_cost.read`` of a never-met ``text`` against the loader's and the compiler's
    reading of it on ``board``, field by field."""
    lane_cost._READ.pop(text, None)  # (never met: read afresh)
    got = lane_cost.read(text)
    problem = load_problem({"cost": text, "sources": board})
    (total,) = total_costs(problem)
    # the cost, the total cost (its terms, fields, generic and counts) and its printed text
    assert got.cost == problem.cost, text
    assert got.total == total, text
    assert got.total.terms == total.terms, text
    assert got.total.printed(0) == total.printed(0), text
    assert got.total.symbol_counts == total.symbol_counts, text
    assert got.total.generic == total.generic == got.generic, text
    for field in ("variant", "generic_reduction", "life", "x_forced_zero", "energy",
                  "x_symbols"):
        assert getattr(got.total, field) == getattr(total, field), (field, text)
    if bodies is not None:
        reading = {"/".join(sorted(k.strip("{}").split("/"), key="WUBRGCP".index)):
                   [n, set(types), life] for k, (n, types, life) in got.symbols.items()}
        assert reading == expected_reading(bodies), text
    # the groups, their demands on this board and the core's rows: the compiled variant's
    compiled = compile_problem(problem)
    (variant,) = compiled.variants
    plain = plain_lane._read({"cost": text, "sources": board})
    assert plain is not None, text
    _, order, _, _ = plain
    kinds, accept, _, kind_bit, _ = plain_lane._kinds(order)
    assert list(kinds) == list(compiled.kinds), text
    assert [(g.text, g.count) for g in got.groups] == [(d.text, d.count)
                                                      for d in variant.demands], text
    rows = lane_cost.read_on(got, accept, kind_bit)
    demands = lane_cost.demands_on(got, accept)
    assert demands == variant.demands, text
    assert lane_cost.read_on(got, accept, kind_bit) is rows, text  # (remembered)
    assert got.rows == _rows(variant), text
    assert lane_cost.variant(got, accept, demands) == variant, text
    expected = core._read_cost(variant, core._read_board(compiled))
    for field in ("n_rows", "x_row", "free", "x_symbols", "phyrexian"):
        assert getattr(rows, field) == getattr(expected, field), (field, text)
    # the rows the answer reads: all but a row's mask (a generic row keeps its mask on
    # every type; the arrays hold it masked by the types made)
    assert [r[1:] for r in rows.rows] == [r[1:] for r in expected.rows], text


def test_thousands_of_random_texts_read_as_the_loader_reads_them():
    """2,000 never-met texts of 1-14 symbols of a few bodies each, symbols repeated and
    interleaved: the cost, total cost, printed total, counts and the count's reading against
    the loader's (the compile is compared on every tenth, on a board of one of three
    layouts)."""
    rng = random.Random(43)
    for i in range(2000):
        picked = rng.sample(BODIES, rng.randint(1, 5))
        bodies = [rng.choice(picked) for _ in range(rng.randint(1, 14))]
        text = text_of(bodies, spaced=i % 7 == 0)
        if i % 10 == 0:
            check_read(text, bodies, BOARDS[i % 3])
            continue
        lane_cost._READ.pop(text, None)
        got = lane_cost.read(text)
        problem = load_problem({"cost": text, "sources": BOARDS[0]})
        (total,) = total_costs(problem)
        assert got.cost == problem.cost and got.total == total, text
        assert got.total.printed(0) == total.printed(0), text
        assert got.total.symbol_counts == total.symbol_counts, text
        assert got.generic == total.generic, text


@settings(max_examples=100, **COMMON)
@given(st.lists(st.sampled_from(BODIES), min_size=1, max_size=12), st.booleans(),
       st.integers(0, len(BOARDS) - 1))
def test_hypothesis_texts_read_and_compile_as_the_usual_path(bodies, spaced, board):
    check_read(text_of(bodies, spaced), bodies, BOARDS[board])


def test_one_text_on_boards_of_several_layouts():
    """read_on keeps the first layout in the cost and the others beside it: each layout's
    demands and rows are that layout's compiled variant's, asked in any order, again."""
    text = "{2}{W}{U/G}{W}{G/P}{C}"
    lane_cost._READ.pop(text, None)
    for board in BOARDS + BOARDS[::-1]:
        check_read(text, None, board)
        got = lane_cost.read(text)
        for again in BOARDS:
            plain = plain_lane._read({"cost": text, "sources": again})
            _, accept, _, kind_bit, _ = plain_lane._kinds(plain[1])
            compiled = compile_problem(load_problem({"cost": text, "sources": again}))
            assert lane_cost.demands_on(got, accept) == compiled.variants[0].demands
            assert lane_cost.read_on(got, accept, kind_bit).tag is accept


def test_spellings_of_one_symbol_are_one_group():
    """``{U/W}``, ``{W/U}`` and ``{w/u}`` are one symbol (107.4a): one group of three, as
    compiling groups them; its text the canonical one."""
    text = "{U/W}{W/U}{G}{w/u}{g}"
    check_read(text, ["U/W", "W/U", "G", "w/u", "g"], BOARDS[0])
    got = lane_cost.read(text)
    assert [(g.text, g.count) for g in got.groups] == [("{W/U}", 3), ("{G}", 2)]
    assert got.symbols == {"{W/U}": [3, "WU", False], "{G}": [2, "G", False]}
    assert got.total.printed(0) == "{G}{G}{W/U}{W/U}{W/U}"


def test_texts_outside_the_class_are_none_and_leave_no_tally():
    """A text with a symbol outside the class (X, {S}, {2/W}, {E}, {0}) or no cost at all is
    None, wherever the symbol stands; the symbols read before it are counted again from
    nothing in the next text."""
    rng = random.Random(4)
    for i in range(300):
        bodies = [rng.choice(BODIES) for _ in range(rng.randint(0, 5))]
        bodies.insert(rng.randint(0, len(bodies)), rng.choice(OUTSIDE))
        text = text_of(bodies, spaced=i % 5 == 0)
        lane_cost._READ.pop(text, None)
        assert lane_cost.read(text) is None, text
        check_read("{W}{W}{U/G}{2}", ["W", "W", "U/G", "2"], BOARDS[0])
    for text in ("{", "}", "{W}{", "W}", "{W}}", "{{W}}", "{W}x", "Q", "{1}{W} {X}"):
        assert lane_cost.read(text) is None, text


def test_short_form_and_spaces_read_as_the_loader_reads_them():
    """The short form (``2WU``) and spaced texts go to the loader's parser whole, then are
    tallied as braced ones are."""
    for text in ("2WU", "WWG", "3", "1W1", "{2} {W}", "{w} {W}{2}", "CCU", "12G"):
        check_read(text, None, BOARDS[1])


def test_symbols_met_after_the_memo_is_emptied():
    """More symbols than the symbol memo holds (generic amounts 1-700): it is emptied between
    reads, never within one, so a text read after it still has one group per symbol."""
    for amount in range(1, 701):
        lane_cost._READ.pop("{%d}{W}" % amount, None)
        got = lane_cost.read("{%d}{W}" % amount)
        assert [(g.text, g.count) for g in got.groups] == [("{%d}" % amount, 1), ("{W}", 1)]
    check_read("{W}{w}{700}{699}{W}{1}", ["W", "w", "700", "699", "W", "1"], BOARDS[0])


def _in_four_threads(work, texts: list[str]) -> None:
    """``work`` on four interleaved quarters of ``texts`` at once, the interpreter switching
    threads as often as it can (so that reads overlap)."""
    import sys
    import threading

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=work, args=(texts[i::4],)) for i in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(interval)


def test_threads_reading_never_met_texts_at_once():
    """Four threads reading never-met texts at once, the interpreter switching threads as often
    as it may: each text read as the loader reads it, its groups those of its symbols in order
    of first sight (a read writes nothing shared: no lock)."""

    rng = random.Random(11)
    texts = sorted({text_of([rng.choice(BODIES) for _ in range(rng.randint(1, 12))], False)
                    for _ in range(1000)})
    expected = {}
    for text in texts:
        (total,) = total_costs(load_problem({"cost": text, "sources": BOARDS[0]}))
        grouped: dict[str, int] = {}
        for term in total.terms:
            grouped[str(term.symbol)] = grouped.get(str(term.symbol), 0) + 1
        expected[text] = (total, list(grouped.items()))
        lane_cost._READ.pop(text, None)
    wrong = []

    def work(part: list[str]) -> None:
        for text in part:
            got = lane_cost.read(text)
            total, groups = expected[text]
            if (got.total != total or got.total.printed(0) != total.printed(0)
                    or [(g.text, g.count) for g in got.groups] != groups):
                wrong.append(text)

    _in_four_threads(work, texts)
    assert not wrong, wrong[:5]


def test_threads_reading_while_the_symbol_memo_is_emptied():
    """Four threads reading never-met texts whose generic amounts (1-3000) fill the symbol memo
    again and again, so that it is emptied while other threads are mid-read: a read that meets
    a symbol's entry from before the emptying and one made after (``{W}`` then ``{w}``) still
    makes one group of it, in order of first sight, and the count's reading and printed total
    are the loader's."""

    rng = random.Random(4317)
    texts = []
    for _ in range(1500):
        bodies = [rng.choice(["W", "w", "U/G", "g/u", "R/P", str(rng.randint(1, 3000))])
                  for _ in range(rng.randint(2, 9))]
        texts.append(text_of(bodies, False))
    texts = sorted(set(texts))
    expected = {}
    for text in texts:
        (total,) = total_costs(load_problem({"cost": text, "sources": BOARDS[0]}))
        grouped: dict[str, int] = {}
        for term in total.terms:  # (compile's groups: one per printed symbol, first sight)
            grouped[str(term.symbol)] = grouped.get(str(term.symbol), 0) + 1
        expected[text] = (total.printed(0), list(grouped.items()),
                          {k: n for k, n in grouped.items() if not k.strip("{}").isdigit()})
        lane_cost._READ.pop(text, None)
    wrong = []

    def work(part: list[str]) -> None:
        for text in part:
            got = lane_cost.read(text)
            printed, groups, counts = expected[text]
            if (got.printed != printed or [(g.text, g.count) for g in got.groups] != groups
                    or {k: v[0] for k, v in got.symbols.items()} != counts):
                wrong.append(text)

    _in_four_threads(work, texts)
    assert not wrong, wrong[:5]


def test_a_paid_answer_makes_no_total_cost_an_infeasible_one_makes_it_once():
    """The lane's paid answer prints the read's total (no ``ManaCost`` or ``TotalCost`` made:
    fewer objects kept per never-met text); explaining an infeasible cost makes its
    ``TotalCost`` once, the loader's; both answers are the usual path's. The cost and total
    made after the reader's memos were emptied are still the loader's (made from the text's
    own bodies)."""
    from test_plain_lane import check_in_class

    board = [{"id": "W|U", "count": 3, "abilities": [{"add": ["{W}", "{U}"]}]},
             {"id": "G", "count": 2, "abilities": [{"add": "{G}"}]}]
    for text, status in (("{1}{w}{G}{W/U}", "paid"), ("{U}{G}{G}{G}{W/P}", "infeasible"),
                         ("{2}{G/U/P}{u/w}", "paid"), ("{R}{W}", "infeasible")):
        lane_cost._READ.pop(text, None)
        got = check_in_class({"cost": text, "sources": board})
        assert got["status"] == status, text
        lc = lane_cost.read(text)
        assert lc._cost is None, text  # (nothing read the ManaCost)
        problem = load_problem({"cost": text, "sources": board})
        (total,) = total_costs(problem)
        if status == "paid":
            assert lc._total is None and got["total_cost"] == lc.printed == total.printed(0)
        else:
            made = lc._total
            assert made == total and made.printed(0) == total.printed(0), text
            plain_lane.answer({"cost": text, "sources": board})
            assert lc._total is made, text  # (made once)
        lane_cost._SYMS.clear()
        lane_cost._BODIES.clear()
        assert lc.cost == problem.cost and lc.total == total, text
        assert lc.total.symbol_counts == total.symbol_counts, text


def test_a_text_of_more_groups_than_the_read_tallies_goes_the_usual_way():
    """64 distinct printed symbols are read (the read's arrays); 65 (only texts of many
    generic numbers have so many) go to the usual path, which answers them: the same answer
    as ever, the generic merged in the printed total (601.2f)."""
    from test_plain_lane import check_in_class

    board = [{"id": "all", "count": 60, "abilities": [{"add": ["{W}", "{U}", "{C}"]}]}]
    text = "{W}" + "".join("{%d}" % a for a in range(1, 64))
    lane_cost._READ.pop(text, None)
    got = lane_cost.read(text)
    assert len(got.groups) == 64 and got.generic == 63 * 64 // 2 and got.printed == "{2016}{W}"
    (total,) = total_costs(load_problem({"cost": text, "sources": BOARDS[0]}))
    assert got.total == total and total.printed(0) == "{2016}{W}"
    assert [(g.text, g.count) for g in got.groups] == [(str(t.symbol), 1) for t in total.terms]
    text += "{64}"
    lane_cost._READ.pop(text, None)
    assert lane_cost.read(text) is None
    answer = check_in_class({"cost": text, "sources": board}, must=False)
    assert answer is None


def test_a_text_is_kept_from_its_second_read():
    """A text read once leaves only its text noted (``_ONCE``: strings, which the collector
    doesn't count) and no reading kept; read again, it is kept (``_READ``), and both readings
    are the loader's. So a one-off question leaves no objects behind (issue 43's never-met
    boards: the collector's passes in their calls)."""
    text = "{4}{W}{U/P}{W}{B/G}"
    lane_cost._READ.pop(text, None)
    lane_cost._ONCE.discard(text)
    first = lane_cost.read(text)
    assert text not in lane_cost._READ and text in lane_cost._ONCE
    second = lane_cost.read(text)
    assert lane_cost._READ[text] is second is lane_cost.read(text)
    assert second is not first
    (total,) = total_costs(load_problem({"cost": text, "sources": BOARDS[0]}))
    for got in (first, second):
        assert got.printed == total.printed(0) and got.total == total
        assert [(g.text, g.count) for g in got.groups] == [  # (in order of first sight)
            ("{4}", 1), ("{W}", 2), ("{U/P}", 1), ("{B/G}", 1)]
