"""Reachability: could the cards of an entered table have been laid, round after round, under the rules?

For each detailed player, a search for a sequence of rounds (a column of 1 to 3 cards a round, fewer only in the
last round when the deck ran out) that builds the entered Studio and Print in their order under the painting rules
(:mod:`~marquoir.games.kanagawa.engine.painting`, the same functions the engine plays by), with kept cards within the
keep icons (seed 000, "Continue your work"), and each held Diploma taken the moment it is first met, its brush bonus
given then (seed 000, "Take the corresponding diploma(s)"; Diplomas judged by
:func:`~marquoir.games.kanagawa.diplomas.check_diploma`).
Across players: one common number of rounds consistent with the end of the game (seed 000, "End of the Game";
``SOURCES.md`` decision 12): the game did end (a player has 11 or more painted cards, or all 72 cards are on the
table), and not earlier (nobody had 11 painted cards at the end of an earlier round).

The verdict per player is *reachable* (with a witness a person can follow round by round), *unreachable* (with
the first reason) or *undecided* (the time bound ran out, or the players' columns could not be matched on one
School board). A witness is a real sequence of legal steps, so *reachable* is never a guess; *unreachable* comes
only from the full search, which is exhaustive up to these exact reductions:

* icons of one landscape are interchangeable (at the start of a round, and within a round when in the same
  state), so states equal up to renaming them are explored once;
* a brush not yet placed is placed only at the moment it paints (a free brush may go on an empty icon at any point
  of the turn, a placed one moves only with an arrow, so keeping it free loses nothing);
* a brush is moved only to an icon serving a card still to paint (a brush anywhere else could only be moved again);
* cards kept in hand are, within the Print and within the Studio, the earliest ones not yet laid (holding an
  earlier card instead of a later one never needs more takes or more keep icons), and the kept cards of the final
  table are interchangeable.

How the search saves work without changing what it finds (each is argued where it is written):

* from a state, moves and paints are tried from one icon of each kind only (landscape group and state: holding a
  brush, painted, used), the first ones: any other icon of the kind gives a state equal, up to the symmetry above,
  to one already made (:meth:`_Player.kinds`);
* the ends of a round from a micro-state depend only on the cards, the brushes' places and the arrows left, so they
  are listed once per such situation;
* a round is explored once for every number of cards (0 to 3) and its ends shared by the searches of every cap
  (``_Search.base``): the cards taken only grow along a round, so the ends under a tighter cap are exactly those
  whose count of cards taken lies within it;
* the cyclic garbage collector is paused while a table is searched (:func:`explain_reachability`).

A faster *reduced* search runs first and settles most tables: in each round it lays the Studio cards first (a
Studio card only ever adds icons, arrows, brushes and keep icons, so laying it earlier in the round loses nothing),
moves brushes before a paint only towards the card about to be painted, and counts the moves made once the painting
is over as relocations at the end of the round. A table it cannot build is searched again in full before any
verdict other than *reachable*.

Across players, the columns of a round must fit one School board (seed 000, step 2): a player takes a column of 3
only after waiting through the second row, which a player alone at school when that step begins may not do, so
another player takes 2 or more that round. The witness search matches the players' rounds by repairing the rounds
that do not fit; when it finds no match the verdict is *undecided*, never *unreachable*.

What is *not* reconstructed, and why: the School board shared by the players (which column held which card), the
Yokai tokens' travels (a table shows one half of an expansion card, so whether its other half bore a Yokai icon is
unknown) and the Grand Master's path beyond the check below. A Print card entered without ``paint`` (an expansion
card whose painting need was not written down) is taken to need one brush of whichever landscape suits, and the
witness says so.
"""

from __future__ import annotations

import gc
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import marquoir.games.kanagawa.engine.painting as painting
from marquoir.core.issues import Issue
from marquoir.games.kanagawa.catalogue import Catalogue, Paint, PrintHalf, StudioHalf, catalogue
from marquoir.games.kanagawa.diplomas import check_diploma
from marquoir.games.kanagawa.engine.painting import Brushes
from marquoir.games.kanagawa.table import DetailedPlayer, SheetPlayer, Table
from marquoir.games.kanagawa.tableau import Tableau, print_label, resolve_print, resolve_studio, studio_label
from marquoir.games.kanagawa.vocabulary import CARDS_PER_FAMILY, END_PRINT_CARDS, LANDSCAPES

#: Default time bound of one table's search, in seconds.
DEFAULT_TIME_BOUND = 2.0
MAX_TAKE = 3  # a column has at most 3 cards: the School board has 3 rows (seed 000, step 3)
DECK_SIZE = 4 * CARDS_PER_FAMILY


class _OutOfTime(Exception):
    pass


class _OutOfBudget(Exception):
    pass


#: States a first, quick attempt at matching the players' columns may explore before the careful one.
JOINT_BUDGET = 1_000


# ----------------------------------------------------------------------------------------------- report


@dataclass(frozen=True)
class Step:
    """One thing done in a round, in a sentence, with its kind (``take``, ``studio``, ``paint``, ``move``,
    ``diploma``, ``keep``) for programs."""

    kind: str
    text: str

    def to_json(self) -> dict[str, str]:
        return {"kind": self.kind, "text": self.text}


@dataclass(frozen=True)
class PlayerVerdict:
    """``verdict`` is ``reachable``, ``unreachable``, ``undecided`` or ``not-checked`` (a sheet player)."""

    name: str
    verdict: str
    reason: str = ""
    field: str = ""
    rounds: tuple[tuple[Step, ...], ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "verdict": self.verdict}
        if self.reason:
            out["reason"] = self.reason
        if self.rounds:
            out["witness"] = [
                {"round": r + 1, "steps": [s.to_json() for s in steps]} for r, steps in enumerate(self.rounds)
            ]
        return out


@dataclass(frozen=True)
class ReachReport:
    """The reachability of a whole table: a verdict per player, the number of rounds of the witness, and the
    table-wide reason when the players cannot agree on one game."""

    verdict: str
    players: tuple[PlayerVerdict, ...]
    rounds: int | None = None
    reason: str = ""
    notes: tuple[str, ...] = ()
    seconds: float = 0.0

    def issues(self) -> list[Issue]:
        """The ``UNREACHABLE`` issues of this report (``shared/TABLE-FORMAT.md``)."""
        found: list[Issue] = []
        if self.verdict == "unreachable" and self.reason:
            found.append(Issue("UNREACHABLE", None, "players", self.reason))
        for index, player in enumerate(self.players):
            if player.verdict == "unreachable":
                found.append(Issue("UNREACHABLE", player.name, player.field or f"players[{index}]", player.reason))
        return found

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"verdict": self.verdict, "rounds": self.rounds}
        if self.reason:
            out["reason"] = self.reason
        out["players"] = [p.to_json() for p in self.players]
        if self.notes:
            out["notes"] = list(self.notes)
        return out

    def render(self) -> str:
        """A plain-text account a person can follow round by round."""
        lines = [f"Reachability: {self.verdict}" + (f" in {self.rounds} rounds" if self.rounds else "")]
        if self.reason:
            lines.append(f"  {self.reason}")
        for player in self.players:
            head = f"{player.name}: {player.verdict}"
            if player.reason:
                head += f" — {player.reason}"
            lines.append(head)
            for number, steps in enumerate(player.rounds, start=1):
                lines.append(f"  Round {number}:")
                lines.extend(f"    {step.text}" for step in steps)
        lines.extend(f"Note: {note}" for note in self.notes)
        return "\n".join(lines)


