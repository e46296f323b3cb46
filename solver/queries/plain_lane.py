"""The plain lane (issue 43): an engine-shaped request paid without building the domain objects.

An engine hands tapwise boards of tap abilities (``{"id": "W|U", "count": 2, "abilities":
[{"add": ["{W}", "{U}"]}]}``) and a cost. For those, :func:`answer` goes from the request dict to
the answer dict without a :class:`Problem`, a merge or a compile: the request is read straight
into what the fast path's compiled core reads (its kinds, one producer per entry, the cost's
variant made of the full path's shared demands by the lane's own cost reader,
:mod:`lane_cost`), solved by that core (``solver.fast.core.solve``, the same exact algorithm and
so the same solution), written as the answer by the lane's own writer (:mod:`lane_answer`, the
part of ``solver.answer.build`` a plain solution needs) and checked by counting
(:func:`_counted`). Everything the answer depends on is worked out as the full path works it
out, so the answer is the same, byte for byte (tests/test_plain_lane.py compares the lanes).

Which requests: ONE test, :func:`_read`, a whitelist of keys and value shapes (docs/fast.md,
"The plain lane"); anything else, and anything the core declines or the count rejects, returns
``None`` and ``pay`` takes its usual path, which words every error and refusal.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from tapwise.models.abilities import load_ability
from tapwise.models.caches import remember, table
from tapwise.models.fields import MAX_COUNT
from tapwise.models.loader import _problem_defaults, load_problem
from tapwise.models.mana import TYPES, format_types
from tapwise.models.problem import MAX_TIME_LIMIT, ProblemError, _payment_kind
from tapwise.models.total_cost import CostError
from tapwise.solver.answer.pool import _fixed_output, _output
from tapwise.solver.answer.explain import explain_by_count
from tapwise.solver.fast.core import solve_plain
from tapwise.solver.fast.templates import template
from tapwise.solver.contract import _mana_kind
from tapwise.solver.front.groups import _accept
from tapwise.solver.queries import lane_answer
from tapwise.solver.queries.lane_cost import demands_on, read_on, variant
from tapwise.solver.queries.lane_cost import read as read_cost

REQUEST_KEYS = frozenset(("id", "cost", "sources", "time_limit"))
SOURCE_KEYS = frozenset(("id", "count", "abilities"))
_DEFAULTS = _problem_defaults()
# the objectives in force on a version-1 problem without keywords, X or keep (spec section 5)
_OBJECTIVES: tuple[str, ...] = load_problem({"cost": "{1}"}).objective
_PLAYER = _DEFAULTS["player"]
# Phyrexian life the default player may pay (as core.solve bounds it): at most the life, and the
# life left at least keep_life
_LIFE_LIMIT = min(_PLAYER.life, _PLAYER.life - (_PLAYER.keep_life or 0))


class _BoardFields:
    """The fields of :class:`_Board` that differ per call (C slots when compiled,
    ``plain_lane.pxd``): its sources and its cost as the lane read it (``lane_cost.LaneCost``)."""

    __slots__ = ("sources", "lane")


class _Board(_BoardFields):
    """What the core and the answer builder read of a problem (the defaults of every
    :class:`Problem` field, but its cost and sources); the sources are the entries' producers,
    which carry their ids. Made by ``_BoardFields.__new__(_Board)``: no ``__init__`` called."""

    __slots__ = ()

    @property
    def cost(self) -> Any:
        """The problem's ``ManaCost``: the lane reads none, so it is made only when asked."""
        return self.lane.cost


for _name, _value in _DEFAULTS.items():
    if _name not in ("sources", "cost"):
        setattr(_Board, _name, _value)
_Board._v2 = _Board._v2_described = False  # (Problem's derived fields, as a plain one has them)
_Board.objective = _OBJECTIVES


