"""The deal form's groups of choices as plain data, for the page's macro."""

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
