"""The strict loader of ``problem.md``: JSON in, the typed values of models/problem.py out.

``load_problem`` is strict on purpose: an AI engine that misspells a key or sends an impossible
value gets a :class:`ProblemError` naming the field path (``sources[3].abilities[0].add``), never
a silently different problem. A source named by its card (``{"name": "Llanowar Elves"}``) is read
by the card reader (models/cards/), which builds abilities with models/abilities.py's loader,
below this one: the arrow goes one way. Plain entries come from the interning memo
(models/intern.py).
"""

from __future__ import annotations

import json
from dataclasses import MISSING, fields
from typing import Any, Iterable, Mapping

import tapwise.models.clock as clock
from tapwise.models.abilities import (ABILITY_KEYS, _cost, load_ability, load_add, load_counters,
                                      load_facts, load_restriction)
from tapwise.models.cards.source import CardFacts, CardSourceError, card_facts, named_colors
from tapwise.models.effects import MAX_EFFECTS, Effect, check_effect_facts, load_effects
from tapwise.models.facts import fact_name as _fact_name
from tapwise.models.fields import (MAX_COUNT, MAX_NUMBER, ProblemError, _bool, _choice, _expect,
                                   _int, _object, _str, _str_list)
from tapwise.models.intern import NAMED_COLORS, _implied_subtypes, _implied_supertypes, quick_source
from tapwise.models.mana import COLORS, TYPES, Kind, ManaCost
from tapwise.models.payment_keywords import keyword_path, load_payment_keywords
from tapwise.models.problem import (BOARD_KEYS, KEEP_COST_KEYS, KEYWORDS, MAX_CONVERTERS,
                                    MAX_TIME_LIMIT, MAX_UNITS, MAX_X, NOT_YET, OBJECTIVES,
                                    PROBLEM_KEYS, QUERIES, Player, PoolMana, Problem, Source,
                                    _refuse_not_yet)
from tapwise.models.statics import MAX_STATICS, apply_statics, load_statics
from tapwise.models.traits import SOURCE_SUPERTYPES, load_supertypes
from tapwise.models.traits import load_colors
from tapwise.models.values import assemble

SOURCE_KEYS = ("id", "name", "count", "types", "snow", "tapped", "abilities", "oracle",
               "subtypes", "colors", "sick", "counters", "chosen", "zone", "facts", "counts",
               "supertypes",
               "token", "type_line")
SOURCE_V2_KEYS = SOURCE_KEYS[8:-1]
NAMED_COLORS[0] = named_colors  # the interned entries' colors "from name" (9.1)


def _card_facts(name: str | None, oracle: str | None, type_line: str | None, chosen: str | None,
                path: str) -> CardFacts | None:
    """What the entry's card says (models/cards/source.py): its Oracle text, a basic land name
    or a known card; the sentences the reader skipped stay on the source as ``unread``."""

    try:
        return card_facts(name, oracle, type_line, chosen)
    except CardSourceError as e:
        raise ProblemError(f"{path}.{e.field}", e.problem) from None


def load_sources(value: Any, path: str) -> tuple[Source, ...]:
    _expect(value, (list,), path, "a list of sources")
    out: list[Source] = []
    taken: set[str] = set()
    explicit: set[str] | None = None
    numbered: dict[str, int] = {}
    for i, raw in enumerate(value):
        if i & 255 == 255 and clock.passed():  # about every 5 ms of plain entries
            raise ProblemError("time_limit", f"the time limit passed while loading {path} (at "
                                             f"entry "
                               f"{i:,} of {len(value):,}): nothing was solved")
        source = quick_source(raw, taken)
        if source is None:
            if explicit is None:
                explicit = {v["id"] for v in value if isinstance(v, dict)
                            and isinstance(v.get("id"), str)}
            source = _load_source(raw, f"{path}[{i}]", i, taken, explicit, numbered)
        taken.add(source.id)
        out.append(source)
    return tuple(out)


