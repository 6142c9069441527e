"""The deal form's groups of choices as plain data, and their markup.

The page draws a dozen groups of some forty inputs after every deal; as a template's
macro each input cost a dozen lookups and escapes. Each group is written here, in one
pass, as the macro wrote it (the same bytes); whatever comes from a person (a player's
name, as a value and a label) is escaped as the page escapes any text.

What a group's markup owes to the table and the language (its legend, its choices'
values and labels, escaped, each input's markup but its ``checked``) is the same on
every form of a table: it is drawn once per language and choices, and kept
(:func:`drawn_of`); each form adds what it owes to the deal (which choice is checked,
the errors).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from flask import current_app
from flask_babel.speaklater import LazyString
from markupsafe import Markup, escape

from scorekeeper.i18n import current_lang
from scorekeeper.memo import remembered
from scorekeeper.templating import catalog_key, text_of


@dataclass(frozen=True)
class Drawn:
    """What a group's markup owes to the table and the language: the same on every form
    of a table, whatever is checked. Its inputs of each kind, and its frame without
    errors, are made on first use and kept with it."""

    legend: Markup
    values: tuple[str, ...]
    labels: tuple[Markup, ...]
    ids: tuple[str, ...]
    name: str
    """The field's name, escaped."""
    _inputs: dict[str, tuple[tuple[str, str], ...]] = dataclasses.field(default_factory=dict)
    _frames: dict[tuple[str, str], tuple[str, str]] = dataclasses.field(default_factory=dict)

    def inputs(self, kind: str) -> tuple[tuple[str, str], ...]:
        """Each choice as an input of ``kind`` with its label, in two parts: what comes
        before its ``checked`` and after."""
        found = self._inputs.get(kind)
        if found is None:
            found = self._inputs[kind] = tuple(
                (
                    OPTION_HEAD.format(data=f' data-value="{value}"' if kind == "radio" else ""),
                    OPTION_TAIL.format(
                        id=escape(ident), name=self.name, kind=kind, value=value, label=label
                    ),
                )
                for ident, label, value in zip(
                    self.ids, self.labels, map(escape, self.values), strict=True
                )
            )
        return found

    def frame(self, group: ChoiceGroup, cls: str, kind: str) -> tuple[str, str]:
        """What comes before the inputs of ``group`` and after, when it has no error: the
        same for every form of the table."""
        found = self._frames.get((cls, kind))
        if found is None:
            found = self._frames[cls, kind] = group.frame(cls, kind)
        return found

    def options(self) -> tuple[tuple[str, Markup], ...]:
        """Each choice of a drop-down list: its value, escaped, and its label."""
        return tuple(zip(map(escape, self.values), self.labels, strict=True))


@dataclass(slots=True)
class ChoiceGroup:
    """A group of radio buttons (or checkboxes) as plain data, for the page's macro: the
    deal form draws a dozen groups after every deal, and WTForms' widgets, which build
    each input from a dict of attributes, were most of the page's cost."""

    id: str
    name: str
    drawn: Drawn
    checked: tuple[bool, ...]
    errors: list[str]

    @property
    def legend(self) -> Markup:
        return self.drawn.legend

    def html(self, cls: str = "", kind: str = "radio") -> Markup:
        """The group as a fieldset of ``kind`` inputs (radio buttons, or checkboxes),
        each with its label; its errors under it."""
        options = "".join(
            [
                before + CHECKED[on] + after
                for (before, after), on in zip(self.drawn.inputs(kind), self.checked, strict=True)
            ]
        )
        head, tail = self.frame(cls, kind) if self.errors else self.drawn.frame(self, cls, kind)
        return Markup(head + options + tail)

    def frame(self, cls: str, kind: str) -> tuple[str, str]:
        """What comes before the group's inputs, and after."""
        ident, wrong = escape(self.id), bool(self.errors)
        if kind == "radio":
            described = f'aria-describedby="{ident}-error" aria-invalid="true"' if wrong else ""
            head = (
                f'<fieldset class="seg {escape(cls)}{HAS_ERROR[wrong]}" id="{ident}" {described}>'
            )
        else:
            head = f'<fieldset class="seg{HAS_ERROR[wrong]}" id="{ident}">'
        errors = errors_markup(self.id, self.errors)
        return (
            f'{head}\n    <legend>{self.drawn.legend}</legend>\n    <div class="options">\n    ',
            f"\n    </div>\n    {errors}\n  </fieldset>",
        )

    def row_html(self) -> Markup:
        """The group as a row of radio buttons inside another fieldset (the points' side):
        a radio group named by the legend."""
        drawn = self.drawn
        options = "".join(
            f'<span class="opt"><input{CHECKED[on]} class="sr" id="{ident}" name="{drawn.name}"'
            f' type="radio" value="{value}"><label for="{ident}">{label}</label></span>'
            for ident, value, label, on in zip(
                map(escape, drawn.ids),
                map(escape, drawn.values),
                drawn.labels,
                self.checked,
                strict=True,
            )
        )
        return Markup(
            f'<div class="seg inline" role="radiogroup" aria-label="{drawn.legend}">\n'
            f"        {options}\n      </div>"
        )

    def select_html(self) -> Markup:
        """The group as a drop-down list."""
        options = "".join(
            f'<option{SELECTED[on]} value="{value}">{label}</option>'
            for (value, label), on in zip(self.drawn.options(), self.checked, strict=True)
        )
        return Markup(f'<select id="{escape(self.id)}" name="{self.drawn.name}">{options}</select>')


