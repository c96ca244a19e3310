"""End-of-game scoring of Bonsai, each figure explained, and its ranking (« Fin de la partie »).

Tiles in the bonsai: wood 0, each leaf 3, each flower 1 per side touching no tile (the pot's sides are free, the
trunk is a tile), each fruit 7; then the Parchments and the goal tiles held (``data/SOURCES.md``, decisions 3–6).
A player entered from the sheet scores its figures. Ties go to the player farthest from the first player in turn
order, so no place is shared (decision 10); a solo table reports the levels reached (decision 11).

This module is the only scoring there is: :func:`score` works each tree out once and hands it to the legality pass
of the same report.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from itertools import pairwise

from marquoir.core.report import PlayerScore, ScoreReport
from marquoir.games.bonsai.catalogue import Catalogue, Goal, catalogue
from marquoir.games.bonsai.goals import fewest_goals_for, figure_text, is_met
from marquoir.games.bonsai.legality import iter_issues
from marquoir.games.bonsai.table import Player, SheetPlayer, Table
from marquoir.games.bonsai.tree import Tree, trees_of
from marquoir.games.bonsai.vocabulary import (
    CATEGORY_LABELS,
    FRUIT,
    FRUIT_POINTS,
    LEAF,
    LEAF_POINTS,
    PARCHMENT_NAMES,
    SOLO_GOALS,
    SOLO_LEVEL_POINTS,
)
from marquoir.games.bonsai.words import by_count, counted_text, items_text, place_text
from marquoir.i18n import _, ngettext

#: The sheet's rows (the game's one label map: :data:`~marquoir.games.bonsai.vocabulary.CATEGORY_LABELS`).
CATEGORY_NAMES = CATEGORY_LABELS


def parchment_counts(tree: Tree) -> tuple[tuple[str, int], ...]:
    """What each Parchment held counts in the bonsai and the player's cards, in the order held (decision 5): wood
    tiles with the trunk, leaves, flowers, fruits, Growth cards played, Helper and Master cards."""
    cards = tree.player.cards
    counted = {
        **tree.counts,
        "growth": len(cards.growth),
        "helper": max(cards.helper, 0),
        "master": max(cards.master, 0),
    }
    return tuple((p, counted[p]) for p in cards.parchments)


def _leaves_text(count: int) -> str:
    if not count:
        return _("no leaf")
    return by_count(count, ngettext("{count} leaf × {each}", "{count} leaves × {each}", count), each=LEAF_POINTS)


def _fruits_text(count: int) -> str:
    if not count:
        return _("no fruit")
    return by_count(count, ngettext("{count} fruit × {each}", "{count} fruits × {each}", count), each=FRUIT_POINTS)


def _goal_text(goal_id: str, goal: Goal | None, cat: Catalogue, tree: Tree | None) -> str:
    """One goal held, in words: its name and points, and what the bonsai shows for it."""
    if goal is None:
        known = cat.goals.get(goal_id)
        shown = _(known.name) if known is not None else repr(goal_id[:40])
        return _("{goal}: 0 (not a goal tile of this game)").format(goal=shown)
    if tree is None:
        return _("{goal}: {points}").format(goal=_(goal.name), points=goal.points)
    text = _("{goal}: {points} — {figure}") if is_met(goal, tree) else _("{goal}: {points} — {figure}; not met")
    return text.format(goal=_(goal.name), points=goal.points, figure=figure_text(goal, tree))


def _goals_text(goal_ids: Sequence[str], in_play: Mapping[str, Goal], cat: Catalogue, tree: Tree | None) -> str:
    parts = [_goal_text(g, in_play.get(g), cat, tree) for g in goal_ids]
    return items_text(parts) if parts else _("no goal")


def _score_detailed(tree: Tree, in_play: Mapping[str, Goal], cat: Catalogue) -> PlayerScore:
    player = tree.player
    parchments = parchment_counts(tree)
    breakdown = {
        "leaves": LEAF_POINTS * tree.counts[LEAF],
        "flowers": tree.flower_points,
        "fruits": FRUIT_POINTS * tree.counts[FRUIT],
        "parchments": sum(cat.parchment_points(p) * n for p, n in parchments),
        "goals": sum(in_play[g].points for g in player.goals if g in in_play),
    }

    def explain() -> dict[str, str]:
        flowers = [
            by_count(
                f.free,
                ngettext("flower ({cell}): {count} free side", "flower ({cell}): {count} free sides", f.free),
                cell=place_text(f.at, tree.trunk),
            )
            for f in tree.flowers
        ]
        parchment_parts = [
            _("{parchment}: {counted} × {each}").format(
                parchment=_(PARCHMENT_NAMES[p]), counted=counted_text(p, n), each=cat.parchment_points(p)
            )
            for p, n in parchments
        ]
        return {
            "leaves": _leaves_text(tree.counts[LEAF]),
            "flowers": items_text(flowers) if flowers else _("no flower"),
            "fruits": _fruits_text(tree.counts[FRUIT]),
            "parchments": items_text(parchment_parts) if parchment_parts else _("no Parchment"),
            "goals": _goals_text(player.goals, in_play, cat, tree),
        }

    return PlayerScore(player.name, breakdown, sum(breakdown.values()), explain, detail=tree)


def _score_sheet(player: SheetPlayer, in_play: Mapping[str, Goal], cat: Catalogue) -> PlayerScore:
    goal_ids = () if isinstance(player.goals, int) else player.goals
    breakdown = {
        "leaves": LEAF_POINTS * player.leaves,
        "flowers": player.flowers,
        "fruits": FRUIT_POINTS * player.fruits,
        "parchments": player.parchments,
        "goals": player.goals
        if isinstance(player.goals, int)
        else sum(in_play[g].points for g in goal_ids if g in in_play),
    }

    def explain() -> dict[str, str]:
        return {
            "leaves": _leaves_text(player.leaves),
            "flowers": _("{points} flower points from the sheet").format(points=player.flowers),
            "fruits": _fruits_text(player.fruits),
            "parchments": _("{points} Parchment points from the sheet").format(points=player.parchments),
            "goals": _("points written on the sheet")
            if isinstance(player.goals, int)
            else _goals_text(goal_ids, in_play, cat, None),
        }

    return PlayerScore(player.name, breakdown, sum(breakdown.values()), explain)


def score_player(player: Player, tree: Tree | None, in_play: Mapping[str, Goal], cat: Catalogue) -> PlayerScore:
    """One player's breakdown and total (rank not yet set); ``tree`` is the detailed player's
    (:func:`~marquoir.games.bonsai.tree.trees_of`), ``in_play`` the goal tiles of the game by id."""
    if isinstance(player, SheetPlayer):
        return _score_sheet(player, in_play, cat)
    assert tree is not None and tree.player is player
    return _score_detailed(tree, in_play, cat)


def turn_order_ranks(totals: Sequence[int]) -> list[int]:
    """Ranks without shared places: higher totals first, and among equal totals the later seat, the farther from
    the first player (« Fin de la partie »; decision 10)."""
    order = sorted(range(len(totals)), key=lambda seat: (-totals[seat], -seat))
    ranks = [0] * len(totals)
    for place, seat in enumerate(order, start=1):
        ranks[seat] = place
    return ranks


def goals_claimed(player: Player, in_play: Mapping[str, Goal]) -> int:
    """How many goal tiles of this game a player holds (decision 11): the distinct ids, or for goal points written on
    a sheet the fewest tiles that make those points (0 when none do)."""
    if isinstance(player.goals, int):
        fewest = fewest_goals_for(player.goals, in_play.values())
        return fewest if fewest is not None else 0
    return len({g for g in player.goals if g in in_play})


def solo_levels(total: int, goals: int) -> tuple[int, ...]:
    """The solo levels (1 to 5) a score reaches: 60, 80, 100, 120, 140 points, with 3 goals or more (official
    rules; decision 11)."""
    if goals < SOLO_GOALS:
        return ()
    return tuple(level for level, points in enumerate(SOLO_LEVEL_POINTS, start=1) if total >= points)


def _tie_notes(ranked: Sequence[PlayerScore]) -> Iterator[str]:
    """One sentence for each pair of tied players next to each other in the ranking (decision 10)."""
    by_rank = sorted(ranked, key=lambda s: s.rank)
    for ahead, behind in pairwise(by_rank):
        if ahead.total != behind.total:
            continue
        if ahead.rank == 1:
            yield _("{ahead} wins the tie with {behind}: farther from the first player").format(
                ahead=ahead.name, behind=behind.name
            )
        else:
            yield _("{ahead} ranks ahead of {behind}, both on {total} points: farther from the first player").format(
                ahead=ahead.name, behind=behind.name, total=ahead.total
            )


def _solo_note(player: PlayerScore, goals: int, levels: Sequence[int]) -> str:
    if levels:
        return _("{name} wins the solo game up to level {level} ({total} points, {goals} goals)").format(
            name=player.name, level=levels[-1], total=player.total, goals=goals
        )
    if goals < SOLO_GOALS:
        return by_count(
            goals,
            ngettext(
                "{name} does not win the solo game: {count} goal of the 3 needed",
                "{name} does not win the solo game: {count} goals of the 3 needed",
                goals,
            ),
            name=player.name,
        )
    return _("{name} does not win the solo game: {total} points, 60 needed for level 1").format(
        name=player.name, total=player.total
    )


def score(table: Table, cat: Catalogue | None = None) -> ScoreReport:
    """Score every player of ``table``; the report carries the legality issues (a table with issues is still
    scored), found by the legality pass over the same trees."""
    cat = cat or catalogue()
    trees = trees_of(table)
    in_play = {g.id: g for g in cat.goals_in_play(table.goals, len(table.players))}
    scores = [score_player(p, t, in_play, cat) for p, t in zip(table.players, trees, strict=True)]
    totals = [s.total for s in scores]
    shared = Counter(totals)
    ranked = tuple(
        s._replace(rank=rank, explained={}, extra={"tie_break": shared[s.total] > 1})
        for s, rank in zip(scores, turn_order_ranks(totals), strict=True)
    )
    extra: dict[str, object] = {}
    winners: tuple[str, ...]
    solo: tuple[PlayerScore, int, tuple[int, ...]] | None = None
    if len(ranked) == 1:
        goals = goals_claimed(table.players[0], in_play)
        levels = solo_levels(ranked[0].total, goals)
        solo = (ranked[0], goals, levels)
        extra["solo_levels"] = list(levels)
        winners = (ranked[0].name,) if levels else ()
    else:
        winners = tuple(s.name for s in ranked if s.rank == 1)

    def write_notes() -> Iterator[str]:
        yield from _tie_notes(ranked)
        if solo is not None:
            yield _solo_note(*solo)

    return ScoreReport(
        ranked,
        winners,
        table,
        lambda: iter_issues(table, trees, cat),
        table.game,
        extra=extra,
        write_notes=write_notes,
    )


__all__ = [
    "CATEGORY_NAMES",
    "goals_claimed",
    "parchment_counts",
    "score",
    "score_player",
    "solo_levels",
    "turn_order_ranks",
]
