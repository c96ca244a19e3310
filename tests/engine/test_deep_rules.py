"""The deep check decides what the rules decide (issue: "no impossible table called legal, no wrong verdict"):
the School board across players, the Grand Master at the end and its rule option, the last round when the deck
runs out, players entered from the sheet's figures, the brush reserve running dry, and an undecided check said as
undecided — in ``marquoir check --deep`` (exit 0, 1, 3) and ``POST /api/check?deep=1`` alike."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from support.engine import brushy_game, refused_seats
from support.real_games import as_sheet

from marquoir import check, score
from marquoir.cli import main
from marquoir.errors import RuleError
from marquoir.games.kanagawa.catalogue import Card, catalogue
from marquoir.games.kanagawa.document import dump_table, load_table
from marquoir.games.kanagawa.engine import (
    Action,
    GameState,
    TakeColumn,
    apply,
    build_deck,
    final_table,
    legal_actions,
    new_game,
)
from marquoir.games.kanagawa.engine.players import GreedyPlayer, RandomPlayer, play
from marquoir.games.kanagawa.engine.rules import lay_row
from marquoir.games.kanagawa.reach import explain as explain_module
from marquoir.games.kanagawa.reach import explain_reachability
from marquoir.games.kanagawa.reach.school import counts_possible, holder_after, round_shapes
from marquoir.games.kanagawa.table import DetailedPlayer, Rules, SheetPlayer, Table
from marquoir.games.kanagawa.vocabulary import BASE_FAMILIES

CARDS = sorted(catalogue().cards.values(), key=lambda c: c.id)


def pick(used: set[int], count: int, wanted: Callable[[Card], bool]) -> list[int]:
    found = [c.id for c in CARDS if c.id not in used and wanted(c)][:count]
    assert len(found) == count
    used.update(found)
    return found


def one_water(c: Card) -> bool:
    return c.print.paint is not None and c.print.paint.landscape == "water" and c.print.paint.brushes == 1


# ---------------------------------------------------------------- the School board, as data


def test_a_column_of_three_needs_another_player_taking_two() -> None:
    """Kanagawa rules, "New Lesson" and the note of step 2: a player takes 3 only after waiting through the second
    row, which a player alone at school may not do."""
    for players in (2, 3, 4):
        for shape in round_shapes(players, 100):
            assert not shape.deck_out and all(1 <= take <= 3 for take in shape.takes)
            if 3 in shape.takes:
                assert sum(1 for take in shape.takes if take >= 2) >= 2, shape
    assert {s.takes for s in round_shapes(2, 100)} == {(1, 1), (1, 2), (2, 1), (2, 2), (2, 3), (3, 2), (3, 3)}


def test_when_the_deck_runs_out_on_the_first_row_the_first_players_take_the_last_cards() -> None:
    """Two cards left for three players: the first two in turn order take one each, the third an empty column
    (data/SOURCES.md decision 15); two left for three after a full first row: the deck runs out on the second."""
    assert [(s.takes, s.deck_out) for s in round_shapes(3, 2)] == [((1, 1, 0), True)]
    five = {(s.takes, s.deck_out) for s in round_shapes(3, 5)}
    assert ((1, 2, 2), True) in five and ((1, 1, 1), False) in five and ((2, 2, 1), True) in five


def test_the_assistant_goes_to_its_last_taker_in_the_order_the_players_worked() -> None:
    shape = next(s for s in round_shapes(2, 100) if s.takes == (2, 1))
    # Seat 1 (position 1) took one card on the first row, seat 0 two on the second: seat 0 worked last.
    assert holder_after(shape, 0, (True, True)) == 0
    assert holder_after(shape, 1, (False, False)) == 1  # nobody took it: the round's first player keeps it


def test_the_board_counts_alone() -> None:
    assert counts_possible(0, 11, (11, 33)) is False  # one card a round beside three a round
    assert counts_possible(0, 11, (11, 22)) is True
    assert counts_possible(0, 11, (11, None)) is True  # a sheet player takes whatever fits


# ---------------------------------------------------------------- the issue's tables


def one_a_round_and_three_a_round() -> Table:
    """Ben paints one card a round (one water icon, 11 water cards, no Studio); Ann takes 33 Studio cards: three
    every round, so Ben would have to take two or more each round. Ann's cards show no Assistant icon, so Ben, the
    first player, keeps the Assistant and the Grand Master: only the board refuses the table (with an Assistant
    icon laid by Ann, Ben could never have held the Grand Master at the end either, which reach/master.py sees
    first)."""
    used: set[int] = set()
    ben = DetailedPlayer(name="Ben", start="S1", print=tuple(pick(used, 11, one_water)), grand_master=True)
    ann = DetailedPlayer(name="Ann", start="S2", studio=tuple(pick(used, 33, lambda c: c.studio.icon != "assistant")))
    return Table(players=(ben, ann), families=BASE_FAMILIES)


def test_a_column_of_three_beside_a_player_who_always_took_one_is_unreachable(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table = one_a_round_and_three_a_round()
    assert check(table) == []  # legal: every figure is possible on its own
    report = explain_reachability(table, time_bound=20)
    assert report.verdict == "unreachable" and report.reachable is False, report.render()
    assert "School board" in report.reason and "Ben must take one card every round" in report.reason
    path = tmp_path / "table.json"
    path.write_text(dump_table(table), encoding="utf-8")
    assert main(["check", "--deep", "--json", str(path)]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["legal"] is False and data["reachable"] is False
    assert [i["code"] for i in data["issues"]] == ["UNREACHABLE"]


def sheet_only() -> Table:
    return load_table({
        "game": "kanagawa",
        "players": [
            {"name": "Aiko", "sheet": {"print_cards": 12, "season_chain": 5, "harmony": 3, "diplomas": ["trees-3"],
                                       "grand_master": True}},
            {"name": "Ben", "sheet": {"print_cards": 9, "season_chain": 4, "harmony": 1, "diplomas": 7}},
        ],
    })


def test_a_table_entered_from_the_sheet_figures_is_reachable(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """It answered "no common number of rounds" before: the players from the sheet take part through their
    figures (a column a round, their painted cards, the end of the game)."""
    table = sheet_only()
    assert check(table) == []
    report = explain_reachability(table, time_bound=20)
    assert report.verdict == "reachable", report.render()
    assert report.rounds is not None and report.rounds >= 4  # 11 painted cards, 3 cards a round at most
    path = tmp_path / "sheet.json"
    path.write_text(dump_table(table), encoding="utf-8")
    assert main(["check", "--deep", "--json", str(path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["legal"] is True and data["reachable"] is True and data["reachability"]["verdict"] == "reachable"


def test_a_sheet_player_still_counts_in_the_deck_and_the_end() -> None:
    """Nobody reaches 11 painted cards, so the deck ran out: 72 cards in at most 3 a player a round."""
    doc = {
        "game": "kanagawa",
        "players": [
            {"name": "A", "sheet": {"print_cards": 4, "season_chain": 2, "harmony": 0, "diplomas": [],
                                    "grand_master": True}},
            {"name": "B", "sheet": {"print_cards": 4, "season_chain": 2, "harmony": 0, "diplomas": []}},
        ],
    }
    report = explain_reachability(load_table(doc), time_bound=20)
    assert report.verdict == "reachable" and report.rounds is not None and report.rounds >= 12, report.render()


# ---------------------------------------------------------------- the Grand Master at the end


def assistant_last() -> tuple[DetailedPlayer, DetailedPlayer]:
    """Ben paints one water card a round for 11 rounds (so the game lasts exactly 11, one card a round each);
    Dan lays 11 Studio cards, one a round, only the last showing the Assistant icon: he takes the Assistant in
    the last round, nobody before."""
    used: set[int] = set()
    ben = DetailedPlayer(name="Ben", start="S1", print=tuple(pick(used, 11, one_water)))
    plain = pick(used, 10, lambda c: c.studio.icon is None)
    (assistant,) = pick(used, 1, lambda c: c.studio.icon == "assistant")
    dan = DetailedPlayer(name="Dan", start="S2", studio=(*plain, assistant))
    return ben, dan


def test_the_grand_master_at_the_end_follows_the_rule_option() -> None:
    """Decision 14: by default the Assistant's holder takes the Grand Master at the end of the last round too, so
    Dan holds it; with ``grand_master_passes_at_end`` off, the last round's first player keeps it, who may be
    either (nobody took the Assistant before)."""
    ben, dan = assistant_last()
    dan_holds = Table(players=(ben, dataclasses.replace(dan, grand_master=True)))
    ben_holds = Table(players=(dataclasses.replace(ben, grand_master=True), dan))
    assert check(dan_holds) == [] and check(ben_holds) == []
    assert explain_reachability(dan_holds, time_bound=20).verdict == "reachable"
    report = explain_reachability(ben_holds, time_bound=20)
    assert report.verdict == "unreachable", report.render()
    assert "Ben holds the Grand Master" in report.reason and "end of the last round" in report.reason
    keeps = Rules(grand_master_passes_at_end=False)
    assert explain_reachability(dataclasses.replace(ben_holds, rules=keeps), time_bound=20).verdict == "reachable"
    assert explain_reachability(dataclasses.replace(dan_holds, rules=keeps), time_bound=20).verdict == "reachable"
    # The scoring says so where it explains the 2 points.
    text = score(dataclasses.replace(ben_holds, rules=keeps)).players[0].explanations["grand_master"]
    assert text == "holds the Grand Master pawn (the last round's first player keeps it)"


@pytest.mark.parametrize("passes", [True, False])
def test_the_engine_follows_the_grand_master_option(passes: bool) -> None:
    deck = build_deck(BASE_FAMILIES)
    for seed in range(6):
        state = new_game(deck, 3, seed=seed, rules=Rules(grand_master_passes_at_end=passes))
        first_of_round: dict[int, int] = {}

        def observe(before: GameState, action: Action, after: GameState, seen: dict[int, int] = first_of_round) -> None:
            if not after.over:
                seen[after.round] = after.grand_master

        end = play(state, [RandomPlayer(), GreedyPlayer(), RandomPlayer()], random.Random(seed), observe)
        assert end.grand_master == (end.assistant if passes else first_of_round[end.round])
        table = final_table(end)
        assert table.rules.grand_master_passes_at_end is passes
        assert explain_reachability(table, time_bound=30).verdict == "reachable"


# ---------------------------------------------------------------- the engine: an empty column last


def test_the_engine_takes_an_empty_column_only_when_no_column_holds_a_card() -> None:
    deck = build_deck(BASE_FAMILIES)
    state = new_game(deck, 3, seed=1)
    # Two cards left in the deck at the start of a round: the first row leaves the third column empty.
    state = lay_row(state._replace(draw=state.draw[:2], columns=(), rows=0))
    assert [len(c.cards) for c in state.columns] == [1, 1, 0] and state.deck_out
    assert legal_actions(state) == [TakeColumn(0), TakeColumn(1)]
    with pytest.raises(RuleError, match="empty column"):
        apply(state, TakeColumn(2))


# ---------------------------------------------------------------- the brush reserve running dry


def test_engine_tables_whose_reserve_ran_dry_are_legal_and_reachable() -> None:
    dry = 0
    for seed in range(12):
        table = final_table(brushy_game(seed))
        short = refused_seats(table)
        assert check(table) == []
        if short:
            dry += 1
            assert sum(p.brushes or 0 for p in table.players if isinstance(p, DetailedPlayer)) == 15
            assert explain_reachability(table, time_bound=30).verdict == "reachable"
    assert dry >= 3


# ---------------------------------------------------------------- undecided, said as undecided


def test_an_undecided_deep_check_exits_3_and_says_null(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The time bound holds in every phase, its preparation included: with none left, the answer is undecided,
    never legal-and-reachable."""
    monkeypatch.setattr(explain_module, "DEFAULT_TIME_BOUND", 0.0)
    monkeypatch.setattr(explain_module.explain_reachability, "__defaults__", (0.0, None))
    table = one_a_round_and_three_a_round()
    path = tmp_path / "table.json"
    path.write_text(dump_table(table), encoding="utf-8")
    assert main(["check", "--deep", "--json", str(path)]) == 3
    data = json.loads(capsys.readouterr().out)
    assert data["legal"] is True and data["reachable"] is None and data["reachability"]["verdict"] == "undecided"
    assert main(["check", "--deep", str(path)]) == 3
    assert "Reachability: undecided" in capsys.readouterr().out