HAS_ERROR = {False: "", True: " has-error"}
CHECKED = {False: "", True: " checked"}
SELECTED = {False: "", True: " selected"}
OPTION_HEAD = '\n      <span class="opt"{data}><input'
OPTION_TAIL = (
    ' class="sr" id="{id}" name="{name}" type="{kind}" value="{value}"><label'
    ' for="{id}">{label}</label></span>\n    '
)
"""An input of a group, with the white space the template's macro wrote around it; its
``checked`` goes between the two."""

MEMO = "scorekeeper.choices"
"""Where the app keeps the groups drawn (``app.extensions``)."""
MEMO_SIZE = 4096
"""The most groups kept: a dozen per table and language, for some 150 tables at once."""


class Groups:
    """What the deal form draws its groups of choices with (a mixin of the form)."""

    _fields: dict[str, Any]

    def group(self, name: str) -> ChoiceGroup:
        """The field ``name`` (a radio field, or the misères' checkboxes) as plain data,
        checked as WTForms checks it: a choice whose value is the field's data (or among
        its data, for checkboxes)."""
        field = self._fields[name]
        values = tuple([str(c.value) for c in field.choices])
        data = field.data
        if isinstance(data, list):
            chosen = {str(value) for value in data}
            checked = tuple(value in chosen for value in values)
        else:
            checked = tuple(value == data for value in values)
        drawn = drawn_of(field, values, self._memo())
        return ChoiceGroup(field.id, field.name, drawn, checked, list(field.errors))

    def group_html(self, name: str, cls: str = "", kind: str = "radio") -> Markup:
        """The group of the field ``name`` as a fieldset (:meth:`ChoiceGroup.html`)."""
        return self.group(name).html(cls, kind)

    def select_html(self, name: str) -> Markup:
        """The group of the field ``name`` as a drop-down list."""
        return self.group(name).select_html()

    def errors_html(self, name: str) -> Markup:
        """The errors of the field ``name``, as ``errors()`` of ``_form.html`` writes them
        under a field."""
        field = self._fields[name]
        return errors_markup(field.id, field.errors)

    def _memo(self) -> Memo:
        """The memo of the groups drawn, and the page's language: found once per form."""
        found: Memo | None = self.__dict__.get("_drawn_memo")
        if found is None:
            kept: dict[Hashable, Drawn] = current_app.extensions.setdefault(MEMO, {})
            found = self.__dict__["_drawn_memo"] = Memo(current_lang(), kept)
        return found


@dataclass(frozen=True)
class Memo:
    """The groups kept, and the language of the page being drawn."""

    lang: str
    kept: dict[Hashable, Drawn]


def drawn_of(field: Any, values: tuple[str, ...], memo: Memo) -> Drawn:
    """What the group of ``field`` owes to the table and the language, drawn once per
    language, field and choices (``values``, and their labels: all it depends on, with
    the release's catalog, which a process never sees change). A memo that any server
    makes alike; a label that is neither text nor a word of the catalog is drawn each
    time."""
    labels = (field.label.text, *(c.label for c in field.choices))
    keys = tuple(label if type(label) is str else _lazy_key(label) for label in labels)
    if None in keys:
        return _draw(field)
    key = (memo.lang, field.id, field.name, values, keys)
    return remembered(memo.kept, key, lambda: _draw(field), MEMO_SIZE)


def _lazy_key(label: Any) -> tuple[str, str] | None:
    """A word of the catalog in a memo's key, told apart from the same text as text."""
    found = catalog_key(label)
    return None if found is None else ("_l", found)


def _draw(field: Any) -> Drawn:
    """The group's legend and each choice's label in the person's language, escaped as
    the page escapes any text: a player's name is, words of the catalog (lazy strings)
    are not. As WTForms: an empty label shows the value (a lazy string is not asked its
    length: that would look its words up once more)."""
    ident = field.id
    return Drawn(
        legend=label_markup(field.label.text),
        values=tuple(str(c.value) for c in field.choices),
        labels=tuple(
            label_markup(c.value if isinstance(c.label, str) and not c.label else c.label)
            for c in field.choices
        ),
        ids=tuple(f"{ident}-{i}" for i in range(len(field.choices))),
        name=str(escape(field.name)),
    )


def errors_markup(ident: str, errors: list[str]) -> Markup:
    """A field's errors under it (nothing when it has none)."""
    if not errors:
        return Markup("")
    said = "".join(f"{escape(e)} " for e in errors)
    return Markup(f'<p class="error" id="{escape(ident)}-error">{said}</p>')


def label_markup(label: Any) -> Markup:
    """A label as the page writes it: words of the catalog (lazy strings) as they are, in
    the page's language (:func:`~scorekeeper.templating.text_of`), anything else (a
    player's name) escaped."""
    if isinstance(label, LazyString):
        return Markup(text_of(label))
    return escape(label)
