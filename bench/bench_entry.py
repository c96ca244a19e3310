"""Server time of the steps people take at the table, with 4 players (issue 18, item 9).

* a picker step: ``POST /detailed/live``, a card added to (then taken off) the current player's Print of a 4-player
  Kanagawa game whose players hold 8 cards each, as the page's script sends it;
* a Bonsai tap: ``POST /bonsai/tiles/live``, a cell of the current player's tree cycled in a 4-player game whose
  trees hold 10 tiles each, as ``bonsai.js`` sends it;
* the entry pages, read with GET under their draft's link: the paper sheet's figures (both games), card by card,
  tile by tile.

Each in-process through Flask's test client on a throwaway SQLite database (the draft is written at every step, as
in use); the time is the request's, from the client's call to the last byte of the answer. Prints the median and
the 95th percentile of each, against the goals: a step or a tap ≤ 30 ms median and ≤ 80 ms p95, a page ≤ 30 ms
median.
"""

from __future__ import annotations

import json
import os
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from html import unescape
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DATABASE_URL", f"sqlite:///{tempfile.mkdtemp(prefix='marquoir-bench-')}/games.sqlite3")

from marquoir.web import create_app
from marquoir.web.bonsai.tiles import cycle_cell

ROUNDS = 60
WARMUP = 5
NAMES = ["Alessandrina", "Bartholomew", "Christabelle", "Maximilienne"]
STEP_MEDIAN, STEP_P95, PAGE_MEDIAN = 30.0, 80.0, 30.0
#: Ten tiles of a young bonsai, from the trunk up (wood, then leaves; cells of the hex grid above the pot).
TREE = [((0, 1), "wood"), ((0, 2), "wood"), ((1, 2), "wood"), ((-1, 2), "leaf"), ((0, 3), "leaf"),
        ((1, 3), "leaf"), ((2, 2), "leaf"), ((-1, 3), "flower"), ((2, 3), "fruit"), ((0, 4), "leaf")]


def _inputs(page: str) -> list[tuple[str, str]]:
    """The fields a browser sends from the page's form: inputs with a name (checkboxes when ticked), selects at
    their chosen option."""
    out: list[tuple[str, str]] = []
    for tag in re.findall(r"<input[^>]*>", page):
        name = re.search(r'name="([^"]+)"', tag)
        value = re.search(r'value="([^"]*)"', tag)
        if not name or name.group(1) == "csrf_token":
            continue
        if re.search(r'type="(checkbox|radio)"', tag) and " checked" not in tag:
            continue
        out.append((name.group(1), unescape(value.group(1)) if value else ""))
    for name, body in re.findall(r'<select[^>]*name="([^"]+)"[^>]*>(.*?)</select>', page, re.S):
        chosen = re.search(r'<option[^>]*selected[^>]*value="([^"]*)"|<option value="([^"]*)"[^>]*selected', body)
        first = re.search(r'<option[^>]*value="([^"]*)"', body)
        if chosen:
            out.append((name, unescape(chosen.group(1) or chosen.group(2) or "")))
        elif first:
            out.append((name, unescape(first.group(1))))
    return out


def _field(fields: list[tuple[str, str]], name: str) -> str:
    return next(v for k, v in fields if k == name)


def _with(fields: list[tuple[str, str]], **values: str) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for k, v in fields:
        data.setdefault(k, []).append(v)
    data.update(values)
    return data


def _times(call: Callable[[int], None]) -> tuple[list[float], list[float]]:
    """Each request's wall time and the process's CPU time for it (ms): on a machine shared with other work the
    CPU time is the server's own, the wall time what a person would wait."""
    for i in range(WARMUP):
        call(i)
    wall, cpu = [], []
    for i in range(ROUNDS):
        began, began_cpu = time.perf_counter(), time.process_time()
        call(i)
        wall.append((time.perf_counter() - began) * 1000)
        cpu.append((time.process_time() - began_cpu) * 1000)
    return wall, cpu


