"""One legal answer per verifier rule, and one spoiling of it that breaks exactly that rule
(tests/test_verify_rules.py; the table in docs/verifier.md).

Every problem and answer here is written out by hand (no solver call), so a case says what the
rules say (comprehensive rules numbers in the comments), not what the code does. A spoiling
changes what it must to break its rule and, where breaking it would also change a reported
number, reports the new number too, so that the one rule is all that is wrong.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, Callable

Answer = dict[str, Any]


@dataclass(frozen=True)
class Case:
    """``rule``: the rule's name in docs/verifier.md; ``message``: a part of the verifier's own
    message for it (the test asserts every error the spoiled answer gets contains it);
    ``plain``: the legal answer is one verify_plain's quick acceptance reads, so the quick
    checker must refuse the spoiled one too."""
    rule: str
    problem: dict[str, Any]
    answer: Answer
    spoil: Callable[[Answer], None]
    message: str
    plain: bool = False
    also: tuple[str, ...] = ()
    patch: Callable[[Any], Any] | None = None
    """The loaded problem changed past what load_problem lets in (the verifier checks it still)."""
    """Messages of rules the spoiling can't help breaking with it (an unknown symbol is also a
    symbol the cost doesn't have); the rule's own message must still be among the errors."""


def act(source: str, adds: str, ability: int = 0, times: int = 1, **more: Any) -> dict[str, Any]:
    return {"source": source, "ability": ability, "adds": adds, "times": times, **more}


def m(t: str, source: str, **more: Any) -> dict[str, Any]:
    return {"type": t, "source": source, **more}


def paid(symbol: str, *mana: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {"symbol": symbol, "mana": list(mana), **more}


def answer(acts: list[dict[str, Any]], pays: list[dict[str, Any]], colors: list[str], left: dict[str, int],
           objective: dict[str, int], x: int = 0, **fields: Any) -> Answer:
    """A paid answer with its reported numbers written out (life, damage, energy, sacrificed
    default 0)."""
    out = {"status": "paid", "optimal": True, "x": x, "activations": acts, "payments": pays,
           "life_paid": 0, "damage": 0, "energy_paid": 0, "sacrificed": 0, "colors_spent": colors,
           "left_over": [f"{{{t}}}" for t, n in left.items() for _ in range(n)], "left_over_counts": dict(left),
           "objective": objective}
    out.update(fields)
    return out


def edits(*changes: Callable[[Answer], None]) -> Callable[[Answer], None]:
    def run(a: Answer) -> None:
        for change in changes:
            change(a)
    return run


def put(*path_and_value: Any) -> Callable[[Answer], None]:
    """Set ``a[p0][p1]...[pn] = value``."""
    *path, value = path_and_value

    def run(a: Answer) -> None:
        target = a
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = copy.deepcopy(value)
    return run


def drop(*path: Any) -> Callable[[Answer], None]:
    def run(a: Answer) -> None:
        target = a
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]
    return run


def append(key: str, item: Any) -> Callable[[Answer], None]:
    return lambda a: a[key].append(copy.deepcopy(item))


def left(counts: dict[str, int]) -> Callable[[Answer], None]:
    """Report ``counts`` as the mana left in the pool (left_over, left_over_counts)."""
    return edits(put("left_over", [f"{{{t}}}" for t, n in counts.items() for _ in range(n)]),
                 put("left_over_counts", dict(counts)))


# --- P1: Forest and Sol Ring pay {1}{G}{W/P}, the {W/P} with 2 life (107.4f). -------------------
FOREST = {"id": "forest", "abilities": [{"add": "{G}"}]}
SOL = {"id": "sol", "types": ["artifact"], "abilities": [{"add": "{C}{C}"}]}
PAIN = {"id": "pain", "abilities": [{"add": "{G}", "damage": 2}]}


def p1(**player: Any) -> dict[str, Any]:
    return {"cost": "{1}{G}{W/P}", "player": {"life": 5, **player}, "sources": [FOREST, SOL, PAIN]}


P1 = p1()
A1 = answer([act("forest", "{G}"), act("sol", "{C}{C}")],
            [paid("{1}", m("C", "sol")), paid("{G}", m("G", "forest")), {"symbol": "{W/P}", "life": 2}],
            ["G"], {"C": 1}, {"min_life": 2, "min_sacrifices": 0, "min_sources": 2, "min_waste": 1}, life_paid=2)
O1 = {"min_life": 2, "min_sacrifices": 0, "min_sources": 2, "min_waste": 1}

# --- P2: a snow Plains, a Lotus Petal and a red mana in the pool pay {W/U}{S}{X} with X=1. ----------
P2 = {"cost": "{W/U}{S}{X}", "x": 1, "pool": ["{R}"], "player": {"life": 5, "energy": 3},
      "sources": [{"id": "snowp", "snow": True, "abilities": [{"add": "{W}"}]},
                  {"id": "petal", "types": ["artifact"],
                   "abilities": [{"add": {"any_color": 1}, "tap": False, "sacrifice": True, "uses": 5}]},
                  {"id": "pain", "abilities": [{"add": "{U}", "damage": 1}]},
                  {"id": "cell", "abilities": [{"add": "{U}", "tap": False, "energy": 1, "uses": 2}]},
                  {"id": "talon", "abilities": [{"add": "{C}", "life": 1}]}]}
A2 = answer([act("snowp", "{W}"), act("petal", "{U}")],
            [paid("{X}", m("R", "pool", pool=0)), paid("{W/U}", m("U", "petal"), half="{U}"),
             paid("{S}", m("W", "snowp"))],
            ["W", "U", "R"], {}, {"min_life": 0, "min_sacrifices": 1, "min_sources": 2, "min_waste": 0}, x=1,
            sacrificed=1)

# --- P3: a red mana in the pool pays a filter land's {1}; a Mox's {W} pays a shard's {W/P}. ---------
P3 = {"cost": "{B}{B}", "pool": ["{R}"], "player": {"life": 3, "keep_life": None},
      "sources": [{"id": "mox", "types": ["artifact"], "abilities": [{"add": "{W}"}]},
                  {"id": "filter", "abilities": [{"mana": "{1}", "add": "{B}{B}"}]},
                  {"id": "shard", "abilities": [{"mana": "{W/P}", "add": "{C}", "tap": False, "uses": 1}]}]}
A3 = answer([act("mox", "{W}"), act("shard", "{C}", paid=[paid("{W/P}", m("W", "mox"))]),
             act("filter", "{B}{B}", paid=[paid("{1}", m("R", "pool", pool=0))])],
            [paid("{B}", m("B", "filter")), paid("{B}", m("B", "filter"))],
            ["B"], {"C": 1}, {"min_life": 0, "min_sacrifices": 0, "min_sources": 3, "min_waste": 1})


# --- P4: Jegantha's {W}, which can't pay generic mana, pays {W}; a Plains pays {1}. ----------------
P4 = {"cost": "{1}{W}", "sources": [{"id": "plains", "abilities": [{"add": "{W}"}]},
                                    {"id": "jeg", "types": ["creature"],
                                     "abilities": [{"add": ["{W}", "{U}"], "only": {"not_generic": True}}]}]}
A4 = answer([act("plains", "{W}"), act("jeg", "{W}")], [paid("{1}", m("W", "plains")), paid("{W}", m("W", "jeg"))],
            ["W"], {}, {"min_life": 0, "min_sacrifices": 0, "min_sources": 2, "min_waste": 0})

# --- P5: {2/W}, {E} and {U}: a {W} half, one energy. ---------------------------------------------
P5 = {"cost": "{2/W}{E}{U}", "player": {"life": 5, "energy": 1},
      "sources": [{"id": "wastes", "count": 3, "abilities": [{"add": "{C}"}]},
                  {"id": "isl", "abilities": [{"add": "{U}"}]}, {"id": "plains", "abilities": [{"add": "{W}"}]}]}
A5 = answer([act("isl", "{U}"), act("plains", "{W}")],
            [paid("{2/W}", m("W", "plains"), half="{W}"), paid("{U}", m("U", "isl")), {"symbol": "{E}", "energy": 1}],
            ["W", "U"], {}, {"min_life": 0, "min_sacrifices": 0, "min_sources": 2, "min_waste": 0}, energy_paid=1)

# --- P6: X=2 paid only with black mana (x_color), {B} too. ----------------------------------------
P6 = {"cost": "{X}{B}", "x": 2, "x_color": "B",
      "sources": [{"id": "swamp", "count": 3, "abilities": [{"add": "{B}"}]}, {"id": "mnt", "abilities": [{"add": "{R}"}]}]}
A6 = answer([act("swamp", "{B}", times=3)], [paid("{X}", m("B", "swamp", count=2)), paid("{B}", m("B", "swamp"))],
            ["B"], {}, {"min_life": 0, "min_sacrifices": 0, "min_sources": 3, "min_waste": 0}, x=2)

# --- P7: Achroma (702.86a): the object's own generic only with colorless mana. -----------------------
P7 = {"cost": "{1}{W}", "keywords": ["achroma"],
      "sources": [{"id": "wastes", "abilities": [{"add": "{C}"}]}, {"id": "plains", "count": 2, "abilities": [{"add": "{W}"}]}]}
A7 = answer([act("wastes", "{C}"), act("plains", "{W}")], [paid("{1}", m("C", "wastes")), paid("{W}", m("W", "plains"))],
            ["W"], {}, {"min_life": 0, "min_sacrifices": 0, "min_sources": 2, "min_waste": 0})

# --- P8: {1}{R} cast without paying its mana cost (118.9, 107.3b): nothing to pay. -----------------
P8 = {"cost": "{1}{R}", "free": True, "sources": [{"id": "mnt", "abilities": [{"add": "{R}"}]}]}
A8 = answer([], [], [], {}, {"min_life": 0, "min_sacrifices": 0, "min_sources": 0, "min_waste": 0})

# --- P3 grouped: the filter's {B}{B} as one payment with a count (solver/answer/size.py). ---------
A3G = copy.deepcopy(A3)
A3G["payments"] = [{"symbol": "{B}", "count": 2, "mana": [m("B", "filter", count=2)]}]
O2 = A2["objective"]


UNREAD = ("but the payment gives", "left_over doesn't match", "left_over_counts says")
"""When the symbols paid don't make up the total cost, the replay spends none of the payments'
mana (it can't tell which symbol is which), so the numbers that read it are reported too."""


def swap_mana(k: int, n: int) -> Callable[[Answer], None]:
    """Swap the mana paying payments k and n."""
    def run(a: Answer) -> None:
        p = a["payments"]
        p[k]["mana"], p[n]["mana"] = p[n]["mana"], p[k]["mana"]
    return run


CASES: list[Case] = [
    # --- activations (the replay of each, 605.3, 106.4) ---
    # --- the mana each payment names exists (106.4, 106.6) ---
    Case("a mana entry's count is a whole number >= 1", P1, A1,
         edits(put("payments", 0, "mana", 0, "count", 0), left({"C": 2}), put("objective", "min_waste", 2)),
         "a mana entry's count must be a whole number of at least 1, not 0", True),
    Case("a mana entry names its type and source", P1, A1,
         edits(put("payments", 0, "mana", 0, {"type": "C"}), left({"C": 2}), put("objective", "min_waste", 2)),
         "a mana entry needs type and source", True),
    Case("the mana spent is in the pool at that moment", P1, A1,
         edits(put("payments", 0, "mana", 0, "source", "forest"), left({"C": 2}), put("objective", "min_waste", 2)),
         "no {C} from forest that may be spent here is in the pool at that moment", True),
    Case("the mana spent may be spent on this (106.6: not_generic)", P4, A4, swap_mana(0, 1),
         "{W} from jeg can't pay generic mana ({1})"),
    Case("unknown source", P1, A1, append("activations", act("nope", "{G}")), "unknown source 'nope'", True),
    Case("no such ability", P1, A1, append("activations", act("forest", "{G}", ability=3)),
         "forest has no ability 3", True),
    Case("times is a whole number >= 1", P1, A1, append("activations", act("forest", "{G}", times=0)),
         "times must be a whole number of at least 1, not 0", True),
    Case("an ability adds only what it makes (106.1)", P1, A1, append("activations", act("forest", "{B}")),
         "forest ability 0 can't add '{B}'", True),
    Case("a copy taps once (106.4, 701.26)", P1, A1,
         edits(append("activations", act("forest", "{G}")), left({"C": 1, "G": 1}),
               put("objective", "min_waste", 2), put("objective", "min_sources", 3)),
         "forest is tapped more often than it has untapped copies", True),
    Case("an untapped-only ability is used at most `uses` times per copy", P2, A2,
         edits(append("activations", act("cell", "{U}", times=3)), left({"U": 3}),
               put("objective", "min_waste", 3), put("objective", "min_sources", 4), put("energy_paid", 3)),
         "cell ability 0 used more than 2 times per copy"),
    Case("a sacrificed copy is gone (701.17)", P2, A2,
         edits(append("activations", act("petal", "{W}")), left({"W": 1}), put("sacrificed", 2),
               put("objective", {"min_life": 0, "min_sacrifices": 2, "min_sources": 3, "min_waste": 1})),
         "more copies of petal sacrificed than exist"),
    # --- an ability's own mana cost (605.3b, 602.2b) ---
    Case("an ability's cost is paid symbol by symbol", P3, A3,
         put("activations", 2, "paid", 0, "symbol", "{2}"), "its cost {1} x1 is paid as {'{2}': 1}",
         also=("{2} needs 2 mana, got 1",)),
    Case("an ability's payment names a symbol", P3, A3,
         put("activations", 2, "paid", [paid("{1}", m("R", "pool", pool=0)), paid("{Q}")]),
         "paid[1]: bad symbol '{Q}'", also=("is paid as",)),
    Case("an ability's payment count is a whole number >= 1", P3, A3,
         edits(put("activations", 2, "paid", 0, "count", 0), left({"R": 1, "C": 1})), "paid[0]: a payment's count must be a whole number"),
    Case("an ability's symbol is paid with as much mana as it needs", P3, A3,
         edits(put("activations", 1, "paid", 0, "mana", []), left({"W": 1, "C": 1}), put("objective", "min_waste", 2)),
         "{W/P} needs 1 mana, got 0"),
    Case("an ability's Phyrexian symbol is paid with 2 life, no other amount (107.4f)", P3, A3,
         edits(put("activations", 1, "paid", [{"symbol": "{W/P}", "life": 1}]), left({"W": 1, "C": 1}),
               put("life_paid", 1), put("objective", {"min_life": 1, "min_sacrifices": 0, "min_sources": 3,
                                                      "min_waste": 2})),
         "{W/P} can't be paid with 1 life"),
    Case("an ability's symbol is paid with mana of its color (or colors)", P3, A3,
         edits(put("activations", 1, "paid", 0, "mana", [m("R", "pool", pool=0)]),
               put("activations", 2, "paid", 0, "mana", [m("W", "mox")])),
         "{R} can't pay {W/P}"),
    # --- the total cost (601.2f): each symbol paid as the rules let it be ---
    Case("a payment names a symbol", P1, A1, put("payments", 0, "symbol", 5), "payments[0]: bad symbol 5", True),
    Case("a payment's count is a whole number >= 1", P1, A1, put("payments", 0, "count", 0),
         "payments[0]: a payment's count must be a whole number of at least 1, not 0", True),
    Case("a payment's count is a number, not text", P1, A1, put("payments", 0, "count", "1"),
         "payments[0]: a payment's count must be a whole number of at least 1, not '1'", True),
    Case("the payments pay only the total cost's symbols", P1, A1,
         edits(append("payments", paid("{R}", m("C", "sol"))), left({})),
         "payments cover {'{G}': 1, '{W/P}': 1, '{R}': 1} but the total cost has", True, also=UNREAD),
    Case("only a Phyrexian symbol is paid with life (107.4f)", P1, A1,
         edits(put("payments", 1, {"symbol": "{G}", "life": 2}), put("life_paid", 4), left({"C": 1, "G": 1}),
               put("objective", {"min_life": 4, "min_sacrifices": 0, "min_sources": 2, "min_waste": 2}),
               put("colors_spent", [])),
         "{G} can't be paid with 2 life", True),
    Case("the payments pay the total cost's symbols", P1, A1,
         edits(lambda a: a["payments"].pop(1), put("colors_spent", []), left({"C": 1, "G": 1}),
               put("objective", "min_waste", 2)), "payments cover {'{W/P}': 1} but the total cost has", True, also=UNREAD),
    Case("as many {X} are paid as the total cost has", P6, A6, put("payments", 0, "symbol", "{2}"),
         "1 {X} in the total cost, 0 paid", True, also=UNREAD),
    Case("X is 0 without paying its mana cost (107.3b)", P8, A8, put("x", 1), "X must be 0 here", True),
    Case("X is the problem's X", P6, A6, edits(put("x", 1), put("objective", "max_x", 1)),
         "X is 1 but the problem fixes it at 2", True, also=UNREAD),
    Case("a colored symbol is paid with mana of its color (106.1, 601.2h)", P1, A1, swap_mana(0, 1),
         "{C} can't pay {G}", True),
    Case("a hybrid symbol is paid with mana of one of its colors (107.4e)", P2, A2, swap_mana(0, 1),
         "{R} can't pay {W/U}"),
    Case("{S} is paid with snow mana (107.4h)", P2, A2, swap_mana(0, 2), "{R} can't pay {S}"),
    Case("a Phyrexian symbol is paid with its color or 2 life (107.4f)", P1, A1,
         edits(put("payments", 2, paid("{W/P}", m("C", "sol"))), put("life_paid", 0), left({}),
               put("objective", {"min_life": 0, "min_sacrifices": 0, "min_sources": 2, "min_waste": 0})),
         "{C} can't pay {W/P}", True),
    Case("a Phyrexian symbol's life is 2, no other amount (107.4f)", P1, A1,
         edits(put("payments", 2, "life", 3), put("life_paid", 3), put("objective", "min_life", 3)),
         "{W/P} can't be paid with 3 life", True),
    Case("{X} is paid with the color x_color names", P6, A6,
         edits(put("activations", [act("swamp", "{B}", times=2), act("mnt", "{R}")]),
               put("payments", 0, "mana", [m("B", "swamp"), m("R", "mnt")]), put("colors_spent", ["B", "R"])),
         "{R} can't pay {X} here", True),
    Case("a symbol other than generic is paid with one mana", P1, A1,
         edits(put("payments", 1, "mana", [m("G", "forest"), m("C", "sol")]), left({}), put("objective", "min_waste", 0)),
         "{G} is paid with one mana, not 2", True, also=("{C} can't pay {G}",)),
    Case("a grouped payment pays each of its symbols with one mana", P3, A3G,
         edits(put("payments", 0, "mana", 0, "count", 1), left({"C": 1, "B": 1}), put("objective", "min_waste", 2)),
         "2 {B} are paid with one mana each, not 1 in all"),
    Case("generic is paid in full, no more (118.7a, 601.2h)", P1, A1,
         edits(put("payments", 0, "mana", [m("C", "sol"), m("C", "sol")]), left({}), put("objective", "min_waste", 0)),
         "generic mana paid is 2 but the total cost needs 1", True),
    Case("{2/W} is paid with at most two mana (107.4e)", P5, A5,
         edits(put("activations", [act("isl", "{U}"), act("wastes", "{C}", times=3)]),
               put("payments", 0, {"symbol": "{2/W}", "half": "{2}", "mana": [m("C", "wastes", count=3)]}),
               put("colors_spent", ["U"]), put("objective", "min_sources", 4)),
         "{2/W} is paid with more than two mana", also=("generic mana paid is 3 but the total cost needs 2",)),
    Case("{E} is paid with one energy (107.14)", P5, A5, put("payments", 2, "energy", 2), "{E} is paid with one energy"),
    Case("Achroma: the object's own generic only with colorless mana (702.86a)", P7, A7,
         edits(put("activations", [act("plains", "{W}", times=2)]), put("payments", 0, "mana", [m("W", "plains")])),
         "Achroma lets only colorless mana pay the object's own generic (702.86a)"),
    # --- life and energy (118.3, 119.4, 601.2g-h) ---
    Case("abilities' life costs need that much life (118.3, 119.4)", P3 | {"sources": P3["sources"] + [
         {"id": "talon", "abilities": [{"add": "{C}", "life": 4}]}]}, A3,
         edits(append("activations", act("talon", "{C}")), left({"C": 2}), put("life_paid", 4),
               put("objective", {"min_life": 4, "min_sacrifices": 0, "min_sources": 4, "min_waste": 2})),
         "abilities cost 4 life but the player has 3"),
    Case("the cost's life needs that much life left after the abilities (601.2g-h)", p1(life=3, keep_life=None), A1,
         edits(append("activations", act("pain", "{G}")), left({"C": 1, "G": 1}), put("damage", 2),
               put("objective", {"min_life": 4, "min_sacrifices": 0, "min_sources": 3, "min_waste": 2})),
         "the cost's 2 life is more than the 1 life left", True),
    Case("keep_life: the payment leaves at least that much life", p1(keep_life=2), A1,
         edits(append("activations", act("pain", "{G}")), left({"C": 1, "G": 1}), put("damage", 2),
               put("objective", {"min_life": 4, "min_sacrifices": 0, "min_sources": 3, "min_waste": 2})),
         "leaves 1 life, below keep_life 2", True),
    Case("energy paid is energy the player has (107.14)", P2 | {"player": {"life": 5, "energy": 1}}, A2,
         edits(append("activations", act("cell", "{U}", times=2)), left({"U": 2}), put("energy_paid", 2),
               put("objective", {**O2, "min_sources": 3, "min_waste": 2})),
         "spends 2 energy but the player has 1"),
    # --- what the answer reports (section 6) ---
    Case("life_paid is the life paid", P1, A1, put("life_paid", 1), "life_paid says 1 but the payment gives 2", True),
    Case("damage is the damage dealt", P1, A1, put("damage", 1), "damage says 1 but the payment gives 0", True),
    Case("energy_paid is the energy paid", P1, A1, put("energy_paid", 1), "energy_paid says 1 but the payment gives 0",
         True),
    Case("sacrificed is the permanents sacrificed", P1, A1, put("sacrificed", 1),
         "sacrificed says 1 but the payment gives 0", True),
    Case("colors_spent is the colors spent", P1, A1, put("colors_spent", ["G", "W"]),
         "colors_spent says ['G', 'W'] but the payment gives ['G']", True),
    Case("each objective's value is the payment's", P1, A1, put("objective", "min_sources", 3),
         "objective min_sources says 3 but the payment gives 2", True),
    Case("the answer says what is left in the pool", P1, A1, edits(drop("left_over"), drop("left_over_counts")),
         "the answer says nothing of the mana left in the pool", True),
    Case("left_over is the mana left", P1, A1, put("left_over", ["{G}"]),
         "left_over doesn't match the mana left in the pool (1 {C})", True),
    Case("left_over is a list", P1, A1, put("left_over", "{C}"),
         "left_over doesn't match the mana left in the pool (1 {C})", True),
    Case("left_over names each mana as {T}", P1, A1, put("left_over", ["{C}x"]),
         "left_over doesn't match the mana left in the pool (1 {C})", True),
    Case("left_over_counts is the mana left", P1, A1, put("left_over_counts", {"C": 2}),
         "left_over_counts says {'C': 2} but the pool holds 1 {C}", True),
]

# --- P9: a version 2 board (section 9): counters, conditions, other costs, zones. ------------------
P9 = {"cost": "{G}{W}{C}{R}{1}", "facts": {"swamp you control": 0, "forest you control": 2}, "hand": 0,
      "sources": [
          {"id": "elf", "types": ["creature"], "abilities": [{"add": "{G}"}]},
          {"id": "elf2", "types": ["creature"], "abilities": [{"add": "{G}"}]},
          {"id": "sickelf", "types": ["creature"], "sick": True, "abilities": [{"add": "{G}"}]},
          {"id": "vivid", "counters": {"charge": 1}, "abilities": [{"add": "{W}", "remove_counters": {"charge": 1}}]},
          {"id": "vivid0", "abilities": [{"add": "{W}", "remove_counters": {"charge": 1}}]},
          {"id": "tainted", "abilities": [{"add": "{B}", "if": [{"fact": "swamp you control", "min": 1}]}]},
          {"id": "urza", "abilities": [{"add": "{C}", "unless": [{"fact": "forest you control", "min": 1}]}]},
          {"id": "storage", "counters": {"storage": 2}, "abilities": [{"add": "{C}", "times": {"remove": "storage"}}]},
          {"id": "drum", "types": ["artifact"],
           "abilities": [{"add": {"any_color": 1}, "tap_other": {"types": ["creature"], "n": 1}}]},
          {"id": "bear", "types": ["creature"], "abilities": []},
          {"id": "altar", "types": ["artifact"], "abilities": [
              {"add": "{C}{C}", "tap": False, "uses": "any", "sacrifice_other": {"types": ["creature"], "n": 1}}]},
          {"id": "looter", "abilities": [{"add": "{R}", "discard": 1}]},
          {"id": "druid", "types": ["creature"], "abilities": [
              {"add": "{G}", "tap": False, "uses": "any", "tap_other": {"types": ["creature"], "n": 1}}]},
          {"id": "battery", "types": ["artifact"], "counters": {"charge": 2},
           "abilities": [{"add": "{C}", "tap": False, "uses": "any", "times": {"remove": "charge"}}]},
          {"id": "batteries", "types": ["artifact"], "count": 2, "counters": {"charge": 2},
           "abilities": [{"add": "{C}", "tap": False, "uses": "any", "times": {"remove": "charge"}}]},
          {"id": "cell", "counters": {"charge": 1},
           "abilities": [{"add": "{W}", "tap": False, "uses": "any", "remove_counters": {"charge": 1}}]},
          {"id": "krark", "types": ["artifact"], "abilities": [
              {"add": "{C}{C}", "tap": False, "uses": "any", "sacrifice_other": {"types": ["artifact"], "n": 1}}]},
          {"id": "spirit", "zone": "hand", "types": ["creature"],
           "abilities": [{"add": "{R}", "tap": False, "sacrifice": True}]},
          {"id": "ghoul", "zone": "graveyard", "abilities": [{"add": "{B}", "tap": False}]},
      ]}
A9 = answer([act("elf", "{G}"), act("vivid", "{W}"), act("storage", "{C}{C}", removed=2),
             act("drum", "{R}", tapped=["bear"])],
            [paid("{1}", m("C", "storage")), paid("{G}", m("G", "elf")), paid("{W}", m("W", "vivid")),
             paid("{C}", m("C", "storage")), paid("{R}", m("R", "drum"))],
            ["W", "R", "G"], {}, {"min_life": 0, "min_sacrifices": 0, "min_drawbacks": 0, "min_cards": 0,
                                  "min_counters": 3, "min_sources": 5, "min_waste": 0},
            discarded=0, counters_removed=3, drawbacks=[])
REPORTED = UNREAD
"""An activation added to break a rule adds mana (or counters, cards) that the numbers then
report: those messages may come with the rule's."""


def tapping(sid: str, p: Any) -> Any:
    """``p`` with source ``sid``'s first ability given {T} (load_problem refuses it for a card in
    the hand, and the verifier refuses it again)."""
    from tapwise.models.values import evolve
    sources = tuple(evolve(s, abilities=(evolve(s.abilities[0], tap=True, sacrifice=False),) + s.abilities[1:])
                    if s.id == sid else s for s in p.sources)
    return evolve(p, sources=sources)


def more(*acts: dict[str, Any]) -> Callable[[Answer], None]:
    """The answer with these activations added at its end."""
    return edits(*(append("activations", a) for a in acts))


V2_CASES = [
    Case("9.1: a summoning-sick creature's {T} ability can't be activated (302.6)", P9, A9,
         more(act("sickelf", "{G}")), "sickelf is summoning sick, so its {T} ability can't be activated (302.6)",
         also=REPORTED),
    Case("9.1: a card in the hand can't tap", P9, A9, more(act("spirit", "{R}")),
         "spirit is a card in the hand and can't tap", also=REPORTED, patch=lambda p: tapping("spirit", p)),
    Case("9.1: an ability works only in its zone", P9, A9, more(act("ghoul", "{B}")),
         "ghoul is in the graveyard, where its ability 0 doesn't work", also=REPORTED),
    Case("9.2: an ability whose `if` fails can't be activated", P9, A9, more(act("tainted", "{B}")),
         "tainted ability 0's condition (if) doesn't hold", also=REPORTED),
    Case("9.2: an ability whose `unless` all hold can't be activated", P9, A9, more(act("urza", "{C}")),
         "urza ability 0 can't be activated: its unless conditions all hold", also=REPORTED),
    Case("9.2: counters removed as a cost are on the copy", P9, A9, more(act("vivid0", "{W}")),
         "vivid0 has 0 charge counters, can't remove 1", also=REPORTED),
    Case("9.2: a `remove` amount removes 0 to the counters there", P9, A9,
         more(act("storage", "{C}{C}{C}", removed=3)), "storage removes 3 storage counters; it may remove 0 to 2"),
    Case("9.2: `removed` is said only of a `remove` amount", P9, A9, put("activations", 1, "removed", 1),
         "says it removed 1 counters, but its amount is not \"remove\"", also=REPORTED),
    Case("9.2: an amount makes its add that many times", P9, A9, put("activations", 2, "adds", "{C}"),
         "storage ability 0 can't add '{C}' (2 times its add)", also=REPORTED + ("no {C} from storage",)),
    Case("9.2: tap_other lists its n permanents", P9, A9, drop("activations", 3, "tapped"),
         "tapped must list 1 permanents, not None", also=REPORTED),
    Case("9.2: tap_other taps only permanents of its kind", P9, A9, put("activations", 3, "tapped", ["altar"]),
         "'altar' is not a permanent the cost may tap", also=REPORTED),
    Case("9.2: tap_other taps an untapped copy", P9, A9, put("activations", 3, "tapped", ["elf"]),
         "no untapped copy of elf is left to tap", also=REPORTED),
    Case("9.2: only an ability with tap_other lists tapped permanents", P9, A9,
         put("activations", 0, "tapped", ["elf2"]),
         "elf ability has no tap_other cost, but the answer lists tapped permanents"),
    Case("9.2: sacrifice_other lists its n permanents", P9, A9,
         more(act("altar", "{C}{C}", sacrificed=["bear", "elf2"])), "sacrificed must list 1 permanents, not", also=REPORTED),
    Case("9.2: sacrifice_other sacrifices a copy still there", P9, A9,
         more(act("altar", "{C}{C}", sacrificed=["elf2"]), act("altar", "{C}{C}", sacrificed=["elf2"])),
         "no copy of elf2 is left to sacrifice", also=REPORTED),
    Case("9.2: a sacrificed copy does nothing afterwards", P9, A9,
         more(act("altar", "{C}{C}", sacrificed=["elf2"]), act("elf2", "{G}")),
         "every copy of elf2 is gone (sacrificed) before it acts", also=REPORTED),
    Case("9.2: a copy taps once (the board's count of untapped copies)", P9, A9, more(act("elf", "{G}")),
         "no untapped copy of elf is left to tap", also=REPORTED + ("elf is tapped more often",)),
    Case("9.2: tap_other without \"self\" taps other permanents", P9, A9,
         more(act("druid", "{G}", tapped=["druid"])),
         "druid can't tap itself (no \"self\"): at most 0 of its copies per activation", also=REPORTED),
    Case("9.2: sacrifice_other without \"self\" sacrifices other permanents", P9, A9,
         more(act("krark", "{C}{C}", sacrificed=["krark"])), "krark can't sacrifice itself (no \"self\")",
         also=REPORTED),
    Case("9.2: a `remove` amount without {T} removes at most the copy's counters in all", P9, A9,
         more(act("battery", "{C}", removed=1), act("battery", "{C}{C}", removed=2)),
         "battery ability 0 removes 3 charge counters in all, but it has 2", also=REPORTED),
    Case("9.2: a `remove` amount without {T} on one copy only (whose counters can't be told)", P9, A9,
         more(act("batteries", "{C}", removed=1)),
         "batteries has 2 copies, so which copy's charge counters its ability 0 removed can't be told",
         also=REPORTED),
    Case("9.2: counters removed as a cost bound the activations without {T}", P9, A9,
         more(act("cell", "{W}", times=2)), "cell ability 0 is activated 2 times, but its copies' counters allow 1",
         also=REPORTED + ("cell ability 0 used more than 1 times per copy",)),
    Case("9.2: cards discarded as a cost are in the hand", P9, A9, more(act("looter", "{R}")),
         "discard needs 1 cards in all, but there are 0", also=REPORTED),
    Case("9.6: counters_removed is the counters removed", P9, A9, put("counters_removed", 2),
         "counters_removed says 2 but the payment gives 3"),
    Case("9.6: discarded is the cards discarded", P9, A9, put("discarded", 1),
         "discarded says 1 but the payment gives 0"),
    Case("9.6: drawbacks lists the drawbacks", P9, A9, put("drawbacks", [{"source": "elf"}]),
         "drawbacks says [{'source': 'elf'}] but the payment gives []"),
]
CASES += V2_CASES

# --- P10: convoke, improvise and delve (9.3) and the object's other costs. --------------------------
P10 = {"cost": "{2}{G}", "convoke": True, "improvise": True, "delve": True, "graveyard": 1, "hand": 1,
       "other_costs": {"sacrifice_other": {"types": ["artifact"], "n": 1}, "discard": 1},
       "sources": [{"id": "forest", "abilities": [{"add": "{G}"}]},
                   {"id": "bear", "types": ["creature"], "colors": "G", "abilities": []},
                   {"id": "knight", "types": ["creature"], "colors": "W", "abilities": []},
                   {"id": "orni", "types": ["artifact"], "abilities": []},
                   {"id": "clue", "types": ["artifact"], "abilities": []},
                   {"id": "treasure", "types": ["artifact"],
                    "abilities": [{"add": {"any_color": 1}, "tap": False, "sacrifice": True}]}]}
A10 = answer([], [paid("{2}", {"improvise": "clue"}, {"improvise": "orni"}), paid("{G}", {"convoke": "bear"})],
             [], {}, {"min_life": 0, "min_sacrifices": 1, "min_drawbacks": 0, "min_cards": 1, "min_counters": 0,
                      "min_sources": 3, "min_waste": 0},
             sacrificed=1, discarded=1, counters_removed=0, drawbacks=[], convoked=1, improvised=2, delved=0,
             other_costs={"sacrificed": ["orni"], "discarded": 1})

P10M = P10 | {"library": 1, "other_costs": {**P10["other_costs"], "mill": 1}}
A10M = copy.deepcopy(A10)
A10M["other_costs"]["milled"] = 1
A10M["objective"]["min_cards"] = 2

KEYWORD_CASES = [
    Case("9.3: a delve item stands for one card", P10, A10, put("payments", 0, "mana", 0, {"delve": 2}),
         "a delve item stands for one card", also=REPORTED),
    Case("9.3: improvise taps an artifact on the battlefield (702.126a)", P10, A10,
         put("payments", 0, "mana", 0, {"improvise": "forest"}),
         "'forest' is not an artifact on the battlefield to tap for improvise", also=REPORTED),
    Case("9.3: a permanent taps once for the keywords", P10, A10,
         put("payments", 0, "mana", 0, {"improvise": "orni"}),
         "orni: 2 copies tapped as the total cost is paid, but only 1 are untapped", also=REPORTED),
    Case("9.3: delve exiles only the cards the graveyard holds (702.66a)", P10 | {"graveyard": 0}, A10,
         put("payments", 0, "mana", [{"delve": 1}, {"delve": 1}]),  # the one discarded is there (601.2h)
         "exiles 2 cards from the graveyard as the total cost is paid, but it holds 1", also=REPORTED),
    Case("9.3: only convoke pays a colored symbol (702.51a, 702.126a)", P10, A10,
         edits(put("payments", 0, "mana", [{"convoke": "bear"}, {"improvise": "orni"}]),
               put("payments", 1, "mana", [{"improvise": "clue"}])),
         "improvise can't pay {G} (only {1}, and convoke a colored half)", also=REPORTED),
    Case("9.3: a convoked creature pays a symbol of one of its colors (702.51a)", P10, A10,
         put("payments", 1, "mana", [{"convoke": "knight"}]),
         "knight has none of {G}'s colors to convoke it (702.51a)"),
    Case("9.3: the answer says what the other costs took", P10, A10, drop("other_costs"),
         "other_costs: the answer must say what the object's other costs took",
         also=REPORTED + ("other_costs.sacrificed must list", "other_costs.discarded says None")),
    Case("9.3: other_costs lists the n permanents the cost takes", P10, A10, put("other_costs", "sacrificed", []),
         "other_costs.sacrificed must list 1 permanents, not []", also=REPORTED),
    Case("9.3: other_costs takes only permanents of the cost's kind", P10, A10,
         put("other_costs", "sacrificed", ["bear"]), "other_costs.sacrificed: 'bear' is not a permanent the cost may take",
         also=REPORTED),
    Case("9.3: other_costs sacrifices a copy still on the battlefield", P10, A10,
         edits(append("activations", act("treasure", "{G}")), put("other_costs", "sacrificed", ["treasure"])),
         "other_costs.sacrificed: only 0 copies of treasure are left on the battlefield", also=REPORTED),
    Case("9.3: other_costs says the cards the cost takes", P10, A10, put("other_costs", "discarded", 0),
         "other_costs.discarded says 0 but the cost is 1"),
    Case("9.3: other_costs reports only what the costs take", P10, A10, put("other_costs", "tapped", []),
         "other_costs reports ['tapped'], which the costs don't take"),
    Case("9.6: convoked, improvised and delved count the items", P10, A10, put("improvised", 1),
         "improvised says 1 but the payment gives 2"),
]
CASES += KEYWORD_CASES

# --- P13: X paid only with green mana (x_color), convoke on: a convoked creature can't pay X (9.7). ---
P13 = {"cost": "{X}{G}", "x": 1, "x_color": "G", "convoke": True,
       "sources": [{"id": "forest", "count": 2, "abilities": [{"add": "{G}"}]},
                   {"id": "bear", "types": ["creature"], "colors": "G", "abilities": []}]}
A13 = answer([act("forest", "{G}", times=2)], [paid("{X}", m("G", "forest")), paid("{G}", m("G", "forest"))],
             ["G"], {}, {"min_life": 0, "min_sacrifices": 0, "min_drawbacks": 0, "min_cards": 0, "min_counters": 0,
                         "min_sources": 2, "min_waste": 0}, x=1,
             discarded=0, counters_removed=0, drawbacks=[], convoked=0, improvised=0, delved=0)
CASES.append(Case("9.7: keywords don't pay X under x_color (or Achroma)", P13, A13,
                  edits(put("activations", 0, "times", 1), put("payments", 0, "mana", [{"convoke": "bear"}]),
                        put("convoked", 1)),
                  "convoke, improvise and delve don't pay X under Achroma or x_color (9.7)"))

# --- P11: Wild Growth on one of three Forests (9.4, 106.12a); a Spirit Guide in the hand. -------------
P11 = {"cost": "{G}{G}{G}", "effects": [{"kind": "extra", "on": "forests", "add": "{G}"}],
       "sources": [{"id": "forests", "name": "Forest", "count": 3},
                   {"id": "guide", "types": ["creature"], "zone": "hand",
                    "abilities": [{"add": "{R}", "tap": False, "sacrifice": True}]}]}
A11 = answer([act("forests", "{G}", extra="{G}"), act("forests", "{G}")],
             [paid("{G}", m("G", "forests")), paid("{G}", m("G", "forests", extra=True)), paid("{G}", m("G", "forests"))],
             ["G"], {}, {"min_life": 0, "min_sacrifices": 0, "min_drawbacks": 0, "min_cards": 0, "min_counters": 0,
                         "min_sources": 2, "min_waste": 0}, discarded=0, counters_removed=0, drawbacks=[])

# --- P12: Doubling Cube (9.2 double_pool): two Islands, {1} paid, the {U} left doubled. --------------
P12 = {"cost": "{U}{U}", "sources": [{"id": "cube", "types": ["artifact"],
                                      "abilities": [{"add": {"double_pool": True}, "mana": "{1}"}]},
                                     {"id": "isl", "count": 2, "abilities": [{"add": "{U}"}]}]}
A12 = answer([act("isl", "{U}", times=2), act("cube", "{U}", paid=[paid("{1}", m("U", "isl"))])],
             [paid("{U}", m("U", "isl")), paid("{U}", m("U", "cube"))],
             ["U"], {}, {"min_life": 0, "min_sacrifices": 0, "min_drawbacks": 0, "min_cards": 0, "min_counters": 0,
                         "min_sources": 3, "min_waste": 0}, discarded=0, counters_removed=0, drawbacks=[])

EFFECT_CASES = [
    Case("9.7: effects change only what {T} abilities make", P11, A11, append("activations", act("guide", "{R}", extra="{G}")),
         "effects change only what {T} abilities make (9.7)"),
    Case("9.4: what an activation ends as is what the effects make of it", P11, A11,
         put("activations", 0, "extra", "{R}"),
         "under the effects, forests making '{G}' can't end as '{G}' with extra '{R}'",
         also=REPORTED + ("no {G} from forests",)),
    Case("9.4: under effects an ability still adds only what it makes", P11, A11, put("activations", 1, "adds", "{Q}"),
         "forests ability 0 can't add '{Q}'", also=REPORTED + ("no {G} from forests",)),
    Case("9.4: an aura's extra comes from its one enchanted copy", P11, A11,
         edits(put("activations", 1, "extra", "{G}"), left({"G": 1}), put("objective", "min_waste", 1)),
         "forests: 2 activations of the copy an extra enchants and 0 of the others, with 3 untapped copies"),
    Case("9.2: Doubling Cube adds once what the pool holds unspent", P12, A12,
         edits(put("activations", 1, "adds", "{U}{U}"), left({"U": 1}), put("objective", "min_waste", 1)),
         "cube doubles the unspent mana once per activation: it adds '{U}' here, not '{U}{U}'"),
]
CASES += EFFECT_CASES

PROBLEM_CASES: list[tuple[str, dict[str, Any], dict[str, Any], Answer, str, tuple[str, ...]]] = [
    # (rule, a problem, the same problem changed, an answer legal on the first, the message on the
    # second, messages the change can't help causing with it)
    ("an object with no mana cost can't be paid (118.6)", P1, P1 | {"cost": None}, A1,
     "the object has no mana cost to pay (118.6)", ()),
    ("X is 0 when free, so a fixed X above 0 can't be (107.3b)", P8, P8 | {"x": 1}, A8,
     "with free, X is 0 (107.3b), but the problem fixes it above 0", ()),
    ("Achroma with a color for X: X is 0 (702.86c)", P6, P6 | {"keywords": ["achroma"]}, A6,
     "with Achroma and a color for X, X can only be 0 (702.86c)", UNREAD),
    ("9.3: an item pays with a keyword the object has", P10, P10 | {"improvise": False}, A10,
     "pays with improvise, which the object doesn't have", REPORTED),
    ("9.3: other_costs only when the object has other costs", P10,
     {k: v for k, v in P10.items() if k != "other_costs"}, A10, "other_costs: the object has no other costs",
     REPORTED),
    ("9.3: the cards discarded are in the hand", P10, P10 | {"hand": 0}, A10,
     "discards 1 cards in all, but the hand has 0", REPORTED),
    ("9.3: the cards milled are in the library", P10M, P10M | {"library": 0}, A10M,
     "mills 1 cards in all, but the library has 0", REPORTED),
]
