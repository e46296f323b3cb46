"""Exhaustive reference for ``keep`` on a board with ``effects`` (9.4 with 9.5):
``brute_keep_effects(problem)``.

The keep reference's search (``keep_brute.py``: every main payment, the board it leaves copy by
copy, each kept cost paid there) with the effects reference's activations (``effects_brute.py``:
its own split of an ``on`` extra's copy of several, the outputs under every replacement order).
The board left keeps the enchanted copy's id, so the kept costs, paid by ``brute_pay_effects``,
see the extra only while that copy is left untapped. Shares no code with ``solver/``.
"""

from __future__ import annotations

import copy
from typing import Any

from .brute import DEFAULT_TAIL, DEFAULT_TAIL_V2, _Search
from .effects_brute import _EffectsSearch, _watches, brute_pay_effects
from .keep_brute import _KeepSearch, keep_objective_list, keep_outcome, mana_value


class _KeepEffectsSearch(_KeepSearch, _EffectsSearch):
    def __init__(self, problem: dict, effects: list[dict], watching: list, chosen: list, enchanted: list,
                 max_states: int) -> None:
        self.watching, self.chosen, self.cubes = watching, chosen, set()
        self.effects, self.enchanted = effects, enchanted
        self.kept = problem.pop("keep", [])
        given = problem.get("objective")
        plain = dict(problem)
        if given is not None:
            plain["objective"] = [o for o in given if o != "max_keep"] or ["min_sources"]
        _Search.__init__(self, plain, max_states)
        names = keep_objective_list(problem, self.kept)
        if given is None and names[-len(DEFAULT_TAIL):] == DEFAULT_TAIL:  # 9.6: effects are a section 9 key
            names = names[:-len(DEFAULT_TAIL)] + DEFAULT_TAIL_V2
        self.objectives = names
        self.raw_sources = problem.get("sources", []) or []
        self.opponents = problem.get("opponent_sources")
        self.keep_life_raw = (problem.get("player") or {}).get("keep_life", "absent")
        self.values = [mana_value(k) for k in self.kept]
        self._kept_cache: dict = {}
        self.best_kept = None

    def _board_left(self, copies) -> list[dict]:
        out = super()._board_left(copies)
        for src in out:  # the enchanted copy keeps its id, so an on extra still finds it
            ei = int(src["id"][1:].split("c")[0])
            if self.enchanted[ei]:
                src["id"] = self.raw_sources[ei]["id"]
        return out

    def _kept_after(self, copies, life: int, energy: int) -> tuple[int, int]:
        key = (copies, life, energy)
        got = self._kept_cache.get(key)
        if got is not None:
            return got
        board = self._board_left(copies)
        present = {s["id"] for s in board}
        effects = [e for e in self.effects if "on" not in e or e["on"] in present]
        count = value = 0
        for k, mv in zip(self.kept, self.values):
            player: dict[str, Any] = {"life": life, "energy": energy}
            if self.keep_life_raw != "absent":
                player["keep_life"] = self.keep_life_raw
            asked = {**copy.deepcopy(k), "sources": copy.deepcopy(board), "player": player}
            if effects:
                asked["effects"] = copy.deepcopy(effects)
            if asked.get("x") == "max":
                asked["x"] = 0  # spec 9.5: judged at X = 0
            if brute_pay_effects(asked)["status"] == "paid":
                count += 1
                value += mv
        got = self._kept_cache[key] = (count, value)
        return got


def brute_keep_effects(problem: dict, *, max_states: int = 50_000) -> dict:
    """``brute_keep``'s answer (``status``, ``objective``, ``kept_count``, ``kept_mana_value``)
    for a problem with ``keep`` and ``effects``."""
    problem = copy.deepcopy(problem)
    effects = problem.pop("effects", None) or []
    entries, flags, enchanted = [], [], []
    for entry in problem.get("sources", []) or []:
        named = any(e.get("on") == entry.get("id") for e in effects)
        count = int(entry.get("count", 1))
        if not named or count == 1:
            entries.append(entry)
            flags.append(True)
            enchanted.append(named)
            continue
        tapped = entry.get("tapped", False)
        tapped_n = count if tapped is True else 0 if not tapped else int(tapped)
        untapped = count - tapped_n
        entries += [{**entry, "count": 1, "tapped": untapped == 0},
                    {**entry, "id": entry["id"] + "#rest", "count": count - 1,
                     "tapped": tapped_n if untapped else tapped_n - 1}]
        flags += [True, False]
        enchanted += [True, False]
    problem["sources"] = entries
    watching = [[e for e in effects if _watches(e, entry, flag)] for entry, flag in zip(entries, flags)]
    chosen = [entry.get("chosen") for entry in entries]
    return keep_outcome(_KeepEffectsSearch(problem, effects, watching, chosen, enchanted, max_states))


__all__ = ["brute_keep_effects"]
