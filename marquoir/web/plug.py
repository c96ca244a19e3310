"""A game's pages as the shared web app reaches them: each game with pages of its own has a web plug, a module
named by its :attr:`~marquoir.core.game.Game.web_module` (``marquoir/web/<game>/plug.py``) that defines ``PLUG``,
a :class:`WebPlug`. The app registers each plug's blueprint (flaskr's shape: the game's views, templates and
static files in its own folders), and the shared views — the home page and its new-game form, a draft's page,
"Correct an entry", the language switch, an expired form shown again, the rate limits — ask the plug of a table's
game, never a game by name.

A game without a web plug is still scored, checked, saved, listed, exported and printed everywhere; it has no
entry page, so the new-game form does not offer it (its tables arrive by import or the API).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import import_module
from typing import Any

from flask import Blueprint, g

from marquoir.games import GAMES, AnyTable
from marquoir.web.seating import SeatPlug


@dataclass(frozen=True)
class Shown:
    """What an entry page was showing, to show it again: a new game's empty page (``fresh``), the player shown,
    the picker's fields a step keeps (``keep``), the fields as typed when the page was left before they were
    sent (``formdata``; ``checked`` when they were sent and refused: their errors show again), and the message
    of a step refused."""

    player: int | None = None
    fresh: bool = False
    keep: dict[str, Any] | None = None
    formdata: Any = None
    checked: bool = False
    message: str | None = None


@dataclass(frozen=True)
class WebPlug:
    """What the shared pages need of one game's pages.

    - ``choices``: the new-game form's game choices this game adds (value → label, marked with ``_l``), e.g. one
      per edition; the value travels in the form's ``game`` field.
    - ``setup_fields``: the new-game form's fields of this game (unbound WTForms fields, by name), rendered by
      ``setup_template`` (a partial of the game's template folder, given ``form``) inside the form;
      ``check_setup(form, choice)`` adds their errors (returns them), ``new_document(form, choice)`` makes the
      document the game starts from, ``rematch_data(table)`` fills the form again from a table (its ``game``
      choice included).
    - ``detailed_label``: what the form's second entry mode is called for this game (card by card, tile by tile).
    - ``new_page(doc)``, ``edit_page(doc, table, player)``, ``kept_page(doc, table, shown)``: the entry page of a
      new game, of a game typed already ("Correct an entry"), and as it was left (:class:`Shown`);
      ``entry_form(table)``: the id of that page's form and the action of its default (Enter) button.
    - ``entry_paths``: the paths its entry forms are sent to (a form of these that expired is shown again as
      typed); ``resendable``: paths whose forms may be offered back after a CSRF refusal (they change nothing);
      ``limits``: its endpoints' rate limits per client (endpoint → "N/minute;M/day").
    - ``home_template``: a partial the home page shows after the new-game form (a dispute checker), or ``None``;
      it finds what ``home_context()`` gives under ``home``; ``stylesheets``: static files (endpoint, file name)
      the home page links for the game's part of the form; ``nav``: links the menu of every page shows (endpoint,
      label);
      ``rules_template``: what the rules page says of the game after its decisions and options.
    - ``seats``: how one player's part is cut out of the table document and merged back
      (:class:`~marquoir.web.seating.SeatPlug`), for the table link where each phone enters its own player; ``None``:
      the game offers no table link.
    """

    blueprint: Blueprint
    choices: Mapping[str, Any]
    new_document: Callable[[Any, str], dict[str, Any]]
    new_page: Callable[[dict[str, Any]], tuple[str, int]]
    edit_page: Callable[[dict[str, Any], Any, str | None], tuple[str, int]]
    kept_page: Callable[[dict[str, Any], Any, Shown], tuple[str, int]]
    entry_form: Callable[[Any], tuple[str, str]]
    rematch_data: Callable[[Any], dict[str, Any]]
    detailed_label: Any
    setup_fields: Mapping[str, Any] = field(default_factory=dict)
    setup_template: str | None = None
    check_setup: Callable[[Any, str], list[str]] = lambda form, choice: []
    entry_paths: frozenset[str] = frozenset()
    resendable: tuple[str, ...] = ()
    limits: Mapping[str, str] = field(default_factory=dict)
    home_template: str | None = None
    home_context: Callable[[], dict[str, Any]] = dict
    stylesheets: tuple[tuple[str, str], ...] = ()
    nav: tuple[tuple[str, Any], ...] = ()
    rules_template: str | None = None
    seats: SeatPlug | None = None


def _plug_of(module: str) -> WebPlug:
    plug = import_module(module).PLUG
    assert isinstance(plug, WebPlug), module
    return plug


@cache
def _loaded(modules: tuple[tuple[str, str], ...]) -> dict[str, WebPlug]:
    return {name: _plug_of(module) for name, module in modules}


def plugs() -> dict[str, WebPlug]:
    """Each game with pages of its own → its plug, in the registry's order (a game registered later, such as a
    test's, is found too)."""
    return _loaded(tuple((name, game.web_module) for name, game in GAMES.items() if game.web_module))


def plug_of(game: str) -> WebPlug:
    """The plug of ``game`` (a game with no pages of its own has none: :class:`KeyError`)."""
    return plugs()[game]


def choice_games() -> dict[str, str]:
    """The new-game form's game choices → the game each starts."""
    return {choice: name for name, plug in plugs().items() for choice in plug.choices}


def edit(doc: dict[str, Any], table: AnyTable, player: str | None = None) -> tuple[str, int]:
    """Back to the entry page of ``table`` with everything kept."""
    return plug_of(table.game).edit_page(doc, table, player)


def show(doc: dict[str, Any], table: AnyTable, shown: Shown) -> tuple[str, int]:
    """The entry page of ``table`` as ``shown`` says it was left; ``g.entry_form`` names its form (the language
    switch sends it, so that what was typed and not sent yet is kept; ``g.entry_default`` is the action its Enter
    key does, which the switch's buttons, first in the page, must not take over)."""
    plug = plug_of(table.game)
    g.entry_form, g.entry_default = plug.entry_form(table)
    if shown.fresh and shown.formdata is None:
        return plug.new_page(doc)
    if shown.formdata is None and shown.keep is None:
        return edit(doc, table, None if shown.player is None else str(shown.player))
    return plug.kept_page(doc, table, shown)


def status_of(valid: bool, message: str | None = None) -> int:
    """422 for a page showing entries to correct (a step refused, a field in error), else 200."""
    return 422 if message is not None or not valid else 200


def checked(form: Any) -> bool:
    """The form's entries checked again (their errors show beside them): whether they are all right."""
    form.validate()
    if "csrf_token" in form:  # the draft's page has a token of its own: only the entries' errors are shown
        form.csrf_token.errors = []
    return not any(f.errors for name, f in form._fields.items() if name != "csrf_token")


__all__ = ["Shown", "WebPlug", "checked", "choice_games", "edit", "plug_of", "plugs", "show", "status_of"]
