"""Reference replay of what a plan leaves (spec 7 and 9.5): ``kept_on_board_left``.

A plan's answers name, per activation, the source, the ability and how many times it was
activated. This replays them on the board's JSON, copy by copy, with no code of ``solver/`` or
``models/``: a ``{T}`` ability taps that many untapped copies (the untapped copy with the fewest
uses left first, so copies with uses stay free), another ability spends one use of a copy that has
one (the copy with the most uses left first), ``sacrifice`` removes the copy; the player's life
falls by each answer's ``life_paid`` (the costs' ``life_cost`` included) and ``damage``, the
energy by ``energy_paid``. The board left has no pool (106.4). Each kept cost is then paid on
that board by the reference payer ``brute_pay`` (at X = 0, as 9.5 judges it): the kept costs are
the ones it pays.

For plain boards (abilities that tap, spend uses, sacrifice themselves, pay life or mana): the
copy chosen for each activation is the only choice the answer leaves open, and those boards'
copies differ only in tapped state and uses left.
"""

from __future__ import annotations

import copy
from typing import Any

from .brute import brute_pay
from .keep_brute import board_left_sources

UNLIMITED = 10**6


def _uses(raw: dict) -> int:
    uses = raw.get("uses", 1)
    return UNLIMITED if uses == "any" else int(uses)


def _ids(entries: list[dict]) -> list[str]:
    """Spec 8's ids: the ``id``, else the name made unique (``name``, ``name#2``, ...), else
    ``source<i>`` by position."""
    seen: dict[str, int] = {}
    out = []
    for i, e in enumerate(entries):
        if "id" in e:
            out.append(str(e["id"]))
        elif "name" in e:
            n = seen[e["name"]] = seen.get(e["name"], 0) + 1
            out.append(e["name"] if n == 1 else f"{e['name']}#{n}")
        else:
            out.append(f"source{i}")
    return out


def board_left(board: dict, answers: list[dict]) -> tuple[list[dict], dict[str, Any]]:
    """The sources and player a plan's ``answers`` leave on ``board`` (see the module doc)."""
    entries = board.get("sources") or []
    at = {name: i for i, name in enumerate(_ids(entries))}
    # per entry, per copy: [tapped, sacrificed, uses left per ability]
    copies: list[list[list[Any]]] = []
    for e in entries:
        count = int(e.get("count", 1))
        tapped = e.get("tapped", False)
        n_tapped = count if tapped is True else int(tapped or 0)
        abilities = e.get("abilities") or []
        left = [0 if ab.get("tap", True) else _uses(ab) for ab in abilities]
        copies.append([[k < n_tapped, False, list(left)] for k in range(count)])
    player = dict(board.get("player") or {})
    life, energy = int(player.get("life", 20)), int(player.get("energy", 0))
    for answer in answers:
        life -= int(answer.get("life_paid", 0)) + int(answer.get("damage", 0))
        energy -= int(answer.get("energy_paid", 0))
        for act in answer["activations"]:
            ei, ai = at[act["source"]], int(act["ability"])
            raw = (entries[ei].get("abilities") or [{}])[ai]  # a basic land's own {T} ability
            for _ in range(int(act.get("times", 1))):
                live = [c for c in copies[ei] if not c[1]]
                if raw.get("tap", True):
                    free = sorted((c for c in live if not c[0]), key=lambda c: sum(c[2]))
                    if not free:
                        raise AssertionError(f"{act['source']}: no untapped copy left to tap")
                    chosen = free[0]
                    chosen[0] = True
                else:
                    free = sorted((c for c in live if c[2][ai] > 0), key=lambda c: -c[2][ai])
                    if not free:
                        raise AssertionError(f"{act['source']}: no use of ability {ai} left")
                    chosen = free[0]
                    chosen[2][ai] -= 1
                if raw.get("sacrifice"):
                    chosen[1] = True
    # keep_brute's board_left_sources reads (tapped, sacrificed, used, uses left, counters)
    states = [[(c[0], c[1], None, tuple(c[2]), ()) for c in entry] for entry in copies]
    left_player: dict[str, Any] = {"life": life, "energy": energy}
    if "keep_life" in player:
        left_player["keep_life"] = player["keep_life"]
    return board_left_sources(entries, states), left_player


def kept_on_board_left(board: dict, answers: list[dict], keep: list[dict]) -> list[int]:
    """The indexes of the kept costs that the reference pays on the board ``answers`` leave."""
    sources, player = board_left(board, answers)
    kept = []
    for i, k in enumerate(keep):
        asked = {**copy.deepcopy(k), "sources": copy.deepcopy(sources), "player": dict(player)}
        if asked.get("x") == "max":
            asked["x"] = 0  # spec 9.5: judged at X = 0
        if board.get("opponent_sources"):
            asked["opponent_sources"] = copy.deepcopy(board["opponent_sources"])
        if brute_pay(asked)["status"] == "paid":
            kept.append(i)
    return kept


__all__ = ["board_left", "kept_on_board_left"]
