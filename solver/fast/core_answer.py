"""The compiled core's answer (issue 22; its own module since issue 43): the flow of the best
choice of multi activations (``solver.fast.core._search_in``) made into a :class:`Solution`.

:class:`Members` is what the answer needs of a board to name its sources: per single class and
per multi class its members, in the order the answer draws them. The core's board reader fills
it (``core._classes``, ``core.read_plain``); :meth:`Members.solution` gives activations to a
class's members in order, draws each row's kinds from what they made and from the pool, and
makes the Solution without its generated ``__init__``. Compiled with the core
(``fast/core_answer.pxd``).
"""

from __future__ import annotations

from typing import Any

from tapwise.models.mana import TYPES
from tapwise.solver.contract import Solution
from tapwise.solver.fast.templates import Template

ROWS = 16  # core.ROWS: the stride of the flow's array
MULTI, POOL, SINGLE, PAID_LIFE = 0, 1, 2, 3  # supply stages (core's)
GEN = 1  # what a row records (core's)
_new = object.__new__
_LETTERS = tuple(TYPES)  # per type index its letter
# per place and number of options: the options' keys (place, option)
_KEYS = tuple([tuple([tuple([(di, oi) for oi in range(n)]) for n in range(8)])
               for di in range(ROWS)])


class Members:
    """A board's sources as the answer names them. Of a compiled problem (``plain`` false), a
    single class's member is (source, copies, picks: per type (activation, kind, split key or
    None, type) or None) and a multi class's (source, copies, activation, ((type, units, kind),
    ...)). Of the plain lane's entries (``plain``), a member is the entry itself
    (``plain_lane._Tap``: one source, one producer of its index, one kind per type), named
    through its template only when the answer draws from it (:func:`_pick`, :func:`_multi`),
    so a board never met makes no tuple per entry. :meth:`singles_read` and
    :meth:`multis_read` give either as the compiled form (tests compare the two readings)."""

    def __init__(self, plain: bool, kind_bit: tuple[int, ...], pool_kinds: tuple) -> None:
        self.plain = plain
        self.kind_bit = kind_bit  # per kind: its type's bit
        self.pool_kinds = pool_kinds  # per type: ((kind, units), ...) in the pool
        self.singles: list[list[Any]] = []  # per single class: its members in order
        self.multis: list[list[Any]] = []  # per multi class
        self.kind_of = [0] * 6  # per type: its kind (plain: one kind per type)
        if plain:
            self.of_kinds(kind_bit)

    def of_kinds(self, kind_bit: tuple[int, ...]) -> None:
        """A plain board's kinds: ``kind_bit``, one kind per type."""
        self.kind_bit = kind_bit
        for kind in range(len(kind_bit)):
            bit = kind_bit[kind]
            t = 0
            while bit >> t > 1:
                t += 1
            self.kind_of[t] = kind

    def clear(self) -> None:
        """No members (a spare board's, between calls)."""
        self.singles = []
        self.multis = []

    def singles_read(self) -> tuple:
        """Per single class, its members as (source, copies, picks)."""
        if not self.plain:
            return tuple([tuple(members) for members in self.singles])
        return tuple([tuple([(p.source, p.count, tuple([
            _pick(p.source, p.core, t, self.kind_of[t]) if p.core.mask >> t & 1 else None
            for t in range(6)])) for p in members]) for members in self.singles])

    def multis_read(self) -> tuple:
        """Per multi class, its members as (source, copies, activation, units by kind)."""
        if not self.plain:
            return tuple([tuple(members) for members in self.multis])
        return tuple([tuple([_multi(p, self.kind_of) for p in members])
                      for members in self.multis])

    def solution(self, rows: tuple, objective: dict[str, int], x: int, n_multi: int, mfeed,
                 m, n_nodes: int, nstage, nref, nmask, n_rows: int, rmask, f, cur,
                 used) -> Solution:
        """The :class:`Solution` of the flow ``f`` of the choice ``m``: activations given to a
        class's sources in order (multi activations first, so a source both kinds take gives
        its remaining copies to single units), each row's kinds drawn from what the activations
        made and from the pool; ``rows`` the cost's rows (``core._Cost.rows``, each keyed by
        its place: :data:`_KEYS`),
        ``objective`` its values. ``cur`` and ``used`` (zero on entry): per single class, the
        member drawn from and the copies already drawn from it."""
        acts: dict[tuple[int, int, int], int] = {}
        splits: dict[tuple[int, int, str], dict[str, int]] = {}
        # source -> copies multi activations took, if one also makes singles
        taken: dict[int, int] | None = None
        made: list[list[list[int]]] | None = None  # per type: the multi units, [kind, units]
        for j in range(n_multi):
            want = m[j]
            if not want:
                continue
            if made is None:
                made = [[], [], [], [], [], []]
            if mfeed[j] >= 0 and taken is None:
                taken = {}
            for member in self.multis[j]:
                si, copies, key, units = _multi(member, self.kind_of) if self.plain else member
                take = want if want < copies else copies
                if taken is not None:
                    taken[si] = take
                want -= take
                acts[key] = take
                for t, per, kind in units:
                    made[t].append([kind, take * per])
                if not want:
                    break
        pool_left: dict[int, list[list[int]]] | None = None
        cost_pay: dict[tuple[int, int], tuple[int, dict[int, int]]] = {}
        generic_pay: dict[str, dict[int, int]] = {}
        kind_bit = self.kind_bit
        for r in range(n_rows):
            got: dict[int, int] | None = None
            paid_life = 0
            for i in range(n_nodes):
                sent = f[i * ROWS + r]
                if not sent:
                    continue
                stage = nstage[i]
                if stage == PAID_LIFE:
                    paid_life += sent
                    continue
                if got is None:
                    got = {}
                ref = nref[i]
                if stage == MULTI:
                    _draw(made[ref], sent, got)
                elif stage == POOL:
                    if pool_left is None:
                        pool_left = {}
                    store = pool_left.get(ref)
                    if store is None:
                        store = pool_left[ref] = [[kind, u] for kind, u in self.pool_kinds[ref]]
                    _draw(store, sent, got)
                else:
                    common = nmask[i] & rmask[r]
                    t = 0
                    while not common >> t & 1:
                        t += 1
                    _copies(self, acts, splits, self.singles[ref], t, sent, cur, used, ref, taken,
                            got)
            _, _, what, cat, masks, count, n, life_at = rows[r]
            keys = _KEYS[r][n] if n < 8 else tuple([(r, oi) for oi in range(n)])
            if what == GEN:
                if got is None:
                    continue  # X is 0
                g = generic_pay.get(cat)
                if g is None:
                    generic_pay[cat] = got
                else:
                    for kind, u in got.items():
                        g[kind] = g.get(kind, 0) + u
                if n:  # (X's row has no key)
                    cost_pay[keys[0]] = (count, {})
                continue
            if paid_life:
                cost_pay[keys[life_at]] = (paid_life, {})
            if got is None:
                continue
            if len(masks) == 1:
                cost_pay[keys[0]] = (count, got)
            elif len(got) == 1:  # (one kind: nothing to sort)
                for kind, u in got.items():
                    _by_option(cost_pay, keys, masks, kind_bit[kind], kind, u)
            else:
                for kind, u in sorted(got.items()):
                    _by_option(cost_pay, keys, masks, kind_bit[kind], kind, u)
        state = _PAID.copy()  # (a copy of its keys: cheaper than a dict of 15 made afresh)
        state["objective"] = objective
        state["x"] = x
        state["acts"] = acts
        state["splits"] = splits
        state["cost_pay"] = cost_pay
        state["generic_pay"] = generic_pay
        return _made(state)

    def infeasible(self) -> Solution:
        """``Solution("infeasible", optimal=True)`` (the board's answer when nothing pays),
        made as :meth:`solution` makes one."""
        state = _PAID.copy()
        state["status"] = "infeasible"
        state["objective"] = {}
        state["acts"] = {}
        state["splits"] = {}
        state["cost_pay"] = {}
        state["generic_pay"] = {}
        return _made(state)


