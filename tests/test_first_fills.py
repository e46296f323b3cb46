"""The plain lane's first-time fills (issue 43, fill43g) read straight, against the general steps.

A board the lane never met may bring an order of types (its layout), an add text or a symbol
group on a set of types it never met; each is read once and kept. These readings skip the
general loader and compiler, so each is compared here with what those make of the same input:
every order of types against ``compile._layout``, adds against ``load_ability``, and the
core's row of a symbol group on a set of types against the row of the compiled demand
(``templates.demand_row``), on every set of types. The answers stay the usual path's byte for
byte (tests/test_plain_lane.py compares the lanes).
"""

from __future__ import annotations

import itertools
import random

from tapwise.models.abilities import load_ability
from tapwise.models.mana import TYPES, type_mask
from tapwise.solver.front.compile import _layout
from tapwise.solver.queries import plain_lane


def _orders() -> list[str]:
    """Every order of first sight of a set of types: 1,956 of them (6 types)."""
    return ["".join(p) for n in range(1, 7) for p in itertools.permutations(TYPES, n)]


def test_every_order_of_types_is_the_general_layout():
    """The kinds, accept, spendable kinds, kind bits and kind per type of every order are
    those compile's general steps make of the order's made key (106.1b: a kind per type)."""
    for order in _orders():
        plain_lane._LAYOUTS.pop(order, None)
        kinds, accept, spendable, kind_bit, kind_of_type = plain_lane._kinds(order)
        general = _layout((), ((order, False, None),))
        want_accept, want_spendable = general.spendable(None)
        assert kinds == general.kinds, order
        # (106.1b: a kind per type made, in order of first sight, none snow or restricted)
        assert general.index == {(t, False, None, False): i for i, t in enumerate(order)}, order
        assert general.made == (kind_of_type,), order
        assert general.restricted is False, order
        # (one _Accept per spendable tuple while compile's memos hold it)
        assert accept.spendable == want_accept.spendable, order
        assert spendable == want_spendable, order
        assert kind_bit == tuple([1 << TYPES.index(t) for t in order]), order
        assert kind_of_type == general.made[0], order
        assert plain_lane._kinds(order) is plain_lane._kinds(order)  # (remembered)


_TEXTS = [f"{{{t}}}" for t in TYPES] + ["{C}{C}", "{W}{U}", "{U}{W}", "{G}{G}", "{B}{R}{C}",
                                         "{R}{R}{R}", "{C}{C}{C}{C}"]


def _adds() -> list:
    """Texts of braced type letters and lists of them (duals, tri-lands, repeats), seeded."""
    rng = random.Random(4343)
    out: list = list(_TEXTS)
    for _ in range(300):
        out.append([rng.choice(_TEXTS) for _ in range(rng.randint(1, 4))])
    return out


def test_adds_of_type_letters_read_as_the_loader_reads_them():
    """An add of braced type letters read straight: its choices (106.1b; a multiset's units
    sorted as the loader sorts them), types made and merge kind are the loaded ability's; what
    an activation may add (the count's reading) and shows (the answer's ``adds``, its units in
    WUBRGC order) are worked out here from those choices."""
    for add in _adds():
        key = add if type(add) is str else tuple(add)
        plain_lane._ADDS.pop(key, None)
        got = plain_lane._read_add(add)
        a = load_ability({"add": add}, "add")
        if sum(len(choice) > 1 for choice in a.choices) > 1:
            assert got is False, add  # two multisets: the wider path chooses
            continue
        choices, types, signature, outputs, shown, tpl, mask = got
        assert choices == a.choices, add
        assert types == a._types_made and mask == type_mask(a._types_made), add
        assert signature == a._payment_kind, add
        want_outputs: dict[str, str] = {}
        want_shown = []
        for choice in a.choices:
            units = sorted(choice, key=TYPES.index)
            text = "".join("{%s}" % t for t in units)
            if len(choice) > 1:
                want_outputs[text] = "".join(units)
            else:
                want_outputs[text] = units[0]
            want_shown.append((text, tuple([(t, t, False) for t in units])))
        assert outputs == want_outputs and list(outputs) == list(want_outputs), add
        assert shown == tuple(want_shown), add
        multi = [c for c in a.choices if len(c) > 1]
        assert tpl.multi == (None if not multi else (a.choices.index(multi[0]), tuple(
            [multi[0].count(t) for t in TYPES]), len(multi[0]))), add


