"""Charts drawn by the server: valid SVG, inside their viewBox, for 0 deals, 1 deal and losses."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.stats import charts
from scorekeeper.stats.charts import Bar, Series, bar_chart, line_chart

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


def box(root: ET.Element) -> tuple[float, float]:
    x, y, width, height = (float(v) for v in root.attrib["viewBox"].split())
    assert (x, y) == (0, 0)
    return width, height


def lines(root: ET.Element) -> list[list[tuple[float, float]]]:
    """The data lines: each polyline's points."""
    return [
        [(float(x), float(y)) for x, y in (p.split(",") for p in line.attrib["points"].split())]
        for line in root.iter(f"{SVG}polyline")
    ]


def coordinates(root: ET.Element) -> list[tuple[float, float]]:
    """Every point drawn: lines' points, markers' centres, texts' anchors, lines' ends."""
    found = [point for line in lines(root) for point in line]
    for element in root.iter():
        a = element.attrib
        if "cx" in a:
            found.append((float(a["cx"]), float(a["cy"])))
        if element.tag in (f"{SVG}text", f"{SVG}rect"):
            found.append((float(a["x"]), float(a["y"])))
        if element.tag == f"{SVG}line":
            found += [(float(a["x1"]), float(a["y1"])), (float(a["x2"]), float(a["y2"]))]
        if element.tag == f"{SVG}polygon":
            found += [(float(x), float(y)) for x, y in (p.split(",") for p in a["points"].split())]
    return found


def assert_inside(root: ET.Element) -> None:
    width, height = box(root)
    outside = [(x, y) for x, y in coordinates(root) if not (0 <= x <= width and 0 <= y <= height)]
    assert outside == []


def assert_safe(svg: str) -> None:
    """Nothing the Content-Security-Policy forbids: no style attribute or element, no script."""
    assert not re.search(r"\sstyle=|<style|<script|javascript:", svg)


def chart(*series: Series, **kwargs: object) -> str:
    return line_chart(
        series,
        title="Running totals",
        description="After each deal",
        chart_id="t",
        x_label="Deal",
        empty="No deal yet.",
        **kwargs,  # type: ignore[arg-type]
    )


def test_no_deal_draws_no_line_but_says_so() -> None:
    svg = chart(Series("Alice", (0,)), Series("Bob", (0,)))
    root = parse(svg)
    assert lines(root) == []
    assert "No deal yet." in [t.text for t in root.iter(f"{SVG}text")]
    assert_inside(root)
    assert_safe(svg)


def test_no_player_at_all() -> None:
    root = parse(chart())
    assert lines(root) == [] and root.find(f"{SVG}title") is not None


def test_one_deal_draws_one_segment_per_player() -> None:
    # Garde made by 8: Alice +198, the three others −66.
    names = ("Alice", "Bob", "Chloé", "David")
    svg = chart(*(Series(n, (0, v)) for n, v in zip(names, (198, -66, -66, -66), strict=True)))
    root = parse(svg)
    drawn = lines(root)
    assert [len(line) for line in drawn] == [2, 2, 2, 2]
    assert len({line[0] for line in drawn}) == 1  # every line starts from 0 before deal 1
    # Alice ends higher (a smaller y) than the others, who end together.
    assert drawn[0][1][1] < drawn[1][1][1] == drawn[2][1][1] == drawn[3][1][1]
    labels = [t.text for t in root.iter(f"{SVG}text")]
    assert all(name in labels for name in names)
    assert_inside(root)
    assert_safe(svg)


def test_negative_totals_stay_inside_the_box() -> None:
    svg = chart(
        Series("Alice", (0, -1776, -3552, -2000)),
        Series("Bob", (0, 592, 1184, 900)),
        Series("Chloé", (0, 592, 1184, 550)),
        Series("David", (0, 592, 1184, 550)),
    )
    root = parse(svg)
    assert [len(line) for line in lines(root)] == [4, 4, 4, 4]
    assert_inside(root)
    # The zero line is drawn, and the axis reaches below the lowest total.
    ticks = [
        int(t.text or "") for t in root.iter(f"{SVG}text") if re.fullmatch(r"-?\d+", t.text or "")
    ]
    assert 0 in ticks and min(ticks) <= -3552 and max(ticks) >= 1184


