"""Statistics, the games list, the search and the exports at scale: request times and the exports' memory.

Fills a database with saved games — mixed Kanagawa and Bonsai, 2 to 4 players, ~300 distinct names, one game in
ten saved in a group (the others outside any group), written in bulk through the storage layer's own tables and its
own row builders (``executemany`` in batches, the players' records kept by
:func:`marquoir.storage.stats.refresh_records` as every save keeps them) — then measures through the Flask test
client: ``/stats`` (and filtered by number of players, by edition, by a month and by a year), a player's page
(filtered too) and a head-to-head, the group's page and statistics, the games list (first and a deep page), a
search, and the CSV download (p50/p95 over repeated requests), four ``/stats`` at once, and the peak memory
(tracemalloc) of the CSV download and of ``marquoir export --csv`` / ``--json`` / ``--bgstats`` at the first stage
(``--small``, 10,000 games) and at the last (``--games``, 100,000): streamed, it stays the same.

    .venv/bin/python bench/bench_stats.py [--games 100000] [--small 10000] [--repeat 40] [--database URL]

Without ``--database`` the games go into a throwaway SQLite file. ``--database`` names a database the bench fills
(up to ``--games``; a second run reuses what is there) and never empties; it refuses one that holds games it did
not write (their share tokens start with ``bench-``). The bench starts nothing itself. For PostgreSQL, start a
throwaway server first, as ``tests/storage/test_storage_postgres.py`` does (Debian's ``postgresql`` package)::

    PG=$(ls -d /usr/lib/postgresql/*/bin | tail -1); D=$(mktemp -d)   # as root: chown postgres and use runuser
    $PG/initdb -D $D/data -U marquoir --auth=trust -E UTF8 --no-sync
    $PG/pg_ctl -D $D/data -o "-k $D -c listen_addresses='' -c fsync=off" -l $D/log -w start
    .venv/bin/python bench/bench_stats.py --database "postgresql+psycopg://marquoir@/postgres?host=$D"
    $PG/pg_ctl -D $D/data -m immediate stop

No timed assertion anywhere: the figures are printed (goal: p95 ≤ 100 ms for the pages).
"""

from __future__ import annotations

import argparse
import io
import json
import random
import secrets
import statistics
import sys
import tempfile
import threading
import time
import tracemalloc
from collections.abc import Callable, Iterator
from contextlib import redirect_stdout
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import sqlalchemy as sa  # noqa: E402

from marquoir import load_table, score  # noqa: E402
from marquoir.cli import main as cli  # noqa: E402
from marquoir.storage import open_database, player_records, sqlite_url  # noqa: E402
from marquoir.storage.database import write_transaction  # noqa: E402
from marquoir.storage.rows import player_rows  # noqa: E402
from marquoir.storage.schema import game_counts, game_players, game_versions, games, groups  # noqa: E402
from marquoir.storage.stats import add_to_counts, refresh_records  # noqa: E402
from marquoir.web import create_app  # noqa: E402

FIRST = ("Aiko", "Ben", "Chiyo", "Daisuke", "Emi", "Fumiko", "Goro", "Hana", "Ichiro", "Jun", "Kenji", "Léa",
         "Mei", "Noé", "Osamu", "Paul", "Rin", "Sora", "Taro", "Yuki")  # fmt: skip
NAMES = [f"{first} {last}" for first in FIRST for last in "ABCDEFGHIJKLMNO"]  # 300 names
BATCH = 1000
POOL = 400
START = datetime(2021, 1, 1, 18, 0, tzinfo=UTC)
TOKEN_PREFIX = "bench-"
#: The bench's group (its games are one in ten).
GROUP_TOKEN = TOKEN_PREFIX + "group-of-the-bench-0000000000"
IN_GROUP_EVERY = 10


