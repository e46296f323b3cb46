"""Why a cost can't be paid: a Hall-type count over mana types (DESIGN principle 5).

For every set S of mana types, the symbols that can only be paid with types in S need at least
so much mana; if the board can make less mana of those types than that, no payment exists, and
those symbols are the conflict. The smallest violated set gives the plainest sentence.

The count is on the plain lane's path for every infeasible cost (issue 43), so it is typed
(``explain.pxd``): per symbol its reading (types, mana, text) is remembered, the sets of types
are six-bit masks and the sets of them 64-bit ones, each ability's best per set of types is a
64-entry table remembered per tuple of choices, and the board is read once into a C array of
the bounds of the sets tried (of all 64 for a prepared board, which keeps it).
"""

from __future__ import annotations

from typing import Any

from tapwise.models.caches import memo, remember, table
from tapwise.models.mana import (COLOR_NAMES, KIND_COLORED, KIND_COLORLESS, KIND_COLORLESS_HYBRID,
                                 KIND_GENERIC,
                                 KIND_HYBRID, KIND_SNOW, KIND_TWOBRID, KIND_X, TYPES, Symbol,
                                 type_mask)
import tapwise.solver.deadline as deadlines
from tapwise.solver.answer.size import LIST_MAX, bounded_conflict, symbols_text
from tapwise.solver.contract import Compiled


def _needs(sym: Symbol, achroma_own: bool) -> tuple[str, int] | None:
    """(types that may pay it, mana it needs at least); None if it can avoid mana (life)."""
    k, c = sym.kind, sym.colors
    if k is KIND_COLORED or k is KIND_HYBRID:
        return c, 1
    if k is KIND_GENERIC:
        return ("C" if achroma_own else TYPES), sym.amount
    if k is KIND_COLORLESS:
        return "C", 1
    if k is KIND_COLORLESS_HYBRID:
        return "C" + c, 1
    if k is KIND_TWOBRID or k is KIND_SNOW:
        return TYPES, 1
    return None  # Phyrexian (life), energy, X (sized elsewhere)


_ALL = type_mask(TYPES)
# id(symbol) -> (it, its need as (text, type mask, mana) or None (it can avoid mana), the same
# for Achroma's own)
_NEEDS: dict[int, tuple] = table(1024)
_X_TEXT = str(Symbol(KIND_X))
_BIT = tuple([1 << m for m in range(1 << len(TYPES))])  # per mask, its bit in a set of masks


def _need_row(sym: Symbol) -> tuple:
    """``sym``'s :data:`_NEEDS` entry, worked out once per symbol."""
    got = _NEEDS.get(id(sym))
    if got is None:
        row: list[Any] = [sym]
        for achroma_own in (False, True):
            need = _needs(sym, achroma_own)
            row.append(None if need is None else (str(sym), type_mask(need[0]), need[1]))
        got = remember(_NEEDS, id(sym), tuple(row), 1024)
    return got


# choices -> per mask of types the most units of those types one choice makes, () for no
# choices (found by the tuple's hash: the same choices, the same table)
_BEST: dict[tuple, tuple[int, ...]] = table(4096)


def _best_of(choices: Any) -> tuple[int, ...]:
    """Per mask of types (64), the most units of those types one of ``choices`` makes
    (lower case: an extra, 9.4); () when there are none. Remembered per tuple of choices (a
    Cube's are a list: worked out each time)."""
    if type(choices) is not tuple:
        return _best_table(choices)
    got = _BEST.get(choices)
    if got is None:
        got = remember(_BEST, choices, _best_table(choices), 4096)
    return got


def _best_table(choices: Any) -> tuple[int, ...]:
    if not choices:
        return ()
    masks = [[type_mask(u.upper()) for u in choice] for choice in choices]
    per_mask = []
    for mask in range(1 << len(TYPES)):
        most = 0
        for ch in masks:
            k = 0
            for um in ch:
                if um & mask:
                    k += 1
            if k > most:
                most = k
        per_mask.append(most)
    return tuple(per_mask)


