"""Languages of the printed sheets: English (the source strings) and French (a Babel message catalogue).

Every user-visible string of :mod:`marquoir.reports` goes through a ``gettext``-like callable. The renderers take
``lang`` and load the compiled catalogue ``locale/<lang>/LC_MESSAGES/sheets.mo``; a caller with its own
translations (the web app's Flask-Babel) may pass its ``gettext`` instead. The ``.po`` source is compiled by the
build (``make catalogues``, which ``make test`` runs) and, for an installation without ``make``, at first use.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

from marquoir.errors import MarquoirError

#: The languages the sheets are written in; the first is the source language of the strings.
LANGUAGES = ("en", "fr")
DOMAIN = "sheets"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

Gettext = Callable[[str], str]


def N_(message: str) -> str:
    """Mark a string for the catalogue without translating it here (it is translated where it is shown)."""
    return message


class LanguageError(MarquoirError):
    """A language the sheets are not written in."""


def check_lang(lang: str) -> str:
    """``lang`` when the sheets are written in it; :class:`LanguageError` naming the choices otherwise."""
    if lang not in LANGUAGES:
        raise LanguageError(f"lang: {lang!r} is not a language of the sheets (choose {', '.join(LANGUAGES)})")
    return lang


def compile_catalogues(locale_dir: Path = LOCALE_DIR) -> list[Path]:
    """Compile every ``<lang>/LC_MESSAGES/sheets.po`` whose ``.mo`` is missing or older; return the files written."""
    written = []
    for po_path in sorted(locale_dir.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        mo_path = po_path.with_suffix(".mo")
        if mo_path.exists() and mo_path.stat().st_mtime >= po_path.stat().st_mtime:
            continue
        with po_path.open("rb") as source:
            catalogue = read_po(source, locale=po_path.parent.parent.name, domain=DOMAIN)
        tmp = mo_path.with_suffix(".mo.tmp")
        with tmp.open("wb") as target:
            write_mo(target, catalogue)
        tmp.replace(mo_path)
        written.append(mo_path)
    return written


@cache
def translations(lang: str) -> NullTranslations:
    """The translations of the sheets into ``lang`` (identity for English)."""
    check_lang(lang)
    if lang == LANGUAGES[0]:
        return NullTranslations()
    mo_path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
    po_path = mo_path.with_suffix(".po")
    if not mo_path.exists() or mo_path.stat().st_mtime < po_path.stat().st_mtime:
        try:
            compile_catalogues()
        except OSError as error:  # a read-only installation without the compiled catalogue
            raise LanguageError(f"the {lang} catalogue is not compiled and cannot be ({error})") from None
    with mo_path.open("rb") as handle:
        return Translations(handle, domain=DOMAIN)


def gettext_for(lang: str) -> Gettext:
    """The ``gettext`` of the sheets in ``lang``."""
    return translations(lang).gettext
