"""The build step of the wheel (the rest of the metadata is in pyproject.toml).

A wheel carries what a checkout keeps outside the package, so that an installed Marquoir needs no checkout:
- the page templates: the top-level ``templates/`` (their one source) copied to ``marquoir/web/templates``;
- the sample tables: ``seeds/`` copied to ``marquoir/seeds`` (``marquoir seeds``, ``score --seed``);
- the message catalogues compiled (``.po`` → ``.mo``), so that no process compiles them at start; the ``.po``
  files stay in the sdist, the source, and out of the wheel.
An editable install reads the checkout's own folders instead (``marquoir.web.paths``, ``marquoir.samples``).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
#: Top-level folders copied into the package: source folder -> folder inside ``marquoir/``.
COPIED = {"templates": Path("web") / "templates", "seeds": Path("seeds")}


def compile_catalogues(source: Path, target: Path) -> list[Path]:
    """Compile every ``<lang>/LC_MESSAGES/<domain>.po`` under ``source`` into a ``.mo`` at the same place under
    ``target``; return what was written."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    written = []
    for po_path in sorted(source.glob("*/LC_MESSAGES/*.po")):
        mo_path = target / po_path.relative_to(source).with_suffix(".mo")
        mo_path.parent.mkdir(parents=True, exist_ok=True)
        with po_path.open("rb") as handle:
            catalogue = read_po(handle, locale=po_path.parent.parent.name, domain=po_path.stem)
        with mo_path.open("wb") as handle:
            write_mo(handle, catalogue)
        written.append(mo_path)
    return written


class BuildWithData(build_py):
    """``build_py``, then the templates and seeds copied and the catalogues compiled into the build folder."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        package = Path(self.build_lib) / "marquoir"
        for source, inside in COPIED.items():
            target = package / inside
            if target.is_symlink() or target.is_file():
                target.unlink()
            elif target.exists():
                shutil.rmtree(target)
            shutil.copytree(ROOT / source, target, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        compile_catalogues(ROOT / "marquoir" / "locale", package / "locale")
        for po_path in (package / "locale").glob("*/LC_MESSAGES/*.po"):
            po_path.unlink()


setup(cmdclass={"build_py": BuildWithData})
