"""Bonsai's words as its pages show them: the goal colours as the new game offers them, the cards the
tile-by-tile entry counts. The edition's French words (Bois, Feuille, Fleur, Fruit, Parchemin, Objectif, Pot,
Croissance, Outil, Maître, Apprenti) are the catalogue's; the tile kinds, goal names and Parchments come from the
core (``vocabulary``, ``data/goals.csv``) and are translated where they are shown."""

from __future__ import annotations

from marquoir.games.bonsai.vocabulary import FLOWER, FRUIT, LEAF, WOOD
from marquoir.web.i18n import _l

#: The five goal colours as the new game offers them, with what each colour's tiles ask.
COLOUR_NAMES = {
    "brown": _l("Brown: wood tiles"),
    "green": _l("Green: leaves touching one another"),
    "orange": _l("Orange: fruits"),
    "pink": _l("Pink: flowers sticking out of the pot"),
    "cyan": _l("Cyan: tiles sticking out of the pot"),
}

#: The Growth cards' counters, by the tile kind each card shows (« Méditer »).
GROWTH_NAMES = {
    WOOD: _l("Growth: wood"),
    LEAF: _l("Growth: leaf"),
    FLOWER: _l("Growth: flower"),
    FRUIT: _l("Growth: fruit"),
}

#: The other cards counted (Tool cards add supply room; Master and Helper cards count for their Parchments).
CARD_NAMES = {"tool": _l("Tool cards"), "master": _l("Master cards"), "helper": _l("Helper cards")}


__all__ = ["CARD_NAMES", "COLOUR_NAMES", "GROWTH_NAMES"]
