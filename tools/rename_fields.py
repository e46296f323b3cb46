"""Renames internal fields of the public values and the classes once called ``Board`` (issues 39
and 41), in code only: never in a string that is part of the format, a comment or a docstring.

    python tools/rename_fields.py            # rewrite the files, print what changed
    python tools/rename_fields.py --check    # exit 1 if a file would change

Idempotent: a second run changes nothing (every new name starts with ``_`` or is new, and no rule
matches a new name), so it can be run again over branches written with the old names.

What a field rule renames (read token by token, so strings and comments are left alone):

- attribute access ``x.old`` (also inside an f-string's ``{...}``);
- a method or property ``def old(``;
- a dataclass field ``old: type`` at the start of a logical line inside a class;
- with ``kw``: a keyword ``old=`` inside parentheses (``Source(...)``, ``evolve(p, old=...)``);
- with ``string``: the string literal ``"old"`` itself, for names that are never a format key
  (``assemble``'s state dicts and ``state["old"]`` use them).

A class rule renames the class in its module (and the ``.pxd`` beside it), in every file that
imports it by name (``from M import Old``; ``from M import Old as X`` renames the import only),
and ``alias.Old`` where ``alias`` is the module imported under another name.
"""

from __future__ import annotations

import argparse
import ast
import io
import re
import sys
import tokenize
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = ("api", "models", "solver", "interfaces", "benchmarks", "tests", "tools")
SKIP = ("tests/reference",)
"""The brute-force references read the JSON into values of their own (issue 44): their fields
share names with the package's but are not the package's, so they are left alone."""
SUFFIXES = (".py", ".pyx", ".pxd")


@dataclass(frozen=True)
class Field:
    old: str
    new: str
    kw: bool = False  # rename ``old=`` inside parentheses too
    string: bool = False  # rename the string literal "old" too (never a format key)


FIELDS: tuple[Field, ...] = (
    # Problem, Source, Ability, and the Compiled board and plan that copy them: section 9 in use
    Field("v2", "_v2"),
    Field("v2_described", "_v2_described"),
    # Ability: what is derived from ``add`` and the costs
    Field("double_pool", "_double_pool"),
    Field("board_add", "_board_add"),
    Field("reflect", "_reflect"),
    Field("reflect_lands", "_reflect_lands"),
    Field("reflect_n", "_reflect_n"),
    Field("types_made", "_types_made"),
    Field("payment_key", "_payment_key"),
    Field("payment_kind", "_payment_kind"),
    Field("works_in", "_works_in"),
    # Source and Problem: derived maps and flags
    Field("counter_map", "_counter_map"),
    Field("fact_map", "_fact_map"),
    Field("can_tap", "_can_tap"),
    Field("explicit_abilities", "_explicit_abilities", kw=True, string=True),
    Field("card_effects", "_card_effects", kw=True, string=True),
    Field("card_statics", "_card_statics", kw=True, string=True),
    Field("described", "_described", kw=True, string=True),
    # Problem: the spec's ``for`` and ``objective`` as loaded (``purpose`` and ``objective`` read them)
    Field("purpose", "_purpose"),
    Field("purpose_kind", "_purpose_kind", kw=True, string=True),
    Field("purpose_types", "_purpose_types", kw=True, string=True),
    Field("purpose_subtypes", "_purpose_subtypes", kw=True, string=True),
    Field("purpose_tags", "_purpose_tags", kw=True, string=True),
    Field("purpose_mana_value", "_purpose_mana_value", kw=True, string=True),
    Field("purpose_colors", "_purpose_colors", kw=True, string=True),
    Field("objective_list", "_objective_list", kw=True, string=True),
)


@dataclass(frozen=True)
class Class:
    module: str  # dotted, as imported
    old: str
    new: str


CLASSES: tuple[Class, ...] = (
    Class("tapwise.solver.queries.prepared", "Board", "PreparedBoard"),
    Class("tapwise.solver.queries.keep", "Board", "BoardLeft"),
    Class("tapwise.solver.queries.available_board", "_Board", "_PoolSearch"),
    Class("tapwise.solver.verify.plain", "_Board", "_SourcesById"),
    Class("tapwise.solver.fast.core", "_Board", "_SupplyArrays"),
    Class("tapwise.benchmarks", "Board", "BaselineBoard"),
    Class("tapwise.interfaces.phase", "Board", "SeatBoard"),
    Class("tapwise.interfaces.phase_read", "Board", "SeatBoard"),
)

# Special forms: ``assemble``'s state for Compiled names its section-9 flag by its field name.
PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"""(["'])v2\1(\s*:\s*\w+\._v2\b)"""), r"\1_v2\1\2"),
)

_BY_OLD = {f.old: f for f in FIELDS}
_FSTRING_FIELD = re.compile(r"\{[^{}]*\}")


