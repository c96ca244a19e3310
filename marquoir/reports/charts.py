"""SVG charts drawn on the server as text: a player's totals over time, and one game's categories as stacked bars.

Each chart is a self-contained ``<svg>`` with a ``viewBox`` and no fixed pixel size, so it fills its container and
stays readable on a 390-pixel phone screen (text is at least 11 units in a 360-unit-wide drawing, and a name too
long for its place is cut with an ellipsis rather than run into its neighbour's). Colours come with
a legend; every mark has a ``<title>`` for screen readers and hover. Values in, text out.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from html import escape
from typing import Any

from babel.dates import format_date

from marquoir.core.report import ScoreReport
from marquoir.games import first_game, get_game
from marquoir.reports.i18n import Gettext, check_lang, gettext_for
from marquoir.reports.sheets import layout_of
from marquoir.reports.stats import Result, results
from marquoir.storage.games import SavedGame, name_key

WIDTH = 360
#: Player lines (colour-blind-safe palette, Okabe & Ito) and their dash patterns, so lines differ without colour.
PLAYER_COLOURS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000", "#f0e442")
PLAYER_DASHES = ("", "6 3", "2 2", "8 3 2 3", "", "6 3", "2 2", "8 3 2 3")
#: A game's categories take these colours in the order of its sheet.
CATEGORY_COLOURS = ("#4e79a7", "#59a14f", "#f28e2b", "#b07aa1", "#edc948", "#e15759", "#76b7b2", "#9c755f")
FONT = 'font-family="DejaVu Sans, Arial, sans-serif"'


def _text(x: float, y: float, text: str, size: int = 11, anchor: str = "start", extra: str = "") -> str:
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" {FONT}{extra}>{escape(text)}</text>'
    )


#: About how wide a character of the charts' 11-unit text is (DejaVu Sans), to keep labels from overlapping.
CHARACTER_WIDTH = 6.6


def fitted(text: str, width: float) -> str:
    """``text`` cut to fit ``width`` units of 11-unit text, with an ellipsis when it was cut (the full text is in
    the marks' titles)."""
    most = max(3, int(width / CHARACTER_WIDTH))
    return text if len(text) <= most else text[: most - 1].rstrip() + "…"


def _nice_step(span: float, ticks: int = 5) -> int:
    raw = max(span / ticks, 1)
    magnitude = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if raw <= factor * magnitude:
            return int(factor * magnitude)
    return int(10 * magnitude)


def _scale(low: int, high: int) -> tuple[int, int, int]:
    """Axis bounds that include ``low``..``high`` and 0, on round steps."""
    low, high = min(low, 0), max(high, 0)
    if low == high:
        high = low + 10
    step = _nice_step(high - low)
    return step * math.floor(low / step), step * math.ceil(high / step), step


def _svg(height: float, title: str, body: list[str]) -> str:
    return "\n".join(
        [
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height:.0f}" width="100%" '
            f'role="img" aria-label="{escape(title)}" preserveAspectRatio="xMidYMid meet" class="marquoir-chart">',
            f"<title>{escape(title)}</title>",
            *body,
            "</svg>",
        ]
    )


def totals_chart_svg(
    games: Iterable[SavedGame],
    players: Sequence[str] | None = None,
    *,
    lang: str = "en",
    gettext: Gettext | None = None,
) -> str:
    """A line chart of each player's total, game after game in the order of play (x: the games, labelled by
    date; y: the total). ``players`` chooses whose lines (default: everyone, up to 8, most games first)."""
    return results_chart_svg(results(games), players, lang=lang, gettext=gettext)


