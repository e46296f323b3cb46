"""Answers by hand for the mutants tools/mutation.py found alive (issue 44, docs/verifier.md).

Each test states what the rules say about one answer: a legal one that both the full replay and
the quick plain checker (solver/verify/plain.py) accept, and where a mutant let an illegal one
through, that answer's exact errors (and the quick checker's refusal, so it can't pass it on).
"""

from __future__ import annotations

import copy
from typing import Any

from tapwise.models.loader import load_problem
from tapwise.solver.verify import plain as verify_plain
from tapwise.solver.verify.replay import replay, verify


def act(source: str, adds: str, ability: int = 0, times: int = 1) -> dict[str, Any]:
    return {"source": source, "ability": ability, "adds": adds, "times": times}


def paid(symbol: str, *mana: tuple[str, str]) -> dict[str, Any]:
    return {"symbol": symbol, "mana": [{"type": t, "source": s} for t, s in mana]}


def answer(
    total: str,
    activations: list,
    payments: list,
    colors: list[str],
    *,
    sources: int,
    life: int = 0,
    energy: int = 0,
    waste: int = 0,
    left: dict | None = None,
    x: int = 0,
) -> dict[str, Any]:
    left = left or {}
    return {
        "status": "paid",
        "optimal": True,
        "x": x,
        "total_cost": total,
        "announce": {"hybrid": [], "phyrexian_life": 0},
        "activations": activations,
        "payments": payments,
        "life_paid": life,
        "damage": 0,
        "energy_paid": energy,
        "sources_used": sources,
        "sacrificed": 0,
        "colors_spent": colors,
        "counters": None,
        "left_over": [f"{{{t}}}" for t, n in sorted(left.items()) for _ in range(n)],
        "left_over_counts": left,
        "objective": {
            "min_life": life,
            "min_sacrifices": 0,
            "min_sources": sources,
            "min_waste": waste,
        },
    }


def legal(problem: dict, a: dict, *, plain: bool = True) -> None:
    p = load_problem(problem)
    assert replay(p, copy.deepcopy(a)) == []
    assert verify(p, copy.deepcopy(a)) == []
    assert verify_plain.accepts(p, copy.deepcopy(a), {}) is plain


def illegal(problem: dict, a: dict, errors: list[str]) -> None:
    p = load_problem(problem)
    assert replay(p, copy.deepcopy(a)) == errors
    assert verify(p, copy.deepcopy(a)) == errors
    assert verify_plain.accepts(p, copy.deepcopy(a), {}) is False


TWO_TAPS = {
    "cost": "{C}{R}",
    "sources": [{"id": "Land", "abilities": [{"add": "{C}"}, {"add": "{R}"}]}],
}


def test_118_3_one_copy_with_two_tap_abilities_taps_once():
    """118.3: a permanent already tapped can't be tapped to pay a cost: one Land with two {T}
    abilities makes {C} or {R}, never both (the quick checker counted taps per ability)."""
    legal(
        {**TWO_TAPS, "cost": "{R}"},
        answer("{R}", [act("Land", "{R}", 1)], [paid("{R}", ("R", "Land"))], ["R"], sources=1),
    )
    both = answer(
        "{C}{R}",
        [act("Land", "{C}"), act("Land", "{R}", 1)],
        [paid("{C}", ("C", "Land")), paid("{R}", ("R", "Land"))],
        ["R"],
        sources=2,
    )
    illegal(
        TWO_TAPS, both, ["activations[1]: Land is tapped more often than it has untapped copies"]
    )


SNOW = {
    "cost": "{S}{G}",
    "sources": [
        {"id": "Snow Forest", "snow": True, "abilities": [{"add": "{G}"}]},
        {"id": "Forest", "abilities": [{"add": "{G}"}]},
    ],
}


