"""``plan``: several costs paid one after another from one board this turn (spec section 7).

The costs are paid *jointly* first: one CP-SAT model over the board's activations in which each
cost may be paid or not (``solver.cpsat.model.Plan``), so no payment strands a later one that
another
payment of the earlier costs would have allowed. The joint payment is then cut into one answer
per cost, in paying order: each activation goes to the first answer that spends mana it made
(or mana an activation it pays for made), and mana made but not spent stays in the pool for the
next answers (118.3a, 106.4: the plan is paid within one step). Every answer is verified against
the board the answers before it left; if the cut breaks a rule there (a source the earlier
answers sacrificed, a reflecting land that lost what it reflected), the answers are cut again
with every activation in the first answer, which is the joint payment itself.

On a version-2 board the board each answer leaves is worked out copy by copy
(solver/queries/plan_board.py): counters removed and put, uses left, permanents other costs
sacrificed
or tapped, cards left in the zones, and facts lowered by what the sacrificed copies counted
toward (9.1-9.2); copies left in different states become entries of their own (``id~2``).
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import replace
from typing import Any

from tapwise.models.copies import CopyLog, log_of
from tapwise.models.mana import KIND_X, TYPES, format_types
from tapwise.models.problem import (BOARD_KEYS, COST_KEYS, Ability, PoolMana, Problem,
                                    ProblemError, Source)
from tapwise.models.loader import load_problem, unread_json
from tapwise.models.total_cost import CostError
import tapwise.solver.deadline as deadlines
from tapwise.solver.answer.size import left_over_fields
from tapwise.solver.answer.build import (Made, Paid, colors_of, pay_total, replay_activations,
                                         v2_fields)
from tapwise.solver.answer.pool import KeywordPool, ManaPool, group_answer
from tapwise.solver.answer.keywords import keyword_fields, late_taken
from tapwise.solver.contract import Compiled
from tapwise.solver.front.compile import compile_problem
from tapwise.solver.cpsat.model import (PLAN_OBJECTIVES, PLAN_OBJECTIVES_V2, PLAN_SUMMED,
                                        PLAN_SUMMED_V2, Model, Plan)
from tapwise.solver.contract import Solution
from tapwise.solver.queries.keep import BoardLeft, KeepModel, check_costs, judged, late_of, most_left
from tapwise.solver.queries.kept import payable_on
from tapwise.solver.queries.keep import mana_value as keep_mana_value
from tapwise.solver.queries.pay import pay
from tapwise.solver.answer.keywords import Late
from tapwise.solver.queries.plan_board import (LeftError, board_left_by, merge_split, own_last,
                                               split_enchanted)
from tapwise.solver.queries.plan_fast import all_at_once
from tapwise.solver.queries.plan_order import paying_orders, plan_key
from tapwise.solver.verify.replay import verify

ORDERS = ("given", "any")
def _with_keep(objectives: tuple[str, ...]) -> tuple[str, ...]:
    """With ``keep``: most costs, most mana value, the keywords' colors, then max_keep (spec 9.6's
    place for it: after the colors), then the summed objectives."""
    return objectives[:4] + ("max_keep",) + objectives[4:]
PLAN_KEYS = BOARD_KEYS + ("costs", "order", "keep", "time_limit", "query", "id")
PLAN_COST_KEYS = tuple(k for k in COST_KEYS if k not in ("objective", "time_limit"))
_BRACED = {t: format_types(t) for t in TYPES}


def plan(request: dict[str, Any]) -> dict[str, Any]:
    """The spec ``plan`` answer for ``request``; bad input raises :class:`ProblemError`. Its
    ``time_limit`` is one deadline for the whole plan: loading, every solve, the checks."""
    started = time.monotonic()
    for key in request:
        if key not in PLAN_KEYS:
            raise ProblemError(key, f"unknown key for a plan question; allowed: "
                                    f"{', '.join(PLAN_KEYS)}")
    order = request.get("order", "given")
    if order not in ORDERS:
        raise ProblemError("order", f"must be \"given\" or \"any\", not {order!r}")
    time_limit = deadlines.read_time_limit(request)
    costs = request.get("costs")
    if not isinstance(costs, list) or not costs:
        raise ProblemError("costs", "must be a non-empty list of costs (problem objects without "
                                    "the board keys)")
    with deadlines.request(time_limit, started):
        return _plan(request, order, time_limit, costs)


def _plan(request: dict[str, Any], order: str, time_limit: float, costs: list[Any]) -> dict[str, Any]:
    board = {k: request[k] for k in BOARD_KEYS if k in request}
    # the board's own errors, named without a cost
    board_problem = load_problem({"cost": "{0}", **board})
    if "keep" in request:  # spec 9.5: kept costs judged on what the whole plan leaves
        board_problem = load_problem({"cost": "{0}", **board, "keep": request["keep"]})
        check_costs(board_problem)
    # 9.4: an on extra's copy of several as an entry of its own, so every board left says
    # which it is
    board_problem, _ = split_enchanted(board_problem)
    problems = [split_enchanted(_load_cost(i, cost, board))[0] for i, cost in enumerate(costs)]
    compiled = []
    for i, p in enumerate(problems):
        try:
            compiled.append(compile_problem(p))
        except CostError as e:
            raise ProblemError(f"costs[{i}]", str(e)) from None
    # one board: 9.6's objectives for all the costs or none; keep and the describing keys are
    # section 9's too (9.7), so the plan reports what pay reports for the same problem
    v2 = any(p._v2 or p._v2_described for p in (board_problem, *problems))
    result = _solve(problems, compiled, order, time_limit, v2=v2)
    if board_problem.keep and result["status"] == "paid":
        result = _keeping(board_problem, problems, compiled, order, time_limit, result, v2)
    # the cards' mana abilities the reader skipped, never hidden
    unread = unread_json(board_problem)
    if unread and result.get("status") != "error":
        result["unread"] = unread
    return result


def plan_left(request: dict[str, Any], result: dict[str, Any]) -> BoardLeft:
    """The board the paid plan ``result`` of ``request`` leaves: its kept costs are judged there."""
    board = {k: request[k] for k in BOARD_KEYS if k in request}
    board_problem, _ = split_enchanted(load_problem({"cost": "{0}", **board}))
    problems = [split_enchanted(_load_cost(i, cost, board))[0] for i,
                cost in enumerate(request["costs"])]
    return _plan_left(board_problem, problems, result)


def _plan_left(board: Problem, problems: list[Problem], result: dict[str, Any]) -> BoardLeft:
    """What the plan's answers leave, as the plan's model pays (docs/keywords.md): every mana
    ability first, then each cost's 601.2h in paying order (solver/queries/keep.py's replay, on the
    board's own entries: an entry a later answer names ``id~2`` is a part of ``id``)."""
    answers = result["answers"]
    ids = {s.id for s in board.sources}

    def root(sid: str) -> str:
        """The entry of ``board`` an answer's entry was split off (``id~2``:
        solver/queries/plan_board.py)."""
        while sid not in ids and "~" in sid:
            sid = sid.rsplit("~", 1)[0]
        return sid

    activations = [{**act, "source": root(act["source"]),
                    **{key: [root(v) for v in act[key]] for key in ("tapped", "sacrificed")
                       if key in act}}
                   for a in answers for act in a["activations"]]
    by_id = {s.id: s for s in board.sources}
    # the plan's mana abilities all come before its first 601.2h, in any order the player likes:
    # the ones that sacrifice (their own copy or others) after the rest, as in one answer
    activations.sort(key=lambda act: bool(act.get("sacrificed"))
                     or by_id[act["source"]].abilities[act["ability"]].sacrifice)
    lates = [late_of(problems[i], a) for i, a in zip(result["paid"], answers)] or [Late()]
    lates = [replace(late, tapped=tuple(map(root, late.tapped)), sacrificed=tuple(map(root, late.sacrificed)))
             for late in lates]
    here, derived = board, {}
    for k, late in enumerate(lates):
        left = board_left_by(here, activations if k == 0 else [], late, derived)
        derived.update(left.derived)
        here = replace(here, sources=left.sources, hand=left.hand, graveyard=left.graveyard,
                       library=left.library,
                       facts=left.facts)
    player = board.player
    lost = sum(a["life_paid"] + a["damage"] for a in answers)
    return BoardLeft(here.sources, player.life - lost, player.energy - sum(a["energy_paid"]
                                                                       for a in answers),
                 here.hand, here.graveyard, here.library, here.facts)


