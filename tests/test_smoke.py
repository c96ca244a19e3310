"""The sample tables of seeds/ are legal, score as the README shows, and (Kanagawa) could have been played."""

from __future__ import annotations

import pytest
from support.paths import ROOT, SAMPLES
from support.samples import sample_table

from marquoir import check, score
from marquoir.games import game_of
from marquoir.text import render_score_table

#: Each sample's totals in seating order and its winners, as the README shows them.
EXPECTED = {
    "base-2p": ([35, 37], ["Ben"]),
    "base-4p": ([41, 34, 32, 28], ["Chiyo"]),
    "yokai-3p": ([42, 37, 29], ["Hana"]),
    "bonsai-2p": ([99, 123], ["Ben"]),
    "bonsai-4p": ([97, 104, 119, 119], ["Dario"]),
}


def test_every_sample_is_listed() -> None:
    assert sorted(path.stem for path in SAMPLES.glob("*.json")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_every_sample_is_legal_and_scores_as_the_readme_shows(name: str) -> None:
    table = sample_table(name)
    assert check(table) == []
    report = score(table)
    assert report.legal
    totals, winners = EXPECTED[name]
    assert [p.total for p in report.players] == totals
    assert list(report.winners) == winners
    assert [p.total for p in report.players] == [sum(p.breakdown.values()) for p in report.players]


@pytest.mark.parametrize("name", sorted(n for n in EXPECTED if game_of(sample_table(n)).name == "kanagawa"))
def test_every_kanagawa_sample_could_have_been_played(name: str) -> None:
    table = sample_table(name)
    deep = game_of(table).deep_check(table)
    assert deep is not None
    issues, extra = deep
    assert issues == [], [str(i) for i in issues]
    assert extra["reachability"]["verdict"] == "reachable"


def test_the_two_player_bonsai_sample_could_have_been_played() -> None:
    # Its cards are listed complete (29 of the deck) and a game ends with it: the witness is that game.
    table = sample_table("bonsai-2p")
    deep = game_of(table).deep_check(table)
    assert deep is not None
    issues, extra = deep
    assert issues == [] and extra["reachable"] is True


def test_the_four_player_bonsai_sample_is_undecided_never_unreachable() -> None:
    # A player is entered from the sheet: no witness and no proof (games/bonsai/data/SOURCES.md decision 19).
    table = sample_table("bonsai-4p")
    assert game_of(table).has_deep_check
    deep = game_of(table).deep_check(table)
    assert deep is not None
    issues, extra = deep
    assert issues == [] and extra["reachable"] is None


@pytest.mark.parametrize("name", ["base-4p", "bonsai-4p"])
def test_the_readme_shows_what_the_command_prints(name: str) -> None:
    """The README's score tables are the command line's output, line for line."""
    printed = render_score_table(score(sample_table(name)))
    assert f"```\n{printed}\n```" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_samples_are_found_by_name_without_a_path() -> None:
    """``marquoir.samples`` finds the same tables in a checkout (an installed wheel carries its own copy: the
    install test), and a wrong name is refused naming the ones there are."""
    from marquoir.errors import UsageError
    from marquoir.samples import seed_names, seed_path

    assert seed_names() == sorted(EXPECTED)
    assert seed_path("base-4p") == SAMPLES / "base-4p.json"
    assert seed_path("yokai-3p.json").read_text(encoding="utf-8") == (SAMPLES / "yokai-3p.json").read_text("utf-8")
    with pytest.raises(UsageError, match="base-2p, base-4p"):
        seed_path("base-9p")
