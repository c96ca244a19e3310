"""The games Marquoir keeps score of, each a package with a :class:`marquoir.core.game.Game` in its ``game.py``.

:data:`GAMES` is the registry: the document's ``game`` word → the game, in the order the pages list them. Everything
above the games — the façades (``marquoir.load_table``, ``score``, ``check``), the command line, storage, reports
and the web app — finds a table's game here and never names one. A new game is a package beside the others and one
line in :data:`BUILT_IN`; a test registers a game of its own with :func:`register`.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from importlib import import_module

from marquoir.core.game import Game, Table
from marquoir.errors import MarquoirError

#: Any game's table (each game's own table type has at least this).
AnyTable = Table

#: The games that come with Marquoir: ``module:attribute`` of each one's :class:`Game`, in the pages' order.
BUILT_IN: tuple[str, ...] = (
    "marquoir.games.kanagawa.game:KANAGAWA",
    "marquoir.games.bonsai.game:BONSAI",
)


def _load(reference: str) -> Game:
    module, _, attribute = reference.partition(":")
    game = getattr(import_module(module), attribute)
    assert isinstance(game, Game), reference
    return game


#: Every game, by the word its documents use.
GAMES: dict[str, Game] = {game.name: game for game in map(_load, BUILT_IN)}


class UnknownGame(MarquoirError):
    """A game Marquoir does not keep score of."""


def get_game(name: str) -> Game:
    """The game called ``name`` (a document's ``game``); :class:`UnknownGame` naming the choices otherwise."""
    try:
        return GAMES[name]
    except KeyError:
        raise UnknownGame(f"game: {name!r} is not a game of Marquoir (choose {', '.join(GAMES)})") from None


def game_of(table: AnyTable) -> Game:
    """The game a table is of."""
    return get_game(table.game)


def first_game() -> Game:
    """The game a page or command offers first when none is asked for (the first of :data:`GAMES`)."""
    return next(iter(GAMES.values()))


def most_players() -> int:
    """The most players any game allows (the new-game form's name fields, ``sheet --players``)."""
    return max(game.max_players for game in GAMES.values())


def register(game: Game) -> None:
    """Add ``game`` to the registry (after the built-in ones); a game of the same name is replaced."""
    GAMES[game.name] = game


def unregister(name: str) -> None:
    """Take the game called ``name`` out of the registry again."""
    GAMES.pop(name, None)


@contextmanager
def registered(game: Game) -> Iterator[Game]:
    """``game`` in the registry for the time of a ``with`` block (a test's toy game)."""
    register(game)
    try:
        yield game
    finally:
        unregister(game.name)


__all__ = [
    "GAMES",
    "AnyTable",
    "Game",
    "UnknownGame",
    "first_game",
    "game_of",
    "get_game",
    "most_players",
    "register",
    "registered",
    "unregister",
]
