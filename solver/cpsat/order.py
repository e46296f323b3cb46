"""The order of a board's sacrifices in the CP-SAT model (9.1, 9.2): which copies
``sacrifice_other`` and ``tap_other`` take and when, the copies that act before they go, and the
facts each reader reads after the sacrifices before it.

The replay order (solver/answer/build.py) is level by level; on each, the abilities that
neither read late nor sacrifice others (those with a mana cost among them), then the
``sacrifice_other`` activations in producer order, then the cost-free late readers.
"""

from __future__ import annotations

from tapwise.solver.contract import Compiled
from tapwise.solver.cpsat.levels import reads_late
from tapwise.solver.sat import INT_MAX, INT_MIN, Terms, Writer, _neg, _not


class Others:
    """What :func:`others` made: the copies each activation takes per (producer, source) on
    level 0 (``victims``) and per (producer, source, level) after abilities with a mana cost
    (``late_victims``), per source the terms of its copies sacrificed on level 0 (``kills``),
    tapped (``tapped_by``) and sacrificed later (``late_kills``), and per source whose copies
    a cost without {T} taps, (those copies, b: some are, split: two activations share them)."""

    __slots__ = ("victims", "late_victims", "kills", "tapped_by", "late_kills", "own_copy_taps")

    def __init__(self) -> None:
        self.victims: dict[tuple[int, int], int] = {}
        self.late_victims: dict[tuple[int, int, int], int] = {}
        self.kills: dict[int, Terms] = {}
        self.tapped_by: dict[int, Terms] = {}
        self.late_kills: dict[int, Terms] = {}
        self.own_copy_taps: dict[int, tuple[Terms, int, int]] = {}


def others(w: Writer, c: Compiled, acts: dict[tuple[int, int, int], Terms],
           activations: list[Terms], late_sac: set[int], late_sources: set[int],
           late_levels: tuple[int, ...]) -> Others:
    """Section 9.2's ``sacrifice_other`` and ``tap_other``: how many copies of each source
    each such activation takes, as variables, and per source the terms of its copies sacrificed
    and tapped this way. Tapping ones come first, then sacrificing ones in producer order; one
    may sacrifice a copy of a source whose own sacrificing abilities come after it only if it
    is its own source (the copy acts, then goes). A sacrificing one in ``late_sac`` may also act
    on a level lv of 1..L+1, after the abilities with a mana cost of levels up to lv (601.2g-h,
    605.3), taking copies of ``late_sources`` that used them; one with a mana cost (Transmogrant
    Altar) takes any of its victims on each of its levels."""
    out = Others()
    sources = c.problem.sources
    own: dict[tuple[int, str], Terms] = {}
    # per source: terms counting activations that tap its own copies
    carriers: dict[int, Terms] = {}
    for pi, p in enumerate(c.producers):
        if p.others is None:
            continue
        kind, n, victims, self_ok = p.others
        late = pi in late_sac
        xs: Terms = []
        late_xs: dict[int, Terms] = {}
        for q in victims:
            x = w.new_int(min(n * p.max_activations, sources[q].count))
            out.victims[(pi, q)] = x
            xs.append((x, 1))
            (out.kills if kind == "sac" else out.tapped_by).setdefault(q, []).append((x, 1))
            if q == p.source and not self_ok:
                own.setdefault((q, kind), []).append((x, 1))
                if kind == "tap" and not p.tap:
                    _own_taps(w, activations[pi], x, sources[q].count,
                              carriers.setdefault(q, []))
            for lv in (late_levels if late and (q in late_sources or p.is_converter) else ()):
                if p.is_converter and not any((pi, lv, ci) in acts for ci in range(len(p.choices))):
                    continue  # (a Transmogrant Altar takes its victims on its own levels only)
                y = w.new_int(min(n * p.max_activations, sources[q].count))
                out.late_victims[(pi, q, lv)] = y
                late_xs.setdefault(lv, []).append((y, 1))
                out.late_kills.setdefault(q, []).append((y, 1))
                if q == p.source and not self_ok:
                    own.setdefault((q, kind), []).append((y, 1))
        if late:
            for lv in (0,) + late_levels:
                acted = [t for ci in range(len(p.choices)) for t in acts.get((pi, lv, ci), [])]
                w.linear((xs if lv == 0 else late_xs.get(lv, [])) + _neg(acted, n), 0, 0)
        else:
            w.linear(xs + _neg(activations[pi], n), 0, 0)
    for (q, kind), terms in own.items():
        if kind == "sac":  # without "self", the last copy standing can't sacrifice itself
            w.linear(terms, INT_MIN, sources[q].count - 1)
    for q, ms in carriers.items():
        terms = own[(q, "tap")]
        b, split = w.new_bool(), w.new_bool()
        w.linear(terms + [(b, -w.ub(terms))], INT_MIN, 0)  # b: some copy was tapped so
        w.linear(ms + [(split, -2)], 0, INT_MAX)  # split: two activations share them
        out.own_copy_taps[q] = (terms, b, split)
    return out


