"""The pot and the hexagonal grid, written once (``data/SOURCES.md``, "The pot and the grid", facts 1–5).

Cells are ``(x, y)`` with ``y`` growing upward; even rows sit half a cell to the right. The trunk is at ``(0, 0)``,
or ``(1, 0)`` when the pot is flipped; the pot covers three rows under and beside it. Everything that asks where a
tile is — scoring (free sides of a flower, groups of leaves, goals) and the check (placement, support) — asks here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, Literal

#: A cell of the grid: ``(x, y)``.
Cell = tuple[int, int]
#: A side of the pot.
Side = Literal["left", "right"]

#: The trunk's cell (fact 2).
TRUNK: Final[Cell] = (0, 0)
FLIPPED_TRUNK: Final[Cell] = (1, 0)

#: The cells of the pot, the trunk's row included (fact 3); the trunk's own cell is taken out by :func:`pot_cells`.
_POT_ROWS: Final = {0: (-2, 3), -1: (-1, 3), -2: (-1, 2)}
_POT_AND_TRUNKS: Final = frozenset((x, y) for y, (first, last) in _POT_ROWS.items() for x in range(first, last + 1))
_POT: Final = {False: _POT_AND_TRUNKS - {TRUNK}, True: _POT_AND_TRUNKS - {FLIPPED_TRUNK}}


def neighbours(cell: Cell) -> tuple[Cell, ...]:
    """The six cells touching ``cell``, in order round it, so that two consecutive ones touch each other (fact 1):
    on an odd row ``[x, y+1] [x+1, y] [x, y-1] [x-1, y-1] [x-1, y] [x-1, y+1]``, on an even row ``[x+1, y+1]
    [x+1, y] [x+1, y-1] [x, y-1] [x-1, y] [x, y+1]``."""
    x, y = cell
    if y % 2:
        return ((x, y + 1), (x + 1, y), (x, y - 1), (x - 1, y - 1), (x - 1, y), (x - 1, y + 1))
    return ((x + 1, y + 1), (x + 1, y), (x + 1, y - 1), (x, y - 1), (x - 1, y), (x, y + 1))


def touches(a: Cell, b: Cell) -> bool:
    """Whether cells ``a`` and ``b`` share a side."""
    return b in neighbours(a)


def trunk(flipped: bool) -> Cell:
    """Where the trunk stands: ``(0, 0)``, or ``(1, 0)`` in a flipped pot (fact 2)."""
    return FLIPPED_TRUNK if flipped else TRUNK


def pot_cells(flipped: bool) -> frozenset[Cell]:
    """The cells the pot covers, besides the trunk (fact 3): no tile can lie there."""
    return _POT[flipped]


def is_pot(cell: Cell, flipped: bool) -> bool:
    """Whether the pot covers ``cell`` (the trunk's own cell is not pot)."""
    return cell in _POT[flipped]


def mirror(cell: Cell) -> Cell:
    """The cell on the other side of the pot's middle (fact 2): ``[1 − x, y]`` on even rows, ``[2 − x, y]`` on odd
    rows. Mirroring every tile and flipping the pot gives the same bonsai seen in a mirror."""
    x, y = cell
    return (2 - x if y % 2 else 1 - x, y)


def sticks_out(cell: Cell) -> Side | None:
    """The side of the pot ``cell`` sticks out past, or ``None`` (fact 4): right when ``x ≥ 3`` on an even row or
    ``x ≥ 4`` on an odd row, left when ``x ≤ −2``."""
    x, y = cell
    if x <= -2:
        return "left"
    if x >= (4 if y % 2 else 3):
        return "right"
    return None


def is_low(cell: Cell) -> bool:
    """Whether ``cell`` is level with the pot's bottom row or lower (fact 4): ``y ≤ −2``."""
    return cell[1] <= -2


def crack_side(flipped: bool) -> Side:
    """The side of the pot's gold crack: right, or left when the pot is flipped (fact 5)."""
    return "left" if flipped else "right"


def other_side(side: Side) -> Side:
    """The opposite side of the pot."""
    return "left" if side == "right" else "right"


def cell_text(cell: Cell) -> str:
    """A cell as the document writes it and people read it: ``[2, 3]``."""
    return f"[{cell[0]}, {cell[1]}]"


def group_of(kind_at: Mapping[Cell, str], start: Cell, kind: str) -> list[Cell]:
    """The cells of ``kind`` joined to ``start`` through cells of ``kind`` (``start`` first), by a breadth-first
    search: a group of leaves (the green goals), or the wood joined to the trunk (« Cultiver »)."""
    group = [start]
    seen = {start}
    for cell in group:  # the list grows while it is walked
        for n in neighbours(cell):
            if n not in seen and kind_at.get(n) == kind:
                seen.add(n)
                group.append(n)
    return group
