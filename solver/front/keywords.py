"""What spec 9.3's payment keywords may pay, known before any model: the copies that may convoke
or improvise, and the most the keywords can pay (which bounds X). The CP-SAT back end models
them (solver/cpsat/keywords.py); the compiler bounds X with :func:`keyword_upper`.
"""

from __future__ import annotations

from typing import Any

from tapwise.solver.contract import Compiled


def convokers(problem: Any) -> list[int]:
    """Source entries whose copies may convoke: creatures on the battlefield with an untapped copy."""
    kw = problem.payment
    if kw is None or not kw.convoke:
        return []
    return [q for q, s in enumerate(problem.sources)
            if s.zone == "battlefield" and "creature" in s.types and s.count > s.tapped]


def improvisers(problem: Any) -> list[int]:
    """Source entries whose copies may improvise: artifacts on the battlefield with an untapped
    copy."""
    kw = problem.payment
    if kw is None or not kw.improvise:
        return []
    return [q for q, s in enumerate(problem.sources)
            if s.zone == "battlefield" and "artifact" in s.types and s.count > s.tapped]


def keyword_upper(c: "Compiled") -> int:
    """What the keywords can pay at most (bounds X): a unit per copy that may convoke or
    improvise, and per card delve could find in the graveyard."""
    prob = c.problem
    kw = prob.payment
    if kw is None:
        return 0
    sources = prob.sources
    total = sum(sources[q].count - sources[q].tapped
                for q in set(convokers(prob)) | set(improvisers(prob)))
    if kw.delve:
        other = kw.other
        total += prob.graveyard + sum((p.discard + p.mill) * p.max_activations for p in c.producers)
        if other is not None:
            total += other.discard + other.mill
    return total