class _Compiled:
    """What ``lane_answer.write`` and ``explain_by_count`` read of the lane's :class:`Compiled`
    (per call its problem, kinds, producers, spendable kinds and variants; the fields a plain
    board leaves at one value are the class's), made without a dict or ``__init__``
    (a C struct when compiled). Every field of :class:`Compiled` is here
    (tests/test_plain_lane.py checks it)."""

    __slots__ = ("problem", "kinds", "producers", "spendable", "variants")

    pool_units = MappingProxyType({})  # (read only: shared by every call)
    x_upper = 0
    unpayable = False
    _v2 = False
    plain = True
    _index = MappingProxyType({})
    shared = None


class _Tap:
    """One entry with its one tap ability, as a producer (``Producer``'s fields; those a tap
    ability without costs leaves at their defaults are the class's) and as the source the
    answer names (its ``id`` and ``count``). Made by ``_Tap.__new__(_Tap)`` and its slots set
    (a C struct when compiled: ``plain_lane.pxd``); every field of ``Producer`` is here
    (tests/test_plain_lane.py checks it)."""

    # (``tally`` and ``unspent``: the count's own tallies, :func:`_counted` sets them)
    __slots__ = ("source", "id", "count", "choices", "kind_of_type", "max_activations",
                 "outputs", "shown", "core", "tally", "unspent")

    ability = 0
    tap = True
    sacrifice = False
    uses = 1
    life = damage = energy = 0
    cost = ()
    removed = ()
    budget = None
    budget_cost = 0
    counters = discard = exile = mill = 0
    card = drawback = double = anywhere = is_converter = False
    others = reads = cap = None
    made_before = ()
    factor = 1
    cube = ()
    tapped = 0


# add (a text, or a tuple of texts) -> (choices, types made, merge signature, outputs, shown,
# the core's template, the types made as a mask) or False
_ADDS: dict[Any, Any] = table(4096)


def _add(add: Any) -> tuple | None:
    """What an ``add`` makes, read by the loader once per text: None unless it is fixed mana of
    the six types (106.1b) or one of several, nothing else."""
    if type(add) is str:
        key: Any = add
    elif type(add) is list:
        for u in add:
            if type(u) is not str:
                return None
        key = tuple(add)
    else:
        return None
    adds = _ADDS
    got = adds.get(key)
    if got is None:
        got = remember(adds, key, _read_add(add), 4096)
    return got or None


def _read_add(add: Any) -> tuple | bool:
    """:func:`_add`'s reading of ``add``: its choices straight when it is braced type letters
    (:func:`_letters`: most adds an engine hands), else the loader's ability; False outside the
    class."""
    choices = _letters(add)
    if choices is not None:
        # the payment kind the loaded ability would have: its key is its choices and a tap
        # ability's defaults (Ability._payment_key), the same numbers' table
        return _tail(choices, _payment_kind((choices,) + _PLAIN_KEY))
    if type(add) is list and not add:
        return False
    try:
        a = load_ability({"add": add}, "add")
    except (ProblemError, CostError, ValueError):
        return False
    if (a.only is not None or a._v2 or a._reflect is not None or a.mana is not None
            or not a.choices):
        return False
    return _tail(a.choices, a._payment_kind)


# Ability._payment_key but its choices, for an ability {"add": ...} and nothing else
_PLAIN_KEY = load_ability({"add": "{C}"}, "add")._payment_key[1:]
_LETTERS = 16  # most symbols of a text :func:`_letters` reads (the loader reads longer ones)


def _letters(add: Any) -> tuple | None:
    """The choices of ``add`` (``Ability.choices``) when it is a text of 1 to 16 braced type
    letters (``{W}``, ``{C}{C}``: one choice of their units, sorted as
    ``problem._choices_of_mana`` sorts them) or a list of such texts (their choices, each
    once, in order), else None (the loader reads it)."""
    if type(add) is str:
        choice = _letter_units(add)
        return None if choice is None else (choice,)
    if type(add) is not list or not add:
        return None
    seen: dict[tuple, None] = {}
    for text in add:
        if type(text) is not str:
            return None
        choice = _letter_units(text)
        if choice is None:
            return None
        seen[choice] = None
    return tuple(seen)


