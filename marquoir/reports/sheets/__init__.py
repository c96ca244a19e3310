"""Printed score sheets: the blank sheet for 2–4 players and the filled sheet of a table, as HTML and as PDF.

One Jinja2 template per sheet in ``templates/sheets/`` (with its print stylesheet inlined), rendered here without
Flask so the CLI and the web app print the same page; the PDF is WeasyPrint's rendering of that same HTML.
Values in, text (or bytes) out. The categories and their order are the paper sheet's (seed 002, section 3
"Comptage des points"; seed 003, "End of the Game"); the Diploma reminder reads the catalogue
(``data/kanagawa/diplomas.csv``).

Every visible word passes through ``gettext`` (default: the catalogue of ``lang``), so a sheet is English or
French. The figures' explanations and the legality messages come from the scoring core in English.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import jinja2
from babel.dates import format_date

from marquoir.errors import MarquoirError
from marquoir.games.kanagawa.catalogue import Catalogue, Diploma, catalogue
from marquoir.games.kanagawa.scoring import ScoreReport, score
from marquoir.games.kanagawa.table import Table
from marquoir.games.kanagawa.vocabulary import (
    BASE_FAMILIES,
    CATEGORIES,
    EXPANSION_FAMILIES,
    GRAND_MASTER_POINTS,
    STUDIO_DIPLOMA_FAMILIES,
    YOKAI_PENALTY,
)
from marquoir.i18n import language
from marquoir.reports.i18n import N_, Gettext, check_lang, gettext_for


def _templates() -> Path:
    """The sheet templates: the project's top-level ``templates/sheets`` in a checkout, or the copy an installed
    wheel carries in ``marquoir/web/templates/sheets`` (the build copies ``templates/`` there: ``setup.py``)."""
    package = Path(__file__).resolve().parents[1]
    packaged = package / "web" / "templates" / "sheets"
    return packaged if packaged.is_dir() else package.parent / "templates" / "sheets"


#: The folder of the sheet templates (the web app serves the same files).
TEMPLATES = _templates()
#: Paper sizes the PDF can be laid out for; the HTML without a size prints on whatever paper the printer has.
PAPERS = ("a4", "letter")
MIN_PLAYERS, MAX_PLAYERS = 2, 4

#: Row labels of the sheet, in the paper sheet's order.
CATEGORY_LABELS: Mapping[str, str] = {
    "print_cards": N_("Print cards"),
    "season_chain": N_("Longest season chain"),
    "harmony": N_("Harmony symbols"),
    "diplomas": N_("Diplomas"),
    "grand_master": N_("Grand Master"),
    "yokai": N_("Yokai"),
}
#: How each row is counted, printed under its label.
CATEGORY_HINTS: Mapping[str, str] = {
    "print_cards": N_("1 per card, Starting tile included"),
    "season_chain": N_("1 per card of the longest run of one Season"),
    "harmony": N_("+1 per symbol, −1 per crossed one (Print and Studio)"),
    "diplomas": N_("points of the Diploma tiles taken"),
    "grand_master": N_("holder of the Grand Master pawn at the end: 1 × 2 = 2 points"),
    "yokai": N_("tokens held: 1 → −1, 2 → −4, 3 → −9"),
}
FAMILY_LABELS: Mapping[str, str] = {
    "trees": N_("Trees"),
    "characters": N_("Characters"),
    "buildings": N_("Buildings"),
    "animals": N_("Animals"),
    "kites": N_("Kites"),
    "lanterns": N_("Lanterns"),
    "umbrellas": N_("Umbrellas"),
    "brushes": N_("Brushes"),
    "arrows": N_("Arrows"),
    "landscapes": N_("Identical Landscapes"),
    "yokai": N_("Yokai"),
}
BONUS_LABELS: Mapping[str, str] = {
    "storm": N_("+ a Storm token"),
    "assistant": N_("+ the Assistant pawn"),
    "brush": N_("+ a Brush"),
    "give-yokai": N_("+ give a Yokai token away"),
}


class SheetError(MarquoirError):
    """A sheet that cannot be drawn as asked (player count, paper, language); the message names the option."""


@dataclass(frozen=True, slots=True)
class DiplomaLine:
    id: str
    requirement: str
    points: int
    bonus: str


@dataclass(frozen=True, slots=True)
class DiplomaGroup:
    family: str
    label: str
    place: str
    diplomas: tuple[DiplomaLine, ...]


@dataclass(frozen=True, slots=True)
class Row:
    category: str
    label: str
    hint: str


@dataclass(frozen=True, slots=True)
class Cell:
    points: int
    explanation: str


@dataclass(frozen=True, slots=True)
class PlayerColumn:
    name: str
    cells: Mapping[str, Cell]
    total: int
    rank: int
    rank_text: str
    winner: bool
    diplomas: tuple[str, ...]


def _environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        autoescape=jinja2.select_autoescape(default=True, default_for_string=True),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )


_ENV = _environment()


def ordinal(rank: int, lang: str) -> str:
    """A place as a person writes it: 1st, 2nd, 3rd (English); 1er, 2e, 3e (French)."""
    if lang == "fr":
        return "1er" if rank == 1 else f"{rank}e"
    suffix = "th" if 10 <= rank % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(rank % 10, "th")
    return f"{rank}{suffix}"


def _options(lang: str, paper: str | None, gettext: Gettext | None) -> Gettext:
    try:
        check_lang(lang)
    except MarquoirError as error:
        raise SheetError(str(error)) from None
    if paper is not None and paper not in PAPERS:
        raise SheetError(f"paper: {paper!r} is not a paper size (choose {', '.join(PAPERS)})")
    return gettext or gettext_for(lang)


def diploma_groups(
    families: Sequence[str], yokai: bool, gettext: Gettext, cat: Catalogue | None = None
) -> list[DiplomaGroup]:
    """The Diploma tiles of a game, grouped by family: the Print families in play, then the Studio families,
    then the Yokai Diploma when the expansion is in play (seed 003, "Game Set-up" 5)."""
    cat = cat or catalogue()
    order = [*families, *STUDIO_DIPLOMA_FAMILIES] + (["yokai"] if yokai else [])
    groups = []
    for family in order:
        tiles: Sequence[Diploma] = cat.diplomas_by_family.get(family, ())
        lines = tuple(
            DiplomaLine(d.id, gettext(d.requirement), d.harmony, gettext(BONUS_LABELS[d.bonus]) if d.bonus else "")
            for d in tiles
        )
        if lines:
            place = tiles[0].place
            groups.append(DiplomaGroup(family, gettext(FAMILY_LABELS.get(family, family)), place, lines))
    return groups


#: Row labels of the blank sheet where they differ (the Grand Master row is counted twice: seed 002, section 3).
BLANK_LABELS: Mapping[str, str] = {**CATEGORY_LABELS, "grand_master": N_("Grand Master ×2")}


def _rows(yokai: bool, gettext: Gettext, labels: Mapping[str, str] = CATEGORY_LABELS) -> list[Row]:
    return [Row(c, gettext(labels[c]), gettext(CATEGORY_HINTS[c])) for c in CATEGORIES if yokai or c != "yokai"]


def render_blank_sheet(
    players: int,
    *,
    yokai: bool = False,
    lang: str = "en",
    paper: str | None = None,
    gettext: Gettext | None = None,
    names: Sequence[str] = (),
) -> str:
    """The HTML of a blank score sheet for ``players`` (2–4) players: one row per category (the Yokai row only
    with ``yokai``), a column per player (headed by ``names`` when given), and the Diploma tiles as a reminder
    (with ``yokai``: every expansion family and the Yokai Diploma too, since any two may be in play).

    ``paper`` ``a4``/``letter`` fixes the page size (for the PDF); ``None`` lets the printer choose (the layout fits
    both)."""
    _ = _options(lang, paper, gettext)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise SheetError(f"players: a sheet is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    if len(names) > players:
        raise SheetError(f"names: {len(names)} names for {players} players")
    families = (*BASE_FAMILIES, *EXPANSION_FAMILIES) if yokai else BASE_FAMILIES
    return _ENV.get_template("blank.html").render(
        _=_,
        lang=lang,
        paper=paper,
        yokai=yokai,
        rows=_rows(yokai, _, BLANK_LABELS),
        columns=[names[i] if i < len(names) else "" for i in range(players)],
        diplomas=diploma_groups(families, yokai, _),
        grand_master_points=GRAND_MASTER_POINTS,
        yokai_penalty=YOKAI_PENALTY,
    )


def _report_json(table: Table, report: ScoreReport | Mapping[str, Any] | None, lang: str) -> Mapping[str, Any]:
    """The report as JSON, its explanations and issue messages written in ``lang``. A stored report keeps its
    figures (they are the record); its words are written again in the sheet's language."""
    with language(lang):
        if isinstance(report, ScoreReport):
            return report.to_json()
        fresh = score(table).to_json()
    if report is None:
        return fresh
    if len(fresh["players"]) != len(report.get("players", ())):
        return report
    merged = dict(report)
    merged["players"] = [
        dict(stored, explanations=now.get("explanations", {}))
        for stored, now in zip(report["players"], fresh["players"], strict=True)
    ]
    if [i["code"] for i in fresh["issues"]] == [i.get("code") for i in report.get("issues", ())]:
        merged["issues"] = fresh["issues"]
    return merged