def _own_taps(w: Writer, acts: Terms, x: int, count: int, carriers: Terms) -> None:
    """9.2's ``tap_other`` without "self" on an ability without {T} (activations ``acts``),
    tapping ``x`` copies of its own entry: each activation taps at most ``count - 1`` of them
    (never the copy that acts). If one activation taps them all, the copy acting is one more
    copy used (9.6); if two activations share them, each may be activated by a copy the other
    tapped. The number of activations that can carry such copies is ``min(x, activations)``."""
    w.linear([(x, 1)] + _neg(acts, count - 1), INT_MIN, 0)
    m = w.new_int(min(w.ub([(x, 1)]), w.ub(acts)))
    w.linear([(m, 1), (x, -1)], INT_MIN, 0)
    w.linear([(m, 1)] + _neg(acts), INT_MIN, 0)
    carriers.append((m, 1))


def copy_order(w: Writer, c: Compiled, acts: dict[tuple[int, int, int], Terms],
               by_source: dict[int, list[int]], made: Others
               ) -> tuple[dict[int, list[Terms]], dict[int, list[Terms]],
                          dict[int, list[tuple[Terms, dict[int, Terms]]]]]:
    """A copy sacrificed acts no more (9.2). In the replay order, per source and per slot that
    sacrifices its copies: the copies gone by then plus the copies acting after it are at most
    the copies given. The copies acting after are a variable at least the taps after it, the
    sacrifices of their own copies after it, and each later ability's activations after it over
    its uses per copy (one copy may use them all). Returns those limits per source
    (``terms <= count``, for solver/queries/keep.py), and per source the terms its copies used
    are at least (9.6 ``min_sources``): the copies its own abilities sacrificed by a slot, and
    those acting after it, are distinct copies that acted (the Elf that sacrificed itself for
    {G}{G} converts none of it); and per source, per slot, the copies gone by it and per ability
    without {T} its activations after it (solver/queries/keep.py: those are the surviving
    copies' uses). By Hall's theorem these bounds, one per slot, are exact: a
    copy gone at a slot can carry any activation before it, so the activations that need a copy
    alive after a slot only grow as the slot moves earlier."""
    producers = c.producers
    limits: dict[int, list[Terms]] = {}
    floors: dict[int, list[Terms]] = {}
    slots: dict[int, list[tuple[Terms, dict[int, Terms]]]] = {}
    by_producer: dict[int, list[tuple[int, Terms]]] = {}
    for (pj, lv, _ci), terms in acts.items():
        by_producer.setdefault(pj, []).append((lv, terms))
    for q, pis in by_source.items():
        # (slot, terms, whether the copies go by their own ability)
        kills: list[tuple[tuple[int, int, int], Terms, bool]] = []
        for (pi, vq), x in made.victims.items():
            if vq == q and producers[pi].others[0] == "sac":
                kills.append(((0, pi, 1), [(x, 1)], False))
        for (pi, vq, lv), x in made.late_victims.items():
            if vq == q:
                kills.append(((lv, pi, 1), [(x, 1)], False))
        # its copies sacrificed by their own abilities (as they act: after the plain ones of
        # their level, a Treasure's or a "{1}, Sacrifice this" filter's), when another ability
        # of the source may act after one went
        own = [((lv, pi if producers[pi].others is not None and producers[pi].others[0] == "sac"
                 else -1, 1), terms, True) for pi in pis if producers[pi].sacrifice
               for lv, terms in by_producer.get(pi, ()) if terms]
        if own and (kills or not all(producers[pi].sacrifice for pi in pis)):
            kills += own
        if not kills:
            continue
        acting: list[tuple[int, tuple[int, int, int], Terms]] = []  # producer, slot, acts
        for pi in pis:
            p = producers[pi]
            for lv, terms in by_producer.get(pi, ()):
                if not terms:
                    continue
                if p.others is not None and p.others[0] == "sac":
                    slot = (lv, pi, 0)
                elif reads_late(p):  # after the level's sacrifices; a converter before
                    slot = (lv, len(producers), 0)
                else:
                    slot = (lv, -1, 0)
                acting.append((pi, slot, terms))
        count = c.problem.sources[q].count
        kills.sort(key=lambda k: k[0])
        gone: Terms = []
        own_gone: Terms = []
        for slot, terms, by_itself in kills:
            gone = gone + terms
            if by_itself:
                own_gone = own_gone + terms
            after = [(pi, ts) for pi, s, ts in acting if s > slot]
            if not after:
                continue
            a = w.new_int(count)
            _acting_after(w, producers, after, a)
            limit = gone + [(a, 1)]
            w.linear(limit, INT_MIN, count)
            limits.setdefault(q, []).append(limit)
            if own_gone:
                floors.setdefault(q, []).append(own_gone + [(a, 1)])
            uses_after: dict[int, Terms] = {}
            for pi, ts in after:
                if not producers[pi].tap and not producers[pi].sacrifice:
                    uses_after.setdefault(producers[pi].ability, []).extend(ts)
            if uses_after:
                slots.setdefault(q, []).append((gone, uses_after))
    return limits, floors, slots


