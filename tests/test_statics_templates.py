"""Board templates of issue 40 read since the 85.83% figure (docs/statics.md), each with a named
card typed by name as a player would (JSON ``card``/``sources`` names, the CLI's quick board),
the expected answer worked out by hand from the rule quoted."""

from __future__ import annotations

import pytest

import tapwise
from tapwise.models.cards.board import read_board
from tapwise.models.cards.board_effects import read_board_effects, unread_board_sentences
from tapwise.models.cards.catalog import card_info


def _pay(card: str, board: list, **keys) -> dict:
    sources = [{"name": b} if isinstance(b, str) else b for b in board]
    return tapwise.pay({"card": card, "sources": sources, **keys})


def _statics(name: str) -> tuple[dict, ...]:
    card = card_info(name)
    reading = read_board_effects(card.oracle, card.type_line)
    assert reading.unread == (), reading.unread
    return reading.statics


# --- 601.2f counts of the spell itself, given as facts (9.1) -----------------------------------

def test_601_2f_hinata_reduces_for_each_target_given_as_the_fact_targets():
    # Arc Lightning {2}{R} with two targets: {2} less, so {R}: one Mountain (118.7a: generic only)
    board = ["Mountain", "Hinata, Dawn-Crowned"]
    assert _pay("Arc Lightning", board, facts={"targets": 2})["status"] == "paid"
    assert _pay("Arc Lightning", board, facts={"targets": 1})["status"] == "infeasible"
    refused = _pay("Arc Lightning", board)
    assert refused["status"] == "error" and "'targets'" in refused["error"]


def test_601_2f_battlefield_thaumaturge_counts_the_creatures_an_instant_or_sorcery_targets():
    board = ["Mountain", "Battlefield Thaumaturge"]
    facts = {"creature it targets": 2}
    assert _pay("Arc Lightning", board, facts=facts)["status"] == "paid"  # {2}{R} - {2}
    # a creature spell is no instant or sorcery: Grizzly Bears stays {1}{G}
    assert _pay("Grizzly Bears", ["Forest", "Battlefield Thaumaturge"],
                facts=facts)["status"] == "infeasible"


def test_601_2f_locket_of_yesterdays_counts_the_copies_in_the_graveyard():
    board = ["Island", "Locket of Yesterdays"]  # Divination {2}{U}, two in the graveyard: {U}
    fact = "card with the same name as that spell in your graveyard"
    assert _pay("Divination", board, facts={fact: 2})["status"] == "paid"
    assert _pay("Divination", board, facts={fact: 1})["status"] == "infeasible"


def test_601_2f_seal_of_the_guildpact_counts_the_chosen_colors_the_spell_is():
    # Electrolyze {1}{U}{R} of the two chosen colors: {2} less, but only its {1} is generic
    board = ["Island", "Mountain", "Seal of the Guildpact"]
    assert _pay("Electrolyze", board, facts={"chosen color it is": 2})["status"] == "paid"
    assert _pay("Electrolyze", board, facts={"chosen color it is": 0})["status"] == "infeasible"


def test_601_2f_cemetery_prowler_counts_the_shared_card_types():
    fact = "card type it shares with cards exiled with this creature"
    board = ["Forest", "Cemetery Prowler"]
    assert _pay("Grizzly Bears", board, facts={fact: 1})["status"] == "paid"
    assert _pay("Grizzly Bears", board, facts={fact: 0})["status"] == "infeasible"


# --- "As long as <condition>, ..." as a fact of the source or the board -------------------------

def test_611_3a_centaur_omenreader_reduces_creature_spells_only_while_tapped():
    tapped = {"name": "Centaur Omenreader", "facts": {"it is tapped": 1}}
    untapped = {"name": "Centaur Omenreader", "facts": {"it is tapped": 0}}
    assert _pay("Grizzly Bears", ["Forest", tapped])["status"] == "paid"  # {1}{G} - {2} = {G}
    assert _pay("Grizzly Bears", ["Forest", untapped])["status"] == "infeasible"
    refused = _pay("Grizzly Bears", ["Forest", "Centaur Omenreader"])
    assert refused["status"] == "error" and "'it is tapped'" in refused["error"]


def test_riftstone_portal_works_from_the_graveyard_and_is_not_read_so_it_is_noted():
    # 112.6: its static functions from the graveyard, where a board's statics are not read
    sentence = 'As long as this card is in your graveyard, lands you control have "{T}: Add {G} or {W}."'
    assert [s for s, _ in unread_board_sentences(card_info("Riftstone Portal"))] == [sentence]