def test_107_4h_snow_mana_pays_s_and_other_mana_does_not():
    """107.4h: {S} is paid with one mana from a snow source. The snow Forest's {G} pays it, the
    plain Forest's {G} pays {G} (the quick checker reads both); swapped, {S} is paid with mana
    from a source that isn't snow."""
    ok = answer(
        "{S}{G}",
        [act("Snow Forest", "{G}"), act("Forest", "{G}")],
        [paid("{S}", ("G", "Snow Forest")), paid("{G}", ("G", "Forest"))],
        ["G"],
        sources=2,
    )
    legal(SNOW, ok)
    bad = answer(
        "{S}{G}",
        [act("Snow Forest", "{G}"), act("Forest", "{G}")],
        [paid("{S}", ("G", "Forest")), paid("{G}", ("G", "Snow Forest"))],
        ["G"],
        sources=2,
    )
    illegal(SNOW, bad, ["payments[0]: {G} can't pay {S}"])


ENERGY = {
    "cost": "{R}{R}",
    "player": {"energy": 3},
    "sources": [
        {
            "id": "Cell",
            "types": ["artifact"],
            "abilities": [{"add": "{R}", "tap": False, "energy": 1, "uses": 2}],
        }
    ],
}


def test_107_14_energy_paid_twice_for_two_activations():
    """107.14: each activation pays its {E}; two activations of Cell pay 2 of the 3 energy, and
    the quick checker reads that answer as it is."""
    a = answer(
        "{R}{R}",
        [act("Cell", "{R}", times=2)],
        [paid("{R}", ("R", "Cell")), paid("{R}", ("R", "Cell"))],
        ["R"],
        sources=1,
        energy=2,
    )
    legal(ENERGY, a)
    a["energy_paid"] = 1
    illegal(ENERGY, a, ["energy_paid says 1 but the payment gives 2"])


# -- what one mana may pay: verify_mana._mana_ok, the check both verifiers share ---------------

from tapwise.models.mana import Symbol  # noqa: E402
from tapwise.solver.verify.mana import _mana_ok  # noqa: E402

S, X, R, C, ONE, CW = (Symbol.parse(t) for t in ("{S}", "{X}", "{R}", "{C}", "{1}", "{C/W}"))
MANA_CASES = [
    # (symbol, mana type, snow, achroma, spend_as, x_color, may pay), each from the rules
    (R, "R", False, False, None, None, True),  # 107.4
    (R, "G", False, False, None, None, False),
    (R, "G", False, False, "any_color", None, True),  # spec 8 spend_as: a colored half
    (C, "G", False, False, "any_color", None, False),  # any_color never pays {C}
    (C, "G", False, False, "any_type", None, True),  # 118.14-style: every type lifted
    (S, "C", True, True, None, None, True),  # 702.86: {S} with colorless snow mana only
    (S, "G", True, True, None, None, False),
    (S, "C", False, True, None, None, False),  # 107.4h: snow needed
    (S, "G", True, True, "any_type", None, True),  # spend_as any_type lifts Achroma's type
    (S, "G", True, True, "any_color", None, False),  # any_color doesn't
    (S, "G", False, False, "any_type", None, False),  # snow is still needed for {S}
    (X, "C", False, True, None, None, True),  # 702.86: X in the own cost, colorless only
    (X, "G", False, True, None, None, False),
    (X, "G", False, False, None, None, True),
    (X, "G", False, True, "any_type", None, True),
    (X, "G", False, False, None, "R", False),  # "only red mana on X"
    (X, "R", False, False, None, "R", True),
    (X, "G", False, False, "any_color", "R", True),  # 609.4b meets the X color
    (X, "G", False, False, "any_type", "R", True),
    (ONE, "G", False, True, None, None, False),  # 702.86: generic, colorless only
    (ONE, "C", False, True, None, None, True),
    (ONE, "G", False, True, "any_type", None, True),
    (ONE, "G", False, True, "any_color", None, False),  # not Achroma's colorless-only generic
    (CW, "C", False, False, None, None, True),  # {C/W}: colorless or white mana
    (CW, "W", False, False, None, None, True),
    (CW, "G", False, False, None, None, False),
]


