"""A tournament's paper, as HTML: the wall plan, the table cards, the score sheets, the
printed ranking and the projector's pages (their PDFs are in tests/browser).

The tournaments are built once for the module (``tests/paper_tournaments.py``):
"open" has 26 players and a no-show, round 1 played with every bonus and corrected
by the organiser, round 2 under way; "between" has round 1 done and round 2 drawn;
"over" is finished; "wall" has 27 players at the projector; "clock" plays 45 minutes a
round, 20 deals a table.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from flask import Flask
from sqlalchemy import select

from scorekeeper import create_app
from scorekeeper.db import db
from scorekeeper.enums import CorrectionAction
from scorekeeper.models import Correction, Round, Sheet, TableSeat, Tournament
from scorekeeper.scoring.text import name_key
from scorekeeper.sheets import reads
from scorekeeper.tournaments import store as tournaments
from scorekeeper.tournaments.printables import numbers_now

from ..conftest import database_uri
from ..paper_tournaments import Built, build, correct

# Its tests share a world built once (a module fixture): they run in one test process.
pytestmark = pytest.mark.xdist_group("paper")

EN = {"Accept-Language": "en"}


@pytest.fixture(scope="module")
def paper(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Flask, dict[str, Built]]]:
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "paper",
            "WTF_CSRF_ENABLED": False,
            "SQLALCHEMY_DATABASE_URI": database_uri(
                tmp_path_factory.mktemp("paper"), "paper", schema=True
            ),
        }
    )
    with app.app_context():
        built = {
            "open": build(26, rounds=2, played=1, playing=True, no_shows=1, name="Open"),
            "between": build(8, rounds=2, played=1, name="Between"),
            "over": build(8, rounds=1, played=1, name="Over"),
            "wall": build(27, rounds=3, played=0, playing=True, name="Wall"),
            "fresh": build(9, rounds=2, played=0, name="Fresh"),
            "clock": build(9, rounds=1, played=1, name="Clock", minutes=45, deals=20),
            "marathon": build(8, rounds=9, played=9, name="Marathon"),
        }
        correct(built["open"].organiser)
        for name in ("between", "fresh"):
            tournaments.draw_round(tournament(built[name]))
        signed = sheet(built["open"], 2, 1)  # a table of round 2 signs: the others play on
        tournaments.sign(signed, signed.seating)
        db.session.commit()
    yield app, built
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def tournament(built: Built) -> Tournament:
    return db.session.scalars(
        select(Tournament).where(Tournament.organiser_token == built.organiser)
    ).one()


def sheet(built: Built, round_number: int, table: int) -> Sheet:
    return db.session.scalars(
        select(Sheet).where(
            Sheet.tournament_id == tournament(built).id,
            Sheet.round_number == round_number,
            Sheet.table_number == table,
        )
    ).one()


def get(app: Flask, url: str) -> str:
    response = app.test_client().get(url, headers=EN)
    assert response.status_code == 200, url
    return response.get_data(as_text=True)


def pages(html: str, marker: str = 'class="print-page"') -> list[str]:
    """The page's parts, one per printed page (the text before the first is dropped)."""
    return html.split(marker)[1:]


def cells(row: str) -> list[str]:
    """A table row's cells as text."""
    return [
        re.sub(r"<[^>]+>", "", c).strip()
        for c in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, re.S)
    ]


def rows(html: str) -> list[list[str]]:
    return [cells(r) for r in re.findall(r"<tr[^>]*>(.*?)</tr>", html, re.S)]


# --- the wall plan --------------------------------------------------------------------------


def test_the_wall_plan_lists_every_player_a_to_z_with_table_and_seat(
    paper: tuple[Flask, dict[str, Built]],
) -> None:
    app, built = paper
    html = get(app, f"/o/{built['open'].organiser}/rounds/1/plan")
    listed = re.findall(
        r'<span class="who">(.*?)</span> <span class="where"><b>(\d+)</b> · (\d+)</span>', html
    )
    with app.app_context():
        round_ = db.session.scalars(
            select(Round).where(
                Round.tournament_id == tournament(built["open"]).id, Round.number == 1
            )
        ).one()
        seats = db.session.scalars(select(TableSeat).where(TableSeat.round_id == round_.id)).all()
        expected = sorted(
            ((s.player.name, str(s.table), str(s.seat)) for s in seats),
            key=lambda s: name_key(s[0]),
        )
    assert listed == expected and len(listed) == 26
    assert "Round 1" in html and "started at" in html
    # The public QR code once; no table's QR code, no link that enters scores.
    assert html.count("public-qr.svg") == 1 and "/qr.svg" not in html and "/e/" not in html


