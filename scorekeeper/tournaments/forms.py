"""The organiser's forms: a tournament's settings, its players, a swap before a round."""

from __future__ import annotations

import re
from datetime import date

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

from scorekeeper.forms import clean_name, name_flaw, options, variants_field
from scorekeeper.models import NAME_LENGTH, TITLE_LENGTH
from scorekeeper.scoring.text import trim_name

LINE_BREAK = re.compile(r"\r\n|\r|\n")


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


class EntrantsForm(FlaskForm):
    """Players to register, one name per line."""

    names = TextAreaField(_l("Players, one per line"), [DataRequired(), Length(max=20_000)])
    checked_in = BooleanField(_l("They are here (checked in)"), default=True)

    different = BooleanField(_l("They are different players (names alike but for case or accents)"))

    def name_list(self) -> list[str]:
        """The names typed, one per line, trimmed by the rule every name follows (only a
        line break ends a line: any other control character is refused in its name)."""
        lines = LINE_BREAK.split(self.names.data or "")
        return list(dict.fromkeys(n for n in map(trim_name, lines) if n))

    def validate_names(self, field: Field) -> None:
        for name in self.name_list():
            if flaw := name_flaw(name):
                raise ValidationError(flaw)
            if len(name) > NAME_LENGTH:
                raise ValidationError(
                    _("%(name)s is longer than %(n)d characters.", name=name, n=NAME_LENGTH)
                )


class SwapForm(FlaskForm):
    """Two players who exchange their places before a round starts."""

    first = SelectField(_l("Swap"), validate_choice=True, coerce=int)
    second = SelectField(_l("with"), validate_choice=True, coerce=int)
