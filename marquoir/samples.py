"""The sample finished tables (the README's examples): the project's top-level ``seeds/`` in a checkout, the copy an
installed wheel carries in ``marquoir/seeds`` (``setup.py`` puts it there), so that ``marquoir seeds`` and
``marquoir score --seed base-4p`` work without a checkout."""

from __future__ import annotations

from pathlib import Path

from marquoir.errors import UsageError


def seed_folder() -> Path:
    """The folder of the sample tables: inside the installed package, else the source checkout's."""
    here = Path(__file__).resolve().parent
    packaged = here / "seeds"
    return packaged if packaged.is_dir() else here.parent / "seeds"


def seed_names() -> list[str]:
    """Every sample table's name (``base-4p``…), sorted."""
    return sorted(path.stem for path in seed_folder().glob("*.json"))


def seed_path(name: str) -> Path:
    """The file of the sample table ``name`` (``base-4p`` or ``base-4p.json``); a name that is none of them is a
    usage error naming the ones there are."""
    stem = name.removesuffix(".json")
    if stem not in seed_names():
        raise UsageError(f"--seed: no sample table {name!r} (there are: {', '.join(seed_names())})")
    return seed_folder() / f"{stem}.json"
