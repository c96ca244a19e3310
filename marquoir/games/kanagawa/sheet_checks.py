"""``SHEET``: the figures of a player entered from the paper sheet, each against the rules alone and against each
other (``marquoir/data/table-format.md``, "Player, sheet form"; "Issue codes").

Against the rules alone (:class:`~marquoir.games.kanagawa.bounds.SheetBounds`: the same for every player of a game)
and then, for that player, jointly with the rest of the table:

* **Diploma points** must be the points of a set of tiles, one per family in play (data/SOURCES.md, decision 7),
  each tile one no other player holds, and with no more painted cards needed than the Print holds beyond the
  Starting tile (:func:`~marquoir.games.kanagawa.bounds.least_painted`: four different buildings need four cards,
  and a boar and a deer cannot be painted when every boar lies on another player's table), and a Studio tile only
  when the cards and Starting tiles no other player holds can make it (three arrows cannot be had when three of
  the four arrow cards lie elsewhere: :func:`~marquoir.games.kanagawa.bounds.studio_possible`). Diplomas written as
  tiles are judged the same way.
* **Print cards**: at most 10 painted before the last round (decision 12), and in the last round no more than a
  column and the cards kept by keep icons, nor more than the brushes *this player* can own: 2 to start, one per
  brush icon still free of the other players' tables, one per Diploma with a brush bonus that the Diploma points
  allow ("Each Brush can only paint one Landscape per round", Kanagawa rules, "Place a Brush"; decision 8). With no
  brush Diploma a player owns at most 6 brushes in a base game.
* **Harmony** given the Print count (:func:`~marquoir.games.kanagawa.bounds.harmony_range`): the painted cards'
  Print halves and the other cards' Studio halves, out of the cards no other player holds (base families only:
  an expansion card's symbols are not known).

A relaxation each: a sheet is refused only when no game gives those figures together, never on a guess.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from marquoir.core.issues import Issue
from marquoir.games.kanagawa.bounds import (
    SheetBounds,
    TileChoice,
    harmony_range,
    least_painted,
    print_need,
    studio_possible,
    tile_choices,
)
from marquoir.games.kanagawa.catalogue import Catalogue, PrintHalf, StudioHalf
from marquoir.games.kanagawa.halves import card_of
from marquoir.games.kanagawa.naming import diploma_name
from marquoir.games.kanagawa.table import DetailedPlayer, SheetPlayer, Table
from marquoir.games.kanagawa.vocabulary import (
    BASE_FAMILIES,
    BRUSH_PAWNS,
    CARDS_PER_FAMILY,
    COLUMN_CARDS,
    END_PRINT_CARDS,
    STARTING_BRUSHES,
)
from marquoir.i18n import _, ngettext


@dataclass(frozen=True)
class TableContext:
    """What the detailed players and the tiles written down take from a sheet player: the catalogue cards on the
    detailed players' tables (ids) and who holds each tile written down (by seat)."""

    held_cards: frozenset[int]
    tile_holder: dict[str, int]

    @classmethod
    def of(cls, table: Table, cat: Catalogue) -> TableContext:
        held: set[int] = set()
        holder: dict[str, int] = {}
        for index, player in enumerate(table.players):
            if isinstance(player, DetailedPlayer):
                for ref in (*player.print, *player.studio, *player.kept):
                    card = ref if type(ref) is int else card_of(ref, cat)  # type: ignore[arg-type]
                    if card is not None and card in cat.cards:
                        held.add(card)
            if not isinstance(player.diplomas, int):
                for diploma_id in player.diplomas:
                    holder.setdefault(diploma_id, index)
        return cls(frozenset(held), holder)


def _count_text(count: int) -> str:
    return ngettext("{count} Print card", "{count} Print cards", count).format(count=count)


def sheet_issues(
    player: SheetPlayer,
    index: int,
    bounds: SheetBounds,
    table: Table,
    cat: Catalogue,
    context: TableContext,
) -> Iterator[Issue]:
    """SHEET at each figure that cannot be (see the module docstring): the game-wide bounds first; the player's own
    bounds only for figures within them."""
    found = list(_bound_issues(player, index, bounds))
    yield from found
    wrong = {issue.field for issue in found}
    yield from _own_issues(player, index, bounds, table, cat, context, wrong)


