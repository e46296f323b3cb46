"""The independent verifier (DESIGN principle 4): replay an answer against the rules.

It shares no code with the model builder: it reads the loaded problem and the answer, replays
each activation in order with the mana that really exists at that moment, checks every symbol
of a legal total cost is paid with acceptable mana (or life, or energy), and recomputes life,
energy and the reported numbers. It returns a list of plain-language errors; empty means legal.
"""

from __future__ import annotations

from collections import Counter
from operator import attrgetter, itemgetter
from typing import Any

from tapwise.models.mana import (COLORS, KIND_COLORED, KIND_ENERGY, KIND_GENERIC,
                                 KIND_HYBRID_PHYREXIAN,
                                 KIND_PHYREXIAN, KIND_SNOW, KIND_TWOBRID, KIND_X, Symbol)
from tapwise.models.problem import Ability, Problem, Purpose, Restriction, Source
from tapwise.models.loader import load_problem
from tapwise.models.total_cost import INCREASE, TotalCost, total_costs
from tapwise.models.copies import CopyLog, log_of
from tapwise.solver.verify.board import BoardState
from tapwise.solver.verify.plain import accepts
from tapwise.solver.verify.mana import _mana_ok, _one_of_choices, _parse_types, _symbol
from tapwise.solver.verify.keywords import check_items, replay_keywords, split_items
from tapwise.solver.verify.effects import check_effects, watching

# type, snow, restriction, origin (source id or pool#i), index
Token = tuple[str, bool, Restriction | None, str, int]


def _could_produce(problem: Problem) -> dict[tuple[str, int], set[str]]:
    """106.7 by plain iteration from nothing: the types each reflecting ability may add. Sources
    are told apart by side and position, not identity: a loaded source may be shared."""
    sides = (problem.sources, problem.opponent_sources)
    if not any(ab._reflect for side in sides for src in side for ab in src.abilities):
        return {}
    known: dict[tuple[int, int, int], set[str]] = {}  # (side, source index, ability index) -> types
    changed = True
    while changed:
        changed = False
        for side, sources in enumerate(sides):
            for i, src in enumerate(sources):
                for j, ab in enumerate(src.abilities):
                    if not ab._reflect or ab._reflect[0] == "sacrificed":
                        continue  # (the sacrificed land's: read per activation, below)
                    whose, what = ab._reflect
                    # "you" is the reflecting ability's controller.
                    seen = side if whose == "lands_you_control" else 1 - side
                    types: set[str] = set()
                    lands = ab._reflect_lands  # "a Gate you control": only lands of that kind
                    for k, other in enumerate(sides[seen]):
                        if "land" not in other.types or other.count == 0 or other.zone != "battlefield" or (
                                lands is not None and not lands.matches(other)):
                            continue
                        for m, ob in enumerate(other.abilities):
                            outputs = BoardState(problem).add_outputs(other, ob) if ob._board_add else ob.choices
                            types |= known.get((seen, k, m), set()) if ob._reflect else {
                                t for ch in outputs for u in ch for t in u}
                    if what == "color":
                        types &= set(COLORS)
                    if types != known.get((side, i, j), set()):
                        known[(side, i, j)] = types
                        changed = True
    out: dict[tuple[str, int | None], set[str]] = {
        (src.id, j): known.get((0, i, j), set()) for i, src in enumerate(problem.sources)
        for j, ab in enumerate(src.abilities) if ab._reflect}
    for i, src in enumerate(problem.sources):  # (id, None): what the whole permanent could produce
        out[(src.id, None)] = {t for j, ab in enumerate(src.abilities) for t in (
            known.get((0, i, j), set()) if ab._reflect else {t for ch in (
                BoardState(problem).add_outputs(src, ab) if ab._board_add else ab.choices)
                                                            for u in ch for t in u})}
    return out


def _legal_output(ab: Ability, made: tuple[str, ...], reflect: set[str] | None) -> bool:
    """May one activation of ``ab`` make ``made``?"""
    if ab._reflect:  # one mana of a type reflected, or n all of that one type
        return len(made) == ab._reflect_n and len(set(made)) == 1 and made[0] in (reflect or set())
    # Exactly one of the choices (the usual land or rock) is a perfect matching by itself.
    return made in ab.choices or _one_of_choices(ab.choices, made)


def _life_payment(sym: Symbol, pay: dict[str, Any], where: str, errors: list[str]) -> int:
    """Life paid for one symbol: only a Phyrexian symbol, and exactly 2 (107.4f)."""
    if sym.kind not in (KIND_PHYREXIAN, KIND_HYBRID_PHYREXIAN) or pay["life"] != 2:
        errors.append(f"{where}: {sym} can't be paid with {pay['life']} life")
    return pay["life"]


