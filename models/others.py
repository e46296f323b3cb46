"""``sacrifice_other`` / ``tap_other`` (9.2, 9.3): which other permanents an ability or a cost
takes. Its own module so 9.3's payment keywords read it without importing ``models.problem``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tapwise.models.fields import ProblemError, _bool, _int, _object, _str_list
from tapwise.models.traits import TRAIT_KEYS, Permanent, Traits, load_traits



@dataclass(frozen=True)
class Others:
    """``sacrifice_other`` / ``tap_other`` (9.2): n permanents of the board's sources with one
    of ``types`` (if given) and one of ``subtypes`` (if given); the activating copy may be one
    of them only with ``self``; ``traits`` the tapwise extension's supertypes, token, colors and
    excluded types (Relic of Legends' "legendary creature", Baylen's "tokens")."""

    n: int = 1
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    self: bool = False
    traits: Traits = Traits()
    # tapwise extension, n "X": each activation takes as many as it likes (n 1 is the least)
    any_number: bool = False

    def matches(self, source: Permanent) -> bool:
        """Is ``source`` a permanent of this kind? (A card in hand is not a permanent, 9.1.)"""
        if source.zone != "battlefield":
            return False
        if self.types and not set(self.types) & set(source.types):
            return False
        if self.subtypes and not set(self.subtypes) & set(source.subtypes):
            return False
        return self.traits.matches(source)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"n": "X" if self.any_number else self.n}
        if self.types:
            out["types"] = list(self.types)
        if self.subtypes:
            out["subtypes"] = list(self.subtypes)
        out.update(self.traits.to_json())
        if self.self:
            out["self"] = True
        return out


def _others(value: Any, path: str, x_ok: bool = False) -> Others:
    """``x_ok``: an ability's cost may take "X" of them (tapwise extension: Springjack Pasture's
    "Sacrifice X Goats"), its amount the number taken (``times: {"taken": ...}``)."""
    obj = _object(value, path, ("types", "subtypes", "n", "self") + TRAIT_KEYS)
    any_number = obj.get("n") == "X"
    if any_number and not x_ok:
        raise ProblemError(f"{path}.n", "\"X\" only on a mana ability's cost (with times "
                                        "{\"taken\": ...})")
    return Others(n=1 if any_number else _int(obj.get("n", 1), f"{path}.n", 1),
                  types=_str_list(obj.get("types", []), f"{path}.types"),
                  subtypes=_str_list(obj.get("subtypes", []), f"{path}.subtypes"),
                  self=_bool(obj.get("self", False), f"{path}.self"), traits=load_traits(obj, path),
                  any_number=any_number)
