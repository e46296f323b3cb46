"""Shared test helpers: where the shared card data lives (tests may read it; the package may not)."""

from __future__ import annotations

from pathlib import Path

SHARED_DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"

ROOT = Path(__file__).resolve().parents[1]
# The repository's folders as they are mapped into the installed package (pyproject.toml's package-dir).
PACKAGE_DIRS = {"": "api", "models": "models", "solver": "solver", "interfaces": "interfaces",
                "benchmarks": "benchmarks"}


def source_tree(where: Path) -> Path:
    """A folder holding a ``tapwise`` package made of symlinks to this checkout's sources.

    Put on ``sys.path`` (``PYTHONPATH``), it runs the checkout's pure Python as ``tapwise``,
    whatever is installed; returns the folder to put there."""
    package = where / "tapwise"
    package.mkdir(parents=True, exist_ok=True)
    for sub, folder in PACKAGE_DIRS.items():
        if sub:
            (package / sub).symlink_to(ROOT / folder, target_is_directory=True)
        else:
            for file in (ROOT / folder).iterdir():
                (package / file.name).symlink_to(file)
    return where