def _not_generic(sym: Symbol, generic_half: bool, tok: Token, where: str,
                 errors: list[str]) -> None:
    """tapwise's ``only.not_generic`` (Jegantha: "This mana can't be spent to pay generic mana
    costs"): such mana pays no generic symbol, {X} (107.3), {S} (generic, 107.4h) or generic
    half."""
    if tok[2] is not None and tok[2].not_generic and (
            generic_half or sym.kind in (KIND_GENERIC, KIND_X, KIND_SNOW)):
        errors.append(f"{where}: {{{tok[0]}}} from {tok[3]} can't pay generic mana ({sym})")


class _Replay:
    """The mana pool while the answer is replayed: each token (type, snow, restriction, origin,
    index) with how many of it are in the pool (``counts[index]``: a list, cheap to fork)."""

    def __init__(self, problem: Problem) -> None:
        self.errors: list[str] = []
        self.counts: list[int] = []  # per token index, how many of it are in the pool
        self.tokens: dict[tuple[str, str], list[Token]] = {}  # (type, origin) -> its tokens, by str
        for m in problem.pool:
            self.add((m.type,), m.snow, m.only, f"pool#{m.entry}", 1)
        self.pool_spent = 0  # of the mana in the pool at the start (the rest was made)

    def add(self, types: tuple[str, ...], snow: bool, only: Restriction | None, origin: str,
            n: int) -> None:
        """Put ``n`` mana of each of ``types`` (repeats count) from ``origin`` into the pool."""
        tokens = self.tokens
        counts = self.counts
        for t in types:
            same = tokens.get((t, origin))
            if same is None:  # the usual case: the first mana of its type from its origin
                tokens[(t, origin)] = [(t, snow, only, origin, len(counts))]
                counts.append(n)
                continue
            for tok in same:
                if tok[1] == snow and tok[2] == only:
                    counts[tok[4]] += n
                    break
            else:  # rare: the same mana with other snow or restrictions
                same.append((t, snow, only, origin, len(counts)))
                counts.append(n)
                same.sort(key=_identity_text)

    def fork(self) -> "_Replay":
        """The state after the activations, to try one total cost on: its own counts and errors,
        the rest shared."""
        other = _Replay.__new__(_Replay)
        other.tokens = self.tokens
        other.pool_spent = self.pool_spent
        other.counts = list(self.counts)
        other.errors = []
        return other

    def spend(self, entries: Any, where: str, purpose: Purpose) -> list[Token]:
        """Remove the mana ``entries`` name from the pool (each entry ``count`` mana, default 1),
        checking it exists and may be spent on ``purpose``; the tokens taken, in order, a token
        once per entry it served."""
        tokens = self.tokens
        counts = self.counts
        out: list[Token] = []
        for entry in entries:
            same = source = None
            need = 1
            if isinstance(entry, dict):
                need = mana_count(entry)
                if need is None:
                    self.errors.append(f"{where}: a mana entry's count must be a whole number of "
                                       f"at least 1, "
                                       f"not {entry.get('count')!r}")
                    continue
                source = entry.get("source")
                origin = f"pool#{entry.get('pool')}" if source == "pool" else source
                if entry.get("extra") is True:  # an extra's mana (9.4)
                    origin = f"{source}#extra"
                try:  # found only for a type and an origin that are strings
                    same = tokens.get((entry.get("type"), origin))
                except TypeError:  # unhashable: no type or source at all
                    pass
            for tok in same or ():  # in str order, as many as may be spent
                i = tok[4]
                n = counts[i]
                if n and (tok[2] is None or tok[2].allows(purpose)):
                    take = min(n, need)
                    counts[i] = n - take
                    if source == "pool":
                        self.pool_spent += take
                    out.append(tok)
                    need -= take
                    if not need:
                        break
            else:
                self._missing(entry, where)
        return out

    def _missing(self, entry: Any, where: str) -> None:
        mana_type = source = None
        if isinstance(entry, dict):
            mana_type, source = entry.get("type"), entry.get("source")
        if not isinstance(mana_type, str) or not isinstance(source, str):
            self.errors.append(f"{where}: a mana entry needs type and source")
        else:
            self.errors.append(f"{where}: no {{{mana_type}}} from {source} that may be spent "
                               "here is in the pool at that moment")


