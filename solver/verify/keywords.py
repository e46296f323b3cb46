"""The verifier's checks of spec 9.3 (DESIGN principle 4): convoke, improvise, delve and the
object's own non-mana costs, replayed from the loaded problem and the answer alone (no code of
the model builder, ``cpsat_keywords``, is used).

After the mana abilities (601.2g), the board replay (``verify_board.BoardState``) says how many
copies of each source are still on the battlefield and untapped; each ``{"convoke": id}`` or
``{"improvise": id}`` item of a payment and each copy ``other_costs`` taps needs its own such
copy, of the right type (702.51a, 702.126a), and a convoked creature pays only ``{1}`` or a
colored half of one of its colors; each ``{"delve": 1}`` item exiles a card the graveyard holds
at that moment (702.66a; cards that costs discarded or milled are there). None of them pays
``{C}``, ``{S}``, Achroma's colorless-only generic or X under ``x_color`` (9.7).
"""

from __future__ import annotations

from typing import Any

from tapwise.models.mana import (COLORS, KIND_COLORED, KIND_COLORLESS_HYBRID, KIND_GENERIC,
                                 KIND_HYBRID,
                                 KIND_HYBRID_PHYREXIAN, KIND_PHYREXIAN, KIND_TWOBRID, KIND_X,
                                 Symbol)
from tapwise.models.problem import Problem

KEYWORDS = ("convoke", "improvise", "delve")
_KEYWORD_SET = frozenset(KEYWORDS)
_TYPE_OF = {"convoke": "creature", "improvise": "artifact"}
_COLORED_HALF = (KIND_COLORED, KIND_HYBRID, KIND_TWOBRID, KIND_COLORLESS_HYBRID, KIND_PHYREXIAN,
                 KIND_HYBRID_PHYREXIAN)


def item_keyword(entry: Any) -> str | None:
    """The keyword a payment's mana entry stands for, or None for an entry of mana."""
    if type(entry) is dict and len(entry) == 1:
        for key in entry:
            return key if key in _KEYWORD_SET else None
    return None


def split_items(mana: Any) -> tuple[list[dict[str, Any]], Any]:
    """A payment's ``mana`` list as (its keyword items, its mana entries), in one pass (a board
    of thousands of creatures convokes thousands of items)."""
    if not isinstance(mana, list):
        return [], mana
    items: list[dict[str, Any]] = []
    rest: list[Any] = []
    for m in mana:
        (items if type(m) is dict and len(m) == 1 and next(iter(m)) in _KEYWORD_SET
         else rest).append(m)
    return (items, rest) if items else ([], mana)


class KeywordReplay:
    """What 601.2h's keywords and other costs took, as replayed: counts for the answer's fields."""

    def __init__(self) -> None:
        self.counts = {k: 0 for k in KEYWORDS}
        self.sacrificed = 0
        self.tapped: dict[str, int] = {}  # source id -> copies tapped in 601.2h

    def distinct_copies(self, p: Problem, answer: dict[str, Any]) -> dict[str, int]:
        """Per source, copies that are surely distinct (9.6 ``min_sources``): those tapped in
        601.2h and those its own abilities without {T} sacrificed before."""
        gone: dict[str, int] = {}
        by_id = {s.id: s for s in p.sources}
        for act in answer.get("activations", []):
            src = by_id.get(act.get("source"))
            j = act.get("ability")
            if src is not None and isinstance(j, int) and 0 <= j < len(src.abilities):
                ab = src.abilities[j]
                if ab.sacrifice and not ab.tap and src.zone == "battlefield":
                    gone[src.id] = gone.get(src.id, 0) + act.get("times", 1)
        return {sid: n + gone.get(sid, 0) for sid, n in self.tapped.items()}


