"""Kanagawa's own commands (:attr:`~marquoir.games.kanagawa.game.Kanagawa.command_modules`): ``marquoir diplomas``
(the dispute checker), ``marquoir cards`` (the catalogue, to write a table by hand) and ``marquoir simulate`` (the
rules engine). Their parsers import nothing heavy; each command's work is imported when it runs.

The engine's side of the shared ``marquoir simulate`` (:attr:`~marquoir.core.game.Game.simulate_module`):
``marquoir simulate [--game kanagawa] --games N --players P [--families …] [--cards FILE] [--seed S] [--out DIR]
[--kinds …]`` plays N games, shows a progress bar on standard error for long runs, prints a summary (scores, game
length, how often each Diploma is taken) and writes each finished table as a table document in DIR.

Expansion families (kites, lanterns, umbrellas) have no card list (``data/SOURCES.md``, "Yokai cards"): a game with them
needs ``--cards FILE``, a JSON list of ``{"print": {...}, "studio": {...}}`` cards; without it the command refuses
with a clear message rather than invent cards.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Iterator
from typing import Any

from marquoir.core.game import Simulated, Simulation
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


#: What ``simulate --help`` says of Kanagawa's own options.
OPTIONS_HELP = "kinds: random, greedy, studio, print, keep (leaning players); 2 to 4 players"


def kinds() -> list[str]:
    """The engine's players, by name (``simulate --kinds``); the engine is imported only when the command runs."""
    from marquoir.games.kanagawa.engine.players import PLAYER_KINDS

    return list(PLAYER_KINDS)


def add_options(add: Callable[..., argparse.Action]) -> None:
    """Kanagawa's own ``simulate`` options: the card families in play and the expansion cards' file."""
    add("--families", nargs=4, choices=CARD_FAMILIES, metavar="FAMILY",
        help="the 4 families in play (default: the base four)")
    add("--cards", metavar="FILE", help="JSON list of expansion cards, needed with expansion families")


def simulate(args: argparse.Namespace, kinds: list[str]) -> Simulation:
    """Kanagawa games of ``kinds`` engine players from seed ``args.seed`` on (``marquoir simulate``, the shared
    command, has checked the counts and kinds); expansion families need the cards' file (``data/SOURCES.md``,
    "Yokai cards": Marquoir does not invent them)."""
    from marquoir.games.kanagawa.document import dump_table
    from marquoir.games.kanagawa.engine.cards import build_deck, load_expansion_cards
    from marquoir.games.kanagawa.engine.simulate import GameResult, simulate_game, summarise

    families = tuple(args.families) if args.families else BASE_FAMILIES
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
    results: list[GameResult] = []

    def games() -> Iterator[Simulated]:
        for i in range(args.games):
            result = simulate_game(deck, families, kinds, args.seed + i)
            results.append(result)
            yield Simulated(f"game-{result.seed:06d}.json", dump_table(result.table))

    return Simulation(games(), lambda: summarise(results, families).render())


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