def mana_count(entry: dict[str, Any]) -> int | None:
    """How many mana a payment's mana entry stands for (``count``, default 1), or None if its
    count is not a whole number of at least 1."""
    n = entry.get("count", 1)
    return n if type(n) is int and n >= 1 else None


def _units(mana: Any) -> int:
    """The mana a payment's list of entries stands for (malformed entries count one: the
    replay reports them)."""
    if not isinstance(mana, list):
        return 0
    return sum((mana_count(m) or 1) if isinstance(m, dict) else 1 for m in mana)


_TYPE = itemgetter(0)  # a token's type
_ID = attrgetter("id")


def _identity_text(tok: Token) -> str:
    """A token's order among the same mana from the same origin: its text without the index."""
    return str(tok[:4])


def verify(problem: Problem | dict[str, Any], answer: dict[str, Any],
           measured: dict[str, int] | None = None, again: bool = False) -> list[str]:
    """Every way ``answer`` breaks the rules or misreports itself; [] when it is legal.
    ``problem`` is a loaded :class:`Problem` or its spec dict. A legal answer's value for each
    objective, as the replay measured it, is put into ``measured`` when given. ``again``: the
    same problem object will be verified again (verify_plain keeps what it read of it)."""
    if not isinstance(problem, Problem):
        problem = load_problem(problem)
    if answer.get("status") != "paid":
        return []
    # a plain answer the replay below accepts (verify/plain.py)
    if accepts(problem, answer, measured, again):
        return []
    return replay(problem, answer, measured)


