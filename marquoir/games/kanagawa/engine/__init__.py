"""The Kanagawa rules engine: immutable game states, legal actions, players, simulation and reachability.

A functional core: :func:`new_game` makes a state, :func:`legal_actions` lists what the next actor may do,
:func:`apply` returns the next state (or raises :class:`marquoir.errors.RuleError` naming the rule broken), and
:func:`final_table` turns a finished game into a table value for :func:`marquoir.games.kanagawa.scoring.score`.
:func:`explain_reachability` answers "how could this table have been built?" (:mod:`marquoir.games.kanagawa.reach`).
"""

from marquoir.games.kanagawa.engine.cards import (
    LessonCard,
    base_cards,
    build_deck,
    load_expansion_cards,
    read_expansion_cards,
)
from marquoir.games.kanagawa.engine.rules import apply, final_table, legal_actions
from marquoir.games.kanagawa.engine.setup import new_game
from marquoir.games.kanagawa.engine.state import (
    Action,
    EndTurn,
    GameState,
    GiveYokai,
    LeaveDiploma,
    MoveBrush,
    Paint,
    PlaceBrush,
    PlayerState,
    TakeColumn,
    TakeDiploma,
    TakeYokaiFrom,
    ToStudio,
    Wait,
)

__all__ = [
    "Action",
    "EndTurn",
    "GameState",
    "GiveYokai",
    "LeaveDiploma",
    "LessonCard",
    "MoveBrush",
    "Paint",
    "PlaceBrush",
    "PlayerState",
    "TakeColumn",
    "TakeDiploma",
    "TakeYokaiFrom",
    "ToStudio",
    "Wait",
    "apply",
    "base_cards",
    "build_deck",
    "final_table",
    "legal_actions",
    "load_expansion_cards",
    "new_game",
    "read_expansion_cards",
]
