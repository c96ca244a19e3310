"""Statistics pages: every player name's record in each game, one player's record in one game by category, and
the totals over time as an SVG chart drawn on the server. The records and results come from storage's SQL
(:mod:`marquoir.storage.stats`), the figures from :mod:`marquoir.reports.stats` and the charts from
:mod:`marquoir.reports.charts`; a player's Bonsai record stands apart from their Kanagawa one (other categories,
other scales), and a shared win is counted as a win and shown as shared.

Every request reads a bounded amount, however many games are saved: at most :data:`LISTED_PLAYERS` players per
game (most games first; the search finds the others), charts of the last :data:`OVERVIEW_CHART_GAMES` or
:data:`PLAYER_CHART_GAMES` games, a player's :data:`RECENT_GAMES` latest games.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from babel import Locale
from babel.numbers import NumberPattern, parse_pattern
from flask import Blueprint, render_template, request
from flask.typing import ResponseReturnValue
from markupsafe import Markup
from sqlalchemy.engine import Engine

from marquoir.games import GAMES
from marquoir.i18n import get_language
from marquoir.reports.charts import results_chart_svg
from marquoir.reports.stats import PlayerStats, Result, last_games, record_stats, statistics, wins_text
from marquoir.storage import latest_results, player_counts, player_records, player_results, records_of_player
from marquoir.web.db import get_engine
from marquoir.web.i18n import _, sheets_gettext
from marquoir.web.render import category_labels

bp = Blueprint("stats", __name__)

#: The most players drawn on the chart of each game (the chart's own limit is its palette).
CHART_PLAYERS = 6
#: The players listed per game on the overview, most games first.
LISTED_PLAYERS = 50
#: The games drawn on each game's chart of the overview, and on a player's chart.
OVERVIEW_CHART_GAMES = 50
PLAYER_CHART_GAMES = 200
#: A player's latest games listed on their page.
RECENT_GAMES = 20


@lru_cache(maxsize=8)
def _decimal_format(lang: str) -> tuple[NumberPattern, Locale]:
    return parse_pattern("#,##0.0"), Locale.parse(lang)


def decimal(value: float) -> str:
    """A figure with one decimal, written the language's way (``12.5``, ``12,5``); the pattern is read once per
    language (a page writes a hundred of them)."""
    pattern, locale = _decimal_format(get_language())
    return str(pattern.apply(value, locale))


def _wins(stats: PlayerStats) -> str:
    return wins_text(stats, sheets_gettext)


def _chart(shown: list[Result], names: list[str]) -> Markup:
    return Markup(results_chart_svg(shown, names, lang=get_language(), gettext=sheets_gettext))


def _sections(engine: Engine, search: str | None) -> list[dict[str, Any]]:
    """Each game's players (at most :data:`LISTED_PLAYERS`, most games first), how many there are, and the chart of
    the first ones' last games."""
    counts = player_counts(engine, search=search)
    sections = []
    for name, game in GAMES.items():
        if not counts.get(name):
            continue
        rows = statistics(player_records(engine, name, search=search, limit=LISTED_PLAYERS))
        charted = [s.name for s in rows[:CHART_PLAYERS]]
        found = latest_results(engine, name, charted, games_shown=OVERVIEW_CHART_GAMES + 1)
        shown, cut = last_games(found, OVERVIEW_CHART_GAMES)
        sections.append(
            {
                "game": game,
                "stats": rows,
                "count": counts[name],
                "chart": _chart(shown, charted),
                "chart_games": OVERVIEW_CHART_GAMES if cut else None,
            }
        )
    return sections


@bp.get("/stats")
def index() -> ResponseReturnValue:
    """Every player name with games, wins (shared ones shown), average and best total, game by game; each game's
    chart of totals; ``player`` (and ``game``) shows one record, or the players whose names contain it."""
    player = (request.args.get("player") or "").strip()[:100]
    engine = get_engine()
    context = {"decimal": decimal, "wins": _wins, "player": player, "search": None}
    if player:
        mine = records_of_player(engine, player)
        if mine:
            wanted = request.args.get("game", "")
            found = next((r for r in mine if r.game == wanted), mine[0])
            return _player_page(record_stats(found), [record_stats(r) for r in mine if r is not found])
        sections = _sections(engine, player)
        if not sections:
            message = _("No saved game has a player called %(name)s.") % {"name": player}
            return render_template("stats/index.html", sections=[], message=message, **context), 404
        context["search"] = player
        return render_template("stats/index.html", sections=sections, message=None, **context)
    return render_template("stats/index.html", sections=_sections(engine, None), message=None, **context)


def _player_page(stats: PlayerStats, others: list[PlayerStats]) -> ResponseReturnValue:
    newest_first = player_results(get_engine(), stats.game, stats.key, limit=PLAYER_CHART_GAMES + 1)
    shown, cut = last_games(newest_first, PLAYER_CHART_GAMES)
    recent = [{"result": r, "token": r.share_token} for r in newest_first[:RECENT_GAMES]]
    game = GAMES[stats.game]
    return render_template(
        "stats/player.html",
        stats=stats,
        game=game,
        labels=category_labels(game),
        others=[(GAMES[s.game], s) for s in others if s.game in GAMES],
        chart=_chart(shown, [stats.name]),
        chart_games=PLAYER_CHART_GAMES if cut else None,
        decimal=decimal,
        wins=_wins,
        recent=recent,
    )
