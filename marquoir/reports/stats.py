"""Statistics per player name and game over saved games: games played, wins (shared ones counted and shown apart),
win rate, average and best total, average points per category (for each edition of a game apart: a base game, an
expansion), each player's totals over time, and two players' head-to-head.

Pure functions over values: the players' records and results that :mod:`marquoir.storage.stats` reads from SQL
(:func:`statistics`), or saved games themselves (:func:`player_statistics`, :func:`results`: the same figures from
the stored score reports, for a handful of games and for the tests). The same name written with other accents or
capitals is the same player (:func:`marquoir.storage.name_key`). A tie shares the victory (as the games' rules say,
section 4): every player at the top total wins, and such a win is *shared*.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from marquoir.games import get_game
from marquoir.reports.i18n import Gettext
from marquoir.storage.games import SavedGame
from marquoir.storage.results import Encounter, PlayerResult
from marquoir.storage.rows import edition_of, editions, seat_keys
from marquoir.storage.stats import ALL_GAMES, Kind, PlayerRecord

#: One player's result in one game (a point of the chart of totals over time).
Result = PlayerResult


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """One player's record in one game; ``wins`` counts shared wins too, ``shared_wins`` says how many of them were
    shared."""

    game: str
    name: str
    key: str
    games: int
    wins: int
    shared_wins: int
    best_total: int
    average_total: float
    category_averages: Mapping[str, float]
    last_played: datetime

    @property
    def outright_wins(self) -> int:
        return self.wins - self.shared_wins

    @property
    def win_rate(self) -> float:
        return self.wins / self.games


def record_stats(record: PlayerRecord) -> PlayerStats:
    """A record's figures: its averages per game, the categories in the order of the game's sheet."""
    categories = get_game(record.game).categories
    count = record.games
    return PlayerStats(
        game=record.game,
        name=record.name,
        key=record.key,
        games=count,
        wins=record.wins,
        shared_wins=record.shared_wins,
        best_total=record.best_total,
        average_total=record.total_points / count,
        category_averages={c: record.category_points.get(c, 0) / count for c in categories},
        last_played=record.last_played,
    )


def statistics(records: Iterable[PlayerRecord]) -> list[PlayerStats]:
    """The figures of each record, most games first (then by name key and game)."""
    return sorted((record_stats(r) for r in records), key=lambda s: (-s.games, s.key, s.game))


@dataclass
class _Tally:
    """A record being added up."""

    name: str
    last_played: datetime
    best: int
    games: int = 0
    wins: int = 0
    shared: int = 0
    total: int = 0
    points: dict[str, int] = field(default_factory=dict)


def is_of_kind(game: SavedGame, kind: Kind) -> bool:
    """Whether a saved game is of this edition and number of players."""
    if kind.players and len(game.report["players"]) != kind.players:
        return False
    return kind.edition in ("*", edition_of(game.table))


def records_of(games: Iterable[SavedGame], kind: Kind = ALL_GAMES) -> list[PlayerRecord]:
    """The records that storage keeps, added up from saved games' reports instead (in the order of play, so the
    name is the one last written), counting the games of ``kind``."""
    tallies: dict[tuple[str, str], _Tally] = {}
    for game in sorted(games, key=lambda g: (g.played_at, g.id)):
        if not kind.is_all and not is_of_kind(game, kind):
            continue
        winners = set(game.report["winners"])
        keys = seat_keys([str(p["name"]) for p in game.report["players"]])  # two seats are two players
        for seat, player in enumerate(game.report["players"]):
            total, won = int(player["total"]), player["name"] in winners
            tally = tallies.setdefault((game.game, keys[seat]), _Tally("", game.played_at, total))
            tally.name, tally.last_played = str(player["name"]), game.played_at
            tally.games += 1
            tally.wins += won
            tally.shared += won and len(winners) > 1
            tally.best = max(tally.best, total)
            tally.total += total
            for category, value in player["breakdown"].items():
                tally.points[category] = tally.points.get(category, 0) + int(value)
    return [
        PlayerRecord(game, key, t.name, t.games, t.wins, t.shared, t.best, t.total, t.points, t.last_played)
        for (game, key), t in tallies.items()
    ]


def player_statistics(games: Iterable[SavedGame]) -> list[PlayerStats]:
    """The record of every player name in every game they played (a player's record in one game stands apart from
    their record in another: the categories and the scales differ), most games first (then by name key and game)."""
    return statistics(records_of(games))


def results(games: Iterable[SavedGame]) -> list[Result]:
    """Every player's result in every game, in the order of play (then game id, then seat)."""
    found = []
    for game in sorted(games, key=lambda g: (g.played_at, g.id)):
        winners = set(game.report["winners"])
        edition = edition_of(game.table)
        for player in game.report["players"]:
            won = player["name"] in winners
            found.append(
                Result(
                    game.id,
                    game.game,
                    game.played_at,
                    player["name"],
                    int(player["total"]),
                    int(player["rank"]),
                    won,
                    won and len(winners) > 1,
                    game.share_token,
                    {str(c): int(v) for c, v in player["breakdown"].items()},
                    edition,
                    len(game.report["players"]),
                )
            )
    return found