def sheet_document(rng: random.Random) -> dict[str, Any]:
    """A random finished table entered from the sheet's figures, with placeholder names P0…P3."""
    players = rng.randint(2, 4)
    if rng.random() < 0.5:
        master = rng.randrange(players)
        rows = [
            {"name": f"P{i}", "sheet": {"print_cards": rng.randint(5, 14), "season_chain": rng.randint(1, 6),
                                        "harmony": rng.randint(-2, 8), "diplomas": rng.randint(0, 20),
                                        "grand_master": i == master, "yokai": 0}}
            for i in range(players)
        ]  # fmt: skip
        return {"game": "kanagawa", "players": rows}
    rows = [
        {"name": f"P{i}", "sheet": {"leaves": rng.randint(0, 15), "flowers": rng.randint(0, 25),
                                    "fruits": rng.randint(0, 4), "parchments": rng.randint(0, 20),
                                    "goals": rng.randint(0, 20)}}
        for i in range(players)
    ]  # fmt: skip
    return {"game": "bonsai", "goals": [], "players": rows}


def renamed(value: Any, names: dict[str, str]) -> Any:
    """A JSON value with the placeholder names replaced wherever a name stands alone (names, winners, issues)."""
    if isinstance(value, dict):
        return {k: renamed(v, names) for k, v in value.items()}
    if isinstance(value, list):
        return [renamed(v, names) for v in value]
    if isinstance(value, str):
        return names.get(value, value)
    return value


def pool(rng: random.Random) -> list[tuple[str, int, str, str]]:
    """Scored tables to copy: (game, players, document JSON, report JSON), each scored once by ``marquoir.score``."""
    found = []
    for _ in range(POOL):
        document = sheet_document(rng)
        table = load_table(document)
        found.append((table.game, len(table.players), json.dumps(document), json.dumps(score(table).to_json())))
    return found


def bench_games(engine: sa.Engine) -> int:
    """How many games the bench wrote; refuses a database holding other games."""
    with engine.connect() as connection:
        total = connection.execute(sa.select(sa.func.count()).select_from(games)).scalar_one()
        mine = connection.execute(
            sa.select(sa.func.count()).select_from(games).where(games.c.share_token.startswith(TOKEN_PREFIX))
        ).scalar_one()
    if total != mine:
        raise SystemExit(f"this database holds {total - mine} games the bench did not write: give it an empty one")
    return int(total)


def bench_group(engine: sa.Engine) -> int:
    """The id of the bench's group, made when missing."""
    with write_transaction(engine) as connection:
        found = connection.execute(sa.select(groups.c.id).where(groups.c.token == GROUP_TOKEN)).scalar()
        if found is None:
            found = connection.execute(groups.insert().returning(groups.c.id), {
                "token": GROUP_TOKEN, "name": "Bench club", "created_at": datetime.now(UTC)}).scalar_one()  # fmt: skip
            connection.execute(game_counts.insert(), {"group_id": found, "games": 0})
    return int(found)


def fill(engine: sa.Engine, upto: int, seed: int = 7) -> float:
    """Add games until there are ``upto``; seconds taken."""
    have = bench_games(engine)
    if have >= upto:
        return 0.0
    group_id = bench_group(engine)
    rng = random.Random(seed + have)
    tables = pool(rng)
    started = time.perf_counter()
    moment = datetime.now(UTC)
    for first in range(have, upto, BATCH):
        count = min(BATCH, upto - first)
        rows, copies = [], []
        for n in range(first, first + count):
            game, players, document, report = tables[rng.randrange(len(tables))]
            names = dict(zip([f"P{i}" for i in range(players)], rng.sample(NAMES, players), strict=True))
            played = START + timedelta(minutes=25 * n + rng.randint(0, 20))
            doc, rep = renamed(json.loads(document), names), renamed(json.loads(report), names)
            grouped = group_id if n % IN_GROUP_EVERY == 0 else None
            copies.append((game, played, doc, rep, grouped))
            rows.append({"game": game, "share_token": TOKEN_PREFIX + secrets.token_urlsafe(18),
                         "edit_token": TOKEN_PREFIX + secrets.token_urlsafe(18), "played_at": played,
                         "created_at": moment, "updated_at": moment, "version": 1, "document": doc,
                         "report": rep, "group_id": grouped})  # fmt: skip
        with write_transaction(engine) as connection:
            inserted = connection.execute(games.insert().returning(games.c.id, sort_by_parameter_order=True), rows)
            ids = list(inserted.scalars())
            connection.execute(
                game_versions.insert(),
                [{"game_id": i, "version": 1, "saved_at": moment, "document": c[2], "report": c[3]}
                 for i, c in zip(ids, copies, strict=True)],
            )  # fmt: skip
            players_rows = [
                r
                for i, c in zip(ids, copies, strict=True)
                for r in player_rows(i, c[0], c[1], c[3], group_id=c[4], edition="base" if c[0] == "kanagawa" else "")
            ]
            connection.execute(game_players.insert(), players_rows)
            refresh_records(connection, (), players_rows)
            in_group = sum(1 for c in copies if c[4] is not None)
            add_to_counts(connection, {group_id: in_group, None: len(copies) - in_group})
    if engine.dialect.name == "postgresql":
        with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
            connection.exec_driver_sql("VACUUM ANALYZE")
    else:
        with engine.connect() as connection:
            connection.exec_driver_sql("ANALYZE")
    return time.perf_counter() - started


