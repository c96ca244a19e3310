"""The score sheets in the browser: a Flask app over the games (flaskr's shape).

``create_app`` configures the app, CSRF, the security headers and the error pages, and registers the blueprints:
the shared pages (``main``, ``results``, ``language``, ``api``, ``saved``, ``stats``, ``printing``) and each game's
own, from its web plug (:mod:`marquoir.web.plug`). Below the blueprints, and importing none of them: the pages'
language and ``_`` (``i18n``), the table document carried by the forms (``documents``), the database (``db``), the
shared renderers (``render``), the forms (``forms``). The views are thin: they read a form or a table document, call the
game and render a template. The game being entered travels in the form itself (a hidden field holding the table
document) and is kept in a draft on the server under an unguessable token (``drafts``, ``draft_pages``): every
entry form answers 303 to the draft's page, so nothing typed is lost, even on an error, a reload or Back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from marquoir.web.app import create_app
    from marquoir.web.paths import template_folder


def __getattr__(name: str) -> Any:
    # The app is imported when it is asked for, not with the package: ``marquoir serve``'s parser, like any
    # ``marquoir`` command, starts without importing Flask.
    if name == "create_app":
        from marquoir.web.app import create_app

        return create_app
    if name == "template_folder":
        from marquoir.web.paths import template_folder

        return template_folder
    raise AttributeError(f"module 'marquoir.web' has no attribute {name!r}")


__all__ = ["create_app", "template_folder"]