def test_the_plan_of_a_round_not_started_says_when_it_was_printed(
    paper: tuple[Flask, dict[str, Built]],
) -> None:
    app, built = paper
    html = get(app, f"/o/{built['fresh'].organiser}/rounds/1/plan")
    assert "drawn, not started yet (printed at" in html and html.count('class="who"') == 9


# --- the table cards ------------------------------------------------------------------------


def test_a_table_card_names_its_players_in_seat_order_the_first_dealer_and_its_sheet(
    paper: tuple[Flask, dict[str, Built]],
) -> None:
    app, built = paper
    html = get(app, f"/o/{built['open'].organiser}/rounds/1/cards")
    cards = pages(html, 'class="table-card"')
    assert len(cards) == 6 and html.count('class="card-sheet"') == 2  # four cards a page
    with app.app_context():
        for number, card in enumerate(cards, 1):
            table = sheet(built["open"], 1, number)
            front = card.split("card-front")[1]
            assert re.findall(r"<li>(.*?)</li>", front) == table.seating
            assert f'<p class="card-dealer">{table.first_dealer.name} deals first.</p>' in front
            assert front.count("qr.svg") == 1 and f"/rounds/1/tables/{number}/card-qr.svg" in front


def test_the_cards_print_before_the_round_starts(paper: tuple[Flask, dict[str, Built]]) -> None:
    app, built = paper
    html = get(app, f"/o/{built['fresh'].organiser}/rounds/1/cards")
    assert "The cards appear when the round starts." not in html
    assert html.count('class="table-card"') == html.count("card-qr.svg") > 0
    assert "each card opens its table's sheet as soon as the round starts" in html


def test_a_round_drawn_before_cards_had_links_prints_them_once_started(
    paper: tuple[Flask, dict[str, Built]],
) -> None:
    app, built = paper
    with app.app_context():
        tournament = db.session.scalars(
            select(Tournament).where(Tournament.organiser_token == built["fresh"].organiser)
        ).one()
        tournament.rounds[0].card_tokens = None
        db.session.commit()
    html = get(app, f"/o/{built['fresh'].organiser}/rounds/1/cards")
    assert "The cards appear when the round starts." in html and 'class="table-card"' not in html


# --- the score sheets -----------------------------------------------------------------------


def test_a_filled_sheet_has_a_column_for_each_bonus(paper: tuple[Flask, dict[str, Built]]) -> None:
    app, built = paper
    html = get(app, f"/o/{built['open'].organiser}/rounds/1/sheets")
    assert len(pages(html)) == 6
    third = pages(html)[2]  # neither corrected nor cut
    header = cells(re.search(r"<thead>(.*?)</thead>", third, re.S).group(1))  # type: ignore[union-attr]
    assert header[:9] == [  # no partner at a table of 4 (or of 5, the dealer out)
        "Deal",
        "Dealer",
        "Taker",
        "Contract",
        "Oudlers",
        "Points",
        "Poignées",
        "Petit au bout",
        "Chelem",
    ]
    deals = rows(third.split("<tbody>")[1])
    with app.app_context():
        table = sheet(built["open"], 1, 3)
        entries = reads.entries(table)
        ledger = reads.ledger(table)
    taker = entries[0][0].taker
    assert deals[0][2:9] == [taker, "G", "2", "49", f"{taker} (simple)", "", ""]
    assert deals[1][3:9] == ["P", "1", "45", "", "defence", ""]
    assert deals[2][3:9] == ["GS", "3", "91", "", "", "announced, made by the attack"]
    other = entries[3][0].players[-1]
    assert deals[3][3:9] == ["GC", "2", "50", f"{other} (double)", "attack", ""]
    # Each player's score and running total, the dealer's (0) in brackets; then the totals.
    players = ledger.players
    for row, deal in zip(ledger.rows, deals, strict=False):
        shown = deal[9 : 9 + 2 * len(players)]
        out = entries[row.number - 1][0].sitting_out
        expected = [
            str(v)
            for name in players
            for v in (
                f"({row.scores[name]})" if name in out else row.scores[name],
                row.totals[name],
            )
        ]
        assert shown == expected
    assert len(deals) == 5 and deals[4][1:] == [str(ledger.totals[name]) for name in players]
    assert "Locked by the organiser" in third


