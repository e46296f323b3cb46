"""The packages' layers and the solver's stages, read from the source with ``ast``.

Imports inside functions count (a lazy import is still a dependency), and so do those under
``if TYPE_CHECKING:`` and ``if __name__ == "__main__":``: a type-only arrow or a script's is an
arrow a reader follows too. models/ is the bottom layer, solver/ sits on it, interfaces/ and
benchmarks/ on both. Inside solver/ the stages import only downward (solver/__init__.py lists
them): the shared base (the contract, the deadline, the CP-SAT writer), the front end, the two
back ends (which never import each other), the answer, and the queries on top; the verifier
knows only models/. Inside models/, the card reader (models/cards/) is imported by the loader
alone.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("models", "solver")
KNOWN_CYCLES: set[frozenset[str]] = set()
"""Cycles allowed to stay: none (issue 39 removed the last ones)."""

BASE = {"solver.contract", "solver.deadline", "solver.sat", "solver.build"}
"""solver/'s modules below every stage: what compiling produces and a back end returns, the
request's deadline, CP-SAT's text writer (both back ends write models with it)."""
STAGES = ("front", "fast", "cpsat", "answer", "verify", "queries")
MAY_IMPORT = {
    "base": {"base"},
    "front": {"base", "front"},
    "fast": {"base", "front", "fast"},
    "cpsat": {"base", "front", "cpsat"},
    "answer": {"base", "front", "fast", "cpsat", "answer"},
    "verify": {"verify"},
    "queries": {"base", "front", "fast", "cpsat", "answer", "verify", "queries"},
}
"""The solver's stages each stage may import (besides models/): downward only."""
MAX_MODULES_PER_FOLDER = 20
MAX_LINES = 800
MAX_CLASS_LINES = 300
LONG_CLASSES: dict[str, set[str]] = {}
"""Classes allowed past MAX_CLASS_LINES, by file: none (issue 39)."""


def _module_of(dotted: str) -> str:
    """The module (or package) of the repository that ``dotted`` (without ``tapwise.``) names:
    its longest prefix that is a file or a folder."""
    parts = dotted.split(".")
    for n in range(len(parts), 0, -1):
        path = ROOT.joinpath(*parts[:n])
        if path.with_suffix(".py").is_file() or (path / "__init__.py").is_file():
            return ".".join(parts[:n])
    return parts[0]


def _imported(tree: ast.AST, package: str) -> set[str]:
    """Every ``tapwise.*`` module the module imports, as ``folder.module`` (``solver.front.merge``,
    or a package such as ``solver.front`` for its ``__init__``), wherever the import is."""
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {_module_of(a.name.removeprefix("tapwise.")) for a in node.names
                    if a.name.startswith("tapwise.")}
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: from the module's own package, or one up per extra dot
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                dotted = ".".join(base + ([node.module] if node.module else []))
            elif node.module and (node.module == "tapwise" or node.module.startswith("tapwise.")):
                dotted = node.module.removeprefix("tapwise").lstrip(".")
            else:
                continue
            if not dotted:
                continue
            for alias in node.names:  # from tapwise.solver.front import merge: the module
                out.add(_module_of(f"{dotted}.{alias.name}"))
    return out


def _graph(tops: tuple[str, ...] = PACKAGES) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for top in tops:
        for path in sorted((ROOT / top).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            name = ".".join(parts)
            package = name if path.stem == "__init__" else name.rsplit(".", 1)[0]
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


def _stage(module: str) -> str | None:
    """The solver stage of ``module`` ("base", "front", ...), None outside solver/ or for the
    solver package itself."""
    if module in BASE:
        return "base"
    parts = module.split(".")
    if parts[0] == "solver" and len(parts) >= 2 and parts[1] in STAGES:
        return parts[1]
    return None


GRAPH = _graph()


def test_the_scan_sees_every_import():
    """The scan is real: it finds an import made inside a function, a type-only one and a
    script's, and names modules in the stage folders."""
    tree = ast.parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from tapwise.solver.queries.plan import x\n"
                     "def f():\n    from tapwise.models.cards.catalog import library\n    from . import pay\n"
                     "if __name__ == '__main__':\n    from tapwise.solver.queries.keep import y\n"
                     "import tapwise.solver.deadline as deadlines\n")
    assert _imported(tree, "solver.queries") == {"solver.queries.plan", "models.cards.catalog", "solver.queries.pay",
                                                 "solver.queries.keep", "solver.deadline"}
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [frozenset({"a", "b", "c"})]
    assert GRAPH["solver.queries.pay"] >= {"solver.cpsat.model", "models.loader", "solver.contract"}


def test_no_import_cycle():
    cycles = set(_cycles(GRAPH))
    assert not cycles - KNOWN_CYCLES, sorted(sorted(c) for c in cycles - KNOWN_CYCLES)


