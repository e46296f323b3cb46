"""Loading a mana ability (``problem.md`` section 3): what it adds, its costs, its restriction.

Strict like the whole loader (models/loader.py): a misspelled key or an impossible value is a
:class:`ProblemError` naming the field path. The card reader (models/cards/) builds the
abilities of a card's Oracle text with :func:`load_ability` too, so this sits below both.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Hashable, Mapping

from tapwise.models.caches import remember, table
from tapwise.models.facts import Amount, load_conditions
from tapwise.models.facts import fact_name as _fact_name
from tapwise.models.fields import (MAX_COUNT, MAX_NUMBER, ProblemError, _bool, _choice, _expect,
                                   _int, _object, _str, _str_list, _type_name)
from tapwise.models.mana import COLORS, KIND_GENERIC, Kind, ManaCost, NotationError
from tapwise.models.others import Others, _others
from tapwise.models.traits import TRAIT_KEYS

if TYPE_CHECKING:
    pass

from tapwise.models.problem import (_ADD_COUNTS, COLOR_CLASSES, MAX_EACH_COLOR, MAX_GENERIC,
                                    MAX_TWOBRID_ADDED, MAX_UNITS, NOT_YET, Ability, Restriction,
                                    _choices_of_mana, _refuse_not_yet)


def _cost(value: Any, path: str, most: int = MAX_GENERIC) -> ManaCost:
    _str(value, path)
    try:
        cost = ManaCost.parse(value)
    except NotationError as e:
        raise ProblemError(path, str(e)) from None
    for s in cost.symbols:  # (KIND_GENERIC: each ``Kind.GENERIC`` is a slow lookup in Python 3.11)
        if s.kind is KIND_GENERIC and s.amount > most:
            shown = f", not {s}" if s.amount < 10**30 else ""
            raise ProblemError(path, f"{{N}} may be at most {{{most}}} here" + shown)
    return cost


MAX_ALTERNATIVES = 8
"""Restrictions in one ``only.any_of``: a card names at most four."""


def _any_of(value: Any, path: str) -> tuple[Restriction, ...]:
    """tapwise's ``only.any_of`` (or ``all_of``, the last part of ``path``): 2 to 8
    restrictions, none itself with ``any_of`` or ``all_of``."""
    items = _expect(value, (list,), path, "a list of spend restrictions")
    if not 2 <= len(items) <= MAX_ALTERNATIVES:
        raise ProblemError(path, f"must list 2 to {MAX_ALTERNATIVES} restrictions, not "
                                 f"{len(items)}")
    out = []
    for i, item in enumerate(items):
        nested = next((k for k in ("any_of", "all_of") if isinstance(item, dict) and k in item),
                      None)
        if nested is not None:
            raise ProblemError(f"{path}[{i}].{nested}", "a list of restrictions can't hold another")
        out.append(load_restriction(item, f"{path}[{i}]"))
        if out[-1].not_generic:
            raise ProblemError(f"{path}[{i}].not_generic", "goes on the restriction itself, not on "
                                                           "one of its "
                               "alternatives (it says which symbols the mana pays, not what for)")
    return tuple(out)


def load_restriction(value: Any, path: str) -> Restriction:
    obj = _object(value, path, ("kind", "types", "subtypes", "colors", "has_x", "tags", "not_types",
                                "min_mana_value", "any_of", "not_generic",
                                "all_of", "has_c") + NOT_YET["only"])
    _refuse_not_yet(obj, "only", path)
    colors = obj.get("colors")
    if colors is not None:
        items = [colors] if isinstance(colors, str) else colors
        _expect(items, (list,), f"{path}.colors", "a color class or a list of them")
        for i, c in enumerate(items):
            if not isinstance(c, str) or (c not in COLOR_CLASSES and c not in COLORS):
                raise ProblemError(f"{path}.colors[{i}]" if not isinstance(colors, str)
                                   else f"{path}.colors",
                                   f"unknown color class {c!r}; use "
                                   "multicolored, monocolored, colorless or a color letter")
        colors = tuple(items)
    return Restriction(
        kind=_choice(obj["kind"], f"{path}.kind", ("spell", "ability")) if "kind" in obj else None,
        types=_str_list(obj["types"], f"{path}.types") if "types" in obj else None,
        subtypes=_str_list(obj["subtypes"], f"{path}.subtypes") if "subtypes" in obj else None,
        colors=colors,
        has_x=_bool(obj["has_x"], f"{path}.has_x") if "has_x" in obj else None,
        tags=_str_list(obj["tags"], f"{path}.tags") if "tags" in obj else None,
        not_types=_str_list(obj["not_types"], f"{path}.not_types") if "not_types" in obj else None,
        min_mana_value=_int(obj["min_mana_value"], f"{path}.min_mana_value", 0, MAX_NUMBER)
        if "min_mana_value" in obj else None,
        any_of=_any_of(obj["any_of"], f"{path}.any_of") if "any_of" in obj else None,
        not_generic=_not_generic(obj, path),
        all_of=_any_of(obj["all_of"], f"{path}.all_of") if "all_of" in obj else None,
        has_c=_bool(obj["has_c"], f"{path}.has_c") if "has_c" in obj else None,
    )


def _not_generic(obj: Mapping[str, Any], path: str) -> bool | None:
    """tapwise's ``only.not_generic``: ``true`` ("This mana can't be spent to pay generic mana
    costs": no generic symbol, {X}, {S} or {2/W}'s generic half, 107.4h, 107.3); top level only,
    since it says which symbols the mana pays, not what for."""
    if "not_generic" not in obj:
        return None
    if obj["not_generic"] is not True:
        raise ProblemError(f"{path}.not_generic", "must be true (leave it out for mana that pays "
                                                  "generic)")
    return True


"""``each_color``'s n: mana of each color (a card says one)."""