def test_what_one_mana_may_pay():
    """The spec's section 8 (spend_as, achroma) and 107.4 / 702.86 / 609.4b, one row each."""
    got = [
        _mana_ok(sym, t, snow, achroma_own=ach, spend_as=how, x_color=xc)
        for sym, t, snow, ach, how, xc, _ in MANA_CASES
    ]
    assert got == [row[-1] for row in MANA_CASES]


# -- counters (spec 9.1-9.2): verify_board.BoardState ------------------------------------------


def v2(a: dict[str, Any], counters: int) -> dict[str, Any]:
    """A version-2 answer: 9.6's objectives and fields, ``counters`` counters removed."""
    o = a["objective"]
    a["objective"] = {
        "min_life": o["min_life"],
        "min_sacrifices": 0,
        "min_drawbacks": 0,
        "min_cards": 0,
        "min_counters": counters,
        "min_sources": o["min_sources"],
        "min_waste": o["min_waste"],
    }
    return {**a, "discarded": 0, "counters_removed": counters, "drawbacks": []}


TANK = {
    "cost": "{G}{G}",
    "sources": [
        {
            "id": "Tank",
            "types": ["artifact"],
            "counters": {"charge": 3},
            "abilities": [
                {"add": "{G}", "remove_counters": {"charge": 1}, "times": {"remove": "charge"}}
            ],
        }
    ],
}


def test_9_2_remove_amount_counts_the_counters_its_cost_removed():
    """9.2: Tank's cost removes one charge counter, then it removes any number of the rest and
    adds {G} for each: of 3 counters, 2 at most are left to remove."""
    a = answer(
        "{G}{G}",
        [{**act("Tank", "{G}{G}"), "removed": 2}],
        [paid("{G}", ("G", "Tank")), paid("{G}", ("G", "Tank"))],
        ["G"],
        sources=1,
    )
    legal(TANK, v2(a, 3), plain=False)
    bad = answer(
        "{G}{G}",
        [{**act("Tank", "{G}{G}{G}"), "removed": 3}],
        [paid("{G}", ("G", "Tank")), paid("{G}", ("G", "Tank"))],
        ["G"],
        sources=1,
        waste=1,
        left={"G": 1},
    )
    p = load_problem(TANK)
    errors = replay(p, copy.deepcopy(v2(bad, 4)))
    # the activation is refused, so nothing it made pays: the rest follow from that one
    assert errors[0] == "activations[0]: Tank removes 3 charge counters; it may remove 0 to 2"
    assert (
        errors[1]
        == "payments[0]: no {G} from Tank that may be spent here is in the pool at that moment"
    )
    assert verify(p, v2(bad, 4)) == errors


ACHROMA = {
    "cost": "{1}",
    "keywords": ["achroma"],
    "sources": [
        {"id": "Forest", "abilities": [{"add": "{G}"}]},
        {"id": "Wastes", "abilities": [{"add": "{C}"}]},
    ],
}


def test_702_86a_achroma_generic_is_paid_with_colorless_mana_only():
    """702.86a: the object's own generic mana can be paid only with colorless mana."""
    legal(
        ACHROMA,
        answer("{1}", [act("Wastes", "{C}")], [paid("{1}", ("C", "Wastes"))], [], sources=1),
        plain=False,
    )
    bad = answer("{1}", [act("Forest", "{G}")], [paid("{1}", ("G", "Forest"))], ["G"], sources=1)
    p = load_problem(ACHROMA)
    errors = [
        "payments[0]: Achroma lets only colorless mana pay the object's own generic (702.86a)"
    ]
    assert replay(p, copy.deepcopy(bad)) == errors
    assert verify(p, copy.deepcopy(bad)) == errors


def test_106_4_left_over_claimed_when_the_pool_is_empty():
    """The answer's left_over names mana the pool doesn't hold: the message says the pool holds
    nothing."""
    a = answer("{R}", [act("Land", "{R}", 1)], [paid("{R}", ("R", "Land"))], ["R"], sources=1)
    a["left_over"] = ["{R}"]
    illegal(
        {**TWO_TAPS, "cost": "{R}"},
        a,
        ["left_over doesn't match the mana left in the pool (nothing)"],
    )