def _keeping(board: Problem, problems: list[Problem], compiled: list[Compiled], order: str,
             time_limit: float,
             result: dict[str, Any], v2: bool) -> dict[str, Any]:
    """The plan with ``kept``: the plan found already when it keeps all that can be kept (the
    argument of solver/queries/keep.py), else the plan of the keep model, with max_keep after the
    colors."""
    keep = board.keep
    kept = payable_on(keep, _plan_left(board, problems, result))
    most = most_left(board, tuple(problems))  # (a graveyard the costs may fill)
    possible = payable_on(keep, most)
    if kept != possible:
        kept_c = [compile_problem(judged(keep[i], most)) for i in possible]
        better = _solve(problems, compiled, order, time_limit, v2=v2,
                        keeping=(kept_c, [keep_mana_value(keep[i]) for i in possible], possible))
        if better["status"] == "paid":
            claimed = better.pop("claimed_kept")
            kept = payable_on(keep, _plan_left(board, problems, better))
            if better["optimal"] and claimed != kept:
                return {"status": "error", "error": f"internal error: the plan's model keeps "
                                                    f"{claimed} but the "
                        f"costs payable on the board it leaves are {kept}, so the plan is withheld"}
            result = better
    result["kept"] = kept
    objective = result["objective"]
    result["objective"] = {"paid": objective.pop("paid"), "mana_value": objective.pop("mana_value"),
                           "max_keep": len(kept), **objective}
    return result


