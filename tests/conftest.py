"""Shared test helpers: where the shared card data lives (tests may read it; the package may not)."""

from __future__ import annotations

from pathlib import Path

SHARED_DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
