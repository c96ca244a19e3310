"""A game being entered is never lost: every form of the entry pages (the paper sheet's figures, a game's cards or
tiles, the new-game form, "Correct an entry", an import, the language switch) writes the game into a
draft kept on the server (:mod:`marquoir.storage.drafts`: an unguessable token, 14 days after its last change)
and answers ``303 See Other`` to a page read with GET under the draft's token — post/redirect/get (RFC 9110,
§15.4.4). Reload, Back and Forward, a phone that slept, or another phone opening the draft's link then show the
game as it was left, without a "confirm resubmission" prompt and without JavaScript.

A draft's document is ``{"table": <the table document>, "player": <player shown>, ...}`` with what the page was
showing: a new game's empty page (``fresh``), the picker's fields a step keeps (``keep``), the fields as typed but
not sent yet (``form``; ``checked`` once sent and refused, so that their errors show again), the message of a
step refused, the correction of a saved game it belongs to (``editing``) and the save key of its results
(``save_key``: saving its results twice, or after Back, saves one game). It is read back through the same reader
and size limits as any table document (:func:`marquoir.web.documents.read_document`).

Writes are limited per client like the other writes (:mod:`marquoir.web.limits`: ``drafts.write``, and
``drafts.new`` for a new draft — a write under a token no draft has is a new draft, under a new token); a draft's
size and the number kept are bounded (:mod:`marquoir.storage.drafts`). The views showing a draft are
:mod:`marquoir.web.draft_pages`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from contextlib import suppress
from dataclasses import dataclass, replace
from typing import Any

from flask import current_app, flash, g, redirect, request, url_for
from werkzeug.datastructures import MultiDict
from werkzeug.wrappers import Response

from marquoir.games import AnyTable
from marquoir.storage import (
    Draft,
    DraftRefused,
    StorageError,
    draft_exists,
    draft_version,
    get_draft,
    save_draft,
    save_draft_at,
)
from marquoir.storage.rows import new_token
from marquoir.web import plug
from marquoir.web.db import get_engine
from marquoir.web.documents import BadDocument, bad_document_page, dump, index_in, read_document
from marquoir.web.editing import Editing, draft_token, editing, is_number
from marquoir.web.i18n import _
from marquoir.web.limits import over_limit, refusal
from marquoir.web.plug import Shown
from marquoir.web.render import render_results
from marquoir.web.security import MAX_CONTENT_LENGTH
from marquoir.web.share import is_token

#: Form fields that are not the page's entries: they travel with every form, or belong to the language switch.
CARRIED = frozenset({"csrf_token", "table", "draft", "draft_version", "edit", "version", "lang", "next", "back"})
#: The shared forms an entry page sends (the language switch carries what was typed); each game's own entry forms
#: are its plug's ``entry_paths`` (:func:`entry_paths`).
SHARED_ENTRY_PATHS = frozenset({"/language"})


def entry_paths() -> frozenset[str]:
    """The entry pages' forms, by the path they are sent to: a form of these that expired is shown again as
    typed."""
    return SHARED_ENTRY_PATHS.union(*(p.entry_paths for p in plug.plugs().values()))
@dataclass(frozen=True)
class HostMerge:
    """A game a form writes into a draft that phones write too, merged with their parts: the game to write, the
    guard its write runs in its own transaction (it refuses the write when a phone wrote since the merge read:
    :func:`marquoir.storage.seats.table_unchanged`) and what to tell the host once it is written."""

    doc: Mapping[str, Any]
    guard: Callable[[Any], None] | None = None
    messages: tuple[str, ...] = ()


#: What is done to a game a form writes into a draft that phones write too (the table link, :mod:`marquoir.web.table`
#: registers it): ``merge(token, doc)`` answers the :class:`HostMerge` to write, the phones' parts kept.
HOST_MERGES: list[Callable[[str, Mapping[str, Any]], HostMerge]] = []
#: How many times a host's write is merged again when a phone wrote between its merge and its write.
HOST_MERGE_TRIES = 3
#: The most fields a draft keeps as typed (the largest entry page has a few hundred).
MAX_FIELDS = 2000


@dataclass(frozen=True)
class DraftPage:
    """A draft as its pages read it: the table document and its table, what the entry page was showing, the
    correction it belongs to and the save key of its results."""

    doc: dict[str, Any]
    table: AnyTable
    shown: Shown
    editing: Editing | None
    save_key: str | None
    version: int = 0


def pending_fields(form: MultiDict[str, str] | None = None) -> list[tuple[str, str]] | None:
    """The page's entries a form sent (not the fields every form carries), ``None`` when it sent none."""
    sent = request.form if form is None else form
    fields = [(k, v) for k, v in sent.items(multi=True) if k not in CARRIED]
    return fields or None


