"""What a player's complete cards can give: the tile budget (play fact 69) and the solo bound on tiles placed (play
fact 70), as proofs that no game ends with a table (``data/SOURCES.md``, decisions 15 and 19).

Both are upper bounds made generous where the exact answer would need a search, so that a table they refuse is
truly unreachable: every card's slot is counted as slot 2 (wood and flower) or slot 3 (leaf and fruit), which give
all that slot 1 gives and more; the Masters' faces are the most favourable ones the deck holds, kind by kind and in
number of tiles (a relaxation of the faces a player can hold together); a player may also have taken a card in the
final round, which brings nothing placeable, but the bound counts it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from marquoir.games.bonsai.catalogue import Catalogue
from marquoir.games.bonsai.table import DetailedPlayer
from marquoir.games.bonsai.vocabulary import FLOWER, FRUIT, LEAF, TILE_KINDS, WOOD

ANY = "any"


@dataclass(frozen=True, slots=True)
class Budget:
    """A player's tiles to account for: ``need`` is, by kind, the tiles in the bonsai beyond the starting ones (the
    trunk is not counted); ``cards`` the cards held; ``masters`` how many are Masters."""

    need: Mapping[str, int]
    cards: int
    masters: int


def tile_needs(player: DetailedPlayer, seat: int, players: int, cat: Catalogue) -> dict[str, int]:
    """The tiles of each kind the bonsai holds beyond the player's starting tiles (play facts 4 and 69)."""
    counted = Counter(tile.kind for tile in player.tiles)
    start = Counter(cat.play.start_tiles(seat, players))
    return {kind: counted[kind] - start[kind] for kind in TILE_KINDS}


def master_faces(players: int, cat: Catalogue) -> list[tuple[str, ...]]:
    """The Master faces of the deck for ``players``, one entry a card (``data/cards.csv``)."""
    column = min(max(players, 1), 4) - 1
    return [
        tuple(row.gives.split("+"))
        for row in cat.deck
        if row.kind == "master"
        for _ in range(row.counts[column])
    ]


def _master_bounds(masters: int, faces: list[tuple[str, ...]]) -> tuple[dict[str, int], int]:
    """The most tiles ``masters`` Masters of the deck can give: of each kind (counting an "any" face as that
    kind), and in all."""
    most = {
        kind: sum(sorted((face.count(kind) + face.count(ANY) for face in faces), reverse=True)[:masters])
        for kind in TILE_KINDS
    }
    total = sum(sorted((len(face) for face in faces), reverse=True)[:masters])
    return most, total


def budget_shortfall(need: Mapping[str, int], cards: int, masters: int, faces: list[tuple[str, ...]]) -> bool:
    """Whether no choice of slots and Master faces gives the tiles ``need`` asks (play fact 69, relaxed as the
    module says): for every split of the cards between slot 2 and slot 3, what is still missing exceeds what the
    most favourable Masters give, kind by kind or in all."""
    most, total = _master_bounds(masters, faces)
    for a2 in range(cards + 1):
        a3 = cards - a2
        missing = {
            WOOD: max(0, need[WOOD] - a2),
            FLOWER: max(0, need[FLOWER] - a2),
            LEAF: max(0, need[LEAF] - a3),
            FRUIT: max(0, need[FRUIT] - a3),
        }
        if all(missing[k] <= most[k] for k in TILE_KINDS) and sum(missing.values()) <= total:
            return False
    return True


def solo_cultivates(held: int) -> int:
    """The most Cultivate turns of a solo game whose player ends holding ``held`` cards (play fact 49): 29 with
    none, 28 with one, 31 − 2h from two on."""
    if held == 0:
        return 29
    if held == 1:
        return 28
    return max(0, 31 - 2 * held)


def solo_most_placed(player: DetailedPlayer) -> int:
    """The most tiles a solo player holding these cards can have placed (play fact 70): each Cultivate within the
    Seishi's three tiles and one more per Growth card held, and two per Helper."""
    cards = player.cards
    return solo_cultivates(cards.total) * (3 + len(cards.growth)) + 2 * max(cards.helper, 0)
