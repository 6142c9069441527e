"""What every form shares: choices, checkboxes, the one rule that cleans a name, the words
for the house rules; and the club's form. Each part's own forms are in its package."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from babel import support
from flask import Flask, current_app, g
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel.speaklater import LazyString
from flask_wtf import FlaskForm
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup, escape
from wtforms import (
    Field,
    HiddenField,
    SelectMultipleField,
    ValidationError,
)
from wtforms.csrf.core import CSRFTokenField
from wtforms.fields.choices import SelectChoice  # type: ignore[attr-defined]  # WTForms 3.3
from wtforms.i18n import messages_path
from wtforms.validators import (
    Regexp,
)
from wtforms.widgets import CheckboxInput, HiddenInput, ListWidget

from scorekeeper import names
from scorekeeper.i18n import current_lang
from scorekeeper.once import ONCE_KEY
from scorekeeper.scoring import VARIANTS
from scorekeeper.scoring.text import Problem, trim_name, unseen_character


class CatalogWords(LazyString):
    """A word of the catalog looked up when shown, as ``lazy_gettext(msgid)`` gives it
    (the same to WTForms, to Jinja and to ``str()``), that says its key: a page that
    shows dozens looks them up in the catalog it found once
    (:func:`scorekeeper.templating.text_of`), where Flask-Babel finds it again for each."""

    def __init__(self, msgid: str) -> None:
        super().__init__(_, msgid)
        self.msgid = msgid


def lazy_words(msgid: str) -> CatalogWords:
    """``lazy_gettext(msgid)`` that says its key (:class:`CatalogWords`)."""
    return CatalogWords(msgid)


def options(pairs: Iterable[tuple[str, Any]]) -> list[SelectChoice]:
    """Form choices from (value, label) pairs."""
    return [SelectChoice(value, label) for value, label in pairs]


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


def name_flaw(name: str) -> str | None:
    """What is wrong with a name holding a control or invisible character, in the person's
    language; ``None`` for a name everyone can read."""
    found = unseen_character(name)
    return (
        None
        if found is None
        else Problem("name", "name_unseen", {"char": found}).message(current_lang())
    )


def clean_name(value: Any) -> Any:
    """The one rule every name follows (a WTForms filter): the spaces around it trimmed;
    a control or invisible character refused with a message next to the field, never
    silently removed (:func:`scorekeeper.scoring.text.unseen_character`)."""
    if not isinstance(value, str):
        return value
    name = trim_name(value)
    if flaw := name_flaw(name):
        raise ValueError(flaw)
    return name


def same_name_message(name: str, like: str) -> str:
    """A new name refused because it reads as one the club has (:mod:`scorekeeper.names`)."""
    return str(
        _(
            "%(name)s reads as %(like)s, a name the club has: write %(like)s for that "
            "player, or a name that tells them apart.",
            name=name,
            like=like,
        )
    )


SHOWN = 20
"""The characters of a refused name a message shows."""


def long_name_message(name: str) -> str | None:
    """What is wrong with a player's name longer than the club keeps, as typed or spelt
    out (a ligature counts as the letters it stands for); ``None`` when it fits."""
    if not names.too_long(name):
        return None
    return str(
        _(
            "%(name)s is too long: a player's name has at most %(n)d characters, a "
            "ligature counting as the letters it stands for.",
            name=name if len(name) <= SHOWN else name[:SHOWN] + "…",
            n=names.LONGEST,
        )
    )


def player_name(form: Any, field: Field) -> None:
    """A WTForms validator: a player's name that fits (:func:`long_name_message`)."""
    if isinstance(field.data, str) and (message := long_name_message(field.data)):
        raise ValidationError(message)


def once_field() -> HiddenField:
    """A creation form's one-time key: the form sent again finds what it made
    (:func:`scorekeeper.once.create_once`)."""
    return HiddenField(validators=[Regexp(ONCE_KEY)])


def variants_field() -> MultiCheckboxField:
    """The house rules, as checkboxes: off by default."""
    return MultiCheckboxField(
        _l("House rules"), choices=options([(name, VARIANT_TEXT[name]) for name in VARIANTS])
    )


@lru_cache(maxsize=8)
def wtforms_catalog(lang: str) -> support.NullTranslations:
    """WTForms' own messages in ``lang``, read once per process (Flask-WTF reads the
    catalog again for every request that builds a form)."""
    return support.Translations.load(messages_path(), [lang], domain="wtforms")


class ButtonForm(FlaskForm):
    """A form with no field of its own: a button that posts (close the evening, draw a
    round, withdraw a player) carries its CSRF token through it."""


def hidden_tag(form: FlaskForm | None = None, *names: str) -> Markup:
    """A form's hidden fields (its CSRF token first), or, without a form, the CSRF token of
    a button that posts: what ``hidden()`` of ``templates/_form.html`` writes, so that no
    template writes a token by hand. ``names`` picks some hidden fields of ``form``.

    A button's token has no ``id`` (a page holds many such forms) and is made once a
    request (a page may hold hundreds: two buttons per player)."""
    if form is not None:
        fields = (getattr(form, name, None) for name in ("csrf_token", *names)) if names else form
        return Markup("\n".join(_hidden_input(f) for f in fields if _is_hidden(f)))
    if "button_tag" not in g:
        g.button_tag = _button_token()
    return Markup(g.button_tag)


def start_session() -> str:
    """Give the phone its session (and the token its forms will carry) now, writing
    nothing: for the page that registers the service worker. A phone's first page may
    have no form (a tournament table's ledger, by its QR code); the worker then fetches
    its first pages while the table taps "New deal", and had no session been started, each
    of those requests and the deal form's would start one: the last cookie to arrive made
    the form's token wrong, its preview and its save refused."""
    generate_csrf()
    return ""


def _button_token() -> str:
    """What a :class:`ButtonForm` writes (its CSRF token, without an ``id``), without
    making one: the form and its field cost a tenth of an evening's ledger."""
    config = current_app.config
    if not config.get("WTF_CSRF_ENABLED", True):
        return ""
    name = config.get("WTF_CSRF_FIELD_NAME", "csrf_token")
    token = generate_csrf(config.get("WTF_CSRF_SECRET_KEY", current_app.secret_key), name)
    return f'<input name="{escape(name)}" type="hidden" value="{escape(token)}">'


def _is_hidden(field: Any) -> bool:
    """A field Flask-WTF's ``hidden_tag`` writes: one drawn by WTForms' hidden input."""
    return field is not None and isinstance(field.widget, HiddenInput)


def _hidden_input(field: Any) -> str:
    """A hidden field as WTForms writes it (its attributes in the order WTForms sorts
    them), without the widget's machinery, which cost the deal form a seventh of its
    time for its seven hidden fields. Only WTForms' own hidden and CSRF fields, with no
    attributes of their own: any other is left to WTForms."""
    kind = type(field)
    if kind not in (HiddenField, CSRFTokenField) or field.render_kw or field.flags.disabled:
        return str(field())
    if kind is CSRFTokenField:
        value = field.current_token
    else:  # as a text field's value: its data, or nothing
        value = "" if field.data is None else str(field.data)
    return (
        f'<input id="{escape(field.id)}" name="{escape(field.name)}" type="hidden"'
        f' value="{escape(value)}">'
    )


def init_app(app: Flask) -> None:
    """:func:`hidden_tag` and :func:`start_session` for the templates."""
    app.jinja_env.globals["hidden_tag"] = hidden_tag
    app.jinja_env.globals["start_session"] = start_session
