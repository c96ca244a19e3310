"""Expensive work runs off the request threads, bounded: the deep check and PDFs in child processes with a time and
memory bound and a few slots; a saved game's PDF is kept per version; another site cannot make the server render
one; and while the worst requests are being worked on, every other page keeps answering."""

from __future__ import annotations

import statistics
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support.samples import sample_text
from support.saved_games import games_app, share_token_in, token_of
from waitress.server import create_server

from marquoir.web import workers
from marquoir.web.cache import ByteCache
from marquoir.web.security import SettingError, deployment_config


def test_a_job_past_its_time_is_stopped_and_what_was_sent_is_offered_again(tmp_path: Path) -> None:
    client = games_app(tmp_path, JOB_TIMEOUT=0.001).test_client()
    response = client.post("/reach", data={"table": sample_text("base-2p")})
    assert response.status_code == 503
    page = response.get_data(as_text=True)
    assert "took longer than the server allows" in page and 'name="table"' in page and "Send again" in page


def test_no_free_slot_is_a_busy_page_at_once(tmp_path: Path) -> None:
    client = games_app(tmp_path, EXPENSIVE_JOBS=1, JOB_WAIT=0.05).test_client()
    slots = client.application.extensions[workers.EXTENSION].semaphore
    assert slots.acquire(timeout=1)  # another request holds the only slot
    try:
        response = client.post("/reach", data={"table": sample_text("base-2p")})
    finally:
        slots.release()
    assert response.status_code == 503 and "busy with other long work" in response.get_data(as_text=True)


def test_the_api_s_deep_check_runs_in_a_worker_and_answers_busy_or_stopped_in_json(tmp_path: Path) -> None:
    busy = games_app(tmp_path, EXPENSIVE_JOBS=1, JOB_WAIT=0.05).test_client()
    slots = busy.application.extensions[workers.EXTENSION].semaphore
    assert slots.acquire(timeout=1)
    try:
        response = busy.post("/api/check?deep=1", data=sample_text("base-2p"))
        plain = busy.post("/api/check", data=sample_text("base-2p"))  # the legality check needs no worker
    finally:
        slots.release()
    assert response.status_code == 503 and response.json is not None
    assert response.json["path"] == "deep" and response.json["retry"] is True and "busy" in response.json["error"]
    assert plain.status_code == 200 and plain.json is not None and plain.json["legal"] is True
    stopped = games_app(tmp_path / "stopped", JOB_TIMEOUT=0.001).test_client()
    response = stopped.post("/api/check?deep=1", data=sample_text("base-2p"))
    assert response.status_code == 503 and response.json is not None
    assert response.json == {"error": "The deep check was stopped at its time bound.", "path": "deep",
                             "code": "DEEP_STOPPED", "retry": True}


