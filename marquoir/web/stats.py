"""Statistics pages — of the games saved outside any group (``/stats``) and of each group (``/g/<token>/stats``):
every player's record in each game, one player's record in one game (by category, for each edition apart), the
head-to-head of two players, and the totals over time as SVG charts drawn on the server. Filters choose the game,
the edition (a game's :attr:`~marquoir.core.game.Game.editions`: a base game or an expansion), the number of
players and a period.

The records and results come from storage's SQL (:mod:`marquoir.storage.stats`, :mod:`marquoir.storage.results`),
the figures from :mod:`marquoir.reports.stats` and the charts from :mod:`marquoir.reports.charts`; a player's
record in one game stands apart from their record in another (other categories, other scales), and a shared win
is counted as a win and shown as shared.

Every request reads a bounded amount, however many games are saved: without a period, a page of records per game
(at most :data:`LISTED_PLAYERS`, most games first: the search finds the others), whichever edition and number of
players; with a period, the latest player rows of the period (:data:`marquoir.storage.results.PERIOD_ROWS`, the
page says when there were more); charts of the last :data:`OVERVIEW_CHART_GAMES` or :data:`PLAYER_CHART_GAMES`
games, a player's :data:`RECENT_GAMES` latest games, a head-to-head over the latest games of the one with fewer.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from functools import lru_cache
from typing import Any

from babel import Locale
from babel.numbers import NumberPattern, parse_pattern
from flask import Blueprint, current_app, render_template, request, url_for
from flask.typing import ResponseReturnValue
from markupsafe import Markup
from sqlalchemy.engine import Engine

from marquoir.games import GAMES, most_players
from marquoir.i18n import get_language
from marquoir.reports.charts import results_chart_svg
from marquoir.reports.stats import (
    PlayerStats,
    Result,
    averages_by_edition,
    head_to_head,
    last_games,
    record_of_results,
    record_stats,
    statistics,
    wins_text,
)
from marquoir.storage import (
    ALL_TIME,
    Group,
    Kind,
    Period,
    PlayerRecord,
    editions,
    encounters,
    latest_results,
    name_key,
    names_in_game,
    period_records,
    player_counts,
    player_records,
    player_results,
    records_by_kind,
    records_of_player,
)
from marquoir.storage.results import MAX_RESULTS
from marquoir.web.db import get_engine, get_group_or_404
from marquoir.web.i18n import _, sheets_gettext
from marquoir.web.render import category_labels, error_page

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
#: The players offered as the other one of a head-to-head (those with the most games of the game).
OPPONENTS = 200


@lru_cache(maxsize=8)
def _decimal_format(lang: str) -> tuple[NumberPattern, Locale]:
    return parse_pattern("#,##0.0"), Locale.parse(lang)


def decimal(value: float) -> str:
    """A figure with one decimal, written the language's way (``12.5``, ``12,5``); the pattern is read once per
    language (a page writes a hundred of them)."""
    pattern, locale = _decimal_format(get_language())
    return str(pattern.apply(value, locale))


@lru_cache(maxsize=8)
def _percent_format(lang: str) -> tuple[NumberPattern, Locale]:
    locale = Locale.parse(lang)
    return locale.percent_formats[None], locale


def percent(value: float) -> str:
    """A rate as a percentage, written the language's way (``67%``, ``67 %``); the pattern is read once per
    language."""
    pattern, locale = _percent_format(get_language())
    return str(pattern.apply(value, locale))


def _wins(stats: PlayerStats) -> str:
    return wins_text(stats, sheets_gettext)


def _chart(shown: list[Result], names: list[str]) -> Markup:
    return Markup(results_chart_svg(shown, names, lang=get_language(), gettext=sheets_gettext))


# ---------------------------------------------------------------- the filters


@dataclass
class Filters:
    """The statistics asked for: a game (``None``: every game), an edition and a number of players, a period; the
    texts as they were sent (the form shows them again) and what could not be read, by field."""

    game: str | None = None
    edition: str = "*"
    players: int = 0
    period: Period = ALL_TIME
    texts: dict[str, str] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)

    def kind_for(self, game: str) -> Kind | None:
        """The kind of games counted in ``game``, or ``None`` when the edition chosen is not one of its."""
        if self.edition == "*":
            return Kind("*", self.players)
        return Kind(self.edition, self.players) if self.edition in editions().get(game, ()) else None

    @property
    def is_all(self) -> bool:
        return self.game is None and self.counts_every_game

    @property
    def counts_every_game(self) -> bool:
        """Whether every game of the game chosen is counted (any edition, number of players and date)."""
        return self.edition == "*" and not self.players and self.period.is_all

    def query(self) -> dict[str, str]:
        """The filters as the links carry them."""
        return {k: v for k, v in self.texts.items() if v and k not in self.errors}


_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def _day(text: str, where: str, errors: dict[str, str]) -> date | None:
    """A date typed as ``2026-01-31``; the error beside its field for anything else."""
    if not text:
        return None
    try:
        day = date.fromisoformat(text) if _DATE.fullmatch(text) else None
    except ValueError:
        day = None
    if day is None or day.year < 1900:
        errors[where] = _("Enter a date as year-month-day, such as 2026-01-31.")
        return None
    return day


def read_filters() -> Filters:
    """The filters of the request; a value that cannot be read is left out, and said beside its field."""
    texts = {k: (request.args.get(k) or "").strip()[:20] for k in ("game", "edition", "players", "from", "to")}
    found = Filters(texts=texts)
    errors = found.errors
    if texts["game"]:
        if texts["game"] in GAMES:
            found.game = texts["game"]
        else:
            errors["game"] = _("Choose a game from the list.")
    if texts["edition"]:
        if any(texts["edition"] in game.editions for game in GAMES.values()):
            found.edition = texts["edition"]
        else:
            errors["edition"] = _("Choose an edition from the list.")
    if texts["players"]:
        if texts["players"] in {str(n) for n in range(1, most_players() + 1)}:
            found.players = int(texts["players"])
        else:
            errors["players"] = _("Choose a number of players from the list.")
    since, until = _day(texts["from"], "from", errors), _day(texts["to"], "to", errors)
    if since is not None and until is not None and since > until:
        errors["to"] = _("The end of the period comes before its start.")
        until = None
    if since is not None or until is not None:
        found.period = Period(
            None if since is None else datetime.combine(since, datetime.min.time(), tzinfo=UTC),
            None if until is None else datetime.combine(until + timedelta(days=1), datetime.min.time(), tzinfo=UTC),
        )
    return found


# ---------------------------------------------------------------- the pages


@dataclass
class Scope:
    """Whose statistics: a group's, or those of the games outside any group; how links to them are made."""

    group: Group | None
    filters: Filters
    kept: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.kept = self.filters.query()

    @property
    def group_id(self) -> int | None:
        return None if self.group is None else self.group.id

    @property
    def base(self) -> str:
        """The link to these statistics with no filter."""
        if self.group is not None:
            return url_for("stats.group_stats", token=self.group.token)
        return url_for("stats.index")

    def url(self, **params: Any) -> str:
        """A link to these statistics with the filters kept (``params`` add to them or change them; ``None``
        drops one)."""
        values: dict[str, Any] = {**self.kept, **params}
        values = {k: v for k, v in values.items() if v not in (None, "")}
        if self.group is not None:
            return url_for("stats.group_stats", token=self.group.token, **values)
        return url_for("stats.index", **values)