def _bound_issues(player: SheetPlayer, index: int, bounds: SheetBounds) -> Iterator[Issue]:
    """The figures against the bound the rules and the data give each in any game of these families
    (:mod:`~marquoir.games.kanagawa.bounds`)."""
    base = f"players[{index}].sheet"
    name = player.name
    if player.print_cards < 1:
        yield Issue(
            "SHEET",
            name,
            f"{base}.print_cards",
            ngettext(
                "{count} Print card: the Starting tile is 1",
                "{count} Print cards: the Starting tile is 1",
                player.print_cards,
            ).format(count=player.print_cards),
        )
    elif player.print_cards > bounds.print_most:
        yield Issue("SHEET", name, f"{base}.print_cards", bounds.print_text())
    if player.season_chain < 0:
        yield Issue(
            "SHEET", name, f"{base}.season_chain", _("a season chain of {count}").format(count=player.season_chain)
        )
    elif player.season_chain > max(player.print_cards, 0):
        yield Issue(
            "SHEET",
            name,
            f"{base}.season_chain",
            ngettext(
                "a chain of {chain} is longer than the Print ({cards} card)",
                "a chain of {chain} is longer than the Print ({cards} cards)",
                player.print_cards,
            ).format(chain=player.season_chain, cards=player.print_cards),
        )
    elif player.season_chain == 0 and player.print_cards >= 1:
        yield Issue("SHEET", name, f"{base}.season_chain", _("the Starting tile alone makes a chain of 1"))
    if bounds.harmony_most is not None and player.harmony > bounds.harmony_most:
        yield Issue("SHEET", name, f"{base}.harmony", bounds.harmony_most_text())
    elif bounds.harmony_least is not None and player.harmony < bounds.harmony_least:
        yield Issue("SHEET", name, f"{base}.harmony", bounds.harmony_least_text())
    if isinstance(player.diplomas, int) and player.diplomas not in bounds.diploma_sums:
        yield Issue(
            "SHEET",
            name,
            f"{base}.diplomas",
            ngettext(
                "{points} Diploma point cannot be made with one tile per family in play",
                "{points} Diploma points cannot be made with one tile per family in play",
                player.diplomas,
            ).format(points=player.diplomas),
        )


def _free_halves(table: Table, cat: Catalogue, context: TableContext) -> list[tuple[PrintHalf, StudioHalf]]:
    """The base cards in play no detailed player holds: the cards a sheet player can have painted or laid."""
    return [
        (card.print, card.studio)
        for card in cat.cards.values()
        if card.family in table.families and card.id not in context.held_cards
    ]


