"""Build step of the web app: the wheel carries the top-level ``templates/`` as ``marquoir/web/templates``.

The templates live at the top of the repository (the product design fixes it); the installed app looks for them
inside its package (``marquoir.web.template_folder``). Everything else is configured in pyproject.toml.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


class BuildPyWithTemplates(build_py):
    """Copies ``templates/`` into the built package as ``marquoir/web/templates``."""

    def run(self) -> None:
        super().run()
        source = HERE / "templates"
        if not source.is_dir():
            raise SystemExit("templates/ is missing: the web app cannot be built without its templates")
        target = Path(self.build_lib) / "marquoir" / "web" / "templates"
        if target.exists():
            shutil.rmtree(target)
        shutil.copytree(source, target, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


setup(cmdclass={"build_py": BuildPyWithTemplates})
