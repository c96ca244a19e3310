"""The rules of a Kanagawa round: the School board, taking a column, working, Diplomas, Yokai, end of the game.

Sources: Kanagawa rules ("Game Play" steps 1–3, "End of the Game"), Kanagawa French rules (sections 2 and 4), Yokai
rules ("Gameplay"), ``data/SOURCES.md`` (rule decisions 7, 8, 12). The painting rules themselves are in
:mod:`~marquoir.games.kanagawa.engine.painting`; Diploma requirements are judged by
:mod:`~marquoir.games.kanagawa.diplomas` (written once): :func:`~marquoir.games.kanagawa.diplomas.meets`, the verdict
of :func:`~marquoir.games.kanagawa.diplomas.check_diploma` without listing the cards (a conformance test checks that
the two agree at every step of random games).

:func:`legal_actions` lists what the next actor may do; :func:`apply` returns the next state or raises
:class:`~marquoir.errors.RuleError` naming the rule broken; :func:`final_table` turns a finished game into a table
document value that :func:`marquoir.games.kanagawa.scoring.score` scores (one scoring, never two).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache

import marquoir.games.kanagawa.engine.painting as painting
from marquoir.errors import RuleError
from marquoir.games.kanagawa.catalogue import Catalogue, PrintHalf, StudioHalf, catalogue
from marquoir.games.kanagawa.diplomas import meets
from marquoir.games.kanagawa.engine.cards import LessonCard
from marquoir.games.kanagawa.engine.state import (
    Action,
    Choice,
    Column,
    EndTurn,
    GameState,
    GiveYokai,
    LeaveDiploma,
    MoveBrush,
    Paint,
    PlaceBrush,
    TakeColumn,
    TakeDiploma,
    TakeYokaiFrom,
    ToStudio,
    Wait,
)
from marquoir.games.kanagawa.table import DetailedPlayer, Table
from marquoir.games.kanagawa.tableau import Tableau
from marquoir.games.kanagawa.vocabulary import END_PRINT_CARDS

# Rule names (the ``rule`` of a RuleError).
R_TURN = "players act in turn order, a choice or Diploma first (Kanagawa rules, step 2)"
R_MUST_TAKE = (
    "a player alone at school, every player after the third row, and every player once the deck is out must take "
    "a column (Kanagawa rules, step 2 and 'New Lesson')"
)
R_COLUMN = "take a whole column still on the School board (Kanagawa rules, 'Choose a column')"
R_EMPTY = (
    "an empty column is taken only when no column holds a card (Kanagawa rules, 'New Lesson', note: "
    "'choose all the Lesson cards in a column'; data/SOURCES.md decision 15)"
)
R_HAND = "only cards in hand can be placed (Kanagawa rules, 'Continue your work')"
R_KEEP = "one card kept from round to round per keep icon (Kanagawa rules, 'Continue your work', exception)"
R_DIPLOMA = (
    "a Diploma is taken or left the moment it is met, one per family "
    "(Kanagawa rules, 'Take the corresponding diploma(s)')"
)
R_YOKAI = "Yokai tokens move as the Yokai rules say ('Arrival of a New Yokai', 'Movement of a Yokai')"
R_OVER = "the game is over (Kanagawa rules, 'End of the Game')"
R_PAINT = painting.NEEDS_BRUSHES

# ----------------------------------------------------------------------------------------------- views


def icons_of(state: GameState, seat: int) -> tuple[str, ...]:
    """A player's landscape icons in Studio order: the Starting tile's first (see
    :mod:`~marquoir.games.kanagawa.engine.painting`)."""
    return state.players[seat].icons


def arrows_of(state: GameState, seat: int) -> int:
    """Arrows in the Studio, the Starting tile's included (data/SOURCES.md, decision 9)."""
    return state.players[seat].arrows


def keep_icons_of(state: GameState, seat: int) -> int:
    return state.players[seat].keeps


