"""One round of a witness as data: the path the search found from a round's start to its end, made into
:class:`~marquoir.games.kanagawa.reach.steps.Step` values a person can follow (no words here: see
:mod:`~marquoir.games.kanagawa.reach.words`).

The search's round starts hold the brushes in canonical form (:meth:`PreparedPlayer.canon
<marquoir.games.kanagawa.reach.player.PreparedPlayer.canon>`); a witness must name the icons where the brushes
actually stand, so each round is explored again from them, breadth first (the fewest steps), recording each state's
parent, up to the end the search chose. A witness is a real sequence of legal steps: *reachable* is never a guess.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from marquoir.games.kanagawa.reach.player import PreparedPlayer
from marquoir.games.kanagawa.reach.search import Micro, Parents, RawStep, Search, Start
from marquoir.games.kanagawa.reach.seats import Round, Seat
from marquoir.games.kanagawa.reach.steps import Step

if TYPE_CHECKING:
    from marquoir.games.kanagawa.reach.joint import Joint


@dataclass
class WitnessRound:
    """One round of a witness: cards taken and the steps."""

    taken: int
    steps: tuple[Step, ...]


def witness_round(search: Search, start: Start, actual: int, target: Start, last: bool) -> tuple[WitnessRound, int]:
    """One round of a witness: the round is explored again from the brushes as they actually stand (``actual``;
    the search's starts are canonical) and the path to ``target`` is made into steps. Returns the round and the
    icons holding a brush at its end."""
    parents: Parents = {}
    outcomes = search.explore((*start[:5], actual), last, parents, stop_at=target, every=True)
    end, kept, relocated = outcomes[target]
    p = search.p
    described = _round(p, start, end, kept, parents)
    # The moves after the painting (the reduced search counts them at the end of the round), on the icons as they
    # stand: from the first icon of the group holding a brush to the first free icon of the target group.
    placed = end[6].placed
    groups = p.groups_at[end[1]]
    moves: list[Step] = []
    for source_group, target_group in relocated:
        source = next(x for x in groups[source_group] if placed >> x & 1)
        dest = next(x for x in groups[target_group] if not placed >> x & 1)
        placed = (placed & ~(1 << source)) | (1 << dest)
        moves.append(_step(p, ("move", source, dest)))
    if moves:
        steps = list(described.steps)
        at = len(steps) - (1 if steps and steps[-1].kind == "keep" else 0)
        described = WitnessRound(described.taken, tuple(steps[:at] + moves + steps[at:]))
    return described, placed


def _round(p: PreparedPlayer, start: Start, end: Micro, kept: tuple[int, int, int], parents: Parents) -> WitnessRound:
    """The steps from ``start`` to ``end`` (read back through ``parents``), with the column taken first, each
    Diploma when it is first met and the cards kept last."""
    chain: list[RawStep] = []
    node: Micro | None = end
    while node is not None:
        parent, raw = parents[node]
        if raw is not None:
            chain.append(raw)
        node = parent
    chain.reverse()
    i0, j0, hp0, hs0, _, _ = start
    i1, j1, hp1, hs1, hk1 = end[:5]
    kx1, kx2, kx3 = kept
    # The column: the cards laid this round that were not in hand, then the cards newly kept (the earliest ones).
    column = (
        p.print_cards[i0 + hp0 : i1]
        + p.studio_cards[j0 + hs0 : j1]
        + p.print_cards[i1 + hp1 : i1 + hp1 + kx1]
        + p.studio_cards[j1 + hs1 : j1 + hs1 + kx2]
        + p.kept_cards[hk1 : hk1 + kx3]
    )
    steps = [Step("take", cards=column)]
    i, j = i0, j0
    seen = set(p.met_at(i, j))
    for raw in chain:
        steps.append(_step(p, raw))
        if raw[0] == "paint":
            i += 1
        elif raw[0] == "studio":
            j += 1
        else:
            continue
        # A Diploma is taken the moment it is met (Kanagawa rules, "Take the corresponding diploma(s)").
        for diploma in sorted(p.met_at(i, j) - seen):
            bonus = p.cat.diplomas[diploma].bonus
            steps.append(Step("diploma", diploma=diploma, bonus=bonus or ""))
        seen |= p.met_at(i, j)
    holding = hp1 + hs1 + hk1 + kx1 + kx2 + kx3
    if holding:
        steps.append(Step("keep", held=holding))
    return WitnessRound(len(column), tuple(steps))


def _step(p: PreparedPlayer, raw: RawStep) -> Step:
    """A step the search recorded, as data."""
    if raw[0] == "studio":
        _, j, gained = raw
        return Step("studio", cards=(p.studio_cards[j],), gained=gained)
    if raw[0] == "move":
        _, source, target = raw
        return Step("move", icons=(p.icons[source], p.icons[target]))
    _, i, need, guessed, used, placed_before, gained = raw
    return Step(
        "paint",
        cards=(p.print_cards[i],),
        icons=tuple(p.icons[icon] for icon in used),
        placed_now=tuple(not placed_before >> icon & 1 for icon in used),
        landscape=need.landscape,
        brushes=need.brushes,
        guessed=guessed,
        gained=gained,
    )


def witness_paths(joint: Joint, path: Sequence[Round]) -> dict[int, list[Start]]:
    """Each detailed player's round starts along a joint build (the start after each round): read back from the
    sets, last round first, each end's start in the set before it."""
    out: dict[int, list[Start]] = {}
    for index, seat in enumerate(joint.seats):
        if not isinstance(seat, Seat):
            continue
        nodes = [step.states[index] for step in path]
        end = seat.member(nodes[-1], 0)
        assert end is not None  # the last set holds the finished table
        chain = [end]
        for node in reversed(nodes[1:]):
            end = seat.nodes[node].origin[end]
            chain.append(end)
        chain.reverse()
        out[index] = chain
    return out
