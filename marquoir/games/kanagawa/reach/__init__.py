"""Reachability: could the cards of an entered table have been laid, round after round, under the rules?

For each detailed player, a search for a sequence of rounds (a column of 1 to 3 cards a round, fewer only in the
last round when the deck ran out) that builds the entered Studio and Print in their order under the painting rules
(:mod:`~marquoir.games.kanagawa.engine.painting`, the same functions the engine plays by), with kept cards within the
keep icons (Kanagawa rules, "Continue your work"), and each held Diploma taken the moment it is first met, its brush
bonus given then ("Take the corresponding diploma(s)"; Diplomas judged by
:func:`~marquoir.games.kanagawa.diplomas.check_diploma`). Across players: one common number of rounds consistent
with the end of the game ("End of the Game"; data/SOURCES.md decision 12), with columns that fit one School board.

A witness is a real sequence of legal steps, so *reachable* is never a guess; *unreachable* comes only from the
full search, which is exhaustive up to exact reductions, each argued where it is written: the brushes' symmetries
in :mod:`.player`, the rounds and the kept cards in :mod:`.search`. When the players' columns cannot be matched on
one School board (:mod:`.joint`) the verdict is *undecided*, never *unreachable*.

What is *not* reconstructed, and why: the School board shared by the players (which column held which card), the
Yokai tokens' travels (a table shows one half of an expansion card, so whether its other half bore a Yokai icon is
unknown) and the Grand Master's path beyond the check of :mod:`.explain`. A Print card entered without ``paint``
(an expansion card whose painting need was not written down) is taken to need one brush of whichever landscape
suits, and the witness says so.

The modules, each below the next: :mod:`.steps` (the witness's steps as data) and :mod:`.words` (their sentences,
translated where they are shown); :mod:`.report` (:class:`ReachReport`, :class:`PlayerVerdict`); :mod:`.player`
(a player prepared for the search: masks and caches); :mod:`.search` (one player's search); :mod:`.witness` (a
round of a witness as steps); :mod:`.joint` (the players' builds matched on one School board); :mod:`.explain`
(the whole table: :func:`explain_reachability`, :func:`deep_check`).
"""

from __future__ import annotations

from marquoir.games.kanagawa.reach.explain import DEFAULT_TIME_BOUND, deep_check, explain_reachability, paused_gc
from marquoir.games.kanagawa.reach.report import PlayerVerdict, ReachReport
from marquoir.games.kanagawa.reach.steps import STEP_KINDS, CardAt, IconAt, Step

__all__ = [
    "DEFAULT_TIME_BOUND",
    "STEP_KINDS",
    "CardAt",
    "IconAt",
    "PlayerVerdict",
    "ReachReport",
    "Step",
    "deep_check",
    "explain_reachability",
    "paused_gc",
]
