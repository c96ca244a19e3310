"""The forms every game's pages share (WTForms through Flask-WTF; CSRF on every one of them): the new game (in a
group or not, pre-filled for a rematch), the import, the game carried from page to page, what people record of a
game when they save it (its details), and the number field of the phone's number pad. A game's own entry forms are
in its folder (``web/kanagawa/forms.py``)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from markupsafe import Markup
from wtforms import (
    BooleanField,
    FieldList,
    Form,
    HiddenField,
    IntegerField,
    RadioField,
    SelectField,
    SelectMultipleField,
    StringField,
    TextAreaField,
)
from wtforms.validators import ValidationError
from wtforms.widgets import CheckboxInput, ListWidget, TextInput

from marquoir.core.reader import NAME_MAX
from marquoir.games import GAMES, AnyTable
from marquoir.games.bonsai.table import Table as BonsaiTable
from marquoir.games.bonsai.vocabulary import GOAL_COLOURS, GOAL_COLOURS_IN_PLAY
from marquoir.games.kanagawa.table import Table as KanagawaTable
from marquoir.games.kanagawa.vocabulary import BASE_FAMILIES, EXPANSION_FAMILIES
from marquoir.storage import Details
from marquoir.storage.games import DURATION_MAX, NOTES_MAX, PLACE_MAX
from marquoir.web.bonsai.words import COLOUR_NAMES
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
    """The game (Kanagawa, Kanagawa with Yokai and its families, or Bonsai with its goal colours), the players'
    count and names, the entry mode, Kanagawa's rule options. Each game checks its own player count."""

    player_count = SelectField(
        _l("Number of players"), choices={"1": "1", "2": "2", "3": "3", "4": "4"}, default="3"
    )
    names = FieldList(StringField(_l("Name")), min_entries=4, max_entries=4)
    game = RadioField(_l("Game"), choices={"base": "base", "yokai": "yokai", "bonsai": "bonsai"}, default="base")
    base_families = MultiCheckboxField(_l("Base families (pick 2)"), choices={f: f for f in BASE_FAMILIES})
    expansion_families = MultiCheckboxField(
        _l("Expansion families (pick 2)"), choices={f: f for f in EXPANSION_FAMILIES}
    )
    goal_colours = MultiCheckboxField(_l("Goal colours in play (pick 3)"), choices={c: c for c in GOAL_COLOURS})
    no_goals = BooleanField(_l("Played without goal tiles"))
    mode = RadioField(
        _l("How do you want to enter the game?"), choices={"sheet": "sheet", "detailed": "detailed"}, default="sheet"
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The choices' words in the language of this request (the values stay the same).
        self.game.choices = {
            "base": _("Kanagawa (base game)"),
            "yokai": _("Kanagawa with the Yokai expansion"),
            "bonsai": _("Bonsai"),
        }
        self.base_families.choices = {f: str(FAMILY_NAMES[f]) for f in BASE_FAMILIES}
        self.expansion_families.choices = {f: str(FAMILY_NAMES[f]) for f in EXPANSION_FAMILIES}
        self.goal_colours.choices = {c: str(COLOUR_NAMES[c]) for c in GOAL_COLOURS}
        self.mode.choices = {
            "sheet": _("Like the paper sheet: the figures of each category"),
            "detailed": _("Card by card: pick the cards lying on the table"),
        }
    storm_on_start_tile = BooleanField(_l("A Storm token may go on the Starting tile"), default=True)
    joker_counts = BooleanField(_l("Joker landscapes count for the identical-landscapes Diplomas"), default=True)
    #: The group the game is played in (its token), when it was started from one.
    group = HiddenField()

    @property
    def count(self) -> int:
        return int(self.player_count.data) if self.player_count.data in ("1", "2", "3", "4") else 2

    @property
    def is_bonsai(self) -> bool:
        return bool(self.game.data == "bonsai")

    def validate(self, extra_validators: Any = None) -> bool:
        ok = super().validate(extra_validators)
        game = GAMES[self.game_name()]
        if not game.min_players <= self.count <= game.max_players:
            message = _("%(game)s is played by %(least)d to %(most)d players.") % {
                "game": _(game.title), "least": game.min_players, "most": game.max_players}
            self.player_count.errors = [*self.player_count.errors, message]
        _names_unique(self, self.count)
        if self.game.data == "yokai":
            if len(set(self.base_families.data or [])) != 2:
                self.base_families.errors = [*self.base_families.errors, _("Pick exactly 2 base families.")]
            if len(set(self.expansion_families.data or [])) != 2:
                self.expansion_families.errors = [
                    *self.expansion_families.errors,
                    _("Pick exactly 2 expansion families."),
                ]
        if self.is_bonsai:
            chosen = set(self.goal_colours.data or [])
            if self.no_goals.data and chosen:
                self.goal_colours.errors = [
                    *self.goal_colours.errors,
                    _("Pick 3 colours, or “played without goal tiles”, not both."),
                ]
            elif not self.no_goals.data and len(chosen) != GOAL_COLOURS_IN_PLAY:
                self.goal_colours.errors = [
                    *self.goal_colours.errors,
                    _("Pick exactly 3 goal colours, or tick “played without goal tiles”."),
                ]
        return ok and not any(self.errors_list())

    def errors_list(self) -> list[str]:
        found: list[str] = list(self.player_count.errors)
        for entry in self.names.entries[: self.count]:
            found += entry.errors
        if self.game.data == "yokai":
            found += list(self.base_families.errors) + list(self.expansion_families.errors)
        if self.is_bonsai:
            found += list(self.goal_colours.errors)
        return found

    def families(self) -> list[str]:
        if self.game.data != "yokai":
            return list(BASE_FAMILIES)
        chosen_base = [f for f in BASE_FAMILIES if f in (self.base_families.data or [])]
        chosen_exp = [f for f in EXPANSION_FAMILIES if f in (self.expansion_families.data or [])]
        return chosen_base + chosen_exp

    def goal_colours_in_play(self) -> list[str]:
        """Bonsai's goal colours chosen, in the catalogue's order (``[]`` for a game without goal tiles)."""
        if self.no_goals.data:
            return []
        return [c for c in GOAL_COLOURS if c in (self.goal_colours.data or [])]

    def game_name(self) -> str:
        """The game the form starts (the document's ``game``)."""
        return "bonsai" if self.is_bonsai else "kanagawa"

    def player_names(self) -> list[str]:
        return [(e.data or "").strip() for e in self.names.entries[: self.count]]


def rematch_data(table: AnyTable) -> dict[str, Any]:
    """What the new-game form starts from for a rematch of ``table``: the same players in the same seats, the same
    game and edition, the same families and rule options (Kanagawa) or goal colours (Bonsai)."""
    names = [p.name for p in table.players][:4]
    data: dict[str, Any] = {"player_count": str(len(names)), "names": names + [""] * (4 - len(names))}
    if isinstance(table, KanagawaTable):
        data["game"] = "yokai" if table.is_yokai else "base"
        data["base_families"] = [f for f in BASE_FAMILIES if f in table.families]
        data["expansion_families"] = [f for f in EXPANSION_FAMILIES if f in table.families]
        data["storm_on_start_tile"] = table.rules.storm_on_start_tile
        data["joker_counts"] = table.rules.joker_counts_for_identical_landscapes
    elif isinstance(table, BonsaiTable):
        data["game"] = "bonsai"
        data["goal_colours"] = list(table.goals)
        data["no_goals"] = not table.goals
    return data


_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_TIME = re.compile(r"[0-9]{1,2}:[0-9]{2}(:[0-9]{2})?")


class DetailsForm(Form):
    """What people record of a game besides its table, on the save form of the results page and on a saved game's
    page: when it was played (a date, and a time if they want), where, how long it lasted, their notes. Times are
    those of the server's clock (UTC). A plain form: it travels inside the save form, which carries the CSRF
    token."""

    played_on = StringField(_l("Date played"))
    played_time = StringField(_l("Time"))
    place = StringField(_l("Location"))
    duration_min = NumberField(_l("Duration (minutes)"))
    notes = TextAreaField(_l("Notes"))

    def validate_played_on(self, field: Any) -> None:
        text = (field.data or "").strip()
        if not text:
            return
        try:
            day = date.fromisoformat(text) if _DATE.fullmatch(text) else None
        except ValueError:
            day = None
        if day is None or day.year < 1900:
            raise ValidationError(_("Enter a date as year-month-day, such as 2026-01-31."))
        if day > (datetime.now(UTC) + timedelta(days=1)).date():
            raise ValidationError(_("A game cannot have been played in the future."))

    def validate_played_time(self, field: Any) -> None:
        text = (field.data or "").strip()
        if text and (not _TIME.fullmatch(text) or not _valid_time(text)):
            raise ValidationError(_("Enter a time as hours:minutes, such as 20:30."))

    def validate_place(self, field: Any) -> None:
        if len((field.data or "").strip()) > PLACE_MAX:
            raise ValidationError(_("At most %(count)d characters.") % {"count": PLACE_MAX})

    def validate_notes(self, field: Any) -> None:
        if len((field.data or "").strip()) > NOTES_MAX:
            raise ValidationError(_("At most %(count)d characters.") % {"count": NOTES_MAX})

    def validate_duration_min(self, field: Any) -> None:
        if field.data is not None and not 0 < field.data <= DURATION_MAX:
            raise ValidationError(_("Between 1 and %(most)d minutes.") % {"most": DURATION_MAX})

    def played_at(self, now: datetime | None = None) -> datetime | None:
        """When the game was played, from the form (``None``: no date given, so the time of saving)."""
        text = (self.played_on.data or "").strip()
        if not text:
            return None
        moment = now or datetime.now(UTC)
        clock = (self.played_time.data or "").strip()
        at = time.fromisoformat(clock.zfill(5)) if clock else moment.time().replace(microsecond=0)
        return datetime.combine(date.fromisoformat(text), at, tzinfo=UTC)

    def details(self) -> Details:
        place = " ".join((self.place.data or "").split())
        notes = (self.notes.data or "").strip()
        return Details(place or None, self.duration_min.data, notes or None)

    def fill(self, played_at: datetime | None, details: Details) -> DetailsForm:
        """The form showing a game's date and details (for a correction)."""
        if played_at is not None:
            self.played_on.data = played_at.date().isoformat()
            self.played_time.data = played_at.strftime("%H:%M")
        self.place.data = details.place or ""
        self.duration_min.data = details.duration_min
        self.notes.data = details.notes or ""
        return self


def _valid_time(text: str) -> bool:
    try:
        time.fromisoformat(text.zfill(5) if len(text) <= 5 else text.zfill(8))
    except ValueError:
        return False
    return True


class ImportForm(FlaskForm):
    """A table document to read: a file, or the JSON pasted."""

    document = FileField(_l("Table document (a .json file)"))
    text = TextAreaField(_l("… or paste the document"))


class TableForm(FlaskForm):
    """Only the game carried in the form: used by the results page's buttons (correct, export, diplomas)."""

    table = HiddenField()


def check_tile_ticks(form: Any, tiles: Sequence[tuple[str, str]], names: Sequence[str], one_per_group: str) -> bool:
    """The ticks of a sheet's scoring tiles, each ``(field, group)``: a tile exists once, so one player at most
    holds it, and a player holds at most one tile of each group (a Kanagawa Diploma's family, a Bonsai goal's
    colour; ``one_per_group`` says so). Errors go beside the ticks; false when any was found."""
    ok = True
    entries = form.players.entries
    for key, _group in tiles:
        holders = [i for i, entry in enumerate(entries) if entry.form[key].data]
        if len(holders) > 1:
            ok = False
            who = (" " + _("and") + " ").join(names[j] for j in holders)
            for i in holders:
                tick = entries[i].form[key]
                tick.errors = [*tick.errors, _("One tile each: ticked for %(names)s") % {"names": who}]
    for entry in entries:
        by_group: dict[str, list[str]] = {}
        for key, group in tiles:
            if entry.form[key].data:
                by_group.setdefault(group, []).append(key)
        for held in by_group.values():
            if len(held) > 1:
                ok = False
                for key in held:
                    tick = entry.form[key]
                    tick.errors = [*tick.errors, one_per_group]
    return ok


__all__ = [
    "DetailsForm",
    "ImportForm",
    "MultiCheckboxField",
    "NewGameForm",
    "NumberField",
    "NumberInput",
    "TableForm",
    "check_tile_ticks",
    "rematch_data",
]
