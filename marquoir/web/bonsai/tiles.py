"""Bonsai entered tile by tile: the pot drawn as a grid of cells that a tap cycles (empty → wood → leaf → flower →
fruit → empty), the pot flipped, the cards counted, the goals claimed, and every problem the legality pass finds
shown on the spot: a tile's on its cell, a goal's beside its tick.

Renderers and the steps of the page (no view here): :mod:`marquoir.web.bonsai.views` calls them. The server is the
one judge: the script of the page changes the document in place and asks :func:`live_parts` for the marks.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

from flask import get_template_attribute, render_template
from markupsafe import Markup

from marquoir.core.report import ScoreReport
from marquoir.games.bonsai.catalogue import Goal, catalogue
from marquoir.games.bonsai.document import parse_table
from marquoir.games.bonsai.game import BONSAI
from marquoir.games.bonsai.geometry import Cell, trunk
from marquoir.games.bonsai.goals import figure_text, is_met
from marquoir.games.bonsai.scoring import score
from marquoir.games.bonsai.table import DetailedPlayer, Table
from marquoir.games.bonsai.tree import Tree
from marquoir.games.bonsai.vocabulary import FLOWER, FRUIT, LEAF, PARCHMENTS, TILE_KINDS, WOOD
from marquoir.games.bonsai.words import place_text
from marquoir.web.bonsai.forms import CARD_COUNTERS, COUNTER_MOST, COUNTERS, GROWTH_COUNTERS, tiles_form_class
from marquoir.web.bonsai.grid import PotView, pot_view
from marquoir.web.documents import dump
from marquoir.web.i18n import _
from marquoir.web.render import PlacedIssue, place_issues

#: What a tap puts on a cell, in turn; after the fruit the cell is empty again.
CYCLE = (WOOD, LEAF, FLOWER, FRUIT)
#: The macros that draw the parts of the page the script redraws.
PARTS = "bonsai/_parts.html"
_CELL_ACTION = re.compile(r"^(cycle|clear):(-?[0-9]{1,4}):(-?[0-9]{1,4})$")


class Refused(Exception):
    """A button the page does not offer (a forged or stale action): answered with a 400 naming it."""

    def __init__(self, action: str, reason: str) -> None:
        super().__init__(reason)
        self.action = action if len(action) <= 40 else action[:37] + "..."
        self.reason = reason


def goals_in_play(table: Table) -> tuple[Goal, ...]:
    """The goal tiles of this game: those of the colours drawn, without the medium ones with 1 or 2 players."""
    return catalogue().goals_in_play(table.goals, len(table.players))


def next_kind(kind: str | None) -> str | None:
    """What a tap puts on a cell holding ``kind`` (``None``: empty)."""
    if kind is None:
        return CYCLE[0]
    index = CYCLE.index(kind) + 1
    return CYCLE[index] if index < len(CYCLE) else None


def cycle_cell(pdoc: dict[str, Any], cell: Cell) -> None:
    """A tap on a cell where tiles may grow: the first tile listed there takes the next kind (an empty cell gets
    a wood tile, a fruit goes away)."""
    tiles: list[dict[str, Any]] = pdoc.setdefault("tiles", [])
    k = next((i for i, tile in enumerate(tiles) if tuple(tile["at"]) == cell), None)
    if k is None:
        tiles.append({"at": list(cell), "kind": CYCLE[0]})
        return
    kind = next_kind(tiles[k]["kind"])
    if kind is None:
        del tiles[k]
    else:
        tiles[k]["kind"] = kind


def clear_cell(pdoc: dict[str, Any], cell: Cell) -> None:
    """Take away every tile listed on ``cell`` (a tile lying on the pot or the trunk)."""
    pdoc["tiles"] = [tile for tile in pdoc.get("tiles", []) if tuple(tile["at"]) != cell]


# ---------------------------------------------------------------- the form and the document


def tiles_form_for(table: Table) -> Any:
    """The page's form class for this game."""
    return tiles_form_class(goals_in_play(table))


def form_data(doc: dict[str, Any], table: Table, current: int) -> dict[str, Any]:
    """The form's fields from the document: the current player's cards and goals."""
    data: dict[str, Any] = {"table": dump(doc), "current": str(current)}
    player = table.players[current]
    if isinstance(player, DetailedPlayer):
        growth = Counter(player.cards.growth)
        for kind, name in zip(TILE_KINDS, GROWTH_COUNTERS, strict=True):
            data[name] = growth[kind]
        for name in CARD_COUNTERS:
            data[name] = getattr(player.cards, name)
        data["parchments"] = list(player.cards.parchments)
        data["goals_held"] = list(player.goals)
    return data


def fields_ok(form: Any) -> bool:
    """Whether the counters read (the other fields cannot be wrong)."""
    return not any(form[name].errors for name in COUNTERS)


