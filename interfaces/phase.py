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

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

import tapwise

COLOR_LETTER = {"White": "W", "Blue": "U", "Black": "B", "Red": "R", "Green": "G"}
LETTER_TYPE = {**{v: k for k, v in COLOR_LETTER.items()}, "C": "Colorless"}
"""tapwise's mana letters as the engine's ``ManaType`` names."""
_SHARD_PART = re.compile(r"Phyrexian|Two|Colorless|White|Blue|Black|Red|Green")
_MANA = re.compile(r"\{([WUBRGC])\}")
CREATURE_DRAWBACK = "taps a creature, which then can't attack or block until its controller's next untap step"
"""The drawback sent on a creature's {T} mana ability: see ``EngineSource.spec``."""
PAYMENT_PROMPTS = {"ManaPayment", "ChooseManaColor", "PayManaAbilityMana", "PhyrexianPayment"}


class AdapterError(Exception):
    """Something the adapter can't translate (names the object and what was not understood)."""


# ---------------------------------------------------------------------------- reading costs

def shard_symbol(shard: str) -> str:
    """One engine mana shard (``"Green"``, ``"GreenWhite"``, ``"TwoWhite"``,
    ``"PhyrexianBlack"``, ``"PhyrexianGreenWhite"``, ``"Colorless"``, ``"X"``, ``"Snow"``) as a
    symbol in Scryfall notation."""
    if shard == "X":
        return "{X}"
    if shard == "Snow":
        return "{S}"
    parts = _SHARD_PART.findall(shard)
    if "".join(parts) != shard or not parts:
        raise AdapterError(f"mana shard {shard!r} is not one the adapter knows")
    phyrexian = parts[0] == "Phyrexian"
    if phyrexian:
        parts = parts[1:]
    letters = ["2" if p == "Two" else "C" if p == "Colorless" else COLOR_LETTER.get(p, "?")
               for p in parts]
    if not letters or "?" in letters or len(letters) > 2:
        raise AdapterError(f"mana shard {shard!r} is not one the adapter knows")
    return "{" + "/".join(letters + (["P"] if phyrexian else [])) + "}"


def cost_text(mana_cost: Mapping[str, Any] | None) -> str | None:
    """An engine ``mana_cost`` as a tapwise cost string; ``None`` for a card with no mana cost."""
    if not mana_cost or mana_cost.get("type") == "NoCost":
        return None
    if mana_cost.get("type") != "Cost":
        raise AdapterError(f"mana cost of type {mana_cost.get('type')!r} is not one the adapter "
                           f"knows")
    generic = int(mana_cost.get("generic", 0))
    shards = [shard_symbol(s) for s in mana_cost.get("shards", [])]
    return ("{%d}" % generic if generic or not shards else "") + "".join(shards)


# ---------------------------------------------------------------------------- reading the board

@dataclass(frozen=True)
class EngineAbility:
    """One of a permanent's mana abilities, as the engine indexes it and tapwise states it."""

    index: int
    """The engine's ability index on the object."""
    add: Any
    """What it makes, in tapwise's ``add`` form."""
    costs: Mapping[str, Any]
    """tapwise's ability keys for its costs and drawbacks (``mana``, ``life``, ``damage``,
    ``sacrifice``)."""
    penalty: Any
    """The engine's penalty classification, which a ``TapLandForMana`` selection must repeat."""
    combinations: tuple[tuple[str, ...], ...] = ()
    """A filter land's "Add {R}{R}, {R}{G}, or {G}{G}": the engine's combinations (its
    ``atomic_combination`` rows), in the engine's order of types, which tapwise's canonical
    order need not follow."""

    def spec(self) -> dict[str, Any]:
        return {"add": self.add, **self.costs}