def record_of_results(found: Sequence[Result], key: str) -> PlayerRecord | None:
    """One player's record added up from their results (such as the bounded slice of a period), or ``None``
    when there are none; the name is the one last written."""
    if not found:
        return None
    ordered = sorted(found, key=lambda r: (r.played_at, r.game_id))
    points: dict[str, int] = {}
    for result in ordered:
        for category, value in result.points.items():
            points[category] = points.get(category, 0) + value
    return PlayerRecord(
        ordered[-1].game,
        key,
        ordered[-1].name,
        len(ordered),
        sum(r.winner for r in ordered),
        sum(r.shared for r in ordered),
        max(r.total for r in ordered),
        sum(r.total for r in ordered),
        points,
        ordered[-1].played_at,
    )


@dataclass(frozen=True, slots=True)
class EditionAverages:
    """A player's figures in one edition of a game (``""``: the game has one): games and each category's average
    per game, in the order of the game's sheet."""

    edition: str
    games: int
    average_total: float
    category_averages: Mapping[str, float]


def averages_by_edition(game: str, records: Mapping[Kind, PlayerRecord]) -> list[EditionAverages]:
    """Each category's average per game in each edition of ``game`` that the player played (from their records by
    edition, every number of players counted)."""
    categories = get_game(game).categories
    found = []
    for edition in editions().get(game, ("",)):
        record = records.get(Kind(edition, 0))
        if record is None or not record.games:
            continue
        averages = {c: record.category_points.get(c, 0) / record.games for c in categories}
        found.append(EditionAverages(edition, record.games, record.total_points / record.games, averages))
    return found


@dataclass(frozen=True, slots=True)
class HeadToHead:
    """Two players over the games they played together: how many, how many each won (``shared``: won together),
    how often each finished ahead of the other, and how often at the same place."""

    games: int
    first_wins: int
    second_wins: int
    shared_wins: int
    first_ahead: int
    second_ahead: int
    same_place: int


def head_to_head(found: Iterable[Encounter]) -> HeadToHead:
    """The head-to-head of two players from the games they played together."""
    games = first_wins = second_wins = shared = first_ahead = second_ahead = same = 0
    for e in found:
        games += 1
        first_wins += e.first_won
        second_wins += e.second_won
        shared += e.first_won and e.second_won
        first_ahead += e.first_rank < e.second_rank
        second_ahead += e.second_rank < e.first_rank
        same += e.first_rank == e.second_rank
    return HeadToHead(games, first_wins, second_wins, shared, first_ahead, second_ahead, same)


def last_games(found: Iterable[Result], count: int) -> tuple[list[Result], bool]:
    """The results of the ``count`` latest games among ``found``, in the order of play (then game id; the order
    within a game is kept), and whether some games were left out."""
    ordered = sorted(found, key=lambda r: (r.played_at, r.game_id))
    played = sorted({(r.played_at, r.game_id) for r in ordered})
    kept = set(played[-count:]) if count > 0 else set()
    return [r for r in ordered if (r.played_at, r.game_id) in kept], len(played) > len(kept)


def wins_text(stats: PlayerStats, gettext: Gettext = str) -> str:
    """Wins as the statistics page shows them: ``5 (2 shared)``, or ``5`` when none was shared."""
    if not stats.shared_wins:
        return str(stats.wins)
    return gettext("%(wins)d (%(shared)d shared)") % {"wins": stats.wins, "shared": stats.shared_wins}
