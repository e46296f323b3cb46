"""The answer of ``problem.md`` section 6 as typed, immutable values.

``solver.queries.pay`` speaks JSON (a dict); ``load_answer`` turns that dict into these values for
callers that prefer types, strictly (an unknown key or a wrong type names its field path), and
``dump_answer`` writes the same JSON back, so engines in other languages and Python callers see
one format.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from tapwise.models.mana import TYPES, ManaCost, NotationError, Symbol
from tapwise.models.problem import OBJECTIVES, ProblemError
from tapwise.models.fields import _bool, _expect, _int, _object, _str
from tapwise.models.payment_keywords import (KeywordUnit, OtherCostsTaken, load_keyword_unit,  # 9.3
                                             load_other_costs_taken)

STATUSES = ("paid", "infeasible", "unpayable", "unknown", "error")
VIEWS: dict[str, Callable[..., str]] = {}
"""How an answer reads (``"text"``: the CLI's plan) and looks (``"svg"``), registered by the
package's front (api/__init__.py) when ``tapwise`` is imported: models imports nothing above it."""


@dataclass(frozen=True)
class ManaUnit:
    """``count`` mana spent of one type from one place (a source id, or the pool entry): an
    answer groups identical mana, so its size does not grow with the amount paid."""

    type: str
    source: str
    pool: int | None = None
    count: int = 1
    extra: bool = False  # 9.4: made by an extra effect the source's tap triggered

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type, "source": self.source}
        if self.pool is not None:
            out["pool"] = self.pool
        if self.count != 1:
            out["count"] = self.count
        if self.extra:
            out["extra"] = True
        return out


@dataclass(frozen=True)
class Payment:
    """How one symbol was paid: with mana, 2 life, or one energy. ``half`` names the half of a
    hybrid-type symbol that was announced when it matters (``"{2}"`` for a {2/W} paid as two)."""

    symbol: Symbol
    mana: tuple[ManaUnit | KeywordUnit, ...] | None = None  # 9.3: a keyword pays a unit too
    life: int | None = None
    energy: int | None = None
    half: str | None = None
    count: int = 1
    """Identical payments this one stands for (an activation's own cost repeated); ``mana`` is
    all of theirs."""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"symbol": str(self.symbol)}
        if self.count != 1:
            out["count"] = self.count
        if self.half is not None:
            out["half"] = self.half
        if self.mana is not None:
            out["mana"] = [m.to_json() for m in self.mana]
        if self.life is not None:
            out["life"] = self.life
        if self.energy is not None:
            out["energy"] = self.energy
        return out


@dataclass(frozen=True)
class Activation:
    """``times`` activations of ability ``ability`` of ``source``, each adding ``adds``."""

    source: str
    ability: int
    adds: ManaCost
    times: int = 1
    paid: tuple[Payment, ...] | None = None
    removed: int | None = None  # 9.6: counters each activation removed for a "remove" amount
    sacrificed: tuple[str, ...] | None = None  # 9.2: the permanents its sacrifice_other took
    tapped: tuple[str, ...] | None = None  # 9.2: the permanents its tap_other tapped
    made: ManaCost | None = None  # 9.4: what it made before replacements changed it
    extra: ManaCost | None = None  # 9.4: the mana the extras it triggered added

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"source": self.source, "ability": self.ability,
                               "adds": str(self.adds),
                               "times": self.times}
        if self.paid is not None:
            out["paid"] = [p.to_json() for p in self.paid]
        if self.removed is not None:
            out["removed"] = self.removed
        for key in ("sacrificed", "tapped"):
            if getattr(self, key) is not None:
                out[key] = list(getattr(self, key))
        for key in ("made", "extra"):
            if getattr(self, key) is not None:
                out[key] = str(getattr(self, key))
        return out


@dataclass(frozen=True)
class Drawback:
    """Activations with a drawback (9.6): which, how many times, and the drawback's text."""

    source: str
    ability: int
    drawback: str
    times: int = 1

    def to_json(self) -> dict[str, Any]:
        return {"source": self.source, "ability": self.ability, "drawback": self.drawback,
                "times": self.times}


