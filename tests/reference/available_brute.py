"""Exhaustive reference for the ``available`` query: ``brute_available(board) -> {"pools": [...]}``.

Written from ``shared/spec/problem.md`` (sections 3, 7 and 8) and the lead's semantics brief; it
shares no code with the package (issue 44): the board (sources, abilities, their outputs, types
and defaults, the pool, the player, facts and zones) is read from its JSON by the references' own
reader (``board_json.py``, with its own reading of mana notation), and spend restrictions
(``only``) are decided by the reference's own reading of section 3
(``brute._restriction_matches``). A card known only by its name (the package's card library) or
by ``oracle`` text is refused (:class:`TooBig`). It is meant to be obviously correct, not fast:
keep boards tiny (a handful of source copies, a couple of pool mana).

How it works:

1. **Every activation sequence.** A depth-first search over full game states: for each source
   entry the multiset of its copies' states (tapped, sacrificed, uses left of each ability without
   ``{T}``), the pool as a multiset of tokens ``(type, snow, restriction)``, and the life paid by
   abilities, the damage taken and the energy paid so far. A move activates one ability of one
   copy: it pays the ability's own mana cost from tokens in the pool at that moment (every way
   to do so), its life, energy and damage, then adds one of its choices (every way to pick each
   unit's type). The visited set is over full states, so every reachable state is seen once.
   The life / energy / keep_life limits only tighten as a sequence goes on, so every prefix of a
   legal sequence is legal and a state breaking them is simply never entered.
2. **Every reachable state's pool is an end pool** (mana abilities are optional, so stopping
   anywhere is legal, including before the first activation).
3. **Maximal pools.** A pool is dropped when another, different pool contains it: a one-to-one
   map of its tokens into the other's, each token to one that is at least as good (same type,
   or ``Any`` for a color or ``Any``; snow if it was snow; unrestricted, or the same restriction).
   The map is found by trying every assignment (backtracking), no cleverness.
4. **Report** each maximal pool as counts of the seven types plus ``snow`` and ``restricted``,
   each distinct dict once, sorted.

5. **Effects (spec 9.4).** The board's ``effects`` are read from its JSON with the reference's
   own reading of 9.4 (``effects_brute.py``'s ``_watches`` and ``_results``, which share no code
   with ``solver/``): an entry that an ``on`` effect names and that has several copies is split,
   the enchanted copy an entry of its own (untapped if any copy is, the documented choice). A
   ``{T}`` activation of a watched permanent makes, for each concrete output of its ability (each
   unit one of its types), every result of the replacements in every order and the extras it
   triggers; the ability's mana keeps its source's snow and restriction, an extra's is plain.
   Effects a card adds by its name (a board without ``effects``) are not read: refused.
6. **Any.** An activation whose outputs include, for one mana, each of the five colors in turn
   (the rest alike) may make that mana ``Any`` ("a color not yet chosen"): the output with
   ``Any`` is added to that activation's outputs (a list of five one-color options is one
   ``Any``, as an any-color unit is; under an effect that reads each mana's type the concrete
   outputs give it back where the color is still free).

Counters are per copy (each copy's dict), so an ability that removes any number of counters
without ``{T}`` takes from its own copy's counters, activation after activation.

Token types are ``W U B R G C`` and ``Any`` ("one mana of a color not yet chosen"): a unit that
may be any of the five colors becomes ``Any`` (or ``C`` too if the unit allows colorless); any
other unit becomes one of its letters. Reflect abilities (106.7) are not modelled: they make
nothing here and are never activated.
"""

from __future__ import annotations

import itertools
import json
from typing import Any

from .board_json import COLORS as _COLORS
from .board_json import Unread, fact_name, read_board
from .board_rules import _restriction_matches, _results, _watches

COLORS = "WUBRG"
ANY = "Any"
REPORT_KEYS = ("W", "U", "B", "R", "G", "C", "Any", "snow", "restricted")
BOARD_KEYS = ("sources", "opponent_sources", "pool", "player", "facts", "hand", "graveyard", "library", "effects")
UNLIMITED = 10**6  # uses "any": only the costs limit it


