"""The JSON Schema (draft 2020-12) of every request and answer, shipped in the package.

``json_schema()`` is the schema of a JSON-lines request; ``json_schema("answer")`` of any
answer, and ``"problem"``, ``"castable"``, ``"plan"``, ``"available"``, ``"pay_answer"``,
``"castable_answer"``, ``"plan_answer"``, ``"available_answer"`` of each one. Validate with any
draft 2020-12 validator (``jsonschema.Draft202012Validator(tapwise.json_schema())``). The schema
checks shapes and the documented bounds; the loader checks the rest (notation inside strings,
ids, cross-references) and names the field.
"""

from __future__ import annotations

import copy
import json
from functools import lru_cache
from importlib.resources import files
from typing import Any

SCHEMA_FILE = "tapwise.schema.json"


@lru_cache(maxsize=1)
def _document() -> dict[str, Any]:
    return json.loads(files("tapwise").joinpath("schema", SCHEMA_FILE).read_text(encoding="utf-8"))


def entries() -> tuple[str, ...]:
    """The names ``json_schema`` takes."""
    return tuple(_document()["$defs"])


def json_schema(entry: str = "request") -> dict[str, Any]:
    """The schema whose root is ``entry`` (a name in ``$defs``), a fresh copy."""
    doc = copy.deepcopy(_document())
    if entry not in doc["$defs"]:
        raise ValueError(f"no schema entry {entry!r}; known: {', '.join(doc['$defs'])}")
    doc["$ref"] = f"#/$defs/{entry}"
    return doc
