"""Offline: does keep make the Selesnya seat pay more life (Phyrexian, Brushland) than plain pay?"""
import random, json, tapwise
from tapwise.benchmarks.phase_decks import DECKS
from tapwise.benchmarks.goldfish import SPELLS
import sys
deck = DECKS[sys.argv[1]]
lands = [n for n in deck if n not in SPELLS]
spells = [n for n in deck if n in SPELLS]
rng = random.Random(int(sys.argv[2]))
n = more = less = differ = paid = 0
for _ in range(int(sys.argv[3])):
    pool = [c for c, k in deck.items() for _ in range(k)]
    board = rng.sample([c for c in pool if c in lands or c in ("Llanowar Elves", "Avacyn's Pilgrim", "Birds of Paradise", "Elves of Deep Shadow")], rng.randint(2, 6))
    hand = rng.sample([c for c in pool if c in spells], rng.randint(2, 4))
    srcs = [{"name": b} for b in board]
    spell, rest = hand[0], hand[1:]
    cost = SPELLS[spell][0] if isinstance(SPELLS[spell], tuple) else SPELLS[spell]
    def c(x): return x[0] if isinstance(x, tuple) else (x["cost"] if isinstance(x, dict) else x)
    prob = {"cost": c(SPELLS[spell]), "sources": srcs, "player": {"life": 20}}
    a = tapwise.pay(prob); b = tapwise.pay({**prob, "keep": [{"cost": c(SPELLS[r])} for r in rest]})
    n += 1
    if a.get("status") != "paid": continue
    paid += 1
    la, lb = a["life_paid"] + a["damage"], b["life_paid"] + b["damage"]
    more += lb > la; less += lb < la
    if lb > la and more <= 3: print("example:", c(SPELLS[spell]), board, "keep", [c(SPELLS[r]) for r in rest], "life plain", la, "keep", lb, "kept", b.get("kept"))
print(json.dumps({"deck": sys.argv[1], "boards": n, "paid": paid, "keep pays more life/damage": more, "keep pays less": less}))
