"""A club's forms: its name, a new club, a change to one of its players."""

from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import Field, HiddenField, SelectField, StringField, ValidationError
from wtforms.validators import AnyOf, DataRequired, Length, Optional

from scorekeeper.forms import clean_name, once_field, player_name
from scorekeeper.models import NAME_LENGTH, TITLE_LENGTH


class ClubForm(FlaskForm):
    """A club's name."""

    name = StringField(_l("Name"), [DataRequired(), Length(max=TITLE_LENGTH)], filters=[clean_name])


class NewClubForm(ClubForm):
    """A new club: its name, and the form's one-time key."""

    once = once_field()


ACTIONS = ("rename", "merge", "retire", "return", "delete")
"""What the players page can do to a player."""


class PlayerChangeForm(FlaskForm):
    """One change to a player: what, a new name or the player to merge into, and whether
    the person confirmed it (the first send shows what will happen)."""

    action = HiddenField(validators=[AnyOf(ACTIONS)])
    name = StringField(
        _l("New name"), [Optional(), Length(max=NAME_LENGTH), player_name], filters=[clean_name]
    )
    into = SelectField(_l("Merge into"), default="", validate_choice=False)
    confirmed = HiddenField(default="")

    def validate_name(self, field: Field) -> None:
        if self.action.data == "rename" and not field.data:
            raise ValidationError(_("Give the new name."))

    def validate_into(self, field: Field) -> None:
        if self.action.data == "merge" and field.data not in {v for v, _label in self.offered}:
            raise ValidationError(_("Choose another player of the club."))

    def offer(self, names: list[tuple[int, str]], player_id: int) -> PlayerChangeForm:
        """The players this one may be merged into: every other of the club."""
        self.offered = [(str(pid), name) for pid, name in names if pid != player_id]
        self.into.choices = [("", "—"), *self.offered]
        return self
