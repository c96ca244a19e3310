"""Statistics per player name and game over saved games: games played, wins (shared ones counted and shown apart),
average and best total, average points per category, and each player's totals over time.

Pure functions over :class:`~marquoir.storage.SavedGame` values (their stored score reports); the same name
written with other accents or capitals is the same player (:func:`marquoir.storage.name_key`). A tie shares the
victory (Kanagawa French rules, section 4): every player at the top total wins, and such a win is *shared*.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from marquoir.games import get_game
from marquoir.reports.i18n import Gettext
from marquoir.storage.games import SavedGame, name_key


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


@dataclass(frozen=True, slots=True)
class Result:
    """One player's result in one game (a point of the chart of totals over time)."""

    game_id: int
    game: str
    played_at: datetime
    name: str
    total: int
    rank: int
    winner: bool
    shared: bool


def results(games: Iterable[SavedGame]) -> list[Result]:
    """Every player's result in every game, in the order of play (then game id, then seat)."""
    found = []
    for game in sorted(games, key=lambda g: (g.played_at, g.id)):
        winners = set(game.report["winners"])
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
                )
            )
    return found


def player_statistics(games: Iterable[SavedGame]) -> list[PlayerStats]:
    """The record of every player name in every game they played (a player's Bonsai record stands apart from their
    Kanagawa one: the categories and the scales differ), most games first (then by name key and game)."""
    chosen = sorted(games, key=lambda g: (g.played_at, g.id))
    by_key: dict[tuple[str, str], list[tuple[SavedGame, Mapping[str, Any]]]] = {}
    for game in chosen:
        for player in game.report["players"]:
            by_key.setdefault((game.game, name_key(player["name"])), []).append((game, player))
    stats = []
    for (game_name, key), entries in by_key.items():
        categories = get_game(game_name).categories
        totals = [int(p["total"]) for _, p in entries]
        wins = shared = 0
        for game, player in entries:
            winners = game.report["winners"]
            if player["name"] in winners:
                wins += 1
                shared += len(winners) > 1
        sums = dict.fromkeys(categories, 0)
        for _, player in entries:
            for category in categories:
                sums[category] += int(player["breakdown"].get(category, 0))
        count = len(entries)
        last_game, last_player = entries[-1]
        stats.append(
            PlayerStats(
                game=game_name,
                name=str(last_player["name"]),
                key=key,
                games=count,
                wins=wins,
                shared_wins=shared,
                best_total=max(totals),
                average_total=sum(totals) / count,
                category_averages={c: sums[c] / count for c in categories},
                last_played=last_game.played_at,
            )
        )
    return sorted(stats, key=lambda s: (-s.games, s.key, s.game))


def wins_text(stats: PlayerStats, gettext: Gettext = str) -> str:
    """Wins as the statistics page shows them: ``5 (2 shared)``, or ``5`` when none was shared."""
    if not stats.shared_wins:
        return str(stats.wins)
    return gettext("%(wins)d (%(shared)d shared)") % {"wins": stats.wins, "shared": stats.shared_wins}
