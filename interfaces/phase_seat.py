"""Reading a seat's whole board from a live phase.rs game (issue 42): every permanent as a
tapwise source (:func:`tapwise.interfaces.phase_read.read_source`), the effects on mana made
(9.4), the board facts, pool, life, energy, hand size and graveyard. Split from
:mod:`tapwise.interfaces.phase_read`, which reads one permanent."""

from __future__ import annotations

from typing import Any, Mapping

from tapwise.interfaces.phase_read import (
    COLOR_LETTER, AdapterError, EngineSource, Facts, SeatBoard, read_kind, read_source)


def read_mana_effects(obj: Mapping[str, Any], seat: int) -> tuple[list[dict[str, Any]], list[str]]:
    """A permanent's effects on mana made (9.4): "If you tap a permanent for mana, it produces
    twice as much" (the engine's ``ProduceMana`` replacement with ``Multiply``, Mana
    Reflection, Nyxbloom Ancient) as a ``multiply`` effect when the seat controls it; triggered
    mana (``TapsForMana``: Mana Flare, Wild Growth) and other mana replacements are named,
    not read (tapwise then pays without their mana: still a legal payment)."""
    what = f"{obj['name']} (object {obj['id']})"
    effects: list[dict[str, Any]] = []
    skipped: list[str] = []
    for rep in obj.get("replacement_definitions") or []:
        if rep.get("event") != "ProduceMana":
            continue
        change = rep.get("mana_modification") or {}
        valid = rep.get("valid_card") or {}
        try:
            kind = read_kind(valid, what)
            if (change.get("type") != "Multiply" or rep.get("condition") is not None
                    or not kind.yours or (rep.get("mana_replacement_scope") or {}).get(
                        "type") != "TappedForMana"):
                raise AdapterError(f"{what}: a mana replacement {change.get('type')!r}")
        except AdapterError as exc:
            skipped.append(str(exc))
            continue
        if obj.get("controller") == seat:
            effects.append({"kind": "multiply", "factor": int(change["factor"]),
                            "when": {**kind.filter(), "controller": "you"}})
    for trigger in obj.get("trigger_definitions") or []:
        trigger = trigger.get("definition", trigger)  # the live object wraps each one
        if trigger.get("mode") == "TapsForMana":
            skipped.append(f"{what}: triggered mana (TapsForMana)")
    return effects, skipped


def now(state: Mapping[str, Any], seat: int) -> dict[str, Any]:
    """The turn as the engine records it (see ``Facts.now``), from ``game.state()["state"]``."""
    players = state.get("players") or []
    player = players[seat] if seat < len(players) else {}
    return {"active": state.get("active_player"), "phase": state.get("phase"),
            "turns_taken": int(player.get("turns_taken") or 0),
            "lands_played": int(player.get("lands_played_this_turn") or 0),
            "entered": {int(e["object_id"]) for e in state.get("battlefield_entries_this_turn")
                        or [] if isinstance(e, Mapping) and "object_id" in e}}


def read_board(game: Any, seat: int) -> SeatBoard:
    """The seat's permanents (``game.battlefield()``), floating mana, life, energy and
    graveyard (``game.player``)."""
    objects = list(game.battlefield())
    facts = Facts(seat, objects)
    player = game.player(seat)
    if "commander_color_identity" in player:
        facts.commander = "".join(COLOR_LETTER.get(str(c), "") for c in
                                  player["commander_color_identity"] or [])
    shapes = repr([o.get("abilities") for o in objects])
    if "OnlyOnceEachTurn" in shapes:
        facts.activated = dict(game.state()["state"].get("activated_abilities_this_turn") or {})
    if any(k in shapes for k in ("SourceEnteredThisTurn", "Unimplemented",
                                 "LandsPlayedThisTurn")):
        facts.now = now(game.state()["state"], seat)
    sources: list[EngineSource] = []
    unsupported: list[str] = []
    effects: list[dict[str, Any]] = []
    opponents: list[EngineSource] = []
    for obj in objects:
        made, skipped = read_mana_effects(obj, seat)
        effects += made
        unsupported += skipped
        if obj.get("controller") != seat:
            if "Land" in (obj.get("card_types") or {}).get("core_types", []):
                opponents.append(read_source(obj)[0])  # for 106.7's "could produce"
            continue
        source, skipped = read_source(obj, facts)
        unsupported += skipped
        sources.append(source)
    sources = [s if s.object_id not in facts.counted else
               EngineSource(**{**s.__dict__, "counts": tuple(facts.counted[s.object_id])})
               for s in sources]
    pool: list[str] = []
    for mana in (player.get("mana_pool") or {}).get("mana", []):
        letter = "C" if mana["color"] == "Colorless" else COLOR_LETTER.get(mana["color"])
        if letter is None or mana.get("restrictions"):
            unsupported.append(f"pool mana {mana['color']} with restrictions "
                               f"{mana.get('restrictions')}")
            continue
        pool.append("{%s}" % letter)
    return SeatBoard(seat, tuple(sources), tuple(pool), int(player["life"]), tuple(unsupported),
                 int(player.get("energy") or 0),
                 tuple(int(i) for i in player.get("graveyard") or []), dict(facts.values),
                 max(0, len(player.get("hand") or []) - 1), tuple(effects), tuple(opponents),
                 tuple(game.graveyard(seat)) if hasattr(game, "graveyard") else ())
