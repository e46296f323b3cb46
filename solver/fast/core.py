"""The compiled core of the fast path (issue 22): the common class paid with no Python objects
in the inner loop.

:func:`solve` answers a compiled problem of its class exactly, or returns ``None`` and
:func:`solver.fast.solve.solve_fast` goes on as before (its wider class, then CP-SAT). The answer is
a :class:`Solution` filled as :mod:`solver.fast.answer` fills one (by
:mod:`solver.fast.core_answer`, from the flow of the best choice), so everything after it is
the same. Compiled by Cython with the C declarations of ``fast/core.pxd`` (board, cost and search as
fixed-size C arrays); the same file run as Python is its pure twin, giving the same answers.

Which problems it takes (the class) and why its answer is optimal (exactness): docs/fast.md.
"""

from __future__ import annotations

from typing import Any

from tapwise.models.caches import remember, table
from tapwise.models.mana import TYPES
from tapwise.models.total_cost import INCREASE
from tapwise.solver.contract import Compiled, Solution, Variant
from tapwise.solver.fast.core_answer import Members
from tapwise.solver.fast.templates import (Template, by_type as _by_type, demand_row, group_row,
                                            row_on, sources)

ENABLED = True
"""``solver.fast.solve.solve_fast`` tries this core first; tests of the wider fast path turn it off."""

# Sizes of the C arrays (fast/core.pxd declares them with these numbers; the .py lists below
# are made with the same literals, as Cython wants them).
SINGLES = 24  # single-unit classes (distinct masks) of a board
MULTIS = 8  # multi classes of a board
NODES = 40  # supply nodes of one choice: 6 multi + 6 pool + 24 single + 1 life, rounded up
ROWS = 16  # demand rows of one cost
MAX_CHOICES = 512
"""Most vectors of multi activations tried; past it, the wider fast path decides."""

LIFE = 6  # the bit of life among the types
MULTI, POOL, SINGLE, PAID_LIFE = 0, 1, 2, 3  # supply stages
OPT, GEN = 0, 1  # what a row records (as solver.fast.demand names them)
# X's row as _Cost.rows has it: generic, category "x", no symbols or options (no key)
X_ROW = (0, 0, GEN, "x", (), 0, 0, -1)
TI = {t: i for i, t in enumerate(TYPES)}
VARYING = ("min_life", "min_sources", "min_waste")
ALLOWED = frozenset({"min_life", "min_sacrifices", "min_energy", "min_sources", "min_waste",
                     "max_x"})
# per stage: (life, sources, waste) a unit
_STAGE_WEIGHTS = ((0, 0, 0), (0, 0, 1), (0, 1, 1), (2, 0, 1))
_BOARD_KEY = "fast core board"
_NO_POOL: tuple[tuple[tuple[int, int], ...], ...] = ((),) * 6  # a board's pool_kinds without a pool


class _SupplyArrays:
    """A board of the class as C arrays (the supply), with what the answer needs to name the
    sources: read once per compiled board (a prepared board keeps it in ``Compiled.shared``)."""

    def __init__(self) -> None:
        self.n_single = 0
        self.n_multi = 0
        self.smask = [0] * 24  # per single class: the types a copy can make
        self.scap = [0] * 24  # and its copies
        self.mbudget = [0] * 8  # per multi class: its copies
        self.munits = [0] * 48  # units of each type an activation makes (class * 6 + type)
        self.msize = [0] * 8  # units an activation makes
        self.mfeed = [0] * 8  # the single class its copies make one unit in, or -1
        self.pool = [0] * 6  # pool mana per type
        self.names: Members | None = None  # the classes' members, as the answer names them

    # The members read, in one form whichever reader read them (tests compare the readers).
    @property
    def singles(self) -> tuple:
        """Per single class: (source, copies, per type: (activation, kind, split key or None,
        type))."""
        return self.names.singles_read()

    @property
    def multis(self) -> tuple:
        """Per multi class: (source, copies, activation, ((type, units, kind), ...))."""
        return self.names.multis_read()

    @property
    def pool_kinds(self) -> tuple:
        """Per type: ((kind, units), ...) in the pool."""
        return self.names.pool_kinds

    @property
    def kind_bit(self) -> tuple:
        """Per kind: its type's bit."""
        return self.names.kind_bit


