"""The legality checks of the cards on the table: ``CARD_UNKNOWN``, ``CARD_DUPLICATE``, ``CARD_FAMILY_NOT_IN_PLAY``
and ``FAMILY_OVERFLOW`` (``marquoir/data/table-format.md``, "Issue codes"), in one walk over every card.

A card entered by what is printed on it is judged by :mod:`~marquoir.games.kanagawa.halves`: an expansion half by
its family's structure, a base half against the catalogue, field by field, and the issue names the fields no card
of the family shows together. An object that is exactly one catalogue card counts as that card: twice on the table
is a duplicate (each Lesson card exists once, Kanagawa rules, "Components"). Objects that several catalogue cards
could be are counted jointly: each must be a card of its own that no other card on the table is, a matching of
objects to cards (:func:`_alike_issues`), so a fourth forest-animal Studio half beside the three cards that show
it is a duplicate.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from marquoir.core.issues import Issue
from marquoir.games.kanagawa.catalogue import CardRef, Catalogue, Paint, PrintHalf, StudioHalf
from marquoir.games.kanagawa.halves import Fault, card_of, faults, matches
from marquoir.games.kanagawa.naming import card_name, catalogue_card_text, icon_text
from marquoir.games.kanagawa.table import DetailedPlayer, Player
from marquoir.games.kanagawa.vocabulary import BASE_FAMILIES, CARDS_PER_FAMILY
from marquoir.i18n import N_, _, ngettext


def _harmony_text(count: int) -> str:
    if count > 0:
        return ngettext("{count} Harmony symbol", "{count} Harmony symbols", count).format(count=count)
    if count < 0:
        return ngettext("{count} crossed Harmony symbol", "{count} crossed Harmony symbols", -count).format(
            count=-count
        )
    return _("no Harmony symbol")


def _field_text(name: str, value: Any) -> str:
    """One field of a half in words, as a player reads it on the card."""
    if name == "season":
        return _("the season {season}").format(season=_(value))
    if name == "harmony":
        return _harmony_text(value)
    if name == "trees":
        return ngettext("{count} tree", "{count} trees", value).format(count=value)
    if name in ("building", "character", "animal"):
        return _("the subject {subject}").format(subject=_(value)) if value else _("no subject")
    if name == "paint":
        assert isinstance(value, Paint)
        return ngettext(
            "a painting need of {count} brush on {landscape}",
            "a painting need of {count} brushes on {landscape}",
            value.brushes,
        ).format(count=value.brushes, landscape=_(value.landscape))
    if name == "landscape":
        return _("the landscape {landscape}").format(landscape=_(value)) if value else _("no landscape")
    if name == "icon":
        return icon_text(value) if value else _("no icon")
    return f"{name} {value}"


def fault_text(fault: Fault) -> str:
    """Why a half entered by what is printed on it cannot exist, in words."""
    family = _(fault.family)
    if fault.kind == "subject":
        return _("a {family} card cannot show {what}").format(family=family, what=_(fault.field))
    if fault.kind == "trees":
        return _("a trees card shows 1 to 3 trees, not {n}").format(n=fault.figure)
    if fault.kind == "lanterns":
        return _("a lanterns card shows 1 to 3 lanterns, not {n}").format(n=fault.figure)
    if fault.kind == "umbrellas":
        return _("a card cannot show {n} umbrellas").format(n=fault.figure)
    if fault.kind == "paint":
        return _("a card needs 1 or 2 brushes to paint, not {n}").format(n=fault.figure)
    if fault.kind == "yokai-arrival":
        return _("the Yokai arrival icon is only on expansion cards")
    if fault.kind == "yokai-move":
        return _("the Yokai movement icon is only on expansion cards")
    what = _(" and ").join(_field_text(name, value) for name, value in fault.fields)
    if fault.side == "print":
        return _("no {family} card shows {what} on its Print half").format(family=family, what=what)
    return _("no {family} card shows {what} on its Studio half").format(family=family, what=what)


#: A zone of a player's table, as the messages name it.
ZONE_NAMES = {"print": N_("Print"), "studio": N_("Studio"), "kept": N_("kept in hand")}


def place_text(name: str, zone: str, position: int) -> str:
    """Where a card lies, in words: ``Aiko, Print, position 3``."""
    return _("{name}, {zone}, position {position}").format(name=name, zone=_(ZONE_NAMES[zone]), position=position)


def _path(index: int, place: str, i: int) -> str:
    return f"players[{index}].{place}[{i}]"


def _zones(player: DetailedPlayer) -> tuple[tuple[str, tuple[CardRef, ...]], ...]:
    """A detailed player's cards by place, in document order."""
    return (("print", player.print), ("studio", player.studio), ("kept", player.kept))


