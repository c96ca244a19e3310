"""The search for one player: could the player's Print and Studio be laid in their order in a given number of
rounds, a column of 1 to 3 cards a round (fewer only in the last round of a game whose deck ran out)?

A round is explored state by state (:meth:`Search.explore`): the micro-state is the cards laid and held, the cards
taken this round and the brushes (:class:`~marquoir.games.kanagawa.engine.painting.Brushes`, on bit masks); its
steps are the plays of Kanagawa rules, "Continue your work": "Improve your Studio" with the next Studio card, "Expand
your Print" with the next Print card, and moving a brush with an arrow ("Move a brush"). Rounds chain through
:meth:`Search.solve`, memoised across numbers of rounds.

The full search is exhaustive up to exact reductions: the brushes' symmetries and the icons worth a move of
:mod:`~marquoir.games.kanagawa.reach.player`, and here:

* a brush not yet placed is placed only at the moment it paints (there is no step that places one: the paints of
  :func:`~marquoir.games.kanagawa.engine.painting.paint_ways` take free brushes): a free brush may go on an empty
  icon at any point of the turn, a placed one moves only with an arrow (Kanagawa rules, "Expand your Print": "Place
  a Brush in your Studio", "Move a brush"), so keeping it free loses nothing. More generally, fewer brushes placed
  is never worse: a player with its brushes on a subset of another's icons, the same cards laid and held, can play
  every later round the other plays (a paint puts free brushes where the other's stood; a move of a brush it keeps
  free is not needed), and the School board, the Assistant and the tokens see only the cards
  (``tests/engine/test_reach_dominance.py`` checks it on the rounds of real games). Dropping the ends of a round
  that another end dominates this way is exact too, but measured slower (950 derived tables: a CPU mean of 19.2–19.8
  ms against 15.8–18.6 ms without; no undecided table decided): the ends it keeps share fewer memoised rounds;
* cards kept in hand are, within the Print and within the Studio, the earliest ones not yet laid (holding an
  earlier card instead of a later one never needs more takes or more keep icons), and the kept cards of the final
  table are interchangeable (:func:`_keeps`; one card kept from round to round per keep icon, Kanagawa rules,
  "Continue your work", exception);
* the ends of a round from a micro-state depend only on the cards, the brushes' places and the arrows left, so they
  are listed once per such situation;
* a round is explored once for every number of cards (0 to 3) and its ends filtered by the cards taken
  (:meth:`Search.round_ends`): the cards taken only grow along a round, so the ends under a tighter cap are exactly
  those whose count of cards taken lies within it;
* before the last round, states with 11 painted cards are not explored: the game would end after that round
  (Kanagawa rules, "End of the Game"; data/SOURCES.md decision 12).

A faster *reduced* search (``reduced=True``) runs first and settles most tables: in each round it lays the Studio
cards first (a Studio card only ever adds icons, arrows, brushes and keep icons, so laying it earlier in the round
loses nothing), moves brushes before a paint only towards the card about to be painted, and counts the moves made
once the painting is over as relocations at the end of the round (:meth:`PreparedPlayer.relocations
<marquoir.games.kanagawa.reach.player.PreparedPlayer.relocations>`). A table it cannot build is searched again in
full before any verdict other than *reachable* (:mod:`~marquoir.games.kanagawa.reach.explain`).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import marquoir.games.kanagawa.engine.painting as painting
from marquoir.games.kanagawa.engine.painting import Brushes
from marquoir.games.kanagawa.reach.clock import check
from marquoir.games.kanagawa.reach.player import PreparedPlayer, Relocation
from marquoir.games.kanagawa.vocabulary import COLUMN_CARDS, END_PRINT_CARDS
from marquoir.i18n import _, ngettext

#: A column has at most 3 cards: the School board has 3 rows (Kanagawa rules, "New Lesson").
MAX_TAKE = COLUMN_CARDS

# A round's micro-state: (i, j, hp, hs, hk, taken, brushes, phase) — Print and Studio cards laid, Print/Studio/kept
# cards held in hand (the earliest ones, see the module docstring), cards taken this round, brushes, and the phase
# of the reduced search (0 Studio cards, 1 paints, 2 moves for later rounds; the full search stays in phase 0).
Micro = tuple[int, int, int, int, int, int, Brushes, int]
# The start of a round: (i, j, hp, hs, hk, icons holding a brush), the mask in canonical form (PreparedPlayer.canon).
Start = tuple[int, int, int, int, int, int]
# A step of a witness as the search records it, before it is made a Step: (kind, data...).
RawStep = tuple[Any, ...]
# Where a round's micro-states come from, for a witness: each state's parent and the step between them.
Parents = dict[Micro, tuple[Micro | None, RawStep | None]]


class OverBudget(Exception):
    """A quick pass of the joint search used up its budget of states (its ``None`` then proves nothing)."""


@lru_cache(maxsize=4096)
def _keeps(free_p: int, free_s: int, free_k: int, room: int, left: int, least: int) -> tuple[tuple[int, int, int], ...]:
    """The cards newly kept at the end of a round, ``(Print, Studio, kept)``: at most the cards not yet laid or held
    of each kind, ``room`` keep icons free, ``left`` cards more to take this round, at least ``least`` of them."""
    return tuple(
        (x1, x2, x3)
        for x1 in range(min(free_p, room, left) + 1)
        for x2 in range(min(free_s, room - x1, left - x1) + 1)
        for x3 in range(min(free_k, room - x1 - x2, left - x1 - x2) + 1)
        if x1 + x2 + x3 >= least
    )


@dataclass
class Search:
    """The search for one player, for a given ending (deck out or not) and a cap on the cards taken a round;
    memoised across numbers of rounds. Icons of one landscape are interchangeable at the start of a round, and so
    are icons of one landscape in the same state within a round: states equal up to that symmetry are explored once
    (an exact reduction: their futures are the same up to renaming the icons). A round is explored once for every
    number of cards (0 to 3, :meth:`round_ends`): a round's ends under ``cap`` and ``min_take`` are exactly its ends
    whose cards taken (fixed by the start and the end: the progress counts include the hand) lie within them, since
    the cards taken only grow along a round."""

    p: PreparedPlayer
    deck_end: bool
    deadline: float
    cap: int = MAX_TAKE
    min_take: int = 1
    reduced: bool = True
    rounds_cache: dict[tuple[Start, bool], list[Start]] = field(default_factory=dict)
    #: Every end of a round from a start, with the cards taken, most progress first (1 to 3 cards, none allowed).
    ends_cache: dict[tuple[Start, bool], list[tuple[Start, int]]] = field(default_factory=dict)
    memo: dict[tuple[Start, int], bool] = field(default_factory=dict)
    best: tuple[int, int] = (0, 0)
    eleven_cut: bool = False
    nodes: int = 0
    #: Explore no more states than this (a quick pass of the joint search): :class:`OverBudget` past it. Every
    #: cache is filled only with what was found in full, so a search stopped this way can be asked again.
    node_limit: int | None = None

    def _key(self, micro: Micro) -> tuple[Any, ...]:
        """The micro-state up to the symmetry of same-landscape icons: how many icons of each landscape group are
        in each state (see :meth:`PreparedPlayer.kinds`), so that which icon of a group it is does not count. The
        brushes not yet placed follow from the cards laid and the brushes placed."""
        i, j, hp, hs, hk, taken, b, phase = micro
        return (i, j, hp, hs, hk, taken, b.moves, phase, self.p.kinds(j, b.placed, b.painted, b.served)[0])

    def explore(
        self,
        start: Start,
        last: bool,
        parents: Parents | None,
        stop_at: Start | None = None,
        every: bool = False,
        cut: bool = False,
    ) -> dict[Start, tuple[Micro, tuple[int, int, int], Relocation]]:
        """Every distinct end of one round from ``start`` (up to symmetry): the next round's start, with the
        micro-state it ends from and the cards kept at the end. ``parents`` (when given) records the steps;
        ``stop_at``: stop as soon as that end is found; ``every``: any number of cards up to 3 (see :meth:`round_ends`).
        ``cut``: a round before the last, so states with 11 painted cards are not explored: painted cards only grow
        within a round, so they could only end it with 11 or more, and the game would end after it (Kanagawa rules,
        "End of the Game"; data/SOURCES.md decision 12); :meth:`solve` would set such ends aside, and they are noted
        as it notes them (for the reason given when no build exists)."""
        p = self.p
        i0, j0, hp0, hs0, hk0, placed0 = start
        brushes0 = Brushes(placed0, 0, 0, p.brushes_at(i0, j0) - placed0.bit_count(), 0)
        first: Micro = (i0, j0, hp0, hs0, hk0, 0, brushes0, 0)
        seen = {self._key(first)}
        if parents is not None:
            parents[first] = (None, None)
        # Depth first for the search; breadth first for a witness, so that it takes the fewest steps.
        stack: deque[Micro] = deque([first])
        take_next = stack.pop if parents is None else stack.popleft
        outcomes: dict[Start, tuple[Micro, tuple[int, int, int], Relocation]] = {}
        ended: set[tuple[int, ...]] = set()
        min_take = 0 if every or (last and self.deck_end) else self.min_take
        cap = MAX_TAKE if every else self.cap
        reduced = self.reduced
        # Reduced search: Studio cards first, then paints with the moves they need, then moves for later rounds
        # (phases 0, 1, 2; see the module docstring). The full search keeps phase 0 throughout.
        painting_phase = 1 if reduced else 0
        n, m, kept = p.n, p.m, p.kept
        brush_table, arrows_at, keep_at, size_at = p.brush_table, p.arrows_at, p.keep_at, p.size_at
        useful_at, serving_next, needs_at = p.useful_at, p.serving_next, p.needs_at
        key_of = self._key
        paint_ways, moves_between = painting.paint_ways, painting.moves_between
        witness = parents is not None  # the steps are recorded only for a witness
        # Looking for one end: Print and Studio cards laid and held only grow in a round, so states past the end's
        # cannot lead to it, and only states with its cards laid can end there (the path found is the same).
        ti, tj, thp, ths, thk = stop_at[:5] if stop_at is not None else (n, m, n, m, kept)
        while stack:
            self.nodes += 1
            if self.nodes & 1023 == 0:
                check(self.deadline)
            if self.node_limit is not None and self.nodes > self.node_limit:
                raise OverBudget
            micro = take_next()
            i, j, hp, hs, hk, taken, brushes, phase = micro
            children: list[tuple[Micro, RawStep | None]] = []
            owned = brush_table[i]
            # Improve the Studio with the next Studio card (from hand, or taken now).
            if phase == 0 and j < m and (hs > 0 or taken < cap):
                gained = owned[j + 1] - owned[j]
                nb = brushes.gain(gained) if gained else brushes
                children.append(((i, j + 1, hp, hs - 1 if hs else 0, hk, taken if hs else taken + 1, nb, 0),
                                 ("studio", j, gained) if witness else None))
            # Only one icon of each kind, or the first few for a paint, is tried (see PreparedPlayer.kinds).
            _, one_of, few_of = p.kinds(j, brushes.placed, brushes.painted, brushes.served)
            # Expand the Print with the next Print card.
            if phase < 2 and i < n and (hp > 0 or taken < cap):
                gained = brush_table[i + 1][j] - owned[j]
                painted_micro = (hp - 1 if hp else 0, hs, hk, taken if hp else taken + 1)
                for need, guessed, serving in needs_at[i]:
                    for used, after in paint_ways(brushes, serving & few_of & size_at[j], need.brushes):
                        nb = after.gain(gained) if gained else after
                        step = ("paint", i, need, guessed, used, brushes.placed, gained) if witness else None
                        children.append(((i + 1, j, *painted_micro, nb, painting_phase), step))
            # Move a brush with an arrow. Reduced search: only towards an icon serving the next Print card (before
            # painting it); the moves after the painting are counted at the end of the round (relocations).
            arrows = arrows_at[j]
            if brushes.moves < arrows:
                useful = useful_at[i]
                sources = brushes.placed
                if reduced:
                    # A brush moves before a paint only to paint: it must not have painted this round yet.
                    useful &= serving_next[i] & ~brushes.served if i < n else 0
                    sources &= ~brushes.painted
                targets = useful & one_of & size_at[j]
                for source, target, moved in moves_between(brushes, arrows, sources & one_of, targets):
                    children.append(((i, j, hp, hs, hk, taken, moved, painting_phase),
                                     ("move", source, target) if witness else None))
            for child, step in children:
                if child[0] > ti or child[1] > tj:
                    continue
                if cut and child[0] >= END_PRINT_CARDS:
                    self.eleven_cut = True
                    if (child[0], child[1]) > self.best:
                        self.best = (child[0], child[1])
                    continue
                key = key_of(child)
                if key in seen:
                    continue
                seen.add(key)
                if parents is not None:
                    parents[child] = (micro, step)
                stack.append(child)
            # End the round here, keeping the earliest cards not yet taken (within the keep icons).
            room = keep_at[j] - (hp + hs + hk)
            if room < 0 or (stop_at is not None and (i != ti or j != tj or hp > thp or hs > ths or hk > thk)):
                continue
            # The ends of the round from here depend only on the cards, the brushes' places and the arrows left
            # (the brushes owned follow from the cards): a micro-state differing only in what has painted or served
            # this round ends the round the same way, and its ends were recorded already.
            ending = (i, j, hp, hs, hk, taken, brushes.placed, brushes.moves)
            if ending in ended:
                continue
            ended.add(ending)
            free_p, free_s, free_k = n - i - hp, m - j - hs, kept - hk
            if reduced:
                ends = p.relocations(brushes.placed, j, arrows - brushes.moves, i)
            else:
                ends = [(p.canon(brushes.placed, j), ())]
            for kept_now in _keeps(free_p, free_s, free_k, room, cap - taken, min_take - taken):
                x1, x2, x3 = kept_now
                held = (i, j, hp + x1, hs + x2, hk + x3)
                for canon, relocated in ends:
                    nxt: Start = (*held, canon)
                    if nxt not in outcomes:
                        outcomes[nxt] = (micro, kept_now, relocated)
                        if nxt == stop_at:
                            return outcomes
        return outcomes

    def round_ends(self, start: Start, last: bool) -> list[tuple[Start, int]]:
        """Every end of a round from ``start`` taking 0 to 3 cards, with the cards taken, most progress first (a
        witness is found sooner). Before the last round, ends with 11 painted cards are left out (see
        :meth:`explore`)."""
        cut = not last and self.p.n >= END_PRINT_CARDS
        cached = self.ends_cache.get((start, cut))
        if cached is None:
            before = start[0] + start[1] + start[2] + start[3] + start[4]
            ends = self.explore(start, True, None, every=True, cut=cut)
            found = [(o, o[0] + o[1] + o[2] + o[3] + o[4] - before) for o in ends]
            found.sort(key=lambda e: -e[1])
            self.ends_cache[(start, cut)] = cached = found
        return cached

    def round_outcomes(self, start: Start, last: bool) -> list[Start]:
        key = (start, last)
        cached = self.rounds_cache.get(key)
        if cached is None:
            least = 0 if (last and self.deck_end) else self.min_take
            cap = self.cap
            cached = [end for end, taken in self.round_ends(start, last) if least <= taken <= cap]
            self.rounds_cache[key] = cached
        return cached

    def solve(self, start: Start, rounds_left: int) -> bool:
        """Whether the player's table can be finished from ``start`` in exactly ``rounds_left`` rounds."""
        p = self.p
        i, j, hp, hs, hk, _ = start
        if rounds_left == 0:
            return i == p.n and j == p.m and hp == hs == 0 and hk == p.kept
        untaken = (p.n - i - hp) + (p.m - j - hs) + (p.kept - hk)
        if untaken > self.cap * rounds_left or untaken < self.min_take * rounds_left - (1 if self.deck_end else 0):
            return False
        # Each round paints at most as many cards as there are brushes, and as icons (each serves once a round).
        if p.n - i > p.max_paint * rounds_left:
            return False
        key = (start, rounds_left)
        known = self.memo.get(key)
        if known is not None:
            return known
        ok = False
        last = rounds_left == 1
        outcomes = self.round_outcomes(start, last)
        if not last:
            # An order of the search only: first the rounds taking closest to the cards left spread evenly over the
            # rounds left (the engine's players, like people, rarely race ahead then crawl), then the most progress.
            before = i + j + hp + hs + hk
            pace = untaken / rounds_left
            outcomes = sorted(outcomes, key=lambda e: abs(e[0] + e[1] + e[2] + e[3] + e[4] - before - pace))
        for nxt in outcomes:
            ni = nxt[0]
            if (ni, nxt[1]) > self.best:
                self.best = (ni, nxt[1])
            # The game ends after a round in which a player has 11 painted cards (Kanagawa rules, "End of the Game";
            # data/SOURCES.md decision 12).
            if not last and ni >= END_PRINT_CARDS:
                self.eleven_cut = True
                continue
            if self.solve(nxt, rounds_left - 1):
                ok = True
                break
        self.memo[key] = ok
        return ok

    def reason(self) -> str:
        """The first reason no build exists, in words (the language of the caller's context)."""
        p = self.p
        i, _unused = self.best
        if self.eleven_cut and i >= END_PRINT_CARDS - 1:
            return _(
                "the Print cannot be finished: every build has {count} painted cards at the end of a round before its "
                "last card is painted, and the game ends after that round"
            ).format(count=END_PRINT_CARDS)
        if i < p.n:
            need = p.prints[i].paint
            if need:
                what = ngettext("{count} brush on {landscape}", "{count} brushes on {landscape}", need.brushes).format(
                    count=need.brushes, landscape=_(need.landscape)
                )
            else:
                what = _("a brush")
            serving = sum(1 for icon in p.icons_at[p.m] if need and painting.serves(icon, need.landscape))
            brushes = p.brushes_at(p.n, p.m)
            return _(
                "no sequence of rounds gets past the Print card {card} (card {position} of the Print, needs {need}) "
                "with the Studio cards before it in a round; the whole Studio has {icons} serving it and {brushes} "
                "in all"
            ).format(
                card=p.print_labels[i],
                position=i + 1,
                need=what,
                icons=ngettext("{count} icon", "{count} icons", serving).format(count=serving),
                brushes=ngettext("{count} brush", "{count} brushes", brushes).format(count=brushes),
            )
        return _(
            "no sequence of rounds lays all {count} cards, a column of 1 to 3 a round, within the keep icons"
        ).format(count=p.total)
