"""The ledger page's rows as plain data, for its template.

A row of the ledger is a number, a link, and a cell per player whose look depends on
the deal (passed, sat out, not seated, the taker's). Worked out in the template, each
cell looked its words up in the catalog and each row built its link: for 60 rows, about
300 lookups and 60 URLs, most of a long evening's page. Here the words are looked up
once per page and the link built once; the cells, the page's hottest loop, are written
here (names never appear in them: numbers, and the catalog's words, which a template
does not escape either), and the template writes the rest of each row.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import url_for
from flask_babel import gettext as _
from markupsafe import Markup

from scorekeeper.sheets.reads import Ledger
from scorekeeper.templating import contract_short


@dataclass(frozen=True)
class RowView:
    number: int
    href: str
    label: Markup
    short: str
    cells: Markup
    """The row's cell for each player, written here: the page's hottest loop."""
    balanced: bool


def rows(ledger: Ledger, token: str, editable: bool) -> list[RowView]:
    """The ledger's rows as the page draws them (a deal's link under ``token``)."""
    endpoint = "sheets.deal" if editable else "sheets.view_deal"
    # One URL built, the others from it: the number is the URL's last part.
    base = url_for(endpoint, token=token, number=0)[: -len("0")]
    # The catalog's words are the page's own text (a template does not escape them).
    deal_word, total_word = str(_("Deal %(n)d")), str(_("total %(n)d"))
    not_seated = _muted(_("not seated"), "·")
    passed = _muted(_("all passed"), "—")
    sat_out = _muted(_("sat out"), "(0)")
    classes = {
        (False, False): "",
        (True, False): "neg",
        (False, True): " taker",
        (True, True): "neg taker",
    }
    found = []
    for row in ledger.rows:
        number = row.number
        contract = ledger.contracts[number]
        taker = ledger.takers[number]
        out = ledger.sat_out[number]
        cells = []
        for player in ledger.players:
            score = row.scores.get(player)
            cls = classes[bool(score and score < 0), taker == player]
            if score is None:
                cells.append(f'<td class="{cls}">{not_seated}</td>')
                continue
            if contract is None:
                shown = passed
            elif player in out:
                shown = sat_out
            else:
                shown = str(score)
            total = row.totals.get(player, 0)
            label = total_word % {"n": total}
            run = f'<span class="run" aria-label="{label}">{total}</span>'
            cells.append(f'<td class="{cls}">{shown}{run}</td>')
        found.append(
            RowView(
                number=number,
                href=f"{base}{number}",
                label=Markup(deal_word % {"n": number}),
                short=contract_short(contract),
                cells=Markup("".join(cells)),
                balanced=row.balanced,
            )
        )
    return found


def _muted(label: str, sign: str) -> str:
    return f'<span class="muted" aria-label="{label}">{sign}</span>'
