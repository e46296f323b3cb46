"""Spec 9.3 in the CP-SAT model: convoke, improvise, delve and the object's own non-mana costs.

They act in 601.2h, after every mana ability (601.2g) and once the total cost is locked in
(601.2f), so they are not mana: each creature or artifact tapped this way, and each card
exiled by delve, fills one unit of a symbol of the total cost, beside the flows of mana
(``costs.cost_block`` adds :meth:`KeywordPart.option` and :meth:`KeywordPart.generic` to its
equalities). Counts stay per class (DESIGN principle 2): per source entry, how many of its
copies convoke (for generic and for each of its colors), improvise, are tapped or sacrificed by
``other_costs``; never a variable per copy.

A copy tapped for convoke, improvise or ``other_costs.tap_other`` must still be untapped and on
the battlefield when the total cost is paid: with T its copies tapped by mana abilities or
others' costs, G its copies gone (sacrificed by mana abilities), K those tapped in 601.2h,
K + T <= untapped and K + G <= copies (a copy that tapped for mana and was then sacrificed is
counted in both, which is the best the player can do). ``other_costs.sacrifice_other`` may take
any copy still on the battlefield, one that convoked included (601.2h: the total cost is paid
in any order). These copies join the model's ``tapped_by`` terms, so they count in
``min_sources`` (9.6) and share each entry's untapped copies with its mana abilities.
"""

from __future__ import annotations

from typing import Any

from tapwise.models.mana import COLORS

from tapwise.solver.contract import Compiled, Demand, Option, Solution
from tapwise.solver.front.keywords import convokers, improvisers, keyword_upper  # noqa: F401 (re-exported)
from tapwise.solver.sat import Terms

INT_MIN = -(2**63)


