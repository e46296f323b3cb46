"""Which build is running: the hot path compiled by Cython (``pip install .``) or pure Python
(an editable install, ``TAPWISE_PURE=1``, or a checkout on ``sys.path``). Benchmarks report it,
since the two differ in speed, not in answers."""

from __future__ import annotations

import importlib.util
import pkgutil
from importlib.machinery import EXTENSION_SUFFIXES

PACKAGES = ("tapwise.models", "tapwise.solver")


def compiled_modules() -> list[str]:
    """The modules of tapwise's packages that Python loads from compiled extension modules."""
    names = []
    for package in PACKAGES:
        spec = importlib.util.find_spec(package)
        # walk_packages goes into the stage folders (it imports their __init__, which is cheap)
        for info in pkgutil.walk_packages(spec.submodule_search_locations or [], package + "."):
            if info.ispkg:
                continue
            name = info.name
            origin = importlib.util.find_spec(name).origin or ""
            if origin.endswith(tuple(EXTENSION_SUFFIXES)):
                names.append(name)
    return sorted(names)


def describe() -> str:
    """One line for benchmark output: which build, and from where."""
    compiled = compiled_modules()
    where = importlib.util.find_spec("tapwise.solver").submodule_search_locations[0]
    if compiled:
        return f"tapwise build: {len(compiled)} hot-path modules compiled (Cython), from {where}"
    return f"tapwise build: pure Python, from {where}"
