"""Renderers shared by several pages, below every blueprint: the results of a game, each issue placed beside the
entry it concerns, error pages, and the template helpers. No view lives here, and nothing here imports a view."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from flask import Flask, g, render_template
from wtforms.validators import NumberRange

from marquoir.core.game import Game
from marquoir.core.issues import Issue
from marquoir.core.report import ScoreReport
from marquoir.document import table_to_document
from marquoir.games import GAMES, AnyTable, game_of, most_players
from marquoir.i18n import get_language
from marquoir.i18n import ordinal as i18n_ordinal
from marquoir.scoring import score
from marquoir.web.documents import dump
from marquoir.web.editing import editing, editing_fields
from marquoir.web.forms import TableForm
from marquoir.web.i18n import _, _l
from marquoir.web.plug import plugs

_PLAYER_FIELD = re.compile(r"^players\[([0-9]{1,6})\](?:\.(.*))?$")


@dataclass(frozen=True)
class PlacedIssue:
    """An issue with the place it is shown: ``player`` index (None: the whole table), the sheet ``row`` (None:
    the player as a whole), and ``key``: the part of the player (``print[3]``, ``diplomas[0]``, ``sheet.harmony``)."""

    issue: Issue
    player: int | None
    row: str | None
    key: str

    @property
    def anchor(self) -> str:
        if self.player is None:
            return "table"
        return f"p{self.player}-{self.row or 'name'}"


def place_issue(issue: Issue, names: list[str], game: Game) -> PlacedIssue:
    """Where an issue goes, from its ``field`` path (``players[1].diplomas[0]``) or its player's name; the row is
    the game's (:meth:`~marquoir.core.game.Game.issue_category`)."""
    match = _PLAYER_FIELD.match(issue.field or "")
    index: int | None = None
    rest = ""
    if match:
        index = int(match.group(1))
        rest = match.group(2) or ""
    elif issue.player is not None and issue.player in names:
        index = names.index(issue.player)
    if index is not None and not 0 <= index < len(names):
        index = None
    if index is None:
        return PlacedIssue(issue, None, game.issue_category(issue.code, None), rest)
    return PlacedIssue(issue, index, game.issue_category(issue.code, rest) if rest else None, rest)


def place_issues(issues: Iterable[Issue], names: list[str], game: Game) -> list[PlacedIssue]:
    return [place_issue(issue, names, game) for issue in issues]


def issues_by_cell(placed: Iterable[PlacedIssue]) -> dict[tuple[int | None, str | None], list[PlacedIssue]]:
    """The placed issues by (player, row): what each cell of a sheet shows."""
    cells: dict[tuple[int | None, str | None], list[PlacedIssue]] = defaultdict(list)
    for item in placed:
        cells[(item.player, item.row)].append(item)
    return cells


def shown_categories(game: Game, table: AnyTable, players: Iterable[Mapping[str, Any]]) -> list[str]:
    """The rows a results table shows: the game's for this table, and any other category someone scored in."""
    wanted = set(game.categories_of(table))
    scored = [p["breakdown"] for p in players]
    return [c for c in game.categories if c in wanted or any(b.get(c) for b in scored)]


def render_results(table: AnyTable, status: int = 200, report: ScoreReport | None = None) -> tuple[str, int]:
    """The sheet of results: figures with their explanations, totals, places, issues beside entries, the ranking
    in words, and the game's own actions (correct, download, its checkers)."""
    game = game_of(table)
    report = report or score(table)
    names = [p.name for p in table.players]
    placed = place_issues(report.issues, names, game)
    form = TableForm(formdata=None, data={"table": dump(table_to_document(table))})
    body = render_template(
        "results/results.html",
        report=report,
        table=table,
        game=game,
        categories=shown_categories(game, table, [p.to_json() for p in report.players]),
        labels=category_labels(game),
        form=form,
        issues=issues_by_cell(placed),
        placed=placed,
    )
    return body, status


def results_again(table: AnyTable, message: str, status: int, *, editing_off: bool = False) -> tuple[str, int]:
    """The results page of the game as typed, with ``message`` above it: nothing the person entered is lost."""
    g.storage_message = message
    if editing_off:
        g.editing_off = True
    body, _status = render_results(table)
    return body, status


def error_page(code: int, title: str, message: str, **extra: Any) -> tuple[str, int]:
    """The error page: what happened, in words, and the way back."""
    return render_template("main/error.html", code=code, title=title, message=message, **extra), code


def ordinal(rank: int) -> str:
    """A place as written in the page's language: 1st, 2nd (English); 1er, 2e (French)."""
    return i18n_ordinal(rank, get_language())


def field_attrs(field: Any, extra: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """HTML attributes of an input: ``extra``, plus ``aria-invalid`` and the error's id when it has errors."""
    attrs = dict(extra or {})
    if field.errors:
        attrs["aria-invalid"] = "true"
        attrs["aria-describedby"] = f"{field.id}-error"
    return attrs


def number_bounds(field: Any) -> tuple[int | None, int | None]:
    """The least and the most a number field accepts: the tightest of its validators' ranges (a
    :class:`~wtforms.validators.NumberRange`, or a validator holding one as ``range``)."""
    low: int | None = None
    high: int | None = None
    for validator in field.validators:
        bound = validator if isinstance(validator, NumberRange) else getattr(validator, "range", None)
        if not isinstance(bound, NumberRange):
            continue
        if bound.min is not None:
            low = int(bound.min) if low is None else max(low, int(bound.min))
        if bound.max is not None:
            high = int(bound.max) if high is None else min(high, int(bound.max))
    return low, high


def number_attrs(field: Any, extra: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """HTML attributes of a figure typed on the phone's keypad: :func:`field_attrs`, the bounds the server accepts
    (``data-min``, ``data-max``: the page's script shows no total for a figure outside them), and the phone's
    number pad (``inputmode="numeric"``); where the figure may be negative, the minus is accepted as typed and
    ``data-sign`` names the ± button the page's script puts beside the field (many phones' number pads have no
    minus: issue 18); the server still reads and checks what is typed."""
    attrs = field_attrs(field, extra)
    low, high = number_bounds(field)
    if low is not None:
        attrs["data-min"] = low
    if high is not None:
        attrs["data-max"] = high
    attrs["inputmode"] = "numeric"
    if low is None or low < 0:
        attrs.update({"pattern": "[+\\-−]?[0-9]*", "data-sign": _("Change the sign (plus or minus)")})
    return attrs


def category_labels(game: Game) -> dict[str, Any]:
    """A game's category labels, translated where they are shown."""
    return {key: _l(label) for key, label in game.category_labels.items()}


def init_app(app: Flask) -> None:
    """Template globals: the games and their category labels, the field helper, a correction in progress, the
    ordinal filter."""
    app.jinja_env.globals.update(
        field_attrs=field_attrs,
        number_attrs=number_attrs,
        GAMES=GAMES,
        category_labels=category_labels,
        editing=editing,
        editing_fields=editing_fields,
        game_title=lambda game: _(game.title),
        most_players=most_players,
        plugs=plugs,
    )
    app.jinja_env.filters["ordinal"] = ordinal
