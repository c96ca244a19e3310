"""The table link's storage (marquoir/storage/seats.py): the host's whole write of a draft that phones write too
is guarded in its own transaction by the table's version (issue 22, point 4)."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy.engine import Engine
from support.samples import sample_document

from marquoir.storage import StorageError, get_draft, save_draft, save_draft_at
from marquoir.storage.seats import get_table, open_table, table_unchanged, write_seat


def _with_note(note: str) -> Any:
    return lambda document: {**document, "note": note}


def test_the_hosts_write_read_before_a_seats_write_is_refused_and_nothing_is_written(engine: Engine) -> None:
    draft = save_draft(engine, "kanagawa", {"table": sample_document("base-2p"), "version": 1})
    table = open_table(engine, draft.token)
    assert table is not None
    read = get_table(engine, table.token)  # what the host's merge read
    assert read is not None and read.version == 0
    assert write_seat(engine, table.token, 0, 0, _with_note("phone"), done=False).outcome == "written"
    with pytest.raises(StorageError) as refused:
        save_draft_at(engine, "kanagawa", {"table": sample_document("base-2p"), "note": "host"},
                      token=draft.token, seen=1, force=True, guard=table_unchanged(table.token, read.version))
    assert refused.value.reason == "conflict"
    kept = get_draft(engine, draft.token)
    assert kept is not None and kept.document["note"] == "phone"  # the seat's write, not overwritten
    # Merged again at the table's version now, the host's write is taken.
    now = get_table(engine, table.token)
    assert now is not None and now.version == 1
    written = save_draft_at(engine, "kanagawa", {"table": sample_document("base-2p"), "note": "host"},
                            token=draft.token, seen=1, force=True, guard=table_unchanged(table.token, now.version))
    assert written.written and written.draft.document["note"] == "host"
