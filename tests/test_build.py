"""The compiled build (``pip install .``, setup.py) against the pure sources it is made from.

Run from an installed tapwise (the README's ``python -P -m pytest``), the hot path must have been
compiled, and it must answer exactly as the pure Python of this checkout does. Run from the
checkout itself (an editable install, or plain ``python -m pytest``), there is no compiled build
to compare, and these tests say so by skipping.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
import tomllib
from importlib.util import find_spec
from pathlib import Path

import pytest

from conftest import SHARED_DATA, source_tree
from tapwise.solver.build import compiled_modules

ROOT = Path(__file__).resolve().parents[1]
CARD_COSTS = SHARED_DATA / "card_costs.jsonl"  # the real costs; without them both use the built-in list
HOT_PATH = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["tapwise"]["compiled"]
INSTALLED = Path(find_spec("tapwise.solver").submodule_search_locations[0]).resolve() != ROOT / "solver"
PURE_ASKED = os.environ.get("TAPWISE_PURE", "") not in ("", "0")

needs_installed = pytest.mark.skipif(not INSTALLED, reason="tapwise runs from this checkout: no build")

# Pays seeded benchmark problems and prints the answers, and which modules were compiled.
PAY_ALL = """
import json
from tapwise.benchmarks.generators import generate
from tapwise.benchmarks.search_loop import board_and_cost
from tapwise.solver.queries.pay import pay
from tapwise.solver.build import compiled_modules
print(json.dumps(compiled_modules()))
for scenario, n in (("typical", 150), ("rich", 60), ("large", 4)):
    for problem in generate(scenario, 11, n):
        print(json.dumps(pay(problem), sort_keys=True))
for i in range(60):  # the search loop's boards, all of solver.fast.core's class, some of them with Phyrexian mana
    board, cost = board_and_cost(11, i)
    objective = [["min_sources", "min_life"], [], ["min_waste", "min_life", "min_sources"]][i % 3]
    phyrexian = "{W/P}{U/B/P}" if i % 4 == 0 else ""
    print(json.dumps(pay({**board, **cost, "cost": cost["cost"] + phyrexian, "objective": objective}), sort_keys=True))