# Solution.paid's fields (tests/test_fast_core.py checks they stay in step); _made gives each
# made Solution its own containers
_PAID: dict[str, Any] = {"status": "paid", "optimal": True, "objective": None, "variant": 0,
                         "x": 0, "acts": None, "splits": None, "ability_pay": None,
                         "cost_pay": None, "generic_pay": None, "reduced": None, "levels": 0,
                         "victims": None, "late_victims": None, "keywords": None}


def _made(state: dict[str, Any]) -> Solution:
    """A :class:`Solution` of ``state`` (every field; the empty ones filled here), without the
    generated ``__init__`` and its default factories (``models.values.assemble``, here
    without its Python-level call: the core makes one per call)."""
    state["ability_pay"] = {}
    state["reduced"] = {}
    state["victims"] = {}
    state["late_victims"] = {}
    sol = _new(Solution)
    sol.__dict__ = state
    return sol


def _by_option(cost_pay: dict, keys: tuple, masks: tuple, bit: int, kind: int, u: int) -> None:
    """``u`` units of ``kind`` (its type's ``bit``) paid to a row of several options (``masks``,
    ``keys``): recorded under the first option that takes it."""
    oi = 0
    while not masks[oi] & bit:
        oi += 1
    paid = cost_pay.get(keys[oi])
    if paid is None:
        cost_pay[keys[oi]] = (u, {kind: u})
    else:
        paid[1][kind] = u
        cost_pay[keys[oi]] = (paid[0] + u, paid[1])


