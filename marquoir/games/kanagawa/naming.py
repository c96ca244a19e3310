"""How the words people read name what is on the table: a card by what is printed on the half in use, the Starting
tile by what it shows, a Diploma by its name, requirement and points. Translated where called, in the language of
the moment (:mod:`marquoir.i18n`, the ``core`` domain).

The catalogue's numbers (``data/cards.csv``: "the physical cards carry no number", data/SOURCES.md) and the
Starting tiles' and Diplomas' ids are the document's, never a person's: no sentence here shows one. A Print half
is named by its season and subject ("summer boar", "spring, 2 trees"; Kanagawa rules, "Expand your Print": the
season and subject are what the painted half shows), a Studio half by its landscape and icon ("Improve your
Studio"), the Starting tile by its season and landscape ("Setup"). Where several cards of one season are listed,
the season is written once (:func:`print_list`). A card that does not exist (an unknown id, a half no card shows)
is named by its place.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from marquoir.games.kanagawa.catalogue import Diploma, PrintHalf, StartTile, StudioHalf, catalogue
from marquoir.i18n import N_, NP_, N_plural, _, get_language, ngettext, pgettext

#: Studio icons (Kanagawa rules, "Improve your Studio"; "Move a brush"; "Continue your work", exception).
ICON_NAMES = {
    "brush": N_("brush icon"),
    "arrow": N_("arrow icon"),
    "keep": N_("keep icon"),
    "assistant": N_("Assistant icon"),
}

#: A Print half by its season and subject: one message a season (French puts the subject first and the season
#: after its preposition: « sanglier d’été », « 2 arbres de printemps »).
PRINT_NAMES = {
    "spring": NP_("Print card", "spring {subject}"),
    "summer": NP_("Print card", "summer {subject}"),
    "autumn": NP_("Print card", "autumn {subject}"),
    "winter": NP_("Print card", "winter {subject}"),
    "storm": NP_("Print card", "storm {subject}"),
}
#: The same when the subject is counted ("spring, 2 trees": English puts a comma between two numbers' words).
COUNTED_PRINT_NAMES = {
    "spring": NP_("Print card, counted subject", "spring, {subject}"),
    "summer": NP_("Print card, counted subject", "summer, {subject}"),
    "autumn": NP_("Print card, counted subject", "autumn, {subject}"),
    "winter": NP_("Print card, counted subject", "winter, {subject}"),
    "storm": NP_("Print card, counted subject", "storm, {subject}"),
}
#: A Print half that shows no subject (the storm cards of the base game: data/cards.csv), by its season alone.
SUBJECTLESS_NAMES = {
    "spring": NP_("Print card without a subject", "spring card"),
    "summer": NP_("Print card without a subject", "summer card"),
    "autumn": NP_("Print card without a subject", "autumn card"),
    "winter": NP_("Print card without a subject", "winter card"),
    "storm": NP_("Print card without a subject", "storm card"),
}
#: A colour said of several kites (French: « 2 cerfs-volants bleus »).
KITE_COLOURS = {
    "blue": NP_("colour of several kites", "blue"),
    "yellow": NP_("colour of several kites", "yellow"),
    "red": NP_("colour of several kites", "red"),
    "green": NP_("colour of several kites", "green"),
}
#: A card given another season by a Storm token (Kanagawa French rules, section 3), with the season's preposition
#: (« au printemps », « en été », « en automne », « en hiver »).
STORM_SEASONS = {
    "spring": NP_("Storm token", "{card} as spring"),
    "summer": NP_("Storm token", "{card} as summer"),
    "autumn": NP_("Storm token", "{card} as autumn"),
    "winter": NP_("Storm token", "{card} as winter"),
}

#: The Diplomas by family: the name a player calls the tile (the Diploma tiles show their family's subject;
#: Kanagawa French rules, section 3; Yokai rules, "Explanation of the Diploma Tiles").
DIPLOMA_FAMILY_NAMES = {
    "trees": N_("Trees Diploma"),
    "buildings": N_("Buildings Diploma"),
    "characters": N_("Characters Diploma"),
    "animals": N_("Animals Diploma"),
    "brushes": N_("Brushes Diploma"),
    "arrows": N_("Arrows Diploma"),
    "landscapes": N_("Landscapes Diploma"),
    "yokai": N_("Yokai Diploma"),
    "kites": N_("Kites Diploma"),
    "lanterns": N_("Lanterns Diploma"),
    "umbrellas": N_("Umbrellas Diploma"),
}
#: What each Diploma asks, short enough for a table cell (the full requirement is ``data/diplomas.csv``'s).
DIPLOMA_SHORT = {
    "trees-3": N_("3 trees"),
    "trees-4": N_("4 trees"),
    "trees-5": N_("5 trees"),
    "buildings-2": N_("2 different buildings"),
    "buildings-3": N_("3 different buildings"),
    "buildings-4": N_("4 different buildings"),
    "characters-2-different": N_("2 different characters"),
    "characters-3-different": N_("3 different characters"),
    "characters-3-identical": N_("3 identical characters"),
    "animals-boar-deer": N_("boar and deer"),
    "animals-crane-butterfly": N_("crane and butterfly"),
    "animals-boar-deer-butterfly": N_("boar, deer and butterfly"),
    "brushes-3": N_("3 brushes"),
    "brushes-4": N_("4 brushes"),
    "arrows-2": N_("2 arrows"),
    "arrows-3": N_("3 arrows"),
    "landscapes-2": N_("2 identical landscapes"),
    "landscapes-3": N_("3 identical landscapes"),
    "landscapes-4": N_("4 identical landscapes"),
    "yokai-3": N_("all 3 Yokai tokens"),
    "kites-blue-3": N_("3 blue kites"),
    "kites-7": N_("7 kites"),
    "kites-yellow-3": N_("3 yellow kites"),
    "kites-red-2": N_("2 red kites"),
    "lanterns-2x2": N_("2 cards with 2 lanterns"),
    "lanterns-1x3": N_("3 cards with 1 lantern"),
    "lanterns-1-2-3": N_("cards with 1, 2 and 3 lanterns"),
    "umbrellas-2": N_("2 umbrellas in a row"),
    "umbrellas-3": N_("3 umbrellas in a row"),
    "umbrellas-4": N_("4 umbrellas in a row"),
}

_TREES = N_plural("{count} tree", "{count} trees")
_LANTERNS = N_plural("{count} lantern", "{count} lanterns")
_UMBRELLAS = N_plural("{count} umbrella", "{count} umbrellas")
_POINTS = N_plural("{count} point", "{count} points")


def count_text(count: int, one: str, many: str) -> str:
    """A counted message (``one`` and ``many``, both with ``{count}``) for ``count``, translated with its plural
    forms (:func:`marquoir.i18n.ngettext`; the pair is marked where it is written, with ``N_plural``)."""
    return ngettext(one, many, count).format(count=count)


def points_text(points: int) -> str:
    """``7 points``, ``1 point`` (French: ``0 point``, ``1 point``)."""
    return _POINTS.text(points).format(count=points)


def subject_word(subject: str) -> str:
    """A building, character or animal in words: the French card's word (data/SOURCES.md), or the English gloss
    without the document's hyphen (``tiled roof``)."""
    word = _(subject)
    return subject.replace("-", " ") if word == subject else word