class _Cost:
    """A total cost of the class as C arrays (the demand rows), with what the answer records
    per row: read once per compiled variant."""

    def __init__(self) -> None:
        self.n_rows = 0
        self.rmask = [0] * 16  # per row: the types it accepts (bit 6: life)
        self.rneed = [0] * 16  # and the units it needs (X's row: per call)
        self.x_row = -1  # the row of X, or -1
        self.x_symbols = 0
        self.phyrexian = 0  # symbols that 2 life may pay
        self.free = False  # the variant is "free" (an alternative cost of nothing)
        # per row: its row (``templates.demand_row``'s: mask, units, what, category, option
        # masks, symbols, options, life option or -1), which the answer reads (its keys are its
        # place's, ``core_answer._KEYS``); shared with the memos that keep it, so a kept cost
        # keeps no tuple per row; X's row is :data:`X_ROW`
        self.rows: tuple[tuple, ...] = ()
        self.tag: Any = None  # what its reader keys it by (the plain lane: its accept)


class _Order:
    """An objective list as the search reads it: the stages in greedy order, the varying
    objectives in theirs (0 life, 1 sources, 2 waste)."""

    def __init__(self, objectives: tuple[str, ...]) -> None:
        idx = [VARYING.index(o) for o in objectives if o in VARYING]
        stages = sorted(range(4), key=lambda s: tuple([_STAGE_WEIGHTS[s][i] for i in idx]))
        self.stage = [0] * 4
        self.obj = [0] * 3
        self.codes = [0] * 8  # per objective: 0-2 as in obj, 3 always 0, 4 X
        for i, s in enumerate(stages):
            self.stage[i] = s
        for i, o in enumerate(idx):
            self.obj[i] = o
        for i, name in enumerate(objectives):
            self.codes[i] = VARYING.index(name) if name in VARYING else 4 if name == "max_x" else 3
        self.nobj = len(idx)
        self.n_names = len(objectives)
        self.objectives = objectives


COSTS = 4096
"""Total costs whose rows are kept (as many as a prepared board keeps questions)."""
# id(variant) -> (it, its _Cost or None)
_COSTS: dict[int, tuple[Variant, _Cost | None]] = table(COSTS)
_ORDERS: dict[tuple[str, ...], _Order | bool] = table(256)  # False: not of the class


def solve(c: Compiled, objectives: tuple[str, ...]) -> Solution | None:
    """The optimal :class:`Solution` of ``c`` (or ``Solution("infeasible")``) when it is of the
    class, else ``None``."""
    variants = c.variants
    if len(variants) != 1:  # (an unpayable cost has none)
        return None
    shared = c.shared
    if shared is None:
        board = _read_board(c)
    else:
        board = shared.get(_BOARD_KEY)
        if board is None:
            board = shared[_BOARD_KEY] = _read_board(c) or False
    if not board:
        return None
    return _solve_on(board, variants[0], objectives, c.problem)


def solve_plain(taps: list[Any], kind_bit: tuple[int, ...], cost: _Cost | None,
                objectives: tuple[str, ...], problem: Any) -> Solution | None:
    """:func:`solve` of the plain lane's problem: its board read by :func:`read_plain` (into a
    spare board, :data:`_PLAIN_SPARE`), its cost by :func:`read_plain_cost` (the lane keeps it
    per cost text and board layout)."""
    if cost is None:
        return None
    spare = _PLAIN_SPARE
    b = spare.pop() if spare else _plain_board()
    try:
        if _read_plain_into(b, taps, kind_bit) is None:
            return None
        return _solve_cost(b, cost, objectives, problem)
    finally:
        b.names.clear()  # (the entries aren't kept alive by a spare board)
        spare.append(b)


def _solve_on(board: _SupplyArrays, v: Variant, objectives: tuple[str, ...],
              problem: Any) -> Solution | None:
    """:func:`solve` on the board read, the cost ``v`` of ``problem`` (its X and player)."""
    costs = _COSTS
    got = costs.get(id(v))  # the entry holds the variant, so its id isn't reused while it stands
    if got is None:
        got = remember(costs, id(v), (v, _read_cost(v, board)), COSTS)
    cost = got[1]
    if cost is None:
        return None
    return _solve_cost(board, cost, objectives, problem)


