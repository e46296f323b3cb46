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
from tapwise.models.caches import memo, remember, table
from typing import Any

from tapwise.models.problem import Problem, Source
from tapwise.models.values import evolve


_SIGNATURES: dict[int, tuple[Source, tuple | None]] = table()


def _signature(s: Source) -> tuple | None:
    """What makes two entries the same card for payment, or None if they aren't merged. Read
    once per source: loaded sources are shared between boards (the loader remembers plain
    entries), so they are found by identity; the entry holds the source, so its id isn't
    reused while the entry stands."""
    got = _SIGNATURES.get(id(s))
    if got is None:
        got = remember(_SIGNATURES, id(s), (s, _signature_of(s)))
    return got[1]


def _signature_of(s: Source) -> tuple | None:
    if not s.abilities or s._v2:  # section 9's sources keep their own counters, facts and limits
        return None
    kinds = []
    for a in s.abilities:
        if not a.tap or a.sacrifice:
            return None
        kinds.append(a._payment_kind)
    return (tuple(kinds), s.types, s.snow, s.subtypes, s.colors, s.supertypes, s.token)


def _merged(sources: list[Source], new_id: str) -> Source:
    """One entry standing for all of ``sources``: the first, with all their copies."""
    count = tapped = 0
    for s in sources:
        count += s.count
        tapped += s.tapped
    return evolve(sources[0], id=new_id, count=count, tapped=tapped)


class Merge:
    """The merged problem and what is needed to give its answer back to the original entries."""

    def __init__(self, problem: Problem) -> None:
        self.members: dict[str, list[Source]] = {}
        self.problem = problem
        if len(problem.sources) < 2 or problem._v2:  # 9.2's costs name entries (sacrificed, tapped)
            return
        # signature, or index if alone -> the entries, groups in order of their first entry
        groups: dict[tuple | int, list[Source]] = defaultdict(list)
        for i, s in enumerate(problem.sources):
            sig = _signature(s)
            groups[sig if sig is not None else i].append(s)
        if len(groups) == len(problem.sources):
            return  # nothing to merge
        ids = {s.id for s in problem.sources}
        merged: list[Source] = []
        for sources in groups.values():
            first = sources[0]
            if len(sources) == 1:
                merged.append(first)
                continue
            new_id = f"{first.id}+{len(sources) - 1}"
            while new_id in ids:
                new_id += "+"
            self.members[new_id] = sources
            merged.append(_merged(sources, new_id))
        self.problem = evolve(problem, sources=tuple(merged)) if self.members else problem

    @staticmethod
    def given(problem: Problem, members: dict[str, list[Source]], sources: tuple[Source,
                                                                                 ...]) -> Merge:
        """The :class:`Merge` that ``Merge(problem)`` would make, from one made before for
        another cost on the same board: its ``members`` and merged ``sources``."""
        merge = object.__new__(Merge)
        merge.members = members
        merge.problem = evolve(problem, sources=sources) if members else problem
        return merge

    def split(self, answer: dict[str, Any]) -> dict[str, Any]:
        """The answer in terms of the original entries."""
        if not self.members or answer.get("status") != "paid":
            return answer
        free = {sid: deque((s.id, s.count - s.tapped) for s in members if s.count > s.tapped)
                for sid, members in self.members.items()}
        # (merged id, type) -> [member id, units]
        made: dict[tuple[str, str], deque[list]] = defaultdict(deque)
        members = self.members

        def rename(mana: list[dict[str, Any]]) -> list[dict[str, Any]]:
            """The mana with each unit a merged entry made traced to its member (the same list
            when no unit came from a merged entry, as in most payments). An entry of ``count``
            mana becomes one entry per member that made some of it."""
            if not any(m.get("source") in members for m in mana):
                return mana
            out = []
            for m in mana:
                if m.get("source") not in members:
                    out.append(m)
                    continue
                queue = made[(m["source"], m["type"])]
                need = m.get("count", 1)
                while need:
                    member = queue[0]
                    part = min(need, member[1])
                    entry = {k: v for k, v in m.items() if k != "count"}
                    entry["source"] = member[0]
                    if part > 1:
                        entry["count"] = part
                    out.append(entry)
                    need -= part
                    member[1] -= part
                    if not member[1]:
                        queue.popleft()
            return out

        def rename_payments(payments: list[dict[str, Any]]) -> list[dict[str, Any]]:
            out = []
            for p in payments:
                mana = p.get("mana")
                renamed = rename(mana) if mana is not None else None
                out.append(p if renamed is mana else {**p, "mana": renamed})
            return out

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
                for t in _types(act["adds"]):  # each activation made one of each
                    made[(sid, t)].append([member, times])
                left -= times
                if times == untapped:
                    queue.popleft()
                else:
                    queue[0] = (member, untapped - times)
        return {**answer, "activations": activations,
                "payments": rename_payments(answer["payments"])}


@memo(256)
def _types(adds: str) -> tuple[str, ...]:
    """The types of the units in ``adds`` (``"{W}{W}"`` -> ``("W", "W")``)."""
    return tuple(adds.replace("{", " ").replace("}", " ").split())