def studio_view(start: str, studio: tuple[StudioHalf, ...]) -> tuple[tuple[str, ...], int, int]:
    """Icons, arrows and keep icons of a Starting tile and Studio halves, computed from scratch."""
    tile = catalogue().start_tiles[start]
    icons = (tile.landscape, *(h.landscape for h in studio if h.landscape))
    return icons, tile.arrows + sum(1 for h in studio if h.icon == "arrow"), sum(1 for h in studio if h.icon == "keep")


def must_take(state: GameState) -> bool:
    """Whether the player to decide must take a column: alone at school when the step began, after the third row,
    or once the last card of the deck reached the board (Kanagawa rules, step 2, 'New Lesson' and its note)."""
    return state.deck_out or state.rows >= 3 or state.alone_at_start


def print_ref(state: GameState, index: int) -> int | PrintHalf:
    card = state.cards[index]
    return card.card_id if card.card_id is not None else card.print


def studio_ref(state: GameState, index: int) -> int | StudioHalf:
    card = state.cards[index]
    return card.card_id if card.card_id is not None else card.studio


#: The deck last asked about and each card's references (see :func:`_refs`).
_REFS: list[tuple[tuple[LessonCard, ...], tuple[int | PrintHalf, ...], tuple[int | StudioHalf, ...]]] = []


def _refs(cards: tuple[LessonCard, ...]) -> tuple[tuple[int | PrintHalf, ...], tuple[int | StudioHalf, ...]]:
    """Every card's Print and Studio reference (:func:`print_ref`, :func:`studio_ref`), made once per deck: the
    states of a game share their deck, so the last decks are remembered (by identity, holding them)."""
    for known, prints, studios in _REFS:
        if known is cards:
            return prints, studios
    prints = tuple(card.card_id if card.card_id is not None else card.print for card in cards)
    studios = tuple(card.card_id if card.card_id is not None else card.studio for card in cards)
    _REFS.insert(0, (cards, prints, studios))
    del _REFS[4:]
    return prints, studios


def detailed_player(state: GameState, seat: int) -> DetailedPlayer:
    """A player as a table document's detailed player: what the table shows now."""
    player = state.players[seat]
    prints, studios = _refs(state.cards)
    return DetailedPlayer(
        name=state.names[seat],
        start=player.start,
        print=tuple(map(prints.__getitem__, player.print)),
        studio=tuple(map(studios.__getitem__, player.studio)),
        kept=tuple(map(prints.__getitem__, player.hand)),
        diplomas=player.diplomas,
        storms=None,
        grand_master=seat == state.grand_master,
        yokai=player.yokai,
        brushes=player.brushes.owned,
    )


def final_table(state: GameState) -> Table:
    """The table at the end of the game, as the table document describes it (``marquoir/data/table-format.md``):
    score it with :func:`marquoir.games.kanagawa.scoring.score`. Storm tokens are left for the calculator to place."""
    if not state.over:
        raise RuleError(R_OVER, "the game is not over: the table is written at the end of the game")
    return Table(players=tuple(detailed_player(state, s) for s in range(len(state.players))),
                 families=state.families, rules=state.rules)


# ----------------------------------------------------------------------------------------------- the round


def lay_row(state: GameState) -> GameState:
    """The Grand Master lays one card per player still at school on the next row, under the columns still on the
    board (Kanagawa rules, steps 1 and 3); the last card of the deck reaching the board ends the game after this
    round."""
    n = len(state.players)
    columns = state.columns if state.rows else tuple(Column(space=i + 1) for i in range(n))
    count = min(len(columns), len(state.draw))
    laid = tuple(
        Column(c.space, (*c.cards, state.draw[i])) if i < count else c for i, c in enumerate(columns)
    )
    order = tuple((state.grand_master + k) % n for k in range(n))
    at_school = tuple(s for s in order if state.players[s].at_school)
    return state._replace(
        columns=laid,
        draw=state.draw[count:],
        rows=state.rows + 1,
        deck_out=state.deck_out or len(state.draw) == count,
        to_decide=at_school,
        alone_at_start=len(at_school) == 1,
    )


