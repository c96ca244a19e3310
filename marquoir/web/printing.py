"""Printed score sheets in the web app: a blank sheet of any game with a printed sheet (its sheet options on request),
the filled sheet of a saved game and of the game on the results page — as a print-ready HTML page (its own print
stylesheet) or as a PDF, in the page's language, on A4 or Letter.

The sheets are :mod:`marquoir.reports.sheets`' (the same templates as ``marquoir sheet``); this module only reads
the request and answers. A sheet page carries its stylesheet inline (the PDF renderer reads the same HTML), so its
Content-Security-Policy allows exactly that stylesheet by its SHA-256 hash and nothing else.

A PDF is rendered off the request threads, bounded in time and memory (:mod:`marquoir.web.workers`); a saved game's
PDF is kept per version, language and paper in a cache of bounded size. A PDF is made only for a page of this site
or a link opened by a person: another site's ``<img>`` or script asking for one is refused.
"""

from __future__ import annotations

import base64
import hashlib
import re
from typing import Any

from flask import Blueprint, Response, render_template, request, url_for
from flask.typing import ResponseReturnValue

from marquoir.games import GAMES, first_game, most_players
from marquoir.i18n import get_language
from marquoir.reports.sheets import PAPERS, render_blank_sheet, render_filled_sheet, sheet_games
from marquoir.web import workers
from marquoir.web.cache import ByteCache
from marquoir.web.db import get_game_or_404
from marquoir.web.documents import document_or_400
from marquoir.web.i18n import _
from marquoir.web.render import error_page
from marquoir.web.security import CONTENT_SECURITY_POLICY

bp = Blueprint("printing", __name__)

FORMATS = ("html", "pdf")
_STYLE = re.compile(r"<style>(.*?)</style>", re.S)


def sheet_policy(html: str) -> str:
    """The page's Content-Security-Policy with the sheet's inline stylesheets allowed by their hashes only."""
    hashes = [
        "'sha256-" + base64.b64encode(hashlib.sha256(css.encode("utf-8")).digest()).decode("ascii") + "'"
        for css in _STYLE.findall(html)
    ]
    return CONTENT_SECURITY_POLICY.replace("style-src 'self'", " ".join(["style-src 'self'", *hashes]))


def _script() -> str:
    return url_for("static", filename="sheet.js")


def sheet_response(html: str) -> Response:
    response = Response(html, mimetype="text/html")
    response.headers["Content-Security-Policy"] = sheet_policy(html)
    return response


#: Saved games' PDFs by (game, version, language, paper): at most this many bytes in all.
PDF_CACHE_BYTES = 32 * 1024 * 1024
_PDFS = ByteCache(PDF_CACHE_BYTES)


def _pdf_asked_by_a_person() -> bool:
    """Whether a PDF request comes from this site or from a person opening a link (``Sec-Fetch-*``, sent by every
    current browser); an image or a script of another site asking for it is not."""
    site = request.headers.get("Sec-Fetch-Site", "none")
    mode = request.headers.get("Sec-Fetch-Mode", "navigate")
    return site in ("same-origin", "none") or mode == "navigate"


def render_pdf(html: str) -> bytes:
    """The PDF of a sheet's HTML, rendered by a worker (bounded in time and memory)."""
    data: bytes = workers.run("pdf", html)
    return data


def pdf_response(data: bytes, filename: str) -> Response:
    return Response(
        data, mimetype="application/pdf", headers={"Content-Disposition": f'inline; filename="{filename}"'}
    )


def _choices(values: Any) -> tuple[dict[str, Any], dict[str, str]]:
    """The options of a sheet from the query or the form, and the errors by option name."""
    errors: dict[str, str] = {}
    paper = values.get("paper", PAPERS[0])
    if paper not in PAPERS:
        errors["paper"] = _("Choose A4 or Letter.")
    kind = values.get("format", FORMATS[0])
    if kind not in FORMATS:
        errors["format"] = _("Choose a page to print or a PDF.")
    return {"paper": paper, "format": kind}, errors


@bp.get("/favicon.ico")
def no_icon() -> ResponseReturnValue:
    """The printed sheets are pages of their own (no ``<link rel="icon">``): the browser's request for an icon gets
    an empty answer instead of a "not found" in its console."""
    return Response(status=204)


