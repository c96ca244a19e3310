"""Every rule of the engine: an action it allows, and the nearest action it refuses (naming the rule).

Card ids are the catalogue's (``games/kanagawa/data/cards.csv``); in a base deck built by ``build_deck`` card id
``k`` is at index ``k - 1``. States are set up directly (they are plain values) around the rule under test.
"""

from __future__ import annotations

from typing import Any, TypeVar

import pytest
from support.engine import YOKAI_FAMILIES, deck_for

from marquoir.errors import RuleError
from marquoir.games.kanagawa.engine import (
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
    apply,
    build_deck,
    legal_actions,
    new_game,
    painting,
)
from marquoir.games.kanagawa.engine.painting import Brushes
from marquoir.games.kanagawa.engine.rules import (
    R_COLUMN,
    R_DIPLOMA,
    R_HAND,
    R_KEEP,
    R_MUST_TAKE,
    R_TURN,
    R_YOKAI,
    studio_view,
)
from marquoir.games.kanagawa.engine.state import Column, PlayerState
from marquoir.games.kanagawa.vocabulary import BASE_FAMILIES

DECK = build_deck(BASE_FAMILIES)
T = TypeVar("T", GameState, PlayerState)


def replace(value: T, **changes: Any) -> T:
    """States are named tuples: the next one is made with ``_replace``."""
    return value._replace(**changes)


def with_cards(column: Column, cards: tuple[int, ...]) -> Column:
    return Column(column.space, cards)


def ix(*card_ids: int) -> tuple[int, ...]:
    """Deck indices of catalogue cards."""
    return tuple(card_id - 1 for card_id in card_ids)


def working(
    hand: tuple[int, ...] = (),
    studio: tuple[int, ...] = (),
    printed: tuple[int, ...] = (),
    brushes: Brushes | None = None,
    start: str = "S1",
    **player: object,
) -> GameState:
    """Seat 0 (Starting tile ``start``) is working with ``hand`` (catalogue ids) after taking a column."""
    state = new_game(DECK, 2, seed=0, starts=(start, "S2"), shuffle=False)
    used = set(ix(*hand, *studio, *printed))
    icons, arrows, keeps = studio_view(start, tuple(DECK[i].studio for i in ix(*studio)))
    me = PlayerState(
        start=start,
        hand=ix(*hand),
        studio=ix(*studio),
        print=ix(*printed),
        brushes=brushes or Brushes(free=2),
        at_school=False,
        icons=icons,
        arrows=arrows,
        keeps=keeps,
        **player,  # type: ignore[arg-type]
    )
    players = (me, state.players[1])
    return replace(
        state,
        players=players,
        worker=0,
        to_decide=(0, 1),
        columns=(Column(2, state.columns[1].cards),),
        draw=tuple(i for i in state.draw if i not in used),
    )


def refuses(state: GameState, action: object, rule_part: str) -> RuleError:
    with pytest.raises(RuleError) as caught:
        apply(state, action)  # type: ignore[arg-type]
    assert rule_part in caught.value.rule or rule_part in str(caught.value)
    assert action not in legal_actions(state)
    return caught.value


def allows(state: GameState, action: object) -> GameState:
    assert action in legal_actions(state)
    return apply(state, action)  # type: ignore[arg-type]


def leave_offers(state: GameState) -> GameState:
    """Leave every Diploma on offer (Studio Diplomas are met along the way in these set-ups)."""
    while state.offer is not None:
        state = apply(state, LeaveDiploma(state.offer[1][0]))
    return state


# ----------------------------------------------------------------------------------------------- painting


def test_a_print_card_needs_a_brush_on_an_icon_of_its_landscape() -> None:
    # S1 shows water; card 61 needs 1 water brush, card 64 needs 1 forest brush.
    state = working(hand=(61, 64), brushes=Brushes(placed=0b1, free=1))
    after = allows(state, Paint(ix(61)[0], (0,)))
    assert after.players[0].print == ix(61)
    refuses(state, Paint(ix(64)[0], (0,)), painting.NEEDS_BRUSHES)