class KeywordPart:
    """The keyword variables of one board (``BoardBuilder`` makes one per cost with 9.3's
    keys). Pseudo mana kinds (negative numbers) name each payer in a solution,
    so the answer builder traces them like mana (solver/answer/keywords.py). Its ``model`` is
    the :class:`tapwise.solver.cpsat.build.BoardBuilder` being built (typed ``Any``: the board
    makes its parts, this one among them), whose writer ``w`` it writes with."""

    def __init__(self, model: Any, c: Compiled, block: int | None = None) -> None:
        """``block``: in a plan, the index of the cost this part pays (its cost may go unpaid:
        then every count here is 0); None in a model of one cost."""
        self.m = model
        self.c = c
        self.block = block
        self.producers = model.c.producers  # the board's mana abilities: one model, one board
        self._sums: list[tuple[Terms, int]] = []  # other_costs' victims: their sum is n when paid
        prob = c.problem
        self.kw = kw = prob.payment
        self.other = kw.other
        sources = prob.sources
        self.convokers = convokers(prob)
        self.improvisers = improvisers(prob)
        self.achroma = "achroma" in prob.keywords
        # 9.7: never Achroma's generic nor X under x_color
        self.x_ok = not self.achroma and prob.x_color is None
        # Per entry: copies convoking and improvising (sums of the flows, tied in finish), and
        # the copies other_costs taps and sacrifices.
        self.conv: dict[int, int] = {q: model.w.new_int(sources[q].count - sources[q].tapped)
                                     for q in self.convokers}
        self.impr: dict[int, int] = {q: model.w.new_int(sources[q].count - sources[q].tapped)
                                     for q in self.improvisers}
        self.flows: dict[int, Terms] = {}  # per pseudo kind, its flows over all variants
        self.payer: list[tuple[str, int | None]] = []  # pseudo kind -1-i -> (keyword, entry)
        self.pseudo: dict[tuple[str, int | None], int] = {}
        # (var, variant, demand, option, pseudo)
        self.read_option: list[tuple[int, int, int, int, int]] = []
        self.read_generic: list[tuple[int, int, str, int]] = []  # (var, variant, category, pseudo)
        self.tapped_other: dict[int, int] = {}
        self.sacrificed_other: dict[int, int] = {}
        other = self.other
        if other is not None and other.tap is not None:
            self.tapped_other = self._victims(other.tap, untapped=True)
        if other is not None and other.sacrifice is not None:
            self.sacrificed_other = self._victims(other.sacrifice, untapped=False)
        self.delve = model.w.new_int(self._graveyard_bound()) if kw.delve else None

    def _victims(self, others: Any, untapped: bool) -> dict[int, int]:
        """A variable per source entry other_costs may take copies of, their sum its ``n``."""
        out: dict[int, int] = {}
        for q, s in enumerate(self.c.problem.sources):
            have = s.count - s.tapped if untapped else s.count
            if have > 0 and others.matches(s):
                out[q] = self.m.w.new_int(min(have, others.n))
        self._sums.append(([(v, 1) for v in out.values()], others.n))
        return out

    def _when_paid(self, terms: Terms, n: int) -> None:
        """``terms`` sum to ``n`` when this part's cost is paid (always, outside a plan), else to 0."""
        if self.block is None:
            self.m.w.linear(terms, n, n)
        else:
            self.m.w.linear(terms + [(self.m.blocks[self.block].paid, -n)], 0, 0)

    def fixed(self, n: int) -> tuple[Terms, int]:
        """``n`` when this part's cost is paid, as (terms, constant)."""
        if not n:
            return [], 0
        return ([], n) if self.block is None else ([(self.m.blocks[self.block].paid, n)], 0)

    def _graveyard_bound(self) -> int:
        prob = self.c.problem
        other = self.other
        bound = prob.graveyard + sum((p.discard + p.mill) * p.max_activations
                                     for p in self.producers)
        # in a plan, what the costs paid before discard and mill is there too
        for cost in self.m.costs:
            other = cost.problem.payment.other if cost.problem.payment is not None else None
            if other is not None:
                bound += other.discard + other.mill
        return bound

    def _kind(self, keyword: str, q: int | None) -> int:
        key = (keyword, q)
        k = self.pseudo.get(key)
        if k is None:
            k = self.pseudo[key] = -1 - len(self.payer)
            self.payer.append(key)
            self.flows[k] = []
        return k

    # -- the model's hooks ----------------------------------------------------------------

    def add_taps(self, tapped_by: dict[int, Terms]) -> None:
        """Copies tapped in 601.2h join each entry's copies tapped by others' costs."""
        for part in (self.conv, self.impr, self.tapped_other):
            for q, v in part.items():
                tapped_by.setdefault(q, []).append((v, 1))

    def option(self, vi: int, di: int, oi: int, d: Demand, o: Option) -> Terms:
        """Convoke flows into one colored option of a symbol (a colored half of the creature's
        colors, 702.51a); nothing for {C}, {S} or life."""
        half = o.half
        if not self.convokers or o.generic is not None or o.units != 1 or o.life or len(half) != 1 \
                or half not in COLORS:
            return []
        out: Terms = []
        sources = self.c.problem.sources
        for q in self.convokers:
            s = sources[q]
            if half in s.colors:
                k = self._kind("convoke", q)
                f = self.m.w.new_int(min(d.count, s.count - s.tapped))
                self.flows[k].append((f, 1))
                self.read_option.append((f, vi, di, oi, k))
                out.append((f, 1))
        return out

    def generic(self, vi: int, cat: str, bound: int) -> Terms:
        """Flows of every keyword into one generic category of variant ``vi`` (each pays {1},
        702.51a, 702.126a, 702.66a): not Achroma's colorless-only generic (its own {2/W} halves
        included; an increase's are any generic, 702.86e) nor X under x_color or Achroma (9.7)."""
        if cat in ("achroma", "achroma_twobrid") or (cat == "x" and not self.x_ok):
            return []
        sources = self.c.problem.sources
        payers: list[tuple[str, int | None, int]] = [("convoke", q,
                                                      sources[q].count - sources[q].tapped)
                                                     for q in self.convokers]
        payers += [("improvise", q, sources[q].count - sources[q].tapped) for q in self.improvisers]
        if self.delve is not None:
            payers.append(("delve", None, self._graveyard_bound()))
        out: Terms = []
        for keyword, q, have in payers:
            k = self._kind(keyword, q)
            f = self.m.w.new_int(min(bound, have))
            self.flows[k].append((f, 1))
            self.read_generic.append((f, vi, cat, k))
            out.append((f, 1))
        return out

    def finish(self) -> None:
        """Tie this part's flows to the copies and cards they use, once every cost block is
        built (the constraints the parts share are :func:`finish_board`'s)."""
        m = self.m
        lin = m.w.linear
        for part, keyword in ((self.conv, "convoke"), (self.impr, "improvise")):
            for q, v in part.items():
                k = self.pseudo.get((keyword, q))
                lin([(v, 1)] + [(f, -1) for f, _ in (self.flows.get(k, []) if k is not None
                                                     else [])], 0, 0)
        for terms, n in self._sums:
            self._when_paid(terms, n)
        if self.delve is not None:
            k = self.pseudo.get(("delve", None))
            lin([(self.delve, 1)] + [(f, -1) for f, _ in (self.flows.get(k, []) if k is not None
                                                          else [])], 0, 0)
            m.cards.append((self.delve, 1))
        # min_sacrifices: every one (9.7)
        m.sacrifices.extend((v, 1) for v in self.sacrificed_other.values())
        other = self.other
        if other is not None and other.cards:
            fixed = m.w.new_int(other.cards)
            self._when_paid([(fixed, 1)], other.cards)
            m.cards.append((fixed, 1))

    def late(self) -> dict[int, Terms]:
        """Per source entry, its copies this part taps in 601.2h."""
        out: dict[int, Terms] = {}
        for part in (self.conv, self.impr, self.tapped_other):
            for q, v in part.items():
                out.setdefault(q, []).append((v, 1))
        return out

    def card_terms(self, field: str) -> tuple[Terms, int]:
        """The cards ``other_costs`` takes by ``field`` (discard, exile_graveyard, mill)."""
        return self.fixed(getattr(self.other, field) if self.other is not None else 0)

    def bound_cards(self) -> int:
        """What the keywords add to the bound of ``min_cards``."""
        prob = self.c.problem
        other = self.other
        return (prob.hand + prob.graveyard + 2 * sum(p.mill * p.max_activations
                                                     for p in self.c.producers)
                + (2 * other.cards if other is not None else 0))

    def read(self, values: list[int], sol: Solution) -> None:
        """The keyword payments of the solved model, into ``sol``: each flow as units of its
        pseudo kind in the payments' flows, and who paid what in ``sol.keywords``."""
        vi = sol.variant
        for f, vj, di, oi, k in self.read_option:
            if vj == vi and values[f]:
                sol.cost_pay[(di, oi)][1][k] = values[f]
        for f, vj, cat, k in self.read_generic:
            if vj == vi and values[f]:
                sol.generic_pay.setdefault(cat, {})[k] = values[f]
        sol.keywords = {
            "payer": list(self.payer),
            "units": {k: sum(values[f] for f, _ in flows) for k, flows in self.flows.items()},
            "tapped": {q: values[v] for q, v in self.tapped_other.items() if values[v]},
            "sacrificed": {q: values[v] for q, v in self.sacrificed_other.items() if values[v]},
        }