def _shown_document(shown: Shown, form: list[tuple[str, str]] | None) -> dict[str, Any]:
    page: dict[str, Any] = {}
    if shown.player is not None:
        page["player"] = shown.player
    if shown.fresh:
        page["fresh"] = True
    if shown.keep:
        page["keep"] = {k: v for k, v in shown.keep.items() if isinstance(v, str | int | bool) or v is None}
    if form is not None:
        page["form"] = [[k, v] for k, v in form]
        page["checked"] = shown.checked
    if shown.message is not None:
        page["message"] = shown.message
    return page


def _every(guards: list[Callable[[Any], None]]) -> Callable[[Any], None] | None:
    """The guards of a write run one after the other (``None``: none)."""
    if not guards:
        return None

    def guard(connection: Any) -> None:
        for each in guards:
            each(connection)

    return guard


def keep(
    doc: Mapping[str, Any],
    shown: Shown | None = None,
    *,
    form: list[tuple[str, str]] | None = None,
    results: bool = False,
) -> Response:
    """Write the game being entered into its draft (the one the request carries, else a new one) and answer
    ``303`` to its page: the entry page as ``shown`` says, or with ``results`` its results."""
    shown = shown or Shown()
    token = draft_token()
    try:
        if token is not None and not draft_exists(get_engine(), token):
            token = None  # expired, or a token nobody made: a new draft, counted as one
    except StorageError:
        return _shown_here(doc, shown, form, results)
    wait = over_limit("drafts.write") or (over_limit("drafts.new") if token is None else None)
    if wait is not None:
        return refusal(wait)  # type: ignore[no-any-return]
    sent = doc
    for attempt in range(HOST_MERGE_TRIES if token is not None and HOST_MERGES else 1):
        merged = [merge(token, sent) for merge in HOST_MERGES] if token is not None else []
        doc = merged[-1].doc if merged else sent  # (one merge is registered: the table link's)
        document: dict[str, Any] = {"table": dict(doc), **_shown_document(shown, form)}
        current = editing()
        if current is not None:
            document["editing"] = [current.token, current.version]
        guard = _every([m.guard for m in merged if m.guard is not None])
        try:
            if results:
                document["save_key"] = _save_key(token, doc)
            if token is None:
                draft = save_draft(get_engine(), str(doc.get("game", "")), {**document, "version": 1})
            else:  # a form sent on purpose: written whatever the version kept, at the one after it
                draft = save_draft_at(get_engine(), str(doc.get("game", "")), document, token=token,
                                      seen=seen_version(), force=True, guard=guard).draft
        except StorageError as error:
            if error.reason == "conflict" and attempt + 1 < HOST_MERGE_TRIES:
                continue  # a phone wrote between the merge and the write: merged again with its part
            return _shown_here(doc, shown, form, results, error)
        for m in merged:
            for message in m.messages:
                flash(message)
        break
    endpoint = "draft_pages.results" if results else "draft_pages.entry"
    return redirect(url_for(endpoint, token=draft.token), code=303)