def results_chart_svg(
    played: Sequence[Result],
    players: Sequence[str] | None = None,
    *,
    lang: str = "en",
    gettext: Gettext | None = None,
) -> str:
    """:func:`totals_chart_svg` drawn from players' results (in the order of play), such as the bounded ones the
    statistics read from storage: one point per result given, so the caller bounds the drawing."""
    _ = gettext or gettext_for(check_lang(lang))
    keyed = [(name_key(r.name), r) for r in played]
    keys: list[str] = []
    if players is not None:
        keys = [name_key(p) for p in players]
    else:
        counts: dict[str, int] = {}
        for key, _r in keyed:
            counts[key] = counts.get(key, 0) + 1
        keys = sorted(counts, key=lambda k: (-counts[k], k))[: len(PLAYER_COLOURS)]
    wanted = set(keys)
    shown = [r for key, r in keyed if key in wanted]
    title = _("Totals over time")
    if not shown:
        return _svg(60, title, [_text(WIDTH / 2, 35, _("No game yet"), 12, "middle")])
    game_order: list[tuple[int, datetime]] = []
    for r in shown:
        if not game_order or game_order[-1][0] != r.game_id:
            game_order.append((r.game_id, r.played_at))
    index = {game_id: i for i, (game_id, _when) in enumerate(game_order)}
    low, high, step = _scale(min(r.total for r in shown), max(r.total for r in shown))
    left, right, top, plot_h = 34, WIDTH - 24, 12, 170
    n = len(game_order)

    def x_of(i: int) -> float:
        return left + (right - left) * (0.5 if n == 1 else i / (n - 1))

    def y_of(v: float) -> float:
        return top + plot_h * (high - v) / (high - low)

    body = []
    for tick in range(low, high + 1, step):
        y = y_of(tick)
        colour = "#555" if tick == 0 else "#ddd"
        body.append(f'<line x1="{left}" y1="{y:.1f}" x2="{right}" y2="{y:.1f}" stroke="{colour}" stroke-width="1"/>')
        body.append(_text(left - 4, y + 4, str(tick), 11, "end"))
    label_every = max(1, math.ceil(n / 6))
    for i, (_game_id, when) in enumerate(game_order):
        if i % label_every == 0 or i == n - 1:
            body.append(_text(x_of(i), top + plot_h + 16, format_date(when, "d MMM", locale=lang), 11, "middle"))
    legend_y = top + plot_h + 36
    for p, key in enumerate(keys):
        colour, dash = PLAYER_COLOURS[p % len(PLAYER_COLOURS)], PLAYER_DASHES[p % len(PLAYER_DASHES)]
        points = [r for k, r in keyed if k == key]
        if not points:
            continue
        name = points[-1].name
        path = " ".join(f"{x_of(index[r.game_id]):.1f},{y_of(r.total):.1f}" for r in points)
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        body.append(
            f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"{dash_attr} '
            f'class="player-line" data-player="{escape(name)}"/>'
        )
        for r in points:
            mark = _("%(name)s: %(total)d points") % {"name": r.name, "total": r.total}
            body.append(
                f'<circle cx="{x_of(index[r.game_id]):.1f}" cy="{y_of(r.total):.1f}" r="{4 if r.winner else 2.5}" '
                f'fill="{colour}"><title>{escape(mark)}</title></circle>'
            )
        row, col = divmod(p, 2)
        lx, ly = 10 + col * 175, legend_y + row * 17
        body.append(
            f'<line x1="{lx}" y1="{ly - 4}" x2="{lx + 22}" y2="{ly - 4}" stroke="{colour}" '
            f'stroke-width="2"{dash_attr}/>'
        )
        body.append(_text(lx + 27, ly, fitted(name, 175 - 31), 11))
    height = legend_y + ((len(keys) + 1) // 2) * 17
    return _svg(height, title, body)


def game_bars_svg(report: ScoreReport | Mapping[str, Any], *, lang: str = "en", gettext: Gettext | None = None) -> str:
    """One game as stacked bars: a bar per player, its categories stacked up from zero, negative figures (penalty
    tokens, crossed Harmony symbols) stacked down from zero, the total printed above the bar."""
    _ = gettext or gettext_for(check_lang(lang))
    data = report.to_json() if isinstance(report, ScoreReport) else report
    players = data["players"]
    game = str(data.get("game") or first_game().name)
    categories = get_game(game).categories
    labels = layout_of(game).category_labels
    colours = dict(zip(categories, CATEGORY_COLOURS, strict=False))
    if not players:
        return _svg(60, _("Points by category"), [_text(WIDTH / 2, 35, _("No game yet"), 12, "middle")])
    tops = [sum(max(int(p["breakdown"].get(c, 0)), 0) for c in categories) for p in players]
    bottoms = [sum(min(int(p["breakdown"].get(c, 0)), 0) for c in categories) for p in players]
    low, high, step = _scale(min(bottoms), max(tops))
    left, right, top, plot_h = 34, WIDTH - 10, 18, 190

    def y_of(v: float) -> float:
        return top + plot_h * (high - v) / (high - low)

    body = []
    for tick in range(low, high + 1, step):
        y = y_of(tick)
        body.append(f'<line x1="{left}" y1="{y:.1f}" x2="{right}" y2="{y:.1f}" stroke="#ddd" stroke-width="1"/>')
        body.append(_text(left - 4, y + 4, str(tick), 11, "end"))
    slot = (right - left) / max(len(players), 1)
    bar_w = min(slot * 0.6, 60)
    for i, player in enumerate(players):
        x = left + slot * i + (slot - bar_w) / 2
        up = down = 0
        for category in categories:
            value = int(player["breakdown"].get(category, 0))
            if value == 0:
                continue
            if value > 0:
                y1, y2 = y_of(up + value), y_of(up)
                up += value
            else:
                y1, y2 = y_of(down), y_of(down + value)
                down += value
            label = _("%(name)s, %(category)s: %(points)d") % {
                "name": player["name"],
                "category": _(labels[category]),
                "points": value,
            }
            body.append(
                f'<rect x="{x:.1f}" y="{y1:.1f}" width="{bar_w:.1f}" height="{max(y2 - y1, 0.5):.1f}" '
                f'fill="{colours[category]}" stroke="#fff" stroke-width="0.5" data-category="{category}" '
                f'data-points="{value}"><title>{escape(label)}</title></rect>'
            )
        body.append(_text(x + bar_w / 2, y_of(up) - 4, str(player["total"]), 11, "middle", ' font-weight="bold"'))
        name_y = top + plot_h + 15
        body.append(_text(x + bar_w / 2, name_y, fitted(str(player["name"]), slot - 4), 11, "middle"))
    zero = y_of(0)
    body.append(f'<line x1="{left}" y1="{zero:.1f}" x2="{right}" y2="{zero:.1f}" stroke="#333" stroke-width="1.2"/>')
    used = [c for c in categories if any(int(p["breakdown"].get(c, 0)) for p in players)]
    legend_y = top + plot_h + 36
    for n, category in enumerate(used):
        row, col = divmod(n, 2)
        lx, ly = 10 + col * 175, legend_y + row * 17
        body.append(f'<rect x="{lx}" y="{ly - 10}" width="12" height="12" fill="{colours[category]}"/>')
        body.append(_text(lx + 17, ly, _(labels[category]), 11))
    height = legend_y + ((len(used) + 1) // 2) * 17
    return _svg(height, _("Points by category"), body)
