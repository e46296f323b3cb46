"""Answers spoiled in many small ways, to check the verifier rejects each (tests/test_verify_mutations.py).

Each mutation changes one thing a paid answer says: a mana type, a count, a source, a symbol,
the reported numbers, the pool left, the objective, or the shape of a field. Some leave the
answer legal (an entry split in two, payments reordered): the verifier must then still accept
it. The problems are the search-loop boards of issue 22 and the generators' scenarios, whose
answers the solver grouped (``times`` and ``count``) as it returns them.
"""

from __future__ import annotations

import copy
import random
from typing import Any, Callable, Iterator

from tapwise.benchmarks.generators import generate
from tapwise.benchmarks.search_loop import board_and_cost

Answer = dict[str, Any]
TYPES = ("W", "U", "B", "R", "G", "C")


def problems(n_loop: int = 60, n_typical: int = 40, n_rich: int = 20) -> list[dict[str, Any]]:
    """The search-loop boards with their costs, then typical and rich generated problems."""
    out = [{**cost, **board} for board, cost in (board_and_cost(7, i) for i in range(n_loop))]
    out += list(generate("typical", 5, n_typical))
    out += list(generate("rich", 5, n_rich))
    return out


def _entries(a: Answer) -> list[dict[str, Any]]:
    return [m for p in a.get("payments", []) for m in p.get("mana", []) if isinstance(m, dict)]


def _each(key: str, values: tuple[Any, ...]) -> list[tuple[str, Callable[[Answer], Any]]]:
    def setter(v: Any) -> Callable[[Answer], Any]:
        return lambda a: a.__setitem__(key, v)
    return [(f"{key}={v!r}", setter(v)) for v in values]


def _first(items: str, key: str, value: Any) -> Callable[[Answer], Any]:
    def change(a: Answer) -> Any:
        if a.get(items):
            a[items][0][key] = value
    return change


def _entry(key: str, value: Any) -> Callable[[Answer], Any]:
    def change(a: Answer) -> Any:
        found = _entries(a)
        if found:
            found[0][key] = value
    return change


def _retype(rng: random.Random) -> Callable[[Answer], Any]:
    def change(a: Answer) -> Any:
        found = _entries(a)
        if found:
            m = rng.choice(found)
            m["type"] = rng.choice([t for t in TYPES if t != m.get("type")])
    return change


def _resource(a: Answer) -> None:
    acts = a.get("activations", [])
    found = _entries(a)
    if found and len(acts) > 1:
        found[0]["source"] = next(x["source"] for x in acts if x["source"] != found[0]["source"])


def _more_times(a: Answer) -> None:
    for act in a.get("activations", []):
        act["times"] = act.get("times", 1) + 1
        return


def _duplicate_activation(a: Answer) -> None:
    if a.get("activations"):
        a["activations"].append(dict(a["activations"][0]))


def _drop(items: str, k: int) -> Callable[[Answer], Any]:
    def change(a: Answer) -> Any:
        if len(a.get(items, [])) > k:
            del a[items][k]
    return change


def _split_entry(a: Answer) -> None:
    """Legal: an entry of count n as n entries of one."""
    for p in a.get("payments", []):
        for k, m in enumerate(p.get("mana", [])):
            if type(m.get("count", 1)) is int and m.get("count", 1) > 1:  # (a spoiling before may have made it a text)
                n = m.pop("count")
                p["mana"][k:k + 1] = [dict(m) for _ in range(n)]
                return


def _split_payment(a: Answer) -> None:
    """Legal: a grouped payment of count n as n payments."""
    pays = a.get("payments", [])
    for k, p in enumerate(pays):
        if type(p.get("count", 1)) is int and p.get("count", 1) > 1 and all(m.get("count", 1) == 1 for m in p.get("mana", [])):
            n = p.pop("count")
            mana = p.get("mana", [])
            if len(mana) == n:
                pays[k:k + 1] = [{**p, "mana": [m]} for m in mana]
                return
            p["count"] = n
            return