# ----------------------------------------------------------------------------------------------- one player


@dataclass
class _Player:
    """A detailed player prepared for the search: halves, icons, thresholds, all by Print/Studio prefix."""

    name: str
    index: int
    start_landscape: str
    start_arrows: int
    start_brushes: int
    prints: tuple[PrintHalf, ...]
    print_labels: tuple[str, ...]
    studios: tuple[StudioHalf, ...]
    studio_labels: tuple[str, ...]
    kept: int
    player: DetailedPlayer
    cat: Catalogue
    table: Table
    icons_at: list[tuple[str, ...]] = field(default_factory=list)
    icon_names: list[str] = field(default_factory=list)
    arrows_at: list[int] = field(default_factory=list)
    keep_at: list[int] = field(default_factory=list)
    studio_brushes_at: list[int] = field(default_factory=list)
    brush_print_thresholds: list[int] = field(default_factory=list)
    brush_studio_thresholds: list[int] = field(default_factory=list)
    groups_at: list[tuple[tuple[int, ...], ...]] = field(default_factory=list)
    group_of_at: list[tuple[int, ...]] = field(default_factory=list)
    useful_at: list[int] = field(default_factory=list)
    serving_next: list[int] = field(default_factory=list)
    brush_table: list[list[int]] = field(default_factory=list)
    max_paint: int = 0
    canon_cache: dict[tuple[int, int], int] = field(default_factory=dict)
    #: Per Print position: each painting need the card may have, whether it was guessed, and the icons serving it.
    needs_at: list[list[tuple[Paint, bool, int]]] = field(default_factory=list)
    #: Per Studio prefix: the mask of the icons it has.
    size_at: list[int] = field(default_factory=list)
    kinds_cache: dict[tuple[int, int, int, int], tuple[tuple[int, ...], int, int]] = field(default_factory=dict)
    #: The most brushes one Print card needs.
    most_needed: int = 1
    #: Per Studio prefix: each landscape group's icons as a mask, and the masks of its first 0, 1, 2… icons.
    group_masks_at: list[tuple[int, ...]] = field(default_factory=list)
    prefix_masks_at: list[tuple[tuple[int, ...], ...]] = field(default_factory=list)
    targets_cache: dict[tuple[int, int], tuple[int, ...]] = field(default_factory=dict)
    sizes_at: list[tuple[int, ...]] = field(default_factory=list)
    counts_cache: dict[
        tuple[tuple[int, ...], tuple[int, ...], int, tuple[int, ...]], tuple[tuple[tuple[int, ...], _Relocation], ...]
    ] = field(default_factory=dict)
    ends_of: dict[tuple[int, int, int, int], list[tuple[int, _Relocation]]] = field(default_factory=dict)
    relocation_cache: dict[tuple[int, int, int, int], list[tuple[int, _Relocation]]] = field(
        default_factory=dict
    )
    _met: dict[tuple[int, int], frozenset[str]] = field(default_factory=dict)
    _thresholds: dict[str, tuple[str, int]] = field(default_factory=dict)

    @property
    def n(self) -> int:
        return len(self.prints)

    @property
    def m(self) -> int:
        return len(self.studios)

    @property
    def total(self) -> int:
        return self.n + self.m + self.kept

    def prepare(self) -> None:
        icons = [self.start_landscape]
        names = [f"icon 0 (Starting tile, {self.start_landscape})"]
        self.icons_at = [tuple(icons)]
        self.arrows_at = [self.start_arrows]
        self.keep_at = [0]
        self.studio_brushes_at = [0]
        for label, half in zip(self.studio_labels, self.studios, strict=True):
            if half.landscape:
                names.append(f"icon {len(icons)} (card {label}, {half.landscape})")
                icons.append(half.landscape)
            self.icons_at.append(tuple(icons))
            self.arrows_at.append(self.arrows_at[-1] + (half.icon == "arrow"))
            self.keep_at.append(self.keep_at[-1] + (half.icon == "keep"))
            self.studio_brushes_at.append(self.studio_brushes_at[-1] + (half.icon == "brush"))
        self.icon_names = names
        self.size_at = [(1 << len(icons_now)) - 1 for icons_now in self.icons_at]
        self.most_needed = max((h.paint.brushes for h in self.prints if h.paint is not None), default=1)
        for printed in self.prints:
            if printed.paint is not None:
                needs = [(printed.paint, False)]
            else:
                needs = [(Paint(landscape, 1), True) for landscape in LANDSCAPES]
            self.needs_at.append(
                [(need, guessed, painting.serving_mask(icons, need.landscape)) for need, guessed in needs]
            )
        for icons_now in self.icons_at:
            groups: dict[str, list[int]] = {}
            for index, icon in enumerate(icons_now):
                groups.setdefault(icon, []).append(index)
            self.groups_at.append(tuple(tuple(g) for g in groups.values()))
            kinds = list(groups)
            self.group_of_at.append(tuple(kinds.index(icon) for icon in icons_now))
            self.group_masks_at.append(tuple(sum(1 << x for x in g) for g in groups.values()))
            self.sizes_at.append(tuple(len(g) for g in groups.values()))
            self.prefix_masks_at.append(
                tuple(tuple(sum(1 << x for x in g[:c]) for c in range(len(g) + 1)) for g in groups.values())
            )
        # Icons worth moving a brush to: those serving a landscape some Print card from position i on needs.
        for i in range(self.n + 1):
            wanted = {h.paint.landscape if h.paint else None for h in self.prints[i:]}
            mask = 0
            for index, icon in enumerate(self.icons_at[-1]):
                if None in wanted or any(painting.serves(icon, w) for w in wanted if w):
                    mask |= 1 << index
            self.useful_at.append(mask)
        # Icons that serve the Print card at position i (any icon when its painting need was not entered).
        for printed in self.prints:
            mask = 0
            for index, icon in enumerate(self.icons_at[-1]):
                if printed.paint is None or painting.serves(icon, printed.paint.landscape):
                    mask |= 1 << index
            self.serving_next.append(mask)
        # Brush-bonus Diplomas: taken the moment first met, the brush comes then (their requirements do not
        # depend on brushes, so the prefix at which each is met is fixed).
        for diploma_id in dict.fromkeys(self.player.diplomas):
            tile = self.cat.diplomas.get(diploma_id)
            if tile is None or tile.bonus != "brush":
                continue
            if tile.place == "print":
                first = next((i for i in range(self.n + 1) if self._meets(tile.id, i, self.m, ())), None)
                self.brush_print_thresholds.append(first if first is not None else self.n + 99)
            else:
                first = next((j for j in range(self.m + 1) if self._meets(tile.id, self.n, j, ())), None)
                self.brush_studio_thresholds.append(first if first is not None else self.m + 99)
        self.brush_table = [[self._brushes_at(i, j) for j in range(self.m + 1)] for i in range(self.n + 1)]
        self.max_paint = min(self.brush_table[self.n][self.m], len(self.icons_at[self.m]))

    def _prefix_player(self, i: int, j: int, diplomas: tuple[str, ...]) -> DetailedPlayer:
        return DetailedPlayer(
            name=self.name,
            start=self.player.start,
            print=self.player.print[:i],
            studio=self.player.studio[:j],
            diplomas=diplomas,
            yokai=self.player.yokai,
        )

    def _meets(self, diploma_id: str, i: int, j: int, diplomas: tuple[str, ...]) -> bool:
        tableau = Tableau.of(self._prefix_player(i, j, diplomas), self.cat)
        return check_diploma(self.cat.diplomas[diploma_id], tableau, self.table.rules).met is True

    def canon(self, placed: int, j: int) -> int:
        """The canonical form of the icons holding a brush at the start of a round: icons of one landscape are
        interchangeable then, so only how many of each hold a brush matters (the first ones are marked)."""
        known = self.canon_cache.get((placed, j))
        if known is not None:
            return known
        out = 0
        for mask, prefixes in zip(self.group_masks_at[j], self.prefix_masks_at[j], strict=True):
            out |= prefixes[(placed & mask).bit_count()]
        self.canon_cache[(placed, j)] = out
        return out

    def kinds(self, j: int, placed: int, painted: int, served: int) -> tuple[tuple[int, ...], int, int]:
        """The icons by kind (landscape group, and state: holding a brush or not, painted, used this round): how
        many icons of each kind hold a brush or have been used (the micro-state up to the symmetry of icons of one
        kind), and the icons standing for their kind: the first of each kind, and the first :attr:`most_needed`.
        Icons of one kind are interchangeable, so moving from or to, or painting with, any other icon of a kind
        gives a state equal to one these give, and found after it in the order of the search."""
        key = (j, placed, painted, served)
        known = self.kinds_cache.get(key)
        if known is not None:
            return known
        counts: list[int] = []
        one_of = few_of = 0
        most = self.most_needed
        ready = placed & ~painted
        empty = ~placed
        # The states an icon can be in (painted implies placed): empty, ready, painted; each used or not.
        for group in self.group_masks_at[j]:
            for state in (empty & ~served, empty & served, ready & ~served, ready & served, painted & ~served,
                          painted & served):
                icons = group & state
                counts.append(icons.bit_count())
                if icons:
                    low = icons & -icons
                    one_of |= low
                    few_of |= low
                    for _ in range(most - 1):
                        icons ^= low
                        if not icons:
                            break
                        low = icons & -icons
                        few_of |= low
        known = self.kinds_cache[key] = (tuple(counts), one_of, few_of)
        return known

    def relocations(self, placed: int, j: int, arrows: int, i: int) -> list[tuple[int, _Relocation]]:
        """Where the brushes can stand at the end of a round, moved with the ``arrows`` left once the painting is
        over: each canonical placement (see :meth:`canon`) with the group-to-group moves that make it. Only icons
        serving a card still to paint receive a brush (elsewhere it could only be moved again)."""
        direct = (placed, j, arrows, i)
        known = self.ends_of.get(direct)
        if known is not None:
            return known
        if not arrows:
            known = self.ends_of[direct] = [(self.canon(placed, j), ())]
            return known
        key = (self.canon(placed, j), j, arrows, self.useful_at[i])
        known = self.relocation_cache.get(key)
        if known is not None:
            self.ends_of[direct] = known
            return known
        counts = tuple((placed & mask).bit_count() for mask in self.group_masks_at[j])
        targets = self.targets_cache.get((j, i))
        if targets is None:
            useful = self.useful_at[i]
            targets = tuple(g for g, mask in enumerate(self.group_masks_at[j]) if useful & mask)
            self.targets_cache[(j, i)] = targets
        counted = (counts, self.sizes_at[j], arrows, targets)
        found = self.counts_cache.get(counted)
        if found is None:
            found = self.counts_cache[counted] = _relocated_counts(*counted)
        result = []
        prefixes = self.prefix_masks_at[j]
        for vector, moves in found:
            mask = 0
            for group, count in enumerate(vector):
                mask |= prefixes[group][count]
            result.append((mask, moves))
        self.relocation_cache[key] = result
        self.ends_of[direct] = result
        return result

    def brushes_at(self, i: int, j: int) -> int:
        """Brushes owned once Print ``i`` and Studio ``j`` cards are laid: the Starting tile's, the brush icons, and
        the brush-bonus Diplomas met by then (SOURCES.md, decision 8)."""
        return self.brush_table[i][j]

    def _brushes_at(self, i: int, j: int) -> int:
        return (
            self.start_brushes
            + self.studio_brushes_at[j]
            + sum(1 for t in self.brush_print_thresholds if i >= t)
            + sum(1 for t in self.brush_studio_thresholds if j >= t)
        )

    def met_at(self, i: int, j: int) -> frozenset[str]:
        """The held Diplomas met once Print ``i`` and Studio ``j`` cards are laid (for the witness). Print and Studio
        only grow, so each Diploma has a first prefix where it is met: a Print Diploma a first ``i``, a Studio one a
        first ``j``, the brushes Diplomas a number of brushes owned (the core's ``check_diploma`` says which)."""
        key = (i, j)
        known = self._met.get(key)
        if known is not None:
            return known
        if not self._thresholds:
            for diploma_id in dict.fromkeys(self.player.diplomas):
                tile = self.cat.diplomas.get(diploma_id)
                if tile is None or tile.family == "yokai":
                    continue
                if tile.family == "brushes":
                    tableau = Tableau.of(self._prefix_player(0, 0, ()), self.cat)
                    needed = check_diploma(tile, tableau, self.table.rules).needed
                    self._thresholds[diploma_id] = ("brushes", needed)
                elif tile.place == "print":
                    first = next((k for k in range(self.n + 1) if self._meets(diploma_id, k, self.m, ())), self.n + 99)
                    self._thresholds[diploma_id] = ("print", first)
                else:
                    first = next((k for k in range(self.m + 1) if self._meets(diploma_id, self.n, k, ())), self.m + 99)
                    self._thresholds[diploma_id] = ("studio", first)
        met = frozenset(
            d
            for d, (kind, value) in self._thresholds.items()
            if (kind == "print" and i >= value)
            or (kind == "studio" and j >= value)
            or (kind == "brushes" and self.brushes_at(i, j) >= value)
        )
        self._met[key] = met
        return met


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