def _load_source(raw: Any, p: str, i: int, taken: set[str], explicit: set[str],
                 numbered: dict[str, int]) -> Source:
    """One entry, every field checked and any problem named by its path ``p``. An entry without
    an id takes its name (or ``source{i}``), else the first ``name#2``, ``name#3``, ... that no
    entry takes: ``numbered`` keeps, per base, the number the last search stopped at, so the
    search goes on from there (``taken`` only grows, so no lower number is free again) and
    loading stays linear in the number of entries."""
    obj = _object(raw, p, SOURCE_KEYS + NOT_YET["source"])
    _refuse_not_yet(obj, "source", p)
    name = _str(obj["name"], f"{p}.name") if obj.get("name") is not None else None
    oracle = _str(obj["oracle"], f"{p}.oracle") if obj.get("oracle") is not None else None
    type_line = _str(obj["type_line"],
                     f"{p}.type_line") if obj.get("type_line") is not None else None
    if "id" in obj:
        sid = _str(obj["id"], f"{p}.id")
        if sid in taken:
            raise ProblemError(f"{p}.id", f"duplicate source id {sid!r}")
    else:
        base = name if name is not None else f"source{i}"
        n = numbered.get(base, 1)
        sid = base if n == 1 else f"{base}#{n}"
        while sid in taken or sid in explicit:
            n += 1
            sid = f"{base}#{n}"
        numbered[base] = n
    if sid == "pool":
        raise ProblemError(f"{p}.id", "'pool' is reserved for mana already in the pool")
    count = _int(obj.get("count", 1), f"{p}.count", 0, MAX_COUNT)
    tapped_raw = obj.get("tapped", False)
    if isinstance(tapped_raw, bool):
        tapped = count if tapped_raw else 0
    else:
        tapped = _int(tapped_raw, f"{p}.tapped", 0, MAX_COUNT)
        if tapped > count:
            raise ProblemError(f"{p}.tapped", f"{tapped} tapped copies but count is {count}")
    chosen = obj["chosen"] if isinstance(obj.get("chosen"), str) else None
    facts = None if "abilities" in obj else _card_facts(name, oracle, type_line, chosen, p)
    if "abilities" in obj:
        _expect(obj["abilities"], (list,), f"{p}.abilities", "a list of abilities")
        abilities = tuple(load_ability(a, f"{p}.abilities[{j}]") for j,
                          a in enumerate(obj["abilities"]))
    elif facts is not None:
        abilities = tuple(load_ability(a, f"{p}.abilities[{j}]") for j,
                          a in enumerate(facts.abilities))
    else:
        what = f"{name!r} is not a basic land or a known card" if name else "it has no name"
        if name:  # the CLI's suggestions
            from tapwise.models.cards.catalog import did_you_mean
            what += did_you_mean(name)
        raise ProblemError(f"{p}.abilities", f"no abilities given, no oracle text, and {what}")
    types = (_str_list(obj["types"], f"{p}.types") if "types" in obj
             else facts.types if facts and facts.types is not None else ("land",))
    snow = (_bool(obj["snow"], f"{p}.snow") if "snow" in obj
            else facts.snow if facts else False)
    if count > MAX_CONVERTERS and any(a.mana is not None for a in abilities):
        raise ProblemError(f"{p}.count", f"a source with a mana ability that costs mana may have "
                                         f"at most "
                           f"{MAX_CONVERTERS:,} copies, not {count:,} (each activation's payment "
                           f"is worked out)")
    board = _board_keys(obj, p, name, facts)
    if board["zone"] == "hand":
        for j, a in enumerate(abilities):
            if a.tap and a.zone is None:
                raise ProblemError(f"{p}.abilities[{j}].tap", "a card in hand can't be tapped: "
                                                              "give \"tap\": false "
                                   "(and \"sacrifice\": true to exile it, Simian Spirit Guide)")
    unread = tuple((facts.field, s.sentence, s.reason) for s in facts.unread) if facts else ()
    card_effects: tuple[dict, ...] = ()
    card_statics: tuple[dict, ...] = ()
    # a card in hand has no effects (113.6)
    if facts is not None and board["zone"] == "battlefield":
        card_statics = tuple(st for st in facts.statics if st.get("on") != "enchanted")
        for st in facts.statics:  # an aura's or equipment's: an entry can't say on which permanent
            if st.get("on") == "enchanted":
                unread += ((facts.field, f"its static on the permanent it is attached to "
                            f"({json.dumps(st)})", "an entry can't say which permanent: give the "
                            "problem's statics with this static and \"on\": that permanent's id"),)
        for e in facts.effects:
            # the reader's stand-in: an entry can't say which permanent
            if e.get("on") == "enchanted":
                unread += ((facts.field, f"its mana on the permanent it enchants ({json.dumps(e)})",
                            "an entry can't say which permanent the aura enchants: give the "
                            "problem's "
                            "effects with this effect and \"on\": that permanent's id"),)
            else:
                card_effects += (e,)
    return Source(id=sid, abilities=abilities, name=name, count=count, types=types, snow=snow,
                  tapped=tapped, oracle=oracle, _explicit_abilities="abilities" in obj,
                  unread=unread,
                  _card_effects=card_effects, _card_statics=card_statics, **board)


