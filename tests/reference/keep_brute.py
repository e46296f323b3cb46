"""Exhaustive reference for ``keep`` and ``max_keep`` (spec 9.5): ``brute_keep(problem)``.

It enumerates every game state the main payment can reach (the search of ``brute.py``: every
sequence of mana-ability activations, copy by copy), pays the main cost from it in every way,
and for each outcome builds the board that is left, copy by copy (copies not sacrificed, which of
them are tapped, the uses each has left; life and energy left; no pool, 106.4), and pays every
kept cost on it with the reference payer ``brute_pay``. Shares no code with ``solver/``.
"""

from __future__ import annotations

import copy
from typing import Any

from tapwise.models.mana import Kind, ManaCost

from .brute import COLORS, DEFAULT_TAIL, DEFAULT_TAIL_V2, MAXIMIZED, Unsupported, _Search, brute_pay

KEEP_OBJECTIVES = {"max_x", "max_colors", "min_colors", "min_life", "min_energy", "min_sacrifices",
                   "min_sources", "min_waste", "max_keep", "min_drawbacks", "min_cards", "min_counters"}


def keep_objective_list(problem: dict, keep: list) -> list[str]:
    """Spec 5, 8 and 9.6: the default list gets max_keep right after max_x when keep is given."""
    x_max = problem.get("x", 0) == "max"
    given = problem.get("objective")
    if given is not None:
        names = list(given)
        if x_max and "max_x" not in names:
            names.insert(0, "max_x")
    else:
        names = []
        for kw in problem.get("keywords", []) or []:
            name = {"eclipse": "min_colors", "sunburst": "max_colors", "converge": "max_colors"}.get(kw.lower())
            if name and name not in names:
                names.append(name)
        if x_max:
            names.append("max_x")
        if keep:
            names.append("max_keep")
        names += DEFAULT_TAIL_V2 if keep else DEFAULT_TAIL  # keep is a key of 9.5: 9.6's list (9.7)
    for n in names:
        if n not in KEEP_OBJECTIVES:
            raise Unsupported(f"unknown objective {n!r}")
    return names


def mana_value(cost: dict) -> int:
    """202.3 with X = 0: generic counts its number, {2/W} two, every other mana symbol one."""
    text = cost.get("cost")
    if text is None or (cost.get("for") or {}).get("kind", "spell") != "spell":
        return 0
    total = 0
    for s in ManaCost.parse(text).symbols:
        if s.kind is Kind.GENERIC:
            total += s.amount
        elif s.kind is Kind.TWOBRID:
            total += 2
        elif s.kind not in (Kind.X, Kind.ENERGY):
            total += 1
    return total


class _KeepSearch(_Search):
    def __init__(self, problem: dict, max_states: int) -> None:
        self.kept = problem.pop("keep", [])
        given = problem.get("objective")
        plain = dict(problem)
        if given is not None:
            plain["objective"] = [o for o in given if o != "max_keep"] or ["min_sources"]
        super().__init__(plain, max_states)
        self.objectives = keep_objective_list(problem, self.kept)
        self.raw_sources = problem.get("sources", []) or []
        self.opponents = problem.get("opponent_sources")
        self.keep_life_raw = (problem.get("player") or {}).get("keep_life", "absent")
        self.values = [mana_value(k) for k in self.kept]
        self._kept_cache: dict = {}
        self.best_kept: tuple[int, int] | None = None

    def _board_left(self, copies) -> list[dict]:
        return board_left_sources(self.raw_sources, copies)

    def _kept_after(self, copies, life: int, energy: int) -> tuple[int, int]:
        """(how many kept costs pay on the board left, their total mana value)."""
        key = (copies, life, energy)
        got = self._kept_cache.get(key)
        if got is not None:
            return got
        board = self._board_left(copies)
        count = value = 0
        for k, mv in zip(self.kept, self.values):
            player: dict[str, Any] = {"life": life, "energy": energy}
            if self.keep_life_raw != "absent":
                player["keep_life"] = self.keep_life_raw
            asked = {**copy.deepcopy(k), "sources": board, "player": player}
            if asked.get("x") == "max":
                asked["x"] = 0  # spec 9.5: judged at X = 0
            if self.opponents:
                asked["opponent_sources"] = self.opponents
            if brute_pay(asked)["status"] == "paid":
                count += 1
                value += mv
        got = self._kept_cache[key] = (count, value)
        return got

    def _consider(self, values: dict, copies, life_left: int, energy_left: int) -> None:
        """The search's payments scored with ``max_keep`` too: the kept costs paid on the board left."""
        kept = self._kept_after(copies, life_left, energy_left)
        values = {**values, "max_keep": kept}
        key = tuple((-kept[0], -kept[1]) if o == "max_keep" else -values[o] if o in MAXIMIZED
                    else values[o] for o in self.objectives)
        if self.best is None or key < self.best:
            self.best = key
            self.best_kept = kept


def brute_keep(problem: dict, *, max_states: int = 50_000) -> dict:
    """``{"status", "objective", "kept_mana_value"}`` for a problem with ``keep``: the
    lexicographic optimum over every main payment, ``max_keep`` the number of kept costs that
    pay on the board it leaves (and ``kept_mana_value`` their total mana value)."""
    return keep_outcome(_KeepSearch(copy.deepcopy(problem), max_states))


def keep_outcome(search: "_KeepSearch") -> dict:
    """The status, each objective's optimal value and the best kept costs of a keep search (the
    keep references that extend :class:`_KeepSearch` answer through it too)."""
    if search.unpayable:
        return {"status": "unpayable", "objective": {}}
    if not search.demands:
        return {"status": "infeasible", "objective": {}}
    best = search.run()
    if best is None:
        return {"status": "infeasible", "objective": {}}
    values = {}
    for o, v in zip(search.objectives, best):
        values[o] = -v[0] if o == "max_keep" else -v if o in MAXIMIZED else v
    assert search.best_kept is not None
    return {"status": "paid", "objective": values, "kept_mana_value": search.best_kept[1],
            "kept_count": search.best_kept[0]}


__all__ = ["brute_keep", "keep_objective_list", "mana_value", "COLORS"]


def board_left_sources(raw_sources: list[dict], copies) -> list[dict]:
    """The source dicts of the board left: per entry, its copies not sacrificed grouped by the
    uses and counters each has left (9.1), tapped ones counted; an ability of unlimited uses
    (``uses: "any"``) keeps them."""
    out = []
    for ei, entry in enumerate(copies):
        raw = raw_sources[ei]
        groups: dict[tuple, list[int]] = {}
        for tapped, sacrificed, _used, left, counters in entry:
            if sacrificed:
                continue
            g = groups.setdefault((left, counters), [0, 0])
            g[0] += 1
            g[1] += 1 if tapped else 0
        for k, ((left, counters), (count, tapped)) in enumerate(sorted(groups.items())):
            src = {key: v for key, v in raw.items() if key not in ("id", "count", "tapped", "counters")}
            if counters:  # the counters left on these copies (9.1)
                src["counters"] = dict(counters)
            src["id"] = f"e{ei}c{k}"
            src["count"] = count
            src["tapped"] = tapped
            if "abilities" in raw:
                abilities = copy.deepcopy(raw["abilities"])
                for ai, ab in enumerate(abilities):
                    if not ab.get("tap", True) and ab.get("uses") != "any":
                        ab["uses"] = left[ai]
                src["abilities"] = abilities
            out.append(src)
    return out