def test_the_quick_board_asks_for_the_condition_fact_and_takes_it():
    with pytest.raises(Exception, match="it is tapped"):
        read_board("Forest, Centaur Omenreader")
    board = read_board("Forest, Centaur Omenreader", facts=["it is tapped=1"])
    answer = tapwise.pay({"cost": "{1}{G}", "for": {"kind": "spell", "types": ["creature"]},
                          **board.problem_keys()})
    assert answer["status"] == "paid"


def test_natures_embrace_grants_on_the_enchanted_permanent_while_it_is_a_land():
    assert _statics("Nature's Embrace") == (
        {"kind": "add_ability", "on": "enchanted", "ability": {"add": {"one_color": 2}},
         "if": {"fact": "enchanted permanent is a land", "min": 1}},)


def test_a_mana_ability_the_card_has_under_a_condition_is_the_mana_readers():
    # Mul Daya Channelers, Orochi Merge-Keeper: their own ability (oracle.py), no static
    for name in ("Mul Daya Channelers", "Orochi Merge-Keeper"):
        assert _statics(name) == ()
    keeper = {"name": "Orochi Merge-Keeper", "facts": {"it is modified": 1}}
    assert tapwise.pay({"cost": "{G}{G}", "sources": [keeper]})["status"] == "paid"


# --- granted abilities -------------------------------------------------------------------------

def test_613_1f_great_divide_guide_gives_each_land_and_each_ally_one_ability():
    assert _statics("Great Divide Guide") == (
        {"kind": "add_ability", "when": {"types": ["land"]}, "ability": {"add": {"any_color": 1}}},
        {"kind": "add_ability", "when": {"subtypes": ["ally"], "not_types": ["land"]},
         "ability": {"add": {"any_color": 1}}})
    # Wastes and the Guide itself (an Ally) each make one mana of any color: {G}{G}, not three
    answer = tapwise.pay({"cost": "{G}{G}", "sources": [{"name": "Wastes"},
                                                         {"name": "Great Divide Guide"}]})
    assert answer["status"] == "paid"
    assert tapwise.pay({"cost": "{G}{G}{G}", "sources": [
        {"name": "Wastes"}, {"name": "Great Divide Guide"}]})["status"] == "infeasible"


def test_mark_of_sakiko_grants_combat_damage_mana_nothing_while_paying():
    card = card_info("Mark of Sakiko")
    assert unread_board_sentences(card) == [] and _statics("Mark of Sakiko") == ()


# --- "This effect reduces only the amount of colored mana you pay" (9.8 colored_only) ----------

def test_colored_only_edgewalker_takes_the_white_and_loses_the_black():
    # Cleric of the Forward Order {1}{W}: {W}{B} less takes {W}; the {B} finds no black and,
    # colored only, does not reduce generic (where 118.7c would): {1}, one Wastes
    answer = _pay("Cleric of the Forward Order", ["Wastes", "Edgewalker"])
    assert (answer["status"], answer["total_cost"]) == ("paid", "{1}")
    assert "notes" not in answer  # both sentences of the paragraph are read
    assert _pay("Cleric of the Forward Order", ["Edgewalker"])["status"] == "infeasible"
    # a non-Cleric is not reduced at all
    assert _pay("Savannah Lions", ["Wastes", "Edgewalker"])["status"] == "infeasible"


def test_colored_only_ragemonger_on_a_minotaur():
    answer = _pay("Felhide Minotaur", ["Wastes", "Wastes", "Ragemonger"])  # {2}{B} -> {2}
    assert (answer["status"], answer["total_cost"]) == ("paid", "{2}")


def test_colored_only_morophon_of_the_chosen_type():
    elf = {"name": "Morophon, the Boundless", "chosen": "Elf"}
    assert _pay("Llanowar Elves", [elf])["total_cost"] == "{0}"  # {G} - {G}
    # Elvish Archdruid {1}{G}{G}: one {G} taken, its {W}{U}{B}{R} find nothing: {1}{G}
    assert _pay("Elvish Archdruid", ["Forest", "Wastes", elf])["total_cost"] == "{1}{G}"
    assert _pay("Elvish Archdruid", ["Wastes", "Wastes", elf])["status"] == "infeasible"
    goblin = {"name": "Morophon, the Boundless", "chosen": "Goblin"}
    assert _pay("Llanowar Elves", [goblin])["status"] == "infeasible"


def test_colored_only_first_then_an_ordinary_reduction_overflows_to_generic():
    # {1}{W} with a colored-only {W} and an ordinary {W}: the player applies the colored-only
    # one first (601.2f: any order), so the ordinary {W} finds no white and reduces generic
    # (118.7b): {0}. The other order would leave {1}.
    problem = {"cost": "{1}{W}", "sources": [],
               "statics": [{"kind": "reduce", "cost": "{W}"},
                           {"kind": "reduce", "cost": "{W}", "colored_only": True}]}
    assert tapwise.pay(problem)["total_cost"] == "{0}"


