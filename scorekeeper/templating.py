"""What every template may call: the language, and the words for rules and contracts."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import Any

from flask import Flask, has_request_context, request
from flask_babel import get_translations
from jinja2 import pass_eval_context
from jinja2.nodes import EvalContext
from markupsafe import Markup

from scorekeeper.forms import VARIANT_NAMES
from scorekeeper.i18n import current_lang, points_text
from scorekeeper.qr import shared_url
from scorekeeper.scoring import VARIANTS, RuleSet, contract_name


@cache
def _variant_settings(name: str) -> dict[str, Any]:
    """What the house rule ``name`` sets, as :meth:`RuleSet.to_json` writes it."""
    return RuleSet().updated(VARIANTS[name].settings).to_json()


def rule_variants(rules: RuleSet) -> list[str]:
    """The house rules on in ``rules``, by their names; other settings by their keys."""
    on = rules.to_json()
    names: list[str] = []
    covered: set[str] = set()
    for name, variant in VARIANTS.items():
        probe = _variant_settings(name)
        if all(on[key] == probe[key] for key in variant.settings):
            names.append(str(VARIANT_NAMES[name]))
            covered.update(variant.settings)
    names += [key for key in rules.variants() if key not in covered]
    return names


CONTRACT_SHORT = {"prise": "P", "garde": "G", "garde_sans": "GS", "garde_contre": "GC"}


def contract_short(contract: str | None) -> str:
    """A contract in the ledger's margin: P, G, GS, GC, or a dash when all passed."""
    return "—" if contract is None else CONTRACT_SHORT[contract]


def round_tables(round_: Any) -> dict[int, list[str]]:
    """A round's tables: table number → names in seat order."""
    found: dict[int, list[str]] = {}
    for seat in round_.seats:
        found.setdefault(seat.table, []).append(seat.player.name)
    return found


def record_text(record: dict[str, Any] | None) -> str:
    """A logged deal in a line: taker, contract, oudlers, points."""
    if not record:
        return "—"
    if record.get("contract") is None:
        return str(record.get("dealer", "")) + " · " + "—"
    if record.get("points_half") is not None:
        points: Fraction | None = Fraction(record["points_half"], 2)
    else:  # a correction logged before the one record of a deal: points as "81/2"
        points = Fraction(record["points"]) if record.get("points") is not None else None
    return (
        f"{record['taker']} · {contract_name(record['contract'], current_lang())}"
        f" · {record['oudlers']} · {points_text(points)}"
    )


CATALOG = "scorekeeper.catalog"
"""Where a request keeps its catalog (in its WSGI environ), once found."""


def page_catalog() -> Any:
    """The catalog of the page being made, found once per request. Flask-Babel finds it
    again for every word of a template (its context, domain and locale, each through a
    context variable), and a page writes dozens of words: that search was a tenth of the
    deal form's time."""
    if not has_request_context():
        return get_translations()
    environ = request.environ
    found = environ.get(CATALOG)
    if found is None:
        found = environ[CATALOG] = get_translations()
    return found


KNOWN_WORDS = "_page_words"
"""Where a catalog keeps the words templates wrote with it, ready to write again."""


def _catalog(eval_ctx: EvalContext) -> Any:
    """The request's catalog, kept by the template being written (found once per page)."""
    found = getattr(eval_ctx, "_catalog", None)
    if found is None:
        found = page_catalog()
        eval_ctx._catalog = found  # type: ignore[attr-defined]
    return found


@pass_eval_context
def words(eval_ctx: EvalContext, string: str, **variables: Any) -> str:
    """``_()`` and ``gettext()`` of templates, as Jinja's "new style" writes them (the
    words escaped as the page is, always a format string), in one call: Jinja's own goes
    through three, about 7 µs a word, and a ledger writes fifty words."""
    catalog = _catalog(eval_ctx)
    if not variables and eval_ctx.autoescape:  # most words: the same Markup every time
        known: dict[str, Markup] = catalog.__dict__.setdefault(KNOWN_WORDS, {})
        word = known.get(string)
        if word is None:
            word = known[string] = Markup(catalog.ugettext(string)) % {}
        return word
    found: str = catalog.ugettext(string)
    if eval_ctx.autoescape:
        found = Markup(found)
    return found % variables


@pass_eval_context
def words_for(eval_ctx: EvalContext, singular: str, plural: str, num: int, **variables: Any) -> str:
    """``ngettext()`` of templates, as :func:`words`."""
    variables.setdefault("num", num)
    found: str = _catalog(eval_ctx).ungettext(singular, plural, num)
    if eval_ctx.autoescape:
        found = Markup(found)
    return found % variables


def init_app(app: Flask) -> None:
    # The words of templates, as Flask-Babel installs them, from the request's catalog.
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda s: page_catalog().ugettext(s),
        ngettext=lambda s, p, n: page_catalog().ungettext(s, p, n),
        newstyle=True,
        pgettext=lambda c, s: page_catalog().upgettext(c, s),
        npgettext=lambda c, s, p, n: page_catalog().unpgettext(c, s, p, n),
    )
    app.jinja_env.globals.update(_=words, gettext=words, ngettext=words_for)

    @app.context_processor
    def helpers() -> dict[str, Any]:
        return {
            "current_lang": current_lang,
            "rule_variants": rule_variants,
            "points_text": points_text,
            "contract_label": lambda c: contract_name(c, current_lang()),
            "contract_short": contract_short,
            "current_tables": round_tables,
            "record_text": record_text,
            "shared_url": shared_url,
        }
