"""Kanagawa's rule options as a table holds them (a module of its own, so that the game's registry entry reads
their defaults without importing the table and its catalogue)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Rules:
    """Rule options, each with its official default (data/SOURCES.md, decisions 3, 10, 14 and 16)."""

    #: Off since decision 16: a Storm token goes on a card of the Print, and the Starting tile is no card.
    storm_on_start_tile: bool = False
    joker_counts_for_identical_landscapes: bool = True
    #: At the end of the last round the Assistant's holder takes the Grand Master, as after every round (decision 14).
    grand_master_passes_at_end: bool = True
