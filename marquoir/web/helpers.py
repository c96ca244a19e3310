"""Shared pieces of the web views: the table document carried in the form, issues placed next to their entry,
what each card half shows, and the template helpers.

Every user-visible sentence is a literal passed through ``_`` (translated in the request's language, catalogue
``marquoir/locale/<lang>/LC_MESSAGES/web.po``) or ``_l`` (the same, but when shown: module constants, form labels);
words of the game (seasons, subjects, landscapes) go through ``_`` too and come from the core's catalogue.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from babel.support import LazyProxy
from flask import Flask, Response, abort, make_response, render_template

from marquoir import Issue, Table, TableError, catalogue, parse_table
from marquoir.document import MAX_DOCUMENT_CHARS
from marquoir.games.kanagawa.catalogue import Card, Diploma, PrintHalf, StudioHalf
from marquoir.games.kanagawa.scoring import CATEGORY_NAMES
from marquoir.games.kanagawa.vocabulary import BASE_FAMILIES, CATEGORIES, EXPANSION_FAMILIES


def _(text: str) -> str:
    """A user-visible string in the request's language (the ``web`` catalogue, then the core's:
    :func:`marquoir.web.i18n.gettext`). Called at import time (module constants), it gives the English source,
    which the templates translate where they show it."""
    from marquoir.web.i18n import gettext

    return gettext(text)


def _l(text: str) -> Any:
    """A string translated each time it is shown, for module constants and form labels (made at import, shown in
    the language of each request): a :class:`babel.support.LazyProxy` that behaves as the translated ``str``."""
    return LazyProxy(_, text, enable_cache=False)


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


class BadDocument(Exception):
    """The table document carried by a form could not be read: ``path`` names the place."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message


def read_document(text: str | None) -> tuple[dict[str, Any], Table]:
    """The table document from a hidden form field, as a mapping and as a :class:`Table`."""
    if not text:
        raise BadDocument("table", _("the game is missing from the form"))
    if len(text) > MAX_DOCUMENT_CHARS:
        raise BadDocument("table", _("the game in the form is too long"))
    try:
        doc = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise BadDocument("table", _("the game in the form is not JSON")) from None
    try:
        table = parse_table(doc)
    except TableError as error:
        raise BadDocument(error.path, error.message) from None
    except RecursionError:
        raise BadDocument("table", _("the game in the form is nested too deeply")) from None
    return doc, table


def document_or_400(text: str | None) -> tuple[dict[str, Any], Table]:
    """:func:`read_document`, answering a 400 page that names the place when the document cannot be read."""
    try:
        return read_document(text)
    except BadDocument as error:
        abort(bad_document_page(error))


def bad_document_page(error: BadDocument) -> Response:
    message = _("The game sent with this form could not be read (%(path)s: %(message)s).") % {
        "path": error.path, "message": error.message}
    body = render_template("main/error.html", code=400, title=_("Game not readable"), message=message)
    return make_response(body, 400)


_INDEX = re.compile(r"[0-9]{1,6}")


def index_in(text: str | None, size: int) -> int | None:
    """``text`` as an index below ``size`` (ASCII digits only: ``'¹'.isdigit()`` is true), else ``None``."""
    if text is None or not _INDEX.fullmatch(text):
        return None
    value = int(text)
    return value if value < size else None


def dump(doc: Mapping[str, Any]) -> str:
    """The document as compact JSON for a hidden field."""
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":"))


# ---------------------------------------------------------------- issues next to their entry

_PLAYER_FIELD = re.compile(r"^players\[(\d+)\](?:\.(.*))?$")

#: Which row of the sheet a part of a detailed player belongs to.
_DETAILED_ROW = {
    "start": "print_cards",
    "print": "print_cards",
    "storms": "season_chain",
    "studio": "harmony",
    "kept": "harmony",
    "diplomas": "diplomas",
    "brushes": "diplomas",
    "grand_master": "grand_master",
    "yokai": "yokai",
}


#: The sheet row that a whole-table issue belongs to (the others are shown above the sheet).
_TABLE_ROW = {"GRAND_MASTER": "grand_master", "YOKAI": "yokai", "STORMS": "season_chain"}


@dataclass(frozen=True)
class PlacedIssue:
    """An issue with the place it is shown: ``player`` index (None: the whole table), the sheet ``row`` (None:
    the player as a whole), and ``key``: the part of the player (``print[3]``, ``diplomas[0]``, ``sheet.harmony``)."""

    issue: Issue
    player: int | None
    row: str | None
    key: str

    @property
    def anchor(self) -> str:
        if self.player is None:
            return "table"
        return f"p{self.player}-{self.row or 'name'}"


def place_issue(issue: Issue, names: list[str]) -> PlacedIssue:
    """Where an issue goes, from its ``field`` path (``players[1].diplomas[0]``) or its player's name."""
    match = _PLAYER_FIELD.match(issue.field or "")
    index: int | None = None
    rest = ""
    if match:
        index = int(match.group(1))
        rest = match.group(2) or ""
    elif issue.player is not None and issue.player in names:
        index = names.index(issue.player)
    if index is not None and not 0 <= index < len(names):
        index = None
    row: str | None = None
    if index is None:
        return PlacedIssue(issue, None, _TABLE_ROW.get(issue.code), rest)
    if rest.startswith("sheet."):
        head = rest[len("sheet.") :].split("[")[0].split(".")[0]
        row = head if head in CATEGORIES else None
    elif rest:
        row = _DETAILED_ROW.get(rest.split("[")[0].split(".")[0])
    return PlacedIssue(issue, index, row, rest)


def place_issues(issues: Iterable[Issue], names: list[str]) -> list[PlacedIssue]:
    return [place_issue(issue, names) for issue in issues]


# ---------------------------------------------------------------- what a card shows


@dataclass(frozen=True)
class Half:
    """What is printed on one half of a card, ready to draw: a list of (icon, text) marks."""

    side: str  # "print" or "studio"
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
    parts += [_(subject) for subject in (half.building, half.character, half.animal) if subject]
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
        marks.append(("building", _(half.building)))
    if half.character:
        marks.append(("character", _(half.character)))
    if half.animal:
        marks.append(("animal", _(half.animal)))
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


def ordinal(rank: int) -> str:
    """A place as written in the page's language: 1st, 2nd (English); 1er, 2e (French)."""
    from marquoir.i18n import get_language
    from marquoir.reports.sheets import ordinal as written

    return written(rank, get_language())


def field_attrs(field: Any, extra: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """HTML attributes of an input: ``extra``, plus ``aria-invalid`` and the error's id when it has errors."""
    attrs = dict(extra or {})
    if field.errors:
        attrs["aria-invalid"] = "true"
        attrs["aria-describedby"] = f"{field.id}-error"
    return attrs


def install(app: Flask) -> None:
    """Template globals: names of things, the translation marker, the ordinal filter."""
    app.jinja_env.globals.update(
        _=_,
        field_attrs=field_attrs,
        CATEGORY_NAMES={key: _l(name) for key, name in CATEGORY_NAMES.items()},
        CATEGORIES=CATEGORIES,
        FAMILY_NAMES=FAMILY_NAMES,
        BASE_FAMILIES=BASE_FAMILIES,
        EXPANSION_FAMILIES=EXPANSION_FAMILIES,
    )
    app.jinja_env.filters["ordinal"] = ordinal