@pytest.mark.slow  # WeasyPrint renders PDFs: seconds each
def test_a_saved_game_s_pdf_is_rendered_once_per_version(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    client = games_app(tmp_path).test_client()
    token = token_of(client.post("/games/save", data={"table": sample_text("base-2p")}).headers["Location"])
    share = share_token_in(client.get(f"/e/{token}").get_data(as_text=True))
    calls: list[str] = []
    real = workers.run

    def counting(job: str, *args: Any, **kwargs: Any) -> Any:
        calls.append(job)
        return real(job, *args, **kwargs)

    monkeypatch.setattr(workers, "run", counting)
    first = client.get(f"/s/{share}/sheet?format=pdf")
    second = client.get(f"/s/{share}/sheet?format=pdf")
    assert first.status_code == second.status_code == 200 and first.data == second.data
    assert first.data.startswith(b"%PDF") and calls == ["pdf"]
    letter = client.get(f"/s/{share}/sheet?format=pdf&paper=letter")
    assert letter.status_code == 200 and calls == ["pdf", "pdf"]


def test_another_site_cannot_make_the_server_render_a_pdf(tmp_path: Path) -> None:
    client = games_app(tmp_path).test_client()
    image = {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Dest": "image"}
    assert client.get("/print/blank?players=2&format=pdf", headers=image).status_code == 403
    link = {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document"}
    assert client.get("/print/blank?players=2&format=pdf", headers=link).status_code == 200


def test_the_pdf_cache_keeps_a_bounded_size() -> None:
    cache = ByteCache(100)
    for i in range(10):
        cache.put(i, bytes(30))
    assert cache.size <= 100 and len(cache) == 3 and cache.get(9) is not None and cache.get(0) is None


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    app = games_app(tmp_path, EXPENSIVE_JOBS=2, JOB_WAIT=0.2)
    served = create_server(app, host="127.0.0.1", port=0, threads=8)
    thread = threading.Thread(target=served.run, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{served.effective_port}"  # type: ignore[union-attr]
    finally:
        served.close()
        thread.join(5)


@pytest.mark.slow
def test_the_health_check_answers_while_the_worst_requests_are_worked_on(server: str) -> None:
    table = sample_text("base-4p")
    page = urllib.request.urlopen(urllib.request.Request(f"{server}/print")).read().decode()
    assert "print-form" in page
    form = {"table": table, "format": "pdf", "paper": "a4"}
    body = urllib.parse.urlencode(form).encode()
    done: list[int] = []

    def heavy(path: str, data: bytes | None) -> None:
        try:
            with urllib.request.urlopen(urllib.request.Request(f"{server}{path}", data=data), timeout=60) as answer:
                done.append(answer.status)
        except urllib.error.HTTPError as error:
            done.append(error.code)

    jobs = [("/print/game", body), ("/print/game", body), ("/reach", urllib.parse.urlencode({"table": table}).encode()),
            ("/print/blank?players=4&format=pdf", None)]
    threads = [threading.Thread(target=heavy, args=job) for job in jobs]
    for thread in threads:
        thread.start()
    time.sleep(0.1)
    latencies = []
    while any(thread.is_alive() for thread in threads):
        started = time.perf_counter()
        assert urllib.request.urlopen(f"{server}/healthz", timeout=5).read() == b"ok\n"
        latencies.append(time.perf_counter() - started)
        time.sleep(0.02)
    for thread in threads:
        thread.join()
    median, worst = statistics.median(latencies) * 1000, max(latencies) * 1000
    print(f"heavy answers {sorted(done)}; {len(latencies)} health checks, median {median:.1f} ms, max {worst:.1f} ms")
    assert sorted(set(done)) <= [200, 503]  # done, or "busy, try again": never a 500
    assert latencies and max(latencies) < 0.2, statistics.median(latencies)


def test_a_client_holds_one_slot_at_a_time_and_the_others_stay_free() -> None:
    slots = workers.Slots(2)
    assert slots.acquire(timeout=1, client="loops")
    assert not slots.acquire(timeout=0.05, client="loops")  # a slot is free, but not for a second job of it
    assert slots.acquire(timeout=0.05, client="another")
    assert not slots.acquire(timeout=0.05, client="third")  # both taken
    slots.release("loops")
    assert slots.acquire(timeout=0.05, client="third")


def test_a_second_job_of_a_client_waits_for_its_first_then_runs() -> None:
    slots = workers.Slots(2)
    assert slots.acquire(timeout=1, client="a")
    timer = threading.Timer(0.1, slots.release, args=("a",))
    timer.start()
    started = time.monotonic()
    assert slots.acquire(timeout=2, client="a")
    assert 0.05 < time.monotonic() - started < 1.5
    timer.join()


@pytest.mark.slow
def test_one_client_looping_on_pdfs_never_keeps_another_out(tmp_path: Path) -> None:
    app = games_app(tmp_path, EXPENSIVE_JOBS=2, JOB_WAIT=0.5)
    stop = threading.Event()
    looped: list[int] = []

    def loop() -> None:  # one client, three loops within its limits (limits are off in tests)
        client = app.test_client()
        while not stop.is_set():
            looped.append(client.get("/print/blank?players=2&format=pdf",
                                     environ_base={"REMOTE_ADDR": "10.0.0.1"}).status_code)  # fmt: skip

    loops = [threading.Thread(target=loop) for _ in range(3)]
    for thread in loops:
        thread.start()
    try:
        time.sleep(0.5)
        other = app.test_client()
        answers = [other.get("/print/blank?players=3&format=pdf", environ_base={"REMOTE_ADDR": "10.0.0.2"}).status_code
                   for _ in range(4)]  # fmt: skip
    finally:
        stop.set()
        for thread in loops:
            thread.join(60)
    assert answers == [200] * 4, answers
    assert looped and set(looped) <= {200, 503}


def test_a_worker_killed_by_a_signal_is_reported_as_such(caplog: pytest.LogCaptureFixture) -> None:
    import signal

    with caplog.at_level("WARNING", logger="marquoir.workers"):
        assert workers._died(-signal.SIGKILL).reason == "signal"
        assert workers._died(1).reason == "error"
    assert "killed by SIGKILL" in caplog.text


@pytest.mark.parametrize("name, value, accepted", [
    ("MARQUOIR_JOB_TIMEOUT", "0", "from 1 to 600 (seconds)"),
    ("MARQUOIR_JOB_TIMEOUT", "601", "from 1 to 600 (seconds)"),
    ("MARQUOIR_JOB_TIMEOUT", "2.5", "from 1 to 600 (seconds)"),
    ("MARQUOIR_JOB_TIMEOUT", "15s", "from 1 to 600 (seconds)"),
    ("MARQUOIR_JOB_TIMEOUT", "-3", "from 1 to 600 (seconds)"),
    ("MARQUOIR_JOB_TIMEOUT", "\u0661\u0665", "from 1 to 600 (seconds)"),  # Arabic-Indic digits: not a number here
    ("MARQUOIR_JOB_MEMORY", "255", "from 256 to 65536 (MiB)"),
    ("MARQUOIR_JOB_MEMORY", "1.5G", "from 256 to 65536 (MiB)"),
    ("MARQUOIR_JOB_MEMORY", "9" * 40, "from 256 to 65536 (MiB)"),
    ("MARQUOIR_PROXIES", "one", "from 0 to 99 (reverse proxies in front of the app)"),
    ("MARQUOIR_PROXIES", "100", "from 0 to 99 (reverse proxies in front of the app)"),
])  # fmt: skip
def test_a_bound_that_cannot_be_used_is_refused_naming_its_variable_and_range(name: str, value: str,
                                                                              accepted: str) -> None:
    with pytest.raises(SettingError) as refused:
        deployment_config({name: value})
    message = str(refused.value)
    assert message.startswith(f"{name}: ") and accepted in message and len(message) < 140


def test_the_job_bounds_are_read_at_their_ends_of_the_range_and_unset_keeps_the_defaults() -> None:
    config = deployment_config({"MARQUOIR_JOB_TIMEOUT": " 600 ", "MARQUOIR_JOB_MEMORY": "256", "MARQUOIR_PROXIES": "0"})
    assert config["JOB_TIMEOUT"] == 600.0 and config["JOB_MEMORY"] == 256 * 1024 * 1024 and "PROXIES" not in config
    config = deployment_config({"MARQUOIR_JOB_TIMEOUT": "1", "MARQUOIR_JOB_MEMORY": "65536", "MARQUOIR_PROXIES": "2"})
    assert config["JOB_TIMEOUT"] == 1.0 and config["JOB_MEMORY"] == 65536 * 1024 * 1024 and config["PROXIES"] == 2
    empty = deployment_config({"MARQUOIR_JOB_TIMEOUT": "", "MARQUOIR_JOB_MEMORY": "  "})
    assert "JOB_TIMEOUT" not in empty and "JOB_MEMORY" not in empty  # the workers' defaults then


def test_an_unknown_time_zone_is_refused_naming_its_variable() -> None:
    with pytest.raises(SettingError, match=r"^MARQUOIR_TIME_ZONE: 'Europe/Atlantis' is not a time zone name"):
        deployment_config({"MARQUOIR_TIME_ZONE": "Europe/Atlantis"})