def _board_keys(obj: Mapping[str, Any], p: str, name: str | None,
                card: CardFacts | None) -> dict[str, Any]:
    """A source's section 9.1 keys, checked; basic land names imply their subtype."""
    if "subtypes" in obj:
        subtypes = _str_list(obj["subtypes"], f"{p}.subtypes")
    elif card and card.subtypes:
        subtypes = card.subtypes
    else:
        subtypes = _implied_subtypes(name)
    colors = card.colors if card else named_colors(name)  # a named card's come with its name
    if "colors" in obj:
        raw = _str(obj["colors"], f"{p}.colors").upper()
        if any(c not in COLORS for c in raw):
            raise ProblemError(f"{p}.colors", f"must be color letters like \"WU\", not "
                                              f"{obj['colors']!r}")
        colors = "".join(c for c in COLORS if c in raw)
    chosen = None
    if obj.get("chosen") is not None:
        raw = _str(obj["chosen"], f"{p}.chosen").strip()
        chosen = raw.upper() if raw.upper() in COLORS and len(raw) == 1 else raw.lower()
        if not chosen:
            raise ProblemError(f"{p}.chosen", "must be a color letter or a subtype")
    return {"subtypes": subtypes, "colors": colors,
            "_described": "subtypes" in obj or "colors" in obj or obj.get("chosen") is not None,
            "sick": _bool(obj.get("sick", False), f"{p}.sick"),
            "counters": load_counters(obj.get("counters", {}), f"{p}.counters"),
            "chosen": chosen,
            "zone": _choice(obj.get("zone", "battlefield"), f"{p}.zone", ("battlefield", "hand",
                                                                          "graveyard")),
            "facts": load_facts(obj.get("facts", {}), f"{p}.facts"),
            "counts": _load_counts(obj.get("counts", []), f"{p}.counts"),
            "supertypes": (load_supertypes(obj["supertypes"], f"{p}.supertypes", SOURCE_SUPERTYPES)
                           if "supertypes" in obj else card.supertypes if card
                           else _implied_supertypes(name)),
            "token": _bool(obj["token"], f"{p}.token") if "token" in obj else bool(card
                                                                                   and card.token)}


def _load_counts(value: Any, path: str) -> tuple[tuple[str, int], ...]:
    """``counts``: a list of facts (each copy counts 1 toward them) or an object by how much."""
    if isinstance(value, list):
        items = [(_fact_name(f, f"{path}[{i}]"), 1) for i, f in enumerate(value)]
    else:
        obj = _expect(value, (dict,), path, "a list of facts or an object of facts and numbers")
        items = [(_fact_name(f, path), _int(n, f"{path}.{f}", 1)) for f, n in obj.items()]
    if len({f for f, _ in items}) != len(items):
        raise ProblemError(path, "names a fact twice")
    return tuple(sorted(items))


