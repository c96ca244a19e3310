"""One detailed player prepared for the search: the halves in order, and per Print and Studio prefix the icons,
arrows, keep icons and brushes owned, all as small integers and bit masks (bit ``x`` is Studio icon ``x``: 0 the
Starting tile's, then one per Studio card showing a landscape).

The brushes follow the painting rules on masks (:mod:`~marquoir.games.kanagawa.engine.painting`, the same functions
the engine plays by). Two exact reductions of the brushes' freedom rest on what is prepared here:

* icons of one landscape are interchangeable at the start of a round, so the search keeps one canonical placement
  of the brushes for all their renamings (:meth:`PreparedPlayer.canon`); within a round, icons of one landscape in
  the same state are interchangeable too, so moves and paints are tried from one icon of each kind only
  (:meth:`PreparedPlayer.kinds`): any other icon of the kind gives a state equal, up to renaming the icons, to one
  already made, with the same futures;
* a brush is moved only to an icon serving a card still to paint (:attr:`PreparedPlayer.useful_at`): a brush
  anywhere else could only be moved again.

The brush of a brush-bonus Diploma comes the moment the Diploma is met (Kanagawa rules, "Take the corresponding
diploma(s)"; data/SOURCES.md decision 8); Diplomas are judged by
:func:`~marquoir.games.kanagawa.diplomas.check_diploma`.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

import marquoir.games.kanagawa.engine.painting as painting
from marquoir.games.kanagawa.catalogue import Catalogue, Paint, PrintHalf, StudioHalf
from marquoir.games.kanagawa.diplomas import check_diploma
from marquoir.games.kanagawa.halves import paints_of
from marquoir.games.kanagawa.reach import clock
from marquoir.games.kanagawa.reach.steps import CardAt, IconAt
from marquoir.games.kanagawa.table import DetailedPlayer, Table
from marquoir.games.kanagawa.tableau import Tableau, print_label, resolve_print, resolve_studio
from marquoir.games.kanagawa.vocabulary import LANDSCAPES

# Brushes moved once the painting of a round is over: (from landscape group, to landscape group) per move.
Relocation = tuple[tuple[int, int], ...]


@dataclass
class PreparedPlayer:
    """A detailed player prepared for the search: halves, icons, thresholds, all by Print/Studio prefix, and the
    caches of what the search asks again and again (made once per table: a player is prepared per search)."""

    name: str
    index: int
    start_landscape: str
    start_arrows: int
    start_brushes: int
    prints: tuple[PrintHalf, ...]
    #: How the reasons name each Print card (:func:`~marquoir.games.kanagawa.tableau.print_label`).
    print_labels: tuple[str, ...]
    studios: tuple[StudioHalf, ...]
    kept: int
    player: DetailedPlayer
    cat: Catalogue
    table: Table
    #: The cards as the witness refers to them: Print and Studio by position, then the kept cards.
    print_cards: tuple[CardAt, ...] = ()
    studio_cards: tuple[CardAt, ...] = ()
    kept_cards: tuple[CardAt, ...] = ()
    #: Every landscape icon of the final Studio, for the witness.
    icons: list[IconAt] = field(default_factory=list)
    icons_at: list[tuple[str, ...]] = field(default_factory=list)
    arrows_at: list[int] = field(default_factory=list)
    keep_at: list[int] = field(default_factory=list)
    studio_brushes_at: list[int] = field(default_factory=list)
    brush_print_thresholds: list[int] = field(default_factory=list)
    brush_studio_thresholds: list[int] = field(default_factory=list)
    groups_at: list[tuple[tuple[int, ...], ...]] = field(default_factory=list)
    useful_at: list[int] = field(default_factory=list)
    serving_next: list[int] = field(default_factory=list)
    brush_table: list[list[int]] = field(default_factory=list)
    #: Brushes asked for once Print ``i`` and Studio ``j`` cards are laid, received or not (:meth:`capped`).
    asked_table: list[list[int]] = field(default_factory=list)
    #: The most brushes received: the ``brushes`` figure when the reserve ran dry (:meth:`capped`), else ``None``.
    cap: int | None = None
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
        tuple[tuple[int, ...], tuple[int, ...], int, tuple[int, ...]], tuple[tuple[tuple[int, ...], Relocation], ...]
    ] = field(default_factory=dict)
    ends_of: dict[tuple[int, int, int, int], list[tuple[int, Relocation]]] = field(default_factory=dict)
    relocation_cache: dict[tuple[int, int, int, int], list[tuple[int, Relocation]]] = field(default_factory=dict)
    _met: dict[tuple[int, int], frozenset[str]] = field(default_factory=dict)
    _thresholds: dict[str, tuple[str, int]] = field(default_factory=dict)
    _assistants: dict[tuple[int, int], int] = field(default_factory=dict)
    #: Per Studio prefix: the Assistant icons laid.
    assistant_icons_at: list[int] = field(default_factory=list)

    @property
    def n(self) -> int:
        """Print cards."""
        return len(self.prints)

    @property
    def m(self) -> int:
        """Studio cards."""
        return len(self.studios)

    @property
    def total(self) -> int:
        """Cards to take: Print, Studio and kept."""
        return self.n + self.m + self.kept

    def prepare(self, deadline: float) -> None:
        """Fill in the per-prefix figures and masks (once, before any search; :class:`~.clock.OutOfTime` past
        ``deadline``)."""
        icons = [self.start_landscape]
        self.icons = [IconAt(0, self.start_landscape)]
        self.icons_at = [tuple(icons)]
        self.arrows_at = [self.start_arrows]
        self.keep_at = [0]
        self.studio_brushes_at = [0]
        self.assistant_icons_at = [0]
        for card, half in zip(self.studio_cards, self.studios, strict=True):
            if half.landscape:
                self.icons.append(IconAt(len(icons), half.landscape, card))
                icons.append(half.landscape)
            self.icons_at.append(tuple(icons))
            self.arrows_at.append(self.arrows_at[-1] + (half.icon == "arrow"))
            self.keep_at.append(self.keep_at[-1] + (half.icon == "keep"))
            self.studio_brushes_at.append(self.studio_brushes_at[-1] + (half.icon == "brush"))
            self.assistant_icons_at.append(self.assistant_icons_at[-1] + (half.icon == "assistant"))
        self.size_at = [(1 << len(icons_now)) - 1 for icons_now in self.icons_at]
        for printed in self.prints:
            known = paints_of(printed, self.cat)
            if known:
                # Its need, or the needs of the catalogue cards a base half entered without it may be.
                needs = [(need, False) for need in known]
            else:
                # An expansion card entered without its painting need: one brush of whichever landscape suits.
                needs = [(Paint(landscape, 1), True) for landscape in LANDSCAPES]
            self.needs_at.append(
                [(need, guessed, painting.serving_mask(icons, need.landscape)) for need, guessed in needs]
            )
        self.most_needed = max((need.brushes for needs in self.needs_at for need, _g, _m in needs), default=1)
        clock.check(deadline)
        for icons_now in self.icons_at:
            groups: dict[str, list[int]] = {}
            for index, icon in enumerate(icons_now):
                groups.setdefault(icon, []).append(index)
            self.groups_at.append(tuple(tuple(g) for g in groups.values()))
            self.group_masks_at.append(tuple(sum(1 << x for x in g) for g in groups.values()))
            self.sizes_at.append(tuple(len(g) for g in groups.values()))
            self.prefix_masks_at.append(
                tuple(tuple(sum(1 << x for x in g[:c]) for c in range(len(g) + 1)) for g in groups.values())
            )
        # Icons that serve the Print card at position i: those serving one of its possible needs.
        final = self.size_at[-1] if self.size_at else 1
        for possible in self.needs_at:
            mask = 0
            for _need, _guessed, serving in possible:
                mask |= serving
            self.serving_next.append(mask & final)
        # Icons worth moving a brush to: those serving a Print card from position i on.
        useful = 0
        self.useful_at = [0] * (self.n + 1)
        for i in range(self.n - 1, -1, -1):
            useful |= self.serving_next[i]
            self.useful_at[i] = useful
        # Brush-bonus Diplomas: taken the moment first met, the brush comes then (their requirements do not
        # depend on brushes, so the prefix at which each is met is fixed).
        for diploma_id in dict.fromkeys(self.player.diplomas):
            tile = self.cat.diplomas.get(diploma_id)
            if tile is None or tile.bonus != "brush":
                continue
            clock.check(deadline)
            if tile.place == "print":
                self.brush_print_thresholds.append(self._first_met(tile.id, "print"))
            else:
                self.brush_studio_thresholds.append(self._first_met(tile.id, "studio"))
        self.brush_table = [[self._brushes_at(i, j) for j in range(self.m + 1)] for i in range(self.n + 1)]
        self.asked_table = self.brush_table
        self.max_paint = min(self.brush_table[self.n][self.m], len(self.icons_at[self.m]))
        # The thresholds of the held Diplomas (met_at), now rather than in the middle of a search.
        self.met_at(0, 0, deadline)

    def capped(self, cap: int) -> PreparedPlayer:
        """This player when the reserve ran dry: no more than ``cap`` brushes received in all, so ``min(asked,
        cap)`` at every moment (a reserve that is empty stays empty: data/SOURCES.md, decision 8). The caches of
        the icons are shared; what depends on the brushes is made again."""
        table = [[min(count, cap) for count in row] for row in self.asked_table]
        return dataclasses.replace(
            self,
            brush_table=table,
            cap=cap,
            max_paint=min(table[self.n][self.m], len(self.icons_at[self.m])),
            _met={},
            _assistants={},
        )

    @property
    def brushes_asked(self) -> int:
        """Brushes the finished tableau asks for: the Starting tile's, the brush icons, the brush Diplomas."""
        return self.asked_table[self.n][self.m]

    def _prefix_player(self, i: int, j: int, diplomas: tuple[str, ...]) -> DetailedPlayer:
        return DetailedPlayer(
            name=self.name,
            start=self.player.start,
            print=self.player.print[:i],
            studio=self.player.studio[:j],
            diplomas=diplomas,
            yokai=self.player.yokai,
        )

    def _first_met(self, diploma_id: str, place: str) -> int:
        """The first Print (``place`` ``print``, the whole Studio laid) or Studio prefix at which the Diploma is met
        (past the end when never: then ``n + 99`` or ``m + 99``). Print and Studio only grow, and what a Diploma
        counts with them, so the prefixes meeting it are the longest ones: found by halving."""
        size = self.n if place == "print" else self.m

        def met(k: int) -> bool:
            if place == "print":
                return self._meets(diploma_id, k, self.m, ())
            return self._meets(diploma_id, self.n, k, ())

        if not met(size):
            return size + 99
        low, high = 0, size
        while low < high:
            middle = (low + high) // 2
            if met(middle):
                high = middle
            else:
                low = middle + 1
        return low

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

    def relocations(self, placed: int, j: int, arrows: int, i: int) -> list[tuple[int, Relocation]]:
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
        the brush-bonus Diplomas met by then (data/SOURCES.md, decision 8)."""
        return self.brush_table[i][j]

    def _brushes_at(self, i: int, j: int) -> int:
        return (
            self.start_brushes
            + self.studio_brushes_at[j]
            + sum(1 for t in self.brush_print_thresholds if i >= t)
            + sum(1 for t in self.brush_studio_thresholds if j >= t)
        )

    def assistants_at(self, i: int, j: int) -> int:
        """How many times the player has taken the Assistant pawn once Print ``i`` and Studio ``j`` cards are laid:
        an Assistant icon laid in the Studio (Kanagawa rules, "Improve your Studio"), a held Diploma with the
        Assistant as bonus, taken the moment it is met (Kanagawa French rules, section 3)."""
        key = (i, j)
        known = self._assistants.get(key)
        if known is None:
            bonuses = sum(1 for d in self.met_at(i, j) if self.cat.diplomas[d].bonus == "assistant")
            known = self._assistants[key] = self.assistant_icons_at[j] + bonuses
        return known

    def met_at(self, i: int, j: int, deadline: float | None = None) -> frozenset[str]:
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
                if deadline is not None:
                    clock.check(deadline)
                if tile.family == "brushes":
                    tableau = Tableau.of(self._prefix_player(0, 0, ()), self.cat)
                    needed = check_diploma(tile, tableau, self.table.rules).needed
                    self._thresholds[diploma_id] = ("brushes", needed)
                elif tile.place == "print":
                    self._thresholds[diploma_id] = ("print", self._first_met(diploma_id, "print"))
                else:
                    self._thresholds[diploma_id] = ("studio", self._first_met(diploma_id, "studio"))
        met = frozenset(
            d
            for d, (kind, value) in self._thresholds.items()
            if (kind == "print" and i >= value)
            or (kind == "studio" and j >= value)
            or (kind == "brushes" and self.brushes_at(i, j) >= value)
        )
        self._met[key] = met
        return met


def _relocated_counts(
    counts: tuple[int, ...], sizes: tuple[int, ...], arrows: int, targets: tuple[int, ...]
) -> tuple[tuple[tuple[int, ...], Relocation], ...]:
    """Brushes per landscape group (``counts``, of groups of ``sizes`` icons) after up to ``arrows`` moves, each
    from a group holding a brush to a different ``targets`` group with an icon free: every reachable count vector,
    first found breadth first, with the moves that make it (see :meth:`PreparedPlayer.relocations`)."""
    found: dict[tuple[int, ...], Relocation] = {counts: ()}
    frontier: list[tuple[tuple[int, ...], Relocation]] = [(counts, ())]
    for _ in range(arrows):
        # The next level: each vector not found before, with the first way to it (in the order of the search).
        following: dict[tuple[int, ...], Relocation] = {}
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


def _card_id(ref: int | PrintHalf | StudioHalf) -> int | None:
    return ref if isinstance(ref, int) else ref.card_id


def prepare_player(
    player: DetailedPlayer, index: int, table: Table, cat: Catalogue, deadline: float
) -> PreparedPlayer | str:
    """``player`` (seat ``index``) prepared for the search, or why it cannot be searched (an unknown Starting tile
    or card: a legality issue, so the search never meets it); :class:`~.clock.OutOfTime` past ``deadline``."""
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
    prepared = PreparedPlayer(
        name=player.name,
        index=index,
        start_landscape=start.landscape,
        start_arrows=start.arrows,
        start_brushes=start.brushes,
        prints=tuple(prints),
        print_labels=tuple(print_label(ref, k + 1) for k, ref in enumerate(player.print)),
        studios=tuple(studios),
        kept=len(player.kept),
        player=player,
        cat=cat,
        table=table,
        print_cards=tuple(
            CardAt("print", k, _card_id(ref), half)
            for k, (ref, half) in enumerate(zip(player.print, prints, strict=True), 1)
        ),
        studio_cards=tuple(
            CardAt("studio", k, _card_id(ref), shalf)
            for k, (ref, shalf) in enumerate(zip(player.studio, studios, strict=True), 1)
        ),
        kept_cards=tuple(
            CardAt("kept", k + 1, _card_id(ref), None if isinstance(ref, int) else ref)
            for k, ref in enumerate(player.kept)
        ),
    )
    prepared.prepare(deadline)
    return prepared
