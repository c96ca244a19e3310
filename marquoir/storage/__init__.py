"""Saved games in a SQL database (SQLite by default, PostgreSQL through ``DATABASE_URL``), through SQLAlchemy 2.

::

    from marquoir.storage import database_url, open_database, save_game, list_games
    engine = open_database(database_url(instance_folder))   # creates and migrates the database when needed
    saved = save_game(engine, table, report)                 # SavedGame with .id, .share_token, .edit_token

The statistics come from the players' records (:mod:`marquoir.storage.stats`), the exports from streams and the
import from batches (:mod:`marquoir.storage.bulk`), the backup file's format from :mod:`marquoir.storage.backup`.
"""

from marquoir.storage.backup import BackupGame, BackupVersion
from marquoir.storage.bulk import (
    GameReport,
    NewGame,
    Stream,
    restore_games,
    save_games,
    stream_backup,
    stream_reports,
)
from marquoir.storage.database import (
    DEFAULT_BUSY_TIMEOUT,
    current_revision,
    database_url,
    head_revision,
    open_database,
    sqlite_url,
    upgrade,
)
from marquoir.storage.drafts import Draft, delete_draft, get_draft, save_draft
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
from marquoir.storage.stats import (
    PlayerRecord,
    PlayerResult,
    latest_results,
    player_counts,
    player_records,
    player_results,
    records_of_player,
)

__all__ = [
    "DEFAULT_BUSY_TIMEOUT",
    "BackupGame",
    "BackupVersion",
    "Draft",
    "EditConflict",
    "GameNotFound",
    "GameReport",
    "GameSummary",
    "GameVersion",
    "NewGame",
    "PlayerLine",
    "PlayerRecord",
    "PlayerResult",
    "SavedGame",
    "StorageError",
    "Stream",
    "all_games",
    "correct_game",
    "count_games",
    "current_revision",
    "database_url",
    "delete_draft",
    "delete_game",
    "game_history",
    "get_draft",
    "get_game",
    "get_game_by_edit_token",
    "get_game_by_share_token",
    "head_revision",
    "latest_results",
    "list_games",
    "name_key",
    "open_database",
    "player_counts",
    "player_records",
    "player_results",
    "records_of_player",
    "restore_games",
    "save_draft",
    "save_game",
    "save_games",
    "sqlite_url",
    "stream_backup",
    "stream_reports",
    "upgrade",
]
