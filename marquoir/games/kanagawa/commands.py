"""Kanagawa's own commands: ``marquoir diplomas`` (the dispute checker) and ``marquoir cards`` (the catalogue, to
write a table by hand); added to the command line through ``marquoir.cli.EXTRA_COMMAND_MODULES``."""

from __future__ import annotations

import argparse
import json
from typing import Any

from marquoir.errors import UsageError
from marquoir.files import read_table
from marquoir.games.kanagawa.catalogue import catalogue
from marquoir.games.kanagawa.diplomas import diploma_report
from marquoir.games.kanagawa.table import DetailedPlayer, Table
from marquoir.games.kanagawa.tableau import Tableau
from marquoir.games.kanagawa.text import render_cards, render_diplomas
from marquoir.games.kanagawa.vocabulary import BASE_FAMILIES


def cmd_diplomas(args: argparse.Namespace) -> int:
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
    print(render_cards(catalogue(), args.family))
    return 0


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
