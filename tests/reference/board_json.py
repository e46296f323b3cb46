"""The references' own reading of a board's JSON (issue 44): sources, abilities, pool, player,
facts and zones, from ``shared/spec/problem.md`` sections 3, 8 and 9.1-9.2, sharing no code with
the package (not its loader, not ``models.mana``): a loader bug then shows as a disagreement
between ``available`` and ``available_brute.py``, which reads its boards here.

It reads what the spec writes and refuses (:class:`Unread`) what it can't know from the JSON
alone: a card known only by its name (the package's card library: a non-basic ``name`` without
``abilities``), ``oracle`` text. (A name the library knows also gives ``types`` when they are not
written: boards for the references write them.) It does not validate: bad input is the package's
business (the tests feed the references boards the package accepted).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

COLORS = "WUBRG"
BASIC_LAND_MANA = {"plains": "W", "island": "U", "swamp": "B", "mountain": "R", "forest": "G",
                   "wastes": "C"}
BASIC_SUBTYPE = {"W": "plains", "U": "island", "B": "swamp", "R": "mountain", "G": "forest"}


class Unread(ValueError):
    """Something on the board this reader can't know from the JSON alone."""


# -- mana notation (107.4, 106.8-106.11) ------------------------------------------------------

@dataclass(frozen=True)
class Sym:
    """One mana symbol: ``kind`` one of colored, colorless, generic, hybrid, colorless_hybrid,
    twobrid, phyrexian, hybrid_phyrexian, snow, x, energy; ``colors`` its color letters;
    ``amount`` a generic symbol's number."""
    kind: str
    colors: str = ""
    amount: int = 0


_SYMBOL = re.compile(r"\{([^{}]*)\}")


def symbols(text: str) -> tuple[Sym, ...]:
    """The symbols of a mana string ("{2}{W/U}{G/P}"), each read on its own."""
    text = text.strip()
    if _SYMBOL.sub("", text).strip():
        raise Unread(f"not mana notation: {text!r}")
    return tuple(_symbol(s.upper()) for s in _SYMBOL.findall(text))


def _symbol(s: str) -> Sym:
    parts = s.split("/")
    if len(parts) == 1:
        if s.isdigit():
            return Sym("generic", amount=int(s))
        if s in COLORS:
            return Sym("colored", s)
        named = {"C": "colorless", "S": "snow", "X": "x", "E": "energy"}
        if s in named:
            return Sym(named[s])
    elif len(parts) == 2:
        a, b = parts
        if b == "P" and a in COLORS:
            return Sym("phyrexian", a)
        if a == "C" and b in COLORS:
            return Sym("colorless_hybrid", b)
        if a == "2" and b in COLORS:
            return Sym("twobrid", b)
        if a in COLORS and b in COLORS and a != b:
            return Sym("hybrid", a + b)
    elif len(parts) == 3 and parts[2] == "P" and parts[0] in COLORS and parts[1] in COLORS:
        return Sym("hybrid_phyrexian", parts[0] + parts[1])
    raise Unread(f"unknown mana symbol {{{s}}}")


def _string_choices(text: str) -> list[tuple[str, ...]]:
    """Every output of a mana string an ability adds (106.8: the player picks a hybrid's half;
    106.9: a Phyrexian symbol adds its color; 106.10: {N} adds N colorless), as units."""
    per_symbol: list[list[tuple[str, ...]]] = []
    for s in symbols(text):
        if s.kind in ("colored", "phyrexian"):
            per_symbol.append([(s.colors,)])
        elif s.kind in ("colorless", "snow"):
            per_symbol.append([("C",)])
        elif s.kind == "generic":
            per_symbol.append([("C",) * s.amount])
        elif s.kind in ("hybrid", "hybrid_phyrexian"):
            per_symbol.append([(s.colors[0],), (s.colors[1],)])
        elif s.kind == "twobrid":
            per_symbol.append([(s.colors,), ("C", "C")])
        elif s.kind == "colorless_hybrid":
            per_symbol.append([("C",), (s.colors,)])
        else:
            raise Unread(f"can't add {text!r}")
    out: list[tuple[str, ...]] = [()]
    for options in per_symbol:
        out = [done + o for done in out for o in options]
    return sorted(set(tuple(sorted(o)) for o in out))


def fact_name(name: str) -> str:
    """Facts are lowercase phrases (9.1); spacing aside."""
    return " ".join(str(name).lower().split())


# -- the board --------------------------------------------------------------------------------

@dataclass(frozen=True)
class Condition:
    fact: str
    min: int | None
    max: int | None


@dataclass(frozen=True)
class Times:
    """9.2 ``times``: a number, or a fact's, a counter kind's, the counters removed's; plus n."""
    number: int = 1
    fact: str | None = None
    counters: str | None = None
    remove: str | None = None
    plus: int = 0
    up_to: bool = False


