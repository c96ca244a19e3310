"""Saved games as a file for BG Stats (the board-game play logging app by Eerko Vissering), to move one's plays
into the app one uses: its play file, as the app exports plays and imports them back.

The file written here, every field of it (an object; the order of the arrays does not matter to a JSON reader, so
``plays`` comes first and the others are written when the plays are, in constant memory)::

    {
      "about": "This is a Play file that can be read by Board Game Stats. …",
      "plays": [
        {"uuid": "…", "playDate": "2026-01-05 20:00:00", "entryDate": "…", "modificationDate": "…",
         "gameRefId": 1, "locationRefId": 1, "durationMin": 45, "comments": "…", "board": "…",
         "ignored": false, "manualWinner": false, "rounds": 0, "usesTeams": false, "rating": 0,
         "scoringSetting": 0, "playImages": "[]",
         "playerScores": [{"playerRefId": 1, "score": "42", "winner": true, "rank": 1, "seatOrder": 1,
                           "startPlayer": false, "newPlayer": false, "role": "", "team": ""}, …]},
        …],
      "players": [{"id": 1, "uuid": "…", "name": "Aiko", "isAnonymous": false, "modificationDate": "…"}, …],
      "locations": [{"id": 1, "uuid": "…", "name": "Chez Aiko", "modificationDate": "…"}, …],
      "games": [{"id": 1, "uuid": "…", "name": "…", "bggId": 0, "bggYear": 0, "highestWins": true,
                 "noPoints": false, "cooperative": false, "usesTeams": false, "modificationDate": "…"}, …]
    }

- Dates are ``YYYY-MM-DD HH:MM:SS`` with no time zone, written in UTC (Marquoir keeps every date in UTC).
- ``uuid`` values are derived (UUID 5) from the game's read-only token, the player's group and name key, the
  place's name and the game's name, so the same play exported twice has the same ``uuid`` (the app can tell a play
  it holds already), and a player merged in a group is one player here.
- ``locationRefId`` and ``durationMin`` are left out of a play whose place or duration was not recorded;
  ``comments`` holds the notes; ``board`` names the expansions the game was played with
  (:meth:`~marquoir.core.game.Game.expansions`).
- A score is text (``"42"``), as the app writes it; ``rank`` is the place (a tie shares it); ``seatOrder`` the seat
  from 1, in the order the table lists the players.
- ``bggId`` is 0 (unknown): the app matches a game by its name, then remembers the match.

Values in, text out: :func:`bgstats_chunks` hands the text over a piece at a time.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterable, Iterator, Mapping
from datetime import datetime
from typing import Any, Protocol

from marquoir.games import get_game
from marquoir.storage.games import Details, name_key
from marquoir.storage.groups import NameChange

#: The app's own sentence at the top of a play file.
ABOUT = (
    "This is a Play file that can be read by Board Game Stats. If you see this text, try to use a share, export or "
    "open-in function to open it with Board Game Stats."
)
#: The namespace of every UUID written here (a UUID 5 of the project's name).
NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "marquoir")
#: About how many characters :func:`bgstats_chunks` gathers before handing them over.
CHUNK_SIZE = 64 * 1024


class PlayedGame(Protocol):
    """What the export reads of a saved game (:class:`~marquoir.storage.GameReport`)."""

    @property
    def game(self) -> str: ...
    @property
    def played_at(self) -> datetime: ...
    @property
    def report(self) -> Mapping[str, Any]: ...
    @property
    def document(self) -> Mapping[str, Any]: ...
    @property
    def details(self) -> Details: ...
    @property
    def share_token(self) -> str: ...
    @property
    def created_at(self) -> datetime | None: ...
    @property
    def updated_at(self) -> datetime | None: ...
    @property
    def group_id(self) -> int | None: ...


def app_date(moment: datetime) -> str:
    """A date as the app writes it (UTC, no time zone)."""
    return moment.strftime("%Y-%m-%d %H:%M:%S")


def _uuid(*parts: object) -> str:
    return str(uuid.uuid5(NAMESPACE, ":".join(str(p) for p in parts)))


class _Refs:
    """Ids given in the order things are first met, with what the end of the file says of each."""

    def __init__(self) -> None:
        self.ids: dict[Any, int] = {}
        self.items: list[dict[str, Any]] = []

    def ref(self, key: Any, make: Any) -> int:
        found = self.ids.get(key)
        if found is None:
            found = self.ids[key] = len(self.ids) + 1
            self.items.append({"id": found, **make()})
        return found


def bgstats_chunks(
    games: Iterable[PlayedGame],
    *,
    exported_at: datetime,
    aliases: Mapping[tuple[int | None, str], str] | None = None,
    shown: Mapping[tuple[int | None, str], str] | None = None,
    chunk_size: int = CHUNK_SIZE,
) -> Iterator[str]:
    """The play file of ``games`` (in the order given), a piece of about ``chunk_size`` characters at a time.
    ``aliases`` maps a group's name key to the key of the player it counts as (merged and renamed names), ``shown``
    a player's key to the name their group shows them by; else a player is named as they were last typed."""
    aliases, shown = aliases or {}, shown or {}
    players, places, kinds = _Refs(), _Refs(), _Refs()
    names: dict[int, str] = {}
    stamp = app_date(exported_at)
    out = [json.dumps({"about": ABOUT}, ensure_ascii=False)[:-1] + ', "plays": [']
    size, separator = len(out[0]), "\n"
    for played in games:
        game = get_game(played.game)
        game_ref = kinds.ref(played.game, lambda game=game, key=played.game: {
            "uuid": _uuid("game", key), "name": game.title, "bggId": 0, "bggYear": 0, "highestWins": True,
            "noPoints": False, "cooperative": False, "usesTeams": False, "modificationDate": stamp,
        })  # fmt: skip
        winners = set(played.report["winners"])
        scores = []
        for seat, player in enumerate(played.report["players"], start=1):
            typed = name_key(player["name"])
            key = (played.group_id, aliases.get((played.group_id, typed), typed))
            ref = players.ref(key, lambda key=key: {"uuid": _uuid("player", key[0] or "pool", key[1]),
                                                    "isAnonymous": False, "modificationDate": stamp})  # fmt: skip
            names[ref] = shown.get(key, player["name"])
            scores.append({"playerRefId": ref, "score": str(player["total"]), "winner": player["name"] in winners,
                           "rank": int(player["rank"]), "seatOrder": seat, "startPlayer": False, "newPlayer": False,
                           "role": "", "team": ""})  # fmt: skip
        details = played.details
        play: dict[str, Any] = {
            "uuid": _uuid("play", played.share_token),
            "playDate": app_date(played.played_at),
            "entryDate": app_date(played.created_at or played.played_at),
            "modificationDate": app_date(played.updated_at or played.played_at),
            "gameRefId": game_ref,
        }
        if details.place:
            play["locationRefId"] = places.ref(name_key(details.place), lambda place=details.place: {
                "uuid": _uuid("location", name_key(place)), "name": place, "modificationDate": stamp})  # fmt: skip
        if details.duration_min:
            play["durationMin"] = details.duration_min
        expansions = get_game(played.game).expansions(played.document or {})
        play.update({
            "comments": details.notes or "", "board": ", ".join(name for name, _id in expansions),
            "ignored": False, "manualWinner": False, "rounds": 0, "usesTeams": False, "rating": 0,
            "scoringSetting": 0, "playImages": "[]", "playerScores": scores,
        })  # fmt: skip
        text = separator + json.dumps(play, ensure_ascii=False, separators=(",", ":"))
        separator = ",\n"
        out.append(text)
        size += len(text)
        if size >= chunk_size:
            yield "".join(out)
            out, size = [], 0
    for item in players.items:
        item["name"] = names[item["id"]]
    tail = {"players": players.items, "locations": places.items, "games": kinds.items}
    out.append("\n], " + json.dumps(tail, ensure_ascii=False)[1:] + "\n")
    yield "".join(out)


def name_maps(
    changes: Iterable[NameChange],
) -> tuple[dict[tuple[int | None, str], str], dict[tuple[int | None, str], str]]:
    """The ``aliases`` and ``shown`` of :func:`bgstats_chunks` from groups' merged and renamed names."""
    aliases: dict[tuple[int | None, str], str] = {}
    shown: dict[tuple[int | None, str], str] = {}
    for change in changes:
        if change.counts_as != change.key:
            aliases[(change.group_id, change.key)] = change.counts_as
        if change.name is not None:
            shown[(change.group_id, change.key)] = change.name
    return aliases, shown


def bgstats_json(games: Iterable[PlayedGame], **options: Any) -> str:
    """The whole play file as one text (for a handful of games and the tests)."""
    return "".join(bgstats_chunks(games, **options))
