"""Kanagawa's seats at the table link (:mod:`marquoir.web.seating`): one player's column of the paper sheet —
Print cards, season chain, Harmony symbols, Yokai tokens with the expansion — and the shared parts: the Diploma
tiles (one holder each: games/kanagawa/data/SOURCES.md, decision 7) and the Grand Master (one player ends with
it). A table entered card by card, or with Diploma points written instead of ticked, is not cut by player.

The Storm tokens are shared too, but they are not a part of their own on the paper sheet: they come only with
the Diplomas that carry one (Trees 4, Buildings 3, Characters 3 different, Kites 7), 3 in the box (decision 7),
and the sheet's season chain counts where they went. So they are held as their Diploma tiles are (one holder each,
the second claimant told who holds it), and every phone reads who holds them (:func:`facts`). The first player is
whoever holds the Grand Master pawn (Kanagawa rules, "The first player (whoever has the Grand Master pawn)"):
shared as the Grand Master is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marquoir.games.kanagawa.catalogue import catalogue
from marquoir.games.kanagawa.naming import diploma_name
from marquoir.games.kanagawa.table import SheetPlayer, Table
from marquoir.games.kanagawa.vocabulary import STORM_TOKENS
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


def facts(document: Mapping[str, Any], table: Table) -> tuple[tuple[str, str], ...]:
    """Who holds the Storm tokens: each player with a Diploma that carries one (data/SOURCES.md, decision 7), and
    how many of the 3 are left in the box."""
    tiles = catalogue().diplomas
    held: list[str] = []
    count = 0
    for player in document.get("players") or []:
        storms = [tiles[d] for d in (player.get("sheet") or {}).get("diplomas") or []
                  if isinstance(d, str) and d in tiles and tiles[d].bonus == "storm"]
        if storms:
            count += len(storms)
            held.append(_("%(name)s: %(diplomas)s") % {
                "name": player.get("name", ""), "diplomas": ", ".join(diploma_name(d) for d in storms)})
    left = max(STORM_TOKENS - count, 0)
    words = ngettext("%(num)d left in the box", "%(num)d left in the box", left)
    return ((_("Storm tokens"), "; ".join([*held, words]) if held else words),)


SEATS = SeatPlug(fields=fields, cut=cut, merge=merge, facts=facts)