def _own_issues(
    player: SheetPlayer,
    index: int,
    bounds: SheetBounds,
    table: Table,
    cat: Catalogue,
    context: TableContext,
    wrong: set[str],
) -> Iterator[Issue]:
    base = f"players[{index}].sheet"
    name = player.name
    painted = player.print_cards - 1
    free = _free_halves(table, cat, context)
    others = [p for i, p in enumerate(table.players) if i != index]
    choices, taken = _choices(player, index, table, cat, context, free)
    points_field, print_field = f"{base}.diplomas", f"{base}.print_cards"

    # Diploma points (or tiles): some set of free tiles, within the Storm tokens left and the painted cards.
    if points_field not in wrong and player.diplomas != ():
        if not choices:
            yield Issue("SHEET", name, points_field, _no_choice_text(player, table, cat, taken, index))
            return
        least = min(choices, key=lambda c: c.painted)
        if painted >= 0 and least.painted > painted:
            yield Issue(
                "SHEET",
                name,
                points_field,
                ngettext(
                    "{diplomas} need at least {least} painted card ({tiles}), but the Print holds {painted} beyond "
                    "the Starting tile",
                    "{diplomas} need at least {least} painted cards ({tiles}), but the Print holds {painted} beyond "
                    "the Starting tile",
                    least.painted,
                ).format(
                    diplomas=_diplomas_text(player),
                    least=least.painted,
                    tiles=", ".join(diploma_name(cat.diplomas[d]) for d in least.tiles),
                    painted=painted,
                ),
            )
            return
        choices = [c for c in choices if c.painted <= painted]

    # Print cards: no more than this player's brushes can paint in the last round.
    if print_field not in wrong and choices and player.print_cards >= 1:
        keeps, icons = _keeps_and_icons(table, cat, context)
        box = BRUSH_PAWNS - STARTING_BRUSHES * len(others)
        best = max(choices, key=lambda c: c.brushes)
        brushes = min(box, STARTING_BRUSHES + icons + best.brushes)
        most = 1 + (END_PRINT_CARDS - 1) + min(COLUMN_CARDS + keeps, brushes)
        if player.print_cards > most and most < bounds.print_most:
            yield Issue(
                "SHEET",
                name,
                print_field,
                _(
                    "at most {most} Print cards for {name}: the Starting tile, {before} painted cards before the last "
                    "round, then in the last round one card for each brush owned, and {name} owns at most {brushes} "
                    "({start} to start, {icons}, {bonus})"
                ).format(
                    most=most,
                    name=name,
                    before=END_PRINT_CARDS - 1,
                    brushes=brushes,
                    start=STARTING_BRUSHES,
                    icons=ngettext(
                        "{count} brush icon the other players leave",
                        "{count} brush icons the other players leave",
                        icons,
                    ).format(count=icons),
                    bonus=ngettext(
                        "{count} Diploma with a brush that the Diploma points allow",
                        "{count} Diplomas with a brush that the Diploma points allow",
                        best.brushes,
                    ).format(count=best.brushes),
                ),
            )

    # Harmony given the Print count, out of the cards nobody else holds (base families only).
    known = all(f in BASE_FAMILIES for f in table.families)
    if f"{base}.harmony" not in wrong and print_field not in wrong and painted >= 0 and known:
        least_h, most_h = harmony_range(painted, free)
        if player.harmony > most_h:
            yield Issue(
                "SHEET",
                name,
                f"{base}.harmony",
                _(
                    "at most {most} Harmony symbols with {cards}: the painted cards' Print halves and every other "
                    "card's Studio half at best, of the cards the other players do not hold"
                ).format(most=most_h, cards=_count_text(player.print_cards)),
            )
        elif player.harmony < least_h:
            yield Issue(
                "SHEET",
                name,
                f"{base}.harmony",
                _(
                    "at least {least} Harmony symbols with {cards}: the painted cards' Print halves at worst, of the "
                    "cards the other players do not hold"
                ).format(least=least_h, cards=_count_text(player.print_cards)),
            )


def _no_choice_text(
    player: SheetPlayer, table: Table, cat: Catalogue, taken: list[tuple[str, int]], index: int
) -> str:
    """Why no set of tiles gives the player's Diploma figure: the tiles other players hold, or the cards a tile
    needs all lying on the other players' tables."""
    held = ", ".join(
        _("{diploma} ({holder})").format(diploma=diploma_name(cat.diplomas[d]), holder=table.players[i].name)
        for d, i in taken
    )
    if isinstance(player.diplomas, int):
        if held:
            return ngettext(
                "{points} Diploma point cannot be made with the tiles the other players leave and the cards they "
                "leave to paint (the other players hold {held})",
                "{points} Diploma points cannot be made with the tiles the other players leave and the cards they "
                "leave to paint (the other players hold {held})",
                player.diplomas,
            ).format(points=player.diplomas, held=held)
        return ngettext(
            "{points} Diploma point cannot be made with the cards the other players leave to paint",
            "{points} Diploma points cannot be made with the cards the other players leave to paint",
            player.diplomas,
        ).format(points=player.diplomas)
    return _("the Diplomas written down cannot all be met with the cards the other players leave to paint")


def _diplomas_text(player: SheetPlayer) -> str:
    if isinstance(player.diplomas, int):
        return ngettext("{points} Diploma point", "{points} Diploma points", player.diplomas).format(
            points=player.diplomas
        )
    return _("the Diplomas written down")


