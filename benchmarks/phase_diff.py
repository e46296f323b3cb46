"""Differential benchmark: phase's own payer against tapwise, on seeded random positions of real cards.

Each position is a small board (basics, shock, filter and pain lands, Birds of Paradise,
Llanowar Elves, Sol Ring) and one spell in hand, in a live phase game. For each it records:
whether phase offers the cast among its legal actions, whether phase's own payment of it
succeeds, whether tapwise pays it (every answer is verified by tapwise's own verifier), and
whether tapwise's taps, played in the engine through the adapter, are accepted with exactly
the intended permanents tapped and life lost. ``payable`` is tapwise's verdict; a position
that phase pays and tapwise calls unpayable is a tapwise miss.

    python -m tapwise.benchmarks.phase_diff --positions 800 --seed 1

``--pool wide`` (issue 42) draws from phase's whole card pool for mana instead
(:mod:`tapwise.benchmarks.phase_wide`): boards of 2 to 10 permanents, one spell, and one
summary line.
"""


from __future__ import annotations

import argparse
import json
import random
import sys
import time
from dataclasses import asdict, dataclass
from typing import Any, Sequence

from tapwise.benchmarks.phase_cards import engine as build_engine
from tapwise.benchmarks.phase_positions import FILLER, position
from tapwise.interfaces import phase as adapter

NO_TARGETS = "No legal targets available"
"""The engine's refusal of a cast whose spell has no legal target (601.2c)."""
BASICS = ("Plains", "Island", "Swamp", "Mountain", "Forest")
SHOCKS = ("Hallowed Fountain", "Watery Grave", "Blood Crypt", "Stomping Ground", "Temple Garden",
          "Godless Shrine", "Overgrown Tomb", "Breeding Pool", "Steam Vents", "Sacred Foundry")
FILTERS = ("Mystic Gate", "Sunken Ruins", "Graven Cairns", "Fire-Lit Thicket", "Wooded Bastion",
           "Fetid Heath", "Cascade Bluffs", "Twilight Mire", "Rugged Prairie", "Flooded Grove")
PAINLANDS = ("Adarkar Wastes", "Underground River", "Sulfurous Springs", "Karplusan Forest", "Brushland",
             "Caves of Koilos", "Llanowar Wastes", "Shivan Reef", "Yavimaya Coast", "Battlefield Forge")
ROCKS_AND_DORKS = ("Birds of Paradise", "Llanowar Elves", "Sol Ring")
SPELLS = (
    # vanilla creatures by cost: colored, generic, multicolored
    "Norwood Ranger", "Grizzly Bears", "Elvish Warrior", "Trained Armodon", "Rumbling Baloth",
    "Silverback Ape", "Plated Seastrider", "Ancient Crab", "Scarwood Goblins", "Gray Ogre",
    "Shrine Keeper", "Knight Errant", "Horned Turtle", "Earth Elemental", "Rhox War Monk",
    # hybrid
    "Kitchen Finks", "Boros Reckoner", "Wilt-Leaf Liege", "Safehold Elite", "Selesnya Guildmage",
    "Spectral Procession",
    # Phyrexian
    "Vault Skirge", "Porcelain Legionnaire", "Thundering Tanadon", "Birthing Pod", "Tezzeret's Gambit",
)
BOARD_CARDS = BASICS + SHOCKS + FILTERS + PAINLANDS + ROCKS_AND_DORKS
ALL_CARDS = BOARD_CARDS + SPELLS + (FILLER,)


@dataclass(frozen=True)
class Row:
    """One position's outcome."""

    board: tuple[str, ...]
    spell: str
    cost: str | None
    offered: bool
    phase_paid: bool
    tapwise: str
    tapwise_accepted: bool | None
    error: str | None = None


def random_position(rng: random.Random) -> tuple[list[str], str]:
    """A board of 2 to 7 permanents (at most one Sol Ring) and a spell of mana value close to it."""
    size = rng.randint(2, 7)
    weights = [3] * len(BASICS) + [1] * (len(SHOCKS) + len(FILTERS) + len(PAINLANDS)) + [2, 2, 1]
    board = rng.choices(BOARD_CARDS, weights=weights, k=size)
    while board.count("Sol Ring") > 1:
        board.remove("Sol Ring")
    return board, rng.choice(SPELLS)


def _spell(game: Any) -> adapter.Spell:
    return adapter.read_hand(game, 0)[0]


