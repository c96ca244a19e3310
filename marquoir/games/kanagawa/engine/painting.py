"""The painting rules of Kanagawa, written once: brushes on Studio icons, moves, and painting a Print card.

Seed 000, "Expand your Print":

* *Place a Brush in your Studio*: a brush not yet placed (a starting brush or a new one) goes, at any point of the
  turn, on an empty landscape icon of the Studio.
* *Move a brush*: a brush on an icon moves to a different, empty icon; each move uses one arrow symbol, and each
  arrow is used once per round (the Starting tile's arrow included: ``data/SOURCES.md``, "Facts for the rules engine").
* A Print card needs its count of brushes standing on Studio icons of its landscape; a joker icon serves any
  landscape (Kanagawa French rules, "Règles maison"; ``data/SOURCES.md``, columns of ``kanagawa-cards.csv``).
* The golden rules: each landscape icon holds one brush; each brush paints one landscape per round (before or
  after it moves); each landscape icon is used once per round.

Both the rules engine (:mod:`~marquoir.games.kanagawa.engine.rules`) and the reachability checker
(:mod:`~marquoir.games.kanagawa.reach`) use only these functions, so the two never disagree about what a brush may do.

Icons are numbered in Studio order: icon 0 is the Starting tile's landscape, then each Studio card that shows a
landscape, in the order the cards were added. A :class:`Brushes` value records, as bit masks over icon numbers,
where the brushes stand and what has been used this round.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import NamedTuple

from marquoir.errors import RuleError
from marquoir.games.kanagawa.catalogue import Paint
from marquoir.games.kanagawa.vocabulary import JOKER

#: Rule names, as :class:`~marquoir.errors.RuleError` reports them (Kanagawa rules, "Expand your Print").
ONE_BRUSH_PER_ICON = "one brush per landscape icon (Kanagawa rules, golden rules)"
PAINTS_ONCE = "each brush paints one landscape per round (Kanagawa rules, golden rules)"
ICON_ONCE = "each landscape icon is used once per round (Kanagawa rules, 'Expand your Print')"
ARROW_ONCE = "each arrow is used once per round to move one brush (Kanagawa rules, 'Move a brush')"
NEEDS_BRUSHES = (
    "a Print card needs its count of brushes on icons of its landscape (Kanagawa rules, 'Expand your Print')"
)
PLACE_RULE = (
    "a new brush goes on an empty landscape icon of the Studio (Kanagawa rules, 'Place a Brush in your Studio')"
)


def serves(icon: str, landscape: str) -> bool:
    """Whether a Studio icon can serve a Print card of ``landscape``: the same landscape, or a joker icon."""
    return icon in (landscape, JOKER)


class Brushes(NamedTuple):
    """One player's brushes: ``placed`` icons holding a brush, ``painted`` icons whose brush has painted this round
    (a subset of ``placed``: the mark moves with the brush), ``served`` icons used this round, ``free`` brushes
    owned and not yet placed, ``moves`` arrows used this round. (A named tuple: immutable, and quick to make and
    compare, which the reachability search does millions of times.)"""

    placed: int = 0
    painted: int = 0
    served: int = 0
    free: int = 2
    moves: int = 0

    def new_round(self) -> Brushes:
        """A new round: every brush may paint again, every icon serve again, every arrow be used again."""
        return Brushes(self.placed, 0, 0, self.free, 0)

    def gain(self, count: int = 1) -> Brushes:
        """New brushes from the reserve (a brush icon, a Diploma's bonus): not yet placed."""
        return Brushes(self.placed, self.painted, self.served, self.free + count, self.moves)

    @property
    def owned(self) -> int:
        return self.free + self.placed.bit_count()

    def icons_with_brush(self) -> Iterator[int]:
        mask, index = self.placed, 0
        while mask:
            if mask & 1:
                yield index
            mask >>= 1
            index += 1


def place_problem(brushes: Brushes, icons: Sequence[str], at: int) -> str | None:
    """Why a free brush cannot go on icon ``at`` now, or ``None``."""
    if brushes.free <= 0:
        return f"no brush left to place ({PLACE_RULE})"
    if not 0 <= at < len(icons):
        return f"the Studio has no landscape icon {at} ({PLACE_RULE})"
    if brushes.placed >> at & 1:
        return f"icon {at} already holds a brush ({ONE_BRUSH_PER_ICON})"
    return None


def place(brushes: Brushes, icons: Sequence[str], at: int) -> Brushes:
    """Place a free brush on the empty icon ``at`` (raises :class:`RuleError` naming the rule)."""
    problem = place_problem(brushes, icons, at)
    if problem:
        raise RuleError(ONE_BRUSH_PER_ICON if "already holds" in problem else PLACE_RULE, problem)
    bit = 1 << at
    return Brushes(brushes.placed | bit, brushes.painted, brushes.served, brushes.free - 1, brushes.moves)


def move_problem(brushes: Brushes, icons: Sequence[str], arrows: int, source: int, target: int) -> str | None:
    """Why the brush on ``source`` cannot move to ``target`` now, or ``None``."""
    if brushes.moves >= arrows:
        return f"all {arrows} arrow(s) are used this round ({ARROW_ONCE})"
    if not (0 <= source < len(icons) and 0 <= target < len(icons)):
        return "the Studio has no such landscape icon"
    if not brushes.placed >> source & 1:
        return f"no brush stands on icon {source}"
    if source == target:
        return "a brush moves to a different icon"
    if brushes.placed >> target & 1:
        return f"icon {target} already holds a brush ({ONE_BRUSH_PER_ICON})"
    return None


def move(brushes: Brushes, icons: Sequence[str], arrows: int, source: int, target: int) -> Brushes:
    """Move the brush on ``source`` to the empty icon ``target`` with one arrow; the brush keeps its mark of having
    painted this round (it paints once per round, before or after it moves)."""
    problem = move_problem(brushes, icons, arrows, source, target)
    if problem:
        rule = ARROW_ONCE if "arrow" in problem else ONE_BRUSH_PER_ICON
        raise RuleError(rule, problem)
    src, dst = 1 << source, 1 << target
    painted = brushes.painted
    if painted & src:
        painted = (painted & ~src) | dst
    return Brushes((brushes.placed & ~src) | dst, painted, brushes.served, brushes.free, brushes.moves + 1)


def paint_problem(brushes: Brushes, icons: Sequence[str], paint: Paint, at: Sequence[int]) -> str | None:
    """Why the brushes on icons ``at`` cannot paint a card needing ``paint`` now, or ``None``."""
    if len(at) != paint.brushes or len(set(at)) != len(at):
        return f"the card needs {paint.brushes} brush(es) on {paint.landscape}, {len(set(at))} given ({NEEDS_BRUSHES})"
    for index in at:
        if not 0 <= index < len(icons):
            return f"the Studio has no landscape icon {index}"
        if not serves(icons[index], paint.landscape):
            return f"icon {index} shows {icons[index]}, not {paint.landscape} ({NEEDS_BRUSHES})"
        if not brushes.placed >> index & 1:
            return f"no brush stands on icon {index} ({NEEDS_BRUSHES})"
        if brushes.painted >> index & 1:
            return f"the brush on icon {index} has already painted this round ({PAINTS_ONCE})"
        if brushes.served >> index & 1:
            return f"icon {index} has already been used this round ({ICON_ONCE})"
    return None


def paint(brushes: Brushes, icons: Sequence[str], paint: Paint, at: Sequence[int]) -> Brushes:
    """Paint with the brushes on icons ``at``: each brush is marked as having painted, each icon as used."""
    problem = paint_problem(brushes, icons, paint, at)
    if problem:
        rule = PAINTS_ONCE if PAINTS_ONCE in problem else ICON_ONCE if ICON_ONCE in problem else NEEDS_BRUSHES
        raise RuleError(rule, problem)
    mask = 0
    for index in at:
        mask |= 1 << index
    return Brushes(brushes.placed, brushes.painted | mask, brushes.served | mask, brushes.free, brushes.moves)


def ready_icons(brushes: Brushes, icons: Sequence[str], landscape: str) -> list[int]:
    """Icons serving ``landscape`` that hold a brush able to paint now and have not been used this round."""
    busy = brushes.painted | brushes.served
    return [
        i
        for i, icon in enumerate(icons)
        if brushes.placed >> i & 1 and not busy >> i & 1 and serves(icon, landscape)
    ]


def paint_choices(brushes: Brushes, icons: Sequence[str], paint: Paint) -> list[tuple[int, ...]]:
    """Every set of icons whose brushes can paint a card needing ``paint`` right now (without moving or placing)."""
    return list(combinations(ready_icons(brushes, icons, paint.landscape), paint.brushes))


def paint_with_placing(
    brushes: Brushes, icons: Sequence[str], need: Paint
) -> Iterator[tuple[tuple[int, ...], Brushes]]:
    """Every way to paint a card needing ``need`` now, placing free brushes on empty icons when needed: yields the
    icons used and the brushes after painting. Placing a free brush only at the moment it paints loses nothing
    (a free brush may be placed at any point of the turn, a placed one only moves with an arrow)."""
    ready = ready_icons(brushes, icons, need.landscape)
    empty = (
        [
            i
            for i, icon in enumerate(icons)
            if not brushes.placed >> i & 1 and not brushes.served >> i & 1 and serves(icon, need.landscape)
        ]
        if brushes.free
        else []
    )
    for chosen in combinations(sorted(ready + empty), need.brushes):
        new = [i for i in chosen if not brushes.placed >> i & 1]
        if len(new) > brushes.free:
            continue
        state = brushes
        for index in new:
            state = place(state, icons, index)
        yield chosen, paint(state, icons, need, chosen)


# ----------------------------------------------------------------------------------------------- bit-mask forms
# The same rules on bit masks, for searches that try many brush states (the reachability checker). Each function
# gives exactly what its counterpart above gives (tests/engine/test_engine_painting.py checks this on random
# Studios); they skip the checks whose answers the masks already settle.


def serving_mask(icons: Sequence[str], landscape: str) -> int:
    """The icons (as a bit mask) that can serve a Print card of ``landscape``: see :func:`serves`."""
    mask = 0
    for index, icon in enumerate(icons):
        if icon in (landscape, JOKER):
            mask |= 1 << index
    return mask


def paint_ways(brushes: Brushes, serving: int, count: int) -> list[tuple[tuple[int, ...], Brushes]]:
    """:func:`paint_with_placing` for a card needing ``count`` brushes on the icons ``serving`` (a mask, see
    :func:`serving_mask`): every set of icons that can paint it now, placing free brushes on empty icons when needed,
    with the brushes after painting. Ready icons hold a brush that has not painted on an icon not yet used; empty
    icons hold no brush and have not been used (the golden rules)."""
    placed, painted, served, free = brushes.placed, brushes.painted, brushes.served, brushes.free
    candidates = serving & ~served & ~painted
    if not free:
        candidates &= placed
    icons: list[int] = []
    index = 0
    while candidates:
        if candidates & 1:
            icons.append(index)
        candidates >>= 1
        index += 1
    if len(icons) < count:
        return []
    ways: list[tuple[tuple[int, ...], Brushes]] = []
    moves = brushes.moves
    if count == 1:
        for index in icons:
            bit = 1 << index
            if placed & bit:
                ways.append(((index,), Brushes(placed, painted | bit, served | bit, free, moves)))
            else:
                ways.append(((index,), Brushes(placed | bit, painted | bit, served | bit, free - 1, moves)))
        return ways
    for chosen in combinations(icons, count):
        mask = 0
        for index in chosen:
            mask |= 1 << index
        new = (mask & ~placed).bit_count()
        if new > free:
            continue
        ways.append((chosen, Brushes(placed | mask, painted | mask, served | mask, free - new, moves)))
    return ways


def moves_between(brushes: Brushes, arrows: int, sources: int, targets: int) -> list[tuple[int, int, Brushes]]:
    """:func:`move` for every brush on an icon of ``sources`` to every empty icon of ``targets`` (masks of icons
    that exist): ``(source, target, brushes after)``, sources then targets in icon order; none once the arrows of
    the round are used. The brush keeps its mark of having painted this round."""
    placed = brushes.placed
    if brushes.moves >= arrows:
        return []
    sources &= placed
    targets &= ~placed
    if not sources or not targets:
        return []
    target_list: list[int] = []
    index = 0
    mask = targets
    while mask:
        if mask & 1:
            target_list.append(index)
        mask >>= 1
        index += 1
    painted, served, free, moves = brushes.painted, brushes.served, brushes.free, brushes.moves + 1
    out: list[tuple[int, int, Brushes]] = []
    source = 0
    while sources:
        if sources & 1:
            src = 1 << source
            had = painted & src
            for target in target_list:
                dst = 1 << target
                out.append((source, target, Brushes(
                    (placed & ~src) | dst, (painted & ~src) | dst if had else painted, served, free, moves
                )))
        sources >>= 1
        source += 1
    return out