def _pick(si: Any, tpl: Template, t: int, kind: int) -> tuple:
    """What a plain entry (source ``si``, template ``tpl``) makes of type ``t`` (its ``kind``):
    (activation, kind, split key or None, type), as ``templates.instance`` records it."""
    unit = tpl.units[t]
    return (si, 0, tpl.ci[t]), kind, (si, 0, unit) if unit is not None else None, _LETTERS[t]


def _multi(p: Any, kind_of) -> tuple:
    """A plain entry's multi member (source, copies, activation, ((type, units, kind), ...))."""
    si = p.source
    tpl: Template = p.core
    counts = tpl.counts
    return si, p.count, (si, 0, tpl.multi_ci), tuple([(t, counts[t], kind_of[t])
                                                       for t in range(6) if counts[t]])


def _draw(store: list[list[int]], want: int, got: dict[int, int]) -> None:
    """Take ``want`` units from ``store`` ([kind, units left], in order) into ``got``."""
    for kn in store:
        left = kn[1]
        if not left:
            continue
        take = want if want < left else left
        kn[1] = left - take
        want -= take
        kind = kn[0]
        got[kind] = got.get(kind, 0) + take
        if not want:
            return


def _copies(names: Members, acts: dict, splits: dict, members: list[Any], t: int, want: int,
            cur, used, s: int, taken: dict[int, int] | None, got: dict[int, int]) -> None:
    """``want`` units of type ``t`` from the single copies of class ``s`` (``members``), in
    order from the member ``cur[s]`` of which ``used[s]`` copies are drawn already, skipping
    those multi activations have ``taken``: their activations (and splits) and kinds."""
    at = cur[s]
    plain = names.plain
    while want:
        member = members[at]
        if plain:
            si = member.source
            copies = member.count
        else:
            si = member[0]
            copies = member[1]
        left = copies - used[s]
        if taken is not None:
            left -= taken.get(si, 0)
        if left <= 0:
            at += 1
            used[s] = 0
            continue
        take = want if want < left else left
        used[s] += take
        want -= take
        if plain:  # (_pick, without its tuple)
            tpl = member.core
            key = (si, 0, tpl.ci[t])
            kind = names.kind_of[t]
            unit = tpl.units[t]
            split_key = (si, 0, unit) if unit is not None else None
            tt = _LETTERS[t]
        else:
            key, kind, split_key, tt = member[2][t]
        acts[key] = acts.get(key, 0) + take
        if split_key is not None:
            split = splits.get(split_key)
            if split is None:
                splits[split_key] = {tt: take}
            else:
                split[tt] = split.get(tt, 0) + take
        got[kind] = got.get(kind, 0) + take
    cur[s] = at
