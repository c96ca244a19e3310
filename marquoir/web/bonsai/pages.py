"""Bonsai's pages as renderers (no view here): what a new game or a correction starts from, and the paper sheet.
The tile-by-tile entry is :mod:`marquoir.web.bonsai.tiles`. The views of :mod:`marquoir.web.bonsai.views` and the
shared pages (through :mod:`marquoir.web.bonsai.plug`) call these."""

from __future__ import annotations

from typing import Any

from flask import render_template

from marquoir.games.bonsai.catalogue import Goal
from marquoir.games.bonsai.document import parse_table
from marquoir.games.bonsai.game import BONSAI
from marquoir.games.bonsai.legality import check
from marquoir.games.bonsai.table import DetailedPlayer, SheetPlayer, Table
from marquoir.games.bonsai.vocabulary import GOAL_COLOURS
from marquoir.web.bonsai.forms import goal_field, sheet_form_class
from marquoir.web.bonsai.tiles import goals_in_play, render_tiles
from marquoir.web.bonsai.words import COLOUR_NAMES
from marquoir.web.documents import dump, index_in
from marquoir.web.forms import check_tile_ticks
from marquoir.web.i18n import _
from marquoir.web.render import category_labels, issues_by_cell, place_issues

# ---------------------------------------------------------------- a new game, a correction


def new_game_page(doc: dict[str, Any]) -> tuple[str, int]:
    """The entry page of a new game: the pot's grid for players entered tile by tile, else the paper sheet."""
    table = parse_table(doc)
    if any(isinstance(p, DetailedPlayer) for p in table.players):
        return render_tiles(doc, current=0)
    return render_figures_page(doc, fresh=True)


def edit_page(doc: dict[str, Any], table: Table, player: str | None = None) -> tuple[str, int]:
    """"Correct an entry": back to the entry page with everything kept and the issues beside their entries."""
    if all(isinstance(p, SheetPlayer) for p in table.players):
        return render_figures_page(doc)
    current = index_in(player, len(table.players))
    if current is None:
        current = next(i for i, p in enumerate(table.players) if isinstance(p, DetailedPlayer))
    return render_tiles(doc, current=current)


# ---------------------------------------------------------------- the paper sheet


def sheet_form_for(table: Table) -> tuple[Any, tuple[Goal, ...], bool]:
    """The sheet's form class for this game, the goal tiles in play, and whether goal points may be written
    instead of ticked (a player entered with only the points)."""
    goals = goals_in_play(table)
    with_points = any(isinstance(p, SheetPlayer) and isinstance(p.goals, int) for p in table.players)
    return sheet_form_class(len(table.players), goals, with_points), goals, with_points


def _sheet_data(doc: dict[str, Any], table: Table, goals: tuple[Goal, ...]) -> dict[str, Any]:
    players = []
    for player in table.players:
        row: dict[str, Any] = {}
        if isinstance(player, SheetPlayer):
            row = {"leaves": player.leaves, "flowers": player.flowers, "fruits": player.fruits,
                   "parchments": player.parchments}
            if isinstance(player.goals, int):
                row["goal_points"] = player.goals
            else:
                row.update({goal_field(g.id): g.id in player.goals for g in goals})
        players.append(row)
    return {"table": dump(doc), "players": players}


def render_figures_page(
    doc: dict[str, Any], fresh: bool = False, form: Any = None, status: int = 200
) -> tuple[str, int]:
    """The sheet for the game in ``doc``: empty for a new game, filled from the document otherwise (with the
    legality issues beside their entries)."""
    table = parse_table(doc)
    form_class, goals, with_points = sheet_form_for(table)
    issues = []
    if form is None:
        if fresh:
            form = form_class(formdata=None, data={"table": dump(doc)})
        else:
            form = form_class(formdata=None, data=_sheet_data(doc, table, goals))
            issues = check(table)
    names = [p.name for p in table.players]
    placed = place_issues(issues, names, BONSAI)
    by_colour: dict[str, list[Goal]] = {}
    for goal in goals:
        by_colour.setdefault(goal.colour, []).append(goal)
    body = render_template(
        "bonsai/sheet.html",
        form=form,
        names=names,
        goals=[(colour, by_colour[colour]) for colour in GOAL_COLOURS if colour in by_colour],
        no_goals=not table.goals,
        goal_field=goal_field,
        with_points=with_points,
        issues=issues_by_cell(placed),
        placed=placed,
        CATEGORY_NAMES=category_labels(BONSAI),
        COLOUR_NAMES=COLOUR_NAMES,
    )
    return body, status


def sheet_players(form: Any, table: Table, goals: tuple[Goal, ...], with_points: bool) -> list[dict[str, Any]]:
    """The players of the document, from a valid sheet form: each one's figures and the goal tiles ticked (or the
    goal points written)."""
    players = []
    for entry, player in zip(form.players.entries, table.players, strict=True):
        sub = entry.form
        ticked = [g.id for g in goals if sub[goal_field(g.id)].data]
        held: list[str] | int = ticked
        if with_points and not ticked and sub.goal_points.data is not None:
            held = sub.goal_points.data
        players.append({"name": player.name, "sheet": {
            "leaves": sub.leaves.data, "flowers": sub.flowers.data, "fruits": sub.fruits.data,
            "parchments": sub.parchments.data or 0, "goals": held}})
    return players


def check_goal_ticks(form: Any, goals: tuple[Goal, ...], names: list[str]) -> bool:
    """One holder per goal tile (each exists once), one goal of each colour per player (« Remplir un objectif »;
    games/bonsai/data/SOURCES.md, decision 6): errors beside the ticks."""
    tiles = [(goal_field(goal.id), goal.colour) for goal in goals]
    return check_tile_ticks(form, tiles, names, _("A player claims one goal of each colour."))


__all__ = [
    "check_goal_ticks",
    "edit_page",
    "new_game_page",
    "render_figures_page",
    "sheet_form_for",
    "sheet_players",
]