class _Supply:
    """Upper bounds on the mana of sets of types the board can make (per mask, in a C array:
    explain.pxd), worked out at once for the masks asked from the board read once."""

    def __init__(self, c: Compiled, masks: tuple[int, ...]) -> None:
        self.double = False  # a Doubling Cube's mana isn't counted by source
        self.empty = False  # an ability of no choices: no bound (counting raises)
        if not self._read(c, c.producers, masks):  # (a source's producers apart: rare)
            self._read(c, sorted(c.producers, key=_source_of), masks)

    def _read(self, c: Compiled, producers: list[Any], masks: tuple[int, ...]) -> bool:
        """``self.have``, the bound of each of ``masks`` (0 for the others), from
        ``producers``; False when a source comes again after another (a source's tap abilities
        are counted together: ``have`` is not set)."""
        have = [0] * 64  # (64: the masks of the six types)
        tap_best = [0] * 64  # per mask, the best tap ability of the source read
        asked = [0] * 64  # masks, as C integers
        n_asked = len(masks)
        for i in range(n_asked):
            asked[i] = masks[i]
        pool = c.pool_units
        for k, n in pool.items():
            m = type_mask(c.kinds[k].type)
            for i in range(n_asked):
                mask = asked[i]
                if m & mask:
                    have[mask] += n
        sources = c.problem.sources
        last = -1
        untapped = 0
        for p in producers:
            si = p.source
            if si != last:
                if si < last:
                    return False
                if last >= 0:
                    for i in range(n_asked):
                        mask = asked[i]
                        have[mask] += tap_best[mask] * untapped
                        tap_best[mask] = 0
                s = sources[si]
                untapped = s.count - s.tapped
                last = si
            # a mana-cost ability spends mana to make its own: counted against the whole board
            spends = 0
            for d in p.cost:
                spends += d.count * min([o.units for o in d.options])
            if p.double:
                self.double = True
            best = _best_of(p.choices)
            if not best:
                self.empty = True
                continue
            tap = p.tap
            activations = 0 if tap else p.max_activations
            for i in range(n_asked):
                mask = asked[i]
                made = best[mask]
                if mask == _ALL:
                    made -= spends
                if not tap:
                    have[mask] += made * activations
                elif made > tap_best[mask]:
                    tap_best[mask] = made
        for i in range(n_asked):
            mask = asked[i]
            have[mask] += tap_best[mask] * untapped
        self.have = have
        return True


def _source_of(p: Any) -> int:
    return p.source


def _board_supply(c: Compiled, masks: tuple[int, ...]) -> _Supply:
    """The board's :class:`_Supply` for ``masks``: it reads only the board, so a prepared board
    (``c.shared``) keeps one of every mask for all its costs."""
    shared = c.shared
    if shared is None:
        return _Supply(c, masks)
    supply = shared.get("explain supply")
    if supply is None:
        supply = shared["explain supply"] = _Supply(c, _EVERY)
    return supply


def _unions(present: int) -> tuple[int, ...]:
    """The sets of types worth counting for needs of the type masks in ``present`` (bit ``m``
    set for each mask ``m``), in the order they are tried: by size, then as
    ``combinations(TYPES, size)`` lists them. Only unions of the masks, and the set of all types.

    Why that loses nothing: a set S names the symbols whose types all lie in S (its group G),
    and U, the union of G's masks, has the same group (each of G lies in U, and U lies in S) and,
    unless S is every type, no more supply (what the board makes of U's types is part of what
    it makes of S's; only the count of all types nets out what mana-cost abilities spend, so it
    is tried whatever the masks). So if such an S is short, U is short too, and U comes no
    later; the first short set is always one of these. The explanation is the same as trying
    all 63 sets, after counting a few (tests/test_explain.py compares the two on random boards).

    The unions are a set of masks as bits too (``made``): each mask of ``present`` joins each
    union made so far, and itself."""
    if not present:
        return ()
    made = _BIT[_ALL]
    for m in range(1 << len(TYPES)):
        if present >> m & 1:
            for u in range(1 << len(TYPES)):
                if made >> u & 1:
                    bit = _BIT[u | m]
                    made |= bit
            bit = _BIT[m]
            made |= bit
    return tuple([mask for mask in _ORDER if made >> mask & 1])