BOARD_ADDS = {
    "cost": "{U}{U}{W}{U}{C}{G}{B}",
    "facts": {"n": 2},
    "sources": [
        {"id": "Twin", "types": ["artifact"], "abilities": [{"add": {"one_color": 2}}]},
        {
            "id": "Pair",
            "types": ["artifact"],
            "abilities": [{"add": {"each_color": 1, "of": "WU"}}],
        },
        {"id": "Prism", "types": ["artifact"], "abilities": [{"add": {"any_type": 1}}]},
        {"id": "Lots", "types": ["artifact"], "abilities": [{"add": {"any_color": {"fact": "n"}}}]},
    ],
}


def _board_adds() -> dict[str, Any]:
    a = answer(
        "{U}{U}{W}{U}{C}{G}{B}",
        [act("Twin", "{U}{U}"), act("Pair", "{W}{U}"), act("Prism", "{C}"), act("Lots", "{G}{B}")],
        [
            paid("{U}", ("U", "Twin")),
            paid("{U}", ("U", "Twin")),
            paid("{W}", ("W", "Pair")),
            paid("{U}", ("U", "Pair")),
            paid("{C}", ("C", "Prism")),
            paid("{G}", ("G", "Lots")),
            paid("{B}", ("B", "Lots")),
        ],
        ["W", "U", "B", "G"],
        sources=4,
    )
    return v2(a, 0)


def test_9_2_adds_that_read_the_board():
    """9.2's add forms: two mana of one color (any of the five by default), one of each color
    named, one mana of any type (colorless too), n mana of any colors with n a fact (2)."""
    legal(BOARD_ADDS, _board_adds(), plain=False)
    p = load_problem(BOARD_ADDS)
    for i, (source, wrong) in enumerate(
        [("Twin", "{U}{R}"), ("Pair", "{W}{W}"), ("Prism", "{C}{C}"), ("Lots", "{G}{B}{R}")]
    ):
        bad = _board_adds()
        bad["activations"][i]["adds"] = wrong
        errors = replay(p, copy.deepcopy(bad))
        assert errors[0] == f"activations[{i}]: {source} ability 0 can't add {wrong!r}", errors
        assert verify(p, copy.deepcopy(bad)) == errors


DRUID = {
    "cost": "{G}{G}",
    "sources": [
        {
            "id": "Druid",
            "types": ["creature"],
            "abilities": [
                {
                    "add": "{G}",
                    "tap": False,
                    "uses": 3,
                    "tap_other": {"n": 1, "types": ["creature"]},
                }
            ],
        },
        {"id": "Elf", "types": ["creature"], "count": 2, "abilities": [{"add": "{R}"}]},
    ],
}


def _druid(times: int, tapped: list[str]) -> dict[str, Any]:
    # spec 9.6: a copy tapped for tap_other counts in min_sources (Druid and the Elves it tapped)
    a = answer(
        "{G}" * times,
        [{**act("Druid", "{G}", times=times), "tapped": tapped}],
        [paid("{G}", ("G", "Druid")) for _ in range(times)],
        ["G"],
        sources=1 + times,
    )
    return v2(a, 0)


def test_118_3_tap_other_taps_untapped_copies_only():
    """9.2 tap_other: each activation of Druid taps an untapped creature; its two Elves pay two
    activations, a third finds no untapped Elf (118.3)."""
    legal(DRUID, _druid(2, ["Elf", "Elf"]), plain=False)
    p = load_problem({**DRUID, "cost": "{G}{G}{G}"})
    bad = _druid(3, ["Elf", "Elf", "Elf"])
    bad["objective"]["min_sources"] = bad["sources_used"] = 3  # Druid and the two Elves, still
    errors = replay(p, copy.deepcopy(bad))
    assert errors == ["activations[0]: no untapped copy of Elf is left to tap"]
    assert verify(p, copy.deepcopy(bad)) == errors
    bad = _druid(2, ["Elf", "Druid"])  # Druid is a creature, but no "self": it can't tap itself
    errors = replay(load_problem(DRUID), copy.deepcopy(bad))
    assert errors[0].startswith("activations[0]: Druid can't tap itself"), errors


