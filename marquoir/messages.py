"""Which strings each translation domain holds, found in the sources and the game data, so that a test can ask the
French catalogues to translate every one of them and nothing else (``tests/test_i18n.py``).

The ``core`` domain (:mod:`marquoir.i18n`) is every string marked with ``_`` or ``N_`` in the modules outside
``web/`` and ``reports/`` (those have the ``web`` and ``sheets`` domains), plus the words of each game's vocabulary
and data that are shown translated (:meth:`marquoir.core.game.Game.display_words`). The ``sheets`` domain is every
string marked in ``reports/`` and in the sheet templates (``templates/sheets``), plus the words of each game's data
its printed sheet shows (:meth:`~marquoir.core.game.Game.sheet_words`). A game's sheet layout
(``games/<game>/sheet.py``) is the game's: its strings are in ``core``, which the sheets' ``gettext`` reads after
their own catalogue.

A message is named by :func:`marquoir.i18n.message_key`: its ``msgid`` (the singular of a counted message marked
with ``ngettext`` or ``N_plural``), after its context for one marked with ``pgettext``. :func:`plural_messages`
lists the counted ones: their catalogue entries must have plural forms.
"""

from __future__ import annotations

from pathlib import Path

from babel.messages.extract import extract_from_file

from marquoir.games import GAMES
from marquoir.i18n import KEYWORDS, message_key
from marquoir.reports.sheets import TEMPLATES

PACKAGE = Path(__file__).resolve().parent
#: Folders whose strings belong to other domains than ``core``.
OTHER_DOMAINS = ("web", "reports")


def core_modules() -> list[Path]:
    """The source files of the ``core`` domain."""
    return sorted(p for p in PACKAGE.rglob("*.py") if p.relative_to(PACKAGE).parts[0] not in OTHER_DOMAINS)


def _extract(method: str, sources: list[Path], options: dict[str, str] | None = None) -> set[str]:
    found: set[str] = set()
    for source in sources:
        for _line, message, _comments, context in extract_from_file(method, source, keywords=KEYWORDS, options=options):
            found.add(message_key(message, context))
    return found


def _plurals(method: str, sources: list[Path]) -> set[str]:
    found: set[str] = set()
    for source in sources:
        for _line, message, _comments, context in extract_from_file(method, source, keywords=KEYWORDS):
            if not isinstance(message, str):
                found.add(message_key(message, context))
    return found


def core_messages() -> set[str]:
    """Every string of the ``core`` domain (see the module docstring)."""
    found = _extract("python", core_modules())
    for game in GAMES.values():
        found.update(game.display_words())
    found.discard("")
    return found


def _sheet_sources() -> tuple[list[Path], list[Path]]:
    return sorted((PACKAGE / "reports").rglob("*.py")), sorted(TEMPLATES.glob("*.html"))


def sheets_messages() -> set[str]:
    """Every string of the ``sheets`` domain (see the module docstring)."""
    modules, templates = _sheet_sources()
    found = _extract("python", modules) | _extract("jinja2.ext:babel_extract", templates)
    for game in GAMES.values():
        found.update(game.sheet_words())
    return found


def plural_messages(domain: str) -> set[str]:
    """The counted messages of ``core`` or ``sheets`` (marked with ``ngettext``, ``npgettext`` or ``N_plural``): their
    catalogue entries have a ``msgid_plural`` and a form per plural form of the language."""
    if domain == "core":
        return _plurals("python", core_modules())
    modules, templates = _sheet_sources()
    return _plurals("python", modules) | _plurals("jinja2.ext:babel_extract", templates)