def load_pool(value: Any, path: str) -> tuple[PoolMana, ...]:
    _expect(value, (list,), path, "a list of mana")
    out: list[PoolMana] = []
    for i, raw in enumerate(value):
        p = f"{path}[{i}]"
        if isinstance(raw, str):
            text, snow, only, pid, mp = raw, False, None, None, p
        else:
            obj = _object(raw, p, ("mana", "snow", "only", "id"))
            if "mana" not in obj:
                raise ProblemError(f"{p}.mana", "is required")
            text, mp = _str(obj["mana"], f"{p}.mana"), f"{p}.mana"
            snow = _bool(obj.get("snow", False), f"{p}.snow")
            only = load_restriction(obj["only"],
                                    f"{p}.only") if obj.get("only") is not None else None
            pid = obj.get("id")
        cost = _cost(text, mp, MAX_UNITS)
        for s in cost.symbols:
            if s.kind is Kind.COLORED:
                units = [s.colors]
            elif s.kind is Kind.COLORLESS:
                units = ["C"]
            elif s.kind is Kind.GENERIC:
                units = ["C"] * s.amount  # 106.10: generic mana added is colorless
            else:
                raise ProblemError(mp, f"{s} is not a type of mana a pool can hold; use "
                                       f"{{W}}..{{G}} or {{C}}")
            out.extend(PoolMana(u, snow, only, pid, i) for u in units)
    return tuple(out)


def load_player(value: Any, path: str) -> Player:
    obj = _object(value, path, ("life", "energy", "keep_life"))
    keep = obj.get("keep_life", 1)
    if keep is not None:
        keep = _int(keep, f"{path}.keep_life", minimum=-MAX_NUMBER)
    life = obj.get("life", 20)
    if isinstance(life, float) and life.is_integer():
        life = int(life)
    life = _int(life, f"{path}.life", -MAX_NUMBER)
    return Player(life=life, energy=_int(obj.get("energy", 0), f"{path}.energy"), keep_life=keep)


def _costs(value: Any, path: str) -> tuple[ManaCost, ...]:
    items = _expect(value, (list,), path, "a list of costs")
    return tuple(_cost(c, f"{path}[{i}]") for i, c in enumerate(items))


def _problem_defaults() -> dict[str, Any]:
    """Every optional field of :class:`Problem` with its default value."""
    return {f.name: f.default_factory() if f.default is MISSING else f.default
            for f in fields(Problem) if f.name != "cost"}


_PROBLEM_DEFAULTS = _problem_defaults()


def _optional(load):
    """A loader for a field whose null means its default (None)."""
    return lambda value, path: None if value is None else load(value, path)


_OPTIONAL_FIELDS = (
    ("x_color", _optional(lambda v, path: _choice(_str(v, path).upper(), path, tuple(TYPES)))),
    ("alternative", _optional(lambda v, path: _cost(v, path))),
    ("free", _bool), ("additional", _costs), ("life_cost", _int), ("increase", _costs), ("reduce",
                                                                                         _costs),
    ("spend_as", _optional(lambda v, path: _choice(v, path, ("any_type", "any_color")))),
    ("player", load_player), ("pool", load_pool), ("sources", load_sources), ("opponent_sources",
                                                                              load_sources),
)
"""Problem fields loaded as given, each by its loader with the field's path."""


