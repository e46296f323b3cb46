#!/usr/bin/env python3
"""Lines over 100 characters made shorter without changing what the code does (issue 39).

For each long line: a trailing comment that makes it long moves onto its own line(s) above
(pragmas such as ``# noqa`` stay); code breaks after a comma, or before ``for``/``if``/``else``/
``and``/``or``, inside brackets, the next line aligned with the open bracket, as the house
writes continuation lines. What can't be broken that way is left as it is (and reported).
Idempotent; run ``python tools/wrap_lines.py FILE...`` (default: the library's folders).
"""

from __future__ import annotations

import io
import sys
import textwrap
import tokenize
from pathlib import Path

LIMIT = 100
ROOT = Path(__file__).resolve().parent.parent
LIBRARY = ("api", "models", "solver", "interfaces")
PRAGMAS = ("noqa", "type:", "pragma", "fmt:", "pyright", "cython")
BEFORE = {"for", "if", "else", "and", "or"}


def _tokens(src: str) -> list[tokenize.TokenInfo]:
    return list(tokenize.generate_tokens(io.StringIO(src).readline))


def _breaks(tokens: list[tokenize.TokenInfo], row: int) -> tuple[list[tuple[int, int]], int | None]:
    """Where line ``row`` may break: (column, continuation column) pairs, and the column of a
    trailing comment (None without one)."""
    stack: list[int] = []
    out: list[tuple[int, int]] = []
    comment = None
    for t in tokens:
        if t.start[0] > row:
            break
        if t.type == tokenize.OP and t.string in "([{":
            if t.start[0] == row and stack:
                pass
            stack.append(t.end[1] if t.start[0] == row else -1 - t.end[1])
        elif t.type == tokenize.OP and t.string in ")]}":
            if stack:
                stack.pop()
        if t.start[0] != row or t.end[0] != row:
            continue
        if t.type == tokenize.COMMENT:
            comment = t.start[1]
        elif stack:
            col = stack[-1] if stack[-1] >= 0 else -1 - stack[-1]
            if t.type == tokenize.OP and t.string == ",":
                out.append((t.end[1], col))
            elif t.type == tokenize.NAME and t.string in BEFORE:
                out.append((t.start[1], col))
    return out, comment


def _long_import(line: str) -> list[str] | None:
    """``from m import a, b, c`` over the limit, without brackets: the names in brackets, on as
    many lines as they need, aligned after the bracket."""
    head, sep, names = line.partition(" import ")
    if (not head.lstrip().startswith("from ") or not sep or "(" in names or "#" in names
            or line.rstrip().endswith("\\")):
        return None
    start = head + sep + "("
    text = textwrap.wrap(names.strip(), LIMIT - len(start) - 1, break_on_hyphens=False,
                         break_long_words=False)
    if len(text) < 2:
        return None
    return [start + text[0]] + [" " * len(start) + t for t in text[1:-1]] + [" " * len(start) + text[-1] + ")"]


def _one_line_docstring(line: str) -> list[str] | None:
    """A docstring written on one line, over the limit: its words on as many lines as needed."""
    body = line.strip()
    if not (body.startswith('"""') and body.endswith('"""') and len(body) > 6 and '"""' not in body[3:-3]):
        return None
    lead = line[:len(line) - len(line.lstrip())]
    text = textwrap.wrap(body[3:-3], LIMIT - len(lead) - 3, break_on_hyphens=False, break_long_words=False)
    if len(text) < 2 or "\\" in body:
        return None
    return [lead + '"""' + text[0]] + [lead + t for t in text[1:-1]] + [lead + text[-1] + '"""']


def _string_breaks(tokens: list[tokenize.TokenInfo], row: int, line: str) -> list[tuple[int, int]]:
    """Inside brackets, a one-line string can end at a space and go on as a second literal on
    the next line (adjacent literals are one string): those places, as (column, column of the
    string's start). Marked negative: the break inserts the closing and opening quotes."""
    depth = 0
    out: list[tuple[int, int]] = []
    for t in tokens:
        if t.start[0] > row:
            break
        if t.type == tokenize.OP and t.string in "([{":
            depth += 1
        elif t.type == tokenize.OP and t.string in ")]}":
            depth -= 1
        elif (t.type == tokenize.STRING and t.start[0] == row == t.end[0] and depth > 0):
            text = t.string
            prefix = text[:len(text) - len(text.lstrip("rRbBuUfF"))]
            body = text[len(prefix):]
            if body[:3] in ('"""', "'''") or "b" in prefix.lower():
                continue
            braces = 0
            for i, ch in enumerate(body[1:-1], 1):
                if ch in "{}" and "f" in prefix.lower():
                    braces += 1 if ch == "{" else -1
                if ch == " " and braces == 0 and body[i - 1] != "\\" and i > 1:
                    out.append((-(t.start[1] + len(prefix) + i + 1), t.start[1]))
    return out


def _opening(line: str, at: int) -> str:
    """The prefix and quote that open the literal starting at column ``at``."""
    i = at
    while line[i] in "rRbBuUfF":
        i += 1
    return line[at:i + 1]


