"""The verifier's quick acceptance of a plain answer (issue 22: a prepared board in 15 µs).

Most answers pay a plain cost from plain permanents: lands and rocks that tap for mana with no
mana cost, reflection or section-9 key (and no restriction keeping their mana from this cost),
no pool, no Achroma and no ``spend_as``. For such an answer :func:`accepts` replays the same
rules as verify/replay.py's full replay, with the pool counted per (type, source) instead of per
token, and the problem's parts that no answer changes (each source's abilities as records, the
first total cost, the player) read once per problem and kept.

Why it loses no check: :func:`accepts` only ever says "legal" or "not shown": it returns True
only when every check of the full replay holds for the first total cost (so the full replay
would return ``[]`` with the same measured values), and False at the first thing it doesn't
follow or that breaks a rule. On False, verify/replay.py replays the answer in full, which words
every
error; no error is ever worded here. Being plain is judged per activation and per payment, so
an answer using one ability with a cost is replayed in full even on a plain board. Like
verify/replay.py it shares no code with the solver (DESIGN principle 4).
"""

from __future__ import annotations

from typing import Any

from tapwise.models.caches import remember, table
from tapwise.models.mana import COLORS, KIND_ENERGY, KIND_GENERIC, KIND_HYBRID_PHYREXIAN, KIND_PHYREXIAN, \
    KIND_SNOW, KIND_TWOBRID, KIND_X, SYMBOL_FACTS, TYPES, symbol_facts
from tapwise.models.problem import Problem
from tapwise.models.total_cost import total_costs
from tapwise.solver.verify.mana import _mana_ok, _one_of_choices, _parse_types, _symbol

# What a payment's symbol asks of the mana paying it (its category).
GENERIC = 0  # numbered generic: any mana, checked by amounts
X = 1  # {X}: checked by amounts, each mana of the types accepted
MANA = 2  # one mana of the types accepted
SNOW = 3  # {S}: one mana from a snow source
PHYREXIAN = 4  # one mana of the types accepted, or 2 life

TYPE_INDEX = {t: i for i, t in enumerate(TYPES)}  # W U B R G C: 0-5, the pool's columns
N_TYPES = len(TYPES)
LIMIT = 512  # entries of each memo below, and outputs remembered per ability
PROBLEMS = 4096
"""Problems (and boards) whose plans are kept: as many as a prepared board keeps questions, so a
search cycling through a thousand boards doesn't empty the table every few hundred answers."""
# id(problem) -> (problem, its _Plan or None)
_PLANS: dict[int, tuple[Problem, Any]] = table(PROBLEMS)
_BOARDS: dict[int, tuple[Any, Any]] = table(PROBLEMS)  # id(sources) -> (sources, _SourcesById)
# id(source) -> (source, _Src): loaded sources are shared
_RECORDS: dict[int, tuple[Any, Any]] = table(4096)
# id(ability) -> (ability, _Ab or None): so are abilities
_ABILITIES: dict[int, tuple[Any, Any]] = table(4096)
# a payment's symbol text -> (category, mask of the types accepted) or False
_SYMBOLS: dict[str, Any] = table(1024)
_NO_ITEMS: list[Any] = []
"""No activations, payments or mana: what an answer leaving one out has (never changed)."""
_NOTHING: dict[str, Any] = {}
"""What an activation, payment or mana entry that isn't an object says: nothing (never changed)."""
_COLUMN_OF_CHAR = bytes(TYPES.find(chr(o)) + 1 for o in range(128))
"""1 + the pool's column of each ASCII character that is a mana type (TYPE_INDEX), else 0."""
_VALUES = {"min_life": 0, "min_energy": 0, "min_sacrifices": 0, "min_sources": 0, "min_waste": 0,
           "max_x": 0,
           "max_colors": 0, "min_colors": 0, "min_drawbacks": 0, "min_cards": 0, "min_counters": 0}
"""The objectives' values as verify._finish measures them, in its order (each replay copies it)."""
_COLORS_SPENT = tuple([c for i, c in enumerate(COLORS) if mask >> i & 1]
                      for mask in range(1 << len(COLORS)))
"""colors_spent for each set of types spent, as a mask over TYPE_INDEX (C, bit 5, left out)."""


