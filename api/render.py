"""A spec answer as a plan a player reads at a terminal."""

from __future__ import annotations

from collections import Counter
from typing import Any


def _mana_list(mana: list[dict[str, Any]]) -> str:
    """``{G}x3 from Forest, {C} from pool``: the mana of a payment (entries carry a ``count``)."""
    counts: Counter[tuple[str, str]] = Counter()
    keywords: Counter[str] = Counter()  # 9.3: creatures, artifacts, cards paying beside the mana
    for m in mana:
        if "type" not in m:
            keywords["delve" if "delve" in m else " ".join(f"{k} {v}" for k, v in m.items())] += 1
            continue
        counts[(m["type"], m["source"])] += m.get("count", 1)
    parts = [f"{{{t}}}" + (f"x{n}" if n > 1 else "") + f" from {src}" for (t, src),
             n in counts.items()]
    parts += [(f"delve {n} card{'s' if n > 1 else ''}" if k == "delve" else k + (f" x{n}" if n > 1
                                                                                 else ""))
              for k, n in keywords.items()]
    return ", ".join(parts)


def render(answer: dict[str, Any]) -> str:
    """The answer as a person reads it, its ``notes`` last (never silent: what its cards say
    about paying that tapwise did not read)."""
    text = _render(answer)
    notes = answer.get("notes") or []
    if notes and answer.get("status") != "error":
        text += "\n" + "\n".join(f"Note: {n['card']}: \"{n['text']}\"" + (
            "" if n["text"].startswith(("the ", "a ", "an ")) or " read as " in n["text"]
            else " (not read)") for n in notes)
    return text


def _render(answer: dict[str, Any]) -> str:
    status = answer.get("status")
    if status == "error":
        return f"error: {answer.get('error')}"
    if status != "paid":
        lines = [f"Can't pay: {status}."]
        if answer.get("why"):
            lines.append(f"Why: {answer['why']}.")
        if answer.get("conflict_counts"):  # past 64 symbols: each once, with its count
            counts = answer["conflict_counts"].items()
            lines.append("Symbols in conflict: " + ", ".join(f"{n:,} x {s}" for s, n in counts))
        elif answer.get("conflict"):
            lines.append("Symbols in conflict: " + "".join(answer["conflict"]))
        return "\n".join(lines)
    has_x = answer.get("x") or "{X}" in answer["total_cost"]
    lines = [f"Pay {answer['total_cost']}" + (f" with X = {answer.get('x', 0)}" if has_x else "")
             + ("" if answer.get("optimal") else "  (best found before the time limit, not proved "
                                                 "optimal)")]
    lines.append("Activate, in this order:")
    if not answer["activations"]:
        spent = any(p.get("mana") for p in answer["payments"])
        lines.append("  nothing (the pool covers it)" if spent else "  nothing")
    for a in answer["activations"]:
        times = f" x{a['times']}" if a["times"] > 1 else ""
        paid = ""
        if a.get("paid"):
            parts = [p["symbol"] + (f" x{p['count']}" if p.get("count", 1) > 1 else "")
                     + (" with 2 life" + (" each" if p.get("count", 1) > 1 else "") if "life" in p
                        # {0}: nothing to pay with
                        else " with " + _mana_list(p["mana"]) if p["mana"] else "")
                     for p in a["paid"]]
            paid = "  paying " + "; ".join(parts)
        effects = ""  # 9.4: what a replacement changed, and what the extras added
        if "made" in a:
            effects += f" (made {a['made']}, replaced)"
        if "extra" in a:
            effects += f", and {a['extra']} from an effect"
        lines.append(f"  {a['source']}{times}: add {a['adds']}" + effects + (" each" if times
                                                                             else "") + paid)
    lines.append("Pay each symbol:")
    for p in answer["payments"]:
        each = " each" if p.get("count", 1) > 1 else ""
        if "life" in p:
            how = f"{p['life']} life{each}"
        elif "energy" in p:
            how = f"{p['energy']} energy{each}"
        else:
            how = _mana_list(p["mana"]) or ("nothing: X is 0" if p["symbol"] == "{X}"
                                            else "nothing")
        symbol = p["symbol"] + (f" x{p['count']}" if each else "")
        lines.append(f"  {symbol:<8} {how}")
    extras = []
    if answer.get("life_paid") or answer.get("damage"):
        extras.append(f"life paid {answer['life_paid']}, damage {answer['damage']}")
    if answer.get("energy_paid"):
        extras.append(f"energy {answer['energy_paid']}")
    if answer.get("sacrificed"):
        extras.append(f"sacrificed {answer['sacrificed']}")
    extras.append(f"sources used {answer['sources_used']}")
    if answer.get("colors_spent"):
        extras.append("colors spent " + "".join(answer["colors_spent"]))
    if answer.get("counters") is not None:
        extras.append(f"counters {answer['counters']}")
    for key in ("convoked", "improvised", "delved"):
        if answer.get(key):
            extras.append(f"{key} {answer[key]}")
    for key, ids in (answer.get("other_costs") or {}).items():
        extras.append(f"other costs {key} " + (", ".join(ids) if isinstance(ids, list)
                                               else str(ids)))
    summary = "; ".join(extras)
    lines.append(summary[:1].upper() + summary[1:] + ".")
    lines.append("Left in the pool: " + _left_over(answer) + ".")
    return "\n".join(lines)