def percentiles(values: list[float]) -> tuple[float, float]:
    ordered = sorted(values)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def timed(get: Callable[[], Any], repeat: int) -> tuple[float, float]:
    for _ in range(3):
        get()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        get()
        times.append(time.perf_counter() - start)
    return percentiles(times)


def page(client: Any, path: str, **query: str) -> Callable[[], int]:
    def get() -> int:
        response = client.get(path, query_string=query)
        assert response.status_code == 200, (path, response.status_code)
        return len(response.data)

    return get


def download(client: Any, path: str) -> Callable[[], int]:
    """Read a streamed download a piece at a time, keeping nothing (as a browser saving it to a file)."""

    def get() -> int:
        response = client.get(path, buffered=False)
        assert response.status_code == 200, (path, response.status_code)
        size = 0
        try:
            for chunk in response.response:
                size += len(chunk)
        finally:
            response.close()
        return size

    return get


def peak_memory(work: Callable[[], Any]) -> tuple[float, float]:
    """Peak memory allocated while ``work`` runs (MB, tracemalloc), and its time (s, slowed by tracemalloc)."""
    tracemalloc.start()
    tracemalloc.reset_peak()
    start = time.perf_counter()
    try:
        work()
    finally:
        _current, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    return peak / 1e6, time.perf_counter() - start


def cli_export(url: str, kind: str, folder: Path) -> Callable[[], None]:
    def run() -> None:
        with redirect_stdout(io.StringIO()):
            assert cli(["export", f"--{kind}", str(folder / f"export.{kind}"), "--database", url]) == 0

    return run


def at_once(client_of: Callable[[], Any], path: str, threads: int, each: int) -> tuple[float, float, float]:
    """``threads`` clients asking ``path`` ``each`` times at once: p50, p95, and the wall time of it all."""
    times: list[float] = []
    lock = threading.Lock()

    def run() -> None:
        client = client_of()
        for _ in range(each):
            start = time.perf_counter()
            assert client.get(path).status_code == 200
            with lock:
                times.append(time.perf_counter() - start)

    workers = [threading.Thread(target=run) for _ in range(threads)]
    start = time.perf_counter()
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    p50, p95 = percentiles(times)
    return p50, p95, time.perf_counter() - start


def ms(value: float) -> str:
    return f"{value * 1000:7.1f} ms"


def memory_stage(url: str, client: Any, folder: Path, games_count: int) -> dict[str, tuple[float, float]]:
    found = {
        "GET /games/export.csv": peak_memory(download(client, "/games/export.csv")),
        "marquoir export --csv": peak_memory(cli_export(url, "csv", folder)),
        "marquoir export --json": peak_memory(cli_export(url, "json", folder)),
        "marquoir export --bgstats": peak_memory(cli_export(url, "bgstats", folder)),
    }
    print(f"\nPeak memory of the exports at {games_count:,} games (tracemalloc; times slowed by it):")
    for what, (peak, seconds) in found.items():
        print(f"  {what:<24} {peak:7.1f} MB   {seconds:6.1f} s")
    return found