def _counted(half: PrintHalf) -> bool:
    """Whether the subject is written with a figure first (trees, lanterns, umbrellas)."""
    return bool(half.trees or half.lanterns or half.umbrellas) and not (half.building or half.character or half.animal)


def subject_text(half: PrintHalf) -> str:
    """The subject of a Print half in a few words: ``boar``, ``2 trees``, ``blue + red kites``; ``""`` for a half
    that shows none (a storm card)."""
    parts: list[str] = []
    if half.trees:
        parts.append(_TREES.text(half.trees).format(count=half.trees))
    parts += [subject_word(subject) for subject in (half.building, half.character, half.animal) if subject]
    if half.kites:
        parts.append(_kites_text(half.kites))
    if half.lanterns:
        parts.append(_LANTERNS.text(half.lanterns).format(count=half.lanterns))
    if half.umbrellas:
        parts.append(_UMBRELLAS.text(half.umbrellas).format(count=half.umbrellas))
    return ", ".join(parts)


def _kites_text(kites: tuple[str, ...]) -> str:
    """Kites by colour: ``red kite``, ``2 blue kites``, ``blue + red kites``."""
    if len(kites) > 1 and len(set(kites)) == 1 and kites[0] in KITE_COLOURS:
        colour = pgettext(*KITE_COLOURS[kites[0]])
        return ngettext("{count} {colour} kite", "{count} {colour} kites", len(kites)).format(
            count=len(kites), colour=colour
        )
    colours = " + ".join(_(colour) for colour in kites)
    return ngettext("{colours} kite", "{colours} kites", len(kites)).format(colours=colours)


def print_name(half: PrintHalf) -> str:
    """A Print half as a player reads it: ``summer boar``, ``spring, 2 trees``, ``storm crane``. Worded once per
    half and language (a bounded cache: the catalogue's halves and the last few entered by what they show)."""
    return _print_name(half, get_language())


@lru_cache(maxsize=1024)
def _print_name(half: PrintHalf, lang: str) -> str:  # ``lang`` keys the cache: the words are the context's
    subject = subject_text(half)
    names = SUBJECTLESS_NAMES if not subject else COUNTED_PRINT_NAMES if _counted(half) else PRINT_NAMES
    pair = names.get(half.season)
    if pair is None:  # not a season of the game: the document refuses it, so this is only defensive
        return subject or _(half.season)
    return pgettext(*pair).format(subject=subject)


def icon_text(icon: str) -> str:
    """A Studio icon in words."""
    word = ICON_NAMES.get(icon)
    return _(word) if word else icon