def _choices(
    player: SheetPlayer,
    index: int,
    table: Table,
    cat: Catalogue,
    context: TableContext,
    free: list[tuple[PrintHalf, StudioHalf]],
) -> tuple[list[TileChoice], list[tuple[str, int]]]:
    """The sets of tiles the player's Diploma figure can be (its points, or the tiles written down), each with what
    it needs and gives; and the tiles of the game another player holds (id, seat), for the words."""
    in_play = cat.diploma_ids_in_play(table.families)
    taken = [(d, i) for d, i in context.tile_holder.items() if i != index and d in in_play]
    others_hold = {d for d, _i in taken}
    by_family: dict[str, list[PrintHalf]] = {}
    for half, _studio in free:
        by_family.setdefault(half.family, []).append(half)
    studio = [s for _p, s in free]
    held_starts = {p.start for p in table.players if isinstance(p, DetailedPlayer)}
    starts = [t for k, t in cat.start_tiles.items() if k not in held_starts]
    jokers = table.rules.joker_counts_for_identical_landscapes
    known = all(f in BASE_FAMILIES for f in table.families)
    families: dict[str, list[tuple[str, int, int, int, int]]] = {}
    wanted = None if isinstance(player.diplomas, int) else set(player.diplomas)
    for diploma in cat.diplomas_in_play(table.families):
        if wanted is not None and diploma.id not in wanted:
            continue
        if wanted is None and diploma.id in others_hold:
            continue
        least = least_painted(diploma.id, by_family.get(diploma.family, ()))
        if least is None or not studio_possible(diploma.id, studio, starts, jokers, known):
            continue
        bonus = diploma.bonus
        option = (diploma.id, diploma.harmony, least, int(bonus == "brush"), int(bonus == "assistant"))
        families.setdefault(diploma.family, []).append(option)
    if wanted is not None:
        # Tiles written down: the one set they make, unless one of them cannot be met at all.
        if any(len(options) != 1 for options in families.values()) or len(families) < len(wanted & in_play):
            return [], taken
        return [c for c in tile_choices(list(families.values())) if len(c.tiles) == len(families)], taken
    choices = tile_choices(list(families.values()))
    return [c for c in choices if c.points == player.diplomas], taken


def tile_sets(player: SheetPlayer, index: int, table: Table, cat: Catalogue) -> list[TileChoice]:
    """The sets of tiles the sheet player at ``index`` can hold: those its Diploma figure (points or tiles) can be,
    free of the other players' tiles and within its Print's painted cards (see the module docstring). The deep
    check reads from them the most brushes the player's Diplomas can have given, and whether every set has it take
    the Assistant."""
    context = TableContext.of(table, cat)
    choices, _taken = _choices(player, index, table, cat, context, _free_halves(table, cat, context))
    return [c for c in choices if c.painted <= player.print_cards - 1]


def assistant_cards(sets: list[TileChoice], table: Table, cat: Catalogue) -> int:
    """The fewest cards a sheet player holding one of ``sets`` (:func:`tile_sets`) has taken when a Diploma with the
    Assistant as bonus gives it the Assistant: the tile is met only once its painted cards are in the Print
    (Kanagawa rules, "Take the corresponding diploma(s)"; :func:`~marquoir.games.kanagawa.bounds.least_painted` out
    of the cards no detailed player holds), and each painted card is a card taken; every Diploma with that bonus
    asks for one card of the player's at least (the Studio ones, "own 3 brushes" and "2 arrows", one more than a
    Starting tile shows; ``games/kanagawa/data/diplomas.csv``). The least over the sets, and over the Assistant
    tiles of a set (the first one met gives it first); 0 when a set has none."""
    context = TableContext.of(table, cat)
    by_family: dict[str, list[PrintHalf]] = {}
    for half, _studio in _free_halves(table, cat, context):
        by_family.setdefault(half.family, []).append(half)
    least = None
    for choice in sets:
        tiles = [d for d in choice.tiles if cat.diplomas[d].bonus == "assistant"]
        if not tiles:
            return 0
        for d in tiles:
            cards = max(least_painted(d, by_family.get(cat.diplomas[d].family, ())) or 0, 1)
            least = cards if least is None else min(least, cards)
    return least or 0


def _keeps_and_icons(table: Table, cat: Catalogue, context: TableContext) -> tuple[int, int]:
    """The keep icons and brush icons of the cards in play no detailed player holds (an expansion family's 18
    cards are not known: each may show one)."""
    keeps = icons = 0
    for card in cat.cards.values():
        if card.family in table.families and card.id not in context.held_cards:
            keeps += card.studio.icon == "keep"
            icons += card.studio.icon == "brush"
    unknown = sum(1 for f in table.families if f not in BASE_FAMILIES)
    return keeps + unknown * CARDS_PER_FAMILY, icons + unknown * CARDS_PER_FAMILY


