"""What a phase mana ability makes, read from the engine's ``produced`` (issue 42).

The amount (fixed, a count of permanents, counters, devotion, power), the colors and the spending
restrictions (106.6) of an ability's mana, as tapwise's ``add``, ``times`` and ``only``. Split
from :mod:`tapwise.interfaces.phase_read`, which reads the whole ability with it.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from tapwise.interfaces.phase_kinds import COLOR_LETTER, AdapterError, Facts, _shape, read_kind


POWER = "power"
"""The source's own fact (9.1 ``facts`` on the source) for "an amount equal to its power"."""
MANA_VALUE = "mana value"
"""Each permanent's own fact for "an amount equal to the sacrificed artifact's mana value"
(``times: {"victim": MANA_VALUE}``, 701.21), sent on every source when an ability reads it."""


def mana_value(cost: Mapping[str, Any] | None) -> int:
    """The mana value of an engine ``mana_cost`` (202.3: X is 0, a {2/W} is 2; none is 0)."""
    if not cost or cost.get("type") != "Cost":
        return 0
    return int(cost.get("generic", 0) or 0) + sum(
        0 if s == "X" else 2 if str(s).startswith("Two") else 1 for s in cost.get("shards") or [])


def _amount(quantity: Mapping[str, Any] | None, what: str, facts: Facts | None = None) -> Any:
    """A fixed amount as an int; with ``facts``, a count of permanents as ``{"fact": F}`` and
    the counters on the source as ``{"counters": K}`` (9.2's ``times``)."""
    if quantity is None:
        return 1
    kind = quantity.get("type")
    if kind == "Fixed":
        return int(quantity["value"])
    if kind == "Ref" and facts is not None:
        qty = quantity.get("qty") or {}
        if qty.get("type") == "ObjectCount":
            return {"fact": facts.fact(read_kind(qty.get("filter"), what))}
        if qty.get("type") == "BasicLandTypeCount" and qty.get("controller") == "You":
            return {"fact": facts.domain()}  # Domain (Prismatic Geoscope), 305.6
        colors = qty.get("colors") or {}
        if qty.get("type") == "Devotion" and colors.get("type") == "Fixed":
            # "equal to your devotion to green" (700.5): counted on the live battlefield
            return {"fact": facts.devotion(_letters(colors.get("value") or [], what))}
        if (qty.get("type") == "ObjectManaValue"
                and (qty.get("scope") or {}).get("type") == "CostPaidObject"):
            return {"victim": MANA_VALUE}  # the sacrificed permanent's, read from its facts
        if qty.get("type") == "Power" and (qty.get("scope") or {}).get("type") == "Source":
            return {"fact": POWER}  # the source's own fact (9.1), its power now
        if (qty.get("type") == "CountersOn" and (qty.get("scope") or {}).get("type") == "Source"
                and isinstance(qty.get("counter_type"), str)):
            return {"counters": qty["counter_type"]}
        raise AdapterError(f"{what}: an amount of {qty.get('type')!r}")
    raise AdapterError(f"{what}: an amount of type {kind!r}")


def _letters(colors: Iterable[str], what: str) -> str:
    try:
        return "".join(COLOR_LETTER[c] for c in colors)
    except KeyError as exc:
        raise AdapterError(f"{what}: a color {exc.args[0]!r}") from None


