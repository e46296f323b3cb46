"""``keep`` (9.5) over everything a payment can take: 9.3's keywords on the main cost and on kept
costs, and 9.1-9.2's counters, cards, other permanents and ``uses: "any"``.

Rule cases by rule number, then random small problems against the exhaustive reference
``tests/reference/keep_keywords_brute.py`` (it pays 601.2h copy by copy and judges every kept
cost on the board each payment leaves): the same status, a verified payment, ``kept`` equal to
the kept costs that pay on the board the answer leaves, and the same optimal value of every
objective and of the mana value kept. A longer run: ``python -P tests/test_keep_keywords.py
keywords|board N SEED``.
"""

from __future__ import annotations

import copy
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import tapwise  # noqa: E402
from tapwise.models.loader import load_problem  # noqa: E402
from tapwise.solver.queries.keep import board_left, without_keep
from tapwise.solver.queries.kept import check_kept  # noqa: E402
from tapwise.solver.verify.replay import verify  # noqa: E402

from keyword_problems import keyword_problem  # noqa: E402
from reference.brute import TooBig, Unsupported  # noqa: E402
from reference.keep_brute import mana_value  # noqa: E402
from reference.keep_keywords_brute import brute_keep_keywords  # noqa: E402

ELVES = {"id": "elf", "types": ["creature"], "colors": "G", "abilities": [], "count": 2}


def _tapped_in_601_2h(answer: dict) -> list[str]:
    return [item.get("convoke") or item.get("improvise") for pay in answer["payments"] for item in pay["mana"]
            if "convoke" in item or "improvise" in item]


# -- rule cases ----------------------------------------------------------------------------------


def test_702_51_a_creature_convoked_cannot_pay_the_kept_cost_later():
    # {1}{G} convoked by both Elves leaves the Forest for a kept {G}; tapping the Forest would not.
    problem = {"cost": "{1}{G}", "convoke": True, "keep": [{"cost": "{G}"}],
               "sources": [{"name": "Forest"}, ELVES]}
    answer = tapwise.pay(problem)
    assert answer["status"] == "paid" and answer["kept"] == [0]
    assert answer["activations"] == [] and _tapped_in_601_2h(answer) == ["elf", "elf"]
    # Kept {1}{1}{G}: the two Elves and the Forest were all it could use; none is left.
    problem["keep"] = [{"cost": "{2}{G}", "convoke": True}]
    answer = tapwise.pay(problem)
    assert answer["kept"] == []


def test_702_51_a_kept_spell_with_convoke_gets_the_creatures_the_payment_leaves():
    # The main {G} from the Forest leaves both Elves to convoke a kept {1}{G}.
    problem = {"cost": "{G}", "keep": [{"cost": "{1}{G}", "convoke": True}],
               "sources": [{"name": "Forest"}, ELVES, {"name": "Llanowar Elves", "id": "llanowar"}]}
    answer = tapwise.pay(problem)
    assert answer["kept"] == [0]
    left = board_left(load_problem({k: v for k, v in problem.items() if k != "keep"}), answer)
    assert sum(s.count - s.tapped for s in left.sources if "creature" in s.types) >= 2


def test_702_126_an_improvised_artifact_is_tapped_on_the_board_left():
    stone = {"id": "mind stone", "types": ["artifact"], "abilities": [{"add": "{C}"}]}
    problem = {"cost": "{1}{U}", "improvise": True, "keep": [{"cost": "{C}"}],
               "sources": [{"name": "Island"}, stone]}
    answer = tapwise.pay(problem)
    assert answer["status"] == "paid" and answer["kept"] == []  # the Stone pays {1}, by mana or improvise
    if _tapped_in_601_2h(answer):
        left = board_left(load_problem({k: v for k, v in problem.items() if k != "keep"}), answer)
        assert [s.tapped for s in left.sources if s.id == "mind stone"] == [1]
    problem["sources"][0]["count"] = 2  # two Islands pay: the Stone stays for {C}
    answer = tapwise.pay(problem)
    assert answer["kept"] == [0] and _tapped_in_601_2h(answer) == []
    problem["objective"] = ["min_sources", "max_keep"]
    problem["sources"][0]["count"] = 1
    problem["sources"].append({**stone, "id": "ornithopter", "abilities": []})
    answer = tapwise.pay(problem)  # improvising the Ornithopter leaves the Stone untapped
    assert answer["kept"] == [0] and _tapped_in_601_2h(answer) == ["ornithopter"]


