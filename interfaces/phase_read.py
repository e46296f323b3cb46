"""Reading a live phase.rs game into a tapwise problem (issue 24, widened in issue 42).

Everything here reads the engine's own representation (``game.battlefield()``,
``game.hand(seat)``, ``game.player(seat)``): the abilities, costs, counters, colors, types,
tapped and sick flags the engine will itself enforce when the payment is played. The card's
name is only a label: tapwise's card library is consulted for a permanent only for a spending
restriction the engine left unparsed (:mod:`tapwise.interfaces.phase_library`), because the
engine's reading of a card (its parser's output) is what the engine checks a payment against;
where the two disagree, a payment built from the library would be refused. What the adapter
can't translate is left out of the problem and named (card, ability and the shape not
understood) in :attr:`SeatBoard.unsupported`: tapwise pays without it, which is still a legal
payment, never a wrong one.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Mapping, Sequence

from tapwise.interfaces.phase_kinds import (  # noqa: F401  (re-exported)
    ALL_COUNTERS, ANY_NUMBER, COLOR_LETTER, CREATURE_DRAWBACK, DOMAIN, LETTER_TYPE,
    SPELL_KEYWORDS, SUPERTYPES, AdapterError, Facts, Kind, UnreadHere, _shape, cost_text,
    object_types, read_either, read_kind, shard_symbol)
from tapwise.interfaces.phase_continuation import _continuation, _more_per_removed, _requires
from tapwise.interfaces.phase_library import library_only
from tapwise.interfaces.phase_mana import (  # noqa: F401
    MANA_VALUE, POWER, _add, _amount, mana_value, read_only)


# ---------------------------------------------------------------------------- reading abilities

@dataclass(frozen=True)
class EngineAbility:
    """One of a permanent's mana abilities, as the engine indexes it and tapwise states it."""

    index: int
    """The engine's ability index on the object."""
    add: Any
    """What it makes, in tapwise's ``add`` form."""
    costs: Mapping[str, Any]
    """tapwise's other ability keys: costs (``mana``, ``life``, ``sacrifice``,
    ``sacrifice_other``, ``tap_other``, ``remove_counters``, ``energy``), ``damage``, ``tap``,
    ``uses``, ``times`` and conditions (``if``, ``unless``)."""
    penalty: Any
    """The engine's penalty classification, which a ``TapLandForMana`` selection must repeat."""
    combinations: tuple[tuple[str, ...], ...] = ()
    """A filter land's "Add {R}{R}, {R}{G}, or {G}{G}": the engine's combinations (its
    ``atomic_combination`` rows), in the engine's order of types, which tapwise's canonical
    order need not follow."""
    gains: int = 0
    """Life its controller gains once it has made its mana (Pristine Talisman)."""
    quiet: bool = False
    """A continuation after the mana that the problem does not state (a reward, a drawback,
    life gained): the engine offers no land-tap selection for it, so it is activated."""
    library: bool = False
    """Its ``only`` is the card library's reading of a sentence the engine left unparsed (and
    so does not enforce): ``SeatBoard.problem(engine_reading=True)`` leaves it out."""
    lenient: bool = False
    """Only the engine's reading has it, not the rules: mana of a chosen color where no color
    was chosen (the engine offers any, 106.5 gives none), mana only for a creature type never
    chosen (the engine spends it on anything). Sent only with ``engine_reading``;
    kept after a source's other abilities, so that their indices are the same either way."""

    def spec(self) -> dict[str, Any]:
        return {"add": self.add, **self.costs}

    @property
    def taps(self) -> bool:
        return bool(self.costs.get("tap", True))

    @property
    def plain(self) -> bool:
        """Only {T} and the costs a ``TapLandForMana`` selection states (mana, life, sacrifice
        itself, damage): a land's ability played as the engine's own land tap."""
        return (self.taps and set(self.costs) <= {"mana", "life", "sacrifice", "damage"}
                and not self.quiet)


