"""The forms of an evening: who sits where, who deals first, and the rules.

The deal form is in :mod:`scorekeeper.sheets.deal_form`.
"""

from __future__ import annotations

from datetime import date

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext
from flask_wtf import FlaskForm
from wtforms import DateField, Field, RadioField, SelectField, StringField
from wtforms.validators import DataRequired, Length, Optional, ValidationError

from scorekeeper import names as rule
from scorekeeper.forms import clean_name, long_name_message, once_field, options, variants_field
from scorekeeper.models import NAME_LENGTH, TITLE_LENGTH
from scorekeeper.scoring import TableMode

SEATS = 6

TABLE_MODES = [
    (TableMode.THREE.value, _l("3 players")),
    (TableMode.FOUR.value, _l("4 players")),
    (TableMode.FIVE.value, _l("5 players, the taker calls a King")),
    (TableMode.FIVE_DEALER_OUT.value, _l("5 seated, the dealer sits out (4 play)")),
    (TableMode.SIX_DEALER_OUT.value, _l("6 seated, the dealer sits out (5 play, King called)")),
    (TableMode.SIX.value, _l("6 players, a King and a Queen called")),
]


class SeatingFields(FlaskForm):
    """Six seats around the table, in order; empty seats are ignored."""

    seat_1 = StringField(_l("Seat 1"), [Length(max=NAME_LENGTH)], filters=[clean_name])
    seat_2 = StringField(_l("Seat 2"), [Length(max=NAME_LENGTH)], filters=[clean_name])
    seat_3 = StringField(_l("Seat 3"), [Length(max=NAME_LENGTH)], filters=[clean_name])
    seat_4 = StringField(_l("Seat 4"), [Length(max=NAME_LENGTH)], filters=[clean_name])
    seat_5 = StringField(_l("Seat 5"), [Length(max=NAME_LENGTH)], filters=[clean_name])
    seat_6 = StringField(_l("Seat 6"), [Length(max=NAME_LENGTH)], filters=[clean_name])
    table_mode = RadioField(_l("Table"), choices=options(TABLE_MODES), default=TableMode.FOUR.value)

    def seat_fields(self) -> list[Field]:
        return [self[f"seat_{i}"] for i in range(1, SEATS + 1)]

    def seating(self) -> list[str]:
        """The names typed, in seat order."""
        return [field.data for field in self.seat_fields() if field.data]

    def mode(self) -> TableMode:
        return TableMode(self.table_mode.data)

    def validate_seat_1(self, field: Field) -> None:
        # The seats' errors are shown together, under the first seat: a refused name
        # (``clean_name``) in another seat is told there too, with its seat.
        for seat in self.seat_fields()[1:]:
            if seat.process_errors:
                raise ValidationError(f"{seat.label.text} — {seat.process_errors[0]}")
        names = self.seating()
        for name in names:
            if message := long_name_message(name):
                raise ValidationError(message)
        if (twice := rule.twice(names)) is not None:  # "Bob" and "bob": one name, as read
            # gettext, not a lazy string: a lazy string is not escaped in templates.
            raise ValidationError(_("%(name)s is seated twice.", name=twice))

    def validate_table_mode(self, field: Field) -> None:
        try:
            mode = self.mode()
        except ValueError:
            raise ValidationError(_("Choose how the table plays.")) from None
        if len(self.seating()) != mode.seated:
            typed = len(self.seating())
            raise ValidationError(
                ngettext(
                    "This table needs %(seated)d players; %(num)d is seated.",
                    "This table needs %(seated)d players; %(num)d are seated.",
                    typed,
                    seated=mode.seated,
                )
            )


class EveningForm(SeatingFields):
    """Start an evening: who sits where, who deals first, and the rules."""

    club = SelectField(_l("Club"), validate_choice=True)
    once = once_field()

    name = StringField(_l("Name"), [Length(max=TITLE_LENGTH)], filters=[clean_name])
    day = DateField(_l("Date"), [DataRequired()], default=date.today)
    place = StringField(_l("Place"), [Optional(), Length(max=TITLE_LENGTH)], filters=[clean_name])
    first_dealer = RadioField(
        _l("First dealer"),
        choices=options([(str(i), str(i)) for i in range(1, SEATS + 1)]),
        default="1",
    )
    variants = variants_field()

    def validate_first_dealer(self, field: Field) -> None:
        seat = self[f"seat_{field.data}"] if field.data in {str(i) for i in range(1, 7)} else None
        if seat is None or not seat.data:
            raise ValidationError(_("The first dealer's seat is empty."))

    def first_dealer_name(self) -> str:
        return str(self[f"seat_{self.first_dealer.data}"].data)
