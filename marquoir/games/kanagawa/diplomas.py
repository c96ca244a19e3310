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

from marquoir.games.kanagawa.catalogue import Catalogue, Diploma, PrintHalf
from marquoir.games.kanagawa.naming import diploma_text, items_text, print_list, start_tile_text, studio_list
from marquoir.games.kanagawa.table import Rules
from marquoir.games.kanagawa.tableau import Tableau
from marquoir.i18n import N_, _, ngettext


@dataclass(frozen=True, slots=True)
class DiplomaCheck:
    """The verdict on one Diploma for one tableau.

    ``met`` is ``None`` when the final table cannot tell (the Yokai Diploma is met at some moment of the game).
    ``figure`` is the deciding count, ``needed`` what the tile asks, ``cards`` the cards counted in words (what they
    show, never an id: the Print cards of one season in one item, each Studio card or source of brushes in its own).
    """

    diploma: Diploma
    met: bool | None
    figure: int
    needed: int
    measure: str
    cards: tuple[str, ...]
    note: str = ""

    def describe(self) -> str:
        """One line a person can argue with: ``Trees Diploma (3 trees), 3 points: met — trees: 4 of 3 needed —
        spring: 2 trees, 1 tree; summer, 1 tree``. The Diploma by its name and points, the cards by what
        they show (:mod:`~marquoir.games.kanagawa.naming`), never an id."""
        verdict = {True: _("met"), False: _("not met"), None: _("cannot be told from the final table")}[self.met]
        line = _("{diploma}: {verdict} — {figure}").format(
            diploma=diploma_text(self.diploma), verdict=verdict, figure=self.figure_text()
        )
        if self.cards:
            line += _(" — {cards}").format(cards=self.cards_text())
        if self.note:
            line += f" ({self.note})"
        return line

    def figure_text(self) -> str:
        """What was counted against what the tile asks: ``trees: 4 of 3 needed``."""
        return _("{measure}: {figure} of {needed} needed").format(
            measure=self.measure, figure=self.figure, needed=self.needed
        )

    def cards_text(self) -> str:
        """The cards counted, in one list (items that hold commas themselves are parted by semicolons)."""
        return items_text(self.cards)


def _painted_with(t: Tableau, keep: Callable[[PrintHalf], bool]) -> list[PrintHalf]:
    return [half for _label, half in t.painted() if keep(half)]


def _print_cards(halves: list[PrintHalf]) -> tuple[str, ...]:
    """The Print cards counted, named by what they show, the season once for the cards of one season
    (:func:`~marquoir.games.kanagawa.naming.print_list`)."""
    return (print_list(halves),) if halves else ()


def _tree_count(t: Tableau, needed: int) -> tuple[int, tuple[str, ...], str]:
    cards = _painted_with(t, lambda h: bool(h.trees))
    return sum(h.trees for h in cards), _print_cards(cards), _("trees")


def _distinct(attr: str, measure: str) -> Callable[[Tableau, int], tuple[int, tuple[str, ...], str]]:
    def count(t: Tableau, needed: int) -> tuple[int, tuple[str, ...], str]:
        first: dict[str, PrintHalf] = {}
        for _label, half in t.painted():
            subject = getattr(half, attr)
            if subject and subject not in first:
                first[subject] = half
        return len(first), _print_cards(list(first.values())), _(measure)

    return count


def _identical_characters(t: Tableau, needed: int) -> tuple[int, tuple[str, ...], str]:
    by_subject: dict[str, list[PrintHalf]] = {}
    for _label, half in t.painted():
        if half.character:
            by_subject.setdefault(half.character, []).append(half)
    if not by_subject:
        return 0, (), _("identical characters")
    subject, halves = max(by_subject.items(), key=lambda kv: len(kv[1]))
    measure = _("identical characters ({subject})").format(subject=_(subject))
    return len(halves), _print_cards(halves), measure


def _animals(*wanted: str) -> Callable[[Tableau, int], tuple[int, tuple[str, ...], str]]:
    def count(t: Tableau, needed: int) -> tuple[int, tuple[str, ...], str]:
        found: dict[str, PrintHalf] = {}
        for _label, half in t.painted():
            if half.animal in wanted and half.animal not in found:
                found[half.animal] = half
        measure = _("of {animals}").format(animals=" + ".join(map(_, wanted)))
        return len(found), _print_cards(list(found.values())), measure

    return count


