"""The wide differential (issue 42): phase's payer against tapwise on positions drawn from the
engine's whole card pool for mana (:mod:`tapwise.benchmarks.phase_pool`).

    python -m tapwise.benchmarks.phase_diff --pool wide --positions 300 --seed 1

Each position: 2 to 10 permanents, each a basic land (two in five) or a card drawn uniformly
from every permanent phase builds with an activated mana ability (counters on it at random
when one of its abilities reads or removes them), untapped and not summoning sick, and one
spell, drawn half the time from the cards with convoke, improvise, delve or a required
additional cost (with 0 to 5 cards in the graveyard), else from the pool's nonland cards with
a mana cost. It ends with one line::

    positions N, payable P, phase misses M, tapwise misses T, rejected R, cards K, unread U

``payable``: tapwise pays it; ``phase misses``: payable, and phase either leaves the cast off
its legal actions or fails to pay it; ``tapwise misses``: phase pays it and tapwise doesn't;
``rejected``: tapwise's payment, played through the adapter, refused by the engine or not
exactly the permanents, cards and life intended, plus problems tapwise refused as malformed;
``cards``: distinct cards drawn; ``unread``: of those, the ones with an ability or cost the
adapter can't read (left out of the problem, named in ``SeatBoard.unsupported``).
"""

from __future__ import annotations

import collections
import json
import random
import sys
import time
from dataclasses import asdict
from typing import Any, Sequence

from tapwise.benchmarks.phase_cards import card_faces
from tapwise.benchmarks.phase_play import BASICS, FORBIDDEN, Row, run_position
from tapwise.benchmarks.phase_pool import Pool, engine_for, wide_pool
from tapwise.benchmarks.phase_positions import FILLER, Permanent

MIN_BOARD, MAX_BOARD = 2, 10


def _counter_kinds(face: dict[str, Any]) -> list[str]:
    """Counter kinds the card's mana abilities remove or count."""
    kinds = []
    for ability in face.get("abilities") or []:
        if not ability.get("is_mana_ability"):
            continue
        text = json.dumps(ability)
        for part in text.split('"counter_type": ')[1:]:
            kind = json.loads(part[:part.index("}") + 1] if part.startswith("{")
                              else part.split(",")[0].rstrip("}"))
            kinds.append(kind["data"] if isinstance(kind, dict) else kind)
    return sorted(set(k for k in kinds if isinstance(k, str)))


def draw(pool: Pool, rng: random.Random) -> tuple[list[Permanent], str, int]:
    """One position: permanents, the spell's name, cards in the graveyard."""
    board = []
    for _ in range(rng.randint(MIN_BOARD, MAX_BOARD)):
        if rng.random() < 0.4:
            board.append(Permanent(rng.choice(BASICS)))
            continue
        name = rng.choice(pool.board)
        counters = tuple((k, rng.randint(1, 3)) for k in _counter_kinds(pool.faces[name]))
        board.append(Permanent(name, counters=counters))
    spells = pool.keyword_spells if rng.random() < 0.5 else pool.castable
    spell = rng.choice(spells)
    keywords = pool.faces[spell].get("keywords") or []
    return board, spell, rng.randint(0, 5) if "Delve" in keywords else 0


def summary(rows: Sequence[Row], pool: Pool) -> str:
    payable = [r for r in rows if r.tapwise == "paid"]
    phase_misses = sum(1 for r in payable if not r.phase_paid)
    tapwise_misses = sum(1 for r in rows if r.phase_paid and r.tapwise not in ("paid",
                                                                               FORBIDDEN))
    rejected = (sum(1 for r in payable if not r.tapwise_accepted)
                + sum(1 for r in rows if r.tapwise == "error"))
    cards = {c for r in rows for c in (*r.board, r.spell)} - set(BASICS)
    unread = {c for c in cards if c in pool.unread}
    return (f"positions {len(rows)}, payable {len(payable)}, phase misses {phase_misses}, "
            f"tapwise misses {tapwise_misses}, rejected {rejected}, cards {len(cards)}, "
            f"unread {len(unread)}")


def behind_misses(rows: Sequence[Row], top: int = 12) -> list[tuple[str, int]]:
    """Cards (not basics) most often on the board or cast where phase missed a payable spell."""
    counted = collections.Counter(c for r in rows if r.tapwise == "paid" and not r.phase_paid
                                  for c in set((*r.board, r.spell)) - set(BASICS))
    return counted.most_common(top)


def run_wide(positions: int, seed: int, out: str | None = None) -> int:
    rng = random.Random(seed)
    pool = wide_pool()
    engine = engine_for(pool, card_faces(BASICS + (FILLER,)))
    rows: list[Row] = []
    started = time.perf_counter()
    sink = open(out, "w", encoding="utf-8") if out else None
    i = 0
    while len(rows) < positions:
        board, spell, graveyard = draw(pool, rng)
        i += 1
        try:
            row = run_position(engine, board, spell, seed=seed + i, graveyard=graveyard)
        except (ValueError, KeyError) as exc:  # the engine refused to set the position up
            print(f"position {i} skipped ({spell} from {[p.name for p in board]}): {exc}",
                  file=sys.stderr)
            continue
        rows.append(row)
        if sink:
            sink.write(json.dumps(asdict(row)) + "\n")
        if (row.tapwise == "paid" and not row.tapwise_accepted) or row.tapwise == "error" or (
                row.phase_paid and row.tapwise not in ("paid", FORBIDDEN)):
            print(f"TAPWISE PROBLEM: {row}", file=sys.stderr)
    if sink:
        sink.close()
    print(f"pool: {len(pool.board)} permanents with mana abilities, {len(pool.keyword_spells)} "
          f"spells with convoke, improvise, delve or an additional cost; "
          f"{len(pool.unread)} cards with something unread; "
          f"{time.perf_counter() - started:.0f} s, seed {seed}")
    print("cards most often behind phase's misses: " + ", ".join(
        f"{name} ({n})" for name, n in behind_misses(rows)))
    unread_misses = [r for r in rows if r.phase_paid and r.tapwise not in ("paid", FORBIDDEN)
                     and any(c in pool.unread for c in (*r.board, r.spell))]
    named = sorted({c for r in unread_misses for c in (*r.board, r.spell) if c in pool.unread})
    print(f"tapwise misses with an unread card in the position: {len(unread_misses)} "
          f"({', '.join(named)})")
    no_targets = sum(1 for r in rows if r.tapwise == "no targets")
    print(f"spells without a legal target (601.2c, not counted as payable): {no_targets}")
    prevented = sum(1 for r in rows if r.tapwise == "prevented")
    print(f"spells a permanent forbids casting (101.2, not counted as payable): {prevented}")
    illegal = [r for r in rows if r.tapwise == FORBIDDEN]
    print(f"phase payments against a rule its engine does not enforce (not counted as payable "
          f"nor as tapwise misses): {len(illegal)}" + "".join(
              f"\n  {r.spell} from {', '.join(r.board)}: {r.error}" for r in illegal))
    print(summary(rows, pool))
    return 0
