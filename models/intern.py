"""The interning memo: the common source entry, loaded once and handed back as the same object.

Engines send the same few cards thousands of times. An entry with only the common keys (``id``,
``name``, ``count``, ``types``, ``snow``, ``tapped``, ``abilities``) and plain values is keyed by
its exact JSON (:func:`_entry_key`: equal keys only for equal JSON of the same types) and the
:class:`Source` made of it is remembered in ``_SOURCES`` (a bounded table, models/caches.py).

The one way to ask for an interned source is :func:`quick_source` (the loader asks it first for
every entry; None sends the entry to the full loader). Two loads of equal plain entries give
the same object, which is what solver/front/boards.py keys its board memo on (by ``id``, the
sources kept alive beside the key).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from tapwise.models.basics import basic_land
from tapwise.models.caches import memo, remember, table
from tapwise.models.fields import MAX_COUNT
from tapwise.models.values import assemble

if TYPE_CHECKING:
    pass

from tapwise.models.abilities import _ABILITIES, _ability_key
from tapwise.models.problem import MAX_CONVERTERS, Source

_QUICK_SOURCE_KEYS = frozenset(("id", "name", "count", "types", "snow", "tapped", "abilities"))


# plain entries by their exact JSON: boards repeat the same cards
_SOURCES: dict[tuple, Source] = table()

_OBJECT, _ARRAY, _TRUE, _FALSE, _NOT_PLAIN, _END = (object() for _ in range(6))


def _json_key(value: Any) -> Any:
    """A hashable stand-in for a plain JSON value, equal only for equal JSON of the same types,
    or ``_NOT_PLAIN``. Objects and arrays become tuples tagged with their kind (keys in their
    order); ``true`` and ``false`` get tags of their own, so neither equals ``1`` or ``0``;
    strings, ints and null stand for themselves. Anything else (a float, a tuple, a subclass of
    str, int, list or dict) isn't plain. (Marshal's bytes cost more and had to stay at version
    2: later versions flag objects that something else refers to, so the same JSON gave another
    key once a board shared a list.) :func:`_entry_key` keys a source entry; this keys what lies
    deeper than it looks."""
    # The two loops below repeat each other on purpose: Cython compiles ``value.items()`` in a
    # ``for`` into a C dict walk, and one loop over both (``chain``) cost 7,700 instructions more
    # per entry.
    t = type(value)
    if t is dict:
        parts = [_OBJECT]
        for k, v in value.items():
            if type(k) is not str:
                return _NOT_PLAIN
            parts.append(k)
            t = type(v)
            if t is not str and t is not int and v is not None:
                v = _json_key(v)
                if v is _NOT_PLAIN:
                    return _NOT_PLAIN
            parts.append(v)
        return tuple(parts)
    if t is list:
        parts = [_ARRAY]
        for v in value:
            t = type(v)
            if t is not str and t is not int and v is not None:
                v = _json_key(v)
                if v is _NOT_PLAIN:
                    return _NOT_PLAIN
            parts.append(v)
        return tuple(parts)
    if t is str or t is int or value is None:
        return value
    if t is bool:
        return _TRUE if value else _FALSE
    return _NOT_PLAIN


def _entry_key(raw: Any) -> Any:
    """The key of a source entry (an object) in ``_SOURCES``, or ``_NOT_PLAIN``: one flat tuple
    of tokens, equal only for equal JSON of the same types, as :func:`_json_key`'s are. The
    entry's object and what the common entry holds inside it (the ``types`` and ``abilities``
    arrays, each ability's object, an ``add`` array of strings) are written inline, each opened by
    ``_OBJECT`` or ``_ARRAY`` and closed by ``_END``; any other value is one token, its
    :func:`_json_key` (a string, int or None itself, else a tag or a tuple, which no inline token
    equals). The same JSON always takes the same path, and the tokens read back one way only (the
    markers are objects of their own; inside an object, key and value alternate), so equal keys
    are equal JSON. Why flat: a remembered entry is found with one list and one tuple built,
    hashed and compared, not one per array and object inside it (nested keys cost 7,000
    instructions an entry, compiled; this about a third of it). The levels are written out,
    not walked by a call per level or a stack of iterators: each call costs about a thousand
    instructions compiled, and the iterators' walk cost more than the nested keys."""
    if type(raw) is not dict:
        return _NOT_PLAIN
    parts = [_OBJECT]
    for k, v in raw.items():
        # (such an entry goes to the full loader: none is remembered)
        if k not in _QUICK_SOURCE_KEYS:
            return _NOT_PLAIN
        parts.append(k)
        t = type(v)
        if t is list:  # types, abilities
            parts.append(_ARRAY)
            for item in v:
                t = type(item)
                if t is str:  # a type
                    parts.append(item)
                elif t is dict:  # an ability
                    parts.append(_OBJECT)
                    for k2, v2 in item.items():
                        if type(k2) is not str:
                            return _NOT_PLAIN
                        parts.append(k2)
                        if type(v2) is str:
                            parts.append(v2)
                        elif type(v2) is list:  # add: ["{W}", "{U}"], inline when all strings
                            at = len(parts)
                            parts.append(_ARRAY)
                            for x in v2:
                                if type(x) is not str:
                                    del parts[at:]
                                    x = _json_key(v2)  # the whole array as one token
                                    if x is _NOT_PLAIN:
                                        return _NOT_PLAIN
                                    parts.append(x)
                                    break
                                parts.append(x)
                            else:
                                parts.append(_END)
                        elif (v2 := _json_key(v2)) is not _NOT_PLAIN:
                            parts.append(v2)
                        else:
                            return _NOT_PLAIN
                    parts.append(_END)
                elif (item := _json_key(item)) is not _NOT_PLAIN:
                    parts.append(item)
                else:
                    return _NOT_PLAIN
            parts.append(_END)
        elif t is str or t is int or v is None:
            parts.append(v)
        elif (v := _json_key(v)) is not _NOT_PLAIN:  # true, false, or deeper
            parts.append(v)
        else:
            return _NOT_PLAIN
    return tuple(parts)


