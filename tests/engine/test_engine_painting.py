"""Properties of the painting rules (``marquoir/engine/painting.py``), on random Studios and brushes."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from marquoir.games.kanagawa.catalogue import Paint
from marquoir.games.kanagawa.engine import painting
from marquoir.games.kanagawa.engine.painting import Brushes
from marquoir.games.kanagawa.vocabulary import LANDSCAPES, STUDIO_LANDSCAPES

icons_st = st.lists(st.sampled_from(STUDIO_LANDSCAPES), min_size=1, max_size=8).map(tuple)


@st.composite
def studios(draw: st.DrawFn) -> tuple[tuple[str, ...], Brushes]:
    icons = draw(icons_st)
    placed = draw(st.integers(0, (1 << len(icons)) - 1))
    painted = placed & draw(st.integers(0, (1 << len(icons)) - 1))
    served = painted | draw(st.integers(0, (1 << len(icons)) - 1))
    return icons, Brushes(placed, painted, served, draw(st.integers(0, 3)), draw(st.integers(0, 2)))


needs = st.builds(Paint, st.sampled_from(LANDSCAPES), st.integers(1, 2))


@given(studios(), needs)
def test_every_way_to_paint_follows_the_golden_rules(studio: tuple[tuple[str, ...], Brushes], need: Paint) -> None:
    icons, before = studio
    for used, after in painting.paint_with_placing(before, icons, need):
        assert len(used) == need.brushes == len(set(used))
        for icon in used:
            assert painting.serves(icons[icon], need.landscape)
            assert not before.served >> icon & 1  # each icon serves once a round
            assert not before.painted >> icon & 1  # each brush paints once a round
            assert after.painted >> icon & 1 and after.served >> icon & 1
        assert after.owned == before.owned  # placing brushes never makes or loses one
        assert after.moves == before.moves


@given(studios(), needs)
def test_paint_choices_are_exactly_the_allowed_icon_sets(studio: tuple[tuple[str, ...], Brushes], need: Paint) -> None:
    icons, brushes = studio
    allowed = set(painting.paint_choices(brushes, icons, need))
    from itertools import combinations

    for at in combinations(range(len(icons)), need.brushes):
        assert (painting.paint_problem(brushes, icons, need, at) is None) == (at in allowed)


@given(studios(), st.integers(0, 3), st.integers(0, 7), st.integers(0, 7))
def test_a_move_uses_one_arrow_and_keeps_the_brushes(
    studio: tuple[tuple[str, ...], Brushes], arrows: int, source: int, target: int
) -> None:
    icons, brushes = studio
    problem = painting.move_problem(brushes, icons, arrows, source, target)
    if problem is None:
        after = painting.move(brushes, icons, arrows, source, target)
        assert after.moves == brushes.moves + 1 <= arrows
        assert after.placed.bit_count() == brushes.placed.bit_count()
        assert after.placed >> target & 1 and not after.placed >> source & 1
        assert (after.painted >> target & 1) == (brushes.painted >> source & 1)  # the mark moves with the brush
    else:
        assert brushes.moves >= arrows or not 0 <= source < len(icons) or not 0 <= target < len(icons) \
            or not brushes.placed >> source & 1 or brushes.placed >> target & 1 or source == target


@given(studios(), needs)
def test_the_mask_form_of_painting_gives_exactly_the_same_ways(
    studio: tuple[tuple[str, ...], Brushes], need: Paint
) -> None:
    icons, brushes = studio
    expected = list(painting.paint_with_placing(brushes, icons, need))
    serving = painting.serving_mask(icons, need.landscape)
    assert serving == sum(1 << i for i, icon in enumerate(icons) if painting.serves(icon, need.landscape))
    assert painting.paint_ways(brushes, serving, need.brushes) == expected


@given(studios(), st.integers(0, 3), st.integers(0, 255), st.integers(0, 255))
def test_the_mask_form_of_moving_gives_exactly_the_same_moves(
    studio: tuple[tuple[str, ...], Brushes], arrows: int, sources: int, targets: int
) -> None:
    icons, brushes = studio
    size = (1 << len(icons)) - 1
    sources &= size
    targets &= size
    expected = [
        (source, target, painting.move(brushes, icons, arrows, source, target))
        for source in brushes.icons_with_brush()
        if sources >> source & 1
        for target in range(len(icons))
        if targets >> target & 1 and painting.move_problem(brushes, icons, arrows, source, target) is None
    ]
    assert painting.moves_between(brushes, arrows, sources, targets) == expected