def test_a_joker_icon_serves_any_landscape_but_counts_once() -> None:
    # Studio card 9 shows a joker: icon 1. Card 64 needs 1 forest; card 55 needs 2 forest.
    state = working(hand=(64, 55), studio=(9,), brushes=Brushes(placed=0b10, free=1))
    allows(state, Paint(ix(64)[0], (1,)))
    refuses(state, Paint(ix(55)[0], (1,)), painting.NEEDS_BRUSHES)


def test_a_card_needing_two_brushes_needs_two_icons_with_brushes() -> None:
    # Card 2 needs 2 water brushes; studio card 61 adds a water icon (icon 1).
    two = working(hand=(2,), studio=(61,), brushes=Brushes(placed=0b11, free=0))
    allows(two, Paint(ix(2)[0], (0, 1)))
    one = working(hand=(2,), studio=(61,), brushes=Brushes(placed=0b01, free=1))
    refuses(one, Paint(ix(2)[0], (0,)), painting.NEEDS_BRUSHES)
    refuses(one, Paint(ix(2)[0], (0, 1)), painting.NEEDS_BRUSHES)  # no brush stands on icon 1


def test_a_new_brush_goes_on_an_empty_landscape_icon() -> None:
    state = working(studio=(61,), brushes=Brushes(placed=0, free=1))
    placed = allows(state, PlaceBrush(0))
    assert placed.players[0].brushes.placed == 0b1 and placed.players[0].brushes.free == 0
    refuses(working(brushes=Brushes(placed=0b1, free=1)), PlaceBrush(0), painting.ONE_BRUSH_PER_ICON)
    refuses(state, PlaceBrush(2), painting.PLACE_RULE)  # there is no icon 2
    refuses(placed, PlaceBrush(1), painting.PLACE_RULE)  # no brush left to place


def test_moving_a_brush_uses_an_arrow_each_once_a_round() -> None:
    state = working(studio=(61, 62), brushes=Brushes(placed=0b1, free=1))
    moved = allows(state, MoveBrush(0, 1))
    refuses(moved, MoveBrush(1, 2), painting.ARROW_ONCE)  # S1's single arrow is used
    refuses(state, MoveBrush(0, 0), "different icon")
    # An arrow card in the Studio gives one more move a round, at once (Studio effects apply at once).
    with_arrow = leave_offers(
        allows(working(hand=(8,), studio=(61, 62), brushes=Brushes(placed=0b1, free=1)), ToStudio(ix(8)[0]))
    )
    twice = allows(allows(with_arrow, MoveBrush(0, 1)), MoveBrush(1, 2))
    assert twice.players[0].brushes.moves == 2
    # A new round gives the arrows back.
    assert moved.players[0].brushes.new_round().moves == 0


def test_a_brush_paints_once_a_round_even_after_moving() -> None:
    state = working(hand=(61, 60), studio=(62,), brushes=Brushes(placed=0b1, free=0))
    painted = allows(state, Paint(ix(61)[0], (0,)))
    moved = allows(painted, MoveBrush(0, 1))
    refuses(moved, Paint(ix(60)[0], (1,)), painting.PAINTS_ONCE)
    # A second brush on the other icon may paint.
    fresh = working(hand=(61, 60), studio=(62,), brushes=Brushes(placed=0b1, free=1))
    fresh = allows(allows(fresh, Paint(ix(61)[0], (0,))), PlaceBrush(1))
    allows(fresh, Paint(ix(60)[0], (1,)))


def test_an_icon_serves_once_a_round() -> None:
    state = working(hand=(61, 60), studio=(62,), brushes=Brushes(placed=0b1, free=1))
    painted = allows(state, Paint(ix(61)[0], (0,)))
    vacated = allows(painted, MoveBrush(0, 1))
    again = allows(vacated, PlaceBrush(0))
    refuses(again, Paint(ix(60)[0], (0,)), painting.ICON_ONCE)


