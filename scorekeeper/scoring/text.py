"""The words the scoring module says to players, in French and in English.

The rest of the module speaks in keys (``"points_range"``); this is the only
place that turns them into sentences, so a translation is one table away.
"""

from __future__ import annotations

import dataclasses
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from types import MappingProxyType

from .card_text import CARD_MESSAGES, OWNED, PARITY, oudlers_words

LANGUAGES = ("fr", "en")
DEFAULT_LANGUAGE = "fr"

MESSAGES: dict[str, dict[str, str]] = {
    # the request itself
    "required": {"en": "This field is required.", "fr": "Ce champ est obligatoire."},
    "unknown_field": {
        "en": "Unknown field: check its spelling.",
        "fr": "Champ inconnu : vérifiez son orthographe.",
    },
    "not_a_string": {"en": "Give a player's name.", "fr": "Indiquez le nom d'un joueur."},
    "name_unseen": {
        "en": "A name cannot hold a control or invisible character ({char}): type it again.",
        "fr": "Un nom ne peut pas contenir de caractère de contrôle ou invisible ({char}) : "
        "retapez-le.",
    },
    "not_a_list": {"en": "Give a list.", "fr": "Indiquez une liste."},
    "not_an_object": {"en": "Give an object.", "fr": "Indiquez un objet."},
    "not_a_bool": {"en": "Give true or false.", "fr": "Indiquez true ou false."},
    # players and roles
    "players_count": {
        "en": "A deal is played by 3, 4, 5 or 6 players.",
        "fr": "Une donne se joue à 3, 4, 5 ou 6 joueurs.",
    },
    "players_name": {
        "en": "Each player needs a name of 1 to 40 characters.",
        "fr": "Chaque joueur doit avoir un nom de 1 à 40 caractères.",
    },
    "players_distinct": {
        "en": "Two players have the same name: {name}.",
        "fr": "Deux joueurs ont le même nom : {name}.",
    },
    "not_playing": {
        "en": "{name} is not playing this deal.",
        "fr": "{name} ne joue pas cette donne.",
    },
    "partner_not_five": {
        "en": "A partner is only called at 5 or 6 players.",
        "fr": "On n'appelle un partenaire qu'à 5 ou 6 joueurs.",
    },
    "second_partner_not_six": {
        "en": "A second partner (who held the called Queen) is only called at 6 players.",
        "fr": "On n'appelle un second partenaire (qui tenait la Dame appelée) qu'à 6 joueurs.",
    },
    # contract, oudlers, points
    "contract_unknown": {
        "en": "Choose prise, garde, garde sans or garde contre.",
        "fr": "Choisissez prise, garde, garde sans ou garde contre.",
    },
    "contract_not_offered": {
        "en": "These rules do not offer the contract {contract}.",
        "fr": "Ces règles ne proposent pas le contrat {contract}.",
    },
    "oudlers_range": {
        "en": "Oudlers must be 0, 1, 2 or 3.",
        "fr": "Le nombre de bouts doit être 0, 1, 2 ou 3.",
    },
    "points_range": {
        "en": "Points must be between 0 and 91, in steps of 0.5.",
        "fr": "Les points doivent être entre 0 et 91, par demi-point.",
    },
    "points_side_unknown": {
        "en": "Say whose card points these are: the attack's or the defence's.",
        "fr": "Indiquez de qui sont ces points : l'attaque ou la défense.",
    },
    "points_not_whole": {
        "en": "At {players} players the points are whole: each side ends with an even "
        "number of cards.",
        "fr": "À {players} joueurs, les points sont entiers : chaque camp finit avec un "
        "nombre pair de cartes.",
    },
    # petit au bout
    "petit_side_unknown": {
        "en": "Petit au bout is taken by the attack or the defence.",
        "fr": "Le petit au bout est mené par l'attaque ou la défense.",
    },
    "petit_attack_no_oudler": {
        "en": "The attack cannot take the Petit au bout with no oudler.",
        "fr": "L'attaque ne peut pas mener le petit au bout sans aucun bout.",
    },
    "petit_defense_all_oudlers": {
        "en": "The defence cannot take the Petit au bout when the attack has all 3 oudlers.",
        "fr": "La défense ne peut pas mener le petit au bout si l'attaque a les 3 bouts.",
    },
    "petit_against_chelem": {
        "en": "The side that took every trick took the last one, with the Petit if it was there.",
        "fr": "Le camp qui a fait tous les plis a fait le dernier, petit compris.",
    },
    "petit_player_needed": {
        "en": "These rules pay the player who took the Petit au bout: say who.",
        "fr": "Ces règles paient le joueur qui a mené le petit au bout : indiquez lequel.",
    },
    "petit_player_side": {
        "en": "{name} is not on the side given for the Petit au bout.",
        "fr": "{name} n'est pas dans le camp indiqué pour le petit au bout.",
    },
    # poignées
    "poignee_size_unknown": {
        "en": "A poignée is simple, double or triple.",
        "fr": "Une poignée est simple, double ou triple.",
    },
    "poignee_twice": {
        "en": "{name} shows only one poignée per deal.",
        "fr": "{name} ne montre qu'une poignée par donne.",
    },
    "poignee_too_many_trumps": {
        "en": "These poignées need {trumps} trumps; there are only 22 (with the Excuse).",
        "fr": "Ces poignées demandent {trumps} atouts ; il n'y en a que 22 (avec l'Excuse).",
    },
    # chelem, misère
    **CARD_MESSAGES,
    "chelem_outcome_unknown": {
        "en": "Chelem outcome is attack, defense or none.",
        "fr": "L'issue du chelem est attack, defense ou none.",
    },
    "misere_not_played": {
        "en": "These rules do not pay a misère.",
        "fr": "Ces règles ne paient pas la misère.",
    },
    "misere_twice": {
        "en": "{name} declares a misère only once.",
        "fr": "{name} ne déclare la misère qu'une fois.",
    },
    # rule sets
    "rules_not_object": {
        "en": "Rules are an object of settings.",
        "fr": "Les règles sont un objet de réglages.",
    },
    "rules_unknown": {
        "en": "Unknown rule setting: {setting}.",
        "fr": "Réglage de règle inconnu : {setting}.",
    },
    "rules_unknown_name": {
        "en": "Unknown rule set: {name}.",
        "fr": "Jeu de règles inconnu : {name}.",
    },
    "rules_bad_half_point": {
        "en": "half_point is winner or floor.",
        "fr": "half_point vaut winner ou floor.",
    },
    "rules_bad_five_player_split": {
        "en": "five_player_split is two_thirds or equal.",
        "fr": "five_player_split vaut two_thirds ou equal.",
    },
    "rules_bad_petit_au_bout": {
        "en": "petit_au_bout is side or player_flat.",
        "fr": "petit_au_bout vaut side ou player_flat.",
    },
    "rules_bad_poignee_values": {
        "en": "poignee_values is three whole numbers from 0 to 10000.",
        "fr": "poignee_values est formé de trois nombres entiers de 0 à 10000.",
    },
    "rules_bad_poignee_multiplied": {
        "en": "poignee_multiplied is true or false.",
        "fr": "poignee_multiplied vaut true ou false.",
    },
    "rules_bad_coefficients": {
        "en": "coefficients gives each contract a whole number from 1 to 100.",
        "fr": "coefficients donne à chaque contrat un nombre entier de 1 à 100.",
    },
    "rules_bad_contracts": {
        "en": "contracts lists at least one contract, each once.",
        "fr": "contracts liste au moins un contrat, chacun une fois.",
    },
    "rules_bad_misere": {
        "en": "misere is a whole number from 0 to 10000.",
        "fr": "misere est un nombre entier de 0 à 10000.",
    },
}

