"""Bonsai's rule decisions in players' words, one :class:`~marquoir.core.game.Decision` each; their sources and
reasons are in ``data/SOURCES.md`` under the same numbers."""

from __future__ import annotations

from marquoir.core.game import Decision
from marquoir.i18n import N_

DECISIONS = (
    Decision(
        1,
        N_(
            "A game is played with 3 goal colours drawn, or without goal tiles (an official option). With 1 or 2 "
            "players the medium tile of each colour stays in the box."
        ),
    ),
    Decision(
        2,
        N_(
            "A game entered holds at most 16 players and 200 tiles a player, on cells from −200 to 200. What the "
            "rules forbid (5 players, more cards than the deck holds) is shown as a problem, never refused."
        ),
    ),
    Decision(
        3,
        N_(
            "Every tile entered scores, even one shown as impossible (on the pot, on a cell already taken, not "
            "supported). Where two tiles lie on one cell, its neighbours see the first one entered."
        ),
    ),
    Decision(
        4,
        N_(
            "A flower scores 1 point per side touching no tile: a side touching the pot scores, the trunk is a "
            "tile. A flower of a possible bonsai scores 0 to 5."
        ),
    ),
    Decision(
        5,
        N_(
            "Parchments: 1 point per wood tile (the trunk counts), 1 per leaf, 2 per flower, 2 per fruit, 2 per "
            "Growth card played, 2 per Helper card, 2 per Master card. There is one Parchment of each kind."
        ),
    ),
    Decision(
        6,
        N_(
            "A goal tile claimed scores, met or not: once claimed, it stays. A goal that is not a tile of the "
            "game (its colour not drawn, a medium tile with 1 or 2 players) scores nothing."
        ),
    ),
    Decision(
        7,
        N_(
            "A goal is met when its figure reaches the goal, or goes beyond: wood tiles with the trunk (brown), "
            "leaves in the largest group of leaves touching one another (green), fruits (orange), flowers "
            "sticking out of the pot on the side that has the most, high or low alike (pink). Cyan: small, a tile "
            "sticking out on the side of the gold crack; medium, tiles sticking out on both sides; large, a tile "
            "sticking out high on one side and one sticking out low on the other."
        ),
    ),
    Decision(
        8,
        N_(
            "A claimed goal that the finished bonsai does not meet is shown as a problem: nothing explains a brown "
            "one, since wood tiles never leave a bonsai; for another colour, only leaves removed when no wood tile "
            "could be placed could explain it (decision 14)."
        ),
    ),
    Decision(
        9,
        N_(
            "Where each tile lies is judged on the finished bonsai: a wood tile joined to the trunk through wood, "
            "a leaf next to a wood tile, a flower next to a leaf, a fruit next to two leaves that touch each "
            "other, and no fruit next to another fruit."
        ),
    ),
    Decision(
        10,
        N_(
            "Ties: the tied player farthest from the first player wins. Players are entered in turn order from "
            "the first player, so no place is shared."
        ),
    ),
    Decision(
        11,
        N_(
            "Solo: the game is won with at least 3 goals and 60, 80, 100, 120 or 140 points for levels 1 to 5. A "
            "score pad that only wrote the goal points has 3 goals when those points cannot be made with fewer "
            "tiles."
        ),
    ),
    Decision(
        12,
        N_(
            "No more cards of a kind on the table than the deck holds for this number of players: Growth cards by "
            "tile kind, Tool, Master and Helper cards; each Parchment once."
        ),
    ),
    Decision(
        13,
        N_(
            "Score pad figures: none below 0; flowers need a leaf and fruits two leaves; at most 5 × leaves ÷ 2 "
            "fruits, and at most 5 × (5 × leaves − 2 × fruits) flower points; goal points written are the points "
            "of at most one goal tile per colour in play. A goal the figures prove unmet (too few fruits, too few "
            "leaves) is shown as a problem."
        ),
    ),
    Decision(
        14,
        N_(
            "Removing tiles: when no wood tile can be placed anywhere, a player may, at the start of a turn, remove "
            "one leaf with the flowers and fruits it alone carried; once a turn, never a wood tile. The French "
            "overview asks for \"the fewest tiles\" without saying which; this is how Board Game Arena plays it."
        ),
    ),
    Decision(
        15,
        N_(
            "A player's cards may be marked complete: they are then every card the player took, and they bound the "
            "tiles of the bonsai. Otherwise the cards entered may be fewer than those held."
        ),
    ),
    Decision(
        16,
        N_(
            "A game ends with at most 4 cards fewer than the deck, plus one per player, in the players' hands (30 "
            "with 2 players, 42 with 3, 47 with 4), at most the deck less 3 in one hand, and 15 in solo; with every "
            "list complete, at least the deck less 4."
        ),
    ),
    Decision(17, N_("A solo game is always played with goal tiles: 3 colours, the small and the large tile of each.")),
    Decision(
        18,
        N_(
            "The engine takes a slot's tiles, refills the market before the discards, counts a Growth card from the "
            "next Cultivate and a Tool at once, and decides the goals met at the end of each action."
        ),
    ),
    Decision(
        19,
        N_(
            "\"How could this have been built?\" answers yes only with a whole game that ends with the table, no "
            "only with a proof (the card totals, a complete player's tiles, the turns of a solo game, a brown goal "
            "missed), and otherwise says it could not decide."
        ),
    ),
)