def _recount_payment(delta: int) -> Callable[[Answer], Any]:
    def change(a: Answer) -> Any:
        for p in a.get("payments", []):
            p["count"] = p.get("count", 1) + delta
            return
    return change


def _recount_entry(delta: int) -> Callable[[Answer], Any]:
    def change(a: Answer) -> Any:
        found = _entries(a)
        if found:
            found[-1]["count"] = found[-1].get("count", 1) + delta
    return change


def _resymbol(a: Answer) -> None:
    for p in a.get("payments", []):
        s = p.get("symbol", "")
        if len(s) == 3 and s[1] in "WUBRG":
            p["symbol"] = "{%s}" % ("WUBRG"[("WUBRG".index(s[1]) + 1) % 5])
            return


def _generic_up(a: Answer) -> None:
    for p in a.get("payments", []):
        s = p.get("symbol", "")
        if s[1:-1].isdigit():
            p["symbol"] = "{%d}" % (int(s[1:-1]) + 1)
            return


def _lower_symbol(a: Answer) -> None:
    if a.get("payments"):
        a["payments"][-1]["symbol"] = a["payments"][-1]["symbol"].lower()


def _adds(rng: random.Random) -> Callable[[Answer], Any]:
    def change(a: Answer) -> Any:
        if a.get("activations"):
            act = rng.choice(a["activations"])
            act["adds"] = rng.choice(["{W}", "{U}", "{B}", "{R}", "{G}", "{C}", "{C}{C}", "{W}{U}", "", "{2}"])
    return change


def _left_over_extra(a: Answer) -> None:
    listed = a.get("left_over")
    a["left_over"] = (listed if isinstance(listed, list) else []) + ["{G}"]
    a.pop("left_over_counts", None)


def _left_counts_extra(a: Answer) -> None:
    counts = a.get("left_over_counts")
    a["left_over_counts"] = {**(counts if isinstance(counts, dict) else {}), "W": 1}
    a.pop("left_over", None)


def _no_left(a: Answer) -> None:
    a.pop("left_over", None)
    a.pop("left_over_counts", None)


def _only(key: str, value: Any) -> Callable[[Answer], Any]:
    """One of left_over and left_over_counts, set to ``value``; the other gone."""
    def change(a: Answer) -> Any:
        a.pop("left_over", None)
        a.pop("left_over_counts", None)
        a[key] = value
    return change


def _objective(key: str, delta: int) -> Callable[[Answer], Any]:
    def change(a: Answer) -> Any:
        obj = a.setdefault("objective", {})
        obj[key] = obj.get(key, 0) + delta
    return change


def _colors(a: Answer) -> None:
    a["colors_spent"] = list(reversed(a.get("colors_spent", []))) + ["W"]


def _reorder(rng: random.Random) -> Callable[[Answer], Any]:
    def change(a: Answer) -> Any:
        rng.shuffle(a.get("payments", []))
    return change


def _life_payment(a: Answer) -> None:
    for p in a.get("payments", []):
        p["life"] = 2
        p.pop("mana", None)
        return


def _unused_activation(a: Answer) -> None:
    acts = a.get("activations", [])
    if acts:
        acts.append({**acts[-1], "times": 1})