def test_only_losses_and_only_zeros() -> None:
    for values in ((0, -5, -10), (0, 0, 0)):
        root = parse(chart(Series("Alice", values)))
        assert [len(line) for line in lines(root)] == [3]
        assert_inside(root)


def test_lines_differ_without_colour() -> None:
    names = [f"P{i}" for i in range(8)]
    root = parse(chart(*(Series(n, (0, i)) for i, n in enumerate(names))))
    polylines = list(root.iter(f"{SVG}polyline"))
    styles = {(p.get("stroke"), p.get("stroke-dasharray")) for p in polylines}
    assert len(styles) == 8
    assert len({p.get("stroke-dasharray") for p in polylines}) == 8  # dashes alone tell them
    assert set(charts.PALETTE) == {p.get("stroke") for p in polylines}
    assert len(set(charts.MARKERS)) == 8


def test_many_deals_mark_only_the_line_ends() -> None:
    root = parse(chart(Series("Alice", tuple(range(0, 201)))))
    assert [len(line) for line in lines(root)] == [201]
    circles = list(root.iter(f"{SVG}circle"))
    assert len(circles) == 2  # the line's end and its label
    assert_inside(root)


def test_names_are_escaped_and_cut_to_fit() -> None:
    svg = chart(Series('<script>"x"&</script>', (0, 5)), Series("Bartholomée-Anne", (0, -5)))
    assert "<script>" not in svg
    root = parse(svg)
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert '<script>"x…' in texts and "Bartholomé…" in texts
    titles = [t.text for t in root.iter(f"{SVG}title")]
    assert '<script>"x"&</script>: 5' in titles  # the whole name in the line's tooltip


def test_the_chart_is_labelled_for_screen_readers_and_fits_a_phone() -> None:
    root = parse(chart(Series("Alice", (0, 5))))
    assert root.get("role") == "img" and root.get("aria-labelledby") == "t-title t-desc"
    assert root.find(f"{SVG}title") is not None and root.find(f"{SVG}desc") is not None
    assert root.get("width") == "100%" and box(root)[0] == 360


def test_labels_of_lines_that_end_together_do_not_overlap() -> None:
    root = parse(chart(*(Series(f"P{i}", (0, 10)) for i in range(6))))
    heights = sorted(
        float(t.get("y", 0)) for t in root.iter(f"{SVG}text") if (t.text or "").startswith("P")
    )
    assert all(b - a >= charts.LABEL_GAP - 0.2 for a, b in pairwise(heights))
    assert_inside(root)


def test_given_ticks_label_the_x_axis() -> None:
    root = parse(chart(Series("Alice", (0, 5, 9)), x_ticks=[(1, "12 Sep 2026"), (2, "5 Jun")]))
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "12 Sep 2026" in texts and "5 Jun" in texts


@given(
    st.lists(st.lists(st.integers(-5000, 5000), min_size=1, max_size=30), min_size=1, max_size=8)
)
def test_any_totals_give_valid_svg_inside_the_box(values: list[list[int]]) -> None:
    series = [Series(f"P{i}", (0, *v)) for i, v in enumerate(values)]
    root = parse(chart(*series))
    assert [len(line) for line in lines(root)] == [len(s.values) for s in series]
    assert_inside(root)


@given(st.lists(st.floats(0, 200), max_size=10), st.integers(0, 100))
def test_spread_keeps_order_gap_and_box(wanted: list[float], top: int) -> None:
    placed = charts.spread(wanted, top, top + 200)
    order = sorted(range(len(wanted)), key=lambda i: wanted[i])
    heights = [placed[i] for i in order]
    assert all(b - a >= charts.LABEL_GAP - 0.2 for a, b in pairwise(heights))
    assert all(top - 0.1 <= h <= top + 200.1 for h in heights)


