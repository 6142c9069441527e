"""What a form's body may hold before it is parsed: its fields, and its bytes.

A body of 500,000 fields (under ``MAX_CONTENT_LENGTH``) once took seconds of a worker to
answer 400 on a loaded server, before any CSRF check or rate limit could refuse it:
every field was parsed first (``make bench`` measures it: ``form_500000_fields_cpu_ms``).
Here a body is refused 413 (in the person's language, :mod:`scorekeeper.errors`) before
it is parsed when it holds more than ``MAX_FORM_PARTS`` fields, or more than
``MAX_FORM_MEMORY_SIZE`` bytes url-encoded:
Werkzeug counts the parts of a multipart body as it reads them, and a url-encoded
body's fields are counted here, by its separators, before a byte of it is decoded.
"""

from __future__ import annotations

import typing as t
from urllib.parse import parse_qsl

from flask import Flask, Request
from werkzeug.datastructures import MultiDict
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.formparser import FormDataParser

URLENCODED = "application/x-www-form-urlencoded"

Parsed = tuple[t.IO[bytes], MultiDict[str, t.Any], MultiDict[str, t.Any]]


class CountedParser(FormDataParser):
    """Werkzeug's parser, with a url-encoded body's fields counted and its bytes bounded
    before it is parsed (Werkzeug bounds a multipart body's parts only)."""

    def parse(
        self,
        stream: t.IO[bytes],
        mimetype: str,
        content_length: int | None,
        options: dict[str, str] | None = None,
    ) -> Parsed:
        if mimetype != URLENCODED:
            return super().parse(stream, mimetype, content_length, options)
        body = self.bounded(stream, content_length)
        try:
            items = parse_qsl(body.decode(), keep_blank_values=True, errors="werkzeug.url_quote")
        except ValueError:  # not UTF-8: an empty form, as Werkzeug answers it
            if not self.silent:
                raise
            items = []
        return stream, self.cls(items), self.cls()

    def bounded(self, stream: t.IO[bytes], content_length: int | None) -> bytes:
        """The body, read no further than ``max_form_memory_size``; 413 when it is larger
        (said by its length, or found reading it) or holds more than ``max_form_parts``
        fields."""
        most = self.max_form_memory_size
        if most is not None and (content_length or 0) > most:
            raise RequestEntityTooLarge()
        body = stream.read() if most is None else stream.read(most + 1)
        if most is not None and len(body) > most:
            raise RequestEntityTooLarge()
        if self.max_form_parts is not None and body.count(b"&") >= self.max_form_parts:
            raise RequestEntityTooLarge()
        return body


class BoundedRequest(Request):
    """The app's request: its form parsed by :class:`CountedParser`."""

    form_data_parser_class = CountedParser


def init_app(app: Flask) -> None:
    app.request_class = BoundedRequest