def _load_cost(i: int, cost: Any, board: dict[str, Any]) -> Problem:
    where = f"costs[{i}]"
    if not isinstance(cost, dict):
        raise ProblemError(where, "must be an object")
    for key in cost:
        if key == "objective":
            raise ProblemError(f"{where}.objective", "a plan's costs are optimized together (spec "
                                                     "section 7: "
                               "most costs, then most mana value, then the default objectives "
                               "summed)")
        if key == "time_limit":
            raise ProblemError(f"{where}.time_limit", "a plan has one time limit: give time_limit "
                                                      "at the top level")
        if key not in PLAN_COST_KEYS:
            raise ProblemError(f"{where}.{key}", "unknown key in a cost (board keys go at the top "
                                                 "level)")
    try:
        loaded = load_problem({**cost, **board})
    except ProblemError as e:  # the board loaded already: the error is in the cost's own keys
        raise ProblemError(f"{where}.{e.path}" if e.path else where, e.problem) from None
    except CostError as e:
        raise ProblemError(where, str(e)) from None
    return loaded


def _mana_value(p: Problem) -> tuple[int, int]:
    """What paying ``p`` adds to the plan's mana value (202.3): its mana cost's, and per X chosen
    the number of {X} in it (202.3e, X as chosen on the stack). An ability has none."""
    if p.cost is None or p._purpose_kind != "spell":
        return 0, 0
    return p.cost.mana_value, sum(1 for s in p.cost.symbols if s.kind is KIND_X)


