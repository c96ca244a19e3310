"""Printed score sheets of any game: the blank sheet and the filled sheet of a table, as HTML and as PDF.

One Jinja2 template per sheet in ``templates/sheets/`` (with its print stylesheet inlined), rendered here without
Flask so the CLI and the web app print the same page; the PDF is WeasyPrint's rendering of that same HTML.
Values in, text (or bytes) out. What a game's sheet shows — its rows, the reminder of its scoring tiles — is its
:class:`~marquoir.core.sheet.SheetLayout` (:meth:`~marquoir.core.game.Game.sheet_layout`); every visible word
passes through ``gettext`` (default: the ``sheets`` catalogue of ``lang``), and the figures' explanations and the
legality messages are written by the game's scoring in ``lang`` too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import jinja2

from marquoir.core.report import ScoreReport
from marquoir.core.sheet import PAPERS, ReminderGroup, Row, SheetLayout
from marquoir.dates import format_date
from marquoir.errors import MarquoirError
from marquoir.games import GAMES, AnyTable, first_game, get_game
from marquoir.i18n import language, ordinal, translations
from marquoir.reports.i18n import Gettext, check_lang, gettext_for


def _templates() -> Path:
    """The sheet templates: the project's top-level ``templates/sheets`` in a checkout, or the copy an installed
    wheel carries in ``marquoir/web/templates/sheets`` (the wheel's build copies ``templates/`` there: setup.py)."""
    package = Path(__file__).resolve().parents[2]
    packaged = package / "web" / "templates" / "sheets"
    return packaged if packaged.is_dir() else package.parent / "templates" / "sheets"


#: The folder of the sheet templates (the web app serves the same files).
TEMPLATES = _templates()


def sheet_games() -> list[str]:
    """The games that have a printed sheet, in the registry's order."""
    return [name for name, game in GAMES.items() if game.sheet_layout() is not None]


class SheetError(MarquoirError):
    """A sheet that cannot be drawn as asked (game, player count, paper, language); the message names the option."""


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
    held_label: str
    held: tuple[str, ...]


def _environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        autoescape=jinja2.select_autoescape(default=True, default_for_string=True),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )


_ENV = _environment()


def ngettext_for(lang: str) -> Callable[..., str]:
    """The sheets' counted messages in ``lang``, formatted as the pages' are (Flask-Babel's signature): in a sheet
    template ``{{ ngettext("%(num)d point", "%(num)d points", total) }}``. The ``sheets`` catalogue, then the
    core's; French the singular for 0 and 1 (``Plural-Forms: nplurals=2; plural=(n > 1);``)."""

    def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str:
        text = singular if num == 1 else plural
        if lang != "en":
            for domain in ("sheets", "core"):
                found = translations(lang, domain)
                if (singular, 0) in getattr(found, "_catalog", {}):
                    text = found.ngettext(singular, plural, num)
                    break
        return text % {"num": num, **variables}

    return ngettext


def layout_of(game: str) -> SheetLayout:
    """The printed sheet of ``game``; :class:`SheetError` naming the choices otherwise."""
    found = GAMES[game].sheet_layout() if game in GAMES else None
    if found is None:
        raise SheetError(f"game: {game!r} has no printed sheet (choose {', '.join(sheet_games())})")
    return found


def _options(lang: str, paper: str | None, gettext: Gettext | None) -> Gettext:
    try:
        check_lang(lang)
    except MarquoirError as error:
        raise SheetError(str(error)) from None
    if paper is not None and paper not in PAPERS:
        raise SheetError(f"paper: {paper!r} is not a paper size (choose {', '.join(PAPERS)})")
    return gettext or gettext_for(lang)


def render_blank_sheet(
    players: int,
    *,
    game: str | None = None,
    lang: str = "en",
    paper: str | None = None,
    gettext: Gettext | None = None,
    names: Sequence[str] = (),
    back: str | None = None,
    script: str | None = None,
    options: Mapping[str, bool] | None = None,
    **flags: bool,
) -> str:
    """The HTML of a blank score sheet of ``game`` (default: the registry's first) for ``players`` players: one row
    per category, a column per player (headed by ``names`` when given), and the game's scoring tiles as a reminder.
    ``options`` (or ``flags``, one keyword each) are the game's sheet options
    (:attr:`~marquoir.core.game.Game.sheet_options`, such as an expansion's rows); those of other games are not this
    sheet's and change nothing.

    ``paper`` ``a4``/``letter`` fixes the page size (for the PDF); ``None`` lets the printer choose (the layout fits
    both). ``back`` (a link) and ``script`` (the script of the Print button) make it a page of a site: a Print
    button and the way back, never printed."""
    _ = _options(lang, paper, gettext)
    game = game or first_game().name
    layout, rules = layout_of(game), GAMES[game]
    if not rules.min_players <= players <= rules.max_players:
        raise SheetError(f"players: a sheet is for {rules.min_players} to {rules.max_players} players, not {players}")
    if len(names) > players:
        raise SheetError(f"names: {len(names)} names for {players} players")
    asked = {**(options or {}), **flags}
    chosen = {name: bool(asked.get(name)) for name in rules.sheet_options}
    return _ENV.get_template("blank.html").render(
        _=_,
        ngettext=ngettext_for(lang),
        game=game,
        lang=lang,
        paper=paper,
        title=layout.blank_title(chosen, _),
        layout_css=layout.css,
        credit=layout.credit(_),
        total_hint=_(layout.total_hint),
        rows=layout.blank_rows(chosen, _),
        columns=[names[i] if i < len(names) else "" for i in range(players)],
        reminder_title=_(layout.reminder_title),
        reminder=layout.reminder(chosen, _),
        back=back,
        script=script,
    )


