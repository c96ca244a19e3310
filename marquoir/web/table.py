"""One game, every phone: the table link of a game being entered (issue 22).

The phone that started the game (the *host*, on its draft's page ``/d/<token>``) opens a table link ``/t/<link>``
with its QR code (:func:`marquoir.web.share.qr_svg`); another phone opening it is asked which seat is its own and
gets the entry of that player's part, with everyone's totals in view. The part is the game's own
(:attr:`marquoir.web.plug.WebPlug.seats`: its fields, and how it is cut out of the table document and merged back);
each seat is versioned on its own (:mod:`marquoir.storage.seats`), so phones on different seats never conflict,
and two phones on one seat see the conflict with both versions and choose. The shared tiles of the players'
parts (a Diploma or a goal that one player holds, the Grand Master) are refused to a second claimant, who is told
who holds them; the shared parts of the whole table (:class:`~marquoir.web.seating.SharedPart`: who plays first)
are set from any phone, each versioned on its own, a conflict shown with both versions. A phone's form names its
player, so it follows them when the players' order moves (a new first player). Each seat page shows the legality
pass's issues for its player beside the figures (the game's own pass, through the scoring: one path), in words.

Live totals by polling, not server-sent events: the app is served by waitress, whose worker threads are few and
fixed; a stream held open per phone would take one thread each (50 tables × 4 phones would need 200), while a
poll every 2 s takes a thread for a few milliseconds. The status answers carry an ETag (the table's version, the
draft's last write and whether it was saved), so a phone that has seen it all gets ``304`` and a few hundred
bytes. Without JavaScript each page works by reloading; every write answers ``303`` to its page (post/redirect/
get, like the drafts: :mod:`marquoir.web.drafts`).

Bounded: seats are the players of the game (the game's own range), the link lives as long as its draft, and the
routes are limited per client (:data:`marquoir.web.limits.LIMITS`: ``table.*``).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from flask import Blueprint, Flask, abort, g, jsonify, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from marquoir.games import AnyTable, game_of
from marquoir.i18n import get_language
from marquoir.scoring import score
from marquoir.storage import StorageError
from marquoir.storage.seats import (
    GameTable,
    SeatWrite,
    get_table,
    open_table,
    table_of_draft,
    write_seat,
    write_shared,
)
from marquoir.web import plug
from marquoir.web.db import get_engine
from marquoir.web.documents import BadDocument, dump, read_document
from marquoir.web.drafts import keep, open_draft
from marquoir.web.i18n import _, _l
from marquoir.web.render import error_page, place_issue
from marquoir.web.seating import SeatField, SeatPlug, SharedPart
from marquoir.web.security import carries_edit_token
from marquoir.web.share import absolute_url, is_token, qr_svg

bp = Blueprint("table", __name__)

#: How often a phone asks for the table's news, in milliseconds (at most one request per 2 s).
POLL_MS = 2000


class Refused(Exception):
    """A seat's write refused before anything changed: each field's message (a tile another player holds)."""

    def __init__(self, errors: dict[str, str]) -> None:
        super().__init__(errors)
        self.errors = errors


# ---------------------------------------------------------------------------------------------- the parts


def seats_of(table: AnyTable) -> tuple[SeatPlug, tuple[SeatField, ...]] | None:
    """The game's seats and the fields of one player's part, or ``None`` when this table offers no table link."""
    try:
        seats = plug.plug_of(table.game).seats
    except KeyError:
        return None
    found = None if seats is None else seats.fields(table)
    return None if seats is None or not found else (seats, found)


def parse_part(fields: tuple[SeatField, ...], form: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    """The part's values as a form sent them, and each field's error (a number out of its bounds)."""
    values: dict[str, Any] = {}
    errors: dict[str, str] = {}
    for f in fields:
        if f.kind == "number":
            text = str(form.get(f.name, "")).strip().replace("−", "-")
            try:
                number = int(text)
            except ValueError:
                number = None
            if number is None or not f.low <= number <= f.high:
                errors[f.name] = _("Enter a whole number from %(low)d to %(high)d.") % {"low": f.low, "high": f.high}
                values[f.name] = text[:8]
            else:
                values[f.name] = number
        elif f.kind == "check":
            values[f.name] = form.get(f.name) in ("y", "on", "true", "1")
        elif f.kind == "step":
            continue  # changed by steps only (a tap on the pot), never by the form's values
        else:
            sent = set(form.getlist(f.name)) if hasattr(form, "getlist") else set(form.get(f.name) or [])
            values[f.name] = [value for value, _words in f.choices if value in sent]
    return values, errors


def holders(doc: Mapping[str, Any], seats: SeatPlug, fields: tuple[SeatField, ...]) -> dict[str, dict[str, int]]:
    """Who holds each shared thing: field → tile (``""`` for a tick) → seat."""
    held: dict[str, dict[str, int]] = {f.name: {} for f in fields if f.exclusive}
    for seat, player in enumerate(doc.get("players") or []):
        values = seats.cut(player)
        for f in fields:
            if not f.exclusive:
                continue
            if f.kind == "check" and values.get(f.name):
                held[f.name].setdefault("", seat)
            elif f.kind == "tiles":
                for tile in values.get(f.name) or []:
                    held[f.name].setdefault(str(tile), seat)
    return held


def merger(seat: int, values: dict[str, Any], names: list[str], fields: tuple[SeatField, ...], seats: SeatPlug,
           step: str | None = None, form: Any = None) -> Any:
    """The merge of one seat's part into the draft's document as the database holds it at the write (or one
    ``step`` of it: a tap on the pot or a card added, done by the game's own step on the game as it is now, with
    the fields the page sent in ``form``): refused
    (:class:`Refused`) when it claims a shared thing another seat holds, or when the game no longer reads."""

    def merge(document: Mapping[str, Any]) -> dict[str, Any]:
        table_doc = dict(document.get("table") or {})
        players = list(table_doc.get("players") or [])
        if not 0 <= seat < len(players):
            raise Refused({"": _("This game has no such player.")})
        errors: dict[str, str] = {}
        for name, by_tile in holders(table_doc, seats, fields).items():
            claimed = [""] if values.get(name) is True else [str(t) for t in values.get(name) or []]
            taken = [t for t in claimed if by_tile.get(t, seat) != seat]
            if taken:
                words = dict(next(f.choices for f in fields if f.name == name))
                who = names[by_tile[taken[0]]] if by_tile[taken[0]] < len(names) else "?"
                what = ", ".join(words.get(t, "") for t in taken if t) or next(
                    str(f.label) for f in fields if f.name == name)
                errors[name] = _("%(name)s holds it already: %(what)s. Ask them, or untick it.") % {
                    "name": who, "what": what}
        if errors:
            raise Refused(errors)
        players[seat] = seats.merge(players[seat], values)
        table_doc["players"] = players
        if step is not None and seats.step is not None:
            try:
                table_doc = seats.step(table_doc, seat, step, form)
            except ValueError as error:
                raise Refused({"": str(error)}) from None
        try:
            read_document(dump(table_doc))
        except BadDocument as error:
            raise Refused({"": str(error)}) from None
        return {**document, "table": table_doc}

    return merge


# ---------------------------------------------------------------------------------------------- the status


def _etag(game_table: GameTable) -> str:
    draft = game_table.draft
    moment = "" if draft is None else draft.updated_at.isoformat()
    # The language is in it: the status carries words (the issues, the shared facts) in the phone's language.
    seed = f"{game_table.version}|{moment}|{game_table.saved_share_token or ''}|{get_language()}"
    return hashlib.blake2s(seed.encode(), digest_size=8).hexdigest()


def _read(game_table: GameTable) -> tuple[dict[str, Any], AnyTable] | None:
    if game_table.draft is None:
        return None
    try:
        return read_document(dump(game_table.draft.document.get("table") or {}))
    except BadDocument:
        return None


def status_of(game_table: GameTable) -> dict[str, Any]:
    """What every phone shows of the table: each player's total and state (done, entering, not started), who
    holds each shared thing, whether every seat is done, and the saved game's link once saved."""
    read = _read(game_table)
    saved = None if game_table.saved_share_token is None else url_for("saved.shared",
                                                                       token=game_table.saved_share_token)
    if read is None:
        return {"etag": _etag(game_table), "players": [], "done": False, "saved": saved, "gone": saved is None}
    doc, table = read
    report = score(table)  # the scoring carries the game's own legality pass: the issues below are its
    found = seats_of(table)
    names = [p.name for p in table.players]
    issues: list[dict[str, list[str]]] = [{} for _p in names]
    known = {f.name for f in found[1]} if found is not None else set()
    game = game_of(table)
    for issue in report.issues:
        placed = place_issue(issue, names, game)
        if placed.player is None:
            continue
        key = placed.key.removeprefix("sheet.").split("[", 1)[0]
        issues[placed.player].setdefault(key if key in known else "", []).append(issue.message)
    players = []
    for i, player in enumerate(report.players):
        seat = game_table.seat(i)
        state = "done" if seat.done else ("entering" if seat.version else "waiting")
        players.append({"name": player.name, "total": player.total, "state": state, "issues": issues[i]})
    held = {} if found is None else holders(doc, *found)
    shared: dict[str, str | None] = {}
    facts: list[list[str]] = []
    if found is not None:
        for part in found[0].shared(table):
            at = part.get(doc)
            shared[part.name] = names[at] if at is not None and 0 <= at < len(names) else None
        facts = [[str(label), words] for label, words in found[0].facts(doc, table)]
    return {
        "etag": _etag(game_table),
        "players": players,
        "done": all(p["state"] == "done" for p in players),
        "held": held,
        "shared": shared,
        "facts": facts,
        "saved": saved,
        "gone": False,
    }


