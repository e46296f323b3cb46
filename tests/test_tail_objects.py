"""What a never-met engine board leaves behind (issue 43's p99: the collector's generation-0
passes fall in the calls that fill memos, one every ~700 objects kept).

The plain lane's memos keep one object per value where values recur (accept sets, option keys,
spendable entries), a cost's reading per layout as one object, no closure cycle for the
collector alone to free, and answers unchanged (tests/test_plain_lane.py compares the lanes).
The expected values are worked from the rules (106.1b, 107.4) or read from the loader.
"""

from __future__ import annotations

import gc

from tapwise.models.mana import ManaCost
from tapwise.models.total_cost import total_costs
from tapwise.models.loader import load_problem
from tapwise.solver.fast import core
from tapwise.solver.front import groups
from tapwise.solver.queries import lane_cost, plain_lane

BOARD = [{"id": "W|U", "count": 2, "abilities": [{"add": ["{W}", "{U}"]}]},
         {"id": "G", "count": 3, "abilities": [{"add": "{G}"}]}]


def test_accepts_share_a_set_of_kinds_by_value():
    """Two layouts whose white is kind 0 (106.1b: a kind per type made, in order of first sight)
    give {W} the same set of kinds, {0}: one object, whatever the accepts that have it."""
    _, wu, _, _, _ = plain_lane._kinds("WU")
    _, wg, _, _, _ = plain_lane._kinds("WGB")
    key = ("W", False, False)  # (types, snow only, generic only)
    a, b = wu.kinds(*key), wg.kinds(*key)
    assert a == b == frozenset({0})
    assert a is b
    assert wu.kinds("G") == frozenset() and wg.kinds("G") == frozenset({1})


def test_a_hybrid_group_leaves_no_cycle_for_the_collector():
    """A new group of a hybrid symbol spent as though any color (118.14's spend_as) is read
    with no closure: nothing is left that only the collector frees."""
    (symbol,) = ManaCost.parse("{W/U}").symbols
    enabled = gc.isenabled()
    gc.disable()
    try:
        gc.collect()
        keys = groups._option_keys(symbol, False, "any_color")
        assert gc.collect() == 0
    finally:
        if enabled:
            gc.enable()
    # 107.4e: one of two colors; spent as though of any color, any mana may pay it
    assert [(k[0], k[1], k[5]) for k in keys] == [(1, "WUBRGC", "W"), (1, "WUBRGC", "U")]


def test_a_kept_text_keeps_one_reading_per_layout():
    """A text kept (read twice) keeps the core's reading of it on a layout as one object,
    tagged with that layout's accept, and found again; its demands are made only when asked
    (an infeasible cost's explanation), the compiled variant's."""
    from tapwise.solver.front.compile import compile_problem

    text = "{1}{W}{W}{G/U}"
    lane_cost._READ.pop(text, None)
    lane_cost._ONCE.discard(text)
    lane_cost.read(text)
    lc = lane_cost.read(text)
    assert lane_cost._READ[text] is lc and lc._bodies == text  # (its text, not a list)
    _, accept, _, kind_bit, _ = plain_lane._kinds("WUG")
    cost = lane_cost.read_on(lc, accept, kind_bit)
    assert cost.tag is accept and lc._first is cost
    assert lane_cost.read_on(lc, accept, kind_bit) is cost
    _, other, _, other_bits, _ = plain_lane._kinds("GWU")
    again = lane_cost.read_on(lc, other, other_bits)
    assert again is not cost and again.tag is other and lc._first is cost
    assert lane_cost.read_on(lc, other, other_bits) is again
    problem = {"cost": text, "sources": BOARD}
    compiled = compile_problem(load_problem(problem))
    assert lane_cost.demands_on(lc, accept) == compiled.variants[0].demands
    (total,) = total_costs(load_problem(problem))
    assert lc.total == total and lc.cost == ManaCost.parse(text)


def test_a_generic_group_keeps_no_row_per_set_of_types():
    """{3} is paid by mana of any type (107.4b): its row on a board is its row on every type
    masked by the types made, so the core keeps no list of rows per set of types for it."""
    (symbol,) = ManaCost.parse("{3}").symbols
    g = groups._group(symbol, "{3}", 1, False, None)
    core._GROUP_ROWS.pop(g, None)
    cost = core.read_plain_cost((g,), 0b000101)  # (white and black made: WUBRGC bits)
    full = core._GROUP_ROWS[g]  # (its row on every type: no list)
    assert type(full) is tuple and full[1] == 3
    assert cost.n_rows == 1 and cost.rows[0] is full
    (w,) = ManaCost.parse("{W}").symbols
    gw = groups._group(w, "{W}", 2, False, None)
    core._GROUP_ROWS.pop(gw, None)
    core.read_plain_cost((gw,), 0b000001)
    per = core._GROUP_ROWS[gw]  # (a colored group's rows per set of types, its full row last)
    assert len(per) == 65 and per[0b000001] is not None and per[64][1] == 2