def _relocated_counts(
    counts: tuple[int, ...], sizes: tuple[int, ...], arrows: int, targets: tuple[int, ...]
) -> tuple[tuple[tuple[int, ...], _Relocation], ...]:
    """Brushes per landscape group (``counts``, of groups of ``sizes`` icons) after up to ``arrows`` moves, each
    from a group holding a brush to a different ``targets`` group with an icon free: every reachable count vector,
    first found breadth first, with the moves that make it (see :meth:`_Player.relocations`)."""
    found: dict[tuple[int, ...], _Relocation] = {counts: ()}
    frontier: list[tuple[tuple[int, ...], _Relocation]] = [(counts, ())]
    for _ in range(arrows):
        # The next level: each vector not found before, with the first way to it (in the order of the search).
        following: dict[tuple[int, ...], _Relocation] = {}
        for now, moves in frontier:
            for a, have in enumerate(now):
                if not have:
                    continue
                for b in targets:
                    if b != a and now[b] < sizes[b]:
                        nxt = list(now)
                        nxt[a] -= 1
                        nxt[b] += 1
                        vector = tuple(nxt)
                        if vector not in found and vector not in following:
                            following[vector] = (*moves, (a, b))
        found.update(following)
        frontier = list(following.items())
    return tuple(found.items())


