"""tapwise.svg: the picture of a payment, parsed (xml.etree) and checked element by element.

The answers here are written by hand from the spec (problem.md section 6), so the drawing is
tested apart from the solver; one test draws a solver answer whose payment is forced."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import tapwise
import tapwise.svg

NS = "{http://www.w3.org/2000/svg}"
ROOT = Path(__file__).resolve().parents[1]


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def cards(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter(f"{NS}g") if "card" in g.get("class", "").split()]


def labels(card: ET.Element, cls: str) -> list[str]:
    return [t.text or "" for t in card.iter(f"{NS}text") if t.get("class") == cls]


def symbols(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter(f"{NS}g") if "symbol" in g.get("class", "").split()]


PROBLEM = {"cost": "{1}{G}", "sources": [
    {"name": "Forest", "count": 2},
    {"id": "petal", "name": "Lotus Petal", "types": ["artifact"],
     "abilities": [{"add": {"any_color": 1}, "sacrifice": True}]},
    {"name": "Island"}]}
ANSWER = {"status": "paid", "optimal": True, "x": 0, "total_cost": "{1}{G}",
          "activations": [{"source": "Forest", "ability": 0, "adds": "{G}", "times": 1},
                          {"source": "petal", "ability": 0, "adds": "{U}", "times": 1}],
          "payments": [{"symbol": "{1}", "mana": [{"type": "U", "source": "petal"}]},
                       {"symbol": "{G}", "mana": [{"type": "G", "source": "Forest"}]}],
          "life_paid": 0, "damage": 0, "energy_paid": 0, "sources_used": 2, "sacrificed": 1,
          "colors_spent": ["U", "G"], "counters": None, "left_over": []}


def test_cards_turned_labelled_and_marked():
    root = parse(tapwise.svg.payment(ANSWER, PROBLEM))
    drawn = [(c.get("data-source"), c.get("data-copies"), set(c.get("class").split())) for c in cards(root)]
    assert drawn == [("Forest", "1", {"card", "tapped"}), ("Forest", "1", {"card"}),
                     ("petal", "1", {"card", "tapped", "sacrificed"}), ("Island", "1", {"card"})]
    forest, spare, petal, island = cards(root)
    assert labels(forest, "made") == ["made {G}"] and labels(forest, "paid") == ["paid {G}"]
    assert labels(petal, "made") == ["made {U}"] and labels(petal, "paid") == ["paid {1}"]
    assert labels(petal, "mark") == ["sacrificed"]
    assert labels(island, "made") == [] and labels(spare, "note") == ["unused"]
    assert petal.get("data-name") == "Lotus Petal"
    turned = [g for g in forest.iter(f"{NS}g") if g.get("class") == "face"]
    assert turned[0].get("transform", "").startswith("rotate(90 ")
    face = [g for g in island.iter(f"{NS}g") if g.get("class") == "face"]
    assert face[0].get("transform") is None


def test_cost_symbols_colored_by_what_paid_them():
    root = parse(tapwise.svg.payment(ANSWER, PROBLEM))
    assert [(s.get("data-symbol"), s.get("data-paid-by")) for s in symbols(root)] == [("{1}", "U"), ("{G}", "G")]
    fills = [s.find(f"{NS}circle").get("fill") for s in symbols(root)]
    assert fills == [tapwise.svg.COLORS["U"], tapwise.svg.COLORS["G"]]


def test_life_and_generic_paid_by_several_types():
    answer = {**ANSWER, "total_cost": "{2}{G/P}",
              "payments": [{"symbol": "{2}", "mana": [{"type": "U", "source": "petal"},
                                                      {"type": "G", "source": "Forest"}]},
                           {"symbol": "{G/P}", "life": 2}]}
    root = parse(tapwise.svg.payment(answer, PROBLEM))
    two, phyrexian = symbols(root)
    assert two.get("data-paid-by") == "U G" and len(two.findall(f"{NS}path")) == 2  # one wedge per mana
    assert phyrexian.get("data-paid-by") == "life"


def test_convoked_creature_is_turned_and_marked():
    problem = {"cost": "{1}{G}", "convoke": True, "sources": [
        {"id": "angel", "types": ["creature"], "colors": "W", "abilities": []}, {"name": "Forest"}]}
    answer = {"status": "paid", "total_cost": "{1}{G}",
              "activations": [{"source": "Forest", "ability": 0, "adds": "{G}", "times": 1}],
              "payments": [{"symbol": "{1}", "mana": [{"convoke": "angel"}]},
                           {"symbol": "{G}", "mana": [{"type": "G", "source": "Forest"}]}]}
    root = parse(tapwise.svg.payment(answer, problem))
    angel = cards(root)[0]
    assert set(angel.get("class").split()) == {"card", "tapped", "convoked"}
    assert labels(angel, "paid") == ["paid {1}"]
    assert symbols(root)[0].get("data-paid-by") == "W"  # a white creature pays as white (702.51a)


def test_a_card_exiled_from_the_hand_is_not_turned():
    problem = {"cost": "{R}", "sources": [{"name": "Simian Spirit Guide", "zone": "hand"}]}
    root = parse(tapwise.svg.payment(tapwise.pay(problem), problem))
    (guide,) = cards(root)
    assert set(guide.get("class").split()) == {"card", "exiled"}
    assert labels(guide, "mark") == ["exiled"]


def test_infeasible_marks_the_conflict():
    # Three {U} and two blue sources: every {U} is in the conflict.
    problem = {"cost": "{U}{U}{U}{G}", "sources": [{"name": "Island", "count": 2}, {"name": "Forest"}]}
    answer = tapwise.pay(problem)
    assert answer["status"] == "infeasible" and sorted(answer["conflict"]) == ["{U}", "{U}", "{U}"]
    root = parse(tapwise.svg.payment(answer, problem))
    marked = [(s.get("data-symbol"), "conflict" in s.get("class")) for s in symbols(root)]
    assert marked == [("{U}", True), ("{U}", True), ("{U}", True), ("{G}", False)]
    assert not any("tapped" in c.get("class") for c in cards(root))
    assert [t.text for t in root.iter(f"{NS}text") if t.get("class") == "why"] == [answer["why"]]


def test_without_the_problem_the_answer_alone_is_drawn():
    root = parse(tapwise.svg.payment(tapwise.load_answer(ANSWER)))
    assert [c.get("data-source") for c in cards(root)] == ["Forest", "petal"]


def test_names_are_escaped():
    problem = {"cost": "{C}", "sources": [{"id": "<&\">", "abilities": [{"add": "{C}"}]}]}
    root = parse(tapwise.svg.payment(tapwise.pay(problem), problem))
    assert cards(root)[0].get("data-source") == "<&\">"


def test_cli_writes_the_picture(tmp_path):
    out = tmp_path / "pay.svg"
    done = subprocess.run([sys.executable, "-m", "tapwise.interfaces.cli", "pay", "{G}{G}", "--board",
                           "2 Forest, Island", "--svg", str(out)], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    root = parse(out.read_text())
    assert [(c.get("data-name"), "tapped" in c.get("class")) for c in cards(root)] == [
        ("Forest", True), ("Island", False)]


def test_pool_is_a_card_and_wedges_are_shares():
    problem = {"cost": "{X}", "x": 3, "pool": ["{R}", "{R}"], "sources": [{"name": "Forest"}]}
    answer = {"status": "paid", "x": 3, "total_cost": "{X}",
              "activations": [{"source": "Forest", "ability": 0, "adds": "{G}", "times": 1}],
              "payments": [{"symbol": "{X}", "mana": [{"type": "R", "source": "pool", "pool": 0},
                                                      {"type": "R", "source": "pool", "pool": 1},
                                                      {"type": "G", "source": "Forest"}]}]}
    root = parse(tapwise.svg.payment(answer, problem))
    forest, pool = cards(root)
    assert (pool.get("data-source"), pool.get("data-name"), pool.get("class")) == ("pool", "Mana pool", "card")
    assert labels(pool, "paid") == ["paid 2 of {X}"] and labels(forest, "paid") == ["paid {X}"]
    (x,) = symbols(root)
    assert x.get("data-paid-by") == "R R G"
    red, green = x.findall(f"{NS}path")
    assert " 0 1,1 " in red.get("d") and " 0 0,1 " in green.get("d")  # 2/3 of the disc: the large arc
