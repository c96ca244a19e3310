"""A saved game being corrected: its edit token and the version that was opened travel in every form of the entry
pages (hidden fields ``edit`` and ``version``), next to the table document, like everything else of the game being
entered; so does the token of the draft the game is kept in (hidden field ``draft``, :mod:`marquoir.web.drafts`).
:func:`editing` and :func:`draft_token` read them from the request (or from the draft a page is shown from);
:func:`editing_fields` writes them into a form."""

from __future__ import annotations

import re
from dataclasses import dataclass

from flask import g, request
from markupsafe import Markup

from marquoir.web.i18n import _
from marquoir.web.security import carries_edit_token
from marquoir.web.share import is_token

_VERSION = re.compile(r"[0-9]{1,9}")


@dataclass(frozen=True)
class Editing:
    """A saved game being corrected: its edit token and the version that was opened."""

    token: str
    version: int


def editing() -> Editing | None:
    """The saved game whose correction this request carries, if any (``g.editing_off`` turns it off for a page
    that offers the game as a new one)."""
    if g.get("editing_off"):
        return None
    if request.method != "POST":
        shown: Editing | None = g.get("draft_editing")
        return shown
    token = request.form.get("edit")
    version = request.form.get("version", "")
    if token is None or not is_token(token) or not _VERSION.fullmatch(version):
        return None
    return Editing(token, int(version))


def draft_token() -> str | None:
    """The draft this request works on: the one whose page is shown, else the one its form carries."""
    shown: str | None = g.get("draft_token")
    if shown is not None:
        return shown
    sent = request.form.get("draft") if request.method == "POST" else None
    return sent if is_token(sent) else None


def editing_fields(entry: bool = False) -> Markup:
    """The hidden fields that keep a correction's edit token and version, and the draft's token, in every form of
    the entry pages; in an entry page's own form (``entry``) also the draft's version and where the page says what
    became of what was typed (``marquoir.js``, autosave)."""
    fields = Markup("")
    draft = draft_token()
    if draft is not None:
        carries_edit_token()  # the draft's token opens the game being entered: no cache keeps the page
        fields += Markup('<input type="hidden" name="draft" value="{}">').format(draft)
    if draft is not None and entry:
        # The version of the draft shown; the page's script writes what is typed above it (web/drafts.py, autosave)
        # and says here whether it is kept.
        fields += Markup(
            '<input type="hidden" name="draft_version" value="{}">'
            '<p class="autosave-status" role="status" hidden data-saved="{}" data-offline="{}" data-newer="{}" '
            'data-back="{}"></p>'
        ).format(
            g.get("draft_version", 0),
            _("Kept as typed: a reload or another phone opening this game’s link shows it."),
            _("No network: what you type is kept on this phone and sent when the network is back."),
            _("This game was changed on another screen meanwhile: its changes and what you typed here are put "
              "together (where both changed the same entry, what you typed here is kept)."),
            _("The network is back: what was typed meanwhile is kept on the server."),
        )
    current = editing()
    if current is None:
        return fields
    carries_edit_token()
    return fields + Markup(
        '<input type="hidden" name="edit" value="{}"><input type="hidden" name="version" value="{}">'
    ).format(current.token, current.version)


def is_number(text: str) -> bool:
    """Whether ``text`` is a version or page number as the forms and links write them (ASCII digits)."""
    return _VERSION.fullmatch(text) is not None
