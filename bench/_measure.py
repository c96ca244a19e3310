"""What the benches measure alike (not a bench itself: ``make bench`` runs ``bench_*.py`` only)."""

from __future__ import annotations

import sys
from collections.abc import Collection
from typing import Any


def deep_size(value: Any, seen: set[int] | None = None, skip: Collection[int] = ()) -> int:
    """Bytes held by ``value`` and everything it refers to (each object once; ``skip`` ids left out)."""
    seen = seen if seen is not None else set()
    if id(value) in seen or id(value) in skip:
        return 0
    seen.add(id(value))
    size = sys.getsizeof(value)
    if isinstance(value, dict):
        size += sum(deep_size(k, seen, skip) + deep_size(v, seen, skip) for k, v in value.items())
    elif isinstance(value, tuple | list | set | frozenset):
        size += sum(deep_size(item, seen, skip) for item in value)
    elif hasattr(value, "__slots__"):
        size += sum(deep_size(getattr(value, slot), seen, skip) for slot in value.__slots__ if hasattr(value, slot))
    elif hasattr(value, "__dict__"):
        size += deep_size(vars(value), seen, skip)
    return size
