"""Goldfish: our own simple turn loop over real decklists, paying with three payers (issue 24).

Each game is seeded: shuffle, draw seven (on the play: no draw on turn 1), then for turns 1-8:
untap, draw, play a land, cast sorcery-speed spells in the main phase, and hold the instants
for the opponent's turn, when they are cast with whatever is still untapped. Nothing but mana
matters (no combat, no opponent); a permanent's mana is usable from the turn after it is cast
(creatures are summoning sick, 302.6; for the others the same rule keeps the loop simple).

The payers, on the same shuffles:

- ``greedy``: ``benchmarks/greedy.py``, one spell at a time, most mana value first; it doesn't
  understand abilities with a mana cost, so filter lands are only their ``{T}: Add {C}`` to it.
  A *failed cast* is a spell it couldn't pay where ``tapwise.pay`` pays it from the same
  sources (a payer mistake); casts it missed only because it can't use a filter land's
  filter ability are counted apart.
- ``plan``: ``tapwise.plan`` with ``"order": "any"`` over the main-phase spells, then over
  the instants on the opponent's turn.
- ``plan+keep``: the same, with the instants in hand as ``keep`` in the main phase, so the
  lands that stay untapped are the ones the instants need (spec 9.5).

Run: ``python -m tapwise.benchmarks.goldfish --games 1000`` (``--decks``, ``--seed``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import tapwise
from tapwise.models.mana import ManaCost
from tapwise.models.loader import load_problem

from . import read_problem
from .greedy import run as greedy_run
from .phase_decks import DECKS as PHASE_DECKS

TURNS = 8

# name: (mana cost, type line) as in /work/shared/data/card_costs.jsonl (tests/test_keep.py checks them)
SPELLS: dict[str, tuple[str, str]] = {
    "Llanowar Elves": ("{G}", "Creature"),
    "Elves of Deep Shadow": ("{G}", "Creature"),
    "Birds of Paradise": ("{G}", "Creature"),
    "Deathrite Shaman": ("{B/G}", "Creature"),
    "Thoughtseize": ("{B}", "Sorcery"),
    "Tarmogoyf": ("{1}{G}", "Creature"),
    "Grim Flayer": ("{B}{G}", "Creature"),
    "Abrupt Decay": ("{B}{G}", "Instant"),
    "Dismember": ("{1}{B/P}{B/P}", "Instant"),
    "Mutagenic Growth": ("{G/P}", "Instant"),
    "Liliana of the Veil": ("{1}{B}{B}", "Planeswalker"),
    "Putrefy": ("{1}{B}{G}", "Instant"),
    "Maelstrom Pulse": ("{1}{B}{G}", "Sorcery"),
    "Creakwood Liege": ("{1}{B/G}{B/G}{B/G}", "Creature"),
    "Lightning Bolt": ("{R}", "Instant"),
    "Gut Shot": ("{R/P}", "Instant"),
    "Mental Misstep": ("{U/P}", "Instant"),
    "Counterspell": ("{U}{U}", "Instant"),
    "Mana Leak": ("{1}{U}", "Instant"),
    "Remand": ("{1}{U}", "Instant"),
    "Electrolyze": ("{1}{U}{R}", "Instant"),
    "Izzet Charm": ("{U}{R}", "Instant"),
    "Manamorphose": ("{1}{R/G}", "Instant"),
    "Coiling Oracle": ("{G}{U}", "Creature"),
    "Huntmaster of the Fells": ("{2}{R}{G}", "Creature"),
    "Mystic Snake": ("{1}{G}{U}{U}", "Creature"),
    "Snapcaster Mage": ("{1}{U}", "Creature"),
    "Birthing Pod": ("{3}{G/P}", "Artifact"),
    "Figure of Destiny": ("{R/W}", "Creature"),
    "Boros Reckoner": ("{R/W}{R/W}{R/W}", "Creature"),
    "Brimaz, King of Oreskos": ("{1}{W}{W}", "Creature"),
    "Vendilion Clique": ("{1}{U}{U}", "Creature"),
    # the spells of phase_games' decklists (benchmarks/phase_decks.py)
    "Avacyn's Pilgrim": ("{G}", "Creature"),
    "Dryad Militant": ("{G/W}", "Creature"),
    "Wilt-Leaf Cavaliers": ("{G/W}{G/W}{G/W}", "Creature"),
    "Kitchen Finks": ("{1}{G/W}{G/W}", "Creature"),
    "Watchwolf": ("{G}{W}", "Creature"),
    "Qasali Pridemage": ("{G}{W}", "Creature"),
    "Loxodon Smiter": ("{1}{G}{W}", "Creature"),
    "Porcelain Legionnaire": ("{2}{W/P}", "Creature"),
    "Thundering Tanadon": ("{4}{G/P}{G/P}", "Creature"),
    "Burning-Tree Emissary": ("{R/G}{R/G}", "Creature"),
    "Boartusk Liege": ("{1}{R/G}{R/G}{R/G}", "Creature"),
    "Kulrath Knight": ("{3}{B/R}{B/R}", "Creature"),
    "Sprouting Thrinax": ("{B}{R}{G}", "Creature"),
    "Putrid Leech": ("{B}{G}", "Creature"),
    "Leatherback Baloth": ("{G}{G}{G}", "Creature"),
    "Vault Skirge": ("{1}{B/P}", "Creature"),
    "Cold-Eyed Selkie": ("{1}{G/U}{G/U}", "Creature"),
    "Shorecrasher Mimic": ("{1}{G/U}", "Creature"),
    "Tattermunge Duo": ("{2}{R/G}", "Creature"),
    "Spined Thopter": ("{2}{U/P}", "Creature"),
    "Kalonian Tusker": ("{G}{G}", "Creature"),
    "Centaur Courser": ("{2}{G}", "Creature"),
}
"""The spells of the decks. Lands and mana creatures get their abilities from tapwise's library."""

