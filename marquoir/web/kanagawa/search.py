"""The card picker's search: each card's words, the words of what is printed on it, in the page's language and in
English (the words of the document), and the query that finds it.

A card is found by its catalogue number or by words in any order, each the start of one of its words, singular or
plural: ``spring boar``, ``boars``, ``tiled roof``, ``sanglier``, ``12``. Its words are what a person reads off
the card: the season, the subject (trees, building, character, animal, kites, lanterns, umbrellas), the landscape
it is painted on and the Studio half's landscape and icon, Harmony symbols when it has some, its family and its
back colour. The brushes it needs are not words of the card: every card needs some (``brush`` finds the cards
with a brush icon, not all 72).

The page's script filters as you type with the same words (each card's ``data-text``) and the same rules
(:func:`singular`, :func:`tokens`; ``marquoir.js``, ``cardMatches``), and a page without script asks the server,
which applies :func:`matches`.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable

from marquoir.games.kanagawa.catalogue import Card
from marquoir.web.i18n import _
from marquoir.web.kanagawa.words import FAMILY_NAMES

#: The longest query read: a few words (a longer one is cut, never refused).
QUERY_MOST = 80
_TOKEN = re.compile(r"[a-z0-9]+")


def tokens(text: str) -> list[str]:
    """The words of ``text`` as the search compares them: lower case, without accents, letters and digits only
    (``Forêt, tiled-roof`` → ``foret``, ``tiled``, ``roof``)."""
    plain = unicodedata.normalize("NFKD", text.lower())
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    return _TOKEN.findall(plain)


def singular(word: str) -> str:
    """The singular of an English or French plural, by its ending (``boars`` → ``boar``, ``butterflies`` →
    ``butterfly``, ``animaux`` → ``animal``, ``oiseaux`` → ``oiseau``); a short word or a number is itself."""
    if len(word) < 4 or word.isdigit():
        return word
    for ending, replacement in (("ies", "y"), ("eaux", "eau"), ("aux", "al")):
        if word.endswith(ending):
            return word[: -len(ending)] + replacement
    if word[-1] in "sx":
        return word[:-1]
    return word


def _printed(card: Card, word: Callable[[str], str]) -> list[str]:
    """What is printed on the card, each word through ``word`` (the page's ``_``, or the English of the document)."""
    half, studio = card.print, card.studio
    out = [word(half.season)]
    if half.trees:
        out.append(word("tree"))
    out += [word(s) for s in (half.building, half.character, half.animal) if s]
    if half.kites:
        out += [word(colour) for colour in half.kites] + [word("kite")]
    if half.lanterns:
        out.append(word("lantern"))
    if half.umbrellas:
        out.append(word("umbrella"))
    if half.paint:
        out.append(word(half.paint.landscape))
    out += [word(s) for s in (studio.landscape, studio.icon) if s]
    if half.harmony or studio.harmony:
        out.append(word("Harmony"))
    if half.yokai_arrival or studio.yokai_move:
        out.append(word("Yokai"))
    out.append(word(card.back))
    return out


def card_words(card: Card) -> tuple[str, ...]:
    """The words that find ``card``, in the page's language and in English, each with its singular, without
    repeats (its number is not among them: :func:`matches` compares numbers whole)."""
    texts = _printed(card, _) + _printed(card, str)
    texts += [str(FAMILY_NAMES.get(card.family, card.family)), card.family]
    seen: dict[str, None] = {}
    for text in texts:
        for word in tokens(text):
            seen.setdefault(word, None)
            seen.setdefault(singular(word), None)
    return tuple(seen)


def query_words(query: str) -> list[str]:
    """The words of a query (its first :data:`QUERY_MOST` characters)."""
    return tokens(query[:QUERY_MOST])


def matches(card_id: int, words: Iterable[str], query: str) -> bool:
    """Whether every word of ``query`` finds the card: a number is the card's number, any other word is the start
    of one of ``words`` (the card's, :func:`card_words`), as typed or in the singular. An empty query finds
    every card."""
    own = tuple(words)
    for word in query_words(query):
        if word.isdigit():
            if word != str(card_id):
                return False
            continue
        starts = {word, singular(word)}
        if not any(w.startswith(s) for w in own for s in starts):
            return False
    return True


__all__ = ["QUERY_MOST", "card_words", "matches", "query_words", "singular", "tokens"]