def _add(produced: Mapping[str, Any], what: str, facts: Facts | None,
         remove_all: str | None, chosen: str | None = None,
         held: Mapping[str, int] | None = None) -> tuple[Any, Any, tuple[tuple[str, ...], ...]]:
    """The engine's ``produced`` as a tapwise ``add``, its ``times`` (1 unless the amount is a
    fact, counters, or counters removed) and its combinations if it has them. ``chosen``: the
    color letter the permanent's ``chosen_attributes`` records; ``held``: its counters, when
    the ability sacrifices it (so an amount of its counters is the number on it now)."""
    kind = produced.get("type")
    count = produced.get("count")
    if kind == "ChosenColor":
        return _chosen(produced, what, chosen), 1, ()
    if kind == "AnyInCommandersColorIdentity" and facts is not None and facts.commander:
        n = _amount(count, what)
        return ({"one_color": n, "of": facts.commander} if n > 1 else
                ["{%s}" % c for c in facts.commander]), 1, ()
    if kind == "Mixed":  # "{T}: Add {C}{R}" (Balduvian Trading Post, Coral Atoll)
        colorless = int(produced.get("colorless_count", 0))
        return "{C}" * colorless + "".join(
            "{%s}" % c for c in _letters(produced.get("colors") or [], what)), 1, ()
    if remove_all is not None:  # "Remove X storage counters: Add X mana"
        qty = (count or {}).get("qty") or {}
        if (count or {}).get("type") != "Ref" or qty.get("type") != "Variable":
            # "Add {U} for each storage counter removed this way" (PreviousEffectAmount): the
            # engine removes the counters and adds no mana (seen on Sand Silos), so not read
            raise AdapterError(f"{what}: counters removed for an amount "
                               f"{qty.get('type') or _shape(count)}")
        times: Any = {"remove": remove_all}
        n: Any = 1
    else:
        n = _amount(count, what, facts) if kind != "Fixed" else 1
        times = 1
    if kind == "Fixed":
        return "".join("{%s}" % c for c in _letters(produced["colors"], what)), 1, ()
    if kind == "ChoiceAmongCombinations":
        combos = tuple(tuple(combo) for combo in produced["options"])
        return ["".join("{%s}" % c for c in _letters(combo, what)) for combo in combos], 1, combos
    if kind == "DistinctColorsAmongPermanents" and facts is not None:
        # "For each color among permanents you control, add one mana of that color" (Bloom
        # Tender): the colors as a color fact of the board (9.1), counted now
        kind_of = read_kind(produced.get("filter"), what)
        return {"each_color": 1, "of": {"fact": facts.colors(kind_of)}}, 1, ()
    if kind in ("AnyTypeProduceableBy", "OpponentLandColors") and isinstance(n, int):
        # "one mana of any type that a land you control could produce" (Reflecting Pool) and
        # "... any color that a land an opponent controls could produce" (Exotic Orchard): 106.7
        if kind == "AnyTypeProduceableBy":
            lands = read_kind(produced.get("land_filter"), what)
            if lands.filter() != {"types": ["land"]} or not lands.yours:
                raise AdapterError(f"{what}: mana of a type that {lands.phrase} could produce")
        reflect = {"reflect": "lands_you_control" if kind == "AnyTypeProduceableBy"
                   else "lands_opponents_control",
                   "what": "type" if kind == "AnyTypeProduceableBy" else "color"}
        return ({**reflect, "n": n} if n > 1 else reflect), times, ()
    if kind not in ("Colorless", "AnyOneColor", "AnyCombination"):
        raise AdapterError(f"{what}: mana of type {kind!r}")
    letters = "C" if kind == "Colorless" else _letters(produced["color_options"], what)
    if isinstance(n, dict) and "counters" in n and held is not None and kind == "AnyOneColor":
        # "{T}, Sacrifice ~: Add X mana of any one color, where X is the number of petal
        # counters on ~" (Lotus Blossom): activated once, with the counters on it now
        n = int(held.get(n["counters"], 0))
        if n == 0:
            raise AdapterError(f"{what}: no {count['qty']['counter_type']} counters on it, "
                               f"so no mana (106.5)")
    if not isinstance(n, int):  # a fact or counters: one mana, that many times
        if len(letters) > 1 and kind == "AnyOneColor":
            if "fact" not in n:
                raise AdapterError(f"{what}: one color of several, {n} times")
            return {"one_color": n, "of": letters}, 1, ()
        times, n = n, 1
    if len(letters) == 1:
        return "{%s}" % letters * n, times, ()
    if n == 1:
        return ["{%s}" % c for c in letters], times, ()
    if kind == "AnyCombination":
        return {"any_color": n, "of": letters}, times, ()
    return {"one_color": n, "of": letters}, times, ()


