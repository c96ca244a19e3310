"""What every game shares: the path-naming document reader, the legality :class:`Issue`, the score report's shape
and ranking, and the :class:`Game` protocol each game package implements (``marquoir/games/``).

Nothing here knows a game's rules; the games import from here, never the other way round.
"""
