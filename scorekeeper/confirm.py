"""Replacing a link and deleting: the one flow. A GET shows what will happen and a
button (``templates/confirm.html``); the POST (its CSRF token checked, as every POST's)
does it, commits, updates the links this device remembers, says so and goes on.

Without JavaScript it is two pages; nothing is changed by following a link.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from flask import flash, redirect, render_template, request
from werkzeug.wrappers import Response

from scorekeeper.db import db
from scorekeeper.device import forget


@dataclass(frozen=True)
class Confirm:
    """The page that asks first."""

    title: str
    question: str
    """The heading: "Delete Friday club?"."""
    consequence: str
    """What goes with it, what follows."""
    button: str
    cancel: str
    """Where Cancel goes: the page the person came from."""
    hidden: Mapping[str, str] = field(default_factory=dict)
    """What the POST carries besides its token (``which=edit``)."""
    danger: bool = True
    """The button in the colour of what cannot be undone."""


@dataclass(frozen=True)
class Done:
    """What the POST did, for the person and for this device's memory of links."""

    said: str
    """The message the next page shows."""
    then: str
    """The next page's URL."""
    kind: str | None = None
    """The kind of link this device forgets (``"clubs"``, ``"sheets"``, ``"tournaments"``)."""
    token: str | None = None
    """The link that stopped working."""
    replaced_by: str | None = None
    """Its successor, which the device remembers in its place."""


def confirm_then(ask: Callable[[], Confirm], act: Callable[[], Done]) -> str | Response:
    """The confirmation page on a GET (``ask``, nothing changed); on a POST, ``act`` and
    :func:`finish`."""
    if request.method == "POST":
        return finish(act())
    return render_template("confirm.html", confirm=ask())


def finish(done: Done) -> Response:
    """Commit what was done, forget the old link on this device (or keep its successor),
    say so, and go on: POST, then redirect, then GET."""
    db.session.commit()
    if done.kind is not None and done.token is not None:
        forget(done.kind, done.token, replaced_by=done.replaced_by)
    flash(done.said)
    return redirect(done.then)