def test_nice_steps() -> None:
    assert [charts.nice_step(span, 4) for span in (1, 4, 5, 9, 40, 41, 318, 7104)] == [
        1,
        1,
        2,
        5,
        10,
        20,
        100,
        2000,
    ]


def test_bars_fill_the_part_made() -> None:
    svg = bar_chart(
        [Bar("Prise", 0, 0, "—"), Bar("Garde", 3, 4, "3/4 · 75%"), Bar("Garde sans", 1, 1, "")],
        title="Contracts made",
        description="By contract",
        chart_id="c",
    )
    root = parse(svg)
    rects = list(root.iter(f"{SVG}rect"))
    frames = [r for r in rects if r.get("fill") == "#fff"]
    filled = [r for r in rects if r.get("fill") == charts.BAR]
    assert len(frames) == 3 and frames[0].get("stroke-dasharray") == "3 3"
    assert [float(r.get("width", 0)) for r in filled] == [112.5, 150.0]
    assert "3/4 · 75%" in [t.text for t in root.iter(f"{SVG}text")]
    assert_inside(root)
    assert_safe(svg)


def test_no_bar_at_all() -> None:
    root = parse(bar_chart([], title="t", description="d", chart_id="c"))
    assert box(root)[1] > 0


@pytest.mark.parametrize("index", range(8))
def test_each_swatch_is_valid_svg(index: int) -> None:
    root = parse(charts.swatch(charts.look(index)))
    assert root.get("aria-hidden") == "true"


@pytest.mark.parametrize(
    ("values", "top"),
    [([1180, -300], 1200), ([1200, -1100], 1500), ([40, 10], 40), ([7], 7), ([-250], 0)],
)
def test_the_axis_ends_just_past_the_highest_score(values: list[int], top: int) -> None:
    svg = charts.line_chart(
        [charts.Series("A", (0, *values))], title="t", description="d", chart_id="c"
    )
    labels = [int(v) for v in re.findall(r'text-anchor="end" font-size="10">(-?\d+)<', svg)]
    assert max(labels) == top


def test_a_chart_of_nothing_has_no_axis() -> None:
    svg = charts.line_chart(
        [charts.Series("A", (0,))], title="t", description="d", chart_id="c", empty="No deal."
    )
    assert "No deal." in svg and "<line" not in svg


@pytest.mark.parametrize("evenings", range(1, 16))
def test_date_labels_under_the_axis_never_touch(evenings: int) -> None:
    """4 to 8, 10 or 11 evenings drew dates over each other ("17 janvé25 25"): each label
    now keeps its room, and the last evening is always named."""
    days = [f"{day} janv. 25" for day in range(1, evenings + 1)]
    svg = line_chart(
        [Series("Anne", tuple(range(evenings + 1)))],
        title="t",
        description="d",
        chart_id="c",
        x_ticks=[(i, days[i - 1]) for i in range(1, evenings + 1)],
    )
    root = parse(svg)
    bottom = max(float(t.attrib["y"]) for t in root.iter(f"{SVG}text"))
    under = [t for t in root.iter(f"{SVG}text") if float(t.attrib["y"]) == bottom]
    spans = []
    for text in under:
        width = len(text.text or "") * charts.TICK_CHAR
        x, anchor = float(text.attrib["x"]), text.attrib.get("text-anchor", "start")
        start = {"start": x, "end": x - width, "middle": x - width / 2}[anchor]
        spans.append((start, start + width))
    assert under[-1].text == days[-1]
    assert all(a[1] + charts.TICK_GAP <= b[0] for a, b in pairwise(sorted(spans)))
    assert all(0 <= a and b <= charts.WIDTH for a, b in spans)