def load_problem(value: Any, *, allowed: Iterable[str] = PROBLEM_KEYS, path: str = "") -> Problem:
    """Validate a spec problem dict and return the :class:`Problem` it describes. Keys left out
    keep their defaults without a check (the common case: a cost and a board); the keys given
    are checked in a fixed order, so a problem with several mistakes always names the same one."""
    obj = _object(value, path, tuple(allowed) + NOT_YET["problem"])
    _refuse_not_yet(obj, "problem", path)
    pre = f"{path}." if path else ""
    notes: list[dict[str, str]] = []
    if "card" in obj:
        obj, notes = _with_card(obj, pre)
    elif any(k in obj for k in ("kicked", "with", "cast")):
        key = next(k for k in ("kicked", "with", "cast") if k in obj)
        raise ProblemError(f"{pre}{key}", "is a choice among what a card offers: give \"card\"")
    if "cost" not in obj:
        raise ProblemError(f"{pre}cost", "is required (use null for a card with no mana cost)")
    state = dict(_PROBLEM_DEFAULTS)
    state["cost"] = _cost(obj["cost"], f"{pre}cost") if obj["cost"] is not None else None
    if obj.keys() <= _PLAIN_PROBLEM_KEYS:  # the common problem: a cost and a board of sources
        if "sources" in obj:
            state["sources"] = load_sources(obj["sources"], f"{pre}sources")
        state["id"] = obj.get("id")
    else:
        _load_given(obj, state, pre)
    for key in ("sources", "opponent_sources"):
        if state[key]:
            _check_facts(state[key], dict(state["facts"]), f"{pre}{key}")
    if "convoke" in obj or "improvise" in obj or "delve" in obj or "other_costs" in obj:
        state["payment"] = load_payment_keywords(obj, pre)
    if "effects" in obj:
        state["effects"] = load_effects(obj["effects"], f"{pre}effects", state["sources"], load_add)
        check_effect_facts(state["effects"], f"{pre}effects", dict(state["facts"]),
                           state["sources"])
    else:
        state["effects"] = _card_effects(state["sources"], pre, dict(state["facts"]),
                                         state["opponent_sources"])
    if "statics" in obj:
        statics = load_statics(obj["statics"], f"{pre}statics", state["sources"],
                               state["opponent_sources"], dict(state["facts"]))
    else:
        statics = _card_statics(state["sources"], state["opponent_sources"], pre,
                                dict(state["facts"]))
    if statics:
        state["sources"], state["opponent_sources"], state["statics"] = apply_statics(
            state["sources"], statics, state["opponent_sources"])
    state["notes"] = _notes(notes, state, pre)
    return assemble(Problem, state)


def _card_statics(sources: tuple[Source, ...], opponents: tuple[Source, ...],
                  pre: str, facts: dict[str, Any]) -> tuple[Any, ...]:
    """The 9.8 statics the board's own cards have (Urborg, Thalia), when the problem gives no
    ``statics``, each with ``from``: its permanent; and those of the opponents' cards that reach
    every player (Blood Moon, Sphere of Resistance: ``controller: "any"``). A cost change applies
    once per copy (two Thalias add {2}); a layer static once (a land is a Swamp however many
    Urborgs say so)."""
    out: list[Any] = []
    for side, group in (("sources", sources), ("opponent_sources", opponents)):
        for i, s in enumerate(group):
            if not s._card_statics:
                continue
            key = "oracle" if s.oracle is not None else "name"
            items = [dict(st, **{"from": s.id}) for st in s._card_statics]
            if side == "opponent_sources":
                items = [dict(st, opponent=True) for st in items
                         if st.get("controller") == "any"
                         or st.get("when", {}).get("controller") == "any"]
            copies = [st for st in items if st["kind"] in ("increase", "reduce")] * (s.count - 1)
            out += load_statics(items + copies, f"{pre}{side}[{i}].{key}", sources, opponents,
                                facts)
    if len(out) > MAX_STATICS:
        raise ProblemError(f"{pre}sources", f"the board's cards make {len(out)} statics (9.8), "
                                            f"more than the {MAX_STATICS} one board may have")
    return tuple(out)


def _with_card(obj: Mapping[str, Any], pre: str) -> tuple[dict[str, Any], list[dict[str, str]]]:
    """The problem with its ``card`` spelt out (models/cards/spell_card.py), and its notes;
    the board's permanents are counted for the card's reductions."""
    from tapwise.models.cards.spell_card import board_counter, expand_card

    sources = load_sources(obj.get("sources", []), f"{pre}sources")
    facts = obj.get("facts") if isinstance(obj.get("facts"), dict) else {}
    return expand_card(obj, pre, board_counter(sources, facts), facts)