def _end_round(state: GameState) -> GameState:
    """End of the round: the Assistant's holder takes the Grand Master for the next round (Kanagawa rules, step 3).
    The game ends after the round in which the deck ran out or a player has 11 or more painted cards, the Starting
    tile not counted (Kanagawa rules, 'End of the Game'; data/SOURCES.md decision 12); whether the pawn passes once
    more at the end of the last round is the rule option ``grand_master_passes_at_end`` (decision 14)."""
    most = max(len(p.print) for p in state.players)
    over = state.deck_out or most >= END_PRINT_CARDS
    passes = not over or state.rules.grand_master_passes_at_end
    state = state._replace(
        grand_master=state.assistant if passes else state.grand_master, columns=(), rows=0, to_decide=()
    )
    if over:
        reason = "the deck ran out" if state.deck_out else f"a player has {most} painted cards"
        return state._replace(over=True, end_reason=reason)
    players = tuple(p._replace(at_school=True, brushes=p.brushes.new_round()) for p in state.players)
    return lay_row(state._replace(players=players, round=state.round + 1))


def _advance(state: GameState) -> GameState:
    """After a player waited or finished working: the next player at school decides; after the last one, a new row
    if anyone is still at school, else the end of the round."""
    if state.to_decide:
        return state
    if any(p.at_school for p in state.players):
        return lay_row(state)
    return _end_round(state)


# ----------------------------------------------------------------------------------------------- Diplomas, Yokai


def _offers(state: GameState, seat: int, families: Iterable[str]) -> tuple[str, ...]:
    """Diplomas ``seat`` has just met among ``families``: still on the table, of a family the player holds none of,
    not left before (Kanagawa rules, 'Take the corresponding diploma(s)'); judged by the core's ``meets``."""
    player = state.players[seat]
    cat = catalogue()
    held = {cat.diplomas[d].family for d in player.diplomas}
    wanted = set(families) - held
    candidates = [
        d
        for fam in wanted
        for d in (x.id for x in cat.diplomas_by_family.get(fam, ()))
        if d in state.diplomas_free and d not in player.left
    ]
    if not candidates:
        return ()
    order = _diploma_order()
    return diplomas_met(state, seat, sorted(candidates, key=order.__getitem__))


def diplomas_met(state: GameState, seat: int, diplomas: Iterable[str]) -> tuple[str, ...]:
    """Which of ``diplomas`` (ids, kept in order) the player at ``seat`` meets now, as the core judges them
    (:func:`marquoir.games.kanagawa.diplomas.meets`).

    Faster than judging the whole table: a Print Diploma is judged on the player's Print alone, a Studio one on the
    Starting tile, the Studio, the Diplomas held and the Yokai tokens alone (the figures of ``diplomas.csv``'s
    ``place``: Kanagawa French rules section 3, Yokai rules), so only the half that counts is resolved and counted. A
    conformance test checks at every step of random games that the verdicts are those of ``check_diploma`` on the
    whole table.
    """
    cat = catalogue()
    tiles = cat.diplomas
    rules = state.rules
    halves: dict[str, Tableau] = {}
    met: list[str] = []
    for diploma in diplomas:
        tile = tiles[diploma]
        tableau = halves.get(tile.place)
        if tableau is None:
            tableau = halves[tile.place] = _half_tableau(state, seat, tile.place == "print", cat)
        if meets(tile, tableau, rules):
            met.append(diploma)
    return tuple(met)