def _costs(cost: Mapping[str, Any] | None, what: str
           ) -> tuple[dict[str, Any], bool, int | None, str | None]:
    """tapwise cost keys, whether ``{T}`` is part of it, the life it pays (for the penalty) and
    the counter kind of "remove any number of counters"."""
    parts = [] if cost is None else cost["costs"] if cost.get("type") == "Composite" else [cost]
    keys: dict[str, Any] = {}
    tap = False
    life = None
    remove_all = None
    for part in parts:
        kind = part.get("type")
        target = part.get("target") or {}
        if kind == "Tap":
            tap = True
        elif kind == "Mana":
            keys["mana"] = cost_text(part["cost"])
        elif kind == "PayLife":
            life = _amount(part.get("amount"), what)
            keys["life"] = life
        elif kind == "PayEnergy":
            keys["energy"] = _amount(part.get("amount"), what)
        elif kind in ("Sacrifice", "Exile") and target.get("type") == "SelfRef" or (
                kind == "Exile" and part.get("zone") is None
                and (part.get("filter") or {}).get("type") == "SelfRef"):
            # "Exile ~" leaves the battlefield as "Sacrifice ~" does (Mirrored Lotus): read as
            # sacrifice, as tapwise's reader reads it (docs/format-v2.md)
            keys["sacrifice"] = True
        elif kind == "Sacrifice":
            n = int(part.get("count", 1))
            keys["sacrifice_other"] = {**read_either(target, what), "n": n}
        elif kind == "TapCreatures":
            need = part.get("requirement") or {}
            if need.get("requirement") != "count":
                raise AdapterError(f"{what}: a tap requirement {need!r}")
            keys["tap_other"] = {**read_either(part.get("filter") or {}, what),
                                 "n": int(need["count"])}
        elif kind == "RemoveCounter":
            counter = part.get("counter_type") or {}
            if counter.get("type") != "OfType" or part.get("selection") != "SingleObject":
                raise AdapterError(f"{what}: counters removed {_shape(counter)}")
            if int(part.get("count", 1)) in ANY_NUMBER:
                remove_all = str(counter["data"])
            else:
                keys["remove_counters"] = {str(counter["data"]): int(part.get("count", 1))}
        else:
            raise AdapterError(f"{what}: a cost of type {kind!r}")
    return keys, tap, life, remove_all


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


def read_abilities(index: int, ability: Mapping[str, Any], what: str,
                   facts: Facts | None = None, name: str | None = None,
                   counters: Mapping[str, int] | None = None, chosen: str | None = None,
                   used: int | None = None, chosen_type: str | None = None,
                   source: Mapping[str, Any] | None = None) -> list[EngineAbility]:
    """One engine mana ability as tapwise abilities (see :func:`_read_abilities`). Mana of the
    chosen color where none was chosen (a permanent the engine's debug actions put onto the
    battlefield, so it never entered): by the rules that part makes no mana (106.5), so only
    the fixed alternative (Thriving Grove's {G}) is read; the engine offers any color for it,
    which is read as a ``lenient`` ability (the engine's reading only)."""
    args = (facts, name, counters, chosen, used, chosen_type, source)
    effect = ability.get("effect") or {}
    if effect.get("restrictions") == ["ChosenCreatureType"] and not chosen_type:
        # "Spend this mana only to cast a creature spell of the chosen type" where no type was
        # chosen: by the rules no spell is of it, so the mana pays for none; the engine
        # doesn't enforce it then: read without the restriction as a ``lenient`` ability
        free = {**ability, "effect": {k: v for k, v in effect.items() if k != "restrictions"}}
        return [replace(a, lenient=True) for a in read_abilities(index, free, what, *args)]
    produced = effect.get("produced") or {}
    if produced.get("type") != "ChosenColor" or chosen:
        return _read_abilities(index, ability, what, *args)
    rules = (_read_abilities(index, ability, what, *args)
             if produced.get("fixed_alternative") else [])
    anyone = {"type": "AnyOneColor", "count": produced.get("count"),
              "color_options": list(COLOR_LETTER)}
    engine = _read_abilities(index, {**ability, "effect": {**ability["effect"],
                                                           "produced": anyone}}, what, *args)
    return rules + [replace(a, lenient=True) for a in engine]