class TooBig(RuntimeError):
    """The exhaustive search would be too large, or the board has what the reference can't read
    from its JSON alone (board_json.Unread); make the board smaller or plainer."""


class BoardError(ValueError):
    """A request that is not an ``available`` question (the reference doesn't validate boards:
    the package does)."""


# --------------------------------------------------------------------------------------------
# Tokens: (type, snow, restriction index); restriction index 0 is "no restriction".
# --------------------------------------------------------------------------------------------

def _covers(q: tuple, p: tuple) -> bool:
    """Whether token ``q`` can stand in for token ``p`` in the containment order."""
    q_type, q_snow, q_only = q
    p_type, p_snow, p_only = p
    if not (q_type == p_type or (q_type == ANY and (p_type in COLORS or p_type == ANY))):
        return False
    if p_snow and not q_snow:
        return False
    return q_only == 0 or q_only == p_only


def contained(p_pool: tuple, q_pool: tuple) -> bool:
    """Whether pool ``p_pool`` is contained in ``q_pool`` (both tuples of tokens): some
    one-to-one map sends each of p's tokens to a q token that covers it. Tries every map, but
    one q token of each kind per step: equal tokens are interchangeable, so trying a second one
    where the first failed would only repeat the search (a failing test over pools of many {C}
    took seconds, every permutation of them)."""
    if len(p_pool) > len(q_pool):
        return False
    used = [False] * len(q_pool)

    def place(i: int) -> bool:
        if i == len(p_pool):
            return True
        tried = set()
        for j, q in enumerate(q_pool):
            if not used[j] and q not in tried and _covers(q, p_pool[i]):
                tried.add(q)
                used[j] = True
                if place(i + 1):
                    return True
                used[j] = False
        return False

    return place(0)


def maximal_pools(pools: set) -> list[tuple]:
    """The pools (sorted token tuples, each distinct multiset once) no other pool contains."""
    distinct = sorted(set(pools))
    return [p for p in distinct
            if not any(q != p and contained(p, q) for q in distinct)]


def report(pool: tuple) -> dict[str, int]:
    """The spec's report of one pool: counts of the seven types, of snow and of restricted mana."""
    out = {k: 0 for k in REPORT_KEYS}
    for t, snow, only in pool:
        out[t] += 1
        out["snow"] += 1 if snow else 0
        out["restricted"] += 1 if only != 0 else 0
    return out


def sort_pools(pools: list[dict]) -> list[dict]:
    """A canonical order for comparing answers (the implementation's order is its business)."""
    return sorted(pools, key=lambda d: tuple(d.get(k, 0) for k in REPORT_KEYS))


# --------------------------------------------------------------------------------------------
# The search
# --------------------------------------------------------------------------------------------

def _unit_types(unit: str) -> list[str]:
    """The token types one unit of an ability's choice may become."""
    if set(COLORS) <= set(unit):
        return [ANY] + (["C"] if "C" in unit else [])
    return sorted(set(unit))


def _outputs(ability, choices=None) -> set[tuple[str, ...]]:
    """Every multiset of token types one activation may add (sorted tuples)."""
    outs: set[tuple[str, ...]] = set()
    for choice in ability.choices if choices is None else choices:  # empty for reflect: nothing
        for picked in itertools.product(*(_unit_types(u) for u in choice)):
            outs.add(tuple(sorted(picked)))
    return outs


def _concrete(choices) -> set[tuple[str, ...]]:
    """Every output of ``choices`` with each unit one of its letters (sorted tuples)."""
    return {tuple(sorted(picked)) for choice in choices for picked in itertools.product(*(sorted(set(u)) for u in choice))}


def _with_any(outs: set[tuple]) -> set[tuple]:
    """Step 6 of the module docstring, on one activation's outputs (tuples of tokens): while
    some output less one colored token, plus that token in each of the five colors (same snow
    and restriction), are all outputs, the output with ``Any`` there is one too."""
    outs = set(outs)
    while True:
        new = set()
        for out in outs:
            for i, (t, snow, only) in enumerate(out):
                if t not in COLORS:
                    continue
                rest = out[:i] + out[i + 1:]
                if all(tuple(sorted(rest + ((c, snow, only),))) in outs for c in COLORS):
                    new.add(tuple(sorted(rest + ((ANY, snow, only),))))
        if new <= outs:
            return outs
        outs |= new


