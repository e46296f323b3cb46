import sys, time, json
from tapwise.benchmarks import phase_games as pg
from tapwise.benchmarks.phase_cards import engine as build_engine
from tapwise.benchmarks.phase_decks import DECKS
levels = sys.argv[1].split(",")
seeds = [int(s) for s in sys.argv[2].split(",")]
eng = build_engine({n for d in DECKS for n in DECKS[d]})
for lvl in levels:
    for seed in seeds:
        for deck in DECKS:
            t = time.process_time(); w = time.perf_counter()
            g = pg.play_game(eng, deck, seed, tapwise_seat=seed % 2, first_player=0, keep=True, difficulty=lvl)
            print(json.dumps({"level": lvl, "deck": deck, "seed": seed, "cpu": round(time.process_time()-t, 2),
                              "wall": round(time.perf_counter()-w, 1), "turns": g.turns, "winner": g.winner,
                              "casts": [s.casts for s in g.seats], "mv8": [s.mana_value_by_8 for s in g.seats],
                              "lost": [s.lost for s in g.seats], "errors": g.errors[:3]}), flush=True)