DECKS: dict[str, dict[str, int]] = {
    "golgari (BG)": {
        "Forest": 6, "Swamp": 6, "Overgrown Tomb": 4, "Twilight Mire": 4, "Llanowar Wastes": 3,
        "Llanowar Elves": 4, "Elves of Deep Shadow": 3, "Deathrite Shaman": 3, "Thoughtseize": 2,
        "Tarmogoyf": 4, "Grim Flayer": 4, "Abrupt Decay": 3, "Dismember": 2, "Mutagenic Growth": 2,
        "Liliana of the Veil": 3, "Putrefy": 2, "Maelstrom Pulse": 2, "Creakwood Liege": 3,
    },
    "temur (URG)": {
        "Forest": 3, "Island": 3, "Mountain": 2, "Steam Vents": 2, "Breeding Pool": 2, "Stomping Ground": 2,
        "Cascade Bluffs": 2, "Fire-Lit Thicket": 2, "Flooded Grove": 2, "Yavimaya Coast": 2,
        "Birds of Paradise": 4, "Lightning Bolt": 4, "Gut Shot": 2, "Mental Misstep": 2, "Counterspell": 4,
        "Mana Leak": 2, "Electrolyze": 2, "Izzet Charm": 2, "Manamorphose": 2, "Tarmogoyf": 2,
        "Coiling Oracle": 3, "Huntmaster of the Fells": 3, "Mystic Snake": 2, "Snapcaster Mage": 2,
        "Birthing Pod": 2,
    },
    "jeskai (WUR)": {
        "Plains": 3, "Island": 3, "Mountain": 2, "Hallowed Fountain": 3, "Steam Vents": 3, "Sacred Foundry": 3,
        "Mystic Gate": 2, "Rugged Prairie": 2, "Cascade Bluffs": 2,
        "Figure of Destiny": 4, "Boros Reckoner": 3, "Lightning Bolt": 4, "Counterspell": 4, "Remand": 3,
        "Electrolyze": 3, "Izzet Charm": 2, "Brimaz, King of Oreskos": 3, "Vendilion Clique": 3,
        "Snapcaster Mage": 3, "Gut Shot": 3, "Mental Misstep": 2,
    },
}

DECKS.update(PHASE_DECKS)  # the decklists phase's AI plays in phase_games

PAYERS = ("greedy", "plan", "plan+keep")


@lru_cache(maxsize=None)
def card_source(name: str) -> dict[str, Any] | None:
    """The explicit source entry of a card tapwise's library knows as a mana source, else None."""
    try:
        src = load_problem({"cost": "{0}", "sources": [{"name": name}]}).sources[0]
    except Exception:  # not a mana source the library knows
        return None
    if not src.abilities:
        return None
    return {"types": list(src.types), "abilities": [a.to_json() for a in src.abilities]}


def is_land(name: str) -> bool:
    return name not in SPELLS


