"""End-of-game scoring: every Harmony source of Kanagawa and the Yokai expansion, each figure explained.

Sources (seed 002, section 3 "Comptage des points"; seed 003, "End of the Game"; SOURCES.md decisions 1–6):
1 point per Print card, Starting tile included; 1 point per card of the longest chain of neighbouring Print cards
of one season (storm-season cards count as any season; each Storm token placed on a Print card replaces its season);
printed Harmony symbols on Print and Studio cards (+1, −1 crossed; kept cards nothing); the Diplomas held; 2 points
for the Grand Master pawn; −1, −4, −9 for 1, 2, 3 Yokai tokens held. Ties share the victory.

This module is the only scoring there is: the CLI, the web app and the rules engine all call :func:`score`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from marquoir.catalogue import Catalogue, catalogue
from marquoir.legality import Issue, check
from marquoir.table import DetailedPlayer, Player, SheetPlayer, StormPlacement, Table
from marquoir.tableau import Tableau
from marquoir.vocabulary import CATEGORIES, GRAND_MASTER_POINTS, SEASONS, YOKAI_PENALTY

CATEGORY_NAMES = {
    "print_cards": "Print cards",
    "season_chain": "Season chain",
    "harmony": "Harmony symbols",
    "diplomas": "Diplomas",
    "grand_master": "Grand Master",
    "yokai": "Yokai",
}


@dataclass(frozen=True, slots=True)
class Chain:
    """The longest season chain: Print places ``first``..``last`` (0 = Starting tile), in ``season``,
    with the Storm tokens that were placed (``storms``: the player's own and the calculator's)."""

    length: int
    season: str | None
    first: int
    last: int
    storms: tuple[StormPlacement, ...]
    chosen: tuple[StormPlacement, ...] = ()
    unused_tokens: int = 0


def _effective(seasons: Sequence[str | None], fixed: dict[int, str]) -> list[str | None]:
    return [fixed.get(i, s) for i, s in enumerate(seasons)]


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
    effective = _effective(seasons, fixed_at)
    free = max(tokens, 0)
    best = Chain(0, None, 0, -1, tuple(fixed))
    for season in SEASONS:
        # Sliding window: at most ``free`` places that neither match nor are wild, each able to take a token.
        left = 0
        converted: list[int] = []
        for right, s in enumerate(effective):
            if s == season or s == "storm":
                pass
            elif right not in fixed_at and (right != 0 or start_may_take_storm) and free > 0:
                converted.append(right)
                while len(converted) > free:
                    left = converted.pop(0) + 1
            else:
                left = right + 1
                converted = []
                continue
            length = right - left + 1
            if length > best.length:
                chosen = tuple(StormPlacement(at, season) for at in converted)
                best = Chain(length, season, left, right, tuple(fixed) + chosen, chosen, free - len(chosen))
    if best.length == 0:
        return Chain(0, None, 0, -1, tuple(fixed), (), free)
    return best


@dataclass(frozen=True, slots=True)
class PlayerScore:
    """One player's column of the sheet: points by category, an explanation of each, total and rank."""

    name: str
    breakdown: dict[str, int]
    explanations: dict[str, str]
    total: int
    rank: int = 0
    storms: tuple[StormPlacement, ...] | None = None
    chain: Chain | None = None

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
    """The score of a table: players in seating order, winners, and the legality issues found."""

    players: tuple[PlayerScore, ...]
    winners: tuple[str, ...]
    issues: tuple[Issue, ...] = field(default=())
    game: str = "kanagawa"

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
    return sum(1 for d in dict.fromkeys(player.diplomas) if (tile := cat.diplomas.get(d)) and tile.bonus == "storm")


def _diploma_points(ids: Sequence[str], table: Table, cat: Catalogue) -> tuple[int, str]:
    in_play = {d.id for d in cat.diplomas_in_play(table.families)}
    points, parts = 0, []
    for diploma_id in ids:
        tile = cat.diplomas.get(diploma_id)
        if tile is None or diploma_id not in in_play:
            parts.append(f"{diploma_id} 0 (not a Diploma of this game)")
            continue
        points += tile.harmony
        parts.append(f"{diploma_id} {tile.harmony}")
    return points, ", ".join(parts) if parts else "no Diploma"


def _chain_text(chain: Chain, tableau: Tableau) -> str:
    if chain.length == 0:
        return "no season chain"
    labels = ("Starting tile", *tableau.print_labels())
    cards = ", ".join(labels[chain.first : chain.last + 1])
    text = f"{chain.length} {chain.season} cards in a row: {cards}"
    wild = [labels[i] for i in range(chain.first, chain.last + 1) if tableau.seasons[i] == "storm"]
    if wild:
        text += f"; storm season on {', '.join(wild)}"
    if chain.storms:
        text += "; Storm tokens: " + ", ".join(
            f"{labels[s.at]} as {s.season}" for s in chain.storms if 0 <= s.at < len(labels)
        )
    if chain.chosen:
        text += " (placed by the calculator)"
    if chain.unused_tokens:
        text += f"; {chain.unused_tokens} Storm token(s) cannot lengthen it"
    return text


