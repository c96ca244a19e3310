"""A detailed player's bonsai as the scoring and the check see it: which kind stands on each cell, the counts,
each flower's free sides, the largest group of leaves, and what sticks out past the pot.

Made once per :func:`~marquoir.games.bonsai.scoring.score` call (:func:`trees_of`) and handed to the legality pass
of the same report, so nothing is worked out twice. Geometry: :mod:`~marquoir.games.bonsai.geometry`; what counts
and what the grid sees: ``data/SOURCES.md``, decisions 3 and 4.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import NamedTuple

from marquoir.games.bonsai.geometry import Cell, Side, group_of, is_low, neighbours, sticks_out, trunk
from marquoir.games.bonsai.table import DetailedPlayer, Table
from marquoir.games.bonsai.vocabulary import FLOWER, LEAF, TILE_KINDS, WOOD


class FlowerSides(NamedTuple):
    """One flower of the bonsai (``tile``: its index in the player's tiles) and its sides touching no tile: the pot's
    sides are free, the trunk is a tile (« Fin de la partie »; decision 4)."""

    tile: int
    at: Cell
    free: int


class Overhang(NamedTuple):
    """How many tiles stick out past the pot, by side and height (``data/SOURCES.md``, fact 4)."""

    left_high: int = 0
    left_low: int = 0
    right_high: int = 0
    right_low: int = 0

    def on(self, side: Side) -> int:
        """Tiles sticking out on ``side``, high or low."""
        return self.left_high + self.left_low if side == "left" else self.right_high + self.right_low

    def high(self, side: Side) -> int:
        return self.left_high if side == "left" else self.right_high

    def low(self, side: Side) -> int:
        return self.left_low if side == "left" else self.right_low


@dataclass(frozen=True, slots=True)
class Tree:
    """A detailed player's bonsai, worked out once.

    ``kind_at`` is what the grid sees: the trunk (wood) on its cell and, on every other cell, the first tile listed
    there; ``first_at`` the index of that first tile. ``counts`` counts every listed tile by kind, the trunk among
    the wood (decision 3)."""

    player: DetailedPlayer
    trunk: Cell
    kind_at: Mapping[Cell, str]
    first_at: Mapping[Cell, int]
    counts: Mapping[str, int]
    flowers: tuple[FlowerSides, ...]
    leaf_group: tuple[Cell, ...]
    flowers_out: Overhang
    tiles_out: Overhang

    @classmethod
    def of(cls, player: DetailedPlayer) -> Tree:
        """Work out ``player``'s bonsai."""
        root = trunk(player.flipped)
        kind_at: dict[Cell, str] = {root: WOOD}
        first_at: dict[Cell, int] = {}
        counts = dict.fromkeys(TILE_KINDS, 0)
        counts[WOOD] = 1  # the trunk is a wood tile (decision 5)
        tiles_out = [0, 0, 0, 0]
        flowers_out = [0, 0, 0, 0]
        for index, (at, kind) in enumerate(player.tiles):
            counts[kind] += 1
            if at not in kind_at:
                kind_at[at] = kind
                first_at[at] = index
            side = sticks_out(at)
            if side is not None:
                slot = (0 if side == "left" else 2) + is_low(at)
                tiles_out[slot] += 1
                if kind == FLOWER:
                    flowers_out[slot] += 1
        flowers = tuple(
            FlowerSides(index, at, sum(1 for n in neighbours(at) if n not in kind_at))
            for index, (at, kind) in enumerate(player.tiles)
            if kind == FLOWER
        )
        return cls(
            player=player,
            trunk=root,
            kind_at=kind_at,
            first_at=first_at,
            counts=counts,
            flowers=flowers,
            leaf_group=largest_group(kind_at, LEAF),
            flowers_out=Overhang(*flowers_out),
            tiles_out=Overhang(*tiles_out),
        )

    @property
    def flower_points(self) -> int:
        """The flowers' points: 1 per free side (« Fin de la partie »)."""
        return sum(f.free for f in self.flowers)


def largest_group(kind_at: Mapping[Cell, str], kind: str) -> tuple[Cell, ...]:
    """The largest group of tiles of ``kind`` touching one another (the green goals, ``data/goals.csv``), its cells
    from the top row down; the first found among equal groups, ``()`` when there is none."""
    seen: set[Cell] = set()
    best: list[Cell] = []
    for start, start_kind in kind_at.items():
        if start_kind == kind and start not in seen:
            group = group_of(kind_at, start, kind)
            seen.update(group)
            if len(group) > len(best):
                best = group
    return tuple(sorted(best, key=lambda c: (-c[1], c[0])))


def trees_of(table: Table) -> tuple[Tree | None, ...]:
    """Each player's tree in turn order (``None`` for a player entered from the sheet's figures)."""
    return tuple(Tree.of(p) if isinstance(p, DetailedPlayer) else None for p in table.players)