def keep_live(doc: Mapping[str, Any], player: int, *, force: bool = False) -> Response | None:
    """A step done in place by a page's script, written into the page's draft (nothing else is answered): a
    reload after it shows it too. It is written over the copy the page read (its ``draft_version``) only, or with
    ``force`` (a form sent on purpose) whatever the copy kept; what became of it is :func:`step_written`'s, for the
    page's answer. ``None`` when done, else the answer that refused it."""
    token = draft_token()
    if token is None:
        return None
    wait = over_limit("drafts.write")
    if wait is not None:
        return refusal(wait)  # type: ignore[no-any-return]
    document: dict[str, Any] = {"table": dict(doc), "player": player}
    current = editing()
    if current is not None:
        document["editing"] = [current.token, current.version]
    with suppress(StorageError):  # the step is answered all the same: the page holds the game meanwhile
        if draft_exists(get_engine(), token):  # a token nobody made (or expired) makes nothing here
            # A step on a copy older than the one kept (another phone wrote since) is not written over it: the page
            # is told, and puts both together (marquoir.js, autosave).
            write = save_draft_at(get_engine(), str(doc.get("game", "")), document, token=token,
                                  seen=seen_version(), force=force)
            g.draft_written = {"saved": write.written, "version": draft_version(write.draft.document),
                               **({} if write.written else {"conflict": True})}
    return None


def step_written(parts: Mapping[str, Any]) -> dict[str, Any]:
    """A step's answer (``parts``) with what became of it in the draft (``draft``: saved or not, the version kept),
    when :func:`keep_live` wrote or tried to."""
    written = g.get("draft_written")
    return {**parts, "draft": written} if written is not None else dict(parts)


def seen_version() -> int:
    """The version of the draft the page that sends this request read (``draft_version``, as the server wrote it
    in the page or in its last answer: the server's count of writes, never a device's clock); -1 when it sent
    none, which is no draft's version."""
    text = request.form.get("draft_version", "")
    if text.isdigit() and len(text) <= 16:
        return int(text)
    return -1


def autosave(token: str) -> tuple[dict[str, Any], int]:
    """What a page's script sends as it is typed (issue 18, item 1): the entry form as it stands, written into the
    draft of ``token`` as a form not yet sent (its fields shown again as typed, without errors), when the draft
    kept is still at the version the page read (``draft_version``). Else nothing is written and the answer is a
    conflict with the copy kept (its version, its fields as typed, its table; a 200 all the same, as the page goes
    on and a browser logs any other status as an error), which the page puts together with its
    own (marquoir.js, autosave) and sends again over that version. The answer says which version is kept."""
    wait = over_limit("drafts.write")
    if wait is not None:
        return {"saved": False, "error": _("Too many changes at once: they are kept on this page.")}, 429
    try:
        doc, table = read_document(request.form.get("table"))
    except BadDocument as error:
        return {"saved": False, "error": error.message, "path": error.path}, 400
    player = index_in(request.form.get("current"), len(table.players))
    document: dict[str, Any] = {"table": dict(doc), **_shown_document(Shown(player=player), pending_fields() or [])}
    current = editing()
    if current is not None:
        document["editing"] = [current.token, current.version]
    try:
        write = save_draft_at(get_engine(), str(doc.get("game", "")), document, token=token, seen=seen_version())
    except StorageError:
        return {"saved": False, "error": _("The game could not be kept on the server: it is kept on this page.")}, 503
    if write.draft.token != token:  # the draft had expired: this copy is a new draft, under its own link
        return {"saved": True, "version": draft_version(write.draft.document), "moved": write.draft.token}, 200
    if not write.written:
        kept = write.draft.document
        player_kept = kept.get("player")
        return {"saved": False, "conflict": True, "version": draft_version(kept),
                "fields": _fields(kept.get("form")), "table": dump(kept.get("table") or {}),
                "player": player_kept if isinstance(player_kept, int) and not isinstance(player_kept, bool) else None,
                }, 200
    return {"saved": True, "version": draft_version(write.draft.document)}, 200


def _save_key(token: str | None, doc: Mapping[str, Any]) -> str:
    """The results' save key: the one they had when the game did not change since (saving again after Back, or
    from another phone, saves one game), else a new one."""
    old = get_draft(get_engine(), token) if token is not None else None
    if old is not None and old.document.get("table") == dict(doc) and is_token(old.document.get("save_key")):
        return str(old.document["save_key"])
    return new_token()