def _add_of(value: Any, path: str) -> Any:
    """The colors an ``of`` allows (9.2): a color string, ``{"fact": F}`` or ``"chosen"``."""
    if value == "chosen":
        return "chosen"
    if isinstance(value, dict):
        _object(value, path, ("fact",))
        if "fact" not in value:
            raise ProblemError(f"{path}.fact", "is required")
        return {"fact": _fact_name(value["fact"], f"{path}.fact")}
    text = _str(value, path).upper()
    if not text or any(c not in COLORS for c in text):
        raise ProblemError(path, f"must be color letters (\"UR\"), {{\"fact\": ...}} or "
                                 f"\"chosen\", not {value!r}")
    return "".join(c for c in COLORS if c in text)


def load_add(value: Any, path: str) -> Any:
    """Validate an ability's ``add`` and return it in canonical JSON form."""
    if isinstance(value, str):
        try:
            cost = ManaCost.parse(value)
            units = sum(s.amount if s.kind is Kind.GENERIC else 1 for s in cost.symbols)
            if units > MAX_UNITS:
                raise ProblemError(path, f"adds {units:,} mana; one activation may add at most "
                                         f"{MAX_UNITS}"
                                   if units < 10**30 else f"adds more than {MAX_UNITS} mana")
            if sum(s.kind is Kind.TWOBRID for s in cost.symbols) > MAX_TWOBRID_ADDED:
                raise ProblemError(path, f"at most {MAX_TWOBRID_ADDED} {{2/W}}-style symbols in "
                                         f"mana added "
                                   "(each doubles the choices)")
            _choices_of_mana(cost)
        except NotationError as e:
            raise ProblemError(path, str(e)) from None
        if not cost.symbols:
            raise ProblemError(path, "adds no mana")
        return str(cost)
    if isinstance(value, list):
        if not value:
            raise ProblemError(path, "an empty list of choices adds nothing")
        for i, v in enumerate(value):
            if not isinstance(v, str):
                raise ProblemError(f"{path}[{i}]", f"each choice is a mana string, not "
                                                   f"{_type_name(v)}")
        return [load_add(v, f"{path}[{i}]") for i, v in enumerate(value)]
    if isinstance(value, dict):
        keys = set(value)
        # Doubling Cube (9.2): what it adds is read from the pool
        # (solver/front/doubling.py)
        if "double_pool" in keys:
            _object(value, path, ("double_pool",))
            if value["double_pool"] is not True:
                raise ProblemError(f"{path}.double_pool", "must be true (Doubling Cube: double the "
                                                          "unspent mana)")
            return {"double_pool": True}
        if keys & set(_ADD_COUNTS):
            _object(value, path, _ADD_COUNTS + ("of",))
            counts = [k for k in _ADD_COUNTS if k in keys]
            if len(counts) != 1:
                raise ProblemError(path, "give exactly one of any_color, one_color, any_type, "
                                         "each_color")
            key = counts[0]
            n = value[key]
            # tapwise extension: "for each color among ..., add one mana of that
            # color"
            if key == "each_color":
                n = _int(n, f"{path}.{key}", 1, MAX_EACH_COLOR)
            elif isinstance(n, dict):  # 9.2: n may be {"fact": F}
                _object(n, f"{path}.{key}", ("fact",))
                if "fact" not in n:
                    raise ProblemError(f"{path}.{key}.fact", "is required")
                n = {"fact": _fact_name(n["fact"], f"{path}.{key}.fact")}
            else:
                n = _int(n, f"{path}.{key}", 1, MAX_UNITS)
            out: dict[str, Any] = {key: n}
            if "of" in value:
                if key == "any_type":
                    raise ProblemError(f"{path}.of", "goes with any_color, one_color or each_color")
                out["of"] = _add_of(value["of"], f"{path}.of")
            return out
        if "reflect" in keys:
            _object(value, path, ("reflect", "what", "lands", "n"))
            whose = _choice(value["reflect"], f"{path}.reflect",
                            ("lands_you_control", "lands_opponents_control", "sacrificed"))
            if whose == "sacrificed" and "lands" in value:
                raise ProblemError(f"{path}.lands", "goes with lands_you_control or "
                                                    "lands_opponents_control")
            what = _choice(value.get("what", "color"), f"{path}.what", ("color", "type"))
            out = {"reflect": whose, "what": what}
            # tapwise extension: "a Gate you control", "a basic land you control"
            if "lands" in value:
                out["lands"] = _reflect_lands(value["lands"], f"{path}.lands").to_json()
            if "n" in value:  # tapwise extension: "three mana of that type" (Incubation Druid)
                out["n"] = _int(value["n"], f"{path}.n", 1, MAX_UNITS)
            return out
        raise ProblemError(path, "must be a mana string, a list of them, or an object with "
                           "any_color, one_color, any_type, each_color or reflect")
    raise ProblemError(path, f"must be a mana string, a list or an object, not {_type_name(value)}")


