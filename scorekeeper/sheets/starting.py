"""Starting an evening: the new-evening form with the club it goes to, the evening it
makes, the names a club refuses, and the device remembering it. The new-evening page
(:mod:`scorekeeper.sheets.evenings`) and an evening a phone started offline
(:mod:`scorekeeper.sheets.offline_evenings`) start one the same way."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from flask_babel import format_date
from flask_babel import gettext as _

from scorekeeper.db import db
from scorekeeper.device import choose_home_club, known_clubs, remember
from scorekeeper.forms import same_name_message
from scorekeeper.models import Club, Sheet
from scorekeeper.scoring import rule_set
from scorekeeper.sheets import store
from scorekeeper.sheets.forms import EveningForm, SeatingFields
from scorekeeper.sheets.players import clashes, one_person


def evening_form(club: Club | None, choose: bool = False) -> tuple[EveningForm, Club | None]:
    """The new-evening form, and the club its evening goes to (``None``: a new "Mes
    parties"); ``choose``: the device's own page, where a device that knows several clubs
    names the club in the form."""
    form = EveningForm()
    clubs = known_clubs() if choose else []
    if club is not None and club not in clubs:
        clubs.insert(0, club)
    if len(clubs) > 1:  # the person says which club: never a club a link chose for them
        form.club.choices = [(c.token, c.name) for c in clubs]
        if not form.club.data:  # the page shows the device's chosen club first
            form.club.data = club.token if club else clubs[0].token
    else:
        del form.club
    if "club" in form and form.is_submitted():
        club = next((c for c in clubs if c.token == form.club.data), club)
    return form, club


def making(form: EveningForm, club: Club | None) -> Callable[[str], Sheet]:
    """What makes the evening ``form`` asks for under an edit link (not committed)."""

    def make(token: str) -> Sheet:
        home = club or Club(name=_("My games"))  # "Mes parties"
        db.session.add(home)
        day = form.day.data or date.today()
        sheet = store.create_evening(
            home,
            name=form.name.data or _("Evening of %(day)s", day=format_date(day, "d MMMM y")),
            day=day,
            place=form.place.data or "",
            seating=form.seating(),
            first_dealer=form.first_dealer_name(),
            mode=form.mode(),
            rules=rule_set("+".join(["fft", *(form.variants.data or [])])),
        )
        sheet.edit_token = token
        return sheet

    return make


def remember_evening(sheet: Sheet) -> None:
    """This device opens the evening it made, and makes the next ones in its club."""
    remember("clubs", sheet.club.token)
    choose_home_club(sheet.club.token)
    remember("sheets", sheet.edit_token)


def refused_seating(form: SeatingFields, club: Club | None) -> bool:
    """A name the club writes otherwise (Bob for "bob", :mod:`scorekeeper.names`), or two
    seats named for one player (a name they had before a rename): said where the seats'
    problems are said, with what was typed kept."""
    if found := clashes(club, form.seating()):
        form.seat_1.errors = [same_name_message(name, like) for name, like in found.items()]
        return True
    pair = one_person(club, form.seating())
    if pair is None:
        return False
    form.seat_1.errors = [
        _(
            "%(name)s and %(other)s are one player of the club: seat them once.",
            name=pair[1],
            other=pair[0],
        )
    ]
    return True
