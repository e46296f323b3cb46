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
from dataclasses import asdict
from typing import Sequence

from tapwise.benchmarks.phase_cards import engine as build_engine
from tapwise.benchmarks.phase_play import BASICS, Row, phase_pays, run_position  # noqa: F401
from tapwise.benchmarks.phase_positions import FILLER

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


def random_position(rng: random.Random) -> tuple[list[str], str]:
    """A board of 2 to 7 permanents (at most one Sol Ring) and a spell of mana value close to it."""
    size = rng.randint(2, 7)
    weights = [3] * len(BASICS) + [1] * (len(SHOCKS) + len(FILTERS) + len(PAINLANDS)) + [2, 2, 1]
    board = rng.choices(BOARD_CARDS, weights=weights, k=size)
    while board.count("Sol Ring") > 1:
        board.remove("Sol Ring")
    return board, rng.choice(SPELLS)


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
