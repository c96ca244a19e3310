"""Kanagawa's seats at the table link (:mod:`marquoir.web.seating`): one player's column of the paper sheet —
Print cards, season chain, Harmony symbols, Yokai tokens with the expansion — and the shared parts: the Diploma
tiles (one holder each: games/kanagawa/data/SOURCES.md, decision 7) and the Grand Master (one player ends with
it). A table entered card by card, or with Diploma points written instead of ticked, is not cut by player."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marquoir.games.kanagawa.naming import diploma_name
from marquoir.games.kanagawa.table import SheetPlayer, Table
from marquoir.web.i18n import _, ngettext
from marquoir.web.kanagawa.words import diplomas_in_play
from marquoir.web.seating import SeatField, SeatPlug

NUMBERS = ("print_cards", "season_chain", "harmony", "yokai")


def fields(table: Table) -> tuple[SeatField, ...] | None:
    """The fields of one player's column, with the Diplomas of the families in play."""
    if not all(isinstance(p, SheetPlayer) and not isinstance(p.diplomas, int) for p in table.players):
        return None
    diplomas = tuple(
        (d.id, f"{diploma_name(d)} · {ngettext('%(num)d point', '%(num)d points', d.harmony)}")
        for d in diplomas_in_play(table.families)
    )
    found = [
        SeatField("print_cards", _("Print cards"), "number", 1, 99),
        SeatField("season_chain", _("Season chain"), "number", 0, 99),
        SeatField("harmony", _("Harmony symbols"), "number", -99, 99),
    ]
    if table.is_yokai:
        found.append(SeatField("yokai", _("Yokai tokens"), "number", 0, 3))
    found.append(SeatField("diplomas", _("Diplomas"), "tiles", choices=diplomas, exclusive=True))
    found.append(SeatField("grand_master", _("Grand Master"), "check", exclusive=True))
    return tuple(found)


def cut(player: Mapping[str, Any]) -> dict[str, Any]:
    sheet = player.get("sheet") or {}
    values: dict[str, Any] = {key: sheet.get(key, 0) for key in NUMBERS}
    values["diplomas"] = list(sheet.get("diplomas") or [])
    values["grand_master"] = bool(sheet.get("grand_master"))
    return values


def merge(player: Mapping[str, Any], values: Mapping[str, Any]) -> dict[str, Any]:
    sheet = dict(player.get("sheet") or {})
    for key in (*NUMBERS, "diplomas", "grand_master"):
        if key in values:
            sheet[key] = values[key]
    return {**player, "sheet": sheet}


SEATS = SeatPlug(fields=fields, cut=cut, merge=merge)
