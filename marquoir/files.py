"""Table documents read from files or standard input, for the commands (the imperative shell around the
readers): errors name the file and the place in the document."""

from __future__ import annotations

import sys
from typing import TextIO

from marquoir.document import load_table
from marquoir.errors import TableError
from marquoir.games import AnyTable


def read_source(path: str, stdin: TextIO | None = None) -> str:
    """The text of ``path``, or of standard input for ``-``."""
    if path == "-":
        return (stdin or sys.stdin).read()
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except FileNotFoundError:
        raise TableError(path, "no such file") from None
    except IsADirectoryError:
        raise TableError(path, "is a folder, not a table document") from None
    except UnicodeDecodeError:
        raise TableError(path, "not UTF-8 text") from None
    except OSError as error:
        raise TableError(path, error.strerror or "cannot be read") from None


def read_table(path: str) -> AnyTable:
    """Read a table document from a file or standard input; errors name the file and the place."""
    text = read_source(path)
    try:
        return load_table(text)
    except TableError as error:
        where = "<stdin>" if path == "-" else path
        raise TableError(f"{where}: {error.path}", error.message) from None
