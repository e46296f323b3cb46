"""The shortcuts a cost met for the first time takes (issue 22) agree with the plain definitions:
the split parse with the tokenizer, colors and {X} read off the text with the symbols' own,
the one-pass usual total cost with the generic one, the canonical order with a sort by
``Symbol.sort_key``, and symbol groups are shared between costs."""

from __future__ import annotations

import random

from tapwise.models.mana import COLORS, KIND_GENERIC, KIND_X, ManaCost, Symbol, _iter_symbols
from tapwise.models.loader import load_problem
from tapwise.models.total_cost import OWN, Term, TotalCost, total_costs
from tapwise.solver.front.compile import compile_problem

BODIES = ["W", "U", "B", "R", "G", "C", "X", "S", "E", "0", "1", "3", "12", "W/U", "u/b", "G/W", "2/W", "C/G", "W/P",
          "G/U/P", "r", "x", "s"]


def random_costs(n: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    return ["".join("{%s}" % rng.choice(BODIES) for _ in range(rng.randint(0, 9))) for _ in range(n)]


def test_split_parse_matches_the_tokenizer_and_the_symbols_colors():
    for text in random_costs(2000, 1):
        cost = ManaCost.parse(text)
        assert cost.symbols == tuple(_iter_symbols(text)), text
        present = {c for s in cost.symbols if s.kind not in (KIND_GENERIC, KIND_X) for c in s.colors}
        assert cost.colors == "".join(c for c in COLORS if c in present), text
        assert cost.has_x == any(s.kind is KIND_X for s in cost.symbols), text
        plain = ManaCost(cost.symbols)  # made by __init__: its cached properties worked out from the symbols
        assert (plain.colors, plain.has_x, str(plain), hash(plain)) == (cost.colors, cost.has_x, str(cost), hash(cost))


def test_canonical_is_a_sort_by_sort_key():
    for text in random_costs(1000, 2):
        cost = ManaCost.parse(text)
        generic = [s for s in cost.symbols if s.kind is KIND_GENERIC]
        rest = sorted((s for s in cost.symbols if s.kind is not KIND_GENERIC), key=lambda s: s.sort_key)
        total = sum(s.amount for s in generic)
        mid = [Symbol(KIND_GENERIC, "", total)] if total or (generic and not rest) else []
        want = [s for s in rest if s.kind is KIND_X] + mid + [s for s in rest if s.kind is not KIND_X]
        assert cost.canonical().symbols == tuple(want), text


def test_usual_total_cost_matches_the_generic_one():
    for i, text in enumerate(random_costs(1000, 3)):
        life = i % 3
        (tc,) = total_costs(load_problem({"cost": text, "life_cost": life}))
        cost = ManaCost.parse(text)
        plain = TotalCost(tuple(Term(s, OWN) for s in cost.symbols if not (s.kind is KIND_GENERIC and s.amount == 0)),
                          "cost", 0, life)
        assert tc == plain, text
        assert (tc.energy, tc.x_symbols, tc.generic, tc.symbol_counts) == (
            plain.energy, plain.x_symbols, plain.generic, plain.symbol_counts), text
        for removed in (0, 1):
            generic = plain.generic - removed
            symbols = ([Symbol(KIND_GENERIC, "", generic)] if generic > 0 else []) + [
                t.symbol for t in plain.terms if t.symbol.kind is not KIND_GENERIC]
            want = ManaCost(tuple(symbols)).canonical()
            assert str(tc.concrete(removed)) == str(want if want.symbols else ManaCost.parse("{0}")), text
            assert tc.printed(removed) == str(tc.concrete(removed)), text


def test_printed_total_costs_with_reductions_increases_and_alternatives_are_their_concrete_costs():
    """TotalCost.printed (what answers print) is str(concrete()) for every total cost a problem
    may have: reductions (which rewrite hybrids and leave Phyrexian life), increases,
    additional and alternative costs, {X}, {E}, {C/W} and {2/W} in any order."""
    rng = random.Random(4)
    compared = 0
    for text in random_costs(600, 5):
        problem: dict = {"cost": text}
        if rng.random() < 0.4:
            problem["reduce"] = rng.choice(["{1}", "{W}", "{U/B}", "{2}", "{G}{G}", "{C}", "{S}"])
        if rng.random() < 0.3:
            problem["increase"] = rng.choice(["{1}", "{2}{R}", "{W/P}"])
        if rng.random() < 0.2:
            problem["additional"] = [rng.choice(["{B}", "{1}{U}", "{X}"])]
        if rng.random() < 0.2:
            problem["alternative"] = rng.choice(["{0}", "{R}{R}", "{2}{U/P}"])
        try:
            totals = total_costs(load_problem(problem))
        except Exception:  # noqa: BLE001 - a combination the rules refuse ({X} as a reduction): not printed
            continue
        for tc in totals:
            for removed in range(0, tc.generic + 1):
                assert tc.printed(removed) == str(tc.concrete(removed)), (problem, removed)
                compared += 1
    assert compared > 600


def test_symbol_groups_are_shared_between_costs():
    board = {"sources": [{"id": "plains", "types": ["land"], "abilities": [{"add": "{W}"}], "count": 3},
                         {"id": "island", "types": ["land"], "abilities": [{"add": "{U}"}], "count": 3}]}
    one = compile_problem(load_problem({**board, "cost": "{1}{W}{W}{W/U}"}))
    two = compile_problem(load_problem({**board, "cost": "{W/U}{U}{W}{W}"}))
    (d1,), (d2,) = one.variants, two.variants
    by_text = {d.text: d for d in d1.demands}
    shared = [d for d in d2.demands if by_text.get(d.text) is d]
    assert sorted(d.text for d in shared) == ["{W/U}", "{W}"]  # the same Demand objects: found again
