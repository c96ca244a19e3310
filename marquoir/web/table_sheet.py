"""The host's whole sheet while the phones write their parts through the table link (:mod:`marquoir.web.table`):
the game the sheet sends is merged per player with the parts the seats wrote since the host's page was read, so
that a phone's newer part is never overwritten in silence (issue 22, point 4). The drafts call it before they
write a form (:data:`marquoir.web.drafts.HOST_MERGES`).

The merge reads the draft and its seats just before the write, and the write's own transaction checks that no
seat wrote since (the table's version: :func:`marquoir.storage.seats.table_unchanged`); when one did, nothing is
written and the drafts merge again with that part (:data:`marquoir.web.drafts.HOST_MERGE_TRIES`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Flask, request

from marquoir.storage import StorageError
from marquoir.storage.seats import get_table, table_of_draft, table_unchanged
from marquoir.web.db import get_engine
from marquoir.web.documents import BadDocument, dump, read_document
from marquoir.web.drafts import HOST_MERGES, HostMerge
from marquoir.web.i18n import _
from marquoir.web.seating import SeatField, SharedPart
from marquoir.web.table import seats_of


def _same(values: Mapping[str, Any]) -> dict[str, Any]:
    """A part's values compared as a set where the order means nothing (the tiles ticked)."""
    return {k: sorted(map(str, v)) if isinstance(v, list) else v for k, v in values.items()}


def _words(fields: tuple[SeatField, ...], values: Mapping[str, Any]) -> str:
    shown = []
    for f in fields:
        value = values.get(f.name)
        if f.kind == "tiles":
            names = dict(f.choices)
            text = ", ".join(names.get(str(v), str(v)) for v in value or []) or _("none")
        elif f.kind == "check":
            text = _("yes") if value else _("no")
        elif f.kind == "step":  # the tiles or the cards placed: how many
            text = str(len(value or []))
        else:
            text = str(value)
        shown.append(f"{f.label} {text}")
    return "; ".join(shown)


def _named(part: SharedPart, document: Mapping[str, Any]) -> str | None:
    """The player a shared part names in a table document, by name."""
    at = part.get(document)
    listed = [str(p.get("name")) for p in document.get("players") or []]
    return listed[at] if at is not None and 0 <= at < len(listed) else None


def host_merge(token: str, sent: Mapping[str, Any]) -> HostMerge:
    """The whole game sent from the host's page (the whole sheet) while the phones write their parts: merged per
    player against the game as that page showed it (the form's ``table``, the base) and as the draft holds it now.
    A player whose part no phone changed since the page was read takes the host's; one a phone changed and the
    host did not keeps the phone's; one both changed keeps the phone's newer part and the host is told, with their
    own version in words, so nothing is overwritten in silence. A shared part (who plays first) is merged the same
    way. A draft without a table link, or one no phone wrote, is written as sent; the write is guarded so that a
    seat's write after this read is merged first, never overwritten (:func:`~marquoir.storage.seats.
    table_unchanged`)."""
    base_text = request.form.get("table") if request.method == "POST" else None
    if not base_text:
        return HostMerge(sent)
    try:
        link = table_of_draft(get_engine(), token)
        game_table = None if link is None else get_table(get_engine(), link)
    except StorageError:
        return HostMerge(sent)
    if game_table is None or game_table.draft is None:
        return HostMerge(sent)
    guard = table_unchanged(game_table.token, game_table.version)
    if not any(s.version for s in game_table.seats.values()):
        return HostMerge(sent, guard)
    try:
        base, _base_table = read_document(base_text)
        current, current_table = read_document(dump(game_table.draft.document.get("table") or {}))
        read_document(dump(dict(sent)))
    except BadDocument:
        return HostMerge(sent, guard)
    found = seats_of(current_table)
    if found is None or base.get("game") != current.get("game") or sent.get("game") != current.get("game"):
        return HostMerge(sent, guard)
    seats, fields = found

    def by_name(document: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
        return {str(p.get("name")): p for p in document.get("players") or []}

    was, now = by_name(base), by_name(current)
    # Only a player some phone wrote: the others changed on the host's side alone (a page whose script keeps its
    # game in the form as it goes holds the host's own steps there, not the page as first read).
    phoned = {str(p.get("name")) for i, p in enumerate(current.get("players") or []) if game_table.seat(i).version}
    players = list(sent.get("players") or [])
    kept: list[str] = []
    messages: list[str] = []
    for i, player in enumerate(players):
        name = str(player.get("name"))
        if name not in was or name not in now or name not in phoned:
            continue  # a player the host added or renamed, or no phone wrote: the host's as sent
        before, theirs, mine = seats.cut(was[name]), seats.cut(now[name]), seats.cut(player)
        if _same(theirs) in (_same(before), _same(mine)):
            continue
        players[i] = seats.merge(player, theirs)
        if _same(mine) == _same(before):
            kept.append(name)
        else:
            messages.append(_("%(name)s’s phone sent their part after this page was opened: theirs is kept, so that "
                    "nothing is lost. Yours was: %(yours)s. Correct it again if theirs is wrong.") % {
                "name": name, "yours": _words(fields, mine)})
    merged: dict[str, Any] = {**sent, "players": players}
    for part in seats.shared(current_table):
        theirs_name, listed = _named(part, current), [str(p.get("name")) for p in merged["players"]]
        if theirs_name != _named(part, base) and _named(part, merged) == _named(part, base) and theirs_name in listed:
            merged, _order = part.put(merged, listed.index(theirs_name))
            kept.append(str(part.label))
    try:
        read_document(dump(merged))
    except BadDocument:
        return HostMerge(sent, guard)
    if kept:
        messages.append(_("Kept from the phones at the table, sent after this page was opened: %(parts)s.") % {
            "parts": ", ".join(kept)})
    return HostMerge(merged, guard, tuple(messages))


def init_app(app: Flask) -> None:
    if host_merge not in HOST_MERGES:
        HOST_MERGES.append(host_merge)