_hall_sets = memo(1024)(_unions)  # (looked up per call: tests may count every set instead)


def _combination_order(mask: int) -> tuple[int, tuple[int, ...]]:
    bits = tuple(i for i in range(len(TYPES)) if mask >> i & 1)
    return len(bits), bits


# the masks of types in the order sets are tried (by _combination_order); all of them
_ORDER = tuple(sorted(range(1 << len(TYPES)), key=_combination_order))
_EVERY = tuple(range(1 << len(TYPES)))


def _types_of(mask: int) -> str:
    return "".join(t for i, t in enumerate(TYPES) if mask >> i & 1)


def _describe(types: str) -> str:
    if set(types) == set(TYPES):
        return "mana"
    return " or ".join(COLOR_NAMES[t] for t in types) + " mana"


# per mask of types, how a ``why`` names its mana
_DESCRIBED = tuple([_describe(_types_of(mask)) for mask in range(1 << len(TYPES))])


def explain(c: Compiled) -> dict[str, Any]:
    """``why`` and ``conflict`` for an infeasible problem."""
    # 9.3: creatures, artifacts and cards pay beside the mana counted here
    if c.problem.payment is not None:
        return bounded_conflict(explain_keywords(c))
    return explain_by_count(c) or bounded_conflict(_from_core(c))


def explain_by_count(c: Compiled) -> dict[str, Any] | None:
    """``why`` and ``conflict`` when a count over the board shows what is missing (a pure
    function of the compiled problem: no search, no time limit, so a prepared board may keep
    it), else None (the model's core is asked). Not for 9.3's keywords (:func:`explain`)."""
    prob = c.problem
    achroma = "achroma" in prob.keywords
    variant = c.variants[0]
    # per symbol that needs mana: (its text, the mask of types that may pay it, how much);
    # and which masks there are (bit m for mask m)
    needs: list[tuple] = []
    present = 0
    rows = _NEEDS
    for term in variant.total.terms:
        sym = term.symbol
        row = rows.get(id(sym))
        if row is None:
            row = _need_row(sym)
        need = row[2] if achroma and term.origin == "own" else row[1]
        if need is not None:
            needs.append(need)
            m = need[1]
            bit = _BIT[m]
            present |= bit
    x = prob.x
    if isinstance(x, int) and x and variant.x_symbols:
        need = (_X_TEXT, type_mask(prob.x_color or ("C" if achroma else TYPES)), x)
        needs += [need] * variant.x_symbols
        m = need[1]
        bit = _BIT[m]
        present |= bit
    sets = _hall_sets(present)
    supply = _board_supply(c, sets)
    if supply.double:
        # a Doubling Cube's mana isn't counted by source: the model says what can't be paid
        sets = ()
    for mask in sets:
        total = 0
        for need in needs:
            m = need[1]
            if not m & ~mask:
                amount = need[2]
                total += amount
        if supply.empty:
            raise ValueError("an ability of no choices")  # (as max() of none would)
        have = supply.have[mask]
        if total > have:
            conflict = [need[0] for need in needs if not need[1] & ~mask]
            shown = "".join(conflict) if len(conflict) <= LIST_MAX else symbols_text(conflict)
            why = (f"needs {total} {_DESCRIBED[mask]} for {shown} but the board can make at "
                   f"most {have}")
            # (bounded_conflict's bound: a short conflict is as given)
            found = {"why": why, "conflict": conflict}
            return found if len(conflict) <= LIST_MAX else bounded_conflict(found)
    energy = variant.energy
    if energy > prob.player.energy:
        return bounded_conflict({"why": f"needs {energy} energy but the player has "
                                        f"{prob.player.energy}",
                                 "conflict": ["{E}"] * energy})
    return None


