"""The packages' layers, read from the source with ``ast``: imports inside functions count
(a lazy import is still a dependency), imports under ``if TYPE_CHECKING:`` do not (they never
run), nor those under ``if __name__ == "__main__":`` (they run only in the script, module
``__main__``, never in the imported module). models/ is the bottom layer, solver/ sits on it, interfaces/ and benchmarks/ on both.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("models", "solver")
KNOWN_CYCLES: set[frozenset[str]] = {
    # The debt left (docs/notes/split.md, docs/notes/cycles.md): problem.py's loader calls up
    # into the card reader (card_source -> cards, oracle -> oracle_card -> problem.load_ability).
    frozenset({"models.cards.source", "models.cards.catalog", "models.cards.oracle", "models.cards.card",
               "models.cards.costs", "models.cards.mana", "models.cards.riders", "models.problem"}),
    # Each a lazy import back into the module that calls it.
    frozenset({"solver.answer.build", "solver.answer.keywords"}),
    frozenset({"solver.answer.explain", "solver.answer.explain_keywords"}),
    frozenset({"solver.queries.keep", "solver.queries.pay"}),
    frozenset({"solver.queries.castable", "solver.queries.prepared"}),
}
"""Cycles there were when the test was written: any other cycle, or one of these grown, fails."""


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _script_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Compare) and isinstance(test.left, ast.Name) and test.left.id == "__name__"
            and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq)
            and isinstance(test.comparators[0], ast.Constant) and test.comparators[0].value == "__main__")


def _imported(tree: ast.AST, package: str) -> set[str]:
    """Every ``tapwise.*`` name the module imports at run time, as ``folder.module`` (or the
    bare folder for a package's ``__init__``), wherever the import statement is."""
    out: set[str] = set()

    def module(dotted: str) -> str:
        parts = dotted.split(".")
        if len(parts) >= 2 and (ROOT / parts[0] / f"{parts[1]}.py").exists():
            return ".".join(parts[:2])
        return parts[0]

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and (_type_checking(node) or _script_only(node)):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("tapwise."):
                    out.add(module(alias.name.removeprefix("tapwise.")))
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: from the module's own folder
                base = package if node.level == 1 else ""
                dotted = ".".join(x for x in (base, node.module or "") if x)
            elif node.module and node.module.startswith("tapwise"):
                dotted = node.module.removeprefix("tapwise").lstrip(".")
            else:
                return
            if not dotted:
                return
            if "." in dotted:
                out.add(module(dotted))
            else:  # from tapwise.solver import deadline: a submodule, or the package's own name
                for alias in node.names:
                    target = f"{dotted}.{alias.name}"
                    out.add(target if (ROOT / dotted / f"{alias.name}.py").exists() else dotted)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return out


def _graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).glob("*.py")):
            name = package if path.stem == "__init__" else f"{package}.{path.stem}"
            graph[name] = _imported(ast.parse(path.read_text(), str(path)), package) - {name}
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[frozenset[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in graph:
                continue
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                part.add(w)
                if w == v:
                    break
            if len(part) > 1:
                out.append(frozenset(part))

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return out


GRAPH = _graph()


def test_the_scan_sees_lazy_imports():
    """The scan is real: it finds an import made inside a function and skips a type-only one."""
    tree = ast.parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from tapwise.solver.plan import x\n"
                     "def f():\n    from tapwise.models.cards import library\n    from . import pay\n"
                     "if __name__ == '__main__':\n    from tapwise.solver.keep import y\n"
                     "if __name__ != '__main__':\n    from tapwise.solver.verify import z\n")
    assert _imported(tree, "solver") == {"models.cards.catalog", "solver.queries.pay", "solver.verify.replay"}
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [frozenset({"a", "b", "c"})]
    assert GRAPH["solver.queries.pay"] >= {"solver.cpsat.model", "models.problem"}


def test_no_import_cycle_beyond_the_known_ones():
    cycles = set(_cycles(GRAPH))
    assert not cycles - KNOWN_CYCLES, sorted(sorted(c) for c in cycles - KNOWN_CYCLES)


def test_the_known_cycles_are_all_still_there():
    """A cycle removed or shrunk leaves the list: it says what the debt is, no more."""
    cycles = set(_cycles(GRAPH))
    assert not KNOWN_CYCLES - cycles, sorted(sorted(c) for c in KNOWN_CYCLES - cycles)


def test_the_cp_sat_model_parts_import_in_one_direction():
    """solver/cpsat/model.py's parts: the writer at the bottom, the model class on top of them all."""
    parts = {m for m in GRAPH if m.startswith("solver.cpsat.model")} - {"solver.cpsat.keywords"}
    assert GRAPH["solver.sat"] & parts == set()
    assert {m for m in parts if "solver.cpsat.model" in GRAPH[m]} == set()  # only others use the facade
    assert GRAPH["solver.cpsat.model"] >= parts - {"solver.cpsat.model"}


@pytest.mark.parametrize("package, forbidden", [("models", ("solver", "interfaces", "benchmarks", "api")),
                                                ("solver", ("interfaces", "benchmarks", "api"))])
def test_a_layer_never_imports_one_above_it(package, forbidden):
    wrong = {(m, t) for m, targets in GRAPH.items() if m.split(".")[0] == package
             for t in targets if t.split(".")[0] in forbidden}
    assert wrong == set()
