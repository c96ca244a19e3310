"""The card picker's search: a card is found by what is printed on it, in the page's language or in English (the
words of the document), and by its catalogue number; the cards found are ranked.

A query is read as a person types what they see (issue 18, item 2):

* words in any order, each the start of one of the card's words, singular or plural (``spring boar``, ``boars``,
  ``sanglier``), without accents or case;
* a number before a word that counts something on a card (trees, lanterns, umbrellas, kites, brushes needed,
  Harmony symbols) is that count: ``1 tree``, ``3 trees``, ``1 arbre``; any other number is a catalogue number
  (``12``);
* connecting words are ignored (:data:`CONNECTING`: ``on``, ``of``, ``de``, ``d’``, ``sur``…), so that the card's
  title as the picker shows it (``spring boar, on forest``, ``sanglier de printemps, sur forêt``) finds it;
* one typo per word is forgiven (a letter missing, extra, wrong, or two swapped: ``bor``, ``sanglir``), for a word
  of :data:`TYPO_LEAST` letters or more that no card's word starts with as typed, its first letter right (``bor``
  is not ``for…``);
* the cards found are ranked: a card whose whole title was typed comes first; then a word of the half being
  entered (the Print half, whose words the title is, or the Studio half) counts more than one of the other half;
  a whole word more than its start, its start more than a typo. So season + subject + landscape of a Print card
  puts it before the card whose Studio half has that landscape, and ``mountain`` in the Studio puts first the
  cards with a mountain in their Studio half.

The page's script ranks as you type with the same words (each card's ``data-title``, ``data-print``,
``data-studio``, ``data-counts``) and the same rules (``marquoir.js``, ``cardScore``); a page without script asks
the server, which applies :func:`rank`. The brushes a card needs are counted, not words of the card: every card
needs some (``brush`` finds the cards with a brush icon, not all 72).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

from marquoir.games.kanagawa.catalogue import Card
from marquoir.web.i18n import _
from marquoir.web.kanagawa.words import FAMILY_NAMES

#: The longest query read: a few words (a longer one is cut, never refused).
QUERY_MOST = 80
#: The shortest word a typo is forgiven in (a shorter one would find too much).
TYPO_LEAST = 3
#: Words that join the words of a card's title and say nothing of the card (English and French, without accents).
CONNECTING = frozenset({
    "a", "an", "the", "on", "of", "in", "and", "with", "at",
    "de", "d", "du", "des", "sur", "le", "la", "les", "l", "et", "avec", "en", "au", "aux",
})
#: How much a word found on each half counts: the half being entered, the other half (the title as the picker shows
#: it names the Print half).
HALF, OTHER = 2, 1
#: How well a word is found: the whole word, its start, within one typo.
WHOLE, START, TYPO = 3, 2, 1
#: A catalogue number typed whole: the card of that number comes first.
NUMBER = 30
#: Every word of a card's title typed: that card comes first.
WHOLE_TITLE = 100
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


def within_one(a: str, b: str) -> bool:
    """Whether ``a`` becomes ``b`` by at most one edit: a letter inserted, deleted or replaced, or two letters
    next to each other swapped (the optimal string alignment distance, at most 1), in time linear in the words."""
    if a == b:
        return True
    if abs(len(a) - len(b)) > 1:
        return False
    i = 0
    while i < min(len(a), len(b)) and a[i] == b[i]:
        i += 1
    if len(a) == len(b):
        if a[i + 1:] == b[i + 1:]:
            return True
        return i + 1 < len(a) and a[i] == b[i + 1] and a[i + 1] == b[i] and a[i + 2:] == b[i + 2:]
    if len(a) > len(b):
        return a[i + 1:] == b[i:]
    return a[i:] == b[i + 1:]


def word_quality(word: str, own: Iterable[str], typos: bool) -> int:
    """How well ``word`` (of a query) is found among ``own`` (a card's words): :data:`WHOLE` when it is one of them
    (as typed or in the singular), :data:`START` when one starts with it, with ``typos`` :data:`TYPO` when it is
    within one edit of one's start (:func:`within_one`) and begins with the same letter, else 0."""
    starts = (word, singular(word))
    best = 0
    for w in own:
        if w in starts:
            return WHOLE
        if best < START and any(w.startswith(s) for s in starts):
            best = START
        elif best < TYPO and typos and len(word) >= TYPO_LEAST and w[0] == word[0] and any(
            within_one(word, w[:size]) for size in (len(word) - 1, len(word), len(word) + 1)
            if TYPO_LEAST <= size <= len(w)
        ):
            best = TYPO
    return best


class CardWords(NamedTuple):
    """The words that find a card, each with its singular and without repeats: those of its title as the picker
    shows it (``title``), of its Print half (its title's among them) and of its Studio half (with what belongs to
    the whole card, its back colour and family, in both), and what its Print half counts (``counts``: a word of the
    thing counted, and how many)."""

    id: int
    title: tuple[str, ...]
    print: tuple[str, ...]
    studio: tuple[str, ...]
    counts: tuple[tuple[str, int], ...]


def _words(texts: Iterable[str]) -> tuple[str, ...]:
    seen: dict[str, None] = {}
    for text in texts:
        for word in tokens(text):
            if word.isdigit() or word in CONNECTING:
                continue
            seen.setdefault(word, None)
            seen.setdefault(singular(word), None)
    return tuple(seen)


def _print_texts(card: Card, word: Callable[[str], str]) -> list[str]:
    """What is printed on the Print half, each word through ``word`` (the page's words, or the English of the
    document)."""
    half = card.print
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
    if half.harmony:
        out.append(word("Harmony"))
    if half.yokai_arrival:
        out.append(word("Yokai"))
    return out


def _studio_texts(card: Card, word: Callable[[str], str]) -> list[str]:
    studio = card.studio
    out = [word(s) for s in (studio.landscape, studio.icon) if s]
    if studio.harmony:
        out.append(word("Harmony"))
    if studio.yokai_move:
        out.append(word("Yokai"))
    return out


def _counts(card: Card) -> tuple[tuple[str, int], ...]:
    """What the card's Print half counts, each under its words in the page's language and in English."""
    half = card.print
    counted = [("tree", half.trees), ("lantern", half.lanterns), ("umbrella", half.umbrellas),
               ("kite", len(half.kites)), ("brush", half.paint.brushes if half.paint else 0),
               ("Harmony", max(half.harmony, 0)), ("symbol", max(half.harmony, 0))]
    out: dict[tuple[str, int], None] = {}
    for thing, count in counted:
        if count:
            for text in (thing, _(thing) if thing != "symbol" else _("Harmony symbol")):
                for word in tokens(text):
                    out.setdefault((singular(word), count), None)
    return tuple(out)


def card_words(card: Card, title: str) -> CardWords:
    """The words that find ``card``, in the page's language and in English; ``title`` is its name as the picker
    shows it (:func:`marquoir.web.kanagawa.picker.card_names`). Its number is not among them: numbers are compared
    whole (:func:`rank`)."""
    whole = [_(card.back), card.back, str(FAMILY_NAMES.get(card.family, card.family)), card.family]
    printed = _print_texts(card, _) + _print_texts(card, str)
    studio = _studio_texts(card, _) + _studio_texts(card, str)
    return CardWords(card.id, _words([title]), _words([title, *printed, *whole]), _words(studio + whole),
                     _counts(card))


def query_words(query: str) -> list[str]:
    """The words of a query (its first :data:`QUERY_MOST` characters) without its connecting words."""
    return [w for w in tokens(query[:QUERY_MOST]) if w not in CONNECTING]


class Term(NamedTuple):
    """One thing a query asks of a card: a word, a count of a thing (``times`` > 0: the number before the word), or
    a catalogue number (``word`` all digits, ``times`` 0)."""

    word: str
    times: int = 0


def query_terms(query: str, counted: Iterable[str]) -> list[Term]:
    """The query read as :class:`Term` values: a number followed by a word that names a thing some card counts
    (``counted``, the words of every card's :attr:`CardWords.counts`) is a count; any other number is a catalogue
    number."""
    things = tuple(counted)
    words = query_words(query)
    out: list[Term] = []
    k = 0
    while k < len(words):
        word = words[k]
        following = words[k + 1] if k + 1 < len(words) else None
        if word.isdigit() and following and not following.isdigit() and word_quality(following, things, False):
            out.append(Term(following, int(word[:6])))
            k += 2
            continue
        out.append(Term(word))
        k += 1
    return out


def _term_score(term: Term, card: CardWords, half: str, typos: bool) -> int:
    on_print, on_studio = (OTHER, HALF) if half == "studio" else (HALF, OTHER)
    if term.times:
        things = [w for w, n in card.counts if n == term.times]
        return on_print * word_quality(term.word, things, typos)
    if term.word.isdigit():
        return NUMBER if term.word.lstrip("0") == str(card.id) else 0
    return max(on_print * word_quality(term.word, card.print, typos),
               on_studio * word_quality(term.word, card.studio, typos))


def rank(cards: Sequence[CardWords], query: str, half: str = "print") -> dict[int, int]:
    """The cards ``query`` finds, each with its score (higher first: the sum over its terms of the half's weight
    times how well it is found, plus :data:`WHOLE_TITLE` when every word of the card's title was typed), for the
    ``half`` being entered (``"print"``, ``"studio"``; a kept card is read by its Print half). A card is found when
    every term finds it; a word no card starts with is then looked for with one typo forgiven. An empty query
    finds every card (score 0)."""
    terms = query_terms(query, {w for card in cards for w, _n in card.counts})
    typos = {
        term: not any(_term_score(term, card, half, False) for card in cards)
        for term in terms if not term.word.isdigit()
    }
    typed = {w for term in terms for w in (term.word, singular(term.word))}
    out: dict[int, int] = {}
    for card in cards:
        total = 0
        for term in terms:
            score = _term_score(term, card, half, typos.get(term, False))
            if not score:
                break
            total += score
        else:
            whole = bool(terms) and all(w in typed for w in card.title)
            out[card.id] = total + (WHOLE_TITLE if whole else 0)
    return out


def ranked_ids(cards: Sequence[CardWords], query: str, half: str = "print") -> list[int]:
    """The ids of the cards found, best first, then in catalogue order (as the picker lists them)."""
    found = rank(cards, query, half)
    order = {card.id: k for k, card in enumerate(cards)}
    return sorted(found, key=lambda card_id: (-found[card_id], order[card_id]))


__all__ = ["CONNECTING", "QUERY_MOST", "CardWords", "Term", "card_words", "query_terms", "query_words", "rank",
           "ranked_ids", "singular", "tokens", "within_one", "word_quality"]
