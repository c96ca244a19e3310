"""Bonsai's command: ``marquoir simulate --game bonsai``, added to the command line through
``marquoir.cli.EXTRA_COMMAND_MODULES``.

``marquoir simulate --game bonsai --games N --players P [--kinds …] [--seed S] [--out DIR]`` plays N games of P
engine players (:func:`~marquoir.games.bonsai.engine.simulate.simulate_tables`), prints a summary and writes each
finished table as a table document in DIR. There is one ``simulate`` command for every game that has an engine:
when another game registered it first, Bonsai adds its name to ``--game`` and answers when it is chosen, leaving
the other game's options and default as they were.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable
from typing import Any

from marquoir.errors import MarquoirError
from marquoir.games.bonsai.vocabulary import GAME, MAX_PLAYERS, MIN_PLAYERS


def cmd_simulate(args: argparse.Namespace) -> int:
    """Play ``args.games`` games of Bonsai and write their tables (the engine is imported only now, so that the
    command line starts fast)."""
    from marquoir.games.bonsai.document import dump_table
    from marquoir.games.bonsai.engine.players import PLAYER_KINDS
    from marquoir.games.bonsai.engine.simulate import GameResult, simulate_tables, summarise
    from marquoir.progress import Progress

    players = args.players
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise MarquoirError("--players: Bonsai is played by 1 to 4")
    if args.games < 1:
        raise MarquoirError("--games: at least 1")
    kinds = list(args.kinds) if args.kinds else ["random"] * players
    if len(kinds) != players:
        raise MarquoirError(f"--kinds: one kind per player ({players}), got {len(kinds)}")
    unknown = [k for k in kinds if k not in PLAYER_KINDS]
    if unknown:
        raise MarquoirError(f"--kinds: {unknown[0]!r} is no Bonsai player (choose from {', '.join(PLAYER_KINDS)})")
    if getattr(args, "families", None) or getattr(args, "cards", None):
        raise MarquoirError("--families and --cards are Kanagawa's: Bonsai has one deck by number of players")
    if args.out:
        os.makedirs(args.out, exist_ok=True)
    progress = Progress(args.games)
    results: list[GameResult] = []
    for i, result in enumerate(simulate_tables(args.games, kinds, args.seed)):
        results.append(result)
        if args.out:
            path = os.path.join(args.out, f"bonsai-{result.seed:06d}.json")
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(dump_table(result.table) + "\n")
        progress.update(i + 1)
    progress.close()
    print(summarise(results).render())
    if args.out:
        print(f"{len(results)} table document(s) written to {args.out}")
    return 0


def _either(other: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    def run(args: argparse.Namespace) -> int:
        return cmd_simulate(args) if args.game == GAME else other(args)

    return run


def register_commands(subparsers: Any) -> None:
    """Add Bonsai to ``simulate`` (``--game bonsai``), or add ``simulate`` when no other game has."""
    existing = subparsers.choices.get("simulate")
    if existing is not None:
        for action in existing._actions:
            if action.dest == "game":
                action.choices = (*action.choices, GAME)
                break
        else:
            # The game that registered the command first is its default: its package's name.
            default = existing.get_default("func").__module__.split(".")[2]
            existing.add_argument("--game", choices=(default, GAME), default=default,
                                  help=f"the game to simulate (default {default})")
        existing.set_defaults(func=_either(existing.get_default("func")))
        return
    p = subparsers.add_parser("simulate", help="play games with engine players and summarise them")
    p.add_argument("--game", choices=(GAME,), default=GAME, help="the game to simulate")
    p.add_argument("--games", type=int, default=100, metavar="N", help="games to play (default 100)")
    p.add_argument("--players", type=int, default=4, metavar="P", help="players per game, 1 to 4 (default 4)")
    p.add_argument("--kinds", nargs="+", metavar="KIND", help="player kind per seat: random, greedy or pruner")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the first game (default 0)")
    p.add_argument("--out", metavar="DIR", help="write each finished table as a document in DIR")
    p.set_defaults(func=cmd_simulate)
