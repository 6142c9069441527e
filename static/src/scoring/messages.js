// What the scoring says to players when a deal cannot happen, in French and in English:
// scorekeeper/scoring/text.py's and card_text.py's sentences, word for word (the
// differential test, tests/scoring/test_twin.py, compares every one the server says).
// {name} is a value of the problem, as text.js writes it in the person's language.

export const MESSAGES = {
  required: {
    en: "This field is required.",
    fr: "Ce champ est obligatoire.",
  },
  unknown_field: {
    en: "Unknown field: check its spelling.",
    fr: "Champ inconnu : vérifiez son orthographe.",
  },
  not_a_string: {
    en: "Give a player's name.",
    fr: "Indiquez le nom d'un joueur.",
  },
  name_unseen: {
    en: "A name cannot hold a control or invisible character ({char}): type it again.",
    fr: "Un nom ne peut pas contenir de caractère de contrôle ou invisible ({char}) : retapez-le.",
  },
  not_a_list: {
    en: "Give a list.",
    fr: "Indiquez une liste.",
  },
  not_an_object: {
    en: "Give an object.",
    fr: "Indiquez un objet.",
  },
  not_a_bool: {
    en: "Give true or false.",
    fr: "Indiquez true ou false.",
  },
  players_count: {
    en: "A deal is played by 3, 4, 5 or 6 players.",
    fr: "Une donne se joue à 3, 4, 5 ou 6 joueurs.",
  },
  players_name: {
    en: "Each player needs a name of 1 to 40 characters.",
    fr: "Chaque joueur doit avoir un nom de 1 à 40 caractères.",
  },
  players_distinct: {
    en: "Two players have the same name: {name}.",
    fr: "Deux joueurs ont le même nom : {name}.",
  },
  not_playing: {
    en: "{name} is not playing this deal.",
    fr: "{name} ne joue pas cette donne.",
  },
  partner_not_five: {
    en: "A partner is only called at 5 or 6 players.",
    fr: "On n'appelle un partenaire qu'à 5 ou 6 joueurs.",
  },
  second_partner_not_six: {
    en: "A second partner (who held the called Queen) is only called at 6 players.",
    fr: "On n'appelle un second partenaire (qui tenait la Dame appelée) qu'à 6 joueurs.",
  },
  contract_unknown: {
    en: "Choose prise, garde, garde sans or garde contre.",
    fr: "Choisissez prise, garde, garde sans ou garde contre.",
  },
  contract_not_offered: {
    en: "These rules do not offer the contract {contract}.",
    fr: "Ces règles ne proposent pas le contrat {contract}.",
  },
  oudlers_range: {
    en: "Oudlers must be 0, 1, 2 or 3.",
    fr: "Le nombre de bouts doit être 0, 1, 2 ou 3.",
  },
  points_range: {
    en: "Points must be between 0 and 91, in steps of 0.5.",
    fr: "Les points doivent être entre 0 et 91, par demi-point.",
  },
  points_side_unknown: {
    en: "Say whose card points these are: the attack's or the defence's.",
    fr: "Indiquez de qui sont ces points : l'attaque ou la défense.",
  },
  points_not_whole: {
    en: "At {players} players the points are whole: each side ends with an even number of cards.",
    fr: "À {players} joueurs, les points sont entiers : chaque camp finit avec un nombre pair de cartes.",
  },
  petit_side_unknown: {
    en: "Petit au bout is taken by the attack or the defence.",
    fr: "Le petit au bout est mené par l'attaque ou la défense.",
  },
  petit_attack_no_oudler: {
    en: "The attack cannot take the Petit au bout with no oudler.",
    fr: "L'attaque ne peut pas mener le petit au bout sans aucun bout.",
  },
  petit_defense_all_oudlers: {
    en: "The defence cannot take the Petit au bout when the attack has all 3 oudlers.",
    fr: "La défense ne peut pas mener le petit au bout si l'attaque a les 3 bouts.",
  },
  petit_against_chelem: {
    en: "The side that took every trick took the last one, with the Petit if it was there.",
    fr: "Le camp qui a fait tous les plis a fait le dernier, petit compris.",
  },
  petit_player_needed: {
    en: "These rules pay the player who took the Petit au bout: say who.",
    fr: "Ces règles paient le joueur qui a mené le petit au bout : indiquez lequel.",
  },
  petit_player_side: {
    en: "{name} is not on the side given for the Petit au bout.",
    fr: "{name} n'est pas dans le camp indiqué pour le petit au bout.",
  },
  poignee_size_unknown: {
    en: "A poignée is simple, double or triple.",
    fr: "Une poignée est simple, double ou triple.",
  },
  poignee_twice: {
    en: "{name} shows only one poignée per deal.",
    fr: "{name} ne montre qu'une poignée par donne.",
  },
  poignee_too_many_trumps: {
    en: "These poignées need {trumps} trumps; there are only 22 (with the Excuse).",
    fr: "Ces poignées demandent {trumps} atouts ; il n'y en a que 22 (avec l'Excuse).",
  },
  chelem_outcome_unknown: {
    en: "Chelem outcome is attack, defense or none.",
    fr: "L'issue du chelem est attack, defense ou none.",
  },
  misere_not_played: {
    en: "These rules do not pay a misère.",
    fr: "Ces règles ne paient pas la misère.",
  },
  misere_twice: {
    en: "{name} declares a misère only once.",
    fr: "{name} ne déclare la misère qu'une fois.",
  },
  rules_not_object: {
    en: "Rules are an object of settings.",
    fr: "Les règles sont un objet de réglages.",
  },
  rules_unknown: {
    en: "Unknown rule setting: {setting}.",
    fr: "Réglage de règle inconnu : {setting}.",
  },
  rules_unknown_name: {
    en: "Unknown rule set: {name}.",
    fr: "Jeu de règles inconnu : {name}.",
  },
  rules_bad_half_point: {
    en: "half_point is winner or floor.",
    fr: "half_point vaut winner ou floor.",
  },
  rules_bad_five_player_split: {
    en: "five_player_split is two_thirds or equal.",
    fr: "five_player_split vaut two_thirds ou equal.",
  },
  rules_bad_petit_au_bout: {
    en: "petit_au_bout is side or player_flat.",
    fr: "petit_au_bout vaut side ou player_flat.",
  },
  rules_bad_poignee_values: {
    en: "poignee_values is three whole numbers from 0 to 10000.",
    fr: "poignee_values est formé de trois nombres entiers de 0 à 10000.",
  },
  rules_bad_poignee_multiplied: {
    en: "poignee_multiplied is true or false.",
    fr: "poignee_multiplied vaut true ou false.",
  },
  rules_bad_coefficients: {
    en: "coefficients gives each contract a whole number from 1 to 100.",
    fr: "coefficients donne à chaque contrat un nombre entier de 1 à 100.",
  },
  rules_bad_contracts: {
    en: "contracts lists at least one contract, each once.",
    fr: "contracts liste au moins un contrat, chacun une fois.",
  },
  rules_bad_misere: {
    en: "misere is a whole number from 0 to 10000.",
    fr: "misere est un nombre entier de 0 à 10000.",
  },
};

