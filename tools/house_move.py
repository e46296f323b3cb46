#!/usr/bin/env python3
"""The house move (issue 39): solver/ as folders by stage, the Oracle reader and card library
as models/cards/, every import and path that names a moved module rewritten.

Idempotent: run it on a checkout before the move or after it (or after merging work written
against the old names) and it moves what is still in the old place and rewrites what still uses
an old name; a second run changes nothing. Run from anywhere: ``python tools/house_move.py``.
Moves are ``git mv`` so history follows the files.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

STAGES = {  # folder -> (docstring of its __init__, {old module: new module})
    "solver/front": ("The front end: merge identical sources, expand costs, apply effects, compile to "
                     "the problem both back ends read.",
                     {"merge": "merge", "expand": "expand", "effects": "effects", "compile": "compile",
                      "doubling": "doubling", "boards": "boards"}),
    "solver/fast": ("The exact fast path (DESIGN principle 3): transportation problems solved without "
                    "a CP-SAT model.",
                    {"fast": "solve", "fast_core": "core", "fast_demand": "demand", "fast_supply": "supply",
                     "fast_search": "search", "fast_objectives": "objectives", "fast_flow": "flow",
                     "fast_tables": "tables", "fast_hall": "hall", "fast_answer": "answer",
                     "fast_choice": "choice", "fast_feasible": "feasible"}),
    "solver/cpsat": ("The CP-SAT back end: integer counts per class, never a boolean per copy and symbol.",
                     {"cpsat": "model", "cpsat_build": "build", "cpsat_bounds": "bounds", "cpsat_costs": "costs",
                      "cpsat_keywords": "keywords", "cpsat_read": "read", "cpsat_solve": "solve",
                      "cpsat_text": "text"}),
    "solver/answer": ("The answer: solved counts turned into the spec's answer, or why there is none.",
                      {"answer": "build", "answer_keywords": "keywords", "answer_size": "size",
                       "explain": "explain", "explain_keywords": "explain_keywords"}),
    "solver/verify": ("The independent verifier (DESIGN principle 4): it knows only tapwise.models.",
                      {"verify": "replay", "verify_board": "board", "verify_effects": "effects",
                       "verify_keywords": "keywords", "verify_mana": "mana", "verify_plain": "plain"}),
    "solver/queries": ("The queries: pay, a prepared board, castable, plan, available and keep.",
                       {"pay": "pay", "prepared": "prepared", "castable": "castable", "plan": "plan",
                        "plan_board": "plan_board", "plan_fast": "plan_fast", "plan_order": "plan_order",
                        "available": "available", "available_shared": "available_shared", "keep": "keep"}),
    "models/cards": ("Cards by name: the card library and the Oracle reader, which turn a card's "
                     "printed text into the abilities the loader is handed.",
                     {"cards": "catalog", "card_source": "source", "oracle": "oracle", "oracle_card": "card",
                      "oracle_costs": "costs", "oracle_mana": "mana", "oracle_only": "only",
                      "oracle_riders": "riders", "oracle_words": "words", "board": "board",
                      "board_facts": "board_facts"}),
}
LITERALS = {  # text that names a moved script
    "python -m tapwise.models.cards.oracle": "python -m tapwise.models.cards.coverage",
}
RENAMES = {  # modules moved once more after the stage move, by their dotted names
    "tapwise.interfaces.queries": "tapwise.solver.queries.request",
    "tapwise.interfaces.render": "tapwise.render",  # answers as text: the front door's, not an interface's
    "tapwise.solver.cpsat.text": "tapwise.solver.sat",
}
NAMES = {  # names that left a module for another: imports of them follow (once the move is made)
    "tapwise.models.problem": {
        **{n: "tapwise.models.abilities" for n in (
            "ABILITY_KEYS", "MAX_ALTERNATIVES", "_ABILITIES", "_ability_key", "_add_of",
            "_any_of", "_cost", "_drawback", "_load_ability", "_not_generic",
            "_reflect_lands", "_uses", "load_ability", "load_add", "load_amount",
            "load_counters", "load_facts", "load_restriction"
        )},
        **{n: "tapwise.models.intern" for n in (
            "_ARRAY", "_BASIC_SUBTYPES", "_END", "_FALSE", "_NOT_PLAIN", "_OBJECT",
            "_PLAIN_BOARD_KEYS", "_QUICK_SOURCE_KEYS", "_SOURCES", "_TRUE", "_entry_key",
            "_implied_subtypes", "_implied_supertypes", "_json_key", "_plain_source",
            "quick_source"
        )},
        **{n: "tapwise.models.loader" for n in (
            "SOURCE_KEYS", "SOURCE_V2_KEYS", "_OPTIONAL_FIELDS", "_PLAIN_PROBLEM_KEYS",
            "_PROBLEM_DEFAULTS", "_board_keys", "_card_effects", "_card_facts",
            "_check_facts", "_costs", "_load_counts", "_load_given", "_load_keep",
            "_load_source", "_optional", "_problem_defaults", "_refuse_unread",
            "load_player", "load_pool", "load_problem", "load_sources", "unread_json",
            "v2_path"
        )},
        "_quick_source": "tapwise.models.intern",
        **{n: "tapwise.models.fields" for n in ("MAX_COUNT", "_bool", "_expect", "_int", "_object", "_str")},
        "Others": "tapwise.models.others",
    },
    "tapwise.solver.front.compile": {n: "tapwise.solver.contract" for n in (
        "ManaKind", "Option", "Demand", "Producer", "Variant", "Compiled", "KindKey")},
    "tapwise.solver.cpsat.read": {"Solution": "tapwise.solver.contract"},
    "tapwise.solver.queries.castable": {"castable_on": "tapwise.solver.queries.prepared"},
    "tapwise.solver.queries.keep": {n: "tapwise.solver.queries.kept" for n in ("payable_on", "check_kept")},
    "tapwise.solver.answer.explain_keywords": {"explain_keywords": "tapwise.solver.answer.explain"},
    "tapwise.solver.answer.build": {n: "tapwise.solver.answer.reuse" for n in ("Shape", "shape_of", "copy_shaped")},
    "tapwise.solver.answer.keywords": {"KeywordPool": "tapwise.solver.answer.build"},
    "tapwise.solver.queries.plan_board": {"Late": "tapwise.solver.answer.keywords"},
    "tapwise.solver.cpsat.keywords": {n: "tapwise.solver.front.keywords" for n in (
        "convokers", "improvisers", "keyword_upper")},
    "tapwise.solver.front.doubling": {n: "tapwise.solver.cpsat.doubling" for n in ("add_doubling", "doubling_bound")},
    "tapwise.solver.cpsat.model": {"Solution": "tapwise.solver.contract"},
}
FUNCTIONS = {("solver", "pay"): "tapwise.solver.queries.pay"}  # `from tapwise.solver import pay` is the function
UNMOVED = {"answer", "effects"}  # also models/answer.py and models/effects.py: a bare "answer.py" is left alone
TEXT = (".py", ".pxd", ".md", ".toml", ".txt", ".json", ".cfg", ".ini")
SELF = Path(__file__).resolve()
KEEP = {SELF, ROOT / "tests" / "test_layers.py", ROOT / "tools" / "fold_notes.py"}  # written for the new names


def _git(*args: str) -> str:
    return subprocess.run(["git", "-C", str(ROOT), *args], check=True, capture_output=True, text=True).stdout


def moves() -> list[tuple[str, str, str, str]]:
    """(layer, old module, stage folder, new module) for every moved module."""
    return [(stage.split("/")[0], old, stage, new)
            for stage, (_, table) in STAGES.items() for old, new in table.items()]


def _file(dotted: str) -> Path:
    """The source file (without suffix) of a module named as installed: ``tapwise.x`` is api/x,
    ``tapwise.solver.x`` is solver/x (pyproject's package-dir)."""
    parts = dotted.split(".")[1:]
    if parts[0] not in ("models", "solver", "interfaces", "benchmarks"):
        parts = ["api"] + parts
    return ROOT.joinpath(*parts)


def move_files() -> None:
    for layer, old, stage, new in moves():
        for ext in (".py", ".pxd"):
            src, dst = ROOT / layer / (old + ext), ROOT / stage / (new + ext)
            if src.exists() and not dst.exists():
                dst.parent.mkdir(parents=True, exist_ok=True)
                _git("mv", str(src.relative_to(ROOT)), str(dst.relative_to(ROOT)))
    for old, new in RENAMES.items():
        for ext in (".py", ".pxd"):
            src, dst = _file(old).with_suffix(ext), _file(new).with_suffix(ext)
            if src.exists() and not dst.exists():
                _git("mv", str(src.relative_to(ROOT)), str(dst.relative_to(ROOT)))
    for stage, (doc, _) in STAGES.items():
        init = ROOT / stage / "__init__.py"
        if not init.exists():
            init.write_text(f'"""{doc}"""\n')
            _git("add", str(init.relative_to(ROOT)))


def _subs(stage: str) -> str:
    """The modules of a stage folder: its planned ones and any other written there since."""
    names = set(STAGES[stage][1].values()) | {p.stem for p in (ROOT / stage).glob("*.py")}
    names |= {n.rsplit(".", 1)[1] for n in list(RENAMES.values()) + [m for t in NAMES.values() for m in t.values()]
              if n.rsplit(".", 1)[0] == "tapwise." + stage.replace("/", ".")}
    return "|".join(sorted(names, key=len, reverse=True))


def _import_from(match: re.Match) -> str:
    """``from tapwise.solver import a, b as c`` with moved modules: one import per name."""
    indent, top, layer, names = match.group(1), match.group(2), match.group(3), match.group(4)
    table = {old: (stage, new) for lay, old, stage, new in moves() if lay == layer}
    parts = [n.strip() for n in names.strip().strip("()").split(",") if n.strip()]
    if not any(p.split(" as ")[0].strip() in table or (layer, p.split(" as ")[0].strip()) in FUNCTIONS
               or (ROOT / layer / (p.split(" as ")[0].strip() + ".py")).is_file() for p in parts):
        return match.group(0)
    lines, kept = [], []
    for part in parts:
        name, _, alias = (x.strip() for x in part.partition(" as "))
        alias = alias or name
        if (layer, name) in FUNCTIONS:
            lines.append(f"{indent}from {top}{FUNCTIONS[layer, name].removeprefix('tapwise.')} import {name}"
                         + (f" as {alias}" if alias != name else ""))
        elif name in table:
            stage, new = table[name]
            lines.append(f"{indent}from {top}{stage.replace('/', '.')} import {new}"
                         + (f" as {alias}" if alias != new else ""))
        elif (ROOT / layer / (name + ".py")).is_file():  # not through the package's __init__
            lines.append(f"{indent}import {top}{layer}.{name} as {alias}")
        else:
            kept.append(part)
    if kept:
        lines.insert(0, f"{indent}from {top}{layer} import {', '.join(kept)}")
    return "\n".join(lines) + match.group(5)


def _from_module(match: re.Match) -> str:
    """``from tapwise.solver.fast_core import x``: the module's new name. A moved module named like
    its new folder (``solver/fast.py``, now ``solver/fast/solve.py``) is told from the folder by
    what is imported: only the folder's modules are imported from the folder."""
    head, dotted, names = match.group(1), match.group(2), match.group(3)
    imported = {n.strip().split(" as ")[0].strip() for n in names.strip("()").split(",") if n.strip()}
    top = "tapwise." if dotted.startswith("tapwise.") else ""  # a checkout's test may import "solver.x"
    for layer, old, stage, new in moves():
        if dotted == f"{top}{layer}.{old}":
            if stage == f"{layer}/{old}" and imported <= set(STAGES[stage][1].values()):
                return match.group(0)  # already the folder
            return f"{head}{top}{stage.replace('/', '.')}.{new} import {names}"
    return match.group(0)


def _present() -> set[str]:
    """Module names that exist outside the stage folders today (api/board.py, say): a bare
    ``board.py`` may mean them, so it is left alone."""
    return {p.stem for d in ("api", "interfaces", "models", "solver") for p in (ROOT / d).glob("*.py")}


def rewrite(text: str, protect: str | None = None) -> str:
    """``text`` with every moved module's old name (dotted, or as a path) made its new name."""
    text = re.sub(r"^([ \t]*)from ((?:tapwise\.)?)(solver|models) import (\([^)]*\)|[^\n#]*?)([ \t]*(?:#[^\n]*)?)$",
                  _import_from, text, flags=re.M)
    # (anywhere: also in code run by a test as a string, "from tapwise.x import y; ...")
    text = re.sub(r"(?<![\w.])(from )((?:tapwise\.)?(?:models|solver)\.[\w.]+) import (\([^)]*\)|[^\n#;\"']*)",
                  _from_module, text)
    names: dict[str, set[str]] = {}
    for layer, old, stage, new in moves():
        names.setdefault(old, set()).add(layer)
    for layer, old, stage, new in sorted(moves(), key=lambda m: -len(m[1])):
        dotted = stage.replace("/", ".") + "." + new
        guard = rf"(?![\w])(?!\.(?:{_subs(stage)})\b)(?! import\b)"
        text = re.sub(rf"(?<![\w.])(tapwise\.)?{layer}\.{old}{guard}", lambda m: (m.group(1) or "") + dotted, text)
        text = re.sub(rf"(?<![\w.])\b{layer}/{old}\.(py|pxd)\b", lambda m: f"{stage}/{new}.{m.group(1)}", text)
        if len(names[old]) == 1 and old not in UNMOVED and old not in _present():  # names one module only
            short = stage.split("/", 1)[1]
            text = re.sub(rf"(?<![\w/.\-]){old}\.(py|pxd)\b", lambda m: f"{short}/{new}.{m.group(1)}", text)
    for old, new in LITERALS.items():
        text = text.replace(old, new)
    for old, new in RENAMES.items():
        text = re.sub(rf"(?<![\w.]){re.escape(old)}(?![\w])", new, text)
        text = re.sub(rf"(?<![\w.]){re.escape(old[len('tapwise.'):])}(?![\w])", new[len("tapwise."):], text)
        o, n = (str(_file(x).relative_to(ROOT)) for x in (old, new))
        text = re.sub(rf"(?<![\w.]){re.escape(o)}\.(py|pxd)\b", lambda m: f"{n}.{m.group(1)}", text)
        o, n = "/".join(old.split(".")[2:]), "/".join(new.split(".")[2:])
        if o and n and "/" in o:  # a bare name only when it says which folder
            text = re.sub(rf"(?<![\w./]){re.escape(o)}\.(py|pxd)\b", lambda m: f"{n}.{m.group(1)}", text)
    return text


def _defines(module: str, name: str) -> bool:
    """Whether ``module``'s source defines ``name`` at its top level (not merely imports it)."""
    path = _path(module)
    if path is None:
        return False
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and node.name == name:
            return True
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
            node, ast.AnnAssign) else []
        if any(isinstance(t, ast.Name) and t.id == name for t in targets):
            return True
    return False


