"""Merge source entries that are the same card before modelling, and split the answer back.

Boards often list one card several times ("40 Forest" in three entries, or four entries of the
same dual land). Entries whose abilities, types and snow are identical are one class of copies
(DESIGN principle 2); so that the model's size depends on kinds of sources, not on how the
board was written, they are merged into one entry, solved, and each activation is then given
back to the entries' untapped copies in order, with every mana traced to the entry that made it.

Only entries whose abilities all tap and never sacrifice are merged: each of their copies does at
most one thing, so giving activations back can't break a copy's limits or the order of events.
"""

from __future__ import annotations

from collections import defaultdict, deque
from typing import Any

from models.problem import Problem, Source, evolve


def _signature(s: Source) -> tuple | None:
    """What makes two entries the same card for payment, or None if they aren't merged."""
    if not s.abilities:
        return None
    keys = []
    for a in s.abilities:
        if not a.tap or a.sacrifice:
            return None
        keys.append(a.payment_key)
    return (tuple(keys), s.types, s.snow)


class Merge:
    """The merged problem and what is needed to give its answer back to the original entries."""

    def __init__(self, problem: Problem) -> None:
        self.members: dict[str, list[Source]] = {}
        self.problem = problem
        if len(problem.sources) < 2:
            return
        groups: dict[tuple, list[int]] = defaultdict(list)
        for i, s in enumerate(problem.sources):
            sig = _signature(s)
            groups[sig if sig is not None else ("single", i)].append(i)
        if len(groups) == len(problem.sources):
            return  # nothing to merge
        merged: list[Source] = []
        for indices in sorted(groups.values()):
            first = problem.sources[indices[0]]
            if len(indices) == 1:
                merged.append(first)
                continue
            sources = [problem.sources[i] for i in indices]
            new_id = f"{first.id}+{len(indices) - 1}"
            while any(s.id == new_id for s in problem.sources):
                new_id += "+"
            self.members[new_id] = sources
            merged.append(evolve(first, id=new_id, count=sum(s.count for s in sources),
                                 tapped=sum(s.tapped for s in sources)))
        self.problem = evolve(problem, sources=tuple(merged)) if self.members else problem

    def split(self, answer: dict[str, Any]) -> dict[str, Any]:
        """The answer in terms of the original entries."""
        if not self.members or answer.get("status") != "paid":
            return answer
        free = {sid: deque((s.id, s.count - s.tapped) for s in members if s.count > s.tapped)
                for sid, members in self.members.items()}
        made: dict[tuple[str, str], deque[str]] = defaultdict(deque)  # (merged id, type) -> member ids

        def rename(mana: list[dict[str, Any]]) -> list[dict[str, Any]]:
            out = []
            for m in mana:
                if m.get("source") in self.members:
                    m = {**m, "source": made[(m["source"], m["type"])].popleft()}
                out.append(m)
            return out

        def rename_payments(payments: list[dict[str, Any]]) -> list[dict[str, Any]]:
            return [{**p, "mana": rename(p["mana"])} if "mana" in p else p for p in payments]

        activations = []
        for act in answer["activations"]:
            if "paid" in act:
                act = {**act, "paid": rename_payments(act["paid"])}
            sid = act["source"]
            if sid not in self.members:
                activations.append(act)
                continue
            per = len(act.get("paid", [])) // act["times"] if act.get("paid") else 0
            left, paid = act["times"], act.get("paid", [])
            queue = free[sid]
            while left:
                member, untapped = queue[0]
                times = min(left, untapped)
                part = {**act, "source": member, "times": times}
                if per:
                    part["paid"], paid = paid[:per * times], paid[per * times:]
                activations.append(part)
                for _ in range(times):
                    for t in _types(act["adds"]):
                        made[(sid, t)].append(member)
                left -= times
                if times == untapped:
                    queue.popleft()
                else:
                    queue[0] = (member, untapped - times)
        return {**answer, "activations": activations, "payments": rename_payments(answer["payments"])}


def _types(adds: str) -> list[str]:
    return [part for part in adds.replace("{", " ").replace("}", " ").split()]
