"""Bounded memos (models/caches.py): every memo of the package is bounded and registered, the
server empties them past ``--cache-entries``, and emptying them never changes an answer."""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path

import pytest

import tapwise
import tapwise.interfaces
import tapwise.models
from tapwise.benchmarks.generators import generate
from tapwise.interfaces.server import answer_line
import tapwise.models.caches as caches

import tapwise.solver

# Each subpackage's own folder: installed they sit inside tapwise/, but an editable install maps
# them from the checkout's api/, models/, solver/ and interfaces/, which tapwise/ doesn't hold.
PACKAGES = sorted({Path(m.__file__).resolve().parent for m in (tapwise, tapwise.models, tapwise.solver,
                                                               tapwise.interfaces)})


def _package_sources() -> list[Path]:
    found = {p for root in PACKAGES for p in root.rglob("*.py")}
    return sorted(p for p in found
                  if "benchmarks" not in p.parts and "tests" not in p.parts and p.name != "caches.py")


def test_every_memo_is_bounded() -> None:
    """No ``lru_cache(maxsize=None)``/``functools.cache`` in the package, and every lru_cache
    left is a one-entry loader of static data (the card library, the schema)."""
    found = []
    for path in _package_sources():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for dec in node.decorator_list:
                    text = ast.unparse(dec)
                    if "cache" in text and "cached" not in text:
                        found.append((path.name, node.name, text))
    assert found, "the package's memos were not found: the scan is broken"
    for name, func, text in found:
        assert text in ("lru_cache(maxsize=1)",), f"{name}:{func} has an unregistered memo {text}"


def test_memo_needs_a_bound() -> None:
    with pytest.raises(ValueError):
        caches.memo(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        caches.table(0)


def test_table_empties_itself_when_full() -> None:
    t = caches.table(3)
    for i in range(3):
        caches.remember(t, i, i, 3)
    assert len(t) == 3
    caches.remember(t, 99, 1, 3)
    assert t == {99: 1}
    caches._TABLES.remove((t, 3))


def test_clear_past_empties_all_memos() -> None:
    tapwise.pay({"cost": "{1}{G}", "sources": [{"name": "Forest", "count": 3}, {"name": "Sol Ring"}]})
    held = caches.entries()
    assert held > 0
    assert not caches.clear_past(held)
    assert caches.entries() == held
    assert caches.clear_past(held - 1)
    assert caches.entries() == 0
    assert caches.bound() >= 30 * 64


def test_answers_do_not_change_when_memos_are_emptied() -> None:
    """Memos are shortcuts: the same problems answer the same with them full, and emptied
    before each problem (a prepared board's castable too)."""
    problems = list(generate("typical", seed=11, n=60)) + list(generate("rich", seed=11, n=30))
    warm = [tapwise.pay(p) for p in problems]
    cold = []
    for p in problems:
        caches.clear()
        cold.append(tapwise.pay(p))
    assert cold == warm
    board = {"sources": problems[0]["sources"]}
    costs = [{"cost": p["cost"]} for p in problems[:10]]
    warm_castable = tapwise.castable({**board, "costs": costs})
    caches.clear()
    assert tapwise.castable({**board, "costs": costs}) == warm_castable


def test_server_empties_memos_past_its_limit() -> None:
    rng = random.Random(5)
    problems = list(generate("typical", seed=5, n=30))
    for p in rng.sample(problems, 10):
        line = json.dumps(p).encode()
        alone = json.loads(answer_line(line, 1, cache_entries=None))
        assert json.loads(answer_line(line, 1, cache_entries=0)) == alone
        assert caches.entries() == 0  # 0: emptied after every request
    for p in problems:
        answer_line(json.dumps(p).encode(), 1, cache_entries=50)
        assert caches.entries() <= 50
