"""Could this Bonsai table have been grown? ``check --deep`` for Bonsai (``data/SOURCES.md``, decision 19).

*Reachable* only with a witness (:mod:`.witness` plans it, :mod:`.search` plays it: a whole game the engine's
rules accept, replayed and found to end with the table); *unreachable* only from a proof: the table breaks the
rules (its legality issues say how), or a player whose cards are complete holds more tiles than the starting
tiles, the slots and the Masters can give, or a solo bonsai has more tiles than its turns allow (:mod:`.budget`);
*undecided* otherwise: no witness within the time bound, a player entered from the sheet's figures (only bonsais
entered tile by tile are built), or a claimed goal the bonsai misses that only removals of leaves could explain
(decision 14: the check does not search removals).

The report has the shape of Kanagawa's (``marquoir/data/table-format.md``): ``UNREACHABLE`` issues, and
``reachable`` (true, false, null), ``reachability`` (the verdict, the witness's turns, each player's verdict) and
the plain-text lines of the witness.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from marquoir.core import clock
from marquoir.core.issues import Issue
from marquoir.games.bonsai.catalogue import Catalogue, catalogue
from marquoir.games.bonsai.engine.state import GameState
from marquoir.games.bonsai.goals import is_met
from marquoir.games.bonsai.legality import check
from marquoir.games.bonsai.reach.budget import budget_shortfall, master_faces, solo_most_placed, tile_needs
from marquoir.games.bonsai.reach.search import SEARCH_TURNS, OutOfTurns, build
from marquoir.games.bonsai.reach.witness import NoWitness
from marquoir.games.bonsai.reach.words import pots_flipped, report_heading, turn_heading, turn_text, verdict_text
from marquoir.games.bonsai.table import DetailedPlayer, SheetPlayer, Table
from marquoir.games.bonsai.tree import Tree
from marquoir.i18n import _, ngettext

#: Seconds one table's check may take (the witness is tried again with other draws until then).
DEFAULT_TIME_BOUND = 2.0
#: Attempts at a witness, at most (each draws the Helpers' faces and the final round's players anew).
ATTEMPTS = 12
#: Departures from the plan a witness may make, at most (each round of attempts allows one more).
SLACK = 2
#: Turns each attempt with departures may play in a first pass over the attempts (a few games each).
SHORT_TURNS = 150


@dataclass(frozen=True)
class ReachReport:
    """The verdict (``reachable``, ``unreachable``, ``undecided``), the reason when it is not reachable, each
    player's own verdict and reason (``field``: where an ``UNREACHABLE`` issue stands), and the witness game."""

    verdict: str
    reason: str = ""
    players: tuple[tuple[str, str, str, str], ...] = ()
    witness: GameState | None = None
    illegal: bool = False
    seconds: float = 0.0

    @property
    def reachable(self) -> bool | None:
        return {"reachable": True, "unreachable": False}.get(self.verdict)

    @property
    def turns(self) -> int | None:
        return len(self.witness.log) if self.witness is not None else None

    def issues(self) -> list[Issue]:
        """The ``UNREACHABLE`` issues (none for an illegal table: its legality issues say it)."""
        return [
            Issue("UNREACHABLE", name, field, reason)
            for name, verdict, reason, field in self.players
            if verdict == "unreachable" and not self.illegal
        ]

    def witness_lines(self) -> list[tuple[str, str]]:
        """The witness, a heading and a sentence a turn, in the language of the moment."""
        if self.witness is None:
            return []
        names = [p.name for p in self.witness.players]
        flipped = pots_flipped(self.witness.log)
        return [
            (turn_heading(n, r.final_round), turn_text(r, names[r.seat], f))
            for n, (r, f) in enumerate(zip(self.witness.log, flipped, strict=True), start=1)
        ]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"verdict": self.verdict, "reachable": self.reachable, "turns": self.turns}
        if self.reason:
            out["reason"] = self.reason
        out["players"] = [
            {"name": name, "verdict": verdict, **({"reason": reason} if reason else {})}
            for name, verdict, reason, _field in self.players
        ]
        if self.witness is not None:
            names = [p.name for p in self.witness.players]
            flipped = pots_flipped(self.witness.log)
            out["witness"] = [
                {
                    "turn": n,
                    "player": names[r.seat],
                    "action": "meditate" if r.card is not None else "cultivate",
                    "final_round": r.final_round,
                    "placed": [{"at": list(at), "kind": kind} for at, kind in r.placed],
                    "claimed": list(r.claimed),
                    "text": turn_text(r, names[r.seat], f),
                }
                for n, (r, f) in enumerate(zip(self.witness.log, flipped, strict=True), start=1)
            ]
        return out

    def render(self) -> str:
        lines = [report_heading(self.verdict, self.turns)]
        if self.reason:
            lines.append(f"  {self.reason}")
        for name, verdict, reason, _field in self.players:
            if verdict != self.verdict or reason:
                lines.append(f"  {name}: {verdict_text(verdict)}" + (f" — {reason}" if reason else ""))
        for heading, text in self.witness_lines():
            lines.append(f"  {heading}: {text}")
        return "\n".join(lines)


