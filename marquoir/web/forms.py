"""The forms every game's pages share (WTForms through Flask-WTF; CSRF on every one of them): the new game, the
import, the game carried from page to page, and the number field of the phone's number pad. A game's own entry
forms are in its folder (``web/kanagawa/forms.py``)."""

from __future__ import annotations

import re
from typing import Any

from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from markupsafe import Markup
from wtforms import (
    BooleanField,
    FieldList,
    HiddenField,
    IntegerField,
    RadioField,
    SelectField,
    SelectMultipleField,
    StringField,
    TextAreaField,
)
from wtforms.widgets import CheckboxInput, ListWidget, TextInput

from marquoir.core.reader import NAME_MAX
from marquoir.games.kanagawa.vocabulary import BASE_FAMILIES, EXPANSION_FAMILIES
from marquoir.web.i18n import _, _l
from marquoir.web.kanagawa.words import FAMILY_NAMES


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
            entry.errors = [*entry.errors, _("Enter a name for player %(number)d.") % {"number": i + 1}]
        elif len(name) > NAME_MAX:
            entry.errors = [*entry.errors, _("At most %(count)d characters.") % {"count": NAME_MAX}]
        elif name in seen:
            entry.errors = [*entry.errors, _("Two players cannot have the same name.")]
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

    def game_name(self) -> str:
        """The game the form starts (the document's ``game``)."""
        return "kanagawa"

    def player_names(self) -> list[str]:
        return [(e.data or "").strip() for e in self.names.entries[: self.count]]


class ImportForm(FlaskForm):
    """A table document to read: a file, or the JSON pasted."""

    document = FileField(_l("Table document (a .json file)"))
    text = TextAreaField(_l("… or paste the document"))


class TableForm(FlaskForm):
    """Only the game carried in the form: used by the results page's buttons (correct, export, diplomas)."""

    table = HiddenField()


__all__ = ["ImportForm", "MultiCheckboxField", "NewGameForm", "NumberField", "NumberInput", "TableForm"]
