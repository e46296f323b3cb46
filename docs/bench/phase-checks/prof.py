import sys, time, json, collections
from tapwise.benchmarks import phase_games as pg
from tapwise.benchmarks.phase_cards import engine as build_engine
from tapwise.benchmarks.phase_decks import DECKS
stats = collections.defaultdict(lambda: [0, 0.0])
class G:
    def __init__(s, g): s._g = g
    def __getattr__(s, n): return getattr(s._g, n)
    def choose_action(s, seat, difficulty="Medium"):
        n = len(s._g.actions()); w = s._g.waiting_for()["type"]
        t = time.process_time(); a = s._g.choose_action(seat, difficulty=difficulty); d = time.process_time() - t
        key = (w, "1" if n == 1 else ">1")
        stats[key][0] += 1; stats[key][1] += d
        return a
class E:
    def __init__(s, e): s._e = e
    def new_game(s, *a, **k): return G(s._e.new_game(*a, **k))
lvl, seed, deck = sys.argv[1], int(sys.argv[2]), sys.argv[3]
eng = E(build_engine({n for d in DECKS for n in DECKS[d]}))
t = time.process_time()
g = pg.play_game(eng, deck, seed, tapwise_seat=0, first_player=0, keep=True, difficulty=lvl)
tot = time.process_time() - t
print(lvl, deck, seed, "cpu", round(tot, 1), "turns", g.turns, "winner", g.winner)
for k, (c, d) in sorted(stats.items(), key=lambda x: -x[1][1]): print("  ", k, c, round(d, 2))