def mutations(rng: random.Random) -> list[tuple[str, Callable[[Answer], Any]]]:
    """Every mutation, each a (name, function changing an answer in place)."""
    out: list[tuple[str, Callable[[Answer], Any]]] = [
        ("unchanged", lambda a: None),
        ("retype", _retype(rng)), ("retype again", _retype(rng)),
        ("another source", _resource), ("one more tap", _more_times), ("activation twice", _duplicate_activation),
        ("unused activation", _unused_activation),
        ("no first activation", _drop("activations", 0)), ("no last payment", _drop("payments", -1)),
        ("no first payment", _drop("payments", 0)),
        ("split entry", _split_entry), ("split payment", _split_payment),
        ("payment count +1", _recount_payment(1)), ("payment count -1", _recount_payment(-1)),
        ("entry count +1", _recount_entry(1)), ("entry count -1", _recount_entry(-1)),
        ("other color symbol", _resymbol), ("generic +1", _generic_up), ("lower-case symbol", _lower_symbol),
        ("adds", _adds(rng)), ("adds again", _adds(rng)),
        ("left_over extra", _left_over_extra), ("left_over_counts extra", _left_counts_extra),
        ("no left over", _no_left), ("left_over None", _only("left_over", None)),
        ("left_over_counts None", _only("left_over_counts", None)), ("left_over []", _only("left_over", [])),
        ("left_over_counts {}", _only("left_over_counts", {})),
        ("left_over not a list", lambda a: a.__setitem__("left_over", "{G}")),
        ("min_sources +1", _objective("min_sources", 1)), ("min_waste +1", _objective("min_waste", 1)),
        ("min_life -1", _objective("min_life", -1)), ("unknown objective", _objective("min_nothing", 1)),
        ("colors_spent", _colors), ("reorder payments", _reorder(rng)), ("life payment", _life_payment),
        ("times 0", _first("activations", "times", 0)), ("times True", _first("activations", "times", True)),
        ("times '2'", _first("activations", "times", "2")),
        ("ability 5", _first("activations", "ability", 5)), ("ability True", _first("activations", "ability", True)),
        ("ability -1", _first("activations", "ability", -1)),
        ("unknown source", _first("activations", "source", "nowhere")),
        ("source None", _first("activations", "source", None)),
        ("made", _first("activations", "made", "{G}")), ("extra", _first("activations", "extra", "{G}")),
        ("payment count 0", _first("payments", "count", 0)), ("payment count '1'", _first("payments", "count", "1")),
        ("half", _first("payments", "half", "{2}")), ("energy", _first("payments", "energy", 1)),
        ("symbol None", _first("payments", "symbol", None)), ("mana not a list", _first("payments", "mana", "{G}")),
        ("entry count 0", _entry("count", 0)), ("entry count True", _entry("count", True)),
        ("entry type None", _entry("type", None)), ("entry type list", _entry("type", ["G"])),
        ("entry source pool", _entry("source", "pool")), ("entry extra", _entry("extra", True)),
        ("entry extra False", _entry("extra", False)), ("entry source None", _entry("source", None)),
    ]
    out += _each("x", (1, -1, "1", True, None)) + _each("left_over", (None,)) + _each("left_over_counts", (None,))
    out += _each("life_paid", (1, None)) + _each("damage", (1,)) + _each("energy_paid", (1,))
    out += _each("sacrificed", (1, True)) + _each("status", ("infeasible",)) + _each("objective", ({},))
    return out


def spoiled(answer: Answer, seed: int) -> Iterator[tuple[str, Answer]]:
    """The answer under each mutation, then under a few pairs of them (seeded)."""
    rng = random.Random(seed)
    found = mutations(rng)
    for name, change in found:
        a = copy.deepcopy(answer)
        change(a)
        yield name, a
    for _ in range(8):
        (n1, c1), (n2, c2) = rng.sample(found, 2)
        a = copy.deepcopy(answer)
        c1(a)
        c2(a)
        yield f"{n1} + {n2}", a


def outcome(verify: Callable[..., list[str]], problem: Any, answer: Answer) -> dict[str, Any]:
    """What the verifier says of ``answer``: its errors and measured values, or the exception
    it raised (a malformed answer may make it raise; then both verifiers must raise alike)."""
    measured: dict[str, Any] = {}
    try:
        errors = verify(problem, answer, measured)
    except Exception as e:  # noqa: BLE001 - compared, not hidden
        return {"raised": type(e).__name__}
    return {"errors": errors, "measured": measured}