def _misses_only_by_removal(table: Table, issues: list[Issue], cat: Catalogue) -> bool:
    """Whether every issue is a claimed goal missed that is not brown: only removals (decision 14) could explain."""
    if not issues or any(i.code != "GOAL_UNMET" for i in issues):
        return False
    for player in table.players:
        if isinstance(player, DetailedPlayer):
            tree = Tree.of(player)
            for goal_id in player.goals:
                goal = cat.goals.get(goal_id)
                if goal is not None and goal.colour == "brown" and not is_met(goal, tree):
                    return False
    return True


def explain_reachability(
    table: Table, time_bound: float = DEFAULT_TIME_BOUND, cat: Catalogue | None = None
) -> ReachReport:
    """How could this table have been grown? The module says how each verdict is reached."""
    cat = cat or catalogue()
    began = clock.now()
    deadline = began + time_bound

    def done(verdict: str, reason: str = "", **more: Any) -> ReachReport:
        return ReachReport(verdict, reason, seconds=clock.now() - began, **more)

    issues = check(table)
    if issues:
        if _misses_only_by_removal(table, issues, cat):
            return done(
                "undecided",
                _("a claimed goal the bonsai misses: only leaves removed when no wood tile could be placed could "
                  "explain it, and this check does not search removals"),
            )
        return done("unreachable", _("the table breaks the rules (its issues say how)"), illegal=True)
    count = len(table.players)
    faces = master_faces(count, cat)
    verdicts: list[tuple[str, str, str, str]] = []
    for seat, player in enumerate(table.players):
        if not isinstance(player, DetailedPlayer) or not player.cards.complete:
            continue
        cards = player.cards
        need = tile_needs(player, seat, count, cat)
        if budget_shortfall(need, cards.total, max(cards.master, 0), faces):
            reason = ngettext(
                "more tiles than the starting tiles, the market slots and the Masters can give with {count} card",
                "more tiles than the starting tiles, the market slots and the Masters can give with {count} cards",
                cards.total,
            ).format(count=cards.total)
            verdicts.append((player.name, "unreachable", reason, f"players[{seat}].tiles"))
        elif count == 1 and len(player.tiles) > solo_most_placed(player):
            reason = _("{count} tiles placed: the turns of a solo game with these cards allow at most {most}").format(
                count=len(player.tiles), most=solo_most_placed(player)
            )
            verdicts.append((player.name, "unreachable", reason, f"players[{seat}].tiles"))
    if verdicts:
        return done("unreachable", verdicts[0][2], players=tuple(verdicts))
    if any(isinstance(p, SheetPlayer) for p in table.players):
        return done("undecided", _("a player entered from the sheet's figures: this check grows bonsais entered tile "
                                   "by tile only"))
    for slack in range(SLACK + 1):
        # With departures, a failing attempt may search long while another draw finds a game in a few turns: every
        # attempt first gets SHORT_TURNS, then those it stopped get the whole SEARCH_TURNS.
        stopped = list(range(ATTEMPTS))
        for turns in (SHORT_TURNS, SEARCH_TURNS) if slack else (SEARCH_TURNS,):
            attempts, stopped = stopped, []
            for attempt in attempts:
                if clock.now() > deadline:
                    break
                try:
                    witness = build(table, cat, attempt, slack, deadline, turns)
                except OutOfTurns:
                    stopped.append(attempt)
                    continue
                except NoWitness:
                    continue
                players = tuple((p.name, "reachable", "", f"players[{i}]") for i, p in enumerate(table.players))
                return done("reachable", players=players, witness=witness)
    return done("undecided", _("no game ending with this table was found in the time allowed, and no rule proves "
                               "that none exists"))


def deep_check(table: Table, time_bound: float = DEFAULT_TIME_BOUND) -> tuple[list[Issue], dict[str, Any]]:
    """``marquoir check --deep`` for Bonsai: the ``UNREACHABLE`` issues, ``reachable``, ``reachability`` and the
    plain-text lines (``explanation_lines``), as Kanagawa's deep check gives them."""
    report = explain_reachability(table, time_bound)
    extra = {
        "reachable": report.reachable,
        "reachability": report.to_json(),
        "explanation_lines": report.render().splitlines(),
    }
    return report.issues(), extra


__all__ = ["DEFAULT_TIME_BOUND", "ReachReport", "deep_check", "explain_reachability"]
