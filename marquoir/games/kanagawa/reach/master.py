"""The Grand Master at the end, decided before any search where the Assistant's sources alone decide it.

The rules: the first player takes the Grand Master and the Assistant pawns at the start (French rules, 002: "Le
premier joueur [...] prend le pion Grand Maître et le pion Assistant"); the Assistant goes to whoever lays an
Assistant icon in their Studio or takes a Diploma with it as bonus (000: "Immediately take the small first player
pawn (Assistant)"; 002: the Diplomas "et l'Assistant"); when every player has left the school, the Assistant's holder
takes the Grand Master (000: "The player with the Assistant pawn takes the Grand Master pawn"), and with the rule
option ``grand_master_passes_at_end`` this is so after the last round too (data/SOURCES.md decision 14).

So a detailed player with no source of the Assistant (no Assistant icon in their Studio, no Diploma with it as
bonus) can hold the Assistant at the end only by never having lost it: they were the first player and nobody took
it all game. If another player certainly took it (an Assistant icon in a detailed player's Studio, a Diploma with it
held by a detailed player, or a sheet player every set of whose Diploma tiles holds one,
:attr:`~marquoir.games.kanagawa.reach.seats.SheetSeat.assists`), the pawn left them and never came back, and the
Grand Master at the end is not theirs. Nothing here is a relaxation: each premise is what the table itself shows,
so the refusal is exact.

Without the option the Grand Master stays with the last round's first player, the Assistant's holder at the end of
the round before (000, "New Lesson"; decision 14): the other player's taking counts only if it certainly came
before the last round. A detailed player lays in the last round at most the column it takes there (3 cards, the
School board's 3 rows) and the cards its keep icons held from the round before (one a keep icon, "Continue your
work", exception): at most ``3 + keep icons`` cards. So an Assistant icon followed in its Studio by so many cards
that the icon's card and those after it are more than that was laid, and the Assistant taken, before the last
round (:func:`taken_before_last`). A Diploma's or a sheet player's taking may fall in the last round: not counted.
"""

from __future__ import annotations

from collections.abc import Mapping

from marquoir.games.kanagawa.catalogue import Catalogue
from marquoir.games.kanagawa.reach.player import PreparedPlayer
from marquoir.games.kanagawa.reach.seats import SheetSeat
from marquoir.games.kanagawa.table import DetailedPlayer, Table
from marquoir.games.kanagawa.vocabulary import COLUMN_CARDS
from marquoir.i18n import _


def assistant_sources(player: DetailedPlayer, p: PreparedPlayer, cat: Catalogue) -> int:
    """The times a detailed player took the Assistant, whatever the order: the Assistant icons of their Studio
    (laid, each gives it at once) and the Diplomas they hold with it as bonus (each gives it when taken)."""
    diplomas = sum(1 for d in player.diplomas if d in cat.diplomas and cat.diplomas[d].bonus == "assistant")
    return p.assistant_icons_at[p.m] + diplomas


def taken_before_last(p: PreparedPlayer) -> bool:
    """Whether the detailed player certainly took the Assistant before the last round: an Assistant icon in its
    Studio with more cards from it to the Studio's end than the last round can lay (a column of 3 and the cards its
    keep icons held; see the module)."""
    most = COLUMN_CARDS + p.keep_at[p.m]
    first = next((j for j in range(1, p.m + 1) if p.assistant_icons_at[j] > p.assistant_icons_at[j - 1]), None)
    return first is not None and p.m - first + 1 > most


def master_never_assisted(
    table: Table, prepared: Mapping[int, PreparedPlayer], sheets: Mapping[int, SheetSeat], cat: Catalogue
) -> tuple[int, str] | None:
    """The Grand Master's seat and why it cannot hold it at the end (see the module), or ``None`` when the
    Assistant's sources do not decide it. The rule option ``grand_master_passes_at_end`` chooses which takings
    count."""
    passes = table.rules.grand_master_passes_at_end
    master = next((k for k, p in enumerate(table.players) if p.grand_master), None)
    if master is None or master not in prepared:
        return None
    holder = table.players[master]
    assert isinstance(holder, DetailedPlayer)
    if assistant_sources(holder, prepared[master], cat) > 0:
        return None
    for seat, player in enumerate(table.players):
        if seat == master:
            continue
        if seat in prepared and not passes:
            took = taken_before_last(prepared[seat])
            how = _("an Assistant icon in their Studio followed by more cards than the last round can lay")
        elif seat in prepared:
            assert isinstance(player, DetailedPlayer)
            took = assistant_sources(player, prepared[seat], cat) > 0
            how = _("an Assistant icon in their Studio or a Diploma giving it")
        elif not passes:
            continue
        else:
            took = seat in sheets and sheets[seat].assists
            how = _("every Diploma their points can be gives it")
        if took:
            if passes:
                text = _(
                    "{name} holds the Grand Master, which the Assistant's holder takes at the end of the last round; "
                    "{name} has no Assistant icon in their Studio and no Diploma giving it, so could hold the "
                    "Assistant at the end only had nobody taken it all game, but {other} took it ({how})"
                )
            else:
                text = _(
                    "{name} holds the Grand Master, which stays with the last round's first player, the Assistant's "
                    "holder at the end of the round before; {name} has no Assistant icon in their Studio and no "
                    "Diploma giving it, so could hold the Assistant then only had nobody taken it before, but {other} "
                    "took it before the last round ({how})"
                )
            return master, text.format(name=holder.name, other=player.name, how=how)
    return None
