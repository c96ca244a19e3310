"""Saved games in a SQL database (SQLite by default, PostgreSQL through ``DATABASE_URL``), through SQLAlchemy 2.

::

    from marquoir.storage import database_url, open_database, save_game, list_games
    engine = open_database(database_url(instance_folder))   # creates and migrates the database when needed
    saved = save_game(engine, table)                         # SavedGame with .id, .share_token, .edit_token
"""

from marquoir.storage.database import (
    DEFAULT_BUSY_TIMEOUT,
    current_revision,
    database_url,
    head_revision,
    open_database,
    sqlite_url,
    upgrade,
)
from marquoir.storage.errors import EditConflict, GameNotFound, StorageError
from marquoir.storage.games import (
    GameSummary,
    GameVersion,
    PlayerLine,
    SavedGame,
    all_games,
    correct_game,
    count_games,
    delete_game,
    game_history,
    get_game,
    get_game_by_edit_token,
    get_game_by_share_token,
    list_games,
    name_key,
    save_game,
)

__all__ = [
    "DEFAULT_BUSY_TIMEOUT",
    "EditConflict",
    "GameNotFound",
    "GameSummary",
    "GameVersion",
    "PlayerLine",
    "SavedGame",
    "StorageError",
    "all_games",
    "correct_game",
    "count_games",
    "current_revision",
    "database_url",
    "delete_game",
    "game_history",
    "get_game",
    "get_game_by_edit_token",
    "get_game_by_share_token",
    "head_revision",
    "list_games",
    "name_key",
    "open_database",
    "save_game",
    "sqlite_url",
    "upgrade",
]
