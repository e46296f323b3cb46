"""Keeping the rest of the hand castable (spec 9.5): ``keep`` and the objective ``max_keep``.

A kept cost is judged on the board a payment leaves (:func:`board_left`): the copies still on the
battlefield, which are tapped (by mana abilities, by other permanents' ``tap_other``, by convoke,
improvise and ``other_costs`` in 601.2h), the counters and uses each has left, the cards left in
the hand, graveyard and library (after discard, mill, exile and delve), the life and energy left,
and no pool (it empties before the kept spell could be cast, 106.4). ``max_keep`` counts the kept
costs that each remain payable on their own, then their total mana value.

Exact in two steps:

1. The payment that is best without ``max_keep`` is found as usual (fast path or CP-SAT). If it
   leaves payable every kept cost that is payable at all on :func:`most_left` (the board as
   given, with a graveyard also holding every card the hand and the mill costs could put there),
   it is optimal with ``max_keep`` too, wherever ``max_keep`` stands in the list. The one
   argument: that board is at least as good for each kept cost as any board a payment leaves (a
   payment only taps, sacrifices, spends uses, counters, life, energy and cards, and the only
   zone it fills is the graveyard), so the payment reaches ``max_keep``'s upper bound; any other
   payment is worse or equal on the objectives before ``max_keep`` (the first payment is optimal
   for them), can't be better on ``max_keep``, and among payments equal on both the first is best
   on the rest (it was optimal for them over a larger set).
2. Otherwise one CP-SAT model (:class:`KeepModel`): the main cost's block as in ``pay`` (or a
   plan's blocks), and for each kept cost its own copy of the activation and 601.2h variables
   (its own 9.3 part) and a block that may be left unpaid, each drawing only on what the main
   block leaves (copies tapped and sacrificed in paying order, uses, counter budgets, cards per
   zone, life, energy), independent of the other kept blocks. ``max_keep`` is a weighted sum,
   exact because the weight of the count exceeds every total mana value.

Every answer is checked by paying each kept cost again, with ``pay``, on the board the answer
leaves: ``kept`` must be exactly the kept costs that pay there; a model whose claim differs is a
bug, withheld (:class:`KeepError`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable

from tapwise.models.problem import Ability, Problem, ProblemError, Source
from tapwise.models.total_cost import CostError
from tapwise.models.values import evolve
from tapwise.solver.answer.build import build_answer
from tapwise.solver.contract import Compiled
from tapwise.solver.front.compile import compile_problem
from tapwise.solver.cpsat.build import BoardBuilder
from tapwise.solver.cpsat.model import INT_MIN, Model, Plan, Terms, _neg, _not
from tapwise.solver.front.merge import Merge
from tapwise.solver.answer.keywords import Late
from tapwise.solver.queries.plan_board import board_left_by, rename_back, split_enchanted



def mana_value(p: Problem) -> int:
    """A kept cost's mana value (202.3), X as 0; an ability's is 0."""
    if p.cost is None or p._purpose_kind != "spell":
        return 0
    return p.cost.mana_value


@dataclass(frozen=True)
class BoardLeft:
    """What a kept cost is judged on (9.5): the sources, life, energy, cards in each zone and the
    board's facts a payment leaves (or the board as given, before any payment)."""

    sources: tuple[Source, ...]
    life: int
    energy: int
    hand: int
    graveyard: int
    library: int | None
    facts: tuple[tuple[str, Any], ...]

    @classmethod
    def of(cls, problem: Problem) -> "BoardLeft":
        """The board as ``problem`` gives it: the most any payment can leave."""
        p = problem.player
        return cls(problem.sources, p.life, p.energy, problem.hand, problem.graveyard,
                   problem.library, problem.facts)


def most_left(board: Problem, costs: tuple[Problem, ...] = ()) -> BoardLeft:
    """A board at least as good for every kept cost as any a payment of ``board`` (and of
    ``costs``, a plan's, each with its own 9.3 keys) can leave: the board as given, but with a
    graveyard holding also every card the hand and the mill costs could put there (cards
    discarded and milled go there, 9.7). Everything else only shrinks as a payment goes."""
    milled = 0
    if any(a.mill for s in board.sources for a in s.abilities):
        compiled = compile_problem(evolve(board, keep=(), _objective_list=None))
        milled = sum(p.mill * p.max_activations for p in compiled.producers)
    milled += sum(p.payment.other.mill for p in (board, *costs) if p.payment is not None
                  and p.payment.other is not None)
    if board.library is not None:
        milled = min(milled, board.library)
    return replace(BoardLeft.of(board), graveyard=board.graveyard + board.hand + milled)


