"""Kanagawa's seats at the table link (:mod:`marquoir.web.seating`): one player's column of the paper sheet —
Print cards, season chain, Harmony symbols, Yokai tokens with the expansion — and the shared parts: the Diploma
tiles (one holder each: games/kanagawa/data/SOURCES.md, decision 7) and the Grand Master (one player ends with
it). A table entered card by card gives each phone its own player's cards — Print, Studio, kept in hand, the
Starting tile, brushes and Yokai tokens — drawn and stepped as the card-by-card page draws and steps them
(:func:`marquoir.web.kanagawa.picker.detailed_context`, :func:`~marquoir.web.kanagawa.picker.detailed_step`: one
path), each step one write through the seat's version; a card is one physical card, so a card another player has
on the table is refused naming them. Its Diplomas and the Grand Master are ticked on the seat's form, held once as
on the sheet. A table mixing both entries, or with Diploma points written instead of ticked, is not cut by
player.

The Storm tokens are shared too, but they are not a part of their own on the paper sheet: they come only with
the Diplomas that carry one (Trees 4, Buildings 3, Characters 3 different, Kites 7), 3 in the box (decision 7),
and the sheet's season chain counts where they went. So they are held as their Diploma tiles are (one holder each,
the second claimant told who holds it), and every phone reads who holds them (:func:`facts`). The first player is
whoever holds the Grand Master pawn (Kanagawa rules, "The first player (whoever has the Grand Master pawn)"):
shared as the Grand Master is."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from flask import render_template
from markupsafe import Markup
from werkzeug.datastructures import MultiDict

from marquoir.document import parse_table
from marquoir.errors import TableError
from marquoir.games.kanagawa.catalogue import catalogue
from marquoir.games.kanagawa.game import KANAGAWA
from marquoir.games.kanagawa.naming import diploma_name
from marquoir.games.kanagawa.table import DetailedPlayer, SheetPlayer, Table
from marquoir.games.kanagawa.vocabulary import STORM_TOKENS
from marquoir.web.documents import index_in
from marquoir.web.i18n import _, ngettext
from marquoir.web.kanagawa.forms import diploma_field
from marquoir.web.kanagawa.picker import ZONES, catalogue_card_names, detailed_context, detailed_step
from marquoir.web.kanagawa.words import diplomas_in_play
from marquoir.web.seating import SeatField, SeatPlug

NUMBERS = ("print_cards", "season_chain", "harmony", "yokai")
#: What a player entered card by card holds besides their cards and Diplomas (the table format's keys).
DETAILED = ("start", "brushes", "yokai")

#: The steps a seat's phone may do on its own cards: the card-by-card page's buttons for a card added (from the
#: catalogue or, with the expansion, by what is printed on it), moved or removed, and its Starting tile and pawns
#: kept. Another player's tab, the Diplomas' page and the score are the host's.
STEPS = ("add", "add-custom", "up", "down", "remove", "pawns")


def fields(table: Table) -> tuple[SeatField, ...] | None:
    """The fields of one player's column, with the Diplomas of the families in play; for a game entered card by
    card, the player's cards (changed by steps), Diplomas and Grand Master."""
    diplomas = tuple(
        (d.id, f"{diploma_name(d)} · {ngettext('%(num)d point', '%(num)d points', d.harmony)}")
        for d in diplomas_in_play(table.families)
    )
    if table.players and all(isinstance(p, DetailedPlayer) for p in table.players):
        return (
            SeatField("cards", _("Your cards"), "step", render=render_cards),
            SeatField("diplomas", _("Diplomas"), "tiles", choices=diplomas, exclusive=True),
            SeatField("grand_master", _("Grand Master"), "check", exclusive=True),
        )
    if not all(isinstance(p, SheetPlayer) and not isinstance(p.diplomas, int) for p in table.players):
        return None
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
    if "sheet" not in player:  # entered card by card: the cards (all zones, shown as a count) and what holds them
        part = {key: copy.deepcopy(player[key]) for key in (*ZONES, *DETAILED) if key in player}
        part["cards"] = [card for zone in ZONES for card in player.get(zone) or []]
        part["diplomas"] = list(player.get("diplomas") or [])
        part["grand_master"] = bool(player.get("grand_master"))
        return part
    sheet = player.get("sheet") or {}
    values: dict[str, Any] = {key: sheet.get(key, 0) for key in NUMBERS}
    values["diplomas"] = list(sheet.get("diplomas") or [])
    values["grand_master"] = bool(sheet.get("grand_master"))
    return values