def _report_json(
    table: AnyTable, report: ScoreReport | Mapping[str, Any] | None, lang: str
) -> tuple[Mapping[str, Any], list[str]]:
    """The report as JSON and the ranking's notes, their words (explanations, issue messages, notes) written in
    ``lang``. A stored report keeps its figures (they are the record); its words are written again in the sheet's
    language from the table."""
    with language(lang):
        scored = report if isinstance(report, ScoreReport) else get_game(table.game).score(table)
        fresh, notes = scored.to_json(), list(scored.notes)
    if report is None or isinstance(report, ScoreReport):
        return fresh, notes
    if len(fresh["players"]) != len(report.get("players", ())):
        return report, notes
    merged = dict(report)
    merged["players"] = [
        dict(stored, explanations=now.get("explanations", {}))
        for stored, now in zip(report["players"], fresh["players"], strict=True)
    ]
    if [i["code"] for i in fresh["issues"]] == [i.get("code") for i in report.get("issues", ())]:
        merged["issues"] = fresh["issues"]
    return merged, notes


def _columns(
    table: AnyTable, report: Mapping[str, Any], rows: Sequence[Row], layout: SheetLayout, lang: str, _: Gettext
) -> list[PlayerColumn]:
    winners = set(report["winners"])
    columns = []
    for index, player in enumerate(report["players"]):
        explanations = player.get("explanations", {})
        cells = {
            r.category: Cell(int(player["breakdown"].get(r.category, 0)), str(explanations.get(r.category, "")))
            for r in rows
        }
        label, held = layout.held(table, index, _) if index < len(table.players) else ("", ())
        columns.append(
            PlayerColumn(
                player["name"],
                cells,
                int(player["total"]),
                int(player["rank"]),
                ordinal(int(player["rank"]), lang),
                player["name"] in winners,
                label,
                tuple(held),
            )
        )
    return columns


def render_filled_sheet(
    table: AnyTable,
    report: ScoreReport | Mapping[str, Any] | None = None,
    *,
    lang: str = "en",
    paper: str | None = None,
    gettext: Gettext | None = None,
    played_at: datetime | None = None,
    title: str | None = None,
    back: str | None = None,
    script: str | None = None,
) -> str:
    """The HTML of the filled score sheet of ``table``: the breakdown by category and player, totals, ranks and
    winners, every figure explained, what each player holds, and the legality issues.

    ``report`` is the score report (a :class:`ScoreReport` or its JSON, as stored with a saved game); ``None``
    scores the table now. ``played_at`` and ``title`` are printed in the heading when given; ``back`` and ``script``
    as for :func:`render_blank_sheet`."""
    _ = _options(lang, paper, gettext)
    layout = layout_of(table.game)
    data, notes = _report_json(table, report, lang)
    if len(data["players"]) != len(table.players):
        raise SheetError("report: its players are not the table's")
    rows = layout.filled_rows(table, data, _)
    with language(lang):  # what each player holds is named by the game's words, in the sheet's language
        columns = _columns(table, data, rows, layout, lang, _)
    return _ENV.get_template("filled.html").render(
        _=_,
        ngettext=ngettext_for(lang),
        game=table.game,
        lang=lang,
        paper=paper,
        title=title or layout.filled_title(table, _),
        layout_css=layout.css,
        credit=layout.credit(_),
        played=format_date(played_at, lang) if played_at else "",
        meta=layout.meta(table, _),
        rows=rows,
        players=columns,
        winners=[c.name for c in columns if c.winner],
        notes=notes,
        issues=list(data.get("issues", ())),
        back=back,
        script=script,
    )


def html_to_pdf(html: str) -> bytes:
    """The PDF of a sheet's HTML, rendered by WeasyPrint (Pango lays out the text)."""
    import weasyprint  # type: ignore[import-untyped]  # (WeasyPrint ships no type information)

    return bytes(weasyprint.HTML(string=html, base_url=str(TEMPLATES)).write_pdf())


def blank_sheet_pdf(players: int, *, lang: str = "en", paper: str = "a4", **kw: Any) -> bytes:
    """:func:`render_blank_sheet` as a PDF on ``paper``."""
    return html_to_pdf(render_blank_sheet(players, lang=lang, paper=paper, **kw))


def filled_sheet_pdf(
    table: AnyTable,
    report: ScoreReport | Mapping[str, Any] | None = None,
    *,
    lang: str = "en",
    paper: str = "a4",
    **kw: Any,
) -> bytes:
    """:func:`render_filled_sheet` as a PDF on ``paper``."""
    return html_to_pdf(render_filled_sheet(table, report, lang=lang, paper=paper, **kw))


__all__ = [
    "PAPERS",
    "TEMPLATES",
    "ReminderGroup",
    "SheetError",
    "blank_sheet_pdf",
    "filled_sheet_pdf",
    "html_to_pdf",
    "layout_of",
    "ordinal",
    "render_blank_sheet",
    "render_filled_sheet",
    "sheet_games",
]
