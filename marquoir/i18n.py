"""Languages: English (the source strings) and French, for every word Marquoir shows.

One mechanism serves the core, the printed sheets and the web pages. Strings are marked with :func:`_`
(translated where they are written) or :func:`N_` (marked only, translated where they are shown); a counted message
has its plural forms through :func:`ngettext` (marked only: :func:`N_plural`), and a word that takes another form
in one kind of sentence its context through :func:`pgettext` (French « au printemps » but « en été »). The language
is a context value: :func:`language` sets it for a block (the web app per request, the CLI per command), and
nothing is global. Catalogues are Babel ``.po`` files under ``marquoir/locale/<lang>/LC_MESSAGES/<domain>.po``,
one domain per area (``core``, ``sheets``, ``web``); the build compiles them (``make catalogues``), and an
installation that skipped it compiles the ``.po`` in memory at first use, so nothing is written at run time.

French uses each game's own words, as its French rules write them (its ``data/SOURCES.md``): Estampe, Atelier, Diplôme,
Grand Maître, pion Assistant, jeton Orage, Pinceau, Paysage, Saison.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from marquoir.errors import MarquoirError

if TYPE_CHECKING:
    from babel.support import NullTranslations

# Babel is imported where a catalogue is first read, not with this module: a command in English never reads one.

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


def NP_(context: str, message: str) -> tuple[str, str]:
    """Mark a string read in ``context`` without translating it here: ``pgettext(*NP_("Storm token", "{card} as
    spring"))`` translates it where it is shown."""
    return context, message


class Plural(NamedTuple):
    """A counted message's two English forms, marked for the catalogue by :func:`N_plural` and translated where it
    is shown by :meth:`text` (the catalogue has as many forms as the language needs: French 2, the singular for 0
    and 1, ``Plural-Forms: nplurals=2; plural=(n > 1);``)."""

    singular: str
    plural: str

    def text(self, count: int) -> str:
        """The form for ``count`` in the current language (not yet formatted: ``.format(count=count)``)."""
        return ngettext(self.singular, self.plural, count)


def N_plural(singular: str, plural: str) -> Plural:
    """Mark a counted message (its singular and plural) without translating it here: ``N_plural("{count} tree",
    "{count} trees").text(n)`` translates it where it is shown."""
    return Plural(singular, plural)


@cache
def translations(lang: str, domain: str) -> NullTranslations:
    """The translations of ``domain`` into ``lang`` (identity for English): the compiled ``.mo`` when the build
    made it and it is current (an installed wheel has no ``.po``), else the ``.po`` compiled in memory."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    from babel.support import NullTranslations, Translations

    check_lang(lang)
    if lang == LANGUAGES[0]:
        return NullTranslations()
    po_path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"
    mo_path = po_path.with_suffix(".mo")
    if not po_path.exists() and not mo_path.exists():
        return NullTranslations()
    # An installed wheel carries the .mo alone (setup.py compiles them); a checkout's .mo counts while current.
    if mo_path.exists() and (not po_path.exists() or mo_path.stat().st_mtime >= po_path.stat().st_mtime):
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


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a counted message for ``count`` in the current language (core domain), not yet formatted:
    ``ngettext("{count} tree", "{count} trees", n).format(count=n)``. English: the singular for 1 only; French: for
    0 and 1 (the catalogue's ``Plural-Forms``)."""
    lang = _language.get()
    if lang == LANGUAGES[0]:
        return singular if count == 1 else plural
    return translations(lang, "core").ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language as it reads in ``context`` (core domain): the same English word may
    need another form in another kind of sentence (``pgettext("in season", "spring")``: « au printemps »)."""
    lang = _language.get()
    if lang == LANGUAGES[0]:
        return message
    return str(translations(lang, "core").pgettext(context, message))


def npgettext(context: str, singular: str, plural: str, count: int) -> str:
    """:func:`ngettext` of a message read in ``context`` (see :func:`pgettext`)."""
    lang = _language.get()
    if lang == LANGUAGES[0]:
        return singular if count == 1 else plural
    return str(translations(lang, "core").npgettext(context, singular, plural, count))


#: The keywords that mark a string in Python sources and templates, as Babel's extractor reads them: the message's
#: arguments (``(1, 2)``: singular and plural; ``(1, "c")``: the first is the context).
KEYWORDS: dict[str, Any] = {
    "_": None,
    "N_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "N_plural": (1, 2),
    "NP_": ((1, "c"), 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
}


def message_key(message: str | Sequence[str], context: str | None = None) -> str:
    """How a catalogue entry is named in the lists of messages (:mod:`marquoir.messages`, the tests): its ``msgid``
    (the singular of a plural entry), after its context and ``\\x04`` as gettext writes it."""
    msgid = message if isinstance(message, str) else message[0]
    return f"{context}\x04{msgid}" if context else msgid


def catalogue_entries(lang: str, domain: str, locale_dir: Path = LOCALE_DIR) -> dict[str, tuple[str, ...]]:
    """The entries of ``domain``'s catalogue in ``lang`` (the ``.po``): :func:`message_key` → its translated forms
    (one, or one per plural form)."""
    from babel.messages.pofile import read_po

    with (locale_dir / check_lang(lang) / "LC_MESSAGES" / f"{domain}.po").open("rb") as source:
        catalogue = read_po(source, locale=lang, domain=domain)
    found: dict[str, tuple[str, ...]] = {}
    for entry in catalogue:
        if entry.id:
            forms = entry.string if isinstance(entry.string, tuple | list) else (entry.string,)
            found[message_key(entry.id, entry.context)] = tuple(str(form) for form in forms)
    return found


def compile_catalogues(locale_dir: Path = LOCALE_DIR) -> list[Path]:
    """Compile every ``<lang>/LC_MESSAGES/<domain>.po`` whose ``.mo`` is missing or older; return what was
    written (the build step behind ``make catalogues``)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

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


def ordinal(rank: int, lang: str | None = None) -> str:
    """A place as a person writes it, in ``lang`` (default: the current language): 1st, 2nd, 3rd, 11th (English);
    1er, 2e, 3e (French)."""
    if (lang or get_language()) == "fr":
        return "1er" if rank == 1 else f"{rank}e"
    suffix = "th" if 10 <= rank % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(rank % 10, "th")
    return f"{rank}{suffix}"

