"""The legality report of a Bonsai table: everything that makes it impossible, all at once.

python-chess's ``Board.status()`` shape: a flat list of small named checks, each with a one-line comment naming its
issue code (``marquoir/data/table-format.md``, "The Bonsai table document") and the rule behind it. A table with no
issue is *legal*: every tile stands where the rules let it grow, every goal and card can exist and every goal held
is met. Legal does not prove *reachable*: whether turns of Meditate and Cultivate could build this bonsai in this
many turns is not asked here.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from marquoir.core.issues import Issue
from marquoir.games.bonsai.catalogue import Catalogue, Goal, catalogue
from marquoir.games.bonsai.codes import CODES as CODES
from marquoir.games.bonsai.geometry import neighbours
from marquoir.games.bonsai.goals import fewest_goals_for, figure_text, is_met, sheet_figure, sheet_figure_text
from marquoir.games.bonsai.placement import (
    ON_POT,
    ON_TRUNK,
    TAKEN,
    free_cell_fault,
    joined_wood,
    support_fault,
)
from marquoir.games.bonsai.table import DetailedPlayer, Player, SheetPlayer, Table
from marquoir.games.bonsai.tree import Tree, trees_of
from marquoir.games.bonsai.vocabulary import (
    FLOWER,
    FRUIT,
    GOAL_COLOURS_IN_PLAY,
    LEAF,
    MAX_PLAYERS,
    MEDIUM_GOALS_FROM,
    MIN_PLAYERS,
    PARCHMENT_NAMES,
    TILE_KINDS,
    WOOD,
)
from marquoir.games.bonsai.words import place_text
from marquoir.i18n import N_, _, ngettext


def iter_issues(
    table: Table, trees: Sequence[Tree | None] | None = None, cat: Catalogue | None = None
) -> Iterator[Issue]:
    """Every legality issue of ``table``, table-wide checks first, then player by player. ``trees`` are the
    players' trees when the caller has them already (the scoring hands over its own: :func:`trees_of`)."""
    cat = cat or catalogue()
    if trees is None:
        trees = trees_of(table)
    players = table.players

    # PLAYER_COUNT — Bonsai is played by 1 to 4 (official rules; the deck has a column for each: data/cards.csv).
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        text = ngettext(
            "{count} player: Bonsai is played by 1 to 4", "{count} players: Bonsai is played by 1 to 4", len(players)
        ).format(count=len(players))
        yield Issue("PLAYER_COUNT", None, "players", text)

    # GOAL_UNKNOWN — 3 different goal colours are drawn, or the game is played without goals (decision 1).
    colours = table.goals
    if colours and (len(colours) != GOAL_COLOURS_IN_PLAY or len(set(colours)) != len(colours)):
        text = _("{colours}: a game has 3 different goal colours, or no goal tiles at all").format(
            colours=", ".join(_(c) for c in colours)
        )
        yield Issue("GOAL_UNKNOWN", None, "goals", text)

    # GOAL_UNKNOWN, GOAL_DUPLICATE, GOAL_SAME_COLOUR — the goals held (« Remplir un objectif »; decision 6).
    yield from _goals_held(table, cat)

    # CARD_COUNT — no more cards of a kind than the deck holds for this number of players (decision 12).
    yield from _card_counts(players, cat)

    # CARD_TOTAL — the cards a finished game leaves in the players' hands (decision 16; play facts 46-50).
    if MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        yield from _card_totals(players, cat)

    # SOLO — a solo game always uses goal tiles (decision 17; play fact 51).
    if len(players) == 1 and not colours:
        yield Issue("SOLO", None, "goals", _("a solo game always uses goal tiles: 3 colours, small and large"))

    # Player by player: the bonsai (TILE_*, FRUIT_TOUCHES_FRUIT, GOAL_UNMET) or the sheet (SHEET, GOAL_UNMET).
    in_play = {g.id: g for g in cat.goals_in_play(colours, len(players))}
    for index, (player, tree) in enumerate(zip(players, trees, strict=True)):
        if isinstance(player, SheetPlayer):
            yield from _sheet_issues(player, index, in_play)
        else:
            assert tree is not None  # trees_of makes one for every detailed player
            yield from _tree_issues(tree, index, in_play)


def _goal_path(player: Player, index: int, i: int) -> str:
    return f"players[{index}].{'sheet.' if isinstance(player, SheetPlayer) else ''}goals[{i}]"


