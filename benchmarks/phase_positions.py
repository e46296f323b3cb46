"""Fixed positions in a live phase game: these permanents, this hand, this life, priority in
seat 0's first main phase.

phase's Python bindings start games only from decklists, so a position is made the way its
own tests do: a game whose deck holds exactly the cards wanted, debug mode switched on in the
saved state (``debug_mode``, ``allow_debug_actions``), and debug ``MoveToZone`` actions that
put the opening hand back and move the wanted cards to the battlefield and the hand. The
permanents are not summoning sick (they have been there), so creatures can tap for mana.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

FILLER = "Plains"
"""The rest of both decks; the engine's card data must know it."""
DECK_SIZE = 60


@dataclass(frozen=True)
class Permanent:
    """A card to put onto the battlefield, tapped or not."""

    name: str
    tapped: bool = False
    counters: tuple[tuple[str, int], ...] = ()
    """Counters put on it (``(("storage", 2),)``), by the engine's counter names."""


def _keep_hands(game: Any) -> None:
    """Answer the mulligans (keep) and pass until seat 0 has priority in its main phase."""
    while not (game.waiting_for()["type"] == "Priority" and game.phase == "PreCombatMain"):
        waiting = game.waiting_for()
        actions = game.actions()
        if waiting["type"] == "MulliganDecision":
            seat = waiting["data"]["pending"][0]["player"]
            keep = [a for a in actions if (a.data or {}).get("choice") == {"type": "Keep"}]
            game.apply(seat, keep[0])
        else:
            game.apply(waiting["data"]["player"], actions[0])


def position(engine: Any, board: Sequence[str | Permanent], hand: Sequence[str], *,
             life: int = 20, seed: int = 1, graveyard: int = 0) -> Any:
    """A live game where seat 0 controls ``board``, holds ``hand``, has ``graveyard`` filler
    cards in its graveyard (for delve) and has priority in its first precombat main phase (no
    land played yet)."""
    permanents = [p if isinstance(p, Permanent) else Permanent(p) for p in board]
    deck = [p.name for p in permanents] + list(hand) + [FILLER] * graveyard
    if len(deck) > DECK_SIZE:
        raise ValueError(f"a position holds at most {DECK_SIZE} cards, not {len(deck)}")
    deck += [FILLER] * (DECK_SIZE - len(deck))
    game = engine.new_game(deck, [FILLER] * DECK_SIZE, seed=seed, first_player=0)
    saved = game.state()
    saved["state"]["debug_mode"] = True
    saved["state"]["format_config"]["allow_debug_actions"] = True
    game = engine.load_game(saved)
    _keep_hands(game)

    def debug(action: dict[str, Any]) -> None:
        game.apply(0, {"type": "Debug", "data": action})

    def move(object_id: int, zone: str) -> None:
        debug({"type": "MoveToZone", "data": {"object_id": object_id, "to_zone": zone, "simulate": False}})

    state = game.state()["state"]
    for object_id in list(state["players"][0]["hand"]):
        move(object_id, "Library")
    state = game.state()["state"]
    library = list(state["players"][0]["library"])

    def take(name: str) -> int:
        for object_id in library:
            if state["objects"][str(object_id)]["name"] == name:
                library.remove(object_id)
                return object_id
        raise ValueError(f"card {name!r} is not in the position's library")

    for permanent in permanents:
        object_id = take(permanent.name)
        move(object_id, "Battlefield")
        debug({"type": "SetSummoningSickness", "data": {"object_id": object_id, "sick": False}})
        if permanent.tapped:
            debug({"type": "SetTapped", "data": {"object_id": object_id, "tapped": True}})
        for kind, n in permanent.counters:
            debug({"type": "ModifyCounters", "data": {"object_id": object_id,
                                                      "counter_type": kind, "delta": n}})
    for name in hand:
        move(take(name), "Hand")
    for _ in range(graveyard):
        move(take(FILLER), "Graveyard")
    if life != 20:
        debug({"type": "SetLife", "data": {"player_id": 0, "life": life}})
    return game
