"""The README's promises, run: its length, every command it shows, every Python line whose
comment gives a value, the output it shows for the first command, its JSON, and its links.

Install lines (``python3 -m venv ... pip install ...``) are not run: they are what made the
environment these tests run in; the command after ``&&`` on them is run."""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import tapwise

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
BLOCK = re.compile(r"^```(\w+)\n(.*?)^```$", re.M | re.S)


def blocks(lang: str) -> list[str]:
    return [body for kind, body in BLOCK.findall(README) if kind == lang]


def commands() -> list[str]:
    """Each shell line, with the install steps of the two-command lines dropped."""
    out = []
    for body in blocks("sh"):
        for line in body.splitlines():
            steps = [s.strip() for s in line.split("&&")]
            steps = [s for s in steps if not re.match(r"(python3 -m venv|\. \.venv/bin/activate|pip install)", s)]
            out += [s for s in steps if s and not s.startswith("python -P -m pytest")]
    return out


def run(command: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    return subprocess.run(["bash", "-c", command], cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


def test_readme_is_short():
    assert len(README.splitlines()) <= 250


def test_the_two_commands_come_first_and_the_test_command_is_cis():
    first, second = blocks("sh")[:2]
    assert first.strip().endswith("pip install . && tapwise pay examples/three_color.json")
    assert second.strip() == ("python3 -m venv .venv && . .venv/bin/activate && "
                              "pip install '.[test,bench,phase]' && python -P -m pytest -n auto")


@pytest.mark.parametrize("command", commands())
def test_every_command_runs(command, tmp_path):
    (tmp_path / "examples").symlink_to(ROOT / "examples")  # files the commands write land in tmp_path
    done = run(command, tmp_path)
    assert done.returncode == 0, (command, done.stderr)
    if "--svg" in command:
        assert (tmp_path / command.split("--svg ")[1].split()[0]).read_text().startswith("<svg")


def test_the_first_commands_output_is_shown():
    shown = blocks("text")[0]
    done = run("tapwise pay examples/three_color.json", ROOT)
    assert done.stdout == shown


def expectations(body: str) -> list[tuple[str, object]]:
    """``(expression, value)`` of each line ``expression  # value`` whose value is a literal."""
    out = []
    for line in body.splitlines():
        code, sep, comment = line.partition("  # ")
        if not sep:
            continue
        try:
            out.append((code.strip(), ast.literal_eval(comment.strip())))
        except (ValueError, SyntaxError):
            continue
    return out


@pytest.mark.parametrize("index", range(len(blocks("python"))))
def test_python_blocks_run_and_say_true(index, capsys):
    body = blocks("python")[index]
    scope: dict = {}
    exec(compile(body, f"README python block {index}", "exec"), scope)
    checked = expectations(body)
    assert checked, "a block should show at least one value"
    for code, value in checked:
        target = code.split(" = ", 1)[1] if re.match(r"^\w+ = ", code) else code
        assert eval(target, scope) == value, code


def test_json_block_is_a_problem_that_pays():
    for body in blocks("json"):
        assert tapwise.pay(json.loads(body))["status"] == "paid"


def test_links_point_at_files():
    for target in re.findall(r"\]\(([^)#]+)\)", README):
        assert (ROOT / target).exists(), target
