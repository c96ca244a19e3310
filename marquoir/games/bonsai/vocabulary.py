"""The words and fixed numbers of Bonsai's table document: tile kinds, goal colours and sizes, Parchments.

Every word here comes from the rules (the French overview, « Cultiver » and « Fin de la partie ») and the package
data (``data/goals.csv``, ``data/cards.csv``); the table document refuses any other word (``data/SOURCES.md``,
decision 1).
"""

from __future__ import annotations

from typing import Final

from marquoir.i18n import N_

GAME: Final = "bonsai"

#: The tiles of a bonsai (« Cultiver »): Bois, Feuille, Fleur, Fruit.
WOOD: Final = "wood"
LEAF: Final = "leaf"
FLOWER: Final = "flower"
FRUIT: Final = "fruit"
TILE_KINDS: Final = (WOOD, LEAF, FLOWER, FRUIT)

#: The five goal colours (``data/goals.csv``) and the three sizes of each.
GOAL_COLOURS: Final = ("brown", "green", "orange", "pink", "cyan")
GOAL_SIZES: Final = ("small", "medium", "large")
#: Goal colours drawn for a game (official rules); with 1 or 2 players the medium tiles stay in the box.
GOAL_COLOURS_IN_PLAY: Final = 3
MEDIUM_GOALS_FROM: Final = 3

#: What a Parchment card counts (``data/cards.csv``, ``gives`` of the parchment rows).
PARCHMENTS: Final = (WOOD, LEAF, FLOWER, FRUIT, "growth", "helper", "master")

#: Each Parchment as players say it (translated where shown).
PARCHMENT_NAMES: Final = {
    WOOD: N_("Parchment per wood tile"),
    LEAF: N_("Parchment per leaf tile"),
    FLOWER: N_("Parchment per flower tile"),
    FRUIT: N_("Parchment per fruit tile"),
    "growth": N_("Parchment per Growth card"),
    "helper": N_("Parchment per Helper card"),
    "master": N_("Parchment per Master card"),
}

#: Card kinds as ``data/cards.csv`` counts them.
CARD_KINDS: Final = ("tool", "growth", "master", "helper", "parchment")

#: Tile points (« Fin de la partie »): wood 0, each leaf 3, each fruit 7; a flower 1 per free side.
LEAF_POINTS: Final = 3
FRUIT_POINTS: Final = 7

#: Solo levels 1 to 5 and the points each needs, with at least 3 goals (official rules; decision 11).
SOLO_LEVEL_POINTS: Final = (60, 80, 100, 120, 140)
SOLO_GOALS: Final = 3

#: Players the rules allow.
MIN_PLAYERS: Final = 1
MAX_PLAYERS: Final = 4

#: Resource bounds at reading (decision 2): far above the game, small enough to refuse abuse.
MAX_READ_PLAYERS: Final = 16
MAX_TILES: Final = 200
MAX_COORDINATE: Final = 200
MAX_GROWTH_CARDS: Final = 64
MAX_PARCHMENTS: Final = 64
MAX_GOALS: Final = 32
MAX_NUMBER: Final = 9999

#: Score sheet categories, in the order of the paper sheet.
CATEGORIES: Final = ("leaves", "flowers", "fruits", "parchments", "goals")
#: Each category's row label, the game's one label map (translated where shown).
CATEGORY_LABELS: Final = {
    "leaves": N_("Leaves"),
    "flowers": N_("Flowers"),
    "fruits": N_("Fruits"),
    "parchments": N_("Parchments"),
    "goals": N_("Goals"),
}