def replay(p: Problem, answer: dict[str, Any], measured: dict[str, int] | None = None) -> list[str]:
    """The full replay of a paid answer: every error it has, in the answer's order."""
    r = _Replay(p)
    errors = r.errors
    by_id = dict(zip(map(_ID, p.sources), p.sources))
    # worked out for the first reflecting ability
    reflect: dict[tuple[str, int], set[str]] | None = None
    taps: dict[str, int] = {}
    sacs: dict[str, int] = {}
    uses: dict[tuple[str, int], int] = {}
    logs: dict[str, CopyLog] = {}  # per source, its copies' acts in order (min_sources)
    ability_life = damage = energy = 0
    sacrificed = 0
    board = BoardState(p) if p._v2 else None  # section 9's rules, replayed beside these
    # 9.4: per source, activations of its enchanted copy and of the others
    enchanted: dict[str, list[int]] = {}
    for i, act in enumerate(answer.get("activations", [])):
        src = by_id.get(act.get("source"))
        if src is None:
            errors.append(f"activations[{i}]: unknown source {act.get('source')!r}")
            continue
        sid = src.id
        j = act.get("ability")
        if not isinstance(j, int) or not 0 <= j < len(src.abilities):
            errors.append(f"activations[{i}]: {sid} has no ability {j!r}")
            continue
        ab = src.abilities[j]
        times = act.get("times", 1)
        if not isinstance(times, int) or isinstance(times, bool) or times < 1:
            errors.append(f"activations[{i}]: times must be a whole number of at least 1, not "
                          f"{times!r}")
            continue
        adds = act.get("adds", "")
        made = _parse_types(adds) if isinstance(adds, str) else None
        # 9.4: the ability's mana after replacements, the extras' (verify/effects.py)
        own, extra = made, ()
        if p.effects or "made" in act or "extra" in act:
            made, extra = _effects_made(p, src, ab, act, made, enchanted, i, errors)
            if made is None:
                continue
        reflected = None
        if ab._reflect:
            if reflect is None:
                reflect = _could_produce(p)
            reflected = reflect.get((sid, j))
            if ab._reflect[0] == "sacrificed":  # the land this activation sacrificed (106.7)
                victims = act.get("sacrificed") if isinstance(act.get("sacrificed"), list) else []
                kinds = [frozenset(reflect.get((q, None), set()) if isinstance(q, str) else ())
                         for q in victims]
                if len(set(kinds)) > 1:
                    errors.append(f"activations[{i}]: one entry's sacrificed lands could produce "
                                  f"different types")
                reflected = set(kinds[0]) if kinds else set()
                if ab._reflect[1] == "color":
                    reflected &= set(COLORS)
        v2 = board is not None and (ab._v2 or src._v2)
        base = ab.choices
        if v2 and ab._board_add:  # 9.2: amounts and colors read from the board
            base = board.add_outputs(src, ab)
        if v2 and ab.times is not None:  # 9.2: the add made several times, checked there
            base = tuple((t,) * ab._reflect_n for t in sorted(reflected
                                                             or ())) if ab._reflect else base
            if made is None:
                errors.append(f"activations[{i}]: {sid} ability {j} can't add {act.get('adds')!r}")
                continue
            if not board.check(i, act, src, j, ab, made, base, times, errors):
                continue
        else:
            # Most outputs are one of the choices as listed: that needs no call. (Doubling Cube's
            # is read from the pool once its cost is paid, below.)
            if made is None or not (ab._double_pool or made in base or (
                    _one_of_choices(base, made) if ab._board_add else _legal_output(ab, made,
                                                                                   reflected))):
                errors.append(f"activations[{i}]: {sid} ability {j} can't add {act.get('adds')!r}")
                continue
            if v2:
                board.check(i, act, src, j, ab, made, base, times, errors)
        # every copy's state: gone, tapped by itself or by others' costs (9.2)
        if board is not None:
            for q in board.track(i, act, src, ab, times, errors):
                # a copy tapped by tap_other counts in min_sources (9.6)
                taps[q] = taps.get(q, 0) + 1
                log_of(logs, q).tap(1)
        log = log_of(logs, sid)
        if ab.tap:
            log.tap(times)
            total = taps[sid] = taps.get(sid, 0) + times
            if total > src.count - src.tapped:
                errors.append(f"activations[{i}]: {sid} is tapped more often than it has untapped "
                              f"copies")
        else:
            total = uses[(sid, j)] = uses.get((sid, j), 0) + times
            per_copy = board.per_copy_uses(src, ab) if v2 else ab.uses
            log.use(j, times, per_copy)
            if per_copy is not None and total > per_copy * src.count:
                errors.append(f"activations[{i}]: {sid} ability {j} used more than {per_copy} "
                              f"times per copy")
        if ab.sacrifice:
            log.sacrifice(times)
            total = sacs[sid] = sacs.get(sid, 0) + times
            # a card exiled from the hand (9.1) or graveyard counts in min_cards
            if src.zone == "battlefield":
                sacrificed += times
            if total > src.count:
                errors.append(f"activations[{i}]: more copies of {sid} sacrificed than exist")
        if ab.mana is not None:
            where = f"activations[{i}]"
            wanted: Counter[Any] = Counter()
            for s in ab.mana.symbols:
                wanted[str(s)] += times
            paid = act.get("paid") or []
            got: Counter[Any] = Counter()
            for pay in paid:  # a payment with a count stands for that many identical ones
                got[pay.get("symbol")] += mana_count(pay) or 1
            if got != wanted:
                errors.append(f"{where}: its cost {ab.mana} x{times} is paid as {dict(got)}")
            purpose = Purpose("ability", src.types, (), "", False)
            for n, pay in enumerate(paid):
                text = pay.get("symbol", "{0}")
                sym = _symbol(text) if isinstance(text, str) else None
                if sym is None:
                    errors.append(f"{where}.paid[{n}]: bad symbol {pay.get('symbol')!r}")
                    continue
                reps = mana_count(pay)
                if reps is None:
                    errors.append(f"{where}.paid[{n}]: a payment's count must be a whole number of "
                                  f"at least 1")
                    continue
                if "life" in pay:
                    ability_life += reps * _life_payment(sym, pay, f"{where}.paid[{n}]", errors)
                    continue
                mana = pay.get("mana", [])
                need = sym.amount if sym.kind is KIND_GENERIC else 1
                got_units = _units(mana)
                each = got_units // reps
                if got_units % reps or (each != need and not (sym.kind is KIND_TWOBRID
                                                              and each == 2)):
                    errors.append(f"{where}.paid[{n}]: {sym} needs {need} mana, got {got_units}"
                                  + (f" for {reps}" if reps > 1 else ""))
                for entry in mana:  # each checked as it is taken, so errors come in entry order
                    for tok in r.spend((entry,), f"{where}.paid[{n}]", purpose):
                        if not _mana_ok(sym, tok[0], tok[1], achroma_own=False, spend_as=None,
                                        generic_half=each == 2 and sym.kind is KIND_TWOBRID):
                            errors.append(f"{where}.paid[{n}]: {{{tok[0]}}} can't pay {sym}")
                        _not_generic(sym, each == 2 and sym.kind is KIND_TWOBRID, tok,
                                     f"{where}.paid[{n}]", errors)
        ability_life += ab.life * times
        damage += ab.damage * times
        energy += ab.energy * times
        if ab._double_pool:  # 9.2: each type as much as the pool holds unspent, its cost paid (9.7)
            unspent = _unspent(r)
            # (what it made: 9.4's effects checked above)
            if times != 1 or Counter(made) != unspent:
                errors.append(f"activations[{i}]: {sid} doubles the unspent mana once per "
                              f"activation: it adds "
                              f"{''.join('{%s}' % t for t in sorted(unspent.elements()))!r} here, "
                              f"not "
                              f"{act.get('adds')!r}" + (f" x{times}" if times != 1 else ""))
        r.add(own, src.snow, ab.only, sid, times)
        if extra:  # unrestricted and not snow: the effect's permanent makes it (9.7)
            r.add(extra, False, None, f"{sid}#extra", times)
    for sid, (on, plain) in enchanted.items():  # 9.4: the copy an "on" extra enchants is one copy
        free = by_id[sid].count - by_id[sid].tapped
        if on > min(free, 1) or plain > max(free - 1, 0):
            errors.append(f"{sid}: {on} activations of the copy an extra enchants and {plain} of "
                          f"the others, "
                          f"with {free} untapped copies")
    floor: dict[str, int] = {}
    if p.payment is not None:  # 9.3: what 601.2h's keywords and other costs take from the board
        late = replay_keywords(p, answer, board, taps, errors)
        for sid, n in late.tapped.items():  # tapped in 601.2h, after every mana ability
            log_of(logs, sid).tap(n)
        sacrificed += late.sacrificed
        floor = late.distinct_copies(p, answer)
    elif answer.get("other_costs") is not None:  # 9.3: nothing of the board may be taken so
        errors.append("other_costs: the object has no other costs")
    if board is not None:
        for sid, n in board.distinct().items():
            floor[sid] = max(floor.get(sid, 0), n)
    used = _sources_used(by_id, logs, floor, errors)
    if board is not None:
        # min_sacrifices counts permanents sacrificed by any ability (9.7)
        sacrificed += board.killed
    claimed, malformed = _claimed_symbols(answer.get("payments", []))
    if malformed:  # nothing below can read these
        return errors + malformed
    candidates = total_costs(p)
    if not candidates:
        return errors + ["the object has no mana cost to pay (118.6)"]
    # The answer is legal if one total cost the player could choose makes all of it add up.
    best: list[str] | None = None
    for tc in candidates:
        values: dict[str, int] = {}
        found = list(errors) + _finish(p, answer, tc, claimed, r.fork(), ability_life, damage,
                                       energy,
                                       sacrificed, used, values, board)
        if not found:
            if measured is not None:
                measured.update(values)
            return []
        if best is None or len(found) < len(best):
            best = found
    return best or []


