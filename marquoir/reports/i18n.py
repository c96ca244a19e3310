"""Languages of the printed sheets: English (the source strings) and French (a Babel message catalogue).

Every user-visible string of :mod:`marquoir.reports` goes through a ``gettext``-like callable. The renderers take
``lang`` and load the compiled catalogue ``locale/<lang>/LC_MESSAGES/sheets.mo``; a caller with its own
translations (the web app's Flask-Babel) may pass its ``gettext`` instead. The ``.po`` source is compiled by the
build (``make catalogues``, which ``make test`` and ``make run`` run); an installation that skipped it compiles the
``.po`` in memory at first use.
"""

from __future__ import annotations

import io
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
    """The translations of the sheets into ``lang`` (identity for English): the compiled ``.mo`` when the build
    made it and it is current, else the ``.po`` compiled in memory (an installation that skipped the build step
    still prints French sheets, and nothing is written at run time)."""
    check_lang(lang)
    if lang == LANGUAGES[0]:
        return NullTranslations()
    po_path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    mo_path = po_path.with_suffix(".mo")
    if mo_path.exists() and mo_path.stat().st_mtime >= po_path.stat().st_mtime:
        with mo_path.open("rb") as handle:
            return Translations(handle, domain=DOMAIN)
    with po_path.open("rb") as source:
        catalogue = read_po(source, locale=lang, domain=DOMAIN)
    buffer = io.BytesIO()
    write_mo(buffer, catalogue)
    buffer.seek(0)
    return Translations(buffer, domain=DOMAIN)


def gettext_for(lang: str) -> Gettext:
    """The ``gettext`` of the sheets in ``lang``."""
    return translations(lang).gettext


def extract_messages() -> set[str]:
    """Every string the sheets and charts show, as found in the sources: the ``_``/``N_``/``gettext`` calls of
    :mod:`marquoir.reports`, the ``_()`` calls of ``templates/sheets``, and the Diploma requirements of the catalogue
    (shown translated on the sheets). The French catalogue must translate all of them (``tests/reports``)."""
    from babel.messages.extract import extract_from_file

    from marquoir.catalogue import catalogue
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
