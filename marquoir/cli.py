"""The ``marquoir`` command line: ``score`` and ``check`` for any game (and the commands other modules add: the web
server, each game's own, the printed sheets and the export).

Exit status: 0 success (``check``: legal; with ``--deep``, legal and reachable), 1 ``check`` found issues (with
``--deep``: illegal or unreachable), 2 the document could not be read or the command line is wrong, 3 ``check
--deep`` could not decide in its time bound (legal, but neither proven reachable nor unreachable: the JSON says
``"reachable": null``), 130 interrupted. Unreadable input gives one line naming the place, never a traceback.
``-`` is standard input or output wherever a file is named. The epilog of ``--help`` (:data:`EPILOG`) says the
same, with the environment variables the commands read.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from importlib import import_module
from typing import Any

from marquoir.errors import MarquoirError, UsageError

__all__ = ["UsageError", "build_parser", "main"]


def print_json(data: Any) -> None:
    """JSON as the commands print it: indented, non-ASCII letters kept."""
    print(json.dumps(data, indent=2, ensure_ascii=False))


#: What ``marquoir --help`` ends with: the exit statuses and the environment variables.
EPILOG = """\
exit status:
  0    done (check: legal; check --deep: legal and reachable; import: everything saved)
  1    check found issues (--deep: illegal or unreachable); import refused a file or a game
  2    a document could not be read, or the command line is wrong (one line says where)
  3    check --deep could not decide in its time bound
  130  interrupted (Ctrl+C)

"-" is standard input or output wherever a file is named (score -, sheet -o -, export --csv -, import -).