def _prepare(player: DetailedPlayer, index: int, table: Table, cat: Catalogue) -> _Player | str:
    start = cat.start_tiles.get(player.start)
    if start is None:
        return f"unknown Starting tile {player.start!r}"
    prints: list[PrintHalf] = []
    for ref in player.print:
        half = resolve_print(ref, cat)
        if half is None:
            return f"unknown card {ref}"
        prints.append(half)
    studios: list[StudioHalf] = []
    for sref in player.studio:
        shalf = resolve_studio(sref, cat)
        if shalf is None:
            return f"unknown card {sref}"
        studios.append(shalf)
    prepared = _Player(
        name=player.name,
        index=index,
        start_landscape=start.landscape,
        start_arrows=start.arrows,
        start_brushes=start.brushes,
        prints=tuple(prints),
        print_labels=tuple(print_label(ref, k + 1) for k, ref in enumerate(player.print)),
        studios=tuple(studios),
        studio_labels=tuple(studio_label(ref, k + 1) for k, ref in enumerate(player.studio)),
        kept=len(player.kept),
        player=player,
        cat=cat,
        table=table,
    )
    prepared.prepare()
    return prepared


# A round's micro-state: (i, j, hp, hs, hk, taken, brushes) — Print and Studio cards laid, Print/Studio/kept cards
# held in hand (the earliest ones, see the module docstring), cards taken this round, brushes.
_Micro = tuple[int, int, int, int, int, int, Brushes, int]
# The start of a round: (i, j, hp, hs, hk, icons holding a brush), the mask in canonical form (see _Player.canon).
_Start = tuple[int, int, int, int, int, int]
# Brushes moved once the painting of a round is over: (from landscape group, to landscape group) per move.
_Relocation = tuple[tuple[int, int], ...]
# A step of a witness before it is put in words: (kind, data...).
_RawStep = tuple[Any, ...]


@dataclass
class _Round:
    """One round of a witness: cards taken and the steps, in words."""

    taken: int
    steps: tuple[Step, ...]


