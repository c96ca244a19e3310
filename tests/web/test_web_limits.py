"""Abuse limits: saves and the expensive routes are limited per client; over the limit, a 429 page says when to try
again and keeps what was sent; another client is not held back; test apps have none unless asked."""

from __future__ import annotations

from pathlib import Path

from support.samples import sample_text
from support.saved_games import games_app

from marquoir.web.limits import LIMITS
from marquoir.web.security import deployment_config


def test_saves_over_the_limit_get_a_429_that_keeps_the_game(tmp_path: Path) -> None:
    app = games_app(tmp_path, RATE_LIMITS_ENABLED=True, RATE_LIMITS={"saved.save": "2/minute"})
    client = app.test_client()
    game = sample_text("base-2p")
    assert [client.post("/games/save", data={"table": game}).status_code for _ in range(2)] == [303, 303]
    refused = client.post("/games/save", data={"table": game})
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
    page = refused.get_data(as_text=True)
    assert "Too many requests" in page and "Send again" in page and 'name="table"' in page
    other = app.test_client()
    assert other.post("/games/save", data={"table": game}, environ_base={"REMOTE_ADDR": "10.0.0.9"}).status_code == 303


def test_the_api_answers_429_in_json(tmp_path: Path) -> None:
    client = games_app(tmp_path, RATE_LIMITS_ENABLED=True, RATE_LIMITS={"api.api_score": "1/minute"}).test_client()
    assert client.post("/api/score", data=sample_text("base-2p")).status_code == 200
    refused = client.post("/api/score", data=sample_text("base-2p"))
    assert refused.status_code == 429 and refused.json is not None and "Too many requests" in refused.json["error"]


def test_pages_that_change_nothing_are_not_limited(tmp_path: Path) -> None:
    client = games_app(tmp_path, RATE_LIMITS_ENABLED=True, RATE_LIMITS={"saved.save": "1/minute"}).test_client()
    assert all(client.get("/rules").status_code == 200 for _ in range(30))


def test_test_apps_have_no_limits_unless_asked(tmp_path: Path) -> None:
    client = games_app(tmp_path, RATE_LIMITS={"saved.save": "1/minute"}).test_client()
    game = {"table": sample_text("base-2p")}
    assert [client.post("/games/save", data=game).status_code for _ in range(3)] == [303] * 3


def test_behind_a_proxy_the_forwarded_address_is_the_client(tmp_path: Path) -> None:
    assert deployment_config({"MARQUOIR_PROXIES": "1"})["PROXIES"] == 1
    app = games_app(tmp_path, PROXIES=1, RATE_LIMITS_ENABLED=True, RATE_LIMITS={"saved.save": "1/minute"})
    client = app.test_client()
    game = {"table": sample_text("base-2p")}
    assert client.post("/games/save", data=game, headers={"X-Forwarded-For": "203.0.113.1"}).status_code == 303
    assert client.post("/games/save", data=game, headers={"X-Forwarded-For": "203.0.113.1"}).status_code == 429
    assert client.post("/games/save", data=game, headers={"X-Forwarded-For": "203.0.113.2"}).status_code == 303


def test_every_route_that_writes_to_the_database_is_limited(tmp_path: Path) -> None:
    """Saves, corrections, deletions, details, groups and their players all write rows: each has a limit, so one
    client cannot fill the disk (issue 11, abuse limits)."""
    app = games_app(tmp_path)
    writing = {
        rule.endpoint
        for rule in app.url_map.iter_rules()
        if "POST" in (rule.methods or set()) and rule.endpoint.split(".")[0] in {"saved", "groups"}
    }
    assert writing >= {"saved.save", "saved.correct", "groups.create", "groups.rename", "groups.merge"}
    assert sorted(writing - LIMITS.keys()) == []


def test_creating_groups_over_the_limit_gets_a_429(tmp_path: Path) -> None:
    app = games_app(tmp_path, RATE_LIMITS_ENABLED=True, RATE_LIMITS={"groups.create": "1/minute"})
    client = app.test_client()
    assert client.post("/groups", data={"name": "Thursday club"}).status_code in {302, 303}
    assert client.post("/groups", data={"name": "Friday club"}).status_code == 429