def _read_abilities(index: int, ability: Mapping[str, Any], what: str,
                   facts: Facts | None = None, name: str | None = None,
                   counters: Mapping[str, int] | None = None, chosen: str | None = None,
                   used: int | None = None, chosen_type: str | None = None,
                   source: Mapping[str, Any] | None = None) -> list[EngineAbility]:
    """One engine mana ability as tapwise abilities (two for the Urza lands: with and without
    the rest of Tron; one per alternative of a restriction the library reads); raises
    :class:`AdapterError` naming the shape tapwise isn't told here. ``name``: the card's, for
    the library; ``counters``: the permanent's, which decide a depletion land's sacrifice;
    ``chosen``, ``chosen_type``: the color and creature type chosen for it (lowercase);
    ``used``: how many times this turn the engine records
    it activated (None: not read, so "only once each turn" is not read either); ``source``:
    the engine's object (None: not read, so "only if ~ is a creature" is not read as met)."""
    if ability.get("condition") is not None:
        raise AdapterError(f"{what}: an activation condition")
    when: list[dict[str, Any]] = []
    once = False
    for restriction in ability.get("activation_restrictions") or []:
        kind = restriction if isinstance(restriction, str) else (
            restriction.get("type") if "type" in restriction else next(iter(restriction)))
        if kind == "OnlyOnceEachTurn" and used is not None:
            # "Activate only once each turn": once, if the engine's record of this turn's
            # activations has none of it yet
            if used:
                raise AdapterError(f"{what}: activated this turn already (only once each turn)")
            once = True
        elif kind == "RequiresCondition" and facts is not None:
            condition = _requires((restriction.get("data") or {}).get("condition") or {}, what,
                                  facts, source)
            if condition is not None:
                when.append(condition)
        elif kind != "AsInstant":  # "activate only as an instant" restricts nothing here
            raise AdapterError(f"{what}: an activation restriction {kind!r}")
    if ability.get("activation_zone") not in (None, "Battlefield"):
        raise AdapterError(f"{what}: activated from the {ability['activation_zone']}")
    effect = ability.get("effect") or {}
    if effect.get("type") != "Mana":
        raise AdapterError(f"{what}: an effect of type {effect.get('type')!r}")
    if (effect.get("produced") or {}).get("type") == "AnyInCommandersColorIdentity" and (
            facts is not None and facts.commander == ""):
        return []  # no commander: its color identity is undefined (903.4f), no mana (106.5)
    if effect.get("restrictions") == ["ActivateOnly"]:
        return []  # "Spend this mana only to activate abilities": never a spell's (106.6)
    keys, tap, life, remove_all = _costs(ability.get("cost"), what)
    if remove_all is not None and _more_per_removed(ability):
        remove_all, ability = None, {**ability, "sub_ability": None}  # none removed: its mana
    if when:
        keys["if"] = when
    if effect.get("restrictions"):
        keys["only"] = read_only(effect["restrictions"], what, chosen_type)
    held = (counters or {}) if keys.get("sacrifice") and not set(keys) & {
        "remove_counters", "put_counters"} and counters is not None else None
    add, times, combinations = _add(effect["produced"], what, facts, remove_all, chosen, held)
    if times != 1:
        keys["times"] = times
    if "mana" in keys and set(keys) & {"sacrifice_other", "tap_other"}:
        # tapwise's format refuses this pairing (an error answer): left out, named
        raise AdapterError(f"{what}: a mana cost beside a sacrifice or tap of another "
                           f"permanent, which tapwise's format does not state")
    if not tap:
        keys["tap"] = False
        limited = keys.get("sacrifice") or set(keys) & {"sacrifice_other", "remove_counters",
                                                        "mana", "life", "energy", "tap_other"}
        if not limited:
            raise AdapterError(f"{what}: a mana ability without {{T}} and without a cost")
        keys["uses"] = 1 if keys.get("sacrifice") or once else "any"
    damage, extra = _continuation(ability.get("sub_ability"), what, facts, keys, source)
    last = keys.pop("_last", None)
    if last is not None and (counters or {}).get(last) == keys["remove_counters"][last]:
        keys["sacrifice"] = True  # its last counter goes: the engine sacrifices it
    lenient = keys.pop("_lenient", None)  # the rules forbid it now, the engine doesn't
    built = _built(index, keys, add, life, damage, combinations, extra, when, name, ability,
                   what)
    return [replace(a, lenient=True) for a in built] if lenient else built