def _wrap_line(line: str, breaks: list[tuple[int, int]]) -> list[str] | None:
    pieces: list[str] = []
    start = 0
    prefix = ""
    quoted = {-c: k for c, k in breaks if c < 0}
    plain = [(c, k) for c, k in breaks if c >= 0]
    while len(prefix) + len(line) - start > LIMIT:
        fits = [(c, k) for c, k in plain + list(quoted.items()) if c > start
                and len(prefix) + c - start + (1 if c in quoted else 0) <= LIMIT and line[start:c].strip()]
        if not fits:
            return None
        c, k = max(fits, key=lambda f: (f[0], f[0] not in quoted))
        if c in quoted:  # end the literal here and open another on the next line
            q_at = line.rfind('"', 0, c) if line.rfind('"', 0, c) >= line.rfind("'", 0, c) else line.rfind("'", 0, c)
            opening = _opening(line, k)
            pieces.append(prefix + line[start:c] + opening[-1])
            line = line[:c] + opening + line[c:]
            start = c
            del q_at
        else:
            pieces.append((prefix + line[start:c]).rstrip())
            start = c
            while start < len(line) and line[start] == " ":
                start += 1
        shift = len(_opening(line, k)) if c in quoted else 0
        quoted = {q + shift if q > c else q: kk for q, kk in quoted.items()}
        plain = [(q + shift if q > c else q, kk) for q, kk in plain]
        prefix = " " * k
        if k >= LIMIT - 10:
            return None
    pieces.append(prefix + line[start:])
    return pieces


def wrap(src: str) -> tuple[str, int]:
    lines = src.split("\n")
    left = 0
    row = 0
    while row < len(lines):
        line = lines[row]
        if len(line) <= LIMIT:
            row += 1
            continue
        try:
            tokens = _tokens("\n".join(lines))
        except (tokenize.TokenError, IndentationError, SyntaxError):
            return "\n".join(lines), -1
        in_string = any(t.type == tokenize.STRING and t.start[0] < row + 1 <= t.end[0] and t.start[0] != t.end[0]
                        for t in tokens)
        breaks, comment = _breaks(tokens, row + 1)
        lead = " " * (len(line) - len(line.lstrip()))
        if in_string:  # a long line of a docstring (or other text in triple quotes): wrapped
            text = textwrap.wrap(line.strip(), LIMIT - len(lead), break_on_hyphens=False,
                                 break_long_words=False)
            if line.rstrip().endswith("\\") or len(text) < 2 or any(len(lead + t) > LIMIT for t in text):
                left += 1
                row += 1
                continue
            lines[row:row + 1] = [lead + t for t in text]
            row += 1
            continue
        imported = _long_import(line)
        if imported is not None:
            lines[row:row + 1] = imported
            row += 1
            continue
        doc = _one_line_docstring(line)
        if doc is not None:
            lines[row:row + 1] = doc
            row += 1
            continue
        if line.lstrip().startswith("#"):
            text = line.strip().lstrip("#").strip()
            if any(p in text for p in PRAGMAS):
                left += 1
                row += 1
                continue
            lines[row:row + 1] = textwrap.wrap(text, LIMIT - len(lead) - 2, initial_indent=lead + "# ",
                                               subsequent_indent=lead + "# ", break_on_hyphens=False)
            row += 1
            continue
        if comment is not None:
            text = line[comment:].lstrip("#").strip()
            if any(p in text for p in PRAGMAS):  # a pragma stays on its line, and the line as it is
                left += 1
                row += 1
                continue
            if True:
                code = line[:comment].rstrip()
                above = textwrap.wrap(text, LIMIT - len(lead) - 2, initial_indent=lead + "# ",
                                      subsequent_indent=lead + "# ", break_on_hyphens=False)
                if code.lstrip().startswith(("except", "else", "elif", "finally")) and code.endswith(":"):
                    below = textwrap.wrap(text, LIMIT - len(lead) - 6, initial_indent=lead + "    # ",
                                          subsequent_indent=lead + "    # ", break_on_hyphens=False)
                    lines[row:row + 1] = [code] + below
                    continue
                lines[row:row + 1] = above + [code]
                row += len(above)
                continue
        wrapped = _wrap_line(line, breaks + _string_breaks(tokens, row + 1, line))
        if wrapped is None or len(wrapped) == 1:
            left += 1
            row += 1
            continue
        lines[row:row + 1] = wrapped
        try:
            compile("\n".join(lines), "<wrap>", "exec")
        except SyntaxError:
            lines[row:row + len(wrapped)] = [line]
            left += 1
            row += 1
            continue
        row += 1
    return "\n".join(lines), left


def main(argv: list[str]) -> int:
    files = [Path(a) for a in argv] or [p for d in LIBRARY for p in sorted((ROOT / d).rglob("*.py"))]
    total = 0
    for path in files:
        src = path.read_text()
        new, left = wrap(src)
        if left < 0:
            print(f"{path}: not tokenizable, left alone")
            continue
        total += left
        if new != src:
            compile(new, str(path), "exec")
            path.write_text(new)
    print(f"wrap_lines: {total} long lines left")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
