"""Statistics pages: every player name's record, one player's record by category, and the totals over time as an
SVG chart drawn on the server (issue 5, item 3). The figures are :mod:`marquoir.reports.stats`' and the charts
:mod:`marquoir.reports.charts`'; a shared win is counted as a win and shown as shared (seed 002, section 4)."""

from __future__ import annotations

from babel.numbers import format_decimal
from flask import Blueprint, render_template, request
from flask.typing import ResponseReturnValue
from markupsafe import Markup

from marquoir.i18n import get_language
from marquoir.reports.charts import totals_chart_svg
from marquoir.reports.stats import PlayerStats, player_statistics, results, wins_text
from marquoir.storage import StorageError, all_games, name_key
from marquoir.web.games import engine, unavailable_page
from marquoir.web.helpers import _
from marquoir.web.i18n import sheets_gettext

bp = Blueprint("stats", __name__)

#: The most players drawn on the chart of the overview (the chart's own limit is its palette).
CHART_PLAYERS = 6


def decimal(value: float) -> str:
    """A figure with one decimal, written the language's way (``12.5``, ``12,5``)."""
    return format_decimal(value, format="#,##0.0", locale=get_language())


def _wins(stats: PlayerStats) -> str:
    return wins_text(stats, sheets_gettext)


@bp.get("/stats")
def index() -> ResponseReturnValue:
    """Every player name with games, wins (shared ones shown), average and best total; the totals chart."""
    player = (request.args.get("player") or "").strip()[:100]
    try:
        games = all_games(engine())
    except StorageError as error:
        return unavailable_page(error)
    stats = player_statistics(games)
    if player:
        key = name_key(player)
        found = next((s for s in stats if s.key == key), None)
        if found is None:
            message = _("No saved game has a player called %(name)s.") % {"name": player}
            return render_template("stats/index.html", stats=[], chart=None, message=message, decimal=decimal,
                                   wins=_wins, player=player), 404
        return _player_page(found, games)
    shown = [s.name for s in stats[:CHART_PLAYERS]]
    chart = Markup(totals_chart_svg(games, shown, lang=get_language(), gettext=sheets_gettext)) if stats else None
    return render_template("stats/index.html", stats=stats, chart=chart, message=None, decimal=decimal, wins=_wins,
                           player="")


def _player_page(stats: PlayerStats, games: list) -> ResponseReturnValue:  # type: ignore[type-arg]
    mine = [g for g in games if any(name_key(p["name"]) == stats.key for p in g.report["players"])]
    chart = Markup(totals_chart_svg(mine, [stats.name], lang=get_language(), gettext=sheets_gettext))
    played = [r for r in results(mine) if name_key(r.name) == stats.key]
    tokens = {g.id: g.share_token for g in mine}
    recent = [
        {"result": r, "token": tokens[r.game_id]} for r in sorted(played, key=lambda r: r.played_at, reverse=True)
    ][:20]
    return render_template("stats/player.html", stats=stats, chart=chart, decimal=decimal, wins=_wins,
                           recent=recent)