def finish_board(m: Any, parts: list[KeywordPart]) -> None:
    """What the parts share, once each is finished: the copies and the cards (9.1). Parts are in
    paying order (a plan's costs as given); every mana ability acts before the first 601.2h.

    Copies: with G an entry's copies gone to mana abilities, L_j those part j taps and S_j those
    its other_costs sacrifices, sum L + G <= copies, sum S + G <= copies, and L_j + sum S_i
    (i < j) + G <= copies (an earlier cost's sacrifice takes tapped copies first; only when it
    takes more does it leave fewer to tap). Cards: the hand and the library bound what is
    discarded and milled in all; as part j pays, the graveyard holds the cards given, less those
    exiled, plus those discarded and milled, by the mana abilities and by parts 0..j."""
    lin = m.w.linear
    c = m.c
    prob = c.problem
    sources = prob.sources
    gone: dict[int, Terms] = {}  # copies sacrificed by mana abilities, and by others' costs
    for pi, p in enumerate(c.producers):
        if p.sacrifice and not p.card:
            gone.setdefault(p.source, []).extend(m.activations[pi])
    for (pi, q), x in m.victims.items():
        if c.producers[pi].others[0] == "sac":
            gone.setdefault(q, []).append((x, 1))
    for (_pi, q, _lv), x in m.late_victims.items():  # sacrificed after mana-cost abilities
        gone.setdefault(q, []).append((x, 1))
    late = [part.late() for part in parts]
    # sacrificed by their own abilities without {T}: never the late ones
    own_gone: dict[int, Terms] = {}
    for pi, p in enumerate(c.producers):
        if p.sacrifice and not p.tap and not p.card:
            own_gone.setdefault(p.source, []).extend(m.activations[pi])
    for q in sorted({q for lj in late for q in lj}):
        terms = [t for lj in late for t in lj.get(q, [])]
        if gone.get(q):
            lin(terms + gone[q], INT_MIN, sources[q].count)
        u = m.copies_used.get(q)
        if u is not None and own_gone.get(q):  # min_sources: those copies are distinct (9.6)
            lin([(u, 1)] + [(t, -a) for t, a in terms + own_gone[q]], 0, 2**63 - 1)
    sacrificed = [{q: [(v, 1)] for q, v in part.sacrificed_other.items()} for part in parts]
    for q in sorted({q for sj in sacrificed for q in sj}):
        terms = [t for sj in sacrificed for t in sj.get(q, [])]
        if gone.get(q) or len(parts) > 1:
            lin(terms + gone.get(q, []), INT_MIN, sources[q].count)
        before: Terms = []
        for j, _part in enumerate(parts):
            if before and late[j].get(q):
                lin(late[j][q] + before + gone.get(q, []), INT_MIN, sources[q].count)
            before = before + sacrificed[j].get(q, [])
    acts = lambda attr: [(t, a * getattr(p, attr)) for pi, p in enumerate(c.producers)  # noqa: E731
                         if getattr(p, attr) for t, a in m.activations[pi]]

    def summed(field: str, upto: int) -> tuple[Terms, int]:
        terms: Terms = []
        const = 0
        for part in parts[:upto]:
            t, n = part.card_terms(field)
            terms += t
            const += n
        return terms, const

    for field, attr, limit in (("discard", "discard", prob.hand), ("mill", "mill", prob.library)):
        terms, const = summed(field, len(parts))
        if (terms or const) and limit is not None:
            lin(acts(attr) + terms, INT_MIN, limit - const)
    found = acts("discard") + acts("mill")
    for j, part in enumerate(parts):
        if not (part.delve is not None or (part.other is not None and part.other.exile_graveyard)):
            continue
        exiled, e_const = summed("exile_graveyard", j + 1)
        discarded, d_const = summed("discard", j + 1)
        milled, m_const = summed("mill", j + 1)
        delved = [(p.delve, 1) for p in parts[:j + 1] if p.delve is not None]
        used = acts("exile") + delved + exiled
        lin(used + [(t, -a) for t, a in found + discarded + milled], INT_MIN,
            prob.graveyard + d_const + m_const - e_const)