def _half_tableau(state: GameState, seat: int, print_half: bool, cat: Catalogue) -> Tableau:
    """The tableau of the player's Print alone, or of the rest alone (see :func:`diplomas_met`); built afresh rather
    than through the core's shared cache of tableaux, since an engine state's is asked for once."""
    player = state.players[seat]
    prints, studios = _refs(state.cards)
    if print_half:
        shown = DetailedPlayer(state.names[seat], player.start, print=tuple(map(prints.__getitem__, player.print)))
    else:
        shown = DetailedPlayer(
            state.names[seat],
            player.start,
            studio=tuple(map(studios.__getitem__, player.studio)),
            diplomas=player.diplomas,
            yokai=player.yokai,
            brushes=player.brushes.owned,  # the Brushes Diploma counts the pawns received (decision 8)
        )
    return Tableau.of(shown, cat)


@cache
def _diploma_order() -> dict[str, int]:
    return {d: i for i, d in enumerate(catalogue().diplomas)}


def _set_player(state: GameState, seat: int, **changes: object) -> GameState:
    players = list(state.players)
    players[seat] = players[seat]._replace(**changes)  # type: ignore[arg-type]
    # ``state._replace(players=...)`` without the keyword machinery: ``players`` is the fifth field.
    return tuple.__new__(GameState, (*state[:_PLAYERS], tuple(players), *state[_PLAYERS + 1 :]))


_PLAYERS = GameState._fields.index("players")


def _gain_yokai(state: GameState, seat: int) -> GameState:
    player = state.players[seat]
    count = player.yokai + 1
    return _set_player(state, seat, yokai=count, had_three_yokai=player.had_three_yokai or count >= 3)


def _choice_options(state: GameState, choice: Choice) -> tuple[int, ...]:
    n = len(state.players)
    others = tuple(s for s in range(n) if s != choice.player)
    if choice.kind == "yokai-from":
        return tuple(s for s in others if state.players[s].yokai > 0)
    return others if state.players[choice.player].yokai > 0 else ()


def _settle(state: GameState, dirty: list[tuple[int, set[str]]]) -> GameState:
    """Resolve what follows an action: owed choices with one option (or none) resolve themselves; then the Diplomas
    just met are offered, one player at a time."""
    while True:
        while state.choices:
            choice = state.choices[0]
            options = _choice_options(state, choice)
            if len(options) > 1:
                return _park(state, dirty)
            state = state._replace(choices=state.choices[1:])
            if options:
                state, more = _resolve_choice(state, choice, options[0])
                dirty.extend(more)
        if state.offer is not None:
            return _park(state, dirty)
        if not dirty:
            return state
        seat, families = dirty.pop(0)
        offers = _offers(state, seat, families)
        if offers:
            state = state._replace(offer=(seat, offers))


def _park(state: GameState, dirty: list[tuple[int, set[str]]]) -> GameState:
    """Players whose new Diplomas wait behind an open choice or offer ride along in ``GameState.unsettled``."""
    merged = list(state.unsettled) + [(s, frozenset(f)) for s, f in dirty]
    return state._replace(unsettled=tuple(merged))


def _resolve_choice(state: GameState, choice: Choice, target: int) -> tuple[GameState, list[tuple[int, set[str]]]]:
    if choice.kind == "yokai-from":
        state = _set_player(state, target, yokai=state.players[target].yokai - 1)
        state = _gain_yokai(state, choice.player)
        return state, [(choice.player, {"yokai"})]
    state = _set_player(state, choice.player, yokai=state.players[choice.player].yokai - 1)
    state = _gain_yokai(state, target)
    return state, [(target, {"yokai"})]


