"""Links and headers of a deployment: share and edit links (and their QR codes) come from the configured public
address, never from the request's Host header; unknown hosts are refused when the trusted hosts are set; pages
that carry an edit token are never cached; cookies are Secure behind HTTPS."""

from __future__ import annotations

import re
from pathlib import Path

from support.samples import sample_text
from support.saved_games import games_app, token_of

from marquoir.web.security import deployment_config


def _save(client: object, **headers: str) -> str:
    response = client.post("/games/save", data={"table": sample_text("base-2p")}, headers=headers)  # type: ignore[attr-defined]
    assert response.status_code == 303
    return token_of(response.headers["Location"])


def test_links_come_from_the_public_address_not_the_host_header(tmp_path: Path) -> None:
    client = games_app(tmp_path, BASE_URL="https://scores.example.org").test_client()
    token = _save(client, Host="evil.example")
    page = client.get(f"/e/{token}", headers={"Host": "evil.example"}).get_data(as_text=True)
    assert f'id="edit-link">https://scores.example.org/e/{token}<' in page
    share = re.search(r'id="share-link">([^<]+)<', page)
    assert share and share.group(1).startswith("https://scores.example.org/s/")
    assert "evil.example" not in page


def test_only_the_trusted_hosts_are_answered(tmp_path: Path) -> None:
    client = games_app(tmp_path, TRUSTED_HOSTS=["scores.example.org"]).test_client()
    assert client.get("/", headers={"Host": "scores.example.org"}).status_code == 200
    assert client.get("/", headers={"Host": "evil.example"}).status_code == 400


def test_pages_with_an_edit_token_are_never_cached(tmp_path: Path) -> None:
    client = games_app(tmp_path).test_client()
    token = _save(client)
    assert client.get(f"/e/{token}").headers["Cache-Control"] == "no-store"
    assert client.get("/games").headers["Cache-Control"] == "no-store"  # this browser's games, with their edit links
    correcting = client.post("/edit", follow_redirects=True,
                             data={"table": sample_text("base-2p"), "edit": token, "version": "1"})
    assert correcting.headers["Cache-Control"] == "no-store"
    assert "Cache-Control" not in client.get("/rules").headers


def test_a_deployment_behind_https_says_so_in_its_cookies_and_links() -> None:
    config = deployment_config(
        {"MARQUOIR_HTTPS": "1", "MARQUOIR_BASE_URL": "https://scores.example.org/", "MARQUOIR_TRUSTED_HOSTS": "a, b"}
    )
    assert config["SESSION_COOKIE_SECURE"] is True and config["PREFERRED_URL_SCHEME"] == "https"
    assert config["BASE_URL"] == "https://scores.example.org" and config["TRUSTED_HOSTS"] == ["a", "b"]
    assert deployment_config({}) == {}


def test_the_language_cookie_is_secure_behind_https(tmp_path: Path) -> None:
    client = games_app(tmp_path, COOKIES_SECURE=True, SESSION_COOKIE_SECURE=True).test_client()
    response = client.post("/language", data={"lang": "fr", "next": "/"})
    assert "Secure" in response.headers["Set-Cookie"]


def test_a_table_with_no_player_gets_a_clear_message_everywhere(tmp_path: Path) -> None:
    import json

    client = games_app(tmp_path).test_client()
    for doc in ({"game": "kanagawa", "players": []}, {"game": "bonsai", "goals": [], "players": []}):
        text = json.dumps(doc)
        for path in ("/results", "/edit", "/sheet", "/detailed", "/reach", "/diplomas", "/print/game", "/export",
                     "/games/save", "/language"):
            response = client.post(path, data={"table": text, "lang": "fr"})
            assert response.status_code == 400, path
            assert "no player" in response.get_data(as_text=True) or "aucun joueur" in response.get_data(as_text=True)
        imported = client.post("/import", follow_redirects=True, data={"text": text})
        assert imported.status_code == 422 and "the game has no player" in imported.get_data(as_text=True)
        assert client.post("/api/score", data=text).json["issues"][0]["code"] == "PLAYER_COUNT"  # type: ignore[index]
