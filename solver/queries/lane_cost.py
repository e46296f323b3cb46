"""The plain lane's cost reader (issue 43): a cost text of the class straight to what the lane needs.

A board of the plain class meets a cost text it has never met at most every call (an engine asks
every spell of every hand), so this read is on the lane's hot path. A text of braced symbols
(``{2}{W}{U/G}``) is split on ``}{`` and each body found in a memo of the few dozen spellings
(:class:`_Body`, each read once by the loader's own parser, ``models.abilities._cost``); any
other text (spaces, the short form ``2WU``) is parsed whole by that parser. Every spelling of a
symbol shares one :class:`_Sym` (by printed text) that keeps all that is per symbol (its rows,
the count's reading, its sort key as one number) and, per count, its piece (groups.py's shared
group, the count's reading of that many, their printed text). The read tallies the symbols in
its own two lists (each symbol found among the few met so far by C compares), which gives the
groups in order of first sight as ``groups._groups`` makes them, then takes each group's piece
(typed in ``lane_cost.pxd``). It writes nothing shared but a piece of a count never met, so
reads on several threads need no lock:

- per group, the shared ``groups._Group`` whose demands are remembered per board layout: so
  :func:`read_on` gives the core's rows of them, with no total-cost shapes, per-cost compile,
  demand or :class:`Variant` (:func:`demands_on` and :func:`variant` make those only to
  explain an infeasible cost);
- per group, how the answer prints each of its options (``build._rows``' row, per symbol);
- the count's own reading (``plain_lane._counted``): per symbol text, how many, the types that
  may pay it and whether 2 life may, and the generic mana (shared per symbol and count: read,
  never written);
- the answer's printed ``total_cost`` (``TotalCost.printed(0)``'s text), made from the groups
  in order of sort key (a few groups, not a sort of every symbol);
- its one total cost, as ``total_cost._usual`` makes a cost without changes (its terms each
  spelling's own), and its ``ManaCost``: made from its bodies only when first asked (the
  explanation of an infeasible cost reads the total; a paid answer neither). A never-met text
  keeps three containers and the ``LaneCost``; each is a gc-tracked object, and the
  collector's generation-0 pass, about 40 µs, comes every ~700 of them.

Anything outside the class (X, {S}, {2/W}, {E}, {0}, a bad text) is ``None``: the usual path
reads it, and words its errors. tests/test_lane_cost_read.py compares the reader with the
loader and the compiler on thousands of texts.
"""

from __future__ import annotations

from typing import Any

from tapwise.models.abilities import _cost
from tapwise.models.caches import remember, table
from tapwise.models.mana import (KIND_COLORED, KIND_COLORLESS, KIND_COLORLESS_HYBRID,
                                  KIND_GENERIC, KIND_HYBRID, KIND_HYBRID_PHYREXIAN,
                                  KIND_PHYREXIAN, SYMBOL_FACTS, TYPES, ManaCost, symbol_facts)
from tapwise.models.problem import ProblemError
from tapwise.models.total_cost import OWN, CostError, Term, TotalCost
from tapwise.models.values import assemble
from tapwise.solver.contract import Variant
from tapwise.solver.fast.core import read_plain_cost
from tapwise.solver.front.groups import _GROUPS, _group, _option_keys

# the symbols of the class (106.1, 107.4): no X, {S}, {2/W}, {E}
_SYMBOL_KINDS = (KIND_COLORED, KIND_COLORLESS, KIND_GENERIC, KIND_HYBRID, KIND_COLORLESS_HYBRID,
                 KIND_PHYREXIAN, KIND_HYBRID_PHYREXIAN)
_LIFE_KINDS = (KIND_PHYREXIAN, KIND_HYBRID_PHYREXIAN)
# the half is announced (601.2b): build._HALVES within the class
_HALVES = (KIND_HYBRID, KIND_COLORLESS_HYBRID, KIND_HYBRID_PHYREXIAN)