@dataclass(frozen=True)
class EngineSource:
    """A permanent the seat controls that has mana abilities tapwise can use."""

    id: str
    object_id: int
    incarnation: int
    name: str
    is_land: bool
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    tapped: bool
    sick: bool
    abilities: tuple[EngineAbility, ...]

    def spec(self) -> dict[str, Any]:
        # A summoning-sick creature is sent as format version 2's ``sick`` (9.1), not as tapped:
        # its {T} abilities can't be activated (302.6), but it is still an untapped creature
        # (for convoke and tap_other costs, 702.51a). Only when sick, so that other boards stay
        # version 1 problems (section 5's objectives and the fast path).
        abilities = [a.spec() for a in self.abilities]
        if "creature" in self.types:
            # A creature tapped for mana can't attack this turn and stays tapped through the
            # opponent's, so it can't block (508.1a, 509.1a: attackers and blockers must be
            # untapped): a player taps lands first. Said as a drawback (9.2), so that
            # ``min_drawbacks`` prefers lands after life and what ``keep`` protects, before the
            # number of sources; it never costs a payment.
            abilities = [{**a, "drawback": CREATURE_DRAWBACK} if a.get("tap", True) else a
                         for a in abilities]
        spec: dict[str, Any] = {"id": self.id, "name": self.name, "types": list(self.types),
                                "tapped": self.tapped, "abilities": abilities}
        if self.sick:
            spec["sick"] = True
        return spec


@dataclass(frozen=True)
class Spell:
    """A card in hand that could be cast, with its cost in tapwise notation."""

    object_id: int
    card_id: int
    name: str
    cost: str | None
    types: tuple[str, ...]
    instant_speed: bool

    def cast_action(self, targets: Sequence[int] = ()) -> dict[str, Any]:
        """The engine's ``CastSpell`` with manual payment: the payer taps, not the engine."""
        return {"type": "CastSpell", "data": {"object_id": self.object_id, "card_id": self.card_id,
                                              "targets": list(targets),
                                              "payment_mode": {"type": "Manual"}}}


@dataclass(frozen=True)
class SeatBoard:
    """What a seat has to pay with: its mana sources, floating mana and life."""

    seat: int
    sources: tuple[EngineSource, ...]
    pool: tuple[str, ...]
    life: int
    unsupported: tuple[str, ...] = ()
    """Permanents, abilities and pool mana left out, each with the reason: tapwise pays
    without them (a payment that doesn't use a source is still a legal payment)."""

    def source(self, source_id: str) -> EngineSource:
        for s in self.sources:
            if s.id == source_id:
                return s
        raise AdapterError(f"tapwise's answer names source {source_id!r}, which the board does not "
                           f"have")

    def problem(self, spell: Spell, keep: Sequence[str] = ()) -> dict[str, Any]:
        """The tapwise problem: pay ``spell`` from this board (keeping ``keep`` castable when
        the installed tapwise knows ``keep``)."""
        problem: dict[str, Any] = {
            "cost": spell.cost, "x": "max" if spell.cost and "{X}" in spell.cost else 0,
            "for": {"kind": "spell", "types": list(spell.types)},
            "sources": [s.spec() for s in self.sources], "pool": list(self.pool),
            "player": {"life": self.life}}
        if keep:
            problem["keep"] = [{"cost": c} for c in keep]
        return problem


def _amount(quantity: Mapping[str, Any] | None, what: str) -> int:
    if quantity is None:
        return 1
    if quantity.get("type") != "Fixed":
        raise AdapterError(f"{what}: an amount of type {quantity.get('type')!r}")
    return int(quantity["value"])


def _add(produced: Mapping[str, Any], what: str) -> tuple[Any, tuple[tuple[str, ...], ...]]:
    """The engine's ``produced`` as a tapwise ``add``, and its combinations if it has them."""
    kind = produced.get("type")
    if kind == "Fixed":
        return "".join("{%s}" % COLOR_LETTER[c] for c in produced["colors"]), ()
    if kind == "Colorless":
        return "{C}" * _amount(produced.get("count"), what), ()
    if kind == "AnyOneColor":
        n = _amount(produced.get("count"), what)
        letters = "".join(COLOR_LETTER[c] for c in produced["color_options"])
        if n == 1:
            return ["{%s}" % c for c in letters], ()
        return {"one_color": n, "of": letters}, ()
    if kind == "ChoiceAmongCombinations":
        combos = tuple(tuple(combo) for combo in produced["options"])
        return ["".join("{%s}" % COLOR_LETTER[c] for c in combo) for combo in combos], combos
    raise AdapterError(f"{what}: mana of type {kind!r}")