def mana_value(name: str) -> int:
    return ManaCost.parse(SPELLS[name][0]).mana_value


@dataclass
class Game:
    """One player's side of a goldfish game."""

    library: list[str]
    hand: list[str] = field(default_factory=list)
    permanents: list[dict[str, Any]] = field(default_factory=list)  # {"id", "name", "tapped", "ready"}
    life: int = 20
    cast: int = 0
    value: int = 0
    failed: int = 0
    missed_filters: int = 0
    instants: int = 0
    next_id: int = 0

    def draw(self) -> None:
        if self.library:
            self.hand.append(self.library.pop())

    def sources(self, greedy: bool = False) -> list[dict[str, Any]]:
        """The untapped, ready mana sources as spec source entries (one copy each)."""
        out = []
        for p in self.permanents:
            entry = card_source(p["name"])
            if entry is None or p["tapped"] or not p["ready"]:
                continue
            abilities = entry["abilities"]
            if greedy:  # greedy.py reads only abilities without a mana cost
                abilities = [a for a in abilities if "mana" not in a]
                if not abilities:
                    continue
            out.append({"id": p["id"], "name": p["name"], "types": entry["types"], "abilities": abilities})
        return out

    def enter(self, name: str, ready: bool) -> None:
        self.next_id += 1
        self.permanents.append({"id": f"p{self.next_id}", "name": name, "tapped": False, "ready": ready})

    def tap(self, ids: set[str]) -> None:
        for p in self.permanents:
            if p["id"] in ids:
                p["tapped"] = True

    def play_land(self) -> None:
        lands = [c for c in self.hand if is_land(c)]
        if not lands:
            return
        have = set()
        for p in self.permanents:
            entry = card_source(p["name"])
            for a in (entry or {}).get("abilities", []):
                have |= _colors(a)
        best = max(lands, key=lambda c: len(set().union(*(_colors(a) for a in card_source(c)["abilities"])) - have))
        self.hand.remove(best)
        self.enter(best, ready=True)

    def resolve(self, name: str) -> None:
        self.hand.remove(name)
        self.cast += 1
        self.value += mana_value(name)
        if SPELLS[name][1] == "Instant":
            self.instants += 1
        elif SPELLS[name][1] in ("Creature", "Artifact", "Planeswalker", "Enchantment"):
            self.enter(name, ready=False)


def _colors(ability: dict[str, Any]) -> set[str]:
    add = ability["add"]
    texts = add if isinstance(add, list) else [add] if isinstance(add, str) else []
    out = {ch for t in texts for ch in t if ch in "WUBRG"}
    if isinstance(add, dict):
        out |= set("WUBRG")
    return out


def _board(game: Game) -> dict[str, Any]:
    return {"sources": game.sources(), "player": {"life": game.life}}


def _cost(name: str) -> dict[str, Any]:
    cost, kind = SPELLS[name]
    return {"cost": cost, "for": {"kind": "spell", "types": [kind.lower()]}}


def _greedy_phase(game: Game, spells: list[str]) -> None:
    """Cast ``spells`` one at a time, most mana value first, each paid by the greedy payer."""
    tried: set[str] = set()
    while True:
        for name in sorted(spells, key=mana_value, reverse=True):
            if name in tried or name not in game.hand:
                continue
            problem = {"cost": SPELLS[name][0], "sources": game.sources(greedy=True), "player": {"life": game.life}}
            payer = greedy_run(read_problem(problem))
            if payer is None:
                tried.add(name)
                if tapwise.pay({**_cost(name), "sources": problem["sources"], "player": problem["player"]})[
                        "status"] == "paid":
                    game.failed += 1  # the same board greedy reads: a payer mistake
                elif tapwise.pay({**_cost(name), **_board(game)})["status"] == "paid":
                    game.missed_filters += 1  # payable only through abilities greedy can't read
                continue
            used = {e.id for e, left in zip(payer.board.entries, payer.left) if left < e.count}
            game.tap(used)
            game.life -= payer.life
            spells = _drop_one(spells, name)
            game.resolve(name)
            break
        else:
            return


def _drop_one(items: list[str], name: str) -> list[str]:
    out = list(items)
    out.remove(name)
    return out


