"""Languages: English (the source strings) and French, for every word Marquoir shows.

One mechanism serves the core, the printed sheets and the web pages. Strings are marked with :func:`_`
(translated where they are written) or :func:`N_` (marked only, translated where they are shown). The language
is a context value: :func:`language` sets it for a block (the web app per request, the CLI per command), and
nothing is global. Catalogues are Babel ``.po`` files under ``marquoir/locale/<lang>/LC_MESSAGES/<domain>.po``,
one domain per area (``core``, ``sheets``, ``web``); the build compiles them (``make catalogues``), and an
installation that skipped it compiles the ``.po`` in memory at first use, so nothing is written at run time.

French uses the game's own words (Kanagawa French rules; games/kanagawa/data/SOURCES.md): Estampe, Atelier, Diplôme,
Grand Maître, pion Assistant, jeton Orage, Pinceau, Paysage, Saison.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

from marquoir.errors import MarquoirError

#: The languages Marquoir is written in; the first is the language of the source strings.
LANGUAGES = ("en", "fr")
LANGUAGE_NAMES = {"en": "English", "fr": "Français"}
DOMAINS = ("core", "sheets", "web")
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

Gettext = Callable[[str], str]

_language: ContextVar[str] = ContextVar("marquoir_language", default=LANGUAGES[0])


class LanguageError(MarquoirError):
    """A language Marquoir is not written in."""


def check_lang(lang: str) -> str:
    """``lang`` when Marquoir is written in it; :class:`LanguageError` naming the choices otherwise."""
    if lang not in LANGUAGES:
        raise LanguageError(f"lang: {lang!r} is not a language of Marquoir (choose {', '.join(LANGUAGES)})")
    return lang


def get_language() -> str:
    """The language of the current context."""
    return _language.get()


@contextmanager
def language(lang: str) -> Iterator[str]:
    """Write in ``lang`` inside the block (and in what it calls), then go back to the previous language."""
    token = _language.set(check_lang(lang))
    try:
        yield lang
    finally:
        _language.reset(token)


def N_(message: str) -> str:
    """Mark a string for the catalogue without translating it here (it is translated where it is shown)."""
    return message


@cache
def translations(lang: str, domain: str) -> NullTranslations:
    """The translations of ``domain`` into ``lang`` (identity for English): the compiled ``.mo`` when the build
    made it and it is current, else the ``.po`` compiled in memory."""
    check_lang(lang)
    if lang == LANGUAGES[0]:
        return NullTranslations()
    po_path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"
    mo_path = po_path.with_suffix(".mo")
    if not po_path.exists():
        return NullTranslations()
    if mo_path.exists() and mo_path.stat().st_mtime >= po_path.stat().st_mtime:
        with mo_path.open("rb") as handle:
            return Translations(handle, domain=domain)
    with po_path.open("rb") as source:
        catalogue = read_po(source, locale=lang, domain=domain)
    buffer = io.BytesIO()
    write_mo(buffer, catalogue)
    buffer.seek(0)
    return Translations(buffer, domain=domain)


def gettext_for(lang: str, domain: str) -> Gettext:
    """The ``gettext`` of ``domain`` in ``lang``."""
    return translations(lang, domain).gettext


def _(message: str) -> str:
    """``message`` in the current language (core domain)."""
    lang = _language.get()
    if lang == LANGUAGES[0]:
        return message
    return translations(lang, "core").gettext(message)


def compile_catalogues(locale_dir: Path = LOCALE_DIR) -> list[Path]:
    """Compile every ``<lang>/LC_MESSAGES/<domain>.po`` whose ``.mo`` is missing or older; return what was
    written (the build step behind ``make catalogues``)."""
    written = []
    for po_path in sorted(locale_dir.glob("*/LC_MESSAGES/*.po")):
        mo_path = po_path.with_suffix(".mo")
        if mo_path.exists() and mo_path.stat().st_mtime >= po_path.stat().st_mtime:
            continue
        with po_path.open("rb") as source:
            catalogue = read_po(source, locale=po_path.parent.parent.name, domain=po_path.stem)
        tmp = mo_path.with_suffix(".mo.tmp")
        with tmp.open("wb") as target:
            write_mo(target, catalogue)
        tmp.replace(mo_path)
        written.append(mo_path)
    return written
