"""What a phase mana ability does after its mana, and the conditions it is made under.

The engine's ``sub_ability`` chain (damage and life loss to the controller, counters put,
life gained, drawbacks, more mana when board facts hold) and ``RequiresCondition`` activation
restrictions, as tapwise's keys (9.2). Split from :mod:`tapwise.interfaces.phase_read`, which
reads the whole ability with it.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from tapwise.interfaces.phase_kinds import AdapterError, Facts, read_kind
from tapwise.interfaces.phase_library import RESTRICTS, REWARDS
from tapwise.interfaces.phase_mana import _add, _amount


_NEXT_UNTAP = re.compile(r"^during your next untap step", re.I)
"""The engine's unparsed head of "During your next untap step, as you untap your permanents,
return ~ to its owner's hand" (Undiscovered Paradise), which it parses as a ``Bounce`` after."""


def _bounces_self(sub: Mapping[str, Any] | None) -> bool:
    effect = (sub or {}).get("effect") or {}
    return (effect.get("type") == "Bounce" and (effect.get("target") or {}).get("type") == "SelfRef"
            and sub is not None and sub.get("sub_ability") is None)


def _last_counter(sub: Mapping[str, Any], removed: Mapping[str, int]) -> str | None:
    """"If there are no K counters on it, sacrifice it" after a cost that removes K counters
    (depletion lands): the counter kind K, else None."""
    condition = sub.get("condition") or {}
    qty = (condition.get("lhs") or {}).get("qty") or {}
    kind = qty.get("counter_type")
    if (condition.get("type") == "QuantityCheck" and condition.get("comparator") == "EQ"
            and condition.get("rhs") == {"type": "Fixed", "value": 0} and kind in removed
            and qty.get("type") == "CountersOn"):
        return str(kind)
    return None


def _continuation(sub: Mapping[str, Any] | None, what: str, facts: Facts | None,
                  put: dict[str, Any]) -> tuple[int, tuple[Any, list[str]] | None]:
    """Damage or life loss the ability's continuation deals to its controller (painlands), and
    more mana made when board facts hold (the Urza lands: ``(add, [facts])``); counters it
    puts on its source go into ``put`` (``put_counters``, 9.2), and so do what happens after
    the mana and changes no payment: a ``drawback`` (9.2: it doesn't untap, a delayed
    trigger), life gained (``_gains``), a sacrifice when its last counter of a kind is removed
    (``_last``) and an unparsed spending restriction (``_library``)."""
    total = 0
    extra = None
    while sub is not None:
        effect = sub.get("effect") or {}
        kind = effect.get("type")
        to_self = (effect.get("target") or {"type": "Controller"}).get("type") == "Controller"
        text = str(effect.get("description") or "")
        statics = [s.get("mode") for s in effect.get("static_abilities") or []]
        if kind in ("DealDamage", "LoseLife") and to_self:
            total += _amount(effect.get("amount"), what)
        elif kind == "GainLife" and put.get("drawback", "").startswith("sets up") and (
                effect.get("amount") or {}).get("type") != "Fixed":
            pass  # "When you next cast a spell with {X} ..., you draw a card and gain half X
            # life" (Brass Infiniscope): the engine's sibling of the delayed trigger, its part
        elif kind == "GainLife":  # after the mana (605.3b); the opponent's, or the seat's
            if (sub.get("player_scope") or {}).get("type") is None:
                put["_gains"] = put.get("_gains", 0) + _amount(effect.get("amount"), what)
        elif kind == "CreateDelayedTrigger" or (kind == "GenericEffect"
                                                and statics == ["CantUntap"]):
            put["drawback"] = ("doesn't untap during its controller's next untap step"
                               if statics else "sets up a delayed trigger (a later cost)")
        elif (kind == "Sacrifice" and (effect.get("target") or {}).get("type") == "SelfRef"
              and _last_counter(sub, put.get("remove_counters") or {})):
            put["_last"] = _last_counter(sub, put["remove_counters"])
        elif kind == "RollDie" and not effect.get("results"):
            pass  # "Roll a d20" (Vexing Puzzlebox): no mana and no cost; what the result gives
            # (the Puzzlebox's own trigger puts that many charge counters) comes after payment
        elif kind == "Unimplemented" and _NEXT_UNTAP.search(text) and _bounces_self(
                sub.get("sub_ability")):
            # a later return to the hand (the next untap step, 502.3): this payment loses
            # nothing, the seat loses the land later: a drawback (9.2)
            put["drawback"] = "returns to its owner's hand during its controller's next untap step"
            sub = sub["sub_ability"]  # that Bounce is the later return, not now
        elif kind == "Unimplemented" and REWARDS.search(text.strip()):
            pass  # a reward for spending the mana: restricts nothing
        elif kind == "Unimplemented" and RESTRICTS.search(text) and "only" not in put:
            put["_library"] = text
        elif (kind == "PutCounter" and (effect.get("target") or {}).get("type") == "SelfRef"
              and sub.get("condition") is None):
            keys = put.setdefault("put_counters", {})
            keys[str(effect["counter_type"])] = _amount(effect.get("count"), what)
        elif kind == "Mana" and extra is None and facts is not None:
            add, times, _ = _add(effect["produced"], what, None, None)
            if times != 1 or not isinstance(add, str) or effect.get("restrictions"):
                raise AdapterError(f"{what}: conditional mana {add!r}")
            extra = (add, _conditions(sub.get("condition"), what, facts))
        else:
            raise AdapterError(f"{what}: a continuation of type {kind!r}")
        sub = sub.get("sub_ability")
    return total, extra


_COMPARE = {"GE": ("min", 0), "GT": ("min", 1), "LE": ("max", 0), "LT": ("max", -1)}


def _requires(condition: Mapping[str, Any], what: str, facts: Facts) -> dict[str, Any]:
    """"Activate only if you control an Island or a Swamp" (the engine's ``RequiresCondition``
    of a count of permanents against a number) as one 9.2 ``if`` condition on a fact."""
    qty = ((condition.get("lhs") or {}).get("qty") or {})
    rhs = condition.get("rhs") or {}
    compare = _COMPARE.get(condition.get("comparator"))
    if (condition.get("type") != "QuantityComparison" or qty.get("type") != "ObjectCount"
            or rhs.get("type") != "Fixed" or compare is None):
        raise AdapterError(f"{what}: an activation restriction 'RequiresCondition' of "
                           f"{condition.get('type')!r} {qty.get('type') or ''}".rstrip())
    target = qty.get("filter") or {}
    parts = target["filters"] if target.get("type") == "Or" else [target]
    kinds = [read_kind(p, what, zone="Battlefield") for p in parts]
    key, shift = compare
    return {"fact": facts.fact(kinds), key: int(rhs["value"]) + shift}


def _conditions(condition: Mapping[str, Any] | None, what: str, facts: Facts) -> list[str]:
    """"If you control a X and a Y" as the facts that must each be at least 1."""
    if condition is None:
        raise AdapterError(f"{what}: mana made without a condition in a continuation")
    parts = condition["conditions"] if condition.get("type") == "And" else [condition]
    found = []
    for part in parts:
        if part.get("type") != "ControllerControlsMatching":
            raise AdapterError(f"{what}: a condition of type {part.get('type')!r}")
        found.append(facts.fact(read_kind(part.get("filter"), what)))
    return found
