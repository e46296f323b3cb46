"""Rules the references share, read from a problem's JSON with no code of the package (issue
44): spend restrictions (section 3's ``only``, ``_restriction_matches``), which permanents a 9.4
effect watches (``_watches``) and what its replacements and extras make of one activation's mana
(``_results``). Mana notation is read by ``board_json.symbols``. ``brute.py``, ``effects_brute.py``
and ``available_brute.py`` import them from here.
"""

from __future__ import annotations

import itertools

from .board_json import symbols
from .traits_brute import traits_fit

COLORS = "WUBRG"


class Unsupported(NotImplementedError):
    """The problem uses something the reference does not model (e.g. ``oracle`` text)."""


def _as_list(value) -> list:
    return list(value) if isinstance(value, (list, tuple)) else [value]


def _restriction_matches(only: dict, ctx: dict) -> bool:
    """Section 3: every key of ``only`` must match what is being paid for."""
    for key, want in only.items():
        if key == "kind":
            ok = want == ctx["kind"]
        elif key == "types":
            ok = any(str(t).lower() in ctx["types"] for t in _as_list(want))
        elif key == "subtypes":
            ok = any(str(t).lower() in ctx["subtypes"] for t in _as_list(want))
        elif key == "colors":
            colors = ctx["colors"]
            ok = False
            for w in _as_list(want):
                w = str(w)
                if w == "multicolored":
                    ok |= len(colors) >= 2
                elif w == "monocolored":
                    ok |= len(colors) == 1
                elif w == "colorless":
                    ok |= len(colors) == 0
                elif w.upper() in COLORS and len(w) == 1:
                    ok |= w.upper() in colors
                else:
                    raise Unsupported(f"unknown colors restriction {w!r}")
        elif key == "has_x":
            ok = bool(want) == ctx["has_x"]
        elif key == "has_c":  # tapwise extension: the cost paid contains {C}
            ok = bool(want) == ctx["has_c"]
        elif key == "not_types":  # tapwise extension: none of them
            ok = not any(str(t).lower() in ctx["types"] for t in _as_list(want))
        elif key == "tags":  # 9.2: any of them among for.tags
            ok = any(str(t).lower() in ctx.get("tags", set()) for t in _as_list(want))
        elif key == "min_mana_value":  # tapwise extension: a spell whose given mana value is at least this
            ok = ctx["kind"] == "spell" and ctx.get("mana_value") is not None and ctx["mana_value"] >= want
        elif key == "any_of":  # tapwise extension: one of the alternatives matches
            ok = any(_restriction_matches(alt, ctx) for alt in want)
        elif key == "not_generic":  # tapwise extension: which symbols it pays, checked as slots are filled
            ok = True
        elif key == "all_of":  # tapwise extension: every one matches
            ok = all(_restriction_matches(part, ctx) for part in want)
        else:
            raise Unsupported(f"unknown restriction key {key!r}")
        if not ok:
            return False
    return True


_BASIC_SUBTYPES = {"plains": "plains", "island": "island", "swamp": "swamp", "mountain": "mountain",
                   "forest": "forest"}


def _mana_outcomes(text: str) -> list[tuple[str, ...]]:
    """Every concrete output of a mana string (a hybrid's either half; generic is colorless)."""
    per_symbol = []
    for s in symbols(text):
        if s.kind == "colored":
            per_symbol.append([(s.colors,)])
        elif s.kind == "colorless":
            per_symbol.append([("C",)])
        elif s.kind == "generic":
            per_symbol.append([("C",) * s.amount])
        elif s.kind == "hybrid":
            per_symbol.append([(c,) for c in s.colors])
        else:
            raise NotImplementedError(f"{s} in an effect's mana")
    return sorted({tuple(sorted(sum(combo, ()))) for combo in itertools.product(*per_symbol)})


def _watches(effect: dict, entry: dict, enchanted: bool) -> bool:
    if entry.get("zone", "battlefield") != "battlefield":
        return False
    if "on" in effect:
        return enchanted and effect["on"] == entry.get("id")
    when = effect.get("when") or {}
    types = {t.lower() for t in entry.get("types", ["land"])}
    name = (entry.get("name") or "").lower().replace("snow-covered ", "")
    subtypes = {t.lower() for t in entry.get("subtypes", [_BASIC_SUBTYPES[name]] if name in _BASIC_SUBTYPES else [])}
    if when.get("types") and not {t.lower() for t in when["types"]} & types:
        return False
    if when.get("subtypes") and not {t.lower() for t in when["subtypes"]} & subtypes:
        return False
    return traits_fit(when, entry)


def _results(made: tuple[str, ...], effects: list[dict], chosen: str | None) -> set[tuple[tuple, tuple]]:
    """(the ability's mana, the extras' mana) one activation that made ``made`` may end with."""
    replacements = [e for e in effects if e["kind"] != "extra"]
    extras = [e for e in effects if e["kind"] == "extra"]
    ends: set[tuple[str, ...]] = set()

    def apply(event: tuple[str, ...], used: frozenset) -> None:
        usable = [k for k, e in enumerate(replacements)
                  if k not in used and event and len(event) >= (e.get("when") or {}).get("min_amount", 0)]
        if not usable:
            ends.add(tuple(sorted(event)))
            return
        for k in usable:
            e = replacements[k]
            if e["kind"] == "multiply":
                apply(tuple(t for t in event for _ in range(e["factor"])), used | {k})
            elif "into_type" in e:
                apply((e["into_type"].upper(),) * len(event), used | {k})
            else:
                for out in _mana_outcomes(e["into"]):
                    apply(out, used | {k})

    apply(made, frozenset())
    out = set()
    for own in ends:
        choices = []
        for e in extras:
            if not own or len(own) < (e.get("when") or {}).get("min_amount", 0):
                continue
            if e["add"] == "same_type":
                choices.append([(t,) for t in set(own)])
            elif e["add"] == "chosen":
                choices.append([(chosen,)])
            elif isinstance(e["add"], dict):  # {"any_color": n}: every multiset of n colors
                choices.append(list(itertools.combinations_with_replacement("WUBRG", e["add"]["any_color"])))
            else:  # "times" (tapwise extension), resolved to a number by brute_pay_effects
                n = e.get("times", 1)
                choices.append(sorted({tuple(sorted(sum(combo, ()))) for combo in
                                       itertools.product(_mana_outcomes(e["add"]), repeat=n)}))
        for combo in itertools.product(*choices):
            out.add((own, tuple(sorted(sum(combo, ())))))
    return out
