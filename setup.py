"""Build: the modules on ``pay()``'s hot path are compiled with Cython, the rest stay Python.

The same ``.py`` files ship beside the extension modules, and Python prefers the extension
module when both exist. Cython compiles them as plain Python (annotations are not C types), with
the C declarations of a ``.pxd`` file beside a module where one exists (``solver/fast.pxd``: a
few classes as C structs, loop indices as C integers; nothing that changes a value), so compiled
and pure code give the same answers; the compiled build takes about a fifth fewer instructions
per call (``python -m benchmarks.instructions``). Editable installs
(``pip install -e .``) and ``TAPWISE_PURE=1`` build nothing, so edits to the sources take effect
at once and a machine without a C compiler can still install.
"""

import os
import tomllib
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

with open(Path(__file__).with_name("pyproject.toml"), "rb") as handle:
    HOT_PATH = tomllib.load(handle)["tool"]["tapwise"]["compiled"]  # the tests read it too
PURE = os.environ.get("TAPWISE_PURE", "") not in ("", "0")


class BuildHotPath(build_ext):
    """Compiles the hot path, except in editable mode (the sources must stay what runs)."""

    def run(self) -> None:
        if getattr(self, "editable_mode", False) or self.inplace:
            print("tapwise: editable install, the hot path stays pure Python")
            return
        super().run()


def _extensions():
    if PURE:
        return []
    from Cython.Build import cythonize

    from setuptools import Extension

    # tapwise.models.mana is built from models/mana.py: the repository's folders are the package's
    # subpackages (pyproject.toml's package-dir), so each extension is named as installed.
    return cythonize(
        [Extension(name, [name.removeprefix("tapwise.").replace(".", "/") + ".py"]) for name in HOT_PATH],
        compiler_directives={"language_level": 3, "annotation_typing": False},
        build_dir="build/cython",  # the generated C stays out of the sources
        nthreads=os.cpu_count() or 1,
    )


setup(ext_modules=_extensions(), cmdclass={"build_ext": BuildHotPath},
      options={"build_ext": {"parallel": os.cpu_count() or 1}})
