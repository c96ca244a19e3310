"""The report of a reachability check: a verdict per player with the witness as data, and the table's verdict.

The table's verdict is *reachable* (with a witness a person can follow round by round), *unreachable* (the table
breaks the rules, or the full search proves no game builds it, with the first reason) or *undecided* (the time
bound ran out); each player's verdict says the same of that player, or *not-checked* for a player who was not
searched or is not the first reason. ``reachable`` gives it as ``True``, ``False`` or ``None``. Only a verdict of
the search makes an issue (``UNREACHABLE``, ``marquoir/data/table-format.md``): an illegal table has its legality
issues already.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from marquoir.core.issues import Issue
from marquoir.games.kanagawa.reach.steps import Step
from marquoir.games.kanagawa.reach.words import (
    note_text,
    player_heading,
    report_heading,
    round_heading,
    round_sentence,
    round_texts,
    step_text,
)


def _step_json(step: Step) -> dict[str, Any]:
    """A step as the JSON gives it: ``kind`` and ``text`` (the sentence, in the language of the moment), then the
    step's data (:meth:`Step.to_json`)."""
    data = step.to_json()
    return {"kind": data.pop("kind"), "text": step_text(step), **data}


@dataclass(frozen=True)
class PlayerVerdict:
    """``verdict`` is ``reachable``, ``unreachable``, ``undecided`` or ``not-checked``; ``rounds`` is the witness of
    a reachable player entered card by card, the steps of each round."""

    name: str
    verdict: str
    reason: str = ""
    field: str = ""
    rounds: tuple[tuple[Step, ...], ...] = ()

    def witness_text(self) -> tuple[tuple[str, ...], ...]:
        """The witness in sentences, round by round, in the language of the moment."""
        return round_texts(self.rounds)

    def witness_sentences(self) -> tuple[str, ...]:
        """The witness one sentence a round (the steps joined), in the language of the moment: the web page's."""
        return tuple(round_sentence(texts) for texts in self.witness_text())

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "verdict": self.verdict}
        if self.reason:
            out["reason"] = self.reason
        if self.rounds:
            out["witness"] = [
                {"round": r + 1, "steps": [_step_json(s) for s in steps]} for r, steps in enumerate(self.rounds)
            ]
        return out


@dataclass(frozen=True)
class ReachReport:
    """The reachability of a whole table: a verdict per player, the number of rounds of the witness, and the
    table-wide reason when the players cannot agree on one game. ``illegal``: the table breaks the rules, and was
    not searched."""

    verdict: str
    players: tuple[PlayerVerdict, ...]
    rounds: int | None = None
    reason: str = ""
    notes: tuple[str, ...] = ()
    seconds: float = 0.0
    illegal: bool = False

    @property
    def reachable(self) -> bool | None:
        """``True`` (a witness), ``False`` (illegal, or proven unreachable), ``None`` (undecided: the time bound ran
        out)."""
        return {"reachable": True, "unreachable": False}.get(self.verdict)

    def issues(self) -> list[Issue]:
        """The ``UNREACHABLE`` issues of this report (``marquoir/data/table-format.md``); none for an illegal table,
        whose legality issues say it already."""
        found: list[Issue] = []
        if self.illegal:
            return found
        blamed = {p.reason for p in self.players if p.verdict == "unreachable"}
        if self.verdict == "unreachable" and self.reason and self.reason not in blamed:  # said once, at its place
            found.append(Issue("UNREACHABLE", None, "players", self.reason))
        for index, player in enumerate(self.players):
            if player.verdict == "unreachable":
                found.append(Issue("UNREACHABLE", player.name, player.field or f"players[{index}]", player.reason))
        return found

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"verdict": self.verdict, "reachable": self.reachable, "rounds": self.rounds}
        if self.reason:
            out["reason"] = self.reason
        out["players"] = [p.to_json() for p in self.players]
        if self.notes:
            out["notes"] = list(self.notes)
        return out

    def render(self) -> str:
        """A plain-text account a person can follow round by round, in the language of the moment."""
        lines = [report_heading(self.verdict, self.rounds)]
        if self.reason:
            lines.append(f"  {self.reason}")
        for player in self.players:
            lines.append(player_heading(player.name, player.verdict, player.reason))
            for number, texts in enumerate(player.witness_text(), start=1):
                lines.append(f"  {round_heading(number)}")
                lines.extend(f"    {text}" for text in texts)
        lines.extend(note_text(note) for note in self.notes)
        return "\n".join(lines)