def test_702_66_a_kept_spell_that_also_delves_finds_what_the_payment_left():
    # Three cards in the graveyard: delving two for the main {2} leaves one for the kept {1}.
    problem = {"cost": "{2}", "delve": True, "graveyard": 3, "keep": [{"cost": "{1}", "delve": True}],
               "sources": []}
    answer = tapwise.pay(problem)
    assert answer["status"] == "paid" and answer["delved"] == 2 and answer["kept"] == [0]
    problem["keep"] = [{"cost": "{2}", "delve": True}]
    answer = tapwise.pay(problem)
    assert answer["kept"] == []
    # With a Swamp the main cost delves one card and taps the Swamp: the kept {2} delves two.
    problem["sources"] = [{"name": "Swamp"}]
    answer = tapwise.pay(problem)
    assert answer["kept"] == [0] and answer["delved"] == 1


def test_601_2h_other_costs_sacrifice_leaves_no_victim_for_a_kept_tap_other():
    drum = {"id": "drum", "types": ["artifact"], "abilities": [{"add": {"any_color": 1},
                                                                 "tap_other": {"types": ["creature"]}}]}
    problem = {"cost": "{R}", "other_costs": {"sacrifice_other": {"types": ["creature"]}},
               "keep": [{"cost": "{G}"}],
               "sources": [{"name": "Mountain"}, drum, {**ELVES, "count": 2}]}
    answer = tapwise.pay(problem)
    assert answer["kept"] == [0] and answer["other_costs"]["sacrificed"] == ["elf"]
    problem["sources"][2]["count"] = 1  # the only Elf is sacrificed: the Drum has nothing to tap
    answer = tapwise.pay(problem)
    assert answer["kept"] == []


def test_9_2_a_kept_cost_that_sacrifices_and_taps_needs_two_creatures_left():
    # Ashnod's Altar sacrifices one Bear for the main {C}{C} and the Drum taps the other (the
    # tapped one is the one sacrificed): one untapped Bear is left. A kept {1} that convokes
    # needs one; a kept {1} whose own cost taps a creature needs the Altar's {C}{C} too, so a
    # Bear to sacrifice and another to tap: not there.
    drum = {"id": "drum", "types": ["artifact"],
            "abilities": [{"add": {"any_color": 1}, "tap_other": {"types": ["creature"]}}]}
    altar = {"id": "ashnod", "types": ["artifact"], "abilities": [
        {"add": "{C}{C}", "tap": False, "uses": "any", "sacrifice_other": {"types": ["creature"]}}]}
    bears = {"id": "bear", "types": ["creature"], "colors": "G", "abilities": [], "count": 2}
    problem = {"cost": "{C}{C}{G}", "keep": [{"cost": "{1}", "convoke": True}], "sources": [drum, altar, bears]}
    assert tapwise.pay(problem)["kept"] == [0]
    problem["keep"] = [{"cost": "{1}", "other_costs": {"tap_other": {"types": ["creature"]}}}]
    answer = tapwise.pay(problem)
    assert answer["status"] == "paid" and answer["kept"] == []
    assert check(problem)


def test_601_2h_other_costs_discard_leaves_fewer_cards_for_a_kept_discard():
    problem = {"cost": "{0}", "hand": 2, "other_costs": {"discard": 1},
               "keep": [{"cost": "{0}", "other_costs": {"discard": 2}}], "sources": []}
    assert tapwise.pay(problem)["kept"] == []
    problem["hand"] = 3
    assert tapwise.pay(problem)["kept"] == [0]