def _reflect_lands(value: Any, path: str) -> Others:
    """The lands a reflecting ability looks at beyond "a land" (tapwise extension of 9.2's
    ``reflect``): ``subtypes`` and the filter traits, as in ``tap_other``."""
    obj = _object(value, path, ("subtypes",) + TRAIT_KEYS)
    if not obj:
        raise ProblemError(path, "give subtypes, supertypes, not_types or token (or leave lands "
                                 "out)")
    return _others(obj, path)


ABILITY_KEYS = ("add", "tap", "mana", "life", "damage", "energy", "sacrifice", "uses", "only",
                "times", "remove_counters", "put_counters", "if", "unless", "discard",
                "exile_graveyard", "mill",
                "drawback", "sacrifice_other", "tap_other", "zone")


# the same few ability objects come back on every board
_ABILITIES: dict[Hashable, Ability] = table()


def _ability_key(value: Any) -> Hashable | None:
    """What identifies an ability entry in ``_ABILITIES``, or None if it isn't an object: the
    mana string of the common ``{"add": "{G}"}`` (no repr to build), else the entry's repr,
    which keeps key order and tells ``1`` from ``true``."""
    if not isinstance(value, dict):
        return None
    add = value.get("add")
    if type(add) is str and len(value) == 1:
        return ("add", add)
    return repr(value)


def load_ability(value: Any, path: str) -> Ability:
    key = _ability_key(value)
    ability = _ABILITIES.get(key) if key is not None else None
    if ability is None:
        ability = _load_ability(value, path)
        if key is not None:
            remember(_ABILITIES, key, ability)
    return ability