def _sections(engine: Engine, scope: Scope, search: str | None) -> list[dict[str, Any]]:
    """Each game's players (at most :data:`LISTED_PLAYERS`, most games first), how many there are, and the chart
    of the first ones' last games, counting the games the filters keep."""
    filters = scope.filters
    counts = player_counts(engine, search=search, group_id=scope.group_id, kind=Kind(filters.edition, filters.players))
    sections = []
    for name, game in GAMES.items():
        kind = filters.kind_for(name)
        if kind is None or (filters.game is not None and name != filters.game):
            continue
        cut, games_counted = False, None
        if filters.period.is_all:
            if not counts.get(name):
                continue
            records = player_records(engine, name, search=search, limit=LISTED_PLAYERS, group_id=scope.group_id,
                                     kind=kind)  # fmt: skip
            count = counts[name]
        else:
            found = period_records(engine, name, filters.period, group_id=scope.group_id, kind=kind, search=search,
                                   limit=LISTED_PLAYERS)  # fmt: skip
            records, count, cut, games_counted = found.records, found.players, found.cut, found.games
        if not records:
            continue
        rows = statistics(records)
        charted = [s.name for s in rows[:CHART_PLAYERS]]
        latest = latest_results(engine, name, charted, games_shown=OVERVIEW_CHART_GAMES + 1, group_id=scope.group_id,
                                kind=kind, period=filters.period)  # fmt: skip
        shown, chart_cut = last_games(latest, OVERVIEW_CHART_GAMES)
        sections.append({"game": game, "stats": rows, "count": count, "chart": _chart(shown, charted),
                         "chart_games": OVERVIEW_CHART_GAMES if chart_cut else None, "cut": cut,
                         "games_counted": games_counted})  # fmt: skip
    return sections


