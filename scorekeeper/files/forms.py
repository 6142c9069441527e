"""The form of a CSV import."""

from __future__ import annotations

from datetime import date

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired
from wtforms import DateField, StringField
from wtforms.validators import DataRequired, Length

from scorekeeper.forms import clean_name, variants_field
from scorekeeper.models import TITLE_LENGTH


class ImportForm(FlaskForm):
    """A CSV file of deals, imported as a new evening."""

    file = FileField(_l("CSV file"), [FileRequired(_l("Choose a file."))])
    name = StringField(_l("Name"), [Length(max=TITLE_LENGTH)], filters=[clean_name])
    day = DateField(_l("Date"), [DataRequired()], default=date.today)
    variants = variants_field()
