"""What a person reads, and the words a person must never read there (issue 10, "Words people use").

:func:`visible_texts` is the text of a page as a person meets it: each text node, and the attributes read aloud
(``aria-label``, ``title``, ``alt``); never a document (hidden inputs, ``<textarea>``, ``data-`` attributes, links).
:func:`internal_words` finds there what only a document or a JSON report may hold: an issue code (every code of the
contract, ``marquoir/data/table-format.md``), a Diploma or goal id, a Starting tile id, a catalogue number used as a
card's name (``card 12``, ``No. 12``, ``Studio 9``, ``Print #2``, ``41 +1``, ``56 ×2``, ``6, 57, 21``), and a
``(s)`` plural.

:func:`language_faults` finds what each language's typography refuses there: in French, no no-break space before
``:`` ``;`` ``!`` ``?``, « en printemps », « 1 décembre », a plural after 0 or 1; in English, a plural after 1.

Broken tables: :func:`broken_documents` break the sample tables in every way the legality checks name, so that every
kind of issue message is read.
"""

from __future__ import annotations

import copy
import html
import re
from collections.abc import Iterable
from typing import Any

from marquoir.games import GAMES
from marquoir.games.bonsai.catalogue import catalogue as bonsai_catalogue
from marquoir.games.kanagawa.catalogue import catalogue
from support.samples import sample_document

#: Every issue code of every game (the contract's tables).
CODES = sorted({code for game in GAMES.values() for code in game.codes})
DIPLOMA_IDS = sorted(catalogue().diplomas)
GOAL_IDS = sorted(bonsai_catalogue().goals)
START_IDS = sorted(catalogue().start_tiles)

_SPACES = re.compile(r"[ \t\n\r\f\v]+")
_URL = re.compile(r"\b(?:https?://|www\.)\S+|(?<!\w)/[\w.-]+(?:/[\w.?=&%-]*)+")
_ids = "|".join(re.escape(i) for i in sorted([*DIPLOMA_IDS, *GOAL_IDS], key=len, reverse=True))
#: Each kind of word a person must not read, with what finds it.
FORBIDDEN: dict[str, re.Pattern[str]] = {
    "issue code": re.compile(r"(?<![\w-])(?:" + "|".join(CODES) + r")(?![\w-])"),
    "Diploma or goal id": re.compile(r"(?<![\w-])(?:" + _ids + r")(?![\w-])"),
    "Starting tile id": re.compile(r"(?<![\w-])(?:" + "|".join(START_IDS) + r")(?![\w-])"),
    # A catalogue number naming a card: after a card word, a number sign or "No.", a number with a Harmony sign or a
    # count after it, or three numbers in a list.
    "catalogue number": re.compile(
        r"(?i:\b(?:card|cards|carte|cartes|Studio|Atelier|Print|Estampe) #?\d)"
        r"|(?:\bNo\.|\bn°|#)\s*\d"
        r"|(?<![\w+−-])\d{1,2} [+−-]\d\b"
        r"|(?<![\w+−-])\d{1,2} ×\d"
        r"|(?<![\w.\[-])\d{1,2}(?:\s*[,;]\s*\d{1,2}){2,}(?![\w\]])"
    ),
    "(s) plural": re.compile(r"\w\((?:s|x|es)\)"),
}


def visible_texts(page: str) -> list[str]:
    """The text of an HTML page as a person reads it: each text node, and the accessible names of its tags."""
    page = re.sub(r"<!--.*?-->", " ", page, flags=re.S)
    page = re.sub(r"<(script|style|textarea|template)\b.*?</\1\s*>", " ", page, flags=re.S | re.I)
    texts: list[str] = []
    for tag in re.findall(r"<[^>]+>", page):
        for match in re.finditer(r'\s(?:aria-label|title|alt)="([^"]*)"', tag):
            texts.append(html.unescape(match.group(1)))
    texts += [html.unescape(chunk) for chunk in re.split(r"<[^>]+>", page)]
    # Runs of white space are one space; a no-break space is not white space here (French typography is read).
    return [text for text in (_SPACES.sub(" ", _URL.sub(" ", t)).strip(" ") for t in texts) if text]


