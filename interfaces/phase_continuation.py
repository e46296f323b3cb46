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


_SPELL_CHANGED = re.compile(r"spells? you spend this mana to cast (have|has|gain|get)", re.I)
"""An unparsed sentence that changes the spell the mana pays for (not what it may pay for)."""
_OWN_TURN = re.compile(r"activate this ability but only during their turn before the end step",
                       re.I)
_BEGUN = re.compile(r"can't activate this ability until you've begun your (\w+) turn", re.I)
_ORDINALS = {"second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7}
_BEFORE_END = {"Untap", "Upkeep", "Draw", "PreCombatMain", "BeginCombat", "DeclareAttackers",
               "DeclareBlockers", "FirstStrikeDamage", "CombatDamage", "EndCombat",
               "PostCombatMain"}
"""The engine's phase names before the end step (another name: read as not before it)."""


def _unparsed_when(sub: Mapping[str, Any], text: str, what: str, facts: Facts | None,
                   source: Mapping[str, Any] | None) -> str | None:
    """An activation restriction the engine left unparsed (so it doesn't enforce it): "" when
    it allows the activation now, why not when it doesn't (the ability is then the engine's
    reading only, ``lenient``), None when ``text`` is no such restriction. "Activate only if ~
    is a creature" (Flywheel Racer, a condition ``SourceMatchesFilter``), "only during their
    turn before the end step" (Mana Cache), "until you've begun your sixth turn" (Black
    Tulip); the turn not read (``Facts.now`` None) or the source not read: not allowed."""
    now = facts.now if facts is not None else None
    condition = sub.get("condition") or {}
    if text.strip().lower() == "activate only" and condition.get("type") == "SourceMatchesFilter":
        kind = read_kind(condition.get("filter"), what)
        return "" if source is not None and kind.matches(source) else (
            f"activate only if it is {kind.phrase} (not enforced by the engine)")
    if _OWN_TURN.search(text):
        ok = now is not None and now["active"] == facts.seat and now["phase"] in _BEFORE_END
        return "" if ok else "activate only during its controller's turn before the end step"
    begun = _BEGUN.search(text)
    if begun and begun.group(1).lower() in _ORDINALS:
        n = _ORDINALS[begun.group(1).lower()]
        return "" if now is not None and now["turns_taken"] >= n else (
            f"can't be activated before its controller's turn {n}")
    return None


def _more_per_removed(ability: Mapping[str, Any]) -> bool:
    """"{T}, Remove any number of charge counters from ~: Add {G}, then add an additional {G}
    for each charge counter removed this way" (the Mana Batteries): fixed mana, and more by the
    engine's ``PreviousEffectAmount``, for which the engine adds nothing (it removes the
    counters and makes the fixed mana alone, seen on Green Mana Battery with 0 and 2 removed).
    Read with none removed (zero is "any number"): the fixed mana, which the
    rules and the engine both make; the rest of the rules' mana is left out (never a wrong
    payment)."""
    effect = ability.get("effect") or {}
    sub = ability.get("sub_ability") or {}
    more = sub.get("effect") or {}
    count = ((more.get("produced") or {}).get("count") or {})
    return ((effect.get("produced") or {}).get("type") == "Fixed" and more.get("type") == "Mana"
            and (count.get("qty") or {}).get("type") == "PreviousEffectAmount"
            and (more.get("produced") or {}).get("contribution") == "Additional"
            and sub.get("sub_ability") is None and sub.get("condition") is None)


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
                  put: dict[str, Any], source: Mapping[str, Any] | None = None
                  ) -> tuple[int, tuple[Any, list[str]] | None]:
    """Damage or life loss the ability's continuation deals to its controller (painlands), and
    more mana made when board facts hold (the Urza lands: ``(add, [conditions], False)``) or
    other mana made instead (Leafkin Druid: ``(add, [conditions] or a bool, True)``); counters it
    puts on its source go into ``put`` (``put_counters``, 9.2), and so do what happens after
    the mana and changes no payment: a ``drawback`` (9.2: it doesn't untap, a delayed
    trigger), life gained (``_gains``), a sacrifice when its last counter of a kind is removed
    (``_last``), an unparsed spending restriction (``_library``) and an unparsed activation
    restriction the rules forbid now and the engine does not enforce (``_lenient``, see
    :func:`_unparsed_when`; ``source``: the engine's object, None when not read)."""
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
        elif (kind == "GivePlayerCounter" and to_self
              and (effect.get("count") or {}).get("type") == "Fixed"):
            # "You get a poison counter" (Noxious Bayou, Mox Poison): after the mana, nothing
            # this payment uses (ten poison counters lose the game, 104.3d): a drawback (9.2)
            n = int(effect["count"]["value"])
            said = f"its controller gets {n} {str(effect.get('counter_kind')).lower()} counter"
            put["drawback"] = "; ".join(filter(None, (put.get("drawback"), said + "s" * (n > 1))))
        elif kind == "RollDie" and not effect.get("results"):
            pass  # "Roll a d20" (Vexing Puzzlebox): no mana and no cost; what the result gives
            # (the Puzzlebox's own trigger puts that many charge counters) comes after payment
        elif kind == "Unimplemented" and _NEXT_UNTAP.search(text) and _bounces_self(
                sub.get("sub_ability")):
            # a later return to the hand (the next untap step, 502.3): this payment loses
            # nothing, the seat loses the land later: a drawback (9.2)
            put["drawback"] = "returns to its owner's hand during its controller's next untap step"
            sub = sub["sub_ability"]  # that Bounce is the later return, not now
        elif kind == "Unimplemented" and _SPELL_CHANGED.search(text):
            # "Creature spells you spend this mana to cast have their base power and toughness
            # become 4/3" (Andrios): the spell changes, the payment doesn't: a drawback (9.2)
            put["drawback"] = f"changes the spell it pays for: {text.strip()}"
        elif kind == "Unimplemented" and _unparsed_when(sub, text, what, facts, source) is not None:
            forbidden = _unparsed_when(sub, text, what, facts, source)
            if forbidden:
                put["_lenient"] = forbidden
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
            condition = sub.get("condition") or {}
            if condition.get("type") == "ConditionInstead":
                extra = (add, _instead(condition.get("inner") or {}, what, facts), True)
            else:
                extra = (add, [{"fact": f, "min": 1}
                               for f in _conditions(sub.get("condition"), what, facts)], False)
        elif kind == "Unimplemented":
            raise AdapterError(f"{what}: a continuation of type 'Unimplemented' that neither "
                               f"restricts nor rewards: {text.strip()!r}")
        else:
            raise AdapterError(f"{what}: a continuation of type {kind!r}")
        sub = sub.get("sub_ability")
    return total, extra