def test_a_discarded_card_is_in_the_graveyard_for_a_kept_delve():
    looter = {"id": "looter", "types": ["artifact"], "abilities": [{"add": "{U}", "discard": 1}]}
    problem = {"cost": "{U}", "hand": 1, "keep": [{"cost": "{1}", "delve": True}], "sources": [looter]}
    answer = tapwise.pay(problem)
    assert answer["discarded"] == 1 and answer["kept"] == [0]


def test_counters_removed_by_one_copy_of_several_leave_the_others_whole():
    vivid = {"id": "vivid", "types": ["land"], "count": 2, "counters": {"charge": 1},
             "abilities": [{"add": "{U}"}, {"add": {"any_color": 1}, "remove_counters": {"charge": 1}}]}
    problem = {"cost": "{R}", "keep": [{"cost": "{G}"}], "sources": [vivid]}
    answer = tapwise.pay(problem)
    assert answer["kept"] == [0]
    left = board_left(load_problem({k: v for k, v in problem.items() if k != "keep"}), answer)
    assert sorted((s.count, s.tapped, dict(s.counters)["charge"]) for s in left.sources) == [(1, 0, 1), (1, 1, 0)]


def test_uses_any_spends_the_life_a_kept_cost_needs():
    altar = {"id": "altar", "types": ["artifact"], "abilities": [{"add": "{B}", "tap": False, "uses": "any",
                                                                  "life": 2}]}
    problem = {"cost": "{B}{B}", "player": {"life": 5}, "keep": [{"cost": "{B}"}], "sources": [altar]}
    answer = tapwise.pay(problem)
    assert answer["life_paid"] == 4 and answer["kept"] == []  # 1 life left: 2 more would need 3
    problem["player"]["life"] = 7
    assert tapwise.pay(problem)["kept"] == [0]


def test_counts_with_keep_is_an_error_naming_the_key():
    treasure = {"id": "treasure", "types": ["artifact"], "counts": ["artifact you control"],
                "abilities": [{"add": {"any_color": 1}, "sacrifice": True}]}
    board = {"sources": [treasure], "facts": {"artifact you control": 1}, "keep": [{"cost": "{1}"}]}
    answer = tapwise.pay({**board, "cost": "{1}"})
    assert answer["status"] == "error" and answer["error"].startswith("sources[0].counts: keep"), answer
    answer = tapwise.plan({**board, "costs": [{"cost": "{1}"}]})
    assert answer["status"] == "error" and answer["error"].startswith("sources[0].counts: keep"), answer
    assert tapwise.pay({**board, "cost": "{1}", "keep": []})["status"] == "paid"  # without kept costs: paid


# -- against the reference -----------------------------------------------------------------------

KEPT_SYMBOLS = ["{G}", "{W}", "{U}", "{B}", "{1}", "{2}", "{C}", "{G/W}"]
KEPT_KEYS = [{}, {}, {"convoke": True}, {"improvise": True}, {"delve": True},
             {"other_costs": {"sacrifice_other": {"types": ["creature"]}}},
             {"other_costs": {"tap_other": {"types": ["artifact", "creature"]}}},
             {"other_costs": {"discard": 1}}, {"other_costs": {"exile_graveyard": 1}}]


def _kept(rng: random.Random) -> dict[str, Any]:
    out: dict[str, Any] = {"cost": "".join(rng.choice(KEPT_SYMBOLS) for _ in range(rng.randint(1, 2)))}
    out.update(copy.deepcopy(rng.choice(KEPT_KEYS)))
    return out


def keyword_keep_problem(rng: random.Random) -> dict[str, Any]:
    """A random 9.3 problem (tests/keyword_problems.py) with one or two kept costs."""
    problem = keyword_problem(rng)
    problem["keep"] = [_kept(rng) for _ in range(rng.randint(1, 2))]
    if "objective" in problem and rng.random() < 0.5:
        problem["objective"].insert(rng.randint(0, len(problem["objective"])), "max_keep")
    return problem


