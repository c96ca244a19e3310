"""Reading a table document strictly, naming the place of every error.

The contract (``marquoir/data/table-format.md``): an unknown key, a wrong type or a word outside its vocabulary
makes a document unreadable, because a typo must not be silently ignored; the error names the place
(``players[0].diplomes: unknown key``). Every game reads its own document with :class:`Reader`; :func:`read_json`
turns text or bytes into the parsed value first.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from marquoir.errors import TableError
from marquoir.i18n import _

#: Largest document the readers accept, in characters: far above any real table, small enough to refuse abuse.
MAX_DOCUMENT_CHARS = 200_000
#: A player's name: 1 to 40 characters (the table format, "Player").
NAME_MAX = 40
#: Resource bounds at reading, far above what any game allows (what the rules forbid stays a legality issue of a
#: readable document): the size of a whole number, the length of an id, of a list, and the players of a table.
MAX_NUMBER = 1_000_000
MAX_ID = 64
MAX_LIST = 1_000
MAX_PLAYERS = 16

_MISSING = object()
#: ``int`` under another name, for the annotations of :class:`Reader`, whose method ``int`` hides the builtin.
Count = int


def type_name(value: object) -> str:
    """What a JSON value is, in the words of an error message."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return _("a boolean")
    if isinstance(value, int):
        return _("a number")
    if isinstance(value, float):
        return _("a decimal number")
    if isinstance(value, str):
        return _("text")
    if isinstance(value, list | tuple):
        return _("a list")
    if isinstance(value, Mapping):
        return _("an object")
    return type(value).__name__


def as_int(value: object, path: str) -> int:
    """``value`` as a whole number (``true`` is not one) of at most :data:`MAX_NUMBER` in size."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TableError(path, _("expected a whole number, got %(type)s") % {"type": type_name(value)})
    if not -MAX_NUMBER <= value <= MAX_NUMBER:
        raise TableError(path, _("expected a whole number from %(low)s to %(high)s, got a larger one") % {
            "low": f"{-MAX_NUMBER:,}", "high": f"{MAX_NUMBER:,}"})
    return value


def as_text(value: object, path: str, most: int | None = None) -> str:
    """``value`` as text that is valid Unicode (JSON may carry a lone surrogate such as ``"\ud800"``, which no
    page, file or database can hold) and, with ``most``, of at most that many characters."""
    if not isinstance(value, str):
        raise TableError(path, _("expected text, got %(type)s") % {"type": type_name(value)})
    if most is not None and len(value) > most:
        raise TableError(path, _("at most %(most)d characters, got %(count)d") % {"most": most, "count": len(value)})
    if not value.isascii():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise TableError(path, _("not valid text (it holds a lone surrogate)")) from None
    return value


def as_word(value: object, path: str, vocabulary: tuple[str, ...]) -> str:
    """``value`` when it is one of the words of ``vocabulary``."""
    if not isinstance(value, str):
        raise TableError(path, _("expected one of %(words)s; got %(type)s") % {
            "words": ", ".join(vocabulary), "type": type_name(value)})
    if value not in vocabulary:
        shown = value if len(value) <= 40 else value[:37] + "..."
        raise TableError(path, _("%(word)s is not one of %(words)s") % {
            "word": repr(shown), "words": ", ".join(vocabulary)})
    return value


def as_text_id(value: object, path: str, what: str) -> str:
    """``value`` as an id written as text, at most :data:`MAX_ID` characters (whether it names anything is the
    legality check's question)."""
    if not isinstance(value, str):
        raise TableError(path, _("expected %(what)s as text, got %(type)s") % {"what": what, "type": type_name(value)})
    return as_text(value, path, MAX_ID)


def bulk_ints(values: Sequence[Any]) -> bool:
    """Whether ``values`` are all whole numbers within the bounds, judged at once (a list of catalogue ids is taken
    as it is; anything else is read item by item, which names the place)."""
    if set(map(type, values)) - {int}:
        return False
    return not values or -MAX_NUMBER <= min(values) <= max(values) <= MAX_NUMBER


def bulk_ids(values: Sequence[Any]) -> bool:
    """Whether ``values`` are all ids of valid text within :data:`MAX_ID` characters, judged at once."""
    if set(map(type, values)) - {str} or max(map(len, values), default=0) > MAX_ID:
        return False
    joined = "".join(values)
    try:
        joined.isascii() or joined.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


class Reader:
    """One JSON object being read: typed getters that name the path, and :meth:`done`, which refuses unknown keys."""

    __slots__ = ("data", "path", "used")

    def __init__(self, value: object, path: str) -> None:
        if type(value) is not dict and not isinstance(value, Mapping):
            raise TableError(path or "document", _("expected an object, got %(type)s") % {"type": type_name(value)})
        if set(map(type, value)) - {str}:
            key = next(k for k in value if not isinstance(k, str))
            raise TableError(path, _("keys must be text, got %(type)s") % {"type": type_name(key)})
        self.data: Mapping[str, Any] = value
        self.path = path
        self.used: set[str] = set()

    def at(self, key: str) -> str:
        """The path of ``key`` inside this object."""
        return f"{self.path}.{key}" if self.path else key

    def has(self, key: str) -> bool:
        return key in self.data

    def raw(self, key: str) -> object:
        """The value of ``key`` as it is (a missing key is an error)."""
        self.used.add(key)
        value = self.data.get(key, _MISSING)
        if value is _MISSING:
            raise TableError(self.at(key), _("missing"))
        return value

    def optional(self, key: str) -> object:
        """The value of ``key``, ``None`` when it is missing or null."""
        self.used.add(key)
        return self.data.get(key)

    def _value(self, key: str, default: object) -> object:
        self.used.add(key)
        value = self.data.get(key, _MISSING)
        if value is _MISSING:
            if default is None:
                raise TableError(self.at(key), _("missing"))
            return default
        return value

    def int(self, key: str, default: int | None = None) -> int:
        value = self._value(key, default)
        if type(value) is int and -MAX_NUMBER <= value <= MAX_NUMBER:
            return value
        return as_int(value, self.at(key))

    def bool(self, key: str, default: bool | None = None) -> bool:
        value = self._value(key, default)
        if not isinstance(value, bool):
            raise TableError(self.at(key), _("expected true or false, got %(type)s") % {"type": type_name(value)})
        return value

    def word(self, key: str, vocabulary: Iterable[str]) -> str:
        return as_word(self.raw(key), self.at(key), tuple(vocabulary))

    def text(self, key: str, most: Count | None = None) -> str:
        return as_text(self.raw(key), self.at(key), most)

    def list(self, key: str, default: list[Any] | None = None, most: Count = MAX_LIST) -> Sequence[Any]:
        """A list value of at most ``most`` items (read it, never change it)."""
        self.used.add(key)
        value = self.data.get(key, _MISSING)
        if value is _MISSING:
            if default is None:
                raise TableError(self.at(key), _("missing"))
            return default
        if type(value) is not list and not isinstance(value, tuple):
            raise TableError(self.at(key), _("expected a list, got %(type)s") % {"type": type_name(value)})
        if len(value) > most:
            raise TableError(self.at(key), _("at most %(most)d items, got %(count)d") % {
                "most": most, "count": len(value)})
        return value

    def name(self) -> str:
        """The ``name`` of a player: 1 to :data:`NAME_MAX` characters, not only spaces, read in Unicode's composed
        form (NFC: ``E`` + combining acute is ``É``, so that one name is one string however it was typed)."""
        name = self.text("name", NAME_MAX)
        if not name.strip():
            raise TableError(self.at("name"), _("must not be empty"))
        return unicodedata.normalize("NFC", name)

    def done(self) -> None:
        """Refuse the first key that no getter asked for."""
        if self.data.keys() - self.used:
            key = next(k for k in self.data if k not in self.used)
            raise TableError(self.at(key), _("unknown key"))


def clean_name(text: str) -> str:
    """A name as typed in a form, as it is kept: Unicode's composed form (NFC), control and invisible format
    characters taken out, spaces squeezed. Empty when nothing is left."""
    composed = unicodedata.normalize("NFC", text)
    kept = "".join(" " if c.isspace() else c for c in composed if unicodedata.category(c) not in _INVISIBLE
                   or c.isspace())  # fmt: skip
    return " ".join(kept.split())


def is_a_name(name: str) -> bool:
    """Whether a cleaned name has something to read: a letter, a figure, a mark of punctuation or a symbol, not
    only accents, joiners or spaces (a name of combining accents alone reads as nothing)."""
    return any(unicodedata.category(c)[0] in "LNPS" for c in name)


#: Unicode categories taken out of a name: controls, formats (invisible), surrogates, private use, unassigned.
_INVISIBLE = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})