def _brushes(t: Tableau, needed: int) -> tuple[int, tuple[str, ...], str]:
    labels = [_("Starting tile ×2") if t.start else _("starting brushes ×2")]
    brushes = [half for _label, half in t.studio_cards() if half.icon == "brush"]
    if brushes:
        labels.append(studio_list(brushes))
    if t.brush_bonus_diplomas:
        bonus = ngettext("{count} Diploma with a brush", "{count} Diplomas with a brush", t.brush_bonus_diplomas)
        labels.append(bonus.format(count=t.brush_bonus_diplomas))
    missing = t.brushes_explained - t.brushes_received
    if missing:
        # The reserve ran dry, or the figure given says fewer were received (data/SOURCES.md, decision 8).
        labels.append(ngettext("{count} never received", "{count} never received", missing).format(count=missing))
    return t.brushes_received, tuple(labels), _("brushes owned")


def _arrows(t: Tableau, needed: int) -> tuple[int, tuple[str, ...], str]:
    labels = [_("Starting tile")] if t.start and t.start.arrows else []
    arrows = [half for _label, half in t.studio_cards() if half.icon == "arrow"]
    if arrows:
        labels.append(studio_list(arrows))
    return t.arrows, tuple(labels), _("arrows")


def _landscapes(jokers: bool) -> Callable[[Tableau, int], tuple[int, tuple[str, ...], str]]:
    def count(t: Tableau, needed: int) -> tuple[int, tuple[str, ...], str]:
        best, landscape = t.identical_landscapes(jokers)
        if landscape is None:
            return 0, (), _("identical landscapes")
        wanted = {landscape, "joker"} if jokers else {landscape}
        labels = [start_tile_text(t.start)] if t.start and t.start.landscape in wanted else []
        studio = [half for _label, half in t.studio_cards() if half.landscape in wanted]
        if studio:
            labels.append(studio_list(studio))
        return best, tuple(labels), _("identical landscapes ({landscape})").format(landscape=_(landscape))

    return count


def _kites(colour: str | None) -> Callable[[Tableau, int], tuple[int, tuple[str, ...], str]]:
    def count(t: Tableau, needed: int) -> tuple[int, tuple[str, ...], str]:
        def shown(half: PrintHalf) -> int:
            return len(half.kites) if colour is None else half.kites.count(colour)

        cards = _painted_with(t, lambda h: bool(shown(h)))
        measure = _("kites") if colour is None else _("{colour} kites").format(colour=_(colour))
        return sum(map(shown, cards)), _print_cards(cards), measure

    return count


def _lanterns(*pattern: int) -> Callable[[Tableau, int], tuple[int, tuple[str, ...], str]]:
    """Cards with exactly 1, 2 or 3 lanterns (data/SOURCES.md, decision 11): ``pattern`` lists the counts wanted."""

    def count(t: Tableau, needed: int) -> tuple[int, tuple[str, ...], str]:
        wanted = Counter(pattern)
        chosen: list[PrintHalf] = []
        for _label, half in t.painted():
            if wanted[half.lanterns] > 0:
                wanted[half.lanterns] -= 1
                chosen.append(half)
        measure = _("cards with {pattern} lanterns").format(pattern=" + ".join(str(n) for n in pattern))
        return len(chosen), _print_cards(chosen), measure

    return count


def _umbrellas(t: Tableau, needed: int) -> tuple[int, tuple[str, ...], str]:
    """Umbrellas along a run of neighbouring Print cards that each show one (Yokai rules; data/SOURCES.md decision
    11)."""
    best: list[PrintHalf] = []
    run: list[PrintHalf] = []
    for half in t.print:
        if half and half.umbrellas > 0:
            run.append(half)
            if sum(h.umbrellas for h in run) > sum(h.umbrellas for h in best):
                best = list(run)
        else:
            run = []
    return sum(h.umbrellas for h in best), _print_cards(best), _("consecutive umbrellas")


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