def module_of(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(["tapwise", *parts])


def _class_members(source: str) -> set[tuple[int, int]]:
    """Where each field ``name: type`` of a class body starts, and the ``def`` of each method (a
    local variable annotated in a function is not a field, a module's function not a method)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return set()
    out = set()
    for c in ast.walk(tree):
        if isinstance(c, ast.ClassDef):
            for n in c.body:
                if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name):
                    out.add((n.target.lineno, n.target.col_offset))
                elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    out.add((n.lineno, n.col_offset))  # where ``def`` is
    return out


def _edits_for_fields(tokens: list[tokenize.TokenInfo], members: set[tuple[int, int]]
                      ) -> list[tuple[tuple[int, int], tuple[int, int], str]]:
    edits = []
    depth = 0
    for i, tok in enumerate(tokens):
        prev = tokens[i - 1] if i else None
        nxt = tokens[i + 1] if i + 1 < len(tokens) else None
        if tok.type == tokenize.OP and tok.string in "([{":
            depth += 1
        elif tok.type == tokenize.OP and tok.string in ")]}":
            depth -= 1
        if tok.type == tokenize.NAME and tok.string in _BY_OLD:
            rule = _BY_OLD[tok.string]
            new = None
            if prev is not None and prev.type == tokenize.OP and prev.string == ".":
                new = rule.new  # x.old
            elif (prev is not None and prev.type == tokenize.NAME and prev.string == "def"
                  and prev.start in members):
                new = rule.new  # def old( in a class
            elif tok.start in members:
                new = rule.new  # a field ``old: type`` in a class body
            elif (rule.kw and depth > 0 and nxt is not None and nxt.type == tokenize.OP
                  and nxt.string == "="):
                new = rule.new  # old= in a call
            if new is not None:
                edits.append((tok.start, tok.end, new))
        elif tok.type == tokenize.STRING:
            body = tok.string
            for rule in FIELDS:
                if rule.string and body in (f'"{rule.old}"', f"'{rule.old}'"):
                    edits.append((tok.start, tok.end, body[0] + rule.new + body[0]))
            prefix = body[: len(body) - len(body.lstrip("rRbBfFuU"))]
            if "f" in prefix.lower() and "\n" not in body:
                new_body = _FSTRING_FIELD.sub(_rename_in_braces, body)
                if new_body != body:
                    edits.append((tok.start, tok.end, new_body))
    return edits


def _rename_in_braces(match: re.Match[str]) -> str:
    text = match.group(0)
    for rule in FIELDS:
        text = re.sub(rf"(?<=\.){re.escape(rule.old)}\b", rule.new, text)
    return text


def _class_renames(path: Path, source: str) -> tuple[dict[str, str], dict[tuple[str, str], str],
                                                     list[tuple[int, int, str, str]]]:
    """(names renamed everywhere in the file, (module alias, old) -> new, single import edits)."""
    here = module_of(path)
    everywhere: dict[str, str] = {}
    qualified: dict[tuple[str, str], str] = {}
    single: list[tuple[int, int, str, str]] = []
    stem = here if path.suffix != ".pxd" else module_of(path.with_suffix(".py"))
    for c in CLASSES:
        if c.module == stem:
            everywhere[c.old] = c.new
    if path.suffix == ".pxd":
        return everywhere, qualified, single
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return everywhere, qualified, single
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                for c in CLASSES:
                    if a.name == c.module:
                        qualified[(a.asname or a.name, c.old)] = c.new
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package
                for _ in range(node.level - 1):
                    anchor = anchor.rpartition(".")[0]
                base = f"{anchor}.{base}" if base else anchor
            for a in node.names:
                for c in CLASSES:
                    if base == c.module and a.name == c.old:
                        if a.asname is None:
                            everywhere[c.old] = c.new
                        else:
                            single.append((a.lineno, a.col_offset, c.old, c.new))
                    elif f"{base}.{a.name}" == c.module:
                        qualified[(a.asname or a.name, c.old)] = c.new
    return everywhere, qualified, single


def rename_source(path: Path, source: str) -> str:
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return source
    members = _class_members(source) if path.suffix != ".pxd" else set()
    edits = _edits_for_fields(tokens, members)
    everywhere, qualified, single = _class_renames(path, source)
    for i, tok in enumerate(tokens):
        if tok.type == tokenize.NAME and tok.string in everywhere:
            edits.append((tok.start, tok.end, everywhere[tok.string]))
        elif tok.type == tokenize.STRING and tok.string[1:-1] in everywhere and \
                tok.string[0] == tok.string[-1] and tok.string[0] in "\"'":
            edits.append((tok.start, tok.end, tok.string[0] + everywhere[tok.string[1:-1]]
                          + tok.string[0]))
        elif (tok.type == tokenize.NAME and i >= 2 and tokens[i - 1].string == "."
              and tokens[i - 2].type == tokenize.NAME
              and (tokens[i - 2].string, tok.string) in qualified):
            edits.append((tok.start, tok.end, qualified[(tokens[i - 2].string, tok.string)]))
    for lineno, col, old, new in single:
        edits.append(((lineno, col), (lineno, col + len(old)), new))
    if not edits:
        out = source
    else:
        lines = source.splitlines(keepends=True)
        offsets = [0]
        for line in lines:
            offsets.append(offsets[-1] + len(line))
        chars = list(source)
        done: set[tuple[int, int]] = set()
        for start, end, new in sorted(edits, key=lambda e: e[0], reverse=True):
            if start in done:
                continue
            done.add(start)
            a = offsets[start[0] - 1] + start[1]
            b = offsets[end[0] - 1] + end[1]
            chars[a:b] = list(new)
        out = "".join(chars)
    for pattern, replacement in PATTERNS:
        out = pattern.sub(replacement, out)
    return out


def files() -> list[Path]:
    me = Path(__file__).resolve()
    out = []
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).rglob("*")):
            skipped = any(path.is_relative_to(ROOT / d) for d in SKIP)
            if path.suffix in SUFFIXES and path.resolve() != me and path.is_file() and not skipped:
                out.append(path)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="change nothing; exit 1 if a file would")
    args = ap.parse_args(argv)
    changed = []
    for path in files():
        source = path.read_text(encoding="utf-8")
        new = rename_source(path, source)
        if new != source:
            changed.append(path.relative_to(ROOT))
            if not args.check:
                path.write_text(new, encoding="utf-8")
    for path in changed:
        print(("would change " if args.check else "changed ") + str(path))
    print(f"{len(changed)} file(s) {'to change' if args.check else 'changed'}")
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
