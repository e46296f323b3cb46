import sys, json, time
from tapwise.benchmarks import phase_games as pg
from tapwise.benchmarks.phase_cards import engine as build_engine
from tapwise.benchmarks.phase_decks import DECKS
from tapwise.interfaces import phase as adapter
orig = adapter.pay
log = []
def names(board, ans):
    by = {s.tapwise_id if hasattr(s, "tapwise_id") else None: s for s in []}
    return sorted(a["source"].split("@")[0] for a in ans.get("activations", ans.get("sources", [])) if isinstance(a, dict) and "source" in a)
def pay(board, spell, keep=(), time_limit=2.0):
    a = orig(board, spell, keep, time_limit)
    b = orig(board, spell, (), time_limit) if keep else a
    log.append({"spell": spell.name, "cost": spell.cost, "hand": list(keep),
                "keep": {"life": a.get("life_paid", 0), "dmg": a.get("damage", 0), "kept": a.get("kept"), "src": names(board, a), "status": a.get("status")},
                "plain": {"life": b.get("life_paid", 0), "dmg": b.get("damage", 0), "kept": b.get("kept"), "src": names(board, b)}})
    return a
adapter.pay = pay
deck = "Selesnya hybrid (GW)"
eng = build_engine({n for d in DECKS for n in DECKS[d]})
for seed in [int(s) for s in sys.argv[1].split(",")]:
    for tw in (0, 1):
        log.clear()
        g = pg.play_game(eng, deck, seed, tapwise_seat=tw, first_player=0, keep=True, difficulty="Medium")
        print(json.dumps({"seed": seed, "tw": tw, "winner": g.winner, "turns": g.turns, "casts": [s.casts for s in g.seats], "mv8": [s.mana_value_by_8 for s in g.seats], "pays": log}), flush=True)
