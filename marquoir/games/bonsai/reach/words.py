"""The words of a Bonsai witness, written where they are shown, in the language of the moment (the ``core`` message
domain): each turn of the game in one sentence, cards named by what they show, goals by name, tiles by kind and
cell (``data/SOURCES.md``, decision 19)."""

from __future__ import annotations

from collections.abc import Sequence

from marquoir.games.bonsai.catalogue import catalogue
from marquoir.games.bonsai.engine.state import Card, Cultivate, Meditate, Placement, TurnRecord
from marquoir.games.bonsai.geometry import Cell, trunk
from marquoir.games.bonsai.vocabulary import PARCHMENT_NAMES
from marquoir.games.bonsai.words import place_text
from marquoir.i18n import N_, NP_, _, ngettext, pgettext

#: The verdicts' words.
VERDICTS = {"reachable": N_("reachable"), "unreachable": N_("unreachable"), "undecided": N_("undecided")}


#: A tile's kind inside a sentence (« cultive : bois en [0, 1] »), where the label's capital (« Bois ») is wrong.
TILE_WORDS = {
    "wood": NP_("tile in a sentence", "wood"),
    "leaf": NP_("tile in a sentence", "leaf"),
    "flower": NP_("tile in a sentence", "flower"),
    "fruit": NP_("tile in a sentence", "fruit"),
}


def tile_word(kind: str) -> str:
    """A tile's kind as a sentence reads it, in the language of the moment."""
    return pgettext(*TILE_WORDS[kind]) if kind in TILE_WORDS else _(kind)


def verdict_text(verdict: str) -> str:
    return _(VERDICTS[verdict])


def _tiles_shown(gives: str) -> str:
    """What a Master or Helper card shows: ``wood + leaf``, ``any tile + wood``."""
    return " + ".join(_("any tile") if part == "any" else _(part) for part in gives.split("+"))


def card_text(card: Card) -> str:
    """A card as a player reads it: ``Tool card``, ``Growth card (leaf)``, ``Master card (wood + leaf)``, the
    Parchment by what it counts."""
    if card.kind == "tool":
        return _("Tool card")
    if card.kind == "growth":
        return _("Growth card ({kind})").format(kind=_(card.gives))
    if card.kind == "master":
        return _("Master card ({tiles})").format(tiles=_tiles_shown(card.gives))
    if card.kind == "helper":
        return _("Helper card ({tiles})").format(tiles=_tiles_shown(card.gives))
    return _(PARCHMENT_NAMES[card.gives])


def placements_text(placed: Sequence[Placement], root: Cell) -> str:
    """Tiles placed, one after the other, each where players say it lies from the trunk at ``root``
    (:func:`~marquoir.games.bonsai.words.place_text`): ``wood (1 row above the trunk), leaf (1 cell right of the
    trunk, 1 row up)``; never the document's ``[x, y]``."""
    return _(", ").join(_("{kind} ({place})").format(kind=tile_word(kind), place=place_text(at, root))
                        for at, kind in placed)


def pots_flipped(log: Sequence[TurnRecord]) -> list[bool]:
    """Whether the pot of the turn's player shows its other side once the turn's action is done, turn by turn
    (a player turns the pot over as part of an action, ``flip``: the trunk's cell then moves, geometry.trunk)."""
    flipped: dict[int, bool] = {}
    states = []
    for record in log:
        flipped[record.seat] = flipped.get(record.seat, False) ^ bool(record.action.flip)
        states.append(flipped[record.seat])
    return states


def _kinds_text(kinds: Sequence[str]) -> str:
    return _(", ").join(tile_word(k) for k in kinds)


def turn_text(record: TurnRecord, name: str, flipped: bool = False) -> str:
    """One turn of the witness in one sentence; ``flipped``: the player's pot shows its other side during it
    (:func:`pots_flipped`)."""
    root = trunk(flipped)
    parts: list[str] = []
    action = record.action
    if action.flip:
        parts.append(_("turns the pot over"))
    if isinstance(action, Meditate):
        assert record.card is not None
        parts.append(
            _("meditates: takes the {card} from slot {slot}").format(card=card_text(record.card), slot=action.slot)
        )
        if record.gained:
            parts.append(_("tiles taken: {tiles}").format(tiles=_kinds_text(record.gained)))
        if record.placed:
            parts.append(_("the Helper places {tiles}").format(tiles=placements_text(record.placed, root)))
        if record.discarded:
            parts.append(_("gives up: {tiles}").format(tiles=_kinds_text(record.discarded)))
    elif isinstance(action, Cultivate):
        if record.placed:
            parts.append(_("cultivates: {tiles}").format(tiles=placements_text(record.placed, root)))
        else:
            parts.append(_("cultivates and places no tile"))
    goals = catalogue().goals
    parts.extend(_("claims the {goal}").format(goal=_(goals[g].name)) for g in record.claimed)
    parts.extend(_("renounces the {goal}").format(goal=_(goals[g].name)) for g in record.renounced)
    if record.solo_discard is not None:
        parts.append(_("discarded from the market: {card}").format(card=card_text(record.solo_discard)))
    sentence = _("; ").join(parts)
    return _("{player} {turn}").format(player=name, turn=sentence)


def report_heading(verdict: str, turns: int | None) -> str:
    """The first line of a report."""
    if verdict == "reachable" and turns is not None:
        return ngettext(
            "Reachable: a game of {count} turn ends with this table",
            "Reachable: a game of {count} turns ends with this table",
            turns,
        ).format(count=turns)
    if verdict == "unreachable":
        return _("Unreachable: no game under the rules ends with this table")
    return _("Undecided: neither a game nor a proof was found in the time allowed")


def turn_heading(number: int, final_round: bool) -> str:
    """A turn's number, and whether it is in the final round."""
    if final_round:
        return _("Turn {number} (final round)").format(number=number)
    return _("Turn {number}").format(number=number)