def _table_or_404(link: str) -> GameTable | tuple[str, int]:
    game_table = get_table(get_engine(), link) if is_token(link) else None
    if game_table is None or (game_table.draft is None and game_table.saved_share_token is None):
        return error_page(404, _("Table link no longer open"), _(
            "There is no game being entered at this link: the link is not this site’s, or the game was left "
            "unchanged for more than 14 days and is no longer kept."))
    return game_table


STATE_WORDS = {"done": _l("Done"), "entering": _l("Entering"), "waiting": _l("Not started")}


def _page(template: str, game_table: GameTable, status: int = 200, **context: Any) -> tuple[str, int]:
    carries_edit_token()  # the page holds the table's link: never cached
    news = status_of(game_table)
    body = render_template(template, link=game_table.token, news=news, poll_ms=POLL_MS, states=STATE_WORDS,
                           **context)
    return body, status


# ---------------------------------------------------------------------------------------------- the host


@bp.post("/d/<token>/table")
def start(token: str) -> Any:
    """Open the table link of the game being entered (the same one when it has one)."""
    if not is_token(token):
        abort(404)
    found = open_table(get_engine(), token)
    if found is None:
        abort(404)
    return redirect(url_for("table.host", token=token), code=303)


@bp.get("/d/<token>/table")
def host(token: str) -> Any:
    """The host's view: the table link and its QR code, each seat's state and total, and — once every seat is
    done — the review and the save (the draft's results page, whose save key saves one game)."""
    game_table = _hosted(token)
    if not isinstance(game_table, GameTable):
        return game_table
    return _page("table/host.html", game_table, **_host_context(game_table, token))