def _built(index: int, keys: dict[str, Any], add: Any, life: int | None, damage: int,
           combinations: tuple[tuple[str, ...], ...], extra: Any, when: list[dict[str, Any]],
           name: str | None, ability: Mapping[str, Any], what: str) -> list[EngineAbility]:
    """The abilities read, once the continuation is (see :func:`_read_abilities`)."""
    if damage:
        keys["damage"] = damage
    gains = int(keys.pop("_gains", 0))
    penalty = _penalty(keys, life, damage)
    if "_library" in keys:
        text = keys.pop("_library")
        onlys = library_only(name, {"add": add, **keys}) if name else "no card name"
        if isinstance(onlys, str):
            raise AdapterError(f"{what}: an unparsed restriction ({text!r}): {onlys}")
        if extra is not None:
            raise AdapterError(f"{what}: an unparsed restriction on conditional mana")
        return [EngineAbility(index, add, {**keys, "only": only}, penalty, combinations,
                              gains, True, True) for only in onlys]
    quiet = ability.get("sub_ability") is not None and not damage and "put_counters" not in keys
    if extra is None:
        return [EngineAbility(index, add, keys, penalty, combinations, gains, quiet)]
    more, needs, instead = extra
    if isinstance(needs, bool):  # known now (lands played this turn): the one mana made,
        # activated (the engine's land-tap selection offers the first mana only)
        return [EngineAbility(index, more if needs else add, keys, penalty, combinations, gains,
                              True)]
    if not isinstance(add, str) or when or (instead and len(needs) != 1):
        raise AdapterError(f"{what}: conditional mana on top of a choice or a condition")
    return [EngineAbility(index, more if instead else add + more, {**keys, "if": needs}, penalty,
                          quiet=instead),
            EngineAbility(index, add, {**keys, "unless": needs}, penalty, quiet=instead)]


def read_ability(index: int, ability: Mapping[str, Any], what: str) -> EngineAbility:
    """One engine mana ability that needs no board facts (kept for single-ability callers)."""
    [read] = read_abilities(index, ability, what)
    return read


# ---------------------------------------------------------------------------- reading the board

@dataclass(frozen=True)
class EngineSource:
    """A permanent the seat controls: its mana abilities tapwise can use, and what convoke,
    improvise and sacrifice or tap costs read of it."""

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
    colors: str = ""
    """Its colors as letters (the engine's ``color``), which convoke reads (702.51a)."""
    counters: Mapping[str, int] = field(default_factory=dict)
    counts: tuple[str, ...] = ()
    """The board facts it counts toward (9.1)."""
    supertypes: tuple[str, ...] = ()
    """Its supertypes tapwise's filters read (basic, legendary, world)."""
    token: bool = False
    """A token (the engine's ``is_token``), which filters of tokens read (111.1)."""
    power: int | None = None
    """Its power, sent as its own fact when an ability makes mana by it (Viridian Joiner)."""
    mana_value: int = 0
    """Its mana value (202.3), sent as its own fact when an ability makes mana by the mana
    value of the permanent it sacrifices (Priest of Yawgmoth)."""

    def matches(self, kind: Kind) -> bool:
        """Whether this permanent is of ``kind`` (read as the engine's object would be)."""
        letters = {v: k for k, v in COLOR_LETTER.items()}
        return kind.matches({"card_types": {"core_types": list(self.types),
                                            "subtypes": list(self.subtypes),
                                            "supertypes": list(self.supertypes)},
                             "color": [letters[c] for c in self.colors], "name": self.name,
                             "is_token": self.token})

    def spec(self, full: bool = False, engine_reading: bool = False) -> dict[str, Any]:
        """The tapwise source; ``full`` adds what only convoke, improvise and other costs read
        (colors, subtypes, counts), so that other boards stay version 1 problems (section 5's
        objectives and the fast path); ``engine_reading`` leaves out the restrictions read
        from the card library (what the engine itself enforces)."""
        # A summoning-sick creature is sent as format version 2's ``sick`` (9.1), not as tapped:
        # its {T} abilities can't be activated (302.6), but it is still an untapped creature
        # (for convoke and tap_other costs, 702.51a).
        abilities = [{k: v for k, v in a.spec().items() if k != "only"}
                     if engine_reading and a.library else a.spec() for a in self.abilities
                     if engine_reading or not a.lenient]
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
        if self.counters:
            spec["counters"] = dict(self.counters)
        if self.power is not None and POWER in repr(abilities):
            spec["facts"] = {POWER: max(0, self.power)}
        if full or self.counts:
            spec["subtypes"] = list(self.subtypes)
            if self.counts:  # a fact it counts more than once (devotion) as {fact: n}
                spec["counts"] = (list(self.counts) if len(set(self.counts)) == len(self.counts)
                                  else {f: self.counts.count(f) for f in dict.fromkeys(self.counts)})
            if self.colors:
                spec["colors"] = self.colors
            if self.supertypes:
                spec["supertypes"] = list(self.supertypes)
            if self.token:
                spec["token"] = True
        return spec


