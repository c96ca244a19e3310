"""Plain-text renderings for the terminal, for any game: the score table (categories × players, totals, ranks, the
ranking in words) and the legality report. Values in, text out; the CLI prints what these return, in the language
of the moment (:func:`marquoir.i18n.language`). An issue is shown by its message and the place in the document it
concerns, never by its code (codes are for the JSON reports: ``marquoir/data/table-format.md``)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from marquoir.core.issues import Issue
from marquoir.core.report import ScoreReport
from marquoir.games import get_game
from marquoir.i18n import _, ngettext, ordinal


def _grid(rows: Sequence[Sequence[str]]) -> list[str]:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [row[0].ljust(widths[0])] + [cell.rjust(w) for cell, w in zip(row[1:], widths[1:], strict=True)]
        lines.append("  ".join(cells).rstrip())
    return lines


def render_score_table(report: ScoreReport, explain: bool = False) -> str:
    """The score table: the game's categories as rows, players as columns, then totals, ranks, winners, the
    ranking in words, and the issues; with ``explain``, every figure explained."""
    game = get_game(report.game)
    players = report.players
    labels = {category: _(game.category_labels[category]) for category in game.categories}
    rows = [["", *(p.name for p in players)]]
    for category in game.categories:
        rows.append([labels[category], *(str(p.breakdown[category]) for p in players)])
    rows.append(["-" * max(len(row[0]) for row in rows), *("-" * max(len(p.name), 3) for p in players)])
    rows.append([_("Total"), *(str(p.total) for p in players)])
    rows.append([_("Rank"), *(ordinal(p.rank) for p in players)])
    lines = _grid(rows)
    winners = list(report.winners)
    if len(winners) == 1:
        lines.append("\n" + _("Winner: {name}").format(name=winners[0]))
    elif winners:
        lines.append("\n" + _("Shared victory: {names}").format(names=", ".join(winners)))
    lines += list(report.notes)
    if explain:
        # The rows this table has (a game may leave out a row it does not use), and any other a player scored in.
        shown = game.categories_of(report.table) if report.table is not None else game.categories
        for player in players:
            lines.append(f"\n{player.name}")
            for category in game.categories:
                if category in shown or player.breakdown[category]:
                    why = player.explanations.get(category, "")
                    lines.append(f"  {labels[category]}: {player.breakdown[category]}" + (f" — {why}" if why else ""))
    lines.append("")
    lines.append(render_issues(report.issues))
    return "\n".join(lines)


def issue_line(issue: Issue) -> str:
    """One issue for a person: who, what, and where in the document (``Aiko: … (at players[0].print[3])``); the
    code stays in the JSON report."""
    if issue.player:
        return _("{player}: {message} (at {field})").format(
            player=issue.player, message=issue.message, field=issue.field
        )
    return _("{message} (at {field})").format(message=issue.message, field=issue.field)


def render_issues(issues: Iterable[Issue]) -> str:
    """The legality report in plain words, one issue a line."""
    found = list(issues)
    if not found:
        return _("Legal: no issue found.")
    lines = [ngettext("{count} issue:", "{count} issues:", len(found)).format(count=len(found))]
    lines += [f"  {issue_line(issue)}" for issue in found]
    return "\n".join(lines)
