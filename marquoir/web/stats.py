"""Statistics pages: every player name's record in each game, one player's record in one game by category, and
the totals over time as an SVG chart drawn on the server. The figures are :mod:`marquoir.reports.stats`' and the
charts :mod:`marquoir.reports.charts`'; a player's Bonsai record stands apart from their Kanagawa one (other
categories, other scales), and a shared win is counted as a win and shown as shared."""

from __future__ import annotations

from babel.numbers import format_decimal
from flask import Blueprint, render_template, request
from flask.typing import ResponseReturnValue
from markupsafe import Markup

from marquoir.games import GAMES
from marquoir.i18n import get_language
from marquoir.reports.charts import totals_chart_svg
from marquoir.reports.stats import PlayerStats, player_statistics, results, wins_text
from marquoir.storage import SavedGame, all_games, name_key
from marquoir.web.db import get_engine
from marquoir.web.i18n import _, sheets_gettext
from marquoir.web.render import category_labels

bp = Blueprint("stats", __name__)

#: The most players drawn on the chart of each game (the chart's own limit is its palette).
CHART_PLAYERS = 6


def decimal(value: float) -> str:
    """A figure with one decimal, written the language's way (``12.5``, ``12,5``)."""
    return format_decimal(value, format="#,##0.0", locale=get_language())


def _wins(stats: PlayerStats) -> str:
    return wins_text(stats, sheets_gettext)


def _chart(games: list[SavedGame], names: list[str]) -> Markup:
    return Markup(totals_chart_svg(games, names, lang=get_language(), gettext=sheets_gettext))


@bp.get("/stats")
def index() -> ResponseReturnValue:
    """Every player name with games, wins (shared ones shown), average and best total, game by game; each game's
    chart of totals; ``player`` (and ``game``) shows one record."""
    player = (request.args.get("player") or "").strip()[:100]
    games = all_games(get_engine())
    stats = player_statistics(games)
    context = {"decimal": decimal, "wins": _wins, "player": player}
    if player:
        key = name_key(player)
        mine = [s for s in stats if s.key == key]
        wanted = request.args.get("game", "")
        found = next((s for s in mine if s.game == wanted), mine[0] if mine else None)
        if found is None:
            message = _("No saved game has a player called %(name)s.") % {"name": player}
            return render_template("stats/index.html", sections=[], message=message, **context), 404
        return _player_page(found, [s for s in mine if s is not found], games)
    sections = []
    for name, game in GAMES.items():
        rows = [s for s in stats if s.game == name]
        if rows:
            played = [g for g in games if g.game == name]
            chart = _chart(played, [s.name for s in rows[:CHART_PLAYERS]])
            sections.append({"game": game, "stats": rows, "chart": chart})
    return render_template("stats/index.html", sections=sections, message=None, **context)


def _player_page(stats: PlayerStats, others: list[PlayerStats], games: list[SavedGame]) -> ResponseReturnValue:
    mine = [
        g for g in games if g.game == stats.game and any(name_key(p["name"]) == stats.key for p in g.report["players"])
    ]
    played = [r for r in results(mine) if name_key(r.name) == stats.key]
    tokens = {g.id: g.share_token for g in mine}
    recent = [
        {"result": r, "token": tokens[r.game_id]} for r in sorted(played, key=lambda r: r.played_at, reverse=True)
    ][:20]
    game = GAMES[stats.game]
    return render_template(
        "stats/player.html",
        stats=stats,
        game=game,
        labels=category_labels(game),
        others=[(GAMES[s.game], s) for s in others],
        chart=_chart(mine, [stats.name]),
        decimal=decimal,
        wins=_wins,
        recent=recent,
    )