def _diploma_bonus(state: GameState, seat: int, diploma: str) -> tuple[GameState, list[tuple[int, set[str]]]]:
    """A Diploma's bonus, given at once, in the middle of the turn (data/SOURCES.md decision 17; Kanagawa French
    rules, section 3; Yokai rules; ``diplomas.csv`` column ``bonus``): a brush from the reserve, a Storm token, the
    Assistant pawn, or giving one of your Yokai to an opponent. An empty reserve gives nothing (decision: no source
    says otherwise; with the base cards the 15 brushes never run out)."""
    bonus = catalogue().diplomas[diploma].bonus
    player = state.players[seat]
    if bonus == "brush" and state.brush_reserve > 0:
        state = _set_player(state, seat, brushes=player.brushes.gain())
        return state._replace(brush_reserve=state.brush_reserve - 1), [(seat, {"brushes"})]
    if bonus == "storm" and state.storm_reserve > 0:
        state = _set_player(state, seat, storms=player.storms + 1)
        return state._replace(storm_reserve=state.storm_reserve - 1), []
    if bonus == "assistant":
        return state._replace(assistant=seat), []
    if bonus == "give-yokai":
        return state._replace(choices=(*state.choices, Choice(seat, "yokai-give", ()))), []
    return state, []


# ----------------------------------------------------------------------------------------------- legal actions


def legal_actions(state: GameState) -> list[Action]:
    """Every action the next actor (:attr:`GameState.actor`) may take; empty once the game is over."""
    if state.over:
        return []
    if state.choices:
        choice = state.choices[0]
        options = _choice_options(state, choice)
        if choice.kind == "yokai-from":
            return [TakeYokaiFrom(s) for s in options]
        return [GiveYokai(s) for s in options]
    if state.offer is not None:
        _, ids = state.offer
        return [*(TakeDiploma(d) for d in ids), *(LeaveDiploma(d) for d in ids)]
    if state.worker is not None:
        return _work_actions(state, state.worker)
    return list(_school_actions(_takeable(state.columns), not must_take(state)))


def _work_actions(state: GameState, seat: int) -> list[Action]:
    player = state.players[seat]
    icons = player.icons
    brushes = player.brushes
    actions: list[Action] = []
    cards = state.cards
    for card in dict.fromkeys(player.hand):
        actions.append(_studio_action(card))
        need = cards[card].print.paint
        if need is not None:
            actions.extend(_paint_action(card, at) for at in painting.paint_choices(brushes, icons, need))
    actions.extend(_brush_actions(len(icons), brushes.placed, brushes.free > 0, brushes.moves < player.arrows))
    if len(player.hand) <= player.keeps:
        actions.append(_END_TURN)
    return actions


# Actions are values: the same action is made once and handed out again (a game lists thousands of them).
_END_TURN = EndTurn()


def _takeable(columns: tuple[Column, ...]) -> tuple[int, ...]:
    """The columns a player may take: every column still on the board, but an empty one only once no column holds
    a card (the deck ran out on the first row: "choose all the Lesson cards in a column", Kanagawa rules, 'New
    Lesson', note; data/SOURCES.md decision 15)."""
    full = tuple(c for c, column in enumerate(columns) if column.cards)
    return full or tuple(range(len(columns)))


@lru_cache(maxsize=256)
def _school_actions(columns: tuple[int, ...], may_wait: bool) -> tuple[Action, ...]:
    """Taking each column that may be taken, then waiting when allowed."""
    return (*(TakeColumn(c) for c in columns), *((Wait(),) if may_wait else ()))


@lru_cache(maxsize=1024)
def _studio_action(card: int) -> ToStudio:
    return ToStudio(card)


@lru_cache(maxsize=8192)
def _paint_action(card: int, icons: tuple[int, ...]) -> Paint:
    return Paint(card, icons)


@lru_cache(maxsize=8192)
def _brush_actions(size: int, placed: int, place: bool, move: bool) -> tuple[Action, ...]:
    """Placing a free brush on each empty icon (when ``place``), then moving each brush to each empty icon (when
    ``move``): the empty landscape icons of a Studio of ``size`` icons whose icons ``placed`` hold a brush."""
    empty = [i for i in range(size) if not placed >> i & 1]
    actions: list[Action] = []
    if place:
        actions.extend(PlaceBrush(i) for i in empty)
    if move:
        actions.extend(MoveBrush(s, t) for s in range(size) if placed >> s & 1 for t in empty)
    return tuple(actions)


