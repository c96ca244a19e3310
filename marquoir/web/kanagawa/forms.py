"""Kanagawa's entry forms: the paper sheet (one column of figures per player, Diploma ticks, the Grand Master) and
the detailed entry of one player (Starting tile, Diplomas, pawns, the card picker's filters and the form of an
expansion card entered by what is printed on it). They depend on the game (how many players, which Diplomas are
in play), so their classes are built per request."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flask_wtf import FlaskForm
from wtforms import BooleanField, FieldList, Form, FormField, HiddenField, RadioField, SelectField, StringField
from wtforms.validators import InputRequired, NumberRange, Optional

from marquoir.games.kanagawa.bounds import SheetBounds
from marquoir.games.kanagawa.catalogue import Diploma
from marquoir.games.kanagawa.vocabulary import (
    BASE_FAMILIES,
    EXPANSION_FAMILIES,
    ICONS,
    KITE_COLOURS,
    LANDSCAPES,
    PRINT_SEASONS,
    STUDIO_LANDSCAPES,
)
from marquoir.web.forms import NumberField
from marquoir.web.i18n import _, _l
from marquoir.web.kanagawa.words import FAMILY_NAMES


def diploma_field(diploma_id: str) -> str:
    return "d_" + diploma_id.replace("-", "_")


class RulesBound:
    """The rules' bound on a sheet figure (:mod:`marquoir.games.kanagawa.bounds`: derived from the rules and the
    card data, with its reason as the message), checked once the figure fits the sheet's two-digit boxes: a
    :class:`~wtforms.validators.NumberRange` that stays silent when the figure already has an error."""

    def __init__(self, low: int | None, high: int | None, message: str) -> None:
        self.range = NumberRange(low, high, message)

    def __call__(self, form: Any, field: Any) -> None:
        if not field.errors:
            self.range(form, field)


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def sheet_form_class(
    count: int, diplomas: Sequence[Diploma], with_points: bool, yokai: bool, bounds: SheetBounds
) -> type[FlaskForm]:
    """The paper sheet for this game: one column of figures per player, Diploma ticks, the Grand Master. Each
    figure is bounded as the rules bound it for this game (``bounds``: its families and players), with the reason
    beside the figure."""
    print_most = RulesBound(1, bounds.print_most, _capitalised(bounds.print_text()))
    chain_range = RulesBound(1, bounds.print_most, _capitalised(bounds.chain_text()))
    harmony_ranges = []
    if bounds.harmony_most is not None:
        harmony_ranges.append(RulesBound(None, bounds.harmony_most, _capitalised(bounds.harmony_most_text())))
    if bounds.harmony_least is not None:
        harmony_ranges.append(RulesBound(bounds.harmony_least, None, _capitalised(bounds.harmony_least_text())))
    diploma_range = RulesBound(0, bounds.diploma_most, _capitalised(bounds.diploma_text()))

    class PlayerSheet(Form):
        print_cards = NumberField(
            _("Print cards"),
            validators=[
                InputRequired(_("Enter the Print cards.")),
                NumberRange(1, 99, _("From 1 to 99.")),
                print_most,
            ],
        )
        season_chain = NumberField(
            _("Season chain"),
            validators=[
                InputRequired(_("Enter the season chain.")),
                NumberRange(0, 99, _("From 0 to 99.")),
                chain_range,
            ],
        )
        harmony = NumberField(
            _("Harmony symbols"),
            validators=[Optional(), NumberRange(-99, 99, _("From -99 to 99.")), *harmony_ranges],
        )
        if yokai:
            yokai_tokens = NumberField(_("Yokai tokens"), validators=[Optional(), NumberRange(0, 3, _("From 0 to 3."))])
        if with_points:
            diploma_points = NumberField(
                _("Diploma points written"),
                validators=[Optional(), NumberRange(0, 99, _("From 0 to 99.")), diploma_range],
            )

    for diploma in diplomas:
        setattr(PlayerSheet, diploma_field(diploma.id), BooleanField(diploma.id))

    class SheetForm(FlaskForm):
        table = HiddenField()
        players = FieldList(FormField(PlayerSheet), min_entries=count, max_entries=count)
        grand_master = RadioField(
            _("Grand Master"), choices={str(i): str(i) for i in range(count)}, validators=[Optional()]
        )

    return SheetForm


KITE_NAMES = {
    "blue": _l("Blue kites"), "yellow": _l("Yellow kites"), "red": _l("Red kites"), "green": _l("Green kites")
}


def _counts(field_label: str, top: int) -> NumberField:
    message = _("From 0 to %(top)d.") % {"top": top}
    return NumberField(field_label, validators=[Optional(), NumberRange(0, top, message)])


def player_form_class(diplomas: Sequence[Diploma], names: Sequence[str], families: Sequence[str]) -> type[FlaskForm]:
    """The detailed entry of one player, the table-wide Grand Master, the picker's filters and the form of an
    expansion card entered by what is printed on it."""
    in_play = [f for f in families]
    expansion = [f for f in in_play if f in EXPANSION_FAMILIES] or list(EXPANSION_FAMILIES)
    seasons = {s: _(s) for s in PRINT_SEASONS}
    landscapes = {x: _(x) for x in LANDSCAPES}
    studio_landscapes = {x: _(x) for x in STUDIO_LANDSCAPES}
    icons = {x: _(x) for x in ICONS}

    class PlayerForm(FlaskForm):
        table = HiddenField()
        current = HiddenField()
        all_issues = HiddenField(default="")
        start = SelectField(_("Starting tile"), choices={})
        yokai_tokens = _counts(_("Yokai tokens held"), 3)
        brushes = _counts(_("Brush pawns owned (leave empty to count them from the cards)"), 15)
        grand_master = SelectField(
            _("Grand Master pawn at the end"),
            choices={"": _("nobody yet")} | {str(i): name for i, name in enumerate(names)},
            default="",
        )
        target = RadioField(
            _("Put the next card in"),
            choices={"print": _("the Print"), "studio": _("the Studio"), "kept": _("kept in hand")},
            default="print",
        )
        filter_family = SelectField(
            _("Family"),
            choices={"": _("all")} | {f: str(FAMILY_NAMES[f]) for f in in_play if f in BASE_FAMILIES},
            default="",
        )
        filter_season = SelectField(_("Season"), choices={"": _("all")} | seasons, default="")
        filter_subject = StringField(_("Find a card"))
        c_half = RadioField(
            _("Which half"), choices={"print": _("Print half"), "studio": _("Studio half")}, default="print"
        )
        c_family = SelectField(_("Family"), choices={f: str(FAMILY_NAMES[f]) for f in expansion}, default=expansion[0])
        c_season = SelectField(_("Season"), choices=seasons, default="spring")
        c_lanterns = _counts(_("Lanterns"), 3)
        c_umbrellas = _counts(_("Umbrellas"), 9)
        c_harmony = NumberField(
            _("Harmony (− when crossed)"),
            validators=[Optional(), NumberRange(-3, 3, _("From -3 to 3."))],
        )
        c_paint = SelectField(_("Painted on"), choices={"": _("not given")} | landscapes, default="")
        c_brushes = _counts(_("Brushes needed"), 3)
        c_landscape = SelectField(_("Landscape"), choices={"": _("none")} | studio_landscapes, default="")
        c_icon = SelectField(_("Icon"), choices={"": _("none")} | icons, default="")
        c_yokai = BooleanField(_("Yokai symbol (arrives on the Print half, moves on the Studio half)"))

    for colour in KITE_COLOURS:
        setattr(PlayerForm, f"c_kites_{colour}", _counts(KITE_NAMES[colour], 4))
    for diploma in diplomas:
        setattr(PlayerForm, diploma_field(diploma.id), BooleanField(diploma.id))
    return PlayerForm


def custom_card_errors(form: Any) -> None:
    """Checks only the expansion card's own fields (the rest of the page is checked separately)."""
    for name in ("c_lanterns", "c_umbrellas", "c_harmony", "c_brushes", *(f"c_kites_{c}" for c in KITE_COLOURS)):
        field = getattr(form, name)
        field.validate(form)
    if form.c_half.data == "print" and form.c_paint.data and form.c_brushes.data in (None, 0):
        form.c_brushes.errors = [*form.c_brushes.errors, _("How many brushes does painting it need?")]


__all__ = ["custom_card_errors", "diploma_field", "player_form_class", "sheet_form_class"]
