"""Cards entered by what is printed on them: what such a half can be, and which catalogue card it is.

A table document may give a card as an object of what is printed on the half in use (``marquoir/data/table-format.md``,
"Player, detailed form"). An expansion half is judged by its family's structure (Yokai rules, "54 Lesson Cards": a
kites card shows kites, a lanterns card 1 to 3 lanterns…); a half of a base family must be the half of a card of the
catalogue (``data/cards.csv``), field by field. An object that matches exactly one catalogue half *is* that card:
it counts as that card wherever cards are counted (duplicates, the 18 cards of a family), and the search knows what
painting it needs. A half that cannot exist counts for nothing (the table format: references to things that do not
exist are read, counted for nothing, and reported).

Faults are data (:class:`Fault`); the legality check words them (:func:`~marquoir.games.kanagawa.legality`).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, lru_cache
from itertools import combinations
from typing import Any, NamedTuple

from marquoir.games.kanagawa.catalogue import Catalogue, PrintHalf, StudioHalf
from marquoir.games.kanagawa.vocabulary import BASE_FAMILIES

#: The subject field of each family's Print half.
SUBJECT_FIELD = {
    "trees": "trees",
    "buildings": "building",
    "characters": "character",
    "animals": "animal",
    "kites": "kites",
    "lanterns": "lanterns",
    "umbrellas": "umbrellas",
}
#: The family whose cards show each subject field.
_FIELD_FAMILY = {value: key for key, value in SUBJECT_FIELD.items()}


class Fault(NamedTuple):
    """Why a half entered by what is printed on it cannot exist: ``kind`` and its figures.

    Kinds: ``subject`` (``family`` cannot show ``field``), ``trees``/``lanterns`` (a ``figure`` outside 1–3),
    ``umbrellas`` (a negative figure), ``paint`` (a painting need of ``figure`` brushes), ``yokai-arrival`` and
    ``yokai-move`` (expansion icons on a base card), ``no-card`` (no catalogue card of ``family`` shows the
    ``fields`` together on its ``side`` half: the fewest fields that contradict the catalogue, each ``(name,
    value)``)."""

    kind: str
    family: str
    field: str = ""
    figure: int = 0
    side: str = ""
    fields: tuple[tuple[str, Any], ...] = ()


def _print_fields(half: PrintHalf) -> tuple[tuple[str, Any], ...]:
    """The fields of a base Print half that the catalogue decides, in the order they are read: season, Harmony
    symbols, subject, and the painting need when it was given."""
    subject = SUBJECT_FIELD[half.family]
    out: list[tuple[str, Any]] = [("season", half.season), ("harmony", half.harmony), (subject, getattr(half, subject))]
    if half.paint is not None:
        out.append(("paint", half.paint))
    return tuple(out)


def _studio_fields(half: StudioHalf) -> tuple[tuple[str, Any], ...]:
    return (("landscape", half.landscape), ("icon", half.icon), ("harmony", half.harmony))


def _shows(card_half: PrintHalf | StudioHalf, fields: tuple[tuple[str, Any], ...]) -> bool:
    return all(getattr(card_half, name) == value for name, value in fields)


@cache
def _family_halves(cat: Catalogue, family: str, side: str) -> tuple[tuple[int, PrintHalf | StudioHalf], ...]:
    return tuple(
        (card.id, card.print if side == "print" else card.studio)
        for card in sorted(cat.cards.values(), key=lambda c: c.id)
        if card.family == family
    )


@lru_cache(maxsize=4096)
def matches(half: PrintHalf | StudioHalf, cat: Catalogue) -> tuple[int, ...]:
    """The ids of the catalogue cards of the half's (base) family whose half of the same side shows everything
    ``half`` shows (a Print half's painting need only when it was given)."""
    side = "print" if isinstance(half, PrintHalf) else "studio"
    fields = _print_fields(half) if isinstance(half, PrintHalf) else _studio_fields(half)
    return tuple(card for card, shown in _family_halves(cat, half.family, side) if _shows(shown, fields))


def _contradiction(half: PrintHalf | StudioHalf, cat: Catalogue) -> tuple[tuple[str, Any], ...]:
    """The fewest fields of ``half`` that no catalogue card of its family shows together (the first such set in
    the order of the fields)."""
    side = "print" if isinstance(half, PrintHalf) else "studio"
    fields = _print_fields(half) if isinstance(half, PrintHalf) else _studio_fields(half)
    halves = [shown for _card, shown in _family_halves(cat, half.family, side)]
    for size in range(1, len(fields) + 1):
        for chosen in combinations(fields, size):
            if not any(_shows(shown, chosen) for shown in halves):
                return chosen
    return fields  # unreachable when the half matches no card: the whole set is then a contradiction


@lru_cache(maxsize=4096)
def print_faults(half: PrintHalf, cat: Catalogue) -> tuple[Fault, ...]:
    """Why a Print half entered by what is printed on it cannot exist (empty when it can)."""
    family = half.family
    shown = {
        "trees": half.trees != 0,
        "building": half.building is not None,
        "character": half.character is not None,
        "animal": half.animal is not None,
        "kites": bool(half.kites),
        "lanterns": half.lanterns != 0,
        "umbrellas": half.umbrellas != 0,
    }
    for name, present in shown.items():
        if present and _FIELD_FAMILY[name] != family:
            return (Fault("subject", family, name),)
    if half.trees and not 1 <= half.trees <= 3:
        return (Fault("trees", family, figure=half.trees),)
    if half.lanterns and not 1 <= half.lanterns <= 3:
        return (Fault("lanterns", family, figure=half.lanterns),)
    if half.umbrellas < 0:
        return (Fault("umbrellas", family, figure=half.umbrellas),)
    if half.paint is not None and not 1 <= half.paint.brushes <= 2:
        return (Fault("paint", family, figure=half.paint.brushes),)
    if family in BASE_FAMILIES:
        if half.yokai_arrival:
            return (Fault("yokai-arrival", family),)
        if not matches(half, cat):
            return (Fault("no-card", family, side="print", fields=_contradiction(half, cat)),)
    return ()


@lru_cache(maxsize=4096)
def studio_faults(half: StudioHalf, cat: Catalogue) -> tuple[Fault, ...]:
    """Why a Studio half entered by what is printed on it cannot exist (empty when it can)."""
    if half.family in BASE_FAMILIES:
        if half.yokai_move:
            return (Fault("yokai-move", half.family),)
        if not matches(half, cat):
            return (Fault("no-card", half.family, side="studio", fields=_contradiction(half, cat)),)
    return ()


def faults(half: PrintHalf | StudioHalf, cat: Catalogue) -> tuple[Fault, ...]:
    """:func:`print_faults` or :func:`studio_faults`, by the half's side."""
    return print_faults(half, cat) if isinstance(half, PrintHalf) else studio_faults(half, cat)


def card_of(half: PrintHalf | StudioHalf, cat: Catalogue) -> int | None:
    """The catalogue card a half entered by what is printed on it is: its id when exactly one card of a base
    family shows that half, else ``None`` (an expansion card, several cards alike, or none)."""
    if half.card_id is not None:
        return half.card_id
    if half.family not in BASE_FAMILIES or faults(half, cat):
        return None
    found = matches(half, cat)
    return found[0] if len(found) == 1 else None


def resolve(ref: int | PrintHalf | StudioHalf, halves: Mapping[int, Any], cat: Catalogue) -> Any:
    """The half a reference stands for: a catalogue id's half (``halves`` maps ids to the side's halves), the one
    catalogue half an object is, the object itself (an expansion card, or several catalogue cards alike), or
    ``None`` for an id the catalogue does not have or a half that cannot exist (it counts for nothing)."""
    if type(ref) is int:
        return halves.get(ref)
    assert isinstance(ref, PrintHalf | StudioHalf)
    if ref.card_id is not None:
        return ref
    if faults(ref, cat):
        return None
    card = card_of(ref, cat)
    return halves[card] if card is not None else ref


def paints_of(half: PrintHalf, cat: Catalogue) -> tuple[Any, ...]:
    """What painting a Print half may need: its own need when given, else the needs of the catalogue cards it may
    be (a base half entered without it), else nothing known (an expansion half entered without it)."""
    if half.paint is not None:
        return (half.paint,)
    if half.family not in BASE_FAMILIES:
        return ()
    return tuple(dict.fromkeys(cat.print_of[card].paint for card in matches(half, cat)))
