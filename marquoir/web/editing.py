"""A saved game being corrected: its edit token and the version that was opened travel in every form of the entry
pages (hidden fields ``edit`` and ``version``), next to the table document, like everything else of the game being
entered. :func:`editing` reads them from the request; :func:`editing_fields` writes them into a form."""

from __future__ import annotations

import re
from dataclasses import dataclass

from flask import g, request
from markupsafe import Markup

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
    if g.get("editing_off") or request.method != "POST":
        return None
    token = request.form.get("edit")
    version = request.form.get("version", "")
    if token is None or not is_token(token) or not _VERSION.fullmatch(version):
        return None
    return Editing(token, int(version))


def editing_fields() -> Markup:
    """The hidden fields that keep a correction's edit token and version in every form of the entry pages."""
    current = editing()
    if current is None:
        return Markup("")
    carries_edit_token()
    return Markup('<input type="hidden" name="edit" value="{}"><input type="hidden" name="version" value="{}">').format(
        current.token, current.version
    )


def is_number(text: str) -> bool:
    """Whether ``text`` is a version or page number as the forms and links write them (ASCII digits)."""
    return _VERSION.fullmatch(text) is not None
