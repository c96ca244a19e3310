"""The Bonsai rules engine: a game state, the moves the rules allow, engine players, simulation.

:func:`new_game` sets a game up, :func:`apply` plays one turn (a :class:`Meditate` or a :class:`Cultivate`, the
goals met decided at its end) or raises :class:`marquoir.errors.RuleError` naming the rule broken, and
:func:`final_table` turns a finished game into a table for the scoring and the check. The placement rules are
:mod:`marquoir.games.bonsai.placement`, which the legality pass asks too; the numbers are ``data/play.csv``.
"""

from marquoir.games.bonsai.engine.rules import apply, deck_cards, final_table, new_game
from marquoir.games.bonsai.engine.state import Action, Card, Cultivate, GameState, Meditate, PlayerState, TurnRecord

__all__ = [
    "Action",
    "Card",
    "Cultivate",
    "GameState",
    "Meditate",
    "PlayerState",
    "TurnRecord",
    "apply",
    "deck_cards",
    "final_table",
    "new_game",
]