def _goals_held(table: Table, cat: Catalogue) -> Iterator[Issue]:
    """GOAL_UNKNOWN (no such tile, colour not drawn, a medium tile with 1 or 2 players), GOAL_DUPLICATE (each tile
    exists once) and GOAL_SAME_COLOUR (one goal per colour per player), each at the goal's path."""
    few_players = len(table.players) < MEDIUM_GOALS_FROM
    holder: dict[str, str] = {}
    for index, player in enumerate(table.players):
        if isinstance(player.goals, int):
            continue
        colour_held: dict[str, Goal] = {}
        for i, goal_id in enumerate(player.goals):
            path, name = _goal_path(player, index, i), player.name
            goal = cat.goals.get(goal_id)
            # GOAL_UNKNOWN — a goal tile that does not exist (data/goals.csv).
            if goal is None:
                shown = goal_id if len(goal_id) <= 40 else goal_id[:37] + "..."
                yield Issue(
                    "GOAL_UNKNOWN",
                    name,
                    path,
                    _("the document's goal {value} is no goal tile of the game").format(value=repr(shown)),
                )
                continue
            # GOAL_UNKNOWN — only the colours drawn are in play (official rules; decision 6).
            if goal.colour not in table.goals:
                text = (
                    _("the {goal} is not in play: this game has no goal tiles")
                    if not table.goals
                    else _("the {goal} is not in play: its colour was not drawn")
                )
                yield Issue("GOAL_UNKNOWN", name, path, text.format(goal=_(goal.name)))
                continue
            # GOAL_UNKNOWN — with 1 or 2 players the medium tiles stay in the box (official rules).
            if goal.size == "medium" and few_players:
                text = _("the {goal} is not in play: medium goals stay in the box with 1 or 2 players")
                yield Issue("GOAL_UNKNOWN", name, path, text.format(goal=_(goal.name)))
                continue
            # GOAL_DUPLICATE — each goal tile exists once (bonsai-scoring facts; decision 6).
            if goal_id in holder:
                other = holder[goal_id]
                text = (
                    _("the {goal} is listed twice")
                    if other == name
                    else _("the {goal} is held by {other} too: each goal tile exists once")
                )
                yield Issue("GOAL_DUPLICATE", name, path, text.format(goal=_(goal.name), other=other))
                continue
            holder[goal_id] = name
            # GOAL_SAME_COLOUR — one goal of each colour per player (« Remplir un objectif »).
            if goal.colour in colour_held:
                text = _("the {goal} and the {other}: a player claims one goal of each colour").format(
                    goal=_(goal.name), other=_(colour_held[goal.colour].name)
                )
                yield Issue("GOAL_SAME_COLOUR", name, path, text)
            else:
                colour_held[goal.colour] = goal


def _card_counts(players: Sequence[Player], cat: Catalogue) -> Iterator[Issue]:
    """CARD_COUNT: a negative count at its path; the table's Growth cards by tile kind, Tool, Master and Helper cards
    beyond the deck for this number of players; a Parchment held a second time (one of each exists)."""
    count = len(players)
    growth = dict.fromkeys(TILE_KINDS, 0)
    totals = {"tool": 0, "master": 0, "helper": 0}
    parchment_holder: dict[str, str] = {}
    for index, player in enumerate(players):
        if not isinstance(player, DetailedPlayer):
            continue
        cards = player.cards
        for kind in cards.growth:
            growth[kind] += 1
        for key in totals:
            held = getattr(cards, key)
            # CARD_COUNT — a count of cards is 0 or more.
            if held < 0:
                text = _("{count} cards: a count of cards is 0 or more").format(count=held)
                yield Issue("CARD_COUNT", player.name, f"players[{index}].cards.{key}", text)
            totals[key] += max(held, 0)
        for i, counted in enumerate(cards.parchments):
            # CARD_COUNT — one Parchment of each kind exists (data/cards.csv).
            if counted in parchment_holder:
                other = parchment_holder[counted]
                text = (
                    _("the {parchment} is listed twice: there is one of each")
                    if other == player.name
                    else _("the {parchment} is held by {other} too: there is one of each")
                )
                path = f"players[{index}].cards.parchments[{i}]"
                yield Issue(
                    "CARD_COUNT", player.name, path, text.format(parchment=_(PARCHMENT_NAMES[counted]), other=other)
                )
            else:
                parchment_holder[counted] = player.name
    for kind, held in growth.items():
        deck = cat.deck_count("growth", count, kind)
        if held > deck:
            text = _("{count} {kind} Growth cards on the table; the deck holds {deck} for this number of players")
            yield Issue("CARD_COUNT", None, "players", text.format(count=held, kind=_(kind), deck=deck))
    words = {
        "tool": _("{count} Tool cards on the table; the deck holds {deck} for this number of players"),
        "master": _("{count} Master cards on the table; the deck holds {deck} for this number of players"),
        "helper": _("{count} Helper cards on the table; the deck holds {deck} for this number of players"),
    }
    for key, held in totals.items():
        deck = cat.deck_count(key, count)
        if held > deck:
            yield Issue("CARD_COUNT", None, "players", words[key].format(count=held, deck=deck))


