"""Play quality in real games: phase's AI against itself, one seat paying with tapwise.

Each game is a mirror match of one decklist, seeded; both seats are played by phase's AI
(``choose_action``). One seat's spells are paid by tapwise through the adapter (the AI picks
the spell and its targets, tapwise picks the taps, keeping the rest of the hand castable: every
other nonland card in hand is a kept cost, spec 9.5's ``keep``), and on that seat the adapter also casts a
sorcery-speed spell that the engine's legal actions leave out (its payer can't find the
payment) when the AI would otherwise pass; the other seat pays with phase's own payer. The
tapwise seat alternates between 0 and 1, and who plays first alternates every two games, so
that every four games hold each seat on the play and on the draw; each seeded deal is played
twice, tapwise on either seat.

Per deck: spells cast per game, mana value cast by turn 8 (game turn 16, the seat's eighth
turn) per game, casts lost to failed payments, and the tapwise seat's win rate with a 95%
Wilson interval (draws: turn limit reached); paired by deal, the mean differences with 95%
intervals and the share of changed results won with tapwise. Each game's ``errors`` name every
lost cast (seat, spell, prompt) and, on the tapwise seat, why tapwise had no payment for a cast
the AI's own flow then lost; the run ends with the errors counted by cause.

    python -m tapwise.benchmarks.phase_games --games 40 --deck all --seed 1
"""

from __future__ import annotations

import argparse
import json
import math
import time
from dataclasses import asdict, dataclass, field
from typing import Any, Sequence

import tapwise
from tapwise.benchmarks.phase_cards import engine as build_engine, mana_value
from tapwise.benchmarks.phase_decks import DECKS as NARROW_DECKS, WIDE_DECKS
from tapwise.interfaces import phase as adapter

BY_TURN = 16
"""Game turn 16 is each seat's eighth turn."""
MAX_TURNS = 40
MAX_ACTIONS = 6000
DECKS = {**NARROW_DECKS, **WIDE_DECKS}
"""Every decklist: the three of issue 24 and the three of issue 42 (``--deck wide``)."""


def keep_supported() -> bool:
    """Whether the installed tapwise knows section 9.5's ``keep`` (another branch adds it)."""
    return tapwise.pay({"cost": "{0}", "keep": []}).get("status") != "error"


@dataclass
class Seat:
    """One seat's tallies in one game."""

    casts: int = 0
    mana_value_by_8: int = 0
    lost: int = 0
    """Casts started and not completed because the payment failed."""
    mismatches: int = 0
    """tapwise payments the engine did not play exactly as intended (must be 0)."""
    proposed: int = 0
    """Casts of spells the engine's legal actions left out (tapwise seat only)."""


@dataclass
class Game:
    deck: str
    seed: int
    tapwise_seat: int
    first_player: int
    winner: int | None
    turns: int
    seats: list[Seat] = field(default_factory=lambda: [Seat(), Seat()])
    errors: list[str] = field(default_factory=list)


def _actor(waiting: dict[str, Any], game: Any) -> int:
    data = waiting.get("data") or {}
    if "pending" in data:
        return int(data["pending"][0]["player"])
    if "player" in data:
        return int(data["player"])
    return int(game.priority_player())


def _tapwise_cast(game: Any, seat: int, object_id: int, targets: Sequence[int], keep: bool, tally: Seat,
                  turn: int, errors: list[str]) -> str | None:
    """Pay for the AI's chosen spell (with its targets) with tapwise; None when tapwise paid
    (whether or not the engine then cast it), else why tapwise had no payment, so that a
    cast the AI's own flow then loses is attributable (``Game.errors``)."""
    hand = adapter.read_hand(game, seat)
    spell = next((s for s in hand if s.object_id == object_id), None)
    if spell is None:
        return "the spell is not in the hand tapwise read"
    if spell.unread:  # a cost the adapter can't state: phase's payer pays
        return f"tapwise not asked (the spell's cost is unread: {'; '.join(spell.unread)})"
    board = adapter.read_board(game, seat)
    others = [s.cost for s in hand if s is not spell and s.cost] if keep else []
    spell, answer = adapter.pay_within_engine(game, seat, board, spell, others)
    if answer.get("status") == "error":
        errors.append(f"turn {turn} {spell.name}: tapwise refused the problem: {answer.get('error')}")
    if answer.get("status") != "paid":
        why = answer.get("why") or answer.get("error") or ""
        return f"tapwise found no payment ({answer.get('status')}{': ' + str(why) if why else ''})"
    report = adapter.play(game, seat, adapter.payment(board, spell, answer),
                          decide=lambda g, s: g.choose_action(s), targets=targets)
    if report.cast:
        tally.casts += 1
        if turn <= BY_TURN:
            tally.mana_value_by_8 += mana_value(spell.cost)
    else:
        tally.lost += 1
    if not report.ok:
        tally.mismatches += 1
        errors.append(f"turn {turn} {spell.name}: {report.error}")
    return None


