"""Bonsai's entry forms: the paper sheet (one column of figures per player and the goal tiles ticked) and the
tile-by-tile entry of one player (the cards counted, the Parchments and the goals held; the tiles themselves travel
in the table document, changed by the cells' buttons). They depend on the game (how many players, which goal tiles
are in play), so their classes are built per request."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flask_wtf import FlaskForm
from wtforms import BooleanField, FieldList, Form, FormField, HiddenField
from wtforms.validators import InputRequired, NumberRange, Optional

from marquoir.games.bonsai.catalogue import Goal
from marquoir.games.bonsai.vocabulary import PARCHMENT_NAMES, PARCHMENTS, TILE_KINDS
from marquoir.web.bonsai.words import CARD_NAMES, GROWTH_NAMES
from marquoir.web.forms import MultiCheckboxField, NumberField
from marquoir.web.i18n import _, _l

#: The counters of the tile-by-tile entry: the Growth cards by tile kind, then the Tool, Master and Helper cards.
GROWTH_COUNTERS = tuple(f"growth_{kind}" for kind in TILE_KINDS)
CARD_COUNTERS = ("tool", "master", "helper")
COUNTERS = (*GROWTH_COUNTERS, *CARD_COUNTERS)
#: The most a counter takes (the deck has far fewer of any card: the legality pass says so).
COUNTER_MOST = 99


def goal_field(goal_id: str) -> str:
    """The sheet's field of a goal tile's tick: ``brown-small`` → ``g_brown_small``."""
    return "g_" + goal_id.replace("-", "_")


def _from_zero(top: int) -> NumberRange:
    return NumberRange(0, top, _("From 0 to %(top)d.") % {"top": top})


def sheet_form_class(count: int, goals: Sequence[Goal], with_points: bool) -> type[FlaskForm]:
    """The paper sheet for this game: leaves and fruits (tiles), flower and Parchment points, the goal tiles
    ticked (or, for a sheet that only wrote them, the goal points)."""

    class PlayerSheet(Form):
        leaves = NumberField(_("Leaf tiles"), validators=[InputRequired(_("Enter the leaf tiles.")), _from_zero(99)])
        flowers = NumberField(
            _("Flower points"), validators=[InputRequired(_("Enter the flower points.")), _from_zero(999)]
        )
        fruits = NumberField(_("Fruit tiles"), validators=[InputRequired(_("Enter the fruit tiles.")), _from_zero(99)])
        parchments = NumberField(_("Parchment points"), validators=[Optional(), _from_zero(999)])
        if with_points:
            goal_points = NumberField(_("Goal points written"), validators=[Optional(), _from_zero(99)])

    for goal in goals:
        setattr(PlayerSheet, goal_field(goal.id), BooleanField(goal.id))

    class SheetForm(FlaskForm):
        table = HiddenField()
        players = FieldList(FormField(PlayerSheet), min_entries=count, max_entries=count)

    return SheetForm


def _counter(label: Any) -> NumberField:
    return NumberField(label, validators=[Optional(), _from_zero(COUNTER_MOST)])


def tiles_form_class(goals: Sequence[Goal]) -> type[FlaskForm]:
    """The tile-by-tile entry of one player: the cards counted, the Parchments held, the goals claimed (only the
    goal tiles in play are offered; a forged value is left out, never an error)."""

    class TilesForm(FlaskForm):
        table = HiddenField()
        current = HiddenField()
        parchments = MultiCheckboxField(
            _l("Parchment cards held"), choices={p: _(PARCHMENT_NAMES[p]) for p in PARCHMENTS}, validate_choice=False
        )
        goals_held = MultiCheckboxField(
            _l("Goal tiles claimed"), choices={g.id: _(g.name) for g in goals}, validate_choice=False
        )

    for kind, name in zip(TILE_KINDS, GROWTH_COUNTERS, strict=True):
        setattr(TilesForm, name, _counter(GROWTH_NAMES[kind]))
    for name in CARD_COUNTERS:
        setattr(TilesForm, name, _counter(CARD_NAMES[name]))
    return TilesForm


__all__ = [
    "CARD_COUNTERS",
    "COUNTERS",
    "COUNTER_MOST",
    "GROWTH_COUNTERS",
    "goal_field",
    "sheet_form_class",
    "tiles_form_class",
]
