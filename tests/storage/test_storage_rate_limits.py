"""The abuse limits' counters in the database (marquoir.storage.rate_limits): every limit of a request checked and
counted in one write, a request refused counts nothing, a window that ended starts again, and ended counters are
swept as others are written."""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from marquoir.storage.rate_limits import SWEEP, add_hits, hits_of, take_hits
from marquoir.storage.schema import rate_limits

#: A request's two limits: 3 a minute, 5 a day.
LIMITS = [("save/client/minute", 60, 3), ("save/client/day", 86400, 5)]


def test_each_limit_of_a_request_is_counted_once_until_the_first_is_reached(engine: Engine) -> None:
    now = 1_000_000.0
    assert [take_hits(engine, LIMITS, now=now + n) for n in range(3)] == [None, None, None]
    assert take_hits(engine, LIMITS, now=now + 3) == now + 60  # the minute's window ends then
    assert hits_of(engine, "save/client/minute", now=now + 4) == (3, now + 60)
    assert hits_of(engine, "save/client/day", now=now + 4) == (3, now + 86400)  # the refused one counted nothing


def test_a_window_that_ended_starts_again_and_the_longer_one_refuses_in_its_turn(engine: Engine) -> None:
    now = 2_000_000.0
    for n in range(3):
        assert take_hits(engine, LIMITS, now=now + n) is None
    assert take_hits(engine, LIMITS, now=now + 61) is None  # a new minute
    assert hits_of(engine, "save/client/minute", now=now + 61) == (1, now + 121)
    assert take_hits(engine, LIMITS, now=now + 62) is None
    assert take_hits(engine, LIMITS, now=now + 63) == now + 86400  # the day's fifth hit was the last
    assert hits_of(engine, "save/client/minute", now=now + 63)[0] == 2


def test_another_client_s_counters_are_their_own(engine: Engine) -> None:
    now = 3_000_000.0
    for n in range(3):
        take_hits(engine, LIMITS, now=now + n)
    assert take_hits(engine, [("save/other/minute", 60, 3)], now=now + 3) is None
    assert take_hits(engine, [], now=now) is None


def test_ended_counters_are_swept_as_others_are_written(engine: Engine) -> None:
    now = 4_000_000.0
    for n in range(SWEEP + 5):
        add_hits(engine, f"old/{n}", 10, now=now)
    take_hits(engine, LIMITS, now=now + 100)
    with engine.connect() as connection:
        left = connection.execute(sa.select(sa.func.count()).select_from(rate_limits)).scalar_one()
    assert left == 5 + len(LIMITS)  # SWEEP ended ones deleted by one write, the rest by the next ones
