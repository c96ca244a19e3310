"""The JSON API answers exactly what the CLI's --json prints; unreadable documents name the place."""

from __future__ import annotations

import json

import pytest
from flask.testing import FlaskClient
from support.paths import SAMPLES
from support.samples import sample_text

from marquoir.cli import main


@pytest.mark.parametrize("name", ["base-2p.json", "base-4p.json", "yokai-3p.json"])
def test_score_is_the_cli_json(client: FlaskClient, name: str, capsys: pytest.CaptureFixture[str]) -> None:
    response = client.post("/api/score", data=sample_text(name), content_type="application/json")
    assert response.status_code == 200
    assert main(["score", str(SAMPLES / name), "--json"]) == 0
    assert response.json == json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("name", ["base-2p.json", "yokai-3p.json"])
def test_check_is_the_cli_json(client: FlaskClient, name: str, capsys: pytest.CaptureFixture[str]) -> None:
    response = client.post("/api/check", data=sample_text(name))
    assert response.status_code == 200
    main(["check", str(SAMPLES / name), "--json"])
    assert response.json == json.loads(capsys.readouterr().out)


def test_check_reports_issues(client: FlaskClient) -> None:
    doc = json.loads(sample_text("base-2p.json"))
    doc["players"][1]["start"] = doc["players"][0]["start"]
    response = client.post("/api/check", json=doc)
    assert response.status_code == 200
    assert response.json is not None and response.json["legal"] is False
    assert any(i["code"] == "START_TILE" and i["field"] == "players[1].start" for i in response.json["issues"])


@pytest.mark.parametrize(
    ("body", "path", "words"),
    [
        (b"", "document", "not JSON"),
        (b"{", "document", "not JSON"),
        (b"\xff\xfe", "document", "UTF-8"),
        (b"[]", "document", "expected an object"),
        (b'{"game": "kanagawa", "players": [{"name": "A", "start": "S1", "diplomes": []}]}', "players[0].diplomes",
         "unknown key"),
        (b'{"game": "kanagawa", "players": [{"name": "A", "sheet": {"print_cards": 1}}]}', "players[0].sheet.diplomas",
         "missing"),
        (b"[" * 100000 + b"]" * 100000, "document", "JSON"),
    ],
)
@pytest.mark.parametrize("endpoint", ["/api/score", "/api/check"])
def test_unreadable_documents_are_400_naming_the_place(
    client: FlaskClient, endpoint: str, body: bytes, path: str, words: str
) -> None:
    response = client.post(endpoint, data=body, content_type="application/json")
    assert response.status_code == 400
    assert response.json is not None
    assert response.json["path"] == path
    assert response.json["code"] == "DOCUMENT_UNREADABLE"
    assert words in response.json["error"]


def test_oversize_body_is_413(client: FlaskClient) -> None:
    response = client.post("/api/score", data=b" " * (513 * 1024), content_type="application/json")
    assert response.status_code == 413
    assert response.json == {"error": "What was sent is too large (at most 512 KiB).", "path": "document",
                             "code": "TOO_LARGE"}


def test_wrong_method_is_json(client: FlaskClient) -> None:
    response = client.get("/api/score")
    assert response.status_code == 405 and response.headers["Allow"] == "OPTIONS, POST"
    assert response.json == {"error": "This page cannot be reached this way.", "path": "/api/score",
                             "code": "METHOD_NOT_ALLOWED"}


@pytest.mark.parametrize("name", ["base-2p.json", "yokai-3p.json"])
def test_deep_check_is_the_cli_json(client: FlaskClient, name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``POST /api/check?deep=1`` answers what ``marquoir check --deep --json`` prints, status 200."""
    response = client.post("/api/check?deep=1", data=sample_text(name))
    assert response.status_code == 200
    assert main(["check", "--deep", "--json", str(SAMPLES / name)]) == 0
    cli = json.loads(capsys.readouterr().out)
    assert response.json is not None and cli["reachable"] is True
    assert cli["reachability"].pop("seconds", None) is None  # no clock in the report: the two can be compared
    assert response.json == cli


def test_deep_check_says_unreachable_and_undecided_with_status_200(client: FlaskClient) -> None:
    doc = json.loads(sample_text("base-2p.json"))
    doc["players"][0]["grand_master"], doc["players"][1]["grand_master"] = False, True
    response = client.post("/api/check?deep=1", json=doc)
    assert response.status_code == 200 and response.json is not None
    body = response.json
    if body["reachable"] is False:  # the Grand Master's holder must have taken the Assistant last
        assert body["legal"] is False and body["issues"][0]["code"] == "UNREACHABLE"
    else:
        assert body["reachable"] is True and body["legal"] is True
    # Without deep=1 the answer is the legality check's, as before.
    plain = client.post("/api/check", json=doc).json
    assert plain is not None and set(plain) == {"legal", "issues"}


def test_deep_check_of_a_bonsai_table(client: FlaskClient) -> None:
    # The sample lists every card, and a game ends with it: the witness is that game (games/bonsai/data/SOURCES.md, 19).
    response = client.post("/api/check?deep=1", data=sample_text("bonsai-2p.json"), content_type="application/json")
    assert response.status_code == 200 and response.json is not None
    assert response.json["legal"] is True and response.json["reachable"] is True
    assert response.json["reachability"]["verdict"] == "reachable" and response.json["reachability"]["witness"]
