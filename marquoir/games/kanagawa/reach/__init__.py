"""Reachability: could the entered table have been built, round after round, in one game under the rules?

For each detailed player, a search for a sequence of rounds (a column of 0 to 3 cards a round) that builds the
entered Studio and Print in their order under the painting rules (:mod:`~marquoir.games.kanagawa.engine.painting`,
the same functions the engine plays by), with kept cards within the keep icons (Kanagawa rules, "Continue your
work"), and each held Diploma taken the moment it is first met, its bonus given then ("Take the corresponding
diploma(s)"; Diplomas judged by :func:`~marquoir.games.kanagawa.diplomas.check_diploma`). Across players
(:mod:`.joint`): every round one the School board allows (:mod:`.school`: who can have waited, when a column of 2
or 3 can exist, who takes the last cards when the deck runs out), its first player the Assistant's last holder,
the end of the game where the rules put it ("End of the Game"; data/SOURCES.md decision 12), the Grand Master at
the end as the rule option says (decision 14), and, when the brush reserve ran dry, no brush refused while it had
one (decision 8). Players entered from the sheet's figures take part through those figures only, and what they
imply: the sets of Diploma tiles their points can be (:func:`~marquoir.games.kanagawa.sheet_checks.tile_sets`: free
of the other players' tiles and cards, within their painted cards) give the brushes their Diplomas can have given
and whether they must have taken the Assistant (then in some round, as the board orders it, by whose end they have
taken the cards that Diploma needs painted); together, each tile and each card once across the sheet players
(:func:`~marquoir.games.kanagawa.sheet_checks.sheets_together`: two cannot both paint the one boar left).

A witness is a real game, so *reachable* is never a guess; *unreachable* comes only from the full, exhaustive
search (its reductions are exact, each argued where it is written: the brushes' symmetries in :mod:`.player`, the
rounds and the kept cards in :mod:`.search`, the sets of starts in :mod:`.seats`); *undecided* only when the time
bound ran out (:mod:`.clock`: one deadline for every phase, preparation included), or when the only builds found
refuse a detailed player a brush beside players entered from the sheet's figures, whose brushes are not followed
(whether the reserve was empty then is not known). An illegal table cannot have been built and is not searched.

In a Yokai game the tokens' travel is followed round by round (:mod:`.tokens`: every situation of the tokens the
rounds so far allow, carried like a player's set of starts; the arrivals with the column, the gifts with the cards
laid and the Diplomas met, in the order the players worked; a Studio half of an expansion card may hide an arrival
icon, so both are tried), and the witness ends with the table's tokens; tokens no travel can bring whatever the
order (a player's cards and the others' gifts too few) are the legality check's (code ``YOKAI``). A build found
without the tokens is a witness when its tokens can travel as the table has them; else the search that follows
them is asked (:mod:`.travel_words`).

What is *not* reconstructed, and why: which card lay in which column of the School board (any card of the deck
may come next, so it never matters), and what the figures of a player entered from the sheet do not say (its
Studio, its brushes; for the tokens, such a player may have brought or given any). A Print card entered without
``paint`` is taken to need what the catalogue cards it may be need, or, for an expansion card, one brush of
whichever landscape suits, and the witness says so.

The modules, each below the next: :mod:`.steps` (the witness's steps as data) and :mod:`.words` (their sentences,
translated where they are shown); :mod:`.report` (:class:`ReachReport`, :class:`PlayerVerdict`); :mod:`.clock`;
:mod:`.school` (the School board's rounds); :mod:`.player` (a player prepared for the search: masks and caches);
:mod:`.search` (one player's search); :mod:`.tokens` (the Yokai tokens' travel); :mod:`.seats` (a player in the
joint search); :mod:`.board` (what the School board alone allows: the joint search's relaxation); :mod:`.witness`
(a round of a witness as steps, each player's starts read back from a joint build); :mod:`.joint` (every player at
once); :mod:`.master` (the Grand Master of a player who never took the Assistant,
refused before any search); :mod:`.explain` (the whole table: :func:`explain_reachability`, :func:`deep_check`).
"""

from __future__ import annotations

from marquoir.games.kanagawa.reach.clock import paused_gc
from marquoir.games.kanagawa.reach.explain import DEFAULT_TIME_BOUND, deep_check, explain_reachability
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
