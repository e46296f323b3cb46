"""Fuzzing: inputs of every kind thrown at the API and the CLI, and what broke.

Two kinds of input, both checked the same way (:func:`check`: the answer is a dict with a known
status, valid against the shipped JSON Schema, no internal error, and within a time bound):

- **mutations** (seeded ``random``): generated and example problems and queries with one to three
  edits each: a value replaced by a nasty one (huge counts, 2^63, 1e300, wrong types, nested
  lists, long strings), a key dropped or misspelt, notation garbled, a list entry doubled;
- **hypothesis strategies** over notation, problems, queries and Oracle text
  (:func:`notation_texts`, :func:`mutated_requests`, :func:`oracle_texts`), which the suite runs
  briefly (``tests/test_fuzz.py``) and this module at length.

    python -m tapwise.benchmarks.fuzz --mutations 20000 --hypothesis 2000 --cli

prints how many inputs were tried, by kind and status, and every one that broke (exception,
internal error, schema violation, slow), and writes them to ``--out`` as JSON lines. Which build
ran (compiled or pure) is part of the report. Needs the test extra (hypothesis, jsonschema).
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import re
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any, Callable, Iterator

import tapwise
from tapwise.benchmarks.generators import QUICK, generate
from tapwise.solver.queries.request import answer_request

STATUSES = {"paid", "infeasible", "unpayable", "unknown", "error", "ok"}
INTERNAL = re.compile(r"^(line \d+: )?(costs\[\d+\]\.)?internal error")
"""An internal error's message (a cost of the text "internal error" is the user's, not ours)."""
SLOW = 10.0
"""Seconds past which an answer counts as broken (every time limit here is the default 10 s or less)."""

BOARDS = [
    [{"name": "Forest", "count": 3}, {"name": "Island"}],
    [{"name": "Plains", "count": 2}, {"id": "gate", "abilities": [{"add": "{C}"},
                                                                  {"mana": "{W/U}", "add": ["{W}{W}", "{W}{U}", "{U}{U}"]}]}],
    [{"name": "Sol Ring", "types": ["artifact"], "abilities": [{"add": "{C}{C}"}]},
     {"name": "Treasure", "types": ["artifact"], "abilities": [{"add": {"any_color": 1}, "tap": True, "sacrifice": True}]},
     {"name": "City of Brass", "abilities": [{"add": {"any_color": 1}, "damage": 1}]}],
]

NASTY: list[Any] = [None, True, False, -1, 0, 1, 2**31, 2**63, 10**12, -(2**63), 1e300, 0.5, "", "{G}", "{U}{U}",
                    "{X}", "{2/W}", "{Q}", "{", "}}", "{10000000000000}", "any", "max", ["{G}"], [["{G}"], "{U}{U}"],
                    [], {}, {"any_color": 3}, {"any_color": 10**6}, {"any_type": 2000}, {"reflect": "lands_you_control"},
                    {"colors": [1]}, [1], "x" * 5000, "é", "\x00", [[[[[[[[]]]]]]]], {"fact": "elf"}]
KEYS = ["cost", "sources", "count", "add", "only", "colors", "x", "pool", "player", "life", "tapped", "types",
        "abilities", "mana", "uses", "objective", "keywords", "time_limit", "costs", "query", "order", "sorces", "id"]


def build() -> str:
    """Which build is running: ``compiled`` when the hot path is extension modules."""
    import tapwise.solver.verify.replay as v

    return "compiled" if not v.__file__.endswith(".py") else "pure"


# -- checking -----------------------------------------------------------------------------------


def _validators() -> dict[str, Any]:
    from jsonschema import Draft202012Validator

    return {"answer": Draft202012Validator(tapwise.json_schema("answer"))}


def check(request: Any, call: Callable[[Any], Any], validators: dict[str, Any] | None) -> tuple[str, str | None]:
    """(status, what broke or None) for one input through ``call``."""
    started = time.perf_counter()
    try:
        answer = call(request)
    except BaseException as e:  # noqa: BLE001 - exactly what the fuzz is looking for
        if isinstance(e, KeyboardInterrupt):
            raise
        return "raised", f"{type(e).__name__}: {e}"[:300]
    took = time.perf_counter() - started
    if not isinstance(answer, dict) or answer.get("status") not in STATUSES:
        return "malformed", f"not an answer: {str(answer)[:200]}"
    status = answer["status"]
    if status == "error" and INTERNAL.match(answer.get("error", "")):
        return status, answer["error"][:300]
    if took > SLOW:
        return status, f"took {took:.1f} s"
    if validators is not None:
        bad = next(iter(validators["answer"].iter_errors(answer)), None)
        if bad is not None:
            return status, f"answer breaks the schema at {'/'.join(map(str, bad.absolute_path))}: {bad.message[:200]}"
    try:
        json.dumps(answer, allow_nan=False)
    except (TypeError, ValueError) as e:
        return status, f"answer is not JSON: {e}"
    return status, None


# -- mutations ----------------------------------------------------------------------------------


def base_requests(seed: int) -> list[Any]:
    """Valid problems and queries to mutate: generated (three scenarios) and hand-made."""
    out: list[Any] = []
    for scenario, n in (("typical", 60), ("rich", 60), ("large", 6)):
        out += list(generate(scenario, seed=seed, n=n, **QUICK[scenario]))
    for board in BOARDS:
        out.append({"cost": "{X}{G}", "x": "max", "sources": board})
        out.append({"query": "castable", "sources": board, "costs": [{"cost": "{1}{G}"}, {"cost": "{W}{U}"}]})
        out.append({"query": "plan", "sources": board, "costs": [{"cost": "{G}"}, {"cost": "{1}"}], "order": "any"})
        out.append({"query": "available", "sources": board})
    return out


def _paths(value: Any, prefix: tuple = ()) -> Iterator[tuple]:
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, prefix + (i,))


def _garble(text: str, rng: random.Random) -> str:
    if not text:
        return rng.choice(["{", "{G", "G}", "{W/U/B}"])
    i = rng.randrange(len(text))
    return text[:i] + rng.choice(["{", "}", "/", "P", "X", "9" * rng.randint(1, 25), "", " ", "{S}", "{E}"]) + text[i + 1:]


def mutate(request: Any, rng: random.Random) -> Any:
    """``request`` with one to three random edits."""
    out = copy.deepcopy(request)
    for _ in range(rng.randint(1, 3)):
        paths = list(_paths(out))
        path = rng.choice(paths[1:] or paths)
        if not path:
            return rng.choice(NASTY)
        parent = out
        for step in path[:-1]:
            parent = parent[step]
        key = path[-1]
        op = rng.random()
        if op < 0.45:
            parent[key] = copy.deepcopy(rng.choice(NASTY))
        elif op < 0.6 and isinstance(parent[key], str):
            parent[key] = _garble(parent[key], rng)
        elif op < 0.7 and isinstance(parent, dict):
            del parent[key]
        elif op < 0.8 and isinstance(parent, dict):
            parent[rng.choice(KEYS)] = copy.deepcopy(rng.choice(NASTY))
        elif op < 0.9 and isinstance(parent, list):
            parent.insert(key, copy.deepcopy(parent[key]))
        elif isinstance(parent[key], int) and not isinstance(parent[key], bool):
            parent[key] = rng.choice([parent[key] * 10**6, -parent[key], parent[key] + 1, 2**62])
        else:
            parent[key] = [parent[key]]
    return out


def mutations(n: int, seed: int) -> Iterator[Any]:
    rng = random.Random(seed)
    bases = base_requests(seed)
    for _ in range(n):
        yield mutate(rng.choice(bases), rng)


# -- hypothesis strategies ----------------------------------------------------------------------


def strategies():
    """The hypothesis strategies: (notation texts, requests, Oracle texts)."""
    from hypothesis import strategies as st

    pieces = st.sampled_from(["{", "}", "/", "W", "U", "B", "R", "G", "C", "X", "S", "E", "P", "2", "0", "1",
                              "12", "99999999999999999999", " ", "w", "{W/U}", "{2/W}", "{G/P}", "{C/R}"])
    notation = st.lists(pieces, max_size=14).map("".join) | st.text(max_size=20)
    # JSON's values: no NaN or Infinity (an id holding one is echoed as given, and is not JSON)
    scalars = (st.none() | st.booleans() | st.integers(-(2**70), 2**70)
               | st.floats(allow_nan=False, allow_infinity=False) | notation)
    json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                               | st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=6), inner, max_size=4),
                               max_leaves=12)
    bases = base_requests(0)

    @st.composite
    def mutated(draw):
        request = copy.deepcopy(draw(st.sampled_from(bases)))
        for _ in range(draw(st.integers(1, 3))):
            paths = list(_paths(request))[1:]
            if not paths:
                break
            path = draw(st.sampled_from(paths))
            parent = request
            for step in path[:-1]:
                parent = parent[step]
            parent[path[-1]] = draw(json_values)
        return request

    phrases = st.sampled_from(["{T}: Add {G}.", "{T}: Add {W} or {U}.", "{T}: Add one mana of any color.",
                               "{T}, Pay 1 life: Add {B}.", "{1}, {T}: Add {C}{C}.", "Sacrifice this: Add {R}.",
                               "{T}: Add {C}. This deals 1 damage to you.", "Spend this mana only to cast spells.",
                               "{T}: Add X mana of any one color, where X is the number of lands you control.",
                               "{T}: Add two mana in any combination of colors.", "Add {G}{G}.", "{T}:", "Add", ".",
                               "{W/P}, {T}: Add {W}.", "{T}: Add one mana of any type that a land you control could produce."])
    oracle = st.lists(phrases | st.text(max_size=30), min_size=1, max_size=4).map(lambda parts: "\n".join(parts))
    return notation, mutated(), oracle


def hypothesis_run(n: int, record: Callable[[str, Any, str, str | None], None]) -> None:
    """``n`` examples of each strategy through the API, each recorded (nothing raises)."""
    from hypothesis import HealthCheck, given, settings

    notation, requests, oracle = strategies()
    quiet = settings(max_examples=n, deadline=None, database=None, derandomize=True,
                     suppress_health_check=list(HealthCheck))

    @quiet
    @given(notation)
    def notations(text):
        request = {"cost": text, "sources": BOARDS[2]}
        record("notation", request, *check(request, tapwise.pay, VALIDATORS))

    @quiet
    @given(requests)
    def mutated(request):
        record("hypothesis", request, *check(request, answer_request, VALIDATORS))

    @quiet
    @given(oracle)
    def oracles(text):
        request = {"cost": "{1}{G}", "sources": [{"name": "Fuzzed Land", "oracle": text}, {"name": "Forest"}]}
        record("oracle", request, *check(request, tapwise.pay, VALIDATORS))

    notations()
    mutated()
    oracles()


VALIDATORS: dict[str, Any] | None = None


def cli_run(requests: list[Any]) -> tuple[int, list[str]]:
    """The requests as JSON lines through ``tapwise pay - --jsonl``: (answers, what broke)."""
    lines = [json.dumps(r) for r in requests]
    out = subprocess.run([sys.executable, "-m", "tapwise.interfaces.cli", "pay", "-", "--jsonl"],
                         input="\n".join(lines) + "\n", capture_output=True, text=True)
    answers = out.stdout.splitlines()
    broke = []
    if out.returncode != 0:
        broke.append(f"exit code {out.returncode}")
    if "Traceback" in out.stderr:
        broke.append("a traceback: " + out.stderr[-500:])
    if len(answers) != len(lines):
        broke.append(f"{len(lines)} lines, {len(answers)} answers")
    for line in answers:
        answer = json.loads(line)
        if INTERNAL.match(answer.get("error", "")):
            broke.append(answer["error"][:300])
    return len(answers), broke


def main(argv: list[str] | None = None) -> int:
    global VALIDATORS
    parser = argparse.ArgumentParser(prog="python -m tapwise.benchmarks.fuzz", description=__doc__.split("\n\n")[0])
    parser.add_argument("--mutations", type=int, default=20_000, help="seeded mutated problems and queries")
    parser.add_argument("--hypothesis", type=int, default=1_000, help="examples per hypothesis strategy")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--cli", action="store_true", help="send the mutations through tapwise pay --jsonl too")
    parser.add_argument("--no-schema", action="store_true", help="skip validating each answer (faster)")
    parser.add_argument("--out", type=Path, default=Path("fuzz-broken.jsonl"), help="where broken inputs go")
    args = parser.parse_args(argv)
    VALIDATORS = None if args.no_schema else _validators()
    tried: Counter[str] = Counter()
    statuses: Counter[tuple[str, str]] = Counter()
    broken: list[dict[str, Any]] = []

    def record(kind: str, request: Any, status: str, broke: str | None) -> None:
        tried[kind] += 1
        statuses[(kind, status)] += 1
        if broke is not None:
            broken.append({"kind": kind, "problem": broke, "request": request})

    started = time.perf_counter()
    requests = list(mutations(args.mutations, args.seed))
    for request in requests:
        record("mutation", request, *check(request, answer_request, VALIDATORS))
    if args.hypothesis:
        hypothesis_run(args.hypothesis, record)
    cli_note = ""
    if args.cli:
        answered, cli_broke = cli_run(requests)
        tried["cli"] += answered
        broken += [{"kind": "cli", "problem": b, "request": None} for b in cli_broke]
        cli_note = f"; through the CLI: {answered:,} lines answered, {len(cli_broke)} broken"
    took = time.perf_counter() - started
    print(f"build: {build()}; inputs tried: {sum(tried.values()):,} ({', '.join(f'{k} {n:,}' for k, n in tried.items())})"
          f" in {took:.0f} s{cli_note}")
    for kind in tried:
        row = {s: n for (k, s), n in sorted(statuses.items()) if k == kind}
        if row:
            print(f"  {kind:<10} " + ", ".join(f"{s} {n:,}" for s, n in row.items()))
    print(f"broken: {len(broken)}")
    for b in broken[:20]:
        print(f"  [{b['kind']}] {b['problem']}")
    with args.out.open("w") as handle:
        for b in broken:
            handle.write(json.dumps(b, default=repr) + "\n")
    return 1 if broken else 0


if __name__ == "__main__":
    raise SystemExit(main())
