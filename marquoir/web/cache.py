"""A cache of bytes with a bound on its size: the least recently used entries leave first. (The one cache of the web
app that keeps work across requests: no cache grows without bound.)"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable


class ByteCache:
    """At most ``limit`` bytes of values, by key; thread-safe."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.size = 0
        self._entries: OrderedDict[Hashable, bytes] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> bytes | None:
        with self._lock:
            value = self._entries.get(key)
            if value is not None:
                self._entries.move_to_end(key)
            return value

    def put(self, key: Hashable, value: bytes) -> bytes:
        """Keep ``value`` (unless it alone is over the limit) and return it."""
        with self._lock:
            if len(value) > self.limit:
                return value
            old = self._entries.pop(key, None)
            if old is not None:
                self.size -= len(old)
            self._entries[key] = value
            self.size += len(value)
            while self.size > self.limit:
                _key, dropped = self._entries.popitem(last=False)
                self.size -= len(dropped)
            return value

    def __len__(self) -> int:
        return len(self._entries)