def test_colored_only_is_colored_symbols_only():
    answer = tapwise.pay({"cost": "{1}", "sources": [],
                          "statics": [{"kind": "reduce", "cost": "{1}{W}", "colored_only": True}]})
    assert answer["status"] == "error" and "statics[0].cost" in answer["error"]


def test_colored_only_read_under_a_class_level_and_with_tags():
    assert _statics("Bard Class") == (
        {"kind": "reduce", "cost": "{R}{G}", "for": {"kind": "spell", "tags": ["legendary"]},
         "colored_only": True, "if": {"fact": "class level", "min": 2}},)
    assert _statics("Head of the Class") == (
        {"kind": "reduce", "cost": "{W}{B}", "colored_only": True,
         "for": {"kind": "spell", "all_of": [{"tags": ["your turn"]},
                                             {"tags": ["targets a creature"]},
                                             {"tags": ["first spell this turn"]}]}},)


def test_601_2f_momo_and_beluna_kinds_of_spells():
    assert _statics("Momo, Friendly Flier")[0]["for"] == {
        "kind": "spell", "types": ["creature"],
        "all_of": [{"tags": ["flying"]}, {"tags": ["your turn"]}, {"tags": ["non-lemur"]},
                   {"tags": ["first non-lemur creature spell with flying this turn"]}]}
    # "Permanent spells" (110.1): any permanent card type; a land is played, not cast
    assert _statics("Beluna Grandsquall // Seek Thrills")[0]["for"] == {
        "kind": "spell", "types": ["artifact", "battle", "creature", "enchantment",
                                   "planeswalker"], "tags": ["adventure"]}


# --- a reduction bought with life (9.8 life: the Defilers) -------------------------------------

def test_defiler_of_dreams_the_player_may_pay_2_life_for_u_less_on_a_blue_permanent_spell():
    # Phantasmal Bear {U}: paying 2 life makes it {0} (no mana at all)
    answer = _pay("Phantasmal Bear", ["Defiler of Dreams"])
    assert (answer["status"], answer["total_cost"], answer["life_paid"]) == ("paid", "{0}", 2)
    # with an Island the life is not paid (min_life, 9.6's first objective)
    answer = _pay("Phantasmal Bear", ["Island", "Defiler of Dreams"])
    assert (answer["total_cost"], answer["life_paid"]) == ("{U}", 0)
    # an instant is no permanent spell; a green creature is not blue
    assert _pay("Opt", ["Defiler of Dreams"])["status"] == "infeasible"
    assert _pay("Llanowar Elves", ["Defiler of Dreams"])["status"] == "infeasible"


def test_defiler_colored_only_a_blue_spell_without_u_gets_nothing_for_the_life():
    # two copies: each may be bought; Cloudkin Seer {2}{U} takes one {U}, the second finds none
    problem = {"card": "Cloudkin Seer", "sources": [{"name": "Wastes", "count": 2},
                                                    {"name": "Defiler of Dreams", "count": 2}]}
    answer = tapwise.pay(problem)
    assert (answer["status"], answer["total_cost"], answer["life_paid"]) == ("paid", "{2}", 2)


def test_a_reduction_bought_with_life_is_refused_on_an_increase():
    answer = tapwise.pay({"cost": "{1}", "sources": [],
                          "statics": [{"kind": "increase", "cost": "{1}", "life": 2}]})
    assert answer["status"] == "error" and "statics[0].life" in answer["error"]


# --- "with a counter on it" (9.8 counter) ------------------------------------------------------

def _bears(counters: dict | None) -> dict:
    return {"name": "Grizzly Bears", **({"counters": counters} if counters else {})}


def test_613_1f_rishkar_gives_creatures_with_any_counter_t_add_g():
    board = [_bears({"+1/+1": 1}), _bears({"charge": 2}), _bears(None),
             {"name": "Rishkar, Peema Renegade"}]
    assert tapwise.pay({"cost": "{G}{G}", "sources": board})["status"] == "paid"
    assert tapwise.pay({"cost": "{G}{G}{G}", "sources": board})["status"] == "infeasible"


def test_613_1f_jiang_yanggu_only_a_plus_one_counter():
    board = [_bears({"+1/+1": 1}), _bears({"charge": 2}), {"name": "Jiang Yanggu, Wildcrafter"}]
    assert tapwise.pay({"cost": "{U}", "sources": board})["status"] == "paid"  # any color
    assert tapwise.pay({"cost": "{U}{U}", "sources": board})["status"] == "infeasible"