def test_a_correction_is_marked_on_its_row_with_what_changed(
    paper: tuple[Flask, dict[str, Built]],
) -> None:
    app, built = paper
    html = get(app, f"/o/{built['open'].organiser}/rounds/1/sheets")
    first, second = pages(html)[:2]
    with app.app_context():
        taker = reads.entries(sheet(built["open"], 1, 1))[0][0].taker
    assert re.search(r'<tr class="corrected"><td>1<sup class="mark">✎1</sup>', first)
    note = re.search(r"<li><b>✎1</b>(.*?)</li>", first, re.S).group(1)  # type: ignore[union-attr]
    assert "Deal 1, corrected by the organiser" in note
    assert "Points 49 → 55" in note and f"Poignées {taker} (simple) → {taker} (double)" in note
    assert "Taker" not in note  # only what changed
    # Table 2's deal 4 was deleted: no row, a note with what it was; deal 5 moved up.
    cut = re.search(r"<li><b>✎1</b>(.*?)</li>", second, re.S).group(1)  # type: ignore[union-attr]
    assert "Deal 4, deleted by the organiser" in cut and "before: " in cut and "Garde contre" in cut
    assert 'class="corrected"' not in second
    assert [r[2] for r in rows(second.split("<tbody>")[1])][3] == "all passed"


def test_a_blank_sheet_is_blank_even_of_a_round_played_and_signed(
    paper: tuple[Flask, dict[str, Built]],
) -> None:
    app, built = paper
    for number in (1, 2):  # round 1 is played and locked; table 1 of round 2 is signed
        html = get(app, f"/o/{built['open'].organiser}/rounds/{number}/sheets?blank=1")
        assert len(pages(html)) == 6
        for page in pages(html):
            assert "Signed by" not in page and "Locked by" not in page and "✎" not in page
            body = rows(page.split("<tbody>")[1])
            for row in body[:-1]:  # the deal number, its dealer, and nothing else
                assert all(c in ("", "—") for c in row[2:]), row
            assert all(c == "" for c in body[-1][1:])  # no total
    played = get(app, f"/o/{built['open'].organiser}/rounds/2/sheets")
    assert "Signed by" in pages(played)[0]


# --- the ranking ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("fresh", "No round played yet"),
        ("between", "Ranking after round 1 of 2"),
        ("open", "Ranking during round 2 of 2 (provisional)"),
        ("over", "Final ranking"),
    ],
)
def test_the_ranking_says_how_far_it_goes(
    paper: tuple[Flask, dict[str, Built]], name: str, says: str
) -> None:
    app, built = paper
    printed = get(app, f"/o/{built[name].organiser}/ranking")
    public = get(app, f"/p/{built[name].public}")
    assert says in printed and says in public


def test_the_printed_ranking_lists_no_shows_apart_and_its_notes_first(
    paper: tuple[Flask, dict[str, Built]],
) -> None:
    app, built = paper
    html = get(app, f"/o/{built['open'].organiser}/ranking")
    ranked = [r[1] for r in rows(html.split("<tbody>")[1])]
    assert len(ranked) == 26 and "Amélie" not in ranked
    assert html.index("Registered, no result yet: Amélie") < html.index("<table")
    assert html.index("Ranked by total score") < html.index("<table")


# --- the projector --------------------------------------------------------------------------


def refresh(html: str) -> str:
    """How the page moves on by itself (its script's data-every and data-next), with
    its link for a page without scripts: no meta refresh."""
    assert 'http-equiv="refresh"' not in html
    live = re.search(r'<div id="live"[^>]*>', html)
    assert live
    every = re.search(r'data-every="(\d+)" data-next="([^"]*)"', live.group(0))
    link = re.search(r'<a class="button" id="refresh" href="([^"]*)"', html)
    assert link
    if every is None:
        return "poll; url=" + link.group(1)
    assert every.group(2) == link.group(1)  # the link goes where the script goes
    return f"{every.group(1)}; url={every.group(2)}"


