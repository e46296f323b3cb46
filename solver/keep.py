"""Keeping the rest of the hand castable (spec 9.5): ``keep`` and the objective ``max_keep``.

A kept cost is judged on the board a payment leaves: the copies still untapped and unsacrificed
with their remaining uses, the life and energy left, and no pool (it empties before the kept
spell could be cast, 106.4). ``max_keep`` counts the kept costs that each remain payable on
their own, then their total mana value.

Exact in two steps:

1. The payment that is best without ``max_keep`` is found as usual (fast path or CP-SAT). If it
   leaves payable every kept cost that is payable at all on the board without its pool, it is
   optimal with ``max_keep`` too, wherever ``max_keep`` stands in the list. The one argument:
   that board is the most any payment can leave (a payment only taps, sacrifices, spends uses,
   life and energy), so the payment reaches ``max_keep``'s upper bound; any other payment is
   worse or equal on the objectives before ``max_keep`` (the first payment is optimal for them),
   can't be better on ``max_keep``, and among payments equal on both the first is best on the
   rest (it was optimal for them over a larger set).
2. Otherwise one CP-SAT model (:class:`KeepModel`): the main cost's block as in ``pay`` (or a
   plan's blocks), and for each kept cost its own copy of the activation variables and a block
   that may be left unpaid, each drawing only on what the main block leaves (copies, uses, life,
   energy), independent of the other kept blocks. ``max_keep`` is a weighted sum, exact because
   the weight of the count exceeds every total mana value.

Every answer is checked by paying each kept cost again, with ``pay``, on the board the answer
leaves (:func:`board_left`): ``kept`` must be exactly the kept costs that pay there.
"""

from __future__ import annotations

from typing import Any, Callable

from tapwise.models.problem import Problem, ProblemError, Source
from tapwise.models.total_cost import CostError
from tapwise.models.values import evolve
from tapwise.solver.answer import build_answer
from tapwise.solver.compile import Compiled, compile_problem
from tapwise.solver.cpsat import INT_MAX, INT_MIN, Model, Plan, Terms, _neg, _not, level_count
from tapwise.solver.merge import Merge
from tapwise.solver.plan_board import rename_back, split_enchanted

_PART_STATE = ("c", "L", "costs", "plan", "xs", "x", "_most", "acts", "splits", "ability_y", "ability_f",
               "activations", "used", "sacrifices", "blocks", "waste_terms", "color_spent", "quantities")
"""What ``Model._build`` leaves on the model for one part (the main payment or one kept cost)."""


def mana_value(p: Problem) -> int:
    """A kept cost's mana value (202.3), X as 0; an ability's is 0."""
    if p.cost is None or p.purpose_kind != "spell":
        return 0
    return p.cost.mana_value


def judged(kept: Problem, sources: tuple[Source, ...], life: int, energy: int) -> Problem:
    """The kept cost as asked later on a board: no pool (106.4), X = 0 for ``"max"`` (9.5)."""
    return evolve(kept, sources=sources, pool=(), player=evolve(kept.player, life=life, energy=energy),
                  x=0 if kept.x == "max" else kept.x, keep=(), objective_list=None)


# -- the board an answer leaves ----------------------------------------------------------------