def _why(unpaid: str | None) -> str:
    """A lost cast's cause on the tapwise seat, when tapwise had no payment for it."""
    return f" ({unpaid})" if unpaid else ""


def _left_out(game: Any, seat: int, keep: bool, active: int) -> adapter.Payment | None:
    """The highest mana value sorcery-speed spell tapwise pays and the engine doesn't offer."""
    offered = {a.data["object_id"] for a in game.actions() if a.kind == "CastSpell"}
    found = [p for p in adapter.proposals(game, seat, keep=keep, active=active)
             if p.spell.object_id not in offered and not p.spell.instant_speed]
    return max(found, key=lambda p: mana_value(p.spell.cost), default=None)


def play_game(engine: Any, deck: str, seed: int, tapwise_seat: int, first_player: int, keep: bool,
              difficulty: str) -> Game:
    cards = [name for name, n in DECKS[deck].items() for _ in range(n)]
    game = engine.new_game(cards, cards, seed=seed, first_player=first_player)
    result = Game(deck, seed, tapwise_seat, first_player, None, 0)
    casting: dict[int, int] = {}  # phase seat: object id of a spell being paid for
    unpaid: dict[int, str] = {}  # the tapwise seat: why tapwise left the AI's cast to phase
    for _ in range(MAX_ACTIONS):
        waiting = game.waiting_for()
        if waiting["type"] == "GameOver":
            result.winner = (waiting.get("data") or {}).get("winner")
            break
        if game.turn > MAX_TURNS:
            break
        seat = _actor(waiting, game)
        # two players, no extra turns in these decks: turns alternate from the first player
        active = first_player if game.turn % 2 == 1 else 1 - first_player
        tally = result.seats[seat]
        action = game.choose_action(seat, difficulty=difficulty)
        if action is None:
            result.errors.append(f"turn {game.turn}: no action for seat {seat} at {waiting['type']}")
            break
        if seat == tapwise_seat and waiting["type"] == "Priority":
            if action.kind == "CastSpell":
                why = _tapwise_cast(game, seat, action.data["object_id"],
                                    action.data.get("targets") or [], keep, tally, game.turn,
                                    result.errors)
                if why is None:
                    continue
                unpaid[seat] = why
                # tapwise finds no payment: the engine offered a spell that can't be paid; let
                # the AI's own flow try (and count what it loses)
            elif action.kind == "PassPriority" and adapter.sorcery_time(game, seat, active):
                proposal = _left_out(game, seat, keep, active)
                if proposal is not None:
                    report = adapter.play(game, seat, proposal, decide=lambda g, s: g.choose_action(s))
                    tally.proposed += 1
                    if report.cast:
                        tally.casts += 1
                        if game.turn <= BY_TURN:
                            tally.mana_value_by_8 += mana_value(proposal.spell.cost)
                    else:
                        tally.lost += 1
                    if not report.ok:
                        tally.mismatches += 1
                        result.errors.append(f"turn {game.turn} {proposal.spell.name}: {report.error}")
                    continue
        if action.kind == "CastSpell":
            casting[seat] = action.data["object_id"]
        try:
            outcome = game.apply(seat, action)
        except ValueError as exc:
            # the engine refused its own AI's action: when paying, that is a failed payment
            if waiting["type"] in adapter.PAYMENT_PROMPTS and seat in casting:
                tally.lost += 1
                casting.pop(seat)
            result.errors.append(f"turn {game.turn}: seat {seat} "
                                 f"({'tapwise' if seat == tapwise_seat else 'phase'}) "
                                 f"{action.kind} at {waiting['type']} refused: {exc}"
                                 + _why(unpaid.pop(seat, None)))
            try:
                game.apply(seat, {"type": "CancelCast"} if waiting["type"] in adapter.PAYMENT_PROMPTS
                           else {"type": "PassPriority"})
            except ValueError:
                break
            continue
        if action.kind == "CancelCast" and seat in casting:
            tally.lost += 1
            lost = casting.pop(seat)
            name = next((o["name"] for o in game.hand(seat) if int(o["id"]) == lost), lost)
            result.errors.append(f"turn {game.turn}: seat {seat} "
                                 f"({'tapwise' if seat == tapwise_seat else 'phase'}) cancelled "
                                 f"{name} at {waiting['type']}" + _why(unpaid.pop(seat, None)))
        for event in outcome.events:
            if event["type"] == "SpellCast":
                controller = int(event["data"]["controller"])
                counted = result.seats[controller]
                counted.casts += 1
                if game.turn <= BY_TURN:
                    counted.mana_value_by_8 += int(event["data"].get("cast_mana_value", 0))
                casting.pop(controller, None)
                unpaid.pop(controller, None)
    result.turns = game.turn
    return result


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def table(games: Sequence[Game]) -> str:
    lines = ["| deck | games | seat | spells cast / game | mana value by turn 8 / game | casts lost | "
             "left-out spells cast | tapwise seat wins (95% Wilson) | draws |",
             "| --- | ---: | --- | ---: | ---: | ---: | ---: | --- | ---: |"]
    for deck in [*DECKS, None]:
        mine = [g for g in games if deck is None or g.deck == deck]
        if not mine:
            continue
        n = len(mine)
        decided = [g for g in mine if g.winner is not None]
        wins = sum(1 for g in decided if g.winner == g.tapwise_seat)
        low, high = wilson(wins, len(decided))
        draws = n - len(decided)
        for label, pick in (("tapwise", lambda g: g.seats[g.tapwise_seat]), ("phase", lambda g: g.seats[1 - g.tapwise_seat])):
            seats = [pick(g) for g in mine]
            cast = sum(s.casts for s in seats) / n
            mv = sum(s.mana_value_by_8 for s in seats) / n
            lost = sum(s.lost for s in seats)
            proposed = sum(s.proposed for s in seats) if label == "tapwise" else "-"
            rate = (f"{wins}/{len(decided)} = {wins / max(1, len(decided)):.0%} [{low:.0%}, {high:.0%}]"
                    if label == "tapwise" else "")
            lines.append(f"| {(deck or 'all decks') if label == 'tapwise' else ''} | {n if label == 'tapwise' else ''} | {label} "
                         f"| {cast:.2f} | {mv:.2f} | {lost} | {proposed} | {rate} | {draws if label == 'tapwise' else ''} |")
    lines += ["", paired(games), "", to_tell(games)]
    return "\n".join(lines)