def _load_ability(value: Any, path: str) -> Ability:
    obj = _object(value, path, ABILITY_KEYS + NOT_YET["ability"])
    _refuse_not_yet(obj, "ability", path)
    if "add" not in obj:
        raise ProblemError(f"{path}.add", "is required")
    mana = _cost(obj["mana"], f"{path}.mana") if obj.get("mana") is not None else None
    if mana is not None and any(s.kind is Kind.ENERGY for s in mana):
        raise ProblemError(f"{path}.mana", "energy is not mana: use the ability's \"energy\" key")
    if mana is not None and any(s.kind is Kind.X for s in mana):
        raise ProblemError(f"{path}.mana", "{X} in a mana ability's cost can't be read: what the "
                                           "ability adds "
                           "can't depend on X here; give the cost for one value of X (e.g. "
                           "\"{2}\")")
    ability = Ability(
        add=load_add(obj["add"], f"{path}.add"),
        tap=_bool(obj.get("tap", True), f"{path}.tap"),
        mana=mana if mana is not None and mana.symbols else None,
        life=_int(obj.get("life", 0), f"{path}.life"),
        damage=_int(obj.get("damage", 0), f"{path}.damage"),
        energy=_int(obj.get("energy", 0), f"{path}.energy"),
        sacrifice=_bool(obj.get("sacrifice", False), f"{path}.sacrifice"),
        uses=1 if obj.get("uses") == "any" else _uses(obj.get("uses", 1), f"{path}.uses"),
        only=load_restriction(obj["only"], f"{path}.only") if obj.get("only") is not None else None,
        times=load_amount(obj["times"], f"{path}.times") if "times" in obj else None,
        remove_counters=load_counters(obj.get("remove_counters", {}), f"{path}.remove_counters", 1),
        put_counters=load_counters(obj.get("put_counters", {}), f"{path}.put_counters", 1),
        uses_any=obj.get("uses") == "any",
        if_=load_conditions(obj.get("if", []), f"{path}.if"),
        unless=load_conditions(obj.get("unless", []), f"{path}.unless"),
        discard=_int(obj.get("discard", 0), f"{path}.discard"),
        exile_graveyard=_int(obj.get("exile_graveyard", 0), f"{path}.exile_graveyard"),
        mill=_int(obj.get("mill", 0), f"{path}.mill"),
        drawback=_drawback(obj["drawback"], f"{path}.drawback") if obj.get("drawback") is not None
                      else None,
        sacrifice_other=(_others(obj["sacrifice_other"], f"{path}.sacrifice_other", x_ok=True)
                         if obj.get("sacrifice_other") else None),
        tap_other=_others(obj["tap_other"], f"{path}.tap_other", x_ok=True) if obj.get("tap_other")
                      else None,
        zone=_choice(obj["zone"], f"{path}.zone", ("graveyard",)) if "zone" in obj else None,
    )
    if ability.zone is not None and (ability.tap or not ability.sacrifice):
        raise ProblemError(f"{path}.zone", "an ability that works from the graveyard neither taps "
                                           "(\"tap\": false) "
                           "nor stays: its card is exiled (\"sacrifice\": true, Jack-o'-Lantern)")
    if ability._reflect is not None and ability._reflect[0] == "sacrificed" and (
            ability.sacrifice_other is None or ability.sacrifice_other.n != 1 or ability.sacrifice_other.any_number
            or ability.times is not None):
        raise ProblemError(f"{path}.add.reflect", "\"sacrificed\" reflects the permanent its "
                                                  "sacrifice_other takes: "
                           "needs a sacrifice_other of one permanent (n 1), and no times")
    taken = ability.times.taken if ability.times is not None else None
    for key in ("sacrifice_other", "tap_other"):
        others = getattr(ability, key)
        if others is not None and others.any_number and taken != key:
            raise ProblemError(f"{path}.{key}.n", f"\"X\" needs times {{\"taken\": \"{key}\"}}: "
                                                  f"the amount is "
                               "how many it took")
        if taken == key and (others is None or not others.any_number):
            raise ProblemError(f"{path}.times.taken", f"needs a {key} of n \"X\"")
    if ability.times is not None and ability.times.victim is not None and (
            ability.sacrifice_other is None or ability.sacrifice_other.n != 1):
        raise ProblemError(f"{path}.times.victim", "reads the permanent sacrifice_other takes: "
                                                   "needs a "
                           "sacrifice_other of one permanent (n 1)")
    return ability


