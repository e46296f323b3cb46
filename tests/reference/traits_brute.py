"""The reference's own reading of the filter keys beyond types and subtypes (tapwise extension:
``supertypes``, ``not_types``, ``token`` in ``sacrifice_other`` / ``tap_other`` and in
9.4's FILTER), from the problem's JSON. Shares no code with ``solver/`` or ``models.traits``."""

from __future__ import annotations

_BASIC_NAMES = {"plains", "island", "swamp", "mountain", "forest", "wastes"}


def entry_traits(entry: dict) -> tuple[frozenset, frozenset, bool]:
    """(supertypes with snow, card types, token) of a source entry as given: a basic
    land's name makes it basic (205.4c), a Snow-Covered one snow; ``snow`` is a supertype."""
    name = str(entry.get("name") or "").strip().lower()
    snowy = name.startswith("snow-covered ")
    basic = (name[len("snow-covered "):] if snowy else name) in _BASIC_NAMES
    sup = {s.lower() for s in entry.get("supertypes", ["basic"] if basic else [])}
    if entry.get("snow", snowy and basic):
        sup.add("snow")
    return frozenset(sup), frozenset(t.lower() for t in entry.get("types", ["land"])), bool(entry.get("token", False))


def traits_fit(want: dict, entry: dict) -> bool:
    """Does the entry's permanent have what ``want`` (a filter object) asks beyond types and
    subtypes: one of its supertypes, none of its not_types, its token-ness, one of its colors,
    its name?"""
    sup, types, token = entry_traits(entry)
    if want.get("supertypes") and not {s.lower() for s in want["supertypes"]} & sup:
        return False
    if {t.lower() for t in want.get("not_types", [])} & types:
        return False
    if "token" in want and bool(want["token"]) != token:
        return False
    colors = {c for c in str(entry.get("colors", "")).upper()}
    if want.get("colors") and not colors & set(str(want["colors"]).upper()):
        return False
    name = " ".join(str(entry.get("name") or "").lower().split())
    if want.get("names") and name not in {" ".join(n.lower().split()) for n in want["names"]}:
        return False
    return {t.lower() for t in want.get("all_types", [])} <= types
