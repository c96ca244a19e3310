"""The words of Kanagawa's table document: seasons, families, landscapes, icons, subjects.

Every word here comes from the rule seeds (``shared/seeds/000``, ``002``, ``003``) and the card data
(``marquoir/data/kanagawa``); the table document (``shared/TABLE-FORMAT.md``) refuses any other word.
"""

from __future__ import annotations

from typing import Final

GAME: Final = "kanagawa"

#: The four real seasons, then ``storm``: a storm-season card counts as any season (seed 002, section 3).
SEASONS: Final = ("spring", "summer", "autumn", "winter")
PRINT_SEASONS: Final = (*SEASONS, "storm")

BASE_FAMILIES: Final = ("trees", "characters", "buildings", "animals")
#: The Yokai expansion's three families of Lesson cards (seed 003, "54 Lesson Cards").
EXPANSION_FAMILIES: Final = ("kites", "lanterns", "umbrellas")
CARD_FAMILIES: Final = BASE_FAMILIES + EXPANSION_FAMILIES

#: Diploma families: the Print families plus the Studio ones and the Yokai Diploma (SOURCES.md, decision 7).
STUDIO_DIPLOMA_FAMILIES: Final = ("brushes", "arrows", "landscapes")
DIPLOMA_FAMILIES: Final = CARD_FAMILIES + STUDIO_DIPLOMA_FAMILIES + ("yokai",)

LANDSCAPES: Final = ("forest", "water", "mountain", "plain")
#: A joker landscape icon serves as any landscape (seed 002, "Règles maison").
JOKER: Final = "joker"
STUDIO_LANDSCAPES: Final = (*LANDSCAPES, JOKER)

ICONS: Final = ("brush", "assistant", "arrow", "keep")

BUILDINGS: Final = ("thatch", "tower", "tiled-roof", "palace", "round", "temple")
CHARACTERS: Final = ("warrior", "peasant", "monk", "lady")
ANIMALS: Final = ("boar", "deer", "crane", "butterfly")

#: Kite colours named by the Yokai Diplomas (seed 003) and the table format.
KITE_COLOURS: Final = ("blue", "yellow", "red", "green")

#: The French words of the physical cards, for display (SOURCES.md: the English slugs are literal glosses).
FRENCH_SUBJECTS: Final = {
    "thatch": "paille",
    "tower": "tour",
    "tiled-roof": "tuile",
    "palace": "palais",
    "round": "rond",
    "temple": "temple",
    "warrior": "guerrier",
    "peasant": "paysan",
    "monk": "moine",
    "lady": "dame",
    "boar": "sanglier",
    "deer": "cerf",
    "crane": "grue",
    "butterfly": "papillon",
}

#: Yokai tokens held at the end: 1 → −1, 2 → −4, 3 → −9 (seed 003, "End of the Game").
YOKAI_PENALTY: Final = (0, -1, -4, -9)
YOKAI_TOKENS: Final = 3
#: Storm tokens come only from Diplomas; 3 exist (SOURCES.md, decision 7).
STORM_TOKENS: Final = 3
#: Brush pawns in the box (seed 000, "Components").
BRUSH_PAWNS: Final = 15
#: Grand Master pawn at the end: 2 points (seed 002, section 3).
GRAND_MASTER_POINTS: Final = 2
#: Cards of one family in a deck (seed 002, "Contenu": 18 per back colour; seed 003: 18 × 3 colours).
CARDS_PER_FAMILY: Final = 18
#: A round that ends with a player holding this many painted cards ends the game (seed 000, "End of the Game").
END_PRINT_CARDS: Final = 11

#: Score sheet categories, in the order of the paper sheet.
CATEGORIES: Final = ("print_cards", "season_chain", "harmony", "diplomas", "grand_master", "yokai")