def test_the_projector_pages_through_every_row_and_keeps_its_place(
    paper: tuple[Flask, dict[str, Built]],
) -> None:
    app, built = paper
    public = built["wall"].public
    seen: list[str] = []
    url = f"/p/{public}?projector=1"
    for number in (1, 2, 3):
        html = get(app, url)
        assert f"page {number} of 3" in html
        names = [r[1] for r in rows(html.split("<tbody>")[1])]
        assert len(names) == (10 if number < 3 else 7)
        assert ("Ranked by total score" in html) == (number == 3)  # the note on the last page
        seen += names
        seconds, _, target = refresh(html).partition("; url=")
        assert seconds == "12"
        url = target.replace("&amp;", "&")
        assert url.endswith(f"page={number % 3 + 1}")  # the last page leads to the first
    assert len(seen) == len(set(seen)) == 27  # every row within one cycle
    # A reload stays on the page shown; a page past the end shows the last.
    assert "page 2 of 3" in get(app, f"/p/{public}?projector=1&page=2")
    assert "page 3 of 3" in get(app, f"/p/{public}?projector=1&page=99")
    everything = get(app, f"/p/{public}")
    assert len(rows(everything.split("<tbody>")[1])) == 27
    assert refresh(everything) == f"poll; url=/p/{public}"  # reloaded when a score changes


def round_headers(html: str) -> list[str]:
    return re.findall(r'<th scope="col" class="round-col">([^<]*)</th>', html)


def test_the_projector_shows_the_last_four_rounds_and_totals_every_round(
    paper: tuple[Flask, dict[str, Built]],
) -> None:
    """Nine round columns left the names no room on a 1280×720 projector."""
    app, built = paper
    public = built["marathon"].public
    wall = get(app, f"/p/{public}?projector=1")
    assert round_headers(wall) == ["R6", "R7", "R8", "R9"]
    phone = get(app, f"/p/{public}")
    assert round_headers(phone) == [f"R{n}" for n in range(1, 10)]
    printed = get(app, f"/o/{built['marathon'].organiser}/ranking")
    assert round_headers(printed) == [f"R{n}" for n in range(1, 10)]

    # The same total on the wall as on the phone, where every round is shown.
    def ranked(html: str) -> list[list[str]]:
        return [r[:3] for r in rows(html.split("<tbody>")[1])]

    assert ranked(wall) == ranked(phone)[: len(ranked(wall))]
    first = rows(phone.split("<tbody>")[1])[0]
    assert int(first[2]) == sum(int(v) for v in first[3:12])


def test_a_round_with_a_time_limit_has_twelve_blank_rows_and_every_deal_filled(
    paper: tuple[Flask, dict[str, Built]],
) -> None:
    app, built = paper
    blank = pages(get(app, f"/o/{built['clock'].organiser}/rounds/1/sheets?blank=1"))
    assert [len(rows(p.split("<tbody>")[1])) for p in blank] == [12 + 2 + 1] * 2  # and Total
    filled = pages(get(app, f"/o/{built['clock'].organiser}/rounds/1/sheets"))
    assert [len(rows(p.split("<tbody>")[1])) for p in filled] == [20 + 1] * 2
    assert all(re.search(r'class="paper-sheet[^"]* denser"', p) for p in filled)  # smaller rows


def test_a_correction_mark_follows_its_deal_when_an_earlier_deal_is_deleted() -> None:
    def logged(action: CorrectionAction, number: int) -> Correction:
        return Correction(action=action, deal_number=number)

    edit, delete = CorrectionAction.EDIT, CorrectionAction.DELETE
    # Deal 4 corrected, then deal 2 deleted: the corrected deal is deal 3 now. Deal 6
    # corrected, then deleted: both its notes have no row. Deal 8 corrected, then deal 7
    # deleted: it is deal 7 now.
    log = [
        logged(edit, 4),
        logged(delete, 2),
        logged(edit, 6),
        logged(delete, 6),
        logged(edit, 1),
        logged(edit, 8),
        logged(delete, 7),
    ]
    assert numbers_now(log) == [3, None, None, None, 1, 7, None]
