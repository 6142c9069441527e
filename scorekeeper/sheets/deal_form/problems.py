r"""The deal form's problems, each shown next to its field in the person's language.

The scoring library says what is wrong with a deal (a :class:`~scorekeeper.scoring.DealError`
of :class:`~scorekeeper.scoring.Problem`\ s, each naming its field); this mixin of the
form puts each message where the page shows that field, says a missing choice in the
person's words, and tells the page which field to take them to first.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from flask_babel import get_locale
from flask_babel import lazy_gettext as _l

from scorekeeper.i18n import local_numbers
from scorekeeper.scoring import DealError, TableMode

# What the person is told when a choice is missing: each names its field, so that an
# empty form names every missing choice, in the person's words.
MISSING = {
    "taker": _l("Choose the taker."),
    "contract": _l("Choose the contract."),
    "partner": _l("Choose the partner, or “alone” if the taker called a King of their own."),
    "second_partner": _l("Say who held the called Queen."),
    "oudlers": _l("Choose the number of oudlers."),
    "points": _l("Type the card points."),
}
MISSING_KING = _l("Say who held the called King.")


class Problems:
    """What the deal form shows of a deal's problems (a mixin of the form)."""

    _fields: dict[str, Any]
    form_errors: list[str]
    mode: TableMode
    poignee_errors: list[str]
    implied_chelem: str | None = None
    """The chelem the points mean, when nobody marked it: the page offers to mark it."""

    if TYPE_CHECKING:  # the form's own, declared for the checker only

        def __iter__(self) -> Iterator[Any]: ...

        def shows(self, name: str) -> bool: ...

    def messages(self, error: DealError) -> list[tuple[str | None, str]]:
        """Each problem as the field the page shows it at (``None``: the form's) and its
        message, in the person's language; one message is said once."""
        lang = str(get_locale() or "fr")
        said: list[tuple[str | None, str]] = []
        for problem in error.problems:
            name = {"players": "taker", "chelem": "chelem_outcome"}.get(
                problem.field, problem.field
            )
            if problem.key == "required" and name in MISSING:
                king = name == "partner" and self.mode.playing == 6
                text = str(MISSING_KING if king else MISSING[name])
            else:
                text = local_numbers(problem.message(lang), lang)
            if all(text != message for _, message in said):
                shown = name == "poignees" or (self.shows(name) and name in self._fields)
                said.append((name if shown else None, text))
        return said

    def show(self, error: DealError) -> None:
        """Put each problem next to its field, in the person's language."""
        implied = [p.key for p in error.problems if p.key.startswith("chelem_implied_")]
        self.implied_chelem = implied[0].removeprefix("chelem_implied_") if implied else None
        for name, text in self.messages(error):
            if name == "poignees":
                self.poignee_errors.append(text)
            elif name is not None:
                field = self._fields[name]
                field.errors = [*field.errors, text]
            else:
                self.form_errors.append(text)

    def problem_fields(self) -> list[tuple[str, str]]:
        """The id and label of each field the page shows a problem at, in the page's order."""
        found = [
            (field.id, str(field.label.text))
            for field in self
            if field.errors and self.shows(field.name) and not field.name.startswith("poignee_")
        ]
        if self.poignee_errors:
            found.append(("poignees", str(_l("Poignées"))))
        return found

    def first_error(self) -> str | None:
        """The id of the first field the page shows a problem at, in the page's order."""
        found = self.problem_fields()
        return found[0][0] if found else None
