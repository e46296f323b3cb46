"""The references share no code with the package (issue 44): ``available_brute.py`` reads the
board's JSON with its own reader (``board_json.py``) and its own rules (``board_rules.py``), so
the files comparing ``available`` with it can catch a loader or restriction bug
(tools/planted_bugs.py plants one of each). Checked on the source: every module it imports,
followed through the reference package's relative imports, imports nothing of ``tapwise``."""

from __future__ import annotations

import ast
from pathlib import Path

REFERENCE = Path(__file__).parent / "reference"


def _imports(module: str) -> tuple[set[str], set[str]]:
    """(absolute modules, sibling modules of tests/reference) ``module`` imports."""
    tree = ast.parse((REFERENCE / f"{module}.py").read_text())
    absolute, siblings = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            absolute |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                siblings.add(node.module or "__init__")
            else:
                absolute.add(node.module or "")
    return absolute, siblings


def _closure(module: str) -> dict[str, set[str]]:
    seen: dict[str, set[str]] = {}
    todo = [module]
    while todo:
        m = todo.pop()
        if m in seen:
            continue
        absolute, siblings = _imports(m)
        seen[m] = absolute
        todo += sorted(siblings)
    return seen


def test_available_brute_imports_nothing_of_the_package():
    closure = _closure("available_brute")
    assert {"available_brute", "board_json", "board_rules", "traits_brute"} <= set(closure)
    shared = {m: sorted(a for a in imports if a.split(".")[0] == "tapwise")
              for m, imports in closure.items()}
    assert {m: a for m, a in shared.items() if a} == {}


def test_the_check_sees_an_import_of_the_package():
    """The check can fail: brute.py still reads notation with ``models.mana``."""
    assert any(a.startswith("tapwise") for a in _imports("brute")[0])
