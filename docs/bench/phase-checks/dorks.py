import sys, json
from tapwise.benchmarks import phase_games as pg
from tapwise.benchmarks.phase_cards import engine as build_engine
from tapwise.benchmarks.phase_decks import DECKS

def tapped_sets(g, seat):
    cre, land, untapped_land = set(), set(), 0
    for o in g.battlefield():
        if int(o["controller"]) != seat: continue
        types = o.get("card_types") or {}
        core = types.get("core_types", types) if isinstance(types, dict) else types
        s = json.dumps(core)
        if o["tapped"]:
            (cre if "Creature" in s else land if "Land" in s else set()).add(o["id"])
        elif "Land" in s:
            untapped_land += 1
    return cre, land, untapped_land

class G:
    def __init__(s, g, tally): s._g, s._t, s._start = g, tally, {}
    def __getattr__(s, n): return getattr(s._g, n)
    def apply(s, seat, action, **k):
        kind = action.kind if hasattr(action, "kind") else action.get("type")
        if kind == "CastSpell":
            s._start[seat] = tapped_sets(s._g, seat)
        out = s._g.apply(seat, action, **k)
        for e in out.events:
            if e["type"] == "SpellCast":
                c = int(e["data"]["controller"])
                if c in s._start:
                    c0, l0, _ = s._start.pop(c)
                    c1, l1, ul = tapped_sets(s._g, c)
                    t = s._t[c]
                    t["casts"] += 1; t["creatures_tapped"] += len(c1 - c0); t["lands_tapped"] += len(l1 - l0)
                    t["creature_while_land_untapped"] += (len(c1 - c0) > 0 and ul > 0)
        return out
class E:
    def __init__(s, e, tally): s._e, s._t = e, tally
    def new_game(s, *a, **k): return G(s._e.new_game(*a, **k), s._t)

deck = {"GW": "Selesnya hybrid (GW)", "BRG": "Jund filters (BRG)", "GUR": "Temur hybrid (GUR)"}[sys.argv[2]]
base = build_engine(set(DECKS[deck]))
for seed in [int(x) for x in sys.argv[1].split(",")]:
    for tw in (0, 1):
        tally = [dict(casts=0, creatures_tapped=0, lands_tapped=0, creature_while_land_untapped=0) for _ in range(2)]
        g = pg.play_game(E(base, tally), deck, seed, tapwise_seat=tw, first_player=0, keep=True, difficulty="Medium")
        print(json.dumps({"deck": deck, "seed": seed, "tw": tw, "winner": g.winner, "turns": g.turns,
                          "tapwise": tally[tw], "phase": tally[1 - tw]}), flush=True)
