"""The steps of a witness as data: what a player did in a round, in figures and card references, no words.

The search (:mod:`~marquoir.games.kanagawa.reach.witness`) makes these values; the sentences are written where
they are shown, in the language of the moment (:mod:`~marquoir.games.kanagawa.reach.words`). A card is named by
where it lies on the player's table (Print, Studio, or kept in hand, and its position there), its catalogue id when
it has one, and the half in use, so that the words can say what a player reads on it (season and subject of a Print
half, landscape and icon of a Studio half; Kanagawa rules, "Continue your work").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from marquoir.games.kanagawa.catalogue import PrintHalf, StudioHalf

#: The kinds of step, in the order they may come in a round: the column taken first (Kanagawa rules, "Choose a
#: column of Lesson cards from the School"), then Studio cards, paints and brush moves in the order played
#: ("Improve your Studio", "Expand your Print"), each Diploma the moment it is met ("Take the corresponding
#: diploma(s)"), and last the cards kept in hand ("Continue your work", exception).
STEP_KINDS = ("take", "studio", "paint", "move", "diploma", "keep")


@dataclass(frozen=True, slots=True)
class CardAt:
    """A card of one player's table: ``side`` is ``print``, ``studio`` or ``kept`` (held in hand), ``position``
    its place there counted from 1 (the Starting tile is no card), ``card_id`` its catalogue id (``None`` for a card
    entered by what is printed on it), ``half`` the half in use (``None`` for a kept catalogue card: in hand, a card
    shows both halves)."""

    side: str
    position: int
    card_id: int | None
    half: PrintHalf | StudioHalf | None = None

    @property
    def family(self) -> str | None:
        """The card's family (its back), when the half is known."""
        return self.half.family if self.half is not None else None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"side": self.side, "position": self.position, "id": self.card_id}
        if self.card_id is None and self.half is not None:
            out["family"] = self.half.family
        return out


@dataclass(frozen=True, slots=True)
class IconAt:
    """A landscape icon of a Studio: ``index`` 0 is the Starting tile's, then one per Studio card showing a
    landscape, in the Studio's order; ``card`` is that Studio card (``None`` for the Starting tile)."""

    index: int
    landscape: str
    card: CardAt | None = None

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "landscape": self.landscape, "card": self.card.to_json() if self.card else None}


@dataclass(frozen=True, slots=True)
class Step:
    """One thing done in a round (``kind``, one of :data:`STEP_KINDS`), as data. The fields each kind uses:

    * ``take``: ``cards``, the column taken, in the order Print cards, Studio cards, cards newly kept (none when the
      deck ran out in the last round);
    * ``studio``: ``cards`` (the Studio card laid), ``gained`` (brushes it brings: its brush icon, a brush Diploma
      met by it);
    * ``paint``: ``cards`` (the Print card painted), ``landscape`` and ``brushes`` (its painting need), ``icons``
      (the icons painting it) with ``placed_now`` (per icon: a brush placed now, else the one standing there),
      ``guessed`` (the need was not entered: one brush of a landscape that suits is assumed), ``gained``;
    * ``move``: ``icons``, the icon a brush leaves and the icon it goes to (one arrow);
    * ``diploma``: ``diploma`` (its id) and ``bonus`` (``brush``, ``storm``, ``assistant`` or empty);
    * ``keep``: ``held``, the cards in hand for later rounds.
    """

    kind: str
    cards: tuple[CardAt, ...] = ()
    icons: tuple[IconAt, ...] = ()
    placed_now: tuple[bool, ...] = ()
    landscape: str = ""
    brushes: int = 0
    guessed: bool = False
    gained: int = 0
    diploma: str = ""
    bonus: str = ""
    held: int = 0

    @property
    def card(self) -> CardAt | None:
        """The one card of a ``studio`` or ``paint`` step (the first of a column for ``take``)."""
        return self.cards[0] if self.cards else None

    def to_json(self) -> dict[str, Any]:
        """The step's data (no words: the report adds the sentence as ``text``); fields at their default are left
        out, the column of a ``take`` is always given."""
        out: dict[str, Any] = {"kind": self.kind}
        if self.cards or self.kind == "take":
            out["cards"] = [card.to_json() for card in self.cards]
        if self.icons:
            out["icons"] = [icon.to_json() for icon in self.icons]
        if self.placed_now:
            out["placed_now"] = list(self.placed_now)
        if self.landscape:
            out["landscape"] = self.landscape
        if self.brushes:
            out["brushes"] = self.brushes
        if self.guessed:
            out["guessed"] = True
        if self.gained:
            out["gained"] = self.gained
        if self.diploma:
            out["diploma"] = self.diploma
        if self.bonus:
            out["bonus"] = self.bonus
        if self.held:
            out["held"] = self.held
        return out
