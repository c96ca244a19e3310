"""Each game's entry pages as the shared views reach them: where a new game starts, where "Correct an entry" goes
back to, and an entry page shown again as it was left (:func:`show`: a draft's page, or a form that expired). The
shared views (home, results, language switch, drafts) ask here by the game's name; a new game adds its renderers
below."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask import g
from werkzeug.datastructures import MultiDict

from marquoir.games import AnyTable
from marquoir.games.bonsai.table import DetailedPlayer as BonsaiDetailedPlayer
from marquoir.games.bonsai.table import Table as BonsaiTable
from marquoir.games.kanagawa.table import DetailedPlayer
from marquoir.games.kanagawa.table import Table as KanagawaTable
from marquoir.web.bonsai import pages as bonsai
from marquoir.web.bonsai import tiles as bonsai_tiles
from marquoir.web.forms import NewGameForm
from marquoir.web.kanagawa import pages as kanagawa
from marquoir.web.kanagawa import picker as kanagawa_picker
from marquoir.web.kanagawa.forms import custom_card_errors

#: Game → the document a new game starts from, given the new-game form.
NEW_DOCUMENT: dict[str, Callable[[NewGameForm], dict[str, Any]]] = {
    "kanagawa": kanagawa.new_document,
    "bonsai": bonsai.new_document,
}
#: Game → the entry page of a new game.
NEW_PAGE: dict[str, Callable[[dict[str, Any]], tuple[str, int]]] = {
    "kanagawa": kanagawa.new_game_page,
    "bonsai": bonsai.new_game_page,
}
#: Game → the entry page of a game typed already ("Correct an entry"), at a player when one is asked for.
EDIT_PAGE: dict[str, Callable[[dict[str, Any], Any, str | None], tuple[str, int]]] = {
    "kanagawa": kanagawa.edit_page,
    "bonsai": bonsai.edit_page,
}


@dataclass(frozen=True)
class Shown:
    """What an entry page was showing, to show it again: a new game's empty page (``fresh``), the player shown,
    the picker's fields a step keeps (``keep``), the fields as typed when the page was left before they were
    sent (``formdata``; ``checked`` when they were sent and refused: their errors show again), and the message
    of a step refused."""

    player: int | None = None
    fresh: bool = False
    keep: dict[str, Any] | None = None
    formdata: MultiDict[str, str] | None = None
    checked: bool = False
    message: str | None = None


def new_document(form: NewGameForm) -> dict[str, Any]:
    """The document of the new game the form describes."""
    return NEW_DOCUMENT[form.game_name()](form)


def edit(doc: dict[str, Any], table: AnyTable, player: str | None = None) -> tuple[str, int]:
    """Back to the entry page of ``table`` with everything kept."""
    return EDIT_PAGE[table.game](doc, table, player)


def show(doc: dict[str, Any], table: AnyTable, shown: Shown) -> tuple[str, int]:
    """The entry page of ``table`` as ``shown`` says it was left; ``g.entry_form`` names its form (the language
    switch sends it, so that what was typed and not sent yet is kept; ``g.entry_default`` is the action its Enter
    key does, which the switch's buttons, first in the page, must not take over)."""
    g.entry_form, g.entry_default = ENTRY_FORM[table.game](table)
    if shown.fresh and shown.formdata is None:
        return NEW_PAGE[table.game](doc)
    if shown.formdata is None and shown.keep is None:
        return edit(doc, table, None if shown.player is None else str(shown.player))
    return KEPT_PAGE[table.game](doc, table, shown)


def _status(valid: bool, message: str | None = None) -> int:
    """422 for a page showing entries to correct (a step refused, a field in error), else 200."""
    return 422 if message is not None or not valid else 200


def _checked(form: Any) -> bool:
    """The form's entries checked again (their errors show beside them): whether they are all right."""
    form.validate()
    if "csrf_token" in form:  # the draft's page has a token of its own: only the entries' errors are shown
        form.csrf_token.errors = []
    return not any(field.errors for name, field in form._fields.items() if name != "csrf_token")


def _kanagawa_kept(doc: dict[str, Any], table: Any, shown: Shown) -> tuple[str, int]:
    assert isinstance(table, KanagawaTable)
    names = [p.name for p in table.players]
    detailed = [i for i, p in enumerate(table.players) if isinstance(p, DetailedPlayer)]
    if not detailed:
        form_class, diplomas, _with_points = kanagawa.sheet_form_for(table)
        form = form_class(formdata=shown.formdata)
        valid = True
        if shown.checked:
            valid = _checked(form)
            valid = kanagawa.check_diploma_ticks(form, diplomas, names) and valid
        return kanagawa.render_figures_page(doc, form=form, status=_status(valid))
    current = shown.player if shown.player is not None and shown.player < len(names) else detailed[0]
    if shown.formdata is None:
        return kanagawa_picker.render_detailed(doc, current, keep=shown.keep, message=shown.message)
    form = kanagawa_picker.player_form_for(table)(formdata=shown.formdata)
    player = table.players[current]
    form.start.choices = kanagawa_picker.start_choices(player.start if isinstance(player, DetailedPlayer) else "S1")
    if shown.checked:
        _checked(form)
        if shown.formdata.get("action", "") == "add-custom":
            custom_card_errors(form)
    return kanagawa_picker.render_detailed(doc, current, form=form, message=shown.message,
                                           status=_status(True, shown.message))


def _bonsai_kept(doc: dict[str, Any], table: Any, shown: Shown) -> tuple[str, int]:
    assert isinstance(table, BonsaiTable)
    names = [p.name for p in table.players]
    if all(not isinstance(p, BonsaiDetailedPlayer) for p in table.players):
        form_class, goals, _with_points = bonsai.sheet_form_for(table)
        form = form_class(formdata=shown.formdata)
        valid = True
        if shown.checked:
            valid = _checked(form)
            valid = bonsai.check_goal_ticks(form, goals, names) and valid
        return bonsai.render_figures_page(doc, form=form, status=_status(valid))
    current = shown.player if shown.player is not None and shown.player < len(names) else 0
    if shown.formdata is None:
        return bonsai_tiles.render_tiles(doc, current, message=shown.message)
    form = bonsai_tiles.tiles_form_for(table)(formdata=shown.formdata)
    if shown.checked:
        _checked(form)
    return bonsai_tiles.render_tiles(doc, current, form=form, message=shown.message,
                                     status=_status(True, shown.message))


#: Game → its entry page shown again with the fields as they were left.
KEPT_PAGE: dict[str, Callable[[dict[str, Any], Any, Shown], tuple[str, int]]] = {
    "kanagawa": _kanagawa_kept,
    "bonsai": _bonsai_kept,
}
#: Game → the id of the form of its entry page for this table, and the action of its default button (Enter).
ENTRY_FORM: dict[str, Callable[[Any], tuple[str, str]]] = {
    "kanagawa": lambda t: ("detailed-form", "save") if any(isinstance(p, DetailedPlayer) for p in t.players)
    else ("sheet-form", "score"),
    "bonsai": lambda t: ("tiles-form", "save") if any(isinstance(p, BonsaiDetailedPlayer) for p in t.players)
    else ("bonsai-sheet-form", "score"),
}
