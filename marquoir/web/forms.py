"""The forms every game's pages share (WTForms through Flask-WTF; CSRF on every one of them): the new game (in a
group or not, pre-filled for a rematch), the import, the game carried from page to page, what people record of a
game when they save it (its details), and the number field of the phone's number pad. A game's own entry forms are
in its folder (``web/<game>/forms.py``)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from functools import cache
from typing import Any

from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from markupsafe import Markup
from wtforms import (
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

from marquoir.core.game import Game
from marquoir.core.reader import NAME_MAX, clean_name, is_a_name
from marquoir.games import GAMES, AnyTable, most_players
from marquoir.storage import Details
from marquoir.storage.games import DURATION_MAX, NOTES_MAX, PLACE_MAX
from marquoir.storage.rows import name_key
from marquoir.web.i18n import _, _l
from marquoir.web.plug import choice_games, plug_of, plugs
from marquoir.zones import from_local, local


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


def name_refused(name: str) -> str | None:
    """Why a cleaned name (:func:`marquoir.core.reader.clean_name`) that is not empty cannot be a name: nothing
    readable in it (accents, joiners or spaces alone); ``None`` when it can."""
    if is_a_name(name) and name_key(name):
        return None
    return _("A name needs a letter, a figure or a sign: accents, joiners and spaces alone are not one.")


def _names_unique(form: Any, count: int) -> None:
    seen: dict[str, int] = {}
    for i, entry in enumerate(form.names.entries[:count]):
        name = clean_name(entry.data or "")
        if not name:
            entry.errors = [*entry.errors, _("Enter a name for player %(number)d.") % {"number": i + 1}]
        elif (refused := name_refused(name)) is not None:
            entry.errors = [*entry.errors, refused]
        elif len(name) > NAME_MAX:
            entry.errors = [*entry.errors, _("At most %(count)d characters.") % {"count": NAME_MAX}]
        elif name in seen:
            entry.errors = [*entry.errors, _("Two players cannot have the same name.")]
        seen[name] = i


class NewGameBase(FlaskForm):
    """The new game: which game (each game's choices, :attr:`~marquoir.web.plug.WebPlug.choices`), the players'
    count and names, the entry mode, and each game's own setup fields (its families, goal colours, rule options:
    :attr:`~marquoir.web.plug.WebPlug.setup_fields`), checked by that game. :func:`NewGameForm` adds the fields of
    the games registered; each game checks its own player count."""

    player_count = SelectField(_l("Number of players"))
    game = RadioField(_l("Game"))
    mode = RadioField(
        _l("How do you want to enter the game?"), choices={"sheet": "sheet", "detailed": "detailed"}, default="sheet"
    )
    #: The group the game is played in (its token), when it was started from one.
    group = HiddenField()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices = {choice: label for p in plugs().values() for choice, label in p.choices.items()}
        # The choices' words in the language of this request (the values stay the same).
        self.game.choices = {choice: str(label) for choice, label in choices.items()}
        if self.game.data not in choices:
            self.game.data = next(iter(choices))
        most = most_players()
        self.player_count.choices = {str(n): str(n) for n in range(1, most + 1)}
        if self.player_count.data not in self.player_count.choices:
            self.player_count.data = str(min(3, most))
        self.mode.choices = {
            "sheet": _("Like the paper sheet: the figures of each category"),
            "detailed": _("Card by card: pick the cards lying on the table"),
        }

    @property
    def count(self) -> int:
        text = str(self.player_count.data)
        return int(text) if text.isdigit() and 1 <= int(text) <= most_players() else self.played.min_players

    @property
    def choice(self) -> str:
        """The game choice made (a value of a plug's choices)."""
        return str(self.game.data)

    @property
    def played(self) -> Game:
        """The game the form starts."""
        return GAMES[self.game_name()]

    def game_name(self) -> str:
        """The game the form starts (the document's ``game``)."""
        return choice_games().get(self.choice) or next(iter(plugs()))

    def detailed_labels(self) -> list[tuple[str, Any]]:
        """Each game's name for the second entry mode, with the choices it goes with."""
        return [(" ".join(p.choices), p.detailed_label) for p in plugs().values()]

    def follow_names(self) -> None:
        """The player count follows the names typed (issue 18, item 3): when the names filled are the first ones
        and another count than the one chosen, within the game's range, they are the players (two names typed with
        the count left at 3 start a 2-player game; a name typed in a field past the count adds that player)."""
        typed = [bool((e.data or "").strip()) for e in self.names.entries]
        filled = sum(typed)
        game = self.played
        if filled and all(typed[:filled]) and filled != self.count and game.min_players <= filled <= game.max_players:
            self.player_count.data = str(filled)

    def validate(self, extra_validators: Any = None) -> bool:
        ok = super().validate(extra_validators)
        self.follow_names()
        game = self.played
        if not game.min_players <= self.count <= game.max_players:
            message = _("%(game)s is played by %(least)d to %(most)d players.") % {
                "game": _(game.title), "least": game.min_players, "most": game.max_players}
            self.player_count.errors = [*self.player_count.errors, message]
        _names_unique(self, self.count)
        self.setup_errors = plug_of(self.game_name()).check_setup(self, self.choice)
        return ok and not any(self.errors_list())

    def errors_list(self) -> list[str]:
        found: list[str] = list(self.player_count.errors)
        for entry in self.names.entries[: self.count]:
            found += entry.errors
        return found + list(getattr(self, "setup_errors", []))

    def player_names(self) -> list[str]:
        return [clean_name(e.data or "") for e in self.names.entries[: self.count]]

    def new_document(self) -> dict[str, Any]:
        """The document of the new game the form describes (its game's plug makes it)."""
        return plug_of(self.game_name()).new_document(self, self.choice)


@cache
def _new_game_class(games: tuple[str, ...]) -> type[NewGameBase]:
    most = most_players()
    fields: dict[str, Any] = {"names": FieldList(StringField(_l("Name")), min_entries=most, max_entries=most)}
    for p in plugs().values():
        fields.update(p.setup_fields)
    return type("NewGameForm", (NewGameBase,), fields)


def NewGameForm(*args: Any, **kwargs: Any) -> NewGameBase:
    """The new-game form of the games registered now (the class is made once per set of games)."""
    return _new_game_class(tuple(GAMES))(*args, **kwargs)


def rematch_data(table: AnyTable) -> dict[str, Any]:
    """What the new-game form starts from for a rematch of ``table``: the same players in the same seats, the same
    game (and edition), its setup (families, rule options, goal colours: the game's plug says)."""
    names = [p.name for p in table.players][: most_players()]
    data: dict[str, Any] = {"player_count": str(len(names)), "names": names + [""] * (most_players() - len(names))}
    return {**data, **plug_of(table.game).rematch_data(table)}


_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_TIME = re.compile(r"[0-9]{1,2}:[0-9]{2}(:[0-9]{2})?")


class DetailsForm(Form):
    """What people record of a game besides its table, on the save form of the results page and on a saved game's
    page: when it was played (a date, and a time if they want), where, how long it lasted, their notes. Times are
    typed and shown on the clocks of the game's group's time zone (else the deployment's). A plain form: it
    travels inside the save form, which carries the CSRF token."""

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

    def played_at(self, now: datetime | None = None, where: tzinfo = UTC) -> datetime | None:
        """When the game was played, from the form, typed on the clocks of ``where`` (the game's group's time
        zone): the UTC moment. A date without a time is that day at noon (its day wherever it is shown, never the
        clock of the moment of saving: :mod:`marquoir.zones`); ``None``: no date given, so the time of saving
        (``now`` is kept for the callers that pass the moment of saving)."""
        text = (self.played_on.data or "").strip()
        if not text:
            return None
        clock = (self.played_time.data or "").strip()
        return from_local(date.fromisoformat(text), time.fromisoformat(clock.zfill(5)) if clock else None, where)

    def details(self) -> Details:
        place = " ".join((self.place.data or "").split())
        notes = (self.notes.data or "").strip()
        return Details(place or None, self.duration_min.data, notes or None)

    def fill(self, played_at: datetime | None, details: Details, where: tzinfo = UTC) -> DetailsForm:
        """The form showing a game's date and details (for a correction), on the clocks of ``where``."""
        if played_at is not None:
            shown = local(played_at, where)
            self.played_on.data = shown.date().isoformat()
            self.played_time.data = shown.strftime("%H:%M")
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
    holds it, and a player holds at most one tile of each group (a Diploma's family, a goal's
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