def _named(ref: CardRef, place: str, cat: Catalogue) -> str:
    """A card of the document by what it shows: the half in use of its place (both halves of a card kept in hand)."""
    if isinstance(ref, PrintHalf | StudioHalf):
        return card_name(ref)
    half = cat.studio_of.get(ref) if place == "studio" else cat.print_of.get(ref) if place == "print" else None
    return catalogue_card_text(ref, half)


def card_issues(players: Sequence[Player], families: tuple[str, ...], cat: Catalogue) -> Iterator[Issue]:
    """CARD_UNKNOWN, CARD_DUPLICATE, CARD_FAMILY_NOT_IN_PLAY, FAMILY_OVERFLOW, each at the card's path, in one walk
    over the cards (a catalogue id's family is one lookup; a card entered by what is printed on it is judged by
    :mod:`~marquoir.games.kanagawa.halves`)."""
    family_of = cat.family_of
    first_at: dict[int, tuple[str, str, int]] = {}  # card → where it lies first (worded only for an issue)
    per_family: dict[str, int] = {}
    alike: list[tuple[int, str, str, int, PrintHalf | StudioHalf, tuple[int, ...]]] = []
    for index, player in enumerate(players):
        if not isinstance(player, DetailedPlayer):
            continue
        for place, refs in _zones(player):
            for i, ref in enumerate(refs):
                card: int | None
                if type(ref) is int:
                    card = ref
                    family = family_of.get(ref)
                    if family is None:
                        text = _("the document's card number {value} is no card of the game (1 to 72)").format(
                            value=ref
                        )
                        yield Issue("CARD_UNKNOWN", player.name, _path(index, place, i), text)
                        continue
                else:
                    assert isinstance(ref, PrintHalf | StudioHalf)
                    family = ref.family
                    found = faults(ref, cat)
                    if found:
                        yield Issue("CARD_UNKNOWN", player.name, _path(index, place, i), fault_text(found[0]))
                    card = None if found else card_of(ref, cat)
                    if card is None and not found and family in BASE_FAMILIES:
                        alike.append((index, player.name, place, i, ref, matches(ref, cat)))
                if card is not None:
                    if card in first_at:
                        half = cat.studio_of[card] if place == "studio" else cat.print_of[card]
                        text = _("{card} is already on the table: {place}").format(
                            card=catalogue_card_text(card, half), place=place_text(*first_at[card])
                        )
                        yield Issue("CARD_DUPLICATE", player.name, _path(index, place, i), text)
                    else:
                        first_at[card] = (player.name, place, i + 1)
                per_family[family] = per_family.get(family, 0) + 1
                if family not in families:
                    text = _("{card}, but the {family} family is not in play").format(
                        card=_named(ref, place, cat), family=_(family)
                    )
                    yield Issue("CARD_FAMILY_NOT_IN_PLAY", player.name, _path(index, place, i), text)
    if alike:
        yield from _alike_issues(alike, set(first_at), cat)
    for family, count in per_family.items():
        if count > CARDS_PER_FAMILY:
            yield Issue(
                "FAMILY_OVERFLOW",
                None,
                "players",
                _("{count} {family} cards on the table: the deck has 18").format(count=count, family=_(family)),
            )


def _alike_issues(
    alike: Sequence[tuple[int, str, str, int, PrintHalf | StudioHalf, tuple[int, ...]]],
    fixed: set[int],
    cat: Catalogue,
) -> Iterator[Issue]:
    """CARD_DUPLICATE at each object that several catalogue cards could be but none is left for: a largest
    matching of the objects to distinct cards (each card once on the table, Kanagawa rules, "Components"), the
    cards the table names outright taken out first, found by augmenting paths (at most 72 cards and as many
    objects). An object left unmatched in a largest matching has a set of objects around it (those its
    alternating paths reach) that together could be fewer cards than they are (Hall's theorem): the issue names
    the cards they could be."""
    options = [[c for c in candidates if c not in fixed] for *_rest, candidates in alike]
    owner: dict[int, int] = {}

    def augment(k: int, seen: set[int]) -> bool:
        for card in options[k]:
            if card in seen:
                continue
            seen.add(card)
            if card not in owner or augment(owner[card], seen):
                owner[card] = k
                return True
        return False

    for k in range(len(alike)):
        if augment(k, set()):
            continue
        index, name, place, i, ref, candidates = alike[k]
        count = len(candidates)
        text = ngettext(
            "{card}: the {count} card that shows it is on the table already",
            "{card}: the {count} cards that show it are all on the table already",
            count,
        ).format(card=_named(ref, place, cat), count=count)
        yield Issue("CARD_DUPLICATE", name, _path(index, place, i), text)