def quick_source(raw: Any, taken: set[str]) -> Source | None:
    """The common well-formed entry (an id, abilities given, plain values), remembered by its
    exact JSON or else checked inline; None hands it to the full loader, which names whatever is
    wrong. Engines send thousands of these, so this path builds no field paths and calls no
    validators. A remembered source is shared by every problem that lists the entry: sources
    are values, told apart by their side and position, never by identity."""
    key = _entry_key(raw)  # equal only for equal JSON of the same types: 1 and true differ
    source = _SOURCES.get(key) if key is not _NOT_PLAIN else None
    if source is None:
        source = _plain_source(raw)
        if source is None:
            return None
        if key is not _NOT_PLAIN:
            remember(_SOURCES, key, source)
    return source if source.id not in taken else None


def _plain_source(raw: Any) -> Source | None:
    """The source a plain entry describes, checked inline, or None if it isn't plain."""
    if type(raw) is not dict or not raw.keys() <= _QUICK_SOURCE_KEYS:
        return None
    sid, name, abilities = raw.get("id"), raw.get("name"), raw.get("abilities")
    if type(sid) is not str or sid == "pool" or type(abilities) is not list:
        return None
    if name is not None and type(name) is not str:
        return None
    count = raw.get("count", 1)
    if type(count) is not int or not 0 <= count <= MAX_COUNT:
        return None
    tapped = raw.get("tapped", False)
    if tapped is True or tapped is False:
        tapped = count if tapped else 0
    elif type(tapped) is not int or not 0 <= tapped <= count:
        return None
    snow = raw.get("snow", False)
    if snow is not True and snow is not False:
        return None
    if "types" not in raw:
        types = ("land",)
    else:
        given = raw["types"]
        if type(given) is not list:
            return None
        lowered = []
        for t in given:
            if type(t) is not str:
                return None
            lowered.append(t.lower())
        types = tuple(lowered)
    loaded = []
    for a in abilities:
        ability = _ABILITIES.get(_ability_key(a))
        if ability is None:
            return None
        loaded.append(ability)
    if count > MAX_CONVERTERS and any(a.mana is not None for a in loaded):
        return None  # the full loader says why
    return assemble(Source, {"id": sid, "abilities": tuple(loaded), "name": name, "count": count,
                             "types": types, "snow": snow, "tapped": tapped, "oracle": None,
                             "_explicit_abilities": True, "subtypes": _implied_subtypes(name),
                             "supertypes": _implied_supertypes(name), **_PLAIN_BOARD_KEYS,
                             "colors": NAMED_COLORS[0](name) if name is not None else ""})


NAMED_COLORS: list[Callable[[str | None], str]] = [lambda name: ""]
"""How a name gives a source its colors (9.1 ``colors``: "from name"): set by models/loader.py
to the card library's (models/cards/source.py), which this module may not import."""


_PLAIN_BOARD_KEYS = {"colors": "", "sick": False, "counters": (), "chosen": None,
                     "zone": "battlefield",
                     "facts": (), "counts": (), "token": False, "unread": (), "_card_effects": (),
                     "_card_statics": (), "_described": False}
"""Section 9.1's keys of a plain entry, which gives none of them, and its cards' effects: none,
as an entry that gives its abilities is not read from its card (see _load_source)."""


@memo(1024)
def _implied_subtypes(name: str | None) -> tuple[str, ...]:
    """A basic land name's subtype (305.6), as the full loader gives it."""
    basic = basic_land(name) if name else None
    return (_BASIC_SUBTYPES[basic[0]],) if basic and basic[0] in _BASIC_SUBTYPES else ()


def _implied_supertypes(name: str | None) -> tuple[str, ...]:
    """A basic land name's supertype (205.4c: Forest, Snow-Covered Forest and Wastes are basic)."""
    return ("basic",) if name and basic_land(name) else ()


_BASIC_SUBTYPES = {"W": "plains", "U": "island", "B": "swamp", "R": "mountain", "G": "forest"}