def _letter_units(text: str) -> tuple | None:
    """The units of a text of braced type letters (106.1b; upper case), sorted by letter as
    the loader sorts single units, or None."""
    n = len(text)
    if n < 3 or n % 3 or n > 3 * _LETTERS:
        return None
    units = []
    for i in range(0, n, 3):
        if text[i] != "{" or text[i + 2] != "}":
            return None
        t = text[i + 1]
        if _type_at(t) < 0:
            return None
        units.append(t)
    units.sort()
    return tuple(units)


def _tail(choices: tuple, signature: int) -> tuple | bool:
    """:data:`_ADDS`' entry of an ability making ``choices`` (merge kind ``signature``), each
    choice read once (:func:`_choice`: the same few come back in many adds)."""
    outputs: dict[str, str] = {}  # (the count's own reading of what an activation may add)
    shown = []  # per choice, what the answer shows an activation adding
    mask = 0
    for choice in choices:
        got = _CHOICES.get(choice)
        if got is None:
            got = remember(_CHOICES, choice, _choice(choice), 1024)
        if got is False:
            return False
        items, show, made = got
        for text, units in items:
            outputs[text] = units
        shown.append(show)
        mask |= made
    tpl = template(choices)
    if tpl is None:
        return False
    types = ""  # (Ability._types_made: in WUBRGC order)
    for i in range(6):
        if mask >> i & 1:
            types += TYPES[i]
    return choices, types, signature, outputs, tuple(shown), tpl, mask


# one choice of an add -> (what an activation choosing it may add as answered -> its types, as
# the answer shows it, the types it makes as a mask) or False outside the class
_CHOICES: dict[tuple, Any] = table(1024)


def _choice(choice: tuple) -> tuple | bool:
    """:data:`_CHOICES`' entry of ``choice``."""
    made = 0
    for unit in choice:
        if len(unit) > 1 and len(choice) > 1:
            return False  # a unit of a choice of types beside others
        for t in unit:
            i = _type_at(t)
            if i < 0:
                return False
            made |= 1 << i
    # a multiset makes all its units (as answered, in WUBRGC order); one unit, one type of it
    got = [sorted(choice, key=TYPES.index)] if len(choice) > 1 else list(choice[0])
    items = tuple([(format_types(m), "".join(m)) for m in got])
    # what the answer shows an activation adding (build._replay_plain's reading)
    fixed = _fixed_output(choice)
    show = None
    if fixed is not None:
        adds, _, units = _output(fixed)
        show = (adds, units)
    return items, show, made


