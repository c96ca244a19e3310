"""Templates compiled once per process: Jinja's bytecode cache, kept in memory and shared by every app the process
makes (the test suite makes hundreds; a server makes one). Bounded: it holds at most one entry per template file
of the package, and an entry whose template's source changed is compiled again (Jinja checks the source's
checksum). Jinja's key does not hold the environment's options: every app sets the same ones (``create_app``)."""

from __future__ import annotations

import threading

from jinja2 import BytecodeCache
from jinja2.bccache import Bucket


class MemoryBytecodeCache(BytecodeCache):
    """Compiled templates by Jinja's key (the template's name and file)."""

    def __init__(self) -> None:
        self._code: dict[str, bytes] = {}
        self._lock = threading.Lock()

    def load_bytecode(self, bucket: Bucket) -> None:
        with self._lock:
            code = self._code.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        code = bucket.bytecode_to_string()
        with self._lock:
            self._code[bucket.key] = code

    def clear(self) -> None:
        with self._lock:
            self._code.clear()


#: The process's cache.
BYTECODE = MemoryBytecodeCache()