def test_a_counter_kind_is_a_word():
    answer = tapwise.pay({"cost": "{G}", "sources": [_bears(None)], "statics": [
        {"kind": "add_ability", "counter": " ", "ability": {"add": "{G}"}}]})
    assert answer["status"] == "error" and "statics[0].counter" in answer["error"]


# --- "lose all other abilities" (9.8 lose_others; 613.1f layer 6, timestamp order 613.7) -------

def test_613_toxicrene_every_land_only_makes_one_mana_of_any_color():
    # Ancient Tomb's {C}{C} is gone: one mana of any color
    assert _pay("Lightning Bolt", ["Ancient Tomb", "Toxicrene"])["status"] == "paid"
    assert tapwise.pay({"cost": "{2}", "sources": [{"name": "Ancient Tomb"},
                                                   {"name": "Toxicrene"}]})["status"] == "infeasible"


def test_613_toxicrene_after_urborg_the_swamp_type_stays_its_ability_goes():
    # layer 4 (Urborg: every land a Swamp) before layer 6 (Toxicrene): a Forest that is a Swamp
    # has only "{T}: Add one mana of any color": two lands, two mana, not a Forest's {G} and {B}
    board = [{"name": "Forest"}, {"name": "Urborg, Tomb of Yawgmoth"}, {"name": "Toxicrene"}]
    assert tapwise.pay({"cost": "{U}{U}", "sources": board})["status"] == "paid"
    assert tapwise.pay({"cost": "{U}{U}{U}", "sources": board})["status"] == "infeasible"


def test_613_7_an_ability_granted_later_than_lose_others_stays():
    grant = {"kind": "add_ability", "when": {"types": ["land"]}, "ability": {"add": "{C}{C}"}}
    lose = {"kind": "add_ability", "when": {"types": ["land"]}, "ability": {"add": "{R}"},
            "lose_others": True}
    land = [{"name": "Forest"}]
    # grant, then lose: only {R}; lose, then grant: {R} and {C}{C}, one tap each (one land)
    assert tapwise.pay({"cost": "{2}", "sources": land, "statics": [grant, lose]}
                       )["status"] == "infeasible"
    assert tapwise.pay({"cost": "{2}", "sources": land, "statics": [lose, grant]}
                       )["status"] == "paid"
    assert tapwise.pay({"cost": "{G}", "sources": land, "statics": [lose, grant]}
                       )["status"] == "infeasible"


def test_305_7_lithoform_blight_the_enchanted_land_loses_its_types_and_abilities():
    statics = _statics("Lithoform Blight")
    assert statics == (
        {"kind": "set_subtypes", "on": "enchanted", "subtypes": []},
        {"kind": "add_ability", "on": "enchanted", "ability": {"add": "{C}"}, "lose_others": True},
        {"kind": "add_ability", "on": "enchanted", "ability": {"add": {"any_color": 1}, "life": 1}})
    on_forest = [dict(st, on="f") for st in statics]
    sources = [{"id": "f", "name": "Forest"}]
    answer = tapwise.pay({"cost": "{G}", "sources": sources, "statics": on_forest})
    assert (answer["status"], answer["life_paid"]) == ("paid", 1)  # "{T}, Pay 1 life"
    answer = tapwise.pay({"cost": "{1}", "sources": sources, "statics": on_forest})
    assert (answer["status"], answer["life_paid"]) == ("paid", 0)  # {C}


# --- "Lands with the chosen name have" (9.8 add_ability chosen "names") -------------------------

def test_613_1f_petrified_hamlet_gives_the_lands_of_the_chosen_name_t_add_c():
    hamlet = {"name": "Petrified Hamlet", "chosen": "Forest"}
    # the Hamlet's own {C} and the Forest's granted {C}
    assert tapwise.pay({"cost": "{C}{C}", "sources": [{"name": "Forest"}, hamlet]}
                       )["status"] == "paid"
    other = {"name": "Petrified Hamlet", "chosen": "Island"}
    assert tapwise.pay({"cost": "{C}{C}", "sources": [{"name": "Forest"}, other]}
                       )["status"] == "infeasible"
    # "Lands": every player's, so an opponent's Hamlet reaches the player's Forest
    assert tapwise.pay({"cost": "{C}", "sources": [{"name": "Forest"}],
                        "opponent_sources": [hamlet]})["status"] == "paid"
    refused = tapwise.pay({"cost": "{C}", "sources": [{"name": "Forest"},
                                                      {"name": "Petrified Hamlet"}]})
    assert refused["status"] == "error" and "chosen name" in refused["error"]


