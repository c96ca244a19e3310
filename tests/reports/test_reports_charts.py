"""SVG charts: well-formed, scalable (viewBox, no pixel width), escaped, negative figures below zero; each is also
drawn to a PNG in test-artifacts/ at a phone's width to be looked at."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from support.paths import ARTIFACTS
from support.reports import render_png, saved, sheet_table
from support.samples import sample_table

from marquoir import score
from marquoir.reports.charts import game_bars_svg, totals_chart_svg
from marquoir.reports.sheets import html_to_pdf

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert re.fullmatch(r"0 0 360 \d+", root.attrib["viewBox"])
    assert root.attrib["width"] == "100%" and "height" not in root.attrib
    assert root.find(f"{SVG}title") is not None
    sizes = [float(t.attrib["font-size"]) for t in root.iter(f"{SVG}text")]
    assert sizes and min(sizes) >= 11  # ≥ 11 px on a 390 px phone
    return root


def draw(svg: str, stem: str) -> None:
    """The chart at a phone's width (390 px ≈ 103 mm at 96 dpi), rendered by WeasyPrint and pdftoppm."""
    html = (
        "<!doctype html><html><head><style>@page { size: 103mm 90mm; margin: 0 } body { margin: 0 }</style></head>"
        f'<body><div style="width: 103mm">{svg}</div></body></html>'
    )
    ARTIFACTS.mkdir(exist_ok=True)
    pdf = ARTIFACTS / f"{stem}.pdf"
    pdf.write_bytes(html_to_pdf(html))
    assert render_png(pdf, stem, resolution=96)


def zero_line_y(root: ET.Element) -> float:
    lines = [ln for ln in root.iter(f"{SVG}line") if ln.attrib.get("stroke") == "#333"]
    assert len(lines) == 1
    return float(lines[0].attrib["y1"])


def test_game_bars_stack_positive_figures_up_and_yokai_down() -> None:
    report = score(sample_table("yokai-3p"))
    svg = game_bars_svg(report)
    root = parse(svg)
    zero = zero_line_y(root)
    rects = [r for r in root.iter(f"{SVG}rect") if "data-category" in r.attrib]
    for player in report.players:
        drawn = {c: int(v) for c, v in player.breakdown.items() if v}
        mine = [r for r in rects if r.find(f"{SVG}title").text.startswith(player.name + ",")]  # type: ignore[union-attr]
        assert {r.attrib["data-category"]: int(r.attrib["data-points"]) for r in mine} == drawn
        for rect in mine:
            top, height = float(rect.attrib["y"]), float(rect.attrib["height"])
            if int(rect.attrib["data-points"]) < 0:
                assert top >= zero - 0.1
            else:
                assert top + height <= zero + 0.1
    biggest = max(rects, key=lambda r: abs(int(r.attrib["data-points"])))
    unit = float(biggest.attrib["height"]) / abs(int(biggest.attrib["data-points"]))
    for rect in rects:  # one scale for every bar (coordinates are written to 0.1)
        assert abs(float(rect.attrib["height"]) - unit * abs(int(rect.attrib["data-points"]))) <= 0.15
    assert "Yokai" in svg and svg == game_bars_svg(report.to_json())
    draw(svg, "chart-game-bars")


def test_negative_harmony_is_drawn_below_zero_too() -> None:
    table = sheet_table(("Aiko", 3, 2, -3, 0, True, 0), ("Ben", 4, 1, 0, 0, False, 0))
    root = parse(game_bars_svg(score(table)))
    harmony = [r for r in root.iter(f"{SVG}rect") if r.attrib.get("data-category") == "harmony"]
    assert len(harmony) == 1 and float(harmony[0].attrib["y"]) >= zero_line_y(root) - 0.1


def test_the_totals_chart_has_a_line_per_player_and_a_point_per_game() -> None:
    games = [
        saved(1, sheet_table(("Aiko", 10, 4, 2, 7, True, 0), ("Ben", 12, 4, 2, 5, False, 0))),
        saved(2, sheet_table(("Ben", 11, 3, 1, 4, False, 0), ("Chiyo", 9, 3, 1, 0, True, 0)), days=3),
        saved(3, sheet_table(("Ben", 12, 6, 3, 9, True, 0), ("aiko", 9, 2, 0, 3, False, 0)), days=9),
    ]
    svg = totals_chart_svg(games)
    root = parse(svg)
    lines = {p.attrib["data-player"]: p.attrib["points"].split() for p in root.iter(f"{SVG}polyline")}
    assert {k: len(v) for k, v in lines.items()} == {"Ben": 3, "aiko": 2, "Chiyo": 1}
    xs = sorted({float(pt.split(",")[0]) for pts in lines.values() for pt in pts})
    assert len(xs) == 3  # one x per game, in the order of play
    assert [float(pt.split(",")[0]) for pt in lines["aiko"]] == [xs[0], xs[2]]
    ben_y = [float(pt.split(",")[1]) for pt in lines["Ben"]]
    assert ben_y[2] < ben_y[0] < ben_y[1]  # 32 above 23 above 19: higher totals drawn higher
    assert "5 Jan" in svg and "14 Jan" in svg
    only = parse(totals_chart_svg(games, ["Chiyo"]))
    assert [p.attrib["data-player"] for p in only.iter(f"{SVG}polyline")] == ["Chiyo"]
    draw(svg, "chart-totals")


def test_charts_escape_names_and_say_when_there_is_nothing() -> None:
    table = sheet_table(('<script>"x"</script>', 10, 4, 2, 7, True, 0), ("Ben & Co", 12, 4, 2, 5, False, 0))
    for svg in (game_bars_svg(score(table)), totals_chart_svg([saved(1, table)])):
        parse(svg)
        assert "<script>" not in svg and "&lt;script&gt;" in svg and "Ben &amp; Co" in svg
    empty = totals_chart_svg([])
    assert "No game yet" in empty
    parse(empty)
