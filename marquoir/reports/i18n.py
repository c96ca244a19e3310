"""Languages of the printed sheets: English (the source strings) and French (a Babel message catalogue).

Every user-visible string of :mod:`marquoir.reports` goes through a ``gettext``-like callable. The renderers take
``lang`` and use the ``sheets`` domain of :mod:`marquoir.i18n` (``marquoir/locale/<lang>/LC_MESSAGES/sheets.po``);
a caller with its own translations may pass its ``gettext`` instead.
"""

from __future__ import annotations

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
    "gettext_for",
]

#: The sheets' own catalogue (marquoir/locale/<lang>/LC_MESSAGES/sheets.po).
DOMAIN = "sheets"


def gettext_for(lang: str) -> Gettext:
    """The ``gettext`` of the sheets in ``lang``: the sheets' catalogue, then the core's (the games' own words —
    goal tiles, Parchments — which the core translates already)."""
    sheets, core = i18n.gettext_for(lang, DOMAIN), i18n.gettext_for(lang, "core")

    def gettext(message: str) -> str:
        found = sheets(message)
        return found if found != message else core(message)

    return gettext
