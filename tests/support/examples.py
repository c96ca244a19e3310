"""How many examples a property test asks of Hypothesis: its own number under the full profile (``make test``),
at most the quick profile's under ``--hypothesis-profile=quick`` (the developer's loop). A test's own settings would
otherwise win over the profile."""

from __future__ import annotations

from typing import Any

from hypothesis import settings

#: Fewer examples than this by default means the quick profile is loaded.
FULL = 100


def examples(count: int, **options: Any) -> settings:
    """``settings(max_examples=count, **options)``, trimmed to the profile's examples in the quick loop."""
    cap = settings.default.max_examples
    return settings(max_examples=count if cap >= FULL else min(count, cap), **options)