def test_no_import_cycle_in_the_whole_package():
    """The interfaces and benchmarks too (phase_diff and phase_wide once imported each other)."""
    cycles = _cycles(_graph(PACKAGES + ("api", "interfaces", "benchmarks")))
    assert cycles == [], sorted(sorted(c) for c in cycles)


@pytest.mark.parametrize("package, forbidden", [("models", ("solver", "interfaces", "benchmarks", "api")),
                                                ("solver", ("interfaces", "benchmarks", "api"))])
def test_a_layer_never_imports_one_above_it(package, forbidden):
    wrong = {(m, t) for m, targets in GRAPH.items() if m.split(".")[0] == package
             for t in targets if t.split(".")[0] in forbidden}
    assert wrong == set()


def test_every_solver_module_is_in_a_stage():
    loose = {m for m in GRAPH if m.startswith("solver.") and _stage(m) is None and m.count(".") == 1
             and m.split(".")[1] not in STAGES}
    assert loose == set(), "a module of solver/ belongs to a stage folder or to the shared base"


@pytest.mark.parametrize("stage", ("base",) + STAGES)
def test_a_stage_imports_only_downward(stage):
    wrong = {(m, t) for m, targets in GRAPH.items() if _stage(m) == stage
             for t in targets if _stage(t) is not None and _stage(t) not in MAY_IMPORT[stage]}
    assert wrong == set()


def test_the_verifier_knows_only_the_models():
    """DESIGN principle 4: it shares no code with the model builder."""
    wrong = {(m, t) for m, targets in GRAPH.items() if _stage(m) == "verify"
             for t in targets if not t.startswith(("models", "solver.verify"))}
    assert wrong == set()


def test_both_back_ends_read_the_contract():
    for stage in ("fast", "cpsat"):
        assert any("solver.contract" in GRAPH[m] for m in GRAPH if _stage(m) == stage), stage


def test_the_solver_package_lists_its_stages_in_order():
    doc = ast.get_docstring(ast.parse((ROOT / "solver" / "__init__.py").read_text())) or ""
    at = [doc.find(f"``{s}/``") for s in STAGES]
    assert -1 not in at and at == sorted(at), at


def test_only_the_loader_imports_the_card_reader():
    """models/ reads like the rulebook: the card library and the Oracle reader (models/cards/)
    are the loader's business, not the values'."""
    readers = {m for m, targets in GRAPH.items() if m.startswith("models.") and not m.startswith("models.cards")
               and any(t.startswith("models.cards") for t in targets)}
    assert readers <= {"models.loader"}


def test_the_cp_sat_model_parts_import_in_one_direction():
    """solver/cpsat/model.py puts the model together from its parts; no part imports it."""
    parts = {m for m in GRAPH if _stage(m) == "cpsat"} - {"solver.cpsat.model", "solver.cpsat"}
    assert {m for m in parts if "solver.cpsat.model" in GRAPH[m]} == set()
    assert "solver.sat" in GRAPH["solver.cpsat.model"]


def test_folders_and_files_stay_small():
    """No folder of more than 20 modules, no file of more than 800 lines (issue 39)."""
    for top in PACKAGES + ("api", "interfaces"):
        for folder in [ROOT / top] + [p for p in (ROOT / top).rglob("*") if p.is_dir()]:
            modules = [p for p in folder.glob("*.py") if p.name != "__init__.py"]
            assert len(modules) <= MAX_MODULES_PER_FOLDER, folder
            for p in modules:
                assert len(p.read_text().splitlines()) <= MAX_LINES, p


def test_no_class_over_300_lines():
    """Classes split by job, composed (issue 39): none over :data:`MAX_CLASS_LINES` lines, its
    decorators, docstring and blank lines counted."""
    long = set()
    for top in PACKAGES + ("api", "interfaces", "benchmarks"):
        for p in (ROOT / top).rglob("*.py"):
            rel = p.relative_to(ROOT).as_posix()
            for node in ast.walk(ast.parse(p.read_text())):
                if isinstance(node, ast.ClassDef):
                    first = min([node.lineno] + [d.lineno for d in node.decorator_list])
                    if node.end_lineno - first + 1 > MAX_CLASS_LINES \
                            and node.name not in LONG_CLASSES.get(rel, set()):
                        long.add(f"{rel}: {node.name} ({node.end_lineno - first + 1} lines)")
    assert long == set()


def test_the_front_door_imports_no_interface():
    """``import tapwise`` (api/__init__.py) gives the queries without the CLI, the server or
    the batches: the dispatcher it asks is the solver's (solver/queries/request.py)."""
    imported = _imported(ast.parse((ROOT / "api" / "__init__.py").read_text()), "")
    assert {m for m in imported if m.startswith(("interfaces", "benchmarks"))} == set()
