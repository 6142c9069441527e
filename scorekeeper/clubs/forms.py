"""A club's forms: its name, and a new club."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import StringField
from wtforms.validators import DataRequired, Length

from scorekeeper.forms import clean_name, once_field
from scorekeeper.models import TITLE_LENGTH


class ClubForm(FlaskForm):
    """A club's name."""

    name = StringField(_l("Name"), [DataRequired(), Length(max=TITLE_LENGTH)], filters=[clean_name])


class NewClubForm(ClubForm):
    """A new club: its name, and the form's one-time key."""

    once = once_field()