def _hosted(token: str) -> Any:
    """The table link of the draft ``token`` (404 when it has none), the draft named for the page's links; or the
    answer when the link's table cannot be read."""
    link = table_of_draft(get_engine(), token) if is_token(token) else None
    if link is None:
        abort(404)
    game_table = _table_or_404(link)
    if isinstance(game_table, GameTable):
        g.draft_token = token
    return game_table


def _host_context(game_table: GameTable, token: str) -> dict[str, Any]:
    url = absolute_url("table.choose", link=game_table.token)
    return {"token": token, "url": url, "qr": qr_svg(url, _("Table link")), "shared": _shared_context(game_table),
            "shared_action": lambda name: url_for("table.host_shared", token=token, name=name)}


@bp.post("/d/<token>/table/shared/<name>")
def host_shared(token: str, name: str) -> Any:
    """The host sets a shared part of the table (who plays first), as any phone can."""
    game_table = _hosted(token)
    if not isinstance(game_table, GameTable):
        return game_table
    return _write_shared(game_table, name, url_for("table.host", token=token), "table/host.html",
                         _host_context(game_table, token))


@bp.post("/d/<token>/table/review")
def review(token: str) -> Any:
    """The game as the seats left it, to its results page with a save key (saving twice saves one game)."""
    page = open_draft(token) if is_token(token) else None
    if page is None:
        abort(404)
    g.draft_token = token
    return keep(page.doc, results=True)


# ---------------------------------------------------------------------------------------------- the phones


@bp.get("/t/<link>")
def choose(link: str) -> Any:
    """Which seat is yours?"""
    game_table = _table_or_404(link)
    if not isinstance(game_table, GameTable):
        return game_table
    return _page("table/choose.html", game_table)


def _seat_context(game_table: GameTable, seat: int) -> dict[str, Any] | tuple[str, int]:
    read = _read(game_table)
    if read is None:
        return {"saved_only": True, "seat": seat, "fields": (), "values": {}, "names": []}
    doc, table = read
    if not 0 <= seat < len(table.players):
        return error_page(404, _("No such seat"), _("This game has no such player: choose your seat again."))
    found = seats_of(table)
    if found is None:
        return error_page(404, _("No table link"), _("This game is entered in a way that cannot be split by "
                                                     "player: enter it on one phone."))
    seats, fields = found
    names = [p.name for p in table.players]
    return {"saved_only": False, "seat": seat, "fields": fields, "values": seats.cut(doc["players"][seat]),
            "names": names, "table": table, "version": game_table.seat(seat).version, "seats": seats,
            "shared": _shared_context(game_table),
            "shared_action": lambda name: url_for("table.seat_shared", link=game_table.token, seat=seat, name=name)}


