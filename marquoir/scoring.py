"""End-of-game scoring: every Harmony source of Kanagawa and the Yokai expansion, each figure explained.

Sources (seed 002, section 3 "Comptage des points"; seed 003, "End of the Game"; SOURCES.md decisions 1–6):
1 point per Print card, Starting tile included; 1 point per card of the longest chain of neighbouring Print cards
of one season (storm-season cards count as any season; each Storm token placed on a Print card replaces its season);
printed Harmony symbols on Print and Studio cards (+1, −1 crossed; kept cards nothing); the Diplomas held; 2 points
for the Grand Master pawn; −1, −4, −9 for 1, 2, 3 Yokai tokens held. Ties share the victory.

This module is the only scoring there is: the CLI, the web app and the rules engine all call :func:`score`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from marquoir.catalogue import Catalogue, catalogue
from marquoir.i18n import N_, _, get_language
from marquoir.legality import Issue, check
from marquoir.table import DetailedPlayer, Player, SheetPlayer, StormPlacement, Table
from marquoir.tableau import Tableau
from marquoir.vocabulary import CATEGORIES, GRAND_MASTER_POINTS, SEASONS, YOKAI_PENALTY

#: The sheet's rows; translate with :func:`marquoir.i18n._` where they are shown.
CATEGORY_NAMES = {
    "print_cards": N_("Print cards"),
    "season_chain": N_("Season chain"),
    "harmony": N_("Harmony symbols"),
    "diplomas": N_("Diplomas"),
    "grand_master": N_("Grand Master"),
    "yokai": N_("Yokai"),
}


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
    effective: Sequence[str | None], free: int, fixed_at: dict[int, str], start_may_take_storm: bool
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
                # A place can take a token unless it has one already or is a Starting tile the options forbid.
                if right not in fixed_at and (right or start_may_take_storm):
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
) -> Chain:
    """The longest run of neighbouring Print places of one season (seed 002, section 3).

    ``seasons`` lists the Print from the Starting tile on (``storm`` is wild; ``None`` an unknown card, which
    matches nothing but can take a token). ``fixed`` are the placements the player said; the other ``tokens``
    are placed by the calculator where they make the chain longest (SOURCES.md, decision 3). Among equally long
    chains the earliest, then the first season in the order spring, summer, autumn, winter, is chosen.
    """
    fixed_at = {s.at: s.season for s in fixed if 0 <= s.at < len(seasons)}
    effective = [fixed_at.get(i, s) for i, s in enumerate(seasons)] if fixed_at else seasons
    free = max(tokens, 0)
    if not free:
        best_length, best_season, best_left = _plain_chain(effective)
        best_converted: tuple[int, ...] = ()
    else:
        best_length, best_season, best_left, best_converted = _chain_with_tokens(
            effective, free, fixed_at, start_may_take_storm
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


class PlayerScore(NamedTuple):
    """One player's column of the sheet: points by category, total and rank, and an explanation of each figure
    (written when first read, once per language: the figures are what every caller needs, the words only some)."""

    name: str
    breakdown: dict[str, int]
    total: int
    #: Writes the explanations in the current language.
    explain: Callable[[], dict[str, str]]
    rank: int = 0
    storms: tuple[StormPlacement, ...] | None = None
    chain: Chain | None = None
    #: Language → the explanations written in it.
    explained: dict[str, dict[str, str]] | None = None

    @property
    def explanations(self) -> dict[str, str]:
        """Category → the figure in words: which cards, which Storm tokens, which Diplomas (in the current
        language)."""
        memo = self.explained
        if memo is None:  # a score made by hand, without a memo: write them each time
            return self.explain()
        lang = get_language()
        if lang not in memo:
            memo[lang] = self.explain()
        return memo[lang]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": self.name,
            "total": self.total,
            "rank": self.rank,
            "breakdown": dict(self.breakdown),
        }
        if self.storms is not None:
            out["storms"] = [{"at": s.at, "season": s.season} for s in self.storms]
        out["explanations"] = dict(self.explanations)
        return out


@dataclass(frozen=True)
class ScoreReport:
    """The score of a table: players in seating order, winners, and the legality issues found.

    The issues are the legality check of the same table, run the first time they are read.
    """

    players: tuple[PlayerScore, ...]
    winners: tuple[str, ...]
    table: Table = field(repr=False, compare=False)
    catalogue: Catalogue = field(repr=False, compare=False)
    game: str = "kanagawa"
    _issues: dict[str, tuple[Issue, ...]] = field(default_factory=dict, init=False, repr=False, compare=False)

    @property
    def issues(self) -> tuple[Issue, ...]:
        """The legality issues, their messages in the current language (checked once per language)."""
        memo = self._issues
        lang = get_language()
        if lang not in memo:
            memo[lang] = tuple(check(self.table, self.catalogue))
        return memo[lang]

    @property
    def legal(self) -> bool:
        return not self.issues

    def to_json(self) -> dict[str, Any]:
        """The score report of ``shared/TABLE-FORMAT.md`` (each player also carries its ``explanations``)."""
        return {
            "game": self.game,
            "players": [p.to_json() for p in self.players],
            "winners": list(self.winners),
            "legal": self.legal,
            "issues": [i.to_json() for i in self.issues],
        }


def yokai_penalty(tokens: int) -> int:
    """Seed 003, "End of the Game": 1 → −1, 2 → −4, 3 → −9 (out-of-range counts are a legality issue; they
    are scored as the nearest figure the seed gives)."""
    return YOKAI_PENALTY[min(max(tokens, 0), 3)]


def storms_earned(player: DetailedPlayer, cat: Catalogue) -> int:
    """Storm tokens come only from Diplomas with a storm bonus (SOURCES.md, decision 7)."""
    return Tableau.of(player, cat).storm_bonus_diplomas


def _diploma_points(ids: Sequence[str], table: Table, cat: Catalogue) -> int:
    """The points of the Diplomas held; an id that is no Diploma of this game counts nothing (a legality issue)."""
    in_play = cat.diploma_ids_in_play(table.families)
    diplomas = cat.diplomas
    return sum(diplomas[d].harmony for d in ids if d in in_play)


def _diploma_text(ids: Sequence[str], table: Table, cat: Catalogue) -> str:
    in_play = cat.diploma_ids_in_play(table.families)
    parts = [
        f"{d} {cat.diplomas[d].harmony}"
        if d in in_play
        else _("{diploma} 0 (not a Diploma of this game)").format(diploma=d)
        for d in ids
    ]
    return ", ".join(parts) if parts else _("no Diploma")


def _chain_text(chain: Chain, tableau: Tableau) -> str:
    if chain.length == 0:
        return _("no season chain")
    labels = (_("Starting tile"), *tableau.print_labels())
    cards = ", ".join(labels[chain.first : chain.last + 1])
    text = _("{length} {season} cards in a row: {cards}").format(
        length=chain.length, season=_(chain.season) if chain.season else "", cards=cards
    )
    wild = [labels[i] for i in range(chain.first, chain.last + 1) if tableau.seasons[i] == "storm"]
    if wild:
        text += _("; storm season on {cards}").format(cards=", ".join(wild))
    if chain.storms:
        text += _("; Storm tokens: {placements}").format(
            placements=", ".join(
                _("{card} as {season}").format(card=labels[s.at], season=_(s.season))
                for s in chain.storms
                if 0 <= s.at < len(labels)
            )
        )
    if chain.chosen:
        text += _(" (placed by the calculator)")
    if chain.unused_tokens:
        text += _("; {count} Storm token(s) cannot lengthen it").format(count=chain.unused_tokens)
    return text


def _score_detailed(player: DetailedPlayer, table: Table, cat: Catalogue) -> PlayerScore:
    tableau = Tableau.of(player, cat)
    earned = tableau.storm_bonus_diplomas
    fixed = player.storms or ()
    # Placements the player said stand; tokens left over are placed by the calculator (SOURCES.md, decision 3).
    valid_fixed = _valid_placements(fixed, len(tableau.seasons), table.rules.storm_on_start_tile) if fixed else ()
    chain = longest_chain(tableau.seasons, earned - len(valid_fixed), valid_fixed, table.rules.storm_on_start_tile)
    diplomas = _diploma_points(player.diplomas, table, cat)
    breakdown = {
        "print_cards": 1 + len(player.print),
        "season_chain": chain.length,
        "harmony": tableau.harmony_symbols,
        "diplomas": diplomas,
        "grand_master": GRAND_MASTER_POINTS if player.grand_master else 0,
        "yokai": yokai_penalty(player.yokai),
    }

    def explain() -> dict[str, str]:
        harmony_parts = [f"{label} {half.harmony:+d}" for label, half in tableau.painted() if half.harmony]
        studio_card = _("Studio {card}")
        harmony_parts += [
            f"{studio_card.format(card=label) if label.isdigit() else label} {half.harmony:+d}"
            for label, half in tableau.studio_cards()
            if half.harmony
        ]
        return {
            "print_cards": _("Starting tile + {count} painted card(s)").format(count=len(player.print)),
            "season_chain": _chain_text(chain, tableau),
            "harmony": ", ".join(harmony_parts) if harmony_parts else _("no Harmony symbol"),
            "diplomas": _diploma_text(player.diplomas, table, cat),
            "grand_master": _grand_master_text(player.grand_master),
            "yokai": _("{count} Yokai token(s)").format(count=player.yokai),
        }

    return PlayerScore(player.name, breakdown, sum(breakdown.values()), explain, storms=chain.storms, chain=chain)


def _grand_master_text(holds: bool) -> str:
    return _("holds the Grand Master pawn") if holds else _("does not hold the Grand Master pawn")


def _valid_placements(storms: Sequence[StormPlacement], places: int, start_ok: bool) -> tuple[StormPlacement, ...]:
    seen: set[int] = set()
    valid = []
    for storm in storms:
        if 0 <= storm.at < places and storm.at not in seen and (storm.at != 0 or start_ok):
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
            "grand_master": _grand_master_text(player.grand_master),
            "yokai": _("{count} Yokai token(s)").format(count=player.yokai),
        }

    return PlayerScore(player.name, breakdown, sum(breakdown.values()), explain)


def score_player(player: Player, table: Table, cat: Catalogue | None = None) -> PlayerScore:
    """One player's breakdown and total (rank not yet set)."""
    cat = cat or catalogue()
    if isinstance(player, SheetPlayer):
        return _score_sheet(player, table, cat)
    return _score_detailed(player, table, cat)


def competition_ranks(totals: Sequence[int]) -> list[int]:
    """Competition ranking: equal totals share a place and the next place is skipped (1, 1, 3)."""
    return [1 + sum(1 for other in totals if other > total) for total in totals]


def score(table: Table, cat: Catalogue | None = None) -> ScoreReport:
    """Score every player of ``table``; the report carries the legality issues (a table with issues is still
    scored). Ties share the victory (seed 002, section 4)."""
    cat = cat or catalogue()
    scores = [score_player(p, table, cat) for p in table.players]
    ranks = competition_ranks([s.total for s in scores])
    ranked = tuple(s._replace(rank=rank, explained={}) for s, rank in zip(scores, ranks, strict=True))
    winners = tuple(s.name for s in ranked if s.rank == 1)
    return ScoreReport(ranked, winners, table, cat, table.game)


__all__ = ["CATEGORIES", "Chain", "PlayerScore", "ScoreReport", "longest_chain", "score", "score_player"]