def _shown_here(doc: Mapping[str, Any], shown: Shown, form: list[tuple[str, str]] | None, results: bool,
                error: StorageError | None = None) -> Response:
    """The database cannot keep the game (it cannot be opened, or is busy, or the draft is over its bounds): the
    page is answered here, from what was sent, as the draft's page would show it — the game is still scored and
    nothing typed is lost, only a reload asks to send it again."""
    document = dict(doc)
    try:
        _doc, table = read_document(dump(document))
    except BadDocument as bad:
        return bad_document_page(bad)
    if isinstance(error, DraftRefused):
        flash(_("The game being entered is too large for the server to keep, or the server keeps too many already: "
                "this page is its only copy until it is saved."))
    else:
        flash(_("The game being entered could not be kept on the server (the database cannot be reached): this "
                "page is its only copy until it is saved or the database is back."))
    if results:
        body, status = render_results(table)
    else:
        formdata = None if form is None else MultiDict([*form, ("table", dump(document))])
        body, status = plug.show(document, table, replace(shown, formdata=formdata))
    return current_app.make_response((body, status))


def _fields(value: Any) -> list[tuple[str, str]] | None:
    if not isinstance(value, list) or len(value) > MAX_FIELDS:
        return None
    fields = [(k, v) for k, v in (p for p in value if isinstance(p, list) and len(p) == 2)
              if isinstance(k, str) and isinstance(v, str)]
    if len(fields) != len(value) or sum(len(k) + len(v) for k, v in fields) > MAX_CONTENT_LENGTH:
        return None
    return fields


def read_draft(draft: Draft) -> DraftPage:
    """A stored draft as its pages read it; :class:`BadDocument` naming the place when it cannot be read."""
    stored = draft.document
    doc, table = read_document(dump(stored.get("table") or {}))
    player = stored.get("player")
    keep_fields = stored.get("keep")
    form = _fields(stored.get("form"))
    formdata = None if form is None else MultiDict([*form, ("table", dump(doc))])
    message = stored.get("message")
    shown = Shown(
        player=player if isinstance(player, int) and not isinstance(player, bool) else None,
        fresh=stored.get("fresh") is True,
        keep=keep_fields if isinstance(keep_fields, dict) else None,
        formdata=formdata,
        checked=stored.get("checked") is True,
        message=message if isinstance(message, str) else None,
    )
    found = stored.get("editing")
    current = None
    if isinstance(found, list) and len(found) == 2 and is_token(found[0]) and is_number(str(found[1])):
        current = Editing(str(found[0]), int(found[1]))
    save_key = stored.get("save_key")
    version = stored.get("version")
    return DraftPage(doc, table, shown, current, save_key if is_token(save_key) else None,
                     version if isinstance(version, int) and not isinstance(version, bool) else 0)


def open_draft(token: str) -> DraftPage | None:
    """The draft of ``token`` read, or ``None`` when there is none (an unknown token, or expired)."""
    draft = get_draft(get_engine(), token) if is_token(token) else None
    if draft is None:
        return None
    return read_draft(draft)


def expired_form_page() -> tuple[str, int] | None:
    """An entry page's form refused for its CSRF token (expired: the phone slept, the page stayed open): the page
    again, from what the form sent and with a fresh token, every entry as typed, and a message saying nothing was
    done. ``None`` for any other form (the generic page offers what it sent)."""
    if request.path not in entry_paths():
        return None
    try:
        doc, table = read_document(request.form.get("table"))
    except BadDocument:
        return None
    player = index_in(request.form.get("current"), len(table.players))
    fields = pending_fields()
    formdata = None if fields is None else MultiDict([*fields, ("table", dump(doc))])
    flash(_("This page had been open too long, so what you sent was not used; everything you typed is kept "
            "below: send it again."))
    body, _status = plug.show(doc, table, Shown(player=player, formdata=formdata))
    return body, 400