def _card_totals(players: Sequence[Player], cat: Catalogue) -> Iterator[Issue]:
    """CARD_TOTAL (decision 16): with D the deck for this number of players, at most D − 4 + P cards in all and
    D − 3 a player (a solo player: 15); at least D − 4 in all with 2 to 4 players when every player is detailed
    and says its cards are complete."""
    count = len(players)
    deck = cat.deck_size(count)
    most_each = cat.play.solo_most_cards if count == 1 else deck - 3
    total = 0
    for index, player in enumerate(players):
        if not isinstance(player, DetailedPlayer):
            continue
        held = player.cards.total
        total += held
        if held > most_each:
            text = (
                _("{count} cards: a solo player takes at most {most} before the game ends")
                if count == 1
                else _("{count} cards: one player takes at most {most} before the game ends with this many players")
            )
            yield Issue("CARD_TOTAL", player.name, f"players[{index}].cards", text.format(count=held, most=most_each))
    if count == 1:
        return
    if total > deck - 4 + count:
        text = _("{count} cards in all: the game ends once {most} at most have been taken with this number of players")
        yield Issue("CARD_TOTAL", None, "players", text.format(count=total, most=deck - 4 + count))
    complete = all(isinstance(p, DetailedPlayer) and p.cards.complete for p in players)
    if complete and total < deck - 4:
        text = _(
            "{count} cards in all, every player's list complete: the game ends only once {least} have been taken "
            "with this number of players"
        )
        yield Issue("CARD_TOTAL", None, "players", text.format(count=total, least=deck - 4))


#: Where a tile is, said from the trunk as players say it (``{cell}``: :func:`~marquoir.games.bonsai.words.place_text`).
_PLACE_WORDS = {
    ON_TRUNK: N_("a {kind} tile lies on the trunk"),
    ON_POT: N_("a {kind} tile ({cell}) lies on the pot"),
    TAKEN: N_("a {kind} tile ({cell}) lies on a cell where a {other} tile already is"),
}
_SUPPORT_WORDS = {
    WOOD: N_("the wood tile ({cell}) is not joined to the trunk through wood tiles"),
    LEAF: N_("the leaf tile ({cell}) touches no wood tile"),
    FLOWER: N_("the flower tile ({cell}) touches no leaf tile"),
    FRUIT: N_("the fruit tile ({cell}) does not touch two leaf tiles that touch each other"),
}


def _tree_issues(tree: Tree, index: int, in_play: dict[str, Goal]) -> Iterator[Issue]:
    name = tree.player.name
    base = f"players[{index}]"
    kind_at, first_at = tree.kind_at, tree.first_at
    joined = joined_wood(kind_at, tree.trunk)  # the wood joined to the trunk through wood (placement.py)
    flipped = tree.player.flipped
    for i, (at, kind) in enumerate(tree.player.tiles):
        # TILE_PLACE — no tile on the pot or the trunk, one tile a cell (data/SOURCES.md, fact 3; placement.py).
        fault = free_cell_fault(at, tree.trunk, flipped, first_at.get(at) != i)
        if fault is not None:
            text = _(_PLACE_WORDS[fault]).format(kind=_(kind), cell=place_text(at, tree.trunk), other=_(kind_at[at]))
            yield Issue("TILE_PLACE", name, f"{base}.tiles[{i}]", text)
            continue
        # TILE_UNSUPPORTED — each kind grows next to the kind that carries it (« Cultiver »; decision 9).
        if support_fault(kind_at, at, kind, joined):
            text = _(_SUPPORT_WORDS[kind]).format(cell=place_text(at, tree.trunk))
            yield Issue("TILE_UNSUPPORTED", name, f"{base}.tiles[{i}]", text)
        # FRUIT_TOUCHES_FRUIT — a fruit never touches another fruit (« Cultiver »); said once, at the later one.
        if kind == FRUIT:
            for n in neighbours(at):
                if kind_at.get(n) == FRUIT and first_at.get(n, i) < i:
                    text = _("the fruit tile ({cell}) touches the fruit tile ({other})").format(
                        cell=place_text(at, tree.trunk), other=place_text(n, tree.trunk)
                    )
                    yield Issue("FRUIT_TOUCHES_FRUIT", name, f"{base}.tiles[{i}]", text)
    # GOAL_UNMET — goals are claimed when met, and tiles leave the bonsai only by discards (decision 8).
    for i, goal_id in enumerate(tree.player.goals):
        goal = in_play.get(goal_id)
        if goal is not None and not is_met(goal, tree):
            yield Issue("GOAL_UNMET", name, f"{base}.goals[{i}]", _unmet_text(goal, figure_text(goal, tree)))


