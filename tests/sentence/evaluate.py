"""How well the parser reads the corpus: each case right, partial or wrong, counted by
kind of file, language and number of players.

- **wrong**: a field is filled with a value that was not said (another value, or a field
  the case leaves unfilled). The bar is 0.
- **partial**: nothing wrong, but a field said was not filled, or ``missing`` does not name
  exactly what the form must still ask (a form that says "filled" then refuses Save).
- **right**: the fields and ``missing`` are those of the case (``unknown`` aside: the words
  listed as not understood do not change the deal).

Run it to print the table, and the cases not right::

    .venv/bin/python -m tests.sentence.evaluate [--show wrong|partial|all]

With ``PYTHONPATH`` set to an older checkout of ``scorekeeper``, the same table for that
parser: the figures before a change.
"""

from __future__ import annotations

import argparse
import inspect
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from scorekeeper.sentence import parse

from .corpus import Case, every_case

GRADES = ("right", "partial", "wrong")

Parser = Callable[..., Any]


@dataclass(frozen=True)
class Graded:
    """One case read: its grade and why."""

    case: Case
    grade: str
    wrong: tuple[str, ...]
    """Fields filled with a value the case does not have."""
    unfilled: tuple[str, ...]
    """Fields the case has that were not filled."""
    missing: tuple[tuple[str, ...], tuple[str, ...]]
    """``missing`` as read, and as the case says, when they differ."""
    deal: dict[str, Any]


def read(case: Case, parser: Parser = parse) -> Any:
    """The parser's reading of ``case``; its players' other names given when it takes them."""
    if case.aliases and "aliases" in inspect.signature(parser).parameters:
        return parser(case.text, case.players, case.lang, aliases=case.aliases)
    return parser(case.text, case.players, case.lang)


def contradicted(case: Case, deal: dict[str, Any]) -> tuple[str, ...]:
    """The fields read that differ from the sentence actually said (noise, transcripts)."""
    said = case.said
    if said is None:
        return ()
    return tuple(f for f in deal if f not in said or deal[f] != said[f])


def grade(case: Case, deal: dict[str, Any], missing: Iterable[str]) -> Graded:
    """``case`` graded against what was read of it: a field that the case does not have,
    or that contradicts the sentence said, is wrong."""
    wrong = tuple(f for f in deal if f not in case.deal or deal[f] != case.deal[f])
    wrong += tuple(f for f in contradicted(case, deal) if f not in wrong)
    unfilled = tuple(f for f in case.deal if f not in deal)
    said_missing = tuple(missing)
    missing_differs = said_missing != case.missing
    if wrong:
        verdict = "wrong"
    elif unfilled or missing_differs:
        verdict = "partial"
    else:
        verdict = "right"
    pair = (said_missing, case.missing) if missing_differs else ((), ())
    return Graded(case, verdict, wrong, unfilled, pair, deal)


def evaluate(cases: Iterable[Case], parser: Parser = parse) -> list[Graded]:
    """Every case read and graded."""
    graded = []
    for case in cases:
        said = read(case, parser)
        graded.append(grade(case, said.deal, said.missing))
    return graded


def table(graded: Iterable[Graded]) -> dict[tuple[str, str, int], Counter[str]]:
    """The grades counted by (kind, language, players)."""
    counts: dict[tuple[str, str, int], Counter[str]] = {}
    for item in graded:
        key = (item.case.kind, item.case.lang, len(item.case.players))
        counts.setdefault(key, Counter())[item.grade] += 1
    return counts


def wrong_fields(graded: Iterable[Graded]) -> int:
    """The fields filled with a value that was not said, in all."""
    return sum(len(item.wrong) for item in graded)


def render(graded: list[Graded]) -> str:
    """The table as text: one line per kind, language and players, then the totals."""
    counts = table(graded)
    lines = [f"{'corpus':<12} {'lang':<4} {'players':>7} {'right':>6} {'partial':>7} {'wrong':>6}"]
    for kind, lang, players in sorted(counts):
        c = counts[kind, lang, players]
        lines.append(
            f"{kind:<12} {lang:<4} {players:>7} {c['right']:>6} {c['partial']:>7} {c['wrong']:>6}"
        )
    total: Counter[str] = Counter(item.grade for item in graded)
    lines.append(
        f"{'all':<12} {'':<4} {'':>7} {total['right']:>6} {total['partial']:>7} {total['wrong']:>6}"
    )
    lines.append(f"wrong fields: {wrong_fields(graded)}")
    return "\n".join(lines)


def describe(item: Graded) -> str:
    case = item.case
    parts = [f"{item.grade:<7} {case.kind[0]}{case.lang}{case.line} {case.text!r}"]
    for field in item.wrong:
        parts.append(
            f"    wrong {field}: {item.deal[field]!r}, want {case.deal.get(field, '(unfilled)')!r}"
        )
    if item.unfilled:
        parts.append(f"    not filled: {', '.join(item.unfilled)}")
    if item.missing != ((), ()):
        parts.append(f"    missing {list(item.missing[0])}, want {list(item.missing[1])}")
    return "\n".join(parts)


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    options.add_argument("--show", choices=("wrong", "partial", "all"), default="wrong")
    args = options.parse_args()
    shown = args.show
    graded = evaluate(every_case())
    print(render(graded))
    for item in graded:
        if item.grade != "right" and (shown == "all" or item.grade == shown or shown == "partial"):
            print(describe(item))


if __name__ == "__main__":
    main()
