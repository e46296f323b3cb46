"""The plain lane's answer writer (issue 43): the core's solution straight to the answer dict.

``solver.answer.build.build_answer`` answers every problem (keywords, section 9, X, levels,
reductions, converters); a solution of the plain class needs a small part of it, and this writes
that part directly, from what the lane read once per add text (each choice's output as answered,
``plain_lane._add``) and once per symbol (each option's row, ``lane_cost``): the same activations
in the same order, the same payments, the same mana traced to the same sources, so the answer is
``build_answer``'s (then ``group_answer``'s), byte for byte (tests/test_plain_lane.py compares
them on thousands of problems). The payments are build's own demand loop (``pay_demands``); the
pool is the lane's own :class:`LanePool` (typed in lane_answer.pxd), which writes each payment's
mana as ``group_answer`` would group it, so the answer needs no grouping pass.
"""

from __future__ import annotations

from typing import Any

from tapwise.solver.answer.build import _replay_plain, colors_of, pay_demands
from tapwise.solver.answer.pool import _BRACED, ManaPool, _group_payments
from tapwise.solver.answer.order import in_order
from tapwise.solver.answer.size import LIST_MAX, group_long_payments, left_over_fields
from tapwise.solver.contract import Compiled, Solution

_ALL = 2**62  # take every unit the flows name (build._ALL)
_NONE: dict[int, int] = {}


class LanePool(ManaPool):
    """:class:`ManaPool` for the lane's boards (a kind per type, at most six, no pool mana): per
    kind its runs in one list (source, units, source, units, ...), how far it is taken and what
    is left as C integers, where build's pool keeps a dict per run. A payment's mana is written
    grouped as ``pool.group_mana`` groups it (consecutive mana of one type and source as one
    entry with its ``count``): the same entries, without a dict per piece of a run."""

    def __init__(self) -> None:
        self._start()

    def _start(self) -> None:
        self.runs = [None] * 6  # per kind: its runs, [source, units, source, units, ...]
        self.types = [None] * 6  # per kind: its type, as answered
        self.order = []  # the kinds in the order of their first mana (build's queues' order)
        self.at = [0] * 6  # per kind: the run taken next (its place in ``runs``)
        self.off = [0] * 6  # and the units taken of it
        self.left_of = [0] * 6  # per kind: the units not taken

    def add_units(self, units: tuple, kind_of_type: dict[str, int], source: str,
                  times: int) -> None:
        """``pool._add_runs``: a run per unit of ``units`` (``pool._output``'s: type made,
        type as answered, an extra's?) that ``times`` activations of ``source`` made."""
        for unit in units:
            self._add(kind_of_type[unit[0]], unit[1], source, times)

    def _add(self, k: int, t: str, source: str, times: int) -> None:
        runs = self.runs[k]
        if runs is None:
            self.runs[k] = [source, times]
            self.types[k] = t
            self.order.append(k)
        else:
            runs.append(source)
            runs.append(times)
        self.left_of[k] += times

    def read_queues(self) -> None:
        """The runs build's replay put in :attr:`queues` (one dict per run), read as ours."""
        for k, queue in self.queues.items():
            for run in queue:
                self._add(k, run["type"], run["source"], run.get("count", 1))
        self.queues = None

    def take(self, flows: dict[int, int], n: int, spent: set[str] | None = None) -> list[dict[str, Any]]:
        """:meth:`ManaPool.take`, its mana grouped."""
        return self._take(flows, n, 1, spent)[0]

    def take_each(self, flows: dict[int, int], units: int, n: int,
                  spent: set[str] | None = None) -> list[list[dict[str, Any]]]:
        """:meth:`ManaPool.take_each`, each payment's mana grouped."""
        return self._take(flows, units, n, spent)

    def _take(self, flows: dict[int, int], units: int, n: int,
              spent: set[str] | None) -> list[list[dict[str, Any]]]:
        """Up to ``units * n`` mana following ``flows`` (kinds in index order, each queue in
        order), cut into ``n`` parts of ``units`` (the last takes whatever is left), each part's
        mana grouped: ``split_runs(take(...))`` then ``group_mana`` of each part."""
        part: list[dict[str, Any]] = []
        parts = [part]
        room = units if n > 1 else _ALL
        left = units * n if units < _ALL else _ALL
        last: dict[str, Any] | None = None  # the part's last entry, and its kind and size
        last_k = -1
        last_n = 0
        found = 0
        n_flows = len(flows)
        for k in range(6):  # (in index order, without sorting the keys)
            if found == n_flows:
                break
            got_k = flows.get(k)
            if got_k is None:
                continue
            found += 1
            want = got_k
            if want > left:
                want = left
            if want <= 0:
                continue
            left -= want
            t = self.types[k]
            if spent is not None:
                spent.add(t)
            runs = self.runs[k]
            i = self.at[k]
            off = self.off[k]
            self.left_of[k] -= want
            while want:
                source = runs[i]
                got = runs[i + 1] - off  # the run's units not taken
                if got > want:
                    got = want
                    off += want
                else:
                    i += 2
                    off = 0
                want -= got
                while got:
                    if not room:  # the next part (the last one takes whatever is left)
                        part = []
                        parts.append(part)
                        room = units if len(parts) < n else _ALL
                        last = None
                    m = got if got < room else room
                    got -= m
                    room -= m
                    if last is not None and last_k == k and last["source"] == source:
                        last_n += m
                        last["count"] = last_n
                    else:
                        last = ({"type": t, "source": source} if m == 1
                                else {"type": t, "source": source, "count": m})
                        last_k = k
                        last_n = m
                        part.append(last)
            self.at[k] = i
            self.off[k] = off
        if found != n_flows:
            raise ValueError(f"flows {flows} name a kind the lane's pool has not")
        while len(parts) < n:
            parts.append([])
        return parts

    def left_counts(self) -> dict[str, int]:
        """The mana left per type."""
        out: dict[str, int] = {}
        for k in self.order:
            if self.left_of[k]:
                out[self.types[k]] = self.left_of[k]
        return out

    def left(self) -> list[str]:
        """The mana left, one text per mana, kinds in the order first made (build's)."""
        out: list[str] = []
        for k in self.order:
            if self.left_of[k]:
                out += [_BRACED[self.types[k]]] * self.left_of[k]
        return out