class LaneCost:
    """A cost text of the class, read (:func:`read`). What every call on it reads (its groups,
    rows, the count's reading, the printed total) is made by the read; its ``ManaCost`` and
    ``TotalCost``, which only the explanation of an infeasible cost (:func:`variant`) and the
    tests read, are made from its bodies when first asked (a never-met text keeps three
    containers beside it instead of eleven)."""

    __slots__ = ("groups", "rows", "symbols", "generic", "printed", "_bodies", "_cost",
                 "_total", "_first", "_variants")

    groups: tuple  # per demand: groups.py's shared _Group
    rows: tuple  # per demand, per option: build's Row
    symbols: dict  # the count's reading: text -> [count, types, life?]
    generic: int  # generic mana ({1} and the like, summed)
    printed: str  # the total cost as the answer prints it (TotalCost.printed(0)'s text)
    # its bodies (:class:`_Body`) in order, what cost and total are made from; a kept text keeps
    # its text instead (:func:`_bodies_of`)
    _bodies: Any
    _cost: Any  # the ManaCost, once asked (:attr:`cost`)
    _total: Any  # the TotalCost, once asked (:attr:`total`)
    # read_on's first board layout: the core's reading of the cost there, tagged with its
    # accept (one object, so that a thread never sees one layout's accept with another's rows)
    _first: Any
    _variants: Any  # the other layouts: id(accept) -> the core's reading, tagged alike

    @property
    def cost(self) -> ManaCost:
        """The ManaCost of its symbols (the lane's problem's cost), made when first asked."""
        got = self._cost
        if got is None:  # (two threads may each make one: equal values, either kept)
            got = self._cost = _cost_of(self)
        return got

    @property
    def total(self) -> TotalCost:
        """Its one TotalCost, as ``total_cost._usual`` makes a cost without changes (its terms
        each spelling's own), its printed text the read's; made when first asked."""
        got = self._total
        if got is None:
            got = self._total = _total_of(self)
        return got


def _cost_of(lc: LaneCost) -> ManaCost:
    """:attr:`LaneCost.cost` made: the ManaCost of its bodies' symbols."""
    symbols = []
    for b in _bodies_of(lc):
        symbols.append(b.symbol)
    return assemble(ManaCost, {"symbols": tuple(symbols)})


def _total_of(lc: LaneCost) -> TotalCost:
    """:attr:`LaneCost.total` made: its bodies' terms, its generic and printed text (remembered
    as ``TotalCost.printed`` would remember it)."""
    terms = []
    for b in _bodies_of(lc):
        terms.append(b.term)
    template = _TOTAL
    state = template.copy()
    state["terms"] = tuple(terms)
    state["generic"] = lc.generic
    state["_printed"] = {0: lc.printed}
    return assemble(TotalCost, state)


def _bodies_of(lc: LaneCost) -> list:
    """The cost's bodies (:class:`_Body`) in order: kept with a text read once, read again from
    its text for a kept one (which keeps its text in their place: one container fewer per
    kept text, and only an infeasible cost's explanation asks)."""
    bodies = lc._bodies
    if type(bodies) is str:
        again = _read(bodies)
        return again._bodies
    return bodies


class _Sym:
    """A symbol of the class, by its printed text (one object per text, :func:`_sym`): what
    every cost that has it needs, worked out once, and its groups per count. A read never
    writes it but for a piece of a count never met (one dict store), so reads on several
    threads need no lock."""

    __slots__ = ("symbol", "text", "amount", "rows", "types", "life", "key", "pieces")

    symbol: Any  # the symbol (of the spelling met first)
    text: str  # its printed text
    amount: int  # a generic symbol's amount, else 0
    rows: tuple  # build's Row per option (:func:`_symbol`)
    types: str  # the count's reading: the types that may pay it, and whether 2 life may
    life: bool
    key: int  # its sort key (601.2f's order) as one number: :func:`_key`
    pieces: dict  # count -> (its groups._Group, the count's reading)


class _Body:
    """A symbol body as spelled (``W``, ``w``, ``U/W``): its symbol and term, and its
    :class:`_Sym` (spellings of one symbol share it)."""

    __slots__ = ("symbol", "term", "sym")

    symbol: Any
    term: Any  # Term(symbol, OWN), as total_cost._usual makes it
    sym: _Sym


