"""The decklists phase's AI plays in the games benchmark (``phase_games``), which the goldfish
benchmark (``goldfish``) plays too: 60 real cards each, every one implemented by the engine
(creatures, burn, hybrid and Phyrexian costs; no cascade or X). Plain data, so that the
goldfish loop needs nothing of the phase extra."""

from __future__ import annotations

DECKS: dict[str, dict[str, int]] = {
    # Two colors: G/W hybrid creatures, filter, shock and pain lands, two kinds of mana dork.
    "Selesnya hybrid (GW)": {
        "Forest": 7, "Plains": 6, "Wooded Bastion": 4, "Temple Garden": 4, "Brushland": 3,
        "Llanowar Elves": 4, "Avacyn's Pilgrim": 4, "Dryad Militant": 4, "Wilt-Leaf Cavaliers": 4,
        "Kitchen Finks": 4, "Watchwolf": 4, "Qasali Pridemage": 2, "Loxodon Smiter": 4,
        "Porcelain Legionnaire": 4, "Thundering Tanadon": 2,
    },
    # Three colors: B/R/G with R/G and B/R hybrids, Phyrexian black, three filter lands, dorks.
    "Jund filters (BRG)": {
        "Forest": 5, "Mountain": 4, "Swamp": 3, "Fire-Lit Thicket": 4, "Twilight Mire": 3,
        "Graven Cairns": 2, "Karplusan Forest": 2, "Overgrown Tomb": 1,
        "Llanowar Elves": 4, "Birds of Paradise": 4, "Elves of Deep Shadow": 2,
        "Burning-Tree Emissary": 4, "Boartusk Liege": 2, "Kulrath Knight": 2, "Sprouting Thrinax": 4,
        "Putrid Leech": 3, "Leatherback Baloth": 3, "Vault Skirge": 4, "Lightning Bolt": 4,
    },
    # Three colors: G/U/R with G/U hybrids, Phyrexian blue and red, filter lands, dorks.
    "Temur hybrid (GUR)": {
        "Forest": 5, "Island": 4, "Mountain": 3, "Flooded Grove": 4, "Cascade Bluffs": 3,
        "Fire-Lit Thicket": 2, "Breeding Pool": 2, "Yavimaya Coast": 1,
        "Llanowar Elves": 4, "Birds of Paradise": 4, "Cold-Eyed Selkie": 4, "Shorecrasher Mimic": 4,
        "Burning-Tree Emissary": 4, "Tattermunge Duo": 3, "Spined Thopter": 4, "Gut Shot": 2,
        "Kalonian Tusker": 4, "Centaur Courser": 3,
    },
}