def _doubles(ability) -> bool:
    """Doubling Cube's ``{"add": {"double_pool": true}}`` (spec 9.2), read from the raw add."""
    return isinstance(ability.add, dict) and ability.add.get("double_pool") is True


def _doubled(pool_left: tuple, snow: bool, only: int):
    """Every pool a Doubling Cube's resolution may leave (spec 9.2, rules 106.12 and 605):
    ``pool_left`` is the pool after its cost; each token is kept and gets one copy of its type
    that is the Cube's own (the Cube's snow, its ability's restriction). An ``Any`` token is
    mana of a color already chosen, so every color is tried for it, token by token."""
    options = [[tok] if tok[0] != ANY else [(c, tok[1], tok[2]) for c in COLORS] for tok in pool_left]
    for colored in itertools.product(*options):
        yield tuple(sorted(list(colored) + [(t, snow, only) for t, _, _ in colored]))


def _fact(src, facts: dict, name: str) -> int | str:
    """Spec 9.2: a source's own facts are read before the board's."""
    own = dict(src.facts)
    name = fact_name(name)
    return own[name] if name in own else facts[name]


def _board_choices(src, ab, facts: dict):
    """Spec 9.2's add forms that read the board: n mana (n maybe a fact), each of the colors
    ``of`` allows (letters, a color fact, the source's chosen color)."""
    add = ab.add
    key = ("any_color" if "any_color" in add else "one_color" if "one_color" in add
           else "each_color" if "each_color" in add else "any_type")
    n = add[key]
    if isinstance(n, dict):
        n = _fact(src, facts, n["fact"])
    of = add.get("of", COLORS if key != "any_type" else COLORS + "C")
    if of == "chosen":
        of = src.chosen if src.chosen is not None and len(src.chosen) == 1 and src.chosen in COLORS else ""
    elif isinstance(of, dict):
        of = "".join(c for c in _COLORS if c in str(_fact(src, facts, of["fact"])).upper())
    if n <= 0 or not of:
        return ()
    if key == "one_color":
        return tuple((c,) * n for c in of)
    if key == "each_color":  # tapwise extension: n of each color in `of`
        return (tuple(sorted(c for c in set(of) for _ in range(n))),)
    return ((of,) * n,)


def _holds(src, facts: dict, conditions) -> list[bool]:
    return [(c.min is None or _fact(src, facts, c.fact) >= c.min) and (c.max is None or _fact(src, facts, c.fact) <= c.max)
            for c in conditions]


def _split_enchanted(board: dict) -> tuple[dict, list[bool]]:
    """The board with each entry of several copies that an ``on`` effect names split in two:
    the enchanted copy (untapped if any copy is) and the rest (id ``<id>~2``), and per entry
    whether it is the enchanted copy (or a single entry; the rest is not)."""
    effects = board.get("effects") or []
    entries, enchanted = [], []
    for entry in board.get("sources") or []:
        named = any(e.get("on") == entry.get("id") for e in effects if "on" in e)
        count = int(entry.get("count", 1))
        if not named or count < 2:
            entries.append(entry)
            enchanted.append(True)
            continue
        tapped = entry.get("tapped", False)
        n_tapped = count if tapped is True else int(tapped or 0)
        untapped = count - n_tapped
        entries.append({**entry, "count": 1, "tapped": untapped == 0})
        entries.append({**entry, "id": f"{entry['id']}~2", "count": count - 1,
                        "tapped": n_tapped if untapped else n_tapped - 1})
        enchanted += [True, False]
    return {**board, "sources": entries}, enchanted