def _read(request: dict[str, Any]) -> tuple | None:
    """THE test: the request as (entries' producers, the types made in order of first sight,
    cost, the producers by id) when it is of the plain class, else None. Keys and value shapes
    only; the values' texts are read once each. A dict's keys are among the allowed ones when
    the allowed keys it holds are all of its keys (counted: no set of keys is made)."""
    text = request.get("cost")
    sources = request.get("sources")
    if type(text) is not str or type(sources) is not list or not sources:
        return None
    n = 2
    if "time_limit" in request:
        n += 1
        limit = request["time_limit"]
        if limit is not None and (type(limit) is not int and type(limit) is not float
                                  or not 0 < limit <= MAX_TIME_LIMIT):
            return None
    if "id" in request:
        n += 1
    if len(request) != n:  # a key not in REQUEST_KEYS
        return None
    cost = read_cost(text)
    if cost is None:
        return None
    adds = _ADDS
    taps: list[_Tap] = []
    order = ""  # (the board's kinds: one per type, in this order, as compile._layout makes them)
    made = 0  # (the types in order, as a mask)
    seen: set[Any] = set()
    by_id: dict[str, _Tap] = {}
    for i, e in enumerate(sources):
        if type(e) is not dict:
            return None
        entry = e
        count = entry.get("count")
        n = 3
        if count is None:  # (absent: 1; a null count has 3 keys, and is refused)
            count = 1
            n = 2
        sid = entry.get("id")
        abilities = entry.get("abilities")
        # (an id and abilities of these types are there: with n keys, no key outside SOURCE_KEYS)
        if (len(entry) != n or type(sid) is not str or not sid or sid == "pool"
                or type(count) is not int or not 0 < count <= MAX_COUNT
                or type(abilities) is not list or len(abilities) != 1):
            return None
        a = abilities[0]
        if type(a) is not dict or len(a) != 1:
            return None
        ability = a
        text_or_list = ability.get("add")  # (None when its one key isn't "add")
        add = adds.get(text_or_list) if type(text_or_list) is str else None  # (met before)
        if add is None:
            add = _add(text_or_list)
        if not add:
            return None
        choices, types, signature, outputs, shown, tpl, mask = add
        seen.add(signature)
        if len(seen) <= i:  # entries alike: the full path merges them
            return None
        if mask & ~made:
            made |= mask
            for t in types:
                if t not in order:
                    order += t
        tap = _Tap.__new__(_Tap)
        tap.source = i
        tap.id = sid
        tap.count = tap.max_activations = count
        tap.choices = choices
        tap.outputs = outputs  # what an activation may add, as answered -> its types
        tap.shown = shown  # per choice: (adds, units) as the answer shows it, or None
        tap.core = tpl  # what the core's board reader takes of the choices (its template)
        by_id[sid] = tap
        if len(by_id) <= i:  # an id given twice: the usual path words the error
            return None
        taps.append(tap)
    return taps, order, cost, by_id


# the types made, in order of first sight -> (the board's kinds, the shared accept of them, their
# spendable set, per kind its type's bit, per type its kind): what compile's layout has of them
# that the lane reads (no _Layout: its index and dicts would be objects kept per order)
_LAYOUTS: dict[str, tuple] = table(1024)
# per type, its kind on a board of the class (a value: every board shares it) and its bit
_KIND = {t: _mana_kind(t, False, None, False) for t in TYPES}
_BIT = {t: 1 << i for i, t in enumerate(TYPES)}
# per kind index and type, its entry in a layout's spendable tuple (index, type, snow, may pay
# generic): one object per value, so a layout met first keeps none of its own
_SPEND = tuple([{t: (i, t, False, True) for t in TYPES} for i in range(len(TYPES))])
# per number of kinds, the set of all of them (a layout's spendable kinds)
_ALL_KINDS = tuple([frozenset(range(n)) for n in range(len(TYPES) + 1)])


def _kinds(order: str) -> tuple:
    """The layout of a board whose entries make ``order``'s types first in that order, as the
    lane reads it: that of ``compile._layout`` of their made keys (a kind per type, in order
    of first sight, none snow or restricted, so every kind may pay for every purpose:
    ``_Layout.spendable``), read once per order, straight (the general layout's steps are most
    of a first-met order's cost; tests/test_first_fills.py compares them on every order)."""
    layouts = _LAYOUTS
    got = layouts.get(order)
    if got is None:
        kinds = []
        made = {}
        spendable = []
        kind_bit = []
        n = len(order)
        for i in range(n):
            t = order[i]
            kinds.append(_KIND[t])
            made[t] = i
            spendable.append(_SPEND[i][t])
            kind_bit.append(_BIT[t])
        got = remember(layouts, order, (tuple(kinds), _accept(tuple(spendable)), _ALL_KINDS[n],
                                        tuple(kind_bit), made), 1024)
    return got