def merge(player: Mapping[str, Any], values: Mapping[str, Any]) -> dict[str, Any]:
    if "sheet" not in player:  # entered card by card (a seat's form never sends the cards: they change by steps;
        # the host's merge writes a phone's cards back whole, :mod:`marquoir.web.table_sheet`)
        keys = (*ZONES, *DETAILED, "diplomas", "grand_master")
        return {**player, **{key: copy.deepcopy(values[key]) for key in keys if key in values}}
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
        entry = (player.get("sheet") or {}) if "sheet" in player else player  # on the sheet, or card by card
        storms = [tiles[d] for d in entry.get("diplomas") or []
                  if isinstance(d, str) and d in tiles and tiles[d].bonus == "storm"]
        if storms:
            count += len(storms)
            held.append(_("%(name)s: %(diplomas)s") % {
                "name": player.get("name", ""), "diplomas": ", ".join(diploma_name(d) for d in storms)})
    left = max(STORM_TOKENS - count, 0)
    words = ngettext("%(num)d left in the box", "%(num)d left in the box", left)
    return ((_("Storm tokens"), "; ".join([*held, words]) if held else words),)


def render_cards(table: Table, seat: int) -> Markup:
    """The seat's cards as the card-by-card page draws them (its parts, ``kanagawa/_entry_parts.html``), each
    problem the legality pass finds beside its card, and the picker's cards with who has each on the table."""
    context = detailed_context(KANAGAWA.to_document(table), seat, table=table)
    return Markup(render_template("kanagawa/_seat_cards.html", **context))


def _holder_of(document: Mapping[str, Any], seat: int, card: int) -> str | None:
    """The name of another player who has ``card`` (a catalogue card) in their Print, Studio or hand."""
    for at, player in enumerate(document.get("players") or []):
        if at != seat and any(card in (player.get(zone) or []) for zone in ZONES):
            return str(player.get("name", ""))
    return None


def step(document: Mapping[str, Any], seat: int, action: str, form: Any = None) -> dict[str, Any]:
    """One step of the seat's phone on its own cards, done by the card-by-card page's own step
    (:func:`~marquoir.web.kanagawa.picker.detailed_step`) with the fields the seat's page sent (the Starting
    tile, the pawns, where the next card goes) and the table's Diplomas and Grand Master as they stand: those are
    the seat form's, held once. A card another player has is refused naming them (each card is one physical
    card: Kanagawa rules, the 72 cards)."""
    verb, _sep, rest = action.partition(":")
    if verb not in STEPS or (verb in ("up", "down", "remove") and rest.partition(":")[0] not in ZONES):
        raise ValueError(_("this page has no such button"))
    doc = copy.deepcopy(dict(document))
    table = parse_table(doc)
    if not isinstance(table, Table) or not 0 <= seat < len(table.players):
        raise ValueError(_("This game has no such player."))
    card = index_in(rest, 10**6) if verb == "add" else None
    holder = None if card is None else _holder_of(doc, seat, card)
    if holder is not None and card is not None:
        raise ValueError(_("%(name)s has this card already: %(card)s.") % {
            "name": holder, "card": catalogue_card_names().get(card, "")})
    sent: MultiDict[str, Any] = MultiDict(form or {})
    holder_seat = next((i for i, p in enumerate(table.players) if p.grand_master), None)
    sent.setlist("grand_master", ["" if holder_seat is None else str(holder_seat)])
    held = table.players[seat].diplomas
    for diploma in diplomas_in_play(table.families):
        sent.setlist(diploma_field(diploma.id), ["y"] if not isinstance(held, int) and diploma.id in held else [])
    sent.setlist("current", [str(seat)])
    try:
        done = detailed_step(doc, table, seat, action, formdata=sent)
    except TableError as error:
        raise ValueError(error.message) from None
    if done.message is not None:
        raise ValueError(done.message)
    return done.doc


SEATS = SeatPlug(fields=fields, cut=cut, merge=merge, facts=facts, step=step)