REEF = {"cost": "{R}", "sources": [{"id": "Reef", "abilities": [{"add": "{R}", "damage": 1}]}]}


def test_damage_of_a_mana_ability_is_reported():
    """A painland's {T}: add {R}, 1 damage to you: damage 1, no life paid, and min_life counts
    both (spec 8); an answer that hides the damage is refused by both checkers."""
    a = answer("{R}", [act("Reef", "{R}")], [paid("{R}", ("R", "Reef"))], ["R"], sources=1)
    a["damage"] = 1
    a["objective"]["min_life"] = 1
    legal(REEF, a)
    a["damage"] = 0
    a["objective"]["min_life"] = 0
    illegal(
        REEF,
        a,
        [
            "damage says 0 but the payment gives 1",
            "objective min_life says 0 but the payment gives 1",
        ],
    )


PHYREXIAN = {
    "cost": "{R}{G/P}",
    "player": {"life": 10},
    "sources": [{"id": "Mountain", "abilities": [{"add": "{R}"}]}],
}


def test_107_4f_a_phyrexian_symbol_is_paid_with_exactly_2_life():
    """107.4f: {G/P} may be paid with 2 life, not 3; the message names the payment."""
    a = answer(
        "{R}{G/P}",
        [act("Mountain", "{R}")],
        [paid("{R}", ("R", "Mountain")), {"symbol": "{G/P}", "life": 2}],
        ["R"],
        sources=1,
        life=2,
    )
    a["announce"]["phyrexian_life"] = 1  # one Phyrexian symbol paid with life
    legal(PHYREXIAN, a)
    a["payments"][1]["life"] = a["life_paid"] = a["objective"]["min_life"] = 3
    illegal(PHYREXIAN, a, ["payments[1]: {G/P} can't be paid with 3 life"])


def _orchard(cost: str, reflected: str) -> tuple[dict[str, Any], dict[str, Any]]:
    problem = {
        "cost": cost,
        "sources": [
            {"id": "Forest", "abilities": [{"add": "{G}"}]},
            {"id": "Gate", "subtypes": ["gate"], "abilities": [{"add": "{W}"}]},
            {
                "id": "Orchard",
                "abilities": [
                    {"add": {"reflect": "lands_you_control", "lands": {"subtypes": ["gate"]}}}
                ],
            },
        ],
    }
    a = answer(
        cost,
        [act("Forest", "{G}"), act("Gate", "{W}"), act("Orchard", f"{{{reflected}}}")],
        [
            paid("{G}", ("G", "Forest")),
            paid("{W}", ("W", "Gate")),
            paid(f"{{{reflected}}}", (reflected, "Orchard")),
        ],
        ["W", "G"],
        sources=3,
    )
    return problem, v2(a, 0)


def test_106_7_a_reflecting_land_makes_what_the_lands_it_names_could_produce():
    """106.7: "one mana of any type that a Gate you control could produce": the Gate's {W}, not
    the Forest's {G} (the Forest is no Gate)."""
    problem, a = _orchard("{G}{W}{W}", "W")
    legal(problem, a, plain=False)
    problem, bad = _orchard("{G}{G}{W}", "G")
    p = load_problem(problem)
    errors = replay(p, copy.deepcopy(bad))
    assert errors[0] == "activations[2]: Orchard ability 0 can't add '{G}'", errors
    assert verify(p, copy.deepcopy(bad)) == errors


ALTAR = {
    "cost": "{C}{C}{G}",
    "sources": [
        {
            "id": "Altar",
            "types": ["artifact"],
            "abilities": [
                {
                    "add": "{C}{C}",
                    "tap": False,
                    "uses": "any",
                    "sacrifice_other": {"n": 1, "types": ["creature"]},
                }
            ],
        },
        {"id": "Elf", "types": ["creature"], "count": 2, "abilities": [{"add": "{G}"}]},
    ],
}


