"""The legality report: everything that makes a finished table impossible, all at once.

Each check below names its issue code (``marquoir/data/table-format.md``, "Issue codes") and the rule behind it.
A table with no issue is *legal*: every count, reference and Diploma is possible on its own. Legal does not yet
prove *reachable*: whether the cards could have been taken and painted in that order, round after round, is the
rules engine's question (``marquoir check --deep``, code ``UNREACHABLE``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import NamedTuple

from marquoir.core.issues import Issue
from marquoir.games.kanagawa.bounds import sheet_bounds
from marquoir.games.kanagawa.card_checks import card_issues
from marquoir.games.kanagawa.catalogue import Catalogue, PrintHalf, StudioHalf, catalogue
from marquoir.games.kanagawa.codes import CODES as CODES
from marquoir.games.kanagawa.diplomas import check_diploma, unmet
from marquoir.games.kanagawa.naming import diploma_name, start_tile_text
from marquoir.games.kanagawa.sheet_checks import TableContext, sheet_issues
from marquoir.games.kanagawa.table import DetailedPlayer, SheetPlayer, Table
from marquoir.games.kanagawa.tableau import Tableau, tableaux_of
from marquoir.games.kanagawa.vocabulary import (
    BASE_FAMILIES,
    BRUSH_PAWNS,
    EXPANSION_FAMILIES,
    STARTING_BRUSHES,
    STORM_TOKENS,
    YOKAI_TOKENS,
)
from marquoir.i18n import _, ngettext


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
            ngettext(
                "{count} player: Kanagawa is played by 2 to 4",
                "{count} players: Kanagawa is played by 2 to 4",
                len(players),
            ).format(count=len(players)),
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
    yield from card_issues(players, families, cat)

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
                _("the document's Starting tile {value} is none of the game's four tiles").format(
                    value=repr(player.start)
                ),
            )
        elif player.start in tile_owner:
            other = players[tile_owner[player.start]].name
            yield Issue(
                "START_TILE",
                player.name,
                path,
                _("the {tile} is already {other}'s").format(
                    tile=start_tile_text(cat.start_tiles[player.start]), other=other
                ),
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
                    _("the document's Diploma {value} is no Diploma of the game").format(value=repr(diploma_id)),
                )
                continue
            if diploma_id not in in_play_diplomas:
                yield Issue(
                    "DIPLOMA_UNKNOWN",
                    player.name,
                    f"players[{index}].{sheet}diplomas[{i}]",
                    _("{diploma} is not a Diploma of this game's families").format(diploma=diploma_name(tile)),
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
                    text.format(diploma=diploma_name(tile), other=who),
                )
            else:
                holder[diploma_id] = player.name
            if tile.family in families_held:
                yield Issue(
                    "DIPLOMA_SAME_FAMILY",
                    player.name,
                    f"players[{index}].{sheet}diplomas[{i}]",
                    _("{diploma} and {other}: one Diploma per family").format(
                        diploma=diploma_name(tile), other=diploma_name(cat.diplomas[families_held[tile.family]])
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
                "YOKAI",
                player.name,
                path,
                ngettext(
                    "{count} Yokai token: a player holds 0 to 3",
                    "{count} Yokai tokens: a player holds 0 to 3",
                    player.yokai,
                ).format(count=player.yokai),
            )
    if total_yokai > YOKAI_TOKENS:
        yield Issue(
            "YOKAI", None, "players", _("{count} Yokai tokens held in all: there are 3").format(count=total_yokai)
        )
    elif yokai_game:
        # The count per player only once the totals hold (a fault is reported once).
        travel = list(_yokai_travel(table, total_yokai, cat))
        yield from travel or _yokai_gains(table, cat)

    # Player by player.
    reserve = _Reserve.of(table, tableaux, cat)
    storms_total = 0
    bounds = sheet_bounds(table.families, len(players), cat)
    context = TableContext.of(table, cat) if any(isinstance(p, SheetPlayer) for p in players) else None
    for index, (player, tableau) in enumerate(zip(players, tableaux, strict=True)):
        if isinstance(player, SheetPlayer):
            assert context is not None
            # SHEET — the sheet's figures against the rules and against each other (sheet_checks).
            yield from sheet_issues(player, index, bounds, table, cat, context)
            continue
        assert tableau is not None  # tableaux_of makes one for every detailed player
        yield from _detailed_issues(player, index, tableau, table, cat, in_play_diplomas, reserve)
        storms_total += tableau.storm_bonus_diplomas
    # BRUSHES — the box has 15; the reserve gives a brush while it has one, so it runs dry only once all 15 are
    # held (data/SOURCES.md, decision 8).
    if reserve.claimed > BRUSH_PAWNS:
        yield Issue(
            "BRUSHES", None, "players", _("{count} brushes owned in all: the box has 15").format(count=reserve.claimed)
        )

    if storms_total > STORM_TOKENS:
        yield Issue(
            "STORMS", None, "players", _("{count} Storm tokens earned in all: there are 3").format(count=storms_total)
        )


def _yokai_travel(table: Table, total: int, cat: Catalogue) -> Iterator[Issue]:
    """YOKAI — the tokens' travel, as far as counts tell it (Yokai rules, "Arrival of a New Yokai", "Movement of a
    Yokai", "Explanation of the Diploma Tiles"): a card with the arrival icon takes a token from the reserve (from
    another player once it is empty), and a movement icon or a Diploma only passes one from player to player, so no
    token ever goes back to the reserve. The tokens held at the end are then as many as the arrival icons taken, 3
    at most: at least the arrival icons the Print halves show (3 at most), at most those and every card whose
    arrival icon the table does not show (a Studio half of an expansion card; any card of a player entered from the
    sheet); and all 3 when anyone holds the Yokai Diploma (all 3 in front of one player at once)."""
    shown = hidden = 0
    sheets = False
    for player in table.players:
        if isinstance(player, SheetPlayer):
            sheets = True
            continue
        for ref in (*player.print, *player.kept):
            if isinstance(ref, PrintHalf) and ref.yokai_arrival:
                shown += 1
        for ref in (*player.studio, *player.kept):
            if isinstance(ref, StudioHalf) and ref.family in EXPANSION_FAMILIES:
                hidden += 1
    least = min(shown, YOKAI_TOKENS)
    diploma = next(
        (d for p in table.players if not isinstance(p.diplomas, int) for d in p.diplomas if d in cat.diplomas
         and cat.diplomas[d].family == "yokai"),
        None,
    )  # fmt: skip
    tokens = ngettext("{count} Yokai token held in all", "{count} Yokai tokens held in all", total).format(
        count=total
    )
    if diploma is not None and total < YOKAI_TOKENS:
        text = _("{tokens}, but {diploma} needs all 3 out of the reserve at once, and no token ever goes back to it")
        yield Issue("YOKAI", None, "players", text.format(tokens=tokens, diploma=diploma_name(cat.diplomas[diploma])))
    elif total < least:
        cards = ngettext(
            "{count} card with the Yokai arrival icon", "{count} cards with the Yokai arrival icon", shown
        ).format(count=shown)
        text = _(
            "{tokens}, but the Prints show {cards}, each taking a token from the reserve, and no token ever goes "
            "back to it: at least {least}"
        )
        yield Issue("YOKAI", None, "players", text.format(tokens=tokens, cards=cards, least=least))
    elif not sheets and total > shown + hidden:
        cards = ngettext(
            "{count} card on the table can show", "{count} cards on the table can show", shown + hidden
        ).format(count=shown + hidden)
        text = _("{tokens}, but only {cards} the Yokai arrival icon that brings each token out of the reserve")
        yield Issue("YOKAI", None, "players", text.format(tokens=tokens, cards=cards))


def _yokai_gains(table: Table, cat: Catalogue) -> Iterator[Issue]:
    """YOKAI — each player's tokens as far as counts tell it (Yokai rules, "Arrival of a New Yokai", "Movement of a
    Yokai", the Diplomas giving one): a player gains a token only by taking a card with the arrival icon (one each)
    or as another player's gift (a movement icon laid in that player's Studio, a Diploma giving one: one each). So
    the tokens it holds at the end, and the 3 the Yokai Diploma's holder had at once, are at most its own cards that
    show or may hide the icon (a Studio half of an expansion card hides its Print half) and the others' gifts.
    Checked only when every player is detailed: a player entered from the sheet may have given any number."""
    detailed = [p for p in table.players if isinstance(p, DetailedPlayer)]
    if len(detailed) < len(table.players):
        return
    own: list[int] = []
    gifts: list[int] = []
    for player in detailed:
        shown = sum(1 for r in (*player.print, *player.kept) if isinstance(r, PrintHalf) and r.yokai_arrival)
        hidden = sum(
            1
            for r in (*player.studio, *player.kept)
            if isinstance(r, StudioHalf) and r.family in EXPANSION_FAMILIES and r.card_id is None
        )
        own.append(shown + hidden)
        moves = sum(1 for r in player.studio if isinstance(r, StudioHalf) and r.yokai_move)
        given_by = sum(1 for d in player.diplomas if d in cat.diplomas and cat.diplomas[d].bonus == "give-yokai")
        gifts.append(moves + given_by)
    for index, player in enumerate(detailed):
        others = sum(gifts) - gifts[index]
        holder = any(d in cat.diplomas and cat.diplomas[d].family == "yokai" for d in player.diplomas)
        need = max(player.yokai, YOKAI_TOKENS if holder else 0)
        if need <= own[index] + others:
            continue
        mine = ngettext(
            "{count} card that shows the arrival icon or may hide it (the other half of a Studio card)",
            "{count} cards that show the arrival icon or may hide it (the other half of a Studio card)",
            own[index],
        ).format(count=own[index])
        given = ngettext(
            "{count} movement icon or Diploma that gives one",
            "{count} movement icons or Diplomas that give one",
            others,
        ).format(count=others)
        why = _(
            "a player gains a Yokai token only with a card bearing the arrival icon it takes, or when another player "
            "gives one: {name} took {own}, and the other players have {given}"
        ).format(name=player.name, own=mine, given=given)
        if player.yokai > own[index] + others:
            held = ngettext("{count} Yokai token", "{count} Yokai tokens", player.yokai).format(count=player.yokai)
            text = _("{name} ends with {held}, more than {name} can ever have gained: {why}")
            text = text.format(name=player.name, held=held, why=why)
            yield Issue("YOKAI", player.name, f"players[{index}].yokai", text)
        else:
            diploma = diploma_name(cat.diplomas["yokai-3"])
            text = _("{name} holds {diploma}, but can never have had all 3 Yokai tokens at once: {why}")
            text = text.format(name=player.name, diploma=diploma, why=why)
            yield Issue("YOKAI", player.name, f"players[{index}].diplomas", text)


class _Reserve(NamedTuple):
    """What the table says of the brush reserve (data/SOURCES.md, decision 8): the brushes claimed held in all, the
    most the players can hold in all, and whether the game's cards can ask for more than the box (never with the
    base cards: 2 a player, 4 brush icons, 3 brush Diplomas)."""

    claimed: int
    most: int
    #: The game's cards can ask for more brushes than the box holds, and the players can hold all 15.
    may_run_dry: bool
    #: The game's cards can ask for more brushes than the box holds.
    cards_ask_more: bool

    @classmethod
    def of(cls, table: Table, tableaux: Sequence[Tableau | None], cat: Catalogue) -> _Reserve:
        sources = cat.brush_sources(table.families)
        may_run_dry = STARTING_BRUSHES * len(table.players) + sources > BRUSH_PAWNS
        claimed = most = 0
        for player, tableau in zip(table.players, tableaux, strict=True):
            if tableau is None:
                claimed += STARTING_BRUSHES
                most += BRUSH_PAWNS
                continue
            explained = tableau.brushes_explained
            given = player.brushes if isinstance(player, DetailedPlayer) else None
            if given is not None:
                claimed += max(given, 0)
            else:  # a reserve that cannot run dry gives every brush asked for; else the Starting tile's at least
                claimed += tableau.brushes_least if may_run_dry else explained
            most += min(given, explained) if given is not None else explained
        return cls(claimed, most, may_run_dry and most >= BRUSH_PAWNS, may_run_dry)


def _brush_issue(player: DetailedPlayer, tableau: Tableau, reserve: _Reserve) -> str | None:
    """Why the ``brushes`` figure given cannot be (data/SOURCES.md, decision 8): more than the tableau explains,
    more than the box leaves, fewer than the Starting tile's, or fewer than explained in a game whose reserve cannot
    have run dry."""
    given = player.brushes
    assert given is not None
    explained = tableau.brushes_explained
    start = tableau.start.brushes if tableau.start else STARTING_BRUSHES
    brushes = ngettext("{count} brush", "{count} brushes", given).format(count=given)
    if given < explained and not reserve.may_run_dry and reserve.cards_ask_more:
        return _(
            "{brushes}, but the tableau asks for {explained}: fewer are received only once the reserve of 15 "
            "is empty, and the players hold at most {most} in all"
        ).format(brushes=brushes, explained=explained, most=reserve.most)
    if given > explained or (given < explained and not reserve.may_run_dry):
        icons = len(tableau.icons("brush"))
        diplomas = tableau.brush_bonus_diplomas
        sources = [
            _("2 to start"),
            ngettext("{count} brush icon", "{count} brush icons", icons).format(count=icons),
            ngettext("{count} Diploma with a brush", "{count} Diplomas with a brush", diplomas).format(count=diplomas),
        ]
        return _("{brushes}, but the tableau explains {explained} ({sources})").format(
            brushes=brushes, explained=explained, sources=", ".join(sources)
        )
    if given > tableau.brush_cap:
        return _(
            "{brushes}, but at most {most} can have been received: the box has 15 and the other players "
            "hold at least {others}"
        ).format(brushes=brushes, most=tableau.brush_cap, others=BRUSH_PAWNS - tableau.brush_cap)
    if given < start:
        return _("{brushes}: every player starts with {start}").format(brushes=brushes, start=start)
    return None


def _detailed_issues(
    player: DetailedPlayer,
    index: int,
    tableau: Tableau,
    table: Table,
    cat: Catalogue,
    in_play: frozenset[str],
    reserve: _Reserve,
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
                _("{placed}, but {earned}").format(
                    placed=ngettext("{count} Storm token placed", "{count} Storm tokens placed", len(player.storms))
                    .format(count=len(player.storms)),
                    earned=ngettext("{count} earned from Diplomas", "{count} earned from Diplomas", earned)
                    .format(count=earned),
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

    # BRUSHES — the figure given must be what the player can have received: what the tableau explains, fewer only
    # when the reserve ran dry (data/SOURCES.md, decision 8).
    if player.brushes is not None:
        problem = _brush_issue(player, tableau, reserve)
        if problem:
            yield Issue("BRUSHES", name, f"{base}.brushes", problem)

    # PRINT_UNPAINTABLE — a card needs its count of brushes on Studio icons of its landscape (Kanagawa rules).
    owned = tableau.brushes_received
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
            _("{kept}, but the Studio has {icons}").format(
                kept=ngettext("{count} kept card", "{count} kept cards", len(player.kept)).format(
                    count=len(player.kept)
                ),
                icons=ngettext("{count} keep icon", "{count} keep icons", tableau.keep_icons).format(
                    count=tableau.keep_icons
                ),
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
                _("{card} needs {need}; the Studio has {serving}").format(
                    card=tableau.print_labels()[i],
                    need=ngettext("{count} brush on {landscape}", "{count} brushes on {landscape}", need).format(
                        count=need, landscape=_(landscape)
                    ),
                    serving=ngettext(
                        "{count} icon that serves {landscape}", "{count} icons that serve {landscape}", serving
                    ).format(count=serving, landscape=_(landscape)),
                ),
            )


def check(table: Table, cat: Catalogue | None = None) -> list[Issue]:
    """All the legality issues of ``table`` at once (see :func:`iter_issues`)."""
    return list(iter_issues(table, cat))


def is_legal(table: Table, cat: Catalogue | None = None) -> bool:
    """Whether ``table`` has no legality issue. Legal is not reachable: see the module docstring."""
    return not any(True for _ in iter_issues(table, cat))
