"""Where the web app's files are: the page templates (the project's top-level ``templates/``, their one source,
which the wheel's build step copies to ``marquoir/web/templates``: setup.py; no link, which a Windows checkout
would break)."""

from __future__ import annotations

from pathlib import Path


def template_folder() -> str:
    """The templates inside the installed package, else the source checkout's top-level folder."""
    here = Path(__file__).resolve().parent
    packaged = here / "templates"
    if packaged.is_dir():
        return str(packaged)
    return str(here.parent.parent / "templates")