def test_studio_effects_apply_at_once() -> None:
    # Brush icon (card 4): a brush from the reserve at once.
    state = working(hand=(4,))
    after = allows(state, ToStudio(ix(4)[0]))
    assert after.players[0].brushes.free == 3 and after.brush_reserve == state.brush_reserve - 1
    # Assistant icon (card 5): the Assistant pawn at once.
    other = replace(working(hand=(5,)), assistant=1)
    assert allows(other, ToStudio(ix(5)[0])).assistant == 0
    # A new landscape icon (card 62: water) can take a brush and paint in the same turn.
    state = working(hand=(62, 61), brushes=Brushes(placed=0b1, free=1))
    refuses(state, PlaceBrush(1), painting.PLACE_RULE)
    built = leave_offers(allows(state, ToStudio(ix(62)[0])))
    allows(allows(built, PlaceBrush(1)), Paint(ix(61)[0], (1,)))


def test_cards_in_hand_only() -> None:
    refuses(working(hand=(61,), brushes=Brushes(placed=1, free=1)), Paint(ix(60)[0], (0,)), R_HAND)
    refuses(working(hand=(61,)), ToStudio(ix(60)[0]), R_HAND)


def test_one_card_kept_per_keep_icon() -> None:
    refuses(working(hand=(61,)), EndTurn(), R_KEEP)
    allows(working(hand=(61,), studio=(6,)), EndTurn())
    refuses(working(hand=(61, 60), studio=(6,)), EndTurn(), R_KEEP)
    allows(working(hand=()), EndTurn())


# ----------------------------------------------------------------------------------------------- the round


def school(players: int = 2, seed: int = 0) -> GameState:
    return new_game(DECK, players, seed=seed)


def test_wait_or_take_and_the_rows_of_the_school_board() -> None:
    state = school(3)
    assert state.rows == 1 and len(state.columns) == 3 and all(len(c.cards) == 1 for c in state.columns)
    waited = allows(state, Wait())
    waited = allows(waited, Wait())
    waited = allows(waited, Wait())
    assert waited.rows == 2 and all(len(c.cards) == 2 for c in waited.columns)
    for _ in range(3):
        waited = allows(waited, Wait())
    assert waited.rows == 3
    refuses(waited, Wait(), R_MUST_TAKE)  # after the third row everyone must take
    taken = allows(waited, TakeColumn(0))
    assert len(taken.players[taken.worker or 0].hand) == 3
    refuses(state, TakeColumn(3), R_COLUMN)


def test_a_player_alone_at_school_must_take() -> None:
    state = school(2)
    first = state.actor
    assert first is not None
    taken = allows(state, TakeColumn(0))
    # The first player works, ends the turn, then the other player (not alone when the step began) may wait.
    while taken.worker is not None:
        card = taken.players[first].hand[0]
        taken = apply(taken, ToStudio(card))
        if taken.offer is not None:
            taken = apply(taken, LeaveDiploma(taken.offer[1][0]))
        if not taken.players[first].hand:
            taken = apply(taken, EndTurn())
    waited = allows(taken, Wait())
    assert waited.rows == 2 and len(waited.columns) == 1
    refuses(waited, Wait(), R_MUST_TAKE)  # alone at school when this step began


def test_the_last_card_of_the_deck_makes_everyone_take() -> None:
    state = school(3)
    state = state._replace(draw=state.draw[:2])  # two cards left in the draw pile
    state = apply(apply(apply(state, Wait()), Wait()), Wait())
    assert state.deck_out and not state.draw
    assert sorted(len(c.cards) for c in state.columns) == [1, 2, 2]  # one column is incomplete
    refuses(state, Wait(), R_MUST_TAKE)


def test_the_assistant_holder_takes_the_grand_master_at_the_end_of_the_round() -> None:
    state = replace(school(2), assistant=1)
    assert state.grand_master == 0
    rounds = state.round
    while state.round == rounds:
        actions = legal_actions(state)
        take = next((a for a in actions if isinstance(a, TakeColumn)), None)
        studio = next((a for a in actions if isinstance(a, ToStudio)), None)
        leave = next((a for a in actions if isinstance(a, LeaveDiploma)), None)
        step = take or leave or (studio if studio else EndTurn())
        state = apply(state, step)
        if isinstance(step, ToStudio) and state.assistant != 1 and not state.over:
            state = state._replace(assistant=1)  # keep the test about the end of the round
    assert state.grand_master == 1


