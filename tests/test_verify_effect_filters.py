"""Which permanents a 9.4 effect watches, as the verifier reads it (issue 44: the mutants of
solver/verify/effects.py's ``watching`` and ``_has_traits`` that lived).

Each case is one effect and one source ``S`` that taps for {G}. An extra ("whenever a permanent
matching FILTER is tapped for mana, its controller adds ...", 106.12a) is triggered only by the
permanents its filter, its ``on`` and its ``if`` / ``times`` (tapwise extensions) select. So, when
the effect watches ``S``, the answer that takes the extra pays {G}{G} and is legal, and the one
that leaves it out (paying {G}) is illegal: a triggered ability's mana is added (603.2, 106.12a),
the answer can't skip it. When the effect doesn't watch ``S``, the reverse. The error asserted
is the effects rule's own message, first.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from tapwise.models.loader import load_problem
from tapwise.solver.verify.replay import replay, verify

from test_verify_survivors import act, answer, paid, v2

LAND = {"id": "S", "types": ["land"], "abilities": [{"add": "{G}"}]}


def _extra_mana(extra: str, src: str = "S") -> list[dict[str, Any]]:
    return [
        {"symbol": f"{{{t}}}", "mana": [{"type": t, "source": src, "extra": True}]}
        for t in extra.strip("{}").split("}{")
    ]


def taking(extra: str = "{G}", made: str = "{G}") -> dict[str, Any]:
    """S tapped for ``made`` and the effect's ``extra``, all of it spent on the cost."""
    cost = made + extra
    colors = sorted({c for c in cost if c in "WUBRG"}, key="WUBRG".index)
    return v2(
        answer(
            cost,
            [{**act("S", made), "extra": extra}],
            [paid(f"{{{t}}}", (t, "S")) for t in made.strip("{}").split("}{")]
            + _extra_mana(extra),
            colors,
            sources=1,
        ),
        0,
    )


def leaving(made: str = "{G}") -> dict[str, Any]:
    """S tapped for ``made``, no extra."""
    return v2(
        answer(
            made,
            [act("S", made)],
            [paid(f"{{{t}}}", (t, "S")) for t in made.strip("{}").split("}{")],
            ["G"],
            sources=1,
        ),
        0,
    )


def _errors(problem: dict[str, Any], a: dict[str, Any]) -> list[str]:
    p = load_problem(problem)
    got = replay(p, copy.deepcopy(a))
    assert verify(p, copy.deepcopy(a)) == got
    return got


def check(effect: dict, source: dict, watched: bool, board: dict | None = None,
          extra: str = "{G}", made: str = "{G}") -> None:
    board = board or {}
    on = {"effects": [effect], "sources": [source], **board}
    took, left = taking(extra, made), leaving(made)
    took_errors = _errors({**on, "cost": made + extra}, took)
    left_errors = _errors({**on, "cost": made}, left)
    if watched:
        assert took_errors == [], took_errors
        assert left_errors[:1] == [
            f"activations[0]: under the effects, S making '{made}' can't end as '{made}' with "
            "extra ''"
        ], left_errors
    else:
        assert left_errors == [], left_errors
        assert took_errors[:1] == [
            f"activations[0]: under the effects, S making '{made}' can't end as '{made}' with "
            f"extra '{extra}'"
        ], took_errors


