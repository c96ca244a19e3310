"""Languages of the printed sheets: English (the source strings) and French (a Babel message catalogue).

Every user-visible string of :mod:`marquoir.reports` goes through a ``gettext``-like callable. The renderers take
``lang`` and use the ``sheets`` domain of :mod:`marquoir.i18n` (``marquoir/locale/<lang>/LC_MESSAGES/sheets.po``);
a caller with its own translations may pass its ``gettext`` instead.
"""

from __future__ import annotations

from pathlib import Path

from marquoir import i18n
from marquoir.i18n import LANGUAGES, LOCALE_DIR, N_, Gettext, LanguageError, check_lang, compile_catalogues

__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "LOCALE_DIR",
    "N_",
    "Gettext",
    "LanguageError",
    "check_lang",
    "compile_catalogues",
    "extract_messages",
    "gettext_for",
]

#: The sheets' own catalogue (marquoir/locale/<lang>/LC_MESSAGES/sheets.po).
DOMAIN = "sheets"


def gettext_for(lang: str) -> Gettext:
    """The ``gettext`` of the sheets in ``lang``."""
    return i18n.gettext_for(lang, DOMAIN)


def extract_messages() -> set[str]:
    """Every string the sheets and charts show, as found in the sources: the ``_``/``N_``/``gettext`` calls of
    :mod:`marquoir.reports`, the ``_()`` calls of ``templates/sheets``, and the Diploma requirements of the catalogue
    (shown translated on the sheets). The French catalogue must translate all of them (``tests/reports``)."""
    from babel.messages.extract import extract_from_file

    from marquoir.games.kanagawa.catalogue import catalogue
    from marquoir.reports.sheets import TEMPLATES

    keywords = {"_": None, "N_": None, "gettext": None}
    found: set[str] = set()
    for source in sorted(Path(__file__).resolve().parent.glob("*.py")):
        for _line, message, _comments, _context in extract_from_file("python", source, keywords=keywords):
            found.add(message if isinstance(message, str) else message[0])
    for template in sorted(TEMPLATES.glob("*.html")):
        for _line, message, _comments, _context in extract_from_file(
            "jinja2.ext:babel_extract", template, keywords=keywords
        ):
            found.add(message if isinstance(message, str) else message[0])
    found.update(d.requirement for d in catalogue().diplomas.values())
    return found
