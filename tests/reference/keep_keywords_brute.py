"""Exhaustive reference for ``keep`` (9.5) over everything a payment can take:
``brute_keep_keywords(problem)``.

The keywords reference's search (``keywords_brute.py``: every sequence of mana-ability
activations, copy by copy, counters, uses and cards per copy and zone) with 601.2h paid copy by
copy: each untapped copy on the battlefield convokes, improvises, is tapped by ``other_costs`` or
does nothing; ``other_costs`` then sacrifices any copies still on the battlefield (one that
convoked or was tapped by a mana ability included, every choice tried); any number of the
graveyard's cards are delved. For each outcome the board left is built copy by copy: copies not
sacrificed, which are tapped, the uses and counters each has left; the hand, graveyard and
library after discard, mill, exile and delve; life and energy left; the facts less what the
sacrificed copies counted toward; no pool (106.4). Every kept cost is paid there by the keywords
reference (so a kept cost may convoke, delve, ... too). The best payment is lexicographic over
the objective list with ``max_keep`` (most kept costs, then their mana value). Shares no code
with ``solver/``.
"""

from __future__ import annotations

import copy
import itertools
from typing import Any

from .brute import DEFAULT_TAIL, DEFAULT_TAIL_V2, MAXIMIZED, Unsupported, _kind_rank
from .keep_brute import board_left_sources, keep_outcome, mana_value
from .keywords_brute import _compositions, _KeywordSearch, brute_keywords

_EXTRA = {"min_drawbacks", "min_cards", "min_counters", "max_keep"}


