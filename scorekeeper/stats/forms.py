"""The statistics pages' settings: GET forms read from the address, that work without script.

Every bad value gets its message next to its field; none raises.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from wtforms import Field, Form, RadioField, SelectField, StringField, ValidationError

from scorekeeper.forms import options
from scorekeeper.stats import figures as stats
from scorekeeper.stats import season

MAX_BEST = 100
MAX_ATTENDANCE = 1000


def _day(_form: Form, field: Field) -> None:
    text = (field.data or "").strip()
    field.data = text
    if text and not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text):
        raise ValidationError(_("Write a date as YYYY-MM-DD."))
    if text:
        try:
            date.fromisoformat(text)
        except ValueError:
            raise ValidationError(_("This day does not exist.")) from None


def _whole(low: int, high: int) -> Callable[[Form, Field], None]:
    def check(_form: Form, field: Field) -> None:
        if not re.fullmatch(r"[0-9]{1,6}", field.data or "") or not low <= int(field.data) <= high:
            raise ValidationError(
                _("Give a whole number from %(low)d to %(high)d.", low=low, high=high)
            )

    return check


def _one_of(values: list[str]) -> Callable[[Form, Field], None]:
    def check(_form: Form, field: Field) -> None:
        if field.data not in values:
            raise ValidationError(_("Choose one of the options."))

    return check


def _or(default: str) -> Callable[[Any], Any]:
    """A filter: an empty or missing value is the default."""
    return lambda value: value.strip() if isinstance(value, str) and value.strip() else default


class PeriodForm(Form):
    """A period, from the page's address (a GET form: it works without JavaScript)."""

    start = StringField(_l("From"), [_day], name="from", default="")
    end = StringField(_l("To"), [_day], name="to", default="")
    every = StringField(name="all", default="")
    """``1``: every date, rather than the season of the club's last sheet."""

    def validate_end(self, field: Field) -> None:
        if self.start.errors or field.errors or not (self.start.data and field.data):
            return
        if date.fromisoformat(self.start.data) > date.fromisoformat(field.data):
            raise ValidationError(_("The end comes before the start."))

    def period(self, season: date | None = None) -> stats.Period:
        """The period asked for (call once the form is valid): the dates given; else every
        date when asked for, else the season that starts on ``season``."""
        start, end = self.start.data, self.end.data
        if not start and not end:
            return stats.Period(None if self.every.data == "1" else season, None)
        return stats.Period(
            date.fromisoformat(start) if start else None, date.fromisoformat(end) if end else None
        )


OVER_CHOICES = [
    ("evenings", _l("evenings")),
    ("tournaments", _l("tournaments")),
    ("both", _l("both")),
]
METHOD_CHOICES = [
    ("total", _l("total")),
    ("average", _l("average per deal")),
    ("best", _l("best N results")),
]


class RankingForm(PeriodForm):
    """The season ranking's settings."""

    over = RadioField(
        _l("Sheets counted"),
        [_one_of([v for v, _ in OVER_CHOICES])],
        choices=options(OVER_CHOICES),
        default="both",
        validate_choice=False,
        filters=[_or("both")],
    )
    method = RadioField(
        _l("Rank by"),
        [_one_of([v for v, _ in METHOD_CHOICES])],
        choices=options(METHOD_CHOICES),
        default="total",
        validate_choice=False,
        filters=[_or("total")],
    )
    best_n = StringField(
        _l("N, for the best N results"),
        [_whole(1, MAX_BEST)],
        name="n",
        default="5",
        filters=[_or("5")],
    )
    min_sheets = StringField(
        _l("Minimum attendance (evenings or tables)"),
        [_whole(1, MAX_ATTENDANCE)],
        name="min",
        default="1",
        filters=[_or("1")],
    )

    def over_sheets(self) -> stats.Over:
        """Which sheets count (the form must be valid)."""
        return stats.Over(self.over.data)

    def args(self) -> dict[str, str]:
        """The settings as the address carries them."""
        return {
            "from": self.start.data or "",
            "to": self.end.data or "",
            "all": self.every.data or "",
            "over": self.over.data,
            "method": self.method.data,
            "n": self.best_n.data or "",
            "min": self.min_sheets.data or "",
        }

    def ranking(self, results: list[season.SheetResult], names: dict[int, str]) -> season.Ranking:
        """The season ranking of ``results`` with these settings (the form must be valid)."""
        return season.season_ranking(
            results,
            season.Method(self.method.data),
            best_n=int(self.best_n.data or 5),
            min_sheets=int(self.min_sheets.data or 1),
            names=names,
        )


class VersusForm(PeriodForm):
    """Head-to-head: the other player, and a period."""

    other = SelectField(_l("Against"), name="other", default="", validate_choice=False)

    def choose_from(self, names: dict[int, str], player_id: int) -> VersusForm:
        """Offer every player of the club but ``player_id``, by name."""
        self.offered = [(str(pid), name) for pid, name in names.items() if pid != player_id]
        self.other.choices = list(self.offered)
        return self

    def validate_other(self, field: Field) -> None:
        if field.data not in {value for value, _label in getattr(self, "offered", [])}:
            raise ValidationError(_("Choose another player of the club."))

    def other_id(self) -> int:
        """The other player's id (the form must be valid)."""
        return int(self.other.data)
