"""Bonsai's side of the shared ``marquoir simulate`` (:attr:`~marquoir.core.game.Game.simulate_module`):
``marquoir simulate --game bonsai --games N --players P [--kinds …] [--seed S] [--out DIR]`` plays N games of P
engine players (:func:`~marquoir.games.bonsai.engine.simulate.simulate_tables`), prints a summary and writes each
finished table as a table document in DIR. Bonsai has one deck by number of players (``data/play.csv``), so it
adds no option of its own.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator

from marquoir.core.game import Simulated, Simulation

#: What ``simulate --help`` says of Bonsai's engine.
OPTIONS_HELP = "kinds: random, greedy, pruner; 1 to 4 players (1: the solo game)"


def kinds() -> list[str]:
    """The engine's players, by name (``simulate --kinds``); the engine is imported only when the command runs."""
    from marquoir.games.bonsai.engine.players import PLAYER_KINDS

    return list(PLAYER_KINDS)


def add_options(add: Callable[..., argparse.Action]) -> None:
    """Bonsai's own ``simulate`` options: none (the deck follows the number of players)."""


def simulate(args: argparse.Namespace, kinds: list[str]) -> Simulation:
    """Bonsai games of ``kinds`` engine players from seed ``args.seed`` on (the shared command has checked the
    counts and kinds)."""
    from marquoir.games.bonsai.document import dump_table
    from marquoir.games.bonsai.engine.simulate import GameResult, simulate_tables, summarise

    results: list[GameResult] = []

    def games() -> Iterator[Simulated]:
        for result in simulate_tables(args.games, kinds, args.seed):
            results.append(result)
            yield Simulated(f"bonsai-{result.seed:06d}.json", dump_table(result.table))

    return Simulation(games(), lambda: summarise(results).render())