def _altar(cost: str, times: int, victims: list[str]) -> dict[str, Any]:
    a = answer(
        cost,
        [{**act("Altar", "{C}{C}", times=times), "sacrificed": victims}, act("Elf", "{G}")],
        [paid("{C}", ("C", "Altar")) for _ in range(2 * times)] + [paid("{G}", ("G", "Elf"))],
        ["G"],
        sources=2,
    )
    a = v2(a, 0)
    # spec 9.7: min_sacrifices counts the permanents sacrificed, by any ability
    a["objective"]["min_sacrifices"] = a["sacrificed"] = len(victims)
    return a


def test_9_2_an_elf_sacrificed_untapped_leaves_the_other_to_tap():
    """Altar sacrifices one of two untapped Elves ({C}{C}); the other Elf still taps for {G}.
    Both sacrificed, no Elf is left to tap (118.3: a cost needs what it takes)."""
    legal(ALTAR, _altar("{C}{C}{G}", 1, ["Elf"]), plain=False)
    problem = {**ALTAR, "cost": "{C}{C}{C}{C}{G}"}
    bad = _altar("{C}{C}{C}{C}{G}", 2, ["Elf", "Elf"])
    p = load_problem(problem)
    errors = replay(p, copy.deepcopy(bad))
    assert (
        errors[0] == "activations[1]: every copy of Elf is gone (sacrificed) before it acts"
    ), errors
    assert verify(p, copy.deepcopy(bad)) == errors


CRADLE = {
    "cost": "{C}{C}{G}{G}",
    "facts": {"creatures": 3},
    "sources": [
        ALTAR["sources"][0],
        {
            "id": "Elf",
            "types": ["creature"],
            "count": 2,
            "counts": ["creatures"],
            "abilities": [{"add": "{G}"}],
        },
        {"id": "Cradle", "abilities": [{"add": {"one_color": {"fact": "creatures"}, "of": "G"}}]},
    ],
}


def _cradle(adds: str) -> dict[str, Any]:
    a = answer(
        "{C}{C}{G}{G}",
        [{**act("Altar", "{C}{C}"), "sacrificed": ["Elf"]}, act("Cradle", adds)],
        [
            paid("{C}", ("C", "Altar")),
            paid("{C}", ("C", "Altar")),
            paid("{G}", ("G", "Cradle")),
            paid("{G}", ("G", "Cradle")),
        ],
        ["G"],
        sources=2,
    )
    a = v2(a, 0)
    a["objective"]["min_sacrifices"] = a["sacrificed"] = 1
    return a


def test_9_1_a_fact_counts_the_copies_left_after_a_sacrifice():
    """9.1 counts: 3 creatures, an Elf among them sacrificed to the Altar: Cradle's "{G} for each
    creature" makes {G}{G} now, not {G}{G}{G}."""
    legal(CRADLE, _cradle("{G}{G}"), plain=False)
    bad = _cradle("{G}{G}{G}")
    bad["left_over"], bad["left_over_counts"] = ["{G}"], {"G": 1}
    bad["objective"]["min_waste"] = 1
    p = load_problem(CRADLE)
    errors = replay(p, copy.deepcopy(bad))
    assert errors[0] == "activations[1]: Cradle ability 0 can't add '{G}{G}{G}'", errors
    assert verify(p, copy.deepcopy(bad)) == errors


CONVOKE = {
    "cost": "{G}{G}",
    "convoke": True,
    "sources": [
        {
            "id": "Elf",
            "types": ["creature"],
            "colors": "G",
            "count": 2,
            "abilities": [{"add": "{R}"}],
        }
    ],
}


def _convoked(
    cost: str, activations: list, payments: list, convoked: int, sources: int, colors: list[str]
) -> dict[str, Any]:
    a = v2(answer(cost, activations, payments, colors, sources=sources), 0)
    return {**a, "convoked": convoked, "improvised": 0, "delved": 0}


