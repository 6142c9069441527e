"""The sentence field's script (static/src/sentence.js), served under its hashed name."""

from __future__ import annotations

from flask.testing import FlaskClient

from scorekeeper.assets import asset


def test_the_script_is_served(client: FlaskClient) -> None:
    with client.application.test_request_context():
        url = asset("js/sentence.js")
    response = client.get(url)
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    text = response.get_data(as_text=True)
    assert "export {" in text and "listen" in text and "read" in text  # an ES module
    assert "box.dataset.url" in text  # the parse API's address is the page's to give
    response.close()