def _notes(spell: list[dict[str, str]], state: Mapping[str, Any],
           pre: str) -> tuple[tuple[str, str], ...]:
    """The answer's notes: the spell card's, then each named source's (never silent); with
    ``strict``, the first is the error instead (naming the field, the card and the sentence)."""
    from tapwise.models.cards.card_notes import named_notes, source_notes

    out = [(n["card"], n["text"], f"{pre}card") for n in spell]
    # the opponents' permanents too: their Thalia taxes this spell
    for side in ("sources", "opponent_sources"):
        for i, s in enumerate(state[side]):
            if s.oracle is not None:
                found = tuple((n["card"], n["text"]) for n in source_notes(s))
                key = "oracle"
            elif s.name is not None:  # most boards' cards say nothing unread
                found, key = named_notes(s.name, s._explicit_abilities), "name"
            else:
                continue
            if found:
                out += [(card, text, f"{pre}{side}[{i}].{key}") for card, text in found]
    if out and state["strict"]:
        card, text, where = out[0]
        raise ProblemError(where, f"{card}: \"{text}\" is about paying and is not read "
                                  f"(strict: give what it means as keys, or drop strict)")
    seen: dict[tuple[str, str], None] = {}
    for card, text, _ in out:
        seen.setdefault((card, text), None)
    return tuple(seen)


def notes_json(problem: Problem) -> list[dict[str, str]]:
    """The answer's ``notes`` (problem.md 6, docs/format-v2.md)."""
    return [{"card": card, "text": text} for card, text in problem.notes]


_PLAIN_PROBLEM_KEYS = frozenset(("cost", "sources", "id"))
"""The keys of the common problem, which :func:`load_problem` loads without asking for each of
the others (about thirty ``in`` tests and branches)."""


def _load_given(obj: Mapping[str, Any], state: dict[str, Any], pre: str) -> None:
    """The problem's fields beyond its cost, as given, into ``state``: checked in a fixed order,
    so a problem with several mistakes always names the same one."""
    if "x" in obj:
        x_raw = obj["x"]
        x = "max" if x_raw == "max" else _int(x_raw, f"{pre}x", 0, MAX_X) if not isinstance(x_raw, str) else x_raw
        if isinstance(x, str) and x != "max":
            raise ProblemError(f"{pre}x", f"must be a whole number or \"max\", not {x_raw!r}")
        state["x"] = x
    if "keywords" in obj:
        keywords = _str_list(obj["keywords"], f"{pre}keywords")
        for i, k in enumerate(keywords):
            if k not in KEYWORDS:
                raise ProblemError(f"{pre}keywords[{i}]", f"unknown keyword {k!r}; known: "
                                                          f"{', '.join(KEYWORDS)}")
        state["keywords"] = frozenset(keywords)
    if "for" in obj:
        purpose = _object(obj["for"], f"{pre}for", ("kind", "types", "subtypes", "tags",
                                                    "mana_value", "colors") + NOT_YET["for"])
        _refuse_not_yet(purpose, "for", f"{pre}for")
        state["_purpose_kind"] = _choice(purpose.get("kind", "spell"), f"{pre}for.kind", ("spell",
                                                                                         "ability"))
        state["_purpose_types"] = _str_list(purpose.get("types", []), f"{pre}for.types")
        state["_purpose_subtypes"] = _str_list(purpose.get("subtypes", []), f"{pre}for.subtypes")
        state["_purpose_tags"] = _str_list(purpose.get("tags", []), f"{pre}for.tags")
        if purpose.get("mana_value") is not None:
            state["_purpose_mana_value"] = _int(purpose["mana_value"], f"{pre}for.mana_value")
        if purpose.get("colors") is not None:  # 9.8: "" is colorless (a Devoid spell)
            raw = purpose["colors"]
            state["_purpose_colors"] = ("" if raw == "" else
                                       load_colors(raw, f"{pre}for.colors"))
    if "objective" in obj:
        objective = _str_list(obj["objective"], f"{pre}objective")
        for i, o in enumerate(objective):
            if o not in OBJECTIVES:
                raise ProblemError(f"{pre}objective[{i}]", f"unknown objective {o!r}; known: "
                                                           f"{', '.join(OBJECTIVES)}")
        if len(set(objective)) != len(objective):
            raise ProblemError(f"{pre}objective", "names an objective twice")
        state["_objective_list"] = objective
    if "time_limit" in obj:
        time_limit = obj["time_limit"]
        _expect(time_limit, (int, float), f"{pre}time_limit", "a number of seconds")
        if not time_limit > 0:
            raise ProblemError(f"{pre}time_limit", f"must be positive, not {time_limit}")
        if not time_limit <= MAX_TIME_LIMIT:
            raise ProblemError(f"{pre}time_limit", f"must be at most {MAX_TIME_LIMIT:g} seconds, "
                                                   f"not {time_limit}")
        state["time_limit"] = float(time_limit)
    # in this order, so the first mistake is always the one named
    for key, load in _OPTIONAL_FIELDS:
        if key in obj:
            state[key] = load(obj[key], f"{pre}{key}")
    if "keep" in obj:
        state["keep"] = _load_keep(obj, pre)
    state["id"] = obj.get("id")
    if "query" in obj:
        state["query"] = _choice(obj["query"], f"{pre}query", QUERIES)
    if "facts" in obj:
        state["facts"] = load_facts(obj["facts"], f"{pre}facts")
    for key in ("hand", "graveyard"):
        if key in obj:
            state[key] = _int(obj[key], f"{pre}{key}")
    if obj.get("library") is not None:
        state["library"] = _int(obj["library"], f"{pre}library")
    if "strict" in obj:
        state["strict"] = _bool(obj["strict"], f"{pre}strict")
        if state["strict"]:
            _refuse_unread(state, pre)


