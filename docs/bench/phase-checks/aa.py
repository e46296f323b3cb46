import sys, json
from tapwise.benchmarks import phase_games as pg
from tapwise.benchmarks.phase_cards import engine as build_engine
from tapwise.benchmarks.phase_decks import DECKS
deck = "Selesnya hybrid (GW)"
eng = build_engine(set(DECKS[deck]))
for seed in [int(s) for s in sys.argv[1].split(",")]:
    for rep in (0, 1):
        g = pg.play_game(eng, deck, seed, tapwise_seat=2, first_player=0, keep=True, difficulty="Medium")
        print(json.dumps({"seed": seed, "rep": rep, "winner": g.winner, "turns": g.turns, "casts": [s.casts for s in g.seats], "mv8": [s.mana_value_by_8 for s in g.seats]}), flush=True)