@dataclass(frozen=True)
class Spell:
    """A card in hand that could be cast, with its cost in tapwise notation and its own
    payment keywords and additional costs."""

    object_id: int
    card_id: int
    name: str
    cost: str | None
    types: tuple[str, ...]
    instant_speed: bool
    subtypes: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    """tapwise's names of its payment keywords: ``convoke``, ``improvise``, ``delve`` (9.3)."""
    other_costs: Mapping[str, Any] = field(default_factory=dict)
    """Its additional non-mana costs as 9.3's ``other_costs`` (Harrow's land, Bone Splinters'
    creature)."""
    unread: str | None = None
    """Why the adapter can't state its cost (an additional cost it doesn't know): tapwise is
    then not asked, and the spell is named in the board's ``unsupported``."""
    x: int | None = None
    """X fixed by an additional cost that pays X too ("pay X life"): paid at X = 0."""
    needs: Kind | None = None
    """A permanent the additional cost needs and doesn't use up (a -1/-1 counter put on a
    creature you control): one must be left after the mana abilities (601.2h)."""
    waterbend: int = 0
    """Waterbend {N}: N more generic mana, which untapped artifacts and creatures may pay."""
    exile_kind: Kind | None = None
    """The kind of graveyard card ``other_costs.exile_graveyard`` exiles (None: any card)."""
    no_mana: bool = False
    """"You can't spend mana to cast this spell" (Hogaak): only convoke and delve pay."""
    shows: tuple[Kind, int, Any] | None = None
    """"Reveal a creature card from your hand" / "behold a creature" (True: a permanent you
    control will do) / "put a card an opponent owns from exile into ..." (``"opponent's
    exile"``): the kind and number, which use nothing of the payer's but must be there."""
    cannot: str | None = None
    """Why its additional cost can't be paid here though it uses none of the payer's
    resources (601.2h: the revealed card isn't in hand): ``pay`` answers infeasible."""
    tags: tuple[str, ...] = ()
    """9.2's ``for.tags`` it has: ``legendary`` for a legendary spell, which mana "only to
    cast legendary spells" (``only.tags``) may pay."""

    def cast_action(self, targets: Sequence[int] = ()) -> dict[str, Any]:
        """The engine's ``CastSpell`` with manual payment: the payer taps, not the engine."""
        return {"type": "CastSpell", "data": {"object_id": self.object_id, "card_id": self.card_id,
                                              "targets": list(targets),
                                              "payment_mode": {"type": "Manual"}}}


