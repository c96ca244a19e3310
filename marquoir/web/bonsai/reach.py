"""Bonsai's page "How could this have been built?": the deep check's verdict (``data/SOURCES.md``, decision 19), in
words, and, when a game ends with the table, that game turn by turn with each player's bonsai drawn after each
turn that grew it (the witness is searched by a worker, off the request threads: :mod:`marquoir.web.workers`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import render_template

from marquoir.games.bonsai.reach import ReachReport
from marquoir.games.bonsai.table import DetailedPlayer, Table, Tile
from marquoir.web import workers
from marquoir.web.bonsai.grid import PotView, pot_view
from marquoir.web.documents import dump
from marquoir.web.forms import TableForm

#: Seconds the witness may be searched for, in the worker.
REACH_TIME_BOUND = 3.0


@dataclass(frozen=True)
class TurnShown:
    """One turn of the witness as the page shows it: its heading and sentence, and the player's bonsai after it
    when the turn grew it."""

    heading: str
    sentence: str
    tree: PotView | None
    player: str


def witness_turns(report: ReachReport) -> list[TurnShown]:
    """The witness turn by turn, each bonsai drawn after the turns that placed or removed tiles."""
    game = report.witness
    if game is None:
        return []
    grown: dict[int, list[Tile]] = {p.seat: [] for p in game.players}
    names = [p.name for p in game.players]
    shown: list[TurnShown] = []
    for (heading, sentence), record in zip(report.witness_lines(), game.log, strict=True):
        tiles = grown[record.seat]
        tree = None
        if record.placed or record.removed or record.action.flip:
            tiles[:] = [t for t in tiles if t.at not in record.removed]
            tiles.extend(Tile(at, kind) for at, kind in record.placed)
            flipped = game.players[record.seat].flipped
            tree = pot_view(DetailedPlayer(names[record.seat], tuple(tiles), flipped), margin=0)
        shown.append(TurnShown(heading, sentence, tree, names[record.seat]))
    return shown


def reach_page(doc: dict[str, Any], table: Table) -> tuple[str, int]:
    """The verdict in words, each player's, and the witness turn by turn."""
    report: ReachReport = workers.run("deep_check", table, REACH_TIME_BOUND)
    form = TableForm(formdata=None, data={"table": dump(doc)})
    return render_template("bonsai/reach.html", report=report, turns=witness_turns(report), form=form), 200
