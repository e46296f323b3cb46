"""A payment as a picture: the board as cards, the tapped ones turned, the cost on top.

python-chess draws a position as SVG (``chess.svg.board``) and a notebook shows it; this does
the same for a payment::

    import tapwise, tapwise.svg
    problem = {"cost": "{1}{G}", "sources": [{"name": "Forest", "count": 2}, {"name": "Sol Ring"}]}
    svg = tapwise.svg.payment(tapwise.pay(problem), problem)   # SVG text

It reads only the answer and problem JSON of ``problem.md`` (sections 2, 3 and 6), so it draws
what the answer says, whatever the solver did to find it. Every card is a ``<g class="card">``
with ``data-source`` (the source id) and ``data-name``; a turned one has the class ``tapped``, a
sacrificed, exiled or convoked one ``sacrificed``, ``exiled`` or ``convoked``; its labels are
``<text class="made">`` and ``<text class="paid">``. Each symbol of the cost is a
``<g class="symbol">`` with ``data-symbol`` and ``data-paid-by`` (the mana types, ``life`` or
``energy``); a symbol in an infeasible answer's conflict has the class ``conflict``.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from tapwise.models.mana import ManaCost, NotationError

__all__ = ["payment"]

COLORS = {"W": "#f8f3d6", "U": "#1f6fb5", "B": "#2b2622", "R": "#d3202a", "G": "#10804a",
          "C": "#bdb6b2", "life": "#e5738a", "energy": "#f2a51a", "keyword": "#8e7cc3"}
"""Fill of a symbol by what paid it: a mana type, life, energy, or a creature/artifact/card."""
INK = {"W": "#222", "C": "#222", "life": "#222", "energy": "#222"}
CARD_W, CARD_H, SLOT = 100, 140, 172
PER_ROW = 5
LABEL_LINES = 4


@dataclass
class _Card:
    """One drawn card: some copies of one source, turned or not, and what they did."""

    sid: str
    name: str
    copies: int
    turned: bool = False
    made: list[str] = field(default_factory=list)
    paid: Counter = field(default_factory=Counter)
    marks: list[str] = field(default_factory=list)
    note: str = ""
    kinds: str = ""
    """The mana types its abilities can make (WUBRGC order), for the band across the card."""


def payment(answer: Any, problem: dict[str, Any] | None = None) -> str:
    """The SVG text picturing ``answer`` (a dict of spec section 6, or a typed
    :class:`tapwise.Answer`) on the board of ``problem`` (the problem dict; without it only the
    sources the answer names are drawn, and every activation is taken to tap its source)."""
    data = answer.to_json() if hasattr(answer, "to_json") else dict(answer)
    sources = _sources(problem)
    cards = _cards(data, sources)
    symbols = _symbols(data, problem, {s.id: s.colors for s in sources})
    return _draw(data, symbols, cards)


def _sources(problem: dict[str, Any] | None) -> list[Any]:
    """The problem's sources, loaded (ids made unique as the loader makes them), or []."""
    if not isinstance(problem, dict):
        return []
    from tapwise.models.problem import ProblemError
    from tapwise.models.loader import load_problem

    try:
        return list(load_problem(problem).sources)
    except (ProblemError, ValueError, TypeError):
        return []