def test_702_51a_each_convoking_creature_is_an_untapped_copy():
    """702.51a: each creature tapped for convoke pays one mana of its color: two Elves pay {G}{G},
    one Elf can't; an Elf that tapped for mana is no longer untapped to convoke (spec 9.3)."""
    convoke = {"symbol": "{G}", "mana": [{"convoke": "Elf"}]}
    a = _convoked("{G}{G}", [], [convoke, convoke], 2, 2, [])
    legal(CONVOKE, a, plain=False)
    one = {**CONVOKE, "sources": [{**CONVOKE["sources"][0], "count": 1}]}
    p = load_problem(one)
    errors = [
        "Elf: 2 copies tapped as the total cost is paid, but only 1 are untapped and on the "
        "battlefield then"
    ]
    assert replay(p, copy.deepcopy(a)) == errors
    assert verify(p, copy.deepcopy(a)) == errors
    both = {**one, "cost": "{G}{R}"}
    b = _convoked("{G}{R}", [act("Elf", "{R}")], [convoke, paid("{R}", ("R", "Elf"))], 1, 2, ["R"])
    p = load_problem(both)
    errors = [
        "Elf: 1 copies tapped as the total cost is paid, but only 0 are untapped and on the "
        "battlefield then"
    ]
    assert replay(p, copy.deepcopy(b)) == errors
    assert verify(p, copy.deepcopy(b)) == errors


FLARE = [{"kind": "extra", "when": {"subtypes": ["forest"]}, "add": "same_type"}]
LANDS = [
    {"id": "Forest", "subtypes": ["forest"], "abilities": [{"add": "{G}"}]},
    {"id": "Mountain", "subtypes": ["mountain"], "abilities": [{"add": "{R}"}]},
]
EXTRA_G = {"symbol": "{G}", "mana": [{"type": "G", "source": "Forest", "extra": True}]}


def test_106_12a_an_extra_for_forests_only_comes_from_forests():
    """106.12a with 9.4's filter: "whenever a Forest is tapped for mana, add one more of that
    type": the Forest makes {G}{G}, the Mountain (no Forest) only {R}."""
    ok = v2(
        answer(
            "{R}{G}{G}",
            [{**act("Forest", "{G}"), "extra": "{G}"}, act("Mountain", "{R}")],
            [paid("{G}", ("G", "Forest")), EXTRA_G, paid("{R}", ("R", "Mountain"))],
            ["R", "G"],
            sources=2,
        ),
        0,
    )
    legal({"cost": "{G}{G}{R}", "effects": FLARE, "sources": LANDS}, ok, plain=False)
    extra_r = {"symbol": "{R}", "mana": [{"type": "R", "source": "Mountain", "extra": True}]}
    bad = v2(
        answer(
            "{R}{R}{G}{G}",
            [{**act("Forest", "{G}"), "extra": "{G}"}, {**act("Mountain", "{R}"), "extra": "{R}"}],
            [paid("{G}", ("G", "Forest")), EXTRA_G, paid("{R}", ("R", "Mountain")), extra_r],
            ["R", "G"],
            sources=2,
        ),
        0,
    )
    p = load_problem({"cost": "{G}{G}{R}{R}", "effects": FLARE, "sources": LANDS})
    errors = replay(p, copy.deepcopy(bad))
    assert errors[0] == (
        "activations[1]: under the effects, Mountain making '{R}' can't end as "
        "'{R}' with extra '{R}'"
    ), errors
    assert verify(p, copy.deepcopy(bad)) == errors


def _delve_problem(graveyard: int) -> dict[str, Any]:
    return {
        "cost": "{3}{B}",
        "delve": True,
        "graveyard": graveyard,
        "hand": 1,
        "sources": [
            {"id": "Swamp", "abilities": [{"add": "{B}"}]},
            {
                "id": "Looter",
                "types": ["creature"],
                "abilities": [{"add": "{C}", "tap": False, "discard": 1}],
            },
        ],
    }