class _KeepKeywordSearch(_KeywordSearch):
    def __init__(self, problem: dict, max_states: int) -> None:
        self.kept = problem.pop("keep", [])
        given = problem.get("objective")
        plain = dict(problem)
        if given is not None:
            plain["objective"] = [o for o in given if o != "max_keep"] or ["min_sources"]
        super().__init__(plain, max_states)
        names = list(self.objectives)
        if given is not None:
            names = list(given)
            if problem.get("x", 0) == "max" and "max_x" not in names:
                names.insert(0, "max_x")
        elif self.kept:  # 9.6: right after the keywords' colors and max_x
            at = 0
            while at < len(names) and names[at] in ("max_x", "max_colors", "min_colors"):
                at += 1
            names.insert(at, "max_keep")
        self.objectives = names
        self.raw_problem = problem
        self.opponents = problem.get("opponent_sources")
        self.keep_life_raw = (problem.get("player") or {}).get("keep_life", "absent")
        self.values = [mana_value(k) for k in self.kept]
        self._kept_cache: dict = {}
        self.best_kept: tuple[int, int] | None = None

    # -- the board left ------------------------------------------------------------------------

    def _board_left(self, copies) -> list[dict]:
        return board_left_sources(self.raw_sources, copies)

    def _kept_after(self, copies, zones: tuple, life: int, energy: int) -> tuple[int, int]:
        """(how many kept costs pay on the board left, their total mana value)."""
        key = (copies, zones, life, energy)
        got = self._kept_cache.get(key)
        if got is not None:
            return got
        board = self._board_left(copies)
        hand, graveyard, library = zones
        facts = self._facts_now(copies)
        count = value = 0
        for k, mv in zip(self.kept, self.values):
            player: dict[str, Any] = {"life": life, "energy": energy}
            if self.keep_life_raw != "absent":
                player["keep_life"] = self.keep_life_raw
            asked = {**copy.deepcopy(k), "sources": board, "player": player, "hand": hand, "graveyard": graveyard}
            if library is not None:
                asked["library"] = library
            if facts:
                asked["facts"] = dict(facts)
            if asked.get("x") == "max":
                asked["x"] = 0  # 9.5: judged at X = 0
            if self.opponents:
                asked["opponent_sources"] = self.opponents
            if brute_keywords(asked)["status"] == "paid":
                count += 1
                value += mv
        got = self._kept_cache[key] = (count, value)
        return got

    # -- 601.2h copy by copy -------------------------------------------------------------------

    def _late_taps(self, copies, part: _KeywordSearch | None = None):
        """Every way the untapped copies on the battlefield act in ``part``'s 601.2h (default:
        this search's own cost): (copies after, the units per keyword role, copies tapped by
        other_costs, copies newly used)."""
        part = part or self
        groups = []  # (entry, state, how many, roles)
        for e, entry in enumerate(copies):
            roles = part._roles(e)
            if len(roles) == 1:
                continue
            for cs in sorted(set(entry)):
                if not cs[0] and not cs[1]:
                    groups.append((e, cs, entry.count(cs), roles))
        for choice in itertools.product(*[list(_compositions(n, len(roles))) for _, _, n, roles in groups]):
            entries = [list(entry) for entry in copies]
            want: dict[Any, int] = {}
            tapped = new = 0
            for (e, cs, _n, roles), counts in zip(groups, choice):
                for role, k in zip(roles, counts):
                    if role is None or not k:
                        continue
                    new += 0 if cs[2] else k
                    if role == "tap":
                        tapped += k
                    else:
                        want[role] = want.get(role, 0) + k
                    for _ in range(k):
                        entries[e].remove(cs)
                        entries[e].append((True, cs[1], True, cs[3], cs[4]))
            yield tuple(tuple(sorted(entry)) for entry in entries), want, tapped, new

    def _late_sacrifices(self, copies, part: _KeywordSearch | None = None):
        """Every choice of the copies ``part``'s other_costs sacrifices (any still on the battlefield)."""
        part = part or self
        if part.o_sac is None:
            yield copies, 0
            return
        n = part.o_sac[0]
        states = [(e, cs, entry.count(cs)) for e, entry in enumerate(copies) if part._matches(e, part.o_sac)
                  for cs in sorted(set(entry)) if not cs[1]]
        for pick in itertools.product(*[range(min(k, n) + 1) for _, _, k in states]):
            if sum(pick) != n:
                continue
            entries = [list(entry) for entry in copies]
            for (e, cs, _k), m in zip(states, pick):
                for _ in range(m):
                    entries[e].remove(cs)
                    entries[e].append((cs[0], True, cs[2], cs[3], cs[4]))
            yield tuple(tuple(sorted(entry)) for entry in entries), n

    def _evaluate(self, state) -> None:
        copies, pool, a_life, damage, energy, sacrifices, cards, moved, zones, drawbacks = state
        supply_t, made_in_pool = self._pool_supply(pool)
        used = sum(1 for entry in copies for cs in entry if cs[2])
        hand, graveyard, library = self.zones
        o_discard, o_exile, o_mill = self.o_cards
        if zones[0] + o_discard > hand or (library is not None and zones[2] + o_mill > library):
            return
        in_graveyard = graveyard - zones[1] + zones[0] + zones[2] + o_discard + o_mill - o_exile
        if in_graveyard < 0:
            return
        delvable = in_graveyard if self.delve else 0
        hand_left = hand - zones[0] - o_discard
        library_left = None if library is None else library - zones[2] - o_mill
        for after_taps, want, tapped, new in self._late_taps(copies):
            if tapped != (self.o_tap[0] if self.o_tap is not None else 0):
                continue
            for after, o_sacrificed in self._late_sacrifices(after_taps):
                for xv, life, cost_energy, slots in self.demands:
                    if not self._affordable(energy + cost_energy, a_life, damage, life):
                        continue
                    by_kw = self._by_kw(slots)
                    if any(k > by_kw.get(role, 0) for role, k in want.items()):
                        continue
                    left = self.life - a_life - damage
                    for delved in range(min(delvable, by_kw.get("gen", 0) - want.get("gen", 0)) + 1):
                        take = dict(want)
                        take["gen"] = take.get("gen", 0) + delved
                        rest = self._rest(slots, take)
                        left_zones = (hand_left, in_graveyard - delved, library_left)
                        for mask, spent in self._pay(rest, supply_t).items():
                            colors = bin(mask).count("1")
                            values = {"max_x": xv, "max_colors": colors, "min_colors": colors,
                                      "min_life": a_life + damage + life, "min_energy": energy + cost_energy,
                                      "min_sacrifices": sacrifices + o_sacrificed, "min_sources": used + new,
                                      "min_waste": made_in_pool - spent, "min_drawbacks": drawbacks,
                                      "min_cards": cards + delved + o_discard + o_exile + o_mill,
                                      "min_counters": moved}
                            kept = self._kept_after(after, left_zones, left - life,
                                                    self.energy - energy - cost_energy)
                            self._score(values, kept)

    def _score(self, values: dict, kept: tuple[int, int]) -> None:
        values = {**values, "max_keep": kept}
        key = tuple((-kept[0], -kept[1]) if o == "max_keep" else -values[o] if o in MAXIMIZED
                    else values[o] for o in self.objectives)
        if self.best is None or key < self.best:
            self.best = key
            self.best_kept = kept


