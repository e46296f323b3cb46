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




# -- boards with 9.1-9.3's keys ------------------------------------------------------------------
#
# A plan's answers on a version-2 board (counters, cards, other permanents, convoke, improvise,
# delve, other_costs) leave copies that differ in more than tapped state and uses: which copy an
# activation, a victim or a convoking creature was is a choice the answer leaves open where the
# copies differ (counters). ``kept_choices`` replays the answers every way those choices can go
# and gives, for each board left, the kept costs the reference pays there (tests/reference/
# keywords_brute.py, at X = 0 as 9.5 judges it); the plan's ``kept`` must be one of them.


def _v2_copies(entry: dict) -> list[tuple]:
    count = int(entry.get("count", 1))
    tapped = entry.get("tapped", False)
    n_tapped = count if tapped is True else int(tapped or 0)
    abilities = entry.get("abilities") or []
    left = tuple(0 if ab.get("tap", True) else _uses(ab) for ab in abilities)
    counters = tuple(sorted((str(k).lower(), int(n)) for k, n in (entry.get("counters") or {}).items()))
    return [(k < n_tapped, False, left, counters) for k in range(count)]


def _replace(state: tuple, ei: int, old: tuple, new: tuple) -> tuple:
    entry = list(state[ei])
    entry.remove(old)
    entry.append(new)
    return state[:ei] + (tuple(sorted(entry)),) + state[ei + 1:]


def _branch(states: set, ei: int, fits, change) -> set:
    """Every state after ``change`` of one copy of entry ``ei`` that ``fits``, each distinct copy
    tried."""
    out = set()
    for state, zones in states:
        for cs in set(state[ei]):
            if fits(cs):
                out.add((_replace(state, ei, cs, change(cs)), zones))
    return out


def _counters_after(cs: tuple, remove: dict, put: dict) -> tuple | None:
    have = dict(cs[3])
    for k, n in remove.items():
        if have.get(k, 0) < n:
            return None
        have[k] -= n
    for k, n in put.items():
        have[k] = have.get(k, 0) + n
    return tuple(sorted((k, n) for k, n in have.items()))


def _activate(states: set, ei: int, ai: int, raw: dict, removed: int | None) -> set:
    remove = {str(k).lower(): int(n) for k, n in (raw.get("remove_counters") or {}).items()}
    times = raw.get("times")
    if removed and isinstance(times, dict) and "remove" in times:
        key = str(times["remove"]).lower()
        remove[key] = remove.get(key, 0) + int(removed)
    put = {str(k).lower(): int(n) for k, n in (raw.get("put_counters") or {}).items()}
    tap, uses_any = raw.get("tap", True), raw.get("uses") == "any"

    def fits(cs):
        return (not cs[1] and (not cs[0] if tap else (uses_any or cs[2][ai] > 0))
                and _counters_after(cs, remove, put) is not None)

    def change(cs):
        left = cs[2] if tap or uses_any else cs[2][:ai] + (cs[2][ai] - 1,) + cs[2][ai + 1:]
        return (cs[0] or tap, bool(raw.get("sacrifice")), left, _counters_after(cs, remove, put))

    return _branch(states, ei, fits, change)


def _take(states: set, ei: int, sacrifice: bool) -> set:
    """A permanent of entry ``ei`` sacrificed, or tapped (an untapped one)."""
    if sacrifice:
        return _branch(states, ei, lambda cs: not cs[1], lambda cs: (cs[0], True, cs[2], cs[3]))
    return _branch(states, ei, lambda cs: not cs[1] and not cs[0],
                   lambda cs: (True, cs[1], cs[2], cs[3]))


def _cards(states: set, hand: int = 0, graveyard: int = 0, library: int = 0) -> set:
    """Cards discarded (``hand``), exiled from the graveyard (``graveyard``) and milled
    (``library``): discarded and milled cards go to the graveyard (701.8, 701.13), where a
    later delve or exile may take them."""
    return {(state, (zones[0] - hand, zones[1] - graveyard + hand + library,
                     None if zones[2] is None else zones[2] - library)) for state, zones in states}


def _at(at: dict[str, int], name: str) -> int:
    """The entry of an id an answer names: a later answer's board splits an entry whose copies
    differ into ``<id>~2``, ... (copies of ``<id>``; every copy is tried anyway)."""
    return at[name] if name in at else at[name.rsplit("~", 1)[0]]