def _shared_context(game_table: GameTable) -> list[dict[str, Any]]:
    """The shared parts of the whole table as a page shows them: each part, the player it names (by name), its
    version, and the players to choose from."""
    read = _read(game_table)
    found = None if read is None else seats_of(read[1])
    if read is None or found is None:
        return []
    doc, table = read
    names = [p.name for p in table.players]
    shown = []
    for index, part in enumerate(found[0].shared(table)):
        at = part.get(doc)
        shown.append({"part": part, "value": names[at] if at is not None and 0 <= at < len(names) else "",
                      "version": game_table.shared(index).version, "names": names})
    return shown


def _write_shared(game_table: GameTable, name: str, back: str, template: str, context: dict[str, Any],
                  follow: str | None = None) -> Any:
    """A shared part sent (the name of the player it names): written when the part is still at the version the
    phone read, else both versions shown to choose from (``409``)."""
    read = _read(game_table)
    found = None if read is None else seats_of(read[1])
    if read is None or found is None:
        return redirect(back, code=303)
    parts = found[0].shared(read[1])
    index = next((i for i, p in enumerate(parts) if p.name == name), None)
    if index is None:
        abort(404)
    part: SharedPart = parts[index]
    names = [p.name for p in read[1].players]
    chosen = request.form.get("value", "")
    expected = request.form.get("version", "")
    if chosen not in names or not expected.isdigit():
        errors = {part.name: _("Choose one of the players.") if chosen not in names else
                  _("This page is too old: reload it.")}
        return _answer("refused", 422, errors=errors) or _page(template, game_table, 422,
                                                              **{**context, "shared_errors": errors})

    def merge(document: Mapping[str, Any]) -> tuple[dict[str, Any], tuple[int, ...] | None]:
        table_doc = dict(document.get("table") or {})
        now_names = [str(p.get("name", "")) for p in table_doc.get("players") or []]
        if chosen not in now_names:
            raise Refused({part.name: _("This game has no such player.")})
        new_doc, order = part.put(table_doc, now_names.index(chosen))
        try:
            read_document(dump(new_doc))
        except BadDocument as error:
            raise Refused({part.name: str(error)}) from None
        return {**document, "table": new_doc}, order

    try:
        result = write_shared(get_engine(), game_table.token, index, int(expected), merge)
    except Refused as refused:
        return _answer("refused", 422, errors=refused.errors) or _page(
            template, game_table, 422, **{**context, "shared_errors": refused.errors})
    except StorageError:
        errors = {part.name: _("The server could not keep your part just now: send it again.")}
        return _answer("busy", 503, errors=errors) or _page(template, game_table, 503,
                                                           **{**context, "shared_errors": errors})
    if result.outcome == "conflict":
        assert result.document is not None
        theirs_doc = result.document.get("table") or {}
        at = part.get(theirs_doc)
        now_names = [str(p.get("name", "")) for p in theirs_doc.get("players") or []]
        theirs = now_names[at] if at is not None and 0 <= at < len(now_names) else ""
        conflict = {"name": part.name, "label": part.label, "mine": chosen, "theirs": theirs,
                    "version": result.version}
        return _answer("conflict", 409, version=result.version, theirs=theirs) or _page(
            template, game_table, 409, **{**context, "shared_conflict": conflict})
    if result.outcome == "gone":
        return _table_or_404("")
    if follow is not None and result.document is not None:  # the phone's player, wherever the move sat them
        moved = [str(p.get("name", "")) for p in (result.document.get("table") or {}).get("players") or []]
        if follow in moved:
            back = url_for("table.seat_page", link=game_table.token, seat=moved.index(follow))
    return _answer(result.outcome, 200, version=result.version) or redirect(back, code=303)


@bp.get("/t/<link>/<int:seat>")
def seat_page(link: str, seat: int) -> Any:
    """A seat's entry: that player's part, everyone's totals, who is still entering."""
    game_table = _table_or_404(link)
    if not isinstance(game_table, GameTable):
        return game_table
    context = _seat_context(game_table, seat)
    if not isinstance(context, dict):
        return context
    return _page("table/seat.html", game_table, **context)


def _answer(outcome: str, status: int, **extra: Any) -> Any:
    """The JSON answer table.js asks for (``Accept: application/json``), else ``None`` (the page is answered)."""
    if request.accept_mimetypes.best == "application/json":
        response = jsonify({"outcome": outcome, **extra})
        response.status_code = status
        return response
    return None