def _from_core(c: Compiled) -> dict[str, Any]:
    """No count explains it: ask the model for a minimal set of symbols it can't pay together."""
    from tapwise.solver.cpsat.model import Model

    if deadlines.passed():  # the request's time is spent: no core is searched (solver/deadline.py)
        return {"why": "no payment exists; the time limit was spent before the symbols that "
                       "conflict were found",
                "conflict": []}
    core = Model(c, relax=True).core(time_limit=min(2.0, c.problem.time_limit))
    prob = c.problem
    if core is None:
        return {"why": "no payment exists within the limits of the problem", "conflict": []}
    if not core:
        return {"why": "even paying nothing breaks a limit of the problem (life, energy or X)",
                "conflict": []}
    mana = [s for s in core if s.startswith("{") and s != "{E}"]
    reasons = []
    if any(p.is_converter for p in c.producers):
        reasons.append("abilities with mana costs can't be paid for in a legal order")
    if any(k in s for s in core for k in ("/P}", " life")) or prob.life_cost:
        reasons.append(f"life for Phyrexian symbols and life costs is limited to what "
                       f"{prob.player.life} life "
                       f"allows (keep_life {prob.player.keep_life})")
    if any(k.only is not None for k in c.kinds):
        reasons.append("some mana can't be spent on this")
    if any(p.life or p.damage for p in c.producers):
        reasons.append("sources that cost life or deal damage are limited by life")
    why = "no payment covers " + (symbols_text(mana) or " ".join(core)) + " together"
    if reasons:
        why += ": " + "; ".join(reasons)
    return {"why": why, "conflict": core}


# Spec 9.3's keys: the mana count above knows nothing of the creatures, artifacts and cards that
# pay in 601.2h, so it would understate what the board can pay: for these problems the plain
# shortages of ``other_costs`` are named first (too few permanents of the kind, cards in a zone),
# and the rest is the model's own infeasible core.

def explain_keywords(c: Compiled) -> dict[str, Any]:
    """``why`` and ``conflict`` for an infeasible problem with 9.3's keys."""
    prob = c.problem
    other = prob.payment.other
    if other is not None:
        for key, others, untapped in (("sacrifice_other", other.sacrifice, False), ("tap_other",
                                                                                    other.tap,
                                                                                    True)):
            if others is None:
                continue
            have = sum(s.count - (s.tapped if untapped else 0) for s in prob.sources
                       if others.matches(s))
            if have < others.n:
                return {"why": f"other_costs.{key} needs {others.n} "
                               f"{'untapped ' if untapped else ''}"
                        f"permanent{'s' if others.n != 1 else ''} of that kind but the board has "
                        f"{have}", "conflict": []}
        makes = {"discard": any(p.discard for p in c.producers), "mill": any(p.mill
                                                                             for p in c.producers)}
        if other.discard > prob.hand:
            return {"why": f"other_costs.discard needs {other.discard} cards but the hand has "
                           f"{prob.hand}",
                    "conflict": []}
        if prob.library is not None and other.mill > prob.library:
            return {"why": f"other_costs.mill needs {other.mill} cards but the library has "
                           f"{prob.library}",
                    "conflict": []}
        if (other.exile_graveyard > prob.graveyard + other.discard + other.mill
                and not (makes["discard"] or makes["mill"])):
            return {"why": f"other_costs.exile_graveyard needs {other.exile_graveyard} cards but "
                           f"the graveyard has "
                    f"{prob.graveyard}", "conflict": []}
    found = _from_core(c)
    if not found["conflict"] and other is not None:
        found["why"] = "the object's other costs (other_costs) can't be paid together with the rest of the cost"
    elif found["conflict"]:
        if any((prob.payment.convoke, prob.payment.improvise, prob.payment.delve)):
            found["why"] += " (with what convoke, improvise and delve can pay)"
        if other is not None:
            found["why"] += " once other_costs has taken its permanents and cards"
    return found