# printed symbol text -> _Sym; emptied (with _BODIES) when full, at a read's start: a read on
# another thread may then meet two _Sym of one text, which it tallies as one (:func:`_tallied`)
_SYMS: dict[str, _Sym] = table(512)
# a symbol's body (``W/U`` of ``{W/U}``) -> its _Body, False outside the class, None when the
# loader reads it otherwise
_BODIES: dict[str, Any] = table(256)
# cost text -> LaneCost, or False outside the class: a text met twice (see :func:`read`)
_READ: dict[str, Any] = table(4096)
# the texts met once and not kept (strings only: the collector doesn't count them)
_ONCE: set[str] = set()
# TotalCost's fields that are the same for every cost of the class (total_cost._usual's: no
# life cost, X, energy or changes); its symbol_counts are left to TotalCost (``cached``: only
# the verifier's replay reads them, which the lane doesn't run)
_TOTAL = {"terms": (), "variant": "cost", "generic_reduction": 0, "life": 0,
          "x_forced_zero": False, "energy": 0, "x_symbols": 0, "generic": 0, "_printed": None}


def read(text: str) -> LaneCost | None:
    """The cost ``text`` read, or None outside the class; remembered from its second read on.

    A text met once is read and not kept, and only the text is noted (in :data:`_ONCE`); the
    next time it comes it is read again and kept. So a text asked once (a board's one-off
    question, most of a search's never-met boards) leaves no objects behind: the reading of a
    kept text is about ten containers with the layouts it met, and every ~700 of those left
    make the collector run a pass (about 40 µs) inside some caller's call. A text asked again
    pays its read twice, once (issue 43: docs/speed.md)."""
    memo = _READ
    got = memo.get(text)
    if got is None:
        got = _read(text)
        once = _ONCE
        if text in once:
            if len(memo) >= 4096:  # (remember's bound, inline: a Python call less)
                memo.clear()
            memo[text] = got
            if got is not False:  # kept: its text stands for its bodies (a str, not a list)
                got._bodies = text
        else:
            if len(once) >= 4096:
                once.clear()
            once.add(text)
    return got or None


def _read(text: str) -> LaneCost | bool:
    # the text's bodies (each spelling's _Body, read once per spelling), or the loader's parse
    if len(_SYMS) >= 512:
        _SYMS.clear()
        _BODIES.clear()
    found: list[Any] | None = None
    last = len(text) - 1
    if last > 0 and text[0] == "{" and text[last] == "}":
        found = []
        bodies = _BODIES
        for body in text[1:last].split("}{"):
            b = bodies.get(body)
            if b is None:
                b = remember(bodies, body, _body(body), 256)
                if b is None:  # (a body the loader reads otherwise: so is the whole text)
                    found = None
                    break
            if b is False:
                return False
            found.append(b)
    if found is None:  # not braced symbols one after the other: the loader's parser reads it
        try:
            parsed = _cost(text, "cost")
        except (ProblemError, CostError, ValueError):
            return False
        found = []
        for s in parsed.symbols:
            b = _spelled(s)
            if b is False:
                return False
            found.append(b)
    return _tallied(found)