def board_left(problem: Problem, answer: dict[str, Any]) -> tuple[tuple[Source, ...], int, int]:
    """The sources, life and energy that ``answer`` (a paid answer to ``problem``) leaves.

    Per source entry of n copies, t tapped, after T taps, S sacrifices and U uses of each
    ability without {T}: the player sacrifices the copies already tapped (or tapped by this
    payment) first, so n - S copies stay and max(0, t + T - S) of them are tapped; the uses
    spent fall on the sacrificed copies first, so the copies left keep
    min(uses * (n - S), uses * n - U) uses of that ability between them. Copies whose uses
    left differ become entries of their own (``id~2``, ...), so the board says exactly what is left.
    """
    taps: dict[str, int] = {}
    sacs: dict[str, int] = {}
    uses: dict[tuple[str, int], int] = {}
    moved: dict[str, dict[str, int]] = {}  # counters removed (negative) and put, per source of one copy
    by_id = {s.id: s for s in problem.sources}
    for act in answer.get("activations", ()):
        src = by_id[act["source"]]
        j, n = act["ability"], act["times"]
        ab = src.abilities[j]
        if ab.tap:
            taps[src.id] = taps.get(src.id, 0) + n
        else:
            uses[(src.id, j)] = uses.get((src.id, j), 0) + n
        if ab.sacrifice:
            sacs[src.id] = sacs.get(src.id, 0) + n
        if src.count == 1:  # 9.5: the counters one copy has left (which copy of several: not known)
            delta = moved.setdefault(src.id, {})
            for kind, k in ab.remove_counters:
                delta[kind] = delta.get(kind, 0) - k * n
            for kind, k in ab.put_counters:
                delta[kind] = delta.get(kind, 0) + k * n
            if ab.times is not None and ab.times.remove:
                delta[ab.times.remove] = delta.get(ab.times.remove, 0) - act.get("removed", 0) * n
    out: list[Source] = []
    for s in problem.sources:
        if s.id in moved:
            have = dict(s.counters)
            for kind, k in moved[s.id].items():
                have[kind] = have.get(kind, 0) + k
            s = evolve(s, counters=tuple((kind, k) for kind, k in have.items() if k))
        if s.id not in taps and s.id not in sacs and not any(sid == s.id for sid, _ in uses):
            out.append(s)
            continue
        n, sac = s.count, sacs.get(s.id, 0)
        left = n - sac
        if left <= 0:
            continue
        tapped = max(0, s.tapped + taps.get(s.id, 0) - sac)
        per_copy: list[list[int]] = []  # for each ability: the uses of each copy left
        for j, ab in enumerate(s.abilities):
            if ab.tap:
                per_copy.append([ab.uses] * left)
                continue
            total = min(ab.uses * left, ab.uses * n - uses.get((s.id, j), 0))
            q, r = divmod(total, left)
            per_copy.append([q + 1] * r + [q] * (left - r))
        groups: dict[tuple[bool, tuple[int, ...]], int] = {}
        for i in range(left):
            key = (i >= left - tapped, tuple(col[i] for col in per_copy))
            groups[key] = groups.get(key, 0) + 1
        merged: dict[tuple[int, ...], list[int]] = {}  # uses -> [copies, tapped]
        for (is_tapped, u), count in groups.items():
            entry = merged.setdefault(u, [0, 0])
            entry[0] += count
            entry[1] += count if is_tapped else 0
        for k, (u, (count, n_tapped)) in enumerate(merged.items()):
            abilities = tuple(ab if ab.tap or ab.uses == used else evolve(ab, uses=used)
                              for ab, used in zip(s.abilities, u))
            out.append(evolve(s, id=s.id if k == 0 else f"{s.id}~{k + 1}", count=count, tapped=n_tapped,
                              abilities=abilities))
    player = problem.player
    life = player.life - answer.get("life_paid", 0) - answer.get("damage", 0)
    return tuple(out), life, player.energy - answer.get("energy_paid", 0)


def payable_on(kept: tuple[Problem, ...], sources: tuple[Source, ...], life: int, energy: int) -> list[int]:
    """The indexes of ``kept`` that ``pay`` pays on this board, each on its own."""
    from tapwise.solver.pay import pay  # pay routes problems with keep here
    return [i for i, k in enumerate(kept) if pay(judged(k, sources, life, energy))["status"] == "paid"]


def check_kept(problem: Problem, answer: dict[str, Any]) -> list[str]:
    """What is wrong with ``answer["kept"]``: each kept cost is paid on the board the answer leaves."""
    sources, life, energy = board_left(problem, answer)
    really = payable_on(problem.keep, sources, life, energy)
    claimed = answer.get("kept")
    if claimed != really:
        return [f"kept says {claimed} but the costs payable on the board the payment leaves are {really}"]
    return []


# -- the model ---------------------------------------------------------------------------------