@dataclass
class _Search:
    """The search for one player, for a given ending (deck out or not) and a cap on the cards taken a round;
    memoised across numbers of rounds. Icons of one landscape are interchangeable at the start of a round, and so
    are icons of one landscape in the same state within a round: states equal up to that symmetry are explored once
    (an exact reduction: their futures are the same up to renaming the icons)."""

    p: _Player
    deck_end: bool
    deadline: float
    cap: int = MAX_TAKE
    min_take: int = 1
    reduced: bool = True
    node_limit: int | None = None
    #: The search that explores rounds for this one: the player's ``any`` search (1 to 3 cards a round) of the same
    #: kind (reduced or full). A round's ends under a tighter ``cap`` or ``min_take`` are exactly its ends whose
    #: cards taken (fixed by the start and the end, see :func:`_taken`) lie within them: the cards taken only grow
    #: along a round, so every path to such an end respects the tighter cap all along. ``None``: explores itself.
    base: _Search | None = None
    rounds_cache: dict[tuple[_Start, bool], list[_Start]] = field(default_factory=dict)
    #: Every end of a round from a start, with the cards taken, most progress first (1 to 3 cards, none allowed).
    ends_cache: dict[tuple[_Start, bool], list[tuple[_Start, int]]] = field(default_factory=dict)
    memo: dict[tuple[_Start, int], bool] = field(default_factory=dict)
    best: tuple[int, int] = (0, 0)
    eleven_cut: bool = False
    nodes: int = 0

    def _key(self, micro: _Micro) -> tuple[Any, ...]:
        """The micro-state up to the symmetry of same-landscape icons: how many icons of each landscape group are
        in each state (see :meth:`_Player.kinds`), so that which icon of a group it is does not count. The brushes
        not yet placed follow from the cards laid and the brushes placed."""
        i, j, hp, hs, hk, taken, b, phase = micro
        return (i, j, hp, hs, hk, taken, b.moves, phase, self.p.kinds(j, b.placed, b.painted, b.served)[0])

    def explore(
        self,
        start: _Start,
        last: bool,
        parents: dict[_Micro, tuple[_Micro | None, _RawStep | None]] | None,
        stop_at: _Start | None = None,
        every: bool = False,
        cut: bool = False,
    ) -> dict[_Start, tuple[_Micro, tuple[int, int, int], _Relocation]]:
        """Every distinct end of one round from ``start`` (up to symmetry): the next round's start, with the
        micro-state it ends from and the cards kept at the end. ``parents`` (when given) records the steps;
        ``stop_at``: stop as soon as that end is found; ``every``: any number of cards up to 3 (see ``base``).
        ``cut``: a round before the last, so states with 11 painted cards are not explored: painted cards only grow
        within a round, so they could only end it with 11 or more, and the game would end after it (seed 000, "End
        of the Game"; SOURCES.md decision 12); :meth:`solve` would set such ends aside, and they are noted as it
        notes them (for the reason given when no build exists)."""
        p = self.p
        i0, j0, hp0, hs0, hk0, placed0 = start
        brushes0 = Brushes(placed0, 0, 0, p.brushes_at(i0, j0) - placed0.bit_count(), 0)
        first: _Micro = (i0, j0, hp0, hs0, hk0, 0, brushes0, 0)
        seen = {self._key(first)}
        if parents is not None:
            parents[first] = (None, None)
        # Depth first for the search; breadth first for a witness, so that it takes the fewest steps.
        stack: deque[_Micro] = deque([first])
        take_next = stack.pop if parents is None else stack.popleft
        outcomes: dict[_Start, tuple[_Micro, tuple[int, int, int], _Relocation]] = {}
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
        node_limit = self.node_limit
        witness = parents is not None  # the steps are recorded only for a witness
        # Looking for one end: Print and Studio cards laid and held only grow in a round, so states past the end's
        # cannot lead to it, and only states with its cards laid can end there (the path found is the same).
        ti, tj, thp, ths, thk = stop_at[:5] if stop_at is not None else (n, m, n, m, kept)
        while stack:
            self.nodes += 1
            if self.nodes & 1023 == 0 and time.perf_counter() > self.deadline:
                raise _OutOfTime
            if node_limit is not None and self.nodes > node_limit:
                raise _OutOfBudget
            micro = take_next()
            i, j, hp, hs, hk, taken, brushes, phase = micro
            children: list[tuple[_Micro, _RawStep | None]] = []
            owned = brush_table[i]
            # Improve the Studio with the next Studio card (from hand, or taken now).
            if phase == 0 and j < m and (hs > 0 or taken < cap):
                gained = owned[j + 1] - owned[j]
                nb = brushes.gain(gained) if gained else brushes
                children.append(((i, j + 1, hp, hs - 1 if hs else 0, hk, taken if hs else taken + 1, nb, 0),
                                 ("studio", j, gained) if witness else None))
            # Only one icon of each kind, or the first few for a paint, is tried (see _Player.kinds).
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
                    nxt: _Start = (*held, canon)
                    if nxt not in outcomes:
                        outcomes[nxt] = (micro, kept_now, relocated)
                        if nxt == stop_at:
                            return outcomes
        return outcomes

    def round_ends(self, start: _Start, last: bool) -> list[tuple[_Start, int]]:
        """Every end of a round from ``start`` taking 0 to 3 cards, with the cards taken, most progress first (a
        witness is found sooner); explored once and shared by the searches of every cap (see ``base``). Before the
        last round, ends with 11 painted cards are left out (see :meth:`explore`)."""
        if self.base is not None:
            return self.base.round_ends(start, last)
        cut = not last and self.p.n >= END_PRINT_CARDS
        cached = self.ends_cache.get((start, cut))
        if cached is None:
            before = start[0] + start[1] + start[2] + start[3] + start[4]
            ends = self.explore(start, True, None, every=True, cut=cut)
            found = [(o, o[0] + o[1] + o[2] + o[3] + o[4] - before) for o in ends]
            found.sort(key=lambda e: -e[1])
            self.ends_cache[(start, cut)] = cached = found
        return cached

    def round_outcomes(self, start: _Start, last: bool) -> list[_Start]:
        key = (start, last)
        cached = self.rounds_cache.get(key)
        if cached is None:
            least = 0 if (last and self.deck_end) else self.min_take
            cap = self.cap
            cached = [end for end, taken in self.round_ends(start, last) if least <= taken <= cap]
            self.rounds_cache[key] = cached
        return cached

    def solve(self, start: _Start, rounds_left: int) -> bool:
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
        for nxt in self.round_outcomes(start, last):
            ni = nxt[0]
            if (ni, nxt[1]) > self.best:
                self.best = (ni, nxt[1])
            # The game ends after a round in which a player has 11 painted cards (seed 000; SOURCES.md decision 12).
            if not last and ni >= END_PRINT_CARDS:
                self.eleven_cut = True
                continue
            if self.solve(nxt, rounds_left - 1):
                ok = True
                break
        self.memo[key] = ok
        return ok

    def render_round(self, start: _Start, actual: int, target: _Start, last: bool) -> tuple[_Round, int]:
        """One round of a witness in words: the round is explored again from the brushes as they actually stand
        (the search's starts are canonical) and the path to ``target`` is put in words. Returns the round and the
        icons holding a brush at its end."""
        parents: dict[_Micro, tuple[_Micro | None, _RawStep | None]] = {}
        outcomes = self.explore((*start[:5], actual), last, parents, stop_at=target)
        end, kept, relocated = outcomes[target]
        described = self._round(start, end, kept, parents)
        # The moves after the painting, on the icons as they stand.
        placed = end[6].placed
        groups = self.p.groups_at[end[1]]
        moves: list[Step] = []
        for source_group, target_group in relocated:
            source = next(x for x in groups[source_group] if placed >> x & 1)
            dest = next(x for x in groups[target_group] if not placed >> x & 1)
            placed = (placed & ~(1 << source)) | (1 << dest)
            moves.append(self._words(("move", source, dest)))
        if moves:
            steps = list(described.steps)
            at = len(steps) - (1 if steps and steps[-1].kind == "keep" else 0)
            described = _Round(described.taken, tuple(steps[:at] + moves + steps[at:]))
        return described, placed

    def _round(
        self,
        start: _Start,
        end: _Micro,
        kept: tuple[int, int, int],
        parents: dict[_Micro, tuple[_Micro | None, _RawStep | None]],
    ) -> _Round:
        chain: list[_RawStep] = []
        node: _Micro | None = end
        while node is not None:
            parent, raw = parents[node]
            if raw is not None:
                chain.append(raw)
            node = parent
        chain.reverse()
        p = self.p
        i0, j0, hp0, hs0, _, _ = start
        i1, j1, hp1, hs1, hk1 = end[:5]
        kx1, kx2, kx3 = kept
        taken = [p.print_labels[k] for k in range(i0 + hp0, i1)] + [p.studio_labels[k] for k in range(j0 + hs0, j1)]
        kept_labels = (
            [p.print_labels[k] for k in range(i1 + hp1, i1 + hp1 + kx1)]
            + [p.studio_labels[k] for k in range(j1 + hs1, j1 + hs1 + kx2)]
            + [f"kept card {k + 1}" for k in range(hk1, hk1 + kx3)]
        )
        taken += kept_labels
        listed = ", ".join(taken) or "none (the deck ran out)"
        steps = [Step("take", f"takes a column of {len(taken)} card(s): {listed}")]
        i, j = i0, j0
        seen = set(p.met_at(i, j))
        for raw in chain:
            steps.append(self._words(raw))
            if raw[0] == "paint":
                i += 1
            elif raw[0] == "studio":
                j += 1
            else:
                continue
            for diploma in sorted(p.met_at(i, j) - seen):
                bonus = p.cat.diplomas[diploma].bonus
                steps.append(Step("diploma", f"takes Diploma {diploma}" + (f" (bonus: {bonus})" if bonus else "")))
            seen |= p.met_at(i, j)
        holding = hp1 + hs1 + hk1 + kx1 + kx2 + kx3
        if holding:
            steps.append(Step("keep", f"keeps {holding} card(s) in hand for later rounds"))
        return _Round(len(taken), tuple(steps))

    def _words(self, raw: _RawStep) -> Step:
        p = self.p
        if raw[0] == "studio":
            _, j, gained = raw
            half = p.studios[j]
            effects = []
            if half.landscape:
                effects.append(f"new {half.landscape} icon")
            if half.icon:
                effects.append(f"{half.icon} icon")
            if gained:
                effects.append(f"+{gained} brush")
            text = f"adds card {p.studio_labels[j]} to the Studio" + (f" ({', '.join(effects)})" if effects else "")
            return Step("studio", text)
        if raw[0] == "move":
            _, source, target = raw
            return Step("move", f"moves the brush on {p.icon_names[source]} to {p.icon_names[target]} (one arrow)")
        _, i, need, guessed, used, placed_before, gained = raw
        parts = [
            ("a new brush on " if not placed_before >> icon & 1 else "the brush on ") + p.icon_names[icon]
            for icon in used
        ]
        text = f"paints card {p.print_labels[i]} ({need.brushes} {need.landscape}) with " + " and ".join(parts)
        if guessed:
            text += " (the card's painting need was not entered: one brush assumed)"
        if gained:
            text += f"; +{gained} brush"
        return Step("paint", text)

    def reason(self) -> str:
        """The first reason no build exists, in words."""
        p = self.p
        i, _ = self.best
        if self.eleven_cut and i >= END_PRINT_CARDS - 1:
            return (
                f"the Print cannot be finished: every build has {END_PRINT_CARDS} painted cards at the end of a round "
                f"before its last card is painted, and the game ends after that round"
            )
        if i < p.n:
            need = p.prints[i].paint
            what = f"{need.brushes} brush(es) on {need.landscape}" if need else "a brush"
            serving = sum(1 for icon in p.icons_at[p.m] if need and painting.serves(icon, need.landscape))
            return (
                f"no sequence of rounds gets past Print card {p.print_labels[i]} (position {i + 1}, needs {what}) "
                f"with the Studio cards before it in a round; the whole Studio has {serving} icon(s) serving it, "
                f"{p.brushes_at(p.n, p.m)} brush(es) in all"
            )
        return f"no sequence of rounds lays all {p.total} cards, a column of 1 to 3 a round, within the keep icons"


