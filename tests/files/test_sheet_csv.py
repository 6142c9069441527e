"""The CSV of a sheet (spec/csv.md): what is written, what is read back, what is refused."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.files.sheet_csv import FIXED, MESSAGES, CsvError, CsvProblem, write_csv
from scorekeeper.files.sheet_csv_read import read_csv
from scorekeeper.scoring import (
    FFT,
    POIGNEE_TRUMPS,
    Chelem,
    ChelemOutcome,
    Contract,
    PetitAuBoutRule,
    Poignee,
    PoigneeSize,
    Problem,
    RuleSet,
    Side,
    TableMode,
    rule_set,
)
from scorekeeper.sheets.entry import Entry, score_entry
from scorekeeper.sheets.rotation import mode_for, sitting_out

from ..scoring.test_score_properties import card_points

Deals = list[tuple[Entry, Mapping[str, int]]]
MISERE = rule_set("misere_10")
FLAT = rule_set("petit_au_bout_player_flat")
FOUR = ("Alice", "Bob", "Chloé", "David")
FIVE = (*FOUR, "Émile")
SIX = (*FIVE, "Fanny")


def scored(rules: RuleSet, *entries: Entry) -> Deals:
    """Each entry with the scores the app would have stored for it."""
    return [(entry, score_entry(entry, rules).scores) for entry in entries]


def play(
    seated: Sequence[str],
    dealer: str,
    taker: str,
    contract: Contract,
    oudlers: int,
    points: float,
    out: bool = False,
    **fields: Any,
) -> Entry:
    """A played deal; with ``out`` the dealer sits it out."""
    return Entry(
        dealer=dealer,
        seated=tuple(seated),
        sitting_out=(dealer,) if out else (),
        taker=taker,
        contract=contract,
        oudlers=oudlers,
        points=Fraction(points),
        **fields,
    )


def passed(seated: Sequence[str], dealer: str, out: bool = False) -> Entry:
    return Entry(dealer=dealer, seated=tuple(seated), sitting_out=(dealer,) if out else ())


def round_trip(players: Sequence[str], deals: Deals, rules: RuleSet, semicolon: bool) -> str:
    """Export, import, export again: the same deals and the same text, or the test fails."""
    text = write_csv(players, deals, rules, semicolon=semicolon)
    sheet = read_csv(text, rules)
    assert sheet.players == tuple(players)
    assert sheet.deals == tuple((entry, dict(scores)) for entry, scores in deals)
    assert write_csv(sheet.players, sheet.deals, rules, semicolon=semicolon) == text
    return text


def poignee(player: str, size: str) -> Poignee:
    return Poignee(player, PoigneeSize(size))


SHEETS: dict[str, tuple[tuple[str, ...], Deals, RuleSet]] = {
    "three players, a passed deal, a defender's poignée": (
        FOUR[:3],
        scored(
            FFT,
            play(FOUR[:3], "Alice", "Bob", Contract.GARDE, 2, 41.5),
            passed(FOUR[:3], "Bob"),
            play(
                FOUR[:3],
                "Chloé",
                "Alice",
                Contract.GARDE_CONTRE,
                1,
                60,
                poignees=(poignee("Chloé", "simple"),),
                petit_au_bout=Side.DEFENSE,
            ),
        ),
        FFT,
    ),
    "four players, every bonus and every chelem": (
        FOUR,
        scored(
            FFT,
            play(
                FOUR,
                "Alice",
                "Bob",
                Contract.GARDE,
                2,
                49,
                petit_au_bout=Side.ATTACK,
                poignees=(poignee("Bob", "simple"), poignee("David", "simple")),
            ),
            play(FOUR, "Bob", "Chloé", Contract.PRISE, 1, 40, petit_au_bout=Side.DEFENSE),
            play(
                FOUR,
                "Chloé",
                "David",
                Contract.GARDE_SANS,
                3,
                91,
                chelem=Chelem(True, ChelemOutcome.ATTACK),
                petit_au_bout=Side.ATTACK,
            ),
            play(
                FOUR,
                "David",
                "Alice",
                Contract.GARDE,
                2,
                87,
                chelem=Chelem(False, ChelemOutcome.ATTACK),
            ),
            play(FOUR, "Alice", "Bob", Contract.GARDE, 2, 60, chelem=Chelem(True)),
            play(
                FOUR,
                "Bob",
                "Chloé",
                Contract.PRISE,
                0,
                3,  # the taker's discard
                chelem=Chelem(False, ChelemOutcome.DEFENSE),
                petit_au_bout=Side.DEFENSE,
            ),
            play(
                FOUR,
                "Chloé",
                "David",
                Contract.GARDE,
                1,
                7,  # the taker's discard, and the Excuse kept (4)
                chelem=Chelem(True, ChelemOutcome.DEFENSE),
            ),
            play(
                FOUR, "David", "Alice", Contract.PRISE, 3, 36, poignees=(poignee("Bob", "triple"),)
            ),
        ),
        FFT,
    ),
    "five players, a called partner and a taker alone": (
        FIVE,
        scored(
            FFT,
            play(
                FIVE,
                "Alice",
                "Bob",
                Contract.GARDE,
                2,
                49,
                partner="Chloé",
                poignees=(poignee("Chloé", "double"), poignee("Émile", "simple")),
            ),
            play(FIVE, "Bob", "David", Contract.GARDE_SANS, 1, 48, petit_au_bout=Side.ATTACK),
            passed(FIVE, "Chloé"),
        ),
        FFT,
    ),
    "five seated, the dealer sits out": (
        FIVE,
        scored(
            FFT,
            play(FIVE, "Alice", "Bob", Contract.GARDE, 2, 49, out=True),
            passed(FIVE, "Bob", out=True),
            play(FIVE, "Chloé", "Bob", Contract.PRISE, 1, 52, out=True, petit_au_bout=Side.ATTACK),
        ),
        FFT,
    ),
    "six seated, five play the King game": (
        SIX,
        scored(
            FFT,
            play(SIX, "Fanny", "Alice", Contract.GARDE, 2, 45, out=True, partner="Émile"),
            play(SIX, "Alice", "Fanny", Contract.PRISE, 1, 51, out=True),
        ),
        FFT,
    ),
    "misères": (
        FOUR,
        scored(
            MISERE,
            play(FOUR, "Alice", "Bob", Contract.GARDE, 2, 49, miseres=("Chloé", "Alice")),
            play(FOUR, "Bob", "Chloé", Contract.PRISE, 1, 40, miseres=("David",)),
        ),
        MISERE,
    ),
    "petit au bout paid to the player": (
        FIVE,
        scored(
            FLAT,
            play(
                FIVE,
                "Alice",
                "Bob",
                Contract.GARDE,
                2,
                49,
                partner="Chloé",
                petit_au_bout=Side.ATTACK,
                petit_au_bout_player="Chloé",
            ),
            play(
                FIVE,
                "Bob",
                "David",
                Contract.PRISE,
                1,
                45,
                petit_au_bout=Side.DEFENSE,
                petit_au_bout_player="Émile",
            ),
        ),
        FLAT,
    ),
    "players join and one leaves: empty cells where not seated": (
        FIVE,
        scored(
            FFT,
            play(FOUR[:3], "Alice", "Bob", Contract.GARDE, 2, 49),
            play(FOUR, "Bob", "David", Contract.GARDE, 2, 49),
            play(FIVE, "Chloé", "Émile", Contract.GARDE, 2, 49, partner="Bob"),
            play(("Alice", "Chloé", "David", "Émile"), "David", "Émile", Contract.PRISE, 2, 30),
        ),
        FFT,
    ),
}


@pytest.mark.parametrize("semicolon", [False, True], ids=["comma", "semicolon"])
@pytest.mark.parametrize(("players", "deals", "rules"), SHEETS.values(), ids=SHEETS.keys())
def test_export_import_export_gives_the_same_file(
    players: tuple[str, ...], deals: Deals, rules: RuleSet, semicolon: bool
) -> None:
    round_trip(players, deals, rules, semicolon)


def test_a_player_not_seated_has_an_empty_cell_and_one_sitting_out_a_zero() -> None:
    rows = csv_rows(*SHEETS["players join and one leaves: empty cells where not seated"])
    assert [row[len(FIXED) :] for row in rows[1:]] == [
        ["-66", "132", "-66", "", ""],
        ["-66", "-66", "-66", "198", ""],
        ["-66", "66", "-66", "-66", "132"],
        ["36", "", "36", "36", "-108"],
    ]
    rows = csv_rows(*SHEETS["five seated, the dealer sits out"])
    assert [(row[1], row[11], row[12]) for row in rows[1:]] == [
        ("Alice", "Alice", "0"),
        ("Bob", "Bob", "0"),
        ("Chloé", "Chloé", "-36"),
    ]


def csv_rows(players: Sequence[str], deals: Deals, rules: RuleSet) -> list[list[str]]:
    return list(csv.reader(io.StringIO(write_csv(players, deals, rules), newline="")))


SMALL = scored(
    FFT,
    play(
        FOUR,
        "Alice",
        "Bob",
        Contract.GARDE,
        2,
        49,
        petit_au_bout=Side.ATTACK,
        poignees=(poignee("Bob", "simple"),),
    ),
    passed(FOUR, "Bob"),
    # Bob away for a deal of three, where a half point can happen (never at four)
    play(("Alice", "Chloé", "David"), "Chloé", "David", Contract.PRISE, 1, 40.5),
)
HEADER = "deal,dealer,taker,partner,contract,oudlers,points,petit_au_bout,poignees,chelem,miseres,"


@pytest.mark.parametrize(
    ("semicolon", "expected"),
    [
        (
            False,
            HEADER + "sitting_out,Alice,Bob,Chloé,David\r\n"
            "1,Alice,Bob,,garde,2,49,attack,Bob:simple,,,,-106,318,-106,-106\r\n"
            "2,Bob,,,passed,,,,,,,,0,0,0,0\r\n"
            "3,Chloé,David,,prise,1,40.5,,,,,,36,,36,-72\r\n",
        ),
        (
            True,
            "\ufeff" + HEADER.replace(",", ";") + "sitting_out;Alice;Bob;Chloé;David\r\n"
            "1;Alice;Bob;;garde;2;49;attack;Bob:simple;;;;-106;318;-106;-106\r\n"
            "2;Bob;;;passed;;;;;;;;0;0;0;0\r\n"
            "3;Chloé;David;;prise;1;40,5;;;;;;36;;36;-72\r\n",
        ),
    ],
    ids=["comma", "semicolon"],
)
def test_the_exact_text_of_a_small_export(semicolon: bool, expected: str) -> None:
    assert write_csv(FOUR, SMALL, FFT, semicolon=semicolon) == expected


def test_the_exact_text_with_seats_partners_and_escaped_names() -> None:
    players = ("Alice", "Bob", "=Dan", "Émile, Jr", "Zoé", "Yann")
    five, six = players[:5], players
    deals = scored(
        FFT,
        play(five, "Alice", "Bob", Contract.GARDE, 2, 49, out=True),
        play(six, "Bob", "=Dan", Contract.PRISE, 1, 51, out=True, partner="Émile, Jr"),
        passed(six, "=Dan", out=True),
        play(six, "Émile, Jr", "Zoé", Contract.GARDE_SANS, 3, 36, out=True),
    )
    assert write_csv(players, deals, FFT) == (
        HEADER + 'sitting_out,Alice,Bob,\'=Dan,"Émile, Jr",Zoé,Yann\r\n'
        "1,Alice,Bob,,garde,2,49,,,,,Alice,0,198,-66,-66,-66,\r\n"
        '2,Bob,\'=Dan,"Émile, Jr",prise,1,51,,,,,Bob,-25,0,50,25,-25,-25\r\n'
        "3,'=Dan,,,passed,,,,,,,'=Dan,0,0,0,0,0,0\r\n"
        '4,"Émile, Jr",Zoé,alone,garde_sans,3,36,,,,,"Émile, Jr",-100,-100,-100,0,400,-100\r\n'
    )
    round_trip(players, deals, FFT, semicolon=False)


def test_a_spreadsheet_file_with_semicolons_decimal_commas_and_a_bom_imports() -> None:
    text = (
        "\ufeff" + HEADER.replace(",", ";") + "sitting_out;Alice;Bob;Chloé;David\n"
        "1;Alice;Bob;;garde;2;49;attack;Bob:simple;;;;-106;318;-106;-106\n"
        "2;Bob;;;passed;;;;;;;;0;0;0;0\n"
        '3;Chloé;David;;prise;1;"40,5";;;;;;36;;36;-72\n'
        "4;David;Alice;;prise;1;40.5;;;;;;-72;;36;36\n"
        ";;;;;;;;;;;;;;;\n"
    )
    sheet = read_csv(text, FFT)
    assert sheet.players == FOUR
    assert [entry.points for entry, _ in sheet.deals] == [
        49,
        None,
        Fraction(81, 2),
        Fraction(81, 2),
    ]
    assert sheet.deals[:3] == tuple((entry, dict(scores)) for entry, scores in SMALL)
    comma = write_csv(FOUR, SMALL, FFT)
    assert read_csv(comma.replace("\r\n", "\n"), FFT).deals == sheet.deals[:3]


def lines_of(text: str, *changes: tuple[int, str]) -> str:
    """``text`` with some lines (0 is the header) replaced."""
    lines = text.split("\r\n")
    for number, line in changes:
        lines[number] = line
    return "\r\n".join(lines)


GOOD = write_csv(FOUR, SMALL, FFT)
WRONG_SCORE = lines_of(GOOD, (1, "1,Alice,Bob,,garde,2,49,attack,Bob:simple,,,,-106,317,-106,-106"))
ERRORS = [
    pytest.param(
        WRONG_SCORE,
        FFT,
        [(2, "Bob", "csv_score_differs")],
        id="a wrong score",
    ),
    pytest.param(
        lines_of(GOOD, (1, "1,Alice,Bob,,garde,0,49,attack,,,,,-106,318,-106,-106")),
        FFT,
        [(2, "petit_au_bout", "petit_attack_no_oudler")],
        id="petit au bout by the attack with no oudler",
    ),
    pytest.param(
        lines_of(GOOD, (1, "1,Alice,Bob,Chloé,garde,2,49,,,,,,-66,198,-66,-66")),
        FFT,
        [(2, "partner", "partner_not_five")],
        id="a partner at four players",
    ),
    pytest.param(
        lines_of(GOOD, (1, "1,Alice,Bob,,garde,2,49.5,,,,,,-66,198,-66,-66")),
        FFT,
        [(2, "points", "points_not_whole")],
        id="a half point at four players",
    ),
    pytest.param(
        lines_of(GOOD, (1, "1,Alice,Bob,,garde,0,0,,,defense,,,362,-1086,362,362")),
        FFT,
        [(2, "points", "points_defense_chelem"), (2, "chelem", "points_defense_chelem")],
        id="a defence chelem leaving the attack less than its discard",
    ),
    pytest.param(
        lines_of(GOOD, (1, "1,Alice,Bob,,garde_contre,3,90,,,,,,-474,1422,-474,-474")),
        FFT,
        [(2, "points", "points_cards")],
        id="a garde contre leaving the defence less than the chien and a trick",
    ),
    pytest.param(
        lines_of(GOOD, (1, "1,Alice,Bob,,prise,3,91,,,,,,-80,240,-80,-80")),
        FFT,
        [(2, "chelem", "chelem_implied_attack")],
        id="a chelem nobody ticked",
    ),
    pytest.param(
        lines_of(GOOD, (1, "1,Alice,Bob,,garde,2,49,,,,,,-66,,-66,-66")),
        FFT,
        [(2, "taker", "not_playing")],
        id="a taker not seated leaves three players",
    ),
    pytest.param(
        lines_of(GOOD, (1, "1,Alice,Bob,,garde,2,49,,,,Alice,,-66,198,-66,-66")),
        FFT,
        [(2, "miseres", "misere_not_played")],
        id="a misère under rules without misère",
    ),
    pytest.param(
        lines_of(GOOD, (1, "1,Alice,Bob,,prise,2,49,,,,,,-33,99,-33,-33")),
        rule_set("no_prise"),
        [(2, "contract", "contract_not_offered"), (4, "contract", "contract_not_offered")],
        id="a contract the rules do not offer",
    ),
    pytest.param(
        lines_of(GOOD, (1, "1,Alice,Bob,,garde,2,49,attack,,,,,-86,258,-86,-86")),
        FLAT,
        [(2, "petit_au_bout", "petit_player_needed")],
        id="player_flat needs the player, not the side",
    ),
    pytest.param(
        lines_of(GOOD, (1, "1,Alice,Bob,,garde,2,49,,,,,Alice,,198,-66,-66")),
        FFT,
        [(2, "dealer", "not_playing"), (2, "sitting_out", "not_playing")],
        id="the dealer not seated, and sitting out",
    ),
    pytest.param(
        "\r\n".join(
            [
                HEADER + "sitting_out,Alice,Bob,Chloé,David",
                "1,Zed,Bob,,garde,2,49,,,,,,-66,198,-66,-66",
                "3,Bob,Bob,,garde,2,49,,,,,,-66,198,-66,-66",
                "3,Chloé,Bob,,gard,4,ninety,middle,Bob:quadruple,slam,Zed,,x,0,0,0",
                "4,David,,,passed,,40,,,,,,0,0,0,0",
                "5,Alice,Bob,,garde,2,49,,,,,,-66,190,-66,-66",
                "6,Bob,Chloé,,garde,0,49,attack,,,,,-86,-86,258,-86",
                "7,Chloé,Alice,,garde",
                "",
            ]
        ),
        FFT,
        [
            (2, "dealer", "csv_not_a_player"),
            (3, "deal", "csv_deal_number"),
            (4, "contract", "csv_contract"),
            (4, "oudlers", "csv_oudlers"),
            (4, "points", "csv_points"),
            (4, "petit_au_bout", "csv_petit"),
            (4, "poignees", "csv_poignee"),
            (4, "chelem", "csv_chelem"),
            (4, "miseres", "csv_names"),
            (4, "Alice", "csv_score"),
            (5, "points", "csv_empty_when_passed"),
            (6, "Bob", "csv_score_differs"),
            (7, "petit_au_bout", "petit_attack_no_oudler"),
            (8, "", "csv_cell_count"),
        ],
        id="every problem of the file is listed",
    ),
    pytest.param("", FFT, [(1, "", "csv_empty_file")], id="an empty file"),
    pytest.param("\ufeff", FFT, [(1, "", "csv_empty_file")], id="only a byte-order mark"),
    pytest.param(GOOD.split("\r\n")[0], FFT, [(2, "deal", "csv_no_deal")], id="only a header"),
    pytest.param(
        GOOD.replace(",chelem", ""),
        FFT,
        [(1, "chelem", "csv_column_missing")],
        id="a missing column stops the reading",
    ),
    pytest.param(
        GOOD.replace("deal,dealer", "deal,typo,dealer")
        .replace("\r\n1,", "\r\n1,,")
        .replace("\r\n2,", "\r\n2,,")
        .replace("\r\n3,", "\r\n3,,")
        .replace(",Chloé,David\r\n", ",Chloé,Chloé\r\n"),
        FFT,
        [
            (1, "typo", "csv_column_unknown"),
            (1, "Chloé", "csv_column_twice"),
            (2, "Bob", "csv_score_differs"),
            (4, "taker", "csv_not_a_player"),
        ],
        id="an unknown column, a player twice",
    ),
]


@pytest.mark.parametrize(("text", "rules", "expected"), ERRORS)
def test_a_bad_file_is_refused_with_every_problem_by_row_and_column(
    text: str, rules: RuleSet, expected: list[tuple[int, str, str]]
) -> None:
    with pytest.raises(CsvError) as error:
        read_csv(text, rules)
    problems = error.value.problems
    assert [(p.row, p.column, p.key) for p in problems] == expected
    for problem in problems:
        english, french = problem.message("en"), problem.message("fr")
        assert english and french and english != french
        assert f"row {problem.row}, {problem.column}: {english}" in str(error.value)


def test_a_queen_called_at_four_players_is_refused_even_the_takers_own() -> None:
    text = (
        HEADER.replace("partner,", "partner,second_partner,", 1)
        + "sitting_out,Alice,Bob,Chloé,David\r\n"
        + "1,Alice,Bob,,Bob,garde,2,49,,,,,,-66,198,-66,-66\r\n"
    )
    with pytest.raises(CsvError) as error:
        read_csv(text, FFT)
    found = [(p.row, p.column, p.key) for p in error.value.problems]
    assert found == [(2, "second_partner", "second_partner_not_six")]


def test_messages_say_what_the_file_says_and_what_the_rules_give() -> None:
    with pytest.raises(CsvError) as error:
        read_csv(lines_of(GOOD, (1, "1,Alice,Bob,,garde,0,49,attack,,,,,0,0,0,0")), FFT)
    assert error.value.problems[0].message("en") == Problem(
        "petit_au_bout", "petit_attack_no_oudler"
    ).message("en")
    with pytest.raises(CsvError) as error:
        read_csv(WRONG_SCORE, FFT)
    assert error.value.problems[0].message("en") == "The file says 317; these rules give 318."
    assert (
        error.value.problems[0].message("fr") == "Le fichier indique 317 ; ces règles donnent 318."
    )


def test_every_message_is_in_french_and_english() -> None:
    # English as written; French from the app's catalog (scorekeeper/catalog.py).
    params = dict.fromkeys(["column", "found", "expected", "name", "cell", "most"], "x")
    for key, english in MESSAGES.items():
        problem = CsvProblem(2, "deal", key, params)
        assert key.startswith("csv_") and problem.message("en") == english % params
        assert problem.message("fr") != problem.message("en"), key


TRICKY = [
    "O'Brien, Jr.",
    'Say "hi"',
    "Zoé",
    "Ça 🃏",
    "=1+1",
    "+33 6",
    "-x",
    "@home",
    "'quoted",
    "Jean Paul",
    "Jean",
    "a",
    "a:b",
    "Line break",
    "alone",
    "attack",
    "dealer",
    "Tab",
    "CR",
    "Ann ",
    "Bé;bé",
    "second_partner",
]


TRICKY_RULES = rule_set("petit_au_bout_player_flat+misere_10")


def tricky_sheet() -> tuple[list[str], Deals]:
    """Every tricky name in every role: dealer out, taker, partner, poignées, misères, petit."""
    entries = []
    for i in range(len(TRICKY)):
        window = {TRICKY[(i + k) % len(TRICKY)] for k in range(6)}
        seated = [name for name in TRICKY if name in window]
        dealer, taker, partner, shown, flat, misere = [
            TRICKY[(i + k) % len(TRICKY)] for k in range(6)
        ]
        entries.append(
            play(
                seated,
                dealer,
                taker,
                Contract.GARDE,
                2,
                50,
                out=True,
                partner=partner,
                poignees=(poignee(shown, "simple"), poignee(taker, "double")),
                petit_au_bout=Side.DEFENSE,
                petit_au_bout_player=flat,
                miseres=(misere, shown),
            )
        )
    return TRICKY, scored(TRICKY_RULES, *entries)


@pytest.mark.parametrize("semicolon", [False, True], ids=["comma", "semicolon"])
def test_tricky_names_survive_and_no_text_cell_starts_a_formula(semicolon: bool) -> None:
    players, deals = tricky_sheet()
    text = round_trip(players, deals, TRICKY_RULES, semicolon)
    delimiter = ";" if semicolon else ","
    rows = list(
        csv.reader(io.StringIO(text.removeprefix("\ufeff"), newline=""), delimiter=delimiter)
    )
    assert len(rows) == len(TRICKY) + 1
    score_columns = slice(len(FIXED), None)
    for number, row in enumerate(rows):
        text_cells = row if number == 0 else row[: len(FIXED)]
        assert not [
            cell for cell in text_cells if cell.startswith(("=", "+", "-", "@", "\t", "\r"))
        ]
        if number:
            assert all(re.fullmatch(r"-?[0-9]*", cell) for cell in row[score_columns])
    assert "'=1+1" in rows[0] and "''quoted" in rows[0] and "'dealer" in rows[0]
    # A name that is also a keyword of its column is escaped like a formula.
    assert "'alone" in [row[3] for row in rows] and "'attack" in [row[7] for row in rows]


def test_names_in_lists_are_split_against_the_player_columns() -> None:
    players = ("Ann", "Ann Marie", "Marie Claire", "Bob")
    deals = scored(
        MISERE,
        play(players, "Bob", "Ann", Contract.GARDE, 2, 49, miseres=("Ann", "Marie Claire")),
        play(players, "Ann", "Bob", Contract.GARDE, 2, 49, miseres=("Ann Marie", "Bob")),
    )
    text = round_trip(players, deals, MISERE, semicolon=False)
    assert ",Ann Marie Claire," in text and ",Ann Marie Bob," in text


def test_a_list_that_reads_two_ways_is_refused_not_misread() -> None:
    players = ("Ann", "Bob", "Ann Bob", "Cat")
    deals = scored(
        MISERE, play(players, "Cat", "Ann", Contract.GARDE, 2, 49, miseres=("Ann", "Bob"))
    )
    with pytest.raises(CsvError) as error:
        read_csv(write_csv(players, deals, MISERE), MISERE)
    assert {p.key for p in error.value.problems} == {"csv_score_differs"}


def test_a_huge_list_cell_is_read_without_recursion() -> None:
    text = lines_of(GOOD, (1, "1,Alice,Bob,,garde,2,49,,,,," + "Bob " * 30_000 + "Bob,0,0,0,0"))
    with pytest.raises(CsvError) as error:
        read_csv(text, FFT)
    # Read to the end: Bob sits out, so he cannot take.
    assert [(p.row, p.column, p.key) for p in error.value.problems] == [(2, "taker", "not_playing")]


def test_a_player_seated_without_a_column_cannot_be_written() -> None:
    with pytest.raises(ValueError, match="no column"):
        write_csv(FOUR[:3], SMALL, FFT)


@st.composite
def sheets(draw: st.DrawFn) -> tuple[list[str], Deals, RuleSet]:
    """A valid sheet: players come and go, every deal built within the rules, then scored."""
    rules = rule_set(
        draw(
            st.sampled_from(
                [
                    "fft",
                    "misere_10",
                    "petit_au_bout_player_flat",
                    "petit_au_bout_player_flat+misere_10",
                    "no_prise",
                ]
            )
        )
    )
    players = draw(st.lists(st.sampled_from(TRICKY), min_size=3, max_size=7, unique=True))
    entries = []
    for _ in range(draw(st.integers(1, 5))):
        seats = draw(st.integers(3, min(6, len(players))))
        chosen = set(draw(st.permutations(players))[:seats])
        seated = [p for p in players if p in chosen]
        dealer = draw(st.sampled_from(seated))
        mode = mode_for(seats, draw(st.booleans()))
        assert mode is not None
        out = sitting_out(mode, dealer)
        if draw(st.integers(0, 4)) == 0:
            entries.append(Entry(dealer=dealer, seated=tuple(seated), sitting_out=out))
            continue
        entries.append(draw(played(seated, dealer, out, mode, rules)))
    return players, scored(rules, *entries), rules


@st.composite
def played(
    draw: st.DrawFn,
    seated: list[str],
    dealer: str,
    out: tuple[str, ...],
    mode: TableMode,
    rules: RuleSet,
) -> Entry:
    playing = [p for p in seated if p not in out]
    taker = draw(st.sampled_from(playing))
    partner = draw(st.sampled_from([None, *playing])) if mode.playing in (5, 6) else None
    partner = None if partner == taker else partner
    queen = draw(st.sampled_from([None, *playing])) if mode.playing == 6 else None
    queen = None if queen == taker else queen
    contract = draw(st.sampled_from(rules.contracts))
    outcome = draw(st.sampled_from(ChelemOutcome))
    # What real cards give (RULES.md section 5), counted from the cards.
    n = len(playing)
    oudlers = draw(st.sampled_from([k for k in range(4) if card_points(n, contract, outcome, k)]))
    sides = [side for side in (None, *Side) if card_points(n, contract, outcome, oudlers, side)]
    petit = draw(st.sampled_from(sides))
    points = draw(st.sampled_from(card_points(n, contract, outcome, oudlers, petit)))
    flat = None
    if petit is not None and rules.petit_au_bout is PetitAuBoutRule.PLAYER_FLAT:
        attack = {taker, partner, queen}
        flat = draw(
            st.sampled_from([p for p in playing if (p in attack) == (petit is Side.ATTACK)])
        )
    poignees: list[Poignee] = []
    for player in draw(st.lists(st.sampled_from(playing), unique=True, max_size=3)):
        size = draw(st.sampled_from(PoigneeSize))
        trumps = POIGNEE_TRUMPS[len(playing)]
        if sum(trumps[p.size] for p in poignees) + trumps[size] <= 22:
            poignees.append(Poignee(player, size))
    miseres = (
        draw(st.lists(st.sampled_from(playing), unique=True, max_size=2)) if rules.misere else []
    )
    return Entry(
        dealer=dealer,
        seated=tuple(seated),
        sitting_out=out,
        taker=taker,
        contract=contract,
        partner=partner,
        second_partner=queen,
        oudlers=oudlers,
        points=points,
        poignees=tuple(poignees),
        petit_au_bout=petit,
        petit_au_bout_player=flat,
        chelem=Chelem(draw(st.booleans()), outcome),
        miseres=tuple(miseres),
    )


@given(sheets(), st.booleans())
def test_any_valid_sheet_round_trips_exactly(
    sheet: tuple[list[str], Deals, RuleSet], semicolon: bool
) -> None:
    players, deals, rules = sheet
    round_trip(players, deals, rules, semicolon)


def test_a_player_name_the_database_cannot_hold_is_refused() -> None:
    header = ",".join(FIXED)
    for name, key in (("x" * 41, "csv_player_name"), ("a\x00b", "name_unseen")):
        text = f'{header},A,B,"{name}"\r\n1,A,A,,garde,2,49,,,,,,132,-66,-66\r\n'
        with pytest.raises(CsvError) as error:
            read_csv(text, FFT)
        assert key in [p.key for p in error.value.problems]


def test_a_sheet_of_six_writes_who_held_the_queen() -> None:
    players = (*FIVE, "alone")
    flat = rule_set("petit_au_bout_player_flat")
    deals = scored(
        flat,
        play(
            players, "Alice", "Bob", Contract.PRISE, 1, 51, partner="Chloé", second_partner="alone"
        ),
        play(players, "Bob", "Chloé", Contract.PRISE, 1, 51),
        passed(players, "Chloé"),
        play(
            players,
            "David",
            "David",
            Contract.GARDE,
            2,
            49,
            partner="Émile",
            second_partner="Émile",
            petit_au_bout_player="Émile",
            petit_au_bout=Side.ATTACK,
        ),
    )
    text = round_trip(players, deals, flat, semicolon=False)
    lines = text.split("\r\n")
    assert lines[0].startswith("deal,dealer,taker,partner,second_partner,contract,")
    # Chloé the King, the player named "alone" the Queen: 75 → Bob 37, Chloé 25, 13.
    assert lines[1] == "1,Alice,Bob,Chloé,'alone,prise,1,51,,,,,,-25,37,25,-25,-25,13"
    assert lines[2].startswith("2,Bob,Chloé,alone,alone,prise,")  # both in the chien: alone
    assert lines[3].startswith("3,Chloé,,,,passed,")
    assert lines[4].startswith("4,David,David,Émile,Émile,garde,2,49,Émile,")


def test_a_file_without_the_queens_column_reads_as_before() -> None:
    assert GOOD.startswith(HEADER) and "second_partner" not in GOOD
    sheet = read_csv(GOOD, FFT)
    assert sheet.deals == tuple((entry, dict(scores)) for entry, scores in SMALL)
    assert all(entry.second_partner is None for entry, _ in sheet.deals)
    # A file of five that never plays six is written without it, as before.
    assert write_csv(
        FIVE, scored(FFT, play(FIVE, "Alice", "Bob", Contract.GARDE, 2, 49, partner="Chloé")), FFT
    ).startswith(HEADER)


def test_the_queens_column_is_checked_like_the_others() -> None:
    header = HEADER.replace("partner,", "partner,second_partner,", 1) + "sitting_out,"
    six = ",".join(SIX)
    passed_with_queen = f"{header}{six}\r\n1,Alice,,,Bob,passed,,,,,,,,0,0,0,0,0,0\r\n"
    unknown = f"{header}{six}\r\n1,Alice,Bob,Chloé,Zoé,prise,1,51,,,,,,-25,37,25,-25,-25,13\r\n"
    five = ",".join(FIVE)
    at_five = f"{header}{five}\r\n1,Alice,Bob,Chloé,David,garde,2,49,,,,,,-66,132,66,-66,-66\r\n"
    found = []
    for text in (passed_with_queen, unknown, at_five):
        with pytest.raises(CsvError) as error:
            read_csv(text, FFT)
        found.append([(p.row, p.column, p.key) for p in error.value.problems])
    assert found == [
        [(2, "second_partner", "csv_empty_when_passed")],
        [(2, "second_partner", "csv_not_a_player")],
        [(2, "second_partner", "second_partner_not_six")],
    ]


def test_an_imported_file_with_a_chelem_nobody_ticked_names_the_row(client: FlaskClient) -> None:
    text = lines_of(GOOD, (1, "1,Alice,Bob,,prise,3,91,,,,,,-80,240,-80,-80"))
    data = {"file": (io.BytesIO(text.encode()), "evening.csv"), "day": "2026-11-20"}
    for lang, said in (
        ("en", "91 points with 3 oudlers: the defence took no trick"),
        ("fr", "91 points avec 3 bouts : la défense n&#39;a fait aucun pli"),
    ):
        upload = {**data, "file": (io.BytesIO(text.encode()), "evening.csv")}
        answer = client.post(
            "/evenings/import",
            data=upload,
            headers={"Accept-Language": lang},
            content_type="multipart/form-data",
        )
        assert answer.status_code == 422
        page = answer.get_data(as_text=True)
        assert re.search(rf"<tr><td>2</td><td>chelem</td><td>{re.escape(said)}", page), page
