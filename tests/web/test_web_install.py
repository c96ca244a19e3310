"""The installed package finds its templates and static files: a real wheel, installed into a folder of its own
(not an editable install), serves its pages from a fresh Python that cannot see the source checkout."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from support.paths import ROOT

pytestmark = pytest.mark.slow

CHECK = """
import marquoir.web as web
from marquoir.web import create_app, template_folder
assert web.__file__.startswith({target!r}), web.__file__
assert template_folder().startswith({target!r}), template_folder()
client = create_app({{"TESTING": True}}).test_client()
for path in ("/", "/rules", "/static/marquoir.css", "/static/marquoir.js"):
    response = client.get(path)
    assert response.status_code == 200, (path, response.status_code)
from marquoir.reports.sheets import render_blank_sheet
assert "<html" in render_blank_sheet(3)
print("served from the wheel")
"""


def test_installed_wheel_serves_its_pages(tmp_path: Path) -> None:
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q"]
    # No build isolation: the build backend (setuptools) is a test dependency, and nothing is fetched.
    subprocess.run(
        [*pip, "wheel", "--no-deps", "--no-build-isolation", "-w", str(tmp_path / "dist"), str(ROOT)],
        check=True,
        capture_output=True,
        text=True,
        timeout=300,
    )
    (wheel,) = (tmp_path / "dist").glob("marquoir-*.whl")
    target = tmp_path / "site"
    subprocess.run([*pip, "install", "--no-deps", "--target", str(target), str(wheel)], check=True, timeout=300)
    assert (target / "marquoir" / "web" / "templates" / "base.html").is_file()
    assert not (target / "marquoir" / "web" / "templates").is_symlink()
    assert (target / "marquoir" / "web" / "templates" / "results" / "results.html").is_file()
    assert (target / "marquoir" / "web" / "templates" / "sheets" / "blank.html").is_file()
    assert (target / "marquoir" / "web" / "static" / "marquoir.js").is_file()
    assert (target / "marquoir" / "games" / "kanagawa" / "data" / "cards.csv").is_file()
    assert (target / "marquoir" / "locale" / "fr" / "LC_MESSAGES" / "core.po").is_file()
    # The dependencies come from the test environment; the package itself only from the wheel.
    env = {**os.environ, "PYTHONPATH": str(target)}
    result = subprocess.run(
        [
            sys.executable,
            "-I",
            "-c",
            f"import sys; sys.path.insert(0, {str(target)!r})\n" + CHECK.format(target=str(target)),
        ],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "served from the wheel" in result.stdout
