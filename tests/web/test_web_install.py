"""The package as a user gets it. A real wheel, installed into a fresh virtual environment outside the checkout
(not an editable install), serves its pages, scores a sample table, prints a sheet and answers a PDF with nothing
of the source tree in reach; the sdist holds the whole source and its tests run from it.

Nothing is fetched: the wheel is built without build isolation (setuptools and babel are test dependencies) and
the fresh environment reaches the test environment's dependencies through a ``.pth`` line, which adds their folder
but runs none of its ``.pth`` files (so the checkout's editable install stays out of it)."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import sysconfig
import tarfile
import time
import urllib.request
import zipfile
from pathlib import Path
from typing import Any

import pytest
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po
from support.paths import ROOT

pytestmark = pytest.mark.slow

PIP = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q"]

CHECK = """
import marquoir.web as web
from marquoir.web import create_app, template_folder
assert web.__file__.startswith({target!r}), web.__file__
assert template_folder().startswith({target!r}), template_folder()
client = create_app({{"TESTING": True}}).test_client()
for path in ("/", "/rules", "/static/marquoir.css", "/static/marquoir.js"):
    response = client.get(path)
    assert response.status_code == 200, (path, response.status_code)
french = client.get("/", headers={{"Accept-Language": "fr"}}).get_data(as_text=True)
assert "Nouvelle partie" in french, french[:400]
from marquoir.reports.sheets import render_blank_sheet
assert "<html" in render_blank_sheet(3)
from marquoir.i18n import LOCALE_DIR
assert not list(LOCALE_DIR.glob("*/LC_MESSAGES/*.po")), "the wheel carries compiled catalogues only"
print("served from the wheel")
"""


#: What a build never reads: the checkout's environment, caches and build products (as in .gitignore).
_NOT_SOURCE = shutil.ignore_patterns(
    ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", "*.pyc", ".*_cache", ".hypothesis", "instance",
    "test-artifacts", "node_modules", "*.mo",
)


def _build(kind: str, out: Path) -> Path:
    """Build the ``wheel`` or the ``sdist`` into ``out`` from a copy of the checkout's source: setuptools writes
    its ``build/`` folder beside the source, and one left in the checkout by an interrupted build (or a build on
    another test worker) made the next one fail on a file that already existed."""
    source = out / "source"
    shutil.copytree(ROOT, source, ignore=_NOT_SOURCE)
    built = subprocess.run(
        [*PIP, "wheel", "--no-deps", "--no-build-isolation", "-w", str(out), str(source)]
        if kind == "wheel"
        else [sys.executable, "-c", "import setuptools.build_meta as b, sys; b.build_sdist(sys.argv[1])", str(out)],
        capture_output=True, text=True, timeout=300, cwd=source,
    )  # fmt: skip
    assert built.returncode == 0, f"building the {kind} failed:\n{built.stdout}\n{built.stderr}"
    (found,) = out.glob("marquoir-*.whl" if kind == "wheel" else "marquoir-*.tar.gz")
    return found


def _entry(message: Any) -> tuple[Any, ...]:
    """A catalogue message as comparable values: context, every id form, every translated form."""
    ids = (message.id,) if isinstance(message.id, str) else tuple(message.id)
    forms = (message.string,) if isinstance(message.string, str) else tuple(message.string)
    return (message.context, ids, forms)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _build("wheel", tmp_path_factory.mktemp("dist"))


def test_the_wheel_carries_its_data_and_compiled_catalogues_that_are_current(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        for page in (ROOT / "templates").rglob("*.html"):
            assert f"marquoir/web/templates/{page.relative_to(ROOT / 'templates').as_posix()}" in names, page
        for seed in (ROOT / "seeds").glob("*.json"):
            assert f"marquoir/seeds/{seed.name}" in names
        assert "marquoir-0.1.0.dist-info/licenses/LICENSE" in names
        assert not [name for name in names if name.endswith(".po")]
        metadata = archive.read("marquoir-0.1.0.dist-info/METADATA").decode()
        for po_path in sorted((ROOT / "marquoir" / "locale").glob("*/LC_MESSAGES/*.po")):
            mo_name = po_path.relative_to(ROOT / "marquoir" / "locale").with_suffix(".mo").as_posix()
            inside = f"marquoir/locale/{mo_name}"
            with archive.open(inside) as handle:
                compiled = read_mo(handle)
            with po_path.open("rb") as handle:
                source = read_po(handle)
            # Every translated message of the checkout's catalogue, word for word, in the wheel's .mo.
            expected = {_entry(m) for m in source if m.id and m.string and not m.fuzzy}
            got = {_entry(m) for m in compiled if m.id}
            assert got == expected, po_path.name
    assert "Kanagawa" in metadata and "Bonsai" in metadata
    assert "License-Expression: MIT" in metadata
    assert "Classifier: Topic :: Games/Entertainment :: Board Games" in metadata


def _fresh_venv(root: Path, wheel: Path) -> Path:
    """A virtual environment of its own with the wheel installed; the test environment's dependencies reached
    through a .pth line. Returns its bin folder."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(root)], check=True, timeout=120)
    bindir = root / ("Scripts" if os.name == "nt" else "bin")
    python = bindir / "python"
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                          check=True, capture_output=True, text=True).stdout.strip()  # fmt: skip
    Path(site, "test-dependencies.pth").write_text(sysconfig.get_path("purelib") + "\n", encoding="utf-8")
    subprocess.run([*PIP, "--python", str(python), "install", "--no-deps", "--no-index", str(wheel)],
                   check=True, timeout=300)  # fmt: skip
    return bindir


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def test_installed_wheel_scores_prints_and_serves_outside_the_checkout(tmp_path: Path, wheel: Path) -> None:
    bindir = _fresh_venv(tmp_path / "venv", wheel)
    away = tmp_path / "elsewhere"
    away.mkdir()
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["DATABASE_URL"] = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    run = {"cwd": away, "env": env, "capture_output": True, "text": True, "timeout": 120}
    python = str(bindir / "python")
    where = subprocess.run([python, "-c", "import marquoir; print(marquoir.__file__)"], **run)  # type: ignore[call-overload]
    assert where.returncode == 0, where.stderr
    assert str(tmp_path / "venv") in where.stdout and str(ROOT) not in where.stdout

    result = subprocess.run([python, "-c", CHECK.format(target=str(tmp_path / "venv"))], **run)  # type: ignore[call-overload]
    assert result.returncode == 0, result.stderr
    assert "served from the wheel" in result.stdout

    marquoir = str(bindir / "marquoir")
    version = subprocess.run([marquoir, "--version"], **run)  # type: ignore[call-overload]
    assert version.stdout.startswith("marquoir "), version.stderr
    seeds = subprocess.run([marquoir, "seeds"], **run)  # type: ignore[call-overload]
    assert seeds.returncode == 0, seeds.stderr
    assert all(line.split("\t")[1].startswith(str(tmp_path / "venv")) for line in seeds.stdout.splitlines())
    assert len(seeds.stdout.splitlines()) == len(list((ROOT / "seeds").glob("*.json")))
    scored = subprocess.run([marquoir, "score", "--seed", "base-4p"], **run)  # type: ignore[call-overload]
    assert scored.returncode == 0, scored.stderr
    assert "Winner: Chiyo" in scored.stdout

    sheet = away / "sheet.pdf"
    printed = subprocess.run([marquoir, "sheet", "--players", "3", "--lang", "fr", "-o", str(sheet)], **run)  # type: ignore[call-overload]
    assert printed.returncode == 0, printed.stderr
    assert sheet.read_bytes().startswith(b"%PDF-")

    port = _free_port()
    log = (tmp_path / "serve.log").open("w")
    server = subprocess.Popen([marquoir, "serve", "--port", str(port)], cwd=away, env=env, stdout=log,
                              stderr=subprocess.STDOUT)  # fmt: skip
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"{base}/", timeout=5) as response:
                    page = response.read().decode()
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise
                time.sleep(0.2)
        assert "Kanagawa" in page and "Bonsai" in page
        with urllib.request.urlopen(f"{base}/print/blank?game=bonsai&players=2&format=pdf", timeout=60) as response:
            assert response.headers["Content-Type"] == "application/pdf"
            assert response.read().startswith(b"%PDF-")
    finally:
        server.terminate()
        server.wait(timeout=30)
        log.close()
    assert "Marquoir is running at" in (tmp_path / "serve.log").read_text()