def _unspent(r: _Replay) -> Counter:
    """The mana in the replayed pool, by type (snow, restricted or not)."""
    out: Counter = Counter()
    for (t, _), tokens in r.tokens.items():
        for tok in tokens:
            if r.counts[tok[4]]:
                out[t] += r.counts[tok[4]]
    return out


def _effects_made(p: Problem, src: Source, ab: Ability, act: dict[str, Any], own: tuple[str,
                                                                                        ...] | None,
                  enchanted: dict[str, list[int]], i: int, errors: list[str]) -> tuple[Any, tuple[str, ...]]:
    """What the ability itself made (before 9.4's replacements) and what the extras added, once
    the activation's ``adds``, ``made`` and ``extra`` are checked against the effects watching
    it; ``(None, ())`` after an error."""
    where = f"activations[{i}]"
    made = _parse_types(act["made"]) if isinstance(act.get("made", ""),
                                                   str) and "made" in act else own
    extra = _parse_types(act["extra"]) if isinstance(act.get("extra", ""),
                                                     str) and "extra" in act else ()
    if own is None or made is None or extra is None:
        errors.append(f"{where}: {src.id} ability {act.get('ability')} can't add "
                      f"{act.get('adds')!r}")
        return None, ()
    if not ab.tap:
        if "made" in act or "extra" in act:
            errors.append(f"{where}: effects change only what {{T}} abilities make (9.7)")
            return None, ()
        return own, ()
    # one that adds nothing enchants no copy apart
    has_on = any(e.on == src.id for e in watching(p, src, True))
    times = act.get("times", 1) if isinstance(act.get("times", 1), int) else 1
    for copy in ([False, True] if has_on and src.count > 1 else [True]):
        if check_effects(watching(p, src, copy), src, made, own, extra, dict(p.facts)):
            if has_on and src.count > 1:
                enchanted.setdefault(src.id, [0, 0])[0 if copy else 1] += times
            return made, extra
    errors.append(f"{where}: under the effects, {src.id} making "
                  f"{act.get('made', act.get('adds'))!r} can't end as "
                  f"{act.get('adds')!r} with extra {act.get('extra', '')!r}")
    return None, ()