class _Ab:
    """A plain ability as the replay reads it: what an activation uses, and the outputs met so
    far by their ``adds`` text (the pool's columns, or False when it can't make them)."""

    def __init__(self, ab: Any) -> None:
        self.tap = bool(ab.tap)
        self.uses = ab.uses
        self.sacrifice = bool(ab.sacrifice)
        self.life = ab.life
        self.damage = ab.damage
        self.energy = ab.energy
        self.costly = bool(ab.life or ab.damage or ab.energy)
        self.choices = ab.choices
        self.made: dict[str, Any] = {}
        self.only = ab.only

    def columns(self, adds: str) -> Any:
        """What an activation adding ``adds`` puts in the pool, by column (repeats count), or
        False if it can't add that (verify._legal_output, for an ability without reflect)."""
        made = _parse_types(adds)
        if made is None or not (made in self.choices or _one_of_choices(self.choices, made)):
            found: Any = False
        else:
            found = tuple(TYPE_INDEX[t] for t in made)
        return remember(self.made, adds, found, LIMIT)


class _Src:
    """A source as the replay reads it: its copies, untapped copies, and abilities (None where
    not plain)."""

    def __init__(self, src: Any) -> None:
        self.count = src.count
        self.free = src.count - src.tapped
        self.snow = bool(src.snow)
        self.field = src.zone == "battlefield"
        self.abilities = tuple([_ability_record(ab) for ab in src.abilities])


def _ability_record(ab: Any) -> Any:
    """The :class:`_Ab` of a plain ability, else None; kept by the ability's identity, as the
    loader shares one ability object between every entry (and board) that lists it, so a new
    board of known cards reuses the records and the outputs they met."""
    kept = _ABILITIES.get(id(ab))
    if kept is None or kept[0] is not ab:
        kept = remember(_ABILITIES, id(ab), (ab, _Ab(ab) if _plain_ability(ab) else None), 4096)
    return kept[1]


def _plain_ability(ab: Any) -> bool:
    """Is the ability one the quick replay follows? No cost in mana, no mana that can't pay
    generic, no reflection, no Doubling Cube and no section-9 key. (Mana restricted to some
    spells is followed on a problem whose cost it may pay: see _Plan.allows.)"""
    return (ab.mana is None and (ab.only is None or not ab.only.not_generic) and not ab._reflect
            and not ab._double_pool and not ab._v2)


class _SourcesById:
    """The sources by id (the last of an id wins, as in verify/replay.py's ``by_id``): each one's
    number, and its record by number."""

    def __init__(self, sources: Any) -> None:
        by_id: dict[str, _Src] = {}
        for src in sources:
            kept = _RECORDS.get(id(src))
            if kept is None or kept[0] is not src:
                kept = remember(_RECORDS, id(src), (src, _Src(src)), 4096)
            by_id[src.id] = kept[1]
        self.index = {sid: i for i, sid in enumerate(by_id)}
        self.records = tuple(by_id.values())


class _Plan:
    """A plain problem's parts the replay reads: its board, the first total cost and the player."""

    def __init__(self, p: Problem, board: _SourcesById, tc: Any) -> None:
        self.index = board.index
        self.records = board.records
        slots: dict[str, int] = {}  # verify._match: the symbols other than generic and {X}, by text
        wanted: list[int] = []  # (as TotalCost.symbol_counts counts them, in the same order)
        generic = x_symbols = 0  # (as TotalCost.generic and x_symbols count them)
        facts = SYMBOL_FACTS  # each symbol's text and kind, read once per symbol (the notation's)
        for term in tc.terms:
            sym = term.symbol
            known = facts.get(id(sym)) or symbol_facts(sym)
            kind = known[3]
            if kind is KIND_GENERIC:
                generic += sym.amount
            elif kind is KIND_X:
                x_symbols += 1
            else:
                text = known[1]
                k = slots.get(text, -1)
                if k < 0:
                    slots[text] = len(wanted)
                    wanted.append(1)
                else:
                    wanted[k] += 1
        self.slots = slots
        self.wanted = wanted
        # a payment's symbol text -> (category, mask, slot in wanted or -1)
        self.symbols: dict[str, Any] = {}
        self.problem = p  # its purpose is read only for restricted mana (allows)
        # id(restriction) -> (restriction, may its mana pay this cost?)
        self.allowed: dict[int, Any] = {}
        self.x_symbols = x_symbols
        self.x_zero = bool(tc.x_forced_zero)
        self.generic = generic
        self.reduction = tc.generic_reduction
        self.cost_life = tc.life
        self.fixed_x = p.x if isinstance(p.x, int) else None
        self.x_only = TYPE_INDEX[p.x_color] if p.x_color else -1  # verify_mana._mana_ok's x_color
        self.life = p.player.life
        self.keep_life = p.player.keep_life
        self.energy = p.player.energy


    def allows(self, only: Any) -> bool:
        """May mana restricted by ``only`` pay this cost? Then it is spent as unrestricted mana
        is: the cost's payments all have the problem's purpose, and plain answers pay no ability
        costs (verify._Replay.spend checks ``allows`` per entry; _not_generic is ruled out)."""
        kept = self.allowed.get(id(only))
        if kept is None or kept[0] is not only:
            kept = remember(self.allowed, id(only), (only, bool(only.allows(self.problem._purpose))),
                            LIMIT)
        return kept[1]

    def read(self, text: str) -> Any:
        """A payment's symbol read for this total cost: ``(category, mask, slot)`` (slot: its
        place in ``wanted``, -1 if the cost has no such symbol), or False (_symbol_read)."""
        read = _SYMBOLS.get(text)
        if read is None:
            read = remember(_SYMBOLS, text, _symbol_read(text), 1024)
        found = False if read is False else (read[0], read[1], self.slots.get(text, -1))
        return remember(self.symbols, text, found, LIMIT)