BOARD_SOURCES = [
    {"id": "vivid", "types": ["land"], "counters": {"charge": 1},
     "abilities": [{"add": "{U}"}, {"add": {"any_color": 1}, "remove_counters": {"charge": 1}}]},
    {"id": "storage", "types": ["land"], "counters": {"storage": 2},
     "abilities": [{"add": "{C}"}, {"add": "{B}", "mana": "{1}", "times": {"remove": "storage"}}]},
    {"id": "battery", "types": ["artifact"], "counters": {"charge": 2},
     "abilities": [{"add": "{R}", "tap": False, "uses": "any", "remove_counters": {"charge": 1}}]},
    {"id": "altar", "types": ["artifact"], "abilities": [{"add": "{B}", "tap": False, "uses": "any", "life": 2}]},
    {"id": "looter", "types": ["artifact"], "abilities": [{"add": "{U}", "discard": 1}]},
    {"id": "mill rock", "types": ["artifact"], "abilities": [{"add": "{B}", "mill": 1}]},
    {"id": "crypt", "types": ["land"], "abilities": [{"add": "{G}", "exile_graveyard": 1}]},
    {"id": "springleaf drum", "types": ["artifact"],
     "abilities": [{"add": {"any_color": 1}, "tap_other": {"types": ["creature"]}}]},
    {"id": "ashnod", "types": ["artifact"],
     "abilities": [{"add": "{C}{C}", "tap": False, "uses": "any", "sacrifice_other": {"types": ["creature"]}}]},
    {"id": "treasure", "types": ["artifact"], "abilities": [{"add": {"any_color": 1}, "sacrifice": True}]},
    {"id": "ritual", "types": ["creature"], "colors": "B", "abilities": [{"add": "{B}", "tap": False, "uses": 2}]},
    {"id": "depletion", "types": ["land"], "abilities": [{"add": "{W}{W}", "put_counters": {"depletion": 1}}]},
]
BOARD_LANDS = [{"name": "Forest"}, {"name": "Swamp"}, {"name": "Island"}, {"name": "Wastes"}]


def board_keep_problem(rng: random.Random) -> dict[str, Any]:
    """A random board with counters, cards, other permanents and ``uses: "any"``, one or two kept
    costs (some with 9.3 keys), and now and then a 9.3 key on the main cost."""
    sources = [{**land, "count": rng.randint(1, 2)} for land in rng.sample(BOARD_LANDS, rng.randint(0, 2))]
    for s in rng.sample(BOARD_SOURCES, rng.randint(1, 3)):
        sources.append({**copy.deepcopy(s), "count": 1 if s["id"] == "storage" else rng.randint(1, 2)})
    if rng.random() < 0.6:
        sources.append({"id": "bear", "types": ["creature"], "colors": "G", "abilities": [],
                        "count": rng.randint(1, 2)})
    problem: dict[str, Any] = {"cost": "".join(rng.choice(KEPT_SYMBOLS) for _ in range(rng.randint(1, 3))),
                               "sources": sources, "player": {"life": rng.choice([3, 5, 20])}}
    for key, top in (("hand", 2), ("graveyard", 2)):
        if rng.random() < 0.7:
            problem[key] = rng.randint(0, top)
    if rng.random() < 0.3:
        problem["library"] = rng.randint(0, 2)
    problem["keep"] = [_kept(rng) for _ in range(rng.randint(1, 2))]
    if rng.random() < 0.2:
        names = ["min_sources", "min_cards", "min_life", "min_counters", "min_sacrifices"]
        problem["objective"] = rng.sample(names, rng.randint(1, 2))
        if rng.random() < 0.5:
            problem["objective"].insert(rng.randint(0, len(problem["objective"])), "max_keep")
    if rng.random() < 0.3:  # the main cost with a 9.3 key of its own, on this board
        problem.update(copy.deepcopy(rng.choice(KEPT_KEYS[2:])))
    return problem