def _solve(problems: list[Problem], compiled: list[Compiled], order: str, time_limit: float,
           keeping: tuple[list[Compiled], list[int], list[int]] | None = None,
           v2: bool = False) -> dict[str, Any]:
    """``v2``: 9.6's objectives and answer fields (the request uses section 9)."""
    # Costs with nothing to pay (118.6) are never paid; with "given", nor is anything after one.
    candidates = []
    for i, c in enumerate(compiled):
        if c.unpayable:
            if order == "given":
                break
            continue
        candidates.append(i)
    left = problems[0]
    if not candidates:
        unpaid = list(range(len(problems)))
        return _result("infeasible", True, [], unpaid, left, {"paid": 0, "mana_value": 0},
                       why=_why(problems, unpaid, order), v2=v2)
    decided = None
    orders, every = paying_orders(problems, candidates, order)  # solver/queries/plan_order.py
    for tried in orders:
        got = _decide(problems, compiled, tried, order, time_limit, keeping, v2)
        if got is None:
            every = False
        elif decided is None or _order_key(got[2], keeping) > _order_key(decided[2], keeping):
            decided, candidates = got, tried
    if decided is None:
        return {"status": "unknown", "optimal": False,
                "why": f"no plan found within the time limit of {time_limit:g} s"}
    sol, per_cost, objective = decided
    sol.optimal = sol.optimal and every
    # in paying order (solver/queries/plan_order.py)
    paid = [i for i in candidates if per_cost[i] is not None]
    unpaid = [i for i in range(len(problems)) if i not in paid]
    if not paid:
        return _result("infeasible", sol.optimal, [], unpaid, left, objective, why=_why(problems,
                                                                                        unpaid,
                                                                                        order),
                       v2=v2)
    joint = _Joint(compiled[candidates[0]], sol, [(problems[i], compiled[i], per_cost[i])
                                                  for i in paid],
                   v2)
    answers: list[dict[str, Any]] | None = None
    errors: list[str] = []
    for eager in (False, True):
        answers, left, errors = joint.cut(eager)
        # with keep, an activation no cost needs (a looter's discard, its mana floating) still
        # shapes the board the kept costs are judged on, as the keep model counts it: answer it
        if not errors and (keeping is None or not joint.dropped):
            break
    if errors:
        return {"status": "error", "error": "internal error: the plan found breaks the rules, so "
                                            "it is withheld: "
                + "; ".join(errors)}
    for a in answers or ():
        a["optimal"] = sol.optimal
        group_answer(a)  # identical mana as one entry with a count, as pay() answers it
    out = _result("paid", sol.optimal, paid, unpaid, left, objective, answers, _why(problems,
                                                                                    unpaid, order),
                  v2=joint._v2)
    if keeping is not None:
        out["claimed_kept"] = objective.pop("claimed_kept")
    return out


def _order_key(objective: dict[str, Any], keeping: tuple[list[Compiled], list[int],
                                                         list[int]] | None,
               ) -> tuple[int, ...]:
    """A paying order's plan as a key, larger better (solver/queries/plan_order.py's ``plan_key``); with
    ``keep``, the kept costs it claims (count, then mana value) right after the costs and mana
    value paid, as the keep model ranks them within one order."""
    key = plan_key(objective)
    if keeping is None:
        return key
    value = dict(zip(keeping[2], keeping[1]))
    kept = objective["claimed_kept"]
    return (key[0], key[1], len(kept), sum(value[i] for i in kept), *key[2:])


def _decide(problems: list[Problem], compiled: list[Compiled], candidates: list[int], order: str,
            time_limit: float, keeping: tuple[list[Compiled], list[int], list[int]] | None = None,
            v2: bool = False) -> tuple[Solution, dict[int, Solution | None], dict[str, Any]] | None:
    """Which costs the plan pays and how, jointly: (the joint solution, each candidate's share of
    it or None when unpaid, the plan's objective values), or None past the time limit. With
    ``keeping`` (kept costs compiled, their mana values, their indexes) the keep model decides."""
    if deadlines.passed():  # loading took the whole limit: no model is built
        return None
    values = [_mana_value(problems[i]) for i in candidates]
    summed = PLAN_SUMMED_V2 if v2 else PLAN_SUMMED
    together = (all_at_once(problems, compiled, time_limit) if len(candidates) == len(problems)
                and keeping is None
                else None)
    if together is not None:  # every cost fits: one payment of all their symbols
        sol, shares = together
        return sol, dict(enumerate(shares)), {"paid": len(problems), "mana_value": sum(v for v,
                                                                                       _ in values),
                                              # 0 where pay's list lacks it (9.7: version 1)
                                              **{k: sol.objective.get(k, 0) for k in summed}}
    spec = Plan(tuple(compiled[i] for i in candidates), tuple(v for v, _ in values), tuple(n for _, n in values),
                prefix=order == "given")
    objectives = PLAN_OBJECTIVES_V2 if v2 else PLAN_OBJECTIVES
    if deadlines.passed():
        return None
    if keeping is None:
        model = Model(spec.costs[0], plan=spec)
        sol = model.solve(objectives, time_limit)
    else:
        kept_c, kept_values, indexes = keeping
        model = KeepModel(spec.costs[0], kept_c, kept_values, plan=spec)
        sol = model.solve(_with_keep(objectives), time_limit)
    if sol.status == "unknown":
        return None
    objective: dict[str, Any] = {"paid": sol.objective["plan_paid"],
                                 "mana_value": sol.objective["plan_mana_value"],
                                 **{k: sol.objective[k] for k in summed}}
    if keeping is not None:
        objective["claimed_kept"] = [i for i, kept in zip(keeping[2], model.kept_in_solution())
                                     if kept]
    return sol, dict(zip(candidates, model.plan_solutions)), objective