CONTRACT_NAMES: dict[str, dict[str, str]] = {
    "prise": {"en": "Prise", "fr": "Prise"},
    "garde": {"en": "Garde", "fr": "Garde"},
    "garde_sans": {"en": "Garde sans", "fr": "Garde sans"},
    "garde_contre": {"en": "Garde contre", "fr": "Garde contre"},
}


def language(lang: str | None) -> str:
    """``lang`` if we speak it, else the default (French)."""
    return lang if lang in LANGUAGES else DEFAULT_LANGUAGE


def _format(
    table: dict[str, dict[str, str]], key: str, lang: str | None, params: Mapping[str, object]
) -> str:
    return table[key][language(lang)].format(**_words(params, language(lang)))


def _words(params: Mapping[str, object], lang: str) -> dict[str, object]:
    """A problem's values as ``lang`` writes them: card points (``40,5`` in French), the
    oudlers with their noun, the contract's name, the points allowed."""
    words = {k: points_text(v, lang) if isinstance(v, Fraction) else v for k, v in params.items()}
    oudlers = params.get("oudlers")
    if isinstance(oudlers, int):
        words["oudlers_words"] = oudlers_words(oudlers, lang)
    if "contract" in params and str(params["contract"]) in CONTRACT_NAMES:
        words["contract_name"] = contract_name(str(params["contract"]), lang).lower()
    least, most = params.get("least"), params.get("most")
    if isinstance(least, Fraction) and isinstance(most, Fraction):
        span = {"en": "{0} to {1} points", "fr": "de {0} à {1} points"}[lang]
        allowed = span.format(words["least"], words["most"])
        if least == most:
            allowed = f"{words['least']} point" + (
                "s" if least > (1 if lang == "en" else 1.5) else ""
            )
        whole = params.get("whole")
        words["allowed"] = allowed + (PARITY[whole][lang] if isinstance(whole, bool) else "")
    if "owned" in params:
        words["owned"] = OWNED[str(params["owned"])][lang].format(cards=params.get("cards"))
    return words


