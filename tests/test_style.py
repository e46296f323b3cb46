"""The library keeps ruff's rules (pyproject's [tool.ruff]: pycodestyle, pyflakes, bugbear;
lines of 100 characters, 120 at most): a new unused name or long line fails here, not in review."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LIBRARY = ["api", "models", "solver", "interfaces"]


def test_ruff_is_clean_on_the_library():
    pytest.importorskip("ruff")
    ruff = shutil.which("ruff") or str(Path(sys.executable).with_name("ruff"))
    run = subprocess.run([ruff, "check", "--no-cache", *LIBRARY], cwd=ROOT, capture_output=True,
                         text=True)
    assert run.returncode == 0, run.stdout + run.stderr
