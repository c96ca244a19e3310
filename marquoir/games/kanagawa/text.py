"""Plain-text renderings for the terminal: the score sheet, the legality report, the Diploma checker, the cards.

Values in, text out; the CLI prints what these return.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from marquoir.core.issues import Issue
from marquoir.games.kanagawa.catalogue import Card, Catalogue
from marquoir.games.kanagawa.diplomas import DiplomaCheck
from marquoir.games.kanagawa.scoring import CATEGORY_NAMES, ScoreReport
from marquoir.games.kanagawa.vocabulary import CATEGORIES
from marquoir.i18n import _


def _grid(rows: Sequence[Sequence[str]]) -> list[str]:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [row[0].ljust(widths[0])] + [cell.rjust(w) for cell, w in zip(row[1:], widths[1:], strict=True)]
        lines.append("  ".join(cells).rstrip())
    return lines


def render_sheet(report: ScoreReport, explain: bool = False) -> str:
    """The score sheet: categories as rows, players as columns, then totals, ranks, winners and issues."""
    players = report.players
    header = ["", *(p.name for p in players)]
    rows = [header]
    for category in CATEGORIES:
        rows.append([_(CATEGORY_NAMES[category]), *(str(p.breakdown[category]) for p in players)])
    rule = ["-" * max(len(row[0]) for row in rows), *("-" * max(len(p.name), 3) for p in players)]
    rows.append(rule)
    rows.append(["Total", *(str(p.total) for p in players)])
    rows.append(["Rank", *(_ordinal(p.rank) for p in players)])
    lines = _grid(rows)
    winners = list(report.winners)
    if len(winners) == 1:
        lines.append(f"\nWinner: {winners[0]}")
    elif winners:
        lines.append(f"\nShared victory: {', '.join(winners)}")
    if explain:
        for player in players:
            lines.append(f"\n{player.name}")
            for category in CATEGORIES:
                lines.append(
                    f"  {CATEGORY_NAMES[category]}: {player.breakdown[category]} — {player.explanations[category]}"
                )
    lines.append("")
    lines.append(render_issues(report.issues))
    return "\n".join(lines)


def _ordinal(rank: int) -> str:
    suffix = "th" if 10 <= rank % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(rank % 10, "th")
    return f"{rank}{suffix}"


def render_issues(issues: Iterable[Issue]) -> str:
    """The legality report in plain words, one issue a line."""
    found = list(issues)
    if not found:
        return "Legal: no issue found."
    lines = [f"{len(found)} issue(s):"]
    lines += [f"  {issue}" for issue in found]
    return "\n".join(lines)


def render_diplomas(name: str, checks: Sequence[DiplomaCheck], held: Sequence[str]) -> str:
    """The dispute checker: every Diploma of the game for one player, met or not, with figure and cards."""
    lines = [f"Diplomas for {name}:"]
    marks = {True: "met    ", False: "not met", None: "?      "}
    for verdict in checks:
        holding = " [held]" if verdict.diploma.id in held else ""
        cards = (" — " + ", ".join(verdict.cards)) if verdict.cards else ""
        lines.append(
            f"  {marks[verdict.met]}  {verdict.diploma.id:<28} {verdict.measure}: {verdict.figure}/"
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
