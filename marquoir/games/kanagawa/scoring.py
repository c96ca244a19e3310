"""End-of-game scoring: every Harmony source of Kanagawa and the Yokai expansion, each figure explained.

Sources (Kanagawa French rules, section 3 "Comptage des points"; Yokai rules, "End of the Game"; data/SOURCES.md
decisions 1–6): 1 point per Print card, Starting tile included; 1 point per card of the longest chain of neighbouring
Print cards of one season (storm-season cards count as any season; each Storm token placed on a Print card replaces
its season); printed Harmony symbols on Print and Studio cards (+1, −1 crossed; kept cards nothing); the Diplomas
held; 2 points for the Grand Master pawn; −1, −4, −9 for 1, 2, 3 Yokai tokens held. Ties share the victory. A
reference to nothing (a card id or Starting tile that does not exist, a half no card shows) counts for nothing:
no Print card point, no place in the chain, no symbols (the table format; a legality issue).

This module is the only scoring there is: the CLI, the web app and the rules engine all call :func:`score`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from marquoir.core.report import PlayerScore as CorePlayerScore
from marquoir.core.report import ScoreReport, competition_ranks
from marquoir.games.kanagawa.catalogue import Catalogue, PrintHalf, StudioHalf, catalogue
from marquoir.games.kanagawa.legality import iter_issues
from marquoir.games.kanagawa.naming import (
    diploma_id_text,
    diploma_text,
    items_text,
    print_name,
    storm_text,
    subject_text,
    unknown_card_text,
)
from marquoir.games.kanagawa.table import DetailedPlayer, Player, SheetPlayer, StormPlacement, Table
from marquoir.games.kanagawa.tableau import Tableau, tableaux_of
from marquoir.games.kanagawa.vocabulary import CATEGORIES, CATEGORY_LABELS, GRAND_MASTER_POINTS, SEASONS, YOKAI_PENALTY
from marquoir.i18n import _, ngettext

#: The sheet's rows (the game's one label map: :data:`~marquoir.games.kanagawa.vocabulary.CATEGORY_LABELS`).
CATEGORY_NAMES = CATEGORY_LABELS


class Chain(NamedTuple):
    """The longest season chain: Print places ``first``..``last`` (0 = Starting tile), in ``season``,
    with the Storm tokens that were placed (``storms``: the player's own and the calculator's)."""

    length: int
    season: str | None
    first: int
    last: int
    storms: tuple[StormPlacement, ...]
    chosen: tuple[StormPlacement, ...] = ()
    unused_tokens: int = 0


def _plain_chain(effective: Sequence[str | None]) -> tuple[int, str | None, int]:
    """The longest run with no token to place, in one pass: (length, season, first place). A run is measured when
    it breaks; storm cards just before a break belong to both runs."""
    best_length, best_season, best_left = 0, None, 0
    left = 0
    season: str | None = None  # the season of the current run; None while it holds only storm cards
    storms_from = -1  # where the storm cards just before this place begin, -1 when the last place was no storm
    for right, s in enumerate(effective):
        if s == "storm":
            if storms_from < 0:
                storms_from = right
            continue
        if s is None or (season is not None and s != season):
            if right - left > best_length:
                best_length, best_season, best_left = right - left, season or SEASONS[0], left
            if s is None:
                left, season, storms_from = right + 1, None, -1
                continue
            left = storms_from if storms_from >= 0 else right
        season, storms_from = s, -1
    if len(effective) - left > best_length:
        best_length, best_season, best_left = len(effective) - left, season or SEASONS[0], left
    return best_length, best_season, best_left


def _chain_with_tokens(
    effective: Sequence[str | None],
    free: int,
    fixed_at: dict[int, str],
    start_may_take_storm: bool,
    blocked: frozenset[int] = frozenset(),
) -> tuple[int, str | None, int, tuple[int, ...]]:
    """The longest run when ``free`` tokens may still be placed: a sliding window per season holding at most
    ``free`` places that neither match nor are wild. (length, season, first place, places given a token)."""
    best_length, best_season, best_left = 0, None, 0
    best_converted: tuple[int, ...] = ()
    # A window for a season that no card shows holds only wild and converted places, and any present season
    # does at least as well there: only the seasons on the cards need a look (the first one when none is).
    present = [season for season in SEASONS if season in effective] or [SEASONS[0]]
    for season in present:
        left = 0
        converted: list[int] = []
        first = 0  # converted[first:] are the conversions inside the window
        for right, s in enumerate(effective):
            if s != season and s != "storm":
                # A place can take a token unless it has one already, is blocked (an unknown card: it counts for
                # nothing), or is a Starting tile the options forbid.
                if right not in fixed_at and right not in blocked and (right or start_may_take_storm):
                    converted.append(right)
                    if len(converted) - first > free:
                        left = converted[first] + 1
                        first += 1
                else:
                    left = right + 1
                    converted, first = [], 0
                    continue
            length = right - left + 1
            if length > best_length or (length == best_length and left < best_left):
                best_length, best_season, best_left = length, season, left
                best_converted = tuple(converted[first:])
    return best_length, best_season, best_left, best_converted


def longest_chain(
    seasons: Sequence[str | None],
    tokens: int,
    fixed: Sequence[StormPlacement] = (),
    start_may_take_storm: bool = True,
    blocked: frozenset[int] = frozenset(),
) -> Chain:
    """The longest run of neighbouring Print places of one season (Kanagawa French rules, section 3).

    ``seasons`` lists the Print from the Starting tile on (``storm`` is wild; ``None`` a place of no season, which
    matches nothing but can take a token); the places in ``blocked`` take no token (the scoring blocks an unknown
    card: it counts for nothing). ``fixed`` are the placements the player said; the other ``tokens`` are placed by
    the calculator where they make the chain longest (data/SOURCES.md, decision 3).
    Among equally long chains the earliest, then the first season in the order spring, summer, autumn, winter, is
    chosen.
    """
    fixed_at = {s.at: s.season for s in fixed if 0 <= s.at < len(seasons)}
    effective = [fixed_at.get(i, s) for i, s in enumerate(seasons)] if fixed_at else seasons
    free = max(tokens, 0)
    if not free:
        best_length, best_season, best_left = _plain_chain(effective)
        best_converted: tuple[int, ...] = ()
    else:
        best_length, best_season, best_left, best_converted = _chain_with_tokens(
            effective, free, fixed_at, start_may_take_storm, blocked
        )
    if best_season is None:
        return Chain(0, None, 0, -1, tuple(fixed), (), free)
    chosen = tuple(StormPlacement(at, best_season) for at in best_converted)
    return Chain(
        best_length,
        best_season,
        best_left,
        best_left + best_length - 1,
        tuple(fixed) + chosen,
        chosen,
        free - len(chosen),
    )


class PlayerScore(CorePlayerScore):
    """A Kanagawa player's column of the sheet (:class:`marquoir.core.report.PlayerScore`), with the season chain
    behind its figure (``detail``) and the Storm placements it used."""

    __slots__ = ()

    @property
    def chain(self) -> Chain | None:
        """The longest season chain of a detailed player (``None`` for a player entered from the sheet)."""
        detail: Chain | None = self.detail
        return detail

    @property
    def storms(self) -> tuple[StormPlacement, ...] | None:
        """Where the Storm tokens lie: the player's own placements and the calculator's."""
        return self.chain.storms if self.chain is not None else None


def yokai_penalty(tokens: int) -> int:
    """Seed 003, "End of the Game": 1 → −1, 2 → −4, 3 → −9 (out-of-range counts are a legality issue; they
    are scored as the nearest figure the seed gives)."""
    return YOKAI_PENALTY[min(max(tokens, 0), 3)]


def _diploma_points(ids: Sequence[str], table: Table, cat: Catalogue) -> int:
    """The points of the Diplomas held; an id that is no Diploma of this game counts nothing (a legality issue)."""
    in_play = cat.diploma_ids_in_play(table.families)
    diplomas = cat.diplomas
    return sum(diplomas[d].harmony for d in ids if d in in_play)


def _diploma_text(ids: Sequence[str], table: Table, cat: Catalogue) -> str:
    """The Diplomas held by name and points (``Trees Diploma (5 trees), 7 points``); one that is no Diploma of this
    game counts nothing (a legality issue)."""
    in_play = cat.diploma_ids_in_play(table.families)
    parts = [
        diploma_text(cat.diplomas[d])
        if d in in_play
        else _("{diploma}, 0 points (not a Diploma of this game)").format(diploma=diploma_id_text(d))
        for d in ids
    ]
    return items_text(parts) if parts else _("no Diploma")


def _chain_card(tableau: Tableau, place: int) -> str:
    """A card of the chain by its subject alone (the chain's season is said once), the Starting tile as such, a card
    that shows no subject (a storm card) by its season."""
    if place == 0:
        return _("Starting tile")
    half = tableau.print[place - 1]
    if half is None:
        return unknown_card_text(place)
    return subject_text(half) or print_name(half)


def _chain_text(chain: Chain, tableau: Tableau) -> str:
    """The longest chain: its season, its cards (the season written once), the storm cards and Storm tokens in it
    (Kanagawa French rules, section 3; data/SOURCES.md decision 3)."""
    if chain.length == 0:
        return _("no season chain")
    places = range(chain.first, chain.last + 1)
    cards = ", ".join(_chain_card(tableau, i) for i in places)
    text = ngettext(
        "{length} {season} card in a row: {cards}", "{length} {season} cards in a row: {cards}", chain.length
    ).format(length=chain.length, season=_(chain.season) if chain.season else "", cards=cards)
    wild = [tableau.print[i - 1] for i in places if i and tableau.seasons[i] == "storm"]
    if wild:
        text += ngettext("; {cards} counts as any season", "; {cards} count as any season", len(wild)).format(
            cards=", ".join(print_name(half) for half in wild if half is not None)
        )
    if chain.storms:
        placements = [
            storm_text(_chain_card(tableau, s.at), s.season) for s in chain.storms if 0 <= s.at < len(tableau.seasons)
        ]
        text += ngettext("; Storm token: {placements}", "; Storm tokens: {placements}", len(placements)).format(
            placements=", ".join(placements)
        )
    if chain.chosen:
        text += ngettext(" (placed by the calculator)", " (placed by the calculator)", len(chain.chosen))
    if chain.unused_tokens:
        text += ngettext(
            "; {count} Storm token cannot lengthen it", "; {count} Storm tokens cannot lengthen it", chain.unused_tokens
        ).format(count=chain.unused_tokens)
    return text


def _harmony_text(tableau: Tableau) -> str:
    """Each card's printed Harmony symbols, Print then Studio (Kanagawa French rules, section 3)."""
    cards: list[tuple[str, PrintHalf | StudioHalf]] = [*tableau.painted(), *tableau.studio_cards()]
    parts = [
        _("{card} {symbols:+d}").format(card=label, symbols=half.harmony) for label, half in cards if half.harmony
    ]
    return items_text(parts) if parts else _("no Harmony symbol")


def _yokai_text(tokens: int) -> str:
    return ngettext("{count} Yokai token", "{count} Yokai tokens", tokens).format(count=tokens)


def _score_detailed(player: DetailedPlayer, tableau: Tableau, table: Table, cat: Catalogue) -> PlayerScore:
    earned = tableau.storm_bonus_diplomas
    fixed = player.storms or ()
    # Placements the player said stand; tokens left over are placed by the calculator (data/SOURCES.md, decision 3).
    valid_fixed = _valid_placements(fixed, tableau.seasons, table.rules.storm_on_start_tile) if fixed else ()
    unknown = frozenset(at for at, season in enumerate(tableau.seasons) if season is None)
    chain = longest_chain(
        tableau.seasons, earned - len(valid_fixed), valid_fixed, table.rules.storm_on_start_tile, unknown
    )
    diplomas = _diploma_points(player.diplomas, table, cat)
    # An unknown Starting tile or card counts for nothing (the table format; a legality issue).
    known = len(tableau.print) - tableau.print.count(None)
    breakdown = {
        "print_cards": (1 if tableau.start is not None else 0) + known,
        "season_chain": chain.length,
        "harmony": tableau.harmony_symbols,
        "diplomas": diplomas,
        "grand_master": GRAND_MASTER_POINTS if player.grand_master else 0,
        "yokai": yokai_penalty(player.yokai),
    }

    def explain() -> dict[str, str]:
        return {
            "print_cards": _print_cards_text(tableau, known),
            "season_chain": _chain_text(chain, tableau),
            "harmony": _harmony_text(tableau),
            "diplomas": _diploma_text(player.diplomas, table, cat),
            "grand_master": _grand_master_text(player.grand_master, table),
            **_yokai_explained(player.yokai, table),
        }

    storms = {"storms": [{"at": s.at, "season": s.season} for s in chain.storms]}
    return PlayerScore(player.name, breakdown, sum(breakdown.values()), explain, detail=chain, extra=storms)


def _print_cards_text(tableau: Tableau, known: int) -> str:
    """1 point a Print card, the Starting tile included (data/SOURCES.md, decision 1); an unknown card counts for
    nothing."""
    unknown = len(tableau.print) - known + (tableau.start is None)
    if not unknown:
        return ngettext("Starting tile + {count} painted card", "Starting tile + {count} painted cards", known).format(
            count=known
        )
    start = _("Starting tile") if tableau.start is not None else _("no Starting tile")
    painted = ngettext("{start} + {count} painted card", "{start} + {count} painted cards", known)
    counted = ngettext(
        "{unknown} unknown, counted for nothing", "{unknown} unknown, counted for nothing", unknown
    ).format(unknown=unknown)
    return _("{painted}; {unknown}").format(painted=painted.format(start=start, count=known), unknown=counted)


def _yokai_explained(tokens: int, table: Table) -> dict[str, str]:
    """The Yokai row's explanation, only in a game with the expansion (Yokai rules, "End of the Game"): a base game
    has no Yokai row, and no word of it (a token there is a legality issue, scored as the figure says)."""
    if table.is_yokai or tokens:
        return {"yokai": _yokai_text(tokens)}
    return {"yokai": ""}


def _grand_master_text(holds: bool, table: Table) -> str:
    """Who holds the pawn at the end: with ``grand_master_passes_at_end`` off, the last round's first player keeps
    it (data/SOURCES.md, decision 14)."""
    if not holds:
        return _("does not hold the Grand Master pawn")
    if table.rules.grand_master_passes_at_end:
        return _("holds the Grand Master pawn")
    return _("holds the Grand Master pawn (the last round's first player keeps it)")


def _valid_placements(
    storms: Sequence[StormPlacement], seasons: Sequence[str | None], start_ok: bool
) -> tuple[StormPlacement, ...]:
    """The placements that stand: on a Print place, one a place, on a known card (an unknown one counts for
    nothing), on the Starting tile only when the options allow it."""
    seen: set[int] = set()
    valid = []
    places = len(seasons)
    for storm in storms:
        if 0 <= storm.at < places and storm.at not in seen and (storm.at != 0 or start_ok) and seasons[storm.at]:
            seen.add(storm.at)
            valid.append(storm)
    return tuple(valid)


def _score_sheet(player: SheetPlayer, table: Table, cat: Catalogue) -> PlayerScore:
    breakdown = {
        "print_cards": player.print_cards,
        "season_chain": player.season_chain,
        "harmony": player.harmony,
        "diplomas": player.diplomas
        if isinstance(player.diplomas, int)
        else _diploma_points(player.diplomas, table, cat),
        "grand_master": GRAND_MASTER_POINTS if player.grand_master else 0,
        "yokai": yokai_penalty(player.yokai),
    }

    def explain() -> dict[str, str]:
        return {
            "print_cards": _("from the sheet (Starting tile included)"),
            "season_chain": _("from the sheet"),
            "harmony": _("from the sheet"),
            "diplomas": _("points written on the sheet")
            if isinstance(player.diplomas, int)
            else _diploma_text(player.diplomas, table, cat),
            "grand_master": _grand_master_text(player.grand_master, table),
            **_yokai_explained(player.yokai, table),
        }

    return PlayerScore(player.name, breakdown, sum(breakdown.values()), explain)


def score_player(
    player: Player, table: Table, cat: Catalogue | None = None, tableau: Tableau | None = None
) -> PlayerScore:
    """One player's breakdown and total (rank not yet set); ``tableau`` is the player's when the caller has it."""
    cat = cat or catalogue()
    if isinstance(player, SheetPlayer):
        return _score_sheet(player, table, cat)
    return _score_detailed(player, tableau or Tableau.of(player, cat), table, cat)


def score(table: Table, cat: Catalogue | None = None) -> ScoreReport:
    """Score every player of ``table``; the report carries the legality issues (a table with issues is still
    scored), found by the legality pass over the same tableaux. Ties share the victory (Kanagawa French rules,
    section 4)."""
    cat = cat or catalogue()
    tableaux = tableaux_of(table, cat)
    scores = [score_player(p, table, cat, t) for p, t in zip(table.players, tableaux, strict=True)]
    ranks = competition_ranks([s.total for s in scores])
    ranked = tuple(s._replace(rank=rank, explained={}) for s, rank in zip(scores, ranks, strict=True))
    winners = tuple(s.name for s in ranked if s.rank == 1)
    return ScoreReport(ranked, winners, table, lambda: iter_issues(table, cat, tableaux), table.game)


__all__ = [
    "CATEGORIES",
    "CATEGORY_NAMES",
    "Chain",
    "PlayerScore",
    "ScoreReport",
    "competition_ranks",
    "longest_chain",
    "score",
    "score_player",
    "yokai_penalty",
]