def _chosen(produced: Mapping[str, Any], what: str, chosen: str | None) -> Any:
    """"Add {G} or one mana of the chosen color" (Thriving Grove) or "Add one mana of the
    chosen color" (Coldsteel Heart): the color its ``chosen_attributes`` records as it entered.
    Without one (a permanent put onto the battlefield by the engine's debug actions: no choice
    was made) the chosen color is undefined and that part makes no mana (106.5): the fixed
    alternative alone, if there is one, else nothing, named."""
    n = _amount(produced.get("count"), what)
    fixed = produced.get("fixed_alternative")
    letters = [_letters([fixed], what)] if fixed else []
    if chosen and chosen not in letters:
        letters.append(chosen)
    if not letters:
        raise AdapterError(f"{what}: mana of the chosen color, and no color was chosen for it "
                           f"(106.5: no mana)")
    return ["{%s}" % c * n for c in letters] if len(letters) > 1 else "{%s}" % letters[0] * n


_CORE = {"Artifact", "Creature", "Enchantment", "Instant", "Sorcery", "Planeswalker", "Battle",
         "Kindred"}


def read_only(restrictions: Sequence[Any], what: str, chosen_type: str | None = None
              ) -> dict[str, Any]:
    """Spending restrictions on the mana (106.6) as 3's ``only``: "Spend this mana only to cast
    a creature spell" (``SpellType``), "... an artifact spell or activate an ability of an
    artifact" (read for spells only, which is stricter than the card: never a wrong payment),
    "only on costs that contain {X}" (``XCostOnly``), "only to cast legendary spells" (``tags``,
    which a legendary spell's ``for.tags`` has), "only to cast a creature spell of the
    chosen type" (``ChosenCreatureType``, with ``chosen_type``: a creature spell of that
    subtype, stricter than Secluded Courtyard's abilities too)."""
    if len(restrictions) != 1:
        raise AdapterError(f"{what}: mana with {len(restrictions)} spending restrictions")
    [restriction] = restrictions
    if restriction == "XCostOnly":
        return {"has_x": True}
    if restriction == "ChosenCreatureType" and chosen_type:
        return {"kind": "spell", "types": ["creature"], "subtypes": [chosen_type]}
    if isinstance(restriction, dict) and len(restriction) == 1:
        kind, value = next(iter(restriction.items()))
        if kind == "SpellTypeOrAbilityActivation":
            kind, value = "SpellType", (value or {}).get("spell_type")
        if kind == "SpellType" and value == "Legendary":  # the spell's for.tags say it
            return {"kind": "spell", "tags": ["legendary"]}
        if kind == "SpellType" and value == "Noncreature":
            # the rules' only.not_types creature; but the engine refuses this mana for every
            # spell ("Cannot pay mana cost": Happy Dead Squirrel's {C}{C} for Phyrexian Totem
            # and for Divination), so a payment by it would be refused: named, not read
            raise AdapterError(f"{what}: mana with the spending restriction Noncreature, which "
                               f"the engine refuses for every spell (noncreature ones too)")
        if kind == "SpellType" and isinstance(value, str):
            words = value.replace(" or ", " ").replace(" and ", " ").split()
            if all(w in _CORE for w in words) and len(words) <= 2:
                return {"kind": "spell", "types": [w.lower() for w in words]}
            if len(words) == 1 and value[0].isupper() and value not in (
                    "Legendary", "Noncreature", "Permanent", "Multicolored", "Colorless"):
                return {"kind": "spell", "subtypes": [value.lower()]}
    raise AdapterError(f"{what}: mana with the spending restriction {restriction!r}")