def _costs(cost: Mapping[str, Any] | None, what: str) -> tuple[dict[str, Any], bool, int | None]:
    """tapwise cost keys, whether ``{T}`` is part of it, and the life it pays (for the penalty)."""
    parts = [] if cost is None else cost["costs"] if cost.get("type") == "Composite" else [cost]
    keys: dict[str, Any] = {}
    tap = False
    life = None
    for part in parts:
        kind = part.get("type")
        if kind == "Tap":
            tap = True
        elif kind == "Mana":
            keys["mana"] = cost_text(part["cost"])
        elif kind == "PayLife":
            life = _amount(part.get("amount"), what)
            keys["life"] = life
        elif kind == "Sacrifice" and (part.get("target") or {}).get("type") == "SelfRef":
            keys["sacrifice"] = True
        else:
            raise AdapterError(f"{what}: a cost of type {kind!r}")
    return keys, tap, life


def _damage(sub: Mapping[str, Any] | None, what: str) -> int:
    """Damage or life loss the ability's continuation deals to its controller (painlands)."""
    total = 0
    while sub is not None:
        effect = sub.get("effect") or {}
        kind = effect.get("type")
        to_self = (effect.get("target") or {"type": "Controller"}).get("type") == "Controller"
        if kind in ("DealDamage", "LoseLife") and to_self:
            total += _amount(effect.get("amount"), what)
        else:
            raise AdapterError(f"{what}: a continuation of type {kind!r}")
        sub = sub.get("sub_ability")
    return total


def _penalty(keys: Mapping[str, Any], life: int | None, damage: int) -> Any:
    """The engine's classification of an activation's harm, in its precedence: sacrifice, life
    paid, damage dealt to the controller, none."""
    if keys.get("sacrifice"):
        return "Sacrifices"
    if life is not None:
        return {"PaysLifeOnActivation": {"fixed_amount": life}}
    if damage:
        return {"DealsDamageOnResolution": {"fixed_amount": damage}}
    return "None"


def read_ability(index: int, ability: Mapping[str, Any], what: str) -> EngineAbility:
    """One engine mana ability; raises :class:`AdapterError` for shapes tapwise isn't told here."""
    if ability.get("condition") is not None:
        raise AdapterError(f"{what}: an activation condition")
    effect = ability.get("effect") or {}
    if effect.get("type") != "Mana":
        raise AdapterError(f"{what}: an effect of type {effect.get('type')!r}")
    add, combinations = _add(effect["produced"], what)
    keys, tap, life = _costs(ability.get("cost"), what)
    if not tap:
        raise AdapterError(f"{what}: a mana ability without {{T}}")
    damage = _damage(ability.get("sub_ability"), what)
    if damage:
        keys["damage"] = damage
    return EngineAbility(index, add, keys, _penalty(keys, life, damage), combinations)


def read_source(obj: Mapping[str, Any]) -> tuple[EngineSource | None, list[str]]:
    """A battlefield object as a tapwise source (``None`` if it has no usable mana ability),
    and what was left out of it."""
    name = obj["name"]
    abilities: list[EngineAbility] = []
    skipped: list[str] = []
    for index, ability in enumerate(obj.get("abilities") or []):
        if not ability.get("is_mana_ability"):
            continue
        what = f"{name} (object {obj['id']}) ability {index}"
        try:
            abilities.append(read_ability(index, ability, what))
        except AdapterError as exc:
            skipped.append(str(exc))
    if not abilities:
        return None, skipped
    card_types = obj.get("card_types") or {}
    types = tuple(t.lower() for t in card_types.get("core_types", []))
    sick = "creature" in types and bool(obj.get("has_summoning_sickness", obj.get("summoning_sick",
                                                                                  False)))
    return EngineSource(
        id=f"{name}@{obj['id']}", object_id=int(obj["id"]), incarnation=int(obj.get("incarnation",
                                                                                    0)),
        name=name, is_land="land" in types, types=types,
        subtypes=tuple(s.lower() for s in card_types.get("subtypes", [])),
        tapped=bool(obj.get("tapped")), sick=sick, abilities=tuple(abilities)), skipped


def read_board(game: Any, seat: int) -> SeatBoard:
    """The seat's mana sources (``game.battlefield()``), floating mana and life (``game.player``)."""
    sources: list[EngineSource] = []
    unsupported: list[str] = []
    for obj in game.battlefield():
        if obj.get("controller") != seat:
            continue
        source, skipped = read_source(obj)
        unsupported += skipped
        if source is not None:
            sources.append(source)
    player = game.player(seat)
    pool: list[str] = []
    for mana in (player.get("mana_pool") or {}).get("mana", []):
        letter = "C" if mana["color"] == "Colorless" else COLOR_LETTER.get(mana["color"])
        if letter is None or mana.get("restrictions"):
            unsupported.append(f"pool mana {mana['color']} with restrictions "
                               f"{mana.get('restrictions')}")
            continue
        pool.append("{%s}" % letter)
    return SeatBoard(seat, tuple(sources), tuple(pool), int(player["life"]), tuple(unsupported))


