"""Charts as SVG drawn on the server: no script, no style attribute, no library.

Pure: plain values and words in, an SVG string out; every text is escaped
here. The viewBox is 360 units wide, a phone's width, and the SVG takes the
width of its box. Lines take the Okabe–Ito colours, which colour-blind
readers tell apart, and each also has its own dash pattern and marker, so
they differ without colour; each line's name is written at its end.
Coordinates are drawing units, not scores: they are the only floats here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

XMLNS = "http://www.w3.org/2000/svg"
WIDTH = 360
FONT = 11
INK = "#1b1b1b"
GRID = "#d0d0c8"
AXIS = "#595959"
BAR = "#0072B2"

PALETTE = ("#000000", "#E69F00", "#56B4E9", "#009E73", "#0072B2", "#D55E00", "#CC79A7", "#F0E442")
"""The Okabe–Ito colours, black first and the pale yellow last."""
DASHES = ("", "8 3", "2 2.5", "9 3 2 3", "4 3", "12 3 2 3 2 3", "1 3.5", "16 4")
MARKERS = ("circle", "square", "triangle", "diamond", "ring", "cross", "down", "plus")

MAX_MARKED = 16
"""Up to this many points, each point has its marker; past it, only the line's end."""
LABEL_CHARS = 11
LABEL_GAP = 13


@dataclass(frozen=True)
class Series:
    """A named line: its value at x = 0, 1, 2, …"""

    name: str
    values: tuple[int, ...]
    start: int = 0
    """The x of the first value: a player who joined late starts where they joined."""


@dataclass(frozen=True)
class Look:
    """How one line is drawn: colour, dash pattern, marker."""

    colour: str
    dash: str
    marker: str


def look(index: int) -> Look:
    """The look of the ``index``-th line; eight differ, then they come round again.

    >>> look(0) == look(8), look(0) == look(1)
    (True, False)
    """
    i = index % len(PALETTE)
    return Look(PALETTE[i], DASHES[i], MARKERS[i])


@dataclass(frozen=True)
class Frame:
    """Where the plot sits in the viewBox, and the values at its edges."""

    left: float
    top: float
    right: float
    bottom: float
    last_x: int
    low: int
    high: int

    def x(self, index: int) -> float:
        return self.left + (self.right - self.left) * index / max(self.last_x, 1)

    def y(self, value: int) -> float:
        return self.bottom - (self.bottom - self.top) * (value - self.low) / (self.high - self.low)


def nice_step(span: int, most: int) -> int:
    """The smallest of 1, 2, 5, 10, 20, 50… that cuts ``span`` in at most ``most`` steps.

    >>> nice_step(318, 4), nice_step(7, 5), nice_step(0, 4)
    (100, 2, 1)
    """
    power = 1
    while True:
        for factor in (1, 2, 5):
            if span <= factor * power * most:
                return factor * power
        power *= 10