@dataclass(frozen=True)
class Others:
    """9.2 ``sacrifice_other`` / ``tap_other``: n permanents of a kind (types any of, subtypes any
    of, and the filter's traits), the activating copy among them with ``self``."""
    n: int
    self: bool
    raw: dict

    def matches(self, src: "Source") -> bool:
        from .traits_brute import traits_fit

        if src.zone != "battlefield":
            return False
        types = {t.lower() for t in self.raw.get("types", [])}
        subtypes = {t.lower() for t in self.raw.get("subtypes", [])}
        if types and not types & set(src.types):
            return False
        if subtypes and not subtypes & set(src.subtypes):
            return False
        return traits_fit(self.raw, src.entry)


@dataclass(frozen=True)
class Ability:
    raw: dict
    add: Any
    choices: tuple  # every output, each a tuple of units (a unit: the letters it may be)
    reflect: Any
    tap: bool
    mana: tuple[Sym, ...] | None
    life: int
    damage: int
    energy: int
    sacrifice: bool
    uses: int
    uses_any: bool
    only: dict | None
    times: Times | None
    remove_counters: tuple
    put_counters: tuple
    if_: tuple[Condition, ...]
    unless: tuple[Condition, ...]
    discard: int
    exile_graveyard: int
    mill: int
    sacrifice_other: Others | None
    tap_other: Others | None


@dataclass(frozen=True)
class Source:
    entry: dict
    id: str
    name: str | None
    count: int
    tapped: int
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    snow: bool
    sick: bool
    zone: str
    chosen: str | None
    counters: tuple
    facts: tuple
    counts: tuple
    abilities: tuple[Ability, ...]


@dataclass(frozen=True)
class PoolMana:
    type: str
    snow: bool
    entry: int  # its index in the board's pool list


@dataclass(frozen=True)
class Player:
    life: int = 20
    energy: int = 0
    keep_life: int | None = 1


@dataclass
class Board:
    sources: list[Source]
    pool: list[PoolMana]
    player: Player
    facts: dict
    hand: int
    graveyard: int
    library: int | None
    effects: list = field(default_factory=list)


def _conditions(raw: Any) -> tuple[Condition, ...]:
    return tuple(Condition(fact_name(c["fact"]), c.get("min"), c.get("max")) for c in raw or [])


def _counters(raw: Any) -> tuple:
    return tuple(sorted((str(k).lower(), int(n)) for k, n in (raw or {}).items()))


def _times(raw: Any) -> Times | None:
    if raw is None:
        return None
    if isinstance(raw, int):
        return Times(number=raw)
    plus = int(raw.get("plus", 0))
    if "fact" in raw:
        return Times(fact=fact_name(raw["fact"]), plus=plus, up_to=bool(raw.get("up_to", False)))
    if "counters" in raw:
        return Times(counters=str(raw["counters"]).lower(), plus=plus)
    if "remove" in raw:
        return Times(remove=str(raw["remove"]).lower(), plus=plus)
    raise Unread(f"unknown times {raw!r}")


def _others(raw: Any) -> Others | None:
    if not raw:
        return None
    n = raw.get("n", 1)
    return Others(1 if n == "X" else int(n), bool(raw.get("self", False)), raw)


def _add_choices(add: Any) -> tuple:
    """The outputs of an ``add`` that reads no board fact (section 3, 9.2's plain forms)."""
    if isinstance(add, str):
        return tuple(_string_choices(add))
    if isinstance(add, list):
        return tuple(sorted({o for text in add for o in _string_choices(text)}))
    if "reflect" in add or "double_pool" in add:
        return ()
    if "any_color" in add and isinstance(add["any_color"], int):
        return ((COLORS,) * add["any_color"],) if add["any_color"] > 0 else ()
    if "one_color" in add and isinstance(add["one_color"], int):
        return tuple((c,) * add["one_color"] for c in COLORS) if add["one_color"] > 0 else ()
    if "any_type" in add and isinstance(add["any_type"], int):
        return ((COLORS + "C",) * add["any_type"],) if add["any_type"] > 0 else ()
    if "each_color" in add and isinstance(add["each_color"], int):
        n = add["each_color"]
        return (tuple(sorted(c for c in COLORS for _ in range(n))),) if n > 0 else ()
    return ()  # a fact's amount: read as the facts stand (available_brute's _board_choices)