def phase_pays(game: Any, spell: adapter.Spell) -> tuple[bool, bool]:
    """Whether phase offers the cast, and whether its own (automatic) payment succeeds."""
    offered = [a for a in game.actions() if a.kind == "CastSpell" and a.data["object_id"] == spell.object_id]
    if not offered:
        return False, False
    try:
        game.apply(0, offered[0])
        for _ in range(10):
            waiting = game.waiting_for()["type"]
            if waiting == "ManaPayment":
                game.apply(0, {"type": "PassPriority"})  # the engine's payer taps what it chooses
            elif waiting in adapter.PAYMENT_PROMPTS or waiting not in ("Priority",):
                game.apply(0, game.choose_action(0))  # phase's own choice (Phyrexian, colors)
            else:
                break
    except ValueError:
        return True, False
    in_hand = any(int(o["id"]) == spell.object_id for o in game.hand(0))
    return True, not in_hand and game.waiting_for()["type"] not in adapter.PAYMENT_PROMPTS


def run_position(engine: Any, board: Sequence[Any], spell_name: str, seed: int,
                 graveyard: int = 0) -> Row:
    game = position(engine, board, [spell_name], seed=seed, graveyard=graveyard)
    saved = game.state()
    spell = _spell(game)
    offered, phase_paid = phase_pays(engine.load_game(saved), spell)
    game = engine.load_game(saved)
    accepted, error = None, None
    try:
        spell, answer = adapter.pay_within_engine(game, 0, adapter.read_board(game, 0), spell)
    except adapter.AdapterError as exc:  # a spell whose cost the adapter can't state
        answer = {"status": "unread", "error": str(exc)}
    if answer["status"] == "paid":
        report = adapter.play(game, 0, adapter.payment(adapter.read_board(game, 0), spell, answer))
        accepted, error = report.ok, report.error
        if not report.cast and NO_TARGETS in (report.error or "") and not offered:
            # 601.2c: a spell without legal targets can't be cast, whoever pays: not a payment
            answer = {"status": "no targets"}
            accepted = None
    elif answer["status"] != "infeasible":
        error = answer.get("error") or answer.get("why")
    names = tuple(getattr(p, "name", p) for p in board)
    return Row(names, spell_name, spell.cost, offered, phase_paid, answer["status"], accepted,
               error)


def table(rows: Sequence[Row]) -> str:
    payable = [r for r in rows if r.tapwise == "paid"]
    not_offered = sum(1 for r in payable if not r.offered)
    failed = sum(1 for r in payable if r.offered and not r.phase_paid)
    tapwise_misses = sum(1 for r in rows if r.phase_paid and r.tapwise != "paid")
    rejected = sum(1 for r in payable if not r.tapwise_accepted)
    lines = [
        "| positions | payable | phase misses (not offered + offered, not paid) | tapwise misses | tapwise taps rejected |",
        "| ---: | ---: | ---: | ---: | ---: |",
        f"| {len(rows)} | {len(payable)} | {not_offered + failed} ({not_offered} + {failed}) "
        f"| {tapwise_misses} | {rejected} |",
    ]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tapwise.benchmarks.phase_diff", description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=800)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", help="write one JSON line per position here")
    parser.add_argument("--pool", choices=("narrow", "wide"), default="narrow",
                        help="narrow: the lands, dorks and spells above; wide: phase's whole "
                             "card pool for mana (issue 42)")
    args = parser.parse_args(argv)
    if args.pool == "wide":
        from tapwise.benchmarks.phase_wide import run_wide
        return run_wide(args.positions, args.seed, args.out)
    rng = random.Random(args.seed)
    engine = build_engine(ALL_CARDS)
    rows: list[Row] = []
    started = time.perf_counter()
    out = open(args.out, "w", encoding="utf-8") if args.out else None
    for i in range(args.positions):
        board, spell = random_position(rng)
        row = run_position(engine, board, spell, seed=args.seed + i)
        rows.append(row)
        if out:
            out.write(json.dumps(asdict(row)) + "\n")
    if out:
        out.close()
    print(table(rows))
    examples = [r for r in rows if r.tapwise == "paid" and not r.phase_paid][:5]
    for r in examples:
        print(f"phase miss: {r.spell} {r.cost} from {', '.join(r.board)} "
              f"({'offered, payment failed' if r.offered else 'not offered'})")
    for r in rows:
        if (r.tapwise == "paid" and not r.tapwise_accepted) or (r.phase_paid and r.tapwise != "paid"):
            print(f"TAPWISE PROBLEM: {r}", file=sys.stderr)
    print(f"({time.perf_counter() - started:.0f} s, seed {args.seed})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
