"""Each game's entry pages as the shared views reach them: where a new game starts, and where "Correct an entry"
goes back to. The shared views (home, results, language switch) ask here by the game's name; a new game adds its
two renderers below."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from marquoir.games import AnyTable
from marquoir.web.bonsai import pages as bonsai
from marquoir.web.forms import NewGameForm
from marquoir.web.kanagawa import pages as kanagawa

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


def new_game(form: NewGameForm) -> tuple[str, int]:
    """The entry page of the new game the form describes."""
    game = form.game_name()
    return NEW_PAGE[game](NEW_DOCUMENT[game](form))


def edit(doc: dict[str, Any], table: AnyTable, player: str | None = None) -> tuple[str, int]:
    """Back to the entry page of ``table`` with everything kept."""
    return EDIT_PAGE[table.game](doc, table, player)
