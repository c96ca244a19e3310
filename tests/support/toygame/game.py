"""Tally's table, document, scoring and legality, and its :class:`~marquoir.core.game.Game` (see the package)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from marquoir.core.game import Game
from marquoir.core.issues import Issue
from marquoir.core.reader import Reader, as_int, check_unique_names
from marquoir.core.report import PlayerScore, ScoreReport, competition_ranks
from marquoir.core.sheet import Gettext, ReminderGroup, Row, SheetLayout
from marquoir.errors import TableError

NAME = "tally"
CATEGORIES = ("rounds", "bonus")
CODES = ("ROUND_COUNT",)
MOST_ROUNDS = 9
MOST_BONUS = 10


@dataclass(frozen=True)
class Player:
    name: str
    rounds: tuple[int, ...]
    bonus: int


@dataclass(frozen=True)
class Table:
    rounds: int
    players: tuple[Player, ...]
    game: str = NAME


def _count(value: int, path: str, least: int, most: int) -> int:
    if not least <= value <= most:
        raise TableError(path, f"expected {least} to {most}, got {value}")
    return value


def parse(document: Mapping[str, Any]) -> Table:
    """A Tally document: ``{"game": "tally", "rounds": 3, "players": [{"name", "rounds": [...], "bonus"}]}``,
    read by the shared reader (each error names its path)."""
    doc = Reader(document, "")
    doc.word("game", (NAME,))
    rounds = _count(doc.int("rounds"), "rounds", 1, MOST_ROUNDS)
    players = []
    for i, value in enumerate(doc.list("players", most=16)):
        item = Reader(value, f"players[{i}]")
        name = item.name()
        scores = tuple(_count(as_int(v, f"players[{i}].rounds[{j}]"), f"players[{i}].rounds[{j}]", 0, 99)
                       for j, v in enumerate(item.list("rounds", most=MOST_ROUNDS)))
        bonus = _count(item.int("bonus", 0), f"players[{i}].bonus", 0, MOST_BONUS)
        item.done()
        players.append(Player(name, scores, bonus))
    check_unique_names(p.name for p in players)
    doc.done()
    return Table(rounds, tuple(players))


def to_document(table: Table) -> dict[str, Any]:
    return {"game": NAME, "rounds": table.rounds,
            "players": [{"name": p.name, "rounds": list(p.rounds), "bonus": p.bonus} for p in table.players]}


def iter_issues(table: Table) -> Iterator[Issue]:
    """``ROUND_COUNT``: every player writes one score per round played."""
    for index, player in enumerate(table.players):
        if len(player.rounds) != table.rounds:
            yield Issue("ROUND_COUNT", player.name, f"players[{index}].rounds",
                        f"{player.name} wrote {len(player.rounds)} round scores; the game had {table.rounds} rounds")


def score(table: Table) -> ScoreReport:
    """Rounds plus bonus; ties to the best single round."""
    totals = [sum(p.rounds) + p.bonus for p in table.players]
    best_round = [max(p.rounds, default=0) for p in table.players]
    keys = [(t, b) for t, b in zip(totals, best_round, strict=True)]
    ranks = [1 + sum(1 for other in keys if other > key) for key in keys]
    players = tuple(
        PlayerScore(p.name, {"rounds": sum(p.rounds), "bonus": p.bonus}, total,
                    lambda p=p: {"rounds": f"{len(p.rounds)} rounds", "bonus": f"{p.bonus} bonus points"}, rank)
        for p, total, rank in zip(table.players, totals, ranks, strict=True)
    )
    winners = tuple(p.name for p in players if p.rank == 1)
    assert competition_ranks(totals)  # the shared ranks are there for games without a tie-break
    return ScoreReport(players, winners, table, lambda: iter_issues(table), NAME)


class TallySheet:
    css = ""
    reminder_title = "Bonus"
    total_hint = "Most points wins; a tie goes to the best single round"
    category_labels: Mapping[str, str] = {"rounds": "Rounds", "bonus": "Bonus"}

    def blank_title(self, options: Mapping[str, Any], gettext: Gettext) -> str:
        return "Tally score sheet"

    def filled_title(self, table: Any, gettext: Gettext) -> str:
        return "Tally result"

    def credit(self, gettext: Gettext) -> str:
        return "Tally, a game of the tests."

    def blank_rows(self, options: Mapping[str, Any], gettext: Gettext) -> list[Row]:
        return [Row(c, self.category_labels[c], "") for c in CATEGORIES]

    def filled_rows(self, table: Any, report: Mapping[str, Any], gettext: Gettext) -> list[Row]:
        return self.blank_rows({}, gettext)

    def reminder(self, options: Mapping[str, Any], gettext: Gettext) -> list[ReminderGroup]:
        return []

    def meta(self, table: Any, gettext: Gettext) -> str:
        return f"{table.rounds} rounds"

    def held(self, table: Any, index: int, gettext: Gettext) -> tuple[str, list[str]]:
        return "", []


class Tally(Game):
    name = NAME
    title = "Tally"
    min_players = 1
    max_players = 5
    categories = CATEGORIES
    category_labels: Mapping[str, str] = {"rounds": "Rounds", "bonus": "Bonus"}
    codes = CODES
    web_module = "support.toygame.web"
    simulate_module = "support.toygame.simulate"
    export_columns = ("tally_rounds",)

    def parse(self, document: Mapping[str, Any]) -> Table:
        return parse(document)

    def to_document(self, table: Table) -> dict[str, Any]:
        return to_document(table)

    def score(self, table: Table) -> ScoreReport:
        return score(table)

    def iter_issues(self, table: Table) -> Iterator[Issue]:
        return iter_issues(table)

    def issue_category(self, code: str, field: str | None) -> str | None:
        return "rounds" if field == "rounds" else super().issue_category(code, field)

    def export_values(self, document: Mapping[str, Any], seat: Mapping[str, Any]) -> dict[str, str]:
        return {"tally_rounds": str(document.get("rounds", ""))}

    def sheet_layout(self) -> SheetLayout:
        return TallySheet()


TALLY = Tally()

#: A finished table of Tally: Cleo and Dan tie on 15, Cleo's best round (9) wins the tie.
SAMPLE: dict[str, Any] = {
    "game": NAME, "rounds": 3,
    "players": [{"name": "Ann", "rounds": [3, 4, 2], "bonus": 1}, {"name": "Ben", "rounds": [5, 5, 2], "bonus": 0},
                {"name": "Cleo", "rounds": [9, 1, 0], "bonus": 5}, {"name": "Dan", "rounds": [5, 5, 5], "bonus": 0},
                {"name": "Eve", "rounds": [1, 1, 1], "bonus": 10}],
}
