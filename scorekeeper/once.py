"""One-time keys: a creation form sent twice (Back, then the button again, or a double
tap) makes one club, evening or tournament, not two.

A key is good for an hour (:data:`ONCE_SECONDS`) from when its form was shown, and only
on the device it was shown to and for what it was made (a club, an evening in one club, a
tournament in one club): the link it makes is an HMAC of all of them. A key seen elsewhere
(a screenshot, a shared form) opens nothing of another's, and a form sent after the hour
makes a new one, as a person who comes back to a form long after expects.
"""

from __future__ import annotations

import base64
import hmac
import re
import secrets
import time
from collections.abc import Callable
from typing import TypeVar

from flask import current_app, session
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from scorekeeper.db import db
from scorekeeper.models import TOKEN_BYTES, new_token

T = TypeVar("T")

clock = time.time
"""What the keys read the time from (the tests move it)."""

ONCE_SECONDS = 3600
"""How long a creation form's key holds: far longer than any Back and send again."""

ONCE_KEY = re.compile(r"\A[A-Za-z0-9_-]{0,32}\Z")
"""What a creation form's one-time key may look like (anything else is refused)."""
FRESH_KEY = re.compile(r"\A([0-9a-f]{8})[A-Za-z0-9_-]{16}\Z")
"""A key as :func:`new_key` makes it: when it was made (seconds, in hex), then 96 random bits."""


def new_key() -> str:
    """A creation form's one-time key, made now, for this device: the device is named in
    its cookie as the form is shown, so that the form sent twice at once, from a phone
    that never made anything before, is known as one device's."""
    device()
    return f"{int(clock()):08x}{secrets.token_urlsafe(12)}"


def fresh(key: str | None) -> bool:
    """Whether ``key`` is one of :func:`new_key`'s, made within the last hour."""
    found = FRESH_KEY.match(key or "")
    if found is None:
        return False
    age = clock() - int(found.group(1), 16)
    return -60 <= age <= ONCE_SECONDS


def device() -> str:
    """This device's own random name, kept in its signed cookie: a key holds only here."""
    name = session.get("device")
    if not isinstance(name, str):
        name = session["device"] = new_token()
        session.permanent = True
    return name


def once_token(what: str, key: str) -> str:
    """The link of what the creation form ``what`` with the one-time key ``key`` makes on
    this device: the same key always gives the same link there, which nobody can work out
    without the secret key (it is an HMAC of the key, what it makes and the device)."""
    secret = str(current_app.config["SECRET_KEY"]).encode()
    digest = hmac.digest(secret, f"{what}\0{device()}\0{key}".encode(), "sha256")
    while (token := base64.urlsafe_b64encode(digest[:TOKEN_BYTES]).decode()).startswith("-"):
        digest = hmac.digest(secret, digest, "sha256")  # as new_token: never a leading dash
    return token


def create_once(
    model: type[T],
    column: str,
    what: str,
    key: str | None,
    make: Callable[[str], T],
    before: str | None = None,
) -> T:
    """Make, with ``make(token)``, and commit what a creation form asks for, once: the
    form carries a one-time key, and the link made from it (:func:`once_token`, in the
    unique ``column``) finds what the same form made before, sent again after Back or
    by a double tap. A form without a good key (a page of before, or shown more than an
    hour ago) makes a new one each time. ``what`` names the kind and the club it goes to;
    ``before``, what the same form was for when it was sent the first time (an evening
    without a club, whose first sending made the club it now goes to)."""
    if not fresh(key):
        made = make(new_token())
        db.session.commit()
        return made
    token = once_token(what, str(key))
    for earlier in (token, once_token(before, str(key))) if before else (token,):
        if (found := _made(model, column, earlier)) is not None:
            return found
    try:
        made = make(token)
        db.session.commit()
        return made
    except IntegrityError:  # the same form, sent at the same moment, came first
        db.session.rollback()
        if (found := _made(model, column, token)) is None:
            raise
        return found


def _made(model: type[T], column: str, token: str) -> T | None:
    return db.session.scalars(select(model).where(getattr(model, column) == token)).first()
