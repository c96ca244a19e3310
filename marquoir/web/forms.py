"""The forms of the web app (WTForms through Flask-WTF; CSRF on every one of them).

The sheet and the detailed entry depend on the game (how many players, which Diplomas are in play), so their
classes are built per request by :func:`sheet_form_class` and :func:`player_form_class`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from markupsafe import Markup
from wtforms import (
    BooleanField,
    FieldList,
    Form,
    FormField,
    HiddenField,
    IntegerField,
    RadioField,
    SelectField,
    SelectMultipleField,
    StringField,
    TextAreaField,
)
from wtforms.validators import InputRequired, NumberRange, Optional
from wtforms.widgets import CheckboxInput, ListWidget, TextInput

from marquoir.document import NAME_MAX
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
from marquoir.web.helpers import FAMILY_NAMES, _, _l


class NumberInput(TextInput):
    """A text input that opens the phone's number pad; the server reads and checks the number."""

    def __call__(self, field: Any, **kwargs: Any) -> Markup:
        kwargs.setdefault("inputmode", "numeric")
        kwargs.setdefault("autocomplete", "off")
        kwargs.setdefault("size", "3")
        return super().__call__(field, **kwargs)


class NumberField(IntegerField):
    """A whole number typed on the number pad; a clear message when it is not one."""

    widget = NumberInput()

    def process_formdata(self, valuelist: list[Any]) -> None:
        if not valuelist:
            return
        text = str(valuelist[0]).strip().replace("−", "-")
        if text == "":
            self.data = None
            return
        if len(text) > 6 or not re.fullmatch(r"[+-]?[0-9]+", text):
            self.data = None
            raise ValueError(_("Enter a whole number."))
        self.data = int(text)

    def validate(self, form: Any, extra_validators: Any = ()) -> bool:
        if self.process_errors:  # not a number: say only that, not also that it is out of range
            self.errors = list(self.process_errors)
            return False
        return bool(super().validate(form, extra_validators))


class MultiCheckboxField(SelectMultipleField):
    widget = ListWidget(prefix_label=False)
    option_widget = CheckboxInput()


def _names_unique(form: NewGameForm, count: int) -> None:
    seen: dict[str, int] = {}
    for i, entry in enumerate(form.names.entries[:count]):
        name = (entry.data or "").strip()
        if not name:
            entry.errors.append(_("Enter a name for player %(number)d.") % {"number": i + 1})
        elif len(name) > NAME_MAX:
            entry.errors.append(_("At most %(count)d characters.") % {"count": NAME_MAX})
        elif name in seen:
            entry.errors.append(_("Two players cannot have the same name."))
        seen[name] = i


class NewGameForm(FlaskForm):
    """Player count and names, base game or Yokai with its families, entry mode, rule options."""

    player_count = SelectField(
        _l("Number of players"), choices={"2": "2", "3": "3", "4": "4"}, default="3"
    )
    names = FieldList(StringField(_l("Name")), min_entries=4, max_entries=4)
    game = RadioField(_l("Game"), choices={"base": "base", "yokai": "yokai"}, default="base")
    base_families = MultiCheckboxField(_l("Base families (pick 2)"), choices={f: f for f in BASE_FAMILIES})
    expansion_families = MultiCheckboxField(
        _l("Expansion families (pick 2)"), choices={f: f for f in EXPANSION_FAMILIES}
    )
    mode = RadioField(
        _l("How do you want to enter the game?"), choices={"sheet": "sheet", "detailed": "detailed"}, default="sheet"
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The choices' words in the language of this request (the values stay the same).
        self.game.choices = {"base": _("Kanagawa (base game)"), "yokai": _("Kanagawa with the Yokai expansion")}
        self.base_families.choices = {f: str(FAMILY_NAMES[f]) for f in BASE_FAMILIES}
        self.expansion_families.choices = {f: str(FAMILY_NAMES[f]) for f in EXPANSION_FAMILIES}
        self.mode.choices = {
            "sheet": _("Like the paper sheet: the figures of each category"),
            "detailed": _("Card by card: pick the cards lying on the table"),
        }
    storm_on_start_tile = BooleanField(_l("A Storm token may go on the Starting tile"), default=True)
    joker_counts = BooleanField(_l("Joker landscapes count for the identical-landscapes Diplomas"), default=True)

    @property
    def count(self) -> int:
        return int(self.player_count.data) if self.player_count.data in ("2", "3", "4") else 2

    def validate(self, extra_validators: Any = None) -> bool:
        ok = super().validate(extra_validators)
        _names_unique(self, self.count)
        if self.game.data == "yokai":
            if len(set(self.base_families.data or [])) != 2:
                self.base_families.errors = [*self.base_families.errors, _("Pick exactly 2 base families.")]
            if len(set(self.expansion_families.data or [])) != 2:
                self.expansion_families.errors = [
                    *self.expansion_families.errors,
                    _("Pick exactly 2 expansion families."),
                ]
        return ok and not any(self.errors_list())

    def errors_list(self) -> list[str]:
        found: list[str] = []
        for entry in self.names.entries[: self.count]:
            found += entry.errors
        if self.game.data == "yokai":
            found += list(self.base_families.errors) + list(self.expansion_families.errors)
        return found

    def families(self) -> list[str]:
        if self.game.data != "yokai":
            return list(BASE_FAMILIES)
        chosen_base = [f for f in BASE_FAMILIES if f in (self.base_families.data or [])]
        chosen_exp = [f for f in EXPANSION_FAMILIES if f in (self.expansion_families.data or [])]
        return chosen_base + chosen_exp

    def player_names(self) -> list[str]:
        return [(e.data or "").strip() for e in self.names.entries[: self.count]]


class ImportForm(FlaskForm):
    """A table document to read: a file, or the JSON pasted."""

    document = FileField(_l("Table document (a .json file)"))
    text = TextAreaField(_l("… or paste the document"))


class TableForm(FlaskForm):
    """Only the game carried in the form: used by the results page's buttons (correct, export, diplomas)."""

    table = HiddenField()


def diploma_field(diploma_id: str) -> str:
    return "d_" + diploma_id.replace("-", "_")


def sheet_form_class(count: int, diplomas: Sequence[Diploma], with_points: bool, yokai: bool) -> type[FlaskForm]:
    """The paper sheet for this game: one column of figures per player, Diploma ticks, the Grand Master."""

    class PlayerSheet(Form):
        print_cards = NumberField(
            _("Print cards"),
            validators=[InputRequired(_("Enter the Print cards.")), NumberRange(1, 99, _("From 1 to 99."))],
        )
        season_chain = NumberField(
            _("Season chain"),
            validators=[InputRequired(_("Enter the season chain.")), NumberRange(0, 99, _("From 0 to 99."))],
        )
        harmony = NumberField(_("Harmony symbols"), validators=[Optional(), NumberRange(-99, 99, _("From -99 to 99."))])
        if yokai:
            yokai_tokens = NumberField(_("Yokai tokens"), validators=[Optional(), NumberRange(0, 3, _("From 0 to 3."))])
        if with_points:
            diploma_points = NumberField(
                _("Diploma points written"), validators=[Optional(), NumberRange(0, 99, _("From 0 to 99."))]
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
        filter_subject = StringField(_("Subject or landscape"))
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


__all__ = [
    "ImportForm",
    "NewGameForm",
    "TableForm",
    "custom_card_errors",
    "diploma_field",
    "player_form_class",
    "sheet_form_class",
]
