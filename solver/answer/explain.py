"""Why a cost can't be paid: a Hall-type count over mana types (DESIGN principle 5).

For every set S of mana types, the symbols that can only be paid with types in S need at least
so much mana; if the board can make less mana of those types than that, no payment exists, and
those symbols are the conflict. The smallest violated set gives the plainest sentence.
"""

from __future__ import annotations

from typing import Any

from tapwise.models.caches import memo, remember, table
from tapwise.models.mana import (COLOR_NAMES, KIND_COLORED, KIND_COLORLESS, KIND_COLORLESS_HYBRID,
                                 KIND_GENERIC,
                                 KIND_HYBRID, KIND_SNOW, KIND_TWOBRID, KIND_X, TYPES, Symbol,
                                 type_mask)
import tapwise.solver.deadline as deadlines
from tapwise.solver.answer.size import bounded_conflict, symbols_text
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
# id(symbol) -> (it, its need as (type mask, mana) or None, the same for Achroma's own)
_NEEDS: dict[int, tuple] = table(1024)


def _need_of(sym: Symbol, achroma_own: bool) -> tuple[int, int] | None:
    """:func:`_needs` of ``sym`` with its types as a mask, worked out once per symbol."""
    got = _NEEDS.get(id(sym))
    if got is None:
        got = remember(_NEEDS, id(sym), (sym, *[_mask_of(_needs(sym, a)) for a in (False, True)]),
                       1024)
    return got[2] if achroma_own else got[1]


def _mask_of(need: tuple[str, int] | None) -> tuple[int, int] | None:
    return None if need is None else (type_mask(need[0]), need[1])


class _Supply:
    """Upper bounds on the mana of a set of types the board can make, for every set asked
    about (all 63 may be): the board is read once into type masks."""

    def __init__(self, c: Compiled) -> None:
        self.counted: dict[int, int] = {}  # per mask asked: the bound
        self.pool = [(type_mask(c.kinds[k].type), n) for k, n in c.pool_units.items()]
        by_source: dict[int, list] = {}
        for p in c.producers:
            # a mana-cost ability spends mana to make its own: counted against the whole board
            spends = 0
            for d in p.cost:
                spends += d.count * min([o.units for o in d.options])
            got = by_source.get(p.source)
            ability = (p.tap, p.max_activations, _choice_masks(p.choices), spends)
            if got is None:
                by_source[p.source] = [ability]
            else:
                got.append(ability)
        sources = c.problem.sources
        self.sources = [(sources[si].count - sources[si].tapped, ps)
                        for si, ps in by_source.items()]

    def __call__(self, mask: int) -> int:
        got = self.counted.get(mask)
        if got is None:
            got = self.counted[mask] = self._count(mask)
        return got

    def _count(self, mask: int) -> int:
        total = 0
        for bit, n in self.pool:
            if bit & mask:
                total += n
        for untapped, abilities in self.sources:
            tap_best = 0
            for tap, activations, choices, spends in abilities:
                best = -1
                for ch in choices:
                    k = 0
                    for um in ch:
                        if um & mask:
                            k += 1
                    if k > best:
                        best = k
                if best < 0:
                    raise ValueError("an ability of no choices")  # (as max() of none would)
                if mask == _ALL:
                    best -= spends
                if tap:
                    if best > tap_best:
                        tap_best = best
                else:
                    total += best * activations
            total += tap_best * untapped
        return total


# id(choices) -> (choices, per choice the type mask of each unit): the choices of an ability are
# shared by its producers (and by the plain lane's entries of one add text)
_CHOICE_MASKS: dict[int, tuple] = table(4096)


def _choice_masks(choices: tuple) -> tuple[tuple[int, ...], ...]:
    """Per choice, each unit's type mask (lower case: an extra, 9.4)."""
    got = _CHOICE_MASKS.get(id(choices))
    if got is None:
        masks = tuple([tuple([type_mask(u.upper()) for u in ch]) for ch in choices])
        got = remember(_CHOICE_MASKS, id(choices), (choices, masks), 4096)
    return got[1]


def _board_supply(c: Compiled) -> _Supply:
    """The board's :class:`_Supply`: it reads only the board, so a prepared board (``c.shared``)
    keeps one for all its costs."""
    shared = c.shared
    if shared is None:
        return _Supply(c)
    supply = shared.get("explain supply")
    if supply is None:
        supply = shared["explain supply"] = _Supply(c)
    return supply


@memo(1024)
def _hall_sets(masks: frozenset[int]) -> tuple[int, ...]:
    """The sets of types worth counting for needs of these type ``masks``, in the order they are
    tried: by size, then as ``combinations(TYPES, size)`` lists them. Only unions of the masks,
    and the set of all types.

    Why that loses nothing: a set S names the symbols whose types all lie in S (its group G),
    and U, the union of G's masks, has the same group (each of G lies in U, and U lies in S) and,
    unless S is every type, no more supply (what the board makes of U's types is part of what
    it makes of S's; only the count of all types nets out what mana-cost abilities spend, so it
    is tried whatever the masks). So if such an S is short, U is short too, and U comes no
    later; the first short set is always one of these. The explanation is the same as trying
    all 63 sets, after counting a few (tests/test_explain.py compares the two on random boards)."""
    if not masks:
        return ()
    unions: set[int] = {_ALL}
    for m in masks:
        unions |= {m | u for u in unions}
        unions.add(m)
    return tuple(sorted(unions, key=_ORDER_KEYS.__getitem__))


def _combination_order(mask: int) -> tuple[int, tuple[int, ...]]:
    bits = tuple(i for i in range(len(TYPES)) if mask >> i & 1)
    return len(bits), bits


# per mask of types, its place in the order of the sets tried (_combination_order's key)
_ORDER_KEYS = tuple([_combination_order(mask) for mask in range(1 << len(TYPES))])


def _types_of(mask: int) -> str:
    return "".join(t for i, t in enumerate(TYPES) if mask >> i & 1)


def _describe(types: str) -> str:
    if set(types) == set(TYPES):
        return "mana"
    return " or ".join(COLOR_NAMES[t] for t in types) + " mana"


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
    # per symbol that needs mana: (it, the mask of types that may pay it, how much)
    needs_masks: list[tuple[Symbol, int, int]] = []
    for term in variant.total.terms:
        sym = term.symbol
        need = _need_of(sym, achroma and term.origin == "own")
        if need is not None:
            needs_masks.append((sym, need[0], need[1]))
    if isinstance(prob.x, int) and prob.x and variant.x_symbols:
        x_mask = type_mask(prob.x_color or ("C" if achroma else TYPES))
        for _ in range(variant.x_symbols):
            needs_masks.append((Symbol(KIND_X), x_mask, prob.x))
    supply = _board_supply(c)
    for p in c.producers:
        if p.double:
            # a Doubling Cube's mana isn't counted by source: the model says what can't be
            # paid
            needs_masks = []
            break
    counted = supply.counted
    for mask in _hall_sets(frozenset([m for _, m, _ in needs_masks])):
        need = 0
        for _, m, n in needs_masks:
            if not m & ~mask:
                need += n
        have = counted.get(mask)
        if have is None:
            have = counted[mask] = supply._count(mask)
        if need > have:
            types = _types_of(mask)
            conflict = [str(s) for s, m, _ in needs_masks if not m & ~mask]
            why = (f"needs {need} {_describe(types)} for {symbols_text(conflict)} but the board "
                   f"can make "
                   f"at most {have}")
            return bounded_conflict({"why": why, "conflict": conflict})
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