def test_an_illegal_table_is_not_reachable_and_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ben, dan = assistant_last()
    table = Table(players=(dataclasses.replace(ben, start="S7", grand_master=True), dan))
    path = tmp_path / "table.json"
    path.write_text(dump_table(table), encoding="utf-8")
    assert main(["check", "--deep", "--json", str(path)]) == 1
    data = json.loads(capsys.readouterr().out)
    # Ben's water cards can no longer be painted either; no UNREACHABLE issue repeats what the check says.
    assert data["reachable"] is False and data["issues"][0]["code"] == "START_TILE"
    assert "UNREACHABLE" not in {i["code"] for i in data["issues"]}
    assert data["reachability"]["reason"].startswith("the table breaks the rules: the document's Starting tile")


def test_a_sheet_player_paints_its_last_round_with_studio_cards_of_its_own() -> None:
    """16 painted cards beside a player who takes one card a round for 11 rounds: at most 2 cards a round, 22 in
    all, but the last round's 6 paints need 5 more landscape icons, 4 more brushes and 3 keep icons, each on a
    Studio card of its own in a base game: 28 cards."""
    used: set[int] = set()
    ben = DetailedPlayer(name="Ben", start="S1", print=tuple(pick(used, 11, one_water)), grand_master=True)
    sam = SheetPlayer(name="Sam", print_cards=17, season_chain=3, harmony=0)
    table = Table(players=(ben, sam))
    # 17 Print cards is within the game's bound (18), not within Sam's: Ben's Print holds 3 of the 4 brush icon
    # cards and Sam holds no Diploma, so Sam owns at most 2 + 1 = 3 brushes and paints at most 3 in the last round.
    (issue,) = check(table)
    assert issue.field == "players[1].sheet.print_cards" and "Sam owns at most 3" in issue.message, issue.message
    assert explain_reachability(table, time_bound=20).verdict == "unreachable"
    fewer = Table(players=(ben, dataclasses.replace(sam, print_cards=13)))  # 12 painted: 2 in the last round
    assert explain_reachability(fewer, time_bound=20).verdict == "reachable"