def check(problem: dict[str, Any]) -> bool:
    """``pay`` agrees with the reference on ``problem``; False when the reference can't judge it."""
    try:
        expected = brute_keep_keywords(copy.deepcopy(problem))
    except (TooBig, Unsupported):
        return False
    answer = tapwise.pay(copy.deepcopy(problem))
    shown = json.dumps(problem)
    assert answer.get("status") == expected["status"], f"{answer}\nreference {expected}\nproblem: {shown}"
    if answer["status"] != "paid":
        return True
    loaded = load_problem(copy.deepcopy(problem))
    plain = {**answer, "objective": {k: v for k, v in answer["objective"].items() if k != "max_keep"}}
    assert verify(without_keep(loaded), plain) == [], shown
    assert check_kept(loaded, answer) == [], f"{answer}\nproblem: {shown}"
    assert answer["optimal"] is True, f"{answer}\nproblem: {shown}"  # the reference knows the optimum (issue 44)
    assert answer["objective"] == expected["objective"], f"{answer}\nreference {expected}\nproblem: {shown}"
    if "max_keep" in loaded.objective:
        value = sum(mana_value(problem["keep"][i]) for i in answer["kept"])
        assert value == expected["kept_mana_value"], f"{answer}\nreference {expected}\nproblem: {shown}"
    return True


@pytest.mark.parametrize("seed", range(120))
def test_keywords_with_keep_against_reference(seed):
    check(keyword_keep_problem(random.Random(seed)))


@pytest.mark.parametrize("seed", range(120))
def test_board_with_keep_against_reference(seed):
    check(board_keep_problem(random.Random(10_000 + seed)))


def check_forced(problem: dict[str, Any]) -> bool:
    """The keep model alone (step 1's shortcut skipped) agrees with the reference: the kept count
    and mana value and every objective of its verified payment, when it is optimal."""
    from tapwise.solver.queries import keep as keep_module
    from tapwise.solver.queries.keep import most_left
    from tapwise.solver.queries.kept import payable_on
    from tapwise.solver.queries.pay import pay  # the model's answer is checked by what pay pays

    try:
        expected = brute_keep_keywords(copy.deepcopy(problem))
    except (TooBig, Unsupported):
        return False
    loaded = load_problem(copy.deepcopy(problem))
    if expected["status"] != "paid" or "max_keep" not in loaded.objective:
        return True
    main = without_keep(loaded)
    possible = payable_on(loaded.keep, most_left(main))
    got = keep_module._solve_model(loaded, main, possible, pay)  # raises KeepError on a wrong claim
    shown = json.dumps(problem)
    assert got is not None, shown
    answer, kept = got
    assert payable_on(loaded.keep, board_left(main, answer)) == kept, shown
    if answer.get("optimal", True):
        value = sum(mana_value(problem["keep"][i]) for i in kept)
        assert (len(kept), value) == (expected["kept_count"], expected["kept_mana_value"]), \
            f"{kept} {answer['objective']}\nreference {expected}\nproblem: {shown}"
        got_values = {**answer["objective"], "max_keep": len(kept)}
        assert {k: got_values[k] for k in expected["objective"]} == expected["objective"], \
            f"{answer['objective']}\nreference {expected}\nproblem: {shown}"
    return True


@pytest.mark.parametrize("seed", range(40))
def test_the_keep_model_alone_against_reference(seed):
    rng = random.Random(30_000 + seed)
    check_forced(keyword_keep_problem(rng) if seed % 2 else board_keep_problem(rng))


def _sweep(kind: str, n: int, seed: int) -> int:
    make = {"keywords": keyword_keep_problem, "board": board_keep_problem, "forced-keywords": keyword_keep_problem,
            "forced-board": board_keep_problem}[kind]
    judge = check_forced if kind.startswith("forced") else check
    rng = random.Random(seed)
    bad = skipped = 0
    for i in range(n):
        problem = make(rng)
        try:
            skipped += 0 if judge(problem) else 1
        except AssertionError as e:
            bad += 1
            if bad <= 3:
                print(f"problem {i}: {str(e)[:3000]}\n")
    print(f"{kind}: {n} problems (seed {seed}): {bad} disagreements, {skipped} too big for the reference")
    return bad


if __name__ == "__main__":
    sys.exit(1 if _sweep(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])) else 0)