class _Search:
    def __init__(self, board: dict, max_states: int) -> None:
        split, enchanted = _split_enchanted(board)
        effects = split.pop("effects", None) or []
        try:
            problem = read_board(split)
        except Unread as e:
            raise TooBig(f"not read by this reference: {e}") from None
        # 9.4: the effects watching each entry ({T} abilities only, battlefield only)
        self.watching = [[e for e in effects if _watches(e, {**entry, "types": list(src.types),
                                                             "subtypes": list(src.subtypes)}, flag)]
                         for entry, src, flag in zip(split["sources"], problem.sources, enchanted)]
        self.max_states = max_states
        self.life = problem.player.life
        self.energy = problem.player.energy
        self.keep = problem.player.keep_life
        self.restrictions: list[Any] = [None]  # index 0: unrestricted

        self.sources = problem.sources
        self.facts = dict(problem.facts)
        # Per source: the abilities we model, each (ability, outputs), and which tokens may pay
        # its abilities' own costs (restriction index -> allowed). Spec 9.2: an ability whose
        # if / unless fails, or that a sick creature (302.6) or a card in hand would tap, is
        # left out; amounts read from facts are read here (facts stand as given: ``counts`` is
        # not taken by ``available``).
        # Spec 9.1-9.2: cards in the zones, and facts lowered by the copies sacrificed so far
        # (``counts``): conditions, amounts and colors are read from the facts of each state.
        self.zones = (problem.hand, problem.graveyard, problem.library)
        self.abilities = []
        for src, entry in zip(self.sources, split["sources"]):
            abs_ = []
            for ab in src.abilities:
                if ab.reflect is not None:
                    continue  # not modelled: makes nothing, never activated
                if ab.tap and (src.zone == "hand" or (src.sick and "creature" in src.types)):
                    continue
                abs_.append((ab, self._index(ab.only)))
            self.abilities.append(abs_)
        self._at: dict = {}
        raw_pool = board.get("pool") or []
        start_pool = tuple(sorted((m.type, m.snow, self._index(
            raw_pool[m.entry].get("only") if isinstance(raw_pool[m.entry], dict) else None))
            for m in problem.pool))
        self.start_pool = start_pool
        # What an ability's own mana cost is paid for (section 3's ``only`` keys): an ability
        # of a permanent of these types, no subtypes, colors or X of its own.
        self.purposes = [{"kind": "ability", "types": {str(t).lower() for t in src.types}, "subtypes": set(),
                          "colors": "", "has_x": False, "tags": set(), "mana_value": None, "has_c": False}
                         for src in self.sources]

    def _index(self, only: dict | None) -> int:
        """The index of the restriction ``only`` (as the board's JSON gives it; 0: none)."""
        if only is None:
            return 0
        for i, r in enumerate(self.restrictions):
            if i and json.dumps(r, sort_keys=True) == json.dumps(only, sort_keys=True):
                return i
        self.restrictions.append(only)
        return len(self.restrictions) - 1

    def _facts_in(self, copies) -> dict:
        """The board's facts less what each sacrificed copy counted toward (9.1 ``counts``)."""
        facts = dict(self.facts)
        for src, entry in zip(self.sources, copies):
            gone = sum(1 for cs in entry if cs[1])
            for name, by in src.counts:
                if gone and isinstance(facts.get(name), int):
                    facts[name] -= by * gone
        return facts

    def _usable(self, si: int, facts: dict) -> list:
        """Per modelled ability of source ``si``: its token outputs for one repetition as the
        facts stand, or None if its condition fails (9.2 ``if`` / ``unless``)."""
        key = (si, tuple(sorted((k, v) for k, v in facts.items() if isinstance(v, int))))
        got = self._at.get(key)
        if got is None:
            src = self.sources[si]
            got = []
            for ab, _ in self.abilities[si]:
                if (ab.if_ and not all(_holds(src, facts, ab.if_))) or (ab.unless and all(_holds(src, facts, ab.unless))):
                    got.append(None)
                    continue
                choices = _board_choices(src, ab, facts) if isinstance(ab.add, dict) and (
                    "of" in ab.add or any(isinstance(v, dict) for v in ab.add.values())) else None
                if ab.tap and self.watching[si]:
                    got.append(sorted(_concrete(ab.choices if choices is None else choices)))
                else:
                    got.append(sorted(_outputs(ab, choices)))
            self._at[key] = got
        return got

    def _may_pay(self, token: tuple, si: int) -> bool:
        only = token[2]
        return only == 0 or _restriction_matches(self.restrictions[only], self.purposes[si])

    # ---- paying an ability's own mana cost --------------------------------------------------

    def _cost_payments(self, pool: tuple, ab, si: int) -> set[tuple[tuple, int, int]]:
        """Every (pool left, life paid, energy paid) for paying ``ab.mana`` from ``pool``."""
        symbols = ab.mana if ab.mana is not None else ()
        results: set[tuple[tuple, int, int]] = set()

        def take(pool_left: list, want, then) -> None:
            """Remove one token satisfying ``want(token)`` in every possible way."""
            tried = set()
            for i, tok in enumerate(pool_left):
                if tok in tried or not want(tok) or not self._may_pay(tok, si):
                    continue
                tried.add(tok)
                then(pool_left[:i] + pool_left[i + 1:])

        def take_n(pool_left: list, n: int, want, then) -> None:
            if n == 0:
                then(pool_left)
                return
            take(pool_left, want, lambda rest: take_n(rest, n - 1, want, then))

        def is_type(*types):
            return lambda tok: tok[0] in types

        def anything(tok) -> bool:  # generic mana: not mana under only.not_generic (tapwise extension)
            return tok[2] == 0 or not self.restrictions[tok[2]].get("not_generic")

        def rec(k: int, pool_left: list, life: int, energy: int) -> None:
            if k == len(symbols):
                results.add((tuple(sorted(pool_left)), life, energy))
                return
            s = symbols[k]

            def nxt(rest: list, paid_life: int = life, paid_energy: int = energy) -> None:
                rec(k + 1, rest, paid_life, paid_energy)

            kind = s.kind
            if kind == "colored":
                take(pool_left, is_type(s.colors, ANY), nxt)
            elif kind == "colorless":
                take(pool_left, is_type("C"), nxt)
            elif kind == "generic":
                take_n(pool_left, s.amount, anything, nxt)
            elif kind == "hybrid":
                take(pool_left, is_type(s.colors[0], s.colors[1], ANY), nxt)
            elif kind == "colorless_hybrid":
                take(pool_left, is_type("C", s.colors, ANY), nxt)
            elif kind == "twobrid":
                take(pool_left, is_type(s.colors, ANY), nxt)
                take_n(pool_left, 2, anything, nxt)
            elif kind == "phyrexian":
                take(pool_left, is_type(s.colors, ANY), nxt)
                rec(k + 1, pool_left, life + 2, energy)
            elif kind == "hybrid_phyrexian":
                take(pool_left, is_type(s.colors[0], s.colors[1], ANY), nxt)
                rec(k + 1, pool_left, life + 2, energy)
            elif kind == "snow":  # {S}: generic mana (107.4h)
                take(pool_left, lambda tok: tok[1] and anything(tok), nxt)
            elif kind == "x":
                rec(k + 1, pool_left, life, energy)  # X counts as 0
            elif kind == "energy":
                rec(k + 1, pool_left, life, energy + 1)
            else:  # pragma: no cover - every kind is listed above
                raise AssertionError(f"unknown symbol {s}")

        rec(0, list(pool), 0, 0)
        return results

    # ---- moves ----------------------------------------------------------------------------

    def _legal(self, a_life: int, damage: int, energy: int) -> bool:
        if a_life > self.life or energy > self.energy:
            return False
        if self.keep is not None and a_life + damage > 0 and self.life - a_life - damage < self.keep:
            return False
        return True

    def _amounts(self, src, ab, ctrs: tuple, facts: dict):
        """Spec 9.2 on one copy with counters ``ctrs``: every (counters after, repetitions of
        add); none when the copy lacks the counters its cost removes."""
        ctr = dict(ctrs)
        for kind, n in ab.remove_counters:
            if ctr.get(kind, 0) < n:
                return
            ctr[kind] -= n
        for kind, n in ab.put_counters:
            ctr[kind] = ctr.get(kind, 0) + n
        t = ab.times
        if t is None:
            yield tuple(sorted(ctr.items())), 1
        elif t.remove is not None:
            for r in range(ctr.get(t.remove, 0) + 1):
                yield tuple(sorted({**ctr, t.remove: ctr.get(t.remove, 0) - r}.items())), r + t.plus
        elif t.counters is not None:
            yield tuple(sorted(ctr.items())), ctr.get(t.counters, 0) + t.plus
        elif t.fact is not None and t.up_to:  # tapwise extension: any number up to the fact
            for r in range(max(0, _fact(src, facts, t.fact)) + 1):
                yield tuple(sorted(ctr.items())), r + t.plus
        elif t.fact is not None:
            yield tuple(sorted(ctr.items())), _fact(src, facts, t.fact) + t.plus
        else:
            yield tuple(sorted(ctr.items())), t.number + t.plus

    def _moves(self, state):
        copies, pool, a_life, damage, energy, zones = state
        facts = self._facts_in(copies)
        for si, entry in enumerate(copies):
            src = self.sources[si]
            usable = self._usable(si, facts)
            for cs in sorted(set(entry)):
                tapped, sacrificed, left, ctrs = cs
                if sacrificed:
                    continue
                rest = list(entry)
                rest.remove(cs)
                for ai, (ab, only) in enumerate(self.abilities[si]):
                    base = usable[ai]
                    if base is None:
                        continue
                    if ab.tap and tapped:
                        continue
                    if not ab.tap and left[ai] <= 0:
                        continue
                    hand, graveyard, library = zones
                    zones_after = (hand - ab.discard, graveyard - ab.exile_graveyard,
                                   None if library is None else library - ab.mill)
                    if min(z for z in zones_after if z is not None) < 0:
                        continue  # 9.2: cards as costs, bounded by the zones
                    for ctrs_after, reps in self._amounts(src, ab, ctrs, facts):
                        if reps <= 0 and not (_doubles(ab) or ab.sacrifice or ab.sacrifice_other):
                            continue  # makes nothing and sacrifices nothing: a pool inside the one before, less left
                        outs = base if reps == 1 else sorted(
                            {tuple(sorted(sum(combo, ()))) for combo in itertools.combinations_with_replacement(base, reps)}
                        ) if reps > 0 else [()]
                        tokens = self._tokens(si, ab, only, outs)
                        yield from self._activate(state, si, rest, cs, ab, ai, tokens, only, ctrs_after, zones_after)

    def _tokens(self, si: int, ab, only: int, outs) -> list[tuple]:
        """The tokens one activation may add, each output's: its own types as the source's
        (snow, the ability's restriction) and, under 9.4's effects on a {T} ability, every
        result of them, an extra's mana plain (step 5); then step 6's ``Any``."""
        src = self.sources[si]
        got: set[tuple] = set()
        effects = self.watching[si] if ab.tap else []
        for out in outs:
            if not effects:
                got.add(tuple(sorted((t, src.snow, only) for t in out)))
                continue
            for own, extra in _results(tuple(out), effects, src.chosen):
                got.add(tuple(sorted([(t, src.snow, only) for t in own] + [(t, False, 0) for t in extra])))
        return sorted(_with_any(got))

    def _activate(self, state, si, rest, cs, ab, ai, outs, only, ctrs_after, zones_after):
        """The states after one activation of ability ``ai`` of copy ``cs`` of source ``si``."""
        copies, pool, a_life, damage, energy, _ = state
        src = self.sources[si]
        tapped, sacrificed, left, _ = cs
        # uses "any": no count of uses (its costs limit it), so states differ only in what matters
        new_left = left if ab.tap or ab.uses_any else left[:ai] + (left[ai] - 1,) + left[ai + 1:]
        new_cs = (tapped or ab.tap, ab.sacrifice, new_left, ctrs_after)
        for new_copies in self._with_others(copies, si, rest, new_cs, ab):
            for after, phy_life, sym_energy in self._cost_payments(pool, ab, si):
                a2 = a_life + ab.life + phy_life
                d2 = damage + ab.damage
                e2 = energy + ab.energy + sym_energy
                if not self._legal(a2, d2, e2):
                    continue
                if _doubles(ab):
                    new_pools = set(_doubled(after, src.snow, only))
                else:
                    new_pools = {tuple(sorted(list(after) + list(out))) for out in outs}
                for new_pool in sorted(new_pools):
                    yield (new_copies, new_pool, a2, d2, e2, zones_after)

    def _with_others(self, copies, si, rest, new_cs, ab):
        """Every copies' state once the activation's ``sacrifice_other`` and ``tap_other`` took
        their permanents (9.2): copies still on the battlefield of a matching permanent, untapped
        for ``tap_other``; the activating copy only with ``self``."""
        lists = [list(e) for e in copies]
        lists[si] = list(rest)
        acting = [new_cs]  # kept apart unless a cost may take it

        def take(lists, acting, others, sacrifice):
            if others is None:
                yield lists, acting
                return
            results = []

            def pick(lists, acting, need, floor):
                if need == 0:
                    results.append(([list(e) for e in lists], list(acting)))
                    return
                pools = [(sj, lists[sj]) for sj in range(len(lists))]
                if others.self:
                    pools.append((-1, acting))
                for sj, cands in pools:
                    src = self.sources[si if sj == -1 else sj]
                    if not others.matches(src):
                        continue
                    for cs in sorted(set(cands)):
                        if cs[1] or (not sacrifice and cs[0]) or (sj, cs) < floor:
                            continue
                        new = [list(e) for e in lists]
                        new_acting = list(acting)
                        target = new_acting if sj == -1 else new[sj]
                        target.remove(cs)
                        done = (cs[0], True, cs[2], cs[3]) if sacrifice else (True, cs[1], cs[2], cs[3])
                        target.append(done)
                        pick(new, new_acting, need - 1, (sj, cs))

            pick(lists, acting, others.n, (-2, ()))
            yield from results

        seen = set()
        for l1, a1 in take(lists, acting, ab.sacrifice_other, True):
            for l2, a2 in take(l1, a1, ab.tap_other, False):
                l2[si] = l2[si] + a2
                out = tuple(tuple(sorted(e)) for e in l2)
                if out not in seen:
                    seen.add(out)
                    yield out

    def run(self) -> set[tuple]:
        copies = []
        for si, src in enumerate(self.sources):
            left = tuple(0 if ab.tap else UNLIMITED if ab.uses_any else ab.uses for ab, _ in self.abilities[si])
            ctrs = tuple(sorted(src.counters))
            entry = [(True, False, left, ctrs)] * src.tapped + [(False, False, left, ctrs)] * (src.count - src.tapped)
            copies.append(tuple(sorted(entry)))
        start = (tuple(copies), self.start_pool, 0, 0, 0, self.zones)
        seen = {start}
        stack = [start]
        pools = set()
        while stack:
            state = stack.pop()
            pools.add(state[1])
            if len(seen) > self.max_states:
                raise TooBig(f"more than {self.max_states} states")
            for nxt in self._moves(state):
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)
        self.states = len(seen)
        return pools


