"""Saved games for BG Stats (the board-game play logging app by Eerko Vissering): its play file, as the app exports
plays and imports them back (:func:`bgstats_chunks`), and its push-play link, the one-tap route from a phone
(:func:`push_play_url`).

The play file, every field of it (an object; the order of the arrays does not matter to a JSON reader, so
``plays`` comes first and the others are written when the plays are, in constant memory)::

    {
      "about": "This is a Play file that can be read by Board Game Stats. …",
      "plays": [
        {"uuid": "…", "playDate": "2026-01-05 20:15:00", "entryDate": "…", "modificationDate": "…",
         "gameRefId": 1, "locationRefId": 1, "durationMin": 45, "comments": "…", "board": "",
         "expansionPlays": [{"gameRefId": 2, "bggId": 0}],
         "ignored": false, "manualWinner": false, "rounds": 0, "usesTeams": false, "rating": 0,
         "scoringSetting": 0, "playImages": "[]",
         "playerScores": [{"playerRefId": 1, "score": "42", "winner": true, "rank": 1, "seatOrder": 1,
                           "startPlayer": true, "newPlayer": false, "role": "", "team": ""}, …]},
        …],
      "players": [{"id": 1, "uuid": "…", "name": "Aiko", "isAnonymous": false, "modificationDate": "…"}, …],
      "locations": [{"id": 1, "uuid": "…", "name": "Chez Aiko", "modificationDate": "…"}, …],
      "games": [{"id": 1, "uuid": "…", "name": "…", "bggId": 100001, "bggYear": 2016, "highestWins": true,
                 "noPoints": false, "cooperative": false, "usesTeams": false, "isBaseGame": true,
                 "isExpansion": false, "modificationDate": "…"},
                {"id": 2, "uuid": "…", "name": "…", "bggId": 0, "bggYear": 2019, …,
                 "isBaseGame": false, "isExpansion": true, …}, …]
    }

- Dates are ``YYYY-MM-DD HH:MM:SS`` with no time zone, on the clocks of the game's group's time zone (else the
  deployment's default: :mod:`marquoir.zones`), as the app shows them: a game typed as 20:15 says 20:15.
- ``bggId`` / ``bggYear``: the game's and each expansion's, declared by the game (``Game.bgg_id``, ``bgg_year``,
  ``expansions``, with their sources beside them); 0 where no trusted source gives one, and the app matches that
  game by its name.
- An expansion played is its own entry of ``games`` (``isExpansion``), named in the play's ``expansionPlays``
  (``gameRefId``, ``bggId``), as the app's own files do; ``board`` stays empty.
- ``manualWinner`` is true when the winners are not the players at the top score (``Game.tie_decided_by_rule``: a
  tie broken by turn order, a solo game won by its level): an app that recomputes winners from the
  scores would get them wrong.
- ``startPlayer`` is true for the first seat (the table lists the players in turn order from the first player);
  ``seatOrder`` is the seat from 1; ``rank`` the place (a tie shares it); a score is text (``"42"``), as the app
  writes it.
- A player is named as their group shows them (merged and renamed names: one player, under the group's name);
  outside any group, as last typed.
- ``uuid`` values are derived (UUID 5) from the game's read-only token, the player's group and name key, the
  place's name and the game's name, so the same play exported twice has the same ``uuid`` (the app can tell a play
  it holds already), and a player merged in a group is one player here.
- ``locationRefId`` and ``durationMin`` are left out of a play whose place or duration was not recorded;
  ``comments`` holds the notes.

Sources: the app's support page "Push plays to BG Stats from other apps or websites" (the push-play URL and its
fields); plays files as the app exports them, read by public importers of them (``expansionPlays`` with
``gameRefId`` and ``bggId``, ``isBaseGame`` / ``isExpansion``, ``startPlayer``, ``seatOrder``).

Values in, text out: :func:`bgstats_chunks` hands the text over a piece at a time.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterable, Iterator, Mapping
from datetime import UTC, datetime, tzinfo
from typing import Any, Protocol
from urllib.parse import quote

from marquoir.core.game import Expansion, Game
from marquoir.games import get_game
from marquoir.storage.games import Details, name_key
from marquoir.storage.groups import NameChange
from marquoir.zones import local

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


def app_date(moment: datetime, where: tzinfo | None = None) -> str:
    """A moment as the app writes it: on the clocks of ``where`` (UTC when ``None``), no time zone written."""
    return local(moment, where or UTC).strftime("%Y-%m-%d %H:%M:%S")


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


def _game_entry(listing: Expansion, key: str, stamp: str, *, expansion: bool) -> dict[str, Any]:
    return {"uuid": _uuid("game", key), "name": listing.name, "bggId": listing.bgg_id, "bggYear": listing.year,
            "highestWins": True, "noPoints": False, "cooperative": False, "usesTeams": False,
            "isBaseGame": not expansion, "isExpansion": expansion, "modificationDate": stamp}  # fmt: skip


def _listing(game: Game) -> Expansion:
    """The game itself as the apps list it: its English name, BoardGameGeek id and year (its class attributes)."""
    return Expansion(game.title, game.bgg_id, game.bgg_year)


def bgstats_chunks(
    games: Iterable[PlayedGame],
    *,
    exported_at: datetime,
    aliases: Mapping[tuple[int | None, str], str] | None = None,
    shown: Mapping[tuple[int | None, str], str] | None = None,
    zones: Mapping[int | None, tzinfo] | None = None,
    default_zone: tzinfo | None = None,
    chunk_size: int = CHUNK_SIZE,
) -> Iterator[str]:
    """The play file of ``games`` (in the order given), a piece of about ``chunk_size`` characters at a time.
    ``aliases`` maps a group's name key to the key of the player it counts as (merged and renamed names), ``shown``
    a player's key to the name their group shows them by (else a player is named as last typed); ``zones`` a
    group's id to its time zone, ``default_zone`` the zone of the others (UTC when ``None``)."""
    aliases, shown, zones = aliases or {}, shown or {}, zones or {}
    fallback = default_zone or UTC
    players, places, kinds = _Refs(), _Refs(), _Refs()
    names: dict[int, str] = {}
    stamp = app_date(exported_at, fallback)
    out = [json.dumps({"about": ABOUT}, ensure_ascii=False)[:-1] + ', "plays": [']
    size, separator = len(out[0]), "\n"
    for played in games:
        game = get_game(played.game)
        where = zones.get(played.group_id) or fallback
        listing = _listing(game)
        game_ref = kinds.ref(played.game, lambda listing=listing, key=played.game: _game_entry(
            listing, key, stamp, expansion=False))  # fmt: skip
        expansions = [
            {"gameRefId": kinds.ref((played.game, extra.name), lambda extra=extra, key=f"{played.game}:{extra.name}":
                                    _game_entry(extra, key, stamp, expansion=True)), "bggId": extra.bgg_id}
            for extra in game.expansions(played.document or {})
        ]  # fmt: skip
        report = played.report
        winners = set(report["winners"])
        scores = []
        for seat, player in enumerate(report["players"], start=1):
            typed = name_key(player["name"])
            key = (played.group_id, aliases.get((played.group_id, typed), typed))
            ref = players.ref(key, lambda key=key: {"uuid": _uuid("player", key[0] or "pool", key[1]),
                                                    "isAnonymous": False, "modificationDate": stamp})  # fmt: skip
            names[ref] = shown.get(key, player["name"])
            scores.append({"playerRefId": ref, "score": str(player["total"]), "winner": player["name"] in winners,
                           "rank": int(player["rank"]), "seatOrder": seat, "startPlayer": seat == 1,
                           "newPlayer": False, "role": "", "team": ""})  # fmt: skip
        details = played.details
        play: dict[str, Any] = {
            "uuid": _uuid("play", played.share_token),
            "playDate": app_date(played.played_at, where),
            "entryDate": app_date(played.created_at or played.played_at, where),
            "modificationDate": app_date(played.updated_at or played.played_at, where),
            "gameRefId": game_ref,
        }
        if details.place:
            play["locationRefId"] = places.ref(name_key(details.place), lambda place=details.place: {
                "uuid": _uuid("location", name_key(place)), "name": place, "modificationDate": stamp})  # fmt: skip
        if details.duration_min:
            play["durationMin"] = details.duration_min
        play.update({
            "comments": details.notes or "", "board": "", "expansionPlays": expansions,
            "ignored": False, "manualWinner": game.tie_decided_by_rule(report), "rounds": 0, "usesTeams": False,
            "rating": 0, "scoringSetting": 0, "playImages": "[]", "playerScores": scores,
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


#: Where the app takes one play by link (its support page, "Push plays to BG Stats from other apps or websites").
PUSH_PLAY_URL = "https://app.bgstatsapp.com/createPlay.html"
#: The app that made the play, as the push-play link names it.
SOURCE_NAME = "Marquoir"


def push_play(
    played: PlayedGame,
    *,
    where: tzinfo | None = None,
    shown: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """The push-play data of one saved game (the fields of the app's push-play format): the game with its
    BoardGameGeek id (0: matched by name) and Marquoir's id of it, the date on the clocks of ``where``, the place,
    duration and notes, and each player (their group's name from ``shown``, a name key → name; the first seat the
    start player, rank, score, winner). The app asks the person to confirm its matches before it saves the play.
    The expansion is not sent: the push-play format, as published, has no field for one (the play file has)."""
    game = get_game(played.game)
    listing = _listing(game)
    shown = shown or {}
    winners = set(played.report["winners"])
    data: dict[str, Any] = {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": played.share_token,
        "playDate": app_date(played.played_at, where),
        "game": {"name": listing.name, "bggId": listing.bgg_id, "highestWins": True, "noPoints": False,
                 "sourceGameId": played.game},
        "players": [
            {"name": shown.get(name_key(p["name"]), p["name"]), "sourcePlayerId": name_key(p["name"]),
             "score": int(p["total"]), "rank": int(p["rank"]), "winner": p["name"] in winners,
             "startPlayer": seat == 1, "role": ""}
            for seat, p in enumerate(played.report["players"], start=1)
        ],
        "board": "",
        "comments": played.details.notes or "",
    }
    if played.details.place:
        data["location"] = played.details.place
    if played.details.duration_min:
        data["durationMin"] = played.details.duration_min
    return data


def push_play_url(played: PlayedGame, **options: Any) -> str:
    """The push-play link of one saved game: the app opens it on a phone where it is installed."""
    return PUSH_PLAY_URL + "?data=" + quote(json.dumps(push_play(played, **options), ensure_ascii=False,
                                                       separators=(",", ":")), safe="")  # fmt: skip


def name_maps(
    changes: Iterable[NameChange],
    names: Iterable[tuple[int, str, str]] = (),
) -> tuple[dict[tuple[int | None, str], str], dict[tuple[int | None, str], str]]:
    """The ``aliases`` and ``shown`` of :func:`bgstats_chunks` from groups' merged and renamed names and the names
    their players are shown by (``names``: group id, player's key, name, as the group's players' page lists them)."""
    aliases: dict[tuple[int | None, str], str] = {}
    shown: dict[tuple[int | None, str], str] = {(group_id, key): name for group_id, key, name in names}
    for change in changes:
        if change.counts_as != change.key:
            aliases[(change.group_id, change.key)] = change.counts_as
        if change.name is not None:
            shown[(change.group_id, change.key)] = change.name
    return aliases, shown


def bgstats_json(games: Iterable[PlayedGame], **options: Any) -> str:
    """The whole play file as one text (for a handful of games and the tests)."""
    return "".join(bgstats_chunks(games, **options))