def lost_causes(games: Sequence[Game]) -> dict[str, int]:
    """Every ``errors`` entry by cause: each seat's casts cancelled or actions refused (the
    tapwise seat's split by why tapwise had no payment) and anything else (an adapter error or
    a mismatch: must be 0)."""
    causes: dict[str, int] = {}
    for g in games:
        for error in g.errors:
            seat = "tapwise" if "(tapwise) " in error else "phase" if "(phase) " in error else None
            if seat is None:
                cause = "other (an adapter error or a mismatch)"
            else:
                what = "the engine refused the AI's action" if " refused: " in error \
                    else "the AI cancelled its cast"
                why = ("tapwise found no payment" if "(tapwise found no payment" in error else
                       "tapwise not asked (cost unread)" if "(tapwise not asked" in error else
                       "no tapwise payment asked")
                cause = f"{seat} seat: {what}" + (f", {why}" if seat == "tapwise" else "")
            causes[cause] = causes.get(cause, 0) + 1
    return causes


def mean_interval(diffs: Sequence[float], z: float = 1.96) -> tuple[float, float]:
    """The mean of paired differences and the half-width of its 95% normal interval."""
    n = len(diffs)
    if n == 0:
        return 0.0, float("nan")
    mean = sum(diffs) / n
    if n == 1:
        return mean, float("nan")
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, z * math.sqrt(variance / n)


def _pairs(games: Sequence[Game], deck: str | None) -> list[tuple[Game, Game]]:
    """Deals played twice, tapwise on seat 0 then on seat 1 (same seed, same first player)."""
    by_deal: dict[tuple[str, int, int], dict[int, Game]] = {}
    for g in games:
        if deck is None or g.deck == deck:
            by_deal.setdefault((g.deck, g.seed, g.first_player), {})[g.tapwise_seat] = g
    return [(d[0], d[1]) for d in by_deal.values() if len(d) == 2]


def paired(games: Sequence[Game]) -> str:
    """Each deal is played twice, tapwise on either seat: for the same deal and seat, the
    difference the payer makes (tapwise's game minus phase's), which the deal's luck cancels
    out of; mean +- the half-width of a 95% normal interval over the seat-games. Of the deals
    whose result the payer changed, the share won with tapwise (95% Wilson): above 50% means
    the payer won games."""
    lines = ["| deck | pairs | casts, tapwise - phase (same deal, same seat) | mana value by turn 8 | "
             "casts lost | games won with tapwise, lost with phase | the reverse | share won (95% Wilson) |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |"]
    for deck in [*DECKS, None]:
        pairs = _pairs(games, deck)
        if not pairs:
            continue
        casts: list[int] = []
        mv: list[int] = []
        lost: list[int] = []
        better = worse = 0
        for a, b in pairs:  # a: tapwise on seat 0, b: tapwise on seat 1
            for seat, mine, theirs in ((0, a, b), (1, b, a)):
                casts.append(mine.seats[seat].casts - theirs.seats[seat].casts)
                mv.append(mine.seats[seat].mana_value_by_8 - theirs.seats[seat].mana_value_by_8)
                lost.append(mine.seats[seat].lost - theirs.seats[seat].lost)
                better += mine.winner == seat and theirs.winner not in (None, seat)
                worse += theirs.winner == seat and mine.winner not in (None, seat)
        cells = " | ".join("%+.2f ± %.2f" % mean_interval(d) for d in (casts, mv, lost))
        low, high = wilson(better, better + worse)
        share = f"{better}/{better + worse} [{low:.0%}, {high:.0%}]"
        lines.append(f"| {deck or 'all decks'} | {len(pairs)} | {cells} | {better} | {worse} | {share} |")
    return "\n".join(lines)