def _page(scope: Scope) -> ResponseReturnValue:
    """Every player with games, wins (shared ones shown), win rate, average and best total, game by game; each
    game's chart of totals; ``player`` (and ``game``) shows one record, or the players whose names contain it."""
    player = (request.args.get("player") or "").strip()[:100]
    engine = get_engine()
    status = 400 if scope.filters.errors else 200
    context: dict[str, Any] = {"decimal": decimal, "percent": percent, "wins": _wins, "player": player,
                               "search": None, "scope": scope, "filters": scope.filters, "group": scope.group,
                               "editions": editions()}  # fmt: skip
    if player:
        mine = records_of_player(engine, player, group_id=scope.group_id)
        if mine:
            wanted = scope.filters.game or request.args.get("game", "")
            found = next((r for r in mine if r.game == wanted), mine[0])
            return _player_page(scope, found, [r for r in mine if r is not found], status)
        sections = _sections(engine, scope, player)
        if not sections:
            message = _("No saved game has a player called %(name)s.") % {"name": player}
            return render_template("stats/index.html", sections=[], message=message, **context), 404
        context["search"] = player
        return render_template("stats/index.html", sections=sections, message=None, **context), status
    sections = _sections(engine, scope, None)
    return render_template("stats/index.html", sections=sections, message=None, **context), status


def _player_page(scope: Scope, record: PlayerRecord, others: list[PlayerRecord], status: int) -> ResponseReturnValue:
    """A player's figures in one game as the filters count them, each category's average per edition, their chart
    and latest games, and a head-to-head (``vs``). Without a period the figures are the records'; with one, they
    are added up from the player's latest games of the period (at most :data:`MAX_RESULTS`)."""
    engine, filters = get_engine(), scope.filters
    game = GAMES[record.game]
    kind = filters.kind_for(record.game) or Kind("*", filters.players)
    rows = PLAYER_CHART_GAMES + 1 if filters.period.is_all else MAX_RESULTS
    found = player_results(engine, record.game, record.key, limit=rows, group_id=scope.group_id, kind=kind,
                           period=filters.period, points=not filters.period.is_all)  # fmt: skip
    cut = not filters.period.is_all and len(found) >= MAX_RESULTS
    by_edition: dict[Kind, PlayerRecord] = {}
    if filters.period.is_all:
        by_kind = records_by_kind(engine, record.game, record.key, group_id=scope.group_id)
        chosen = record if kind.is_all else by_kind.get(kind)
        by_edition = {Kind(k.edition, 0): r for k, r in by_kind.items() if k.players == filters.players}
    else:
        chosen = record_of_results(found, record.key)
        for edition in editions().get(record.game, ("",)):
            summed = record_of_results([r for r in found if r.edition == edition], record.key)
            if summed is not None:
                by_edition[Kind(edition, 0)] = summed
    shown, chart_cut = last_games(found[: PLAYER_CHART_GAMES + 1], PLAYER_CHART_GAMES)
    opponents = [p for p in names_in_game(engine, record.game, limit=OPPONENTS, group_id=scope.group_id)
                 if p.key != record.key]  # fmt: skip
    other = (request.args.get("vs") or "").strip()[:100]
    versus = None
    if other:
        met, met_cut = encounters(engine, record.game, record.key, other, group_id=scope.group_id, kind=kind,
                                  period=filters.period)  # fmt: skip
        names = {p.key: p.name for p in opponents}
        versus = {"name": names.get(name_key(other), other), "figures": head_to_head(met), "cut": met_cut,
                  "known": name_key(other) in names}  # fmt: skip
    context = {
        "stats": None if chosen is None else record_stats(chosen), "record": record, "game": game,
        "labels": category_labels(game),
        "others": [(GAMES[s.game], record_stats(s)) for s in others if s.game in GAMES],
        "editions": averages_by_edition(record.game, by_edition),
        "chart": _chart(shown, [record.name]), "chart_games": PLAYER_CHART_GAMES if chart_cut else None,
        "decimal": decimal, "percent": percent, "wins": _wins, "cut": cut,
        "recent": [{"result": r, "token": r.share_token} for r in found[:RECENT_GAMES]],
        "scope": scope, "filters": filters, "group": scope.group, "versus": versus, "vs": other,
        "opponents": [p.name for p in opponents],
        "edition_names": {**{k: _(label) for k, label in game.editions.items()}, "": game_title(game)},
        "player": record.name,
    }  # fmt: skip
    return render_template("stats/player.html", **context), status


def game_title(game: Any) -> str:
    return _(game.title)


@bp.get("/stats")
def index() -> ResponseReturnValue:
    """The statistics of the games saved outside any group (unless the server lists none)."""
    if not current_app.config.get("PUBLIC_LIST", True):
        return error_page(404, _("No public list"), _("This server lists no games: each group sees its own "
                                                       "statistics at its link."))
    return _page(Scope(None, read_filters()))


@bp.get("/g/<token>/stats")
def group_stats(token: str) -> ResponseReturnValue:
    """A group's statistics (its games only)."""
    return _page(Scope(get_group_or_404(token), read_filters()))
