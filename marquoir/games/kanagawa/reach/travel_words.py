"""The Yokai tokens' travel in the deep check's words (:mod:`~marquoir.games.kanagawa.reach.tokens`; Yokai rules,
"Arrival of a New Yokai", "Movement of a Yokai", "Explanation of the Diploma Tiles"): the witness's story of the
tokens, round by round, and the reason a table is unreachable when only the tokens rule it out."""

from __future__ import annotations

from collections.abc import Sequence

from marquoir.games.kanagawa.catalogue import Catalogue
from marquoir.games.kanagawa.naming import diploma_name
from marquoir.games.kanagawa.reach.board import Board
from marquoir.games.kanagawa.reach.clock import OutOfTime
from marquoir.games.kanagawa.reach.joint import Joint
from marquoir.games.kanagawa.reach.school import work_order
from marquoir.games.kanagawa.reach.seats import ORIGIN, Round, Seat, SheetSeat
from marquoir.games.kanagawa.reach.tokens import Config, Travel
from marquoir.games.kanagawa.reach.witness import witness_paths
from marquoir.games.kanagawa.table import Table
from marquoir.games.kanagawa.vocabulary import DECK_CARDS
from marquoir.i18n import _, ngettext

#: The tokens held by seat after each round of a witness, one way they can have travelled.
TokenStory = list[Config]


def path_tokens(travel: Travel, joint: Joint, path: Sequence[Round]) -> TokenStory | None:
    """One way the Yokai tokens travelled along a joint build (:meth:`.tokens.Travel.story`), or ``None`` when none
    ends as the table has them. Each detailed player's part of each round is read from its starts along the build
    (:func:`~.witness.witness_paths`), a sheet player's from its cards taken; every situation is followed forward,
    then one way read back. A build found without the tokens (:class:`~.joint.Joint` with no travel) is a real game
    of the cards, so when its tokens can travel it is a witness as it stands; else the search that follows the
    tokens is asked."""
    starts = witness_paths(joint, path)
    configs = travel.origin()
    rounds = []
    for k, step in enumerate(path):
        parts = [
            travel.part(seat, starts[seat][k - 1] if k else ORIGIN, starts[seat][k]) if seat in starts else ()
            for seat in range(len(step.takes))
        ]
        order = work_order(step.shape, step.first)
        configs = travel.round(configs, order, parts, step.takes)
        rounds.append((order, parts, step.takes, configs))
    if not travel.ends_right(configs):
        return None
    return travel.story(rounds)


def token_story(table: Table, story: TokenStory) -> str:
    """The Yokai tokens each player holds after each round of a witness (:func:`path_tokens`), in words."""
    names = [p.name for p in table.players]
    told = _("; ").join(
        _("round {round}: {held}").format(
            round=k,
            held=_(", ").join(f"{name} {count}" for name, count in zip(names, config[: len(names)], strict=True)),
        )
        for k, config in enumerate(story, 1)
    )
    return _("Yokai tokens held after each round, one way they can have travelled: {story}").format(story=told)


def fits_without_tokens(
    seats: Sequence[Seat | SheetSeat],
    attempts: Sequence[int],
    rules: tuple[int | None, bool, bool],
    deadline: float,
    sources: tuple[int, int],
) -> bool:
    """Whether the players' cards can be laid in one game in one of ``attempts`` rounds with the tokens' travel left
    out (the same joint search without it; ``rules``: the Grand Master's seat, whether it passes at the end, whether
    a player reaches 11 painted cards; ``sources``: the sheet players' Assistants and keep icons). ``False`` too
    when the time bound runs out."""
    master, passes, eleven = rules
    try:
        for rounds in attempts:
            board = Board(seats, rounds, DECK_CARDS, master, passes, eleven, deadline, sources[1])
            free = Joint(seats, board, sources[0])
            if free.find(0) is not None or free.find() is not None:
                return True
    except OutOfTime:
        pass
    return False


def tokens_reason(table: Table, cat: Catalogue, spans: str) -> str:
    """Why no game builds the table when its cards can be laid but its tokens cannot travel as it has them."""
    held = _(", ").join(
        ngettext("{name} {count} Yokai token", "{name} {count} Yokai tokens", p.yokai).format(
            name=p.name, count=p.yokai
        )
        for p in table.players
    )
    holder = next((p.name for p in table.players if not isinstance(p.diplomas, int) and "yokai-3" in p.diplomas), None)
    diploma = (
        _(", and {name} having had all 3 at once for {diploma}").format(
            name=holder, diploma=diploma_name(cat.diplomas["yokai-3"])
        )
        if holder is not None
        else ""
    )
    return _(
        "in every way to lay the players' cards in {spans} rounds, the Yokai tokens cannot travel to where the "
        "table has them ({held}{diploma}): a token leaves the reserve only with a card bearing the arrival icon, "
        "to the player taking it (from another player of that player's choice once the reserve is empty), and "
        "passes on only when a movement icon is laid in a Studio or a Diploma that gives one is taken, to an "
        "opponent of the giver's choice"
    ).format(spans=spans, held=held, diploma=diploma)
