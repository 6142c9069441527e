"""The deal form's groups of choices as plain data, and their markup.

The page draws a dozen groups of some forty inputs after every deal; as a template's
macro each input cost a dozen lookups and escapes. Each group is written here, in one
pass, as the macro wrote it (the same bytes); whatever comes from a person (a player's
name, as a value and a label) is escaped as the page escapes any text."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from markupsafe import Markup, escape


@dataclass(frozen=True)
class Option:
    """One choice of a group as the page draws it."""

    id: str
    value: str
    label: Markup
    checked: bool


@dataclass(frozen=True)
class ChoiceGroup:
    """A group of radio buttons (or checkboxes) as plain data, for the page's macro: the
    deal form draws a dozen groups after every deal, and WTForms' widgets, which build
    each input from a dict of attributes, were most of the page's cost."""

    id: str
    name: str
    legend: Markup
    options: list[Option]
    errors: list[str]

    def html(self, cls: str = "", kind: str = "radio") -> Markup:
        """The group as a fieldset of ``kind`` inputs (radio buttons, or checkboxes),
        each with its label; its errors under it."""
        ident, wrong = escape(self.id), bool(self.errors)
        if kind == "radio":
            described = f'aria-describedby="{ident}-error" aria-invalid="true"' if wrong else ""
            head = (
                f'<fieldset class="seg {escape(cls)}{HAS_ERROR[wrong]}" id="{ident}" {described}>'
            )
        else:
            head = f'<fieldset class="seg{HAS_ERROR[wrong]}" id="{ident}">'
        name, kind = escape(self.name), escape(kind)
        options = "".join(
            OPTION.format(
                data=f' data-value="{value}"' if kind == "radio" else "",
                checked=CHECKED[o.checked],
                id=escape(o.id),
                name=name,
                kind=kind,
                value=value,
                label=o.label,
            )
            for o in self.options
            for value in (escape(o.value),)
        )
        said = "".join(f"{escape(e)} " for e in self.errors)
        errors = f'<p class="error" id="{ident}-error">{said}</p>' if wrong else ""
        return Markup(
            f'{head}\n    <legend>{self.legend}</legend>\n    <div class="options">\n    '
            f"{options}\n    </div>\n    {errors}\n  </fieldset>"
        )

    def select_html(self) -> Markup:
        """The group as a drop-down list."""
        options = "".join(
            f'<option{SELECTED[o.checked]} value="{escape(o.value)}">{o.label}</option>'
            for o in self.options
        )
        return Markup(
            f'<select id="{escape(self.id)}" name="{escape(self.name)}">{options}</select>'
        )


HAS_ERROR = {False: "", True: " has-error"}
CHECKED = {False: "", True: " checked"}
SELECTED = {False: "", True: " selected"}
OPTION = (
    '\n      <span class="opt"{data}><input{checked} class="sr" id="{id}" name="{name}"'
    ' type="{kind}" value="{value}"><label for="{id}">{label}</label></span>\n    '
)
"""An input of a group, with the white space the template's macro wrote around it."""


class Groups:
    """What the deal form draws its groups of choices with (a mixin of the form)."""

    _fields: dict[str, Any]

    def group(self, name: str) -> ChoiceGroup:
        """The field ``name`` (a radio field, or the misères' checkboxes) as plain data,
        checked as WTForms checks it: a choice whose value is the field's data (or among
        its data, for checkboxes)."""
        field = self._fields[name]
        data = field.data
        if isinstance(data, list):
            chosen = {str(value) for value in data}
            checked = [str(c.value) in chosen for c in field.choices]
        else:
            checked = [str(c.value) == data for c in field.choices]
        labels = self._labels(field.choices)
        return ChoiceGroup(
            id=field.id,
            name=field.name,
            legend=escape(field.label.text),
            options=[
                Option(f"{field.id}-{i}", str(c.value), label, on)
                for i, (c, label, on) in enumerate(zip(field.choices, labels, checked, strict=True))
            ],
            errors=list(field.errors),
        )

    def _labels(self, choices: list[Any]) -> list[Markup]:
        """The choices' labels in the person's language, looked up once per list (the
        poignée groups share one list), escaped as the page escapes any text: a player's
        name is, words of the catalog (lazy strings) are not."""
        cache: dict[int, list[Markup]] = self.__dict__.setdefault("_label_cache", {})
        key = id(choices)
        if key not in cache:
            # As WTForms: an empty label shows the value (a lazy string is not asked its
            # length: that would look its words up once more).
            cache[key] = [
                escape(c.value if isinstance(c.label, str) and not c.label else c.label)
                for c in choices
            ]
        return cache[key]
