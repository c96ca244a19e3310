"""Which strings each translation domain holds, found in the sources and the game data, so that a test can ask the
French catalogues to translate every one of them and nothing else (``tests/test_i18n.py``).

The ``core`` domain (:mod:`marquoir.i18n`) is every string marked with ``_`` or ``N_`` in the modules outside
``web/`` and ``reports/`` (those have the ``web`` and ``sheets`` domains), plus the words of each game's vocabulary
and data that are shown translated (:meth:`marquoir.core.game.Game.display_words`). The ``sheets`` domain is every
string marked in ``reports/`` and in the sheet templates (``templates/sheets``), plus the Diploma requirements that
the Kanagawa sheet prints.
"""

from __future__ import annotations

from pathlib import Path

from babel.messages.extract import extract_from_file

from marquoir.games import GAMES
from marquoir.games.kanagawa.catalogue import catalogue
from marquoir.reports.sheets import TEMPLATES

PACKAGE = Path(__file__).resolve().parent
#: Folders whose strings belong to other domains than ``core``.
OTHER_DOMAINS = ("web", "reports")


def core_modules() -> list[Path]:
    """The source files of the ``core`` domain."""
    return sorted(p for p in PACKAGE.rglob("*.py") if p.relative_to(PACKAGE).parts[0] not in OTHER_DOMAINS)


def core_messages() -> set[str]:
    """Every string of the ``core`` domain (see the module docstring)."""
    found: set[str] = set()
    for source in core_modules():
        for _line, message, _comments, _context in extract_from_file(
            "python", source, keywords={"_": None, "N_": None}
        ):
            found.add(message if isinstance(message, str) else message[0])
    for game in GAMES.values():
        found.update(game.display_words())
    found.discard("")
    return found


def sheets_messages() -> set[str]:
    """Every string of the ``sheets`` domain (see the module docstring)."""
    keywords = {"_": None, "N_": None, "gettext": None}
    found: set[str] = set()
    for source in sorted((PACKAGE / "reports").rglob("*.py")):
        for _line, message, _comments, _context in extract_from_file("python", source, keywords=keywords):
            found.add(message if isinstance(message, str) else message[0])
    for template in sorted(TEMPLATES.glob("*.html")):
        for _line, message, _comments, _context in extract_from_file(
            "jinja2.ext:babel_extract", template, keywords=keywords
        ):
            found.add(message if isinstance(message, str) else message[0])
    found.update(d.requirement for d in catalogue().diplomas.values())
    return found