def internal_words(texts: Iterable[str]) -> list[tuple[str, str, str]]:
    """Each (kind, word found, the text it is in) that only a document or a JSON report may hold."""
    found = []
    for text in texts:
        for kind, pattern in FORBIDDEN.items():
            for match in pattern.finditer(text):
                found.append((kind, match.group(), text))
    return found


#: French punctuation that takes a no-break space before it (Imprimerie nationale, *Lexique des règles
#: typographiques*): a colon, semicolon, exclamation or question mark ending a clause (followed by a space or the
#: end), not one inside a time ("20:30") or a document's value.
_FRENCH_PUNCTUATION = re.compile(r"(?<![\u00a0\u202f])[:;!?](?=[ \u00a0\u202f)»]|$)")
_MONTHS = "janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre"
#: What French typography and grammar refuse: each fault with what finds it.
FRENCH_FAULTS: dict[str, re.Pattern[str]] = {
    "no no-break space before the punctuation": _FRENCH_PUNCTUATION,
    "« en printemps » (say « au printemps »)": re.compile(r"\ben printemps\b"),
    "the first of the month as 1 (write « 1er »)": re.compile(r"(?<![\d.,])1 (?:" + _MONTHS + r")\b"),
    "guillemets without their no-break space": re.compile(r"«(?![\u00a0\u202f])|(?<![\u00a0\u202f])»"),
    "a plural after 0 or 1 (French counts 0 and 1 in the singular)": re.compile(
        r"(?<![\w.,−+-])[01] (?:points|cartes|arbres|Pinceaux|jetons|symboles|icônes|Diplômes|problèmes|joueurs"
        r"|feuilles|fleurs|fruits|parties|ombrelles|lanternes|cerfs-volants|gagnés|posés)\b"
    ),
}
#: The English counted words that must not follow a 1 ("1 points", "1 cards").
ENGLISH_FAULTS: dict[str, re.Pattern[str]] = {
    "a plural after 1": re.compile(
        r"(?<![\w.,−+-])1 (?:[A-Za-z]+ )?(?:points|cards|trees|brushes|tokens|symbols|icons|Diplomas|problems|issues"
        r"|players|leaves|flowers|fruits|games|umbrellas|lanterns|kites)\b"
    ),
}


def language_faults(texts: Iterable[str], lang: str) -> list[tuple[str, str, str]]:
    """Each (fault, what was found, the text it is in) of ``lang``'s typography and counted words."""
    faults = FRENCH_FAULTS if lang == "fr" else ENGLISH_FAULTS
    return [
        (kind, match.group(), text)
        for text in texts
        for kind, pattern in faults.items()
        for match in pattern.finditer(text)
    ]


def text_lines(text: str) -> list[str]:
    """A terminal's output, line by line (a line is one text a person reads), without the document paths that the
    terminal shows to whoever edits the document (``(at players[0].print[3])``)."""
    return [re.sub(r"\(at [^()]*\)|\(en [^()]*\)", "", line) for line in text.splitlines()]


def _kanagawa_broken() -> dict[str, Any]:
    """The 4-player base game broken in every way a detailed Kanagawa table can be."""
    doc = copy.deepcopy(sample_document("base-4p.json"))
    chiyo, daisuke, emi, fumiko = doc["players"]
    chiyo["diplomas"].append("kites-7")  # DIPLOMA_UNKNOWN: not in play
    chiyo["kept"] = [1, 2]  # KEPT (and a card twice: CARD_DUPLICATE)
    chiyo["brushes"] = 1  # BRUSHES
    daisuke["start"] = chiyo["start"]  # START_TILE: twice
    daisuke["diplomas"].append(chiyo["diplomas"][0])  # DIPLOMA_DUPLICATE, DIPLOMA_UNMET
    daisuke["yokai"] = 1  # YOKAI without the expansion
    emi["grand_master"] = False  # GRAND_MASTER: nobody
    emi["storms"] = [{"at": 0, "season": "winter"}, {"at": 0, "season": "winter"}, {"at": 40, "season": "spring"}]
    fumiko["start"] = "S9"  # START_TILE: unknown
    fumiko["print"] += [chiyo["print"][1], 99]  # CARD_DUPLICATE, CARD_UNKNOWN
    fumiko["print"].append({"family": "trees", "season": "spring", "trees": 3, "harmony": 5})  # CARD_UNKNOWN (fields)
    fumiko["studio"].append({"family": "kites", "landscape": "water"})  # CARD_FAMILY_NOT_IN_PLAY
    fumiko["diplomas"] += ["trees-5", "nope"]  # DIPLOMA_SAME_FAMILY, DIPLOMA_UNKNOWN
    fumiko["kept"] = [3]
    return doc