def finish_round(state: GameState) -> GameState:
    """Everyone takes the first column and puts every card in the Studio, leaving every Diploma."""
    rounds = state.round
    while state.round == rounds and not state.over:
        actions = legal_actions(state)
        pick = next(
            (a for kind in (LeaveDiploma, TakeYokaiFrom, GiveYokai, TakeColumn, ToStudio, EndTurn)
             for a in actions if isinstance(a, kind)),
            actions[0],
        )
        state = apply(state, pick)
    return state


def test_eleven_painted_cards_end_the_game_after_the_round_ten_do_not() -> None:
    state = school(2)
    ten = state._replace(players=(state.players[0]._replace(print=tuple(range(60, 70))), state.players[1]))
    assert not finish_round(ten).over
    eleven = state._replace(players=(state.players[0]._replace(print=tuple(range(60, 71))), state.players[1]))
    ended = finish_round(eleven)
    assert ended.over and "11 painted" in ended.end_reason
    refuses(ended, Wait(), "over")


def test_the_deck_running_out_ends_the_game_after_the_round() -> None:
    state = replace(school(2), draw=())
    state = state._replace(deck_out=True)
    ended = finish_round(state)
    assert ended.over and "deck" in ended.end_reason


# ----------------------------------------------------------------------------------------------- Diplomas


def test_a_diploma_is_offered_the_moment_it_is_met_and_must_be_decided_first() -> None:
    # Two trees painted (cards 60 and 61), a third one (card 63, forest) now: trees-3 is met.
    state = working(hand=(63, 64), printed=(60, 61), start="S3", brushes=Brushes(placed=0b1, free=1))
    offered = allows(state, Paint(ix(63)[0], (0,)))
    assert offered.offer == (0, ("trees-3",))
    refuses(offered, ToStudio(ix(64)[0]), R_DIPLOMA)
    refuses(offered, TakeDiploma("trees-4"), R_DIPLOMA)
    took = allows(offered, TakeDiploma("trees-3"))
    assert took.players[0].diplomas == ("trees-3",) and "trees-3" not in took.diplomas_free
    # A fourth tree (next round, brushes fresh): no trees Diploma is offered any more (one per family).
    fresh = took._replace(players=(took.players[0]._replace(brushes=took.players[0].brushes.new_round()),
                                   took.players[1]))
    fourth = allows(fresh, Paint(ix(64)[0], (0,)))
    assert fourth.offer is None and "trees-4" in fourth.diplomas_free


def test_a_left_diploma_is_gone_for_that_player() -> None:
    state = working(hand=(63, 64), printed=(60, 61), start="S3", brushes=Brushes(placed=0b1, free=1))
    offered = allows(state, Paint(ix(63)[0], (0,)))
    left = allows(offered, LeaveDiploma("trees-3"))
    assert "trees-3" in left.players[0].left and left.offer is None
    # Next round: the fourth tree meets trees-4, and only trees-4 is offered.
    later = left._replace(players=(left.players[0]._replace(brushes=left.players[0].brushes.new_round()),
                                   left.players[1]))
    fourth = allows(later, Paint(ix(64)[0], (0,)))
    assert fourth.offer == (0, ("trees-4",))


def test_diploma_bonuses_are_given_at_once() -> None:
    # trees-4 gives a Storm token; 4 trees met at once by card 62's... use a 3-tree card after one tree.
    state = working(hand=(65,), printed=(60,), studio=(61,), start="S1", brushes=Brushes(placed=0b11, free=0))
    offered = allows(state, Paint(ix(65)[0], (0, 1)))  # card 65: 3 trees, 2 water brushes → 4 trees
    assert offered.offer == (0, ("trees-3", "trees-4"))
    storm = allows(offered, TakeDiploma("trees-4"))
    assert storm.players[0].storms == 1 and storm.storm_reserve == 2 and storm.offer is None
    # animals-boar-deer gives a brush: boar (card 1) painted, deer (card 10, water) now.
    state = working(hand=(10,), printed=(1,), brushes=Brushes(placed=0b1, free=0))
    offered = allows(state, Paint(ix(10)[0], (0,)))
    assert offered.offer is not None and "animals-boar-deer" in offered.offer[1]
    brushed = allows(offered, TakeDiploma("animals-boar-deer"))
    assert brushed.players[0].brushes.free == 1
    # landscapes-4 gives the Assistant: water icons on the tile and three studio cards, the fourth added now.
    state = replace(working(hand=(14,), studio=(61, 62)), assistant=1)
    offered = allows(state, ToStudio(ix(14)[0]))
    assert offered.offer is not None
    assistant = allows(offered, TakeDiploma("landscapes-3"))
    assert assistant.players[0].brushes.free == 3  # landscapes-3's bonus is a brush
    offered = allows(replace(working(hand=(14,), studio=(61, 62, 63)), assistant=1), ToStudio(ix(14)[0]))
    assert offered.offer is not None and "landscapes-4" in offered.offer[1]
    assert allows(offered, TakeDiploma("landscapes-4")).assistant == 0