def _solve_cost(board: _SupplyArrays, cost: _Cost, objectives: tuple[str, ...],
                problem: Any) -> Solution | None:
    """:func:`_solve_on` with the cost read."""
    orders = _ORDERS
    order = orders.get(objectives)
    if order is None:
        fits = ALLOWED.issuperset(objectives) and len(objectives) <= 8
        order = remember(orders, objectives, _Order(objectives) if fits else False, 256)
    if not order:
        return None
    x = 0
    if cost.x_row >= 0:
        x = problem.x
        if x == "max":
            return None  # the wider path searches X
    elif cost.x_symbols or cost.free:
        x = problem.x
        if x and x != "max":
            return None  # (as solver.fast.demand: CP-SAT's corners)
        x = 0
    life_units = 0
    if cost.phyrexian:
        player = problem.player
        limit = player.life
        if player.keep_life is not None and player.life - player.keep_life < limit:
            limit = player.life - player.keep_life
        if limit > 0:
            life_units = min(limit // 2, cost.phyrexian)
    return _search(board, cost, order, x, life_units)


def _read_board(c: Compiled) -> _SupplyArrays | None:
    """The board of ``c`` as a :class:`_SupplyArrays`, or None outside the class."""
    kind_bit = []
    for kd in c.kinds:
        t = TI.get(kd.type)
        if kd.only is not None or t is None:
            return None
        kind_bit.append(1 << t)
    b = _SupplyArrays()
    pool_units = c.pool_units
    pool_kinds = _NO_POOL
    if pool_units:
        per_type: list[list[tuple[int, int]]] = [[], [], [], [], [], []]
        for k, n in pool_units.items():
            if n > 0:
                t = TI[c.kinds[k].type]
                b.pool[t] += n
                per_type[t].append((k, n))
        pool_kinds = tuple([tuple(kn) for kn in per_type])
    b.names = Members(False, tuple(kind_bit), pool_kinds)
    per_source = sources(c.producers, c.plain)
    if per_source is None:
        return None
    return _classes(b, per_source)


def read_plain(taps: list[Any], kind_bit: tuple[int, ...]) -> _SupplyArrays | None:
    """The plain lane's board (issue 43) as a :class:`_SupplyArrays`, read straight from its
    entries (``plain_lane._Tap``: one tap ability each, every entry its own source, its add's
    :class:`Template` in ``core``; ``kind_bit``: per kind its type's bit, one kind per type),
    each entry itself the member the answer names (``core_answer.Members``): what
    :func:`_read_board` makes of the lane's compiled problem, or None past the arrays."""
    return _read_plain_into(_plain_board(), taps, kind_bit)


def _plain_board() -> _SupplyArrays:
    """An empty board for the plain lane (no pool)."""
    b = _SupplyArrays()
    b.names = Members(True, (), _NO_POOL)
    return b


_PLAIN_SPARE: list[_SupplyArrays] = [_plain_board()]
"""Plain boards not in use (as :data:`_SPARE`): :func:`_read_plain_into` writes every entry of
the arrays it reads before reading it, so one serves every call."""


def _read_plain_into(b: _SupplyArrays, taps: list[Any],
                     kind_bit: tuple[int, ...]) -> _SupplyArrays | None:
    """:func:`read_plain` into the empty plain board ``b``."""
    b.n_single = 0
    b.n_multi = 0
    names = b.names
    names.of_kinds(kind_bit)
    singles = names.singles
    multis = names.multis
    for p in taps:
        tpl: Template = p.core
        copies = p.count
        if copies <= 0:
            continue
        at = -1
        if tpl.mask:
            at = _single_class(b, singles, tpl.mask, copies)
            if at < 0:
                return None
            singles[at].append(p)
        if tpl.multi_ci >= 0:
            j = _multi_class(b, multis, tpl.counts, tpl.size, at, copies)
            if j < 0:
                return None
            multis[j].append(p)
    return b


def _classes(b: _SupplyArrays, per_source: dict[int, list[Any]]) -> _SupplyArrays | None:
    """``b`` with the sources (``per_source``, as ``templates.sources`` makes it) grouped into
    single and multi classes, or None past the arrays' sizes."""
    singles = b.names.singles
    multis = b.names.multis
    for si, (copies, picks, multi, mask) in per_source.items():
        if copies <= 0:
            continue
        at = -1
        if mask:
            at = _single_class(b, singles, mask, copies)
            if at < 0:
                return None
            singles[at].append((si, copies, tuple(picks)))
        if multi is not None:
            key, counts, units, size = multi
            j = _multi_class(b, multis, counts, size, at, copies)
            if j < 0:
                return None
            multis[j].append((si, copies, key, units))
    return b


def _single_class(b: _SupplyArrays, singles: list[list[Any]], mask: int, copies: int) -> int:
    """The single class of the types ``mask`` (made if new, its members' list in ``singles``),
    its copies counted; -1 past :data:`SINGLES`."""
    at = 0
    while at < b.n_single and b.smask[at] != mask:
        at += 1
    if at == b.n_single:
        if at == SINGLES:
            return -1
        b.smask[at] = mask
        b.scap[at] = 0
        b.n_single += 1
        singles.append([])
    b.scap[at] += copies
    return at


def _multi_class(b: _SupplyArrays, multis: list[list[Any]], counts: tuple[int, ...], size: int,
                 at: int, copies: int) -> int:
    """The multi class of the multiset ``counts`` (units per type) of sources whose single
    units are class ``at`` (or -1), made if new, its copies counted; -1 past :data:`MULTIS`."""
    j = 0
    while j < b.n_multi:
        if b.mfeed[j] == at:
            t = 0
            while t < 6 and b.munits[j * 6 + t] == counts[t]:
                t += 1
            if t == 6:
                break
        j += 1
    if j == b.n_multi:
        if j == MULTIS:
            return -1
        for t in range(6):
            b.munits[j * 6 + t] = counts[t]
        b.msize[j] = size
        b.mfeed[j] = at
        b.mbudget[j] = 0
        b.n_multi += 1
        multis.append([])
    b.mbudget[j] += copies
    return j


def _read_cost(v: Variant, board: _SupplyArrays) -> _Cost | None:
    """The total cost ``v`` as a :class:`_Cost`, or None outside the class. Kept by the
    variant's identity: a variant is compiled for the kinds some purpose may spend (their
    indices and types, ``groups._variants``), which on a board of the class are all its kinds,
    so the masks read here hold for every board that meets this variant."""
    tc = v.total
    if tc.generic_reduction or tc.life or v.energy:
        return None
    for term in tc.terms:
        if term.origin == INCREASE:
            return None
    k = _Cost()
    k.free = tc.variant == "free"
    infos = _demand_rows(k, v.demands, board.kind_bit)
    if infos is None:
        return None
    n = len(infos)
    if v.x_symbols and not v.x_zero:
        m = _by_type(v.x_accept, board.kind_bit)
        if m < 0 or n >= ROWS:
            return None
        k.rmask[n] = m
        k.rneed[n] = 0  # (X's units: per call)
        k.x_row = n
        infos.append(X_ROW)
    k.x_symbols = v.x_symbols
    k.rows = tuple(infos)
    k.n_rows = len(infos)
    return k


# (id(demand), a board's kind_bit) -> (the demand, its row but for its place, or None outside the
# class): compile shares a demand among the costs that have its symbols (groups._Group)
_DEMAND_ROWS: dict[tuple, tuple] = table(COSTS)


def _demand_rows(k: _Cost, demands: tuple, kind_bit: tuple[int, ...]) -> list[tuple] | None:
    """Per demand its row in ``k``'s arrays (mask, units needed) and the row itself (returned,
    in order: what the answer reads), the Phyrexian symbols counted into ``k``; None outside
    the class."""
    infos: list[tuple] = []
    memo = _DEMAND_ROWS
    for di, d in enumerate(demands):
        if di >= ROWS:
            return None
        key = (id(d), kind_bit)
        got = memo.get(key)  # (the entry holds the demand: its id isn't reused while it stands)
        if got is None:
            got = remember(memo, key, (d, demand_row(d, kind_bit)), COSTS)
        row = got[1]
        if row is None:
            return None
        _write(k, di, row)
        infos.append(row)
    return infos


GROUPS = 1024
"""Symbol groups whose rows on a plain board are kept."""
# groups._Group (hashed by identity) -> per mask of the types a plain board makes its row (None
# until met), its row on every type at 64 (one list); a generic group's row on every type; False
# outside the class: compile shares a group among the costs that have its symbols, and on a plain
# board its row depends on the types made alone, not their kinds' order. A cost's reading keeps
# the rows themselves (its place keys them: core_answer._KEYS), so a cost read once
# (lane_cost.read keeps a text from its second read) leaves nothing for the collector
_GROUP_ROWS: dict[Any, Any] = table(GROUPS)


def read_plain_cost(groups: tuple, made: int) -> _Cost | None:
    """The plain lane's cost (issue 43) as a :class:`_Cost`: its symbol groups
    (``groups._Group``) on a board of one kind per type it makes (``made``, a mask of types),
    the rows :func:`_read_cost` reads of the compiled variant there (no reduction, life,
    increase, X or energy in its class), each group's kept per set of types (a first-met order
    of types finds them; tests/test_first_fills.py)."""
    k = _Cost()
    infos: list[tuple] = []
    memo = _GROUP_ROWS
    for di, g in enumerate(groups):
        if di >= ROWS:
            return None
        got = memo.get(g)  # (a group hashes by identity)
        if got is None:
            got = _group_rows(g)
        if got is False:
            return None
        if type(got) is tuple:  # generic: its row on every type, masked by those made
            full = got
            k.rmask[di] = full[0] & made
            k.rneed[di] = full[1]
            infos.append(full)
            continue
        per = got
        row = per[made]
        if row is None:
            row = per[made] = row_on(per[64], made)
        _write(k, di, row)
        infos.append(row)
    k.rows = tuple(infos)
    k.n_rows = len(infos)
    return k


def _group_rows(g: Any) -> Any:
    """Group ``g``'s entry of :data:`_GROUP_ROWS` met first: per mask of the types made its row
    (None until met), its row on every type last (at 64); a generic group's row on every type
    itself (:func:`read_plain_cost` masks it: no list); False outside the class."""
    full = group_row(g.options, g.count)
    if full is None:
        got: Any = False
    elif full[2] == GEN:
        got = full
    else:
        got = [None] * 65
        got[64] = full
    return remember(_GROUP_ROWS, g, got, GROUPS)


def _write(k: _Cost, di: int, row: tuple) -> None:
    """Row ``row`` (``templates.demand_row``'s) in place ``di`` of ``k``'s arrays, its
    Phyrexian symbols counted."""
    if row[7] >= 0:
        k.phyrexian += row[5]
    k.rmask[di] = row[0]
    k.rneed[di] = row[1]


class _Scratch:
    """The search's working arrays, kept between calls (:data:`_SPARE`) so a call neither
    allocates nor clears them: every entry is written before it is read."""

    def __init__(self) -> None:
        self.rmask = [0] * 16
        self.need0 = [0] * 16
        self.need = [0] * 16
        self.bound = [0] * 8
        self.m = [0] * 8
        self.best_m = [0] * 8
        self.ncap = [0] * 40
        self.nmask = [0] * 40
        self.nstage = [0] * 40
        self.nref = [0] * 40
        self.f = [0] * 640  # units node i sends to row r: f[i * ROWS + r]
        self.vals = [0] * 3
        self.best = [0] * 3
        self.via = [0] * 16  # _flow's paths
        self.back = [0] * 16
        self.seen = [0] * 16
        self.held = [0] * 40
        self.queue = [0] * 16
        self.cur = [0] * 24  # the answer's place in each single class (core_answer._copies)
        self.used = [0] * 24


_SPARE: list[_Scratch] = [_Scratch()]
"""Scratch arrays not in use: a call takes one (or makes one if another thread holds it) and
gives it back; ``list.pop`` and ``append`` are atomic, so threads never share one."""


def _search(b: _SupplyArrays, k: _Cost, o: _Order, x: int, life_units: int) -> Solution | None:
    """Every vector of multi activations within the bounds of the docstring, each paid by
    :func:`_flow`; the best made into a :class:`Solution` (None past :data:`MAX_CHOICES`)."""
    spare = _SPARE
    w = spare.pop() if spare else _Scratch()
    try:
        return _search_in(b, k, o, w, x, life_units)
    finally:
        spare.append(w)


def _search_in(b: _SupplyArrays, k: _Cost, o: _Order, w: _Scratch, x: int,
               life_units: int) -> Solution | None:
    """:func:`_search` with the scratch arrays ``w``."""
    n_rows = k.n_rows
    demand = 0
    for r in range(n_rows):
        w.rmask[r] = k.rmask[r]
        w.need0[r] = k.rneed[r]
    if k.x_row >= 0:
        w.need0[k.x_row] = x * k.x_symbols
    for r in range(n_rows):
        demand += w.need0[r]
    n_multi = b.n_multi
    combos = 1
    for j in range(n_multi):
        most = 0
        for t in range(6):
            units = b.munits[j * 6 + t]
            if units:
                reach = 0
                for r in range(n_rows):
                    if w.rmask[r] >> t & 1:
                        reach += w.need0[r]
                got = (reach + units - 1) // units
                if got > most:
                    most = got
        if most > b.mbudget[j]:
            most = b.mbudget[j]
        if most > demand:
            most = demand
        w.bound[j] = most
        w.m[j] = 0
        combos *= most + 1
        if combos > MAX_CHOICES:
            return None
    found = False
    last_best = False
    n_nodes = 0
    while True:
        acts = 0
        for j in range(n_multi):
            acts += w.m[j]
        last_best = False
        if acts <= demand:
            n_nodes = _nodes(b, o, w.m, life_units, w.ncap, w.nmask, w.nstage, w.nref)
            for i in range(n_nodes * ROWS):
                w.f[i] = 0
            for r in range(n_rows):
                w.need[r] = w.need0[r]
            if _flow(n_nodes, w.ncap, w.nmask, n_rows, w.rmask, w.need, w.f, w.via, w.back, w.seen,
                     w.held, w.queue):
                _values(b, w.m, n_nodes, w.nstage, n_rows, w.f, w.vals)
                if not found or _better(o, w.vals, w.best):
                    found = last_best = True
                    for q in range(3):
                        w.best[q] = w.vals[q]
                    for j in range(n_multi):
                        w.best_m[j] = w.m[j]
                    if not o.nobj:
                        break  # every payment is optimal: the first answers
        j = 0
        while j < n_multi and w.m[j] == w.bound[j]:
            w.m[j] = 0
            j += 1
        if j == n_multi:
            break
        w.m[j] += 1
    if not found:
        return b.names.infeasible()
    if not last_best:  # the flow of the best choice again
        n_nodes = _nodes(b, o, w.best_m, life_units, w.ncap, w.nmask, w.nstage, w.nref)
        for i in range(n_nodes * ROWS):
            w.f[i] = 0
        for r in range(n_rows):
            w.need[r] = w.need0[r]
        _flow(n_nodes, w.ncap, w.nmask, n_rows, w.rmask, w.need, w.f, w.via, w.back, w.seen, w.held,
              w.queue)
    for s in range(b.n_single):
        w.cur[s] = 0
        w.used[s] = 0
    objective: dict[str, int] = {}
    names = o.objectives
    for q in range(o.n_names):
        code = o.codes[q]
        objective[names[q]] = w.best[code] if code < 3 else x if code == 4 else 0
    return b.names.solution(k.rows, objective, x, n_multi, b.mfeed, w.best_m, n_nodes, w.nstage,
                            w.nref, w.nmask, n_rows, w.rmask, w.f, w.cur, w.used)


def _better(o: _Order, vals, best) -> bool:
    """Whether ``vals`` (life, sources, waste) beats ``best`` in the objectives' order."""
    for q in range(o.nobj):
        a = vals[o.obj[q]]
        z = best[o.obj[q]]
        if a != z:
            return a < z
    return False


def _nodes(b: _SupplyArrays, o: _Order, m, life_units: int, ncap, nmask, nstage, nref) -> int:
    """The supply nodes of the choice ``m`` in greedy order (stage by stage); returns how many."""
    n = 0
    for q in range(4):
        stage = o.stage[q]
        if stage == MULTI:
            for t in range(6):
                units = 0
                for j in range(b.n_multi):
                    units += m[j] * b.munits[j * 6 + t]
                if units:
                    ncap[n] = units
                    nmask[n] = 1 << t
                    nstage[n] = MULTI
                    nref[n] = t
                    n += 1
        elif stage == POOL:
            for t in range(6):
                if b.pool[t]:
                    ncap[n] = b.pool[t]
                    nmask[n] = 1 << t
                    nstage[n] = POOL
                    nref[n] = t
                    n += 1
        elif stage == SINGLE:
            for s in range(b.n_single):
                cap = b.scap[s]
                for j in range(b.n_multi):
                    if b.mfeed[j] == s:
                        cap -= m[j]
                if cap > 0:
                    ncap[n] = cap
                    nmask[n] = b.smask[s]
                    nstage[n] = SINGLE
                    nref[n] = s
                    n += 1
        elif life_units:
            ncap[n] = life_units
            nmask[n] = 1 << LIFE
            nstage[n] = PAID_LIFE
            nref[n] = 0
            n += 1
    return n


def _values(b: _SupplyArrays, m, n_nodes: int, nstage, n_rows: int, f, vals) -> None:
    """(life, sources, waste) of the flow ``f`` of the choice ``m`` into ``vals``."""
    life = sources = waste = 0
    for j in range(b.n_multi):
        sources += m[j]
        waste += m[j] * b.msize[j]
    for i in range(n_nodes):
        sent = 0
        for r in range(n_rows):
            sent += f[i * ROWS + r]
        stage = nstage[i]
        if stage == MULTI:
            waste -= sent
        elif stage == SINGLE:
            sources += sent
        elif stage == PAID_LIFE:
            life += 2 * sent
    vals[0] = life
    vals[1] = sources
    vals[2] = waste


def _flow(n_nodes: int, ncap, nmask, n_rows: int, rmask, need, f, via, back, seen, held,
          queue) -> bool:
    """Fill the rows (``need``, consumed) from the nodes in order, each sending as much as it
    can by augmenting paths that reroute, never shrink, what earlier nodes send (the greedy
    algorithm on the transversal matroid, see the module docstring); ``f[i * ROWS + r]`` (zero on
    entry) gets what node ``i`` sends row ``r``. Whether every row was filled. Scratch for the
    paths: per row reached, the node it was reached from (``via``) and the row that node gives
    up units of (``back``, -1 at the start), whether it was ``seen``; the nodes ``held`` (met on
    this search); the rows to visit (``queue``)."""
    unmet = 0
    for r in range(n_rows):
        unmet += need[r]
    for i in range(n_nodes):
        if not unmet:
            break
        room = ncap[i]
        mask = nmask[i]
        for r in range(n_rows):
            if need[r] and mask & rmask[r]:
                push = room if room < need[r] else need[r]
                f[i * ROWS + r] += push
                room -= push
                need[r] -= push
                unmet -= push
                if not room:
                    break
        while room and unmet:
            tail = 0
            for r in range(n_rows):
                seen[r] = 0
                if mask & rmask[r]:
                    seen[r] = 1
                    via[r] = i
                    back[r] = -1
                    queue[tail] = r
                    tail += 1
            for j in range(i):
                held[j] = 0
            head = 0
            end = -1
            while head < tail and end < 0:
                r = queue[head]
                head += 1
                for j in range(i):
                    if held[j] or not f[j * ROWS + r]:
                        continue
                    held[j] = 1
                    mj = nmask[j]
                    for r2 in range(n_rows):
                        if not seen[r2] and mj & rmask[r2]:
                            seen[r2] = 1
                            via[r2] = j
                            back[r2] = r
                            if need[r2]:
                                end = r2
                                break
                            queue[tail] = r2
                            tail += 1
                    if end >= 0:
                        break
            if end < 0:
                break  # no path: this node can send no more
            push = room if room < need[end] else need[end]
            r2 = end
            while back[r2] >= 0:
                r = back[r2]
                if f[via[r2] * ROWS + r] < push:
                    push = f[via[r2] * ROWS + r]
                r2 = r
            r2 = end
            while r2 >= 0:
                j = via[r2]
                f[j * ROWS + r2] += push
                r = back[r2]
                if r >= 0:
                    f[j * ROWS + r] -= push
                r2 = r
            room -= push
            need[end] -= push
            unmet -= push
    return unmet == 0
