"""The legality report: everything that makes a finished table impossible, all at once.

Each check below names its issue code (``marquoir/data/table-format.md``, "Issue codes") and the rule behind it.
A table with no issue is *legal*: every count, reference and Diploma is possible on its own. Legal does not yet
prove *reachable*: whether the cards could have been taken and painted in that order, round after round, is the
rules engine's question (``marquoir check --deep``, code ``UNREACHABLE``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache
from typing import Any

from marquoir.core.issues import Issue
from marquoir.games.kanagawa.catalogue import CardRef, Catalogue, PrintHalf, StudioHalf, catalogue
from marquoir.games.kanagawa.diplomas import check_diploma, unmet
from marquoir.games.kanagawa.table import DetailedPlayer, Player, SheetPlayer, Table
from marquoir.games.kanagawa.tableau import Tableau, tableaux_of
from marquoir.games.kanagawa.vocabulary import (
    BASE_FAMILIES,
    BRUSH_PAWNS,
    CARDS_PER_FAMILY,
    EXPANSION_FAMILIES,
    STORM_TOKENS,
    YOKAI_TOKENS,
)
from marquoir.i18n import _

#: Every issue code, in the order of the table format (stable: only ever added to).
CODES = (
    "PLAYER_COUNT",
    "FAMILIES",
    "CARD_UNKNOWN",
    "CARD_DUPLICATE",
    "CARD_FAMILY_NOT_IN_PLAY",
    "FAMILY_OVERFLOW",
    "START_TILE",
    "DIPLOMA_UNKNOWN",
    "DIPLOMA_DUPLICATE",
    "DIPLOMA_SAME_FAMILY",
    "DIPLOMA_UNMET",
    "GRAND_MASTER",
    "YOKAI",
    "STORMS",
    "BRUSHES",
    "PRINT_UNPAINTABLE",
    "KEPT",
    "SHEET",
    "UNREACHABLE",
)


_SUBJECT_FAMILY = {
    "trees": "trees",
    "building": "buildings",
    "character": "characters",
    "animal": "animals",
    "kites": "kites",
    "lanterns": "lanterns",
    "umbrellas": "umbrellas",
}


def _print_object_problem(half: PrintHalf, cat: Catalogue) -> str | None:
    """Why a Print half entered by what is printed on it cannot exist, or ``None``."""
    present = {
        "trees": half.trees != 0,
        "building": half.building is not None,
        "character": half.character is not None,
        "animal": half.animal is not None,
        "kites": bool(half.kites),
        "lanterns": half.lanterns != 0,
        "umbrellas": half.umbrellas != 0,
    }
    for key, shown in present.items():
        if shown and _SUBJECT_FAMILY[key] != half.family:
            return _("a {family} card cannot show {what}").format(family=_(half.family), what=_(key))
    if half.trees and not 1 <= half.trees <= 3:
        return _("a trees card shows 1 to 3 trees, not {n}").format(n=half.trees)
    if half.lanterns and not 1 <= half.lanterns <= 3:
        return _("a lanterns card shows 1 to 3 lanterns, not {n}").format(n=half.lanterns)
    if half.umbrellas < 0:
        return _("a card cannot show {n} umbrellas").format(n=half.umbrellas)
    if half.paint is not None and not 1 <= half.paint.brushes <= 2:
        return _("a card needs 1 or 2 brushes to paint, not {n}").format(n=half.paint.brushes)
    if half.family in BASE_FAMILIES:
        if half.yokai_arrival:
            return _("the Yokai arrival icon is only on expansion cards")
        if not _matches_catalogue(half, cat):
            return _("no {family} card of the catalogue shows this Print half; enter it by its id").format(
                family=_(half.family)
            )
    return None


@cache
def _print_signatures(cat: Catalogue) -> frozenset[tuple[Any, ...]]:
    return frozenset(
        (c.family, c.print.season, c.print.harmony, c.print.trees, c.print.building, c.print.character, c.print.animal)
        for c in cat.cards.values()
    )


def _matches_catalogue(half: PrintHalf, cat: Catalogue) -> bool:
    signature = (half.family, half.season, half.harmony, half.trees, half.building, half.character, half.animal)
    if signature not in _print_signatures(cat):
        return False
    if half.paint is None:
        return True
    return any(
        c.family == half.family and c.print.season == half.season and c.print.paint == half.paint
        for c in cat.cards.values()
    )


def _studio_object_problem(half: StudioHalf) -> str | None:
    if half.family in BASE_FAMILIES and half.yokai_move:
        return _("the Yokai movement icon is only on expansion cards")
    return None


def _path(index: int, place: str, i: int) -> str:
    return f"players[{index}].{place}[{i}]"


def _card_issues(players: Sequence[Player], families: tuple[str, ...], cat: Catalogue) -> Iterator[Issue]:
    """CARD_UNKNOWN, CARD_DUPLICATE, CARD_FAMILY_NOT_IN_PLAY, FAMILY_OVERFLOW, each at the card's path, in one walk
    over the cards (a catalogue id's family is one lookup; a card entered by what is printed on it is judged here)."""
    family_of = cat.family_of
    seen: set[int] = set()
    per_family: dict[str, int] = {}
    for index, player in enumerate(players):
        if not isinstance(player, DetailedPlayer):
            continue
        for place, refs in _zones(player):
            for i, ref in enumerate(refs):
                if type(ref) is int:
                    family = family_of.get(ref)
                    if family is None:
                        text = _("there is no card {card}: base cards are 1 to 72").format(card=ref)
                        yield Issue("CARD_UNKNOWN", player.name, _path(index, place, i), text)
                        continue
                    if ref in seen:
                        text = _("card {card} is already used at {place}").format(
                            card=ref, place=_first_use(players, ref)
                        )
                        yield Issue("CARD_DUPLICATE", player.name, _path(index, place, i), text)
                    else:
                        seen.add(ref)
                else:
                    assert isinstance(ref, PrintHalf | StudioHalf)
                    family = ref.family
                    problem = (
                        _print_object_problem(ref, cat) if isinstance(ref, PrintHalf) else _studio_object_problem(ref)
                    )
                    if problem:
                        yield Issue("CARD_UNKNOWN", player.name, _path(index, place, i), problem)
                per_family[family] = per_family.get(family, 0) + 1
                if family not in families:
                    text = _("a {family} card, but {family} are not in play").format(family=_(family))
                    yield Issue("CARD_FAMILY_NOT_IN_PLAY", player.name, _path(index, place, i), text)
    for family, count in per_family.items():
        if count > CARDS_PER_FAMILY:
            yield Issue(
                "FAMILY_OVERFLOW",
                None,
                "players",
                _("{count} {family} cards on the table: the deck has 18").format(count=count, family=_(family)),
            )


def _zones(player: DetailedPlayer) -> tuple[tuple[str, tuple[CardRef, ...]], ...]:
    """A detailed player's cards by place, in document order."""
    return (("print", player.print), ("studio", player.studio), ("kept", player.kept))


def _first_use(players: Sequence[Player], card: int) -> str:
    """The path of the first place catalogue card ``card`` lies on the table (for the message of a duplicate)."""
    for index, player in enumerate(players):
        if isinstance(player, DetailedPlayer):
            for place, refs in _zones(player):
                if card in refs:
                    return _path(index, place, refs.index(card))
    raise AssertionError(card)  # only asked about a card seen on the table


def iter_issues(
    table: Table, cat: Catalogue | None = None, tableaux: Sequence[Tableau | None] | None = None
) -> Iterator[Issue]:
    """Every legality issue of ``table``, table-wide checks first, then player by player. ``tableaux`` are the
    players' tableaux when the caller has them already (:func:`~marquoir.games.kanagawa.tableau.tableaux_of`: the
    scoring hands over its own), else they are made here."""
    cat = cat or catalogue()
    if tableaux is None:
        tableaux = tableaux_of(table, cat)
    players = table.players
    in_play_diplomas = cat.diploma_ids_in_play(table.families)
    yokai_game = any(f in EXPANSION_FAMILIES for f in table.families)

    # PLAYER_COUNT — Kanagawa is played by 2 to 4 (Kanagawa French rules, section 1).
    if not 2 <= len(players) <= 4:
        yield Issue(
            "PLAYER_COUNT",
            None,
            "players",
            _("{count} players: Kanagawa is played by 2 to 4").format(count=len(players)),
        )

    # FAMILIES — the 4 base families, or 2 base + 2 expansion (Yokai rules, "Game Set-up" 4).
    families = table.families
    base = [f for f in families if f in BASE_FAMILIES]
    if len(set(families)) != len(families) or len(families) != 4 or len(base) not in (2, 4):
        yield Issue(
            "FAMILIES",
            None,
            "families",
            _("{families}: play the 4 base families, or 2 base and 2 expansion families").format(
                families=", ".join(_(f) for f in families) or _("no family")
            ),
        )

    # Cards across the table: CARD_UNKNOWN, CARD_DUPLICATE, CARD_FAMILY_NOT_IN_PLAY, FAMILY_OVERFLOW.
    yield from _card_issues(players, families, cat)

    # START_TILE — one tile each, from S1–S4 (Kanagawa French rules, section 1).
    tile_owner: dict[str, int] = {}
    for index, player in enumerate(players):
        if not isinstance(player, DetailedPlayer):
            continue
        path = f"players[{index}].start"
        if player.start not in cat.start_tiles:
            yield Issue(
                "START_TILE",
                player.name,
                path,
                _("there is no Starting tile {tile} (S1 to S4)").format(tile=repr(player.start)),
            )
        elif player.start in tile_owner:
            other = players[tile_owner[player.start]].name
            yield Issue(
                "START_TILE",
                player.name,
                path,
                _("Starting tile {tile} is already {other}'s").format(tile=player.start, other=other),
            )
        else:
            tile_owner[player.start] = index

    # Diplomas: DIPLOMA_UNKNOWN, DIPLOMA_DUPLICATE, DIPLOMA_SAME_FAMILY (Kanagawa rules; data/SOURCES.md decision 7).
    holder: dict[str, str] = {}
    for index, player in enumerate(players):
        ids = player.diplomas
        if isinstance(ids, int):
            continue
        sheet = "sheet." if isinstance(player, SheetPlayer) else ""
        families_held: dict[str, str] = {}
        for i, diploma_id in enumerate(ids):
            tile = cat.diplomas.get(diploma_id)
            if tile is None:
                yield Issue(
                    "DIPLOMA_UNKNOWN",
                    player.name,
                    f"players[{index}].{sheet}diplomas[{i}]",
                    _("there is no Diploma {diploma}").format(diploma=repr(diploma_id)),
                )
                continue
            if diploma_id not in in_play_diplomas:
                yield Issue(
                    "DIPLOMA_UNKNOWN",
                    player.name,
                    f"players[{index}].{sheet}diplomas[{i}]",
                    _("{diploma} is not a Diploma of this game's families").format(diploma=diploma_id),
                )
                continue
            if diploma_id in holder:
                who = holder[diploma_id]
                text = (
                    _("{diploma} is held twice")
                    if who == player.name
                    else _("{diploma} is held by {other} too: each tile exists once")
                )
                yield Issue(
                    "DIPLOMA_DUPLICATE",
                    player.name,
                    f"players[{index}].{sheet}diplomas[{i}]",
                    text.format(diploma=diploma_id, other=who),
                )
            else:
                holder[diploma_id] = player.name
            if tile.family in families_held:
                yield Issue(
                    "DIPLOMA_SAME_FAMILY",
                    player.name,
                    f"players[{index}].{sheet}diplomas[{i}]",
                    _("{diploma} and {other}: one Diploma per family").format(
                        diploma=diploma_id, other=families_held[tile.family]
                    ),
                )
            else:
                families_held[tile.family] = diploma_id

    # GRAND_MASTER — one pawn (Kanagawa rules, "Components").
    masters = [p.name for p in players if p.grand_master]
    if players and len(masters) != 1:
        yield Issue(
            "GRAND_MASTER",
            None,
            "players",
            _("nobody holds the Grand Master pawn")
            if not masters
            else _("{count} players hold the Grand Master pawn ({names}): there is one").format(
                count=len(masters), names=", ".join(masters)
            ),
        )

    # YOKAI — 3 tokens, only with the expansion (Yokai rules, "Game Elements").
    total_yokai = 0
    for index, player in enumerate(players):
        total_yokai += max(player.yokai, 0)
        if not player.yokai:
            continue
        path = f"players[{index}].{'sheet.' if isinstance(player, SheetPlayer) else ''}yokai"
        if not yokai_game:
            yield Issue("YOKAI", player.name, path, _("Yokai tokens, but no expansion family is in play"))
        elif not 0 <= player.yokai <= YOKAI_TOKENS:
            yield Issue(
                "YOKAI", player.name, path, _("{count} Yokai tokens: a player holds 0 to 3").format(count=player.yokai)
            )
    if total_yokai > YOKAI_TOKENS:
        yield Issue(
            "YOKAI", None, "players", _("{count} Yokai tokens held in all: there are 3").format(count=total_yokai)
        )

    # Player by player.
    brushes_total = 0
    storms_total = 0
    for index, (player, tableau) in enumerate(zip(players, tableaux, strict=True)):
        if isinstance(player, SheetPlayer):
            yield from _sheet_issues(player, index, table, cat)
            continue
        assert tableau is not None  # tableaux_of makes one for every detailed player
        yield from _detailed_issues(player, index, tableau, table, cat, in_play_diplomas)
        brushes_total += max(tableau.brushes_owned, 0)
        storms_total += tableau.storm_bonus_diplomas
    if brushes_total > BRUSH_PAWNS:
        yield Issue(
            "BRUSHES", None, "players", _("{count} brushes owned in all: the box has 15").format(count=brushes_total)
        )
    if storms_total > STORM_TOKENS:
        yield Issue(
            "STORMS", None, "players", _("{count} Storm tokens earned in all: there are 3").format(count=storms_total)
        )


def _detailed_issues(
    player: DetailedPlayer,
    index: int,
    tableau: Tableau,
    table: Table,
    cat: Catalogue,
    in_play: frozenset[str],
) -> Iterator[Issue]:
    name = player.name
    base = f"players[{index}]"

    # DIPLOMA_UNMET — a Diploma is taken the moment it is met, and Print and Studio only grow (Kanagawa rules).
    for i in unmet(player.diplomas, tableau, table.rules, in_play):
        verdict = check_diploma(cat.diplomas[player.diplomas[i]], tableau, table.rules)
        yield Issue("DIPLOMA_UNMET", name, f"{base}.diplomas[{i}]", verdict.describe())

    # STORMS — tokens only from Diplomas, one per card, on a Print place (Kanagawa French rules; data/SOURCES.md
    # decision 3).
    if player.storms is not None:
        earned = tableau.storm_bonus_diplomas
        if len(player.storms) > earned:
            yield Issue(
                "STORMS",
                name,
                f"{base}.storms",
                _("{placed} Storm tokens placed, {earned} earned from Diplomas").format(
                    placed=len(player.storms), earned=earned
                ),
            )
        places = 1 + len(player.print)
        used: set[int] = set()
        for i, storm in enumerate(player.storms):
            path = f"{base}.storms[{i}].at"
            if not 0 <= storm.at < places:
                yield Issue(
                    "STORMS",
                    name,
                    path,
                    _("position {at} is outside the Print (0 to {last})").format(at=storm.at, last=places - 1),
                )
            elif storm.at in used:
                yield Issue("STORMS", name, path, _("two Storm tokens on position {at}").format(at=storm.at))
            elif storm.at == 0 and not table.rules.storm_on_start_tile:
                yield Issue("STORMS", name, path, _("the rule options forbid a Storm token on the Starting tile"))
            used.add(storm.at)

    # BRUSHES — the figure given must be what the tableau explains (data/SOURCES.md, decision 8).
    if player.brushes is not None:
        explained = tableau.brushes_explained
        if player.brushes != explained:
            yield Issue(
                "BRUSHES",
                name,
                f"{base}.brushes",
                _(
                    "{given} brushes, but the tableau explains {explained} (2 to start, {icons} brush icon(s), "
                    "{diplomas} brush Diploma(s))"
                ).format(
                    given=player.brushes,
                    explained=explained,
                    icons=len(tableau.icons("brush")),
                    diplomas=tableau.brush_bonus_diplomas,
                ),
            )

    # PRINT_UNPAINTABLE — a card needs its count of brushes on Studio icons of its landscape (Kanagawa rules).
    owned = tableau.brushes_explained
    if any(
        need > owned or need > tableau.icons_serving(landscape)
        for landscape, need in tableau.counts.most_brushes_needed.items()
    ):
        yield from _unpaintable(tableau, name, base, owned)

    # KEPT — one card kept per keep icon (Kanagawa rules, "Continue your work").
    if len(player.kept) > tableau.keep_icons:
        yield Issue(
            "KEPT",
            name,
            f"{base}.kept",
            _("{kept} kept card(s), but the Studio has {icons} keep icon(s)").format(
                kept=len(player.kept), icons=tableau.keep_icons
            ),
        )


def _unpaintable(tableau: Tableau, name: str, base: str, owned: int) -> Iterator[Issue]:
    """PRINT_UNPAINTABLE at each Print card whose need the final Studio can never meet."""
    serving_by_landscape: dict[str, int] = {}
    for i, half in enumerate(tableau.print):
        if half is None or half.paint is None:
            continue
        landscape, need = half.paint.landscape, half.paint.brushes
        serving = serving_by_landscape.get(landscape)
        if serving is None:
            serving = serving_by_landscape[landscape] = tableau.icons_serving(landscape)
        if serving < need or owned < need:
            yield Issue(
                "PRINT_UNPAINTABLE",
                name,
                f"{base}.print[{i}]",
                _(
                    "card {card} needs {need} brush(es) on {landscape}; the Studio has {serving} icon(s) that serve "
                    "{landscape}"
                ).format(card=tableau.print_labels()[i], need=need, landscape=_(landscape), serving=serving),
            )


def _achievable_diploma_points(families: Sequence[str], cat: Catalogue) -> frozenset[int]:
    """Every sum of Diploma points a player can hold: at most one tile per family in play."""
    sums = {0}
    by_family: dict[str, list[int]] = {}
    for diploma in cat.diplomas_in_play(tuple(families)):
        by_family.setdefault(diploma.family, []).append(diploma.harmony)
    for points in by_family.values():
        sums |= {s + p for s in sums for p in points}
    return frozenset(sums)


def _sheet_issues(player: SheetPlayer, index: int, table: Table, cat: Catalogue) -> Iterator[Issue]:
    base = f"players[{index}].sheet"
    name = player.name
    if player.print_cards < 1:
        yield Issue(
            "SHEET",
            name,
            f"{base}.print_cards",
            _("{count} Print cards: the Starting tile is 1").format(count=player.print_cards),
        )
    if player.season_chain < 0:
        yield Issue(
            "SHEET", name, f"{base}.season_chain", _("a season chain of {count}").format(count=player.season_chain)
        )
    elif player.season_chain > max(player.print_cards, 0):
        yield Issue(
            "SHEET",
            name,
            f"{base}.season_chain",
            _("a chain of {chain} is longer than the Print ({cards} cards)").format(
                chain=player.season_chain, cards=player.print_cards
            ),
        )
    elif player.season_chain == 0 and player.print_cards >= 1:
        yield Issue("SHEET", name, f"{base}.season_chain", _("the Starting tile alone makes a chain of 1"))
    if isinstance(player.diplomas, int) and player.diplomas not in _achievable_diploma_points(table.families, cat):
        yield Issue(
            "SHEET",
            name,
            f"{base}.diplomas",
            _("{points} Diploma points cannot be made with one tile per family in play").format(points=player.diplomas),
        )


def check(table: Table, cat: Catalogue | None = None) -> list[Issue]:
    """All the legality issues of ``table`` at once (see :func:`iter_issues`)."""
    return list(iter_issues(table, cat))


def is_legal(table: Table, cat: Catalogue | None = None) -> bool:
    """Whether ``table`` has no legality issue. Legal is not reachable: see the module docstring."""
    return not any(True for _ in iter_issues(table, cat))