def test_other_adds_are_left_to_the_loader():
    """Anything but braced upper-case type letters is the loader's to read (hybrid, lower
    case, generic, spaces, an empty list, 17 symbols): the straight reading declines."""
    for add in ["{W/U}", "{w}", "{2}", "{W} {U}", "W", "{S}", "{X}", "", "{W}{", [], ["{W}", 3],
                "{C}" * 17, ["{W}", "{2/W}"], {"any_color": 1}]:
        assert plain_lane._letters(add) is None, add
    # the loader's own reading stands for them
    assert plain_lane._read_add("{W/U}")[0] == load_ability({"add": "{W/U}"}, "add").choices
    assert plain_lane._read_add("{C}" * 17)[0] == (("C",) * 17,)
    assert plain_lane._read_add([]) is False and plain_lane._read_add("{X}") is False


# every symbol of the lane's class (106.1, 107.4): colored, {C}, generic, hybrid, colorless
# hybrid, Phyrexian, hybrid Phyrexian
_SYMBOLS = (list("WUBRGC") + ["1", "2", "7"] + [f"{a}/{b}" for a, b in
                                                itertools.combinations("WUBRG", 2)]
            + [f"C/{a}" for a in "WUBRG"] + [f"{a}/P" for a in "WUBRG"]
            + ["W/U/P", "B/G/P", "R/W/P"])


def test_a_groups_row_on_a_set_of_types_is_its_demands_row_on_every_order():
    """A symbol group's core row on a plain board (``group_row`` on every type, ``row_on`` the
    types made; kept per set of types) is the row of the group's compiled demand on that
    board's kinds (``demand_row`` of ``_Group.demand``), for every set of types, in three orders
    of each: the kinds' order changes the demand's kind sets but not the row."""
    from tapwise.models.mana import ManaCost
    from tapwise.solver.fast import core
    from tapwise.solver.fast.templates import demand_row, group_row, row_on
    from tapwise.solver.front.groups import _group
    rng = random.Random(43)
    for body in _SYMBOLS:
        (symbol,) = ManaCost.parse("{%s}" % body).symbols
        for count in (1, 3):
            g = _group(symbol, str(symbol), count, False, None)
            core._GROUP_ROWS.pop(g, None)
            for made in range(1, 64):
                types = [t for i, t in enumerate(TYPES) if made >> i & 1]
                for _ in range(3):
                    rng.shuffle(types)
                    _, accept, _, kind_bit, _ = plain_lane._kinds("".join(types))
                    want = demand_row(g.demand(accept), kind_bit)
                    assert want is not None, (body, types)
                    assert row_on(group_row(g.options, g.count), made) == want, (body, types)
                    cost = core.read_plain_cost((g,), made)  # (kept per set of types)
                    assert core.read_plain_cost((g,), made).rows == cost.rows
                    # (a generic row's mask is kept on every type: the arrays hold it masked)
                    assert cost.n_rows == 1 and cost.rows[0][1:] == want[1:], (body, types)


def test_groups_outside_the_class_have_no_row():
    """{S} (snow mana: no such kind on a plain board), {2/W} (its generic half) and {X} have no
    plain row: the lane leaves such costs to the usual path."""
    from tapwise.models.mana import ManaCost
    from tapwise.solver.fast.templates import group_row
    from tapwise.solver.front.groups import _option_keys
    for body in ("S", "2/W"):
        (symbol,) = ManaCost.parse("{%s}" % body).symbols
        assert group_row(_option_keys(symbol, False, None), 1) is None, body


def test_equal_rows_of_a_group_are_one_object():
    """``row_on`` gives one tuple per distinct row (so the rows kept per group and set of types
    leave few objects for the collector): {R}'s row is the same on every set of types making
    red, another on every set without it; the rows stay those ``row_on`` computes."""
    from tapwise.models.mana import ManaCost
    from tapwise.solver.fast.templates import group_row, row_on
    from tapwise.solver.front.groups import _option_keys
    red = 1 << TYPES.index("R")
    for body, count in (("R", 2), ("W/U", 1), ("1", 3), ("G/P", 1)):
        (symbol,) = ManaCost.parse("{%s}" % body).symbols
        full = group_row(_option_keys(symbol, False, None), count)
        seen: dict[tuple, tuple] = {}
        for made in range(1, 64):
            row = row_on(full, made)
            first = seen.setdefault(row, row)
            assert first is row, (body, made)  # equal rows: the one object
        if body == "R":
            assert len(seen) == 2  # red made or not
            assert {r[0] for r in seen} == {0, red}