def _line(label: str, times: tuple[list[float], list[float]], median_goal: float, p95_goal: float | None) -> bool:
    wall, cpu = times
    median, p95 = statistics.median(wall), statistics.quantiles(wall, n=20)[-1]
    cpu_median, cpu_p95 = statistics.median(cpu), statistics.quantiles(cpu, n=20)[-1]
    met = cpu_median <= median_goal and (p95_goal is None or cpu_p95 <= p95_goal)
    goal = f"≤ {median_goal:.0f} ms median" + (f", ≤ {p95_goal:.0f} ms p95" if p95_goal else "")
    print(f"{label:<34} cpu median {cpu_median:5.1f} p95 {cpu_p95:5.1f} | wall median {median:5.1f} p95 {p95:5.1f} "
          f"max {max(wall):5.1f} ms  ({goal}, cpu: {'met' if met else 'NOT met'})")
    return met


def main() -> None:
    app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "SECRET_KEY": "bench"})  # no rate limits
    client = app.test_client()

    def new(data: dict[str, Any]) -> tuple[str, str]:
        data = {**data, "player_count": "4", **{f"names-{i}": n for i, n in enumerate(NAMES)}}
        response = client.post("/new", data=data)
        assert response.status_code == 303, response.status_code
        where = response.headers["Location"]
        return where, client.get(where).get_data(as_text=True)

    # Kanagawa card by card: 8 cards each.
    kanagawa_page, page = new({"game": "base", "mode": "detailed"})
    doc = json.loads(_field(_inputs(page), "table"))
    for p, pdoc in enumerate(doc["players"]):
        pdoc["print"] = [1 + p + 4 * k for k in range(8)]
    fields = _inputs(page)
    table = json.dumps(doc)

    versions = {"kanagawa": _field(fields, "draft_version")}

    def written(answer: dict[str, Any], game: str) -> None:
        """Each step is written into the draft over the version the page read, as the page sends it (the
        answer's version is the next one's)."""
        assert answer["draft"]["saved"], answer["draft"]
        versions[game] = str(answer["draft"]["version"])

    def picker_step(i: int) -> None:
        action = "add:66" if i % 2 == 0 else "remove:print:8"
        nonlocal table
        response = client.post("/detailed/live", data=_with(fields, table=table, current="0", action=action,
                                                             draft_version=versions["kanagawa"]),
                               headers={"Accept": "application/json"})
        assert response.status_code == 200, response.get_data(as_text=True)[:300]
        table = response.get_json()["table"]
        written(response.get_json(), "kanagawa")

    # Bonsai tile by tile: 10 tiles each.
    bonsai_page, page = new({"game": "bonsai", "mode": "detailed", "goal_colours": ["brown", "green", "cyan"]})
    bfields = _inputs(page)
    bdoc = json.loads(_field(bfields, "table"))
    for pdoc in bdoc["players"]:
        pdoc["tiles"] = [{"at": list(at), "kind": kind} for at, kind in TREE]

    versions["bonsai"] = _field(bfields, "draft_version")

    def bonsai_tap(i: int) -> None:
        cycle_cell(bdoc["players"][0], (-2, 3))
        response = client.post("/bonsai/tiles/live", data=_with(bfields, table=json.dumps(bdoc), current="0",
                                                                draft_version=versions["bonsai"]),
                               headers={"Accept": "application/json"})
        assert response.status_code == 200, response.get_data(as_text=True)[:300]
        written(response.get_json(), "bonsai")

    sheet_k, _page = new({"game": "base", "mode": "sheet"})
    sheet_b, _page = new({"game": "bonsai", "mode": "sheet", "goal_colours": ["brown", "green", "cyan"]})

    def page_of(where: str) -> Callable[[int], None]:
        def get(_i: int) -> None:
            response = client.get(where)
            assert response.status_code == 200, response.status_code
        return get

    print(f"in-process (Flask test client, SQLite draft), 4 players, {ROUNDS} requests each after {WARMUP} warm-up")
    ok = [
        _line("picker step (/detailed/live)", _times(picker_step), STEP_MEDIAN, STEP_P95),
        _line("Bonsai tap (/bonsai/tiles/live)", _times(bonsai_tap), STEP_MEDIAN, STEP_P95),
        _line("page: Kanagawa card by card", _times(page_of(kanagawa_page)), PAGE_MEDIAN, None),
        _line("page: Kanagawa sheet figures", _times(page_of(sheet_k)), PAGE_MEDIAN, None),
        _line("page: Bonsai tile by tile", _times(page_of(bonsai_page)), PAGE_MEDIAN, None),
        _line("page: Bonsai sheet figures", _times(page_of(sheet_b)), PAGE_MEDIAN, None),
    ]
    print("all goals met" if all(ok) else "some goals NOT met")


if __name__ == "__main__":
    main()