def extra(when: dict | None = None, **more: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": "extra", "add": "{G}", **more}
    if when is not None:
        out["when"] = when
    return out


def land(**more: Any) -> dict[str, Any]:
    return {**LAND, **more}


# (name, effect, source, watched): each filter key once matching S and once not.
CASES = [
    ("no filter: any permanent you control", extra(), land(), True),
    ("types: a land", extra({"types": ["land"]}), land(), True),
    ("types: a creature, S is a land", extra({"types": ["creature"]}), land(), False),
    ("subtypes: a Forest", extra({"subtypes": ["forest"]}), land(subtypes=["forest"]), True),
    ("subtypes: a Forest, S a Mountain", extra({"subtypes": ["forest"]}),
     land(subtypes=["mountain"]), False),
    ("subtypes: a Forest, S has none", extra({"subtypes": ["forest"]}), land(), False),
    ("types and subtypes: a land Forest, S a land Mountain",
     extra({"types": ["land"], "subtypes": ["forest"]}), land(subtypes=["mountain"]), False),
    ("types and subtypes: a land Forest, S a creature Forest",
     extra({"types": ["land"], "subtypes": ["forest"]}),
     land(types=["creature"], subtypes=["forest"]), False),
    ("types and subtypes: a land Forest, S one",
     extra({"types": ["land"], "subtypes": ["forest"]}), land(subtypes=["forest"]), True),
    ("supertypes: a basic land (205.4)", extra({"supertypes": ["basic"]}),
     land(supertypes=["basic"]), True),
    ("supertypes: a basic land, S not basic", extra({"supertypes": ["basic"]}), land(), False),
    ("supertypes: a legendary, S basic", extra({"supertypes": ["legendary"]}),
     land(supertypes=["basic"]), False),
    ("supertypes: snow, S a snow land (its snow key)", extra({"supertypes": ["snow"]}),
     land(snow=True), True),
    ("supertypes: snow, S not snow", extra({"supertypes": ["snow"]}), land(), False),
    ("types and supertypes: a basic creature, S a basic land",
     extra({"types": ["creature"], "supertypes": ["basic"]}), land(supertypes=["basic"]), False),
    ("not_types: a nonland permanent, S a land", extra({"not_types": ["land"]}), land(), False),
    ("not_types: a noncreature permanent, S a land", extra({"not_types": ["creature"]}), land(),
     True),
    ("not_types: a noncreature, S a land creature", extra({"not_types": ["creature"]}),
     land(types=["land", "creature"]), False),
    ("token: a token, S one (111.1)", extra({"token": True}), land(token=True), True),
    ("token: a token, S a card", extra({"token": True}), land(), False),
    ("token: a nontoken, S a card", extra({"token": False}), land(), True),
    ("token: a nontoken, S a token", extra({"token": False}), land(token=True), False),
    ("colors: a green permanent, S green", extra({"colors": "G"}),
     land(types=["creature"], colors="G"), True),
    ("colors: a green permanent, S red", extra({"colors": "G"}),
     land(types=["creature"], colors="R"), False),
    ("colors: a green or red permanent, S red", extra({"colors": "GR"}),
     land(types=["creature"], colors="R"), True),
    ("colors: a green permanent, S colorless", extra({"colors": "G"}), land(), False),
    ("names: named Forest, S Forest (201.2, case aside)", extra({"names": ["forest"]}),
     land(name="Forest"), True),
    ("names: named Forest, S named Snow Forest", extra({"names": ["forest"]}),
     land(name="Snow Forest"), False),
    ("names: two words, spaced otherwise", extra({"names": ["Gaea's  Cradle"]}),
     land(name="gaea's cradle"), True),
    ("names: named Forest, S has no name", extra({"names": ["forest"]}), land(), False),
    ("all_types: an artifact creature, S one", extra({"all_types": ["artifact", "creature"]}),
     land(types=["artifact", "creature"]), True),
    ("all_types: an artifact creature, S an artifact",
     extra({"all_types": ["artifact", "creature"]}), land(types=["artifact"]), False),
    ("min_amount 2: S makes one mana", extra({"min_amount": 2}), land(), False),
    ("min_amount 1: S makes one mana", extra({"min_amount": 1}), land(), True),
    ("on: the enchanted S (Wild Growth)", {"kind": "extra", "on": "S", "add": "{G}"}, land(),
     True),
]


@pytest.mark.parametrize("effect,source,watched", [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_a_filter_watches_what_it_names(effect, source, watched):
    check(effect, source, watched)


def test_on_another_permanent_does_not_watch_s():
    """An aura's extra (``on``) comes only from the permanent it enchants."""
    other = {"id": "T", "types": ["land"], "abilities": [{"add": "{U}"}]}
    on = {"kind": "extra", "on": "T", "add": "{G}"}
    took = taking()
    p = load_problem({"cost": "{G}{G}", "effects": [on], "sources": [LAND, other]})
    assert replay(p, copy.deepcopy(took))[:1] == [
        "activations[0]: under the effects, S making '{G}' can't end as '{G}' with extra '{G}'"
    ]
    p = load_problem({"cost": "{G}", "effects": [on], "sources": [LAND, other]})
    assert replay(p, leaving()) == []


MONARCH = [{"fact": "monarch", "min": 1}]


@pytest.mark.parametrize(
    "conditions,facts,watched",
    [
        (MONARCH, {"monarch": 1}, True),
        (MONARCH, {"monarch": 0}, False),
        ([{"fact": "elves", "max": 2}], {"elves": 2}, True),
        ([{"fact": "elves", "max": 2}], {"elves": 3}, False),
        ([{"fact": "elves", "min": 1, "max": 2}], {"elves": 0}, False),
        ([{"fact": "elves", "min": 1, "max": 2}], {"elves": 1}, True),
        (MONARCH + [{"fact": "elves", "max": 0}], {"monarch": 1, "elves": 0}, True),
        (MONARCH + [{"fact": "elves", "max": 0}], {"monarch": 1, "elves": 1}, False),
        ([{"fact": "elves", "max": 0}] + MONARCH, {"monarch": 0, "elves": 0}, False),
    ],
    ids=["monarch", "not monarch", "max held", "max passed", "min and max, below",
         "min and max, within", "both hold", "the second fails", "the first holds only"],
)
def test_an_extra_if_reads_the_board_facts(conditions, facts, watched):
    """tapwise's ``if`` on an extra (Regal Behemoth's "while you're the monarch"): every
    condition must hold on the board's facts, or the extra doesn't trigger."""
    check(extra(**{"if": conditions}), land(), watched, {"facts": facts})


@pytest.mark.parametrize("elves,watched,mana", [(2, True, "{G}{G}"), (1, True, "{G}"),
                                                (0, False, "{G}")])
def test_an_extra_times_a_fact_adds_that_many(elves, watched, mana):
    """tapwise's ``times`` (Elvish Guidance: "an additional {G} for each Elf"): the mana string
    that many times; none with no Elf."""
    check(extra(times={"fact": "elves"}), land(), watched, {"facts": {"elves": elves}},
          extra=mana)


def test_an_extra_times_a_number():
    check(extra(times=2), land(), True, extra="{G}{G}")
    # taking it once is not taking it twice
    p = load_problem({"cost": "{G}{G}", "effects": [extra(times=2)], "sources": [LAND]})
    assert replay(p, taking("{G}"))[:1] == [
        "activations[0]: under the effects, S making '{G}' can't end as '{G}' with extra '{G}'"
    ]



# -- what the effects make of one activation (check_effects, _finals) ---------------------------


def tapped(made: str, adds: str, extra: str = "", cost: str | None = None) -> dict[str, Any]:
    """S tapped once: its ability made ``made``, the replacements turned it into ``adds``, the
    extras added ``extra``; every mana spent on the cost (``adds`` then ``extra``)."""
    activation = {**act("S", adds), **({"made": made} if made != adds else {}),
                  **({"extra": extra} if extra else {})}
    units = [(t, False) for t in adds.strip("{}").split("}{")]
    units += [(t, True) for t in extra.strip("{}").split("}{")] if extra else []
    payments = [{"symbol": f"{{{t}}}", "mana": [{"type": t, "source": "S",
                                                  **({"extra": True} if e else {})}]}
                for t, e in units]
    colors = sorted({t for t, _ in units if t in "WUBRG"}, key="WUBRG".index)
    return v2(answer(cost or adds + extra, [activation], payments, colors, sources=1), 0)


def rejected(made: str, adds: str, extra: str = "") -> list[str]:
    return [f"activations[0]: under the effects, S making '{made}' can't end as '{adds}' with "
            f"extra '{extra}'"]


MULTIPLY = {"kind": "multiply", "factor": 2}  # Mana Reflection (106.12b)
TWO = {"id": "S", "types": ["land"], "abilities": [{"add": "{G}{G}"}]}


@pytest.mark.parametrize(
    "effects,source,made,adds,extra,legal_",
    [
        ([MULTIPLY], LAND, "{G}", "{G}{G}", "", True),
        ([MULTIPLY], LAND, "{G}", "{G}", "", False),  # the replacement can't be skipped
        ([{"kind": "replace", "into_type": "B"}], LAND, "{G}", "{B}", "", True),  # Contamination
        ([{"kind": "replace", "into_type": "B"}], LAND, "{G}", "{G}", "", False),
        ([{"kind": "replace", "into": "{C}"}], LAND, "{G}", "{C}", "", True),  # Damping Sphere
        ([{"kind": "replace", "into": "{C}", "when": {"min_amount": 2}}], LAND, "{G}", "{G}", "",
         True),
        # 9.4: extras read min_amount after the replacements, and are not multiplied
        ([MULTIPLY, {"kind": "extra", "add": "{G}"}], LAND, "{G}", "{G}{G}", "{G}", True),
        ([MULTIPLY, {"kind": "extra", "add": "{G}"}], LAND, "{G}", "{G}{G}", "", False),
        ([MULTIPLY, {"kind": "extra", "add": "{U}", "when": {"min_amount": 2}}], LAND, "{G}",
         "{G}{G}", "{U}", True),
        ([MULTIPLY, {"kind": "extra", "add": "{G}"}], LAND, "{G}", "{G}{G}", "{G}{G}", False),
        # Utopia Sprawl: the enchanted land's chosen color
        ([{"kind": "extra", "on": "S", "add": "chosen"}], {**LAND, "chosen": "U"}, "{G}", "{G}",
         "{U}", True),
        ([{"kind": "extra", "on": "S", "add": "chosen"}], {**LAND, "chosen": "U"}, "{G}", "{G}",
         "{G}", False),
        # tapwise's {"any_color": n}: each of any color
        ([{"kind": "extra", "add": {"any_color": 1}}], LAND, "{G}", "{G}", "{U}", True),
        ([{"kind": "extra", "add": {"any_color": 1}}], LAND, "{G}", "{G}", "{C}", False),
        ([{"kind": "extra", "add": "same_type"}], LAND, "{G}", "{G}", "{G}", True),  # Mana Flare
        ([{"kind": "extra", "add": "same_type"}], LAND, "{G}", "{G}", "{U}", False),
        # the first effect doesn't watch S (its if fails; it makes no times), the second does
        ([extra(**{"if": MONARCH}), {"kind": "extra", "add": "{U}"}], LAND, "{G}", "{G}", "{U}",
         True),
        ([extra(times={"fact": "elves"}), {"kind": "extra", "add": "{U}"}], LAND, "{G}", "{G}",
         "{U}", True),
        ([extra({"types": ["creature"]}), {"kind": "extra", "add": "{U}"}], LAND, "{G}", "{G}",
         "{U}", True),
        ([extra({"names": ["xxxx"]})], LAND, "{G}", "{G}", "", True),  # S has no name
        # 616.1: the player orders the replacements: doubled then replaced, or replaced then
        # doubled (Damping Sphere's "instead" after or before Mana Reflection)
        ([MULTIPLY, {"kind": "replace", "into": "{C}"}], LAND, "{G}", "{C}", "", True),
        ([MULTIPLY, {"kind": "replace", "into": "{C}"}], LAND, "{G}", "{C}{C}", "", True),
        ([MULTIPLY, {"kind": "replace", "into": "{C}"}], LAND, "{G}", "{C}{C}{C}", "", False),
        # min_amount 2 applies to two mana exactly
        ([{"kind": "replace", "into": "{C}", "when": {"min_amount": 2}}], TWO, "{G}{G}", "{C}", "",
         True),
        ([{"kind": "replace", "into": "{C}", "when": {"min_amount": 2}}], TWO, "{G}{G}", "{G}{G}",
         "", False),
    ],
)
def test_the_effects_make_what_the_rules_say(effects, source, made, adds, extra, legal_):
    """106.12: replacements apply to the mana an ability makes (one at a time, each once,
    616.1e-f), then the extras trigger on what was made (9.4)."""
    p = load_problem({"cost": adds + extra, "effects": effects, "sources": [source],
                      "facts": {"monarch": 0, "elves": 0}})
    got = replay(p, tapped(made, adds, extra))
    assert verify(p, tapped(made, adds, extra)) == got
    assert got[:1] == ([] if legal_ else rejected(made, adds, extra)), got


# -- an aura's extra on one copy of an entry (9.4 `on`, docs/effects.md; replay._effects_made) --

from verify_rule_cases import act as act_, answer as written, m, paid as paid_  # noqa: E402


def auras(count: int, tapped: int = 0, on: bool = True) -> dict[str, Any]:
    """Wild Growth on one of ``count`` Forests (``on``), or Heartbeat of Spring on all of them,
    and a Spirit Guide exiled from the hand for {R} (no {T}: no effect changes its mana)."""
    effect = {"kind": "extra", "add": "{G}"}
    effect.update({"on": "forests"} if on else {"when": {"subtypes": ["forest"]}})
    return {"cost": "{G}{G}{G}{R}", "effects": [effect], "sources": [
        {"id": "forests", "name": "Forest", "count": count, "tapped": tapped},
        {"id": "guide", "types": ["creature"], "zone": "hand",
         "abilities": [{"add": "{R}", "tap": False, "sacrifice": True}]}]}


ENCHANTED = {"source": "forests", "ability": 0, "adds": "{G}", "extra": "{G}"}  # times left out
AURA = written(
    [ENCHANTED, act_("forests", "{G}"), act_("guide", "{R}")],
    [paid_("{G}", m("G", "forests")), paid_("{G}", m("G", "forests", extra=True)),
     paid_("{G}", m("G", "forests")), paid_("{R}", m("R", "guide"))],
    ["R", "G"], {}, {"min_life": 0, "min_sacrifices": 0, "min_drawbacks": 0, "min_cards": 1,
                     "min_counters": 0, "min_sources": 3, "min_waste": 0},
    discarded=0, counters_removed=0, drawbacks=[])


def _aura(edit=None) -> dict[str, Any]:
    a = copy.deepcopy(AURA)
    if edit is not None:
        edit(a)
    return a


def test_the_aura_s_extra_comes_from_one_of_two_copies():
    """Two Forests, one enchanted: it makes {G} and the aura's {G} (an activation with no
    ``times`` is one), the other {G} alone; the Guide's {R} (no {T}) passes under effects
    untouched. Both copies taking the extra is one copy too many."""
    assert _errors(auras(2), _aura()) == []
    both = _aura(lambda a: (a["activations"][1].update(extra="{G}"),
                            a.update(left_over=["{G}"], left_over_counts={"G": 1}),
                            a["objective"].update(min_waste=1)))
    assert _errors(auras(2), both) == [
        "forests: 2 activations of the copy an extra enchants and 0 of the others, with 2 "
        "untapped copies"]
    twice = _aura(lambda a: (a["activations"][0].update(times=2), a["activations"].pop(1),
                             a.update(left_over=["{G}"], left_over_counts={"G": 1}),
                             a["objective"].update(min_waste=1)))
    assert _errors(auras(2), twice) == [
        "forests: 2 activations of the copy an extra enchants and 0 of the others, with 2 "
        "untapped copies"]


def test_the_enchanted_copy_is_an_untapped_one_when_any_is():
    """docs/effects.md: of two Forests one tapped, the untapped one is the enchanted one; it
    can't make {G} without the aura's {G}. One Forest, tapped: it can't be tapped, and that is
    all that is wrong (its one copy is the enchanted one)."""
    alone = written([act_("forests", "{G}"), act_("guide", "{R}")],
                    [paid_("{G}", m("G", "forests")), paid_("{R}", m("R", "guide"))],
                    ["R", "G"], {}, {**AURA["objective"], "min_sources": 2},
                    discarded=0, counters_removed=0, drawbacks=[])
    assert _errors({**auras(2, tapped=1), "cost": "{G}{R}"}, alone) == [
        "forests: 0 activations of the copy an extra enchants and 1 of the others, with 1 "
        "untapped copies"]
    one = _aura(lambda a: (a["activations"].pop(1), a["payments"].pop(2),
                           a["objective"].update(min_sources=2)))
    assert _errors({**auras(1, tapped=1), "cost": "{G}{G}{R}"}, copy.deepcopy(one)) == [
        "activations[0]: no untapped copy of forests is left to tap",
        "activations[0]: forests is tapped more often than it has untapped copies"]
    assert _errors({**auras(1), "cost": "{G}{G}{R}"}, one) == []


def test_an_extra_on_every_forest_lets_each_copy_take_it():
    """Heartbeat of Spring-like (``when`` a Forest, no ``on``): both copies take the extra."""
    a = _aura(lambda a: (a["activations"][1].update(extra="{G}"),
                         a.update(left_over=["{G}"], left_over_counts={"G": 1}),
                         a["objective"].update(min_waste=1)))
    assert _errors(auras(2, on=False), a) == []


def test_only_tap_abilities_are_changed_by_effects_and_what_they_make_is_read():
    """9.7: the Guide's mana (no {T}) can't be said to be ``made`` as anything; an ``extra`` or
    an ``adds`` that is no mana is named, ``made`` given or not."""
    made = _aura(lambda a: a["activations"][2].update(made="{R}"))
    assert _errors(auras(2), made) == [
        "activations[2]: effects change only what {T} abilities make (9.7)",
        "payments[3]: no {R} from guide that may be spent here is in the pool at that moment",
        "colors_spent says ['R', 'G'] but the payment gives ['G']",
        "objective min_cards says 1 but the payment gives 0",
        "objective min_sources says 3 but the payment gives 2"]
    extra = _aura(lambda a: a["activations"][0].update(extra="{Q}"))
    assert _errors(auras(2), extra) == [
        "activations[0]: forests ability 0 can't add '{G}'",
        "payments[1]: no {G} from forests that may be spent here is in the pool at that moment",
        "payments[2]: no {G} from forests that may be spent here is in the pool at that moment",
        "objective min_sources says 3 but the payment gives 2"]
    adds = _aura(lambda a: a["activations"][1].update(adds="{Q}", made="{G}"))
    assert _errors(auras(2), adds) == [
        "activations[1]: forests ability 0 can't add '{Q}'",
        "payments[2]: no {G} from forests that may be spent here is in the pool at that moment",
        "objective min_sources says 3 but the payment gives 2"]
