"""The games Marquoir keeps score of, each a package implementing :class:`marquoir.core.game.Game`.

:data:`GAMES` is the registry: the document's ``game`` word → the game. The façades (``marquoir.load_table``,
``score``, ``check``), storage, reports and the web app find a table's game here and never assume one. A new game
is a package beside ``kanagawa/`` and one line below.
"""

from __future__ import annotations

from collections.abc import Mapping

from marquoir.core.game import Game
from marquoir.errors import MarquoirError
from marquoir.games.bonsai.game import BONSAI
from marquoir.games.bonsai.table import Table as BonsaiTable
from marquoir.games.kanagawa.game import KANAGAWA
from marquoir.games.kanagawa.table import Table as KanagawaTable

#: Any game's table.
AnyTable = KanagawaTable | BonsaiTable

#: Every game, by the word its documents use.
GAMES: Mapping[str, Game] = {game.name: game for game in (KANAGAWA, BONSAI)}


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


__all__ = ["GAMES", "AnyTable", "Game", "UnknownGame", "game_of", "get_game"]