@dataclass(frozen=True)
class Answer:
    """A whole answer; fields that a status doesn't use are None."""

    status: str
    optimal: bool | None = None
    x: int | None = None
    total_cost: ManaCost | None = None
    announce_hybrid: tuple[str, ...] | None = None
    phyrexian_life: int | None = None
    activations: tuple[Activation, ...] | None = None
    payments: tuple[Payment, ...] | None = None
    life_paid: int | None = None
    damage: int | None = None
    energy_paid: int | None = None
    sources_used: int | None = None
    sacrificed: int | None = None
    colors_spent: tuple[str, ...] | None = None
    counters: int | None = None
    left_over: tuple[str, ...] | None = None
    left_over_counts: tuple[tuple[str, int], ...] | None = None  # per type (solver/answer/size.py)
    objective: tuple[tuple[str, int], ...] | None = None
    why: str | None = None
    conflict: tuple[str, ...] | None = None
    # past 64 symbols (solver/answer/size.py)
    conflict_counts: tuple[tuple[str, int], ...] | None = None
    error: str | None = None
    id: Any = None
    kept: tuple[int, ...] | None = None  # spec 9.5: indexes of the kept costs still payable
    discarded: int | None = None  # 9.6 (version 2 problems)
    counters_removed: int | None = None
    drawbacks: tuple[Drawback, ...] | None = None
    convoked: int | None = None  # 9.3
    improvised: int | None = None
    delved: int | None = None
    other_costs: OtherCostsTaken | None = None
    # what the problem's cards say about paying that was not read (card, sentence)
    notes: tuple[tuple[str, str], ...] | None = None
    # mana abilities the Oracle reader skipped (source id, sentence, reason)
    unread: tuple[tuple[str, str, str], ...] | None = None

    def to_json(self) -> dict[str, Any]:
        """The spec's JSON of this answer (section 6): ``load_answer`` reads it back equal."""
        return dump_answer(self)

    def __str__(self) -> str:
        """The plan ``tapwise pay`` prints: what to activate and what pays each symbol."""
        text = VIEWS.get("text")
        return text(dump_answer(self)) if text is not None else repr(self)

    def __repr__(self) -> str:
        """Short, like python-chess's: ``<Answer paid {1}{W}{U}>``; ``to_json()`` has it all."""
        what = {"paid": str(self.total_cost) + (f" X={self.x}" if self.x else ""),
                "error": repr(self.error)}.get(self.status, repr(self.why) if self.why else "")
        return f"<Answer {self.status}{' ' + what if what else ''}>"

    def _repr_svg_(self) -> str | None:
        """The picture a notebook shows (tapwise.svg); the board is the problem's when the answer
        was loaded with one (``tapwise.load_answer(answer, problem)``), else what the answer
        names."""
        svg = VIEWS.get("svg")
        return svg(self, self.__dict__.get("_problem")) if svg is not None else None


_PLAIN = ("optimal", "x", "life_paid", "damage", "energy_paid", "sources_used", "sacrificed",
          "counters", "why", "error", "discarded", "counters_removed", "convoked", "improvised",
          "delved")
ANSWER_KEYS = ("status", "total_cost", "announce", "activations", "payments", "colors_spent",
               "left_over", "left_over_counts", "objective", "conflict", "conflict_counts", "id",
               "kept", "drawbacks", "other_costs", "notes", "unread") + _PLAIN


def _symbol(value: Any, path: str) -> Symbol:
    try:
        return Symbol.parse(_str(value, path))
    except NotationError as e:
        raise ProblemError(path, str(e)) from None


def _mana(value: Any, path: str) -> ManaCost:
    try:
        return ManaCost.parse(_str(value, path))
    except NotationError as e:
        raise ProblemError(path, str(e)) from None


def _unit(value: Any, path: str) -> ManaUnit | KeywordUnit:
    if isinstance(value, dict):
        keyword = load_keyword_unit(value, path)
        if keyword is not None:
            return keyword
    obj = _object(value, path, ("type", "source", "pool", "count", "extra"))
    kind = _str(obj.get("type"), f"{path}.type")
    if kind not in TYPES:
        raise ProblemError(f"{path}.type", f"{kind!r} is not a type of mana (W, U, B, R, G or C)")
    return ManaUnit(kind, _str(obj.get("source"), f"{path}.source"),
                    _int(obj["pool"], f"{path}.pool") if "pool" in obj else None,
                    _int(obj.get("count", 1), f"{path}.count", 1, 2**62),
                    _bool(obj["extra"], f"{path}.extra") if "extra" in obj else False)


