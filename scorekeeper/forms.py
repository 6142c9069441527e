"""The forms of the evening screens; the deal form is in :mod:`.deal_form`."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext
from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired
from wtforms import (
    BooleanField,
    DateField,
    Field,
    IntegerField,
    RadioField,
    SelectField,
    SelectMultipleField,
    StringField,
    TextAreaField,
)
from wtforms.fields.choices import SelectChoice  # type: ignore[attr-defined]  # WTForms 3.3
from wtforms.validators import (
    DataRequired,
    InputRequired,
    Length,
    NumberRange,
    Optional,
    ValidationError,
)
from wtforms.widgets import CheckboxInput, ListWidget

from .models import NAME_LENGTH, TITLE_LENGTH
from .rotation import TableMode
from .scoring import VARIANTS

SEATS = 6


def options(pairs: Iterable[tuple[str, Any]]) -> list[SelectChoice]:
    """Form choices from (value, label) pairs."""
    return [SelectChoice(value, label) for value, label in pairs]


TABLE_MODES = [
    (TableMode.THREE.value, _l("3 players")),
    (TableMode.FOUR.value, _l("4 players")),
    (TableMode.FIVE.value, _l("5 players, the taker calls a King")),
    (TableMode.FIVE_DEALER_OUT.value, _l("5 seated, the dealer sits out (4 play)")),
    (TableMode.SIX_DEALER_OUT.value, _l("6 seated, the dealer sits out (5 play, King called)")),
]

VARIANT_TEXT = {
    "half_point_floor": _l(
        "Half points: the attack's points are rounded down (41.5 with 2 oudlers is just made)."
    ),
    "five_player_equal": _l("At 5: taker and partner share the attack's gain equally."),
    "petit_au_bout_player_flat": _l(
        "Petit au bout: every other player pays 10 to the player who took it."
    ),
    "poignees_20_40_60": _l("Poignées are worth 20, 40 and 60."),
    "poignees_multiplied": _l("Poignées are multiplied by the contract."),
    "no_prise": _l("No prise: the lowest contract is the garde."),
    "misere_10": _l(
        "Misère: a player with no trump or no face card receives 10 from each other player."
    ),
}
VARIANT_NAMES = {
    "half_point_floor": _l("half point rounded down"),
    "five_player_equal": _l("equal split at 5"),
    "petit_au_bout_player_flat": _l("petit au bout paid to the player"),
    "poignees_20_40_60": _l("poignées 20/40/60"),
    "poignees_multiplied": _l("poignées multiplied"),
    "no_prise": _l("no prise"),
    "misere_10": _l("misère 10"),
}
assert set(VARIANT_TEXT) == set(VARIANTS) == set(VARIANT_NAMES), "every variant needs its words"


class MultiCheckboxField(SelectMultipleField):
    """Several choices as checkboxes."""

    widget = ListWidget(prefix_label=False)
    option_widget = CheckboxInput()


def clean_name(value: Any) -> Any:
    """Names as typed, without surrounding spaces or control characters (no database
    stores a NUL byte in text)."""
    if not isinstance(value, str):
        return value
    return "".join(c for c in value if c.isprintable() or c == " ").strip()


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
        names = self.seating()
        seen: set[str] = set()
        for name in names:
            if name.casefold() in seen:
                # gettext, not a lazy string: a lazy string is not escaped in templates.
                raise ValidationError(_("%(name)s is seated twice.", name=name))
            seen.add(name.casefold())

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


class ImportForm(FlaskForm):
    """A CSV file of deals, imported as a new evening."""

    file = FileField(_l("CSV file"), [FileRequired(_l("Choose a file."))])
    name = StringField(_l("Name"), [Length(max=TITLE_LENGTH)], filters=[clean_name])
    day = DateField(_l("Date"), [DataRequired()], default=date.today)
    variants = MultiCheckboxField(
        _l("House rules"), choices=options([(name, VARIANT_TEXT[name]) for name in VARIANTS])
    )


class EveningForm(SeatingFields):
    """Start an evening: who sits where, who deals first, and the rules."""

    name = StringField(_l("Name"), [Length(max=TITLE_LENGTH)], filters=[clean_name])
    day = DateField(_l("Date"), [DataRequired()], default=date.today)
    place = StringField(_l("Place"), [Optional(), Length(max=TITLE_LENGTH)], filters=[clean_name])
    first_dealer = RadioField(
        _l("First dealer"),
        choices=options([(str(i), str(i)) for i in range(1, SEATS + 1)]),
        default="1",
    )
    variants = MultiCheckboxField(
        _l("House rules"), choices=options([(name, VARIANT_TEXT[name]) for name in VARIANTS])
    )

    def validate_first_dealer(self, field: Field) -> None:
        seat = self[f"seat_{field.data}"] if field.data in {str(i) for i in range(1, 7)} else None
        if seat is None or not seat.data:
            raise ValidationError(_("The first dealer's seat is empty."))

    def first_dealer_name(self) -> str:
        return str(self[f"seat_{self.first_dealer.data}"].data)


class ClubForm(FlaskForm):
    """A club's name."""

    name = StringField(_l("Name"), [DataRequired(), Length(max=TITLE_LENGTH)], filters=[clean_name])


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
    variants = MultiCheckboxField(
        _l("House rules"), choices=options([(name, VARIANT_TEXT[name]) for name in VARIANTS])
    )
    seed = IntegerField(_l("Draw seed"), [Optional(), NumberRange(0, 10**9)])


class EntrantsForm(FlaskForm):
    """Players to register, one name per line."""

    names = TextAreaField(_l("Players, one per line"), [DataRequired(), Length(max=20_000)])
    checked_in = BooleanField(_l("They are here (checked in)"), default=True)

    def name_list(self) -> list[str]:
        names = [line.strip() for line in (self.names.data or "").splitlines()]
        return list(dict.fromkeys(n for n in names if n))

    def validate_names(self, field: Field) -> None:
        for name in self.name_list():
            if len(name) > NAME_LENGTH:
                raise ValidationError(
                    _("%(name)s is longer than %(n)d characters.", name=name, n=NAME_LENGTH)
                )


class SwapForm(FlaskForm):
    """Two players who exchange their places before a round starts."""

    first = SelectField(_l("Swap"), validate_choice=True, coerce=int)
    second = SelectField(_l("with"), validate_choice=True, coerce=int)
