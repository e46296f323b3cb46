"""The answer's mana pool (section 6): the mana the replayed activations made, per kind, as runs
handed out to the payments in the order made; what an activation's output shows (``adds``,
``extra``); and the grouping of equal mana and payments an answer prints. ``build`` replays a
solution into it; the plain lane's writer and a plan's replay take from it too."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tapwise.models.caches import memo
from tapwise.models.mana import TYPES, format_types
from tapwise.solver.answer.cube import TYPE_ORDER as _TYPE_ORDER
from tapwise.solver.answer.size import group_long_payments
from tapwise.solver.contract import Compiled, Solution

_BRACED = {t: format_types(t) for t in TYPES}  # one mana's type as notation
_UNTAKEN = (0, 0)  # a queue nothing was taken from: (runs taken whole, units taken of the next)


class ManaPool:
    """Mana in the pool while the answer is replayed: per kind, its origins in the order made,
    as runs (one dict per run of mana of one type from one origin, ``count`` of them when more
    than one), and how far each queue has been taken, so an answer's size and the time to build
    it follow the activations, not the amount of mana (10^5 Forests paying an X are one run)."""

    def __init__(self, c: Compiled) -> None:
        self.c = c
        self.queues: dict[int, list[dict[str, Any]]] = {}  # in order of first mana made
        # kind -> (runs taken whole, units taken of the next)
        self.taken: dict[int, tuple[int, int]] = {}
        self.start: list[dict[str, Any]] = []  # the pool's mana at the start, in its order
        for m in c.problem.pool:
            k = next(j for j, kind in enumerate(c.kinds)
                     if kind.pool and (kind.type, kind.snow, kind.only) == (m.type, m.snow, m.only))
            mana = {"type": m.type, "source": "pool", "pool": m.entry}
            self.queues.setdefault(k, []).append(mana)
            self.start.append(mana)

    def add(self, made: tuple[str, ...], kind_of_type: dict[str, int], source: str,
            times: int) -> None:
        """The mana ``times`` activations of one ability made (``made`` each) from ``source``."""
        _add_runs(self.queues, _output(made)[2], kind_of_type, source, times)

    def add_traced(self, made: tuple[str, ...], kind_of_type: dict[str, int], source: str,
                   times: int) -> list[list[dict[str, Any]]]:
        """As :meth:`add`, one dict per mana, and the mana each activation made (a plan splits
        activations by it, and follows each mana by its identity)."""
        per: list[list[dict[str, Any]]] = [[] for _ in range(times)]
        queues = self.queues
        for t in made:
            queue = queues.setdefault(kind_of_type[t], [])
            for j in range(times):
                m = {"type": t, "source": source} if t.isupper() else {"type": t.upper(),
                                                                       "source": source,
                                                                       "extra": True}
                queue.append(m)
                per[j].append(m)
        return per

    def take(self, flows: dict[int, int], n: int, spent: set[str] | None = None) -> list[dict[str, Any]]:
        """Take up to ``n`` mana following ``flows`` (kind -> units), kinds in index order, as
        runs (a run taken whole is the very dict made; part of one is a new dict); the types
        taken are added to ``spent``."""
        out: list[dict[str, Any]] = []
        if not flows:
            return out
        left = n
        taken = self.taken
        queues = self.queues
        for k in (sorted(flows) if len(flows) > 1 else flows):
            units = flows[k]
            if units > left:
                units = left
            if units <= 0:
                continue
            left -= units
            queue = queues[k]
            i, offset = taken.get(k, _UNTAKEN)
            while units:
                run = queue[i]
                size = run.get("count", 1) - offset
                if units < size:  # part of the run: the rest stays for the next taker
                    out.append(_run(run, units))
                    offset += units
                    break
                out.append(_run(run, size) if offset else run)  # the run's rest, or the run itself
                units -= size
                i, offset = i + 1, 0
            taken[k] = (i, offset)
            if spent is not None:
                spent.add(self.c.kinds[k].type)
        return out

    def take_each(self, flows: dict[int, int], units: int, n: int,
                  spent: set[str] | None = None) -> list[list[dict[str, Any]]]:
        """``n`` payments of ``units`` mana each following ``flows``: taken at once, since taking
        them one by one from the same flows would take the same mana in the same order."""
        mana = self.take(flows, units * n, spent)
        if n == 1:
            return [mana]
        return split_runs(mana, [units] * n)

    def left_counts(self) -> dict[str, int]:
        """The mana left per type: linear in the runs, not the mana."""
        taken = self.taken
        out: dict[str, int] = {}
        for k, queue in self.queues.items():
            i, offset = taken.get(k, (0, 0))
            for j in range(i, len(queue)):
                run = queue[j]
                n = run.get("count", 1) - (offset if j == i else 0)
                if n:
                    out[run["type"]] = out.get(run["type"], 0) + n
        return out

    def left(self) -> list[str]:
        taken = self.taken
        out: list[str] = []
        for k, queue in self.queues.items():
            i, offset = taken.get(k, (0, 0))
            for j in range(i, len(queue)):
                run = queue[j]
                out += [_BRACED[run["type"]]] * (run.get("count", 1) - (offset if j == i else 0))
        return out


class KeywordPool(ManaPool):
    """The mana pool of an answer, and beside it a queue of keyword items per pseudo kind.
    With ``shared``, the mana is taken from that pool (a plan's, which every cost pays from)
    and only the keyword items, this cost's own, are held here."""

    def __init__(self, c: Compiled, sol: Solution, shared: ManaPool | None = None) -> None:
        super().__init__(c)
        self._take_mana = super().take if shared is None else shared.take
        kw = sol.keywords or {}
        sources = c.problem.sources
        self.items: dict[int, list[dict[str, Any]]] = {}
        for i, (keyword, q) in enumerate(kw.get("payer", ())):
            k = -1 - i
            item = {"delve": 1} if keyword == "delve" else {keyword: sources[q].id}
            self.items[k] = [dict(item) for _ in range(kw["units"].get(k, 0))]
        self.given: dict[int, int] = {}

    def take(self, flows: dict[int, int], n: int, spent: set[str] | None = None) -> list[dict[str, Any]]:
        """As :meth:`ManaPool.take`; the keyword items first (their kinds sort first)."""
        out: list[dict[str, Any]] = []
        left = n
        real: dict[int, int] = {}
        for k in sorted(flows):
            if k >= 0:
                real[k] = flows[k]
                continue
            units = min(flows[k], left)
            start = self.given.get(k, 0)
            out += self.items[k][start:start + units]
            self.given[k] = start + units
            left -= units
        return out + (self._take_mana(real, left, spent) if real and left > 0 else [])


def _add_runs(queues: dict[int, list[dict[str, Any]]], units: tuple[tuple[str, str, bool], ...],
              kind_of_type: dict[str, int], source: str, times: int) -> None:
    """Into ``queues`` (per kind), a run per unit of ``units`` (:func:`_output`'s) that ``times``
    activations of an ability of ``source`` made."""
    for t, shown, extra in units:
        mana = {"type": shown, "source": source, "count": times} if times > 1 else {"type": shown, "source": source}
        if extra:  # an extra's mana (9.4): the effect's, listed apart
            mana["extra"] = True
        k = kind_of_type[t]
        queue = queues.get(k)
        if queue is None:
            queues[k] = [mana]
        else:
            queue.append(mana)


def _run(run: dict[str, Any], count: int) -> dict[str, Any]:
    """``count`` mana of ``run``'s type and origin, as one entry."""
    out = {"type": run["type"], "source": run["source"]}
    if "pool" in run:
        out["pool"] = run["pool"]
    if "extra" in run:
        out["extra"] = True
    if count > 1:
        out["count"] = count
    return out


def split_runs(mana: list[dict[str, Any]], sizes: Iterable[int]) -> list[list[dict[str, Any]]]:
    """``mana`` (runs, in order) cut into consecutive parts of ``sizes`` units each; the last
    part takes whatever is left."""
    parts: list[list[dict[str, Any]]] = []
    i, offset = 0, 0
    sizes = list(sizes)
    for p, size in enumerate(sizes):
        part: list[dict[str, Any]] = []
        last = p == len(sizes) - 1
        while i < len(mana) and (size > 0 or last):
            run = mana[i]
            avail = run.get("count", 1) - offset
            use = avail if last else min(avail, size)
            part.append(run if use == avail and not offset else _run(run, use))
            size -= use
            if use == avail:
                i, offset = i + 1, 0
            else:
                offset += use
        parts.append(part)
    return parts


def group_mana(mana: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Consecutive entries of the same type and origin as one entry with their ``count``."""
    out: list[dict[str, Any]] = []
    for m in mana:
        if out:
            last = out[-1]
            if "type" in m and "type" in last and (last["type"], last["source"], last.get("pool"),
                                                   last.get("extra")) == (
                    m["type"], m["source"], m.get("pool"), m.get("extra")):
                # keyword items (9.3) have no type: never grouped
                out[-1] = _run(last, last.get("count", 1) + m.get("count", 1))
                continue
        out.append(m)
    return out


def group_answer(answer: dict[str, Any]) -> dict[str, Any]:
    """``answer`` with the mana of every payment (and of every activation's own cost) grouped
    by :func:`group_mana`, and an activation's consecutive identical payments of its own cost
    (each Signet of 10^5 paying its {1} with {U} from Signets) as one with a ``count``: the
    same dict, changed in place. Past :data:`answer_size.LIST_MAX` payments, the total cost's
    consecutive identical payments are grouped the same way."""
    payments = answer.get("payments")
    if payments is not None:
        for pay in payments:
            mana = pay.get("mana")
            if mana is not None and len(mana) > 1:  # one entry is grouped already
                pay["mana"] = group_mana(mana)
        answer["payments"] = group_long_payments(payments, _group_payments)
    for act in answer.get("activations", ()):
        if "paid" in act:
            act["paid"] = _group_payments(act["paid"])
    return answer


def _group_payments(paid: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Consecutive payments of one symbol made the same way (the same life, or mana of one
    type from one place) as one payment with a ``count``, its mana all of theirs."""
    out: list[dict[str, Any]] = []
    last_key = None
    for pay in paid:
        mana = group_mana(pay["mana"]) if "mana" in pay else None
        key = (pay["symbol"], pay.get("half"), pay.get("life"),
               None if mana is None else tuple((m["type"], m["source"], m.get("pool"),
                                                m.get("extra"), m.get("count", 1))
                                         for m in mana))
        if key == last_key and (mana is None or len(mana) == 1):
            grouped = out[-1]
            grouped["count"] = grouped.get("count", 1) + 1
            if mana is not None:
                first = grouped["mana"][0]
                grouped["mana"] = [_run(first, first.get("count", 1) + mana[0].get("count", 1))]
            continue
        entry = dict(pay)
        if mana is not None:
            entry["mana"] = mana
        out.append(entry)
        last_key = key if mana is None or len(mana) == 1 else None
    return out


def _in_type_order(made: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted(made, key=_TYPE_ORDER))


@memo(4096)
def _fixed_output(choice: tuple[str, ...]) -> tuple[str, ...] | None:
    """What every activation choosing ``choice`` makes (types in WUBRGC order), or None when a
    unit is flexible (any color, hybrid) and the solution's splits say what it made. The same
    few choices come back on every board, so each is worked out once."""
    return _in_type_order(choice) if all(len(unit) == 1 for unit in choice) else None


@memo(4096)
def _adds(made: tuple[str, ...]) -> str:
    return format_types(made)


@memo(4096)
def _output(made: tuple[str, ...]) -> tuple[str, str | None, tuple[tuple[str, str, bool], ...]]:
    """What an activation making ``made`` shows: its ``adds``, its ``extra`` (None without an
    extra's mana, 9.4) and per unit made (type made, type as answered, an extra's?)."""
    adds, extra = _adds_apart(made) if made and made[-1].islower() else (_adds(made), None)
    return adds, extra, tuple([(t, t.upper(), t.islower()) for t in made])


@memo(4096)
def _adds_apart(made: tuple[str, ...]) -> tuple[str, str]:
    """``adds`` and ``extra`` of an activation whose output holds an extra's mana (9.4)."""
    return _adds(tuple(t for t in made if t.isupper())), _adds(tuple(t.upper() for t in made
                                                                     if t.islower()))