def _unmet_text(goal: Goal, figure: str) -> str:
    """GOAL_UNMET's words, by the removal the rules allow (decision 14): one leaf with the flowers and fruits it
    carries, never a wood tile; so nothing explains a brown goal missed."""
    if goal.colour == "brown":
        text = _("the {goal} is not met: {figure}; wood tiles never leave a bonsai, so no game ends this way")
    else:
        text = _(
            "the {goal} is not met: {figure}; only leaves removed when no wood tile could be placed (each with the "
            "flowers and fruits it carried) could explain it"
        )
    return text.format(goal=_(goal.name), figure=figure)


def _sheet_issues(player: SheetPlayer, index: int, in_play: dict[str, Goal]) -> Iterator[Issue]:
    base = f"players[{index}].sheet"
    name = player.name
    leaves, fruits = player.leaves, player.fruits
    # SHEET — every figure is a count or a sum of points: 0 or more.
    for key in ("leaves", "flowers", "fruits", "parchments"):
        figure = getattr(player, key)
        if figure < 0:
            yield Issue(
                "SHEET", name, f"{base}.{key}", _("a negative figure ({figure}) cannot be").format(figure=figure)
            )
    # SHEET — a fruit touches two leaves, and a leaf touches at most 5 tiles besides its wood (decision 13).
    if fruits > 0 and leaves < 2:
        yield Issue("SHEET", name, f"{base}.fruits", _("fruits without 2 leaves: a fruit grows next to two leaves"))
    elif 2 * fruits > 5 * max(leaves, 0):
        text = _(
            "{fruits} fruits need more than {leaves} leaves: each touches two leaves, and a leaf touches at most "
            "5 tiles besides its wood"
        ).format(fruits=fruits, leaves=leaves)
        yield Issue("SHEET", name, f"{base}.fruits", text)
    # SHEET — a flower touches a leaf and scores at most 5 (« Fin de la partie »; decision 13).
    most = 5 * max(5 * max(leaves, 0) - 2 * max(fruits, 0), 0)
    if player.flowers > 0 and leaves <= 0:
        yield Issue("SHEET", name, f"{base}.flowers", _("flower points without a leaf: a flower grows next to a leaf"))
    elif player.flowers > most:
        text = _("{points} flower points: {leaves} leaves and {fruits} fruits leave room for at most {most}").format(
            points=player.flowers, leaves=leaves, fruits=fruits, most=most
        )
        yield Issue("SHEET", name, f"{base}.flowers", text)
    if isinstance(player.goals, int):
        # SHEET — goal points are the sum of at most one goal tile of each colour in play (decision 13).
        if fewest_goals_for(player.goals, in_play.values()) is None:
            text = _("{points} goal points cannot be made with one goal tile per colour in play").format(
                points=player.goals
            )
            yield Issue("SHEET", name, f"{base}.goals", text)
        return
    # GOAL_UNMET — a goal the sheet's own figures prove unmet (decisions 8 and 13).
    for i, goal_id in enumerate(player.goals):
        goal = in_play.get(goal_id)
        figure = sheet_figure(goal, player) if goal is not None else None
        if goal is not None and figure is not None and figure < goal.threshold:
            yield Issue("GOAL_UNMET", name, f"{base}.goals[{i}]", _unmet_text(goal, sheet_figure_text(goal, player)))


def check(table: Table) -> list[Issue]:
    """All the legality issues of ``table`` at once (see :func:`iter_issues`)."""
    return list(iter_issues(table))


def is_legal(table: Table) -> bool:
    """Whether ``table`` has no legality issue. Legal is not reachable: see the module docstring."""
    return not any(True for _ in iter_issues(table))
