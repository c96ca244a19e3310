"""What a game's pages say of one player's part, so that the table link (:mod:`marquoir.web.table`) can give each
phone its own player's entry without naming a game: the fields of that part (:class:`SeatField`), how the part is
cut out of a player's entry in the table document and merged back (:class:`SeatPlug`). A game that has none (or
a table it cannot cut, such as one mixing two ways of entry) offers no table link.

A field is a number between bounds, a tick, a set of tiles ticked, or a part changed by steps (``step``: the
cells of a pot or the cards of a tableau, each tap one step, drawn by the game's own page:
:attr:`SeatField.render`); an ``exclusive`` field is shared at the table: one player at most ticks it (the Grand
Master), one player at most holds each of its tiles (a Diploma, a goal), and the second claimant is told who
holds it.

A *shared part* (:class:`SharedPart`) is a thing of the whole table rather than of one player — who plays first —
set from any phone and versioned on its own (:func:`marquoir.storage.seats.write_shared`). A game may also say
what the table shares that follows from the players' parts (:attr:`SeatPlug.facts`: the Storm tokens that come
with their Diplomas), shown on every phone.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class SharedPart:
    """A thing of the whole table that names one player: ``name`` (the form's), ``label`` (lazy words),
    ``get(document)`` the seat it names in a table document (``None``: nobody), ``put(document, seat)`` the
    document with it set, and where the players went when that moved them (``order[i]`` is the seat that was at
    ``i`` before; ``None`` when nobody moved)."""

    name: str
    label: Any
    get: Callable[[Mapping[str, Any]], int | None]
    put: Callable[[Mapping[str, Any], int], tuple[dict[str, Any], tuple[int, ...] | None]]


def _no_shared(table: Any) -> tuple[SharedPart, ...]:
    return ()


def _no_facts(document: Mapping[str, Any], table: Any) -> tuple[tuple[str, str], ...]:
    return ()


@dataclass(frozen=True)
class SeatField:
    """One field of a player's part: ``name`` (the key the plug's ``cut`` and ``merge`` use, and the form's
    field), ``label`` (lazy words), ``kind`` (``number``, ``check`` or ``tiles``), the bounds of a number, the
    tiles of a ``tiles`` field (value → words), whether the field is shared at the table (``exclusive``), and
    for a ``step`` field how the game draws it (``render(table, seat)``: its markup, whose buttons send the
    steps in the form ``tiles-form``)."""

    name: str
    label: Any
    kind: str
    low: int = 0
    high: int = 99
    choices: tuple[tuple[str, str], ...] = ()
    exclusive: bool = False
    render: Callable[[Any, int], Any] | None = None


@dataclass(frozen=True)
class SeatPlug:
    """A game's seats: ``fields(table)`` the fields of one player's part (``None`` when this table cannot be cut
    by player), ``cut(player)`` a player's entry of the document → the part's values by field name,
    ``merge(player, values)`` that entry with the part's values written in; ``shared(table)`` the shared parts
    of the whole table (:class:`SharedPart`), ``facts(document, table)`` what the table shares that follows
    from the players' parts, as (label, words) for every phone to read, and ``step(document, seat, action, form)``
    the table document with one step of a ``step`` field done for that seat (the game's own step, as its entry
    page does it, with the fields the page sent in ``form``; :class:`ValueError` with words for a step it
    refuses)."""

    fields: Callable[[Any], tuple[SeatField, ...] | None]
    cut: Callable[[Mapping[str, Any]], dict[str, Any]]
    merge: Callable[[Mapping[str, Any], Mapping[str, Any]], dict[str, Any]]
    shared: Callable[[Any], tuple[SharedPart, ...]] = _no_shared
    step: Callable[[Mapping[str, Any], int, str, Any], dict[str, Any]] | None = None
    facts: Callable[[Mapping[str, Any], Any], tuple[tuple[str, str], ...]] = _no_facts