# the numbered generic symbols most costs have, printed once
_GENERIC = tuple(["{%d}" % n for n in range(64)])


def write(c: Compiled, sol: Solution, taps: list[Any], rows: tuple, total: str) -> dict[str, Any]:
    """The answer of the paid solution ``sol`` of the lane's compiled problem ``c`` (its
    producers ``taps``; ``rows`` per demand and option, ``lane_cost``'s; ``total`` the total
    cost as printed)."""
    pool = LanePool.__new__(LanePool)  # (no __init__: compiled, no call of the type)
    pool._start()
    activations = _replay(taps, sol, pool)
    if activations is None:  # a flexible unit ({W/U} as one unit): build's replay splits it
        pool = LanePool()
        pool.queues = {}
        activations = _replay_plain(c, sol, pool)[0]
        pool.read_queues()
    payments: list[dict[str, Any]] = []
    halves: list[str] = []
    spent: set[str] = set()
    # in demand order, each demand's options in order (build's own loop; no {2/W} here)
    phyrexian = pay_demands(rows, sol.cost_pay, pool, payments, halves, spent, [])
    generic_pay = sol.generic_pay
    if generic_pay:
        numbered = pool.take(generic_pay.get("any", _NONE), _ALL, spent)
        if numbered:
            units = 0
            for m in numbered:
                units += m.get("count", 1)
            payments.insert(0, {"symbol": _GENERIC[units] if units < 64 else "{%d}" % units,
                                "mana": numbered})
    if len(payments) > LIST_MAX:  # (group_answer's last step; the mana is grouped already)
        payments = group_long_payments(payments, _group_payments)
    colors = colors_of(spent)
    objective = sol.objective
    return {
        "status": "paid",
        "optimal": sol.optimal,
        "x": sol.x,
        "total_cost": total,
        "announce": {"hybrid": halves, "phyrexian_life": phyrexian},
        "activations": activations,
        "payments": payments,
        "life_paid": 2 * phyrexian,
        "damage": 0,
        "energy_paid": 0,
        "sources_used": sol.objective["min_sources"],
        "sacrificed": 0,
        "colors_spent": colors,
        "counters": None,
        **left_over_fields(pool.left_counts(), pool.left),
        "objective": objective.copy(),
    }


def _replay(taps: list[Any], sol: Solution, pool: LanePool) -> list[dict[str, Any]] | None:
    """``build._replay_plain`` for activations of choices making fixed mana, each output once per
    producer: one entry per key in the keys' order (producer, level 0, choice), the mana each
    made put in the pool. None otherwise (a flexible unit split, two choices making the same),
    and build's replay answers."""
    if sol.splits:
        return None
    acts = sol.acts
    activations: list[dict[str, Any]] = []
    last = -1
    first = 0  # the last producer's first entry
    for key in in_order(acts):
        times = acts[key]
        if not times:
            continue
        pi = key[0]
        p = taps[pi]
        shown = p.shown[key[2]]
        if shown is None:  # a flexible unit: build's replay says what it made
            return None
        adds = shown[0]
        if pi != last:
            last = pi
            first = len(activations)
        else:
            for j in range(first, len(activations)):
                if activations[j]["adds"] == adds:  # two choices making the same: build's
                    return None  # replay merges them
        sid = p.id
        activations.append({"source": sid, "ability": 0, "adds": adds, "times": times})
        pool.add_units(shown[1], p.kind_of_type, sid, times)
    return activations
