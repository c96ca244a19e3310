"""The reachability checker: engine-finished tables are reachable; tables broken one way are not, for the right
reason; ``marquoir check --deep`` reports it."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from support.engine import YOKAI_FAMILIES, finished_game

from marquoir import check
from marquoir.cli import main
from marquoir.games.kanagawa.catalogue import Card, catalogue
from marquoir.games.kanagawa.document import dump_table
from marquoir.games.kanagawa.engine import final_table
from marquoir.games.kanagawa.reach import ReachReport, deep_check, explain_reachability
from marquoir.games.kanagawa.reach.steps import Step
from marquoir.games.kanagawa.table import DetailedPlayer, SheetPlayer, Table
from marquoir.games.kanagawa.vocabulary import BASE_FAMILIES
from marquoir.i18n import language

CARDS = sorted(catalogue().cards.values(), key=lambda c: c.id)


def pick(used: set[int], count: int, wanted: Callable[[Card], bool]) -> list[int]:
    """The first ``count`` catalogue cards (by id) not yet used that ``wanted`` accepts."""
    found = [c.id for c in CARDS if c.id not in used and wanted(c)][:count]
    assert len(found) == count
    used.update(found)
    return found


def paints(landscape: str, brushes: int, animals: bool = True) -> Callable[[Card], bool]:
    """Print halves needing ``brushes`` brushes on ``landscape`` (``animals=False``: no animal on them)."""
    return lambda c: (
        c.print.paint is not None
        and c.print.paint.landscape == landscape
        and c.print.paint.brushes == brushes
        and (animals or c.print.animal is None)
    )


def plain_studio(*landscapes: str | None) -> Callable[[Card], bool]:
    return lambda c: c.studio.landscape in landscapes and c.studio.icon is None


def studio_without(*excluded_landscapes: str) -> Callable[[Card], bool]:
    banned_icons = ("brush", "keep", "assistant")
    return lambda c: c.studio.landscape not in excluded_landscapes and c.studio.icon not in banned_icons


def tight_trio() -> tuple[DetailedPlayer, DetailedPlayer, DetailedPlayer]:
    """Three players whose game lasts exactly 11 rounds.

    Ann (Starting tile S3, forest) lays 33 cards, so at least 11 rounds of 3: 22 Studio cards of which only the last
    shows a forest icon, and 11 Print cards, the last a forest card needing 2 brushes (the Starting tile's forest
    icon and the last Studio card's). Ben (S1, water) has only his 11 water Print cards, one a round, so at most 11
    rounds. Cal lays 22 Studio cards, 2 a round, so that Ann's columns of 3 fit the School board; only Cal took the
    Assistant, so Cal holds the Grand Master."""
    used: set[int] = set()
    ann_print = pick(used, 10, paints("forest", 1)) + pick(used, 1, paints("forest", 2))
    ben_print = pick(used, 11, paints("water", 1))
    ann_forest = pick(used, 1, plain_studio("forest"))
    ann_studio = pick(used, 21, studio_without("forest", "joker")) + ann_forest
    cal_studio = pick(used, 22, lambda c: True)
    ann = DetailedPlayer(name="Ann", start="S3", print=tuple(ann_print), studio=tuple(ann_studio))
    ben = DetailedPlayer(name="Ben", start="S1", print=tuple(ben_print))
    cal = DetailedPlayer(name="Cal", start="S2", studio=tuple(cal_studio), grand_master=True)
    return ann, ben, cal


def table_of(*players: DetailedPlayer) -> Table:
    return Table(players=tuple(players), families=BASE_FAMILIES)


def steps_of(report: ReachReport, player: int, kind: str) -> list[tuple[int, Step]]:
    """A player's witness steps of one kind, each with its round number (from 1)."""
    rounds = report.players[player].rounds
    return [(number, s) for number, steps in enumerate(rounds, 1) for s in steps if s.kind == kind]


def test_the_tight_game_is_reachable_in_exactly_eleven_rounds() -> None:
    table = table_of(*tight_trio())
    assert check(table) == []
    report = explain_reachability(table, time_bound=20)
    assert report.verdict == "reachable", report.render()
    assert report.rounds == 11
    ann = report.players[0]
    # Ann takes 3 cards every round; her 2-brush forest card (her last Print card) is painted in the last round.
    assert all(steps[0].kind == "take" and len(steps[0].cards) == 3 for steps in ann.rounds)
    last_card = table.players[0].print[-1]
    paints = steps_of(report, 0, "paint")
    (forest,) = [(number, s) for number, s in paints if s.brushes == 2]
    number, step = forest
    assert number == 11 and step.landscape == "forest" and len(step.icons) == 2
    assert step.card is not None and step.card.card_id == last_card and step.card.position == 11


def test_two_print_cards_swapped_so_one_can_no_longer_be_painted() -> None:
    ann, ben, cal = tight_trio()
    swapped = (ann.print[-1], *ann.print[1:-1], ann.print[0])  # the 2-brush forest card first
    table = table_of(replace(ann, print=swapped), ben, cal)
    assert check(table) == []  # legal: every card can be painted with the final Studio
    report = explain_reachability(table, time_bound=20)
    assert report.verdict == "unreachable"
    issues = report.issues()
    assert [i.player for i in issues] == ["Ann"]
    assert "cannot be laid in 11 rounds" in issues[0].message


def test_a_print_one_card_too_long_for_the_round_count() -> None:
    ann, ben, cal = tight_trio()
    used = {*ann.print, *ann.studio, *ben.print, *cal.studio}
    longer = replace(ben, print=(*ben.print, *pick(used, 1, paints("water", 1))))
    table = table_of(ann, longer, cal)
    assert check(table) == []
    report = explain_reachability(table, time_bound=20)
    assert report.verdict == "unreachable"
    ben_verdict = report.players[1]
    assert ben_verdict.verdict == "unreachable"
    assert "11 painted cards at the end of a round" in ben_verdict.reason


def test_a_game_stopped_before_its_end() -> None:
    ann, ben, cal = tight_trio()
    table = table_of(replace(ann, print=ann.print[:9]), replace(ben, print=ben.print[:10]), cal)
    assert check(table) == []
    report = explain_reachability(table)
    assert report.verdict == "unreachable"
    assert "had not ended" in report.reason
    assert [i.code for i in report.issues()] == ["UNREACHABLE"]


def diploma_table(boar_deer_first: bool) -> Table:
    """Cleo (S1, water) takes 3 cards a round for 5 rounds: a mountain and a plain Studio icon, two forest ones,
    and 11 Print cards; from round 3 she must paint 3 cards a round, which needs a third brush: the one of the
    boar-and-deer Diploma (Kanagawa French rules), met once card 4 (boar) and card 10 (deer) are painted. Eve's 5
    cards make the game last at most 5 rounds; Dan lays 10 Studio cards, 2 a round, so that Cleo's columns of 3 fit
    the board."""
    used: set[int] = {4, 10}
    mountain = pick(used, 1, plain_studio("mountain"))
    plain = pick(used, 1, plain_studio("plain"))
    forest = pick(used, 2, plain_studio("forest"))
    water, mount, plains = (pick(used, 3, paints(land, 1, animals=False)) for land in ("water", "mountain", "plain"))
    rest = [x for trio in zip(water, mount, plains, strict=True) for x in trio]
    cleo_print = (4, 10, *rest) if boar_deer_first else (*rest, 4, 10)
    dan_studio = pick(used, 10, lambda c: c.studio.icon not in ("assistant", "brush", "keep"))
    eve_studio = pick(used, 5, lambda c: c.studio.icon not in ("assistant", "brush", "keep"))
    cleo = DetailedPlayer(
        name="Cleo",
        start="S1",
        print=cleo_print,
        studio=(*mountain, *plain, *forest),
        diplomas=("animals-boar-deer",),
        grand_master=True,
        brushes=3,
    )
    dan = DetailedPlayer(name="Dan", start="S2", studio=tuple(dan_studio))
    eve = DetailedPlayer(name="Eve", start="S3", studio=tuple(eve_studio))
    return table_of(cleo, dan, eve)


def test_a_diploma_bonus_used_before_the_diploma_could_be_met() -> None:
    good = diploma_table(boar_deer_first=True)
    assert check(good) == []
    report = explain_reachability(good, time_bound=20)
    assert report.verdict == "reachable", report.render()
    assert report.rounds == 5
    # The Diploma is taken the moment it is met: right after card 10 (the deer) is painted, in round 2.
    (taken,) = steps_of(report, 0, "diploma")
    assert taken[0] == 2 and taken[1].diploma == "animals-boar-deer" and taken[1].bonus == "brush"
    second = report.players[0].rounds[1]
    at = second.index(taken[1])
    assert second[at - 1].kind == "paint" and second[at - 1].card is not None and second[at - 1].card.card_id == 10
    broken = diploma_table(boar_deer_first=False)
    assert check(broken) == []  # the final tableau meets the Diploma
    report = explain_reachability(broken, time_bound=20)
    assert report.verdict == "unreachable"
    assert report.players[0].verdict == "unreachable"


def test_grand_master_who_never_had_the_assistant() -> None:
    ann, ben, cal = tight_trio()
    assert any(catalogue().cards[c].studio.icon == "assistant" for c in cal.studio)
    table = table_of(replace(ann, grand_master=True), ben, replace(cal, grand_master=False))
    report = explain_reachability(table)
    assert report.verdict == "unreachable"
    assert "Grand Master" in report.reason


@pytest.mark.parametrize("seed", range(12))
def test_engine_finished_tables_are_reachable(seed: int) -> None:
    families = YOKAI_FAMILIES if seed % 4 == 3 else BASE_FAMILIES
    state = finished_game(seed, 2 + seed % 3, families, greedy=seed % 2 == 0)
    table = final_table(state)
    report = explain_reachability(table, time_bound=30)
    assert report.verdict == "reachable", report.render()
    assert all(p.verdict == "reachable" for p in report.players)
    # The witness lays every card of each player.
    for player, verdict in zip(table.players, report.players, strict=True):
        assert isinstance(player, DetailedPlayer)
        kinds = [s.kind for steps in verdict.rounds for s in steps]
        assert kinds.count("paint") == len(player.print)
        assert kinds.count("studio") == len(player.studio)
        # ... in their order, and each Print card comes in a column taken.
        laid = [(s.kind, s.card) for steps in verdict.rounds for s in steps if s.kind in ("paint", "studio")]
        assert [c.position for k, c in laid if k == "paint" and c] == list(range(1, len(player.print) + 1))
        assert [c.position for k, c in laid if k == "studio" and c] == list(range(1, len(player.studio) + 1))
        taken = {(c.side, c.position) for steps in verdict.rounds for c in steps[0].cards}
        assert {("print", k) for k in range(1, len(player.print) + 1)} <= taken


def test_deep_check_gives_issues_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ann, ben, cal = tight_trio()
    broken = table_of(ann, replace(ben, print=ben.print[:10]), cal)
    issues, extra = deep_check(broken)
    assert issues and issues[0].code == "UNREACHABLE"
    assert extra["reachability"]["verdict"] == "unreachable"
    path = tmp_path / "broken.json"
    path.write_text(dump_table(broken), encoding="utf-8")
    assert main(["check", "--deep", str(path)]) == 1
    out = capsys.readouterr().out
    # The issue in words, without its code (the code is the JSON report's).
    assert issues[0].message in out and "UNREACHABLE" not in out and "Reachability: unreachable" in out
    good = tmp_path / "good.json"
    good.write_text(dump_table(table_of(ann, ben, cal)), encoding="utf-8")
    assert main(["check", "--deep", "--json", str(good)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["legal"] is True
    assert data["reachability"]["verdict"] == "reachable"
    assert data["reachability"]["players"][0]["witness"][0]["round"] == 1
    # Each step keeps its kind and sentence, and adds its data.
    first = data["reachability"]["players"][0]["witness"][0]["steps"][0]
    assert first["kind"] == "take" and first["text"].startswith("takes a column of 3 cards: ")
    assert not re.search(r"\bcard \d", first["text"])  # the cards by what they show; their ids are data
    assert len(first["cards"]) == 3 and all(card["side"] in ("print", "studio") for card in first["cards"])
    assert all(isinstance(card["id"], int) and card["position"] >= 1 for card in first["cards"])


def test_sheet_players_take_part_through_their_figures() -> None:
    good = diploma_table(boar_deer_first=True)
    sam = SheetPlayer(name="Sam", print_cards=4, season_chain=2, harmony=2)
    report = explain_reachability(replace(good, players=(*good.players, sam)), time_bound=20)
    verdicts = {p.name: p.verdict for p in report.players}
    assert report.verdict == "reachable" and report.reachable is True, report.render()
    assert verdicts == {"Cleo": "reachable", "Dan": "reachable", "Eve": "reachable", "Sam": "reachable"}
    assert report.rounds == 5 and not report.players[3].rounds  # no witness of cards for a sheet player
    assert any("sheet" in note for note in report.notes)


def test_a_sheet_player_takes_a_card_every_round_from_the_same_deck() -> None:
    """The tight game's 66 cards and 11 rounds leave no room for a fourth player, who would take a card a round:
    77 cards from a deck of 72."""
    ann, ben, cal = tight_trio()
    sam = SheetPlayer(name="Sam", print_cards=4, season_chain=4, harmony=2)
    table = Table(players=(ann, ben, cal, sam))
    assert check(table) == []
    report = explain_reachability(table, time_bound=20)
    assert report.verdict == "unreachable", report.render()
    assert "do not fit in the deck" in report.reason


def test_a_table_with_an_unknown_card_is_illegal_so_not_reachable() -> None:
    ann, ben, cal = tight_trio()
    report = explain_reachability(table_of(replace(ann, print=(99, *ann.print[1:])), ben, cal), time_bound=20)
    assert report.verdict == "unreachable" and report.reachable is False and report.illegal
    assert report.reason.startswith("the table breaks the rules: the document's card number 99")
    assert {p.verdict for p in report.players} == {"not-checked"}
    assert report.issues() == []  # the legality issues say it already


def test_the_witness_reads_well_in_english() -> None:
    report = explain_reachability(diploma_table(boar_deer_first=True), time_bound=20)
    text = report.render()
    assert text.startswith("Reachability: reachable in 5 rounds\nCleo: reachable\n  Round 1:\n")
    # Cards are named as a player reads them: season and subject of a Print card, landscape of a Studio card;
    # never by a catalogue number; a Diploma by its name and points.
    assert "    takes a column of 3 cards: summer boar; Studio (mountain); Studio (plain)\n" in text
    assert "    adds a card to the Studio: mountain\n" in text
    assert "    paints summer boar (1 brush on water) with a new brush on the water icon of the Starting tile\n" in text
    assert "    takes the Animals Diploma (boar and deer), 3 points; bonus: 1 brush\n" in text
    assert not re.search(r"\b(card|icon) \d", text)
    assert "; +1 brush\n" in text  # the Diploma's brush comes with the paint that meets it


def test_a_french_witness() -> None:
    report = explain_reachability(diploma_table(boar_deer_first=True), time_bound=20)
    english = report.render()
    with language("fr"):
        text = report.render()
        json_text = report.to_json()["players"][0]["witness"][0]["steps"][0]["text"]
        sentences = report.players[0].witness_sentences()
    nb = "\u00a0"  # French typography: a non-breaking space before « : ; ! ? »
    assert text.startswith(f"Atteignabilité{nb}: atteignable en 5 manches\nCleo{nb}: atteignable\n  Manche 1{nb}:\n")
    assert f"prend une colonne de 3 cartes{nb}: sanglier d’été{nb}; Atelier (montagne){nb}; Atelier (plaine)" in text
    assert f"ajoute une carte à l’Atelier{nb}: montagne" in text
    assert (
        f"peint la carte «{nb}sanglier d’été{nb}» (1 Pinceau sur eau) avec un nouveau Pinceau sur l’icône eau de la "
        "tuile Départ"
    ) in text
    assert "prend le Diplôme Animaux (sanglier et cerf), 3 points" in text and f"bonus{nb}: 1 Pinceau" in text
    assert json_text.startswith("prend une colonne de 3 cartes")
    assert sentences[0].startswith("prend une colonne de 3 cartes")
    assert f"{nb}; ajoute une carte à l’Atelier{nb}: montagne" in sentences[0]
    assert report.render() == english  # the report holds data: each language is written when it is shown
