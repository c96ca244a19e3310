"""Kanagawa's pages as renderers (no view here): the paper sheet, the Diploma checker, the reachability page, and
what a new game or a correction starts from; the detailed entry is :mod:`marquoir.web.kanagawa.picker`. The views
of :mod:`marquoir.web.kanagawa.views` and the shared pages (through :mod:`marquoir.web.kanagawa.plug`) call these."""

from __future__ import annotations

from typing import Any

from flask import render_template

from marquoir.document import parse_table
from marquoir.games.kanagawa.bounds import sheet_bounds
from marquoir.games.kanagawa.catalogue import Diploma, catalogue
from marquoir.games.kanagawa.diplomas import diploma_report
from marquoir.games.kanagawa.game import KANAGAWA
from marquoir.games.kanagawa.legality import check
from marquoir.games.kanagawa.table import DetailedPlayer, SheetPlayer, Table
from marquoir.games.kanagawa.tableau import Tableau
from marquoir.games.kanagawa.vocabulary import BASE_FAMILIES, EXPANSION_FAMILIES
from marquoir.web import workers
from marquoir.web.documents import dump, index_in
from marquoir.web.forms import TableForm, check_tile_ticks
from marquoir.web.i18n import _
from marquoir.web.kanagawa.forms import diploma_field, sheet_form_class
from marquoir.web.kanagawa.picker import diplomas_by_family, render_detailed
from marquoir.web.kanagawa.words import FAMILY_NAMES, diplomas_in_play
from marquoir.web.render import category_labels, issues_by_cell, place_issues

#: Seconds the engine may search for one web request.
REACH_TIME_BOUND = 3.0


# ---------------------------------------------------------------- a new game, a correction


def new_game_page(doc: dict[str, Any]) -> tuple[str, int]:
    """The entry page of a new game: the card picker for detailed players, else the paper sheet."""
    table = parse_table(doc)
    if any(isinstance(p, DetailedPlayer) for p in table.players):
        return render_detailed(doc, current=0, fresh=True)
    return render_figures_page(doc, fresh=True)


def edit_page(doc: dict[str, Any], table: Table, player: str | None = None) -> tuple[str, int]:
    """"Correct an entry": back to the entry page with everything kept and the issues beside their entries."""
    if all(not isinstance(p, DetailedPlayer) for p in table.players):
        return render_figures_page(doc)
    current = index_in(player, len(table.players))
    if current is None:
        current = next(i for i, p in enumerate(table.players) if isinstance(p, DetailedPlayer))
    # After the results every issue shows; the one-player Diploma checker is no game, so only entry mistakes do.
    keep = {"all_issues": "1"} if len(table.players) > 1 else {}
    return render_detailed(doc, current=current, keep=keep)


# ---------------------------------------------------------------- the paper sheet


def sheet_form_for(table: Table) -> tuple[Any, list[Diploma], bool]:
    """The sheet's form class for this game, the Diplomas in play, and whether Diploma points may be written
    instead of ticked (a player entered with only the points)."""
    diplomas = diplomas_in_play(table.families)
    with_points = any(isinstance(p, SheetPlayer) and isinstance(p.diplomas, int) for p in table.players)
    # The figures' bounds come from the rules and the data of this game (families, players).
    bounds = sheet_bounds(table.families, len(table.players), catalogue())
    form = sheet_form_class(len(table.players), diplomas, with_points, table.is_yokai, bounds)
    return form, diplomas, with_points


def _data_from_table(doc: dict[str, Any], table: Table, diplomas: list[Diploma]) -> dict[str, Any]:
    players = []
    gm = ""
    for i, player in enumerate(table.players):
        assert isinstance(player, SheetPlayer)
        row: dict[str, Any] = {
            "print_cards": player.print_cards,
            "season_chain": player.season_chain,
            "harmony": player.harmony,
            "yokai_tokens": player.yokai,
        }
        if isinstance(player.diplomas, int):
            row["diploma_points"] = player.diplomas
        else:
            for diploma in diplomas:
                row[diploma_field(diploma.id)] = diploma.id in player.diplomas
        if player.grand_master and not gm:
            gm = str(i)
        players.append(row)
    return {"table": dump(doc), "players": players, "grand_master": gm or None}