def _bounds(values: Sequence[int], most: int = 8, zero: bool = True) -> tuple[int, int, int]:
    """The axis' lowest and highest values, 0 included, on whole steps; and the step.

    The smallest step of 1, 2, 2.5 (from 25 up), 5 × 10ⁿ that covers the values
    in at most ``most`` steps once both ends are rounded out to it, so the
    axis ends just past the highest score (1,200 → 1,200, not 2,000).

    >>> _bounds([-1100, 1200]), _bounds([0, 1180]), _bounds([3])
    ((-1500, 1500, 500), (0, 1200, 200), (0, 3, 1))
    """
    low, high = (min(0, *values), max(0, *values)) if zero else (min(values), max(values))
    if low == high:
        high = low + 1
    power = 1
    while True:
        for factor in (1, 2, 2.5, 5):
            step = int(factor * power)
            if step != factor * power:
                continue
            bottom, top = (low // step) * step, -(-high // step) * step
            if (top - bottom) // step <= most:
                return bottom, top, step
        power *= 10


def line_chart(
    series: Sequence[Series],
    *,
    title: str,
    description: str,
    chart_id: str,
    x_label: str = "",
    x_ticks: Sequence[tuple[int, str]] | None = None,
    empty: str = "",
    height: int = 240,
    zero: bool = True,
) -> str:
    """Lines of values over x = 0…n, each named at its end.

    :param x_ticks: (x, label) pairs under the axis; whole steps of x by default.
    :param empty: the words shown when no line has two points.
    :param zero: whether the axis must show 0 (not for a rating, around 1500).
    """
    last_x = max((s.start + len(s.values) - 1 for s in series), default=0)
    values = [v for s in series for v in s.values] or [0]
    low, high, step = _bounds(values, zero=zero)
    frame = Frame(42, 10, WIDTH - 104, height - 24, last_x, low, high)
    parts = [_open(chart_id, title, description, height)]
    if last_x == 0:
        # Nothing to draw: the words alone, not an axis of 0 to 1 that means nothing.
        parts = [_open(chart_id, title, description, 40)]
        parts.append(_text(WIDTH / 2, 24, empty, anchor="middle"))
        return "".join([*parts, "</svg>"])
    parts += _y_axis(frame, step)
    ticks = x_ticks if x_ticks is not None else _whole_ticks(last_x)
    parts += _x_axis(frame, ticks, x_label)
    ends = [frame.y(s.values[-1]) for s in series]
    places = spread(ends, frame.top + 4, frame.bottom - 4)
    for index, (one, place) in enumerate(zip(series, places, strict=True)):
        parts.append(_line(frame, one, look(index), place))
    parts.append("</svg>")
    return "".join(parts)


def _open(chart_id: str, title: str, description: str, height: int) -> str:
    ident = escape(chart_id)
    return (
        f'<svg xmlns="{XMLNS}" class="chart" viewBox="0 0 {WIDTH} {height}" '
        f'width="100%" role="img" aria-labelledby="{ident}-title {ident}-desc" '
        f'font-family="system-ui, sans-serif" font-size="{FONT}" fill="{INK}">'
        f'<title id="{ident}-title">{escape(title)}</title>'
        f'<desc id="{ident}-desc">{escape(description)}</desc>'
    )


def _text(x: float, y: float, words: str, anchor: str = "start", size: int = FONT) -> str:
    size_attr = "" if size == FONT else f' font-size="{size}"'
    return f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}"{size_attr}>{escape(words)}</text>'


def _y_axis(frame: Frame, step: int) -> list[str]:
    parts = []
    for value in range(frame.low, frame.high + 1, step):
        y = frame.y(value)
        colour, width = (AXIS, 1.2) if value == 0 else (GRID, 0.8)
        parts.append(
            f'<line x1="{frame.left:.1f}" y1="{y:.1f}" x2="{frame.right:.1f}" y2="{y:.1f}" '
            f'stroke="{colour}" stroke-width="{width}"/>'
        )
        parts.append(_text(frame.left - 4, y + 3.5, str(value), anchor="end", size=10))
    return parts


def _whole_ticks(last_x: int) -> list[tuple[int, str]]:
    step = nice_step(last_x, 5)
    return [(x, str(x)) for x in range(0, last_x + 1, step)]


TICK_CHAR, TICK_GAP = 6.0, 6.0
"""The most room a character of a 10 px label takes, and the least room between labels."""


def apart(frame: Frame, ticks: Sequence[tuple[int, str]]) -> list[tuple[int, str, str]]:
    """The ticks whose labels do not touch, with their anchors: a label that would touch
    the one before is left out, but the last one is always kept (the one before gives way)."""
    kept: list[tuple[int, str, str, float]] = []
    shown = [(x, words) for x, words in ticks if 0 <= x <= frame.last_x]
    for index, (x, words) in enumerate(shown):
        width, anchor = len(words) * TICK_CHAR, "middle"
        if len(words) > 3 and x in (0, frame.last_x):
            anchor = "start" if x == 0 else "end"
        start = frame.x(x) - {"start": 0, "end": width, "middle": width / 2}[anchor]
        while index == len(shown) - 1 and kept and kept[-1][3] + TICK_GAP > start:
            kept.pop()
        if not kept or kept[-1][3] + TICK_GAP <= start:
            kept.append((x, words, anchor, start + width))
    return [(x, words, anchor) for x, words, anchor, _end in kept]