def test_the_sdist_holds_the_whole_source_and_its_tests_run(tmp_path: Path) -> None:
    sdist = _build("sdist", tmp_path / "dist")
    with tarfile.open(sdist) as archive:
        archive.extractall(tmp_path / "src", filter="data")
    (unpacked,) = (tmp_path / "src").iterdir()
    for folder in ("tests", "seeds", "templates", "bench"):
        wanted = {p.relative_to(ROOT).as_posix() for p in (ROOT / folder).rglob("*")
                  if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"}  # fmt: skip
        held = {p.relative_to(unpacked).as_posix() for p in (unpacked / folder).rglob("*") if p.is_file()}
        assert wanted <= held, sorted(wanted - held)[:10]
    for name in ("LICENSE", "README.md", "ARCHITECTURE.md", "Makefile", "setup.py", "tests/conftest.py"):
        assert (unpacked / name).is_file(), name
    # Its own tests, on its own package (PYTHONPATH before the editable install of the checkout).
    env = {**os.environ, "PYTHONPATH": str(unpacked)}
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-m", "not browser and not slow",
         "--hypothesis-profile=quick", "tests/test_smoke.py", "tests/test_i18n.py",
         "tests/reports/test_reports_sheets.py"],
        cwd=unpacked, env=env, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert " passed" in result.stdout
    where = subprocess.run([sys.executable, "-c", "import marquoir; print(marquoir.__file__)"], cwd=unpacked,
                           env=env, capture_output=True, text=True, check=True)  # fmt: skip
    assert where.stdout.startswith(str(unpacked))