@dataclass(frozen=True)
class Problem:
    """Something wrong with a deal or a rule set: the field, and what is wrong."""

    field: str
    key: str
    params: Mapping[str, object] = dataclasses.field(default_factory=lambda: MappingProxyType({}))

    def message(self, lang: str | None = DEFAULT_LANGUAGE) -> str:
        """The sentence a player reads, in ``lang`` (``"fr"`` or ``"en"``)."""
        return _format(MESSAGES, self.key, lang, self.params)


def contract_name(contract: str, lang: str | None = DEFAULT_LANGUAGE) -> str:
    """A contract's name as players say it."""
    return CONTRACT_NAMES[contract][language(lang)]


def errors_by_field(problems: list[Problem], lang: str | None) -> dict[str, list[str]]:
    """Problems grouped by field, in ``lang``: the shape of the API's 422 answer."""
    grouped: dict[str, list[str]] = {}
    for problem in problems:
        grouped.setdefault(problem.field, []).append(problem.message(lang))
    return grouped


def points_text(points: Fraction, lang: str | None = "en") -> str:
    """Card points as ``lang`` writes them: ``40,5`` in French, ``40.5`` in English.

    The one way card points become text (pages, forms, CSV, messages); the
    inverse of :func:`scorekeeper.scoring.parse_points`.

    >>> points_text(Fraction(81, 2), "fr"), points_text(Fraction(81, 2)), points_text(Fraction(41))
    ('40,5', '40.5', '41')
    """
    exact = Decimal(points.numerator) / Decimal(points.denominator)  # 40.5, never 40.50
    text = str(points.numerator) if points.denominator == 1 else str(exact)
    return text.replace(".", ",") if lang == "fr" else text


def name_key(name: str) -> str:
    """A name to sort by, accents aside: Émile comes between David and Fanny.

    >>> sorted(["Émile", "Fanny", "David"], key=name_key)
    ['David', 'Émile', 'Fanny']
    """
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return plain.casefold() + "\0" + name


INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e")
"""Letters and symbols that print as nothing (Hangul fillers, the blank Braille pattern)."""


def trim_name(name: str) -> str:
    """``name`` without the spaces around it (any space a keyboard types, no-break too).

    >>> trim_name("\\u00a0 Alice  ")
    'Alice'
    """
    start, end = 0, len(name)
    while start < end and unicodedata.category(name[start]) == "Zs":
        start += 1
    while end > start and unicodedata.category(name[end - 1]) == "Zs":
        end -= 1
    return name[start:end]


def unseen_character(name: str) -> str | None:
    """The first character of ``name`` no one can see or no page should print, as
    ``U+XXXX``; ``None`` when every character shows.

    The one rule every name follows (players, entrants, clubs, evenings, places,
    tournaments, CSV files and backups): no control character (NUL, tab, line
    breaks, C0 and C1), no format character (right-to-left overrides and isolates,
    zero-width spaces and joiners but the one inside an emoji, the byte order mark,
    the soft hyphen), no line or paragraph separator, no private-use, unassigned or
    surrogate code point, and no letter that prints as nothing. Such a name is
    refused, never silently cleaned: what is stored is what the person sees.

    >>> unseen_character("Chloé Martin-Dupont 🂡"), unseen_character("e\\u0301 👩\\u200d👧")
    (None, None)
    >>> unseen_character("Al\\x00ice"), unseen_character("\\u202eecilA")
    ('U+0000', 'U+202E')
    >>> unseen_character("Ali\\u200dce"), unseen_character("\\ufeffAlice")
    ('U+200D', 'U+FEFF')
    """
    for i, c in enumerate(name):
        category = unicodedata.category(c)
        if c == ZWJ and 0 < i < len(name) - 1 and _joins_emoji(name[i - 1], name[i + 1]):
            continue
        if category[0] == "C" or category in ("Zl", "Zp") or c in INVISIBLE:
            return f"U+{ord(c):04X}"
    return None


ZWJ = "\u200d"


def _joins_emoji(before: str, after: str) -> bool:
    """Whether a zero-width joiner between these two makes one emoji (👩‍👧), the one place
    it shows: a symbol, or its skin tone or presentation selector, then a symbol."""
    before_kind, after_kind = unicodedata.category(before), unicodedata.category(after)
    return before_kind in ("So", "Sk", "Mn") and after_kind == "So"