@dataclass(frozen=True)
class SeatBoard:
    """What a seat has to pay with: its permanents, floating mana, life, energy, graveyard."""

    seat: int
    sources: tuple[EngineSource, ...]
    pool: tuple[str, ...]
    life: int
    unsupported: tuple[str, ...] = ()
    """Permanents, abilities and pool mana left out, each with the reason: tapwise pays
    without them (a payment that doesn't use a source is still a legal payment)."""
    energy: int = 0
    graveyard: tuple[int, ...] = ()
    """Object ids of the cards in the seat's graveyard (delve exiles from them)."""
    facts: Mapping[str, int] = field(default_factory=dict)
    hand: int = 0
    """Cards in hand other than the one being cast (what a discard cost can take)."""
    effects: tuple[Mapping[str, Any], ...] = ()
    """Effects on mana made (9.4), e.g. Mana Reflection's ``multiply``."""
    opponents: tuple[EngineSource, ...] = ()
    """The opponents' lands, which "a land an opponent controls could produce" reads (106.7)."""
    graveyard_cards: tuple[Mapping[str, Any], ...] = field(default=(), repr=False, hash=False)
    """The graveyard's cards as the engine gives them (``game.graveyard``), for typed exiles."""

    def source(self, source_id: str) -> EngineSource:
        for s in self.sources:
            if s.id == source_id:
                return s
        raise AdapterError(f"tapwise's answer names source {source_id!r}, which the board does not "
                           f"have")

    def _lands_may_go(self, spell: Spell) -> bool:
        """Whether the payment may sacrifice a land: a land's own sacrifice, or a sacrifice of
        other permanents whose filter a land may pass."""
        takes = [a.costs.get("sacrifice_other") for s in self.sources for a in s.abilities]
        takes.append(spell.other_costs.get("sacrifice_other"))
        return any(s.is_land and a.costs.get("sacrifice") for s in self.sources
                   for a in s.abilities) or any(
            t is not None and (not t.get("types") or "land" in t["types"]) for t in takes)

    def problem(self, spell: Spell, keep: Sequence[str] = (), engine_reading: bool = False
                ) -> dict[str, Any]:
        """The tapwise problem: pay ``spell`` from this board (keeping ``keep`` castable);
        ``engine_reading``: without the restrictions the engine left unparsed (the benchmark's
        check of whether phase's payment needed to break one)."""
        if spell.unread:
            raise AdapterError(f"{spell.name}: {spell.unread}")
        if DOMAIN in self.facts and self._lands_may_go(spell):
            raise UnreadHere(f"{spell.name}: a board with Domain ({DOMAIN}) where lands may "
                               f"be sacrificed, which the fact's counts don't follow exactly")
        # Permanents without a mana ability matter only to convoke, improvise and costs that
        # sacrifice or tap other permanents: sent then, so that other boards stay small.
        full = bool(spell.keywords or spell.other_costs or spell.waterbend) or any(
            "sacrifice_other" in a.costs or "tap_other" in a.costs
            for s in self.sources for a in s.abilities)
        sources = [s.spec(full, engine_reading) for s in self.sources
                   if full or s.abilities or s.counts]
        if MANA_VALUE in repr([a.costs.get("times") for s in self.sources for a in s.abilities]):
            by_id = {s.id: s for s in self.sources}  # each may be the victim: its mana value
            sources = [{**s, "facts": {**s.get("facts", {}), MANA_VALUE: by_id[s["id"]].mana_value}}
                       for s in sources]
        if spell.no_mana:  # no mana ability and no pool mana may pay: convoke and delve only
            sources = [{**s, "abilities": []} for s in sources]
        if spell.waterbend:  # each artifact or creature tapped pays {1} only: no colors sent
            sources = [{k: v for k, v in s.items() if k != "colors"} for s in sources]
        problem: dict[str, Any] = {
            "cost": spell.cost,
            "x": spell.x if spell.x is not None else "max" if "{X}" in (spell.cost or "") else 0,
            "for": {"kind": "spell", "types": list(spell.types),
                    **({"subtypes": list(spell.subtypes)} if spell.subtypes else {}),
                    **({"tags": list(spell.tags)} if spell.tags else {})},
            "sources": sources, "pool": [] if spell.no_mana else list(self.pool),
            "player": {"life": self.life, **({"energy": self.energy} if self.energy else {})}}
        for keyword in spell.keywords:
            problem[keyword] = True
        if spell.waterbend:
            problem.update(additional=["{%d}" % spell.waterbend], convoke=True, improvise=True)
        if "delve" in spell.keywords or "exile_graveyard" in spell.other_costs:
            problem["graveyard"] = len(self.graveyard)
        if spell.exile_kind is not None:
            if "delve" in spell.keywords:
                raise AdapterError(f"{spell.name}: delve beside an exile of "
                                   f"{spell.exile_kind.phrase} from the graveyard")
            problem["graveyard"] = sum(1 for card in self.graveyard_cards
                                       if spell.exile_kind.matches(card))
        other = dict(spell.other_costs)
        if "life_cost" in other:
            problem["life_cost"] = other.pop("life_cost")
        if "discard" in other:
            problem["hand"] = self.hand
        if other:
            problem["other_costs"] = other
        if any(isinstance(a.add, dict) and a.add.get("reflect") == "lands_opponents_control"
               for s in self.sources for a in s.abilities):
            problem["opponent_sources"] = [
                {k: v for k, v in s.spec().items() if k not in ("sick", "tapped")}
                for s in self.opponents if s.is_land]
        if self.facts:
            problem["facts"] = dict(self.facts)
        if self.effects:
            problem["effects"] = [dict(e) for e in self.effects]
        if keep and not self.facts:  # tapwise's keep doesn't take board facts yet: plain pay
            problem["keep"] = [{"cost": c} for c in keep]
        return problem


