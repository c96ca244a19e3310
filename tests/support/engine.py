"""Test fixtures for the engine tests: made-up Yokai expansion cards, and games played to their end.

THE EXPANSION CARDS HERE ARE INVENTED TEST FIXTURES, NOT THE REAL CARDS. No card-by-card list of the 54 Yokai
Lesson cards exists (games/kanagawa/data/SOURCES.md, "Yokai cards"), so the engine takes them as values; these obey
the expansion's structure (18 per family, kites with colours, 1–3 lanterns, umbrellas, Yokai arrival and movement
icons, a Studio half like the base cards': one brush, arrow, keep and joker icon per family, 4 cards per season and 2
storm cards) and are generated from a seed so every run is the same.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

from marquoir.games.kanagawa.catalogue import Paint, PrintHalf, StudioHalf, catalogue
from marquoir.games.kanagawa.engine import GameState, LessonCard, build_deck, new_game
from marquoir.games.kanagawa.engine.players import GreedyPlayer, Player, RandomPlayer, play
from marquoir.games.kanagawa.table import DetailedPlayer, Table
from marquoir.games.kanagawa.tableau import tableaux_of
from marquoir.games.kanagawa.vocabulary import BASE_FAMILIES, KITE_COLOURS, LANDSCAPES, SEASONS

YOKAI_FAMILIES = ("trees", "animals", "kites", "umbrellas")
YOKAI_FAMILIES_2 = ("characters", "buildings", "lanterns", "kites")


def fixture_expansion_cards(seed: int = 3) -> tuple[LessonCard, ...]:
    """54 invented expansion cards (18 kites, 18 lanterns, 18 umbrellas) — test fixtures, see the module docstring."""
    rng = random.Random(seed)
    cards: list[LessonCard] = []
    for family in ("kites", "lanterns", "umbrellas"):
        seasons = [s for s in SEASONS for _ in range(4)] + ["storm", "storm"]
        rng.shuffle(seasons)
        icons: list[str | None] = ["brush", "arrow", "keep", "assistant", "assistant"] + [None] * 13
        rng.shuffle(icons)
        for i in range(18):
            landscape = LANDSCAPES[i % 4]
            paint = Paint(landscape, 2 if i % 5 == 4 else 1)
            kites: tuple[str, ...] = ()
            lanterns = umbrellas = 0
            if family == "kites":
                kites = tuple(rng.choice(KITE_COLOURS[:3]) for _ in range(1 + (i % 3 == 0)))
            elif family == "lanterns":
                lanterns = 1 + i % 3
            else:
                umbrellas = 1 + (i % 4 == 0)
            printed = PrintHalf(
                family=family,
                season=seasons[i],
                harmony=rng.choice((0, 0, 1)),
                kites=kites,
                lanterns=lanterns,
                umbrellas=umbrellas,
                yokai_arrival=i % 6 == 1,
                paint=paint,
            )
            icon = icons[i]
            studio_landscape = None if icon else ("joker" if i == 7 else rng.choice(LANDSCAPES))
            studio = StudioHalf(
                family=family,
                landscape=studio_landscape,
                icon=icon,
                harmony=rng.choice((0, 0, 0, 1, -1)),
                yokai_move=i % 6 == 3,
            )
            cards.append(LessonCard(family, printed, studio))
    return tuple(cards)


def expansion_document(cards: Sequence[LessonCard]) -> list[dict[str, object]]:
    """The invented cards as the JSON list ``marquoir simulate --cards`` reads."""
    from marquoir.games.kanagawa.document import card_to_document

    return [{"print": card_to_document(c.print), "studio": card_to_document(c.studio)} for c in cards]


def deck_for(families: Sequence[str]) -> tuple[LessonCard, ...]:
    if all(f in BASE_FAMILIES for f in families):
        return build_deck(families)
    return build_deck(families, fixture_expansion_cards())


def finished_game(
    seed: int, players: int = 4, families: Sequence[str] = BASE_FAMILIES, greedy: bool = False
) -> GameState:
    """A game played to its end by random (or greedy) players from ``seed``."""
    rng = random.Random(seed)
    kinds: list[Player] = [GreedyPlayer() if greedy and i % 2 == 0 else RandomPlayer() for i in range(players)]
    state = new_game(deck_for(families), players, seed=seed, families=tuple(families))
    return play(state, kinds, rng)


def brushy_deck() -> tuple[tuple[str, ...], tuple[LessonCard, ...]]:
    """The fixture expansion cards with half the kites' plain Studio halves showing a brush icon: four players
    ask for more than the 15 brushes."""
    cards = fixture_expansion_cards()
    brushy = tuple(
        dataclasses.replace(c, studio=dataclasses.replace(c.studio, icon="brush", landscape=None))
        if c.family == "kites" and c.studio.icon is None and i % 2 == 0
        else c
        for i, c in enumerate(cards)
    )
    families = ("trees", "animals", "kites", "umbrellas")
    return families, build_deck(families, brushy)


def brushy_game(seed: int) -> GameState:
    """A four-player game on :func:`brushy_deck` (random and greedy players in turn), where the brush reserve
    often runs dry."""
    families, deck = brushy_deck()
    kinds: list[Player] = [GreedyPlayer() if i % 2 else RandomPlayer() for i in range(4)]
    return play(new_game(deck, 4, seed=seed, families=families), kinds, random.Random(seed))


def refused_seats(table: Table) -> list[int]:
    """The detailed players whose ``brushes`` figure is below what their tableau asks for: refused a brush once
    the reserve ran dry (data/SOURCES.md decision 8)."""
    tableaux = tableaux_of(table, catalogue())
    return [
        k
        for k, (p, t) in enumerate(zip(table.players, tableaux, strict=True))
        if isinstance(p, DetailedPlayer) and t and p.brushes is not None and p.brushes < t.brushes_explained
    ]
