"""The ledger page's rows, written here for its template.

A row of the ledger is a number, a link, and a cell per player whose look depends on
the deal (passed, sat out, not seated, the taker's). Worked out in the template, each
cell looked its words up in the catalog and each row built its link: for 60 rows, about
300 lookups and 60 URLs, most of a long evening's page; then each row still cost the
template a dozen escapes and lookups. Here the words are looked up once per page and
the link built once, and every row is written whole: names never appear in a row (its
parts are numbers, this site's links, and the catalog's words, which a template does
not escape either), so the page three phones reload after every save writes its rows
as plain strings, the same bytes the template wrote."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import url_for
from markupsafe import Markup, escape

from scorekeeper.sheets.ledger import Row
from scorekeeper.sheets.reads import Ledger
from scorekeeper.templating import contract_short, page_catalog

ROW = (
    '\n    <tr id="deal-{n}">'
    '\n      <th scope="row" class="num"><a href="{base}{n}" aria-label="{label}">{n}'
    '<small aria-hidden="true">{short}</small></a></th>'
    "\n      {cells}"
    '\n      <td class="ok">{ok}</td>'
    "\n    </tr>\n  "
)
"""A row of the ledger's body, as the template wrote it (its white space too)."""
CLASSES = {
    (False, False): "",
    (True, False): "neg",
    (False, True): " taker",
    (True, True): "neg taker",
}


@dataclass(frozen=True)
class Words:
    """The catalog's words of the rows, looked up once per page."""

    deal: str
    total: str
    not_seated: str
    passed: str
    sat_out: str
    checks: dict[bool, Markup]

    @classmethod
    def of(cls, catalog: Any) -> Words:
        word = catalog.ugettext
        return cls(
            deal=word("Deal %(n)d"),
            total=word("total %(n)d"),
            not_seated=_muted(word("not seated"), "·"),
            passed=_muted(word("all passed"), "—"),
            sat_out=_muted(word("sat out"), "(0)"),
            checks={
                True: Markup('<span aria-label="%s">✓</span>') % word("sums to zero"),
                False: Markup('<span class="neg" aria-label="%s">✗</span>')
                % word("does not sum to zero"),
            },
        )


def rows(ledger: Ledger, token: str, editable: bool) -> Markup:
    """The ledger's rows as the page draws them (a deal's link under ``token``), written
    here whole: the page's hottest loop, a row's every part a number, a link of this
    site or the catalog's words. Empty when the ledger shows no deal."""
    endpoint = "sheets.deal" if editable else "sheets.view_deal"
    # One URL built, the others from it: the number is the URL's last part.
    base = escape(url_for(endpoint, token=token, number=0)[: -len("0")])
    words = Words.of(page_catalog())
    return Markup(
        "".join(
            ROW.format(
                n=row.number,
                base=base,
                label=words.deal % {"n": row.number},
                short=contract_short(ledger.contracts[row.number]),
                cells=_cells(ledger, row, words),
                ok=words.checks[row.balanced],
            )
            for row in ledger.rows
        )
    )


def _cells(ledger: Ledger, row: Row, words: Words) -> str:
    """The row's cell for each player: its score (or why none) and the running total."""
    number = row.number
    contract = ledger.contracts[number]
    taker = ledger.takers[number]
    out = ledger.sat_out[number]
    cells = []
    for player in ledger.players:
        score = row.scores.get(player)
        cls = CLASSES[bool(score and score < 0), taker == player]
        if score is None:
            cells.append(f'<td class="{cls}">{words.not_seated}</td>')
            continue
        if contract is None:
            shown = words.passed
        elif player in out:
            shown = words.sat_out
        else:
            shown = str(score)
        total = row.totals.get(player, 0)
        label = words.total % {"n": total}
        run = f'<span class="run" aria-label="{label}">{total}</span>'
        cells.append(f'<td class="{cls}">{shown}{run}</td>')
    return "".join(cells)


def _muted(label: str, sign: str) -> str:
    return f'<span class="muted" aria-label="{label}">{sign}</span>'