def _score_detailed(player: DetailedPlayer, table: Table, cat: Catalogue) -> PlayerScore:
    tableau = Tableau.of(player, cat)
    earned = storms_earned(player, cat)
    fixed = player.storms or ()
    # Placements the player said stand; tokens left over are placed by the calculator (SOURCES.md, decision 3).
    valid_fixed = _valid_placements(fixed, len(tableau.seasons), table.rules.storm_on_start_tile)
    chain = longest_chain(tableau.seasons, earned - len(valid_fixed), valid_fixed, table.rules.storm_on_start_tile)
    diplomas, diploma_text = _diploma_points(player.diplomas, table, cat)
    harmony_parts = [f"{label} {half.harmony:+d}" for label, half in tableau.painted() if half.harmony]
    harmony_parts += [
        f"{'Studio ' + label if label.isdigit() else label} {half.harmony:+d}"
        for label, half in tableau.studio_cards()
        if half.harmony
    ]
    breakdown = {
        "print_cards": 1 + len(player.print),
        "season_chain": chain.length,
        "harmony": tableau.harmony_symbols,
        "diplomas": diplomas,
        "grand_master": GRAND_MASTER_POINTS if player.grand_master else 0,
        "yokai": yokai_penalty(player.yokai),
    }
    explanations = {
        "print_cards": f"Starting tile + {len(player.print)} painted card(s)",
        "season_chain": _chain_text(chain, tableau),
        "harmony": ", ".join(harmony_parts) if harmony_parts else "no Harmony symbol",
        "diplomas": diploma_text,
        "grand_master": "holds the Grand Master pawn" if player.grand_master else "does not hold the Grand Master pawn",
        "yokai": f"{player.yokai} Yokai token(s)",
    }
    return PlayerScore(player.name, breakdown, explanations, sum(breakdown.values()), storms=chain.storms, chain=chain)


def _valid_placements(storms: Sequence[StormPlacement], places: int, start_ok: bool) -> tuple[StormPlacement, ...]:
    seen: set[int] = set()
    valid = []
    for storm in storms:
        if 0 <= storm.at < places and storm.at not in seen and (storm.at != 0 or start_ok):
            seen.add(storm.at)
            valid.append(storm)
    return tuple(valid)


def _score_sheet(player: SheetPlayer, table: Table, cat: Catalogue) -> PlayerScore:
    if isinstance(player.diplomas, int):
        diplomas, diploma_text = player.diplomas, "points written on the sheet"
    else:
        diplomas, diploma_text = _diploma_points(player.diplomas, table, cat)
    breakdown = {
        "print_cards": player.print_cards,
        "season_chain": player.season_chain,
        "harmony": player.harmony,
        "diplomas": diplomas,
        "grand_master": GRAND_MASTER_POINTS if player.grand_master else 0,
        "yokai": yokai_penalty(player.yokai),
    }
    explanations = {
        "print_cards": "from the sheet (Starting tile included)",
        "season_chain": "from the sheet",
        "harmony": "from the sheet",
        "diplomas": diploma_text,
        "grand_master": "holds the Grand Master pawn" if player.grand_master else "does not hold the Grand Master pawn",
        "yokai": f"{player.yokai} Yokai token(s)",
    }
    return PlayerScore(player.name, breakdown, explanations, sum(breakdown.values()))


def score_player(player: Player, table: Table, cat: Catalogue | None = None) -> PlayerScore:
    """One player's breakdown and total (rank not yet set)."""
    cat = cat or catalogue()
    if isinstance(player, SheetPlayer):
        return _score_sheet(player, table, cat)
    return _score_detailed(player, table, cat)


def competition_ranks(totals: Sequence[int]) -> list[int]:
    """Competition ranking: equal totals share a place and the next place is skipped (1, 1, 3)."""
    return [1 + sum(1 for other in totals if other > total) for total in totals]


def score(table: Table, cat: Catalogue | None = None, issues: Sequence[Issue] | None = None) -> ScoreReport:
    """Score every player of ``table``; the report carries the legality issues (a table with issues is still
    scored). Ties share the victory (seed 002, section 4)."""
    cat = cat or catalogue()
    scores = [score_player(p, table, cat) for p in table.players]
    ranks = competition_ranks([s.total for s in scores])
    ranked = tuple(
        PlayerScore(s.name, s.breakdown, s.explanations, s.total, rank, s.storms, s.chain)
        for s, rank in zip(scores, ranks, strict=True)
    )
    winners = tuple(s.name for s in ranked if s.rank == 1)
    found = tuple(check(table, cat) if issues is None else issues)
    return ScoreReport(ranked, winners, found, table.game)


__all__ = ["CATEGORIES", "Chain", "PlayerScore", "ScoreReport", "longest_chain", "score", "score_player"]
