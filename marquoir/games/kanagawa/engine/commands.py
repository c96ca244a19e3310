"""The engine's command: ``marquoir simulate``.

``marquoir simulate --games N --players P [--families …] [--cards FILE] [--seed S] [--out DIR] [--kinds …]``
plays N games, shows a progress bar on standard error for long runs, prints a summary (scores, game length, how
often each Diploma is taken) and writes each finished table as a table document in DIR.

Expansion families (kites, lanterns, umbrellas) have no card list (``data/SOURCES.md``, "Yokai cards"): a game with them
needs ``--cards FILE``, a JSON list of ``{"print": {...}, "studio": {...}}`` cards; without it the command refuses
with a clear message rather than invent cards.
"""

from __future__ import annotations

import argparse
import os
from typing import Any

from marquoir.errors import MarquoirError, TableError
from marquoir.games.kanagawa.document import dump_table
from marquoir.games.kanagawa.engine.cards import build_deck, load_expansion_cards
from marquoir.games.kanagawa.engine.players import PLAYER_KINDS
from marquoir.games.kanagawa.engine.simulate import GameResult, simulate_game, summarise
from marquoir.games.kanagawa.vocabulary import BASE_FAMILIES, CARD_FAMILIES, EXPANSION_FAMILIES
from marquoir.progress import Progress


def cmd_simulate(args: argparse.Namespace) -> int:
    families = tuple(args.families) if args.families else BASE_FAMILIES
    if not 2 <= args.players <= 4:
        raise MarquoirError("--players: Kanagawa is played by 2 to 4")
    if args.games < 1:
        raise MarquoirError("--games: at least 1")
    expansion: tuple[Any, ...] = ()
    if any(f in EXPANSION_FAMILIES for f in families):
        if not args.cards:
            raise MarquoirError(
                "--families: expansion families need --cards FILE, a JSON list of the 18 cards of each expansion "
                "family as printed ({\"print\": {...}, \"studio\": {...}}); no list of the Yokai cards exists and "
                "Marquoir does not invent one"
            )
        try:
            with open(args.cards, encoding="utf-8") as handle:
                text = handle.read()
        except OSError as error:
            raise TableError(args.cards, error.strerror or "cannot be read") from None
        expansion = load_expansion_cards(text, where=f"{args.cards}: cards")
    deck = build_deck(families, expansion)
    kinds = list(args.kinds) if args.kinds else ["random"] * args.players
    if len(kinds) != args.players:
        raise MarquoirError(f"--kinds: one kind per player ({args.players}), got {len(kinds)}")
    if args.out:
        os.makedirs(args.out, exist_ok=True)
    progress = Progress(args.games)
    results: list[GameResult] = []
    for i in range(args.games):
        result = simulate_game(deck, families, kinds, args.seed + i)
        results.append(result)
        if args.out:
            path = os.path.join(args.out, f"game-{result.seed:06d}.json")
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(dump_table(result.table) + "\n")
        progress.update(i + 1)
    progress.close()
    print(summarise(results, families).render())
    if args.out:
        print(f"{len(results)} table document(s) written to {args.out}")
    return 0


def register_commands(subparsers: Any) -> None:
    """Add ``simulate`` to the ``marquoir`` command line."""
    p = subparsers.add_parser("simulate", help="play games with engine players and summarise them")
    p.add_argument("--games", type=int, default=100, metavar="N", help="games to play (default 100)")
    p.add_argument("--players", type=int, default=4, metavar="P", help="players per game, 2 to 4 (default 4)")
    p.add_argument("--families", nargs=4, choices=CARD_FAMILIES, metavar="FAMILY",
                   help="the 4 families in play (default: the base four)")
    p.add_argument("--cards", metavar="FILE", help="JSON list of expansion cards, needed with expansion families")
    p.add_argument("--kinds", nargs="+", choices=sorted(PLAYER_KINDS), metavar="KIND",
                   help="player kind per seat: random or greedy (default: all random)")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the first game (default 0)")
    p.add_argument("--out", metavar="DIR", help="write each finished table as a document in DIR")
    p.set_defaults(func=cmd_simulate)