class KeepModel(Model):
    """The main payment (one cost, or a plan's costs) and one optional block per kept cost, each
    with its own activations on the copies, uses, life and energy the main payment leaves.

    ``Model._build`` is run once per part; the variables and constraints of every run stay in
    the model, and the main part's read-back state is restored after the last run."""

    def __init__(self, main: Compiled, kept: list[Compiled], mana_values: list[int], plan: Plan | None = None) -> None:
        self.kept = kept
        self.kept_values = mana_values
        self._kept_part = False
        super().__init__(main, plan=plan)
        total = sum(mana_values)
        self.bounds["max_keep"] = len(kept) * (total + 1) + total

    def _plan_quantities(self, lost_total: Terms) -> None:
        if not self._kept_part:  # a kept block is optional like a plan's cost, nothing more
            super()._plan_quantities(lost_total)

    def _build(self) -> None:
        parts = []
        main_plan, main_costs = self.plan, self.costs
        for i, c in enumerate((self.c, *self.kept)):
            self._kept_part = i > 0
            self.c, self.L = c, level_count(c)
            self.plan = main_plan if i == 0 else Plan((c,), (0,), (0,), False)
            self.costs = main_costs if i == 0 else (c,)
            super()._build()
            parts.append({name: getattr(self, name) for name in _PART_STATE})
        self._kept_part = False
        for name, value in parts[0].items():
            setattr(self, name, value)
        self.kept_paid = [part["blocks"][0].paid for part in parts[1:]]
        self._link(parts[0], parts[1:])

    def _link(self, main: dict[str, Any], kept: list[dict[str, Any]]) -> None:
        """Each kept part draws on what the main part leaves (see :func:`board_left`)."""
        lin = self._linear
        prob = main["c"].problem
        m_use = _usage(main)
        m_lost = main["quantities"]["min_life"]
        m_energy = main["quantities"]["min_energy"]
        player = prob.player
        for part in kept:
            use = _usage(part)
            for si, s in enumerate(prob.sources):
                n, t = s.count, s.tapped
                m_taps, m_sacs = m_use["tap"].get(si, []), m_use["sac"].get(si, [])
                k_taps, k_sacs = use["tap"].get(si, []), use["sac"].get(si, [])
                if k_taps:
                    lin(k_taps + m_taps, INT_MIN, n - t)
                    if m_sacs:
                        lin(k_taps + m_sacs, INT_MIN, n)
                if k_sacs and m_sacs:
                    lin(k_sacs + m_sacs, INT_MIN, n)
                for j, ab in enumerate(s.abilities):
                    k_uses = use["use"].get((si, j), [])
                    if ab.tap or not k_uses:
                        continue
                    lin(k_uses + m_use["use"].get((si, j), []), INT_MIN, ab.uses * n)
                    if m_sacs:
                        lin(k_uses + _neg(m_sacs, -ab.uses), INT_MIN, ab.uses * n)
            # Life and energy as the verifier checks them on the board left (118.3, spec 8).
            ability_life, damage = _life(part)
            lost = part["quantities"]["min_life"]
            cost_life = lost + _neg(ability_life) + _neg(damage)
            life = player.life
            if ability_life:  # abilities' life at most the life left (or none when none is left)
                z = self._bool()
                lin(ability_life + m_lost, INT_MIN, life, (z,))
                lin(ability_life, 0, 0, (_not(z),))
            if any(a for _, a in cost_life):
                z = self._bool()
                lin(lost + m_lost, INT_MIN, life, (z,))
                lin(cost_life, INT_MIN, 0, (_not(z),))
            if lost and player.keep_life is not None:
                z = self._bool()
                lin(lost + m_lost, INT_MIN, life - player.keep_life, (z,))
                lin(lost, INT_MIN, 0, (_not(z),))
            energy = part["quantities"]["min_energy"]
            if energy:
                lin(energy + m_energy, INT_MIN, player.energy)
        total = sum(self.kept_values)
        self.quantities["max_keep"] = [t for lit, mv in zip(self.kept_paid, self.kept_values)
                                       for t in ((lit, total + 1), (lit, mv))]

    def kept_in_solution(self) -> list[bool]:
        """Which kept blocks the last solution pays."""
        return [bool(self._values[lit]) for lit in self.kept_paid]