def _delved() -> dict[str, Any]:
    delve = {"delve": 1}
    a = answer(
        "{3}{B}",
        [act("Swamp", "{B}"), act("Looter", "{C}")],
        [
            {"symbol": "{3}", "mana": [delve, delve, {"type": "C", "source": "Looter"}]},
            paid("{B}", ("B", "Swamp")),
        ],
        ["B"],
        sources=2,
    )
    a = v2(a, 0)
    a["objective"]["min_cards"] = 3  # spec 9.6: the card discarded and the two exiled
    return {**a, "discarded": 1, "convoked": 0, "improvised": 0, "delved": 2}


def test_702_66_delve_exiles_a_card_a_mana_ability_just_discarded():
    """702.66 with 601.2g-h: the Looter's discard (a mana ability's cost) puts a card in the
    graveyard before the total cost is paid, so one card there and the one discarded pay {2} of
    the {3}; with no card there first, only one can be exiled."""
    legal(_delve_problem(1), _delved(), plain=False)
    p = load_problem(_delve_problem(0))
    errors = ["exiles 2 cards from the graveyard as the total cost is paid, but it holds 1"]
    assert replay(p, _delved()) == errors
    assert verify(p, _delved()) == errors


def _battery(charge: int) -> dict[str, Any]:
    return {
        "cost": "{R}{R}",
        "sources": [
            {
                "id": "Battery",
                "types": ["artifact"],
                "counters": {"charge": charge},
                "abilities": [
                    {"add": "{R}", "tap": False, "uses": 2, "remove_counters": {"charge": 1}}
                ],
            }
        ],
    }


def test_9_2_each_activation_removes_its_counters():
    """9.2 remove_counters: two activations of "remove a charge counter: add {R}" remove two
    counters (counters_removed 2); with one counter only one activation can be paid (118.3)."""
    a = v2(
        answer(
            "{R}{R}",
            [act("Battery", "{R}", times=2)],
            [paid("{R}", ("R", "Battery")), paid("{R}", ("R", "Battery"))],
            ["R"],
            sources=1,
        ),
        2,
    )
    legal(_battery(2), a, plain=False)
    p = load_problem(_battery(1))
    errors = replay(p, copy.deepcopy(a))
    assert errors[0] == (
        "activations[0]: Battery ability 0 is activated 2 times, but its copies' "
        "counters allow 1"
    ), errors
    assert verify(p, copy.deepcopy(a)) == errors


def test_106_12a_an_extra_for_creatures_only_comes_from_creatures():
    """106.12a with 9.4's filter by type (Crypt Ghast-like, "whenever a creature is tapped for
    mana"): the Elf makes {G}{G}, the Forest land only {G}."""
    lands = [
        {"id": "Elf", "types": ["creature"], "abilities": [{"add": "{G}"}]},
        {"id": "Forest", "abilities": [{"add": "{G}"}]},
    ]
    ghast = [{"kind": "extra", "when": {"types": ["creature"]}, "add": "same_type"}]
    extra = {"symbol": "{G}", "mana": [{"type": "G", "source": "Elf", "extra": True}]}
    ok = v2(
        answer(
            "{G}{G}{G}",
            [{**act("Elf", "{G}"), "extra": "{G}"}, act("Forest", "{G}")],
            [paid("{G}", ("G", "Elf")), extra, paid("{G}", ("G", "Forest"))],
            ["G"],
            sources=2,
        ),
        0,
    )
    legal({"cost": "{G}{G}{G}", "effects": ghast, "sources": lands}, ok, plain=False)
    bad = copy.deepcopy(ok)
    bad["activations"][1]["extra"] = "{G}"
    bad["payments"].append(
        {"symbol": "{G}", "mana": [{"type": "G", "source": "Forest", "extra": True}]}
    )
    bad["total_cost"] = "{G}{G}{G}{G}"
    p = load_problem({"cost": "{G}{G}{G}{G}", "effects": ghast, "sources": lands})
    errors = replay(p, copy.deepcopy(bad))
    assert errors[0] == (
        "activations[1]: under the effects, Forest making '{G}' can't end as "
        "'{G}' with extra '{G}'"
    ), errors
    assert verify(p, copy.deepcopy(bad)) == errors
