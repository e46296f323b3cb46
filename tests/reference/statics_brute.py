"""Reference for tapwise's 9.8 ``statics`` (docs/statics.md): the board the statics leave, worked
out on the problem's JSON by the rules alone, then paid by the brute-force payer.

Written from docs/statics.md and rules 305.6, 305.7, 613.1d/f, 613.7, 613.8a and 601.2f (with
the colored-only reductions: Edgewalker), and
sharing no code with ``models/statics.py`` or the solver: the sources are rewritten as plain
dicts (subtypes, abilities), the cost changes that match the object are appended to
``increase``/``reduce``, and ``statics`` is dropped; :func:`brute.brute_pay` does the rest.
"""

from __future__ import annotations

import copy
import re

from .brute import MAXIMIZED, _restriction_matches, brute_pay, contains_c, objective_list

_BASIC = {"plains": "{W}", "island": "{U}", "swamp": "{B}", "mountain": "{R}", "forest": "{G}"}
_LAND_TYPES = {"plains", "island", "swamp", "mountain", "forest", "gate", "desert", "cave",
               "lair", "locus", "mine", "power-plant", "tower", "urza's", "sphere", "town",
               "cloud", "planet"}


def _fits(when: dict | None, src: dict) -> bool:
    """Does ``src`` (a source dict) match a 9.4 FILTER (the keys the generator uses)?"""
    if src.get("zone", "battlefield") != "battlefield":
        return False
    when = when or {}
    types = [t.lower() for t in src.get("types", ["land"])]
    subs = [t.lower() for t in src.get("subtypes", [])]
    supers = [t.lower() for t in src.get("supertypes", [])]
    if when.get("types") and not set(when["types"]) & set(types):
        return False
    if when.get("subtypes") and not set(when["subtypes"]) & set(subs):
        return False
    if when.get("supertypes") and not set(when["supertypes"]) & set(supers):
        return False
    if set(when.get("not_supertypes", [])) & set(supers):
        return False
    if set(when.get("not_types", [])) & set(types):
        return False
    if when.get("names") and (src.get("name") or "").lower() not in when["names"]:
        return False
    return True


def _reaches(static: dict, src: dict) -> bool:
    """Does a layer static reach ``src``: the one permanent of its ``on``, else its FILTER; with
    ``counter``, only a permanent with such a counter on it ("any": any kind)."""
    if "counter" in static:
        counters = {k.lower(): n for k, n in src.get("counters", {}).items() if n > 0}
        if not (counters if static["counter"] == "any" else static["counter"] in counters):
            return False
    if "on" in static:
        return src.get("zone", "battlefield") == "battlefield" and src.get("id") == static["on"]
    return _fits(static.get("when"), src)


def _colors(problem: dict) -> str:
    """The object's colors: ``for.colors``, else its cost's colored symbols (202.2)."""
    given = problem.get("for", {}).get("colors")
    if given is not None:
        return given.upper()
    cost = problem.get("cost") or ""
    return "".join(c for c in "WUBRG" if re.search(r"\{[^}]*" + c + r"[^}]*\}", cost.upper()))


def _chosen_in(st: dict, chosen: dict) -> dict:
    """A static with its source's chosen (9.1) put where it reads it: "of the chosen type" into
    ``for``, "with the chosen name" into ``when.names``."""
    if "chosen" not in st:
        return st
    if st["chosen"] == "names":
        return {**st, "when": {**st.get("when", {}), "names": [chosen[st["from"]].lower()]}}
    return {**st, "for": {**st.get("for", {}), st["chosen"]: [chosen[st["from"]]]}}