def _payment(value: Any, path: str) -> Payment:
    obj = _object(value, path, ("symbol", "mana", "life", "energy", "half", "count"))
    if sum(k in obj for k in ("mana", "life", "energy")) != 1:
        raise ProblemError(path, "a payment is made with exactly one of mana, life or energy")
    mana = None
    if "mana" in obj:
        mana = tuple(_unit(m, f"{path}.mana[{i}]") for i, m in
                     enumerate(_expect(obj["mana"], (list,), f"{path}.mana", "a list of mana")))
    return Payment(_symbol(obj.get("symbol"), f"{path}.symbol"), mana,
                   _int(obj["life"], f"{path}.life") if "life" in obj else None,
                   _int(obj["energy"], f"{path}.energy") if "energy" in obj else None,
                   _str(obj["half"], f"{path}.half") if "half" in obj else None,
                   _int(obj.get("count", 1), f"{path}.count", 1, 2**62))


def _payments(value: Any, path: str) -> tuple[Payment, ...]:
    return tuple(_payment(p, f"{path}[{i}]") for i, p in
                 enumerate(_expect(value, (list,), path, "a list of payments")))


def _activation(value: Any, path: str) -> Activation:
    obj = _object(value, path, ("source", "ability", "adds", "times", "paid", "removed",
                                "sacrificed", "tapped",
                                "made", "extra"))
    return Activation(_str(obj.get("source"), f"{path}.source"), _int(obj.get("ability"),
                                                                      f"{path}.ability"),
                      _mana(obj.get("adds"), f"{path}.adds"), _int(obj.get("times", 1),
                                                                   f"{path}.times", 1),
                      _payments(obj["paid"], f"{path}.paid") if "paid" in obj else None,
                      _int(obj["removed"], f"{path}.removed") if "removed" in obj else None,
                      _strings(obj["sacrificed"], f"{path}.sacrificed") if "sacrificed" in obj
                      else None,
                      _strings(obj["tapped"], f"{path}.tapped") if "tapped" in obj else None,
                      _mana(obj["made"], f"{path}.made") if "made" in obj else None,
                      _mana(obj["extra"], f"{path}.extra") if "extra" in obj else None)


def _drawback(value: Any, path: str) -> Drawback:
    obj = _object(value, path, ("source", "ability", "drawback", "times"))
    return Drawback(_str(obj.get("source"), f"{path}.source"), _int(obj.get("ability"),
                                                                    f"{path}.ability"),
                    _str(obj.get("drawback"), f"{path}.drawback"), _int(obj.get("times", 1),
                                                                        f"{path}.times", 1))


def _strings(value: Any, path: str) -> tuple[str, ...]:
    return tuple(_str(v, f"{path}[{i}]") for i, v in enumerate(_expect(value, (list,), path, "a list")))


def _type_counts(value: Any, path: str) -> tuple[tuple[str, int], ...]:
    obj = _object(value, path, TYPES)
    return tuple((t, _int(obj[t], f"{path}.{t}", 1, 2**62)) for t in TYPES if t in obj)


def load_answer(value: Any, problem: dict[str, Any] | None = None) -> Answer:
    """Validate a spec answer dict and return the :class:`Answer` it describes; ``problem``
    (the problem dict it answers) is kept only for its picture (``_repr_svg_``)."""
    answer = _load_answer(value)
    if problem is not None:
        object.__setattr__(answer, "_problem", problem)  # not a field: equality and JSON ignore it
    return answer


def _load_answer(value: Any) -> Answer:
    obj = _object(value, "", ANSWER_KEYS)
    status = obj.get("status")
    if status not in STATUSES:
        raise ProblemError("status", f"must be one of {', '.join(STATUSES)}, not {status!r}")
    plain: dict[str, Any] = {}
    for key in _PLAIN:
        if obj.get(key) is None:
            continue
        if key == "optimal":
            plain[key] = _bool(obj[key], key)
        elif key in ("why", "error"):
            plain[key] = _str(obj[key], key)
        else:
            plain[key] = _int(obj[key], key)
    announce = _object(obj["announce"], "announce", ("hybrid", "phyrexian_life")) if "announce" in obj else None
    objective = None
    if "objective" in obj:
        raw = _object(obj["objective"], "objective", OBJECTIVES)
        objective = tuple((k, _int(v, f"objective.{k}")) for k, v in raw.items())
    return Answer(
        status=status,
        total_cost=_mana(obj["total_cost"], "total_cost") if "total_cost" in obj else None,
        announce_hybrid=_strings(announce.get("hybrid", []), "announce.hybrid")
                  if announce is not None else None,
        phyrexian_life=(_int(announce.get("phyrexian_life", 0), "announce.phyrexian_life")
                        if announce is not None else None),
        activations=tuple(_activation(a, f"activations[{i}]") for i, a in enumerate(
            _expect(obj["activations"], (list,), "activations", "a list"))) if "activations" in obj
                  else None,
        payments=_payments(obj["payments"], "payments") if "payments" in obj else None,
        colors_spent=_strings(obj["colors_spent"], "colors_spent") if "colors_spent" in obj
                  else None,
        left_over=_strings(obj["left_over"], "left_over") if "left_over" in obj else None,
        left_over_counts=_type_counts(obj["left_over_counts"], "left_over_counts")
                  if "left_over_counts" in obj else None,
        objective=objective,
        conflict=_strings(obj["conflict"], "conflict") if "conflict" in obj else None,
        conflict_counts=_symbol_counts(obj["conflict_counts"], "conflict_counts")
                  if "conflict_counts" in obj else None,
        id=obj.get("id"),
        kept=tuple(_int(k, f"kept[{i}]") for i, k in enumerate(_expect(obj["kept"], (list,), "kept",
                                                                       "a list")))
        if "kept" in obj else None,
        drawbacks=tuple(_drawback(d, f"drawbacks[{i}]") for i, d in enumerate(
            _expect(obj["drawbacks"], (list,), "drawbacks", "a list"))) if "drawbacks" in obj
                  else None,
        other_costs=load_other_costs_taken(obj["other_costs"], "other_costs")
                  if "other_costs" in obj else None,
        notes=_records(obj["notes"], "notes", ("card", "text")) if "notes" in obj else None,
        unread=_records(obj["unread"], "unread", ("source", "sentence", "reason"))
        if "unread" in obj else None,
        **plain,
    )