def _plan_phase(game: Game, spells: list[str], keep: list[str]) -> None:
    """Cast as many of ``spells`` as one tapwise plan pays (then the most mana value)."""
    if not spells:
        return
    board = _board(game)
    if not board["sources"]:
        return
    request: dict[str, Any] = {"query": "plan", "order": "any", "costs": [_cost(n) for n in spells], **board}
    if keep:
        request["keep"] = [_cost(n) for n in keep]
    answer = tapwise.plan(request)
    if answer["status"] == "error":
        raise RuntimeError(answer["error"])
    if answer["status"] != "paid":
        return
    used = {act["source"] for a in answer["answers"] for act in a["activations"]}
    game.tap(used)
    game.life -= sum(a["life_paid"] + a["damage"] for a in answer["answers"])
    for i in answer["paid"]:
        game.resolve(spells[i])


def play(deck: dict[str, int], payer: str, seed: int) -> Game:
    """One seeded game of ``TURNS`` turns with ``payer``."""
    library = [name for name, n in deck.items() for _ in range(n)]
    random.Random(seed).shuffle(library)
    game = Game(library)
    for _ in range(7):
        game.draw()
    for turn in range(1, TURNS + 1):
        for p in game.permanents:
            p["tapped"] = False
            p["ready"] = True
        if turn > 1:
            game.draw()
        game.play_land()
        main = [c for c in game.hand if not is_land(c) and SPELLS[c][1] != "Instant"]
        instants = [c for c in game.hand if not is_land(c) and SPELLS[c][1] == "Instant"]
        if payer == "greedy":
            _greedy_phase(game, main)
            _greedy_phase(game, [c for c in game.hand if c in instants])
        else:
            _plan_phase(game, main, instants if payer == "plan+keep" else [])
            _plan_phase(game, [c for c in game.hand if c in instants], [])
    return game


def run(games: int, seed: int, decks: list[str]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """One row per deck and payer, and per deck the paired comparison of plan+keep with plan."""
    rows = []
    pairs = []
    for deck_name in decks:
        deck = DECKS[deck_name]
        by_payer: dict[str, list[Game]] = {}
        for payer in PAYERS:
            start = time.perf_counter()
            results = by_payer[payer] = [play(deck, payer, seed + g) for g in range(games)]
            rows.append({
                "deck": deck_name, "payer": payer, "games": games,
                "spells": statistics.fmean(g.cast for g in results),
                "instants": statistics.fmean(g.instants for g in results),
                "mana_value": statistics.fmean(g.value for g in results),
                "failed": sum(g.failed for g in results),
                "missed_filters": sum(g.missed_filters for g in results),
                "ms_per_game": 1000 * (time.perf_counter() - start) / games,
            })
        pairs.append({"deck": deck_name, "games": games,
                      **{what: paired([getattr(k, attr) - getattr(p, attr)
                                       for k, p in zip(by_payer["plan+keep"], by_payer["plan"])])
                         for what, attr in (("instants", "instants"), ("spells", "cast"), ("value", "value"))}})
    return rows, pairs


def paired(diffs: list[int]) -> tuple[float, float, int]:
    """Mean of per-game differences, the half-width of its 95 % normal interval, games that differ."""
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else float("nan")
    return mean, half, sum(1 for d in diffs if d)


def pair_table(pairs: list[dict[str, Any]]) -> str:
    lines = ["| deck | games | instants: plan+keep - plan | spells | mana value |", "|" + " --- |" * 5]
    for r in pairs:
        cells = [f"{m:+.3f} ± {h:.3f} ({n} games differ)" for m, h, n in (r["instants"], r["spells"], r["value"])]
        lines.append(f"| {r['deck']} | {r['games']} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def table(rows: list[dict[str, Any]]) -> str:
    head = ("| deck | payer | games | spells cast (mean) | instants cast (mean) | mana value cast by turn 8 (mean) "
            "| failed casts | casts missed for want of filter abilities | ms per game |")
    lines = [head, "|" + " --- |" * 9]
    for r in rows:
        lines.append(f"| {r['deck']} | {r['payer']} | {r['games']} | {r['spells']:.2f} | {r['instants']:.2f} | "
                     f"{r['mana_value']:.2f} | {r['failed']} | {r['missed_filters']} | {r['ms_per_game']:.0f} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--decks", nargs="*", default=list(DECKS), choices=list(DECKS))
    args = parser.parse_args(argv)
    rows, pairs = run(args.games, args.seed, args.decks)
    print(table(rows))
    print()
    print(pair_table(pairs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
