"""Kanagawa's plain-text renderings for the terminal: the Diploma checker and the catalogue of cards.

Values in, text out; the commands of :mod:`marquoir.games.kanagawa.commands` print what these return.
"""

from __future__ import annotations

from collections.abc import Sequence

from marquoir.games.kanagawa.catalogue import Card, Catalogue
from marquoir.games.kanagawa.diplomas import DiplomaCheck
from marquoir.games.kanagawa.naming import diploma_text


def render_diplomas(name: str, checks: Sequence[DiplomaCheck], held: Sequence[str]) -> str:
    """The dispute checker: every Diploma of the game for one player, met or not, with figure and cards; each
    Diploma by its name and points (:func:`~marquoir.games.kanagawa.naming.diploma_text`), never its id."""
    lines = [f"Diplomas for {name}:"]
    marks = {True: "met    ", False: "not met", None: "?      "}
    named = [diploma_text(verdict.diploma) for verdict in checks]
    width = max(map(len, named), default=0)
    for verdict, diploma in zip(checks, named, strict=True):
        holding = " [held]" if verdict.diploma.id in held else ""
        cards = (" — " + verdict.cards_text()) if verdict.cards else ""
        lines.append(
            f"  {marks[verdict.met]}  {diploma:<{width}}  {verdict.measure}: {verdict.figure}/"
            f"{verdict.needed}{cards}{holding}"
        )
        if verdict.note:
            lines.append(f"           {verdict.note}")
    return "\n".join(lines)


def card_line(card: Card) -> str:
    """One catalogue card on one line: id, family, both halves."""
    studio = card.studio
    studio_text = " ".join(x for x in (studio.landscape, studio.icon) if x) or "—"
    if studio.harmony:
        studio_text += f" harmony {studio.harmony:+d}"
    half = card.print
    paint = f"{half.paint.brushes}× {half.paint.landscape}" if half.paint else "?"
    print_text = f"{half.season:<6} {half.subject_text():<14} paint {paint}"
    if half.harmony:
        print_text += f" harmony {half.harmony:+d}"
    return f"{card.id:>3}  {card.family:<10} studio: {studio_text:<24} print: {print_text}"


def render_cards(cat: Catalogue, family: str | None = None) -> str:
    """The catalogue, so a person can write a table by hand."""
    cards = [c for c in cat.cards.values() if family is None or c.family == family]
    return "\n".join(card_line(c) for c in cards)
