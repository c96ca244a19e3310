"""A detailed player's cards resolved against the catalogue, with the counts the rules look at.

One place computes what a player's Print and Studio show (trees, subjects, arrows, landscape icons, brushes
owned…); scoring, the Diploma checker and the legality check all read these figures from here.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property

from marquoir.catalogue import CardRef, Catalogue, PrintHalf, StartTile, StudioHalf
from marquoir.table import DetailedPlayer
from marquoir.vocabulary import JOKER, LANDSCAPES


def resolve_print(ref: int | PrintHalf, cat: Catalogue) -> PrintHalf | None:
    """The Print half a reference stands for; ``None`` for an id the catalogue does not have."""
    if isinstance(ref, PrintHalf):
        return ref
    card = cat.cards.get(ref)
    return card.print if card else None


def resolve_studio(ref: int | StudioHalf, cat: Catalogue) -> StudioHalf | None:
    """The Studio half a reference stands for; ``None`` for an id the catalogue does not have."""
    if isinstance(ref, StudioHalf):
        return ref
    card = cat.cards.get(ref)
    return card.studio if card else None


def card_family(ref: CardRef, cat: Catalogue) -> str | None:
    """The family (card back) of a reference, ``None`` for an unknown id."""
    if isinstance(ref, int):
        card = cat.cards.get(ref)
        return card.family if card else None
    return ref.family


def print_label(ref: int | PrintHalf, position: int) -> str:
    """How explanations name a Print card: its catalogue id, or its place for a card entered by what is printed."""
    if isinstance(ref, int):
        return str(ref)
    if ref.card_id is not None:
        return str(ref.card_id)
    return f"Print #{position} ({ref.family})"


def studio_label(ref: int | StudioHalf, position: int) -> str:
    """How explanations name a Studio card: its id, or its place in the Studio."""
    if isinstance(ref, int):
        return str(ref)
    if ref.card_id is not None:
        return str(ref.card_id)
    return f"Studio #{position} ({ref.family})"


@dataclass(frozen=True)
class Tableau:
    """One detailed player's tableau. Print positions are 1-based after the Starting tile (position 0)."""

    player: DetailedPlayer
    start: StartTile | None
    print: tuple[PrintHalf | None, ...]
    studio: tuple[StudioHalf | None, ...]
    brush_bonus_diplomas: int

    @classmethod
    def of(cls, player: DetailedPlayer, cat: Catalogue) -> Tableau:
        bonus = sum(
            1 for d in dict.fromkeys(player.diplomas) if (tile := cat.diplomas.get(d)) and tile.bonus == "brush"
        )
        return cls(
            player=player,
            start=cat.start_tiles.get(player.start),
            print=tuple(resolve_print(ref, cat) for ref in player.print),
            studio=tuple(resolve_studio(ref, cat) for ref in player.studio),
            brush_bonus_diplomas=bonus,
        )

    # -- Print ------------------------------------------------------------------------------------------

    def print_labels(self) -> tuple[str, ...]:
        return tuple(print_label(ref, i + 1) for i, ref in enumerate(self.player.print))

    def studio_labels(self) -> tuple[str, ...]:
        return tuple(studio_label(ref, i + 1) for i, ref in enumerate(self.player.studio))

    def painted(self) -> list[tuple[str, PrintHalf]]:
        """The known Print cards with their labels (unknown ids are left out: they are a legality issue)."""
        return [(label, half) for label, half in zip(self.print_labels(), self.print, strict=True) if half]

    @cached_property
    def seasons(self) -> tuple[str | None, ...]:
        """The season of each Print place, the Starting tile first; ``None`` where the card is unknown."""
        start = self.start.season if self.start else None
        return (start, *(half.season if half else None for half in self.print))

    # -- Studio -----------------------------------------------------------------------------------------

    def studio_cards(self) -> list[tuple[str, StudioHalf]]:
        return [(label, half) for label, half in zip(self.studio_labels(), self.studio, strict=True) if half]

    def icons(self, icon: str) -> list[str]:
        """Labels of the Studio cards showing ``icon``."""
        return [label for label, half in self.studio_cards() if half.icon == icon]

    @cached_property
    def arrows(self) -> int:
        """Arrows in the Studio, the Starting tile's included (SOURCES.md, decision 9)."""
        return (self.start.arrows if self.start else 0) + len(self.icons("arrow"))

    @cached_property
    def keep_icons(self) -> int:
        return len(self.icons("keep"))

    @cached_property
    def landscape_icons(self) -> Counter[str]:
        """Landscape icons in the Studio, the Starting tile's included; jokers counted under ``joker``."""
        counts: Counter[str] = Counter()
        if self.start:
            counts[self.start.landscape] += 1
        for half in self.studio:
            if half and half.landscape:
                counts[half.landscape] += 1
        return counts

    def icons_serving(self, landscape: str) -> int:
        """Studio icons on which a brush can paint ``landscape``: that landscape's icons and the jokers."""
        return self.landscape_icons[landscape] + self.landscape_icons[JOKER]

    def identical_landscapes(self, jokers_count: bool) -> tuple[int, str | None]:
        """The most icons of one landscape, jokers added when they count (SOURCES.md, decision 10)."""
        best, best_landscape = 0, None
        jokers = self.landscape_icons[JOKER] if jokers_count else 0
        for landscape in LANDSCAPES:
            count = self.landscape_icons[landscape] + jokers
            if count > best:
                best, best_landscape = count, landscape
        return best, best_landscape

    @cached_property
    def brushes_explained(self) -> int:
        """Brush pawns the tableau explains: the Starting tile's 2, one per brush icon in the Studio, one per held
        Diploma with a brush bonus (SOURCES.md, decision 8)."""
        return (self.start.brushes if self.start else 2) + len(self.icons("brush")) + self.brush_bonus_diplomas

    @property
    def brushes_owned(self) -> int:
        """Brush pawns owned: the figure given in the document, else what the tableau explains."""
        given = self.player.brushes
        return given if given is not None else self.brushes_explained

    @cached_property
    def harmony_symbols(self) -> int:
        """Printed Harmony symbols on Print and Studio cards; kept cards score nothing (SOURCES.md, decision 2)."""
        return sum(h.harmony for h in self.print if h) + sum(h.harmony for h in self.studio if h)
