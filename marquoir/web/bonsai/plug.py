"""Bonsai's web plug (:mod:`marquoir.web.plug`): its blueprint, its setup in the new-game form (the goal tiles in
play: three colours, or none — Bonsai rules, « Mise en place »), the document a new game starts from, and its entry
pages (the paper sheet, the pot's grid) as the shared views show them again."""

from __future__ import annotations

from typing import Any

from wtforms import BooleanField, SelectChoice  # type: ignore[attr-defined]  # (types-WTForms lacks it)

from marquoir.games.bonsai.game import BONSAI
from marquoir.games.bonsai.table import DetailedPlayer, Table
from marquoir.games.bonsai.vocabulary import GOAL_COLOURS, GOAL_COLOURS_IN_PLAY
from marquoir.web.bonsai import pages, tiles
from marquoir.web.bonsai.seats import SEATS
from marquoir.web.bonsai.views import bp
from marquoir.web.bonsai.words import COLOUR_NAMES
from marquoir.web.forms import MultiCheckboxField
from marquoir.web.i18n import _, _l
from marquoir.web.plug import Shown, WebPlug, checked, status_of


def check_setup(form: Any, choice: str) -> list[str]:
    """Three goal colours, or a game played without goal tiles, not both."""
    chosen = set(form.goal_colours.data or [])
    if form.no_goals.data and chosen:
        form.goal_colours.errors = [*form.goal_colours.errors,
                                    _("Pick 3 colours, or “played without goal tiles”, not both.")]
    elif not form.no_goals.data and len(chosen) != GOAL_COLOURS_IN_PLAY:
        form.goal_colours.errors = [*form.goal_colours.errors,
                                    _("Pick exactly 3 goal colours, or tick “played without goal tiles”.")]
    return list(form.goal_colours.errors)


def new_document(form: Any, choice: str) -> dict[str, Any]:
    """The document a new Bonsai game starts from: the players named, the goal colours chosen, every figure at 0
    (the sheet) or every bonsai at its trunk (tile by tile)."""
    names = form.player_names()
    players: list[dict[str, Any]]
    if form.mode.data == "detailed":
        players = [{"name": name, "tiles": [], "goals": []} for name in names]
    else:
        players = [
            {"name": name, "sheet": {"leaves": 0, "flowers": 0, "fruits": 0, "parchments": 0, "goals": []}}
            for name in names
        ]
    goals = [] if form.no_goals.data else [c for c in GOAL_COLOURS if c in (form.goal_colours.data or [])]
    return {"game": BONSAI.name, "goals": goals, "players": players}


def rematch_data(table: Table) -> dict[str, Any]:
    """The same goal colours (or none)."""
    return {"game": BONSAI.name, "goal_colours": list(table.goals), "no_goals": not table.goals}


def kept_page(doc: dict[str, Any], table: Table, shown: Shown) -> tuple[str, int]:
    """The paper sheet, or the pot's grid at the player shown, with the fields as they were left."""
    names = [p.name for p in table.players]
    if all(not isinstance(p, DetailedPlayer) for p in table.players):
        form_class, goals, _with_points = pages.sheet_form_for(table)
        form = form_class(formdata=shown.formdata)
        valid = True
        if shown.checked:
            valid = checked(form)
            valid = pages.check_goal_ticks(form, goals, names) and valid
        return pages.render_figures_page(doc, form=form, status=status_of(valid))
    current = shown.player if shown.player is not None and shown.player < len(names) else 0
    if shown.formdata is None:
        return tiles.render_tiles(doc, current, message=shown.message)
    form = tiles.tiles_form_for(table)(formdata=shown.formdata)
    if shown.checked:
        checked(form)
    return tiles.render_tiles(doc, current, form=form, message=shown.message, status=status_of(True, shown.message))


def entry_form(table: Table) -> tuple[str, str]:
    if any(isinstance(p, DetailedPlayer) for p in table.players):
        return "tiles-form", "save"
    return "bonsai-sheet-form", "score"


PLUG = WebPlug(
    blueprint=bp,
    choices={BONSAI.name: _l("Bonsai")},
    setup_fields={
        "goal_colours": MultiCheckboxField(_l("Goal colours in play (pick 3)"),
                                           choices=[SelectChoice(c, COLOUR_NAMES[c]) for c in GOAL_COLOURS]),
        "no_goals": BooleanField(_l("Played without goal tiles")),
    },
    setup_template="bonsai/_setup.html",
    check_setup=check_setup,
    new_document=new_document,
    rematch_data=rematch_data,
    detailed_label=_l("Tile by tile (Bonsai): tap the cells of the pot’s grid"),
    new_page=pages.new_game_page,
    edit_page=pages.edit_page,
    kept_page=kept_page,
    entry_form=entry_form,
    entry_paths=frozenset({"/bonsai/sheet", "/bonsai/tiles"}),
    resendable=("/bonsai/sheet", "/bonsai/tiles"),
    rules_template="bonsai/_rules.html",
    stylesheets=(("bonsai.static", "bonsai.css"),),
    seats=SEATS,
    limits={"bonsai.reach": "20/minute;600/day"},
)