def _result(status: str, optimal: bool, paid: list[int], unpaid: list[int], left: Problem,
            objective: dict[str, int], answers: list[dict[str, Any]] | None = None,
            why: list[str] | None = None, v2: bool | None = None) -> dict[str, Any]:
    """``v2``: the plan's costs use section 9 (any of them; default: ``left``'s problem does)."""
    return {"status": status, "optimal": optimal, "paid": paid, "answers": answers or [],
            "unpaid": unpaid,
            "why": why or [],
            "left": {"sources": [s.to_json() for s in left.sources], "pool": [m.to_json()
                                                                              for m in left.pool],
                     "player": {"life": left.player.life, "energy": left.player.energy},
                     **_zones_left(left, left._v2 if v2 is None else v2)},
            "objective": objective}


def _zones_left(left: Problem, v2: bool) -> dict[str, Any]:
    """A version-2 board's facts and cards as the plan leaves them (9.1's board keys)."""
    if not v2:
        return {}
    out: dict[str, Any] = {"facts": dict(left.facts)} if left.facts else {}
    out.update(hand=left.hand, graveyard=left.graveyard)
    if left.library is not None:
        out["library"] = left.library
    return out


def _why(problems: list[Problem], unpaid: list[int], order: str) -> list[str]:
    """Why each unpaid cost is left out, in one sentence: its own reason when it can't be paid
    even alone (``pay``'s), else what the plan preferred."""
    out = []
    first = unpaid[0] if unpaid else -1
    for i in unpaid:
        alone = pay(problems[i])
        if alone["status"] != "paid":
            out.append(alone.get("why") or f"it can't be paid on its own ({alone['status']})")
        elif order == "given" and i != first:
            out.append(f"the costs are paid in the given order, and cost {first} can't be")
        elif order == "given":
            out.append("it can be paid on its own, but not after the costs before it")
        else:
            out.append("it can be paid on its own, but not together with more costs, or as much "
                       "mana value, "
                       "as the plan pays")
    return out


Token = dict[str, Any]
"""One mana of the joint payment: the dict its payments name it by (``{"type", "source"}``)."""