def test_only_the_decider_acts() -> None:
    state = school(2)
    refuses(state, ToStudio(0), R_TURN)
    refuses(state, TakeDiploma("trees-3"), R_TURN)


# ----------------------------------------------------------------------------------------------- Yokai


def yokai_state() -> GameState:
    return new_game(deck_for(YOKAI_FAMILIES), 3, seed=1, families=YOKAI_FAMILIES)


def test_yokai_arrival_from_the_reserve_then_from_another_player() -> None:
    state = yokai_state()
    arrival = next(i for i, c in enumerate(state.cards) if c.print.yokai_arrival)
    seat = state.actor
    assert seat is not None
    column = with_cards(state.columns[0], (arrival,))
    draw = tuple(i for i in state.draw if i != arrival)
    before = state._replace(columns=(column, *state.columns[1:]), draw=draw)
    after = allows(before, TakeColumn(0))
    assert after.players[seat].yokai == 1 and after.yokai_reserve == 2
    # Reserve empty, two other players hold Yokai: the taker chooses whom to take one from.
    others = [s for s in range(3) if s != seat]
    players = list(before.players)
    players[others[0]] = replace(players[others[0]], yokai=2)
    players[others[1]] = replace(players[others[1]], yokai=1)
    empty = before._replace(players=tuple(players), yokai_reserve=0)
    choosing = allows(empty, TakeColumn(0))
    assert choosing.actor == seat and set(legal_actions(choosing)) == {TakeYokaiFrom(s) for s in others}
    refuses(choosing, TakeYokaiFrom(seat), R_YOKAI)
    refuses(choosing, ToStudio(arrival), R_TURN)
    took = allows(choosing, TakeYokaiFrom(others[0]))
    assert took.players[seat].yokai == 1 and took.players[others[0]].yokai == 1


def test_yokai_movement_icon_gives_one_away_and_three_yokai_meet_the_yokai_diploma() -> None:
    state = yokai_state()
    mover = next(i for i, c in enumerate(state.cards) if c.studio.yokai_move)
    seat = 0
    players = list(state.players)
    players[0] = players[0]._replace(hand=(mover,), yokai=1, at_school=False)
    players[1] = players[1]._replace(yokai=2)
    working_state = state._replace(players=tuple(players), worker=0, to_decide=(0, 1, 2),
                            draw=tuple(i for i in state.draw if i != mover), yokai_reserve=0)
    giving = allows(working_state, ToStudio(mover))
    assert set(legal_actions(giving)) == {GiveYokai(1), GiveYokai(2)}
    refuses(giving, GiveYokai(seat), R_YOKAI)
    given = allows(giving, GiveYokai(1))
    assert given.players[1].yokai == 3 and given.players[0].yokai == 0
    # Player 1 now holds all three Yokai: the Yokai Diploma is offered to them at once (after any Studio Diploma
    # the card itself met for player 0).
    while given.offer is not None and given.offer[0] == 0:
        given = apply(given, LeaveDiploma(given.offer[1][0]))
    assert given.offer == (1, ("yokai-3",))
    assert allows(given, TakeDiploma("yokai-3")).players[1].diplomas == ("yokai-3",)
    # Without a Yokai, the movement icon does nothing.
    none = working_state._replace(players=(players[0]._replace(yokai=0), *working_state.players[1:]))
    assert allows(none, ToStudio(mover)).choices == ()
