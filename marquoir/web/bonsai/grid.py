"""The pot and a bonsai as the pages draw them: which cells are shown, where each lies on the screen, and what it
holds. Pure values, no Flask; the geometry is the game's (:mod:`marquoir.games.bonsai.geometry`: cells,
neighbours, the pot, the trunk, the gold crack).

Cells are hexagons with a point on top. ``y`` grows upward in the game and downward on the screen, so the highest
row is drawn first; even rows sit half a cell to the right (``data/SOURCES.md``, "The pot and the grid", fact 1).
The view shows the pot, its two feet, every tile, and every cell within :data:`MARGIN` steps of a tile or of the
trunk, so that a bonsai always has room to grow on the screen, whichever way it grows.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from marquoir.games.bonsai.geometry import Cell, crack_side, neighbours, pot_cells, sticks_out, trunk
from marquoir.games.bonsai.table import DetailedPlayer
from marquoir.games.bonsai.tree import Tree
from marquoir.games.bonsai.vocabulary import FRUIT, LEAF
from marquoir.games.bonsai.words import place_text

#: A cell's width on the screen in CSS pixels: the circle inside the hexagon, the part a finger aims at (44 px at
#: least on a phone, WCAG's target size); the pot and its feet with the empty cells around a new bonsai's trunk fit
#: a 390 px phone without scrolling.
CELL_WIDTH = 48.0
#: Empty cells shown beyond the outermost tile.
MARGIN = 2
#: The pot's feet: cells beside its bottom row where tiles may grow (fact 3).
FEET: tuple[Cell, Cell] = ((-2, -2), (3, -2))
#: Space around the grid, in pixels.
PAD = 4.0

_RADIUS = CELL_WIDTH / math.sqrt(3)  # centre to corner
_ROW_STEP = 1.5 * _RADIUS


@dataclass(frozen=True, slots=True)
class CellView:
    """One drawn cell: its ``place`` (``grow``: a tile may grow there, ``pot``, ``trunk``), the kind the grid sees
    there (``None``: empty), how many tiles are listed on it, its centre and corners on the screen, and the
    problems found there (``mark``: their number in the page's list, ``None`` when there is none), whether it is
    one of the tiles an explanation points at (``lit``), and the trunk's cell (``root``), which places are said
    from."""

    at: Cell
    place: str
    kind: str | None
    tiles: int
    cx: float
    cy: float
    mark: int | None
    problems: tuple[str, ...]
    root: Cell = (0, 0)
    lit: bool = False
    #: A few characters written on a lit cell (a flower's free sides).
    note: str = ""

    @property
    def text(self) -> str:
        """The cell as players say it, from the trunk: ``1 cell left of the trunk, 2 rows up``
        (:func:`~marquoir.games.bonsai.words.place_text`)."""
        return place_text(self.at, self.root)

    @property
    def points(self) -> str:
        """The hexagon's corners, for ``<polygon points>``."""
        half, r = CELL_WIDTH / 2, _RADIUS
        corners = ((0, -r), (half, -r / 2), (half, r / 2), (0, r), (-half, r / 2), (-half, -r / 2))
        return " ".join(f"{self.cx + dx:.1f},{self.cy + dy:.1f}" for dx, dy in corners)

    @property
    def box(self) -> tuple[float, float, float, float]:
        """The hexagon's bounding box (x, y, width, height): where its button lies."""
        return (self.cx - CELL_WIDTH / 2, self.cy - _RADIUS, CELL_WIDTH, 2 * _RADIUS)

    @property
    def action(self) -> str | None:
        """The button's action: ``cycle`` where a tile may grow, ``clear`` to take away a tile lying on the pot or
        the trunk; ``None``: no button (the trunk, an empty cell of the pot)."""
        x, y = self.at
        if self.place == "grow":
            return f"cycle:{x}:{y}"
        return f"clear:{x}:{y}" if self.tiles else None


@dataclass(frozen=True, slots=True)
class PotView:
    """A player's pot and bonsai, ready to draw: the cells top row first, the size of the drawing, the gold
    crack's line, and the grid's origin (the leftmost column and the top row, for a script that keeps the place
    when the view grows)."""

    cells: tuple[CellView, ...]
    width: float
    height: float
    crack: str
    crack_side: str
    flipped: bool
    left: float
    top: int

    def cell(self, at: Cell) -> CellView | None:
        return next((c for c in self.cells if c.at == at), None)

    def growable(self) -> frozenset[Cell]:
        """The cells a tap may cycle."""
        return frozenset(c.at for c in self.cells if c.place == "grow")


def shown_cells(player: DetailedPlayer, margin: int = MARGIN) -> set[Cell]:
    """The cells of the view: the pot, the trunk, every tile, and every cell within ``margin`` steps of a tile or
    of the trunk; the pot's feet too, where tiles may grow, unless the view has no margin (a bonsai only shown)."""
    root = trunk(player.flipped)
    grown = {root, *(tile.at for tile in player.tiles)}
    shown = set(grown) | set(pot_cells(player.flipped)) | (set(FEET) if margin else set())
    ring = set(grown)
    for _step in range(margin):
        ring = {n for cell in ring for n in neighbours(cell)} - shown
        shown |= ring
    return shown


def _raw_x(cell: Cell) -> float:
    """A cell's centre across, in cell widths from ``x = 0`` of an odd row (even rows sit half a cell right)."""
    x, y = cell
    return x + (0.0 if y % 2 else 0.5)


def pot_view(
    player: DetailedPlayer,
    marks: Mapping[Cell, tuple[int, tuple[str, ...]]] | None = None,
    margin: int = MARGIN,
    lit: Mapping[Cell, str] | None = None,
) -> PotView:
    """The drawing of ``player``'s pot and bonsai; ``marks`` gives the problems found on cells (their number in
    the page's list and their words); ``margin``: the empty cells shown around the tiles (0 for a drawing to look
    at only); ``lit``: the cells an explanation points at, drawn marked, each with its note (``""``: none)."""
    marks = marks or {}
    shown_lit = lit or {}
    root = trunk(player.flipped)
    pot = pot_cells(player.flipped)
    kind_at: dict[Cell, str] = {}
    listed: dict[Cell, int] = {}
    for tile in player.tiles:
        kind_at.setdefault(tile.at, tile.kind)
        listed[tile.at] = listed.get(tile.at, 0) + 1
    cells = shown_cells(player, margin)
    left = min(_raw_x(c) for c in cells)
    top = max(y for _x, y in cells)
    bottom = min(y for _x, y in cells)
    right = max(_raw_x(c) for c in cells)
    views = []
    for cell in sorted(cells, key=lambda c: (-c[1], c[0])):
        place = "trunk" if cell == root else "pot" if cell in pot else "grow"
        kind = kind_at.get(cell, "wood" if cell == root else None)
        mark, problems = marks.get(cell, (None, ()))
        cx = PAD + (_raw_x(cell) - left) * CELL_WIDTH + CELL_WIDTH / 2
        cy = PAD + (top - cell[1]) * _ROW_STEP + _RADIUS
        views.append(CellView(cell, place, kind, listed.get(cell, 0), cx, cy, mark, problems, root,
                              cell in shown_lit, shown_lit.get(cell, "")))
    width = 2 * PAD + (right - left + 1) * CELL_WIDTH
    height = 2 * PAD + (top - bottom) * _ROW_STEP + 2 * _RADIUS
    side = crack_side(player.flipped)
    crack_cell = next(c for c in views if c.at == ((3, -1) if side == "right" else (-1, -1)))
    return PotView(
        cells=tuple(views),
        width=round(width, 1),
        height=round(height, 1),
        crack=_crack_line(crack_cell),
        crack_side=side,
        flipped=player.flipped,
        left=left,
        top=top,
    )


def _crack_line(cell: CellView) -> str:
    """A zigzag down the middle of the pot's cell on the gold crack's side."""
    r, w = _RADIUS, CELL_WIDTH
    steps: Iterable[tuple[float, float]] = ((0.08, -0.85), (-0.1, -0.35), (0.12, 0.05), (-0.06, 0.45), (0.05, 0.85))
    return " ".join(f"{cell.cx + dx * w:.1f},{cell.cy + dy * r:.1f}" for dx, dy in steps)


def why_cells(tree: Tree, category: str) -> dict[Cell, str] | None:
    """The tiles an explanation of ``category`` is about, each with its note, or ``None`` when it is about no tile:
    the leaves (3 points each), the flowers (each with its free sides, « Fin de la partie »), the fruits, and for
    the goals the largest group of leaves (green) with the tiles sticking out of the pot (pink, cyan)."""
    if category == "leaves":
        return {at: "" for at, kind in tree.kind_at.items() if kind == LEAF}
    if category == "flowers":
        return {f.at: str(f.free) for f in tree.flowers}
    if category == "fruits":
        return {at: "" for at, kind in tree.kind_at.items() if kind == FRUIT}
    if category == "goals":
        out = dict.fromkeys(tree.leaf_group, "")
        out.update({at: "" for at in tree.kind_at if at != tree.trunk and sticks_out(at)})
        return out
    return None


def why_view(player: DetailedPlayer, category: str) -> PotView | None:
    """The small drawing beside an explanation: the bonsai with the tiles in question marked (:func:`why_cells`),
    ``None`` when the explanation is about no tile or there is none to mark."""
    lit = why_cells(Tree.of(player), category)
    if not lit:
        return None
    return pot_view(player, margin=0, lit=lit)


__all__ = ["CELL_WIDTH", "FEET", "MARGIN", "CellView", "PotView", "pot_view", "shown_cells", "why_cells", "why_view"]
