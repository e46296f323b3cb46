"""What a permanent is beyond its card types and subtypes, for the filters that pick permanents
(tapwise extension of 9.2's ``sacrifice_other`` / ``tap_other`` and 9.4's FILTER): supertypes
(205.4: basic, legendary, snow), token or not (111.1), card types it must not have
("nonland", 205.4b), a color (105.2: Grand Architect's "blue creature"), a name (201.2: Jungle
Patrol's "token named Wood") and card types it must all have (205.2: "an artifact creature"). Its
own module so both filters and the source loader share one
reading of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Protocol

from tapwise.models.fields import ProblemError, _bool, _str_list


class Permanent(Protocol):
    """What the filters read of a permanent: models/problem.py's ``Source`` is one. A protocol
    rather than an import, so the problem's values may use the filters (and they sit below)."""

    id: str
    name: str | None
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    supertypes: tuple[str, ...]
    colors: str
    snow: bool
    token: bool
    zone: str
    chosen: str | None
    abilities: tuple[Any, ...]
    counts: tuple[tuple[str, int], ...]

SUPERTYPES = ("basic", "legendary", "snow", "world")
"""The supertypes a permanent may have (205.4a; "ongoing" is a scheme's). A source's snow is its
``snow`` key, which also makes its mana snow."""
SOURCE_SUPERTYPES = ("basic", "legendary", "world")
"""A source's ``supertypes`` key: its snow is the ``snow`` key."""
TRAIT_KEYS = ("supertypes", "not_types", "token", "colors", "names", "all_types",
              "not_supertypes")


@dataclass(frozen=True)
class Traits:
    """The filter keys beyond ``types`` and ``subtypes``: any of ``supertypes`` (if given),
    none of ``not_types``, a token or not (``token``; None: either), any of ``colors``, one of
    ``names``, and all of ``all_types``."""

    supertypes: tuple[str, ...] = ()
    not_types: tuple[str, ...] = ()
    token: bool | None = None
    colors: str = ""  # any of these colors (the source's ``colors``), in WUBRG order
    names: tuple[str, ...] = ()  # one of these names (201.2), lowercase
    all_types: tuple[str, ...] = ()  # every one of these card types ("an artifact creature")
    not_supertypes: tuple[str, ...] = ()  # none of these supertypes (9.8: "nonbasic lands")

    def matches(self, source: Permanent) -> bool:
        if self.supertypes and not set(self.supertypes) & set(source_supertypes(source)):
            return False
        if set(self.not_types) & set(source.types):
            return False
        if self.not_supertypes and set(self.not_supertypes) & set(source_supertypes(source)):
            return False
        if self.colors and not set(self.colors) & set(source.colors):
            return False
        if self.names and " ".join((source.name or "").lower().split()) not in self.names:
            return False
        if not set(self.all_types) <= set(source.types):
            return False
        return self.token is None or self.token == source.token

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.supertypes:
            out["supertypes"] = list(self.supertypes)
        if self.not_types:
            out["not_types"] = list(self.not_types)
        if self.token is not None:
            out["token"] = self.token
        if self.colors:
            out["colors"] = self.colors
        if self.names:
            out["names"] = list(self.names)
        if self.all_types:
            out["all_types"] = list(self.all_types)
        if self.not_supertypes:
            out["not_supertypes"] = list(self.not_supertypes)
        return out


def source_supertypes(source: Permanent) -> tuple[str, ...]:
    """The source's supertypes, its snow key included."""
    return source.supertypes + (("snow",) if source.snow else ())


def load_traits(obj: Mapping[str, Any], path: str) -> Traits:
    """The trait keys of a filter object already checked for unknown keys."""
    return Traits(supertypes=load_supertypes(obj.get("supertypes", []), f"{path}.supertypes",
                                             SUPERTYPES),
                  not_types=_str_list(obj.get("not_types", []), f"{path}.not_types"),
                  token=_bool(obj["token"], f"{path}.token") if "token" in obj else None,
                  colors=load_colors(obj["colors"], f"{path}.colors") if "colors" in obj else "",
                  names=_names(obj.get("names", []), f"{path}.names"),
                  all_types=_str_list(obj.get("all_types", []), f"{path}.all_types"),
                  not_supertypes=load_supertypes(obj.get("not_supertypes", []),
                                                 f"{path}.not_supertypes", SUPERTYPES))


def load_colors(value: Any, path: str) -> str:
    """A filter's ``colors``: color letters ("U", "BR"), in WUBRG order."""
    if not isinstance(value, str) or not value or any(c not in "WUBRG" for c in value.upper()):
        raise ProblemError(path, f"must be color letters like \"U\" or \"BR\", not {value!r}")
    return "".join(c for c in "WUBRG" if c in value.upper())


def _names(value: Any, path: str) -> tuple[str, ...]:
    items = _str_list(value, path)
    for i, name in enumerate(items):
        if not name.strip():
            raise ProblemError(f"{path}[{i}]", "an empty name")
    return tuple(dict.fromkeys(" ".join(n.lower().split()) for n in items))


def load_supertypes(value: Any, path: str, allowed: tuple[str, ...]) -> tuple[str, ...]:
    items = _str_list(value, path)
    for i, s in enumerate(items):
        if s == "snow" and s not in allowed:
            raise ProblemError(f"{path}[{i}]", "a source's snow is its snow key (\"snow\": true)")
        if s not in allowed:
            raise ProblemError(f"{path}[{i}]", f"unknown supertype {s!r}; use one of "
                                               f"{', '.join(allowed)}")
    return tuple(dict.fromkeys(items))