@bp.post("/t/<link>/<int:seat>")
def write(link: str, seat: int) -> Any:
    """A seat's part sent: written when the seat is still at the version the phone read, else both versions
    shown; a shared thing another player holds is refused, naming them."""
    game_table = _table_or_404(link)
    if not isinstance(game_table, GameTable):
        return game_table
    context = _seat_context(game_table, seat)
    if not isinstance(context, dict):
        return context
    if context["saved_only"]:
        return redirect(url_for("table.seat_page", link=link, seat=seat), code=303)
    player = request.form.get("player")
    if player and player in context["names"] and context["names"].index(player) != seat:
        # The players moved since this page was read (a new first player): the part is its player's, wherever
        # they sit now; their seat's version moved with them.
        seat = context["names"].index(player)
        context = _seat_context(game_table, seat)
        assert isinstance(context, dict)
    fields: tuple[SeatField, ...] = context["fields"]
    values, errors = parse_part(fields, request.form)
    action = request.form.get("action", "")
    done = action == "done"
    step = action if action not in ("", "send", "done") and context["seats"].step is not None else None
    if step is not None:
        # A step sends no values: the part is the one the phone read (its version is checked), one step on.
        steps = {f.name for f in fields if f.kind == "step"}
        values, errors = {k: v for k, v in context["values"].items() if k not in steps}, {}
    expected = request.form.get("version", "")
    if errors or not expected.isdigit():
        errors = errors or {"": _("This page is too old: reload it.")}
        return _answer("refused", 422, errors=errors) or _page(
            "table/seat.html", game_table, 422, **{**context, "values": values, "errors": errors})
    seats: SeatPlug = context.pop("seats")
    try:
        result: SeatWrite = write_seat(get_engine(), link, seat, int(expected),
                                       merger(seat, values, context["names"], fields, seats, step,
                                              request.form), done=done)
    except Refused as refused:
        return _answer("refused", 422, errors=refused.errors) or _page(
            "table/seat.html", game_table, 422, **{**context, "values": values, "errors": refused.errors})
    except StorageError:
        message = {"": _("The server could not keep your part just now: send it again.")}
        return _answer("busy", 503, errors=message) or _page(
            "table/seat.html", game_table, 503, **{**context, "values": values, "errors": message})
    if result.outcome == "conflict":
        assert result.document is not None
        theirs = seats.cut((result.document.get("table") or {}).get("players", [])[seat])
        return _answer("conflict", 409, version=result.version, theirs=theirs) or _page(
            "table/seat.html", game_table, 409,
            **{**context, "values": values, "theirs": theirs, "version": result.version})
    if result.outcome == "gone":
        return _table_or_404("")
    return _answer(result.outcome, 200, version=result.version) or redirect(
        url_for("table.seat_page", link=link, seat=seat), code=303)


@bp.post("/t/<link>/<int:seat>/shared/<name>")
def seat_shared(link: str, seat: int, name: str) -> Any:
    """A phone sets a shared part of the table (who plays first): back to its seat's page."""
    game_table = _table_or_404(link)
    if not isinstance(game_table, GameTable):
        return game_table
    context = _seat_context(game_table, seat)
    if not isinstance(context, dict):
        return context
    context.pop("seats", None)
    follow = context["names"][seat] if context.get("names") else None
    return _write_shared(game_table, name, url_for("table.seat_page", link=link, seat=seat), "table/seat.html",
                         context, follow)


@bp.get("/t/<link>/status")
def status(link: str) -> Any:
    """The table's news as JSON, with an ETag: ``304`` (no body) when the phone has it already."""
    game_table = get_table(get_engine(), link) if is_token(link) else None
    if game_table is None:
        return jsonify({"gone": True}), 404
    etag = _etag(game_table)
    if request.if_none_match.contains(etag):
        response = Response(status=304)
    else:
        response = Response(json.dumps(status_of(game_table), separators=(",", ":")), mimetype="application/json")
    response.set_etag(etag)
    response.headers["Cache-Control"] = "no-cache, private"
    return response


def table_offer() -> dict[str, Any] | None:
    """On a draft's page: whether its game can be entered at the table, and where its link opens (``None``
    when it cannot)."""
    token = g.get("draft_token")
    table = g.get("draft_table")
    if token is None or table is None or seats_of(table) is None:
        return None
    return {"start": url_for("table.start", token=token)}


def init_app(app: Flask) -> None:
    app.jinja_env.globals.update(table_offer=table_offer)