def _path(module: str) -> Path | None:
    parts = module.split(".")[1:]
    for candidate in (ROOT.joinpath(*parts).with_suffix(".py"), ROOT.joinpath(*parts, "__init__.py")):
        if candidate.is_file():
            return candidate
    return None


def _moved_names(match: re.Match) -> str:
    """``from M import a, b``: names that moved out of M imported from their new module."""
    indent, module, names, tail = match.group(1), match.group(2), match.group(3), match.group(4)
    top = "" if module.startswith("tapwise.") else "tapwise."  # a checkout's test may import "models.x"
    module = top + module
    table = NAMES.get(module)
    if not table:
        return match.group(0)
    parts = [n.strip() for n in names.strip().strip("()").replace("\n", " ").split(",") if n.strip()]
    by_module: dict[str, list[str]] = {}
    for part in parts:
        name = part.split(" as ")[0].strip()
        target = table.get(name)
        if target is not None and _defines(target, name) and not _defines(module, name):
            by_module.setdefault(target, []).append(part)
        else:
            by_module.setdefault(module, []).append(part)
    if list(by_module) == [module]:
        return match.group(0)
    lines = [f"{indent}from {m[len(top):]} import {', '.join(ps)}" for m, ps in by_module.items()]
    return "\n".join(lines) + tail