def test_the_quick_board_writes_the_chosen_name_in_brackets():
    board = read_board("Forest, Petrified Hamlet [Forest]")
    assert tapwise.pay({"cost": "{C}{C}", **board.problem_keys()})["status"] == "paid"


# --- "one mana of any of this creature's colors" (9.8 its_colors) ------------------------------

def test_613_1f_katilda_gives_each_human_one_mana_of_its_own_colors():
    # Katilda (a green-white Human) and Thraben Inspector (a white Human): {G} or {W}, and {W}
    board = [{"name": "Thraben Inspector"}, {"name": "Katilda, Dawnhart Prime"}]
    assert tapwise.pay({"cost": "{G}{W}", "sources": board})["status"] == "paid"
    assert tapwise.pay({"cost": "{G}{G}", "sources": board})["status"] == "infeasible"
    # a non-Human gets nothing; a colorless Human would add no mana
    bears = [{"name": "Grizzly Bears"}, {"name": "Katilda, Dawnhart Prime"}]
    assert tapwise.pay({"cost": "{G}{G}", "sources": bears})["status"] == "infeasible"
    colorless = [{"id": "h", "types": ["creature"], "subtypes": ["human"], "abilities": []}]
    assert tapwise.pay({"cost": "{1}", "sources": colorless, "statics": [
        {"kind": "add_ability", "when": {"subtypes": ["human"]}, "its_colors": True}]}
                       )["status"] == "infeasible"


def test_its_colors_or_an_ability_not_both():
    answer = tapwise.pay({"cost": "{1}", "sources": [], "statics": [
        {"kind": "add_ability", "its_colors": True, "ability": {"add": "{G}"}}]})
    assert answer["status"] == "error" and "statics[0].ability" in answer["error"]


# --- at the terminal, as a player types it ------------------------------------------------------

@pytest.mark.parametrize("args, first_line", [
    # Cleric of the Forward Order {1}{W} with Edgewalker: {1} (colored only)
    (["Cleric of the Forward Order", "--board", "Wastes, Edgewalker"], "Pay {1}"),
    # Arc Lightning {2}{R}, two targets, Hinata: {R}
    (["Arc Lightning", "--board", "Mountain, Hinata, Dawn-Crowned", "--fact", "targets=2"],
     "Pay {R}"),
    # Phantasmal Bear {U} with Defiler of Dreams and no land: 2 life, {0}
    (["Phantasmal Bear", "--board", "Defiler of Dreams"], "Pay {0}"),
])
def test_the_cli_pays_cards_by_name_with_these_boards(args, first_line):
    import subprocess
    import sys

    run = subprocess.run([sys.executable, "-m", "tapwise.interfaces.cli", "pay", *args],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[0] == first_line


# --- the other queries and the dumped problem ---------------------------------------------------

def test_colored_only_and_life_reductions_in_castable_prepare_and_a_dumped_problem():
    from tapwise.models.loader import load_problem

    board = {"sources": [{"name": "Wastes"}, {"name": "Defiler of Dreams"}]}
    blue_creature = {"cost": "{1}{U}", "for": {"types": ["creature"], "colors": "U"}}
    blue_instant = {"cost": "{1}{U}", "for": {"types": ["instant"], "colors": "U"}}
    answer = tapwise.castable({**board, "costs": [blue_creature, blue_instant]})
    assert [a["status"] for a in answer["results"]] == ["paid", "infeasible"]
    prepared = tapwise.prepare(board)
    assert [prepared.pay(c)["status"] for c in (blue_creature, blue_instant)] == [
        "paid", "infeasible"]
    dumped = load_problem({**board, **blue_creature}).to_json()
    assert dumped["statics"] == [{"kind": "reduce", "cost": "{U}", "from": "Defiler of Dreams",
                                  "for": {"kind": "spell", "colors": "U",
                                          "types": ["artifact", "battle", "creature",
                                                    "enchantment", "planeswalker"]},
                                  "colored_only": True, "life": 2}]
    again = tapwise.pay(dumped)
    assert (again["status"], again["life_paid"]) == ("paid", 2)


def test_the_quick_board_does_not_ask_for_the_fact_of_an_aura_static_it_does_not_apply():
    # Nature's Embrace's static is on the enchanted permanent (noted, not applied): its
    # condition's fact is not asked for
    board = read_board("Forest, Nature's Embrace")
    assert tapwise.pay({"cost": "{G}", **board.problem_keys()})["status"] == "paid"
    assert any("Nature's Embrace: its static on the permanent it is attached to" in n
               for n in board.notes)
