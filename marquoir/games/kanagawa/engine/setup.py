"""Setting up a Kanagawa game: the deck shuffled, Starting tiles and brushes dealt, the first row laid.

Set-up (Kanagawa rules, "Setup"; Kanagawa French rules, section 1; Yokai rules, "Game Set-up"): the 72 Lesson cards
of the 4 families in play, shuffled; a Starting tile and 2 brushes each out of 15; 3 Storm tokens; 3 Yokai tokens
with the expansion; the first player holds the Grand Master and the Assistant.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from marquoir.errors import RuleError
from marquoir.games.kanagawa.catalogue import catalogue
from marquoir.games.kanagawa.engine.cards import LessonCard
from marquoir.games.kanagawa.engine.painting import Brushes
from marquoir.games.kanagawa.engine.rules import lay_row
from marquoir.games.kanagawa.engine.state import GameState, PlayerState
from marquoir.games.kanagawa.table import Rules
from marquoir.games.kanagawa.vocabulary import BRUSH_PAWNS, EXPANSION_FAMILIES, YOKAI_TOKENS


def new_game(
    cards: Sequence[LessonCard],
    players: int | Sequence[str],
    seed: int | None = None,
    *,
    families: Sequence[str] | None = None,
    starts: Sequence[str] | None = None,
    first: int = 0,
    rules: Rules | None = None,
    shuffle: bool = True,
) -> GameState:
    """Set up a game with ``cards`` (see :func:`marquoir.games.kanagawa.engine.cards.build_deck`) and lay the first row.

    ``players`` is a count (players named P1, P2, …) or the names. Starting tiles are dealt at random unless
    ``starts`` names them; ``shuffle=False`` keeps the draw pile in the order given (for tests and replays).
    """
    names = tuple(f"P{i + 1}" for i in range(players)) if isinstance(players, int) else tuple(players)
    if not 2 <= len(names) <= 4:
        raise RuleError("2 to 4 players (Kanagawa French rules, section 1)", f"{len(names)} players")
    rng = random.Random(seed)
    cat = catalogue()
    tiles = list(starts) if starts is not None else rng.sample(sorted(cat.start_tiles), len(names))
    if len(tiles) != len(names) or len(set(tiles)) != len(tiles) or any(t not in cat.start_tiles for t in tiles):
        raise RuleError("one Starting tile each (Kanagawa French rules, section 1)", f"Starting tiles {tiles}")
    fams = tuple(families) if families is not None else tuple(dict.fromkeys(card.family for card in cards))
    order = list(range(len(cards)))
    if shuffle:
        rng.shuffle(order)
    brushes = tuple(cat.start_tiles[t].brushes for t in tiles)
    state = GameState(
        cards=tuple(cards),
        families=fams,
        rules=rules or Rules(),
        names=names,
        players=tuple(
            PlayerState(
                start=t,
                brushes=Brushes(free=b),
                icons=(cat.start_tiles[t].landscape,),
                arrows=cat.start_tiles[t].arrows,
            )
            for t, b in zip(tiles, brushes, strict=True)
        ),
        draw=tuple(order),
        grand_master=first,
        assistant=first,
        diplomas_free=frozenset(d.id for d in cat.diplomas_in_play(fams)),
        brush_reserve=BRUSH_PAWNS - sum(brushes),
        yokai_reserve=YOKAI_TOKENS if any(f in EXPANSION_FAMILIES for f in fams) else 0,
    )
    return lay_row(state)