def brute_pools(board: dict, *, max_states: int = 200_000, max_tokens: int | None = None) -> list[tuple]:
    """The maximal end pools of ``board`` as token tuples ``(type, snow, restriction index)``;
    :class:`TooBig` for a pool of more than ``max_tokens`` mana (containment tries every map)."""
    search = _Search(_board_only(board), max_states)
    found = search.run()
    if max_tokens is not None and any(len(p) > max_tokens for p in found):
        raise TooBig(f"a pool of more than {max_tokens} mana")
    return maximal_pools(found)


def brute_available(board: dict, *, max_states: int = 200_000, max_tokens: int | None = None) -> dict:
    """Answer the spec's ``available`` query for ``board`` (a board dict, optionally with
    ``"query": "available"``) by exhaustive search: ``{"pools": [pool, ...]}``, sorted.
    A request that isn't an ``available`` question raises :class:`BoardError`; :class:`TooBig`
    past ``max_states`` or for what the reference can't read."""
    pools = brute_pools(board, max_states=max_states, max_tokens=max_tokens)
    reported: list[dict] = []
    for p in pools:
        d = report(p)
        if d not in reported:
            reported.append(d)
    return {"pools": sort_pools(reported)}


def _board_only(request: dict) -> dict:
    if not isinstance(request, dict):
        raise BoardError("the request must be an object")
    board = {}
    for key, value in request.items():
        if key == "query":
            if value != "available":
                raise BoardError(f"query: must be 'available', not {value!r}")
        elif key == "id":
            pass
        elif key in BOARD_KEYS:
            board[key] = value
        else:
            raise BoardError(f"{key}: unknown key; allowed keys: " + ", ".join(BOARD_KEYS + ("query", "id")))
    return board