def _sheet_broken() -> dict[str, Any]:
    """Players entered from the sheet, with figures that cannot be (SHEET) and Diplomas that cannot be held."""
    sheet = {"print_cards": 30, "season_chain": 40, "harmony": 90, "diplomas": ["trees-3", "trees-4", "kites-7"],
             "grand_master": True, "yokai": 2}
    return {
        "game": "kanagawa",
        "players": [
            {"name": "Ann", "sheet": sheet},
            {"name": "Ben", "sheet": {**sheet, "print_cards": 0, "season_chain": -1, "harmony": -40,
                                      "diplomas": 1, "yokai": 0}},
            {"name": "Cal", "sheet": {**sheet, "print_cards": 1, "season_chain": 0, "diplomas": ["trees-3"],
                                      "grand_master": False}},
            {"name": "Dan", "sheet": {**sheet, "diplomas": 23, "grand_master": False}},
            {"name": "Eve", "sheet": {**sheet, "diplomas": [], "grand_master": False, "yokai": 0}},  # PLAYER_COUNT
        ],
    }


def _yokai_broken() -> dict[str, Any]:
    """The Yokai game with too many tokens, a family out of play and unmet expansion Diplomas."""
    doc = copy.deepcopy(sample_document("yokai-3p.json"))
    hana, ichiro, jun = doc["players"]
    doc["families"] = ["trees", "animals", "buildings", "kites"]  # FAMILIES (and umbrellas out of play)
    hana["yokai"], ichiro["yokai"], jun["yokai"] = 3, 2, 4
    ichiro["diplomas"] += ["lanterns-2x2", "kites-7"]
    jun["print"].append({"family": "umbrellas", "season": "summer", "umbrellas": 9})
    jun["storms"] = [{"at": 1, "season": "spring"}, {"at": 2, "season": "spring"}]
    return doc


def _bonsai_broken() -> dict[str, Any]:
    """The 4-player Bonsai game broken: tiles where they cannot grow, goals unknown, twice, of one colour, unmet."""
    doc = copy.deepcopy(sample_document("bonsai-4p.json"))
    first, second = doc["players"][0], doc["players"][1]
    first["tiles"] += [{"at": [0, 0], "kind": "leaf"}, {"at": [9, 9], "kind": "fruit"}, {"at": [8, 8], "kind": "wood"}]
    first["tiles"] += [{"at": [6, 6], "kind": "fruit"}, {"at": [7, 6], "kind": "fruit"}]  # FRUIT_TOUCHES_FRUIT
    # GOAL_UNKNOWN, GOAL_DUPLICATE, GOAL_SAME_COLOUR (two of one colour), GOAL_UNMET
    first["goals"] = [*first.get("goals", []), "pink-huge", *second.get("goals", [])[:1], "green-large"]
    if "cards" in second:
        second["cards"]["master"] = 40
    return doc


def unreachable_document() -> dict[str, Any]:
    """A legal table no game builds (``UNREACHABLE``): the 2-player base game with Ben's last Print card taken away,
    so that nobody has 11 painted cards and the deck had not run out."""
    doc = copy.deepcopy(sample_document("base-2p.json"))
    doc["players"][1]["print"] = doc["players"][1]["print"][:-1]
    return doc


def broken_documents() -> dict[str, dict[str, Any]]:
    """Each broken table by name."""
    return {
        "kanagawa-broken": _kanagawa_broken(),
        "sheet-broken": _sheet_broken(),
        "yokai-broken": _yokai_broken(),
        "bonsai-broken": _bonsai_broken(),
        "unreachable": unreachable_document(),
    }


#: The sample tables (seeds/) and the broken ones, by name.
SEEDS = ("base-2p.json", "base-4p.json", "yokai-3p.json", "bonsai-2p.json", "bonsai-4p.json")


def every_document() -> dict[str, dict[str, Any]]:
    """The sample tables and the broken ones."""
    return {**{name: sample_document(name) for name in SEEDS}, **broken_documents()}