def rewrite_names(text: str) -> str:
    return re.sub(r"^([ \t]*)from ((?:tapwise\.)?(?:models|solver|interfaces)\.[\w.]+|tapwise\.[\w.]+) import (\([^)]*\)|[^\n#(]*?)([ \t]*(?:#[^\n]*)?)$",
                  _moved_names, text, flags=re.M)


def rewrite_files(paths: list[Path]) -> list[Path]:
    changed = []
    for path in paths:
        if path.resolve() in KEEP or path.suffix not in TEXT or not path.is_file():
            continue
        old = path.read_text()
        if path.name == "pyproject.toml":  # its package list names folders, not modules
            block = re.search(r"^packages = \[.*?\]$", old, re.M | re.S)
            new = rewrite(old[:block.start()]) + block.group(0) + rewrite(old[block.end():])
        else:
            new = rewrite(old)
        if path.suffix == ".py":
            new = rewrite_names(new)
        if new != old:
            path.write_text(new)
            changed.append(path)
    return changed


def fix_packages() -> None:
    """pyproject's package list names the new subpackages."""
    path = ROOT / "pyproject.toml"
    text = path.read_text()
    packages = tomllib.loads(text)["tool"]["setuptools"]["packages"]
    wanted = list(packages)
    for stage in STAGES:
        name = "tapwise." + stage.replace("/", ".")
        if name not in wanted:
            wanted.append(name)
    if wanted != packages:
        old = re.search(r"^packages = \[.*?\]$", text, re.M | re.S).group(0)
        body = ", ".join(f'"{p}"' for p in wanted)
        lines, line = [], "packages = ["
        for item in body.split(", "):
            if len(line) + len(item) + 2 > 100:
                lines.append(line.rstrip())
                line = "    "
            line += item + ", "
        lines.append(line.rstrip(", ") + "]")
        path.write_text(text.replace(old, "\n".join(lines)))


def main(argv: list[str]) -> int:
    move_files()
    files = [ROOT / f for f in _git("ls-files").split("\n") if f]
    files += [ROOT / f for f in _git("ls-files", "--others", "--exclude-standard").split("\n") if f]
    changed = rewrite_files(sorted(set(files)))
    fix_packages()
    print(f"house move: {len(moves())} modules in their stage folders, {len(changed)} files rewritten")
    for path in changed:
        print(f"  {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