class _KeepPlanSearch(_KeepKeywordSearch):
    """A plan's costs paid one after another from one board (spec 7): every mana ability first
    (the mana floats, 118.3a), then each cost's 601.2h in paying order, copy by copy, each seeing
    the copies and the graveyard the ones before left; the mana pays what the keywords leave of
    all the costs at once. Scored with ``max_keep`` first, then the objectives summed."""

    def __init__(self, board: dict, costs: list[dict], keep: list[dict], v2: bool, max_states: int) -> None:
        self.parts = [_KeywordSearch({**copy.deepcopy(board), **copy.deepcopy(cost)}, max_states) for cost in costs]
        super().__init__({**copy.deepcopy(board), "cost": "{0}", "keep": keep}, max_states)
        self.objectives = ["max_keep"] + (list(DEFAULT_TAIL_V2) if v2 else list(DEFAULT_TAIL))
        self.unpayable = any(p.unpayable or not p.demands for p in self.parts)

    def _steps(self, j: int, copies, gy: int, discarded: int, milled: int):
        """Every way to pay the 601.2h of costs ``j``..: (copies after, graveyard, discarded,
        milled, slots left for mana, life, energy, copies newly used, cards, sacrificed)."""
        if j == len(self.parts):
            yield copies, gy, discarded, milled, (), 0, 0, 0, 0, 0
            return
        part = self.parts[j]
        hand, _, library = self.zones
        o_discard, o_exile, o_mill = part.o_cards
        gy_now = gy + o_discard + o_mill - o_exile
        if discarded + o_discard > hand or (library is not None and milled + o_mill > library) or gy_now < 0:
            return
        for after_taps, want, tapped, new in self._late_taps(copies, part):
            if tapped != (part.o_tap[0] if part.o_tap is not None else 0):
                continue
            for after, n_sac in self._late_sacrifices(after_taps, part):
                for _xv, life, cost_energy, slots in part.demands:
                    by_kw = part._by_kw(slots)
                    if any(k > by_kw.get(role, 0) for role, k in want.items()):
                        continue
                    for delved in range(min(gy_now if part.delve else 0, by_kw.get("gen", 0) - want.get("gen", 0)) + 1):
                        take = dict(want)
                        take["gen"] = take.get("gen", 0) + delved
                        rest = part._rest(slots, take)
                        for c2, gy2, d2, m2, r_slots, r_life, r_energy, r_new, r_cards, r_sacs in self._steps(
                                j + 1, after, gy_now - delved, discarded + o_discard, milled + o_mill):
                            yield (c2, gy2, d2, m2, rest + r_slots, life + r_life, cost_energy + r_energy,
                                   new + r_new, delved + sum(part.o_cards) + r_cards, n_sac + r_sacs)

    def _evaluate(self, state) -> None:
        copies, pool, a_life, damage, energy, sacrifices, cards, moved, zones, drawbacks = state
        supply, made_in_pool = self._pool_supply(pool)
        used = sum(1 for entry in copies for cs in entry if cs[2])
        hand, graveyard, library = self.zones
        gy = graveyard - zones[1] + zones[0] + zones[2]  # 9.7: what mana abilities discarded, milled
        for after, gy2, discarded, milled, slots, life, cost_energy, new, more_cards, more_sacs in self._steps(
                0, copies, gy, zones[0], zones[2]):
            if not self._affordable(energy + cost_energy, a_life, damage, life):
                continue
            slots = tuple(sorted(slots, key=_kind_rank))
            left_zones = (hand - discarded, gy2, None if library is None else library - milled)
            for _, spent in self._pay(slots, supply).items():
                values = {"min_life": a_life + damage + life, "min_sacrifices": sacrifices + more_sacs,
                          "min_drawbacks": drawbacks, "min_cards": cards + more_cards, "min_counters": moved,
                          "min_sources": used + new, "min_waste": made_in_pool - spent}
                kept = self._kept_after(after, left_zones, self.life - a_life - damage - life,
                                        self.energy - energy - cost_energy)
                self._score(values, kept)


def brute_plan_keep_keywords(board: dict, costs: list[dict], keep: list[dict], v2: bool, *,
                             max_states: int = 50_000) -> dict:
    """Paying every cost of ``costs`` in this order from ``board`` with ``keep``: ``{"status",
    "objective"}`` (``max_keep`` first, then the objectives summed) and the kept count and mana
    value, as :func:`brute_keep_keywords`."""
    return keep_outcome(_KeepPlanSearch(board, costs, keep, v2, max_states))


def brute_keep_keywords(problem: dict, *, max_states: int = 50_000) -> dict:
    """``{"status", "objective", "kept_count", "kept_mana_value"}`` for a problem with ``keep``
    and any of 9.1-9.3's keys: the lexicographic optimum over every payment, ``max_keep`` the
    number of kept costs that pay on the board it leaves."""
    for o in problem.get("objective") or []:
        if o in MAXIMIZED or o in _EXTRA or o.startswith("min_"):
            continue
        raise Unsupported(f"objective {o!r}")
    return keep_outcome(_KeepKeywordSearch(copy.deepcopy(problem), max_states))


__all__ = ["brute_keep_keywords", "brute_plan_keep_keywords"]
