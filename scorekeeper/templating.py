"""What every template may call: the language, and the words for rules and contracts."""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from functools import cache
from typing import Any

from flask import Flask, current_app, has_request_context, request, url_for
from flask_babel import get_translations
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup

from scorekeeper.forms import VARIANT_NAMES, CatalogWords
from scorekeeper.i18n import current_lang, points_text
from scorekeeper.memo import remembered
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
    """The catalog of the page being made, found once per request: Flask-Babel finds it
    again for every word (its context, domain and locale), and a page writes dozens."""
    if not has_request_context():
        return get_translations()
    environ = request.environ
    found = environ.get(CATALOG)
    if found is None:
        found = environ[CATALOG] = get_translations()
    return found


def catalog_key(words: Any) -> str | None:
    """The catalog's key of a word made lazy by :func:`~scorekeeper.forms.lazy_words` (as
    the deal form's labels are), or ``None`` for anything else."""
    return words.msgid if isinstance(words, CatalogWords) else None


def text_of(words: Any) -> str:
    """``words`` as text in the page's language, the same as ``str(words)``. A word made
    lazy that says its key is looked up in the request's catalog (:func:`page_catalog`):
    Flask-Babel's lazy string finds the catalog again for each (its context, domain and
    locale), and the deal form shows forty."""
    key = catalog_key(words)
    return str(words) if key is None else str(page_catalog().ugettext(key))


PAGE_CATALOG = "page_catalog_"
"""The page's catalog among a page's variables (:func:`init_app`), for ``_()``."""


@pass_context
def page_gettext(context: Context, string: str, **variables: Any) -> str:
    """``_()`` in a template: the words of the page's catalog, escaped where the template
    escapes, formatted with their variables, as Jinja's "new style" gettext gives them, in
    one call where Jinja's makes three through the template's context, the catalog taken
    from the page's variables (a page writes dozens of words). Words with no variable and
    no ``%`` are the same unformatted."""
    catalog = context.get(PAGE_CATALOG) or page_catalog()  # a macro's or a part's own: none
    found: str = catalog.ugettext(string)
    if context.eval_ctx.autoescape:
        found = Markup(found)
    return found % variables if variables or "%" in found else found


OFFLINE = "_offline.html"
"""The words every page carries for the scripts that keep deals while offline."""
ONCE_MEMO = "scorekeeper.once"
"""Where the app keeps the parts of pages rendered once (``app.extensions``)."""


def offline_words() -> Markup:
    """``_offline.html`` as this page's language writes it: some thirty words, the same on
    every page in a language, rendered once per language and service worker's address
    (:func:`rendered_once`)."""
    return _rendered_once((current_lang(), OFFLINE, url_for("assets.service_worker")), OFFLINE)


def rendered_once(name: str, **values: Hashable) -> Markup:
    """The template ``name`` as this page's language writes it with ``values`` (plain
    values: a number, a word): for a part of a page made of words of the catalog and of
    these values only, the same on every page in a language. Rendered once per language
    and values (all it depends on, with the release's catalog and templates, which a
    process never sees change); a memo that any server makes alike, never from a
    request's state. The template sees ``values`` and the app's globals (``_()``), no
    request's variable."""
    return _rendered_once((current_lang(), name, tuple(sorted(values.items()))), name, values)


def _rendered_once(key: Hashable, name: str, values: dict[str, Any] | None = None) -> Markup:
    env = current_app.jinja_env
    if env.auto_reload:  # a developer's server: the template may change under it
        return Markup(env.get_template(name).render(values or {}))
    memo: dict[Hashable, Markup] = current_app.extensions.setdefault(ONCE_MEMO, {})
    # a few languages and parts
    return remembered(memo, key, lambda: Markup(env.get_template(name).render(values or {})), 64)


def init_app(app: Flask) -> None:
    """The helpers of every template, and their words: ``_()``, ``gettext()`` and
    ``ngettext()`` of Jinja's i18n extension, which Flask-Babel installs ("new style":
    escaped, and formatted with their variables), given the request's catalog through
    the extension's own ``install_gettext_callables``."""
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda s: page_catalog().ugettext(s),
        ngettext=lambda s, p, n: page_catalog().ungettext(s, p, n),
        newstyle=True,
        pgettext=lambda c, s: page_catalog().upgettext(c, s),
        npgettext=lambda c, s, p, n: page_catalog().unpgettext(c, s, p, n),
    )
    app.jinja_env.globals["_"] = page_gettext

    @app.context_processor
    def helpers() -> dict[str, Any]:
        lang = current_lang()  # found once a page, not at each use (some 3 µs each)
        return {
            PAGE_CATALOG: page_catalog(),
            "current_lang": lambda: lang,
            "rule_variants": rule_variants,
            "points_text": points_text,
            "contract_label": lambda c: contract_name(c, lang),
            "contract_short": contract_short,
            "current_tables": round_tables,
            "record_text": record_text,
            "shared_url": shared_url,
            "offline_words": offline_words,
            "rendered_once": rendered_once,
        }
