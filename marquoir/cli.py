"""The ``marquoir`` command line: score, check, diplomas, cards (and the commands other modules add).

Exit status: 0 success (``check``: legal), 1 ``check`` found issues, 2 the document could not be read or the
command line is wrong. Unreadable input gives one line naming the place, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from marquoir.errors import MarquoirError, TableError
from marquoir.games.kanagawa.catalogue import catalogue
from marquoir.games.kanagawa.diplomas import diploma_report
from marquoir.games.kanagawa.document import load_table
from marquoir.games.kanagawa.legality import check
from marquoir.games.kanagawa.scoring import score
from marquoir.games.kanagawa.table import DetailedPlayer, Table
from marquoir.games.kanagawa.tableau import Tableau
from marquoir.games.kanagawa.text import render_cards, render_diplomas, render_issues, render_sheet
from marquoir.games.kanagawa.vocabulary import CARD_FAMILIES


class UsageError(MarquoirError):
    """A command line that asks for something that does not exist (a player name, a file)."""


def read_source(path: str, stdin: TextIO | None = None) -> str:
    """The text of ``path``, or of standard input for ``-``."""
    if path == "-":
        return (stdin or sys.stdin).read()
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except FileNotFoundError:
        raise TableError(path, "no such file") from None
    except IsADirectoryError:
        raise TableError(path, "is a folder, not a table document") from None
    except UnicodeDecodeError:
        raise TableError(path, "not UTF-8 text") from None
    except OSError as error:
        raise TableError(path, error.strerror or "cannot be read") from None


def read_table(path: str) -> Table:
    """Read a table document from a file or standard input; errors name the file and the place."""
    text = read_source(path)
    try:
        return load_table(text)
    except TableError as error:
        where = "<stdin>" if path == "-" else path
        raise TableError(f"{where}: {error.path}", error.message) from None


def _print_json(data: Any) -> None:
    print(json.dumps(data, indent=2, ensure_ascii=False))


def cmd_score(args: argparse.Namespace) -> int:
    table = read_table(args.file)
    report = score(table)
    if args.json:
        _print_json(report.to_json())
    else:
        print(render_sheet(report, explain=args.explain))
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    table = read_table(args.file)
    issues = check(table)
    extra: dict[str, Any] = {}
    if getattr(args, "deep", False):
        deep = _deep_check()
        if deep is None:
            raise UsageError("--deep needs the rules engine, which this installation does not have")
        more, extra = deep(table)
        issues = issues + more
    if args.json:
        shown = {key: value for key, value in extra.items() if key != "explanation_lines"}
        _print_json({"legal": not issues, "issues": [i.to_json() for i in issues], **shown})
    else:
        print(render_issues(issues))
        for line in extra.get("explanation_lines", []):
            print(line)
    return 0 if not issues else 1


def _deep_check() -> Callable[[Table], tuple[list[Any], dict[str, Any]]] | None:
    """The reachability check of the rules engine, when it is installed."""
    try:
        from marquoir.games.kanagawa.reach import deep_check  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return None
    return deep_check  # type: ignore[no-any-return,unused-ignore]


def cmd_diplomas(args: argparse.Namespace) -> int:
    table = read_table(args.file)
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
        _print_json(
            {
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
        )
    else:
        print(render_diplomas(player.name, checks, player.diplomas))
    return 0


def cmd_cards(args: argparse.Namespace) -> int:
    print(render_cards(catalogue(), args.family))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="marquoir", description="Score and check finished games of Kanagawa (and its Yokai expansion)."
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("score", help="score a finished table (the paper sheet, or --json)")
    p.add_argument("file", metavar="FILE", help="table document (JSON); - for standard input")
    p.add_argument("--json", action="store_true", help="print the JSON score report")
    p.add_argument("--explain", action="store_true", help="explain every figure")
    p.set_defaults(func=cmd_score)

    p = sub.add_parser("check", help="list everything that makes a table impossible (exit 1 when any)")
    p.add_argument("file", metavar="FILE", help="table document (JSON); - for standard input")
    p.add_argument("--json", action="store_true", help="print the JSON legality report")
    p.add_argument("--deep", action="store_true", help="also search for a way the table could have been built")
    p.set_defaults(func=cmd_check)

    p = sub.add_parser("diplomas", help="every Diploma of the game for one player: met or not, and why")
    p.add_argument("file", metavar="FILE", help="table document (JSON); - for standard input")
    p.add_argument("--player", required=True, metavar="NAME", help="the player's name as in the document")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_diplomas)

    p = sub.add_parser("cards", help="the base catalogue with ids, to write a table by hand")
    p.add_argument("--family", choices=CARD_FAMILIES[:4], help="only this family")
    p.set_defaults(func=cmd_cards)

    for register in _extra_commands():
        register(sub)
    return parser


def _extra_commands() -> list[Callable[[Any], None]]:
    """Commands that live beside the core (web server, rules engine, sheets); each module that exists adds its own."""
    found = []
    for module_name in EXTRA_COMMAND_MODULES:
        try:
            module = __import__(module_name, fromlist=["register_commands"])
        except ImportError as error:
            if error.name and module_name.startswith(error.name):
                continue
            raise
        found.append(module.register_commands)
    return found


#: Modules with a ``register_commands(subparsers)`` function; a missing one is skipped.
EXTRA_COMMAND_MODULES: tuple[str, ...] = (
    "marquoir.web.commands",
    "marquoir.games.kanagawa.engine.commands",
    "marquoir.reports.commands",
)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        result: int = args.func(args)
        return result
    except MarquoirError as error:
        print(f"marquoir: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