def _tallied(found: list[Any]) -> LaneCost | bool:
    """The cost of the bodies ``found``: the symbols tallied in the read's own arrays (the
    groups in order of first sight, as ``groups._groups`` makes them), then per group its
    shared piece (its group, the count's reading). Nothing shared is written (a piece of a
    count never met aside): no lock, whatever the threads. False past 64 groups (the read's
    arrays; only texts of many generic numbers, ``{1}{2}...{65}``, have more): the usual path
    reads those."""
    order = []  # the symbols met (their _Sym), in order of first sight
    # per group (C arrays when compiled): its sort key, generic amount, how many
    keys = [0] * 64
    amounts = [0] * 64
    counts = [0] * 64
    k = 0
    generic = 0
    generics = 0  # generic symbols: when one, its text is the printed generic
    generic_text = ""
    for b in found:
        s = b.sym
        key = s.key
        amount = s.amount
        j = 0
        while j < k:  # (a few groups: C compares)
            if keys[j] == key and amounts[j] == amount:
                t = order[j]
                # one printed text, one group: its _Sym, or (the symbol memo emptied by a read
                # on another thread) one of the same text made again
                if t is s or t.text == s.text:
                    break
            j += 1
        if j == k:
            if k == 64:
                return False
            order.append(s)
            keys[k] = key
            amounts[k] = amount
            counts[k] = 1
            k += 1
        else:
            counts[j] += 1
        if amount:
            generic += amount
            generics += 1
            generic_text = s.text
    groups = []
    rows = []
    symbols: dict[str, list[Any]] = {}
    # the non-generic groups by sort key, those of one key in order of first sight (as a
    # stable sort puts them): put in place as they come, a few groups
    by_key = [0] * 64
    m = 0
    for j in range(k):
        s = order[j]
        n = counts[j]
        piece = s.pieces.get(n)
        if piece is None:
            piece = _piece(s, n)
        groups.append(piece[0])
        rows.append(s.rows)
        if not amounts[j]:
            symbols[s.text] = piece[1]
            i = m
            while i > 0 and keys[by_key[i - 1]] > keys[j]:
                by_key[i] = by_key[i - 1]
                i -= 1
            by_key[i] = j
            m += 1
    # the printed total (TotalCost.printed's text): the symbols by sort key, the generic merged
    # first; within the class a sort key names one printed text, so sorting the groups sorts
    # the symbols (tests/test_plain_lane.py compares it with the loader's)
    printed = ""
    for i in range(m):
        j = by_key[i]
        s = order[j]
        n = counts[j]
        printed += s.text if n == 1 else s.text * n
    if generic > 0:
        printed = (generic_text if generics == 1 else "{%d}" % generic) + printed
    elif not printed:
        printed = "{0}"
    lc = LaneCost.__new__(LaneCost)
    lc.groups = tuple(groups)
    lc.rows = tuple(rows)
    lc.symbols = symbols
    lc.generic = generic
    lc.printed = printed
    lc._bodies = found
    lc._cost = lc._total = lc._first = lc._variants = None
    return lc


def _piece(s: _Sym, n: int) -> tuple:
    """``n`` symbols ``s`` in a cost, the same in every cost that has them: their shared
    ``groups._Group`` (the groups module's own, read from its memo) and the count's reading."""
    group = _GROUPS.get((s.text, n, False, None))
    if group is None:
        group = _group(s.symbol, s.text, n, False, None)
    piece = (group, [n, s.types, s.life])
    if len(s.pieces) < 64:
        s.pieces[n] = piece
    return piece


def _body(body: str) -> _Body | bool | None:
    """A body's :class:`_Body`, False outside the class, or None when the loader's parser reads
    it otherwise (in its context: the whole text goes to it)."""
    if "{" in body or "}" in body or body.split() != [body]:
        return None
    try:
        cost = _cost("{%s}" % body, "cost")
    except (ProblemError, CostError, ValueError):
        return None  # (the loader's parser words it, or reads it in its context)
    if len(cost.symbols) != 1:
        return None
    return _spelled(cost.symbols[0])


def _spelled(s: Any) -> _Body | bool:
    """The :class:`_Body` of symbol ``s`` as a spelling gives it, or False outside the class
    (X, {S}, {2/W}, {E}, {0})."""
    f = SYMBOL_FACTS.get(id(s)) or symbol_facts(s)
    sym = _SYMS.get(f[1])
    if sym is None:
        sym = _sym(s, f)
        if sym is None:
            return False
        _SYMS[f[1]] = sym  # (bounded by _read, between reads)
    b = _Body()
    b.symbol = s
    b.term = Term(s, OWN)
    b.sym = sym
    return b


def _sym(s: Any, f: tuple) -> _Sym | None:
    """The :class:`_Sym` of symbol ``s`` (its facts ``f``), or None outside the class."""
    _, text, sort_key, kind, colors = f
    if kind not in _SYMBOL_KINDS:
        return None
    amount = 0
    if kind is KIND_GENERIC:
        amount = s.amount
        if amount <= 0:
            return None
        key = 0
    else:
        key = _key(sort_key)
        if key < 0:
            return None
    sym = _Sym()
    sym.symbol = s
    sym.text = text
    sym.amount = amount
    sym.rows, sym.types, sym.life = _symbol(s)
    sym.key = key
    sym.pieces = {}
    return sym


