"""Whether a tableau meets a Diploma: the deciding figure and the cards behind it.

Requirements: Kanagawa French rules, section 3 (19 base Diplomas) and Yokai rules, "Explanation of the Diploma Tiles"
(11 Yokai Diplomas), as listed in ``data/diplomas.csv``; decisions 8–11 of ``data/SOURCES.md`` for brushes,
arrows, identical landscapes, lanterns and umbrellas. This is the one place these requirements are written; the
legality check (``DIPLOMA_UNMET``), the dispute checker and the rules engine all ask here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Container, Sequence
from dataclasses import dataclass

from marquoir.games.kanagawa.catalogue import Catalogue, Diploma
from marquoir.games.kanagawa.table import Rules
from marquoir.games.kanagawa.tableau import Tableau
from marquoir.i18n import N_, _


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
        verdict = {True: _("met"), False: _("not met"), None: _("cannot be told from the final table")}[self.met]
        line = _("{diploma} ({requirement}): {verdict} — {measure}: {figure} of {needed} needed").format(
            diploma=self.diploma.id,
            requirement=_(self.diploma.requirement),
            verdict=verdict,
            measure=self.measure,
            figure=self.figure,
            needed=self.needed,
        )
        if self.cards:
            cards = ", ".join(self.cards)
            line += (_(" — card {cards}") if len(self.cards) == 1 else _(" — cards {cards}")).format(cards=cards)
        if self.note:
            line += f" ({self.note})"
        return line


def _times(label: str, count: int) -> str:
    return f"{label} ×{count}" if count > 1 else label


def _tree_count(t: Tableau, needed: int) -> tuple[int, tuple[str, ...], str]:
    cards = [(label, h.trees) for label, h in t.painted() if h.trees]
    return sum(n for _label, n in cards), tuple(_times(label, n) for label, n in cards), _("trees")


def _distinct(attr: str, measure: str) -> Callable[[Tableau, int], tuple[int, tuple[str, ...], str]]:
    def count(t: Tableau, needed: int) -> tuple[int, tuple[str, ...], str]:
        first: dict[str, str] = {}
        for label, half in t.painted():
            subject = getattr(half, attr)
            if subject and subject not in first:
                first[subject] = f"{label} {_(subject)}"
        return len(first), tuple(first.values()), _(measure)

    return count


def _identical_characters(t: Tableau, needed: int) -> tuple[int, tuple[str, ...], str]:
    by_subject: dict[str, list[str]] = {}
    for label, half in t.painted():
        if half.character:
            by_subject.setdefault(half.character, []).append(label)
    if not by_subject:
        return 0, (), _("identical characters")
    subject, labels = max(by_subject.items(), key=lambda kv: len(kv[1]))
    measure = _("identical characters ({subject})").format(subject=_(subject))
    return len(labels), tuple(f"{label} {_(subject)}" for label in labels), measure


def _animals(*wanted: str) -> Callable[[Tableau, int], tuple[int, tuple[str, ...], str]]:
    def count(t: Tableau, needed: int) -> tuple[int, tuple[str, ...], str]:
        found: dict[str, str] = {}
        for label, half in t.painted():
            if half.animal in wanted and half.animal not in found:
                found[half.animal] = f"{label} {_(half.animal)}"
        return len(found), tuple(found.values()), _("of {animals}").format(animals=" + ".join(map(_, wanted)))

    return count


def _brushes(t: Tableau, needed: int) -> tuple[int, tuple[str, ...], str]:
    labels = [_("Starting tile ×2") if t.start else _("2 to start")]
    labels += [_("{card} brush icon").format(card=label) for label in t.icons("brush")]
    if t.brush_bonus_diplomas:
        labels.append(_times(_("brush Diploma"), t.brush_bonus_diplomas))
    missing = t.brushes_explained - t.brushes_received
    if missing:
        # The reserve ran dry, or the figure given says fewer were received (data/SOURCES.md, decision 8).
        labels.append(_("{count} never received").format(count=missing))
    return t.brushes_received, tuple(labels), _("brushes owned")


def _arrows(t: Tableau, needed: int) -> tuple[int, tuple[str, ...], str]:
    labels = [_("Starting tile")] if t.start and t.start.arrows else []
    labels += t.icons("arrow")
    return t.arrows, tuple(labels), _("arrows")


def _landscapes(jokers: bool) -> Callable[[Tableau, int], tuple[int, tuple[str, ...], str]]:
    def count(t: Tableau, needed: int) -> tuple[int, tuple[str, ...], str]:
        best, landscape = t.identical_landscapes(jokers)
        if landscape is None:
            return 0, (), _("identical landscapes")
        wanted = {landscape, "joker"} if jokers else {landscape}
        labels = [f"{_('Starting tile')} {_(t.start.landscape)}"] if t.start and t.start.landscape in wanted else []
        labels += [f"{label} {_(half.landscape)}" for label, half in t.studio_cards() if half.landscape in wanted]
        return best, tuple(labels), _("identical landscapes ({landscape})").format(landscape=_(landscape))

    return count


def _kites(colour: str | None) -> Callable[[Tableau, int], tuple[int, tuple[str, ...], str]]:
    def count(t: Tableau, needed: int) -> tuple[int, tuple[str, ...], str]:
        cards = []
        for label, half in t.painted():
            n = len(half.kites) if colour is None else half.kites.count(colour)
            if n:
                cards.append((label, n))
        measure = _("kites") if colour is None else _("{colour} kites").format(colour=_(colour))
        return sum(n for _label, n in cards), tuple(_times(label, n) for label, n in cards), measure

    return count


def _lanterns(*pattern: int) -> Callable[[Tableau, int], tuple[int, tuple[str, ...], str]]:
    """Cards with exactly 1, 2 or 3 lanterns (data/SOURCES.md, decision 11): ``pattern`` lists the counts wanted."""

    def count(t: Tableau, needed: int) -> tuple[int, tuple[str, ...], str]:
        wanted = Counter(pattern)
        chosen: list[str] = []
        for label, half in t.painted():
            if wanted[half.lanterns] > 0:
                wanted[half.lanterns] -= 1
                chosen.append(_("{card} ×{count} lantern(s)").format(card=label, count=half.lanterns))
        measure = _("cards with {pattern} lanterns").format(pattern=" + ".join(str(n) for n in pattern))
        return len(chosen), tuple(chosen), measure

    return count


def _umbrellas(t: Tableau, needed: int) -> tuple[int, tuple[str, ...], str]:
    """Umbrellas along a run of neighbouring Print cards that each show one (Yokai rules; data/SOURCES.md decision
    11)."""
    best: list[tuple[str, int]] = []
    run: list[tuple[str, int]] = []
    for label, half in zip(t.print_labels(), t.print, strict=True):
        if half and half.umbrellas > 0:
            run.append((label, half.umbrellas))
            if sum(n for _label, n in run) > sum(n for _label, n in best):
                best = list(run)
        else:
            run = []
    return sum(n for _label, n in best), tuple(_times(label, n) for label, n in best), _("consecutive umbrellas")


def _yokai(t: Tableau, needed: int) -> tuple[int, tuple[str, ...], str]:
    return t.player.yokai, (), _("Yokai tokens held now")


Count = Callable[[Tableau, int], tuple[int, tuple[str, ...], str]]
Figure = Callable[[Tableau], int]


def _lantern_figure(*pattern: int) -> Figure:
    wanted = Counter(pattern)
    return lambda t: sum(min(t.counts.lanterns.get(n, 0), k) for n, k in wanted.items())


def _requirements(rules: Rules) -> dict[str, tuple[int, Figure, Count]]:
    """Each Diploma id → (needed figure, the figure alone, the figure with its cards). The figure alone is the
    fast path the legality check takes; the cards are listed only for the dispute checker."""
    jokers = rules.joker_counts_for_identical_landscapes

    def animals(*wanted: str) -> Figure:
        return lambda t: sum(1 for a in wanted if a in t.counts.animals)

    def kites(colour: str) -> Figure:
        return lambda t: t.counts.kites.get(colour, 0)

    trees: Figure = lambda t: t.counts.trees  # noqa: E731
    buildings: Figure = lambda t: len(t.counts.buildings)  # noqa: E731
    characters: Figure = lambda t: len(t.counts.characters)  # noqa: E731
    identical: Figure = lambda t: max(t.counts.characters.values(), default=0)  # noqa: E731
    brushes: Figure = lambda t: t.brushes_received  # noqa: E731
    arrows: Figure = lambda t: t.arrows  # noqa: E731
    landscapes: Figure = lambda t: t.identical_landscapes(jokers)[0]  # noqa: E731
    umbrellas: Figure = lambda t: t.counts.umbrella_run  # noqa: E731
    return {
        "trees-3": (3, trees, _tree_count),
        "trees-4": (4, trees, _tree_count),
        "trees-5": (5, trees, _tree_count),
        "buildings-2": (2, buildings, _distinct("building", N_("different buildings"))),
        "buildings-3": (3, buildings, _distinct("building", N_("different buildings"))),
        "buildings-4": (4, buildings, _distinct("building", N_("different buildings"))),
        "characters-2-different": (2, characters, _distinct("character", N_("different characters"))),
        "characters-3-different": (3, characters, _distinct("character", N_("different characters"))),
        "characters-3-identical": (3, identical, _identical_characters),
        "animals-boar-deer": (2, animals("boar", "deer"), _animals("boar", "deer")),
        "animals-crane-butterfly": (2, animals("crane", "butterfly"), _animals("crane", "butterfly")),
        "animals-boar-deer-butterfly": (
            3,
            animals("boar", "deer", "butterfly"),
            _animals("boar", "deer", "butterfly"),
        ),
        "brushes-3": (3, brushes, _brushes),
        "brushes-4": (4, brushes, _brushes),
        "arrows-2": (2, arrows, _arrows),
        "arrows-3": (3, arrows, _arrows),
        "landscapes-2": (2, landscapes, _landscapes(jokers)),
        "landscapes-3": (3, landscapes, _landscapes(jokers)),
        "landscapes-4": (4, landscapes, _landscapes(jokers)),
        "yokai-3": (3, lambda t: t.player.yokai, _yokai),
        "kites-blue-3": (3, kites("blue"), _kites("blue")),
        "kites-7": (7, lambda t: t.counts.kites_total, _kites(None)),
        "kites-yellow-3": (3, kites("yellow"), _kites("yellow")),
        "kites-red-2": (2, kites("red"), _kites("red")),
        "lanterns-2x2": (2, _lantern_figure(2, 2), _lanterns(2, 2)),
        "lanterns-1x3": (3, _lantern_figure(1, 1, 1), _lanterns(1, 1, 1)),
        "lanterns-1-2-3": (3, _lantern_figure(1, 2, 3), _lanterns(1, 2, 3)),
        "umbrellas-2": (2, umbrellas, _umbrellas),
        "umbrellas-3": (3, umbrellas, _umbrellas),
        "umbrellas-4": (4, umbrellas, _umbrellas),
    }


_REQUIREMENTS = {jokers: _requirements(Rules(joker_counts_for_identical_landscapes=jokers)) for jokers in (True, False)}


def meets(diploma: Diploma, tableau: Tableau, rules: Rules) -> bool | None:
    """Whether ``tableau`` meets ``diploma``: the verdict of :func:`check_diploma` without listing the cards.
    ``None`` for the Yokai Diploma when the final table cannot tell (Yokai rules)."""
    needed, figure, _count = _REQUIREMENTS[rules.joker_counts_for_identical_landscapes][diploma.id]
    if figure(tableau) >= needed:
        return True
    return None if diploma.family == "yokai" else False


def unmet(diploma_ids: Sequence[str], tableau: Tableau, rules: Rules, in_play: Container[str]) -> list[int]:
    """The positions in ``diploma_ids`` of the Diplomas of the game that ``tableau`` does not meet (what
    :func:`meets` says ``False`` of), in one pass."""
    requirements = _REQUIREMENTS[rules.joker_counts_for_identical_landscapes]
    found = []
    for position, diploma_id in enumerate(diploma_ids):
        if diploma_id in in_play and diploma_id != "yokai-3":
            needed, figure, _count = requirements[diploma_id]
            if figure(tableau) < needed:
                found.append(position)
    return found


def check_diploma(diploma: Diploma, tableau: Tableau, rules: Rules) -> DiplomaCheck:
    """Whether ``tableau`` meets ``diploma`` under ``rules``, with the figure and the cards."""
    needed, _figure, count = _REQUIREMENTS[rules.joker_counts_for_identical_landscapes][diploma.id]
    figure, cards, measure = count(tableau, needed)
    if diploma.family == "yokai":
        # Seed 003: met on holding all 3 Yokai at some moment, and kept even if they are lost later.
        met = True if figure >= needed else None
        note = _("met once all 3 were held at any moment")
        return DiplomaCheck(diploma, met, figure, needed, measure, cards, note)
    return DiplomaCheck(diploma, figure >= needed, figure, needed, measure, cards)


def diploma_report(tableau: Tableau, families: tuple[str, ...], rules: Rules, cat: Catalogue) -> list[DiplomaCheck]:
    """Every Diploma of the game (``Catalogue.diplomas_in_play``), met or not, in catalogue order."""
    return [check_diploma(d, tableau, rules) for d in cat.diplomas_in_play(families)]