_COMPARE = {"GE": ("min", 0), "GT": ("min", 1), "LE": ("max", 0), "LT": ("max", -1)}


def _requires(condition: Mapping[str, Any], what: str, facts: Facts,
              source: Mapping[str, Any] | None = None) -> dict[str, Any] | None:
    """"Activate only if you control an Island or a Swamp" (the engine's ``RequiresCondition``
    of a count of permanents against a number) as one 9.2 ``if`` condition on a fact; "only if
    ~ entered this turn or if you control a basic land" (an ``Or`` with
    ``SourceEnteredThisTurn``, Gathering Place): None (no condition) when ``source`` is among
    the engine's ``battlefield_entries_this_turn``, else the count's condition (also where the
    turn was not read: stricter than the card, never a wrong payment)."""
    if condition.get("type") == "Or":
        counts = []
        for part in condition.get("conditions") or []:
            if part.get("type") == "SourceEnteredThisTurn":
                if (source is not None and facts.now is not None
                        and int(source.get("id", -1)) in facts.now["entered"]):
                    return None
            else:
                counts.append(part)
        if len(counts) != 1:
            raise AdapterError(f"{what}: an activation restriction 'RequiresCondition' of 'Or' "
                               f"with {len(counts)} conditions not on the source's entering")
        return _requires(counts[0], what, facts)
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


def _instead(condition: Mapping[str, Any], what: str, facts: Facts) -> list[dict[str, Any]] | bool:
    """"If you control four or more creatures, add {G}{G} instead" (the engine's
    ``ConditionInstead``): a count of permanents against a number as one 9.2 condition on a
    fact; "if you played a land this turn" (``LandsPlayedThisTurn``) as whether the seat has,
    by the engine's record (``Facts.now``; not read: named)."""
    lhs = ((condition.get("lhs") or {}).get("qty") or {})
    rhs = condition.get("rhs") or {}
    compare = _COMPARE.get(condition.get("comparator"))
    if condition.get("type") == "QuantityCheck" and compare and rhs.get("type") == "Fixed":
        key, shift = compare
        bound = int(rhs["value"]) + shift
        if lhs.get("type") == "LandsPlayedThisTurn" and (lhs.get("player") or {}).get(
                "type") == "Controller" and facts.now is not None:
            played = int(facts.now.get("lands_played", 0))
            return played >= bound if key == "min" else played <= bound
        if lhs.get("type") == "ObjectCount":
            kind = read_kind(lhs.get("filter"), what, zone="Battlefield")
            return [{"fact": facts.fact(kind), key: bound}]
    raise AdapterError(f"{what}: mana made instead if {condition.get('type')!r} "
                       f"{lhs.get('type') or ''}".rstrip())


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