def _plan(p: Problem, again: bool) -> _Plan | None:
    """The problem's plan, or None when the problem itself isn't plain; its board kept when
    ``again`` (see :func:`accepts`)."""
    if p._v2 or p.pool or p.effects or p.payment is not None or p.spend_as is not None or "achroma" in p.keywords:
        return None
    if p.x_color and p.x_color not in TYPE_INDEX:
        return None
    costs = total_costs(p)
    if not costs:
        return None
    tc = costs[0]
    if tc.variant == "free" and isinstance(p.x, int) and p.x > 0:
        return None  # an error on every answer
    kept = _BOARDS.get(id(p.sources))
    if kept is not None and kept[0] is p.sources:  # a prepared board's questions share its sources
        board = kept[1]
    else:
        board = _SourcesById(p.sources)
        if again:
            remember(_BOARDS, id(p.sources), (p.sources, board), PROBLEMS)
    if "pool" in board.index:
        return None  # an entry from "pool" means the pool (none here), not this source
    return _Plan(p, board, tc)


def _symbol_read(text: str) -> Any:
    """A payment's symbol ``text`` read: ``(category, mask of the types that may pay it)``
    (verify_mana._mana_ok with nothing changing the rules; {X}'s x_color is the plan's), or False
    if the quick replay doesn't follow it (not written as the symbol prints, energy, {2/W})."""
    sym = _symbol(text)
    if sym is None or str(sym) != text or sym.kind is KIND_ENERGY or sym.kind is KIND_TWOBRID:
        return False
    kind = sym.kind  # (written as it prints: a generic is digits, an {X} is "{X}")
    if kind is KIND_GENERIC:
        return GENERIC, 0
    if kind is KIND_SNOW:
        return SNOW, 0
    if kind is KIND_X:
        return X, 0
    mask = sum(1 << i for i, t in enumerate(TYPES) if _mana_ok(sym, t, False, achroma_own=False,
                                                               spend_as=None))
    return (PHYREXIAN if kind is KIND_PHYREXIAN or kind is KIND_HYBRID_PHYREXIAN else MANA), mask


def accepts(p: Problem, answer: dict[str, Any], measured: dict[str, int] | None,
            again: bool = False) -> bool:
    """True if ``answer`` (status "paid") is a plain answer the full replay would accept, its
    values then put into ``measured`` as the full replay puts them; False to replay it in full.

    ``again``: the caller will ask about this very problem object again (a prepared board's
    question), so its plan is kept. A problem loaded for one call is not kept: it would only
    fill the table (keyed by the object, which its entry keeps alive) and empty it of the
    plans that are asked again."""
    kept = _PLANS.get(id(p))
    if kept is not None and kept[0] is p:
        plan = kept[1]
    else:
        plan = _plan(p, again)
        if again:
            remember(_PLANS, id(p), (p, plan), PROBLEMS)
    if plan is None or type(answer) is not dict:
        return False
    return _replay(plan, answer, measured)


def _left_said(listed: Any, counts: Any, left: list[int]) -> bool:
    """Do ``left_over`` (one "{T}" per mana) and ``left_over_counts`` (per type), each unless
    None, say the mana ``left`` in the pool by column? (verify._left_over_errors)"""
    by_type: dict[str, int] = {}
    for c in range(N_TYPES):
        if left[c]:
            by_type[TYPES[c]] = left[c]
    if counts is not None and counts != by_type:
        return False
    if listed is None:
        return True
    if type(listed) is not list:
        return False
    said: dict[str, int] = {}
    for m in listed:
        if type(m) is not str or len(m) != 3 or m[0] != "{" or m[2] != "}":
            return False
        said[m[1]] = said.get(m[1], 0) + 1
    return said == by_type


