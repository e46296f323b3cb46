"""Reading the spell in hand from a live phase.rs game (issue 42): its cost, types, payment
keywords and required additional costs, as tapwise's ``other_costs`` (9.3), in the engine's own
representation (``game.hand(seat)``). Split from :mod:`tapwise.interfaces.phase_read`, which
reads the board."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from tapwise.interfaces.phase_read import (
    ALL_COUNTERS, SPELL_KEYWORDS, AdapterError, Kind, Spell, cost_text, object_types, read_kind)
from tapwise.interfaces.phase_kinds import read_either


def read_other_costs(additional: Mapping[str, Any] | None, what: str, x: bool = False,
                     generic: int = 0) -> dict[str, Any]:
    """A spell's required additional cost (the engine's ``additional_cost``) as 9.3's
    ``other_costs`` (``life_cost`` for life, a problem key of its own); optional ones
    (kicker) are not asked for, so the spell is paid without. ``x``: the mana cost has X;
    ``generic``: its generic mana. Besides 9.3's keys the result may hold the adapter's own:
    ``x`` (X fixed), ``needs`` (a :class:`Kind` of permanent the cost needs but doesn't use
    up), ``waterbend`` (its amount) and ``exile_kind`` (the kind of graveyard card exiled)."""
    if not additional or additional.get("type") != "Required":
        return {}
    cost = additional.get("data") or {}
    kind = cost.get("type")
    count = int(cost.get("count", 1)) if isinstance(cost.get("count", 1), int) else None
    if kind == "Sacrifice" and count == ALL_COUNTERS:
        # "sacrifice any number of creatures": the engine asks how many (ChooseXValue), and
        # none is a legal number that costs nothing (the cast answers 0, as for X, 107.3)
        if x:
            raise AdapterError(f"{what}: an additional cost of sacrificing any number beside X")
        return {}
    if kind == "Sacrifice" and count:
        return {"sacrifice_other": {**read_either(cost.get("target") or {}, what), "n": count}}
    if kind == "ReturnToHand" and count and count != ALL_COUNTERS:
        # "return a permanent you control to its owner's hand": the permanent leaves the
        # battlefield in 601.2h as a sacrificed one does, after it may have been tapped for
        # mana in 601.2g; read as sacrifice_other, as tapwise's reader reads Food Chain's
        # "exile a creature you control" (docs/format-v2.md)
        return {"sacrifice_other": {**read_either(cost.get("filter") or {}, what), "n": count}}
    if kind == "TapCreatures":
        need = cost.get("requirement") or {}
        if need.get("requirement") == "count":
            return {"tap_other": {**read_either(cost.get("filter") or {}, what),
                                  "n": int(need["count"])}}
    if kind == "Exile" and cost.get("zone") == "Graveyard" and count in (ALL_COUNTERS, 0):
        # "exile X cards from your graveyard": X = 0 (107.3), with the mana cost's X if it has
        # one; the cast answers ChooseX 0
        return {"x": 0} if x else {}
    if kind == "Exile" and cost.get("zone") == "Graveyard" and count and count != ALL_COUNTERS:
        target = cost.get("filter")
        found = None if target is None else read_kind(target, what, zone="Graveyard")
        return {"exile_graveyard": count, "exile_kind": found}
    if (kind == "Exile" and cost.get("zone") in (None, "Battlefield") and count
            and count != ALL_COUNTERS and (cost.get("filter") or {}).get("controller") == "You"):
        # "exile a creature you control" (Necrotic Fumes): the permanent leaves the battlefield
        # in 601.2h as a sacrificed one does, after it may have been tapped for mana in 601.2g;
        # tapwise's reader reads Food Chain's cost the same way (docs/format-v2.md)
        return {"sacrifice_other": {**read_either(cost.get("filter") or {}, what), "n": count}}
    if kind in ("Reveal", "Behold") and count and count != ALL_COUNTERS and (
            kind == "Reveal" or cost.get("action") == "ChooseOrReveal"):
        # "reveal a creature card from your hand" (Disaster Radius), "behold a creature"
        # (choose one you control or reveal one from your hand: Monstrous Emergence): nothing
        # is used up, but the card or permanent must be there (601.2h): ``read_hand`` looks
        return {"shows": (read_kind(cost.get("filter"), what, zone="Hand"), count,
                          kind == "Behold")}
    if kind == "EffectCost":
        effect = cost.get("effect") or {}
        target = effect.get("target") or {}
        props = [p.get("type") for p in target.get("properties") or []]
        if (effect.get("type") == "ChangeZone" and effect.get("origin") == "Exile"
                and effect.get("destination") == "Graveyard" and "Owned" in props
                and {"type": "Owned", "controller": "Opponent"} in target["properties"]):
            # "put a card an opponent owns from exile into that player's graveyard" (Processor
            # Assault): nothing of the payer's, but such a card must be in exile (601.2h)
            return {"shows": (Kind((), (), False), 1, "opponent's exile")}
        if effect.get("type") == "CollectEvidence" and not x:
            # Urgent Necropsy's "collect evidence X, where X is the total mana value of the
            # permanents this spell targets" (701.59a: exile graveyard cards of that total mana
            # value): nothing a mana payment uses (``read_spell`` refuses it beside delve), and
            # X may be 0 (no targets, or lands), so it never makes the spell uncastable; the
            # engine's amount (1) is not the card's
            return {"shows": (Kind((), (), False), 0, "evidence")}
        if effect.get("type") == "Choose" and not x:
            # "choose a creature type" (Caller of the Hunt), "choose a number from 0 to 5"
            # (Liquid Fire): a choice uses nothing up; the cast answers it with ``decide``
            return {}
        if (effect.get("type") == "SetTapState" and target.get("controller") == "You"
                and (effect.get("state") or {}).get("type") == "Tap" and not x):
            # "tap any number of untapped creatures you control" (Burn at the Stake): none
            return {}
        if effect.get("type") == "PutCounter" and target.get("controller") == "You":
            # "put a -1/-1 counter on a creature you control": no resource is used up in
            # 601.2h, but one such permanent must be there to put it on
            return {"needs": read_kind(target, what)}
    if kind == "Waterbend" and not x and not generic:
        # Waterbend {N} (701.66 in the Avatar set): {N} more, any of which an untapped
        # artifact or creature may pay by tapping. With no other generic mana in the cost, that
        # is convoke and improvise restricted to generic mana: convoke with the creatures'
        # colors withheld (SeatBoard.problem), so each pays {1} only.
        extra = cost.get("cost") or {}
        if extra.get("type") == "Cost" and not extra.get("shards"):
            return {"waterbend": int(extra.get("generic", 0))}
    if kind in ("Discard", "PayLife") and not cost.get("self_ref"):
        amount = cost.get("count" if kind == "Discard" else "amount") or {}
        qty = amount.get("qty") or {}
        if amount.get("type") == "Ref" and qty == {"type": "Variable", "name": "X"}:
            # (a filter, "discard X creature cards", asks nothing more of X = 0)
            # "discard X cards" / "pay X life": the player chooses X (107.3), and X = 0 is
            # always a legal choice, which costs nothing more; the cast answers ChooseX 0.
            # With {X} in the mana cost as well (Bond of Agony), the spell is paid at X = 0.
            return {"x": 0} if x else {}
        if amount.get("type") == "Fixed" and not cost.get("filter"):
            n = int(amount["value"])
            return {"discard": n} if kind == "Discard" else {"life_cost": n}
    if kind == "Waterbend":
        raise AdapterError(f"{what}: an additional cost of type 'Waterbend' beside other "
                           f"generic mana or X")
    raise AdapterError(f"{what}: an additional cost of type {kind!r}")


def read_spell(obj: Mapping[str, Any]) -> Spell:
    """A card in hand (``game.hand(seat)``) as a spell to pay for."""
    types, subtypes = object_types(obj)
    keywords = tuple(SPELL_KEYWORDS[k] for k in obj.get("keywords") or []
                     if isinstance(k, str) and k in SPELL_KEYWORDS)
    unread = None
    try:
        other = read_other_costs(obj.get("additional_cost"), f"{obj['name']} (object {obj['id']})",
                                 "{X}" in (cost_text(obj.get("mana_cost")) or ""),
                                 int((obj.get("mana_cost") or {}).get("generic", 0) or 0))
    except AdapterError as exc:
        other, unread = {}, str(exc)
    own = {key: other.pop(key) for key in ("x", "needs", "waterbend", "exile_kind", "shows")
           if key in other}
    if own.get("waterbend") and keywords:
        other, unread = {}, f"{obj['name']}: waterbend beside {', '.join(keywords)}"
    if (own.get("shows") or (None, 0, None))[2] == "evidence" and "delve" in keywords:
        other, unread = {}, f"{obj['name']}: collect evidence beside delve"
    return Spell(int(obj["id"]), int(obj.get("card_id", obj["id"])), obj["name"],
                 cost_text(obj.get("mana_cost")), types,
                 "instant" in types or "Flash" in (obj.get("keywords") or []),
                 subtypes, keywords, other, unread, own.get("x"), own.get("needs"),
                 int(own.get("waterbend", 0)), own.get("exile_kind"),
                 any((r or {}).get("type") == "CantSpendMana"
                     for r in obj.get("casting_restrictions") or [] if isinstance(r, dict)),
                 own.get("shows"), tags=("legendary",) if "Legendary" in (
                     (obj.get("card_types") or {}).get("supertypes") or []) else ())


def _shown(spell: Spell, hand: list[Mapping[str, Any]], game: Any, seat: int) -> Spell:
    """``spell`` with ``cannot`` set when the card its additional cost reveals (or the
    permanent it beholds) isn't there: it can't be cast (601.2h), whoever pays."""
    if spell.shows is None:
        return spell
    kind, n, behold = spell.shows
    if behold == "evidence":  # X may be 0: never uncastable
        return spell
    if behold == "opponent's exile":
        if sum(1 for obj in game.exile() if obj.get("owner") != seat) >= n:
            return spell
        return replace(spell, cannot=f"{spell.name}'s additional cost needs a card an opponent "
                                     f"owns in exile")
    found = sum(1 for obj in hand if int(obj["id"]) != spell.object_id and kind.matches(obj))
    if behold:
        found += sum(1 for obj in game.battlefield()
                     if obj.get("controller") == seat and kind.matches(obj))
    if found >= n:
        return spell
    where = "you control or in your hand" if behold else "in your hand"
    return replace(spell, cannot=f"{spell.name}'s additional cost needs {n} {kind.phrase} "
                                 f"card{'s' * (n > 1)} {where}")


def read_hand(game: Any, seat: int) -> list[Spell]:
    """The seat's nonland cards with a mana cost."""
    spells = []
    hand = list(game.hand(seat))
    for obj in hand:
        spell = read_spell(obj)
        if "land" not in spell.types and spell.cost is not None:
            spells.append(_shown(spell, hand, game, seat))
    return spells