def boards_left_v2(board: dict, costs: list[dict], plan: dict) -> list[dict]:
    """Every board (sources, player, zones, facts) the plan's answers may leave (see above)."""
    entries = board.get("sources") or []
    at = {name: i for i, name in enumerate(_ids(entries))}
    state = tuple(tuple(sorted(_v2_copies(e))) for e in entries)
    zones = (int(board.get("hand", 0)), int(board.get("graveyard", 0)),
             None if board.get("library") is None else int(board["library"]))
    states = {(state, zones)}
    player = dict(board.get("player") or {})
    life, energy = int(player.get("life", 20)), int(player.get("energy", 0))
    victims: list[str] = []
    for ci, answer in zip(plan["paid"], plan["answers"]):
        life -= int(answer.get("life_paid", 0)) + int(answer.get("damage", 0))
        energy -= int(answer.get("energy_paid", 0))
        for act in answer["activations"]:
            ei, ai = _at(at, act["source"]), int(act["ability"])
            raw = (entries[ei].get("abilities") or [{}])[ai]
            for _ in range(int(act.get("times", 1))):
                states = _activate(states, ei, ai, raw, act.get("removed"))
                states = _cards(states, int(raw.get("discard", 0)),
                                int(raw.get("exile_graveyard", 0)), int(raw.get("mill", 0)))
            for victim in act.get("tapped") or []:
                states = _take(states, _at(at, victim), False)
            victims += act.get("sacrificed") or []
        for pay in answer["payments"]:
            for m in pay.get("mana") or []:  # a Phyrexian symbol paid with life has none
                for key in ("convoke", "improvise"):
                    if key in m:
                        states = _take(states, _at(at, m[key]), False)
                if "delve" in m:
                    states = _cards(states, graveyard=int(m["delve"]))
        taken = answer.get("other_costs") or {}
        for victim in taken.get("tapped") or []:
            states = _take(states, _at(at, victim), False)
        victims += taken.get("sacrificed") or []
        own = costs[ci].get("other_costs") or {}
        states = _cards(states, int(own.get("discard", 0)), int(own.get("exile_graveyard", 0)),
                        int(own.get("mill", 0)))
        if not states:
            raise AssertionError(f"answer for cost {ci}: no copies left to replay it on")
    # The permanents the answers sacrifice, last: the plan's mana abilities may come in any order,
    # so a creature one answer taps may be the one another answer's Altar sacrifices (every
    # board a legal order leaves is reached so, each copy choice tried)
    for victim in victims:
        states = _take(states, _at(at, victim), True)
    if not states:
        raise AssertionError("no copies left for the permanents the answers sacrifice")
    out = []
    for state, (hand, graveyard, library) in sorted(states, key=repr):
        if min(z for z in (hand, graveyard, library) if z is not None) < 0:
            continue
        copies = [[(c[0], c[1], None, c[2], c[3]) for c in entry] for entry in state]
        facts = dict(board.get("facts") or {})
        for entry, raw in zip(state, entries):  # 9.1: a sacrificed copy no longer counts
            gone = sum(1 for c in entry if c[1])
            counts = raw.get("counts") or {}
            counts = {f: 1 for f in counts} if isinstance(counts, list) else counts
            for name, by in counts.items():
                key = next((k for k in facts if " ".join(k.lower().split())
                            == " ".join(name.lower().split())), None)
                if gone and key is not None and isinstance(facts[key], int):
                    facts[key] -= int(by) * gone
        left: dict[str, Any] = {"sources": board_left_sources(entries, copies),
                                "player": {**player, "life": life, "energy": energy},
                                "hand": hand, "graveyard": graveyard}
        if library is not None:
            left["library"] = library
        if facts:
            left["facts"] = facts
        if board.get("opponent_sources"):
            left["opponent_sources"] = copy.deepcopy(board["opponent_sources"])
        out.append(left)
    if not out:
        raise AssertionError("the answers take more cards than the zones hold")
    return out


def kept_choices(board: dict, costs: list[dict], plan: dict, keep: list[dict]) -> list[list[int]]:
    """Per board the plan may leave, the kept costs the reference pays there."""
    from .keywords_brute import brute_keywords

    out = []
    for left in boards_left_v2(board, costs, plan):
        kept = []
        for i, k in enumerate(keep):
            asked = {**copy.deepcopy(k), **copy.deepcopy(left)}
            if asked.get("x") == "max":
                asked["x"] = 0  # spec 9.5: judged at X = 0
            if brute_keywords(asked)["status"] == "paid":
                kept.append(i)
        if kept not in out:
            out.append(kept)
    return out


__all__ = ["board_left", "kept_on_board_left", "boards_left_v2", "kept_choices"]