def _uses(value: Any, path: str) -> int:
    """``uses``: a whole number (0: none left, as a plan's left board says) or ``"any"`` (9.2)."""
    if isinstance(value, str):
        raise ProblemError(path, f"must be a whole number or \"any\", not {value!r}")
    return _int(value, path, 0, MAX_COUNT)


def _drawback(value: Any, path: str) -> str:
    text = " ".join(_str(value, path).split())
    if not text:
        raise ProblemError(path, "must say what the drawback is")
    return text


def load_counters(value: Any, path: str, minimum: int = 0) -> tuple[tuple[str, int], ...]:
    """Counters by kind (``{"charge": 2}``): kinds are lowercase words, amounts whole numbers
    (at least ``minimum``); sorted by kind, so equal counters are equal values."""
    obj = _expect(value, (dict,), path, "an object of counter kinds and numbers")
    out = []
    for kind, n in obj.items():
        if not isinstance(kind, str) or not kind.strip():
            raise ProblemError(path, f"a counter kind must be a word, not {kind!r}")
        out.append((kind.strip().lower(), _int(n, f"{path}.{kind}", minimum)))
    if len({k for k, _ in out}) != len(out):
        raise ProblemError(path, "names a counter kind twice")
    return tuple(sorted(out))


def load_amount(value: Any, path: str) -> Amount:
    """``times``: a whole number, or one of ``fact``, ``counters``, ``remove``, ``victim`` (tapwise
    extension: a fact of the permanent ``sacrifice_other`` took), ``taken`` (tapwise extension: how
    many permanents the cost took) with ``plus``; ``up_to`` with ``fact`` (tapwise extension): any
    number up to the fact."""
    if not isinstance(value, dict):
        return Amount(number=_int(value, path))
    obj = _object(value, path, ("fact", "counters", "remove", "plus", "up_to", "victim", "taken"))
    given = [k for k in ("fact", "counters", "remove", "victim", "taken") if k in obj]
    if len(given) != 1:
        raise ProblemError(path, "give exactly one of fact, counters, remove, victim, taken")
    key = given[0]
    if "up_to" in obj and key != "fact":
        raise ProblemError(f"{path}.up_to", "goes with fact only (\"remove\" is already any "
                                            "number)")
    if key == "taken":
        taken = _choice(obj["taken"], f"{path}.taken", ("sacrifice_other", "tap_other"))
        return Amount(taken=taken, plus=_int(obj.get("plus", 0), f"{path}.plus"))
    name = (_fact_name(obj[key], f"{path}.{key}") if key in ("fact", "victim")
            else _str(obj[key], f"{path}.{key}").strip().lower())
    if not name:
        raise ProblemError(f"{path}.{key}", "names no counter kind")
    up_to = _bool(obj["up_to"], f"{path}.up_to") if "up_to" in obj else False
    return Amount(**{key: name}, plus=_int(obj.get("plus", 0), f"{path}.plus"), up_to=up_to)


def load_facts(value: Any, path: str) -> tuple[tuple[str, Any], ...]:
    """Facts: lowercase phrases with whole numbers, or color strings for phrases naming colors."""
    obj = _expect(value, (dict,), path, "an object of facts")
    out: dict[str, Any] = {}
    for key, raw in obj.items():
        name = _fact_name(key, path)
        p = f"{path}.{key}"
        if isinstance(raw, str):
            colors = raw.upper()
            bad = [c for c in colors if c not in COLORS]
            if bad:
                raise ProblemError(p, f"must be a whole number or a color string like \"WUG\", not "
                                      f"{raw!r}")
            out[name] = "".join(c for c in COLORS if c in colors)
        else:
            out[name] = _int(raw, p, -(10**9))
        if list(out).count(name) > 1:
            raise ProblemError(p, "gives a fact twice")
    return tuple(out.items())
