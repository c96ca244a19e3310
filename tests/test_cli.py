"""The command line: the paper sheet, JSON reports, exit codes, and one clear line for unreadable input."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from support.samples import SAMPLES, sample_document

from marquoir.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_score_prints_the_sheet(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", str(SAMPLES / "base-4p.json"))
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == ["Chiyo", "Daisuke", "Emi", "Fumiko"]
    assert lines[1].split() == ["Print", "cards", "12", "10", "11", "10"]
    assert any(line.split() == ["Total", "41", "34", "32", "28"] for line in lines)
    assert any(line.split() == ["Rank", "1st", "2nd", "3rd", "4th"] for line in lines)
    assert "Winner: Chiyo" in out
    assert "Legal: no issue found." in out


def test_score_explain_and_shared_victory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = {
        "game": "kanagawa",
        "players": [
            {
                "name": "A",
                "sheet": {"print_cards": 9, "season_chain": 4, "harmony": 2, "diplomas": 7, "grand_master": True},
            },
            {"name": "B", "sheet": {"print_cards": 10, "season_chain": 5, "harmony": 3, "diplomas": 6}},
            {"name": "C", "sheet": {"print_cards": 8, "season_chain": 3, "harmony": 1, "diplomas": 3}},
        ],
    }
    path = tmp_path / "t.json"
    path.write_text(json.dumps(doc))
    code, out, _ = run(capsys, "score", str(path), "--explain")
    assert code == 0
    assert "Shared victory: A, B" in out
    assert any(line.split() == ["Rank", "1st", "1st", "3rd"] for line in out.splitlines())
    assert "Diplomas: 7 — points written on the sheet" in out


def test_score_json_matches_the_report(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", str(SAMPLES / "yokai-3p.json"), "--json")
    data = json.loads(out)
    assert code == 0
    assert data["winners"] == ["Hana"]
    assert data["players"][2]["breakdown"]["yokai"] == -4


def test_check_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "check", str(SAMPLES / "base-2p.json"))[0] == 0
    doc = sample_document("base-2p.json")
    doc["players"][1]["grand_master"] = True
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    code, out, _ = run(capsys, "check", str(bad), "--json")
    assert code == 1
    data = json.loads(out)
    assert data["legal"] is False and data["issues"][0]["code"] == "GRAND_MASTER"
    unreadable = tmp_path / "typo.json"
    doc["players"][0]["diplomes"] = []
    unreadable.write_text(json.dumps(doc))
    code, out, err = run(capsys, "check", str(unreadable))
    assert code == 2
    assert err.strip() == f"marquoir: {unreadable}: players[0].diplomes: unknown key"
    assert out == ""


def test_missing_file_and_bad_json_give_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "score", str(tmp_path / "nope.json"))
    assert code == 2 and "no such file" in err and len(err.strip().splitlines()) == 1
    broken = tmp_path / "broken.json"
    broken.write_text('{"game": ')
    code, _, err = run(capsys, "score", str(broken))
    assert code == 2 and "not JSON" in err and "Traceback" not in err


def test_stdin(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO((SAMPLES / "base-2p.json").read_text()))
    code, out, _ = run(capsys, "score", "-", "--json")
    assert code == 0 and json.loads(out)["winners"] == ["Ben"]


def test_diplomas_for_a_player(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "diplomas", str(SAMPLES / "base-4p.json"), "--player", "Emi")
    assert code == 0
    assert "Diplomas for Emi:" in out
    # The Diploma by its name and points, the cards by what they show (the season once), never an id.
    tree_line = next(line for line in out.splitlines() if "Trees Diploma (4 trees), 4 points" in line)
    assert "met" in tree_line and "trees: 5/4" in tree_line and "spring: 2 trees, 3 trees" in tree_line
    assert "[held]" in tree_line and "trees-4" not in out
    code, out, _ = run(capsys, "diplomas", str(SAMPLES / "base-4p.json"), "--player", "Emi", "--json")
    data = json.loads(out)
    assert {d["id"] for d in data["diplomas"] if d["held"]} == {"trees-4", "arrows-2", "brushes-3", "landscapes-2"}
    code, _, err = run(capsys, "diplomas", str(SAMPLES / "base-4p.json"), "--player", "Zed")
    assert code == 2 and "no player named 'Zed'" in err


def test_cards_lists_the_catalogue(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "cards", "--family", "trees")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 18
    assert lines[0].split()[0] == "55"
    code, out, _ = run(capsys, "cards")
    assert len(out.splitlines()) == 72


@pytest.mark.slow
def test_installed_console_script_runs() -> None:
    exe = Path(sys.executable).parent / "marquoir"
    result = subprocess.run([str(exe), "check", str(SAMPLES / "yokai-3p.json")], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "Legal" in result.stdout


def test_deep_check_adds_the_witness(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "--deep", str(SAMPLES / "base-2p.json"))
    assert code == 0
    assert "reachable" in out and "Round 1:" in out
    code, out, _ = run(capsys, "check", "--deep", "--json", str(SAMPLES / "base-2p.json"))
    data = json.loads(out)
    assert code == 0 and data["legal"] is True
    assert data["reachability"]["verdict"] == "reachable"
    assert "explanation_lines" not in data


def test_deep_check_finds_an_unreachable_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = sample_document("yokai-3p.json")
    # Ichiro never took the Assistant while Hana did: the Grand Master cannot end with him.
    doc["players"][1]["grand_master"] = True
    doc["players"][2]["grand_master"] = False
    path = tmp_path / "gm.json"
    path.write_text(json.dumps(doc))
    code, out, _ = run(capsys, "check", "--deep", "--json", str(path))
    data = json.loads(out)
    assert code == 1
    assert [i["code"] for i in data["issues"]] == ["UNREACHABLE"]
    assert "Assistant" in data["issues"][0]["message"]
