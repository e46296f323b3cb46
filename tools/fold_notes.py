#!/usr/bin/env python3
"""docs/notes/*.md, the helpers' working notes, folded into docs/history.md (issue 39).

A note records how a figure was reached; a guide says what is true today. The notes become
sections of one history, oldest first (by the commit that added each), their headings one level
down, and every reference to a note points at its section. Idempotent: a note already folded is
folded again in its place (a note changed since replaces its section); with no docs/notes/ left
it only rewrites references.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HISTORY = ROOT / "docs" / "history.md"
INTRO = """# History: how the figures were reached

The working notes of the sessions that built tapwise, oldest first, one section per note (they
were docs/notes/NAME.md). They record what was measured, tried and decided at the time, with
the commands; the guides in docs/ and the README say what is true today, and where a note and a
guide differ, the guide is right. Each section keeps its note's name: `history.md ("speed")` in
the code and the guides means the section *speed* below.
"""
TEXT = (".py", ".md", ".toml", ".pxd")


def _added(path: Path) -> str:
    out = subprocess.run(["git", "-C", str(ROOT), "log", "--diff-filter=A", "--format=%aI", "--", str(path)],
                         capture_output=True, text=True).stdout.split()
    return out[-1] if out else "9999"


def _sections(text: str) -> dict[str, str]:
    parts = re.split(r"^<!-- note: (\S+) -->\n", text, flags=re.M)
    return {parts[i]: parts[i + 1].rstrip() + "\n" for i in range(1, len(parts), 2)}


def _demoted(text: str) -> str:
    """Markdown headings one level down, outside fenced code."""
    out, fenced = [], False
    for line in text.split("\n"):
        if line.lstrip().startswith("```"):
            fenced = not fenced
        elif not fenced and re.match(r"#+ ", line):
            line = "#" + line
        out.append(line)
    return "\n".join(out)


def main() -> int:
    notes = ROOT / "docs" / "notes"
    sections = _sections(HISTORY.read_text()) if HISTORY.exists() else {}
    order = {name: i for i, name in enumerate(sections)}
    found = sorted(notes.glob("*.md"), key=lambda p: (_added(p), p.name)) if notes.is_dir() else []
    for path in found:
        body = path.read_text()
        lines = body.split("\n")
        title = lines[0].lstrip("#").strip() if lines and lines[0].startswith("# ") else path.stem
        rest = "\n".join(lines[1:] if lines and lines[0].startswith("# ") else lines)
        rest = _demoted(rest)
        sections[path.stem] = f"## {path.stem}: {title}\n{rest.rstrip()}\n"
        order.setdefault(path.stem, len(order))
    if sections:
        body = INTRO + "".join(f"\n<!-- note: {name} -->\n{sections[name]}"
                               for name in sorted(sections, key=order.get))
        HISTORY.write_text(body)
    for path in found:
        subprocess.run(["git", "-C", str(ROOT), "rm", "-q", str(path.relative_to(ROOT))], check=True)
    for rel in subprocess.run(["git", "-C", str(ROOT), "ls-files"], capture_output=True, text=True).stdout.split():
        path = ROOT / rel
        if path.suffix not in TEXT or path == HISTORY or not path.is_file() or rel.startswith("tools/fold_notes"):
            continue
        text = path.read_text()
        new = re.sub(r"(?:docs/)?notes/([\w-]+)\.md", lambda m: f'docs/history.md ("{m.group(1)}")', text)
        if new != text:
            path.write_text(new)
    subprocess.run(["git", "-C", str(ROOT), "add", str(HISTORY.relative_to(ROOT))], check=True)
    print(f"fold_notes: {len(found)} notes folded, {len(sections)} sections in {HISTORY.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