# ----------------------------------------------------------------------------------------------- the table


def _round_bounds(p: _Player, deck_end: bool) -> tuple[int, int]:
    """The fewest and most rounds the player's cards could take: at most 3 cards a round, at least 1 (0 in the last
    round of a game whose deck ran out), and no more paints a round than icons and brushes, the Studio growing by at
    most 3 cards a round (a relaxation, so the bounds never exclude a real build)."""
    low = max(-(-p.total // MAX_TAKE), 1)
    painted = 0
    rounds = 0
    while painted < p.n:
        rounds += 1
        studio = min(p.m, MAX_TAKE * rounds)
        painted += min(len(p.icons_at[studio]), p.brush_table[p.n][studio])
    high = p.total + (1 if deck_end else 0)
    return max(low, rounds), high


def explain_reachability(
    table: Table, time_bound: float = DEFAULT_TIME_BOUND, cat: Catalogue | None = None
) -> ReachReport:
    """How could this table have been built? A verdict per player with a witness, or the first reason it could
    not; ``undecided`` when ``time_bound`` seconds run out. :meth:`ReachReport.render` gives the plain text.

    Python's cyclic garbage collector is paused during the search (and resumed after, if it was running): the
    search makes millions of small tuples and dicts that hold no reference cycles and are freed as soon as they are
    dropped, yet each of them counts towards the collector's next pass, and a full pass walks every object of the
    process (measured: 40-45 ms with a thousand tables in memory, on one table in fifty, which made the 99th
    percentile). The few cycles the search leaves (its recursive helpers) are collected once the collector runs
    again; the time bound bounds what can pile up meanwhile."""
    paused = gc.isenabled()
    if paused:
        gc.disable()
    try:
        return _explain(table, time_bound, cat or catalogue())
    finally:
        if paused:
            gc.enable()


def _explain(table: Table, time_bound: float, cat: Catalogue) -> ReachReport:
    began = time.perf_counter()
    deadline = began + time_bound
    notes: list[str] = []
    prepared: list[_Player] = []
    verdicts: dict[int, PlayerVerdict] = {}
    for index, player in enumerate(table.players):
        if isinstance(player, SheetPlayer):
            verdicts[index] = PlayerVerdict(player.name, "not-checked", "entered from the sheet's figures")
            continue
        result = _prepare(player, index, table, cat)
        if isinstance(result, str):
            verdicts[index] = PlayerVerdict(player.name, "undecided", f"cannot be searched: {result}")
        else:
            prepared.append(result)
    if any(isinstance(p, SheetPlayer) for p in table.players):
        notes.append("players entered from the sheet have no cards: the end of the game is checked without them")
    if table.is_yokai:
        notes.append("Yokai tokens' travels are not reconstructed (a table shows one half of each expansion card)")

    def finish(verdict: str, rounds: int | None = None, reason: str = "") -> ReachReport:
        ordered = tuple(verdicts[k] for k in sorted(verdicts))
        if verdict == "reachable" and any(v.verdict == "undecided" for v in ordered):
            # A player who could not be searched leaves the whole table undecided.
            verdict = "undecided"
        return ReachReport(verdict, ordered, rounds, reason, tuple(notes), time.perf_counter() - began)

    # The Grand Master: the Assistant's holder at the end of the last round takes it (seed 000, step 3); the first
    # player starts with the Assistant, so a Grand Master with no way to take the Assistant means nobody else had one.
    masters = [p for p in table.players if p.grand_master]
    if len(masters) == 1 and isinstance(masters[0], DetailedPlayer):
        sources = {p.name: _assistant_sources(p, cat) for p in table.players if isinstance(p, DetailedPlayer)}
        master = masters[0].name
        others = [name for name, count in sources.items() if name != master and count]
        if not sources[master] and others:
            reason = (
                f"{master} holds the Grand Master but never took the Assistant, while {others[0]} did: the Assistant's "
                "last holder takes the Grand Master at the end of the round"
            )
            for p in prepared:
                verdicts[p.index] = PlayerVerdict(p.name, "undecided", "not searched: a table-wide rule fails")
            return finish("unreachable", None, reason)

    detailed_only = len(prepared) == len(table.players)
    total_cards = sum(p.total for p in prepared)
    # With players whose cards are not known, the deck may have run out: the last round may then bring a player
    # no card (the permissive reading, so that no verdict is wrong).
    deck_end = not detailed_only or total_cards == DECK_SIZE
    eleven = any(p.n >= END_PRINT_CARDS for p in prepared)
    if detailed_only and not deck_end and not eleven:
        reason = (
            f"the game had not ended: nobody has {END_PRINT_CARDS} painted cards and {total_cards} of the "
            f"{DECK_SIZE} cards are on the table (the deck had not run out)"
        )
        for p in prepared:
            verdicts[p.index] = PlayerVerdict(p.name, "undecided", "not searched: the game shown had not ended")
        return finish("unreachable", None, reason)

    bounds = {p.index: _round_bounds(p, deck_end) for p in prepared}
    low = max((b[0] for b in bounds.values()), default=1)
    high = min((b[1] for b in bounds.values()), default=0)
    start: _Start = (0, 0, 0, 0, 0, 0)
    sheet_players = len(prepared) < len(table.players)
    unmatched: list[int] = []
    feasible: dict[int, list[int]] = {}
    try:
        # First the reduced search (fast); a table it cannot build is searched again in full before any verdict
        # other than reachable, so that the reductions can never make a wrong verdict.
        for reduced in (True, False):
            searches = {p.index: _Search(p, deck_end, deadline, reduced=reduced) for p in prepared}
            kinds: dict[tuple[int, str], _Search] = {}
            for p in prepared:
                kinds[(p.index, "any")] = searches[p.index]
                for kind, (least, most) in _KINDS.items():
                    kinds[(p.index, kind)] = _Search(
                        p, deck_end, deadline, cap=most, min_take=least, reduced=reduced, base=searches[p.index]
                    )
            unmatched = []
            # Players most likely to fail first: the longest builds.
            order = sorted(prepared, key=lambda p: -p.total)
            for rounds in range(low, high + 1):
                if not all(searches[p.index].solve(start, rounds) for p in order):
                    continue
                # Each player alone can be built in this many rounds; the columns must also fit one School board.
                # Most cards first (fast), within a budget; then columns of 2 first (they fit beside any other).
                found = _joint_witness(prepared, kinds, rounds, deck_end, sheet_players, budget=JOINT_BUDGET)
                if found is None:
                    found = _joint_witness(prepared, kinds, rounds, deck_end, sheet_players, prefer_two=True)
                if found is not None:
                    for p in prepared:
                        steps = tuple(r.steps for r in found[p.index])
                        verdicts[p.index] = PlayerVerdict(p.name, "reachable", rounds=steps)
                    return finish("reachable", rounds)
                unmatched.append(rounds)
        # No common number of rounds: find each player's own possibilities (full search) to give the first reason.
        for p in prepared:
            lo, hi = bounds[p.index]
            feasible[p.index] = [r for r in range(lo, hi + 1) if searches[p.index].solve(start, r)]
    except _OutOfTime:
        for p in prepared:
            if p.index not in verdicts:
                verdicts[p.index] = PlayerVerdict(p.name, "undecided", f"the time bound ({time_bound:g} s) ran out")
        return finish("undecided")
    for p in prepared:
        rounds_ok = feasible[p.index]
        if not rounds_ok:
            verdicts[p.index] = PlayerVerdict(
                p.name, "unreachable", searches[p.index].reason(), f"players[{p.index}].print"
            )
        else:
            verdicts[p.index] = PlayerVerdict(
                p.name, "undecided", f"buildable alone in {_ranges(rounds_ok)} rounds, but not with the others"
            )
    if any(v.verdict == "unreachable" for v in verdicts.values()):
        return finish("unreachable")
    if unmatched:
        reason = (
            f"each player's cards can be laid in {_ranges(unmatched)} rounds, but the search found no way to match "
            "the players' columns on one School board (a player takes 3 cards only if another stays for the "
            "second row)"
        )
        return finish("undecided", None, reason)
    # One player out of step with all the others: the reason is that player's.
    odd: list[tuple[_Player, list[int]]] = []
    for candidate in prepared:
        allowed: set[int] | None = None
        for other in prepared:
            if other is not candidate:
                mine = set(feasible[other.index])
                allowed = mine if allowed is None else allowed & mine
        if allowed and not allowed & set(feasible[candidate.index]):
            odd.append((candidate, sorted(allowed)))
    odd.sort(key=lambda entry: len(entry[1]))
    if len(odd) == 1 or (len(odd) > 1 and len(odd[0][1]) < len(odd[1][1])):
        # The player the others pin down the most is the one out of step.
        blamed, pinned = odd[0]
        limited = _Search(blamed, deck_end, time.perf_counter() + time_bound, reduced=False)
        try:
            for r in pinned:
                limited.solve(start, r)
            why = limited.reason()
        except _OutOfTime:
            why = "the search for the first reason ran out of time"
        reason = (
            f"{blamed.name}'s cards cannot be laid in {_ranges(pinned)} rounds, what the other players' tables "
            f"allow ({blamed.name}'s need {_ranges(feasible[blamed.index])}): {why}"
        )
        verdicts[blamed.index] = PlayerVerdict(blamed.name, "unreachable", reason, f"players[{blamed.index}].print")
        return finish("unreachable")
    spans = "; ".join(f"{p.name} in {_ranges(feasible[p.index])}" for p in prepared)
    reason = f"no common number of rounds: each player's cards can be laid only as follows: {spans} rounds"
    if deck_end:
        reason += " (the deck ran out in the last round)"
    elif eleven:
        reason += f" (the game ended when a player reached {END_PRINT_CARDS} painted cards)"
    return finish("unreachable", None, reason)


#: Round kinds that make the players' columns fit one School board (seed 000, step 2): a column of 3 is taken
#: only after waiting through the second row, which a player alone at school at its start may not do, so another
#: player takes 2 or more that round. ``low``: everyone takes 1 or 2; ``high``: everyone takes 2 or 3; ``last``:
#: the last round of a game whose deck ran out, checked by its count only (the columns may be incomplete or empty).
_KINDS = {"low": (1, 2), "high": (2, 3)}


def _taken(before: _Start, after: _Start) -> int:
    """Cards taken in a round: everything laid or newly held (the progress counts include the hand)."""
    return sum(after[:5]) - sum(before[:5])


def _joint_witness(
    prepared: Sequence[_Player],
    kinds: dict[tuple[int, str], _Search],
    rounds: int,
    deck_end: bool,
    wildcard: bool,
    prefer_two: bool = False,
    budget: int | None = None,
) -> dict[int, list[_Round]] | None:
    """A build of every player in ``rounds`` rounds whose rounds fit one School board, or ``None`` when none is
    found (or the ``budget`` of explored states ran out; ``prefer_two``: see :func:`_follow`). Each player's build
    is searched alone; a round that does not fit (a column of 3 while nobody else takes 2 or more) is repaired by
    asking the taker of 3 for a ``low`` round there, else another player for a ``high`` one, and the builds are
    searched again. Never wrong: the builds it returns fit; it may miss some (the verdict is
    then *undecided*). With players entered from the sheet (``wildcard``) a sheet player may be the one who takes 2."""
    seats = [p.index for p in prepared]
    plan = {seat: ["any"] * rounds for seat in seats}
    origin: _Start = (0, 0, 0, 0, 0, 0)

    def path_of(seat: int) -> list[_Start] | None:
        return _follow(origin, [kinds[(seat, kind)] for kind in plan[seat]], kinds[(seat, "any")], prefer_two)

    if budget is not None:
        for search in kinds.values():
            search.node_limit = search.nodes + budget
    try:
        paths = _joint_attempt(prepared, rounds, deck_end, wildcard, plan, path_of)
    except _OutOfBudget:
        paths = None
    finally:
        for search in kinds.values():
            search.node_limit = None
    if paths is None:
        return None
    out: dict[int, list[_Round]] = {}
    for seat in seats:
        rounds_out: list[_Round] = []
        actual = 0
        state = origin
        for k, nxt in enumerate(paths[seat]):
            described, actual = kinds[(seat, plan[seat][k])].render_round(state, actual, nxt, k == rounds - 1)
            rounds_out.append(described)
            state = nxt
        out[seat] = rounds_out
    return out


def _joint_attempt(
    prepared: Sequence[_Player],
    rounds: int,
    deck_end: bool,
    wildcard: bool,
    plan: dict[int, list[str]],
    path_of: Callable[[int], list[_Start] | None],
) -> dict[int, list[_Start]] | None:
    """The players' round starts, repaired until every round fits one School board (``plan`` is updated)."""
    seats = [p.index for p in prepared]
    origin: _Start = (0, 0, 0, 0, 0, 0)

    paths: dict[int, list[_Start]] = {}
    for seat in seats:
        found = path_of(seat)
        if found is None:
            return None
        paths[seat] = found
    for _ in range(4 * rounds):
        bad = None if wildcard else _bad_round(paths, rounds, deck_end)
        if bad is None:
            break
        takes = {seat: _taken(paths[seat][bad - 1] if bad else origin, paths[seat][bad]) for seat in seats}
        threes = [seat for seat in seats if takes[seat] == MAX_TAKE]
        repaired = False
        # First ask the takers of 3 to take 1 or 2 in that round.
        saved = {seat: list(plan[seat]) for seat in seats}
        for seat in threes:
            plan[seat][bad] = "low"
        trial = {seat: path_of(seat) for seat in threes}
        if all(trial.values()):
            paths.update({seat: path for seat, path in trial.items() if path is not None})
            repaired = True
        else:
            for seat in threes:
                plan[seat] = list(saved[seat])
            # Else ask another player to take 2 or 3 in that round.
            for seat in sorted(seats, key=lambda s: -takes[s]):
                if seat in threes or takes[seat] >= 2:
                    continue
                previous = plan[seat][bad]
                plan[seat][bad] = "high"
                path = path_of(seat)
                if path is not None:
                    paths[seat] = path
                    repaired = True
                    break
                plan[seat][bad] = previous
        if not repaired:
            return None
    else:
        return None
    last_takes = [_taken(paths[s][-2] if rounds > 1 else origin, paths[s][-1]) for s in seats]
    if deck_end and not wildcard and sum(last_takes) == 0:
        return None  # the deck ran out in the last round, so somebody took a card in it
    return paths


def _bad_round(paths: dict[int, list[_Start]], rounds: int, deck_end: bool) -> int | None:
    """The first round (0-based) whose columns cannot lie on one School board: a column of 3 needs another player
    taking 2 or more (seed 000, step 2). The last round of a game whose deck ran out is checked by count only."""
    origin: _Start = (0, 0, 0, 0, 0, 0)
    for r in range(rounds):
        if deck_end and r == rounds - 1:
            return None
        takes = [_taken(path[r - 1] if r else origin, path[r]) for path in paths.values()]
        if max(takes) == MAX_TAKE and sum(1 for t in takes if t >= 2) < 2:
            return r
    return None


def _follow(
    origin: _Start, searches: Sequence[_Search], relaxed: _Search, prefer_two: bool = False
) -> list[_Start] | None:
    """One player's round starts, one search per round (its kind of round), from ``origin`` to the finished table;
    ``relaxed`` (any 1 to 3 cards a round) prunes states that could not finish even so. ``prefer_two``: try
    columns of 2 first (they fit beside any other column), else the most cards first."""
    memo: dict[tuple[_Start, int], bool] = {}
    count = len(searches)
    p = relaxed.p
    # Cards that the remaining rounds can take at most / must take at least.
    most = [0] * (count + 1)
    least = [0] * (count + 1)
    for k in range(count - 1, -1, -1):
        most[k] = most[k + 1] + searches[k].cap
        floor = 0 if (relaxed.deck_end and k == count - 1) else searches[k].min_take
        least[k] = least[k + 1] + floor

    def ok(state: _Start, k: int) -> bool:
        if k == count:
            return state[:5] == (p.n, p.m, 0, 0, p.kept)
        untaken = p.total - sum(state[:5])
        if not least[k] <= untaken <= most[k] or not relaxed.solve(state, count - k):
            return False
        key = (state, k)
        if key not in memo:
            last = k == count - 1
            memo[key] = any(
                (last or nxt[0] < END_PRINT_CARDS) and again[0](nxt, k + 1) for nxt in balanced(state, k)
            )
        return memo[key]

    def balanced(state: _Start, k: int) -> list[_Start]:
        """Next starts, columns of 2 first: they fit a School board beside any other player's column."""
        options = searches[k].round_outcomes(state, k == count - 1)
        return sorted(options, key=lambda nxt: abs(_taken(state, nxt) - 2)) if prefer_two else options

    again: list[Callable[[_Start, int], bool]] = [ok]

    try:
        if not ok(origin, 0):
            return None
        path: list[_Start] = []
        state = origin
        for k in range(count):
            last = k == count - 1
            state = next(nxt for nxt in balanced(state, k) if (last or nxt[0] < END_PRINT_CARDS) and ok(nxt, k + 1))
            path.append(state)
        return path
    finally:
        # ``ok`` calls itself through ``again``: emptied, the memo is freed at once, not by the cyclic collector.
        again.clear()


def _ranges(values: Sequence[int]) -> str:
    parts: list[str] = []
    run: list[int] = []
    for v in values:
        if run and v == run[-1] + 1:
            run.append(v)
        else:
            if run:
                parts.append(f"{run[0]}–{run[-1]}" if len(run) > 1 else str(run[0]))
            run = [v]
    if run:
        parts.append(f"{run[0]}–{run[-1]}" if len(run) > 1 else str(run[0]))
    return ", ".join(parts) or "no number of"


def _assistant_sources(player: DetailedPlayer, cat: Catalogue) -> int:
    icons = sum(1 for ref in player.studio if (h := resolve_studio(ref, cat)) and h.icon == "assistant")
    bonus = sum(1 for d in player.diplomas if (t := cat.diplomas.get(d)) and t.bonus == "assistant")
    return icons + bonus


def deep_check(table: Table) -> tuple[list[Issue], dict[str, Any]]:
    """``marquoir check --deep``: the ``UNREACHABLE`` issues, the JSON report under ``reachability`` and the
    witness as plain-text lines (``explanation_lines``)."""
    report = explain_reachability(table)
    return report.issues(), {"reachability": report.to_json(), "explanation_lines": report.render().splitlines()}