def judged(kept: Problem, board: BoardLeft) -> Problem:
    """The kept cost as asked later on ``board``: no pool (106.4), X = 0 for ``"max"`` (9.5)."""
    return evolve(kept, sources=board.sources, pool=(), player=evolve(kept.player, life=board.life,
                                                                      energy=board.energy),
                  hand=board.hand, graveyard=board.graveyard, library=board.library,
                  facts=board.facts,
                  x=0 if kept.x == "max" else kept.x, keep=(), _objective_list=None)


# -- the board an answer leaves ----------------------------------------------------------------


def late_of(problem: Problem, answer: dict[str, Any]) -> Late:
    """What ``answer``'s total cost took in 601.2h (9.3), read from the answer: the copies its
    payments convoked and improvised and its ``other_costs`` tapped and sacrificed, the cards
    delved and the cards ``other_costs`` took."""
    tapped = [item.get("convoke") or item["improvise"] for pay in answer.get("payments", ())
              for item in pay.get("mana", ()) if "convoke" in item or "improvise" in item]
    other = answer.get("other_costs") or {}
    tapped += other.get("tapped", [])
    kw = problem.payment
    cards = kw.other if kw is not None else None
    return Late(tuple(tapped), tuple(other.get("sacrificed", ())), answer.get("delved", 0),
                cards.discard if cards is not None else 0, cards.exile_graveyard
                if cards is not None else 0,
                cards.mill if cards is not None else 0)


def board_left(problem: Problem, answer: dict[str, Any]) -> BoardLeft:
    """The board ``answer`` (a paid answer to ``problem``) leaves, copy by copy: the replay of
    solver/queries/plan_board.py (the copies each activation and 601.2h used, counters, uses, the
    permanents other costs tapped and sacrificed, the cards in each zone, the facts the copies
    sacrificed counted toward), then the life and energy paid. Copies left in different states
    become entries of their own (``id~2``, ...). A plan's next cost is judged on the same board."""
    left = board_left_by(problem, answer.get("activations", []), late_of(problem, answer))
    player = problem.player
    life = player.life - answer.get("life_paid", 0) - answer.get("damage", 0)
    return BoardLeft(left.sources, life, player.energy - answer.get("energy_paid", 0), left.hand,
                 left.graveyard,
                 left.library, left.facts)


def payable(kept: tuple[Problem, ...], board: BoardLeft, pay_one: Callable[[Problem], dict[str, Any]]) -> list[int]:
    """The indexes of ``kept`` that ``pay_one`` (``pay`` itself, which routes problems with keep
    here and hands itself over) pays on ``board``, each on its own."""
    return [i for i, k in enumerate(kept) if pay_one(judged(k, board))["status"] == "paid"]


# -- the model ---------------------------------------------------------------------------------