def _card_effects(sources: tuple[Source, ...], pre: str, facts: dict[str, Any],
                  opponents: tuple[Source, ...] = ()) -> tuple[Effect, ...]:
    """The 9.4 effects the board's own cards make (Mana Flare, Heartbeat of Spring), when the
    problem gives no ``effects``: one per permanent, as each permanent's ability triggers or
    applies on its own (603.2, 616.1), so two Mana Flares add two mana; and those of the
    opponents' cards that watch every player's permanents (``"controller": "any"``: an
    opponent's Damping Sphere, Mana Flare). A problem that gives ``effects`` says all of them
    itself, so nothing is added twice."""
    out: list[Effect] = []
    for side, group in (("sources", sources), ("opponent_sources", opponents)):
        for i, s in enumerate(group):
            if not s._card_effects:
                continue
            mine = [e for e in s._card_effects if side == "sources"
                    or (e.get("when") or {}).get("controller") == "any"]
            key = "oracle" if s.oracle is not None else "name"
            loaded = load_effects(mine * s.count, f"{pre}{side}[{i}].{key}", sources, load_add)
            check_effect_facts(loaded, f"{pre}{side}[{i}].{key}", facts, sources)
            out += loaded
    if len(out) > MAX_EFFECTS:
        raise ProblemError(f"{pre}sources", f"the board's cards make {len(out)} effects (9.4), "
                                            f"more than the "
                           f"{MAX_EFFECTS} one board may have")
    return tuple(out)


def _refuse_unread(state: Mapping[str, Any], pre: str) -> None:
    """``strict``: the first mana ability a card's reader skipped, as the error of its source key."""
    for key in ("sources", "opponent_sources"):
        for i, s in enumerate(state[key]):
            for field_name, sentence, reason in s.unread:
                raise ProblemError(f"{pre}{key}[{i}].{field_name}", f"can't read \"{sentence}\": "
                                                                    f"{reason} "
                                   "(strict: give this source's abilities, or drop strict to pay "
                                   "without it)")


def unread_json(problem: Problem) -> list[dict[str, str]]:
    """The answer's ``unread``: each mana ability of a card the reader skipped, by source id."""
    out: list[dict[str, str]] = []
    for sources in (problem.sources, problem.opponent_sources):
        for s in sources:
            if s.unread:  # rarely: most boards' cards are read whole
                out += [{"source": s.id, "sentence": sentence, "reason": reason} for _, sentence,
                        reason in s.unread]
    return out