def replay_keywords(p: Problem, answer: dict[str, Any], board: Any, taps: dict[str, int],
                    errors: list[str]) -> KeywordReplay:
    """Check the copies and cards 601.2h takes against what the mana abilities left on
    ``board``; the copies tapped are added to ``taps`` (they count in ``min_sources``, 9.6), the
    cards to the board's counts, and the answer fields of 9.3 to ``board.keyword_fields``."""
    out = KeywordReplay()
    kw = p.payment
    by_id = {s.id: s for s in p.sources}
    for n, pay in enumerate(answer.get("payments", [])):
        mana = pay.get("mana") if isinstance(pay, dict) else None
        items, _ = split_items(mana)
        same: dict[tuple[str, Any], int] = {}  # each (keyword, payer) once, however many items
        for item in items:
            keyword = next(iter(item))
            payer = item[keyword]
            key = (keyword, payer if isinstance(payer, (str, int)) and not isinstance(payer, bool)
                   else repr(payer))
            same[key] = same.get(key, 0) + 1
        for (keyword, payer), times in same.items():
            where = f"payments[{n}]"
            item = {keyword: payer}
            if not getattr(kw, keyword):
                errors.append(f"{where}: pays with {keyword}, which the object doesn't have")
                continue
            out.counts[keyword] += times
            if keyword == "delve":
                if item["delve"] != 1:
                    errors.append(f"{where}: a delve item stands for one card: {{\"delve\": 1}}")
                continue
            sid = item[keyword]
            src = by_id.get(sid) if isinstance(sid, str) else None
            if src is None or src.zone != "battlefield" or _TYPE_OF[keyword] not in src.types:
                errors.append(f"{where}: {sid!r} is not a{'n' if keyword == 'improvise' else ''} "
                              f"{_TYPE_OF[keyword]} on the battlefield to tap for {keyword}")
                continue
            out.tapped[sid] = out.tapped.get(sid, 0) + times
    other = kw.other
    report = answer.get("other_costs")
    expected_keys = set()
    if other is not None:
        if not isinstance(report, dict):
            errors.append("other_costs: the answer must say what the object's other costs took")
            report = {}
        for key, others in (("sacrificed", other.sacrifice), ("tapped", other.tap)):
            if others is None:
                continue
            expected_keys.add(key)
            ids = report.get(key)
            if not isinstance(ids, list) or len(ids) != others.n:
                errors.append(f"other_costs.{key} must list {others.n} permanents, not {ids!r}")
                continue
            for q in ids:
                victim = by_id.get(q) if isinstance(q, str) else None
                if victim is None or not others.matches(victim):
                    errors.append(f"other_costs.{key}: {q!r} is not a permanent the cost may take")
                    continue
                if key == "tapped":
                    out.tapped[q] = out.tapped.get(q, 0) + 1
                else:
                    out.sacrificed += 1
            if key == "sacrificed":
                for q in {q for q in ids if isinstance(q, str)} & set(by_id):
                    if ids.count(q) > board.alive[q]:
                        errors.append(f"other_costs.sacrificed: only {board.alive[q]} copies of "
                                      f"{q} are left "
                                      "on the battlefield")
        for key, field in (("discarded", "discard"), ("exiled", "exile_graveyard"), ("milled",
                                                                                     "mill")):
            if getattr(other, field):
                expected_keys.add(key)
                if report.get(key) != getattr(other, field):
                    errors.append(f"other_costs.{key} says {report.get(key)!r} but the cost is "
                                  f"{getattr(other, field)}")
        if set(report) - expected_keys:
            errors.append(f"other_costs reports {sorted(set(report) - expected_keys)}, which the "
                          f"costs don't take")
    elif report is not None:
        errors.append("other_costs: the object has no other costs")
    for sid, n in out.tapped.items():
        if n > board.untapped[sid]:
            errors.append(f"{sid}: {n} copies tapped as the total cost is paid, but only "
                          f"{board.untapped[sid]} are "
                          "untapped and on the battlefield then")
        taps[sid] = taps.get(sid, 0) + n
    # Cards: what the hand, the library and the graveyard hold as the total cost is paid.
    discard = other.discard if other is not None else 0
    exile = other.exile_graveyard if other is not None else 0
    mill = other.mill if other is not None else 0
    if board.discarded + discard > p.hand:
        errors.append(f"discards {board.discarded + discard} cards in all, but the hand has "
                      f"{p.hand}")
    if p.library is not None and board.milled + mill > p.library:
        errors.append(f"mills {board.milled + mill} cards in all, but the library has {p.library}")
    graveyard = p.graveyard + board.discarded + board.milled - board.exiled + discard + mill
    if out.counts["delve"] + exile > graveyard:
        errors.append(f"exiles {out.counts['delve'] + exile} cards from the graveyard as the total "
                      f"cost is paid, "
                      f"but it holds {graveyard}")
    board.cards += out.counts["delve"] + discard + exile + mill
    board.discarded += discard
    board.keyword_fields = {"convoked": out.counts["convoke"],
                            "improvised": out.counts["improvise"],
                            "delved": out.counts["delve"]}
    return out


def check_items(p: Problem, sym: Symbol, pay: dict[str, Any], items: list[dict[str, Any]],
                own: bool,
                generic_half: bool, where: str, errors: list[str]) -> None:
    """May these keyword items pay (part of) ``sym``? ``own``: under Achroma, the symbol is the
    object's own (702.86a: its generic only colorless mana, and so never a keyword, 9.7)."""
    kind = sym.kind
    achroma = "achroma" in p.keywords
    if kind is KIND_GENERIC:
        return  # Achroma's share is counted with the mana that can't pay it (verify._check_total)
    if kind is KIND_X:
        if achroma or p.x_color is not None:
            errors.append(f"{where}: convoke, improvise and delve don't pay X under Achroma or "
                          f"x_color (9.7)")
        return
    if generic_half:
        if achroma and own:
            errors.append(f"{where}: Achroma's own generic is paid only with colorless mana, never "
                          f"a keyword (9.7)")
        return
    by_id = {s.id: s for s in p.sources}
    half = pay.get("half")
    for item in {repr(i): i for i in items}.values():  # each payer once
        keyword = item_keyword(item)
        if keyword != "convoke" or kind not in _COLORED_HALF:
            errors.append(f"{where}: {keyword} can't pay {sym} (only {{1}}, and convoke a colored "
                          f"half)")
            continue
        sid = item["convoke"]
        src = by_id.get(sid) if isinstance(sid, str) else None
        if src is None:
            continue  # reported by replay_keywords
        colors = sym.colors if not isinstance(half, str) else half.strip("{}")
        if not set(src.colors) & set(colors) & set(COLORS):
            errors.append(f"{where}: {src.id} has none of {sym}'s colors to convoke it (702.51a)")
