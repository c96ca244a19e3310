"""The installed package finds its templates and static files: the build step copies ``templates/`` into it.

A real ``pip install .`` needs the network for its build isolation; here the same build step (setup.py's
``build_py``) writes the package to a temporary folder, and a fresh Python serves pages from that copy alone.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from web_support import ROOT

CHECK = """
import marquoir.web as web
from marquoir.web import create_app, template_folder
assert web.__file__.startswith({build!r}), web.__file__
assert template_folder() == {build!r} + "/marquoir/web/templates", template_folder()
client = create_app({{"TESTING": True}}).test_client()
for path in ("/", "/rules", "/static/marquoir.css", "/static/marquoir.js"):
    response = client.get(path)
    assert response.status_code == 200, (path, response.status_code)
print("served from the build")
"""


def test_built_package_serves_its_pages(tmp_path: Path) -> None:
    build = tmp_path / "lib"
    subprocess.run(
        [sys.executable, "setup.py", "-q", "build_py", "--build-lib", str(build)],
        cwd=ROOT, check=True, capture_output=True, text=True, timeout=120,
    )
    assert (build / "marquoir" / "web" / "templates" / "base.html").is_file()
    assert (build / "marquoir" / "web" / "templates" / "game" / "results.html").is_file()
    assert (build / "marquoir" / "web" / "static" / "marquoir.js").is_file()
    env = {**os.environ, "PYTHONPATH": str(build)}
    result = subprocess.run(
        [sys.executable, "-c", CHECK.format(build=str(build))],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "served from the build" in result.stdout
