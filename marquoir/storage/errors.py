"""The storage layer's own errors: what went wrong with the database, in words a person can act on.

Every database failure that is not a bug (a locked database, a full disk, a file that cannot be opened) reaches the
caller as :class:`StorageError`, never as a driver exception, so the web app can show the message and keep what
the user typed. ``reason`` is a stable word for the caller to branch on.
"""

from __future__ import annotations

from marquoir.errors import MarquoirError


class StorageError(MarquoirError):
    """The database could not do what was asked; nothing of that operation was written.

    ``reason``: ``busy`` (locked by another writer past the busy timeout), ``full`` (disk or database full),
    ``unavailable`` (cannot be opened, read-only, gone), ``damaged`` (the file is not a sound database: restore a
    backup), ``conflict`` (the game changed since it was opened),
    ``error`` (anything else the database refused).
    """

    def __init__(self, message: str, reason: str = "error") -> None:
        self.reason = reason
        self.message = message
        super().__init__(message)


class EditConflict(StorageError):
    """A correction made to an older version of a game than the one saved now."""

    def __init__(self, expected: int, found: int) -> None:
        self.expected = expected
        self.found = found
        super().__init__(
            f"this game was changed by someone else (version {found}, you edited version {expected}); "
            "nothing was saved: reopen it and correct it again",
            "conflict",
        )


class GameNotFound(MarquoirError):
    """No saved game answers to this id or token (or it was deleted)."""

    def __init__(self, what: str) -> None:
        self.what = what
        super().__init__(f"no saved game for {what}")
