"""Groups: private spaces reached by an unguessable link, each with its own games, players and statistics.

A group is a row of ``groups`` with a token (:func:`secrets.token_urlsafe`) and a name; whoever has its link sees
and adds its games — there is no account. A game saved in a group (``games.group_id``) is listed, searched and
counted only there; a game saved outside any group belongs to the pool everyone lists.

A group also remembers its players' names (``group_players``): a name written with other accents or capitals is
the same player already (:func:`marquoir.storage.name_key`); :func:`merge_players` makes two names one player (the
games keep the names as they were typed; the records of both are added up again as one), and
:func:`rename_player` gives a player a new name (shown in the statistics and offered in new games; a game typed
with it counts as that player). Each write is one transaction.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine, RowMapping

from marquoir.core.reader import NAME_MAX, is_a_name
from marquoir.core.reader import clean_name as clean_text_name
from marquoir.storage.database import guarded, read_transaction, write_transaction
from marquoir.storage.errors import StorageError
from marquoir.storage.rows import name_key, new_token, read_utc, utc
from marquoir.storage.schema import game_counts, game_players, group_players, groups, player_stats
from marquoir.storage.stats import rebuild_records
from marquoir.zones import check_zone

#: The longest group name.
GROUP_NAME_MAX = 80
#: The most groups one call of :func:`groups_by_token` reads.
MAX_GROUPS = 50


@dataclass(frozen=True, slots=True)
class Group:
    """A group: its id, its token (its link: a secret), its name, when it was made, and its time zone (an IANA
    name; ``None``: the deployment's default, :mod:`marquoir.zones`)."""

    id: int
    token: str
    name: str
    created_at: datetime
    time_zone: str | None = None


class PlayerChangeRefused(StorageError):
    """A rename or a merge that cannot be made; ``reason`` says why: ``unknown`` (no such player in the group),
    ``taken`` (the new name is another player's), ``same`` (one player), ``together`` (the two played one game
    together: they are two people)."""


def _group(row: RowMapping) -> Group:
    return Group(row["id"], row["token"], row["name"], read_utc(row["created_at"]), row["time_zone"])


class BadName(ValueError):
    """A name that cannot be kept; ``reason``: ``empty`` (nothing typed), ``nothing`` (nothing left to read once
    cleaned: accents, joiners or spaces alone), ``long`` (over its length)."""

    def __init__(self, message: str, reason: str) -> None:
        super().__init__(message)
        self.reason = reason


def clean_name(text: str, longest: int) -> str:
    """A name as it is kept (:func:`marquoir.core.reader.clean_name`: NFC, no invisible character, spaces
    squeezed); :class:`BadName` when empty, when nothing readable is left, or longer than ``longest``."""
    name = clean_text_name(text)
    if not name:
        raise BadName("a name is needed", "empty")
    if not is_a_name(name) or not name_key(name):
        raise BadName("a name needs a letter, a figure or a sign", "nothing")
    if len(name) > longest:
        raise BadName(f"at most {longest} characters", "long")
    return name


def create_group(engine: Engine, name: str, *, now: datetime | None = None) -> Group:
    """Make a group called ``name`` with a new token. :class:`ValueError` for an empty or too long name."""
    cleaned = clean_name(name, GROUP_NAME_MAX)
    moment, token = utc(now), new_token()
    with guarded("create the group"), write_transaction(engine) as connection:
        group_id = connection.execute(
            groups.insert().returning(groups.c.id), {"token": token, "name": cleaned, "created_at": moment}
        ).scalar_one()
        connection.execute(game_counts.insert(), {"group_id": group_id, "games": 0})
    return Group(int(group_id), token, cleaned, moment)


def set_time_zone(engine: Engine, group_id: int, name: str | None) -> str | None:
    """Say and read the group's times in the time zone ``name`` (``None`` or empty: the deployment's default);
    returns the name kept. :class:`ValueError` for a name that is not an IANA time zone."""
    kept = check_zone(name) if name and name.strip() else None
    with guarded("change the group"), write_transaction(engine) as connection:
        connection.execute(groups.update().where(groups.c.id == group_id).values(time_zone=kept))
    return kept


def group_time_zones(engine: Engine) -> dict[int, str]:
    """The time zone of every group that has one: group id → IANA name."""
    with guarded("read the groups"), read_transaction(engine) as connection:
        rows = connection.execute(sa.select(groups.c.id, groups.c.time_zone).where(groups.c.time_zone.is_not(None)))
        return {int(i): str(z) for i, z in rows}


def get_group_by_token(engine: Engine, token: str) -> Group | None:
    """The group a link opens, or ``None``."""
    with guarded("open the group"), read_transaction(engine) as connection:
        row = connection.execute(sa.select(groups).where(groups.c.token == token)).mappings().first()
    return None if row is None else _group(row)


def get_group(engine: Engine, group_id: int) -> Group | None:
    """The group with this id, or ``None``."""
    with guarded("open the group"), read_transaction(engine) as connection:
        row = connection.execute(sa.select(groups).where(groups.c.id == group_id)).mappings().first()
    return None if row is None else _group(row)


def groups_by_token(engine: Engine, tokens: Iterable[str]) -> list[Group]:
    """The groups of these tokens that exist (at most :data:`MAX_GROUPS`), in the order of the tokens."""
    wanted = list(dict.fromkeys(tokens))[:MAX_GROUPS]
    if not wanted:
        return []
    with guarded("open the groups"), read_transaction(engine) as connection:
        found = {r["token"]: _group(r) for r in connection.execute(
            sa.select(groups).where(groups.c.token.in_(wanted))).mappings()}  # fmt: skip
    return [found[t] for t in wanted if t in found]


def aliases_of(connection: Connection, group_id: int | None, names: Iterable[str]) -> dict[str, str]:
    """The name keys of ``names`` that count as another player in a group (merged or renamed): key → key."""
    if group_id is None:
        return {}
    keys = sorted({name_key(n) for n in names})
    rows = connection.execute(
        sa.select(group_players.c.name_key, group_players.c.counts_as).where(
            group_players.c.group_id == group_id, group_players.c.name_key.in_(keys)
        )
    )
    return {str(k): str(c) for k, c in rows if k != c}


def _played(connection: Connection, group_id: int, key: str) -> bool:
    found = connection.execute(
        sa.select(player_stats.c.name_key).where(player_stats.c.group_id == group_id, player_stats.c.name_key == key)
        .limit(1)
    ).first()  # fmt: skip
    return found is not None


def _player_of(connection: Connection, group_id: int, name: str) -> str:
    """The key of the player a name stands for in a group (itself, or the player it was merged into)."""
    key = name_key(name)
    row = connection.execute(
        sa.select(group_players.c.counts_as).where(group_players.c.group_id == group_id,
                                                   group_players.c.name_key == key)
    ).first()  # fmt: skip
    return str(row[0]) if row is not None else key


def _set_alias(connection: Connection, group_id: int, key: str, counts_as: str, shown: str | None = None) -> None:
    found = connection.execute(
        sa.select(group_players.c.name).where(group_players.c.group_id == group_id, group_players.c.name_key == key)
    ).first()
    if found is None:
        connection.execute(group_players.insert(), {"group_id": group_id, "name_key": key, "counts_as": counts_as,
                                                    "name": shown})  # fmt: skip
    else:
        connection.execute(
            group_players.update()
            .where(group_players.c.group_id == group_id, group_players.c.name_key == key)
            .values(counts_as=counts_as, name=shown)
        )


def rename_player(engine: Engine, group_id: int, player: str, new_name: str) -> str:
    """Show the group's player called ``player`` as ``new_name`` from now on (the records too), and count the
    games typed with the new name as theirs; the games keep their names as typed. Returns the name kept.
    :class:`PlayerChangeRefused` (``unknown``, ``taken``); :class:`ValueError` for an empty or too long name."""
    shown = clean_name(new_name, NAME_MAX)
    with guarded("rename the player"), write_transaction(engine) as connection:
        key = _player_of(connection, group_id, player)
        if not _played(connection, group_id, key):
            raise PlayerChangeRefused(f"no player called {player!r} in this group", "unknown")
        new_key = _player_of(connection, group_id, shown)
        if new_key != key and _played(connection, group_id, new_key):
            raise PlayerChangeRefused(f"{shown!r} is another player of this group: merge them instead", "taken")
        _set_alias(connection, group_id, key, key, shown)
        if name_key(shown) != key:
            _set_alias(connection, group_id, name_key(shown), key)
        connection.execute(
            player_stats.update()
            .where(player_stats.c.group_id == group_id, player_stats.c.name_key == key)
            .values(name=shown)
        )
    return shown


def merge_players(engine: Engine, group_id: int, merged: str, into: str) -> None:
    """Count the games of the group's player called ``merged`` as the games of the player called ``into``, and
    the games typed with ``merged``'s names from now on too; the games keep their names as typed. Reads and
    rewrites the two players' rows (their records are added up again). :class:`PlayerChangeRefused`
    (``unknown``, ``same``, ``together``)."""
    with guarded("merge the players"), write_transaction(engine) as connection:
        gone, kept = _player_of(connection, group_id, merged), _player_of(connection, group_id, into)
        for name, key in ((merged, gone), (into, kept)):
            if not _played(connection, group_id, key):
                raise PlayerChangeRefused(f"no player called {name!r} in this group", "unknown")
        if gone == kept:
            raise PlayerChangeRefused("these two names are one player already", "same")
        other = game_players.alias("other")
        together = connection.execute(
            sa.select(game_players.c.game_id)
            .join(other, other.c.game_id == game_players.c.game_id)
            .where(game_players.c.group_id == group_id, game_players.c.name_key == gone, other.c.name_key == kept)
            .limit(1)
        ).first()
        if together is not None:
            raise PlayerChangeRefused("these two played a game together: they are two players", "together")
        connection.execute(
            game_players.update()
            .where(game_players.c.group_id == group_id, game_players.c.name_key == gone)
            .values(name_key=kept)
        )
        connection.execute(
            group_players.update()
            .where(group_players.c.group_id == group_id, group_players.c.counts_as == gone)
            .values(counts_as=kept, name=None)
        )
        _set_alias(connection, group_id, gone, kept)
        rebuild_records(connection, group_id, (gone, kept))


def group_aliases(engine: Engine, group_id: int) -> Mapping[str, str]:
    """Every name key of a group that counts as another player: key → the player's key (a group holds a few)."""
    with guarded("read the players"), read_transaction(engine) as connection:
        rows = connection.execute(
            sa.select(group_players.c.name_key, group_players.c.counts_as).where(group_players.c.group_id == group_id)
        )
        return {str(k): str(c) for k, c in rows if k != c}


@dataclass(frozen=True, slots=True)
class NameChange:
    """A name key of a group that counts as another player's (``counts_as``), or the name a player is shown by
    (``name``)."""

    group_id: int
    key: str
    counts_as: str
    name: str | None


def name_changes(engine: Engine, group_id: int | None = None) -> list[NameChange]:
    """The merged and renamed names of a group (``None``: of every group): a few rows per rename or merge."""
    query = sa.select(group_players).order_by(group_players.c.group_id, group_players.c.name_key)
    if group_id is not None:
        query = query.where(group_players.c.group_id == group_id)
    with guarded("read the players"), read_transaction(engine) as connection:
        return [NameChange(r["group_id"], r["name_key"], r["counts_as"], r["name"])
                for r in connection.execute(query).mappings()]  # fmt: skip