def _records(value: Any, path: str, keys: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """``notes`` and ``unread``: a list of objects of these string keys, as tuples."""
    items = _expect(value, (list,), path, "a list")
    out = []
    for i, item in enumerate(items):
        obj = _object(item, f"{path}[{i}]", keys)
        out.append(tuple(_str(obj.get(k), f"{path}[{i}].{k}") for k in keys))
    return tuple(out)


def _symbol_counts(value: Any, path: str) -> tuple[tuple[str, int], ...]:
    """``conflict_counts``: each symbol (a string) with how many are in conflict (at least 1)."""
    raw = _expect(value, (dict,), path, "an object of symbol counts")
    return tuple((k, _int(v, f"{path}.{k}", 1)) for k, v in raw.items())


def dump_answer(answer: Answer) -> dict[str, Any]:
    """The spec JSON of ``answer``; ``load_answer`` reads it back equal."""
    a = answer
    out: dict[str, Any] = {"status": a.status}
    for key in ("optimal", "x"):
        if getattr(a, key) is not None:
            out[key] = getattr(a, key)
    if a.total_cost is not None:
        out["total_cost"] = str(a.total_cost)
    if a.announce_hybrid is not None:
        out["announce"] = {"hybrid": list(a.announce_hybrid), "phyrexian_life": a.phyrexian_life}
    if a.activations is not None:
        out["activations"] = [act.to_json() for act in a.activations]
    if a.payments is not None:
        out["payments"] = [p.to_json() for p in a.payments]
    for key in ("life_paid", "damage", "energy_paid", "sources_used", "sacrificed"):
        if getattr(a, key) is not None:
            out[key] = getattr(a, key)
    if a.colors_spent is not None:
        out["colors_spent"] = list(a.colors_spent)
    if a.status == "paid" or a.counters is not None:
        out["counters"] = a.counters
    if a.left_over is not None:
        out["left_over"] = list(a.left_over)
    if a.left_over_counts is not None:
        out["left_over_counts"] = dict(a.left_over_counts)
    if a.objective is not None:
        out["objective"] = dict(a.objective)
    for key in ("why", "error"):
        if getattr(a, key) is not None:
            out[key] = getattr(a, key)
    if a.conflict is not None:
        out["conflict"] = list(a.conflict)
    if a.conflict_counts is not None:
        out["conflict_counts"] = dict(a.conflict_counts)
    if a.kept is not None:
        out["kept"] = list(a.kept)
    if a.id is not None:
        out["id"] = a.id
    for key in ("discarded", "counters_removed"):
        if getattr(a, key) is not None:
            out[key] = getattr(a, key)
    if a.drawbacks is not None:
        out["drawbacks"] = [d.to_json() for d in a.drawbacks]
    for key in ("convoked", "improvised", "delved"):
        if getattr(a, key) is not None:
            out[key] = getattr(a, key)
    if a.other_costs is not None:
        out["other_costs"] = a.other_costs.to_json()
    if a.unread is not None:
        out["unread"] = [dict(zip(("source", "sentence", "reason"), u)) for u in a.unread]
    if a.notes is not None:
        out["notes"] = [{"card": card, "text": text} for card, text in a.notes]
    return out
