"""Reference for ``plan`` (spec section 7) on version-2 boards: ``brute_plan`` and ``check_left``.

``brute_plan``: mana made for one cost and not spent stays in the pool for the next (118.3a),
and every activation of a plan happens within one step, so a set of plain costs (symbols and
life) can be paid one after another exactly when the brute-force payer (``brute.py``, which
models 9.1-9.2 copy by copy: counters, ``uses: "any"``, cards, ``sacrifice_other``,
``tap_other``, facts lowered by ``counts`` as sacrifices happen) pays their concatenation. The
best plan is the best candidate set: most costs, then most mana value, then the reference's
objectives of paying it. A board with ``effects`` (9.4) is paid by ``effects_brute.py``'s payer,
which splits an ``on`` extra's copy of several into an entry of its own by itself. Costs with
9.3's keys are paid one after another by ``plan_keywords_brute.py`` (each cost's convoke,
improvise, delve and other costs on what the earlier ones left), with ``"any"`` in every order.

``check_left``: the plan's ``left`` board, counted from the board as given and the answers
alone: copies left per source (the split entries ``id~k`` counted with theirs), counters,
cards in the zones (the graveyard gains the cards discarded and milled), what 9.3's keywords
and other costs took, facts lowered by what the sacrificed copies counted toward, life.

Shares no code with ``solver/`` (``models.mana`` for notation only).
"""

from __future__ import annotations

import copy
import itertools
from typing import Any

from tapwise.models.mana import ManaCost

from .brute import BASIC_LAND_MANA, brute_pay
from .effects_brute import brute_pay_effects
from .keywords_brute import KEYWORD_KEYS
from .plan_keywords_brute import brute_plan_keywords


def _concat(costs: list[dict]) -> dict:
    return {"cost": "".join(c["cost"] for c in costs) or "{0}", "life_cost": sum(c.get("life_cost", 0) for c in costs)}


def brute_plan(board: dict, costs: list[dict], order: str) -> tuple[int, int, dict[str, int]]:
    """(costs paid, their mana value, the reference objective of paying them) of the best plan."""
    def value(subset: tuple[int, ...]) -> int:
        return sum(ManaCost.parse(costs[i]["cost"]).mana_value for i in subset)

    def outcome(subset: tuple[int, ...]) -> dict[str, int] | None:
        if not subset:
            return {}
        if any(key in costs[i] for i in subset for key in KEYWORD_KEYS):  # 9.3: paid one after another
            orders = [subset] if order == "given" else list(itertools.permutations(subset))  # "any": every order
            found = [got for o in orders
                     if (got := brute_plan_keywords(copy.deepcopy(board), [costs[i] for i in o])) is not None]
            return min(found, key=lambda got: tuple(got.values())) if found else None
        payer = brute_pay_effects if board.get("effects") else brute_pay  # 9.4: the effects' own reference
        got = payer({**copy.deepcopy(board), **_concat([costs[i] for i in subset])})
        return got["objective"] if got["status"] == "paid" else None

    n = len(costs)
    if order == "given":
        candidates = [tuple(range(k)) for k in range(n, -1, -1)]
    else:
        candidates = [s for k in range(n, -1, -1) for s in itertools.combinations(range(n), k)]
    best = None
    for subset in candidates:
        if best is not None and len(subset) < best[0]:
            break
        got = outcome(subset)
        if got is None:
            continue
        key = (len(subset), value(subset), tuple(-v for v in got.values()))
        if best is None or key > best[3]:
            best = (len(subset), value(subset), got, key)
    assert best is not None
    return best[0], best[1], best[2]


def _abilities(raw: dict) -> list[dict]:
    if "abilities" in raw:
        return raw["abilities"]
    name = (raw.get("name") or "").lower().replace("snow-covered ", "")
    return [{"add": "{%s}" % BASIC_LAND_MANA[name]}] if name in BASIC_LAND_MANA else [{}]


def _root(sid: str, given: set[str]) -> str:
    while sid not in given and "~" in sid:
        sid = sid.rsplit("~", 1)[0]
    return sid