def _ability(raw: dict) -> Ability:
    add = raw["add"]
    if isinstance(add, dict) and isinstance(add.get("of"), str) and add["of"] != "chosen":
        add = {**add, "of": "".join(c for c in COLORS if c in add["of"].upper())}
    uses = raw.get("uses", 1)
    return Ability(
        raw=raw, add=add, choices=_add_choices(add),
        reflect=add.get("reflect") if isinstance(add, dict) else None,
        tap=bool(raw.get("tap", True)),
        mana=symbols(raw["mana"]) if raw.get("mana") else None,
        life=int(raw.get("life", 0)), damage=int(raw.get("damage", 0)),
        energy=int(raw.get("energy", 0)), sacrifice=bool(raw.get("sacrifice", False)),
        uses=1 if uses == "any" else int(uses), uses_any=uses == "any",
        only=raw.get("only"), times=_times(raw.get("times")),
        remove_counters=_counters(raw.get("remove_counters")),
        put_counters=_counters(raw.get("put_counters")),
        if_=_conditions(raw.get("if")), unless=_conditions(raw.get("unless")),
        discard=int(raw.get("discard", 0)), exile_graveyard=int(raw.get("exile_graveyard", 0)),
        mill=int(raw.get("mill", 0)),
        sacrifice_other=_others(raw.get("sacrifice_other")),
        tap_other=_others(raw.get("tap_other")),
    )


def _ids(entries: list[dict]) -> list[str]:
    """Section 3's ids: the ``id``, else the name made unique, else ``source<i>``."""
    seen: dict[str, int] = {}
    out = []
    for i, e in enumerate(entries):
        if "id" in e:
            out.append(str(e["id"]))
        elif "name" in e:
            n = seen[e["name"]] = seen.get(e["name"], 0) + 1
            out.append(e["name"] if n == 1 else f"{e['name']}#{n}")
        else:
            out.append(f"source{i}")
    return out


def read_source(entry: dict, sid: str) -> Source:
    name = entry.get("name")
    basic = None
    if isinstance(name, str):
        key = name.strip().lower()
        snowy = key.startswith("snow-covered ")
        key = key[len("snow-covered "):] if snowy else key
        if key in BASIC_LAND_MANA:
            basic = (BASIC_LAND_MANA[key], snowy)
    if "oracle" in entry:
        raise Unread("oracle text")
    if name is not None and basic is None and "abilities" not in entry:
        raise Unread(f"{name!r}: a card known by its name (the card library)")
    raw_abilities = entry.get("abilities")
    if raw_abilities is None:
        raw_abilities = [{"add": "{%s}" % basic[0]}] if basic else []
    zone = entry.get("zone", "battlefield")
    # tapwise's ability zone: an ability works in its card's zone only (a graveyard card's
    # abilities are those that say "graveyard")
    working = [r for r in raw_abilities
               if (r.get("zone") == zone if (r.get("zone") or zone == "graveyard") else True)]
    count = int(entry.get("count", 1))
    tapped = entry.get("tapped", False)
    n_tapped = count if tapped is True else 0 if not tapped else max(0, min(int(tapped), count))
    subtype = BASIC_SUBTYPE.get(basic[0]) if basic else None
    chosen = entry.get("chosen")
    if isinstance(chosen, str) and chosen.upper() in COLORS and len(chosen) == 1:
        chosen = chosen.upper()
    counts = entry.get("counts") or {}
    if isinstance(counts, list):
        counts = {f: 1 for f in counts}
    return Source(
        entry=entry, id=sid, name=name, count=count, tapped=n_tapped,
        types=tuple(t.lower() for t in entry.get("types", ["land"])),
        subtypes=tuple(t.lower() for t in entry.get("subtypes", [subtype] if subtype else [])),
        snow=bool(entry.get("snow", basic[1] if basic else False)),
        sick=bool(entry.get("sick", False)), zone=zone, chosen=chosen,
        counters=_counters(entry.get("counters")),
        facts=tuple((fact_name(k), v) for k, v in (entry.get("facts") or {}).items()),
        counts=tuple((fact_name(k), int(n)) for k, n in counts.items()),
        abilities=tuple(_ability(r) for r in working),
    )


def _pool(raw: list) -> list[PoolMana]:
    out = []
    for i, m in enumerate(raw or []):
        text, snow = (m, False) if isinstance(m, str) else (m["mana"], bool(m.get("snow", False)))
        for s in symbols(text):
            if s.kind == "colored":
                out.append(PoolMana(s.colors, snow, i))
            elif s.kind == "colorless":
                out.append(PoolMana("C", snow, i))
            elif s.kind == "generic":
                out += [PoolMana("C", snow, i)] * s.amount
            else:
                raise Unread(f"pool mana {text!r}")
    return out


def read_board(board: dict) -> Board:
    """The board of ``board`` (a request's JSON: sources, pool, player, facts, zones)."""
    entries = board.get("sources") or []
    player = board.get("player") or {}
    return Board(
        sources=[read_source(e, sid) for e, sid in zip(entries, _ids(entries))],
        pool=_pool(board.get("pool") or []),
        player=Player(int(player.get("life", 20)), int(player.get("energy", 0)),
                      player.get("keep_life", 1)),
        facts={fact_name(k): v for k, v in (board.get("facts") or {}).items()},
        hand=int(board.get("hand", 0)), graveyard=int(board.get("graveyard", 0)),
        library=None if board.get("library") is None else int(board["library"]),
        effects=list(board.get("effects") or []),
    )