class KeepModel(Model):
    """The main payment (one cost, or a plan's costs) and one optional block per kept cost, each
    with its own activations and 601.2h part (9.3) on the copies, uses, counters, cards, life
    and energy the main payment leaves.

    Each part is a ``BoardBuilder`` of its own, written with the model's one writer; the model
    solves and reads back the main part."""

    def __init__(self, main: Compiled, kept: list[Compiled], mana_values: list[int],
                 plan: Plan | None = None) -> None:
        self.kept = kept
        self.kept_values = mana_values
        super().__init__(main, plan=plan)
        total = sum(mana_values)
        self.bounds["max_keep"] = len(kept) * (total + 1) + total

    def _build(self, c: Compiled, plan: Plan | None) -> BoardBuilder:
        """The main part, then one part per kept cost (a kept block is optional like a plan's
        cost, nothing more), each with the model's writer, linked to the main part."""
        main = BoardBuilder(self.w, c, plan)
        parts = [BoardBuilder(self.w, k, Plan((k,), (0,), (0,), False), kept=True)
                 for k in self.kept]
        self.kept_paid = [part.blocks[0].paid for part in parts]
        self._link(main, parts)
        return main

    def _link(self, main: BoardBuilder, kept: list[BoardBuilder]) -> None:
        """Each kept part draws on what the main part leaves (see :func:`board_left`)."""
        prob = main.c.problem
        m_use = _usage(main)
        for part in kept:
            use = _usage(part)
            self._link_copies(prob, m_use, use)
            self._link_cards(prob, m_use, use)
            self._link_life(prob, main, part)
        total = sum(self.kept_values)
        main.quantities["max_keep"] = [t for lit, mv in zip(self.kept_paid, self.kept_values)
                                       for t in ((lit, total + 1), (lit, mv))]

    def _link_copies(self, prob: Problem, m_use: "_Usage", use: "_Usage") -> None:
        """Copies, as :func:`board_left` replays them: an entry of n copies, t tapped, whose
        mana abilities and their costs tap T0 and sacrifice G copies (taps first), then whose
        costs in paying order tap L_j and sacrifice S_j copies in 601.2h (a sacrifice takes
        tapped copies first), leaves n - G - sum S copies, of them untapped
        min(n - t - T0 - sum L, min over j = 0..m of n - G - sum S_i (i <= j) - sum L_i (i > j)).
        The uses of an ability without {T} with a per-copy limit u (its ``uses``, or the counters
        a copy has for it) leave min(u(n - G - sum S), un - U), and at most u(n - D) - A per
        slot of the main payment's order where D copies are gone and A uses come after (those
        are the surviving copies', cpsat/order.py's ``copy_order``); a storage ability's counter
        budget (one copy) is shared. The kept part's own limits on distinct copies (copies tapped
        in 601.2h beside those gone before it, copies used, ...: :func:`_bounded`) hold against
        the n - G - sum S copies left."""
        lin = self.w.linear
        for si, s in enumerate(prob.sources):
            n, t = s.count, s.tapped
            early_taps, gone = m_use.tap.get(si, []), m_use.sac.get(si, [])
            late = [(lt.get(si, []), ls.get(si, [])) for lt, ls in m_use.late]
            all_late_taps = [x for lt, _ in late for x in lt]
            all_sacs = gone + [x for _, ls in late for x in ls]
            k_taps = use.tap.get(si, []) + [x for lt, _ in use.late for x in lt.get(si, [])]
            k_sacs = use.sac.get(si, []) + [x for _, ls in use.late for x in ls.get(si, [])]
            if k_taps:
                lin(k_taps + early_taps + all_late_taps, INT_MIN, n - t)
                for j in range(len(late) + 1):
                    before = gone + [x for _, ls in late[:j] for x in ls]
                    after = [x for lt, _ in late[j:] for x in lt]
                    if before:
                        lin(k_taps + before + after, INT_MIN, n)
            if k_sacs and all_sacs:
                lin(k_sacs + all_sacs, INT_MIN, n)
            if all_sacs:
                for terms, k in use.bounded.get(si, []):
                    lin(terms + all_sacs, INT_MIN, n - k)
            for j, ab in enumerate(s.abilities):
                k_uses = use.use.get((si, j), [])
                if ab.tap or not k_uses:
                    continue
                cap = _per_copy(s, ab)
                if cap is not None:
                    lin(k_uses + m_use.use.get((si, j), []), INT_MIN, cap * n)
                    if all_sacs:
                        lin(k_uses + _neg(all_sacs, -cap), INT_MIN, cap * n)
                    # the main part's uses after a copy went are the surviving copies' (9.2)
                    for gone_by, after in m_use.slots.get(si, ()):
                        if after.get(j):
                            lin(k_uses + after[j] + _neg(gone_by, -cap), INT_MIN, cap * n)
                k_budget = use.budget.get((si, j), [])
                if k_budget:
                    lin(k_budget + m_use.budget.get((si, j), []), INT_MIN,
                        dict(s.counters).get(ab.times.remove, 0))

    def _link_cards(self, prob: Problem, m_use: "_Usage", use: "_Usage") -> None:
        """Cards (9.1): the kept part discards from the hand and mills from the library what the
        main part left there; its exile costs find the graveyard as the main part left it (the
        cards there, less those exiled and delved, plus those discarded and milled); delve and
        ``other_costs`` exile also what the kept part itself discarded and milled (9.7)."""
        lin = self.w.linear
        for field, limit in (("discard", prob.hand), ("mill", prob.library)):
            terms, const = use.zone[field]
            if (terms or const) and limit is not None:
                m_terms, m_const = m_use.zone[field]
                lin(terms + m_terms, INT_MIN, limit - const - m_const)
        m_net, m_const = m_use.graveyard_net()
        ab_exile, _ = use.ability_exile
        if ab_exile:
            lin(ab_exile + m_net, INT_MIN, prob.graveyard - m_const)
        late_exile, late_const = use.late_exile
        if late_exile or late_const:
            found, f_const = use.found
            lin(ab_exile + late_exile + _neg(found) + m_net, INT_MIN,
                prob.graveyard - m_const - late_const + f_const)

    def _link_life(self, prob: Problem, main: BoardBuilder, part: BoardBuilder) -> None:
        """Life and energy as the verifier checks them on the board left (118.3, spec 8)."""
        lin = self.w.linear
        player = prob.player
        m_lost = main.quantities["min_life"]
        ability_life, damage = _life(part)
        lost = part.quantities["min_life"]
        cost_life = lost + _neg(ability_life) + _neg(damage)
        life = player.life
        if ability_life:  # abilities' life at most the life left (or none when none is left)
            z = self.w.new_bool()
            lin(ability_life + m_lost, INT_MIN, life, (z,))
            lin(ability_life, 0, 0, (_not(z),))
        if any(a for _, a in cost_life):
            z = self.w.new_bool()
            lin(lost + m_lost, INT_MIN, life, (z,))
            lin(cost_life, INT_MIN, 0, (_not(z),))
        if lost and player.keep_life is not None:
            z = self.w.new_bool()
            lin(lost + m_lost, INT_MIN, life - player.keep_life, (z,))
            lin(lost, INT_MIN, 0, (_not(z),))
        energy = part.quantities["min_energy"]
        if energy:
            lin(energy + main.quantities["min_energy"], INT_MIN, player.energy)

    def kept_in_solution(self) -> list[bool]:
        """Which kept blocks the last solution pays."""
        return [bool(self._values[lit]) for lit in self.kept_paid]