def studio_what(half: StudioHalf) -> str:
    """What a Studio half shows: ``water, arrow icon``, ``joker``, ``brush icon``."""
    parts = [_(half.landscape)] if half.landscape else []
    if half.icon:
        parts.append(icon_text(half.icon))
    return ", ".join(parts) or _("no icon")


def studio_name(half: StudioHalf) -> str:
    """A Studio card as a player reads it: ``Studio (water, arrow icon)``."""
    return _("Studio ({what})").format(what=studio_what(half))


def half_text(half: PrintHalf | StudioHalf) -> str:
    """What a player reads on the half in use: season and subject, or landscape and icon."""
    return print_name(half) if isinstance(half, PrintHalf) else studio_what(half)


def card_name(half: PrintHalf | StudioHalf) -> str:
    """A card on the table by the half in use: :func:`print_name` or :func:`studio_name`."""
    return print_name(half) if isinstance(half, PrintHalf) else studio_name(half)


def catalogue_card_text(card_id: int, half: PrintHalf | StudioHalf | None) -> str:
    """A catalogue card named by what it shows (``summer boar``), never by its number: a card of the catalogue
    without the half in use is named by both its halves."""
    if half is not None:
        return card_name(half)
    card = catalogue().cards.get(card_id)
    if card is None:
        return _("an unknown card")
    return _("{print} / {studio}").format(print=print_name(card.print), studio=studio_name(card.studio))


def unknown_card_text(position: int) -> str:
    """A card that does not exist (an unknown id, a half no card shows), by its place: ``unknown card (position
    3)``."""
    return _("unknown card (position {position})").format(position=position)


def start_tile_text(tile: StartTile) -> str:
    """The Starting tile by what it shows: ``Starting tile (summer, water)``."""
    return _("Starting tile ({season}, {landscape})").format(season=_(tile.season), landscape=_(tile.landscape))


def storm_text(card: str, season: str) -> str:
    """A card given ``season`` by a Storm token: ``spring, 2 trees as summer`` (« … en été »)."""
    pair = STORM_SEASONS.get(season)
    return pgettext(*pair).format(card=card) if pair else card


def items_text(parts: Iterable[str]) -> str:
    """Items that may hold commas themselves, one after the other (French: a no-break space before the semicolon)."""
    return _("; ").join(parts)


def print_list(halves: Sequence[PrintHalf]) -> str:
    """Print cards in a list, by season, the season written once for its cards (``spring: 2 trees, boar; summer
    tower``; seasons in the order they first come); a card alone in its season, or that shows no subject, is named
    whole (:func:`print_name`)."""
    groups: dict[str, list[PrintHalf]] = {}
    alone: list[PrintHalf] = []  # no subject to list after the season: named whole
    for half in halves:
        if subject_text(half):
            groups.setdefault(half.season, []).append(half)
        else:
            alone.append(half)
    items = [
        print_name(group[0])
        if len(group) == 1
        else _("{season}: {cards}").format(season=_(season), cards=", ".join(map(subject_text, group)))
        for season, group in groups.items()
    ]
    return items_text([*items, *map(print_name, alone)])


def studio_list(halves: Sequence[StudioHalf]) -> str:
    """Studio cards in a list, identical ones counted: ``Studio (water)``; ``Studio: water ×3, joker``."""
    if len(halves) == 1:
        return studio_name(halves[0])
    counted: dict[str, int] = {}
    for half in halves:
        what = studio_what(half)
        counted[what] = counted.get(what, 0) + 1
    shown = ", ".join(
        what if n == 1 else _("{what} ×{count}").format(what=what, count=n) for what, n in counted.items()
    )
    return _("Studio: {cards}").format(cards=shown)


def diploma_name(diploma: Diploma) -> str:
    """A Diploma as a player calls it: ``Trees Diploma (5 trees)``."""
    family = DIPLOMA_FAMILY_NAMES.get(diploma.family)
    short = DIPLOMA_SHORT.get(diploma.id)
    if family is None or short is None:  # every tile of the catalogue has both (tests/test_words.py)
        return _("a Diploma")
    return _("{diploma} ({requirement})").format(diploma=_(family), requirement=_(short))


def diploma_text(diploma: Diploma) -> str:
    """A Diploma with its points: ``Trees Diploma (5 trees), 7 points``."""
    return _("{diploma}, {points}").format(diploma=diploma_name(diploma), points=points_text(diploma.harmony))


def diploma_of(diploma_id: str) -> Diploma | None:
    """The catalogue's Diploma of an id (``None`` for one that does not exist)."""
    return catalogue().diplomas.get(diploma_id)


def diploma_id_text(diploma_id: str) -> str:
    """A Diploma id of a document in words: its name, or, for an id that names no tile, the id quoted as the
    document has it (``the Diploma 'trees-9' of the document``)."""
    diploma = diploma_of(diploma_id)
    if diploma is None:
        return _("the Diploma {value} of the document").format(value=repr(diploma_id))
    return diploma_name(diploma)