def merge_player(doc: dict[str, Any], table: Table, current: int, form: Any) -> None:
    """Write the current player's counters, Parchments and goals into the document. What the form cannot show is
    kept: the order of the cards and goals when they did not change, a goal that is not a tile of this game."""
    player = table.players[current]
    if not isinstance(player, DetailedPlayer):
        return
    pdoc = doc["players"][current]
    cards = dict(pdoc.get("cards") or {})
    counted = zip(TILE_KINDS, GROWTH_COUNTERS, strict=True)
    growth = [kind for kind, name in counted for _n in range(form[name].data or 0)]
    if Counter(growth) != Counter(player.cards.growth):
        cards["growth"] = growth
    for name in CARD_COUNTERS:
        cards[name] = form[name].data or 0
    ticked = [p for p in PARCHMENTS if p in (form.parchments.data or [])]
    if set(ticked) != set(player.cards.parchments):
        cards["parchments"] = ticked
    cards = {key: value for key, value in cards.items() if value not in (0, [], None)}
    if cards:
        pdoc["cards"] = cards
    else:
        pdoc.pop("cards", None)
    in_play = [g.id for g in goals_in_play(table)]
    claimed = {g for g in (form.goals_held.data or []) if g in in_play}
    if claimed != {g for g in player.goals if g in in_play}:
        kept = [g for g in player.goals if g not in in_play or g in claimed]
        kept += [g for g in in_play if g in claimed and g not in kept]
        pdoc["goals"] = kept


def _counter_step(pdoc: dict[str, Any], name: str, step: int) -> None:
    cards: dict[str, Any] = pdoc.setdefault("cards", {})
    if name in GROWTH_COUNTERS:
        kind = name.removeprefix("growth_")
        growth: list[str] = cards.setdefault("growth", [])
        if step > 0 and len(growth) < COUNTER_MOST:
            growth.append(kind)
        elif step < 0 and kind in growth:
            del growth[len(growth) - 1 - growth[::-1].index(kind)]
    else:
        cards[name] = min(max((cards.get(name) or 0) + step, 0), COUNTER_MOST)


def apply_action(doc: dict[str, Any], table: Table, current: int, action: str) -> int:
    """Do what the pressed button says; the player to show next. :class:`Refused` for a button the page does not
    offer (a cell not on the grid, a counter that does not exist)."""
    verb, _sep, rest = action.partition(":")
    if verb in ("", "save", "score"):
        return current
    if verb == "player":
        chosen = _index(rest, len(table.players))
        if chosen is None:
            raise Refused(action, _("there is no such player"))
        return chosen
    player = table.players[current]
    if not isinstance(player, DetailedPlayer):
        raise Refused(action, _("this player was entered from the sheet’s figures"))
    pdoc = doc["players"][current]
    if verb == "flip":
        if player.flipped:
            pdoc.pop("flipped", None)
        else:
            pdoc["flipped"] = True
    elif verb in ("cycle", "clear"):
        match = _CELL_ACTION.match(action)
        if match is None:
            raise Refused(action, _("a cell is written as two whole numbers"))
        cell = (int(match.group(2)), int(match.group(3)))
        shown = pot_view(player).cell(cell)
        if shown is None or shown.action != action:
            place = place_text(cell, trunk(player.flipped))
            raise Refused(action, _("the cell “%(cell)s” cannot be changed on this grid") % {"cell": place})
        (cycle_cell if verb == "cycle" else clear_cell)(pdoc, cell)
    elif verb in ("inc", "dec") and rest in COUNTERS:
        _counter_step(pdoc, rest, 1 if verb == "inc" else -1)
    elif verb == "remove-goal":
        k = _index(rest, len(player.goals))
        if k is None:
            raise Refused(action, _("there is no such goal"))
        del pdoc["goals"][k]
    else:
        raise Refused(action, _("this page has no such button"))
    return current


def _index(text: str, size: int) -> int | None:
    return int(text) if re.fullmatch(r"[0-9]{1,4}", text) and int(text) < size else None


# ---------------------------------------------------------------- what the page shows


@dataclass(frozen=True)
class GoalView:
    """A goal tile in play as the page shows it: claimed or not, met by the bonsai as it stands (with the figure
    in words), who else claimed it, and the problems found with it."""

    goal: Goal
    claimed: bool
    met: bool
    figure: str
    others: tuple[str, ...]
    issues: tuple[PlacedIssue, ...]


@dataclass
class TilesView:
    """Everything the page shows of the current player, worked out from one score report."""

    table: Table
    report: ScoreReport
    current: int
    pot: PotView | None = None
    problems: list[tuple[int, Cell, list[str]]] = field(default_factory=list)
    goals: list[GoalView] = field(default_factory=list)
    extra_goals: list[tuple[int, str, list[PlacedIssue]]] = field(default_factory=list)
    card_issues: list[PlacedIssue] = field(default_factory=list)
    player_issues: list[PlacedIssue] = field(default_factory=list)
    table_issues: list[PlacedIssue] = field(default_factory=list)
    counts: dict[int, int] = field(default_factory=dict)

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.table.players]