def check_unique_names(names: Iterable[str]) -> None:
    """Player names are unique in a table: the second use names the first."""
    seen: dict[str, int] = {}
    for i, name in enumerate(names):
        if name in seen:
            raise TableError(f"players[{i}].name", _("%(name)s is already the name of %(other)s") % {
                "name": repr(name), "other": f"players[{seen[name]}]"})
        seen[name] = i


def read_json(source: str | bytes | bytearray | Mapping[str, Any]) -> object:
    """The parsed value of a document given as JSON text, UTF-8 bytes or an already parsed mapping.

    Raises :class:`TableError` (path ``document``) for bytes that are not UTF-8, text over
    :data:`MAX_DOCUMENT_CHARS` and text that is not JSON."""
    if isinstance(source, bytes | bytearray):
        try:
            source = bytes(source).decode("utf-8")
        except UnicodeDecodeError as error:
            raise TableError("document", _("not UTF-8 text (byte %(byte)d)") % {"byte": error.start}) from None
    if not isinstance(source, str):
        return source
    if len(source) > MAX_DOCUMENT_CHARS:
        raise TableError("document", _("too long (%(count)d characters; at most %(most)d)") % {
            "count": len(source), "most": MAX_DOCUMENT_CHARS})
    try:
        return json.loads(source)
    except json.JSONDecodeError as error:
        raise TableError("document", _("not JSON: %(why)s (line %(line)d, column %(column)d)") % {
            "why": error.msg, "line": error.lineno, "column": error.colno}) from None
    except RecursionError:
        raise TableError("document", _("not JSON: nested too deeply")) from None
    except ValueError:  # Python refuses to read an integer of more than 4,300 digits
        raise TableError("document", _("a number has too many digits")) from None