# ----------------------------------------------------------------------------------------------- apply


def apply(state: GameState, action: Action) -> GameState:
    """The state after ``action`` by :attr:`GameState.actor`; :class:`RuleError` naming the rule when not allowed."""
    if state.over:
        raise RuleError(R_OVER, "no action once the game is over")
    if state.choices:
        return _apply_choice(state, action)
    if state.offer is not None:
        return _apply_offer(state, action)
    if state.worker is not None:
        return _apply_work(state, state.worker, action)
    return _apply_school(state, action)


def _continue(state: GameState, dirty: list[tuple[int, set[str]]]) -> GameState:
    """Settle, then pick up players whose Diplomas were waiting behind an earlier offer or choice."""
    if not state.unsettled:
        return _settle(state, dirty)
    pending = [(s, set(f)) for s, f in state.unsettled]
    state = state._replace(unsettled=())
    return _settle(state, pending + dirty)


def _apply_choice(state: GameState, action: Action) -> GameState:
    choice = state.choices[0]
    options = _choice_options(state, choice)
    wanted = TakeYokaiFrom if choice.kind == "yokai-from" else GiveYokai
    if not isinstance(action, wanted):
        raise RuleError(R_TURN, f"{state.names[choice.player]} must first choose: {choice.kind}")
    if action.player not in options:
        who = state.names[action.player] if 0 <= action.player < len(state.names) else str(action.player)
        raise RuleError(R_YOKAI, f"{who} is not a possible choice (choices: {[state.names[s] for s in options]})")
    state = state._replace(choices=state.choices[1:])
    state, dirty = _resolve_choice(state, choice, action.player)
    return _continue(state, dirty)


def _apply_offer(state: GameState, action: Action) -> GameState:
    assert state.offer is not None
    seat, ids = state.offer
    if not isinstance(action, TakeDiploma | LeaveDiploma):
        raise RuleError(R_DIPLOMA, f"{state.names[seat]} must first take or leave {', '.join(ids)}")
    if action.diploma not in ids:
        raise RuleError(R_DIPLOMA, f"{action.diploma} is not on offer now (on offer: {', '.join(ids)})")
    cat = catalogue()
    player = state.players[seat]
    if isinstance(action, LeaveDiploma):
        rest = tuple(d for d in ids if d != action.diploma)
        state = _set_player(state, seat, left=player.left | {action.diploma})
        return _continue(state._replace(offer=(seat, rest) if rest else None), [])
    family = cat.diplomas[action.diploma].family
    rest = tuple(d for d in ids if cat.diplomas[d].family != family)
    state = _set_player(state, seat, diplomas=(*player.diplomas, action.diploma))
    state = state._replace(diplomas_free=state.diplomas_free - {action.diploma}, offer=(seat, rest) if rest else None)
    state, dirty = _diploma_bonus(state, seat, action.diploma)
    return _continue(state, dirty)


def _apply_school(state: GameState, action: Action) -> GameState:
    if not state.to_decide:
        raise RuleError(R_TURN, "nobody is to decide")
    seat = state.to_decide[0]
    if isinstance(action, Wait):
        if must_take(state):
            raise RuleError(R_MUST_TAKE, f"{state.names[seat]} must take a column now")
        return _advance(state._replace(to_decide=state.to_decide[1:]))
    if not isinstance(action, TakeColumn):
        raise RuleError(R_TURN, f"{state.names[seat]} is at school: wait or take a column")
    if not 0 <= action.column < len(state.columns):
        raise RuleError(R_COLUMN, f"there is no column {action.column} (columns 0 to {len(state.columns) - 1})")
    if action.column not in _takeable(state.columns):
        raise RuleError(R_EMPTY, f"column {action.column} is empty while another holds cards")
    column = state.columns[action.column]
    player = state.players[seat]
    state = state._replace(columns=state.columns[: action.column] + state.columns[action.column + 1 :], worker=seat)
    state = _set_player(state, seat, hand=player.hand + column.cards, at_school=False)
    dirty: list[tuple[int, set[str]]] = []
    for card in column.cards:
        # Arrival of a new Yokai: on taking the card, wherever it goes (Yokai rules).
        if state.cards[card].print.yokai_arrival:
            if state.yokai_reserve > 0:
                state = _gain_yokai(state, seat)._replace(yokai_reserve=state.yokai_reserve - 1)
                dirty.append((seat, {"yokai"}))
            else:
                state = state._replace(choices=(*state.choices, Choice(seat, "yokai-from", ())))
    return _continue(state, dirty)