def tiles_view(table: Table, current: int) -> TilesView:
    """Score the table once and place every issue: a tile's on its cell (numbered), a goal's beside it, the cards'
    under the counters, the rest above."""
    report = score(table)
    view = TilesView(table, report, current)
    names = view.names
    player = table.players[current]
    by_key: dict[str, list[PlacedIssue]] = defaultdict(list)
    counts: dict[int, int] = defaultdict(int)
    for item in place_issues(report.issues, names, BONSAI):
        if item.player is None:
            view.table_issues.append(item)
            continue
        counts[item.player] += 1
        if item.player == current:
            by_key[item.key].append(item)
    view.counts = dict(counts)
    if not isinstance(player, DetailedPlayer):
        view.player_issues = [i for items in by_key.values() for i in items]
        return view
    marks: dict[Cell, list[str]] = {}
    for key, items in by_key.items():
        k = _path_index(key, "tiles")
        if k is not None and k < len(player.tiles):
            marks.setdefault(player.tiles[k].at, []).extend(i.issue.message for i in items)
        elif key.startswith("cards"):
            view.card_issues += items
        elif _path_index(key, "goals") is None:
            view.player_issues += items
    view.problems = [(n, cell, messages) for n, (cell, messages) in enumerate(marks.items(), start=1)]
    view.pot = pot_view(player, {cell: (n, tuple(messages)) for n, cell, messages in view.problems})
    tree = report.players[current].detail
    assert isinstance(tree, Tree)
    in_play = goals_in_play(table)
    for goal in in_play:
        ks = [k for k, g in enumerate(player.goals) if g == goal.id]
        others = tuple(p.name for i, p in enumerate(table.players) if i != current and _claims(p, goal.id))
        issues = tuple(i for k in ks for i in by_key.get(f"goals[{k}]", []))
        view.goals.append(GoalView(goal, bool(ks), is_met(goal, tree), figure_text(goal, tree), others, issues))
    ids = {g.id for g in in_play}
    cat = catalogue()
    for k, goal_id in enumerate(player.goals):
        if goal_id not in ids:
            known = cat.goals.get(goal_id)
            view.extra_goals.append((k, _(known.name) if known else goal_id, by_key.get(f"goals[{k}]", [])))
    return view


def _claims(player: Any, goal_id: str) -> bool:
    return not isinstance(player.goals, int) and goal_id in player.goals


def _path_index(key: str, head: str) -> int | None:
    match = re.fullmatch(rf"{head}\[([0-9]{{1,6}})\]", key)
    return int(match.group(1)) if match else None


def render_tiles(
    doc: dict[str, Any],
    current: int,
    form: Any = None,
    status: int = 200,
    message: str | None = None,
) -> tuple[str, int]:
    """The tile-by-tile page for player ``current`` of the game in ``doc``."""
    table = parse_table(doc)
    if form is None:
        form = tiles_form_for(table)(formdata=None, data=form_data(doc, table, current))
    view = tiles_view(table, current)
    body = render_template(
        "bonsai/tiles.html",
        form=form,
        view=view,
        player=table.players[current],
        detailed=isinstance(table.players[current], DetailedPlayer),
        counters=COUNTERS,
        message=message,
    )
    return body, status


def live_parts(doc: dict[str, Any], current: int) -> dict[str, Any]:
    """What the page's script redraws after a change, drawn by the page's own macros: the pot and its marks, the
    goals' state, the problems beside the cards and above, each player's points; and the document as the server
    read it (the counters written in)."""
    table = parse_table(doc)
    view = tiles_view(table, current)

    def part(name: str, *args: Any) -> str:
        return str(Markup(get_template_attribute(PARTS, name)(*args)))

    return {
        "table": dump(doc),
        "pot": part("pot_area", view) if view.pot else "",
        "problems": part("problems", view),
        "goals": {g.goal.id: part("goal_state", g) for g in view.goals},
        "cards": part("issues", view.card_issues),
        "player": part("issues", view.player_issues),
        "all": part("issues", view.table_issues),
        "tabs": [part("tab_info", view, i) for i in range(len(table.players))],
        "points": part("points", view),
    }


__all__ = [
    "CYCLE",
    "GoalView",
    "Refused",
    "TilesView",
    "apply_action",
    "clear_cell",
    "cycle_cell",
    "fields_ok",
    "form_data",
    "goals_in_play",
    "live_parts",
    "merge_player",
    "next_kind",
    "render_tiles",
    "tiles_form_for",
    "tiles_view",
]
