"""Kanagawa's own commands (:attr:`~marquoir.games.kanagawa.game.Kanagawa.command_modules`): ``marquoir diplomas``
(the dispute checker), ``marquoir cards`` (the catalogue, to write a table by hand) and ``marquoir simulate`` (the
rules engine). Their parsers import nothing heavy; each command's work is imported when it runs.

The engine's command: ``marquoir simulate``.

``marquoir simulate --games N --players P [--families …] [--cards FILE] [--seed S] [--out DIR] [--kinds …]``
plays N games, shows a progress bar on standard error for long runs, prints a summary (scores, game length, how
often each Diploma is taken) and writes each finished table as a table document in DIR.

Expansion families (kites, lanterns, umbrellas) have no card list (``data/SOURCES.md``, "Yokai cards"): a game with them
needs ``--cards FILE``, a JSON list of ``{"print": {...}, "studio": {...}}`` cards; without it the command refuses
with a clear message rather than invent cards.
"""

from __future__ import annotations

import argparse
import json
import os
from typing import Any

from marquoir.errors import MarquoirError, TableError, UsageError
from marquoir.games.kanagawa.vocabulary import BASE_FAMILIES, CARD_FAMILIES, EXPANSION_FAMILIES


def cmd_diplomas(args: argparse.Namespace) -> int:
    from marquoir.files import read_table
    from marquoir.games.kanagawa.catalogue import catalogue
    from marquoir.games.kanagawa.diplomas import diploma_report
    from marquoir.games.kanagawa.table import DetailedPlayer, Table
    from marquoir.games.kanagawa.tableau import Tableau
    from marquoir.games.kanagawa.text import render_diplomas

    table = read_table(args.file)
    if not isinstance(table, Table):
        raise UsageError(f"{args.file}: the Diploma checker is for Kanagawa tables (this one is {table.game})")
    try:
        player = table.player_named(args.player)
    except KeyError:
        names = ", ".join(p.name for p in table.players)
        raise UsageError(f"--player: no player named {args.player!r} (players: {names})") from None
    if not isinstance(player, DetailedPlayer):
        raise UsageError(
            f"--player: {player.name} was entered from the sheet's figures; the Diploma checker needs the cards"
        )
    cat = catalogue()
    checks = diploma_report(Tableau.of(player, cat), table.families, table.rules, cat)
    if args.json:
        data = {
            "player": player.name,
            "diplomas": [
                {
                    "id": c.diploma.id,
                    "met": c.met,
                    "held": c.diploma.id in player.diplomas,
                    "figure": c.figure,
                    "needed": c.needed,
                    "measure": c.measure,
                    "cards": list(c.cards),
                    "points": c.diploma.harmony,
                }
                for c in checks
            ],
        }
        print(json.dumps(data, indent=2, ensure_ascii=False))
    else:
        print(render_diplomas(player.name, checks, player.diplomas))
    return 0


def cmd_cards(args: argparse.Namespace) -> int:
    from marquoir.games.kanagawa.catalogue import catalogue
    from marquoir.games.kanagawa.text import render_cards

    print(render_cards(catalogue(), args.family))
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from marquoir.games.kanagawa.document import dump_table
    from marquoir.games.kanagawa.engine.cards import build_deck, load_expansion_cards
    from marquoir.games.kanagawa.engine.players import PLAYER_KINDS
    from marquoir.games.kanagawa.engine.simulate import GameResult, simulate_game, summarise
    from marquoir.progress import Progress

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
    unknown = [k for k in kinds if k not in PLAYER_KINDS]
    if unknown:
        choose = ", ".join(sorted(PLAYER_KINDS))
        raise MarquoirError(f"--kinds: {unknown[0]!r} is not a kind of player (choose {choose})")
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


def _register_simulate(subparsers: Any) -> None:
    """Add ``simulate`` to the ``marquoir`` command line."""
    p = subparsers.add_parser("simulate", help="play games with engine players and summarise them")
    p.add_argument("--games", type=int, default=100, metavar="N", help="games to play (default 100)")
    p.add_argument("--players", type=int, default=4, metavar="P", help="players per game, 2 to 4 (default 4)")
    p.add_argument("--families", nargs=4, choices=CARD_FAMILIES, metavar="FAMILY",
                   help="the 4 families in play (default: the base four)")
    p.add_argument("--cards", metavar="FILE", help="JSON list of expansion cards, needed with expansion families")
    p.add_argument("--kinds", nargs="+", metavar="KIND",
                   help="player kind per seat: random, greedy, studio, print or keep (default: all random)")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the first game (default 0)")
    p.add_argument("--out", metavar="DIR", help="write each finished table as a document in DIR")
    p.set_defaults(func=cmd_simulate)


def register_commands(subparsers: Any) -> None:
    """Add ``diplomas`` and ``cards`` to the ``marquoir`` command line."""
    p = subparsers.add_parser("diplomas", help="Kanagawa: every Diploma of the game for one player, met or not")
    p.add_argument("file", metavar="FILE", help="table document (JSON); - for standard input")
    p.add_argument("--player", required=True, metavar="NAME", help="the player's name as in the document")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_diplomas)

    p = subparsers.add_parser("cards", help="Kanagawa: the base catalogue with ids, to write a table by hand")
    p.add_argument("--family", choices=BASE_FAMILIES, help="only this family")
    p.set_defaults(func=cmd_cards)
    _register_simulate(subparsers)