def _key(sort_key: Any) -> int:
    """A sort key ``Symbol.sort_key`` (kind's rank, color, pair) as one number of the same
    order, or -1 when it has no such number (outside the class)."""
    if type(sort_key) is not tuple or len(sort_key) != 3:
        return -1
    rank, color, pair = sort_key
    if not (0 <= rank < 100 and 0 <= color < 10 and 0 <= pair < 10):
        return -1
    return rank * 100 + color * 10 + pair


def _symbol(s: Any) -> tuple:
    """A symbol's rows (``build._rows``, per option: symbol, life, half announced, generic
    category, units, the payment's ``half``) and the count's reading of it (the types that
    may pay it; whether 2 life may)."""
    _, text, _, kind, colors = SYMBOL_FACTS.get(id(s)) or symbol_facts(s)
    options = _option_keys(s, False, None)
    halves = kind in _HALVES
    rows = tuple([(text, life, "{%s}" % half if halves else None, generic, units,
                   "{%s}" % half if half and len(options) > 1 else None)
                  for units, _, _, life, generic, half in options])
    types = "C" if kind is KIND_COLORLESS else colors
    if kind is KIND_COLORLESS_HYBRID:
        types += "C"
    if kind is KIND_GENERIC:
        types = TYPES
    return rows, types, kind in _LIFE_KINDS


def read_on(lc: LaneCost, accept: Any, kind_bit: tuple[int, ...]) -> Any:
    """The core's reading of the cost on a board whose kinds ``accept`` (``groups._Accept``)
    names, kinds ``kind_bit`` (the same kinds, one per type: ``core.read_plain_cost`` of the
    groups on the types made, None outside its class); remembered per accept (the first in the
    cost itself, the others in a dict), each tagged with its accept (``_Cost.tag``: one object
    per layout kept, and a thread never sees one layout's reading as another's). The demands
    (:func:`demands_on`) are made only where read: an infeasible cost's explanation."""
    first = lc._first
    if first is not None and first.tag is accept:
        return first
    key = id(accept)
    variants = lc._variants
    if variants is not None:
        got = variants.get(key)
        if got is not None and got.tag is accept:
            return got
    made = 0
    for bit in kind_bit:
        made |= bit
    core_cost = read_plain_cost(lc.groups, made)  # (each group's row per set of types made)
    if core_cost is None:
        return None  # (outside the core's class: the usual path answers, nothing kept)
    core_cost.tag = accept  # (the reading holds the accept: its id isn't reused while it stands)
    if first is None:
        lc._first = core_cost
    else:
        if variants is None:
            variants = lc._variants = {}
        remember(variants, key, core_cost, 64)
    return core_cost


def demands_on(lc: LaneCost, accept: Any) -> tuple:
    """The cost's demands on a board whose kinds ``accept`` names: its groups' shared ones
    (``_Group.demand``), what :func:`variant` reads."""
    demands = []
    for g in lc.groups:  # (g.demand(accept), its memo read here: no method call)
        by = g._by_accept
        d = by.get(accept)  # (an accept hashes by identity)
        demands.append(d if d is not None else g.demand(accept))
    return tuple(demands)


def variant(lc: LaneCost, accept: Any, demands: tuple) -> Variant:
    """The cost's one :class:`Variant` (its ``demands`` on a board whose kinds ``accept``
    names, :func:`demands_on`'s): what ``groups._variants`` makes of it (no Achroma, spend_as or
    X). The core doesn't read it (``read_on`` gave it its rows); the count's explanation of
    an infeasible cost does (its total made here the first time: :attr:`LaneCost.total`)."""
    total = lc._total
    if total is None:
        total = lc._total = _total_of(lc)
    return assemble(Variant, {"total": total, "demands": demands, "x_symbols": 0,
                              "x_accept": accept.kinds(TYPES, False, True), "x_zero": False,
                              "energy": 0})
