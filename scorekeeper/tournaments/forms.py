"""The organiser's forms: a tournament's settings, its players, a swap before a round."""

from __future__ import annotations

import re
from datetime import date
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    DateField,
    Field,
    IntegerField,
    RadioField,
    SelectField,
    StringField,
    TextAreaField,
)
from wtforms.validators import (
    DataRequired,
    InputRequired,
    Length,
    NumberRange,
    Optional,
    ValidationError,
)

from scorekeeper.forms import (
    clean_name,
    long_name_message,
    name_flaw,
    once_field,
    options,
    variants_field,
)
from scorekeeper.models import LICENCE_LENGTH, NAME_LENGTH, TITLE_LENGTH
from scorekeeper.scoring.text import trim_name
from scorekeeper.tournaments.store import Registration

LINE_BREAK = re.compile(r"\r\n|\r|\n")
# A line is a name, then maybe a licence number and the player's club: pasted from a
# spreadsheet (tabs) or typed with semicolons. A comma stays in the name ("Martin, Anne").
FIELD_BREAK = re.compile(r"\t|;")
QUOTED = 60
"""The most of a typed line a message repeats: a page pasted by mistake is not said back."""


def quoted(text: str) -> str:
    """``text`` as a message repeats it, cut to :data:`QUOTED` characters.

    >>> quoted("x" * 500)[-3:], len(quoted("x" * 500))
    ('xx…', 60)
    """
    return text if len(text) <= QUOTED else text[: QUOTED - 1] + "…"


class TournamentForm(FlaskForm):
    """A tournament's settings."""

    name = StringField(_l("Name"), [DataRequired(), Length(max=TITLE_LENGTH)], filters=[clean_name])
    day = DateField(_l("Date"), [DataRequired()], default=date.today)
    rounds = IntegerField(_l("Rounds"), [InputRequired(), NumberRange(1, 12)], default=5)
    deals_per_round = IntegerField(
        _l("Deals per round (empty: one per seat)"), [Optional(), NumberRange(1, 30)]
    )
    minutes_per_round = IntegerField(
        _l("Time limit per round, in minutes (instead of a number of deals)"),
        [Optional(), NumberRange(5, 240)],
    )
    prefer = RadioField(
        _l("Spare players sit at"),
        choices=options([("five", _l("tables of 5")), ("three", _l("tables of 3"))]),
        default="five",
    )
    variants = variants_field()
    seed = IntegerField(_l("Draw seed"), [Optional(), NumberRange(0, 10**9)])
    once = once_field()

    def validate(self, extra_validators: Any = None) -> bool:
        """A round ends by its deals or by its time limit: given both, one would be
        ignored without a word, so both are refused, the error beside each."""
        valid = bool(super().validate(extra_validators))
        deals, minutes = self.deals_per_round, self.minutes_per_round
        if deals.data is not None and minutes.data is not None:
            both = _("Give a number of deals or a time limit, not both: empty one of them.")
            for field in (deals, minutes):
                field.errors = [*field.errors, both]
            return False
        return valid


class EntrantsForm(FlaskForm):
    """Players to register, one per line: a name, then maybe a licence number and a club."""

    names = TextAreaField(
        _l("Players, one per line"),
        [DataRequired(), Length(max=20_000)],
        description=_l(
            "A licence number and the player's club may follow the name, after a "
            "semicolon or a tab: Anne Martin; 0123456; TC Lyon"
        ),
    )
    checked_in = BooleanField(_l("They are here (checked in)"), default=True)

    def registrations(self) -> list[Registration]:
        """The lines typed, each trimmed by the rule every name follows (only a line break
        ends a line: any other control character is refused in its name). A name typed
        twice counts once, with the last licence and club said for it."""
        found: dict[str, Registration] = {}
        for line in LINE_BREAK.split(self.names.data or ""):
            name, *more = (trim_name(part) for part in FIELD_BREAK.split(line))
            if name:
                licence, affiliation = (more + ["", ""])[:2]
                found[name] = Registration(name, licence, affiliation)
        return list(found.values())

    def name_list(self) -> list[str]:
        return [r.name for r in self.registrations()]

    def validate_names(self, field: Field) -> None:
        for line in LINE_BREAK.split(field.data or ""):
            if len(FIELD_BREAK.split(line)) > 3:
                raise ValidationError(
                    _(
                        "%(line)s: give a name, then at most a licence number and a club.",
                        line=quoted(trim_name(line)),
                    )
                )
        for r in self.registrations():
            for text, most in (
                (r.name, NAME_LENGTH),
                (r.licence, LICENCE_LENGTH),
                (r.affiliation, TITLE_LENGTH),
            ):
                if flaw := name_flaw(text):
                    raise ValidationError(flaw)
                if len(text) > most:
                    raise ValidationError(
                        _("%(name)s is longer than %(n)d characters.", name=quoted(text), n=most)
                    )
            if message := long_name_message(r.name):  # spelt out: "\ufdfa" is 18 letters
                raise ValidationError(message)


class SwapForm(FlaskForm):
    """Two players who exchange their places before a round starts."""

    first = SelectField(_l("Swap"), validate_choice=True, coerce=int)
    second = SelectField(_l("with"), validate_choice=True, coerce=int)