def read_spell(obj: Mapping[str, Any]) -> Spell:
    """A card in hand (``game.hand(seat)``) as a spell to pay for."""
    card_types = obj.get("card_types") or {}
    types = tuple(t.lower() for t in card_types.get("core_types", []))
    return Spell(int(obj["id"]), int(obj.get("card_id", obj["id"])), obj["name"],
                 cost_text(obj.get("mana_cost")),
                 types, "instant" in types or "Flash" in (obj.get("keywords") or []))


def read_hand(game: Any, seat: int) -> list[Spell]:
    """The seat's nonland cards with a mana cost."""
    spells = []
    for obj in game.hand(seat):
        spell = read_spell(obj)
        if "land" not in spell.types and spell.cost is not None:
            spells.append(spell)
    return spells


# ---------------------------------------------------------------------------- answers as actions

@dataclass(frozen=True)
class Activation:
    """One mana ability to activate, what it is to make and the mana types paying its cost."""

    source: EngineSource
    ability: EngineAbility
    adds: str
    paid_with: tuple[str, ...] = ()

    @property
    def made(self) -> list[str]:
        """The engine's mana type names of what it makes, in order."""
        return [LETTER_TYPE[c] for c in _MANA.findall(self.adds)]

    def action(self) -> dict[str, Any]:
        """``TapLandForMana`` for a land (the selection the engine offers for this ability and
        mana), else ``ActivateAbility`` (its color is chosen at the prompt that follows)."""
        if not self.source.is_land:
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

    def color_choice(self) -> dict[str, Any]:
        """The answer to the ``ChooseManaColor`` prompt after ``ActivateAbility``."""
        made = self.made
        choice = ({"type": "SingleColor", "data": made[0]} if len(made) == 1
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

    @property
    def tapped(self) -> frozenset[int]:
        """Object ids the payment taps and leaves on the battlefield."""
        return frozenset(a.source.object_id for a in self.activations
                         if not a.ability.costs.get("sacrifice"))

    @property
    def sacrificed(self) -> frozenset[int]:
        """Object ids the payment sacrifices (Lotus Petal, Treasure)."""
        return frozenset(a.source.object_id for a in self.activations
                         if a.ability.costs.get("sacrifice"))


def _ordered(activations: list[Activation], feeders: list[list[str]]) -> list[Activation]:
    """Each ability with a mana cost right after the activations that pay for it, the rest
    after: the engine spends pool mana on an ability's cost itself, so the pool then holds as
    little else as possible."""
    by_source = {a.source.id: a for a in activations}
    done: list[Activation] = []

    def emit(a: Activation, fed_by: list[str]) -> None:
        for source_id in fed_by:
            feeder = by_source[source_id]
            if feeder not in done:
                emit(feeder, feeders[activations.index(feeder)])
        if a not in done:
            done.append(a)

    for a, fed_by in zip(activations, feeders):
        if fed_by:
            emit(a, fed_by)
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
        if int(item.get("times", 1)) != 1:
            raise AdapterError(f"{source.id}: {item['times']} activations of one {{T}} ability")
        ability = source.abilities[item["ability"]]
        paid = [m for p in item.get("paid", []) for m in p.get("mana", [])]
        activations.append(Activation(source, ability, item["adds"],
                                      tuple(LETTER_TYPE[m["type"]] for m in paid)))
        feeders.append([m["source"] for m in paid if m.get("source") not in (None, "pool")])
    phyrexian: dict[str, int] = {}
    for item in answer["payments"]:
        if item.get("life") and item["symbol"].endswith("/P}"):
            for letter in item["symbol"][1:-3].split("/"):
                # a hybrid Phyrexian symbol's shard carries both colors; count it
                # once, under its first
                phyrexian[LETTER_TYPE[letter]] = phyrexian.get(LETTER_TYPE[letter], 0) + 1
                break
    return Payment(spell, answer, tuple(_ordered(activations, feeders)), phyrexian,
                   int(answer.get("life_paid", 0)) + int(answer.get("damage", 0)),
                   int(answer.get("x", 0)))


def pay(board: SeatBoard, spell: Spell, keep: Sequence[str] = (), time_limit: float = 2.0) -> dict[str, Any]:
    """tapwise's answer for paying ``spell`` from ``board``."""
    problem = board.problem(spell, keep)
    problem["time_limit"] = time_limit
    return tapwise.pay(problem)


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


def play(game: Any, seat: int, pay_with: Payment, decide: Decide = _ai,
         targets: Sequence[int] = ()) -> CastReport:
    """Cast ``pay_with.spell`` in the engine and pay exactly as tapwise said, then check that the
    engine tapped exactly those permanents and took exactly that life.

    ``targets`` go into the ``CastSpell`` (as an AI's chosen cast carries them); prompts
    before payment (targets, modes) are answered by ``decide``, X by the answer's X.
    A refused action (a stale selection, a prompt answered wrongly) cancels the cast when the
    engine still allows it and is reported in ``error``; the engine's exception never escapes.
    """
    before, life_before = _tapped(game, seat), int(game.player(seat)["life"])
    sent: list[dict[str, Any]] = []
    spell = pay_with.spell
    in_hand = lambda: any(int(o["id"]) == spell.object_id for o in game.hand(seat))  # noqa: E731

    def send(action: Any) -> None:
        sent.append(action if isinstance(action, dict) else action.to_dict())
        game.apply(seat, action)

    def prompt() -> dict[str, Any]:
        return game.waiting_for()

    error = None
    try:
        send(spell.cast_action(targets))
        for _ in range(50):  # targets, modes and X come before payment (601.2b-f)
            waiting = prompt()
            if waiting["type"] in PAYMENT_PROMPTS or waiting["type"] == "Priority":
                break
            if waiting["type"] == "ChooseX":
                send({"type": "ChooseX", "data": {"value": pay_with.x}})
            else:
                send(decide(game, seat))
        for activation in pay_with.activations:
            if prompt()["type"] != "ManaPayment":
                raise AdapterError(f"expected the ManaPayment prompt before "
                                   f"{activation.source.id}, "
                                   f"engine waits for {prompt()['type']}")
            send(activation.action())
            for _ in range(4):
                waiting = prompt()
                if waiting["type"] == "ChooseManaColor":
                    send(activation.color_choice())
                elif waiting["type"] == "PayManaAbilityMana":
                    wanted = list(activation.paid_with)
                    if wanted not in waiting["data"]["options"]:
                        raise AdapterError(f"{activation.source.id}: the engine offers "
                                           f"{waiting['data']['options']} "
                                           f"for the ability's cost, not {wanted}")
                    send({"type": "PayManaAbilityMana", "data": {"payment": wanted}})
                else:
                    break
        if prompt()["type"] == "ManaPayment":
            send({"type": "PassPriority"})
        if prompt()["type"] == "PhyrexianPayment":
            send(_phyrexian_choices(prompt(), pay_with.phyrexian_life))
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
    on_battlefield = {int(o["id"]) for o in game.battlefield()}
    gone = {i for i in pay_with.sacrificed if i not in on_battlefield}
    ok = (error is None and cast and tapped == pay_with.tapped and life_lost == pay_with.life_lost
          and gone == pay_with.sacrificed)
    if error is None and not ok:
        error = (f"engine tapped {sorted(tapped)} (intended {sorted(pay_with.tapped)}), "
                 f"sacrificed {sorted(gone)} (intended {sorted(pay_with.sacrificed)}), "
                 f"life lost {life_lost} (intended {pay_with.life_lost}), cast {cast}")
    return CastReport(spell, ok, cast, pay_with.tapped, tapped, life_lost, pay_with.life_lost,
                      error, tuple(sent))


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
        if not castable_now(game, seat, spell, active):
            continue
        others = [s.cost for s in hand if s is not spell and s.cost] if keep else []
        answer = pay(board, spell, others)
        if answer.get("status") == "error":  # a board the adapter built wrongly, or keep unknown
            raise AdapterError(f"{spell.name}: tapwise refused the problem: {answer.get('error')}")
        if answer.get("status") == "paid":
            found.append(payment(board, spell, answer))
    return found