def _sources_used(by_id: dict[str, Source], logs: dict[str, CopyLog], floor: dict[str, int],
                  errors: list[str]) -> int:
    """min_sources: each source counts the copies its acts need in the answer's order (a copy
    taps once, uses an ability ``uses`` times, and is sacrificed as its last act:
    models/copies.py), and at least ``floor`` of them. An order that needs more copies than a
    source has, because one acts after its sacrifice, is an error."""
    copies = dict(floor)
    for sid, log in logs.items():
        src = by_id[sid]
        need, unordered = log.needed()
        if need > src.count and need > unordered:
            errors.append(f"{sid}: its activations in this order need {need} copies and it has "
                          f"{src.count}: a copy acts after it was sacrificed (section 3, 9.2)")
        copies[sid] = max(copies.get(sid, 0), need)
    return sum(copies.values())


def _claimed_symbols(payments: list[Any]) -> tuple[tuple[dict[str, int], int], list[str]]:
    """The symbols the payments claim to pay, ``(count of each other than generic and {X},
    number of {X})``, and an error for each entry that names no symbol."""
    counts: dict[str, int] = {}
    x_paid = 0
    malformed = []
    for n, pay in enumerate(payments):
        s = pay.get("symbol") if isinstance(pay, dict) else None
        reps = mana_count(pay) if isinstance(pay, dict) else 1  # a grouped payment stands for count
        if not isinstance(s, str):
            malformed.append(f"payments[{n}]: bad symbol "
                             f"{pay.get('symbol') if isinstance(pay, dict) else pay!r}")
        elif reps is None:
            malformed.append(f"payments[{n}]: a payment's count must be a whole number of at least "
                             f"1, "
                             f"not {pay.get('count')!r}")
        elif s == "{X}":
            x_paid += reps
        elif not s[1:-1].isdigit():  # generic is checked by amounts
            counts[s] = counts.get(s, 0) + reps
    return (counts, x_paid), malformed


def _finish(p: Problem, answer: dict[str, Any], tc: TotalCost, claimed: tuple[dict[str, int], int],
            r: _Replay,
            ability_life: int, damage: int, energy: int, sacrificed: int, used: int,
            measured: dict[str, int], board: BoardState | None = None) -> list[str]:
    """Check the total cost ``tc`` is what the payments pay, then life, energy and the numbers."""
    errors = r.errors
    purpose = p._purpose
    payments = answer.get("payments", [])
    x = answer.get("x", 0)
    cost_life, cost_energy, spent = _check_total(p, tc, payments, claimed, x, r, purpose, errors)
    # Life (601.2g-h, 118.3) and energy.
    life = p.player.life
    if ability_life > max(0, life):
        errors.append(f"abilities cost {ability_life} life but the player has {life}")
    if cost_life > 0 and cost_life > life - ability_life - damage:
        errors.append(f"the cost's {cost_life} life is more than the "
                      f"{life - ability_life - damage} life left")
    lost = ability_life + damage + cost_life
    if lost > 0 and p.player.keep_life is not None and life - lost < p.player.keep_life:
        errors.append(f"leaves {life - lost} life, below keep_life {p.player.keep_life}")
    if energy + cost_energy > p.player.energy:
        errors.append(f"spends {energy + cost_energy} energy but the player has {p.player.energy}")
    # Reported numbers: one comparison of all of them, and a look at each only if one is wrong.
    spent_colors = sorted(set(map(_TYPE, spent)).intersection(COLORS), key=COLORS.index)
    reported = {
        "life_paid": ability_life + cost_life, "damage": damage,
                "energy_paid": energy + cost_energy,
        "sacrificed": sacrificed, "colors_spent": spent_colors,
    }
    if board is not None:
        reported.update(board.fields())
    if not reported.items() <= answer.items():
        for key, value in reported.items():
            if answer.get(key) != value:
                errors.append(f"{key} says {answer.get(key)!r} but the payment gives {value!r}")
    in_pool = sum(r.counts)
    made_unspent = in_pool - (len(p.pool) - r.pool_spent)  # less what was in the pool at the start
    values = {"min_life": lost, "min_energy": energy + cost_energy, "min_sacrifices": sacrificed,
              "min_sources": used, "min_waste": made_unspent, "max_x": x,
              "max_colors": len(spent_colors), "min_colors": len(spent_colors),
              "min_drawbacks": 0, "min_cards": 0, "min_counters": 0}
    if board is not None:
        values.update(board.values())
    measured.update(values)
    objective = answer.get("objective", {})
    if not isinstance(objective, dict):
        errors.append(f"objective must be an object of values per objective, not {objective!r}")
    elif not objective.items() <= values.items():
        for name, value in objective.items():
            if values.get(name) != value:
                errors.append(f"objective {name} says {value} but the payment gives "
                              f"{values.get(name)}")
    errors.extend(_left_over_errors(answer, r))
    return errors