def _acting_after(w: Writer, producers: list, after: list[tuple[int, Terms]], a: int) -> None:
    """``a`` at least the copies the activations ``after`` a slot need: one tap each, one
    sacrifice of its own copy each, and ``uses`` activations per copy of each ability without
    {T} (its producers, one per victim or reading, share them), as cpsat/copies.py counts."""
    taps: Terms = []
    sacs: Terms = []
    shared: dict[int, tuple[int, Terms]] = {}
    for pi, ts in after:
        p = producers[pi]
        if p.tap:
            taps += ts
        elif p.sacrifice:
            sacs += ts
        else:
            uses, terms = shared.get(p.ability, (1, []))
            shared[p.ability] = (max(uses, p.uses), terms + ts)
    for terms, per_copy in [(taps, 1), (sacs, 1)] + [(t, u) for u, t in shared.values()]:
        if terms:
            w.linear(terms + [(a, -per_copy)], INT_MIN, 0)


def late_reads(w: Writer, c: Compiled, acts: dict[tuple[int, int, int], Terms],
               made: Others) -> list[int]:
    """9.1 ``counts``: an ability reading a fact after sacrifices lowered it reads the given
    value less what the copies sacrificed before it counted toward it: a cost-free one on
    level lv after the sacrifices of levels 0..lv, one with a mana cost on level lv after
    those of levels below lv (the replay order above). A reading at value v may be used only
    where that is what the sacrifices before it leave. Returns the literal of each reading
    (true when it is used)."""
    late: dict[tuple[str, int, int], Terms] = {}  # (fact, value, last level seen): acts
    for (pi, lv, _ci), terms in acts.items():
        p = c.producers[pi]
        if p.reads is not None and p.reads[0] == "late":
            seen = lv - 1 if p.is_converter else lv
            late.setdefault((p.reads[1], p.reads[2], seen), []).extend(terms)
    if not late:
        return []
    prob = c.problem
    gone_at: dict[tuple[int, int], Terms] = {}  # (level, source): copies sacrificed
    for q, terms in made.kills.items():
        gone_at.setdefault((0, q), []).extend(terms)
    for (_pi, q, lv), x in made.late_victims.items():
        gone_at.setdefault((lv, q), []).append((x, 1))
    for (pi, lv, _ci), terms in acts.items():
        p = c.producers[pi]
        if p.sacrifice and not p.double:  # its own copy: a Treasure, or one with a mana cost
            gone_at.setdefault((lv, p.source), []).extend(terms)
    drop: dict[tuple[int, str], Terms] = {}  # (level, fact): how much it drops there
    for (lv, q), gone in gone_at.items():
        for f, n in prob.sources[q].counts:
            drop.setdefault((lv, f), []).extend(_neg(gone, -n))
    used = []
    for (f, v, seen), terms in late.items():
        b = w.new_bool()
        w.linear(terms, INT_MIN, 0, (_not(b),))
        given = prob._fact_map[f]
        dropped = [t for (lv, g), ts in drop.items() if g == f and lv <= seen for t in ts]
        w.linear(dropped or [(b, 0)], given - v, given - v, (b,))
        used.append(b)
    return used