class _Joint:
    """The joint payment of the paid costs, replayed once, and who made and spent each mana."""

    def __init__(self, c: Compiled, sol: Solution, paid: list[tuple[Problem, Compiled,
                                                                    Solution | None]],
                 v2: bool) -> None:
        self._v2 = v2  # a cost uses section 9: every answer has 9.6's fields
        pool = ManaPool(c)
        # one dict per mana of c.problem.pool, in its order
        self.start_pool: list[Token] = pool.start
        self.pool_mana = {id(m): pm for m, pm in zip(self.start_pool, c.problem.pool)}
        made_by: Made = []
        self.activations, _, _, _, _ = replay_activations(c, sol, pool, made_by)
        # 9.2: a copy sacrificing its own entry's copies, last
        self.activations = own_last(self.activations)
        # entry -> mana of each activation
        self.instances: dict[int, list[list[Token]]] = dict(made_by)
        self.maker: dict[int, tuple[int, int]] = {}  # id(mana) -> (entry, activation)
        for a, per in made_by:
            for j, made in enumerate(per):
                for m in made:
                    self.maker[id(m)] = (a, j)
        self.costs: list[tuple[Problem, Compiled, Paid, Solution]] = []
        for prob, compiled, one in paid:
            assert one is not None and compiled.kinds == c.kinds  # one board: the same mana kinds
            # 9.3: this cost's convoked creatures, improvised artifacts and delved
            # cards beside the mana
            view = pool if one.keywords is None else KeywordPool(compiled, one, shared=pool)
            self.costs.append((prob, compiled, pay_total(compiled, one, view), one))
        self.board = c.problem
        self.derived: dict[str, str] = {}  # entries the answers split off: new id -> the id split
        # the last cut left out an activation of the joint payment (no cost needed it)
        self.dropped = False

    def _chunk(self, a: int, j: int) -> list[dict[str, Any]]:
        """What activation ``j`` of entry ``a`` paid for its own cost (converters only)."""
        act = self.activations[a]
        paid = act.get("paid")
        if not paid:
            return []
        size = len(paid) // act["times"]
        return paid[j * size:(j + 1) * size]

    def cut(self, eager: bool) -> tuple[list[dict[str, Any]], Problem, list[str]]:
        """One answer per paid cost, the board left at the end, and what verification found."""
        board = self.board
        self.derived = {}
        floating: list[Token] = list(self.start_pool) if board.pool else []
        done: set[tuple[int, int]] = set()
        answers: list[dict[str, Any]] = []
        errors: list[str] = []
        for k, (prob, compiled, paid, one) in enumerate(self.costs):
            here = replace(prob, sources=board.sources, pool=board.pool, player=board.player,
                           facts=board.facts,
                           hand=board.hand, graveyard=board.graveyard, library=board.library)
            pool_ref = {id(m): i for i, m in enumerate(floating)} if k else {}
            order: list[tuple[int, int]] = []

            def activate(a: int, j: int) -> None:
                if (a, j) in done:
                    return
                done.add((a, j))
                act = self.activations[a]
                # its victims act first, as in the joint payment
                for key in ("sacrificed", "tapped"):
                    for victim in set(self._victims_of(a, j, key)) if key in act else ():
                        for b in range(a):
                            if self.activations[b]["source"] == victim:
                                for i in range(self.activations[b]["times"]):
                                    activate(b, i)
                for payment in self._chunk(a, j):
                    for m in payment.get("mana", ()):
                        need(m)
                order.append((a, j))

            def need(m: Token) -> None:
                maker = self.maker.get(id(m))
                if maker is not None:
                    activate(*maker)

            if eager and k == 0:
                for a, per in self.instances.items():
                    for j in range(len(per)):
                        activate(a, j)
            for payment in paid.payments:
                for m in payment.get("mana", ()):
                    need(m)
            made_here = {id(m) for a, j in order for m in self.instances[a][j]}

            def ref(m: Token) -> Token:
                # made here, or a keyword item (9.3)
                if id(m) in made_here or k == 0 or "type" not in m:
                    return m
                return {"type": m["type"], "source": "pool", "pool": pool_ref[id(m)]}

            def rewrite(payments: list[dict[str, Any]]) -> list[dict[str, Any]]:
                return [{**pay, "mana": [ref(m) for m in pay["mana"]]} if "mana" in pay
                        else dict(pay)
                        for pay in payments]

            activations = self._activations(order, rewrite)
            present = {src.id for src in board.sources}
            gone = [act["source"] for act in activations if act["source"] not in present]
            if gone:  # sacrificed by an earlier answer: the joint payment used it first
                return answers, board, errors + [f"answers[{k}]: {gone[0]} was sacrificed before"]
            spent = {id(m) for pay in paid.payments for m in pay.get("mana", ())}
            spent |= {id(m) for a, j in order for pay in self._chunk(a, j) for m in pay.get("mana", ())}
            made = [m for a, j in order for m in self.instances[a][j]]
            floating = [m for m in floating + made if id(m) not in spent]
            try:
                answer, after = self._answer(here, compiled, paid, one, activations, floating,
                                             waste=sum(1 for m in made if id(m) not in spent),
                                             payments=rewrite(paid.payments))
            except LeftError as e:  # the copies left can't do what the cut asks of them
                return answers, board, errors + [f"answers[{k}]: {e}"]
            errors += [f"answers[{k}]: {e}" for e in verify(here, answer)]
            answers.append(answer)
            board = after
        self.dropped = any((a, j) not in done for a, per in self.instances.items()
                           for j in range(len(per)))
        return answers, replace(board, sources=merge_split(board.sources, self.derived)), errors

    def _activations(self, order: list[tuple[int, int]], rewrite: Any) -> list[dict[str, Any]]:
        """The activations of one answer in ``order``, runs of the same entry as one, each with
        the counters it removed and the permanents its costs sacrificed or tapped (9.2)."""
        out: list[dict[str, Any]] = []
        last = -1
        for a, j in order:
            act = self.activations[a]
            chunk = rewrite(self._chunk(a, j))
            victims = {key: self._victims_of(a, j, key) for key in ("sacrificed", "tapped")
                       if key in act}
            if a == last:
                out[-1]["times"] += 1
                if "paid" in act:
                    out[-1]["paid"] += chunk
                for key, ids in victims.items():
                    out[-1][key] += ids
                continue
            entry = {"source": act["source"], "ability": act["ability"], "adds": act["adds"],
                     "times": 1}
            for key in ("made", "extra"):  # 9.4: what it made before replacements; the extras' mana
                if key in act:
                    entry[key] = act[key]
            if "removed" in act:
                entry["removed"] = act["removed"]
            entry.update(victims)
            if "paid" in act:
                entry["paid"] = chunk
            out.append(entry)
            last = a
        return out

    def _victims_of(self, a: int, j: int, key: str) -> list[str]:
        """The permanents activation ``j`` of entry ``a`` sacrificed or tapped (``key``)."""
        ids = self.activations[a][key]
        size = len(ids) // self.activations[a]["times"]
        return ids[j * size:(j + 1) * size]

    def _answer(self, here: Problem, compiled: Compiled, paid: Paid, one: Solution,
                activations: list[dict[str, Any]],
                floating: list[Token], waste: int, payments: list[dict[str, Any]]) -> tuple[dict[str, Any], Problem]:
        """The spec answer of one cost of the plan, paid on the board ``here``, and what it leaves
        (solver/queries/plan_board.py: copy by copy, with the counters, cards and facts of 9.1-9.2,
        and
        what 9.3's keywords and other costs took in 601.2h)."""
        by_id = {s.id: s for s in here.sources}
        left = board_left_by(here, activations, late_taken(compiled, one, payments), self.derived)
        self.derived.update(left.derived)
        # naming the entries the copies were in (an earlier answer may split one)
        activations = left.activations
        late = left.late  # naming the entries of ``here`` the copies were in
        payments = _name_payers(payments, late)
        # per entry, what its copies did in order (models/copies.py), for 9.6's min_sources
        logs: dict[str, CopyLog] = {}
        ability_life = damage = energy = 0
        for act in activations:
            src = by_id[act["source"]]
            ab = src.abilities[act["ability"]]
            n = act["times"]
            for victim in act.get("tapped", ()):  # a copy tapped by tap_other counts (9.6)
                log_of(logs, victim).tap(1)
            log_of(logs, src.id).activated(
                act["ability"], n, ab.tap, ab.sacrifice, None if ab.tap else _per_copy(src, ab))
            ability_life += ab.life * n + sum(pay.get("life", 0) for pay in act.get("paid", ()))
            damage += ab.damage * n
            energy += ab.energy * n
        for sid in late.tapped:  # one tapped by convoke, improvise or the cost's own tap_other
            log_of(logs, sid).tap(1)
        copies = {sid: log.needed()[0] for sid, log in logs.items()}
        for sid, n in left.distinct.items():  # a copy tapping others of its entry is one more (9.6)
            copies[sid] = max(copies.get(sid, 0), n)
        variant_energy = sum(1 for pay in payments if "energy" in pay)
        lost = ability_life + damage + paid.life
        colors = colors_of(paid.spent_types)
        answer = {
            "status": "paid", "optimal": True, "x": one.x, "total_cost": paid.total_cost,
            "announce": {"hybrid": paid.hybrid_halves, "phyrexian_life": paid.phyrexian_life},
            "activations": activations, "payments": payments,
            "life_paid": ability_life + paid.life, "damage": damage,
                  "energy_paid": energy + variant_energy,
            "sources_used": sum(copies.values()),
                  "sacrificed": left.sacrificed - len(late.sacrificed),
            "colors_spent": colors,
            "counters": len(colors) if "eclipse" in here.keywords else None,
            **left_over_fields(Counter(m["type"] for m in floating), lambda: [_BRACED[m["type"]]
                                                                              for m in floating]),
            "objective": {"min_life": lost, "min_sacrifices": left.sacrificed,
                          "min_sources": sum(copies.values()),
                          "min_waste": waste},
        }
        # the plan's costs, not what is left of the board: every answer has the same
        # fields
        if self._v2:
            answer.update(v2_fields(here, activations))
            answer["objective"].update({"min_drawbacks": sum(d["times"]
                                                             for d in answer["drawbacks"]),
                                        "min_cards": left.cards, "min_counters": left.counters})
        if one.keywords is not None:  # 9.3's fields; they add other_costs' sacrifices and discards
            answer.update(keyword_fields(compiled, one, answer))
            report = answer["other_costs"] if "other_costs" in answer else {}
            if "tapped" in report:
                report["tapped"] = list(late.tapped[len(late.tapped) - len(report["tapped"]):])
            if "sacrificed" in report:
                report["sacrificed"] = list(late.sacrificed)
        pool = tuple(self._pool_mana(m, i, by_id) for i, m in enumerate(floating))
        player = replace(here.player, life=here.player.life - lost,
                         energy=here.player.energy - energy - variant_energy)
        return answer, replace(here, sources=left.sources, pool=pool, player=player,
                               facts=left.facts,
                               hand=left.hand, graveyard=left.graveyard, library=left.library)

    def _pool_mana(self, m: Token, entry: int, by_id: dict[str, Source]) -> PoolMana:
        """Mana left in the pool as the next answer's board has it (snow and restriction kept,
        106.6)."""
        start = self.pool_mana.get(id(m))
        if start is not None:
            return replace(start, entry=entry)
        a, _ = self.maker[id(m)]
        act = self.activations[a]
        src = by_id.get(act["source"]) or next(s for s in self.board.sources
                                               if s.id == act["source"])
        if m.get("extra"):  # an extra's mana (9.4): unrestricted and not snow
            return PoolMana(m["type"], False, None, None, entry)
        return PoolMana(m["type"], src.snow, src.abilities[act["ability"]].only, None, entry)


def _name_payers(payments: list[dict[str, Any]], late: Late) -> list[dict[str, Any]]:
    """``payments`` with each convoke and improvise item naming the entry its copy was in on
    the board paid from (``late.tapped``, in the items' order: an entry an earlier answer
    split, ``id~2``, when the copy was one of those)."""
    named = iter(late.tapped)
    out = []
    for payment in payments:
        mana = payment.get("mana")
        if mana and any("convoke" in m or "improvise" in m for m in mana):
            mana = [{k: next(named)} if (k := next(iter(m))) in ("convoke", "improvise")
                    and len(m) == 1 else m
                    for m in mana]
            payment = {**payment, "mana": mana}
        out.append(payment)
    return out


def _per_copy(s: Source, ab: Ability) -> int | None:
    """How often one copy may activate ``ab`` (no {T}): its ``uses``, and the counters it has for
    what each activation removes; None when nothing limits one copy (``uses: "any"``)."""
    bound = min(n // k for kind, k in ab.remove_counters for n in [s._counter_map.get(kind, 0)]) \
        if ab.remove_counters else None
    if not ab.uses_any:
        bound = ab.uses if bound is None else min(bound, ab.uses)
    return bound