def _columns(table: Table, report: Mapping[str, Any], lang: str) -> list[PlayerColumn]:
    winners = set(report["winners"])
    columns = []
    for index, player in enumerate(report["players"]):
        seated = table.players[index] if index < len(table.players) else None
        held: tuple[str, ...] = ()
        if seated is not None and isinstance(seated.diplomas, tuple):
            held = tuple(seated.diplomas)
        explanations = player.get("explanations", {})
        cells = {c: Cell(int(player["breakdown"][c]), str(explanations.get(c, ""))) for c in CATEGORIES}
        columns.append(
            PlayerColumn(
                player["name"],
                cells,
                int(player["total"]),
                int(player["rank"]),
                ordinal(int(player["rank"]), lang),
                player["name"] in winners,
                held,
            )
        )
    return columns


def render_filled_sheet(
    table: Table,
    report: ScoreReport | Mapping[str, Any] | None = None,
    *,
    lang: str = "en",
    paper: str | None = None,
    gettext: Gettext | None = None,
    played_at: datetime | None = None,
    title: str | None = None,
) -> str:
    """The HTML of the filled score sheet of ``table``: the breakdown by category and player, totals, ranks and
    winners, every figure explained, the Diplomas held, and the legality issues.

    ``report`` is the score report (a :class:`ScoreReport` or its JSON, as stored with a saved game); ``None``
    scores the table now. ``played_at`` and ``title`` are printed in the heading when given."""
    _ = _options(lang, paper, gettext)
    data = _report_json(table, report, lang)
    if len(data["players"]) != len(table.players):
        raise SheetError("report: its players are not the table's")
    yokai = table.is_yokai or any(p["breakdown"].get("yokai", 0) for p in data["players"])
    cat = catalogue()
    columns = _columns(table, data, lang)
    diploma_names = {d.id: _(d.requirement) for d in cat.diplomas.values()}
    return _ENV.get_template("filled.html").render(
        _=_,
        lang=lang,
        paper=paper,
        yokai=yokai,
        title=title,
        played=format_date(played_at, format="long", locale=lang) if played_at else "",
        families=[_(FAMILY_LABELS.get(f, f)) for f in table.families],
        rows=_rows(yokai, _),
        players=columns,
        winners=[c.name for c in columns if c.winner],
        diploma_names=diploma_names,
        issues=list(data.get("issues", ())),
    )


def html_to_pdf(html: str) -> bytes:
    """The PDF of a sheet's HTML, rendered by WeasyPrint (Pango lays out the text)."""
    import weasyprint  # type: ignore[import-untyped]  # (WeasyPrint ships no type information)

    return bytes(weasyprint.HTML(string=html, base_url=str(TEMPLATES)).write_pdf())


def blank_sheet_pdf(players: int, *, yokai: bool = False, lang: str = "en", paper: str = "a4", **kw: Any) -> bytes:
    """:func:`render_blank_sheet` as a PDF on ``paper``."""
    return html_to_pdf(render_blank_sheet(players, yokai=yokai, lang=lang, paper=paper, **kw))


def filled_sheet_pdf(
    table: Table,
    report: ScoreReport | Mapping[str, Any] | None = None,
    *,
    lang: str = "en",
    paper: str = "a4",
    **kw: Any,
) -> bytes:
    """:func:`render_filled_sheet` as a PDF on ``paper``."""
    return html_to_pdf(render_filled_sheet(table, report, lang=lang, paper=paper, **kw))