def _per_copy(s: Source, ab: Ability) -> int | None:
    """How many times each copy may activate an ability without {T} in all (its ``uses``, and
    the counters a copy has for its ``remove_counters``); None: no limit of its own (``"any"``:
    the life, energy, cards and counters it spends are shared and linked as such)."""
    have = dict(s.counters)
    bounds = [have.get(kind, 0) // k for kind, k in ab.remove_counters if k]
    if not ab.uses_any:
        bounds.append(ab.uses)
    return min(bounds) if bounds else None


@dataclass
class _Usage:
    """What one part (the main payment or a kept cost) takes of the board, as terms: per source
    index its copies tapped and sacrificed by mana abilities and their costs, and per cost with
    9.3's keys (in paying order) those its 601.2h taps and sacrifices,
    per (source, ability) the uses without {T} and the counters a storage ability removes, and
    the cards it takes from and puts into each zone (terms, constant)."""

    tap: dict[int, Terms]
    sac: dict[int, Terms]
    late: list[tuple[dict[int, Terms], dict[int, Terms]]]
    # per source: (terms, k) with terms <= copies - k in the part's own model
    bounded: dict[int, list[tuple[Terms, int]]]
    use: dict[tuple[int, int], Terms]
    budget: dict[tuple[int, int], Terms]
    zone: dict[str, tuple[Terms, int]]  # discard, mill: all of them
    ability_exile: tuple[Terms, int]  # exiled from the graveyard by mana abilities
    late_exile: tuple[Terms, int]  # exiled in 601.2h: delve and other_costs
    found: tuple[Terms, int]  # discarded and milled, by abilities and other_costs
    # per source: (copies gone by a slot, per ability without {T} its uses after it), cpsat/order.py
    slots: dict[int, list[tuple[Terms, dict[int, Terms]]]]

    def graveyard_net(self) -> tuple[Terms, int]:
        """The cards this part takes out of the graveyard less those it puts in."""
        terms = self.ability_exile[0] + self.late_exile[0] + _neg(self.found[0])
        return terms, self.ability_exile[1] + self.late_exile[1] - self.found[1]


def _usage(part: BoardBuilder) -> _Usage:
    c = part.c
    tap: dict[int, Terms] = {}
    sac: dict[int, Terms] = {}
    use: dict[tuple[int, int], Terms] = {}
    budget: dict[tuple[int, int], Terms] = {}
    cards: dict[str, Terms] = {"discard": [], "exile": [], "mill": []}
    for pi, p in enumerate(c.producers):
        acts = part.activations[pi]
        if p.tap:
            tap.setdefault(p.source, []).extend(acts)
        else:
            use.setdefault((p.source, p.ability), []).extend(acts)
        if p.sacrifice:
            sac.setdefault(p.source, []).extend(acts)
        if p.budget is not None and p.removed:
            for (pj, _lv, ci), terms in part.acts.items():
                if pj == pi and p.removed[ci] + p.budget_cost:  # its cost's of the kind too
                    budget.setdefault((p.source, p.ability), []).extend(
                        _neg(terms, -(p.removed[ci] + p.budget_cost)))
        for key in cards:
            n = getattr(p, key)
            if n:
                cards[key] += _neg(acts, -n)
    for (pi, q), x in part.victims.items():
        (sac if c.producers[pi].others[0] == "sac" else tap).setdefault(q, []).append((x, 1))
    for (_pi, q, _lv), x in part.late_victims.items():  # sacrificed after mana-cost abilities
        sac.setdefault(q, []).append((x, 1))
    late: dict[str, tuple[Terms, int]] = {"discard": ([], 0), "exile_graveyard": ([], 0),
                                          "mill": ([], 0)}
    delved: Terms = []
    late_copies: list[tuple[dict[int, Terms], dict[int, Terms]]] = []
    for _bi, kw in sorted(part.kw_parts.items()):  # paying order
        late_copies.append((kw.late(), {q: [(v, 1)] for q, v in kw.sacrificed_other.items()}))
        for field in late:  # as kw.card_terms, with this part's own paid literal
            n = getattr(kw.other, field) if kw.other is not None else 0
            if n and kw.block is not None:
                late[field] = (late[field][0] + [(part.blocks[kw.block].paid, n)],
                               late[field][1])
            else:
                late[field] = (late[field][0], late[field][1] + n)
        if kw.delve is not None:
            delved.append((kw.delve, 1))
    zone = {"discard": (cards["discard"] + late["discard"][0], late["discard"][1]),
            "mill": (cards["mill"] + late["mill"][0], late["mill"][1])}
    found = (zone["discard"][0] + zone["mill"][0], zone["discard"][1] + zone["mill"][1])
    late_exile = (delved + late["exile_graveyard"][0], late["exile_graveyard"][1])
    return _Usage(tap, sac, late_copies, _bounded(part, tap, sac, late_copies), use, budget, zone,
                  (cards["exile"], 0), late_exile, found, part.order_slots)


def _bounded(part: BoardBuilder, tap: dict[int, Terms], sac: dict[int, Terms],
             late: list[tuple[dict[int, Terms], dict[int, Terms]]]) -> dict[int, list[tuple[Terms, int]]]:
    """The part's own limits, per source, that count distinct copies against the entry's copies
    (solver/cpsat/build.py and cpsat/keywords.py write them against the board as given; on the
    board left they hold against the copies left): copies tapped in 601.2h and copies gone
    before it; copies sacrificed by others' costs and copies acting after them; the copies an
    ability without "self" sacrifices of its own entry (never the last one); copies used."""
    c = part.c
    out: dict[int, list[tuple[Terms, int]]] = {}
    late_taps: dict[int, Terms] = {}
    for lt, _ in late:
        for q, terms in lt.items():
            late_taps.setdefault(q, []).extend(terms)
    for q, terms in late_taps.items():
        if sac.get(q):
            out.setdefault(q, []).append((terms + sac[q], 0))
    own: dict[int, Terms] = {}
    taken = list(part.victims.items()) + [(k[:2], x) for k, x in part.late_victims.items()]
    for (pi, q), x in taken:
        kind, _n, _victims, self_ok = c.producers[pi].others
        if kind == "sac" and q == c.producers[pi].source and not self_ok:
            own.setdefault(q, []).append((x, 1))
    for q, limits in part.order_limits.items():  # copies gone and copies acting after (9.2)
        for terms in limits:
            out.setdefault(q, []).append((terms, 0))
    for q, terms in own.items():
        out.setdefault(q, []).append((terms, 1))
    for q, u in part.copies_used.items():
        out.setdefault(q, []).append(([(u, 1)], 0))
    return out


def _life(part: BoardBuilder) -> tuple[Terms, Terms]:
    """A part's life paid by abilities (their life costs and Phyrexian symbols) and damage."""
    c = part.c
    life: Terms = []
    damage: Terms = []
    for pi, p in enumerate(c.producers):
        acts = part.activations[pi]
        if p.life:
            life += _neg(acts, -p.life)
        if p.damage:
            damage += _neg(acts, -p.damage)
    for (pi, _lv, di, oi), y in part.ability_y.items():
        o = c.producers[pi].cost[di].options[oi]
        if o.life:
            life += _neg(y, -o.life)
    return life, damage


# -- pay with keep -----------------------------------------------------------------------------


def without_keep(problem: Problem) -> Problem:
    """The problem's own payment question: no kept costs, and no ``max_keep`` in its list."""
    given = problem._objective_list
    if given is not None:
        given = tuple(o for o in given if o != "max_keep")
    main = evolve(problem, keep=(), _objective_list=given)
    wanted = tuple(o for o in problem.objective if o != "max_keep")
    if main.objective != wanted:  # keep made it version 2: 9.6's list stays in force (9.7)
        main = evolve(main, _objective_list=wanted)
    return main


def _ordered(problem: Problem, objective: dict[str, int], kept: int) -> dict[str, int]:
    """The answer's objective values in the problem's order, ``max_keep`` (how many kept) among
    them."""
    values = {**objective, "max_keep": kept}
    return {name: values[name] for name in problem.objective if name in values}


def check_costs(problem: Problem) -> None:
    """Each kept cost must be a cost the board could be asked to pay: its errors name it. A
    source's ``counts`` (9.1) with keep is an error naming it: the kept costs would read the facts
    the payment lowered, which the keep model does not follow."""
    for i, s in enumerate(problem.sources):
        if s.counts:
            raise ProblemError(f"sources[{i}].counts", "keep does not support this key yet (pay "
                                                       "and plan do "
                               "without keep)")
    for i, k in enumerate(problem.keep):
        try:
            compile_problem(judged(k, BoardLeft.of(problem)))
        except CostError as e:
            raise ProblemError(f"keep[{i}]", str(e)) from None


def pay_keeping(problem: Problem, pay_one: Callable[[Problem], dict[str, Any]]) -> dict[str, Any]:
    """``pay`` for a problem with ``keep`` (or ``max_keep``); ``pay_one`` pays one without.
    Bad kept costs raise :class:`ProblemError`; a bug raises :class:`KeepError`."""
    check_costs(problem)
    split, renamed = split_enchanted(problem)
    if renamed:  # 9.4: the board left must say which copy the on extra enchants
        return rename_back(pay_keeping(split, pay_one), renamed)
    main = without_keep(problem)
    answer = pay_one(main)
    if answer.get("status") != "paid":
        return answer
    kept = payable(problem.keep, board_left(main, answer), pay_one)
    possible = payable(problem.keep, most_left(main), pay_one)
    if kept != possible and "max_keep" in problem.objective:
        better = _solve_model(problem, main, possible, pay_one)
        if better is not None:
            answer, kept = better
    answer["objective"] = _ordered(problem, answer["objective"], len(kept))
    answer["kept"] = kept
    return answer


def _solve_model(problem: Problem, main: Problem, possible: list[int],
                 pay_one: Callable[[Problem], dict[str, Any]]) -> tuple[dict[str, Any],
                                                                        list[int]] | None:
    """The optimal payment with ``max_keep`` by :class:`KeepModel`, verified, and what it keeps;
    None past the time limit (the answer already found stands, not optimal)."""
    from tapwise.solver.verify.replay import verify
    merge = Merge(main)
    board = merge.problem
    main_c = compile_problem(board)
    most = most_left(main)  # the links to the main block bound what the kept blocks take
    kept_c = [compile_problem(judged(problem.keep[i], replace(BoardLeft.of(board),
                                                              graveyard=most.graveyard)))
              for i in possible]
    model = KeepModel(main_c, kept_c, [mana_value(problem.keep[i]) for i in possible])
    objectives = tuple(problem.objective)
    sol = model.solve(objectives, problem.time_limit)
    if sol.status != "paid":
        return None
    claimed = [i for i, paid in zip(possible, model.kept_in_solution()) if paid]
    answer = merge.split(build_answer(main_c, sol))
    answer["objective"] = {k: v for k, v in answer["objective"].items() if k != "max_keep"}
    errors = verify(main, answer)
    really = payable(problem.keep, board_left(main, answer), pay_one)
    if sol.optimal and claimed != really:
        errors.append(f"the model keeps {claimed} but the costs payable on the board it leaves are "
                      f"{really}")
    if errors:
        raise KeepError("; ".join(errors))
    if not sol.optimal:
        answer["optimal"] = False
    return answer, really


class KeepError(RuntimeError):
    """The keep model's payment broke a rule or misjudged what it keeps: a bug, never returned."""
