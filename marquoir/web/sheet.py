"""Sheet entry, like the paper sheet: categories as rows, players as columns (issue 3, item 3)."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from flask import Blueprint, render_template, request

from marquoir import SheetPlayer, Table, TableError, check, parse_table
from marquoir.games.kanagawa.catalogue import Diploma
from marquoir.web.forms import diploma_field, sheet_form_class
from marquoir.web.helpers import _, diplomas_in_play, document_or_400, dump, place_issues

bp = Blueprint("sheet", __name__)


def _form_class(doc: dict[str, Any], table: Table) -> tuple[type, list[Diploma], bool]:
    diplomas = diplomas_in_play(table.families)
    with_points = any(isinstance(p, SheetPlayer) and isinstance(p.diplomas, int) for p in table.players)
    return sheet_form_class(len(table.players), diplomas, with_points, table.is_yokai), diplomas, with_points


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


def render_sheet(doc: dict[str, Any], fresh: bool = False, form: Any = None, status: int = 200) -> Any:
    """The sheet for the game in ``doc``: empty for a new game, filled from the document otherwise."""
    table = parse_table(doc)
    form_class, diplomas, with_points = _form_class(doc, table)
    issues = []
    if form is None:
        if fresh:
            form = form_class(formdata=None, data={"table": dump(doc)})
        else:
            form = form_class(formdata=None, data=_data_from_table(doc, table, diplomas))
            issues = check(table)
    names = [p.name for p in table.players]
    placed = place_issues(issues, names)
    by_cell: dict[tuple[int | None, str | None], list[Any]] = defaultdict(list)
    for item in placed:
        by_cell[(item.player, item.row)].append(item)
    families: dict[str, list[Diploma]] = {}
    for diploma in diplomas:
        families.setdefault(diploma.family, []).append(diploma)
    body = render_template(
        "game/sheet.html",
        form=form,
        names=names,
        families=families,
        diploma_field=diploma_field,
        with_points=with_points,
        yokai=table.is_yokai,
        issues=by_cell,
        placed=placed,
    )
    return body, status


def _diploma_errors(form: Any, diplomas: list[Diploma], names: list[str]) -> bool:
    """One holder per Diploma tile, one Diploma per family per player (SOURCES.md, decision 7)."""
    ok = True
    entries = form.players.entries
    for diploma in diplomas:
        key = diploma_field(diploma.id)
        holders = [i for i, entry in enumerate(entries) if entry.form[key].data]
        if len(holders) > 1:
            ok = False
            who = (" " + _("and") + " ").join(names[j] for j in holders)
            for i in holders:
                field = entries[i].form[key]
                field.errors = [*field.errors, _("One tile each: ticked for %(names)s") % {"names": who}]
    for entry in entries:
        by_family: dict[str, list[str]] = {}
        for diploma in diplomas:
            if entry.form[diploma_field(diploma.id)].data:
                by_family.setdefault(diploma.family, []).append(diploma.id)
        for held in by_family.values():
            if len(held) > 1:
                ok = False
                for diploma_id in held:
                    field = entry.form[diploma_field(diploma_id)]
                    field.errors = [*field.errors, _("A player holds one Diploma per family.")]
    return ok


@bp.post("/sheet")
def sheet() -> Any:
    """Score the sheet, or show it again with every entry kept and each error beside its field."""
    doc, table = document_or_400(request.form.get("table"))
    form_class, diplomas, with_points = _form_class(doc, table)
    form = form_class()
    names = [p.name for p in table.players]
    valid = form.validate_on_submit()
    valid = _diploma_errors(form, diplomas, names) and valid
    if not valid:
        return render_sheet(doc, form=form, status=422)
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
    new_doc = {**doc, "players": players}
    try:
        new_table = parse_table(new_doc)
    except TableError:
        return render_sheet(doc, form=form, status=422)
    from marquoir.web.results import render_results

    return render_results(new_table)
