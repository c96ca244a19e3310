"""Saved games in a SQL database (SQLite by default, PostgreSQL through ``DATABASE_URL``), through SQLAlchemy 2.

::

    from marquoir.storage import database_url, open_database, save_game, list_games
    engine = open_database(database_url(instance_folder))   # creates and migrates the database when needed
    saved = save_game(engine, table, report)                 # SavedGame with .id, .share_token, .edit_token

Groups (private spaces with their own games, players and statistics) are :mod:`marquoir.storage.groups`'; the
statistics come from the players' records (:mod:`marquoir.storage.stats`) and bounded slices of their results
(:mod:`marquoir.storage.results`), the exports from streams and the import from batches
(:mod:`marquoir.storage.bulk`), the backup file's format from :mod:`marquoir.storage.backup`.
"""

from marquoir.storage.backup import BackupGame, BackupGroup, BackupVersion
from marquoir.storage.bulk import (
    EVERY_GAME,
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
    Details,
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
from marquoir.storage.groups import (
    Group,
    NameChange,
    PlayerChangeRefused,
    create_group,
    get_group,
    get_group_by_token,
    group_aliases,
    groups_by_token,
    merge_players,
    name_changes,
    rename_player,
)
from marquoir.storage.results import (
    ALL_TIME,
    Encounter,
    Period,
    PeriodRecords,
    PlayerResult,
    encounters,
    latest_results,
    period_records,
    player_results,
)
from marquoir.storage.rows import edition_of, editions
from marquoir.storage.stats import (
    ALL_GAMES,
    Kind,
    PlayerName,
    PlayerRecord,
    names_in_game,
    names_of,
    player_counts,
    player_records,
    players_of,
    records_by_kind,
    records_of_player,
)

__all__ = [
    "ALL_GAMES",
    "ALL_TIME",
    "DEFAULT_BUSY_TIMEOUT",
    "EVERY_GAME",
    "BackupGame",
    "BackupGroup",
    "BackupVersion",
    "Details",
    "Draft",
    "EditConflict",
    "Encounter",
    "GameNotFound",
    "GameReport",
    "GameSummary",
    "GameVersion",
    "Group",
    "Kind",
    "NameChange",
    "NewGame",
    "Period",
    "PeriodRecords",
    "PlayerChangeRefused",
    "PlayerLine",
    "PlayerName",
    "PlayerRecord",
    "PlayerResult",
    "SavedGame",
    "StorageError",
    "Stream",
    "all_games",
    "correct_game",
    "count_games",
    "create_group",
    "current_revision",
    "database_url",
    "delete_draft",
    "delete_game",
    "edition_of",
    "editions",
    "encounters",
    "game_history",
    "get_draft",
    "get_game",
    "get_game_by_edit_token",
    "get_game_by_share_token",
    "get_group",
    "get_group_by_token",
    "group_aliases",
    "groups_by_token",
    "head_revision",
    "latest_results",
    "list_games",
    "merge_players",
    "name_changes",
    "name_key",
    "names_in_game",
    "names_of",
    "open_database",
    "period_records",
    "player_counts",
    "player_records",
    "player_results",
    "players_of",
    "records_by_kind",
    "records_of_player",
    "rename_player",
    "restore_games",
    "save_draft",
    "save_game",
    "save_games",
    "sqlite_url",
    "stream_backup",
    "stream_reports",
    "upgrade",
]