def needed(sd: float, half_width: float, z: float = 1.96) -> int:
    """How many observations make a 95% normal interval this narrow: (z sd / half-width)^2."""
    return math.ceil((z * sd / half_width) ** 2) if half_width > 0 else 0


def to_tell(games: Sequence[Game], mv_half: float = 0.5, rate_half: float = 0.05) -> str:
    """How many games would tell: per deck, the seat-games of paired mana value by turn 8 for
    a 95% interval of +-``mv_half``, and for one that excludes 0 at the observed mean; the
    decided games for a +-``rate_half`` Wilson-like interval at the observed win rate (normal
    approximation; 2 seat-games per pair, 1 decided game per game played)."""
    lines = [f"| deck | seat-games | paired mana value sd | seat-games for ±{mv_half} | "
             f"seat-games to exclude 0 at the mean | decided games for ±{rate_half:.0%} win rate |",
             "| --- | ---: | ---: | ---: | ---: | ---: |"]
    for deck in [*DECKS, None]:
        diffs = [mine.seats[seat].mana_value_by_8 - theirs.seats[seat].mana_value_by_8
                 for a, b in _pairs(games, deck) for seat, mine, theirs in ((0, a, b), (1, b, a))]
        if len(diffs) < 2:
            continue
        mean = sum(diffs) / len(diffs)
        sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1))
        decided = [g for g in games if (deck is None or g.deck == deck) and g.winner is not None]
        p = sum(g.winner == g.tapwise_seat for g in decided) / max(1, len(decided))
        exclude = needed(sd, abs(mean)) if mean else "-"
        lines.append(f"| {deck or 'all decks'} | {len(diffs)} | {sd:.2f} | {needed(sd, mv_half)} | {exclude} | "
                     f"{needed(math.sqrt(p * (1 - p)), rate_half)} |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tapwise.benchmarks.phase_games", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per deck")
    parser.add_argument("--deck", default="all",
                        help="a deck name from DECKS, all (issue 24's three), or wide (issue 42's)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--difficulty", default="Medium")
    parser.add_argument("--out", help="append one JSON line per game here")
    parser.add_argument("--table", nargs="*", help="only print the table of these JSON-lines files")
    args = parser.parse_args(argv)
    if args.table:
        games = []
        for path in args.table:
            with open(path, encoding="utf-8") as f:
                for line in f:
                    row = json.loads(line)
                    row["seats"] = [Seat(**s) for s in row["seats"]]
                    games.append(Game(**row))
        print(table(games))
        for cause, n in sorted(lost_causes(games).items()):
            print(f"errors: {cause}: {n}")
        return 0
    decks = (list(NARROW_DECKS) if args.deck == "all" else list(WIDE_DECKS)
             if args.deck == "wide" else [args.deck])
    keep = keep_supported()
    engine = build_engine({name for deck in decks for name in DECKS[deck]})
    games: list[Game] = []
    started = time.perf_counter()
    out = open(args.out, "a", encoding="utf-8") if args.out else None
    for i in range(args.games):  # decks in turn, so that a stopped run has games of each
        for deck in decks:
            seed = args.seed + i // 2  # each seeded deal twice, tapwise on either seat
            # both orders of (tapwise seat, first player) in every four games
            game = play_game(engine, deck, seed, tapwise_seat=i % 2, first_player=(i // 2) % 2, keep=keep,
                             difficulty=args.difficulty)
            games.append(game)
            if out:
                out.write(json.dumps(asdict(game)) + "\n")
                out.flush()
    if out:
        out.close()
    print(table(games))
    for cause, n in sorted(lost_causes(games).items()):
        print(f"errors: {cause}: {n}")
    print(f"(tapwise pays with {'keep' if keep else 'plain pay: keep is not in this tapwise'}; "
          f"{time.perf_counter() - started:.0f} s, seed {args.seed}, AI {args.difficulty})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
