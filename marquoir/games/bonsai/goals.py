"""Whether a bonsai meets a goal tile: the deciding figure and the words behind it (``data/goals.csv``;
``data/SOURCES.md``, decision 7). This is the one place the goals' requirements are written: the scoring's
explanations, the check (``GOAL_UNMET``) and the solo levels all ask here.
"""

from __future__ import annotations

from collections.abc import Iterable

from marquoir.games.bonsai.catalogue import Goal
from marquoir.games.bonsai.geometry import crack_side, other_side
from marquoir.games.bonsai.table import SheetPlayer
from marquoir.games.bonsai.tree import Tree
from marquoir.games.bonsai.vocabulary import FRUIT, WOOD
from marquoir.games.bonsai.words import by_count, place_text, tiles_text
from marquoir.i18n import _, ngettext


def goal_figure(goal: Goal, tree: Tree) -> int:
    """The figure ``goal`` asks about in ``tree``, to compare with its threshold (decision 7): wood tiles with the
    trunk (brown), the largest group of leaves (green), fruits (orange), flowers sticking out on the side with the
    most (pink); for cyan, tiles sticking out on the gold crack's side (small), sides with tiles sticking out
    (medium), and 2 when a tile sticks out high on one side and another low on the other side (large)."""
    colour = goal.colour
    if colour == "brown":
        return tree.counts[WOOD]
    if colour == "green":
        return len(tree.leaf_group)
    if colour == "orange":
        return tree.counts[FRUIT]
    if colour == "pink":
        return max(tree.flowers_out.on("left"), tree.flowers_out.on("right"))
    out = tree.tiles_out
    if goal.size == "small":
        return out.on(crack_side(tree.player.flipped))
    if goal.size == "medium":
        return (out.on("left") > 0) + (out.on("right") > 0)
    return max((out.high(side) > 0) + (out.low(other_side(side)) > 0) for side in ("left", "right"))


def is_met(goal: Goal, tree: Tree) -> bool:
    """Whether ``tree`` meets ``goal``, at its threshold or beyond (« Remplir un objectif »)."""
    return goal_figure(goal, tree) >= goal.threshold


def figure_text(goal: Goal, tree: Tree) -> str:
    """What ``tree`` shows for ``goal``, in words ("largest group of leaves: 2 — half a cell right of the trunk,
    1 row up · 2 rows above the trunk", each place as :func:`~marquoir.games.bonsai.words.place_text` says it)."""
    colour = goal.colour
    if colour == "brown":
        return tiles_text(WOOD, tree.counts[WOOD])
    if colour == "green":
        if not tree.leaf_group:
            return _("no leaf")
        return _("largest group of leaves: {count} — {cells}").format(
            count=len(tree.leaf_group), cells=" · ".join(place_text(c, tree.trunk) for c in tree.leaf_group)
        )
    if colour == "orange":
        return tiles_text(FRUIT, tree.counts[FRUIT])
    if colour == "pink":
        out = tree.flowers_out
        return _("flowers sticking out: {left} on the left, {right} on the right").format(
            left=out.on("left"), right=out.on("right")
        )
    out = tree.tiles_out
    if goal.size == "small":
        text = (
            _("tiles sticking out on the left, the gold crack's side: {count}")
            if crack_side(tree.player.flipped) == "left"
            else _("tiles sticking out on the right, the gold crack's side: {count}")
        )
        return text.format(count=goal_figure(goal, tree))
    if goal.size == "medium":
        return _("tiles sticking out: {left} on the left, {right} on the right").format(
            left=out.on("left"), right=out.on("right")
        )
    return _(
        "tiles sticking out high: {left_high} on the left, {right_high} on the right; "
        "low: {left_low} on the left, {right_low} on the right"
    ).format(left_high=out.left_high, right_high=out.right_high, left_low=out.left_low, right_low=out.right_low)


def sheet_figure(goal: Goal, player: SheetPlayer) -> int | None:
    """The most a sheet's figures allow for ``goal``: its fruits for orange, its leaves for green (no group of
    leaves is larger than all of them); ``None`` when the sheet cannot tell (decision 13)."""
    if goal.colour == "orange":
        return player.fruits
    if goal.colour == "green":
        return player.leaves
    return None


def sheet_figure_text(goal: Goal, player: SheetPlayer) -> str:
    """What the sheet shows for ``goal``, in words (only for goals :func:`sheet_figure` can tell)."""
    if goal.colour == "orange":
        return by_count(
            player.fruits, ngettext("the sheet has {count} fruit", "the sheet has {count} fruits", player.fruits)
        )
    return by_count(
        player.leaves,
        ngettext("the sheet has {count} leaf in all", "the sheet has {count} leaves in all", player.leaves),
    )


def fewest_goals_for(points: int, goals: Iterable[Goal]) -> int | None:
    """The fewest goal tiles, at most one per colour, whose points add up to ``points``; ``None`` when no choice of
    ``goals`` does (decisions 11 and 13)."""
    by_colour: dict[str, list[int]] = {}
    for goal in goals:
        by_colour.setdefault(goal.colour, []).append(goal.points)
    fewest = {0: 0}  # sum → fewest tiles
    for values in by_colour.values():
        step = dict(fewest)
        for total, tiles in fewest.items():
            for value in values:
                new = total + value
                if tiles + 1 < step.get(new, tiles + 2):
                    step[new] = tiles + 1
        fewest = step
    return fewest.get(points)
