"""What a live page's script polls: the version of what it shows, answered ``304 Not
Modified`` while it has not changed (``static/src/live.js`` sends the tag it holds)."""

from __future__ import annotations

from flask import abort, jsonify, request
from werkzeug.wrappers import Response


def version_answer(number: int | None) -> Response:
    """A page's version (a sheet's, a tournament's), tagged with it: a phone that sends
    the tag it holds (``If-None-Match``) is answered ``304 Not Modified``, a few bytes and
    no JSON, while nothing changed; that is nearly every poll of an afternoon."""
    if number is None:
        abort(404)
    tag = version_etag(number)
    if request.if_none_match.contains_weak(tag):
        answer = Response(status=304)
    else:
        answer = jsonify(version=number)
    answer.set_etag(tag)
    return answer


def version_etag(number: int) -> str:
    """The tag of a page's version, unquoted (as werkzeug takes it); the page carries it
    quoted, for its script to send back."""
    return f"v{number}"