"""


def test_hot_path_list_names_real_modules():
    for name in HOT_PATH:
        assert (ROOT / (name.removeprefix("tapwise.").replace(".", "/") + ".py")).is_file(), name
        assert not name.startswith("tapwise.benchmarks"), "benchmarks must run without a build"


@needs_installed
@pytest.mark.skipif(PURE_ASKED, reason="TAPWISE_PURE is set: a pure build was asked for")
def test_installed_build_compiled_the_hot_path():
    assert set(HOT_PATH) <= set(compiled_modules())


@needs_installed
def test_compiled_build_answers_as_the_pure_sources(tmp_path):
    pure = source_tree(tmp_path)

    def run(args: list[str], cwd: Path, path: str = "") -> list[str]:
        env = {**os.environ, "PYTHONPATH": path, "TAPWISE_CARD_COSTS": str(CARD_COSTS)}
        out = subprocess.run([sys.executable, *args, "-c", PAY_ALL], cwd=cwd, env=env,
                             capture_output=True, text=True, check=True).stdout
        return out.splitlines()

    installed = run(["-P"], ROOT.parent)  # -P: not this checkout, the installed package
    checkout = run(["-P"], ROOT.parent, str(pure))  # these sources, pure Python, as tapwise
    assert json.loads(checkout[0]) == []
    if not PURE_ASKED:
        assert set(HOT_PATH) <= set(json.loads(installed[0]))
    assert len(installed) == len(checkout) == 1 + 150 + 60 + 4 + 60
    for line, (a, b) in enumerate(zip(installed[1:], checkout[1:])):
        assert a == b, f"problem {line}: the compiled build and the sources disagree"


def _declared(pxd: Path) -> dict[str, set[str]]:
    """The attributes each ``cdef class`` of an augmenting .pxd declares."""
    classes: dict[str, set[str]] = {}
    current = None
    for line in pxd.read_text().splitlines():
        if line.startswith("cdef class "):
            current = classes.setdefault(line[len("cdef class "):].rstrip(":").split("(")[0].strip(), set())
        elif not line.startswith(" "):
            current = None
        elif current is not None and line.strip().startswith("cdef "):
            words = line.split()[1:]  # [public | readonly] type name, name[size], ...
            if words[0] in ("public", "readonly"):
                words = words[1:]
            current.update(name.strip(",").split("[")[0] for name in words[1:])
    return classes


def _assigned(source: Path, cls: str) -> set[str]:
    """The attributes the methods of class ``cls`` assign on ``self``: a compiled cdef class
    has no instance dict, so each must be declared."""
    tree = ast.parse(source.read_text())
    node = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls)
    return {t.attr for n in ast.walk(node) if isinstance(n, (ast.Assign, ast.AugAssign, ast.AnnAssign))
            for t in (n.targets if isinstance(n, ast.Assign) else [n.target])
            if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self"}


PXDS = sorted(pxd for folder in ("models", "solver") for pxd in (ROOT / folder).rglob("*.pxd"))


def _module(pxd: Path) -> str:
    return "tapwise." + ".".join(pxd.relative_to(ROOT).with_suffix("").parts)


def test_pxd_files_sit_beside_compiled_modules():
    assert PXDS, "the hot path has C declarations"
    for pxd in PXDS:
        assert pxd.with_suffix(".py").is_file(), pxd
        assert _module(pxd) in HOT_PATH, f"{pxd} declares a module that isn't compiled"


CLASS_PXDS = [pxd for pxd in PXDS if _declared(pxd)]  # the others declare functions only


def _inherited(cls: str) -> set[str]:
    """What the bases of ``cls`` declare (the fast path's layers extend each other's classes)."""
    bases, attrs = {}, {}
    for pxd in PXDS:
        attrs.update(_declared(pxd))
        for line in pxd.read_text().splitlines():
            if line.startswith("cdef class ") and "(" in line:
                name, base = line[len("cdef class "):].rstrip(":").rstrip(")").split("(")
                bases[name.strip()] = base.strip()
    got: set[str] = set()
    while cls in bases:
        cls = bases[cls]
        got |= attrs.get(cls, set())
    return got


def test_the_search_state_is_declared():
    assert {"tapwise.solver.fast.solve", "tapwise.solver.fast.hall"} <= {_module(pxd) for pxd in CLASS_PXDS}


@pytest.mark.parametrize("pxd", CLASS_PXDS, ids=_module)
def test_pxd_declares_every_attribute_its_classes_assign(pxd: Path):
    classes = _declared(pxd)
    for cls, declared in classes.items():
        missing = _assigned(pxd.with_suffix(".py"), cls) - declared - _inherited(cls)
        assert not missing, f"{pxd.name}: cdef class {cls} must declare {sorted(missing)}"


def test_without_a_compiler_the_build_installs_the_pure_package_and_says_so(tmp_path):
    """setup.py falls back rather than fails: a build whose C compiler doesn't exist finishes,
    says it installs the pure package, and leaves no extension module behind (one small module
    listed, so the test cythonizes little)."""
    # setup.py reads only [tool.tapwise]; the project's metadata is left out, so the test needs
    # no particular setuptools
    (tmp_path / "pyproject.toml").write_text('[tool.tapwise]\ncompiled = ["tapwise.models.values"]\n')
    (tmp_path / "setup.py").write_text((ROOT / "setup.py").read_text())
    (tmp_path / "models").mkdir()
    (tmp_path / "models" / "values.py").write_text((ROOT / "models" / "values.py").read_text())
    env = {**os.environ, "CC": str(tmp_path / "no-such-compiler"), "TAPWISE_PURE": ""}
    done = subprocess.run([sys.executable, "setup.py", "build_ext"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "pure Python package" in done.stderr
    assert not list(tmp_path.rglob("*.so"))