def chosen_color(obj: Mapping[str, Any], kind: str = "Color") -> str | None:
    """The color chosen for the permanent as it entered (the engine's ``chosen_attributes``,
    ``{"type": "Color", "value": "Red"}``), as a letter; with ``kind="CreatureType"`` the
    creature type chosen, lowercase; None when none was chosen."""
    for attribute in obj.get("chosen_attributes") or []:
        if isinstance(attribute, Mapping) and attribute.get("type") == kind:
            value = str(attribute.get("value"))
            return COLOR_LETTER.get(value) if kind == "Color" else value.lower()
    return None


def read_source(obj: Mapping[str, Any], facts: Facts | None = None
                ) -> tuple[EngineSource, list[str]]:
    """A battlefield object as a tapwise source (its usable mana abilities, maybe none), and
    what was left out of it, each named."""
    name = obj["name"]
    abilities: list[EngineAbility] = []
    skipped: list[str] = []
    for index, ability in enumerate(obj.get("abilities") or []):
        if not ability.get("is_mana_ability") or ability.get("kind", "Activated") != "Activated":
            continue
        what = f"{name} (object {obj['id']}) ability {index}"
        try:
            used = (None if facts is None or facts.activated is None
                    else int(facts.activated.get(f"{obj['id']}_{index}", 0)))
            abilities += read_abilities(index, ability, what, facts, name,
                                        obj.get("counters") or {}, chosen_color(obj), used,
                                        chosen_color(obj, "CreatureType"), obj)
        except AdapterError as exc:
            skipped.append(str(exc))
    abilities.sort(key=lambda a: a.lenient)  # the engine's reading only: last (see lenient)
    types, subtypes = object_types(obj)
    sick = "creature" in types and bool(obj.get("has_summoning_sickness", obj.get("summoning_sick",
                                                                                  False)))
    counters = {str(k): int(v) for k, v in (obj.get("counters") or {}).items()
                if isinstance(v, int) and v > 0}
    colors = "".join(COLOR_LETTER[c] for c in (obj.get("color") or []) if c in COLOR_LETTER)
    return EngineSource(
        id=f"{name}@{obj['id']}", object_id=int(obj["id"]),
        incarnation=int(obj.get("incarnation", 0)), name=name, is_land="land" in types,
        types=types, subtypes=subtypes, tapped=bool(obj.get("tapped")), sick=sick,
        abilities=tuple(abilities), colors=colors, counters=counters,
        supertypes=tuple(t.lower() for t in (obj.get("card_types") or {}).get("supertypes", [])
                         if t.lower() in SUPERTYPES),
        token=bool(obj.get("is_token")),
        power=obj["power"] if isinstance(obj.get("power"), int) else None,
        mana_value=mana_value(obj.get("mana_cost"))), skipped
