"""Conformance: hundreds of random games (2, 3, 4 players, base and Yokai) with the invariants checked at every step,
and every engine-finished table legal under ``check`` and scored by ``score`` exactly as the game ended."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from support.engine import YOKAI_FAMILIES, YOKAI_FAMILIES_2, deck_for

from marquoir import check, score
from marquoir.errors import RuleError
from marquoir.games.kanagawa.catalogue import catalogue
from marquoir.games.kanagawa.diplomas import check_diploma
from marquoir.games.kanagawa.engine import GameState, apply, final_table, legal_actions, new_game
from marquoir.games.kanagawa.engine.players import GreedyPlayer, Player, RandomPlayer, play
from marquoir.games.kanagawa.engine.rules import detailed_player, diplomas_met, studio_view
from marquoir.games.kanagawa.engine.state import Action
from marquoir.games.kanagawa.reach import explain_reachability
from marquoir.games.kanagawa.tableau import Tableau
from marquoir.games.kanagawa.vocabulary import BASE_FAMILIES, BRUSH_PAWNS, END_PRINT_CARDS, STORM_TOKENS, YOKAI_TOKENS

pytestmark = pytest.mark.slow


def assert_invariants(state: GameState) -> None:
    """What must hold at every moment of every game."""
    places = list(state.draw)
    for column in state.columns:
        places.extend(column.cards)
    for player in state.players:
        places.extend(player.print)
        places.extend(player.studio)
        places.extend(player.hand)
    # Cards conserved: every card of the deck is in exactly one place.
    assert sorted(places) == list(range(len(state.cards))), "cards not conserved"
    assert len(state.cards) == 72
    # 15 brushes, 3 Storm tokens, 3 Yokai (with the expansion), one Grand Master and one Assistant.
    assert sum(p.brushes.owned for p in state.players) + state.brush_reserve == BRUSH_PAWNS
    assert all(p.brushes.free >= 0 for p in state.players) and state.brush_reserve >= 0
    assert sum(p.storms for p in state.players) + state.storm_reserve == STORM_TOKENS
    yokai = sum(p.yokai for p in state.players) + state.yokai_reserve
    assert yokai == (YOKAI_TOKENS if state.is_yokai else 0)
    assert all(0 <= p.yokai <= 3 for p in state.players)
    assert 0 <= state.grand_master < len(state.players) and 0 <= state.assistant < len(state.players)
    # Diplomas: one tile each, one per family per player, never both held and free.
    cat = catalogue()
    held = [d for p in state.players for d in p.diplomas]
    assert len(held) == len(set(held))
    assert not set(held) & state.diplomas_free
    for player in state.players:
        families = [cat.diplomas[d].family for d in player.diplomas]
        assert len(families) == len(set(families))
        assert not set(player.diplomas) & player.left
    # Brushes stand one per icon, on icons that exist; the Studio's icons, arrows and keep icons kept up to date.
    for player in state.players:
        view = studio_view(player.start, tuple(state.cards[i].studio for i in player.studio))
        assert (player.icons, player.arrows, player.keeps) == view
        assert player.brushes.placed < 1 << len(player.icons)
        assert player.brushes.painted & ~player.brushes.placed == 0


def assert_finished_table(state: GameState) -> None:
    """The engine-finished table is legal and scored exactly as the game ended."""
    assert state.over
    most = max(len(p.print) for p in state.players)
    assert state.deck_out or most >= END_PRINT_CARDS
    table = final_table(state)
    assert check(table) == []
    report = score(table)
    cat = catalogue()
    for seat, (player, scored) in enumerate(zip(state.players, report.players, strict=True)):
        assert scored.breakdown["print_cards"] == 1 + len(player.print)
        assert scored.breakdown["diplomas"] == sum(cat.diplomas[d].harmony for d in player.diplomas)
        assert scored.breakdown["grand_master"] == (2 if seat == state.grand_master else 0)
        assert scored.breakdown["yokai"] == (0, -1, -4, -9)[player.yokai]
        detailed = table.players[seat]
        assert Tableau.of(detailed, cat).storm_bonus_diplomas == player.storms  # type: ignore[arg-type]
        harmony = sum(state.cards[i].print.harmony for i in player.print)
        harmony += sum(state.cards[i].studio.harmony for i in player.studio)
        assert scored.breakdown["harmony"] == harmony
        assert len(player.hand) <= sum(1 for i in player.studio if state.cards[i].studio.icon == "keep")


def assert_reachable(state: GameState) -> None:
    """The reachability checker finds the engine-finished table reachable (never a wrong verdict: the engine
    played it), with a witness of its own (not always as long as the game the engine played)."""
    report = explain_reachability(final_table(state), time_bound=30)
    assert report.verdict == "reachable", report.render()
    assert report.rounds is not None and report.rounds >= 1


def play_checked(seed: int, players: int, families: tuple[str, ...], greedy: bool) -> GameState:
    rng = random.Random(seed)
    kinds: list[Player] = [GreedyPlayer() if greedy and i % 2 else RandomPlayer() for i in range(players)]
    state = new_game(deck_for(families), players, seed=seed, families=families)
    assert_invariants(state)

    def observe(before: GameState, action: Action, after: GameState) -> None:
        assert action in legal_actions(before)
        assert_invariants(after)

    end = play(state, kinds, rng, observe)
    assert_finished_table(end)
    return end


CONFIGS = [
    (2, BASE_FAMILIES, False),
    (3, BASE_FAMILIES, False),
    (4, BASE_FAMILIES, False),
    (4, BASE_FAMILIES, True),
    (2, YOKAI_FAMILIES, False),
    (3, YOKAI_FAMILIES_2, True),
    (4, YOKAI_FAMILIES, False),
]


@pytest.mark.parametrize(("players", "families", "greedy"), CONFIGS)
def test_random_games_keep_every_invariant(players: int, families: tuple[str, ...], greedy: bool) -> None:
    rounds = []
    for seed in range(40):
        end = play_checked(seed * 7 + players, players, families, greedy)
        rounds.append(end.round)
        if seed % 5 == 0:
            assert_reachable(end)
    assert min(rounds) >= 4


def test_both_endings_happen_across_the_run() -> None:
    ends: Counter[str] = Counter()
    for seed in range(60):
        end = play_checked(1000 + seed, 4, BASE_FAMILIES, greedy=seed % 2 == 1)
        ends["deck" if end.deck_out else "eleven"] += 1
        if ends["eleven"] and ends["deck"]:
            break
    assert ends["eleven"] > 0 and ends["deck"] > 0


def test_every_action_not_listed_is_refused() -> None:
    """At sampled moments, actions that are not in ``legal_actions`` raise a RuleError (never apply silently)."""
    from marquoir.games.kanagawa.engine.state import EndTurn, MoveBrush, Paint, PlaceBrush, TakeColumn, ToStudio, Wait

    rng = random.Random(5)
    state = new_game(deck_for(BASE_FAMILIES), 3, seed=5)
    refused = 0
    while not state.over:
        legal = legal_actions(state)
        probes: list[Action] = [Wait(), TakeColumn(5), EndTurn(), PlaceBrush(7), MoveBrush(0, 1), ToStudio(71)]
        if state.worker is not None and state.players[state.worker].hand:
            card = state.players[state.worker].hand[0]
            probes.append(Paint(card, (0, 1, 2)))
        for probe in probes:
            if probe not in legal:
                with pytest.raises(RuleError):
                    apply(state, probe)
                refused += 1
        state = apply(state, RandomPlayer().choose(state, legal, rng))
    assert refused > 100


def test_the_greedy_player_beats_the_random_player_on_average() -> None:
    greedy_total = random_total = 0
    for seed in range(20):
        rng = random.Random(seed)
        seats: list[Player] = [GreedyPlayer(), RandomPlayer()] if seed % 2 else [RandomPlayer(), GreedyPlayer()]
        end = play(new_game(deck_for(BASE_FAMILIES), 2, seed=seed), seats, rng)
        totals = [p.total for p in score(final_table(end)).players]
        greedy_seat = 0 if seed % 2 else 1
        greedy_total += totals[greedy_seat]
        random_total += totals[1 - greedy_seat]
    assert greedy_total > random_total * 1.3


@pytest.mark.parametrize(("players", "families", "greedy"), CONFIGS)
def test_the_engine_judges_diplomas_as_check_diploma_at_every_step(
    players: int, families: tuple[str, ...], greedy: bool
) -> None:
    """The engine's Diploma judgement (``rules.diplomas_met``, its fast path) agrees with the core's
    ``check_diploma`` on every Diploma in play, for every player whose table changed, at every step of random games."""
    cat = catalogue()
    in_play = [d.id for d in cat.diplomas_in_play(families)]
    compared = 0

    def observe(before: GameState, action: Action, after: GameState) -> None:
        nonlocal compared
        for seat, (old, new) in enumerate(zip(before.players, after.players, strict=True)):
            if old == new:
                continue
            tableau = Tableau.of(detailed_player(after, seat), cat)
            expected = tuple(d for d in in_play if check_diploma(cat.diplomas[d], tableau, after.rules).met)
            assert diplomas_met(after, seat, in_play) == expected
            compared += 1

    for seed in range(6):
        rng = random.Random(seed)
        kinds: list[Player] = [GreedyPlayer() if greedy and i % 2 else RandomPlayer() for i in range(players)]
        play(new_game(deck_for(families), players, seed=seed, families=families), kinds, rng, observe)
    assert compared > 500