def _cards(data: dict[str, Any], sources: list[Any]) -> list[_Card]:
    """The cards to draw: each source's used copies turned (or marked), the rest upright."""
    by_id = {s.id: s for s in sources}
    order = [s.id for s in sources]
    made: dict[str, list[str]] = {}
    used: Counter = Counter()
    gone: dict[str, str] = {}
    turns: set[str] = set()
    hurt: dict[str, int] = {}
    for act in data.get("activations") or []:
        sid, times = act["source"], act.get("times", 1)
        if sid not in by_id and sid not in order:
            order.append(sid)
        made.setdefault(sid, []).append(_times(act["adds"], times))
        ability = _ability(by_id.get(sid), act.get("ability", 0))
        if ability is None or ability.tap:
            turns.add(sid)
        if ability is None or ability.tap or ability.sacrifice:
            used[sid] += times
        if ability is not None and ability.sacrifice:
            gone[sid] = "exiled" if getattr(by_id[sid], "zone", "") == "hand" else "sacrificed"
        if ability is not None and (ability.damage or ability.life):
            hurt[sid] = hurt.get(sid, 0) + (ability.damage + ability.life) * times
    paid: dict[str, Counter] = {}
    convoked: Counter = Counter()
    pool_types: set[str] = set()
    for p in data.get("payments") or []:
        for unit in p.get("mana") or []:
            sid = unit.get("source") or unit.get("convoke") or unit.get("improvise")
            if sid is None:
                continue
            if sid not in by_id and sid not in order:
                order.append(sid)
            paid.setdefault(sid, Counter())[p["symbol"]] += unit.get("count", 1) * p.get("count", 1)
            if sid == "pool" and unit.get("type"):
                made.setdefault("pool", [])  # the pool made nothing; its band shows what it held
                pool_types.add(unit["type"])
            if "convoke" in unit or "improvise" in unit:
                convoked[sid] += 1
                used[sid] += 1
                turns.add(sid)
    cards = []
    paid_ok = data.get("status") == "paid"
    for sid in order:
        source = by_id.get(sid)
        kinds = _kinds(source, made.get(sid, [])) if sid != "pool" else "".join(
            t for t in "WUBRGC" if t in pool_types)
        name = (source.name or sid) if source is not None else ("Mana pool" if sid == "pool"
                                                                else sid)
        count = source.count if source is not None else max(used[sid], 1)
        before = min(int(source.tapped), count) if source is not None else 0
        n_used = min(used[sid], count - before) if sid != "pool" else 1
        if n_used or sid in paid:
            card = _Card(sid, name, max(n_used, 1), turned=sid in turns and n_used > 0,
                         made=made.get(sid, []), paid=paid.get(sid, Counter()), kinds=kinds)
            if sid in gone:
                card.marks.append(gone[sid])
            if sid in hurt:
                card.marks.append(f"{hurt[sid]} life lost")
            if convoked[sid]:
                card.marks.append("convoked" if any("convoke" in str(u) for u in _units(data, sid))
                                  else "improvised")
            cards.append(card)
        rest = count - before - n_used
        if rest > 0 and sid != "pool":
            cards.append(_Card(sid, name, rest, note="unused" if paid_ok else "", kinds=kinds))
        if before:
            cards.append(_Card(sid, name, before, turned=True, marks=["tapped before"],
                               kinds=kinds))
    return cards


def _kinds(source: Any, made: list[str]) -> str:
    """The mana types ``source``'s abilities name (any color: all five), else those it made."""
    text = " ".join(str(a.add) for a in source.abilities) if source is not None else " ".join(made)
    if "any_color" in text or "one_color" in text or "reflect" in text:
        return "WUBRG"
    kinds = "".join(t for t in "WUBRGC" if "{" + t + "}" in text or "/" + t + "}" in text
                    or "{" + t + "/" in text)
    if not kinds and any(ch.isdigit() for ch in text):
        kinds = "C"
    return kinds or (getattr(source, "colors", "") or "")  # no mana: a creature shows its colors


def _units(data: dict[str, Any], sid: str) -> list[dict[str, Any]]:
    return [u for p in data.get("payments") or [] for u in p.get("mana") or [] if sid in u.values()]


def _ability(source: Any, index: int) -> Any:
    if source is None or not 0 <= index < len(source.abilities):
        return None
    return source.abilities[index]


def _times(adds: str, times: int) -> str:
    return adds * times if times <= 3 else f"{adds}×{times}"


@dataclass
class _Symbol:
    text: str
    paid_by: list[str]
    conflict: bool = False


def _symbols(data: dict[str, Any], problem: dict[str, Any] | None,
             colors: dict[str, str]) -> list[_Symbol]:
    """The cost's symbols, each with what paid it (in the answer's order), or for an unpaid
    answer the problem's cost with the conflict's symbols marked."""
    if data.get("payments"):
        out = []
        for p in data["payments"]:
            if "life" in p:
                by = ["life"]
            elif "energy" in p:
                by = ["energy"]
            else:
                by = []
                for unit in p.get("mana") or []:
                    kind = unit.get("type") or (colors.get(unit.get("convoke", ""), "")
                                                or "keyword")[0]
                    by += [kind if kind in COLORS else "keyword"] * unit.get("count", 1)
            out += [_Symbol(p["symbol"], by) for _ in range(min(p.get("count", 1), 12))]
        return out
    text = data.get("total_cost")
    if text is None and isinstance(problem, dict) and isinstance(problem.get("cost"), str):
        text = problem["cost"]
    try:
        symbols = [str(s) for s in ManaCost.parse(text).symbols] if text else []
    except (NotationError, AttributeError, TypeError):
        symbols = []
    conflict = Counter(data.get("conflict") or [])
    out = []
    for s in symbols:
        marked = conflict[s] > 0
        conflict[s] -= 1 if marked else 0
        out.append(_Symbol(s, [], marked))
    return out