def _options_page(values: dict[str, Any], errors: dict[str, str], status: int = 200) -> ResponseReturnValue:
    games = [(name, GAMES[name]) for name in sheet_games()]
    return render_template("printing/index.html", values=values, errors=errors, games=games,
                           players=range(1, most_players() + 1)), status


@bp.get("/print")
def index() -> ResponseReturnValue:
    """The blank sheet's options: the game, players, the games' sheet options (an expansion's rows), paper, page
    or PDF."""
    game = first_game()
    return _options_page({"game": game.name, "players": str(game.max_players), "sheet_options": set(),
                          "paper": "a4", "format": "html"}, {})


@bp.get("/print/blank")
def blank() -> ResponseReturnValue:
    """A blank score sheet, as the options say (each wrong option is named beside its field)."""
    options, errors = _choices(request.args)
    name = request.args.get("game", first_game().name)
    if name not in sheet_games():
        errors["game"] = _("Choose a game.")
        name = first_game().name
    game = GAMES[name]
    players_text = request.args.get("players", "")
    if players_text not in {str(n) for n in range(game.min_players, game.max_players + 1)}:
        errors["players"] = _("A %(game)s sheet is for %(least)d to %(most)d players.") % {
            "game": _(game.title), "least": game.min_players, "most": game.max_players}
    chosen = {o for o in game.sheet_options if request.args.get(o) in ("1", "on", "y", "yes")}
    if errors:
        return _options_page({"game": name, "players": players_text, "sheet_options": chosen, **options}, errors, 422)
    players = int(players_text)
    lang = get_language()
    flags = dict.fromkeys(chosen, True)
    if options["format"] == "pdf":
        if not _pdf_asked_by_a_person():
            return error_page(403, _("Sheet not printed"), _("A PDF is made only for a page of this site."))
        data = render_pdf(render_blank_sheet(players, game=name, lang=lang, paper=options["paper"], options=flags))
        suffix = "".join(f"-{o}" for o in sorted(chosen))
        return pdf_response(data, f"{name}-sheet-{players}p{suffix}-{lang}.pdf")
    back = url_for("printing.index")
    return sheet_response(render_blank_sheet(players, game=name, lang=lang, back=back, script=_script(), options=flags))


@bp.get("/s/<token>/sheet")
def saved_sheet(token: str) -> ResponseReturnValue:
    """The filled sheet of a saved game (its read-only link is enough to print it)."""
    game = get_game_or_404(token)
    options, errors = _choices(request.args)
    if errors:
        return error_page(400, _("Sheet not printed"), " ".join(errors.values()))
    lang = get_language()
    if options["format"] == "pdf":
        if not _pdf_asked_by_a_person():
            return error_page(403, _("Sheet not printed"), _("A PDF is made only for a page of this site."))
        key = (game.share_token, game.version, lang, options["paper"])  # (an id may be reused after a delete)
        data = _PDFS.get(key)
        if data is None:
            html = render_filled_sheet(game.table, game.report, lang=lang, paper=options["paper"],
                                       played_at=game.played_at)
            data = _PDFS.put(key, render_pdf(html))
        return pdf_response(data, f"{game.game}-game-{game.id}-{lang}.pdf")
    back = url_for("saved.shared", token=token)
    html = render_filled_sheet(
        game.table, game.report, lang=lang, played_at=game.played_at, back=back, script=_script()
    )
    return sheet_response(html)


@bp.post("/print/game")
def game_sheet() -> ResponseReturnValue:
    """The filled sheet of the game on the results page (carried by the form, saved or not)."""
    _doc, table = document_or_400(request.form.get("table"))
    options, errors = _choices(request.form)
    if errors:
        return error_page(400, _("Sheet not printed"), " ".join(errors.values()))
    lang = get_language()
    if options["format"] == "pdf":
        data = render_pdf(render_filled_sheet(table, lang=lang, paper=options["paper"]))
        return pdf_response(data, f"{table.game}-result-{lang}.pdf")
    # Opened from the results page in a tab of its own: the way back closes it (the script), else goes home.
    return sheet_response(render_filled_sheet(table, lang=lang, back=url_for("main.index"), script=_script()))