def answer(request: dict[str, Any]) -> dict[str, Any] | None:
    """The verified answer of ``request`` when it is of the plain class and the count confirms
    the payment, else None (``pay`` then takes its usual path)."""
    read = _read(request)
    if read is None:
        return None
    taps, order, lc, by_id = read
    kinds, accept, spendable, kind_bit, kind_of_type = _kinds(order)
    for p in taps:  # (each reads the types it makes; the others are the board's)
        p.kind_of_type = kind_of_type
    board = _BoardFields.__new__(_Board)
    board.sources = taps
    board.lane = lc
    cost = read_on(lc, accept, kind_bit)
    # the core reads the entries and the demands straight (solve_plain): the same board and
    # rows as its reading of c
    sol = solve_plain(taps, kind_bit, cost, _OBJECTIVES, board)
    if sol is None:
        return None
    c = _Compiled.__new__(_Compiled)
    c.problem = board
    c.kinds = kinds
    c.producers = taps
    c.spendable = spendable
    if sol.status == "infeasible":
        # (what the explanation reads)
        c.variants = [variant(lc, accept, demands_on(lc, accept))]
        # explained by a count over the board, as explain() would (no keywords here); when no
        # count does, explain() asks CP-SAT's model for a core, which reads the whole Problem:
        # the usual path answers
        why = explain_by_count(c)
        if why is None:
            return None
        out = {"status": "infeasible", "optimal": True, **why}
    else:
        c.variants = _NO_VARIANTS
        out = lane_answer.write(c, sol, taps, lc.rows, lc.printed)
        if not _counted(out, by_id, lc.symbols, lc.generic):
            return None  # the full path pays it again, and its verifier words what is wrong
    if "id" in request:
        out["id"] = request["id"]
    return out


_NO_VARIANTS = ()  # (a paid answer's writer reads none)