def test_a_brush_refused_beside_a_sheet_player_is_undecided_never_reachable() -> None:
    """Decision 8: a brush is refused only once all 15 are held. A sheet player's brushes are not followed (its
    figures do not show them), so a build in which a detailed player is refused one beside a sheet player does not
    show the reserve was empty then: the deep check says undecided, with why, never reachable. The same games
    with every player detailed stay reachable (above), and a game nobody was refused in stays reachable beside
    sheet players."""
    refused = untouched = 0
    for seed in range(12):
        table = final_table(brushy_game(seed))
        short = refused_seats(table)
        # The player after the first one refused (or the last) from the sheet; the others as they are.
        seat = (short[0] + 1) % 4 if short else 3
        players = list(table.players)
        players[seat] = as_sheet(table, seat, points=False)
        sheets = dataclasses.replace(table, players=tuple(players))
        report = explain_reachability(sheets, time_bound=30)
        if short and seat not in short:
            refused += 1
            assert report.verdict == "undecided", report.render()
            assert "whether the brush reserve was empty then is not known" in report.reason
            names = ", ".join(table.players[k].name for k in short)
            words = "is refused a brush" if len(short) == 1 else "are refused brushes"
            assert f"in it {names} {words}" in report.reason
            assert [v.verdict for v in report.players] == ["undecided"] * 4
        elif not short:
            untouched += 1
            assert report.verdict == "reachable", report.render()
    assert refused >= 3 and untouched >= 3