def _x_axis(frame: Frame, ticks: Sequence[tuple[int, str]], label: str) -> list[str]:
    below = frame.bottom + 14
    parts = [
        f'<line x1="{frame.left:.1f}" y1="{frame.bottom:.1f}" x2="{frame.left:.1f}" '
        f'y2="{frame.top:.1f}" stroke="{AXIS}" stroke-width="1"/>'
    ]
    for x, words, anchor in apart(frame, ticks):
        parts.append(_text(frame.x(x), below, words, anchor=anchor, size=10))
    if label:
        parts.append(_text(2, below, label, size=10))
    return parts


def spread(
    wanted: Sequence[float], top: float, bottom: float, gap: float = LABEL_GAP
) -> list[float]:
    """Label heights as near ``wanted`` as can be, at least ``gap`` apart, within top…bottom.

    >>> spread([50, 52, 200], 0, 300)
    [44.5, 57.5, 200.0]
    """
    if not wanted:
        return []
    order = sorted(range(len(wanted)), key=lambda i: wanted[i])
    gap = min(gap, (bottom - top) / max(len(wanted) - 1, 1))
    placed = [float(wanted[i]) for i in order]
    # Group labels that crowd each other and centre each group on its wishes.
    groups: list[list[int]] = []
    for i in range(len(placed)):
        groups.append([i])
        while len(groups) > 1:
            first, second = groups[-2], groups[-1]
            if _start(first, placed, gap) + gap * len(first) <= _start(second, placed, gap):
                break
            groups[-2:] = [first + second]
    heights: list[float] = []
    for group in groups:
        heights += [_start(group, placed, gap) + gap * k for k in range(len(group))]
    # Then keep them in the box, pushing back from the edges.
    for k in range(len(heights)):
        heights[k] = max(heights[k], top + gap * k)
    for k in reversed(range(len(heights))):
        heights[k] = min(heights[k], bottom - gap * (len(heights) - 1 - k))
    result = [0.0] * len(wanted)
    for k, i in enumerate(order):
        result[i] = round(heights[k], 1)
    return result


def _start(group: list[int], placed: list[float], gap: float) -> float:
    """Where a group of labels starts when centred on the mean of their wishes."""
    mean = sum(placed[i] for i in group) / len(group)
    return mean - gap * (len(group) - 1) / 2


def _line(frame: Frame, one: Series, style: Look, label_y: float) -> str:
    wide, last = frame.right - frame.left, max(frame.last_x, 1)
    tall, span = frame.bottom - frame.top, frame.high - frame.low
    points = [  # Frame.x and Frame.y by the same sums, without a call per point (hundreds)
        (frame.left + wide * (one.start + i) / last, frame.bottom - tall * (v - frame.low) / span)
        for i, v in enumerate(one.values)
    ]
    drawn = " ".join(["%.1f,%.1f" % p for p in points])  # noqa: UP031 (twice an f-string's speed)
    dash = f' stroke-dasharray="{style.dash}"' if style.dash else ""
    parts = [f"<g><title>{escape(one.name)}: {one.values[-1]}</title>"]
    parts.append(
        f'<polyline points="{drawn}" fill="none" stroke="{style.colour}" '
        f'stroke-width="2.2" stroke-linejoin="round"{dash}/>'
    )
    marked = points if len(points) <= MAX_MARKED else points[-1:]
    parts += [marker(style.marker, x, y, style.colour) for x, y in marked]
    end_x, end_y = points[-1]
    start = frame.right + 8
    if abs(end_y - label_y) > 1:
        parts.append(
            f'<line x1="{end_x:.1f}" y1="{end_y:.1f}" x2="{start - 2:.1f}" y2="{label_y:.1f}" '
            f'stroke="{style.colour}" stroke-width="0.8"/>'
        )
    parts.append(
        f'<line x1="{start:.1f}" y1="{label_y:.1f}" x2="{start + 16:.1f}" y2="{label_y:.1f}" '
        f'stroke="{style.colour}" stroke-width="2.2"{dash}/>'
    )
    parts.append(marker(style.marker, start + 8, label_y, style.colour))
    parts.append(_text(start + 20, label_y + 4, short(one.name)))
    parts.append("</g>")
    return "".join(parts)


