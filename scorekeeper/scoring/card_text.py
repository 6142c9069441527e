"""What a player reads when the points are not what real cards give (RULES.md section 5).

The messages of :func:`~.check.problems` about card points, oudlers and chelems, in
French and in English; :mod:`.text` writes their values (points, oudlers, contract)
in the person's language.
"""

from __future__ import annotations

CARD_MESSAGES: dict[str, dict[str, str]] = {
    "points_cards": {
        "en": "With {oudlers_words} in a {contract_name} at {players} players, real cards give "
        "the attack {allowed}: each side took at least one trick.",
        "fr": "Avec {oudlers_words} en {contract_name} à {players} joueurs, les cartes donnent "
        "à l'attaque {allowed} : chaque camp a fait au moins un pli.",
    },
    "points_defense_chelem": {
        "en": "When the defence takes every trick, the attack keeps only {owned}, and its own "
        "Excuse if it kept it (counting 4): with {oudlers_words}, {allowed}.",
        "fr": "Quand la défense fait tous les plis, l'attaque ne garde que {owned}, et son "
        "Excuse si elle l'a gardée (comptée 4) : avec {oudlers_words}, {allowed}.",
    },
    "points_defense_chelem_contre": {
        "en": "When the defence takes every trick in a garde contre, the attack keeps only its "
        "own Excuse if it kept it (counting 4): 0 points with 0 oudlers, 4 with 1.",
        "fr": "Quand la défense fait tous les plis en garde contre, l'attaque ne garde que son "
        "Excuse si elle l'a gardée (comptée 4) : 0 point avec 0 bout, 4 avec 1.",
    },
    "points_attack_chelem": {
        "en": "When the attack takes every trick in a {contract_name}, the chien is its own and "
        "the defence keeps at most its own Excuse (counting 4): 91 points with 3 oudlers, "
        "87 with 2.",
        "fr": "Quand l'attaque fait tous les plis en {contract_name}, le chien est à elle et la "
        "défense garde au plus son Excuse (comptée 4) : 91 points avec 3 bouts, 87 avec 2.",
    },
    "points_attack_chelem_contre": {
        "en": "When the attack takes every trick in a garde contre, the defence keeps the chien "
        "({cards} cards) and perhaps its own Excuse (counting 4): with {oudlers_words}, "
        "{allowed}.",
        "fr": "Quand l'attaque fait tous les plis en garde contre, la défense garde le chien "
        "({cards} cartes) et peut-être son Excuse (comptée 4) : avec {oudlers_words}, "
        "{allowed}.",
    },
    "oudlers_defense_chelem": {
        "en": "When the defence takes every trick in a {contract_name}, the attack has 0 or 1 "
        "oudler: only its own Excuse, kept.",
        "fr": "Quand la défense fait tous les plis en {contract_name}, l'attaque a 0 ou 1 bout : "
        "seulement son Excuse, gardée.",
    },
    "oudlers_attack_chelem": {
        "en": "When the attack takes every trick in a {contract_name}, it has 2 or 3 oudlers: "
        "the defence keeps at most its own Excuse.",
        "fr": "Quand l'attaque fait tous les plis en {contract_name}, elle a 2 ou 3 bouts : "
        "la défense garde au plus son Excuse.",
    },
    "chelem_implied_attack": {
        "en": "{points} points with {oudlers_words}: the defence took no trick (outside a chelem "
        "the attack has at most {most}). The attack took every trick: mark the chelem.",
        "fr": "{points} points avec {oudlers_words} : la défense n'a fait aucun pli (hors chelem, "
        "l'attaque a au plus {most}). L'attaque a fait tous les plis : cochez le chelem.",
    },
    "chelem_implied_defense": {
        "en": "{points} points with {oudlers_words}: the attack took no trick (outside a chelem "
        "it has at least {least}). The defence took every trick: mark the chelem.",
        "fr": "{points} points avec {oudlers_words} : l'attaque n'a fait aucun pli (hors chelem, "
        "elle a au moins {least}). La défense a fait tous les plis : cochez le chelem.",
    },
}

OWNED: dict[str, dict[str, str]] = {
    "discard": {
        "en": "the taker's discard ({cards} cards)",
        "fr": "l'écart du preneur ({cards} cartes)",
    },
    "chien": {"en": "the chien ({cards} cards)", "fr": "le chien ({cards} cartes)"},
}
"""What the attack owns without taking it, in a defence chelem's message."""
PARITY: dict[bool, dict[str, str]] = {
    True: {"en": " (whole points)", "fr": " (points entiers)"},
    False: {"en": " (always a half point)", "fr": " (toujours un demi-point)"},
}


def oudlers_words(oudlers: int, lang: str | None = "fr") -> str:
    """A number of oudlers with its noun, as ``lang`` agrees it.

    >>> oudlers_words(0, "fr"), oudlers_words(1, "fr"), oudlers_words(2, "fr")
    ('0 bout', '1 bout', '2 bouts')
    >>> oudlers_words(0, "en"), oudlers_words(1, "en"), oudlers_words(3, "en")
    ('0 oudlers', '1 oudler', '3 oudlers')
    """
    if lang != "en":
        return f"{oudlers} bout" + ("s" if oudlers > 1 else "")
    return f"{oudlers} oudler" + ("" if oudlers == 1 else "s")