def render_figures_page(
    doc: dict[str, Any], fresh: bool = False, form: Any = None, status: int = 200
) -> tuple[str, int]:
    """The sheet for the game in ``doc``: empty for a new game, filled from the document otherwise."""
    table = parse_table(doc)
    assert isinstance(table, Table)
    form_class, diplomas, with_points = sheet_form_for(table)
    issues = []
    if form is None:
        if fresh:
            form = form_class(formdata=None, data={"table": dump(doc)})
        else:
            form = form_class(formdata=None, data=_data_from_table(doc, table, diplomas))
            issues = check(table)
    names = [p.name for p in table.players]
    placed = place_issues(issues, names, KANAGAWA)
    body = render_template(
        "kanagawa/sheet.html",
        form=form,
        names=names,
        families=dict(diplomas_by_family(diplomas)),
        diploma_field=diploma_field,
        with_points=with_points,
        yokai=table.is_yokai,
        issues=issues_by_cell(placed),
        placed=placed,
        FAMILY_NAMES=FAMILY_NAMES,
        CATEGORY_NAMES=category_labels(KANAGAWA),
    )
    return body, status


def sheet_players(form: Any, table: Table, diplomas: list[Diploma], with_points: bool) -> list[dict[str, Any]]:
    """The players of the document, from a valid sheet form: each one's figures, the Diploma tiles ticked (or
    the points written), the Grand Master."""
    gm = form.grand_master.data
    players = []
    for i, (entry, player) in enumerate(zip(form.players.entries, table.players, strict=True)):
        sub = entry.form
        ticked = [d.id for d in diplomas if sub[diploma_field(d.id)].data]
        held: list[str] | int = ticked
        if with_points and not ticked and sub.diploma_points.data is not None:
            held = sub.diploma_points.data
        players.append(
            {
                "name": player.name,
                "sheet": {
                    "print_cards": sub.print_cards.data,
                    "season_chain": sub.season_chain.data,
                    "harmony": sub.harmony.data or 0,
                    "diplomas": held,
                    "grand_master": gm == str(i),
                    "yokai": (sub.yokai_tokens.data or 0) if table.is_yokai else 0,
                },
            }
        )
    return players


def check_diploma_ticks(form: Any, diplomas: list[Diploma], names: list[str]) -> bool:
    """One holder per Diploma tile, one Diploma per family per player (games/kanagawa/data/SOURCES.md, decision 7)."""
    tiles = [(diploma_field(diploma.id), diploma.family) for diploma in diplomas]
    return check_tile_ticks(form, tiles, names, _("A player holds one Diploma per family."))


# ---------------------------------------------------------------- the Diploma checker and reachability


def diploma_page(doc: dict[str, Any], table: Table, index: int | None) -> tuple[str, int]:
    """Every Diploma of the families in play for one detailed player: met or not, the deciding figure, the cards."""
    if index is None:
        index = next((i for i, p in enumerate(table.players) if isinstance(p, DetailedPlayer)), None)
    player = table.players[index] if index is not None else None
    form = TableForm(formdata=None, data={"table": dump(doc)})
    choices = [(i, p.name) for i, p in enumerate(table.players) if isinstance(p, DetailedPlayer)]
    context: dict[str, Any] = {"form": form, "player": player, "index": index, "choices": choices, "table": table}
    if not isinstance(player, DetailedPlayer):
        message = _("The Diploma checker needs the cards: this player was entered from the sheet's figures.")
        context["FAMILY_NAMES"] = FAMILY_NAMES
        return render_template("kanagawa/diplomas.html", checks=None, message=message, **context), 422
    cat = catalogue()
    checks = diploma_report(Tableau.of(player, cat), table.families, table.rules, cat)
    return render_template("kanagawa/diplomas.html", checks=checks, message=None, FAMILY_NAMES=FAMILY_NAMES,
                           **context), 200


def on_the_spot_document(families: list[str]) -> dict[str, Any]:
    """A one-player game for the Diploma checker of a Print typed on the spot (the families given when they are a
    Kanagawa set, else the base four)."""
    valid = len(families) == 4 and (
        set(families) == set(BASE_FAMILIES)
        or (sum(f in BASE_FAMILIES for f in families) == 2 and sum(f in EXPANSION_FAMILIES for f in families) == 2)
    )
    return {
        "game": "kanagawa",
        "families": families if valid else list(BASE_FAMILIES),
        "players": [{"name": _("On the spot"), "start": "S1", "print": [], "studio": [], "kept": [], "diplomas": [],
                     "grand_master": False, "yokai": 0}],
    }


def reach_page(doc: dict[str, Any], table: Table) -> tuple[str, int]:
    """How could this have been built? The engine's verdict per player, with a witness round by round (searched by a
    worker, off the request threads: :mod:`marquoir.web.workers`)."""
    report = workers.run("deep_check", table, REACH_TIME_BOUND)
    form = TableForm(formdata=None, data={"table": dump(doc)})
    return render_template("kanagawa/reach.html", report=report, form=form), 200