def _left_over(answer: dict[str, Any]) -> str:
    """The mana left: as listed while the list is short, else per type (``{C}x70``)."""
    if "left_over" in answer:
        return "".join(answer["left_over"]) or "nothing"
    return ", ".join(f"{{{t}}}x{n}" for t, n in answer.get("left_over_counts",
                                                           {}).items()) or "nothing"


def render_pools(pools: list[dict[str, int]]) -> str:
    """The pools of an ``available`` answer, one line each: ``{W}{W}{U} + 2 of any color``."""
    if len(pools) == 1 and not any(pools[0].values()):
        return "The board can make no mana."
    lines = [f"Maximal pools the board can make ({len(pools)}; none holds another):"]
    for pool in pools:
        text = "".join(f"{{{t}}}" * pool[t] for t in ("W", "U", "B", "R", "G", "C"))
        if pool["Any"]:
            text += (" + " if text else "") + f"{pool['Any']} of any color"
        notes = [f"{pool[k]} {k}" for k in ("snow", "restricted") if pool[k]]
        lines.append(f"  {text or 'nothing'}" + (f"  ({', '.join(notes)})" if notes else ""))
    return "\n".join(lines)


def cost_names(costs: list[Any] | None, names: list[str] | None = None) -> list[str]:
    """What to call each cost of a plan: the card or cost text typed (``names``), else the
    cost's ``id``, else its ``cost`` text, numbered (``{R} #2``) only where two read the same."""
    labels = []
    for i, cost in enumerate(costs or []):
        given = names[i] if names is not None and i < len(names) else None
        own = cost.get("id", cost.get("cost")) if isinstance(cost, dict) else None
        label = given if given is not None else own if isinstance(own, (str, int)) else None
        labels.append(str(label) if label is not None else f"cost {i}")
    twice = {label for label in labels if labels.count(label) > 1}
    return [f"{label} #{i + 1}" if label in twice else label for i, label in enumerate(labels)]


def render_plan(answer: dict[str, Any], costs: list[Any] | None = None,
                names: list[str] | None = None) -> str:
    """A ``plan`` answer: which costs it pays, in order, each payment as :func:`render` shows it,
    and what the board has left. Each cost is named by :func:`cost_names`."""
    labels = cost_names(costs, names)

    def name(i: int) -> str:
        return labels[i] if i < len(labels) else f"cost {i}"

    if answer.get("status") == "error":
        return f"error: {answer.get('error')}"
    if answer.get("status") == "unknown":
        return f"No plan: {answer.get('why', 'unknown')}."
    paid, unpaid = answer.get("paid", []), answer.get("unpaid", [])
    value = answer.get("objective", {}).get("mana_value")
    if not paid:
        lines = ["None of the costs can be paid."]
    else:
        lines = [f"Pays {len(paid)} of {len(paid) + len(unpaid)} costs, in this order: "
                 + ", ".join(name(i) for i in paid) + (f"; total mana value {value}"
                                                       if value is not None else "")
                 + ("" if answer.get("optimal") else " (best found before the time limit, not "
                                                     "proved optimal)")
                 + "."]
    why = answer.get("why", [])
    for n, i in enumerate(unpaid):
        reason = why[n] if n < len(why) else ""
        lines.append(f"Not paid: {name(i)}" + (f": {reason}" if reason else "") + ".")
    for i, one in zip(paid, answer.get("answers", [])):
        lines.append("")
        lines.append(f"{name(i)}:")
        lines += ["  " + line for line in render(one).splitlines()]
    left = answer.get("left", {})
    untapped = sum(s.get("count", 1) - (s.get("count", 1) if s.get("tapped") is True
                                        else s.get("tapped", 0))
                   for s in left.get("sources", []))
    pool = [m if isinstance(m, str) else m["mana"] for m in left.get("pool", [])]
    player = left.get("player", {})
    lines.append("")
    lines.append(f"Left: {untapped} untapped source cop{'y' if untapped == 1 else 'ies'}, "
                 f"pool {''.join(pool) or 'empty'}"
                 + (f", life {player['life']}" if "life" in player else "")
                 + (f", energy {player['energy']}" if player.get("energy") else "") + ".")
    return "\n".join(lines)
