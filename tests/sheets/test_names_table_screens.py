"""What a table reads at 360 px: every column head told apart, and a late joiner's line
drawn from where they joined."""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from ..factories import deal_data, start_evening

EN = {"Accept-Language": "en"}
MARIES = ("Marie-Christine", "Marguerite", "Marie-Thérèse", "Bob", "Eve")


def save(client: FlaskClient, token: str, **fields: str) -> None:
    page = client.get(f"/e/{token}/deals/new").get_data(as_text=True)
    hidden = dict(
        re.findall(r'name="(once|number|seating|rotation)" type="hidden" value="([^"]*)"', page)
    )
    hidden["seating"] = hidden["seating"].replace("&#34;", '"')
    answer = client.post(f"/e/{token}/deals/new.json", data=deal_data(**hidden, **fields))
    assert answer.status_code == 200, answer.get_json()


def test_the_summarys_chart_figures_tell_every_column_apart(client: FlaskClient) -> None:
    token = start_evening(client, MARIES, "five")
    save(client, token, taker="Marguerite", partner="Bob")
    page = client.get(f"/e/{token}/summary", headers=EN).get_data(as_text=True)
    table = page[page.index("Running totals after each deal") :]
    head = table[: table.index("</thead>")]
    shown = [
        re.sub(r"<[^>]+>", "", cell).strip()
        for cell in re.findall(r'<th scope="col" title="[^"]+">(.*?)</th>', head)
    ]
    assert len(shown) == 5 and len(set(shown)) == 5, shown
    assert all(len(name) <= 6 for name in shown), shown


def first_x(page: str, name: str) -> float:
    found = re.search(rf"<title>{name}: -?\d+</title><polyline points=\"([\d.]+),", page)
    assert found, name
    return float(found.group(1))


def test_a_late_joiners_line_starts_where_they_joined(client: FlaskClient) -> None:
    token = start_evening(client)
    for taker in ("Alice", "Bob", "Chloé"):
        save(client, token, taker=taker)
    seats = {
        f"seat_{i}": name for i, name in enumerate(("Alice", "Bob", "Chloé", "David", "Zoé"), 1)
    }
    moved = client.post(f"/e/{token}/seating", data=seats | {"table_mode": "five"})
    assert moved.status_code in (302, 303), moved.get_data(as_text=True)
    save(client, token, taker="Zoé", partner="Alice")
    page = client.get(f"/e/{token}/summary", headers=EN).get_data(as_text=True)
    alice, zoe = first_x(page, "Alice"), first_x(page, "Zoé")
    assert zoe > alice  # not a flat line at 0 from deal 0
