"""Small builders for the Bonsai tests: legal tables to break one way at a time, the official worked example, a
mirror, and a random legal growth from the trunk (the rules of « Cultiver »)."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from marquoir.games.bonsai.geometry import Cell, is_pot, mirror, neighbours, trunk

SEEDS = Path(__file__).resolve().parent.parent.parent / "seeds"

W, L, F, R = "wood", "leaf", "flower", "fruit"


def seed(name: str) -> dict[str, Any]:
    """A sample table of seeds/ as a fresh mutable document."""
    data: dict[str, Any] = json.loads((SEEDS / name).read_text(encoding="utf-8"))
    return copy.deepcopy(data)


def tiles(*spec: tuple[int, int, str]) -> list[dict[str, Any]]:
    """Tiles from ``(x, y, kind)`` triples, as the document writes them."""
    return [{"at": [x, y], "kind": kind} for x, y, kind in spec]


def player(name: str, spec: Iterable[tuple[int, int, str]] = (), **keys: Any) -> dict[str, Any]:
    """A detailed player document; keyword arguments add keys (``flipped``, ``cards``, ``goals``)."""
    return {"name": name, "tiles": tiles(*spec), **keys}


def table(*players: dict[str, Any], goals: Sequence[str] = ("brown", "green", "cyan")) -> dict[str, Any]:
    """A table document of ``players`` in turn order."""
    return {"game": "bonsai", "goals": list(goals), "players": list(players)}


#: A small legal bonsai. The wood [0, 1] touches the trunk [0, 0]; the leaves [1, 1], [0, 2] and [-1, 1] touch that
#: wood; the fruit [1, 2] touches the leaves [1, 1] and [0, 2], which touch each other; the flower [-2, 1] touches
#: the leaf [-1, 1] and, below it, the pot's corner [-2, 0].
SMALL = ((0, 1, W), (1, 1, L), (0, 2, L), (1, 2, R), (-1, 1, L), (-2, 1, F))

#: The official worked example (13 leaves, flowers 3 + 3 + 3 + 5 + 5, 2 fruits, 8 wood tiles with the trunk),
#: in the order a player could grow it.
WORKED_EXAMPLE = (
    (0, 1, W), (-1, 2, W), (0, 3, W), (0, 2, W), (-1, 4, W), (-1, 5, W), (-2, 6, W),
    (-3, 6, L), (-2, 5, L), (-1, 3, L), (-1, 7, L), (1, 3, L), (0, 4, L), (-1, 1, L), (-2, 2, L), (-2, 4, L),
    (1, 2, L), (1, 1, L), (-1, 6, L), (-2, 7, L),
    (2, 1, R), (-3, 5, F), (-3, 2, F), (2, 2, F), (-1, 8, F), (2, 3, R), (-3, 4, F),
)  # fmt: skip


def mirrored(document: dict[str, Any]) -> dict[str, Any]:
    """The same player's bonsai seen in a mirror: every tile mirrored and the pot flipped the other way."""
    out = copy.deepcopy(document)
    out["flipped"] = not document.get("flipped", False)
    out["tiles"] = [{"at": list(mirror((t["at"][0], t["at"][1]))), "kind": t["kind"]} for t in document["tiles"]]
    return out


def _can_grow(kind: str, cell: Cell, kinds: dict[Cell, str]) -> bool:
    """Whether a tile of ``kind`` may be placed on the free ``cell`` (« Cultiver »)."""
    around = [kinds.get(n) for n in neighbours(cell)]
    if kind in (W, L):
        return W in around
    if kind == F:
        return L in around
    return R not in around and any(around[i] == L and around[i - 1] == L for i in range(6))


def grow(steps: Iterable[tuple[str, int]], flipped: bool = False) -> list[tuple[int, int, str]]:
    """A bonsai grown by the rules: each step ``(kind, choice)`` places ``kind`` on the ``choice``-th cell (modulo
    how many there are) where the rules let it grow; a step with no such cell is skipped."""
    root = trunk(flipped)
    kinds: dict[Cell, str] = {root: W}
    grown: list[tuple[int, int, str]] = []
    for kind, choice in steps:
        free = sorted({n for c in kinds for n in neighbours(c) if n not in kinds and not is_pot(n, flipped)})
        cells = [c for c in free if _can_grow(kind, c, kinds)]
        if cells:
            x, y = cells[choice % len(cells)]
            kinds[(x, y)] = kind
            grown.append((x, y, kind))
    return grown