export const CARD_MESSAGES = {
  points_cards: {
    en: "With {oudlers_words} in a {contract_name} at {players} players, real cards give the attack {allowed}: each side took at least one trick.",
    fr: "Avec {oudlers_words} en {contract_name} à {players} joueurs, les cartes donnent à l'attaque {allowed} : chaque camp a fait au moins un pli.",
  },
  points_defense_chelem: {
    en: "When the defence takes every trick, the attack keeps only {owned}, and its own Excuse if it kept it (counting 4): with {oudlers_words}, {allowed}.",
    fr: "Quand la défense fait tous les plis, l'attaque ne garde que {owned}, et son Excuse si elle l'a gardée (comptée 4) : avec {oudlers_words}, {allowed}.",
  },
  points_defense_chelem_contre: {
    en: "When the defence takes every trick in a garde contre, the attack keeps only its own Excuse if it kept it (counting 4): 0 points with 0 oudlers, 4 with 1.",
    fr: "Quand la défense fait tous les plis en garde contre, l'attaque ne garde que son Excuse si elle l'a gardée (comptée 4) : 0 point avec 0 bout, 4 avec 1.",
  },
  points_attack_chelem: {
    en: "When the attack takes every trick in a {contract_name}, the chien is its own and the defence keeps at most its own Excuse (counting 4): 91 points with 3 oudlers, 87 with 2.",
    fr: "Quand l'attaque fait tous les plis en {contract_name}, le chien est à elle et la défense garde au plus son Excuse (comptée 4) : 91 points avec 3 bouts, 87 avec 2.",
  },
  points_attack_chelem_contre: {
    en: "When the attack takes every trick in a garde contre, the defence keeps the chien ({cards} cards) and perhaps its own Excuse (counting 4): with {oudlers_words}, {allowed}.",
    fr: "Quand l'attaque fait tous les plis en garde contre, la défense garde le chien ({cards} cartes) et peut-être son Excuse (comptée 4) : avec {oudlers_words}, {allowed}.",
  },
  oudlers_defense_chelem: {
    en: "When the defence takes every trick in a {contract_name}, the attack has 0 or 1 oudler: only its own Excuse, kept.",
    fr: "Quand la défense fait tous les plis en {contract_name}, l'attaque a 0 ou 1 bout : seulement son Excuse, gardée.",
  },
  oudlers_attack_chelem: {
    en: "When the attack takes every trick in a {contract_name}, it has 2 or 3 oudlers: the defence keeps at most its own Excuse.",
    fr: "Quand l'attaque fait tous les plis en {contract_name}, elle a 2 ou 3 bouts : la défense garde au plus son Excuse.",
  },
  chelem_implied_attack: {
    en: "{points} points with {oudlers_words}: the defence took no trick (outside a chelem the attack has at most {most}). The attack took every trick: mark the chelem.",
    fr: "{points} points avec {oudlers_words} : la défense n'a fait aucun pli (hors chelem, l'attaque a au plus {most}). L'attaque a fait tous les plis : cochez le chelem.",
  },
  chelem_implied_defense: {
    en: "{points} points with {oudlers_words}: the attack took no trick (outside a chelem it has at least {least}). The defence took every trick: mark the chelem.",
    fr: "{points} points avec {oudlers_words} : l'attaque n'a fait aucun pli (hors chelem, elle a au moins {least}). La défense a fait tous les plis : cochez le chelem.",
  },
};

// What the attack owns without taking it, in a defence chelem's message.
export const OWNED = {
  discard: {en: "the taker's discard ({cards} cards)", fr: "l'écart du preneur ({cards} cartes)"},
  chien: {en: "the chien ({cards} cards)", fr: "le chien ({cards} cartes)"},
};

export const PARITY = {
  true: {en: " (whole points)", fr: " (points entiers)"},
  false: {en: " (always a half point)", fr: " (toujours un demi-point)"},
};
