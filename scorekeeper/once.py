"""One-time keys: a creation form sent twice (Back, then the button again, or a double
tap) makes one club, evening or tournament, not two."""

from __future__ import annotations

import base64
import hmac
import re
from collections.abc import Callable
from typing import TypeVar

from flask import current_app
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from scorekeeper.db import db
from scorekeeper.models import TOKEN_BYTES, new_token

T = TypeVar("T")


ONCE_KEY = re.compile(r"\A[A-Za-z0-9_-]{0,32}\Z")
"""A creation form's one-time key, as :func:`~scorekeeper.models.new_token` makes it."""


def once_token(what: str, key: str) -> str:
    """The link of what the creation form ``what`` with the one-time key ``key`` makes:
    the same key always gives the same link, which nobody can work out without the
    secret key (it is an HMAC of the key)."""
    secret = str(current_app.config["SECRET_KEY"]).encode()
    digest = hmac.digest(secret, f"{what}\0{key}".encode(), "sha256")
    while (token := base64.urlsafe_b64encode(digest[:TOKEN_BYTES]).decode()).startswith("-"):
        digest = hmac.digest(secret, digest, "sha256")  # as new_token: never a leading dash
    return token


def create_once(
    model: type[T], column: str, what: str, key: str | None, make: Callable[[str], T]
) -> T:
    """Make, with ``make(token)``, and commit what a creation form asks for, once: the
    form carries a one-time key, and the link made from it (:func:`once_token`, in the
    unique ``column``) finds what the same form made before, sent again after Back or
    by a double tap. A form without a key (a page of before) makes a new one each time."""
    if not key:
        made = make(new_token())
        db.session.commit()
        return made
    token = once_token(what, key)
    if (found := _made(model, column, token)) is not None:
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
