"""The School board, one round at a time: the columns the players can take, in turn order, and the order they work in.

The rules (Kanagawa rules, "Game Play" steps 1–3; Kanagawa French rules, section 2), as the engine plays them
(:func:`~marquoir.games.kanagawa.engine.rules.lay_row`, :func:`~marquoir.games.kanagawa.engine.rules.must_take`):

* the first player lays one card per player on the first row; in turn order from the first player, each player at
  school takes a whole column (and leaves) or waits ("Broaden your knowledge or Put it into practice");
* while players are still at school a new row is laid, one card per player still at school, under the columns
  still on the board ("New Lesson"); a player alone at school when the step begins must take (the note of step 2),
  and after the third row everyone must take;
* the last card of the deck reaching the board ends the game after this round, and every player still at school
  must take a column, maybe shorter than the others ("New Lesson", note): a row is laid only after a full one, and a
  column with no card is taken only when no column holds one ("choose all the Lesson cards in a column";
  data/SOURCES.md decision 15), so the first players in turn order take the last cards.

So a column of 3 is taken only by a player who waited through the second row, which a player alone at school may
not do: another player takes 2 or 3 that round. Which cards lie in which column never matters to what a table shows
(any card of the deck may come next), only how many each player takes, and when.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from marquoir.games.kanagawa.vocabulary import COLUMN_CARDS


class Shape(NamedTuple):
    """One way a round can go on the School board: the cards each turn position takes (0 the first player, then
    clockwise), the row each took at (the order the players work in: row by row, in turn order within a row), and
    whether the last card of the deck reached the board (the game then ends after this round)."""

    takes: tuple[int, ...]
    rows: tuple[int, ...]
    deck_out: bool


@lru_cache(maxsize=512)
def round_shapes(players: int, deck: int) -> tuple[Shape, ...]:
    """Every way a round of ``players`` players can go with ``deck`` cards left in the deck at its start (see the
    module docstring), in a fixed order. A deck of more than 3 cards a player never runs out in a round."""
    deck = min(deck, COLUMN_CARDS * players + 1)
    found: dict[Shape, None] = {}
    takes = [0] * players
    rows = [0] * players

    def lay(at_school: Sequence[int], columns: Sequence[int], row: int, left: int) -> None:
        # One card on each column still on the board, the first ones first, while the deck lasts.
        count = min(len(columns), left)
        laid = [size + 1 if k < count else size for k, size in enumerate(columns)]
        left -= count
        decide(tuple(at_school), 0, laid, row, left, left == 0, len(at_school) == 1, ())

    def decide(
        at_school: tuple[int, ...],
        k: int,
        columns: list[int],
        row: int,
        left: int,
        deck_out: bool,
        alone: bool,
        staying: tuple[int, ...],
    ) -> None:
        if k == len(at_school):
            if staying:
                lay(staying, columns, row + 1, left)
            else:
                found[Shape(tuple(takes), tuple(rows), deck_out)] = None
            return
        position = at_school[k]
        # Take a whole column: any one still on the board, an empty one only when none holds a card.
        full = sorted({size for size in columns if size})
        for size in full or sorted(set(columns)):
            rest = list(columns)
            rest.remove(size)
            takes[position], rows[position] = size, row
            decide(at_school, k + 1, rest, row, left, deck_out, alone, staying)
        takes[position] = rows[position] = 0
        # Wait for another row: not when alone at school as the step began, after the third row, or once the deck
        # is out.
        if not (deck_out or row >= COLUMN_CARDS or alone):
            decide(at_school, k + 1, columns, row, left, deck_out, alone, (*staying, position))

    lay(tuple(range(players)), [0] * players, 1, deck)
    return tuple(found)


def holder_after(shape: Shape, first: int, took_assistant: Sequence[bool]) -> int:
    """Who holds the Assistant pawn at the end of the round: the last player, in the order the players worked, to
    take it (an Assistant icon laid in the Studio, a Diploma's bonus: Kanagawa rules, "Improve your Studio"), else
    its holder at the start of the round, who is the round's first player (the Assistant's holder takes the Grand
    Master for the next round, "New Lesson"). ``took_assistant`` is by seat; ``first`` the first player's seat."""
    count = len(took_assistant)
    best: tuple[int, int] | None = None
    holder = first
    for seat, took in enumerate(took_assistant):
        if took:
            position = (seat - first) % count
            key = (shape.rows[position], position)
            if best is None or key > best:
                best, holder = key, seat
    return holder


def work_order(shape: Shape, first: int) -> list[int]:
    """The seats in the order the players worked this round (row by row, in turn order within a row)."""
    count = len(shape.takes)
    return sorted(range(count), key=lambda seat: (shape.rows[(seat - first) % count], (seat - first) % count))


@lru_cache(maxsize=64)
def _take_sets(players: int) -> tuple[frozenset[tuple[int, ...]], frozenset[tuple[int, ...]]]:
    """The cards each position can take in a round before the last (the deck does not run out), and in a last
    round (any deck): as vectors by turn position."""
    normal = frozenset(shape.takes for shape in round_shapes(players, COLUMN_CARDS * players + 1))
    last = frozenset(
        shape.takes for deck in range(1, COLUMN_CARDS * players + 2) for shape in round_shapes(players, deck)
    )
    return normal, last


def counts_possible(first: int | None, rounds: int, untaken: Sequence[int | None]) -> bool:
    """Whether ``untaken`` cards (by seat; ``None``: any number, a player entered from the sheet's figures) can be
    taken in exactly ``rounds`` rounds whose first is led by seat ``first`` (``None``: anyone), counting cards
    only: a column a round each as the School board allows (:func:`round_shapes`), the first player of the rounds
    after being anyone. A relaxation of the joint search, so that counts alone settle what they can."""
    count = len(untaken)
    fixed = tuple(seat for seat, value in enumerate(untaken) if value is not None)
    if not fixed:
        return True
    left = tuple(value for value in untaken if value is not None)
    return _counts(count, first, rounds, fixed, left)


@lru_cache(maxsize=200_000)
def _counts(players: int, first: int | None, rounds: int, seats: tuple[int, ...], left: tuple[int, ...]) -> bool:
    if any(value < 0 or value > COLUMN_CARDS * rounds for value in left):
        return False
    if rounds == 0:
        return not any(left)
    normal, last = _take_sets(players)
    # Before the last round every player takes a card at least.
    if rounds > 1 and any(value < rounds - 1 for value in left):
        return False
    firsts = range(players) if first is None else (first,)
    options = last if rounds == 1 else normal
    tried: set[tuple[int, ...]] = set()
    for lead in firsts:
        for takes in options:
            mine = tuple(takes[(seat - lead) % players] for seat in seats)
            if mine in tried:
                continue
            tried.add(mine)
            rest = tuple(value - take for value, take in zip(left, mine, strict=True))
            if _counts(players, None, rounds - 1, seats, rest):
                return True
    return False