def _left_over_errors(answer: dict[str, Any], r: _Replay) -> list[str]:
    """Does the answer say what is left in the pool, per type? ``left_over`` (one string per
    mana, while short) and ``left_over_counts`` (per type) are each checked when given; one of
    them must be (solver/answer/size.py)."""
    left: dict[str, int] = {}
    for (t, _), same in r.tokens.items():
        for tok in same:
            n = r.counts[tok[4]]
            if n:
                left[t] = left.get(t, 0) + n
    errors = []
    if "left_over" not in answer and "left_over_counts" not in answer:
        errors.append("the answer says nothing of the mana left in the pool (left_over or "
                      "left_over_counts)")
    if "left_over" in answer:
        listed = answer["left_over"]
        said: dict[Any, int] = {}
        for m in listed if isinstance(listed, list) else [listed]:
            key = m[1:-1] if isinstance(m, str) and len(m) == 3 and m[0] == "{" and m[2] == "}" else repr(m)
            said[key] = said.get(key, 0) + 1
        # a list of "{T}", one per mana (section 6)
        if said != left or not isinstance(listed, list):
            errors.append(f"left_over doesn't match the mana left in the pool ({_per_type(left)})")
    if "left_over_counts" in answer and answer["left_over_counts"] != left:
        errors.append(f"left_over_counts says {answer['left_over_counts']!r} but the pool holds "
                      f"{_per_type(left)}")
    return errors


def _per_type(left: dict[str, int]) -> str:
    return ", ".join(f"{n} {{{t}}}" for t, n in left.items()) or "nothing"