def with_statics_applied(problem: dict) -> dict:
    """``problem`` with its ``statics`` worked into its sources, ``increase`` and ``reduce``."""
    out = copy.deepcopy(problem)
    own = {s.get("id", s.get("name")): s.get("facts", {}) for s in problem.get("sources", [])}

    def fact(st: dict, name: str) -> int:  # the source's own facts first, then the board's
        mine = own.get(st.get("from"), {}) if not st.get("opponent") else {}
        return mine[name] if name in mine else problem.get("facts", {})[name]

    statics = [st for st in out.pop("statics", [])  # "As long as ...": a fact reaches its min
               if "if" not in st or fact(st, st["if"]["fact"]) >= st["if"].get("min", 1)]
    chosen = {s.get("id", s.get("name")): s.get("chosen") for s in out.get("sources", [])}
    statics = [_chosen_in(st, chosen) for st in statics]
    sources = out.get("sources", [])
    ids = [s.get("id", s.get("name")) for s in sources]
    # 613.8a: a land another set_subtypes reaches loses its abilities, and so the statics it has;
    # 613.6: a set_subtypes reaching its own land still applies
    setters = [k for k, st in enumerate(statics) if st["kind"] == "set_subtypes"]
    by_id = {ids[i]: s for i, s in enumerate(sources) if "land" in s.get("types", ["land"])}

    def exists(k: int) -> bool:
        land = by_id.get(statics[k].get("from"))
        return land is None or not any(j != k and _reaches(statics[j], land) for j in setters)

    statics = [st for k, st in enumerate(statics) if exists(k)]
    for s in sources:
        before = list(s.get("subtypes", []))
        subs = list(before)
        is_land = "land" in s.get("types", ["land"])
        set_ = False
        for st in statics:  # layer 4, timestamp order
            if st["kind"] == "add_subtypes" and _reaches(st, s):
                subs += [t for t in st["subtypes"] if t not in subs]
            elif st["kind"] == "set_subtypes" and _reaches(st, s):
                subs = [t for t in subs if t not in _LAND_TYPES] + list(st["subtypes"])
                set_ = set_ or is_land
        abilities = list(s.get("abilities", []))
        if set_:  # 305.7
            abilities = [{"add": _BASIC[t]} for t in subs if t in _BASIC]
        elif is_land:  # 305.6
            abilities += [{"add": _BASIC[t]} for t in subs if t in _BASIC and t not in before]
        typed = dict(s, subtypes=subs)
        for st in statics:  # layer 6, on the permanent as layer 4 left it
            if st.get("other") and st.get("from") == s.get("id", s.get("name")) and s.get(
                    "count", 1) == 1:
                continue  # "Other permanents": not itself, but each copy of two from the other
            if st["kind"] == "add_ability" and _reaches(st, typed):
                if st.get("lose_others"):  # "and lose all other abilities": all it had so far
                    abilities = []
                if st.get("its_colors"):  # "one mana of any of this creature's colors"
                    colors = "".join(s.get("colors") or "").upper()
                    its = [c for c in "WUBRG" if c in colors]
                    if its:
                        abilities.append({"add": ["{%s}" % c for c in its]})
                else:
                    abilities.append(copy.deepcopy(st["ability"]))
        s["subtypes"] = subs
        s["abilities"] = abilities
    purpose = out.get("for", {})
    ctx = {"kind": purpose.get("kind", "spell"), "types": set(purpose.get("types", [])),
           "subtypes": set(purpose.get("subtypes", [])), "colors": _colors(problem),
           "has_x": "X" in (problem.get("cost") or ""),
           # tapwise's only.has_c: every cost static's reduction may take a {C}, applying or not
           "has_c": contains_c(problem, [st["cost"] for st in statics
                                         if st["kind"] == "reduce" and "cost" in st])}
    for st in statics:  # 601.2f
        if st["kind"] in ("increase", "reduce") and _restriction_matches(st.get("for", {}), ctx):
            times = fact(st, st["each"]) if "each" in st else 1  # 601.2f
            if st.get("colored_only"):  # taken below, from the cost's own colored symbols
                continue
            out[st["kind"]] = list(out.get(st["kind"], [])) + [st["cost"]] * times
    for st in statics:  # "reduces only the amount of colored mana you pay": applied first
        if (st["kind"] == "reduce" and st.get("colored_only")
                and _restriction_matches(st.get("for", {}), ctx)):
            times = fact(st, st["each"]) if "each" in st else 1
            out["cost"], out["increase"] = _take_colored(st["cost"] * times,
                                                         out.get("cost") or "",
                                                         list(out.get("increase", [])))
    if "for" in out:
        out["for"] = {k: v for k, v in out["for"].items() if k != "colors"}
    return out


def _take_colored(reduction: str, cost: str, increases: list[str]) -> tuple[str, list[str]]:
    """Each {c} of a colored-only reduction takes one {c} of the cost (then of an increase),
    else nothing: no generic for it (the card's own words, not 118.7c). Applied before the
    ordinary reductions (601.2f: the player orders them; this order never costs more). Costs
    with hybrid or Phyrexian symbols of a reduced color are not this reference's to judge."""
    texts = [cost] + increases
    for color in re.findall(r"\{([WUBRG])\}", reduction):
        if any(re.search(r"\{[^}]*/[^}]*\}", t) and color in t for t in texts):
            raise NotImplementedError("a hybrid or Phyrexian symbol under a colored-only reduction")
        for i, text in enumerate(texts):
            if "{%s}" % color in text:
                texts[i] = text.replace("{%s}" % color, "", 1)
                break
    return texts[0] or "{0}", [t for t in texts[1:] if t]


def brute_pay_statics(problem: dict, **kwargs) -> dict:
    """The brute-force answer (``status``, ``objective``) of a problem with ``statics``. A
    reduction bought with life (``life``: the Defilers) is taken or not, the player's choice:
    each way is paid on its own (its life added to ``life_cost``) and the best answer by the
    problem's objectives kept."""
    optional = [k for k, st in enumerate(problem.get("statics", [])) if "life" in st]
    outcomes = []
    for mask in range(1 << len(optional)):
        variant = copy.deepcopy(problem)
        statics = []
        for k, st in enumerate(variant.get("statics", [])):
            if k in optional:
                if not mask >> optional.index(k) & 1:
                    continue  # not taken
                variant["life_cost"] = variant.get("life_cost", 0) + st.pop("life")
            statics.append(st)
        if "statics" in variant:
            variant["statics"] = statics
        outcomes.append((variant, brute_pay(with_statics_applied(variant), **kwargs)))
    paid = [(v, o) for v, o in outcomes if o["status"] == "paid"]
    if not paid:
        return outcomes[0][1]

    def rank(item: tuple[dict, dict]) -> tuple:
        values = item[1]["objective"]
        return tuple(-values[o] if o in MAXIMIZED else values[o]
                     for o in objective_list(item[0]) if o in values)

    return min(paid, key=rank)[1]
