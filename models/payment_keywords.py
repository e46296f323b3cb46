"""The object's own payment keywords and non-mana costs (spec 9.3), loaded.

Convoke (702.51), improvise (702.126) and delve (702.66) let permanents and cards pay part of
the total cost once it is locked in (601.2f-h); ``other_costs`` are the object's own costs that
are not mana (Deadly Dispute's sacrifice, Cathartic Reunion's discard, escape's exile), paid in
601.2h with the total cost, so they compete with the mana abilities for the same permanents
and cards. Kept apart from ``models.problem`` so that the problem's loader only calls one
function and carries one value.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from tapwise.models.fields import MAX_COUNT, ProblemError, _bool, _expect, _int, _object, _str
from tapwise.models.others import Others, _others

PAYMENT_KEYWORD_KEYS = ("convoke", "improvise", "delve", "other_costs")
"""The problem keys of spec 9.3 this module loads."""
OTHER_COST_KEYS = ("sacrifice_other", "tap_other", "discard", "exile_graveyard", "mill")


@dataclass(frozen=True)
class OtherCosts:
    """The object's own non-mana costs: permanents sacrificed and tapped (chosen among the
    board's sources), cards discarded, exiled from the graveyard and milled."""

    sacrifice: Others | None = None
    tap: Others | None = None
    discard: int = 0
    exile_graveyard: int = 0
    mill: int = 0

    @property
    def cards(self) -> int:
        """Cards these costs use (9.6 ``min_cards``)."""
        return self.discard + self.exile_graveyard + self.mill

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.sacrifice is not None:
            out["sacrifice_other"] = self.sacrifice.to_json()
        if self.tap is not None:
            out["tap_other"] = self.tap.to_json()
        for key in ("discard", "exile_graveyard", "mill"):
            if getattr(self, key):
                out[key] = getattr(self, key)
        return out


@dataclass(frozen=True)
class PaymentKeywords:
    """Spec 9.3's keys of one problem (the default: none of them)."""

    convoke: bool = False
    improvise: bool = False
    delve: bool = False
    other: OtherCosts | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key in ("convoke", "improvise", "delve"):
            if getattr(self, key):
                out[key] = True
        if self.other is not None:
            out["other_costs"] = self.other.to_json()
        return out


def load_payment_keywords(obj: Mapping[str, Any], pre: str) -> PaymentKeywords | None:
    """The 9.3 keys of the problem object ``obj`` (``pre``: its path and a dot, or ""), or None
    when it gives none of them (or only false ones): then the problem is paid as before."""
    if not any(key in obj for key in PAYMENT_KEYWORD_KEYS):
        return None
    flags = {key: _bool(obj[key], f"{pre}{key}") if key in obj else False for key in ("convoke",
                                                                                      "improvise",
                                                                                      "delve")}
    other = _other_costs(obj["other_costs"], f"{pre}other_costs") if "other_costs" in obj else None
    if not any(flags.values()) and other is None:
        return None
    return PaymentKeywords(other=other, **flags)


def _other_costs(value: Any, path: str) -> OtherCosts | None:
    obj = _object(value, path, OTHER_COST_KEYS)
    found: dict[str, Any] = {}
    for key, name in (("sacrifice_other", "sacrifice"), ("tap_other", "tap")):
        if key in obj:
            others = _others(obj[key], f"{path}.{key}")
            if others.self:
                raise ProblemError(f"{path}.{key}.self", "the object being paid for is not one of "
                                                         "the sources, "
                                   "so \"self\" means nothing here")
            if others.n > MAX_COUNT:
                raise ProblemError(f"{path}.{key}.n", f"must be at most {MAX_COUNT}")
            found[name] = others
    for key in ("discard", "exile_graveyard", "mill"):
        if key in obj:
            found[key] = _int(obj[key], f"{path}.{key}", 0, MAX_COUNT)
    other = OtherCosts(**found)
    if other.sacrifice is None and other.tap is None and not other.cards:
        return None  # an empty object: no cost
    return other


def keyword_path(problem: Any) -> str | None:
    """The key of spec 9.3 that ``problem`` uses (for errors of the questions that refuse
    them), or None."""
    kw: PaymentKeywords | None = problem.payment
    if kw is None:
        return None
    for key in ("convoke", "improvise", "delve"):
        if getattr(kw, key):
            return key
    return "other_costs"


# ---------------------------------------------------------------------------------------------
# In the typed answer (models/answer.py)

@dataclass(frozen=True)
class KeywordUnit:
    """One unit of a payment paid by a keyword (9.3): a creature convoked, an artifact
    improvised (``source`` its id), or a card delved (``source`` None)."""

    keyword: str
    source: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"delve": 1} if self.keyword == "delve" else {self.keyword: self.source}


@dataclass(frozen=True)
class OtherCostsTaken:
    """What the object's other costs took (the answer's ``other_costs``)."""

    sacrificed: tuple[str, ...] | None = None
    tapped: tuple[str, ...] | None = None
    discarded: int | None = None
    exiled: int | None = None
    milled: int | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key in ("sacrificed", "tapped", "discarded", "exiled", "milled"):
            value = getattr(self, key)
            if value is not None:
                out[key] = list(value) if isinstance(value, tuple) else value
        return out


def load_keyword_unit(obj: Mapping[str, Any], path: str) -> KeywordUnit | None:
    """The keyword item ``obj`` of a payment's mana list, or None if it is mana."""
    if len(obj) != 1 or next(iter(obj)) not in ("convoke", "improvise", "delve"):
        return None
    key = next(iter(obj))
    if key == "delve":
        if obj[key] != 1 or isinstance(obj[key], bool):
            raise ProblemError(f"{path}.delve", "a delve item stands for one card: 1")
        return KeywordUnit("delve")
    return KeywordUnit(key, _str(obj[key], f"{path}.{key}"))


def load_other_costs_taken(value: Any, path: str) -> OtherCostsTaken:
    obj = _object(value, path, ("sacrificed", "tapped", "discarded", "exiled", "milled"))
    out: dict[str, Any] = {}
    for key in ("sacrificed", "tapped"):
        if key in obj:
            items = _expect(obj[key], (list,), f"{path}.{key}", "a list of source ids")
            out[key] = tuple(_str(v, f"{path}.{key}[{i}]") for i, v in enumerate(items))
    for key in ("discarded", "exiled", "milled"):
        if key in obj:
            out[key] = _int(obj[key], f"{path}.{key}")
    return OtherCostsTaken(**out)