def _apply_work(state: GameState, seat: int, action: Action) -> GameState:
    player = state.players[seat]
    if isinstance(action, EndTurn):
        keep = keep_icons_of(state, seat)
        if len(player.hand) > keep:
            raise RuleError(R_KEEP, f"{len(player.hand)} card(s) still in hand, {keep} keep icon(s)")
        state = state._replace(worker=None, to_decide=state.to_decide[1:])
        return _advance(state)
    if isinstance(action, PlaceBrush):
        brushes = painting.place(player.brushes, icons_of(state, seat), action.icon)
        return _set_player(state, seat, brushes=brushes)
    if isinstance(action, MoveBrush):
        brushes = painting.move(
            player.brushes, icons_of(state, seat), arrows_of(state, seat), action.source, action.target
        )
        return _set_player(state, seat, brushes=brushes)
    if isinstance(action, ToStudio | Paint):
        if action.card not in player.hand:
            raise RuleError(R_HAND, f"card {action.card} is not in {state.names[seat]}'s hand")
        hand = list(player.hand)
        hand.remove(action.card)
        card = state.cards[action.card]
        if isinstance(action, Paint):
            need = card.print.paint
            if need is None:
                raise RuleError(R_PAINT, f"{card.label} does not say what painting it needs")
            brushes = painting.paint(player.brushes, icons_of(state, seat), need, action.icons)
            state = _set_player(state, seat, hand=tuple(hand), print=(*player.print, action.card), brushes=brushes)
            return _continue(state, [(seat, {card.family})])
        half = card.studio
        state = _set_player(
            state,
            seat,
            hand=tuple(hand),
            studio=(*player.studio, action.card),
            icons=(*player.icons, half.landscape) if half.landscape else player.icons,
            arrows=player.arrows + (half.icon == "arrow"),
            keeps=player.keeps + (half.icon == "keep"),
        )
        return _to_studio(state, seat, card)
    raise RuleError(R_TURN, f"{state.names[seat]} is working: place cards, brushes, or finish")


def _to_studio(state: GameState, seat: int, card: LessonCard) -> GameState:
    """Studio effects apply at once (Kanagawa rules, 'Improve your Studio'; Yokai rules, 'Movement of a Yokai'): a brush
    from the reserve, the Assistant pawn, giving a Yokai; arrows, keep icons and landscapes count from now on."""
    half = card.studio
    player = state.players[seat]
    if half.icon == "brush" and state.brush_reserve > 0:
        state = _set_player(state, seat, brushes=player.brushes.gain())
        state = state._replace(brush_reserve=state.brush_reserve - 1)
    elif half.icon == "assistant":
        state = state._replace(assistant=seat)
    if half.yokai_move:
        state = state._replace(choices=(*state.choices, Choice(seat, "yokai-give", ())))
    # Only the Studio Diplomas this card can change are looked at: arrows, identical landscapes, brushes owned.
    changed = {"arrows"} if half.icon == "arrow" else set()
    if half.landscape:
        changed.add("landscapes")
    if half.icon == "brush":
        changed.add("brushes")
    return _continue(state, [(seat, changed)] if changed else [])
