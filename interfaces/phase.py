"""tapwise as the payer of the phase.rs rules engine (optional extra: ``pip install 'tapwise[phase]'``).

phase's own payer is greedy: it leaves some payable spells off its legal actions and fails to
pay some it offers. This adapter reads a seat's board from a live ``phase.Game`` into a tapwise
problem, asks tapwise how to pay, and plays that payment in the engine as the engine's own
actions: ``CastSpell`` with ``"payment_mode": {"type": "Manual"}``, one ``TapLandForMana``
selection per land (matching a selection the engine offers, penalty included, or the engine
refuses it as stale), ``ActivateAbility`` and ``ChooseManaColor`` for other sources, the
``PayManaAbilityMana`` choice for a filter land's hybrid cost, ``PassPriority`` to pay, and
``SubmitPhyrexianChoices`` at the ``PhyrexianPayment`` prompt.

The engine's final ``PassPriority`` taps more permanents on its own when the mana given falls
short, so every payment is checked afterwards: exactly the intended permanents were tapped and
exactly the intended life was lost, or the report says what differed.

Like python-chess's ``engine.py``, this module talks to another program's objects and holds no
rules of its own: what a payment is, is tapwise's business; what the engine accepts, is the
engine's. It needs nothing from ``phase`` at import time: it only reads the dicts the bindings
return and builds the action dicts they accept.
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

import tapwise
from tapwise.interfaces.phase_read import (  # noqa: F401  (the adapter's public names)
    ALL_COUNTERS, COLOR_LETTER, CREATURE_DRAWBACK, LETTER_TYPE, AdapterError, SeatBoard,
    UnreadHere, EngineAbility, EngineSource, Facts, Kind, Spell, cost_text, read_abilities, read_ability,
    read_kind, read_source, shard_symbol)
from tapwise.interfaces.phase_seat import read_board, read_mana_effects  # noqa: F401
from tapwise.interfaces.phase_spell import read_hand, read_other_costs, read_spell  # noqa: F401

_MANA = re.compile(r"\{([WUBRGC])\}")
CHOICE_PROMPTS = {"TargetSelection", "ModeChoice"}
"""Prompts before payment after which the engine may pay on its own."""
X_ABOVE = "X above the engine's maximum"
GATED = "Cannot pay required additional cost"
"""The engine's refusal to announce a spell with a required additional cost when its own
payer finds no mana for it (Deadly Dispute or Nahiri's Wrath whose mana needs Heap Gate's
"{1}, {T}: Add one mana of any color" fed by another land); with the mana already in the
pool, it accepts."""
_GENERIC = re.compile(r"\{(?:\d+|X)\}")
_ONLY_GENERIC = re.compile(r"(?:\{\d+\})+")
_ENGINE_COLORS = ("White", "Blue", "Black", "Red", "Green")
PAYMENT_PROMPTS = {"ManaPayment", "ChooseManaColor", "PayManaAbilityMana", "PhyrexianPayment",
                   "PayCost", "PayAmountChoice"}


# ---------------------------------------------------------------------------- answers as actions

@dataclass(frozen=True)
class Activation:
    """One mana ability to activate ``times`` times, what each activation makes, the mana types
    paying its cost, and the permanents its costs sacrifice or tap."""

    source: EngineSource
    ability: EngineAbility
    adds: str
    paid_with: tuple[str, ...] = ()
    times: int = 1
    sacrificed: tuple[EngineSource, ...] = ()
    """Other permanents its cost sacrifices (Phyrexian Altar's creature), in order."""
    tapped_others: tuple[EngineSource, ...] = ()
    """Other permanents its cost taps (Springleaf Drum's creature)."""
    removed: int = 0
    """Counters removed for "remove X counters: add X mana" (storage lands)."""
    fed_by: tuple[str, ...] = ()
    """Ids of the sources whose mana pays its mana cost."""

    @property
    def made(self) -> list[str]:
        """The engine's mana type names of what one activation makes, in order."""
        return [LETTER_TYPE[c] for c in _MANA.findall(self.adds)]

    def action(self) -> dict[str, Any]:
        """``TapLandForMana`` for a land's plain ability (the selection the engine offers for
        this ability and mana) when it makes one mana or a filter land's combination, else
        ``ActivateAbility`` (choices follow at prompts; the engine takes it for lands too)."""
        one = len(self.made) == 1 or bool(self.ability.combinations)
        if not (self.source.is_land and self.ability.plain and one):
            return {"type": "ActivateAbility",
                    "data": {"source_id": self.source.object_id,
                             "ability_index": self.ability.index}}
        made = self.made
        if not made:
            raise AdapterError(f"{self.source.id} is to make {self.adds!r}, which names no mana")
        combination = None
        if self.ability.combinations:
            same = [c for c in self.ability.combinations if sorted(c) == sorted(made)]
            if not same:
                raise AdapterError(f"{self.source.id} is to make {self.adds}, none of its "
                                   f"combinations")
            combination = made = list(same[0])
        selection = {
            "source": {"object_id": self.source.object_id, "incarnation": self.source.incarnation},
            "ability_index": self.ability.index, "mana_type": made[0],
            "output": {"type": "Concrete", "data": made[0]},
            "atomic_combination": combination,
            "restrictions": [], "penalty": self.ability.penalty, "taps_for_mana": []}
        return {"type": "TapLandForMana", "data": {"selection": selection}}

    def color_choice(self, prompt: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The answer to the ``ChooseManaColor`` prompt after ``ActivateAbility``: one color,
        or each mana's type when the prompt asks for a combination (``AnyCombination``)."""
        made = self.made
        asked = (((prompt or {}).get("data") or {}).get("choice") or {}).get("type")
        choice = ({"type": "SingleColor", "data": made[0]}
                  if len(set(made)) == 1 and asked != "AnyCombination"
                  else {"type": "Combination", "data": made})
        return {"type": "ChooseManaColor", "data": {"choice": choice}}


@dataclass(frozen=True)
class Payment:
    """tapwise's answer for one spell, in the engine's terms."""

    spell: Spell
    answer: Mapping[str, Any]
    activations: tuple[Activation, ...]
    phyrexian_life: Mapping[str, int]
    """Phyrexian symbols paid with life, by the engine's color name."""
    life_lost: int
    x: int
    convoked: tuple[tuple[EngineSource, str], ...] = ()
    """Permanents tapped for convoke or improvise, each with the engine's mana type it pays."""
    delved: int = 0
    cost_sacrificed: tuple[EngineSource, ...] = ()
    """Permanents the spell's own additional cost sacrifices (Harrow's land) or returns to
    the hand (Fear of Isolation's)."""
    cost_tapped: tuple[EngineSource, ...] = ()
    """Permanents the spell's own additional cost taps (New Blood's Vampire)."""
    exiled: int = 0
    """Graveyard cards the spell's own additional cost exiles (Skaab Goliath's creatures)."""

    @property
    def tapped(self) -> frozenset[int]:
        """Object ids the payment taps and leaves on the battlefield."""
        gone = self.sacrificed
        ids = {a.source.object_id for a in self.activations if a.ability.taps}
        ids |= {s.object_id for a in self.activations for s in a.tapped_others}
        ids |= {s.object_id for s, _ in self.convoked}
        ids |= {s.object_id for s in self.cost_tapped}
        return frozenset(ids - gone)

    @property
    def sacrificed(self) -> frozenset[int]:
        """Object ids the payment sacrifices (Lotus Petal, Treasure, an Altar's creature,
        Harrow's land)."""
        ids = {a.source.object_id for a in self.activations if a.ability.costs.get("sacrifice")}
        ids |= {s.object_id for a in self.activations for s in a.sacrificed}
        return frozenset(ids | {s.object_id for s in self.cost_sacrificed})


def _ordered(activations: list[Activation], feeders: list[list[str]]) -> list[Activation]:
    """Each ability with a mana cost right after the activations that pay for it, the rest
    after: the engine spends pool mana on an ability's cost itself, so the pool then holds as
    little else as possible. When a source activates more than once, tapwise's own order
    (legal, section 3) is kept."""
    if len({a.source.id for a in activations}) < len(activations):
        return list(activations)
    by_source = {a.source.id: a for a in activations}
    done: list[Activation] = []

    def emit(a: Activation, fed_by: list[str], seen: frozenset[str]) -> None:
        for source_id in fed_by:
            feeder = by_source[source_id]
            if feeder not in done and source_id not in seen:
                emit(feeder, feeders[activations.index(feeder)], seen | {source_id})
        if a not in done:
            done.append(a)

    for a, fed_by in zip(activations, feeders):
        if fed_by:
            emit(a, fed_by, frozenset({a.source.id}))
    return done + [a for a in activations if a not in done]


def payment(board: SeatBoard, spell: Spell, answer: Mapping[str, Any]) -> Payment:
    """Turn a paid tapwise answer into the activations and prompt answers the engine needs."""
    if answer.get("status") != "paid":
        raise AdapterError(f"{spell.name}: tapwise's answer is {answer.get('status')!r}, not a "
                           f"payment")
    activations: list[Activation] = []
    feeders: list[list[str]] = []
    for item in answer["activations"]:
        source = board.source(item["source"])
        times = int(item.get("times", 1))
        ability = source.abilities[item["ability"]]
        if times != 1 and ability.taps:
            raise AdapterError(f"{source.id}: {times} activations of one {{T}} ability")
        paid = [m for p in item.get("paid", []) for m in p.get("mana", [])]
        activations.append(Activation(
            source, ability, item["adds"],
            tuple(LETTER_TYPE[m["type"]] for m in paid for _ in range(int(m.get("count", 1)))),
            times, tuple(board.source(s) for s in item.get("sacrificed", [])),
            tuple(board.source(s) for s in item.get("tapped", [])), int(item.get("removed", 0)),
            tuple(m["source"] for m in paid if m.get("source") not in (None, "pool"))))
        feeders.append(list(activations[-1].fed_by))
    phyrexian: dict[str, int] = {}
    convoked: list[tuple[EngineSource, str]] = []
    for item in answer["payments"]:
        if item.get("life") and item["symbol"].endswith("/P}"):
            for letter in item["symbol"][1:-3].split("/"):
                # a hybrid Phyrexian symbol's shard carries both colors; count it
                # once, under its first
                phyrexian[LETTER_TYPE[letter]] = phyrexian.get(LETTER_TYPE[letter], 0) + 1
                break
        colored = [c for c in item["symbol"][1:-1].split("/") if c in "WUBRG"]
        for m in item.get("mana", []):
            for key in ("convoke", "improvise"):
                if key in m:
                    source = board.source(m[key])
                    # a convoked creature pays a colored symbol with one of its colors (702.51a)
                    color = next((c for c in colored if c in source.colors), None)
                    convoked.append((source, LETTER_TYPE[color] if key == "convoke" and color
                                     else "Colorless"))
    other = answer.get("other_costs") or {}
    return Payment(spell, answer, tuple(_ordered(activations, feeders)), phyrexian,
                   int(answer.get("life_paid", 0)) + int(answer.get("damage", 0))
                   - sum(a.ability.gains * a.times for a in activations),
                   int(answer.get("x", 0)), tuple(convoked), int(answer.get("delved", 0)),
                   tuple(board.source(s) for s in other.get("sacrificed", [])),
                   tuple(board.source(s) for s in other.get("tapped", [])),
                   int(other.get("exiled", 0)))


def pay(board: SeatBoard, spell: Spell, keep: Sequence[str] = (),
        time_limit: float = 2.0, engine_reading: bool = False) -> dict[str, Any]:
    """tapwise's answer for paying ``spell`` from ``board`` (``engine_reading``: without the
    restrictions only the card library reads, see ``SeatBoard.problem``)."""
    if spell.cannot:  # nothing the payer has is used, but what the cost shows isn't there
        return {"status": "infeasible", "rule": "601.2h", "why": spell.cannot}
    problem = board.problem(spell, keep, engine_reading)
    problem["time_limit"] = time_limit
    answer = tapwise.pay(problem)
    if spell.needs is not None and answer.get("status") == "paid":
        # the additional cost puts a counter on a permanent of this kind (601.2h): one must
        # be left once the mana abilities have sacrificed theirs
        gone = {s for a in answer["activations"] for s in a.get("sacrificed", [])}
        gone |= {a["source"] for a in answer["activations"]
                 if board.source(a["source"]).abilities[a["ability"]].costs.get("sacrifice")}
        gone |= set((answer.get("other_costs") or {}).get("sacrificed", []))
        if not any(s.matches(spell.needs) for s in board.sources if s.id not in gone):
            return {"status": "infeasible", "rule": "601.2h",
                    "why": f"{spell.name}'s additional cost needs a {spell.needs.phrase}"}
    return answer


# ---------------------------------------------------------------------------- playing it in the
# engine

@dataclass(frozen=True)
class CastReport:
    """What happened when a payment was played in the engine."""

    spell: Spell
    ok: bool
    """The spell was cast, with exactly the intended permanents tapped and life lost."""
    cast: bool
    """The engine accepted the cast (the spell left the hand)."""
    intended: frozenset[int]
    tapped: frozenset[int]
    """Object ids the engine tapped during the cast."""
    life_lost: int
    expected_life_lost: int
    error: str | None = None
    actions: tuple[dict[str, Any], ...] = field(default=(), repr=False)


Decide = Callable[[Any, int], Any]
"""Answers a prompt that is not about payment (targets, modes): ``(game, seat) -> action``."""


def _ai(game: Any, seat: int) -> Any:
    return game.choose_action(seat)


def _tapped(game: Any, seat: int) -> set[int]:
    return {int(o["id"]) for o in game.battlefield() if o.get("controller") == seat
            and o.get("tapped")}


def _phyrexian_choices(prompt: Mapping[str, Any], life: Mapping[str, int]) -> dict[str, Any]:
    left = dict(life)
    choices = []
    for shard in prompt["data"]["shards"]:
        color = shard.get("color")
        if left.get(color, 0) > 0 and (shard.get("options") or {}).get("type") in ("ManaOrLife",
                                                                                   "LifeOnly"):
            left[color] -= 1
            choices.append({"type": "PayLife"})
        else:
            choices.append({"type": "PayMana"})
    return {"type": "SubmitPhyrexianChoices", "data": {"choices": choices}}


def _stack_ids(game: Any) -> set[int]:
    return {int(e.get("source_id", e.get("id", -1))) for e in game.stack()}


def engine_max_x(game: Any, seat: int, spell: Spell) -> int | None:
    """The largest X the engine lets the seat announce for ``spell`` now (its ``ChooseXValue``
    prompt's ``max``, which counts only what the engine's own payer can make), read by
    announcing the cast and cancelling it; ``None`` when the engine asks no X."""
    try:
        game.apply(seat, spell.cast_action())
    except ValueError:
        return None
    waiting = game.waiting_for()
    most = (waiting.get("data") or {}).get("max") if waiting["type"] == "ChooseXValue" else None
    if waiting["type"] != "Priority":
        game.apply(seat, {"type": "CancelCast"})
    return None if most is None else int(most)


def _followed(game: Any, seat: int, board: SeatBoard, spell: Spell,
              answer: Mapping[str, Any]) -> bool:
    """The engine, paying the generic mana costs of the answer's abilities itself, spends
    the mana tapwise meant in some order (``engine_order``)."""
    if answer.get("status") != "paid":
        return True
    pool = game.player(seat)["mana_pool"]["mana"]
    return engine_order(payment(board, spell, answer).activations, pool,
                        _generic_spent(answer))[1]


def pay_within_engine(game: Any, seat: int, board: SeatBoard, spell: Spell,
                      keep: Sequence[str] = ()) -> tuple[Spell, dict[str, Any]]:
    """tapwise's answer, with X no larger than the engine accepts: phase's ``ChooseXValue``
    refuses an X its own payer can't reach, even when tapwise's payment reaches it (storage
    counters, tapped legendary permanents), so X is then fixed at the engine's maximum (or 0
    when tapwise can't pay that); and X is lowered, one at a time, while the engine would pay
    an ability's generic mana cost with a mana tapwise needs elsewhere in every order
    (``engine_order``: Composite Golem feeding Shadowblood Ridge, nothing else); where X can't
    be lowered, another payment or none (``_engine_takes``): never one the engine refuses."""
    answer = pay(board, spell, keep)
    if answer.get("status") != "paid" or int(answer.get("x", 0)) == 0:
        return spell, _engine_takes(game, seat, board, spell, answer, keep)
    most = engine_max_x(game, seat, spell)
    x = int(answer["x"])
    if most is not None and x > most:
        for x in (most, 0):
            capped = dataclasses.replace(spell, x=x)
            answer = pay(board, capped, keep)
            if answer.get("status") == "paid":
                spell = capped
                break
        else:
            return capped, answer
    while x > 0 and not _followed(game, seat, board, spell, answer):
        x -= 1
        spell = dataclasses.replace(spell, x=x)
        answer = pay(board, spell, keep)
    return spell, _engine_takes(game, seat, board, spell, answer, keep)


ENGINE_PICK = "engine pick"
"""``pay_within_engine``'s status for a payment the engine would refuse in every order: it
pays an ability's generic mana cost itself with a mana tapwise needs for a colored symbol."""


def _engine_takes(game: Any, seat: int, board: SeatBoard, spell: Spell,
                  answer: dict[str, Any], keep: Sequence[str]) -> dict[str, Any]:
    """``answer``, or when the engine would spend the mana it needs on an ability's generic
    cost in every order (``engine_order``) and X can't be lowered, tapwise's payment without
    one of those abilities' sources, if one pays and the engine follows it; else not sent: the
    status ``ENGINE_PICK`` naming the abilities (601.2g allows the payment, the engine's
    ``spend_any_unit`` does not)."""
    if _followed(game, seat, board, spell, answer):
        return answer
    fed = [a.source.id for a in payment(board, spell, answer).activations
           if a.paid_with and _ONLY_GENERIC.fullmatch(str(a.ability.costs.get("mana") or ""))]
    for source_id in dict.fromkeys(fed):
        fewer = dataclasses.replace(board, sources=tuple(s for s in board.sources
                                                         if s.id != source_id))
        other = pay(fewer, spell, keep)
        if other.get("status") == "paid" and _followed(game, seat, fewer, spell, other):
            return other
    return {"status": ENGINE_PICK,
            "why": f"{spell.name}: the engine pays the generic mana cost of "
                   f"{', '.join(dict.fromkeys(fed))} itself with a mana this payment needs for "
                   f"a colored symbol, in every order (its spend_any_unit); tapwise finds no "
                   f"payment without them"}


def _generic_spent(answer: Mapping[str, Any]) -> Counter[str]:
    """The engine's mana types tapwise's answer spends on the spell's generic symbols (``{N}``,
    ``{X}``): any other mana may stand in for one of them (107.4b)."""
    spent: Counter[str] = Counter()
    for item in answer.get("payments") or []:
        if _GENERIC.fullmatch(item["symbol"]):
            for m in item.get("mana", []):
                if m.get("type") in LETTER_TYPE:
                    spent[LETTER_TYPE[m["type"]]] += int(m.get("count", 1))
    return spent


def _engine_picks(pool: Sequence[Mapping[str, Any]], n: int) -> Counter[str]:
    """The mana the engine itself takes from ``pool`` for a mana ability's generic cost of
    ``n`` (no prompt: its ``spend_any_unit``): colorless first, else the color it has fewest
    of, ties in W, U, B, R, G order; only unrestricted mana is counted."""
    left = Counter(str(m["color"]) for m in pool if not m.get("restrictions"))
    picks: Counter[str] = Counter()
    for _ in range(n):
        have = [c for c in _ENGINE_COLORS if left[c] > 0]
        if left["Colorless"] <= 0 and not have:
            break
        pick = "Colorless" if left["Colorless"] > 0 else min(have, key=lambda c: left[c])
        left[pick] -= 1
        picks[pick] += 1
    return picks


def _swaps(activation: Activation, pool: Counter[str]) -> tuple[Counter[str], Counter[str]]:
    """The mana the engine takes for ``activation``'s generic mana cost beyond what tapwise
    meant, and what tapwise meant that stays in the pool instead (both empty when its cost
    is not only generic: a hybrid is asked, a colored symbol has no choice)."""
    if not activation.paid_with or not _ONLY_GENERIC.fullmatch(
            str(activation.ability.costs.get("mana") or "")):
        return Counter(), Counter()
    picks = _engine_picks([{"color": c} for c in pool.elements()], len(activation.paid_with))
    return picks - Counter(activation.paid_with), Counter(activation.paid_with) - picks


def engine_order(pending: Sequence[Activation], pool: Sequence[Mapping[str, Any]],
                 slack: Counter[str]) -> tuple[list[Activation], bool]:
    """``pending`` in the order to activate them, and whether the engine then spends the mana
    tapwise meant. An ability with a generic mana cost is paid by the engine itself, without
    a prompt (``_engine_picks``); when that takes a mana tapwise needs for a colored symbol
    (one not in ``slack``, the mana spent on the spell's generic symbols), the ability waits,
    with the ones it feeds, until the others have made their mana, so that a colorless or a
    more plentiful color is taken instead (Composite Golem's five colors feeding Shadowblood
    Ridge's ``{1}`` where the ``{W}`` is needed: Wastes' ``{C}`` made first is taken). The
    pool is simulated from ``pool`` (the unrestricted mana) and each activation's mana."""
    have = Counter(str(m["color"]) for m in pool if not m.get("restrictions"))
    slack, order, held, fits = Counter(slack), [], [], True
    for last, queue in ((False, list(pending)), (True, held)):
        for activation in list(queue):
            extra, back = _swaps(activation, have)
            harmful = any(slack[t] < k for t, k in extra.items())
            if not last and (harmful or {h.source.id for h in held} & set(activation.fed_by)):
                held.append(activation)
                continue
            fits = fits and not harmful
            slack.subtract(extra)
            slack.update(back)
            have.subtract(Counter(activation.paid_with) + extra - back)
            have.update(Counter(activation.made * activation.times))
            have = +have
            order.append(activation)
    return order, fits


def _own(game: Any, seat: int) -> set[int]:
    return {int(o["id"]) for o in game.battlefield() if o.get("controller") == seat}


def _select(waiting: Mapping[str, Any], wanted: Sequence[EngineSource], what: str
            ) -> dict[str, Any]:
    """``SelectCards`` at a ``PayCost`` prompt: exactly the permanents tapwise chose."""
    ids = [s.object_id for s in wanted]
    offered = set((waiting.get("data") or {}).get("choices") or [])
    if not ids and (waiting.get("data") or {}).get("min_count") == 0:
        return {"type": "SelectCards", "data": {"cards": []}}  # "any number": none
    if not ids or not set(ids) <= offered:
        raise AdapterError(f"{what}: the engine offers {sorted(offered)} for "
                           f"{(waiting['data'].get('kind') or {}).get('type')}, tapwise chose "
                           f"{sorted(ids)}")
    return {"type": "SelectCards", "data": {"cards": ids}}


class _Player:
    """Sends one payment's actions and answers the engine's payment prompts."""

    def __init__(self, game: Any, seat: int) -> None:
        self.game, self.seat = game, seat
        self.sent: list[dict[str, Any]] = []

    def send(self, action: Any) -> None:
        self.sent.append(action if isinstance(action, dict) else action.to_dict())
        self.game.apply(self.seat, action)

    def prompt(self) -> dict[str, Any]:
        return self.game.waiting_for()

    def settle(self, spell: Spell) -> None:
        """A trigger put on the stack by a mana ability activated at priority (Terrarion's
        draw as it is sacrificed) resolves before a sorcery-speed spell may be cast (307.1):
        both players pass (the opponent as its AI chooses) until the stack is empty; the
        pool keeps its mana (it empties as the step ends, 106.4)."""
        for _ in range(10):
            if spell.instant_speed or not self.game.stack():
                return
            waiting = self.prompt()
            who = (waiting.get("data") or {}).get("player", self.seat)
            if who == self.seat and waiting["type"] == "Priority":
                self.send({"type": "PassPriority"})
            else:
                self.game.apply(who, self.game.choose_action(who))

    def activate(self, activation: Activation, at: str) -> None:
        """Each of the activation's ``times`` activations, with its prompts answered."""
        sacrificed = list(activation.sacrificed)
        per = max(1, len(sacrificed) // activation.times) if sacrificed else 0
        others = list(activation.tapped_others)  # each activation taps its own share
        each = max(1, len(others) // activation.times) if others else 0
        for i in range(activation.times):
            if self.prompt()["type"] != at:
                raise AdapterError(f"expected the {at} prompt before {activation.source.id}, "
                                   f"engine waits for {self.prompt()['type']}")
            self.send(activation.action())
            for _ in range(6):
                waiting = self.prompt()
                kind = waiting["type"]
                if kind == "ChooseManaColor":
                    self.send(activation.color_choice(waiting))
                elif kind == "PayManaAbilityMana":
                    wanted = list(activation.paid_with)
                    if wanted not in waiting["data"]["options"]:
                        raise AdapterError(f"{activation.source.id}: the engine offers "
                                           f"{waiting['data']['options']} "
                                           f"for the ability's cost, not {wanted}")
                    self.send({"type": "PayManaAbilityMana", "data": {"payment": wanted}})
                elif kind == "PayCost" and (waiting["data"].get("kind") or {}).get(
                        "type") == "Sacrifice":
                    self.send(_select(waiting, sacrificed[i * per:(i + 1) * per],
                                      activation.source.id))
                elif kind == "PayCost":
                    self.send(_select(waiting, others[i * each:(i + 1) * each],
                                      activation.source.id))
                elif kind in ("ChooseXValue", "ChooseX") and activation.removed:
                    self.send({"type": "ChooseX", "data": {"value": activation.removed}})
                elif kind == "PayAmountChoice" and (waiting["data"].get("resource") or {}).get(
                        "type") == "Counters":  # a storage land's X counters removed
                    self.send({"type": "SubmitPayAmount",
                               "data": {"amount": activation.removed}})
                else:
                    break

    def activate_all(self, pending: Sequence[Activation], at: str, slack: Counter[str]
                     ) -> None:
        """Each activation, in the order ``engine_order`` finds from the live pool."""
        pool = self.game.player(self.seat)["mana_pool"]["mana"]
        for activation in engine_order(pending, pool, slack)[0]:
            self.activate(activation, at)

    def pay_cost(self, waiting: Mapping[str, Any], pay_with: Payment) -> None:
        """The spell's own additional cost: the permanents tapwise sacrifices, returns or
        taps, or any cards for a discard or an exile from the graveyard (which cards is not a
        payment question: the first the engine offers, all of the kind asked)."""
        kind = (waiting["data"].get("kind") or {}).get("type")
        if kind in ("Discard", "Exile"):
            n = int(pay_with.answer.get("discarded", 0)) if kind == "Discard" else pay_with.exiled
            cards = list(waiting["data"].get("choices") or [])[:n]
            if len(cards) < n or n == 0:
                raise AdapterError(f"{pay_with.spell.name}: the engine asks for {kind}, "
                                   f"offering {len(cards)} cards; tapwise's answer takes {n}")
            self.send({"type": "SelectCards", "data": {"cards": cards}})
        elif kind in ("Reveal", "Behold"):  # nothing used up: the first cards offered
            count = int(waiting["data"].get("count") or 1)
            self.send({"type": "SelectCards",
                       "data": {"cards": list(waiting["data"].get("choices") or [])[:count]}})
        elif kind in ("TapCreatures", "Tap"):
            self.send(_select(waiting, pay_with.cost_tapped, pay_with.spell.name))
        else:
            self.send(_select(waiting, pay_with.cost_sacrificed, pay_with.spell.name))

    def convoke(self, pay_with: Payment, graveyard: Sequence[int]) -> None:
        """Convoke and improvise taps, then delve's exiles, as ``TapForConvoke`` (the engine's
        one action for all three: its ``convoke_mode`` says which)."""
        for source, mana_type in pay_with.convoked:
            self.send({"type": "TapForConvoke",
                       "data": {"object_id": source.object_id, "mana_type": mana_type}})
        offered = [a.data["object_id"] for a in self.game.actions()
                   if a.kind == "TapForConvoke" and a.data["object_id"] in graveyard]
        if len(set(offered)) < pay_with.delved:
            raise AdapterError(f"delve: the engine offers {len(set(offered))} cards to exile, "
                               f"tapwise delves {pay_with.delved}")
        for card in sorted(set(offered))[:pay_with.delved]:
            self.send({"type": "TapForConvoke", "data": {"object_id": card,
                                                         "mana_type": "Colorless"}})


def play(game: Any, seat: int, pay_with: Payment, decide: Decide = _ai,
         targets: Sequence[int] = ()) -> CastReport:
    """Cast ``pay_with.spell`` in the engine and pay exactly as tapwise said, then check that the
    engine tapped, sacrificed and exiled exactly those objects and took exactly that life.

    Order: a permanent the spell's own additional cost sacrifices is tapped for mana first, at
    priority (mana abilities may be activated whenever its controller has priority, 605.3a;
    the rules tap it in 601.2g before the sacrifice in 601.2h, but the engine asks for the
    sacrifice right after the cast is announced, so the mana must already be in the pool);
    then ``CastSpell``; targets, modes (``decide``) and X; the spell's sacrifice
    (``SelectCards``); the other mana abilities, each answered at its prompts (color, the
    ability's mana, an Altar's sacrifice, removed counters); convoke, improvise and delve
    (``TapForConvoke``); ``PassPriority``; Phyrexian choices.
    A refused action (a stale selection, a prompt answered wrongly) cancels the cast when the
    engine still allows it and is reported in ``error``; the engine's exception never escapes.
    """
    before, life_before = _tapped(game, seat), int(game.player(seat)["life"])
    own_before = _own(game, seat)
    graveyard = [int(i) for i in game.player(seat).get("graveyard") or []]
    spell = pay_with.spell
    in_hand = lambda: any(int(o["id"]) == spell.object_id for o in game.hand(seat))  # noqa: E731
    player = _Player(game, seat)
    prompt = player.prompt
    early_ids = {s.object_id for s in pay_with.cost_sacrificed}
    # with those activations, the ones paying their mana costs (Planar Nexus's {1}), in the
    # payment's order (feeders first); no others, since a tap at priority may trigger
    # (Forbidden Orchard), and a trigger on the stack stops a sorcery-speed cast (307.1)
    wanted = {a.source.id for a in pay_with.activations if a.source.object_id in early_ids}
    for a in reversed(pay_with.activations):
        if a.source.id in wanted:
            wanted |= set(a.fed_by)
    early = [a for a in pay_with.activations if a.source.id in wanted]
    error = None
    try:
        for activation in early:
            player.activate(activation, "Priority")
        try:
            player.send(spell.cast_action(targets))
        except ValueError as exc:
            # the engine gates a required additional cost on its own payer finding the mana
            # (GATED): the rest of the mana is made first, at priority (605.3a), and the cast
            # announced again with it in the pool
            rest = [a for a in pay_with.activations if a not in early]
            if GATED not in str(exc) or not rest or prompt()["type"] != "Priority":
                raise
            for activation in rest:
                player.activate(activation, "Priority")
            early += rest
            player.send(spell.cast_action(targets))
        if prompt()["type"] in CHOICE_PROMPTS and pay_with.activations and not early:
            # The engine pays on its own when it thinks the payment forced after a target
            # is chosen (its ``Manual`` mode is not kept through that prompt), so a spell with
            # targets or modes gets all its mana first, at priority (605.3a), and the
            # engine's payment then takes it from the pool.
            player.send({"type": "CancelCast"})
            early = list(pay_with.activations)
            for activation in early:
                player.activate(activation, "Priority")
            player.settle(spell)
            player.send(spell.cast_action(targets))
        for _ in range(50):  # targets, modes and X come before payment (601.2b-f)
            waiting = prompt()
            if waiting["type"] == "PayCost":
                player.pay_cost(waiting, pay_with)
                continue
            if waiting["type"] in PAYMENT_PROMPTS or waiting["type"] == "Priority":
                break
            if waiting["type"] in ("ChooseX", "ChooseXValue"):
                most = (waiting.get("data") or {}).get("max")
                if most is not None and pay_with.x > int(most):
                    raise AdapterError(f"{spell.name}: X = {pay_with.x} is above the engine's "
                                       f"maximum {most} ({X_ABOVE})")
                player.send({"type": "ChooseX", "data": {"value": pay_with.x}})
            else:
                player.send(decide(game, seat))
        player.activate_all([a for a in pay_with.activations if a not in early], "ManaPayment",
                            _generic_spent(pay_with.answer))
        if pay_with.convoked or pay_with.delved:
            player.convoke(pay_with, graveyard)
        if prompt()["type"] == "ManaPayment":
            player.send({"type": "PassPriority"})
        if prompt()["type"] == "PhyrexianPayment":
            player.send(_phyrexian_choices(prompt(), pay_with.phyrexian_life))
        for _ in range(10):  # choices the cast still asks for once paid (a division of damage)
            waiting = prompt()
            if waiting["type"] in PAYMENT_PROMPTS or waiting["type"] == "Priority" \
                    or (waiting.get("data") or {}).get("player") != seat \
                    or not in_hand() and spell.object_id not in _stack_ids(game):
                break
            player.send(decide(game, seat))
        if prompt()["type"] in PAYMENT_PROMPTS:
            raise AdapterError(f"the engine still waits for {prompt()['type']} after the payment")
    except (ValueError, AdapterError) as exc:
        error = f"{type(exc).__name__}: {exc}"
        if prompt()["type"] in PAYMENT_PROMPTS:
            try:
                game.apply(seat, {"type": "CancelCast"})
            except ValueError:
                pass
    tapped = frozenset(_tapped(game, seat) - before)
    life_lost = life_before - int(game.player(seat)["life"])
    cast = not in_hand()
    gone = own_before - _own(game, seat)
    left = set(graveyard) - {int(i) for i in game.player(seat).get("graveyard") or []}
    ok = (error is None and cast and tapped == pay_with.tapped and life_lost == pay_with.life_lost
          and gone == pay_with.sacrificed and len(left) == pay_with.delved + pay_with.exiled)
    if error is None and not ok:
        error = (f"engine tapped {sorted(tapped)} (intended {sorted(pay_with.tapped)}), "
                 f"sacrificed {sorted(gone)} (intended {sorted(pay_with.sacrificed)}), "
                 f"exiled {len(left)} from the graveyard (intended "
                 f"{pay_with.delved + pay_with.exiled}), "
                 f"life lost {life_lost} (intended {pay_with.life_lost}), cast {cast}")
    return CastReport(spell, ok, cast, pay_with.tapped, tapped, life_lost, pay_with.life_lost,
                      error, tuple(player.sent))



def has_priority(game: Any, seat: int) -> bool:
    waiting = game.waiting_for()
    return waiting["type"] == "Priority" and (waiting.get("data") or {}).get("player") == seat


def active_player(game: Any) -> int:
    """Whose turn it is. Reads the whole saved state (slow, a fraction of a second on a busy
    machine): callers that know it pass ``active`` instead."""
    return int(game.state()["state"]["active_player"])


def sorcery_time(game: Any, seat: int, active: int | None = None) -> bool:
    """307.1: the seat has priority in its own main phase with an empty stack."""
    if not (has_priority(game, seat) and game.phase in ("PreCombatMain", "PostCombatMain")
            and not game.stack()):
        return False
    return (active_player(game) if active is None else active) == seat


def castable_now(game: Any, seat: int, spell: Spell, active: int | None = None) -> bool:
    """Timing only (307.1, 117.1a): an instant or flash spell whenever the seat has priority,
    any other spell at sorcery time."""
    return has_priority(game, seat) if spell.instant_speed else sorcery_time(game, seat, active)


def proposals(game: Any, seat: int, keep: bool = False, active: int | None = None) -> list[Payment]:
    """Every spell in hand the seat may cast now and tapwise pays, with its payment, including
    those the engine's own payer leaves off its legal actions (a ``CastSpell`` submitted
    directly is accepted). With ``keep``, each payment keeps the rest of the hand castable
    (needs a tapwise with section 9.5's ``keep``). ``active``: whose turn it is, if known."""
    board = read_board(game, seat)
    hand = read_hand(game, seat)
    found = []
    for spell in hand:
        if spell.unread or not castable_now(game, seat, spell, active):
            continue
        others = [s.cost for s in hand if s is not spell and s.cost] if keep else []
        try:
            spell, answer = pay_within_engine(game, seat, board, spell, others)
        except UnreadHere:  # named by the reader; the engine's own payer may still cast it
            continue
        if answer.get("status") == "error":  # a board the adapter built wrongly, or keep unknown
            raise AdapterError(f"{spell.name}: tapwise refused the problem: {answer.get('error')}")
        if answer.get("status") == "paid":
            found.append(payment(board, spell, answer))
    return found
