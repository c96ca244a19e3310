"""Shared code never names a game (issue 16): outside ``marquoir/games/``, each game's web folder
(``marquoir/web/<game>/``) and template folder (``templates/<game>/``), no Python module, template, script or
stylesheet holds a game's name or imports a game's package. Storage migrations are left out: each is a frozen
record of the schema at its revision, written once (0002 gave the rows saved before it the one game there was)."""

from __future__ import annotations

import re

from support.paths import ROOT

from marquoir.games import GAMES

SUFFIXES = {".py", ".html", ".js", ".css"}


def _shared_files() -> list[str]:
    own = {f"marquoir/web/{name}/" for name in GAMES} | {f"templates/{name}/" for name in GAMES}
    found = []
    for folder in ("marquoir", "templates"):
        for path in sorted((ROOT / folder).rglob("*")):
            rel = path.relative_to(ROOT).as_posix()
            if path.suffix not in SUFFIXES or rel.startswith("marquoir/games/") or "/migrations/versions/" in rel:
                continue
            if not any(rel.startswith(prefix) for prefix in own):
                found.append(rel)
    return found


def test_no_shared_file_names_a_game() -> None:
    words = {name for name in GAMES} | {game.title.lower() for game in GAMES.values()}
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, sorted(words))) + r")\b", re.IGNORECASE)
    files = _shared_files()
    assert len(files) > 100  # the shared code is there to be read
    named = [f"{rel}:{n}: {line.strip()[:100]}" for rel in files
             for n, line in enumerate((ROOT / rel).read_text(encoding="utf-8").splitlines(), 1) if pattern.search(line)]
    assert named == [], "\n".join(named)
