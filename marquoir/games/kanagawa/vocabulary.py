"""The words of Kanagawa's table document: seasons, families, landscapes, icons, subjects.

Every word here comes from the rule documents (the Kanagawa rules, French rules and Yokai rules) and the card data
(``marquoir/games/kanagawa/data``); the table document (``marquoir/data/table-format.md``) refuses any other word.
"""

from __future__ import annotations

from typing import Final

from marquoir.i18n import N_

GAME: Final = "kanagawa"

#: The four real seasons, then ``storm``: a storm-season card counts as any season (Kanagawa French rules, section 3).
SEASONS: Final = ("spring", "summer", "autumn", "winter")
PRINT_SEASONS: Final = (*SEASONS, "storm")

BASE_FAMILIES: Final = ("trees", "characters", "buildings", "animals")
#: The Yokai expansion's three families of Lesson cards (Yokai rules, "54 Lesson Cards").
EXPANSION_FAMILIES: Final = ("kites", "lanterns", "umbrellas")
CARD_FAMILIES: Final = BASE_FAMILIES + EXPANSION_FAMILIES

#: Diploma families: the Print families plus the Studio ones and the Yokai Diploma (data/SOURCES.md, decision 7).
STUDIO_DIPLOMA_FAMILIES: Final = ("brushes", "arrows", "landscapes")
DIPLOMA_FAMILIES: Final = CARD_FAMILIES + STUDIO_DIPLOMA_FAMILIES + ("yokai",)

LANDSCAPES: Final = ("forest", "water", "mountain", "plain")
#: A joker landscape icon serves as any landscape (Kanagawa French rules, "Règles maison").
JOKER: Final = "joker"
STUDIO_LANDSCAPES: Final = (*LANDSCAPES, JOKER)

ICONS: Final = ("brush", "assistant", "arrow", "keep")

BUILDINGS: Final = ("thatch", "tower", "tiled-roof", "palace", "round", "temple")
CHARACTERS: Final = ("warrior", "peasant", "monk", "lady")
ANIMALS: Final = ("boar", "deer", "crane", "butterfly")

#: Kite colours named by the Yokai Diplomas (Yokai rules) and the table format.
KITE_COLOURS: Final = ("blue", "yellow", "red", "green")

#: The French words of the physical cards, for display (data/SOURCES.md: the English slugs are literal glosses).
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

#: Yokai tokens held at the end: 1 → −1, 2 → −4, 3 → −9 (Yokai rules, "End of the Game").
YOKAI_PENALTY: Final = (0, -1, -4, -9)
YOKAI_TOKENS: Final = 3
#: Storm tokens come only from Diplomas; 3 exist (data/SOURCES.md, decision 7).
STORM_TOKENS: Final = 3
#: Brush pawns in the box (Kanagawa rules, "Components").
BRUSH_PAWNS: Final = 15
#: Brush pawns each player starts with (Kanagawa French rules, section 1: "pose deux pions Pinceau devant lui").
STARTING_BRUSHES: Final = 2
#: Grand Master pawn at the end: 2 points (Kanagawa French rules, section 3).
GRAND_MASTER_POINTS: Final = 2
#: Cards of one family in a deck (Kanagawa French rules, "Contenu": 18 per back colour; Yokai rules: 18 × 3 colours).
CARDS_PER_FAMILY: Final = 18
#: A round that ends with a player holding this many painted cards ends the game (Kanagawa rules, "End of the Game").
END_PRINT_CARDS: Final = 11
#: A column has at most 3 cards: the School board has 3 rows (Kanagawa rules, "New Lesson").
COLUMN_CARDS: Final = 3
#: Lesson cards in a game: 4 families of 18 (Kanagawa rules, "Components": 72 Lesson cards).
DECK_CARDS: Final = 4 * CARDS_PER_FAMILY

#: Score sheet categories, in the order of the paper sheet.
CATEGORIES: Final = ("print_cards", "season_chain", "harmony", "diplomas", "grand_master", "yokai")
#: Each category's row label, the game's one label map (translated where shown; the printed sheet words two rows
#: its own way: :mod:`marquoir.games.kanagawa.sheet`).
CATEGORY_LABELS: Final = {
    "print_cards": N_("Print cards"),
    "season_chain": N_("Season chain"),
    "harmony": N_("Harmony symbols"),
    "diplomas": N_("Diplomas"),
    "grand_master": N_("Grand Master"),
    "yokai": N_("Yokai"),
}
