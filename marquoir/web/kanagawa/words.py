"""What a Kanagawa card shows, in the page's words: the marks of each half (icons and their labels), a one-line
summary, the picker's card views, and the names of the families. Every word goes through ``_`` (the seasons,
subjects and landscapes come from the core's catalogue)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from marquoir.games.kanagawa.catalogue import Card, Diploma, PrintHalf, StudioHalf, catalogue
from marquoir.games.kanagawa.naming import subject_word
from marquoir.i18n import N_
from marquoir.web.i18n import _, _l

#: Words of the game the pages show (form choices, the picker's suggestions) that the core's catalogue does not
#: hold; it translates the seasons, landscapes, subjects and colours.
GAME_WORDS = (N_("storm"), N_("brush"), N_("assistant"), N_("arrow"), N_("keep"), N_("Harmony"))

FAMILY_NAMES = {
    "trees": _l("Trees"),
    "characters": _l("Characters"),
    "buildings": _l("Buildings"),
    "animals": _l("Animals"),
    "kites": _l("Kites"),
    "lanterns": _l("Lanterns"),
    "umbrellas": _l("Umbrellas"),
    "brushes": _l("Brushes"),
    "arrows": _l("Arrows"),
    "landscapes": _l("Landscapes"),
    "yokai": _l("Yokai"),
}


@dataclass(frozen=True)
class Half:
    """What is printed on one half of a card, ready to draw: a list of (icon, text) marks."""

    side: str  # "print", "studio" or "start" (the Starting tile)
    family: str
    marks: tuple[tuple[str, str], ...]
    summary: str


def _count(count: int, one: str, many: str) -> str:
    """``one`` (a literal for 1) or ``many`` with ``%(count)d``, already translated."""
    return one if count == 1 else many % {"count": count}


def _harmony_text(harmony: int) -> str:
    return _("Harmony %(value)s") % {"value": f"{harmony:+d}"}


def subject_text(half: PrintHalf) -> str:
    """The subject of a Print half in a few words, in the page's language (the catalogue's own
    :meth:`PrintHalf.subject_text` is English)."""
    parts: list[str] = []
    if half.trees:
        parts.append(_count(half.trees, _("1 tree"), _("%(count)d trees")))
    parts += [subject_word(subject) for subject in (half.building, half.character, half.animal) if subject]
    if half.kites:
        colours = " + ".join(_(colour) for colour in half.kites)
        parts.append(_("%(colours)s kite") % {"colours": colours} if len(half.kites) == 1
                     else _("%(colours)s kites") % {"colours": colours})
    if half.lanterns:
        parts.append(_count(half.lanterns, _("1 lantern"), _("%(count)d lanterns")))
    if half.umbrellas:
        parts.append(_count(half.umbrellas, _("1 umbrella"), _("%(count)d umbrellas")))
    return ", ".join(parts) or _("no subject")


def print_marks(half: PrintHalf) -> Half:
    season = _(half.season)
    marks: list[tuple[str, str]] = [(half.season, season)]
    if half.trees:
        marks += [("tree", _("tree"))] * half.trees
    if half.building:
        marks.append(("building", subject_word(half.building)))
    if half.character:
        marks.append(("character", subject_word(half.character)))
    if half.animal:
        marks.append(("animal", subject_word(half.animal)))
    marks += [(f"kite-{colour}", _("%(colour)s kite") % {"colour": _(colour)}) for colour in half.kites]
    marks += [("lantern", _("lantern"))] * half.lanterns
    marks += [("umbrella", _("umbrella"))] * half.umbrellas
    if half.paint:
        landscape = _(half.paint.landscape)
        marks.append((half.paint.landscape, _("paint on %(landscape)s") % {"landscape": landscape}))
        marks += [("brush-needed", _("brush needed"))] * half.paint.brushes
    marks += _harmony_marks(half.harmony)
    if half.yokai_arrival:
        marks.append(("yokai", _("a Yokai arrives")))
    summary = f"{season}, {subject_text(half)}"
    if half.paint:
        values = {"count": half.paint.brushes, "landscape": _(half.paint.landscape)}
        needs = _("1 brush on %(landscape)s") if half.paint.brushes == 1 else _("%(count)d brushes on %(landscape)s")
        summary += ", " + needs % values
    if half.harmony:
        summary += ", " + _harmony_text(half.harmony)
    return Half("print", half.family, tuple(marks), summary)


def studio_marks(half: StudioHalf) -> Half:
    marks: list[tuple[str, str]] = []
    if half.landscape:
        marks.append((half.landscape, _(half.landscape)))
    if half.icon:
        marks.append((half.icon, _(half.icon)))
    marks += _harmony_marks(half.harmony)
    if half.yokai_move:
        marks.append(("yokai", _("a Yokai moves")))
    parts = [_(p) for p in (half.landscape, half.icon) if p]
    summary = ", ".join(parts) or _("nothing")
    if half.harmony:
        summary += ", " + _harmony_text(half.harmony)
    return Half("studio", half.family, tuple(marks), summary)


def start_view(tile_id: str) -> Half | None:
    """The Starting tile as its half is drawn: the season it gives the Print and its Studio landscape (``None``
    for a tile the catalogue does not have)."""
    tile = catalogue().start_tiles.get(tile_id)
    if tile is None:
        return None
    season, landscape = _(tile.season), _(tile.landscape)
    marks = ((tile.season, season), (tile.landscape, landscape))
    return Half("start", "", marks, _("Starting tile: %(season)s, %(landscape)s") % {"season": season,
                                                                                      "landscape": landscape})


def _harmony_marks(harmony: int) -> list[tuple[str, str]]:
    if harmony >= 0:
        return [("harmony", _("Harmony symbol"))] * harmony
    return [("harmony-crossed", _("crossed Harmony symbol"))] * -harmony


@dataclass(frozen=True)
class CardView:
    """A catalogue card as the picker shows it: both halves, its back and its subject words for filtering."""

    card: Card
    print: Half
    studio: Half

    @property
    def subject(self) -> str:
        half = self.card.print
        if half.trees:
            return "tree"
        return half.building or half.character or half.animal or ""


def card_views(families: Iterable[str]) -> list[CardView]:
    wanted = set(families)
    cat = catalogue()
    return [
        CardView(card, print_marks(card.print), studio_marks(card.studio))
        for card in cat.cards.values()
        if card.family in wanted
    ]


def diplomas_in_play(families: Iterable[str]) -> list[Diploma]:
    return list(catalogue().diplomas_in_play(tuple(families)))