environment:
  DATABASE_URL              the database of serve, export and import (default: the instance folder's SQLite file)
  MARQUOIR_INSTANCE         the instance folder: its SQLite file and the kept secret key (default: ./instance)
  MARQUOIR_TIME_ZONE        time zone of the games outside groups and of groups without one (default UTC)
  MARQUOIR_SECRET_KEY       serve: the key that signs forms and cookies (the same for every process)
  MARQUOIR_BASE_URL         serve: the address of share and edit links
  MARQUOIR_TRUSTED_HOSTS    serve: the host names it answers to (comma-separated)
  MARQUOIR_PROXIES          serve: how many reverse proxies set X-Forwarded-For
  MARQUOIR_PROXY_ADDRESS    serve: the address the nearest proxy connects from (default 127.0.0.1)
  MARQUOIR_LIMITS_STORAGE   serve: where abuse limits count: memory (default), database, redis://…, memcached://…
  MARQUOIR_JOB_TIMEOUT      serve: seconds a deep check or PDF may take (1-600, default 15)
  MARQUOIR_JOB_MEMORY       serve: MiB a deep check or PDF may use (256-65536, default 1536)
  MARQUOIR_HTTPS            serve: 1 behind HTTPS (Secure cookies, https:// links)
  MARQUOIR_RATE_LIMITS      serve: off to turn the abuse limits off
  MARQUOIR_PUBLIC_LIST      serve: off to list no game saved outside the groups
"""


def _table_of(args: argparse.Namespace) -> Any:
    """The table of ``FILE`` or of ``--seed NAME`` (a sample table installed with Marquoir)."""
    from marquoir.files import read_table

    if (args.file is None) == (args.seed is None):
        raise UsageError(f"{args.command}: give a table document FILE (- for standard input) or --seed NAME")
    if args.seed is not None:
        from marquoir.samples import seed_path

        return read_table(str(seed_path(args.seed)))
    return read_table(args.file)


def cmd_score(args: argparse.Namespace) -> int:
    from marquoir.scoring import score
    from marquoir.text import render_score_table

    table = _table_of(args)
    report = score(table)
    if args.json:
        print_json(report.to_json())
    else:
        print(render_score_table(report, explain=args.explain))
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    from marquoir.games import game_of
    from marquoir.legality import check
    from marquoir.text import render_issues

    table = _table_of(args)
    issues = check(table)
    extra: dict[str, Any] = {}
    if args.deep:
        deep = game_of(table).deep_check(table)
        if deep is None:
            raise UsageError(f"--deep: {table.game} has no deeper check than the legality check")
        more, extra = deep
        issues = issues + more
    if args.json:
        shown = {key: value for key, value in extra.items() if key != "explanation_lines"}
        print_json({"legal": not issues, "issues": [i.to_json() for i in issues], **shown})
    else:
        print(render_issues(issues))
        for line in extra.get("explanation_lines", []):
            print(line)
    if issues:
        return 1
    # A deep check that ran out of time proved nothing: neither legal-and-reachable (0) nor impossible (1).
    return 3 if args.deep and extra.get("reachable", True) is None else 0


def cmd_rules(args: argparse.Namespace) -> int:
    from marquoir.games import GAMES
    from marquoir.i18n import _

    games = [GAMES[args.game]] if args.game else [g for g in GAMES.values() if g.decisions]
    for index, game in enumerate(games):
        if index:
            print()
        print(f"{_(game.title)}: {game.decisions_lead and _(game.decisions_lead)}".rstrip(": "))
        for decision in game.decisions:
            option = f" (rule option {decision.option})" if decision.option else ""
            print(f"{decision.number:3}. {_(decision.text)}{option}")
    return 0


def cmd_seeds(args: argparse.Namespace) -> int:
    """The sample tables installed with Marquoir: a name and its file per line."""
    from marquoir.samples import seed_names, seed_path

    for name in seed_names():
        print(f"{name}\t{seed_path(name)}")
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    """Play ``--games`` games of the chosen game with its engine players, write each finished table in ``--out``
    and print the engine's summary (:attr:`~marquoir.core.game.Game.simulate_module`). What every game's
    simulation shares is checked here, once: the number of games, the players within the game's range, one known
    kind per seat, and no option that belongs to another game."""
    from marquoir.games import GAMES
    from marquoir.progress import Progress

    game = GAMES[args.game]
    for owner, options in args.game_options.items():
        for dest, flag, default in options:
            if owner != game.name and getattr(args, dest) != default:
                raise UsageError(f"{flag} is {GAMES[owner].title}'s: {game.title} has no such option")
    if args.games < 1:
        raise UsageError("--games: at least 1")
    players = game.max_players if args.players is None else args.players
    if not game.min_players <= players <= game.max_players:
        raise UsageError(f"--players: {game.title} is played by {game.min_players} to {game.max_players}")
    args.players = players
    module = import_module(str(game.simulate_module))
    known = list(module.kinds())
    kinds = list(args.kinds) if args.kinds else [known[0]] * players
    unknown = [kind for kind in kinds if kind not in known]
    if unknown:
        raise UsageError(f"--kinds: {unknown[0]!r} is no {game.title} player (choose from {', '.join(known)})")
    if len(kinds) != players:
        raise UsageError(f"--kinds: one kind per player ({players}), got {len(kinds)}")
    simulation = module.simulate(args, kinds)
    if args.out:
        os.makedirs(args.out, exist_ok=True)
    progress = Progress(args.games)
    played = 0
    for played, simulated in enumerate(simulation.games, start=1):
        if args.out:
            with open(os.path.join(args.out, simulated.name), "w", encoding="utf-8") as handle:
                handle.write(simulated.document + "\n")
        progress.update(played)
    progress.close()
    print(simulation.summary())
    if args.out:
        print(f"{played} table document(s) written to {args.out}")
    return 0


#: The commands written here (the others come from :data:`EXTRA_COMMAND_MODULES` and the games).
CORE_COMMANDS = ("score", "check", "rules", "seeds", "simulate")
#: The help of each command and of ``marquoir`` ends with the exit statuses and the environment.
_HELP: dict[str, Any] = {"epilog": EPILOG, "formatter_class": argparse.RawDescriptionHelpFormatter}


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The ``marquoir`` parser; ``only`` one of :data:`CORE_COMMANDS` builds that command's alone (what ``main`` does
    when the command line names one: the other commands' modules are not even imported)."""
    from marquoir.games import GAMES
    from marquoir.version import VERSION

    titles = ", ".join(game.title for game in GAMES.values())
    parser = argparse.ArgumentParser(prog="marquoir", description=f"Score and check finished games ({titles}).",
                                     **_HELP)
    parser.add_argument("--version", action="version", version=f"marquoir {VERSION}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    if only in CORE_COMMANDS:
        _core_commands(sub, only)
        return parser
    _core_commands(sub, None)
    for register in _extra_commands():
        register(sub)
    return parser


SEED_HELP = "a sample table installed with Marquoir instead of FILE (marquoir seeds lists them)"


def _core_commands(sub: Any, only: str | None) -> None:
    from marquoir.games import GAMES

    if only in (None, "score"):
        p = sub.add_parser("score", help="score a finished table (the score table, or --json)", **_HELP)
        p.add_argument("file", metavar="FILE", nargs="?", help="table document (JSON); - for standard input")
        p.add_argument("--seed", metavar="NAME", help=SEED_HELP)
        p.add_argument("--json", action="store_true", help="print the JSON score report")
        p.add_argument("--explain", action="store_true", help="explain every figure")
        p.set_defaults(func=cmd_score)
    if only in (None, "check"):
        p = sub.add_parser(
            "check",
            help="list everything that makes a table impossible (exit 1 when any; with --deep, 3 when undecided)",
            **_HELP,
        )
        p.add_argument("file", metavar="FILE", nargs="?", help="table document (JSON); - for standard input")
        p.add_argument("--seed", metavar="NAME", help=SEED_HELP)
        p.add_argument("--json", action="store_true", help="print the JSON legality report")
        p.add_argument(
            "--deep",
            action="store_true",
            help='also search for a way the table could have been built (exit 0 reachable, 1 illegal or '
            'unreachable, 3 undecided in the time bound; --json adds "reachable": true, false or null)',
        )
        p.set_defaults(func=cmd_check)
    if only in (None, "rules"):
        p = sub.add_parser("rules", help="the rule decisions the calculator applies where the rules are silent")
        p.add_argument("--game", choices=list(GAMES), help="one game's (default: every game's)")
        p.set_defaults(func=cmd_rules)
    if only in (None, "seeds"):
        p = sub.add_parser("seeds", help="list the sample tables installed with Marquoir (for score/check --seed)")
        p.set_defaults(func=cmd_seeds)
    if only in (None, "simulate"):
        _simulate_parser(sub)


def _simulate_parser(sub: Any) -> None:
    """``simulate``: the options every engine shares, then each game's own in a group of its own (its
    :attr:`~marquoir.core.game.Game.simulate_module`'s ``add_options``); none when no game has an engine."""
    from marquoir.games import GAMES

    engines = [game for game in GAMES.values() if game.simulate_module]
    if not engines:
        return
    names = [game.name for game in engines]
    p = sub.add_parser("simulate", help="play games with engine players and summarise them", **_HELP)
    p.add_argument("--game", choices=names, default=names[0], help=f"the game to play (default {names[0]})")
    p.add_argument("--games", type=int, default=100, metavar="N", help="games to play (default 100)")
    p.add_argument("--players", type=int, metavar="P", help="players per game (default: the most the game allows)")
    p.add_argument("--kinds", nargs="+", metavar="KIND",
                   help="the engine player of each seat, in seating order (default: the game's first kind)")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the first game (default 0)")
    p.add_argument("--out", metavar="DIR", help="write each finished table as a document in DIR")
    owned: dict[str, list[tuple[str, str, Any]]] = {}
    for game in engines:
        module = import_module(str(game.simulate_module))
        group = p.add_argument_group(f"{game.title} (--game {game.name})", getattr(module, "OPTIONS_HELP", None))
        options = owned.setdefault(game.name, [])

        def add(*flags: str, _group: Any = group, _options: Any = options, **kwargs: Any) -> argparse.Action:
            action: argparse.Action = _group.add_argument(*flags, **kwargs)
            _options.append((action.dest, flags[0], action.default))
            return action

        module.add_options(add)
    p.set_defaults(func=cmd_simulate, game_options=owned)


def _extra_commands() -> list[Callable[[Any], None]]:
    """Commands that live beside the core (web server, sheets and exports) and each game's own
    (:attr:`~marquoir.core.game.Game.command_modules`); each module adds its own. These modules import only what
    their parsers need: a command's work is imported when it runs, so that the command line starts fast."""
    from marquoir.games import GAMES

    modules = (*EXTRA_COMMAND_MODULES, *(m for game in GAMES.values() for m in game.command_modules))
    return [import_module(name).register_commands for name in dict.fromkeys(modules)]


#: Modules beside the games with a ``register_commands(subparsers)`` function.
EXTRA_COMMAND_MODULES: tuple[str, ...] = ("marquoir.web.commands", "marquoir.reports.commands")


def main(argv: Sequence[str] | None = None) -> int:
    given = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(given[0] if given else None)
    args = parser.parse_args(given)
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