def measure(url: str, repeat: int) -> None:
    app = create_app({"TESTING": True, "SECRET_KEY": "bench", "DATABASE_URL": url})
    client = app.test_client()
    engine = open_database(url)
    frequent, other = [r.name for r in player_records(engine, "kanagawa", limit=2)]
    engine.dispose()
    fragment = frequent.split()[0][:3].lower()
    total = bench_games(open_database(url))
    pages = total // 20
    group = f"/g/{GROUP_TOKEN}"
    month, year = {"from": "2023-03-01", "to": "2023-03-31"}, {"from": "2023-01-01", "to": "2023-12-31"}
    checks = [
        ("GET /stats", page(client, "/stats")),
        ("GET /stats?players=3", page(client, "/stats", players="3")),
        ("GET /stats?edition=base&players=2", page(client, "/stats", edition="base", players="2")),
        ("GET /stats?from&to (a month)", page(client, "/stats", **month)),
        ("GET /stats?from&to (a year, counted in part)", page(client, "/stats", **year)),
        (f"GET /stats?player={frequent}", page(client, "/stats", player=frequent)),
        (f"GET /stats?player={frequent}&players=3", page(client, "/stats", player=frequent, players="3")),
        ("GET /stats?player=…&from&to (a year)", page(client, "/stats", player=frequent, **year)),
        (f"GET /stats?player={frequent}&vs={other}", page(client, "/stats", player=frequent, vs=other)),
        (f"GET /stats?player={fragment} (search)", page(client, "/stats", player=fragment)),
        ("GET /g/… (the group's games)", page(client, group)),
        ("GET /g/…/stats", page(client, group + "/stats")),
        ("GET /g/…/stats?players=2&from&to (a year)", page(client, group + "/stats", players="2", **year)),
        (f"GET /g/…?player={fragment}", page(client, group, player=fragment)),
        ("GET /games", page(client, "/games")),
        (f"GET /games?page={pages // 2}", page(client, "/games", page=str(pages // 2))),
        (f"GET /games?player={frequent}", page(client, "/games", player=frequent)),
        (f"GET /games?player={fragment}", page(client, "/games", player=fragment)),
        ("GET /games?player=a (most names)", page(client, "/games", player="a")),
    ]
    print(f"\nRequests at {total:,} games (Flask test client, {repeat} each after 3 warm-ups):")
    for what, get in checks:
        size = get()
        p50, p95 = timed(get, repeat)
        print(f"  {what:<44} p50 {ms(p50)}  p95 {ms(p95)}  ({size / 1000:,.0f} kB)")
    get = download(client, "/games/export.csv")
    size = get()
    start = time.perf_counter()
    get()
    print(f"  {'GET /games/export.csv':<44} {time.perf_counter() - start:8.2f} s        ({size / 1e6:,.1f} MB)")
    p50, p95, wall = at_once(app.test_client, "/stats", 4, max(repeat // 4, 5))
    print(f"  {'4 × GET /stats at once':<44} p50 {ms(p50)}  p95 {ms(p95)}  (all in {wall:.2f} s)")


def stages(small: int, games_count: int) -> Iterator[int]:
    if 0 < small < games_count:
        yield small
    yield games_count


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000, help="games in the database at the end")
    parser.add_argument("--small", type=int, default=10_000, help="first stage, to compare the exports' memory")
    parser.add_argument("--repeat", type=int, default=40, help="requests per measured page")
    parser.add_argument("--database", metavar="URL", help="database to fill (default: a throwaway SQLite file)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        url = args.database or sqlite_url(folder / "bench.sqlite3")
        engine = open_database(url)
        print(f"Database: {engine.url.render_as_string(hide_password=True)}")
        memory: dict[int, dict[str, tuple[float, float]]] = {}
        for stage in stages(args.small, args.games):
            seconds = fill(engine, stage)
            if seconds:
                print(f"Filled to {stage:,} games in {seconds:.1f} s")
            app = create_app({"TESTING": True, "SECRET_KEY": "bench", "DATABASE_URL": url})
            memory[stage] = memory_stage(url, app.test_client(), folder, stage)
        engine.dispose()
        measure(url, args.repeat)
        if len(memory) == 2:
            (low, first), (high, last) = memory.items()
            print(f"\nPeak memory, {high:,} games against {low:,}:")
            for what in first:
                print(f"  {what:<24} {first[what][0]:6.1f} MB → {last[what][0]:6.1f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