def _draw(data: dict[str, Any], symbols: list[_Symbol], cards: list[_Card]) -> str:
    rows = max(1, math.ceil(len(cards) / PER_ROW))
    width = 40 + SLOT * max(min(len(cards), PER_ROW), 3)
    top = 130 if data.get("why") or data.get("error") else 110
    label_h = 16 * LABEL_LINES + 8
    height = top + rows * (SLOT + label_h) + 10
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="Helvetica, Arial, sans-serif">',
           f'<rect class="background" width="{width}" height="{height}" fill="#fbfaf7"/>']
    out.append(_text(20, 28, _title(data), 16, "title", weight="bold"))
    for i, sym in enumerate(symbols):
        out.append(_symbol(36 + i * 36, 62, sym))
    if data.get("why") or data.get("error"):
        out.append(_text(20, 104, str(data.get("why") or data.get("error")), 13, "why",
                         fill="#a01010"))
    if not cards:
        out.append(_text(20, top + 20, "No source on the board.", 13, "empty"))
    for i, card in enumerate(cards):
        x = 20 + (i % PER_ROW) * SLOT
        y = top + (i // PER_ROW) * (SLOT + label_h)
        out.append(_card(x, y, card))
    out.append("</svg>")
    return "\n".join(out)


def _title(data: dict[str, Any]) -> str:
    status = data.get("status")
    if status == "paid":
        x = f" with X = {data['x']}" if data.get("x") else ""
        return f"Pay {data.get('total_cost', '')}{x}"
    if status == "error":
        return "Error"
    return f"Can't pay: {status}"


def _text(x: float, y: float, text: str, size: int, cls: str, anchor: str = "start",
          fill: str = "#222", weight: str = "normal") -> str:
    return (f'<text class="{cls}" x="{x:g}" y="{y:g}" font-size="{size}" text-anchor="{anchor}" '
            f'fill="{fill}" font-weight="{weight}">{escape(text)}</text>')


def _symbol(cx: float, cy: float, sym: _Symbol) -> str:
    """One cost symbol: a disc filled by what paid it (a wedge per mana when several did)."""
    by = sym.paid_by
    attrs = (f'class="symbol{" conflict" if sym.conflict else ""}" '
             f'data-symbol={quoteattr(sym.text)} '
             f'data-paid-by={quoteattr(" ".join(by))}')
    parts = [f"<g {attrs}>"]
    r = 15
    if not by:
        parts.append(f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="#e9e6e0" stroke="#888"/>')
    elif len(set(by)) == 1:
        parts.append(f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="{COLORS.get(by[0], "#999")}" '
                     f'stroke="#555"/>')
    else:  # a wedge per type, as wide as its share of the mana
        start = 0
        for kind, n in Counter(by).items():
            a0 = 2 * math.pi * start / len(by) - math.pi / 2
            start += n
            a1 = 2 * math.pi * start / len(by) - math.pi / 2
            x0, y0 = cx + r * math.cos(a0), cy + r * math.sin(a0)
            x1, y1 = cx + r * math.cos(a1), cy + r * math.sin(a1)
            large = 1 if n * 2 > len(by) else 0
            parts.append(f'<path d="M{cx},{cy} L{x0:.2f},{y0:.2f} A{r},{r} 0 {large},1 '
                         f'{x1:.2f},{y1:.2f} Z" '
                         f'fill="{COLORS.get(kind, "#999")}" stroke="#555" stroke-width="0.5"/>')
        parts.append(f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="none" stroke="#555"/>')
    label = sym.text.strip("{}")
    ink = INK.get(by[0], "#fff") if len(set(by)) == 1 else "#222" if not by else "#fff"
    size = 12 if len(label) <= 2 else 9
    halo = ' stroke="#000" stroke-width="2.5" paint-order="stroke"' if len(set(by)) > 1 else ""
    parts.append(f'<text x="{cx}" y="{cy + size / 3:.1f}" font-size="{size}" text-anchor="middle" '
                 f'font-weight="bold" fill="{ink}"{halo}>{escape(label)}</text>')
    if sym.conflict:
        parts.append(f'<circle class="conflict-ring" cx="{cx}" cy="{cy}" r="{r + 3}" fill="none" '
                     f'stroke="#d01010" stroke-width="3"/>')
    parts.append("</g>")
    return "".join(parts)


def _card(x: float, y: float, card: _Card) -> str:
    """A card in its slot (turned 90° about its centre when tapped) and its labels below."""
    classes = " ".join(["card"] + (["tapped"] if card.turned else []) + [m.split()[0]
                                                                         for m in card.marks
                                                                          if m != "tapped before"]
                       + (["before"] if "tapped before" in card.marks else []))
    cx, cy = x + SLOT / 2, y + SLOT / 2
    gone = any(m in ("sacrificed", "exiled") for m in card.marks)
    fill = "#f0ebe0" if card.note != "unused" else "#f7f5f0"
    stroke = "#c03030" if gone else "#7a6a55"
    dash = ' stroke-dasharray="6,4"' if gone else ""
    opacity = ' opacity="0.55"' if "tapped before" in card.marks or card.note == "unused" else ""
    parts = [f'<g class="{classes}" data-source={quoteattr(card.sid)} '
             f'data-name={quoteattr(card.name)} '
             f'data-copies="{card.copies}"{opacity}>']
    turn = f' transform="rotate(90 {cx:g} {cy:g})"' if card.turned else ""
    left, top = cx - CARD_W / 2, cy - CARD_H / 2
    parts.append(f'<g class="face"{turn}>')
    parts.append(f'<rect x="{left:g}" y="{top:g}" width="{CARD_W}" height="{CARD_H}" rx="7" '
                 f'fill="{fill}" '
                 f'stroke="{stroke}" stroke-width="2"{dash}/>')
    band = card.kinds or " "
    for k, kind in enumerate(band):
        w = (CARD_W - 16) / len(band)
        parts.append(f'<rect class="band" x="{left + 8 + k * w:.1f}" y="{top + 52:g}" '
                     f'width="{w:.1f}" height="46" '
                     f'fill="{COLORS.get(kind, "#e4dfd4")}"/>')
    for k, line in enumerate(_wrap(card.name, 13)[:3]):
        parts.append(_text(left + 8, top + 20 + k * 14, line, 12, "name", weight="bold"))
    if card.copies > 1:
        parts.append(_text(left + CARD_W - 8, top + CARD_H - 10, f"×{card.copies}", 14, "copies",
                           "end"))
    if gone:
        parts.append(f'<path d="M{left + 12:g},{top + 40:g} '
                     f'L{left + CARD_W - 12:g},{top + CARD_H - 30:g} '
                     f'M{left + CARD_W - 12:g},{top + 40:g} L{left + 12:g},{top + CARD_H - 30:g}" '
                     f'stroke="#c03030" stroke-width="3" opacity="0.6"/>')
    parts.append("</g>")
    ly = y + SLOT + 2
    lines: list[tuple[str, str]] = []
    if card.made:
        lines.append(("made", "made " + " ".join(card.made)))
    if card.paid:
        lines.append(("paid", "paid " + ", ".join(_paid(s, n) for s, n in card.paid.items())))
    lines += [("mark", m) for m in card.marks]
    if card.note:
        lines.append(("note", card.note))
    for k, (cls, text) in enumerate(lines[:LABEL_LINES]):
        color = "#a01010" if cls == "mark" else "#555" if cls == "note" else "#222"
        parts.append(_text(cx, ly + k * 16, text, 12, cls, "middle", fill=color))
    parts.append("</g>")
    return "".join(parts)


def _paid(symbol: str, n: int) -> str:
    """``{G}{G}`` for two green symbols, ``2 of {4}`` for two mana toward a generic one."""
    if n == 1:
        return symbol
    return f"{n} of {symbol}" if symbol.strip("{}").isdigit() or symbol == "{X}" else symbol * n


def _wrap(text: str, width: int) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]
