"""Tally's engine for ``marquoir simulate --game tally``: each round a player rolls a die (a "careful" player
rolls twice and keeps the better), the bonus is a last roll. Nothing of ``marquoir/`` knows it: the shared command
finds it through ``Tally.simulate_module``."""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Callable, Iterator

from marquoir.core.game import Simulated, Simulation

OPTIONS_HELP = "kinds: plain, careful"


def kinds() -> list[str]:
    return ["plain", "careful"]


def add_options(add: Callable[..., argparse.Action]) -> None:
    add("--tally-rounds", type=int, default=3, metavar="R", help="rounds of each game (default 3)")


def simulate(args: argparse.Namespace, kinds: list[str]) -> Simulation:
    totals: list[int] = []

    def roll(rng: random.Random, kind: str) -> int:
        rolls = [rng.randint(1, 6) for _ in range(2 if kind == "careful" else 1)]
        return max(rolls)

    def games() -> Iterator[Simulated]:
        for i in range(args.games):
            rng = random.Random(args.seed + i)
            players = []
            for seat, kind in enumerate(kinds):
                rounds = [roll(rng, kind) for _ in range(args.tally_rounds)]
                players.append({"name": f"{kind} {seat + 1}", "rounds": rounds, "bonus": rng.randint(0, 10)})
                totals.append(sum(rounds))
            document = {"game": "tally", "rounds": args.tally_rounds, "players": players}
            yield Simulated(f"tally-{args.seed + i:06d}.json", json.dumps(document))

    def summary() -> str:
        return f"{len(totals)} seats played, rounds' total median {sorted(totals)[len(totals) // 2]}"

    return Simulation(games(), summary)
