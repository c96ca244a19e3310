"""The project's own error types.

Three kinds of trouble, three channels, as python-chess keeps them: a document that cannot be read raises
:class:`TableError`; a forbidden move in the rules engine raises :class:`RuleError`; an impossible but readable
table raises nothing and is reported by :func:`marquoir.legality.check` (each game's legality pass).
"""

from __future__ import annotations


class MarquoirError(ValueError):
    """Base of every error Marquoir raises on purpose."""


class TableError(MarquoirError):
    """A table document that cannot be read; ``path`` names the place, such as ``players[0].diplomas``."""

    def __init__(self, path: str, message: str) -> None:
        self.path = path
        self.message = message
        super().__init__(f"{path}: {message}" if path else message)


class RuleError(MarquoirError):
    """A well-formed action that the rules forbid; ``rule`` names the rule broken."""

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        self.message = message
        super().__init__(f"{message} ({rule})")


class UsageError(MarquoirError):
    """A command line that asks for something that does not exist (a player name, a file, an option)."""
