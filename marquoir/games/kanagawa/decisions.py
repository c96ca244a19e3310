"""Kanagawa's rule decisions in players' words, one :class:`~marquoir.core.game.Decision` each; their sources and
reasons are in ``data/SOURCES.md`` under the same numbers."""

from __future__ import annotations

from marquoir.core.game import Decision
from marquoir.i18n import N_

DECISIONS = (
    Decision(
        1,
        N_(
            "The Starting tile counts as one Print card (1 point) and takes part in the season chain with its "
            "season."
        ),
    ),
    Decision(
        2,
        N_(
            "Harmony symbols count on Print and Studio cards: +1 each, −1 each crossed one. Cards still kept in "
            "hand at the end score nothing (decision)."
        ),
    ),
    Decision(
        3,
        N_(
            "Longest season chain: the longest run of neighbouring Print cards of one season, Starting tile "
            "included; a storm-season card counts as any season. Each Storm token is placed on one Print card "
            "before counting and replaces its season. When the players did not say where their tokens went, the "
            "calculator places them where they give the longest chain and shows the placement. The Starting tile "
            "takes no Storm token (decision 16)."
        ),
    ),
    Decision(4, N_("The Grand Master pawn at the end is worth 2 points.")),
    Decision(5, N_("Ties share the victory; there is no tie-break. Places are shared (1, 1, 3).")),
    Decision(6, N_("Yokai tokens held at the end: 1 → −1, 2 → −4, 3 → −9. There are 3 Yokai tokens.")),
    Decision(
        7,
        N_(
            "One tile of each Diploma exists; a player holds at most one Diploma per family; a Diploma left when "
            "it could be taken can never be taken later by that player. Storm tokens come only from Diplomas "
            "(Trees 4, Buildings 3, Characters 3 different, Kites 7): 3 exist."
        ),
    ),
    Decision(
        8,
        N_(
            "The Brushes Diploma counts the brush pawns owned: the 2 starting brushes, one per brush icon in the "
            "Studio, one per Diploma with a brush bonus. 15 brush pawns exist (decision)."
        ),
    ),
    Decision(9, N_("The Arrows Diploma counts the Starting tile's arrow (decision).")),
    Decision(
        10,
        N_(
            "Identical landscapes: the Studio's landscape icons, Starting tile included; a joker icon counts as "
            "any landscape"
        ),
        'joker_counts_for_identical_landscapes',
    ),
    Decision(
        11,
        N_(
            "Lanterns: \"a card with 2 lanterns\" means exactly 2 (decision). Umbrellas count along a run of "
            "neighbouring Print cards that each show at least one umbrella; several umbrellas on one card are "
            "consecutive."
        ),
    ),
    Decision(
        12,
        N_(
            "End of game: the deck runs out (the round is finished with incomplete columns), or a round ends with "
            "a player holding 11 or more painted cards; the Starting tile is not a card for this trigger "
            "(decision)."
        ),
    ),
    Decision(
        13,
        N_(
            "Yokai games: 2 base + 2 expansion families; only the Print Diplomas of the families in play are "
            "used; the Studio Diplomas and the Yokai Diploma are always there."
        ),
    ),
    Decision(
        14,
        N_(
            "At the end of the last round the Assistant’s holder takes the Grand Master pawn, as after every "
            "round, and scores its 2 points (the rules say it passes “for the next round”; decision)"
        ),
        'grand_master_passes_at_end',
    ),
    Decision(
        15,
        N_(
            "When the deck runs out on a round’s first row, a player still at school takes a column with cards "
            "while one remains, so the first players in turn order get the last cards (decision)."
        ),
    ),
    Decision(
        16,
        N_(
            "A Storm token goes on a card of the Print, not on the Starting tile: the French rules say “sur une "
            "carte de son Estampe” and write “tuile Départ comprise” wherever the tile is meant (decision; games "
            "saved before keep the option on, as they were scored)"
        ),
        'storm_on_start_tile',
    ),
    Decision(
        17,
        N_(
            "A Diploma is taken or left the moment it is met, in the middle of the turn, and its bonus arrives at "
            "once: the Kanagawa rules say “As soon as … you must immediately choose”, and the Yokai rules’ “at the "
            "end of your turn” is read as “just as in the base game”, which they say they follow (decision)."
        ),
    ),
)