#: How many sets of tiles, one per sheet player, :func:`sheets_together` weighs at most (bounded work: beyond, it
#: refuses nothing).
MOST_TOGETHER = 4096


def sheets_together(table: Table, cat: Catalogue, sets: dict[int, list[TileChoice]]) -> str | None:
    """Why the sheet players' Diplomas cannot all be had together, or ``None``: ``sets`` gives by seat the sets of
    tiles each sheet player's figure can be (:func:`tile_sets`, each one alone free of the detailed players' tiles
    and cards). Together, each tile exists once (Kanagawa rules, "Take the corresponding diploma(s)"), and each card
    once (one deck): the cards two sheet players paint are different cards, of those no detailed player holds. A
    set of tiles for each is sought in which no tile is twice and, in each base family, the Print Diplomas of all of
    them fit the family's free cards: their fewest painted cards in all (:func:`~marquoir.games.kanagawa.bounds.
    least_painted`) within the free cards, each animal asked for within its free cards, the trees asked for within
    the free trees, and a Diploma of different subjects using each subject once. A relaxation (each sheet's own
    need is the legality check's): ``None`` when some set of each fits it, or when there are more than
    :data:`MOST_TOGETHER` to weigh."""
    seats = sorted(sets)
    if len(seats) < 2 or any(not sets[s] for s in seats):
        return None
    combos = 1
    for s in seats:
        combos *= len(sets[s])
    if combos > MOST_TOGETHER:
        return None
    context = TableContext.of(table, cat)
    free: dict[str, list[PrintHalf]] = {}
    for half, _studio in _free_halves(table, cat, context):
        free.setdefault(half.family, []).append(half)
    tile_clash = False

    def fits(tiles: list[str]) -> bool:
        by_family: dict[str, list[str]] = {}
        for d in tiles:
            family = cat.diplomas[d].family
            if family in BASE_FAMILIES:
                by_family.setdefault(family, []).append(d)
        for family, ids in by_family.items():
            halves = free.get(family, [])
            needs = [(d, least_painted(d, halves)) for d in ids]
            if any(n is None for _d, n in needs) or sum(n or 0 for _d, n in needs) > len(halves):
                return False
            asked: dict[str, int] = {}
            trees = 0
            for d, _n in needs:
                need = print_need(d)
                if need is None:
                    continue
                kind, figure = need
                if kind == "animals":
                    assert isinstance(figure, tuple)
                    for animal in figure:
                        asked[animal] = asked.get(animal, 0) + 1
                elif kind == "trees":
                    assert isinstance(figure, int)
                    trees += figure
                elif kind.startswith("different:"):
                    asked[kind] = asked.get(kind, 0) + int(figure)  # type: ignore[call-overload]
                    asked[kind + "#"] = asked.get(kind + "#", 0) + 1
            if trees > sum(h.trees for h in halves):
                return False
            for key, count in asked.items():
                if key.endswith("#"):
                    continue
                if key.startswith("different:"):
                    attr = key.split(":")[1]
                    kinds = Counter(getattr(h, attr) for h in halves if getattr(h, attr))
                    users = asked[key + "#"]
                    if count > sum(min(n, users) for n in kinds.values()):
                        return False
                elif count > sum(1 for h in halves if h.animal == key):
                    return False
        return True

    for combo in itertools.product(*(sets[s] for s in seats)):
        tiles = [d for choice in combo for d in choice.tiles]
        if len(set(tiles)) < len(tiles):
            tile_clash = True
            continue
        if fits(tiles):
            return None
    names = ", ".join(table.players[s].name for s in seats)
    if tile_clash:
        return _(
            "the Diplomas of the players entered from the sheet ({names}) cannot all be had together: each tile "
            "exists once, and each card once, of those the other players leave"
        ).format(names=names)
    return _(
        "the Diplomas of the players entered from the sheet ({names}) cannot all be had together: the cards they "
        "need painted are more than the other players leave (each card exists once)"
    ).format(names=names)