def _usage(part: dict[str, Any]) -> dict[str, dict[Any, Terms]]:
    """Per source index: its taps and sacrifices, and per (source, ability) its uses without {T}."""
    out: dict[str, dict[Any, Terms]] = {"tap": {}, "sac": {}, "use": {}}
    for pi, p in enumerate(part["c"].producers):
        acts = part["activations"][pi]
        if p.tap:
            out["tap"].setdefault(p.source, []).extend(acts)
        else:
            out["use"].setdefault((p.source, p.ability), []).extend(acts)
        if p.sacrifice:
            out["sac"].setdefault(p.source, []).extend(acts)
    return out


def _life(part: dict[str, Any]) -> tuple[Terms, Terms]:
    """A part's life paid by abilities (their life costs and Phyrexian symbols) and damage."""
    c = part["c"]
    life: Terms = []
    damage: Terms = []
    for pi, p in enumerate(c.producers):
        acts = part["activations"][pi]
        if p.life:
            life += _neg(acts, -p.life)
        if p.damage:
            damage += _neg(acts, -p.damage)
    for (pi, _lv, di, oi), y in part["ability_y"].items():
        o = c.producers[pi].cost[di].options[oi]
        if o.life:
            life += _neg(y, -o.life)
    return life, damage


# -- pay with keep -----------------------------------------------------------------------------


def without_keep(problem: Problem) -> Problem:
    """The problem's own payment question: no kept costs, and no ``max_keep`` in its list."""
    given = problem.objective_list
    if given is not None:
        given = tuple(o for o in given if o != "max_keep")
    return evolve(problem, keep=(), objective_list=given)


def _ordered(problem: Problem, objective: dict[str, int], kept: int) -> dict[str, int]:
    """The answer's objective values in the problem's order, ``max_keep`` (how many kept) among them."""
    values = {**objective, "max_keep": kept}
    return {name: values[name] for name in problem.objective if name in values}


def check_costs(problem: Problem) -> None:
    """Each kept cost must be a cost the board could be asked to pay: its errors name it. The
    payment keywords of 9.3 are not modelled with keep yet: an error naming the key."""
    from tapwise.models.payment_keywords import keyword_path

    for i, k in enumerate((problem,) + problem.keep):
        if k.payment is not None:
            raise ProblemError(f"keep[{i - 1}].{keyword_path(k)}" if i else keyword_path(k),
                               "keep does not support this key yet (pay and castable do without keep)")
    for i, k in enumerate(problem.keep):
        try:
            compile_problem(judged(k, problem.sources, problem.player.life, problem.player.energy))
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
    sources, life, energy = board_left(main, answer)
    kept = payable_on(problem.keep, sources, life, energy)
    player = problem.player
    possible = payable_on(problem.keep, problem.sources, player.life, player.energy)
    if kept != possible and "max_keep" in problem.objective:
        better = _solve_model(problem, main, possible)
        if better is not None:
            answer, kept = better
    answer["objective"] = _ordered(problem, answer["objective"], len(kept))
    answer["kept"] = kept
    return answer


def _solve_model(problem: Problem, main: Problem, possible: list[int]) -> tuple[dict[str, Any], list[int]] | None:
    """The optimal payment with ``max_keep`` by :class:`KeepModel`, verified, and what it keeps;
    None past the time limit (the answer already found stands, not optimal)."""
    from tapwise.solver.verify import verify
    merge = Merge(main)
    board = merge.problem
    main_c = compile_problem(board)
    player = board.player
    kept_c = [compile_problem(judged(problem.keep[i], board.sources, player.life, player.energy))
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
    sources, life, energy = board_left(main, answer)
    really = payable_on(problem.keep, sources, life, energy)
    if sol.optimal and claimed != really:
        errors.append(f"the model keeps {claimed} but the costs payable on the board it leaves are {really}")
    if errors:
        raise KeepError("; ".join(errors))
    if not sol.optimal:
        answer["optimal"] = False
    return answer, really


class KeepError(RuntimeError):
    """The keep model's payment broke a rule or misjudged what it keeps: a bug, never returned."""
