"""The problem JSON's field readers and :class:`ProblemError`: each reader checks one value and
raises an error naming its field path. Below ``models.problem`` (which re-exports them), so the
loaders it calls (9.2's effects, 9.3's payment keywords) read fields without importing it.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from tapwise.models.caches import memo

MAX_COUNT = 10**6
"""Copies of one source (``count``, ``tapped``) and ``uses`` of an ability."""
MAX_NUMBER = 10**9
"""Life, energy, damage and other plain amounts (and ``keep_life`` both ways)."""


class ProblemError(ValueError):
    """Invalid problem JSON; ``path`` names the field (``sources[0].count``)."""

    def __init__(self, path: str, problem: str) -> None:
        super().__init__(f"{path}: {problem}" if path else problem)
        self.path = path
        self.problem = problem


def _type_name(value: Any) -> str:
    return {dict: "an object", list: "a list", str: "a string", bool: "a boolean",
            int: "an integer", float: "a number", type(None): "null"}.get(type(value),
                                                                          type(value).__name__)


def _expect(value: Any, kinds: tuple[type, ...], path: str, what: str) -> Any:
    if isinstance(value, bool) and bool not in kinds:
        raise ProblemError(path, f"must be {what}, not {_type_name(value)}")
    if not isinstance(value, kinds):
        raise ProblemError(path, f"must be {what}, not {_type_name(value)}")
    return value


def _object(value: Any, path: str, allowed: Iterable[str]) -> Mapping[str, Any]:
    _expect(value, (dict,), path, "an object")
    allowed = tuple(allowed)
    if value.keys() <= _key_set(allowed):
        return value
    for key in value:
        if key not in allowed:
            near = [k for k in allowed if _close(key, k)]
            hint = f" (did you mean {near[0]!r}?)" if near else f"; allowed keys: {', '.join(allowed)}"
            raise ProblemError(f"{path}.{key}" if path else str(key), f"unknown key{hint}")
    return value


@memo(64)
def _key_set(allowed: tuple[str, ...]) -> frozenset[str]:
    """The allowed keys as a set: checking a key against a tuple compares it with each in turn."""
    return frozenset(allowed)


def _close(a: str, b: str) -> bool:
    import difflib

    return difflib.SequenceMatcher(None, str(a).lower(), b.lower()).ratio() >= 0.75


def _int(value: Any, path: str, minimum: int = 0, maximum: int = MAX_NUMBER) -> int:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    _expect(value, (int,), path, "a whole number")
    if value < minimum:
        raise ProblemError(path, f"must be at least {minimum}, not {value}")
    if value > maximum:
        raise ProblemError(path, f"must be at most {maximum:,}, not {value:,}" if value < 10**30
                           else f"must be at most {maximum:,}, not a number of {len(str(value))} "
                                f"digits")
    return value


def _bool(value: Any, path: str) -> bool:
    return _expect(value, (bool,), path, "true or false")


def _str(value: Any, path: str) -> str:
    return _expect(value, (str,), path, "a string")


def _str_list(value: Any, path: str, lower: bool = True) -> tuple[str, ...]:
    _expect(value, (list,), path, "a list of strings")
    return tuple(_str(v, f"{path}[{i}]").lower() if lower else _str(v, f"{path}[{i}]")
                 for i, v in enumerate(value))


def _choice(value: Any, path: str, options: Iterable[str]) -> str:
    options = tuple(options)
    if not isinstance(value, str) or value not in options:
        raise ProblemError(path, f"must be one of {', '.join(map(repr, options))}, not {value!r}")
    return value
