"""The placement rules of a bonsai, written once (overview « Cultiver », S:35-41; ``data/SOURCES.md``, decisions 9
and 14): where a tile of each kind may grow, when no wood tile can be placed, and what a removal takes.

Two callers ask here and nowhere else: the engine, tile by tile as a tree grows (:func:`can_place`,
:func:`open_cells`, :func:`wood_blocked`, :func:`removal`), and the legality pass, over a finished bonsai
(:func:`support_fault`, :func:`fruit_clash`, :func:`free_cell_fault`). The local rule is the same for both: a wood
touches a wood, a leaf touches a wood, a flower touches a leaf, a fruit touches two leaves that touch each other and
no fruit. Over a finished bonsai the wood rule reads "joined to the trunk through wood" (:func:`joined_wood`):
each wood touched a wood of the growing tree when it was placed, and wood never leaves (decision 14).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Final

from marquoir.games.bonsai.geometry import Cell, group_of, is_pot, neighbours
from marquoir.games.bonsai.vocabulary import FLOWER, FRUIT, LEAF, WOOD

#: The kind each kind grows against (« Cultiver »): a fruit needs two of them, touching each other.
CARRIER: Final = {WOOD: WOOD, LEAF: WOOD, FLOWER: LEAF, FRUIT: LEAF}

#: Why a tile cannot stand where it is: the faults :func:`support_fault` and :func:`free_cell_fault` name.
ON_TRUNK: Final = "on-trunk"
ON_POT: Final = "on-pot"
TAKEN: Final = "taken"
UNSUPPORTED: Final = "unsupported"


def supported(kind: str, around: Sequence[str | None]) -> bool:
    """Whether a tile of ``kind`` is carried by the kinds ``around`` it (its six neighbours in order round it, so
    that two consecutive ones touch: ``geometry.neighbours``): a wood or a leaf by a wood, a flower by a leaf, a
    fruit by two leaves that touch each other (« Cultiver »)."""
    if kind == FRUIT:
        return any(around[i] == LEAF and around[i - 1] == LEAF for i in range(6))
    return CARRIER[kind] in around


def fruit_clash(kind: str, around: Iterable[str | None]) -> bool:
    """Whether a tile of ``kind`` would touch a fruit while being one (« Cultiver »: a fruit never touches a fruit)."""
    return kind == FRUIT and FRUIT in around


def around(kind_at: Mapping[Cell, str], at: Cell) -> list[str | None]:
    """The kinds on the six cells round ``at`` (``None`` for an empty cell or the pot)."""
    return [kind_at.get(n) for n in neighbours(at)]


def free_cell_fault(at: Cell, trunk: Cell, flipped: bool, taken: bool) -> str | None:
    """Why no tile can lie on ``at``: the trunk, the pot (``data/SOURCES.md``, fact 3), a tile already there."""
    if at == trunk:
        return ON_TRUNK
    if is_pot(at, flipped):
        return ON_POT
    return TAKEN if taken else None


def support_fault(kind_at: Mapping[Cell, str], at: Cell, kind: str, joined: frozenset[Cell] | set[Cell]) -> bool:
    """Whether the tile of ``kind`` at ``at`` of a finished bonsai lacks its support (decision 9): a wood not in
    ``joined`` (:func:`joined_wood`), any other kind not :func:`supported` by its neighbours."""
    if kind == WOOD:
        return at not in joined
    return not supported(kind, around(kind_at, at))


def joined_wood(kind_at: Mapping[Cell, str], trunk: Cell) -> set[Cell]:
    """The wood tiles joined to the trunk through wood: those a tree grown by the rules can have."""
    return set(group_of(kind_at, trunk, WOOD))


def can_place(kind_at: Mapping[Cell, str], at: Cell, kind: str, flipped: bool) -> bool:
    """Whether a tile of ``kind`` may be placed on ``at`` of a growing tree (``kind_at`` holds the trunk): a free
    cell off the pot, carried by its neighbours, and no fruit beside a fruit (« Cultiver »)."""
    if at in kind_at or is_pot(at, flipped):
        return False
    kinds = around(kind_at, at)
    return supported(kind, kinds) and not fruit_clash(kind, kinds)


def open_cells(kind_at: Mapping[Cell, str], flipped: bool) -> set[Cell]:
    """The free cells off the pot that touch a tile of the tree: the only cells any tile can grow on."""
    found: set[Cell] = set()
    for cell in kind_at:
        for n in neighbours(cell):
            if n not in kind_at and not is_pot(n, flipped):
                found.add(n)
    return found


def wood_blocked(kind_at: Mapping[Cell, str], flipped: bool) -> bool:
    """Whether no wood tile can be placed anywhere (overview « Cultiver », S:43): no free cell off the pot touches a
    wood. Only then may a player remove tiles (decision 14)."""
    for cell, kind in kind_at.items():
        if kind == WOOD:
            for n in neighbours(cell):
                if n not in kind_at and not is_pot(n, flipped):
                    return False
    return True


def removal(kind_at: Mapping[Cell, str], leaf: Cell) -> tuple[Cell, ...]:
    """The cells a removal of the leaf on ``leaf`` empties (decision 14): the leaf, then each flower and fruit the
    placement rules no longer carry once it is gone (a flower touching no other leaf, a fruit no longer touching two
    leaves that touch each other). Never a wood tile."""
    assert kind_at.get(leaf) == LEAF, leaf
    rest = {cell: kind for cell, kind in kind_at.items() if cell != leaf}
    gone = [leaf]
    for n in neighbours(leaf):
        kind = rest.get(n)
        if kind in (FLOWER, FRUIT) and not supported(kind, around(rest, n)):
            gone.append(n)
    return tuple(gone)
