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

WIDE_DECKS: dict[str, dict[str, int]] = {
    # Issue 42: decks that lean on phase's wider mana pool. Kept apart from DECKS, which the
    # goldfish benchmark plays with tapwise's own card library.
    # Treasure and sacrifice: Phyrexian and Ashnod's Altars, Lotus Petal, Deadly Dispute's
    # Treasure, Eldrazi Spawn from Emrakul's Hatcher, Bone Splinters and Village Rites
    # sacrificing creatures, Harrow sacrificing a land, Rakdos Carnarium.
    "Rakdos sacrifice (BR)": {
        "Swamp": 6, "Mountain": 5, "Rakdos Carnarium": 3, "Blood Crypt": 3, "Sulfurous Springs": 3,
        "Lotus Petal": 3, "Phyrexian Altar": 2, "Ashnod's Altar": 2,
        "Deadly Dispute": 4, "Village Rites": 3, "Bone Splinters": 3, "Lightning Bolt": 4,
        "Emrakul's Hatcher": 3, "Gray Ogre": 4, "Scarwood Goblins": 4, "Vault Skirge": 4,
        "Blood Vassal": 4,
    },
    # Convoke and delve: green creatures that convoke Siege Wurm and Chord of Calling,
    # Stoke the Flames; Treasure Cruise and Dig Through Time delve.
    "Temur convoke and delve (GUR)": {
        "Forest": 9, "Island": 6, "Mountain": 3, "Breeding Pool": 2, "Stomping Ground": 2,
        "Yavimaya Coast": 2, "Flooded Grove": 2,
        "Llanowar Elves": 4, "Birds of Paradise": 4, "Grizzly Bears": 4, "Elvish Warrior": 4,
        "Siege Wurm": 3, "Stoke the Flames": 4, "Treasure Cruise": 3, "Dig Through Time": 2,
        "Chord of Calling": 2, "Lightning Bolt": 4,
    },
    # Big mana: the Urza lands, Gaea's Cradle, Ancient Tomb, Sol Ring, Mana Vault, storage
    # lands, Thran Dynamo, into Wurmcoil Engine and big green creatures.
    "Tron and Cradle big mana (G)": {
        "Urza's Mine": 4, "Urza's Tower": 4, "Urza's Power Plant": 4, "Forest": 10,
        "Gaea's Cradle": 1, "Ancient Tomb": 2, "Hollow Trees": 2,
        "Sol Ring": 2, "Mana Vault": 1, "Llanowar Elves": 4, "Elvish Mystic": 4,
        "Grizzly Bears": 4, "Kavu Climber": 4, "Rumbling Baloth": 4, "Wurmcoil Engine": 4,
        "Leatherback Baloth": 4, "Thran Dynamo": 2,
    },
}
