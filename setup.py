"""Build: the modules on ``pay()``'s hot path are compiled with Cython, the rest stay Python.

The same ``.py`` files ship beside the extension modules, and Python prefers the extension
module when both exist. Cython compiles them as plain Python (annotations are not C types), with
the C declarations of a ``.pxd`` file beside a module where one exists (``solver/fast/solve.pxd``), so
compiled and pure code give the same answers (tests/test_build.py compares them).

Only what measurably pays is compiled (pyproject's ``[tool.tapwise] compiled``, chosen with
``python -m tapwise.benchmarks.instructions``; docs/history.md ("speed") has the counts), at ``-O1`` without
debug information: measured here, gcc takes about a fifth of the time it takes at the default
``-g -O3`` on these large generated files, for 2-3% more instructions per call. Modules are
cythonized and compiled in parallel, the largest first.

Editable installs (``pip install -e .``) and ``TAPWISE_PURE=1`` build nothing, so edits to the
sources take effect at once. Without Cython or a working C compiler the build says so and
installs the pure package: it never fails for want of a compiler.
"""

import os
import shutil
import sys
import tomllib
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

with open(Path(__file__).with_name("pyproject.toml"), "rb") as handle:
    HOT_PATH = tomllib.load(handle)["tool"]["tapwise"]["compiled"]  # the tests read it too
PURE = os.environ.get("TAPWISE_PURE", "") not in ("", "0")
FLAGS = ["-O1", "-g0"]  # after the interpreter's own flags, so these win
JOBS = os.cpu_count() or 1


def _say(message: str) -> None:
    print(f"tapwise: {message}", file=sys.stderr)


class BuildHotPath(build_ext):
    """Compiles the hot path, except in editable mode (the sources must stay what runs); falls
    back to the pure package when there is no compiler."""

    def run(self) -> None:
        if getattr(self, "editable_mode", False) or self.inplace:
            _say("editable install, the hot path stays pure Python")
            return
        if not self.extensions:
            return
        try:
            self.extensions = _cythonized(self.extensions)
            super().run()
        except Exception as e:  # no compiler, or one that fails: the pure package still works
            _say(f"the hot path could not be compiled ({type(e).__name__}: {e}); "
                 "installing the pure Python package (same answers, slower)")
            for built in self.get_outputs():  # all or nothing: no module may need a missing one
                Path(built).unlink(missing_ok=True)
            self.extensions = []


def _source(name: str) -> str:
    return name.removeprefix("tapwise.").replace(".", "/") + ".py"


def _pxd_tree(here: Path) -> Path:
    """A folder where the .pxd files sit as ``tapwise/<subpackage>/.../<module>.pxd``, for
    Cython's ``cimport tapwise.solver.fast.demand`` (the fast path's layers extend each other's
    cdef classes): the repository's folders are the package's subpackages, so no ``tapwise/``
    folder holds them here."""
    root = here / "build" / "pxd"
    shutil.rmtree(root, ignore_errors=True)  # a .pxd moved or removed since the last build must go
    (root / "tapwise").mkdir(parents=True, exist_ok=True)  # also when no module has a .pxd
    for folder in ("models", "solver"):
        for pxd in (here / folder).rglob("*.pxd"):
            target = root / "tapwise" / pxd.relative_to(here)
            target.parent.mkdir(parents=True, exist_ok=True)
            for package in list(target.relative_to(root).parents)[:-1]:  # not the root itself
                (root / package / "__init__.py").touch()
            target.write_bytes(pxd.read_bytes())
    (root / "tapwise" / "__init__.py").touch()
    return root


SHARED = "tapwise._cyutility"  # Cython's utility code, compiled once instead of into every module


def _extensions() -> list:
    """The hot path's extension modules, still as their ``.py`` sources: cythonized only when
    ``build_ext`` runs, so pip's metadata steps (which run this file too) translate nothing."""
    if PURE:
        _say("TAPWISE_PURE is set: installing the pure Python package")
        return []
    try:
        import Cython  # noqa: F401
    except ImportError:
        _say("Cython is not available: installing the pure Python package (same answers, slower)")
        return []
    from setuptools import Extension

    # tapwise.models.mana is built from models/mana.py: the repository's folders are the package's
    # subpackages (pyproject.toml's package-dir), so each extension is named as installed. The
    # largest first, so the parallel build doesn't end waiting on one big module.
    here = Path(__file__).parent
    names = sorted(HOT_PATH, key=lambda n: -(here / _source(n)).stat().st_size)
    return [Extension(name, [_source(name)], extra_compile_args=FLAGS) for name in names] + [
        Extension(SHARED, [], extra_compile_args=FLAGS)]


def _cythonized(extensions: list) -> list:
    """The C extensions Cython makes of ``extensions``, sharing one utility module (Cython 3.1's
    ``shared_utility_qualified_name``): each module's C file loses the helpers every Cython
    module otherwise carries, which is most of what gcc compiles for the small ones."""
    from Cython.Build import cythonize

    made = {e.name: e for e in cythonize(
        extensions,
        compiler_directives={"language_level": 3, "annotation_typing": False},
        build_dir="build/cython",  # the generated C stays out of the sources
        include_path=[str(_pxd_tree(Path(__file__).parent))],
        nthreads=JOBS,
        quiet=True,
        shared_utility_qualified_name=SHARED,
    )}
    for e in extensions:  # setuptools has already set up these objects: keep them, with the C sources
        e.sources, e.depends = made[e.name].sources, made[e.name].depends
    return extensions


setup(ext_modules=_extensions(), cmdclass={"build_ext": BuildHotPath},
      options={"build_ext": {"parallel": JOBS}})