def check_left(board: dict, answer: dict) -> list[str]:
    """What is wrong with ``answer["left"]`` (a plan's answer on ``board``), counted on its own."""
    if answer.get("status") != "paid":
        return []
    from tapwise.models.loader import load_problem  # only for the ids it gives unnamed and repeated entries
    ids = [s.id for s in load_problem({"cost": "{0}", **copy.deepcopy(board)}).sources]
    raws = dict(zip(ids, board.get("sources", [])))
    given = set(raws)
    acts = [act for a in answer["answers"] for act in a["activations"]]
    alive = {sid: raw.get("count", 1) for sid, raw in raws.items()}
    tapped0 = {sid: (alive[sid] if raw.get("tapped") is True else int(raw.get("tapped") or 0))
               for sid, raw in raws.items()}
    taps = {sid: 0 for sid in raws}
    touched: set[str] = set()  # sources a copy of which was sacrificed (its counters went with it)
    counters = {sid: {k: v * alive[sid] for k, v in (raw.get("counters") or {}).items()} for sid, raw in raws.items()}
    cards = {"discard": 0, "exile_graveyard": 0, "mill": 0}
    lowered: dict[str, int] = {}

    def sacrificed(sid: str) -> None:
        alive[sid] -= 1
        touched.add(sid)
        counts = raws[sid].get("counts") or []
        for fact, by in (counts.items() if isinstance(counts, dict) else ((f, 1) for f in counts)):
            lowered[fact] = lowered.get(fact, 0) + by

    for act in acts:
        sid = _root(act["source"], given)
        ab = _abilities(raws[sid])[act["ability"]]
        n = act["times"]
        if ab.get("tap", True):
            taps[sid] += n
        for kind, k in (ab.get("remove_counters") or {}).items():
            counters[sid][kind] = counters[sid].get(kind, 0) - k * n
        times = ab.get("times")
        if isinstance(times, dict) and "remove" in times:
            counters[sid][times["remove"]] = counters[sid].get(times["remove"], 0) - act.get("removed", 0) * n
        for kind, k in (ab.get("put_counters") or {}).items():
            counters[sid][kind] = counters[sid].get(kind, 0) + k * n
        for key in cards:
            cards[key] += ab.get(key, 0) * n
        if ab.get("sacrifice"):
            for _ in range(n):
                sacrificed(sid)
        for victim in act.get("sacrificed", ()):
            sacrificed(_root(victim, given))
        for victim in act.get("tapped", ()):
            taps[_root(victim, given)] += 1
    for a in answer["answers"]:  # 9.3: what each total cost took in 601.2h
        for pay in a["payments"]:
            for item in pay.get("mana", ()):
                for key in ("convoke", "improvise"):
                    if key in item:
                        taps[_root(item[key], given)] += 1
                cards["exile_graveyard"] += 1 if "delve" in item else 0
        other = a.get("other_costs") or {}
        for sid in other.get("tapped", ()):
            taps[_root(sid, given)] += 1
        for sid in other.get("sacrificed", ()):
            sacrificed(_root(sid, given))
        for key, field in (("discard", "discarded"), ("exile_graveyard", "exiled"), ("mill", "milled")):
            cards[key] += other.get(field, 0)
    errors = []
    left = answer["left"]
    have: dict[str, dict[str, int]] = {}
    for s in left["sources"]:
        sid = _root(s["id"], given)
        if sid not in raws:
            errors.append(f"left names {s['id']!r}, no source of the board")
            continue
        h = have.setdefault(sid, {"count": 0, "tapped": 0, "counters": {}})
        count = s.get("count", 1)
        h["count"] += count
        h["tapped"] += count if s.get("tapped") is True else int(s.get("tapped") or 0)
        for kind, v in (s.get("counters") or {}).items():
            h["counters"][kind] = h["counters"].get(kind, 0) + v * count
    for sid in raws:
        h = have.get(sid, {"count": 0, "tapped": 0, "counters": {}})
        if h["count"] != alive[sid]:
            errors.append(f"{sid}: {h['count']} copies left, but {alive[sid]} were not sacrificed")
        untapped_most = raws[sid].get("count", 1) - tapped0[sid] - taps[sid]
        if h["count"] - h["tapped"] > untapped_most:
            errors.append(f"{sid}: {h['count'] - h['tapped']} untapped copies left, at most {untapped_most} can be")
        for kind in set(counters[sid]) | set(h["counters"]):
            want, got = counters[sid].get(kind, 0), h["counters"].get(kind, 0)
            if got > want or (sid not in touched and got != want):
                errors.append(f"{sid}: {got} {kind} counters left, the answers leave {want}")
    zones = {"discard": ("hand", board.get("hand", 0)), "exile_graveyard": ("graveyard", board.get("graveyard", 0)),
             "mill": ("library", board.get("library"))}
    v2 = "hand" in left
    for key, (zone, start) in zones.items():
        if start is None or not v2:
            continue
        want = start - cards[key]
        if zone == "graveyard":  # cards discarded and milled are there (sacrificed permanents aren't, 9.7)
            want += cards["discard"] + cards["mill"]
        if left.get(zone) != want:
            errors.append(f"{zone}: left says {left.get(zone)}, the answers leave {want}")
    for fact, value in (board.get("facts") or {}).items():
        if isinstance(value, int) and (left.get("facts") or {}).get(fact) != value - lowered.get(fact, 0):
            errors.append(f"fact {fact!r}: left says {(left.get('facts') or {}).get(fact)}, "
                          f"the answers leave {value - lowered.get(fact, 0)}")
    life = (board.get("player") or {}).get("life", 20) - sum(a["life_paid"] + a["damage"] for a in answer["answers"])
    if left["player"]["life"] != life:
        errors.append(f"life: left says {left['player']['life']}, the answers leave {life}")
    return errors