def _replay(plan: _Plan, answer: dict[str, Any], measured: dict[str, int] | None) -> bool:
    """verify.replay's checks in its order (activations, payments, the total cost, life and
    energy, the reported numbers, the pool left, min_sources, the objective), each a return
    False where the full replay would word an error or where this replay doesn't follow."""
    if answer.get("other_costs") is not None:  # 9.3: the full replay words the error
        return False
    acts_given = answer.get("activations", _NO_ITEMS)
    pays_given = answer.get("payments", _NO_ITEMS)
    x = answer.get("x", 0)
    if type(acts_given) is not list or type(pays_given) is not list or type(x) is not int or x < 0:
        return False
    acts: list[Any] = acts_given
    pays: list[Any] = pays_given
    index = plan.index
    records = plan.records
    symbols = plan.symbols
    by_char = _COLUMN_OF_CHAR
    width = N_TYPES
    n_src = len(records)
    pool = [0] * (n_src * width)  # mana in the pool, by source and type: row i * width
    left = [0] * width  # mana in the pool, by type
    taps = [0] * n_src
    sacs = [0] * n_src
    # (source, ability) -> [activations, uses per copy]
    uses: dict[tuple[int, int], Any] | None = None
    ability_life = damage = energy = sacrificed = 0
    for act in acts:
        a: dict[str, Any] = act if type(act) is dict else _NOTHING  # (which has no source)
        sid = a.get("source")
        j = a.get("ability")
        times = a.get("times")
        adds = a.get("adds")
        # a key beyond these four, or one None
        if len(a) != 2 + (times is not None) + (adds is not None):
            if "made" in a or "extra" in a or (times is None and "times" in a) or (adds is None
                                                                                   and "adds" in a):
                return False
        if times is None:
            times = 1
        if adds is None:
            adds = ""
        if type(sid) is not str or type(j) is not int or type(times) is not int or type(adds) is not str:
            return False
        i = index.get(sid, -1)
        if i < 0:
            return False
        src = records[i]
        if j < 0 or j >= len(src.abilities) or times < 1:
            return False
        ab = src.abilities[j]
        if ab is None or (ab.only is not None and not plan.allows(ab.only)):
            return False
        if sacs[i] and not ab.sacrifice:  # after its sacrifices: the order counts (models/copies.py)
            return False
        made = ab.made.get(adds)
        if made is None:
            made = ab.columns(adds)
        if made is False:
            return False
        columns: tuple[int, ...] = made
        if ab.tap:
            taps[i] += times
            if taps[i] > src.free:
                return False
        else:
            if uses is None:
                uses = {}
            used = uses.get((i, j))
            n = times if used is None else used[0] + times
            uses[(i, j)] = [n, ab.uses]
            if ab.uses is not None and n > ab.uses * src.count:
                return False
        if ab.sacrifice:
            sacs[i] += times
            if src.field:
                sacrificed += times
            if sacs[i] > src.count:
                return False
        if ab.costly:
            ability_life += ab.life * times
            damage += ab.damage * times
            energy += ab.energy * times
        row = i * width
        for c in columns:
            pool[row + c] += times
            left[c] += times
    x_only = plan.x_only
    got = [0] * len(plan.wanted)  # per symbol of the total cost, how many the payments claim
    x_paid = generic_paid = 0
    cost_life = plan.cost_life
    spent = 0  # the types spent, as a mask
    last_origin: Any = None
    last_i = -1
    for pay in pays:
        q: dict[str, Any] = pay if type(pay) is dict else _NOTHING  # (which has no symbol)
        text = q.get("symbol")
        mana = q.get("mana")
        plain = len(q) == 2 and mana is not None  # a symbol and its mana, nothing else
        reps = 1 if plain else q.get("count", 1)
        if type(text) is not str or type(reps) is not int or reps < 1:
            return False
        read = symbols.get(text)
        if read is None:
            read = plan.read(text)
        if read is False:
            return False
        cat, ok, slot = read
        if cat == X:
            x_paid += reps
        elif cat != GENERIC:
            if slot < 0:
                return False  # a symbol the total cost doesn't have
            got[slot] += reps
        if not plain:
            if "life" in q:  # a Phyrexian symbol's 2 life (107.4f); its mana, if any, is not read
                if cat != PHYREXIAN or type(q["life"]) is not int or q["life"] != 2:
                    return False
                cost_life += reps * 2
                continue
            if mana is None:
                if "mana" in q:
                    return False
                mana = _NO_ITEMS
        if type(mana) is not list:
            return False
        entries: list[Any] = mana
        units = 0
        for entry in entries:
            e: dict[str, Any] = entry if type(entry) is dict else _NOTHING  # (which has no type)
            t = e.get("type")
            origin = e.get("source")
            if type(t) is not str or type(origin) is not str:
                return False
            name: str = t
            if len(name) != 1 or ord(name[0]) >= 128:
                return False
            c = by_char[ord(name[0])] - 1
            need = 1
            if len(e) > 2:  # more than type and source: a count, or an extra's mana (9.4)
                need = e.get("count", 1)
                if type(need) is not int or need < 1 or e.get("extra") is True:
                    return False
            if origin is not last_origin:  # entries often name the source of the one before
                last_origin = origin
                last_i = index.get(origin, -1)
            i = last_i
            if c < 0 or i < 0:
                return False
            k = i * width + c
            if pool[k] < need:
                return False
            pool[k] -= need
            left[c] -= need
            units += need
            if cat == SNOW:
                if not records[i].snow:
                    return False
            elif cat == X:
                if x_only >= 0 and c != x_only:
                    return False
            elif cat != GENERIC and not (ok >> c) & 1:
                return False
            spent |= 1 << c
        if cat == GENERIC or cat == X:
            generic_paid += units
        elif units != reps:
            return False
    # The total cost (verify._match), generic by amounts (118.7a), then life and energy.
    if got != plan.wanted or x_paid != plan.x_symbols:
        return False
    if x and (plan.x_zero or not plan.x_symbols):
        return False
    if plan.x_symbols and not plan.x_zero and plan.fixed_x is not None and x != plan.fixed_x:
        return False
    if generic_paid != max(0, plan.generic + plan.x_symbols * x - plan.reduction):
        return False
    life = plan.life
    if ability_life > max(0, life) or (cost_life > 0 and cost_life > life - ability_life - damage):
        return False
    lost = ability_life + damage + cost_life
    if lost > 0 and plan.keep_life is not None and life - lost < plan.keep_life:
        return False
    if energy > plan.energy:
        return False
    colors = _COLORS_SPENT[spent & 31]
    if (answer.get("life_paid") != ability_life + cost_life or answer.get("damage") != damage
            or answer.get("energy_paid") != energy or answer.get("sacrificed") != sacrificed
            or answer.get("colors_spent") != colors):
        return False
    # What is left in the pool, per type (verify._left_over_errors): each of left_over and
    # left_over_counts given says it, and one of them is.
    waste = 0
    for c in range(width):
        waste += left[c]
    listed = answer.get("left_over")
    counts = answer.get("left_over_counts")
    if listed is None and ("left_over" in answer or "left_over_counts" not in answer):
        return False  # None says nothing right; neither given says nothing at all
    if counts is None and "left_over_counts" in answer:
        return False
    if waste == 0:  # the usual case: nothing left, so an empty list and an empty object
        if (counts is not None and (type(counts) is not dict or counts)) or (
                listed is not None and (type(listed) is not list or listed)):
            return False
    elif not _left_said(listed, counts, left):
        return False
    # min_sources (verify._sources_used): per source, the copies its busiest use needed.
    if uses is not None:
        for (i, _), (n, per_copy) in uses.items():
            per_copy = n if per_copy is None else per_copy
            taps[i] = max(taps[i], -(-n // max(1, per_copy)))
    used = 0
    for i in range(n_src):
        used += taps[i] if taps[i] >= sacs[i] else sacs[i]
    values = _VALUES.copy()
    values["min_life"] = lost
    values["min_energy"] = energy
    values["min_sacrifices"] = sacrificed
    values["min_sources"] = used
    values["min_waste"] = waste
    values["max_x"] = x
    values["max_colors"] = values["min_colors"] = len(colors)
    objective = answer.get("objective", values)
    # each value as measured (verify._finish: objective.items() <= values.items())
    if objective is not values:
        if type(objective) is not dict:
            return False
        claims: dict[str, Any] = objective
        for name, value in claims.items():
            found = values.get(name)
            if found is None or not (found == value):
                return False
    if measured is not None:
        if type(measured) is not dict:
            return False
        out: dict[str, int] = measured
        out.update(values)
    return True