def _check_total(p: Problem, tc: TotalCost, payments: list[dict[str, Any]], claimed: tuple[dict[str, int], int],
                 x: int, r: _Replay, purpose: Purpose, errors: list[str]) -> tuple[int, int,
                                                                                   list[Token]]:
    """Check the payments pay the total cost ``tc``; returns (life paid, energy paid, the mana
    spent)."""
    problems = _match(tc, claimed, x, p)
    if problems:
        errors.extend(problems)
        return 0, 0, []
    achroma = "achroma" in p.keywords
    inc_generic, exempt = _increase_allowance(tc) if achroma else (0, None)
    spend_as = p.spend_as
    life = tc.life
    energy = 0
    generic_paid = twobrid_generic = 0  # for the amounts, checked after the loop
    overfull: list[str] = []  # {2/W} entries paid with more than two mana
    spent: list[Token] = []
    for n, pay in enumerate(payments):
        text = pay["symbol"]
        mana = pay.get("mana", [])
        # identical payments grouped (solver/answer/size.py); checked whole
        reps = pay.get("count", 1)
        items: list[dict[str, Any]] = []
        if p.payment is not None:  # 9.3: convoke, improvise and delve items beside the mana
            items, mana = split_items(mana)
        units = _units(mana) + len(items)
        if text.startswith("{2/"):
            if pay.get("half") == "{2}":
                twobrid_generic += 2 * reps
                generic_paid += units
            if units > 2 * reps:
                overfull.append(f"{text} is paid with more than two mana")
        elif text == "{X}" or text[1:-1].isdigit():
            generic_paid += units
        where = f"payments[{n}]"
        sym = _symbol(text)
        if sym is None:
            errors.append(f"{where}: bad symbol {pay.get('symbol')!r}")
            continue
        kind = sym.kind
        if kind is KIND_ENERGY:
            if pay.get("energy") != 1:
                errors.append(f"{where}: {{E}} is paid with one energy")
            energy += reps
            continue
        if "life" in pay:
            life += reps * _life_payment(sym, pay, where, errors)
            continue
        tokens = r.spend(mana, where, purpose)
        spent += tokens
        for tok in tokens:
            _not_generic(sym, kind is KIND_TWOBRID and pay.get("half") == "{2}", tok, where, errors)
        if kind is KIND_GENERIC:
            if not achroma:  # any mana pays generic
                continue
            bad = [t for t in tokens if not _mana_ok(sym, t[0], t[1], achroma_own=achroma,
                                                     spend_as=spend_as)]
            if spend_as != "any_type":
                # The player places the generic reduction where it helps most, so the entry may
                # hold as much other mana as the increase added (702.86e-f); the amounts are
                # checked against the whole generic component below.
                if len(bad) + len(items) > inc_generic:
                    errors.append(f"{where}: Achroma lets only colorless mana pay the object's own "
                                  f"generic (702.86a)")
            elif bad or len(items) > inc_generic:
                errors.append(f"{where}: {sym} paid with mana that can't pay it")
            continue
        if kind is KIND_X:
            if items:
                check_items(p, sym, pay, items, achroma, False, where, errors)
            for t in tokens:
                if not _mana_ok(sym, t[0], t[1], achroma_own=achroma, spend_as=spend_as,
                                x_color=p.x_color):
                    errors.append(f"{where}: {{{t[0]}}} can't pay {{X}} here")
            continue
        generic_half = kind is KIND_TWOBRID and pay.get("half") == "{2}"
        if not generic_half and units != reps:
            errors.append(f"{where}: {sym} is paid with one mana, not {units}" if reps == 1 else
                          f"{where}: {reps} {sym} are paid with one mana each, not {units} in all")
        # the usual case: Achroma changes nothing here
        if kind is KIND_COLORED and spend_as is None:
            if items:
                check_items(p, sym, pay, items, achroma, generic_half, where, errors)
            for t in tokens:
                if t[0] not in sym.colors:
                    errors.append(f"{where}: {{{t[0]}}} can't pay {sym}")
            continue
        own = achroma
        if achroma and exempt[str(sym)] >= reps and ((items and generic_half) or any(
                not _mana_ok(sym, t[0], t[1], achroma_own=True, spend_as=spend_as,
                             generic_half=generic_half)
                # a grouped entry's payments are alike: all exempt, or it is
                # checked
                for t in tokens)):
            exempt[str(sym)] -= reps
            own = False
        if items:
            check_items(p, sym, pay, items, own, generic_half, where, errors)
        for t in tokens:
            if not _mana_ok(sym, t[0], t[1], achroma_own=own, spend_as=spend_as,
                            generic_half=generic_half):
                errors.append(f"{where}: {{{t[0]}}} can't pay {sym}")
    # Generic, X and {2/W} generic halves: paid in full less the generic reduction (118.7a).
    size = tc.generic + tc.x_symbols * x + twobrid_generic
    expected = max(0, size - tc.generic_reduction)
    if generic_paid != expected:
        errors.append(f"generic mana paid is {generic_paid} but the total cost needs {expected} "
                      f"({size} generic less {tc.generic_reduction} reduction)")
    errors.extend(overfull)
    return life, energy, spent


def _increase_allowance(tc: TotalCost) -> tuple[int, Counter[str]]:
    """Symbols an increase added are outside Achroma (702.86e): the generic it added, and how many
    of each symbol may skip Achroma's limits."""
    inc_generic = sum(t.symbol.amount for t in tc.terms if t.symbol.kind is KIND_GENERIC
                      and t.origin == INCREASE)
    return inc_generic, Counter(str(t.symbol) for t in tc.terms if t.origin == INCREASE)


def _match(tc: TotalCost, claimed: tuple[dict[str, int], int], x: int, p: Problem) -> list[str]:
    """Do the paid symbols make up this total cost? (generic and X checked by amounts)"""
    wanted = tc.symbol_counts
    got, x_paid = claimed
    problems = []
    if wanted != got:
        problems.append(f"payments cover {dict(got)} but the total cost has {dict(wanted)}")
    if x_paid != tc.x_symbols:
        problems.append(f"{tc.x_symbols} {{X}} in the total cost, {x_paid} paid")
    if x and (tc.x_forced_zero or not tc.x_symbols):
        problems.append("X must be 0 here (107.3b, or no {X} is paid)")
    if tc.x_symbols and not tc.x_forced_zero and isinstance(p.x, int) and x != p.x:
        problems.append(f"X is {x} but the problem fixes it at {p.x}")
    if tc.variant == "free" and isinstance(p.x, int) and p.x > 0:
        problems.append("with free, X is 0 (107.3b), but the problem fixes it above 0")
    if tc.x_symbols and "achroma" in p.keywords and p.x_color and x:
        problems.append("with Achroma and a color for X, X can only be 0 (702.86c)")
    return problems