def _counted(answer: dict[str, Any], by_id: dict[str, _Tap], symbols: dict[str, list[Any]],
             generic: int) -> bool:
    """An independent check of a plain payment, by counting: each source's activations within
    its copies, each making what its ability makes; each symbol paid once, by mana of a type it
    accepts (its ``half`` for hybrid ones) or 2 life for a Phyrexian one, generic by any mana;
    no mana spent that wasn't made, the rest left over; life within the player's. Its
    containers are typed (``plain_lane.pxd``): whatever isn't a dict where one is read is
    refused. Its tallies are C integers when compiled: per entry its activations and its
    unspent units per type (by the type's place in ``TYPES``), per symbol of the cost the
    units paid (by its place in ``symbols``)."""
    if answer.get("status") != "paid" or len(symbols) > _MAX_SYMBOLS:
        return False
    for q in by_id.values():  # (the count's own tallies, kept on the entries)
        p = q
        p.tally = 0  # its activations counted
        p.unspent = [0, 0, 0, 0, 0, 0]  # per type: units made and not yet spent
    used = 0
    for a in answer["activations"]:
        if type(a) is not dict:
            return False
        act = a
        p = by_id.get(act["source"])
        got = act["times"]
        if (p is None or act["ability"] != 0 or type(got) is not int or got <= 0
                or got > p.count):
            return False
        times = got
        got = p.outputs.get(act["adds"])
        if got is None:
            return False
        units = got
        p.tally += times
        if p.tally > p.count:
            return False
        used += times
        for c in units:
            i = _type_at(c)
            if i < 0:
                return False
            p.unspent[i] += times
    paid = [0] * 64  # (_MAX_SYMBOLS) per symbol of the cost (its place in ``symbols``): units paid
    life = 0
    paid_generic = 0
    for py in answer["payments"]:
        if type(py) is not dict:
            return False
        pay = py
        got = pay["symbol"]
        if type(got) is not str:
            return False
        sym = got
        j = 0
        info = None
        for key, value in symbols.items():  # (a symbol of the cost; generic ones aren't)
            if key is sym or key == sym:
                info = value
                break
            j += 1
        keys = 2  # (its symbol and mana, its count and half when given: no other key)
        got = pay.get("count")
        if got is None:
            n = 1
        else:
            n = _count(got)
            if n == 0:
                return False
            keys += 1
        mana = pay.get("mana")
        if info is None:
            if n != 1 or not _generic(sym):  # numbered generic: one payment
                return False
            accept = _ANY
            if mana is None:  # (no mana listed: none)
                mana = ()
                keys -= 1
        else:
            paid[j] += n
            if mana is None:  # paid with life: 2 a Phyrexian symbol (107.4f)
                if not info[2] or pay.get("life") != 2:
                    return False
                life += 2 * n
                continue
            accept = _mask(info[1])
            got = pay.get("half")
            if got is not None:  # its half: one type the symbol accepts, braced
                if type(got) is not str:
                    return False
                half = got
                if len(half) != 3 or half[0] != "{" or half[2] != "}":
                    return False
                i = _type_at(half[1])
                if i < 0 or not accept >> i & 1:
                    return False
                accept = 1 << i
                keys += 1
        if len(pay) != keys:  # (life beside mana, or a key an answer doesn't have)
            return False
        # the mana listed, taken from what was made: each of a type ``accept`` holds, from a source
        total = 0
        for mm in mana:
            if type(mm) is not dict:
                return False
            m = mm
            got = m.get("type")
            p = by_id.get(m.get("source"))
            if p is None or type(got) is not str:
                return False
            t = got
            if len(m) == 2:  # (type and source: no count, no pool)
                k = 1
            elif len(m) == 3:  # (type, source and count)
                k = _count(m.get("count"))
                if k == 0:
                    return False
            else:
                return False
            if len(t) != 1:
                return False
            i = _type_at(t[0])
            if i < 0 or not accept >> i & 1:
                return False
            p.unspent[i] -= k  # (below 0 when more was spent than made: refused below)
            total += k
        if info is None:
            paid_generic += total
        elif total != n:
            return False
    if paid_generic != generic:
        return False
    j = 0
    for value in symbols.values():
        info = value
        if paid[j] != info[0]:
            return False
        j += 1
    if life > _LIFE_LIMIT or answer["life_paid"] != life:
        return False
    left_over = [0, 0, 0, 0, 0, 0]
    for q in by_id.values():
        p = q
        for i in range(6):
            k = p.unspent[i]
            if k < 0:
                return False
            left_over[i] += k
    got = answer["left_over_counts"]
    if type(got) is not dict:
        return False
    shown = got
    n = 0
    for i in range(6):
        if left_over[i]:
            n += 1
            if shown.get(TYPES[i]) != left_over[i]:
                return False
    return (len(shown) == n and answer["announce"]["phyrexian_life"] == life // 2
            and answer["sources_used"] == used)


_MAX_SYMBOLS = 64  # (more distinct symbols than the count tallies, plain_lane.pxd's size: the
# full path pays it)
_ANY = 63  # generic mana: any of the six types


def _type_at(c: str) -> int:
    """A type's place in ``TYPES`` (WUBRGC), -1 for anything else."""
    if c == "W":
        return 0
    if c == "U":
        return 1
    if c == "B":
        return 2
    if c == "R":
        return 3
    if c == "G":
        return 4
    if c == "C":
        return 5
    return -1


def _mask(types: str) -> int:
    """The types of ``types`` as bits of their places in ``TYPES``."""
    mask = 0
    for c in types:
        i = _type_at(c)
        if i >= 0:
            mask |= 1 << i
    return mask


def _count(v: Any) -> int:
    """A payment's or a mana entry's ``count`` when a whole number from 1 to 2**31 - 1, else 0
    (refused; a bool isn't a count)."""
    if type(v) is not int or not 0 < v < 2147483648:
        return 0
    return v


def _generic(sym: str) -> bool:
    """Whether ``sym`` is a numbered generic symbol: ASCII digits between braces."""
    n = len(sym)
    if n < 3 or sym[0] != "{" or sym[n - 1] != "}":
        return False
    for i in range(1, n - 1):
        if not "0" <= sym[i] <= "9":
            return False
    return True