def short(name: str, most: int = LABEL_CHARS) -> str:
    """A name that fits at a line's end: whole; else its first word and the initials of
    the others ("Félix D."), or its first word alone; else cut, never inside a short name.

    >>> short("Bartholomée"), short("Félix Durand"), short("Anne-Sophie Martin")
    ('Bartholomée', 'Félix D.', 'Anne-Sophie')
    >>> short("Maximilienne-Charlotte"), short("Jean de la Fontaine")
    ('Maximilien…', 'Jean')
    """
    first, *others = name.split() or [name]
    for shown in (name, " ".join([first, *(w[0] + "." for w in others)]), first):
        if len(shown) <= most:
            return shown
    return name[: most - 1] + "…"


def marker(shape: str, x: float, y: float, colour: str, size: float = 3.6) -> str:
    """One marker centred on (x, y)."""
    r = size
    if shape == "circle":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{colour}"/>'
    if shape == "ring":
        return (
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="#fff" stroke="{colour}" '
            f'stroke-width="1.6"/>'
        )
    if shape == "square":
        return (
            f'<rect x="{x - r:.1f}" y="{y - r:.1f}" width="{2 * r:.1f}" height="{2 * r:.1f}" '
            f'fill="{colour}"/>'
        )
    corners = {
        "triangle": [(0, -1.2), (1.1, 0.9), (-1.1, 0.9)],
        "down": [(0, 1.2), (1.1, -0.9), (-1.1, -0.9)],
        "diamond": [(0, -1.3), (1.1, 0), (0, 1.3), (-1.1, 0)],
    }.get(shape)
    if corners is not None:
        path = " ".join(f"{x + dx * r:.1f},{y + dy * r:.1f}" for dx, dy in corners)
        return f'<polygon points="{path}" fill="{colour}"/>'
    arms = (
        [(-1, -1, 1, 1), (-1, 1, 1, -1)]
        if shape == "cross"
        else [(-1.2, 0, 1.2, 0), (0, -1.2, 0, 1.2)]
    )
    d = " ".join(
        f"M{x + a * r:.1f},{y + b * r:.1f}L{x + c * r:.1f},{y + e * r:.1f}" for a, b, c, e in arms
    )
    return f'<path d="{d}" stroke="{colour}" stroke-width="2" fill="none"/>'


def swatch(style: Look) -> str:
    """A line's look in small, beside a name in a table: the chart's legend."""
    dash = f' stroke-dasharray="{style.dash}"' if style.dash else ""
    return (
        f'<svg xmlns="{XMLNS}" class="swatch" viewBox="0 0 24 12" width="24" height="12" '
        'aria-hidden="true" '
        f'focusable="false"><line x1="1" y1="6" x2="23" y2="6" stroke="{style.colour}" '
        f'stroke-width="2.2"{dash}/>{marker(style.marker, 12, 6, style.colour, 3.2)}</svg>'
    )


@dataclass(frozen=True)
class Bar:
    """One bar: ``part`` of ``whole`` filled, its label on the left, its words on the right."""

    label: str
    part: int
    whole: int
    words: str


def bar_chart(bars: Sequence[Bar], *, title: str, description: str, chart_id: str) -> str:
    """Horizontal bars, one per row: the filled part solid, the rest an outline.

    A bar of nothing (``whole`` 0) is a dashed outline, so it reads as "none".
    """
    row, top, left, length = 30, 6, 100, 150
    height = top * 2 + row * max(len(bars), 1)
    parts = [_open(chart_id, title, description, height)]
    for i, bar in enumerate(bars):
        y = top + i * row
        parts.append(_text(4, y + 19, short(bar.label, 14)))
        dash = "" if bar.whole else ' stroke-dasharray="3 3"'
        parts.append(
            f'<rect x="{left}" y="{y + 7}" width="{length}" height="16" fill="#fff" '
            f'stroke="{BAR if bar.whole else AXIS}" stroke-width="1.2"{dash}/>'
        )
        if bar.whole and bar.part:
            filled = length * bar.part / bar.whole
            parts.append(
                f'<rect x="{left}" y="{y + 7}" width="{filled:.1f}" height="16" fill="{BAR}"/>'
            )
        parts.append(_text(left + length + 6, y + 19, bar.words))
    parts.append("</svg>")
    return "".join(parts)
