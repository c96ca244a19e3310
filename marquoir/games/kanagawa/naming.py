"""How the words people read name what is on the table: a card by what is printed on the half in use (its
catalogue id beside it), a Studio icon. Translated where called, in the language of the moment
(:mod:`marquoir.i18n`, the ``core`` domain).
"""

from __future__ import annotations

from marquoir.games.kanagawa.catalogue import PrintHalf, StudioHalf
from marquoir.i18n import N_, _

#: Studio icons (Kanagawa rules, "Improve your Studio"; "Move a brush"; "Continue your work", exception).
ICON_NAMES = {
    "brush": N_("brush icon"),
    "arrow": N_("arrow icon"),
    "keep": N_("keep icon"),
    "assistant": N_("Assistant icon"),
}


def count_text(count: int, one: str, many: str) -> str:
    """``one`` (a message for 1) or ``many`` (with ``{count}``), translated."""
    return _(one) if count == 1 else _(many).format(count=count)


def subject_text(half: PrintHalf) -> str:
    """The subject of a Print half in a few words."""
    parts: list[str] = []
    if half.trees:
        parts.append(count_text(half.trees, N_("1 tree"), N_("{count} trees")))
    parts += [_(subject) for subject in (half.building, half.character, half.animal) if subject]
    if half.kites:
        colours = " + ".join(_(colour) for colour in half.kites)
        kites = N_("{colours} kite") if len(half.kites) == 1 else N_("{colours} kites")
        parts.append(_(kites).format(colours=colours))
    if half.lanterns:
        parts.append(count_text(half.lanterns, N_("1 lantern"), N_("{count} lanterns")))
    if half.umbrellas:
        parts.append(count_text(half.umbrellas, N_("1 umbrella"), N_("{count} umbrellas")))
    return ", ".join(parts) or _("no subject")


def icon_text(icon: str) -> str:
    """A Studio icon in words."""
    word = ICON_NAMES.get(icon)
    return _(word) if word else icon


def half_text(half: PrintHalf | StudioHalf) -> str:
    """What a player reads on the half in use: season and subject, or landscape and icon."""
    if isinstance(half, PrintHalf):
        return f"{_(half.season)}, {subject_text(half)}"
    parts = [_(half.landscape)] if half.landscape else []
    if half.icon:
        parts.append(icon_text(half.icon))
    return ", ".join(parts) or _("no icon")


def catalogue_card_text(card_id: int, half: PrintHalf | StudioHalf | None) -> str:
    """A catalogue card named by what it shows: ``card 12 (summer, boar)``."""
    if half is None:
        return _("card {id}").format(id=card_id)
    return _("card {id} ({what})").format(id=card_id, what=half_text(half))