def _load_keep(obj: Mapping[str, Any], pre: str) -> tuple[Problem, ...]:
    """The kept costs of spec 9.5, each a cost object loaded with the problem's board."""
    items = _expect(obj["keep"], (list,), f"{pre}keep", "a list of cost objects")
    board = {k: obj[k] for k in BOARD_KEYS if k in obj}
    out = []
    for i, cost in enumerate(items):
        where = f"{pre}keep[{i}]"
        cost = _object(cost, where, KEEP_COST_KEYS)
        out.append(load_problem({**cost, **board}, allowed=KEEP_COST_KEYS + BOARD_KEYS, path=where))
    return tuple(out)
def v2_path(problem: Problem) -> str | None:
    """The field path of the first section 9 key that changes how ``problem`` is paid (what
    :attr:`Problem._v2` looks at), or None for a version-1 problem: for errors that name it."""
    for key in ("facts", "hand", "graveyard"):
        if getattr(problem, key):
            return key
    if problem.payment is not None:
        return keyword_path(problem)
    if problem.library is not None:
        return "library"
    if problem.effects:
        return "effects"
    if problem._purpose_tags:
        return "for.tags"
    if problem._purpose_mana_value is not None:
        return "for.mana_value"
    for i, s in enumerate(problem.sources):
        for key in ("sick", "counters", "facts", "counts"):
            if getattr(s, key):
                return f"sources[{i}].{key}"
        if s.zone != "battlefield":
            return f"sources[{i}].zone"
        for j, a in enumerate(s.abilities):
            if a._v2:
                for key, value in a.to_json().items():
                    if key in ABILITY_KEYS[9:] or (key == "uses"
                                                   and value == "any") or key == "add":
                        if key != "add" or a._board_add or (isinstance(a.add, dict)
                                                           and "of" in a.add):
                            return f"sources[{i}].abilities[{j}].{key}"
    return None


def _check_facts(sources: tuple[Source, ...], board: dict[str, Any], path: str) -> None:
    """Every fact an ability reads is given, by the source or the board, as a number: else an
    error naming the fact and the field that needs it (9.1)."""
    for i, s in enumerate(sources):
        if not s._v2:  # (a source whose abilities use no key of 9.2 reads no fact)
            continue
        own = s._fact_map
        for j, a in enumerate(s.abilities):
            if not a._v2:
                continue
            needs = [(f"{path}[{i}].abilities[{j}].times.fact",
                      a.times.fact)] if a.times and a.times.fact else []
            if a._board_add:
                for key, value in a.add.items():
                    if isinstance(value, dict):
                        needs.append((f"{path}[{i}].abilities[{j}].add.{key}.fact", value["fact"]))
                if a.add.get("of") == "chosen" and (s.chosen is None or s.chosen not in COLORS):
                    raise ProblemError(f"{path}[{i}].abilities[{j}].add.of", f"is \"chosen\" but "
                                                                             f"{path}[{i}].chosen "
                                       "gives no color")
            needs += [(f"{path}[{i}].abilities[{j}].{key}[{n}].fact", c.fact)
                      for key, conds in (("if", a.if_), ("unless", a.unless)) for n,
                      c in enumerate(conds)]
            for where, fact in needs:
                value = own.get(fact, board.get(fact))
                if value is None:
                    raise ProblemError(where, f"needs the fact {fact!r}, which neither the "
                                              f"problem's facts "
                                       f"nor {path}[{i}].facts gives")
                if where.endswith(".of.fact"):
                    if not isinstance(value, str):
                        raise ProblemError(where, f"needs colors for the fact {fact!r}, but it is "
                                                  f"{value!r}")
                elif not isinstance(value, int):
                    raise ProblemError(where, f"needs a number for the fact {fact!r}, but it is "
                                              f"{value!r}")
