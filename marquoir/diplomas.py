"""Whether a tableau meets a Diploma: the deciding figure and the cards behind it.

Requirements: seed 002, section 3 (19 base Diplomas) and seed 003, "Explanation of the Diploma Tiles"
(11 Yokai Diplomas), as listed in ``data/kanagawa/diplomas.csv``; decisions 8–11 of ``SOURCES.md`` for brushes,
arrows, identical landscapes, lanterns and umbrellas. This is the one place these requirements are written; the
legality check (``DIPLOMA_UNMET``), the dispute checker and the rules engine all ask here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from marquoir.catalogue import Catalogue, Diploma
from marquoir.table import Rules
from marquoir.tableau import Tableau


@dataclass(frozen=True, slots=True)
class DiplomaCheck:
    """The verdict on one Diploma for one tableau.

    ``met`` is ``None`` when the final table cannot tell (the Yokai Diploma is met at some moment of the game).
    ``figure`` is the deciding count, ``needed`` what the tile asks, ``cards`` the labels of the cards counted.
    """

    diploma: Diploma
    met: bool | None
    figure: int
    needed: int
    measure: str
    cards: tuple[str, ...]
    note: str = ""

    def describe(self) -> str:
        """One line a person can argue with: ``trees: 4 of 3 needed — cards 56, 57, 68 ×2``."""
        verdict = {True: "met", False: "not met", None: "cannot be told from the final table"}[self.met]
        line = f"{self.diploma.id} ({self.diploma.requirement}): {verdict} — {self.measure}: {self.figure}"
        line += f" of {self.needed} needed"
        if self.cards:
            line += " — " + ("card " if len(self.cards) == 1 else "cards ") + ", ".join(self.cards)
        if self.note:
            line += f" ({self.note})"
        return line


def _times(label: str, count: int) -> str:
    return f"{label} ×{count}" if count > 1 else label


def _tree_count(t: Tableau, needed: int) -> tuple[int, tuple[str, ...], str]:
    cards = [(label, h.trees) for label, h in t.painted() if h.trees]
    return sum(n for _, n in cards), tuple(_times(label, n) for label, n in cards), "trees"


def _distinct(attr: str, measure: str) -> Callable[[Tableau, int], tuple[int, tuple[str, ...], str]]:
    def count(t: Tableau, needed: int) -> tuple[int, tuple[str, ...], str]:
        first: dict[str, str] = {}
        for label, half in t.painted():
            subject = getattr(half, attr)
            if subject and subject not in first:
                first[subject] = f"{label} {subject}"
        return len(first), tuple(first.values()), measure

    return count


def _identical_characters(t: Tableau, needed: int) -> tuple[int, tuple[str, ...], str]:
    by_subject: dict[str, list[str]] = {}
    for label, half in t.painted():
        if half.character:
            by_subject.setdefault(half.character, []).append(label)
    if not by_subject:
        return 0, (), "identical characters"
    subject, labels = max(by_subject.items(), key=lambda kv: len(kv[1]))
    return len(labels), tuple(f"{label} {subject}" for label in labels), f"identical characters ({subject})"


def _animals(*wanted: str) -> Callable[[Tableau, int], tuple[int, tuple[str, ...], str]]:
    def count(t: Tableau, needed: int) -> tuple[int, tuple[str, ...], str]:
        found: dict[str, str] = {}
        for label, half in t.painted():
            if half.animal in wanted and half.animal not in found:
                found[half.animal] = f"{label} {half.animal}"
        return len(found), tuple(found.values()), "of " + " + ".join(wanted)

    return count


def _brushes(t: Tableau, needed: int) -> tuple[int, tuple[str, ...], str]:
    labels = ["Starting tile ×2" if t.start else "2 to start"]
    labels += [f"{label} brush icon" for label in t.icons("brush")]
    if t.brush_bonus_diplomas:
        labels.append(_times("brush Diploma", t.brush_bonus_diplomas))
    return t.brushes_explained, tuple(labels), "brushes owned"


def _arrows(t: Tableau, needed: int) -> tuple[int, tuple[str, ...], str]:
    labels = ["Starting tile"] if t.start and t.start.arrows else []
    labels += t.icons("arrow")
    return t.arrows, tuple(labels), "arrows"


def _landscapes(jokers: bool) -> Callable[[Tableau, int], tuple[int, tuple[str, ...], str]]:
    def count(t: Tableau, needed: int) -> tuple[int, tuple[str, ...], str]:
        best, landscape = t.identical_landscapes(jokers)
        if landscape is None:
            return 0, (), "identical landscapes"
        wanted = {landscape, "joker"} if jokers else {landscape}
        labels = [f"Starting tile {t.start.landscape}"] if t.start and t.start.landscape in wanted else []
        labels += [f"{label} {half.landscape}" for label, half in t.studio_cards() if half.landscape in wanted]
        return best, tuple(labels), f"identical landscapes ({landscape})"

    return count


def _kites(colour: str | None) -> Callable[[Tableau, int], tuple[int, tuple[str, ...], str]]:
    def count(t: Tableau, needed: int) -> tuple[int, tuple[str, ...], str]:
        cards = []
        for label, half in t.painted():
            n = len(half.kites) if colour is None else half.kites.count(colour)
            if n:
                cards.append((label, n))
        measure = "kites" if colour is None else f"{colour} kites"
        return sum(n for _, n in cards), tuple(_times(label, n) for label, n in cards), measure

    return count


def _lanterns(*pattern: int) -> Callable[[Tableau, int], tuple[int, tuple[str, ...], str]]:
    """Cards with exactly 1, 2 or 3 lanterns (SOURCES.md, decision 11): ``pattern`` lists the counts wanted."""

    def count(t: Tableau, needed: int) -> tuple[int, tuple[str, ...], str]:
        wanted = Counter(pattern)
        chosen: list[str] = []
        for label, half in t.painted():
            if wanted[half.lanterns] > 0:
                wanted[half.lanterns] -= 1
                chosen.append(f"{label} ×{half.lanterns} lantern" + ("s" if half.lanterns > 1 else ""))
        measure = "cards with " + " + ".join(str(n) for n in pattern) + " lanterns"
        return len(chosen), tuple(chosen), measure

    return count


def _umbrellas(t: Tableau, needed: int) -> tuple[int, tuple[str, ...], str]:
    """Umbrellas along a run of neighbouring Print cards that each show one (seed 003; SOURCES.md decision 11)."""
    best: list[tuple[str, int]] = []
    run: list[tuple[str, int]] = []
    for label, half in zip(t.print_labels(), t.print, strict=True):
        if half and half.umbrellas > 0:
            run.append((label, half.umbrellas))
            if sum(n for _, n in run) > sum(n for _, n in best):
                best = list(run)
        else:
            run = []
    return sum(n for _, n in best), tuple(_times(label, n) for label, n in best), "consecutive umbrellas"


def _yokai(t: Tableau, needed: int) -> tuple[int, tuple[str, ...], str]:
    return t.player.yokai, (), "Yokai tokens held now"


#: Each Diploma id → (needed figure, how to count). Ids are those of ``data/kanagawa/diplomas.csv``.
def _requirements(rules: Rules) -> dict[str, tuple[int, Callable[[Tableau, int], tuple[int, tuple[str, ...], str]]]]:
    jokers = rules.joker_counts_for_identical_landscapes
    return {
        "trees-3": (3, _tree_count),
        "trees-4": (4, _tree_count),
        "trees-5": (5, _tree_count),
        "buildings-2": (2, _distinct("building", "different buildings")),
        "buildings-3": (3, _distinct("building", "different buildings")),
        "buildings-4": (4, _distinct("building", "different buildings")),
        "characters-2-different": (2, _distinct("character", "different characters")),
        "characters-3-different": (3, _distinct("character", "different characters")),
        "characters-3-identical": (3, _identical_characters),
        "animals-boar-deer": (2, _animals("boar", "deer")),
        "animals-crane-butterfly": (2, _animals("crane", "butterfly")),
        "animals-boar-deer-butterfly": (3, _animals("boar", "deer", "butterfly")),
        "brushes-3": (3, _brushes),
        "brushes-4": (4, _brushes),
        "arrows-2": (2, _arrows),
        "arrows-3": (3, _arrows),
        "landscapes-2": (2, _landscapes(jokers)),
        "landscapes-3": (3, _landscapes(jokers)),
        "landscapes-4": (4, _landscapes(jokers)),
        "yokai-3": (3, _yokai),
        "kites-blue-3": (3, _kites("blue")),
        "kites-7": (7, _kites(None)),
        "kites-yellow-3": (3, _kites("yellow")),
        "kites-red-2": (2, _kites("red")),
        "lanterns-2x2": (2, _lanterns(2, 2)),
        "lanterns-1x3": (3, _lanterns(1, 1, 1)),
        "lanterns-1-2-3": (3, _lanterns(1, 2, 3)),
        "umbrellas-2": (2, _umbrellas),
        "umbrellas-3": (3, _umbrellas),
        "umbrellas-4": (4, _umbrellas),
    }


_REQUIREMENTS = {rules: _requirements(rules) for rules in (Rules(), Rules(joker_counts_for_identical_landscapes=False))}


def check_diploma(diploma: Diploma, tableau: Tableau, rules: Rules) -> DiplomaCheck:
    """Whether ``tableau`` meets ``diploma`` under ``rules``, with the figure and the cards."""
    table = _REQUIREMENTS.get(Rules(joker_counts_for_identical_landscapes=rules.joker_counts_for_identical_landscapes))
    assert table is not None
    needed, count = table[diploma.id]
    figure, cards, measure = count(tableau, needed)
    if diploma.family == "yokai":
        # Seed 003: met on holding all 3 Yokai at some moment, and kept even if they are lost later.
        met = True if figure >= needed else None
        return DiplomaCheck(diploma, met, figure, needed, measure, cards, "met once all 3 were held at any moment")
    return DiplomaCheck(diploma, figure >= needed, figure, needed, measure, cards)


def diploma_report(tableau: Tableau, families: tuple[str, ...], rules: Rules, cat: Catalogue) -> list[DiplomaCheck]:
    """Every Diploma of the game (``Catalogue.diplomas_in_play``), met or not, in catalogue order."""
    return [check_diploma(d, tableau, rules) for d in cat.diplomas_in_play(families)]
