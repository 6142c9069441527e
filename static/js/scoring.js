// static/src/scoring/labels.js
var LABELS = {
  base: {
    en: "{contract}: (25 + {margin}) × {coef}",
    fr: "{contract} : (25 + {margin}) × {coef}"
  },
  poignee: {
    en: "Poignée {size}",
    fr: "Poignée {size}"
  },
  poignee_multiplied: {
    en: "Poignée {size}: {value} × {coef}",
    fr: "Poignée {size} : {value} × {coef}"
  },
  petit_attack: {
    en: "Petit au bout (attack): 10 × {coef}",
    fr: "Petit au bout (attaque) : 10 × {coef}"
  },
  petit_defense: {
    en: "Petit au bout (defence): 10 × {coef}",
    fr: "Petit au bout (défense) : 10 × {coef}"
  },
  petit_player: {
    en: "Petit au bout ({name})",
    fr: "Petit au bout ({name})"
  },
  chelem_announced_made: {
    en: "Chelem announced and made",
    fr: "Chelem annoncé et réussi"
  },
  chelem_made: {
    en: "Chelem made, not announced",
    fr: "Chelem réussi sans annonce"
  },
  chelem_announced_failed: {
    en: "Chelem announced, not made",
    fr: "Chelem annoncé et chuté"
  },
  chelem_defense: {
    en: "Chelem by the defence",
    fr: "Chelem de la défense"
  },
  misere: {
    en: "Misère ({name})",
    fr: "Misère ({name})"
  },
  share_alone: {
    en: "{name}, the taker, alone: {defenders} × {unit} = {points}",
    fr: "{name}, preneur seul : {defenders} × {unit} = {points}"
  },
  share_taker: {
    en: "{name}, the taker: {fraction} of {total} = {value}",
    fr: "{name}, preneur : {fraction} de {total} = {value}"
  },
  share_taker_king: {
    en: "{name}, the taker, with the King's share: {fraction} of {total} = {value}",
    fr: "{name}, preneur, avec la part du Roi : {fraction} de {total} = {value}"
  },
  share_taker_queen: {
    en: "{name}, the taker, with the Queen's share: {fraction} of {total} = {value}",
    fr: "{name}, preneur, avec la part de la Dame : {fraction} de {total} = {value}"
  },
  share_king: {
    en: "{name}, who held the King: {fraction} of {total} = {value}",
    fr: "{name}, qui tenait le Roi : {fraction} de {total} = {value}"
  },
  share_queen: {
    en: "{name}, who held the Queen: {fraction} of {total} = {value}",
    fr: "{name}, qui tenait la Dame : {fraction} de {total} = {value}"
  },
  share_king_and_queen: {
    en: "{name}, who held the King and the Queen: {fraction} of {total} = {value}",
    fr: "{name}, qui tenait le Roi et la Dame : {fraction} de {total} = {value}"
  }
};
var CONTRACT_NAMES = {
  prise: { en: "Prise", fr: "Prise" },
  garde: { en: "Garde", fr: "Garde" },
  garde_sans: { en: "Garde sans", fr: "Garde sans" },
  garde_contre: { en: "Garde contre", fr: "Garde contre" }
};

// static/src/scoring/messages.js
var MESSAGES = {
  required: {
    en: "This field is required.",
    fr: "Ce champ est obligatoire."
  },
  unknown_field: {
    en: "Unknown field: check its spelling.",
    fr: "Champ inconnu : vérifiez son orthographe."
  },
  not_a_string: {
    en: "Give a player's name.",
    fr: "Indiquez le nom d'un joueur."
  },
  name_unseen: {
    en: "A name cannot hold a control or invisible character ({char}): type it again.",
    fr: "Un nom ne peut pas contenir de caractère de contrôle ou invisible ({char}) : retapez-le."
  },
  not_a_list: {
    en: "Give a list.",
    fr: "Indiquez une liste."
  },
  not_an_object: {
    en: "Give an object.",
    fr: "Indiquez un objet."
  },
  not_a_bool: {
    en: "Give true or false.",
    fr: "Indiquez true ou false."
  },
  players_count: {
    en: "A deal is played by 3, 4, 5 or 6 players.",
    fr: "Une donne se joue à 3, 4, 5 ou 6 joueurs."
  },
  players_name: {
    en: "Each player needs a name of 1 to 40 characters.",
    fr: "Chaque joueur doit avoir un nom de 1 à 40 caractères."
  },
  players_distinct: {
    en: "Two players have the same name: {name}.",
    fr: "Deux joueurs ont le même nom : {name}."
  },
  not_playing: {
    en: "{name} is not playing this deal.",
    fr: "{name} ne joue pas cette donne."
  },
  partner_not_five: {
    en: "A partner is only called at 5 or 6 players.",
    fr: "On n'appelle un partenaire qu'à 5 ou 6 joueurs."
  },
  second_partner_not_six: {
    en: "A second partner (who held the called Queen) is only called at 6 players.",
    fr: "On n'appelle un second partenaire (qui tenait la Dame appelée) qu'à 6 joueurs."
  },
  contract_unknown: {
    en: "Choose prise, garde, garde sans or garde contre.",
    fr: "Choisissez prise, garde, garde sans ou garde contre."
  },
  contract_not_offered: {
    en: "These rules do not offer the contract {contract}.",
    fr: "Ces règles ne proposent pas le contrat {contract}."
  },
  oudlers_range: {
    en: "Oudlers must be 0, 1, 2 or 3.",
    fr: "Le nombre de bouts doit être 0, 1, 2 ou 3."
  },
  points_range: {
    en: "Points must be between 0 and 91, in steps of 0.5.",
    fr: "Les points doivent être entre 0 et 91, par demi-point."
  },
  points_side_unknown: {
    en: "Say whose card points these are: the attack's or the defence's.",
    fr: "Indiquez de qui sont ces points : l'attaque ou la défense."
  },
  points_not_whole: {
    en: "At {players} players the points are whole: each side ends with an even number of cards.",
    fr: "À {players} joueurs, les points sont entiers : chaque camp finit avec un nombre pair de cartes."
  },
  petit_side_unknown: {
    en: "Petit au bout is taken by the attack or the defence.",
    fr: "Le petit au bout est mené par l'attaque ou la défense."
  },
  petit_attack_no_oudler: {
    en: "The attack cannot take the Petit au bout with no oudler.",
    fr: "L'attaque ne peut pas mener le petit au bout sans aucun bout."
  },
  petit_defense_all_oudlers: {
    en: "The defence cannot take the Petit au bout when the attack has all 3 oudlers.",
    fr: "La défense ne peut pas mener le petit au bout si l'attaque a les 3 bouts."
  },
  petit_against_chelem: {
    en: "The side that took every trick took the last one, with the Petit if it was there.",
    fr: "Le camp qui a fait tous les plis a fait le dernier, petit compris."
  },
  petit_player_needed: {
    en: "These rules pay the player who took the Petit au bout: say who.",
    fr: "Ces règles paient le joueur qui a mené le petit au bout : indiquez lequel."
  },
  petit_player_side: {
    en: "{name} is not on the side given for the Petit au bout.",
    fr: "{name} n'est pas dans le camp indiqué pour le petit au bout."
  },
  poignee_size_unknown: {
    en: "A poignée is simple, double or triple.",
    fr: "Une poignée est simple, double ou triple."
  },
  poignee_twice: {
    en: "{name} shows only one poignée per deal.",
    fr: "{name} ne montre qu'une poignée par donne."
  },
  poignee_too_many_trumps: {
    en: "These poignées need {trumps} trumps; there are only 22 (with the Excuse).",
    fr: "Ces poignées demandent {trumps} atouts ; il n'y en a que 22 (avec l'Excuse)."
  },
  chelem_outcome_unknown: {
    en: "Chelem outcome is attack, defense or none.",
    fr: "L'issue du chelem est attack, defense ou none."
  },
  misere_not_played: {
    en: "These rules do not pay a misère.",
    fr: "Ces règles ne paient pas la misère."
  },
  misere_twice: {
    en: "{name} declares a misère only once.",
    fr: "{name} ne déclare la misère qu'une fois."
  },
  rules_not_object: {
    en: "Rules are an object of settings.",
    fr: "Les règles sont un objet de réglages."
  },
  rules_unknown: {
    en: "Unknown rule setting: {setting}.",
    fr: "Réglage de règle inconnu : {setting}."
  },
  rules_unknown_name: {
    en: "Unknown rule set: {name}.",
    fr: "Jeu de règles inconnu : {name}."
  },
  rules_bad_half_point: {
    en: "half_point is winner or floor.",
    fr: "half_point vaut winner ou floor."
  },
  rules_bad_five_player_split: {
    en: "five_player_split is two_thirds or equal.",
    fr: "five_player_split vaut two_thirds ou equal."
  },
  rules_bad_petit_au_bout: {
    en: "petit_au_bout is side or player_flat.",
    fr: "petit_au_bout vaut side ou player_flat."
  },
  rules_bad_poignee_values: {
    en: "poignee_values is three whole numbers from 0 to 10000.",
    fr: "poignee_values est formé de trois nombres entiers de 0 à 10000."
  },
  rules_bad_poignee_multiplied: {
    en: "poignee_multiplied is true or false.",
    fr: "poignee_multiplied vaut true ou false."
  },
  rules_bad_coefficients: {
    en: "coefficients gives each contract a whole number from 1 to 100.",
    fr: "coefficients donne à chaque contrat un nombre entier de 1 à 100."
  },
  rules_bad_contracts: {
    en: "contracts lists at least one contract, each once.",
    fr: "contracts liste au moins un contrat, chacun une fois."
  },
  rules_bad_misere: {
    en: "misere is a whole number from 0 to 10000.",
    fr: "misere est un nombre entier de 0 à 10000."
  }
};
var CARD_MESSAGES = {
  points_cards: {
    en: "With {oudlers_words} in a {contract_name} at {players} players, real cards give the attack {allowed}: each side took at least one trick.",
    fr: "Avec {oudlers_words} en {contract_name} à {players} joueurs, les cartes donnent à l'attaque {allowed} : chaque camp a fait au moins un pli."
  },
  points_defense_chelem: {
    en: "When the defence takes every trick, the attack keeps only {owned}, and its own Excuse if it kept it (counting 4): with {oudlers_words}, {allowed}.",
    fr: "Quand la défense fait tous les plis, l'attaque ne garde que {owned}, et son Excuse si elle l'a gardée (comptée 4) : avec {oudlers_words}, {allowed}."
  },
  points_defense_chelem_contre: {
    en: "When the defence takes every trick in a garde contre, the attack keeps only its own Excuse if it kept it (counting 4): 0 points with 0 oudlers, 4 with 1.",
    fr: "Quand la défense fait tous les plis en garde contre, l'attaque ne garde que son Excuse si elle l'a gardée (comptée 4) : 0 point avec 0 bout, 4 avec 1."
  },
  points_attack_chelem: {
    en: "When the attack takes every trick in a {contract_name}, the chien is its own and the defence keeps at most its own Excuse (counting 4): 91 points with 3 oudlers, 87 with 2.",
    fr: "Quand l'attaque fait tous les plis en {contract_name}, le chien est à elle et la défense garde au plus son Excuse (comptée 4) : 91 points avec 3 bouts, 87 avec 2."
  },
  points_attack_chelem_contre: {
    en: "When the attack takes every trick in a garde contre, the defence keeps the chien ({cards} cards) and perhaps its own Excuse (counting 4): with {oudlers_words}, {allowed}.",
    fr: "Quand l'attaque fait tous les plis en garde contre, la défense garde le chien ({cards} cartes) et peut-être son Excuse (comptée 4) : avec {oudlers_words}, {allowed}."
  },
  oudlers_defense_chelem: {
    en: "When the defence takes every trick in a {contract_name}, the attack has 0 or 1 oudler: only its own Excuse, kept.",
    fr: "Quand la défense fait tous les plis en {contract_name}, l'attaque a 0 ou 1 bout : seulement son Excuse, gardée."
  },
  oudlers_attack_chelem: {
    en: "When the attack takes every trick in a {contract_name}, it has 2 or 3 oudlers: the defence keeps at most its own Excuse.",
    fr: "Quand l'attaque fait tous les plis en {contract_name}, elle a 2 ou 3 bouts : la défense garde au plus son Excuse."
  },
  chelem_implied_attack: {
    en: "{points} points with {oudlers_words}: the defence took no trick (outside a chelem the attack has at most {most}). The attack took every trick: mark the chelem.",
    fr: "{points} points avec {oudlers_words} : la défense n'a fait aucun pli (hors chelem, l'attaque a au plus {most}). L'attaque a fait tous les plis : cochez le chelem."
  },
  chelem_implied_defense: {
    en: "{points} points with {oudlers_words}: the attack took no trick (outside a chelem it has at least {least}). The defence took every trick: mark the chelem.",
    fr: "{points} points avec {oudlers_words} : l'attaque n'a fait aucun pli (hors chelem, elle a au moins {least}). La défense a fait tous les plis : cochez le chelem."
  }
};
var OWNED = {
  discard: { en: "the taker's discard ({cards} cards)", fr: "l'écart du preneur ({cards} cartes)" },
  chien: { en: "the chien ({cards} cards)", fr: "le chien ({cards} cartes)" }
};
var PARITY = {
  true: { en: " (whole points)", fr: " (points entiers)" },
  false: { en: " (always a half point)", fr: " (toujours un demi-point)" }
};

// static/src/scoring/text.js
var Points = class {
  constructor(halves) {
    this.halves = halves;
  }
};
function has(table, key) {
  return Object.prototype.hasOwnProperty.call(table, key);
}
function language(lang) {
  return lang === "en" ? "en" : "fr";
}
function format(template, params) {
  return template.replace(/\{(\w+)\}/g, (_, key) => String(params[key]));
}
function problem(field, key, params = {}) {
  return { field, key, params };
}
function message(found, lang) {
  const table = has(MESSAGES, found.key) ? MESSAGES : CARD_MESSAGES;
  return format(table[found.key][language(lang)], words(found.params, language(lang)));
}
function label(key, lang, params) {
  return format(LABELS[key][language(lang)], params);
}
function contractName(contract2, lang) {
  return CONTRACT_NAMES[contract2][language(lang)];
}
function errorsByField(problems2, lang) {
  const grouped = /* @__PURE__ */ new Map();
  for (const found of problems2) {
    if (!grouped.has(found.field)) grouped.set(found.field, []);
    grouped.get(found.field).push(message(found, lang));
  }
  return grouped;
}
function pointsText(points2, lang) {
  const whole2 = Math.floor(points2.halves / 2);
  const text = points2.halves % 2 ? whole2 + (lang === "fr" ? ",5" : ".5") : String(whole2);
  return text;
}
function oudlersWords(oudlers, lang) {
  if (lang !== "en") return `${oudlers} bout` + (oudlers > 1 ? "s" : "");
  return `${oudlers} oudler` + (oudlers === 1 ? "" : "s");
}
function words(params, lang) {
  const out = {};
  for (const [key, value] of Object.entries(params)) {
    out[key] = value instanceof Points ? pointsText(value, lang) : value;
  }
  if (Number.isInteger(params.oudlers)) out.oudlers_words = oudlersWords(params.oudlers, lang);
  if (has(CONTRACT_NAMES, String(params.contract))) {
    out.contract_name = contractName(params.contract, lang).toLowerCase();
  }
  if (params.least instanceof Points && params.most instanceof Points) {
    out.allowed = allowed(params, out, lang);
  }
  if ("owned" in params) out.owned = format(OWNED[params.owned][lang], { cards: params.cards });
  return out;
}
function allowed(params, out, lang) {
  let text = lang === "en" ? `${out.least} to ${out.most} points` : `de ${out.least} à ${out.most} points`;
  const least = params.least.halves;
  if (least === params.most.halves) {
    text = `${out.least} point` + (least > (lang === "en" ? 2 : 3) ? "s" : "");
  }
  return text + (typeof params.whole === "boolean" ? PARITY[params.whole][lang] : "");
}

// static/src/scoring/rules.js
var CONTRACTS = ["prise", "garde", "garde_sans", "garde_contre"];
var HALF_POINT = ["winner", "floor"];
var FIVE_PLAYER_SPLIT = ["two_thirds", "equal"];
var PETIT_AU_BOUT = ["side", "player_flat"];
var MAX_SETTING = 1e4;
var FFT = Object.freeze({
  half_point: "winner",
  five_player_split: "two_thirds",
  petit_au_bout: "side",
  poignee_values: [20, 30, 40],
  poignee_multiplied: false,
  coefficients: [1, 2, 4, 6],
  contracts: CONTRACTS,
  misere: 0
});
var VARIANTS = {
  half_point_floor: { half_point: "floor" },
  five_player_equal: { five_player_split: "equal" },
  petit_au_bout_player_flat: { petit_au_bout: "player_flat" },
  poignees_20_40_60: { poignee_values: [20n, 40n, 60n] },
  poignees_multiplied: { poignee_multiplied: true },
  no_prise: { contracts: ["garde", "garde_sans", "garde_contre"] },
  misere_10: { misere: 10n }
};
var RulesError = class extends Error {
  constructor(problems2) {
    super(problems2.map((p) => p.key).join("; "));
    this.problems = problems2;
  }
};
var BadSetting = class extends Error {
};
function coefficient(rules, contract2) {
  return rules.coefficients[CONTRACTS.indexOf(contract2)];
}
function rulesJson(rules) {
  return {
    half_point: rules.half_point,
    five_player_split: rules.five_player_split,
    petit_au_bout: rules.petit_au_bout,
    poignee_values: [...rules.poignee_values],
    poignee_multiplied: rules.poignee_multiplied,
    coefficients: Object.fromEntries(CONTRACTS.map((c, i) => [c, rules.coefficients[i]])),
    contracts: [...rules.contracts],
    misere: rules.misere
  };
}
function updated(rules, data) {
  const entries = settingsOf(data);
  if (entries === null) throw new RulesError([problem("rules", "rules_not_object")]);
  const problems2 = [];
  const changes = {};
  for (const [key, value] of entries) {
    if (!has(READERS, key)) {
      problems2.push(problem("rules", "rules_unknown", { setting: key }));
      continue;
    }
    try {
      changes[key] = READERS[key](rules, value);
    } catch (error) {
      if (!(error instanceof BadSetting)) throw error;
      problems2.push(problem("rules", "rules_bad_" + key));
    }
  }
  if (problems2.length) throw new RulesError(problems2);
  return Object.freeze({ ...rules, ...changes });
}
function ruleSet(name) {
  let rules = FFT;
  for (const raw of name.split("+")) {
    const part = raw.trim();
    if (part === "fft") continue;
    if (!has(VARIANTS, part)) {
      throw new RulesError([problem("rules", "rules_unknown_name", { name: part })]);
    }
    rules = updated(rules, VARIANTS[part]);
  }
  return rules;
}
function settingsOf(data) {
  if (data instanceof Map) return [...data];
  if (data !== null && typeof data === "object" && !Array.isArray(data)) return Object.entries(data);
  return null;
}
function whole(value, low = 0, high = MAX_SETTING) {
  if (typeof value !== "bigint" || value < BigInt(low) || value > BigInt(high)) throw new BadSetting();
  return Number(value);
}
function choice(values) {
  return (_, value) => {
    if (!values.includes(value)) throw new BadSetting();
    return value;
  };
}
function poigneeValues(_, value) {
  if (!Array.isArray(value) || value.length !== 3) throw new BadSetting();
  return value.map((v) => whole(v));
}
function bool(_, value) {
  if (typeof value !== "boolean") throw new BadSetting();
  return value;
}
function coefficients(rules, value) {
  const entries = settingsOf(value);
  if (entries === null) throw new BadSetting();
  const current = [...rules.coefficients];
  for (const [key, n] of entries) {
    if (!CONTRACTS.includes(key)) throw new BadSetting();
    current[CONTRACTS.indexOf(key)] = whole(n, 1, 100);
  }
  return current;
}
function contracts(_, value) {
  if (!Array.isArray(value) || !value.length) throw new BadSetting();
  if (!value.every((v) => CONTRACTS.includes(v))) throw new BadSetting();
  if (new Set(value).size !== value.length) throw new BadSetting();
  return CONTRACTS.filter((c) => value.includes(c));
}
var READERS = {
  half_point: choice(HALF_POINT),
  five_player_split: choice(FIVE_PLAYER_SPLIT),
  petit_au_bout: choice(PETIT_AU_BOUT),
  poignee_values: poigneeValues,
  poignee_multiplied: bool,
  coefficients,
  contracts,
  misere: (_, v) => whole(v)
};

// static/src/scoring/deal.js
var MAX_NAME = 40;
var SIDES = ["attack", "defense"];
var POIGNEE_SIZES = ["simple", "double", "triple"];
var CHELEM_OUTCOMES = ["none", "attack", "defense"];
var DEAL_FIELDS = [
  "players",
  "taker",
  "partner",
  "second_partner",
  "contract",
  "oudlers",
  "points",
  "poignees",
  "petit_au_bout",
  "petit_au_bout_player",
  "chelem",
  "miseres",
  "rules"
];
var DealError = class extends Error {
  constructor(problems2) {
    super(problems2.map((p) => `${p.field}: ${p.key}`).join("; "));
    this.problems = problems2;
  }
};
function dealFromJson(data, rules = FFT) {
  const reader = new Reader(data);
  for (const key of data.keys()) {
    if (!DEAL_FIELDS.includes(key)) reader.problems.push(problem(key, "unknown_field"));
  }
  const deal = {
    players: reader.players(),
    taker: reader.name("taker", true),
    partner: reader.name("partner"),
    second_partner: reader.name("second_partner"),
    contract: reader.choice("contract", CONTRACTS, "contract_unknown", true),
    oudlers: reader.oudlers(),
    points: reader.points(),
    poignees: reader.poignees(),
    petit_au_bout: reader.choice("petit_au_bout", SIDES, "petit_side_unknown"),
    petit_au_bout_player: reader.name("petit_au_bout_player"),
    chelem: reader.chelem(),
    miseres: reader.miseres()
  };
  let chosen = rules;
  if (data.get("rules") !== void 0 && data.get("rules") !== null) {
    try {
      chosen = updated(rules, data.get("rules"));
    } catch (error) {
      if (!(error instanceof RulesError)) throw error;
      reader.problems.push(...error.problems);
    }
  }
  if (reader.problems.length) throw new DealError(reader.problems);
  if (deal.partner === deal.taker) deal.partner = null;
  return [deal, chosen];
}
function attackOf(deal) {
  const attack = [deal.taker];
  for (const called of [deal.partner, deal.second_partner]) {
    if (called !== null && !attack.includes(called)) attack.push(called);
  }
  return attack;
}
function kingHolder(deal) {
  return deal.partner === deal.taker ? null : deal.partner;
}
function queenHolder(deal) {
  return deal.second_partner === deal.taker ? null : deal.second_partner;
}
function sideOf(deal, player) {
  return attackOf(deal).includes(player) ? "attack" : "defense";
}
function petitSide(deal) {
  if (deal.petit_au_bout_player !== null) return sideOf(deal, deal.petit_au_bout_player);
  return deal.petit_au_bout;
}
function isMap(value) {
  return value instanceof Map;
}
function onlyKeys(map, allowed2) {
  return [...map.keys()].every((key) => allowed2.includes(key));
}
var Reader = class {
  constructor(data) {
    this.data = data;
    this.problems = [];
  }
  get(key, required) {
    const value = this.data.has(key) ? this.data.get(key) : null;
    if (value === null && required) this.problems.push(problem(key, "required"));
    return value;
  }
  name(key, required = false) {
    const value = this.get(key, required);
    if (value === null) return null;
    if (typeof value !== "string") {
      this.problems.push(problem(key, "not_a_string"));
      return null;
    }
    return value;
  }
  choice(key, values, message2, required = false) {
    const value = this.get(key, required);
    if (value === null) return null;
    if (values.includes(value)) return value;
    this.problems.push(problem(key, message2));
    return null;
  }
  players() {
    const value = this.get("players", true);
    if (value === null) return [];
    if (!Array.isArray(value)) {
      this.problems.push(problem("players", "not_a_list"));
      return [];
    }
    if (!value.every((v) => typeof v === "string")) {
      this.problems.push(problem("players", "players_name"));
      return [];
    }
    return value;
  }
  oudlers() {
    const value = this.get("oudlers", true);
    if (value === null) return null;
    const whole2 = typeof value === "number" && Number.isInteger(value) ? BigInt(value) : value;
    if (typeof whole2 !== "bigint" || whole2 < 0n || whole2 > 3n) {
      this.problems.push(problem("oudlers", "oudlers_range"));
      return null;
    }
    return Number(whole2);
  }
  // The attack's card points as Points; null when they are a number that no deal
  // gives (out of 0 to 91, or not a multiple of 0.5): check.js says so.
  points() {
    const value = this.get("points", true);
    if (value === null) return null;
    if (typeof value === "bigint") return value >= 0n && value <= 91n ? new Points(Number(value) * 2) : null;
    if (typeof value !== "number" || !Number.isFinite(value)) {
      this.problems.push(problem("points", "points_range"));
      return null;
    }
    return value >= 0 && value <= 91 && Number.isInteger(value * 2) ? new Points(value * 2) : null;
  }
  poignees() {
    const value = this.list("poignees");
    const shown = [];
    for (const item of value) {
      if (!isMap(item) || !onlyKeys(item, ["player", "size"])) {
        this.problems.push(problem("poignees", "not_an_object"));
      } else if (typeof item.get("player") !== "string") {
        this.problems.push(problem("poignees", "not_a_string"));
      } else if (!POIGNEE_SIZES.includes(item.get("size"))) {
        this.problems.push(problem("poignees", "poignee_size_unknown"));
      } else {
        shown.push({ player: item.get("player"), size: item.get("size") });
      }
    }
    return shown;
  }
  chelem() {
    const none = { announced: false, outcome: "none" };
    const value = this.get("chelem", false);
    if (value === null) return none;
    if (!isMap(value) || !onlyKeys(value, ["announced", "outcome"])) {
      this.problems.push(problem("chelem", "not_an_object"));
      return none;
    }
    const announced = value.has("announced") ? value.get("announced") : false;
    if (typeof announced !== "boolean") {
      this.problems.push(problem("chelem", "not_a_bool"));
      return none;
    }
    const outcome2 = value.has("outcome") ? value.get("outcome") : "none";
    if (!CHELEM_OUTCOMES.includes(outcome2)) {
      this.problems.push(problem("chelem", "chelem_outcome_unknown"));
      return none;
    }
    return { announced, outcome: outcome2 };
  }
  miseres() {
    const names = [];
    for (const item of this.list("miseres")) {
      const player = isMap(item) && onlyKeys(item, ["player"]) ? item.get("player") : null;
      if (typeof player !== "string") {
        this.problems.push(problem("miseres", "not_a_string"));
        continue;
      }
      names.push(player);
    }
    return names;
  }
  list(key) {
    const value = this.get(key, false);
    if (value === null) return [];
    if (!Array.isArray(value)) {
      this.problems.push(problem(key, "not_a_list"));
      return [];
    }
    return value;
  }
};

// static/src/scoring/json.js
var NotJson = class extends Error {
};
var MAX_DIGITS = 4300;
var MAX_DEPTH = 900;
var WHITESPACE = " 	\n\r";
var ESCAPES = /* @__PURE__ */ new Map([['"', '"'], ["\\", "\\"], ["/", "/"], ["b", "\b"], ["f", "\f"], ["n", "\n"], ["r", "\r"], ["t", "	"]]);
var NUMBER = /-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?/y;
var HEX4 = /^[0-9a-fA-F]{4}$/;
function readJson(text) {
  const reader = new Reader2(text);
  reader.skipSpace();
  const value = reader.value(0);
  reader.skipSpace();
  if (reader.at !== text.length) throw new NotJson("extra data");
  return value;
}
var Reader2 = class {
  constructor(text) {
    this.text = text;
    this.at = 0;
  }
  skipSpace() {
    while (this.at < this.text.length && WHITESPACE.includes(this.text[this.at])) this.at += 1;
  }
  value(depth) {
    const c = this.text[this.at];
    if (c === "{") return this.object(depth + 1);
    if (c === "[") return this.array(depth + 1);
    if (c === '"') return this.string();
    if (this.word("true")) return true;
    if (this.word("false")) return false;
    if (this.word("null")) return null;
    return this.number();
  }
  word(text) {
    if (!this.text.startsWith(text, this.at)) return false;
    this.at += text.length;
    return true;
  }
  expect(c) {
    if (this.text[this.at] !== c) throw new NotJson("expected " + c);
    this.at += 1;
  }
  object(depth) {
    if (depth > MAX_DEPTH) throw new NotJson("too deep");
    this.at += 1;
    const map = /* @__PURE__ */ new Map();
    this.skipSpace();
    if (this.word("}")) return map;
    for (; ; ) {
      this.skipSpace();
      if (this.text[this.at] !== '"') throw new NotJson("expected a key");
      const key = this.string();
      this.skipSpace();
      this.expect(":");
      this.skipSpace();
      map.set(key, this.value(depth));
      this.skipSpace();
      if (this.word("}")) return map;
      this.expect(",");
    }
  }
  array(depth) {
    if (depth > MAX_DEPTH) throw new NotJson("too deep");
    this.at += 1;
    const list = [];
    this.skipSpace();
    if (this.word("]")) return list;
    for (; ; ) {
      this.skipSpace();
      list.push(this.value(depth));
      this.skipSpace();
      if (this.word("]")) return list;
      this.expect(",");
    }
  }
  string() {
    this.at += 1;
    let out = "";
    for (; ; ) {
      const c = this.text[this.at];
      if (c === void 0 || c < " ") throw new NotJson("unterminated string");
      this.at += 1;
      if (c === '"') return out;
      out += c === "\\" ? this.escape() : c;
    }
  }
  escape() {
    const c = this.text[this.at];
    this.at += 1;
    if (ESCAPES.has(c)) return ESCAPES.get(c);
    const hex = this.text.slice(this.at, this.at + 4);
    if (c !== "u" || !HEX4.test(hex)) throw new NotJson("bad escape");
    this.at += 4;
    return String.fromCharCode(parseInt(hex, 16));
  }
  number() {
    NUMBER.lastIndex = this.at;
    const found = NUMBER.exec(this.text);
    if (found === null) throw new NotJson("not a value");
    this.at += found[0].length;
    if (found[1] !== void 0 || found[2] !== void 0) return Number(found[0]);
    const digits = found[0].replace("-", "");
    if (digits.length > MAX_DIGITS) throw new NotJson("too many digits");
    return BigInt(found[0]);
  }
};
function decoded(body) {
  const text = body.replace(/[\ud800-\udbff][\udc00-\udfff]|[\ud800-\udfff]/g, (c) => c.length === 2 ? c : "�");
  if (text.startsWith("\uFEFF")) return text.slice(1);
  if (!text.slice(0, 2).includes("\0")) return text;
  return fromWide(new TextEncoder().encode(text));
}
function fromWide(bytes) {
  const wide = wideEncoding(bytes);
  if (wide === null) return new TextDecoder().decode(bytes);
  const [unit, big] = wide;
  if (bytes.length % unit) throw new NotJson("truncated");
  let out = "";
  for (let i = 0; i < bytes.length; i += unit) {
    const code = unit === 2 ? wordOf(bytes, i, big) : wordOf(bytes, big ? i : i + 2, big) * 65536 + wordOf(bytes, big ? i + 2 : i, big);
    if (code > 1114111) throw new NotJson("not a code point");
    out += String.fromCodePoint(code);
  }
  return out;
}
function wideEncoding(bytes) {
  const n = bytes.length;
  if (n >= 4 && bytes[0] === 0) return [bytes[1] ? 2 : 4, true];
  if (n >= 4 && bytes[1] === 0) return [bytes[2] || bytes[3] ? 2 : 4, false];
  if (n === 2) return [2, bytes[0] === 0];
  return null;
}
function wordOf(bytes, i, big) {
  return big ? bytes[i] * 256 + bytes[i + 1] : bytes[i + 1] * 256 + bytes[i];
}

// static/src/scoring/cards.js
var CHIEN_CARDS = { 3: 6, 4: 6, 5: 3, 6: 6 };
var OUDLERS = 3;
var OUDLER = 9;
var FACE_CARDS = [9, 7, 5, 3].flatMap((value) => [value, value, value, value]);
var LOW_CARD = 1;
var DECK = 78;
var ALL_POINTS = OUDLER * OUDLERS + FACE_CARDS.reduce((a, b) => a + b, 0) + LOW_CARD * (DECK - OUDLERS - FACE_CARDS.length);
var KINGS = 4;
var EXCUSE_KEPT = 8;
function cardPoints(players2, contract2, outcome2, oudlers) {
  const [attack, defence] = ownedCards(players2, contract2);
  if (outcome2 === "none") {
    const least = fewest(attack.cards + players2, oudlers);
    const most = ALL_POINTS - fewest(defence.cards + players2, OUDLERS - oudlers);
    return { least, most, step: players2 % 2 ? 1 : 2 };
  }
  if (outcome2 === "defense") return withoutTrick(attack, oudlers);
  const kept = withoutTrick(defence, OUDLERS - oudlers);
  if (kept === null) return null;
  return { least: ALL_POINTS - kept.most, most: ALL_POINTS - kept.least, step: kept.step };
}
function within(allowed2, halves) {
  return allowed2 !== null && allowed2.least <= halves && halves <= allowed2.most && (halves - allowed2.least) % allowed2.step === 0;
}
function ownedCards(players2, contract2) {
  const chien = CHIEN_CARDS[players2];
  if (contract2 === "garde_contre") return [{ cards: 0, anyCard: true }, { cards: chien, anyCard: true }];
  return [{ cards: chien, anyCard: contract2 === "garde_sans" }, { cards: 0, anyCard: true }];
}
function fewest(cards, oudlers) {
  return OUDLER * oudlers + LOW_CARD * (cards - oudlers);
}
function withoutTrick(owned, oudlers) {
  const ranges = [];
  for (const kept of [0, 1]) {
    if (oudlers - kept < 0 || oudlers - kept > OUDLERS - kept) continue;
    const [least, most] = holding(owned, oudlers - kept);
    if (least <= most) ranges.push([least + EXCUSE_KEPT * kept, most + EXCUSE_KEPT * kept]);
  }
  if (!ranges.length) return null;
  return { least: Math.min(...ranges.map((r) => r[0])), most: Math.max(...ranges.map((r) => r[1])), step: 2 };
}
function holding(owned, oudlers) {
  const others = owned.cards - oudlers;
  if (others < 0 || oudlers && !owned.anyCard) return [2, 0];
  const faces = owned.anyCard ? FACE_CARDS : FACE_CARDS.slice(KINGS);
  const best = faces.slice(0, others).reduce((a, b) => a + b, 0) + LOW_CARD * Math.max(0, others - faces.length);
  return [fewest(owned.cards, oudlers), OUDLER * oudlers + best];
}

// static/src/scoring/check.js
var ALL_TRUMPS = 22;
var POIGNEE_TRUMPS = {
  3: { simple: 13, double: 15, triple: 18 },
  4: { simple: 10, double: 13, triple: 15 },
  5: { simple: 8, double: 10, triple: 13 },
  6: { simple: 6, double: 8, triple: 10 }
};
var SPACES = new Set("	\n\v\f\r              \u2028\u2029  　");
function blank(name) {
  for (const c of name) if (!SPACES.has(c)) return false;
  return true;
}
function problems(deal, rules) {
  const found = players(deal);
  if (found.length) return found;
  return [
    ...roles(deal),
    ...contract(deal, rules),
    ...points(deal),
    ...petitAuBout(deal, rules),
    ...poignees(deal),
    ...miseres(deal, rules)
  ];
}
function nameLength(name) {
  let length = 0;
  for (const _ of name) length += 1;
  return length;
}
function twice(names) {
  const counts = /* @__PURE__ */ new Map();
  for (const name of names) counts.set(name, (counts.get(name) || 0) + 1);
  return [...counts].filter(([, n]) => n > 1).map(([name]) => name);
}
function players(deal) {
  const count = deal.players.length;
  if (count < 3 || count > 6) return [problem("players", "players_count")];
  if (deal.players.some((name) => blank(name) || nameLength(name) > MAX_NAME)) {
    return [problem("players", "players_name")];
  }
  return twice(deal.players).map((name) => problem("players", "players_distinct", { name }));
}
function roles(deal) {
  const found = [];
  const count = deal.players.length;
  if (!deal.players.includes(deal.taker)) found.push(problem("taker", "not_playing", { name: deal.taker }));
  const king = kingHolder(deal);
  if (king !== null) {
    if (count < 5) found.push(problem("partner", "partner_not_five"));
    else if (!deal.players.includes(king)) found.push(problem("partner", "not_playing", { name: king }));
  }
  if (deal.second_partner !== null) {
    const queen = queenHolder(deal);
    if (count !== 6) found.push(problem("second_partner", "second_partner_not_six"));
    else if (queen !== null && !deal.players.includes(queen)) {
      found.push(problem("second_partner", "not_playing", { name: queen }));
    }
  }
  return found;
}
function contract(deal, rules) {
  if (rules.contracts.includes(deal.contract)) return [];
  return [problem("contract", "contract_not_offered", { contract: deal.contract })];
}
function points(deal) {
  if (deal.points === null) return [problem("points", "points_range")];
  const count = deal.players.length;
  if (count % 2 === 0 && deal.points.halves % 2) {
    return [problem("points", "points_not_whole", { players: count })];
  }
  return cardProblems(deal);
}
function cardProblems(deal) {
  const count = deal.players.length;
  const outcome2 = deal.chelem.outcome;
  const allowed2 = cardPoints(count, deal.contract, outcome2, deal.oudlers);
  if (within(allowed2, deal.points.halves)) return [];
  const params = { players: count, contract: deal.contract, oudlers: deal.oudlers, points: deal.points };
  if (allowed2 === null) {
    return ["oudlers", "points", "chelem"].map((name) => problem(name, `oudlers_${outcome2}_chelem`, params));
  }
  Object.assign(params, { least: new Points(allowed2.least), most: new Points(allowed2.most) });
  if (outcome2 !== "none") {
    if (count % 2) params.whole = allowed2.least % 2 === 0;
    params.owned = deal.contract === "garde_sans" ? "chien" : "discard";
    params.cards = CHIEN_CARDS[count];
    const key = (outcome2 === "defense" ? "points_defense_chelem" : "points_attack_chelem") + (deal.contract === "garde_contre" ? "_contre" : "");
    return ["points", "chelem"].map((name) => problem(name, key, params));
  }
  for (const implied of ["attack", "defense"]) {
    if (within(cardPoints(count, deal.contract, implied, deal.oudlers), deal.points.halves)) {
      return [problem("chelem", `chelem_implied_${implied}`, params)];
    }
  }
  return [problem("points", "points_cards", params)];
}
function petitAuBout(deal, rules) {
  const player = deal.petit_au_bout_player;
  if (player !== null) {
    if (!deal.players.includes(player)) return [problem("petit_au_bout_player", "not_playing", { name: player })];
    if (deal.petit_au_bout !== null && deal.petit_au_bout !== sideOf(deal, player)) {
      return [problem("petit_au_bout_player", "petit_player_side", { name: player })];
    }
  }
  const side = petitSide(deal);
  if (side === null) return [];
  if (rules.petit_au_bout === "player_flat" && player === null) {
    return [problem("petit_au_bout_player", "petit_player_needed")];
  }
  return petitWithOudlers(deal, side);
}
function petitWithOudlers(deal, side) {
  if (side === "attack" && deal.oudlers === 0) return [problem("petit_au_bout", "petit_attack_no_oudler")];
  if (side === "defense" && deal.oudlers === 3) return [problem("petit_au_bout", "petit_defense_all_oudlers")];
  const outcome2 = deal.chelem.outcome;
  if (outcome2 === "attack" && side === "defense" || outcome2 === "defense" && side === "attack") {
    return [problem("petit_au_bout", "petit_against_chelem")];
  }
  return [];
}
function poignees(deal) {
  const found = deal.poignees.filter((p) => !deal.players.includes(p.player)).map((p) => problem("poignees", "not_playing", { name: p.player }));
  found.push(...twice(deal.poignees.map((p) => p.player)).map((name) => problem("poignees", "poignee_twice", { name })));
  const table = POIGNEE_TRUMPS[deal.players.length];
  const trumps = deal.poignees.reduce((sum, p) => sum + table[p.size], 0);
  if (trumps > ALL_TRUMPS) found.push(problem("poignees", "poignee_too_many_trumps", { trumps }));
  return found;
}
function miseres(deal, rules) {
  if (!deal.miseres.length) return [];
  if (rules.misere === 0) return [problem("miseres", "misere_not_played")];
  const found = deal.miseres.filter((name) => !deal.players.includes(name)).map((name) => problem("miseres", "not_playing", { name }));
  found.push(...twice(deal.miseres).map((name) => problem("miseres", "misere_twice", { name })));
  return found;
}

// static/src/scoring/shares.js
var TAKER_SHARE = 3;
var KING_SHARE = 2;
var QUEEN_SHARE = 1;
var FRACTIONS = { 1: "1/6", 2: "1/3", 3: "1/2", 4: "2/3", 5: "5/6", 6: "1" };
var PARTS = { 0: "", 2: "⅓", 3: "½", 4: "⅔" };
function sixPlayerShares(deal, unit) {
  const defenders = deal.players.length - attackOf(deal).length;
  const total = unit * defenders;
  const king = kingHolder(deal);
  const queen = queenHolder(deal);
  if (king === null && queen === null) {
    const params2 = { name: deal.taker, defenders, unit, points: total };
    return [{ player: deal.taker, role: "taker", points: total, key: "share_alone", params: params2 }];
  }
  const partners = [];
  let taker = TAKER_SHARE;
  let key = "share_taker";
  if (king !== null && king === queen) {
    partners.push(partner(king, "king_and_queen", KING_SHARE + QUEEN_SHARE, total));
  } else {
    if (king !== null) partners.push(partner(king, "king", KING_SHARE, total));
    else [taker, key] = [taker + KING_SHARE, "share_taker_king"];
    if (queen !== null) partners.push(partner(queen, "queen", QUEEN_SHARE, total));
    else [taker, key] = [taker + QUEEN_SHARE, "share_taker_queen"];
  }
  const rest = total - partners.reduce((sum, share2) => sum + share2.points, 0);
  const params = shareParams(deal.taker, taker, total, rest);
  return [{ player: deal.taker, role: "taker", points: rest, key, params }, ...partners];
}
function shareJson(share2, lang) {
  return { player: share2.player, role: share2.role, label: label(share2.key, lang, share2.params), points: share2.points };
}
function partner(player, role, sixths, total) {
  const points2 = roundHalfAway(total * sixths, 6);
  return { player, role, points: points2, key: "share_" + role, params: shareParams(player, sixths, total, points2) };
}
function shareParams(player, sixths, total, points2) {
  const exact = total * sixths;
  const value = exact === points2 * 6 ? String(points2) : `${mixedNumber(exact)} → ${points2}`;
  return { name: player, fraction: FRACTIONS[sixths], total, value };
}
function roundHalfAway(numerator, denominator) {
  const nearest = Math.floor((2 * Math.abs(numerator) + denominator) / (2 * denominator));
  return numerator >= 0 ? nearest : -nearest;
}
function mixedNumber(sixths) {
  const whole2 = Math.floor(Math.abs(sixths) / 6);
  const part = Math.abs(sixths) % 6;
  if (!has(PARTS, part)) return fractionText(sixths, 6);
  const text = (whole2 || !part ? String(whole2) : "") + PARTS[part];
  return sixths < 0 ? "-" + text : text;
}
function fractionText(numerator, denominator) {
  let [a, b] = [Math.abs(numerator), denominator];
  while (b) [a, b] = [b, a % b];
  return `${numerator / a}/${denominator / a}`;
}

// static/src/scoring/score.js
var TARGETS = [56, 51, 41, 36];
var BASE = 25;
var PETIT_AU_BOUT2 = 10;
var PETIT_AU_BOUT_FLAT = 10;
var POIGNEE_SIZES2 = ["simple", "double", "triple"];
function score(deal, rules) {
  const found = problems(deal, rules);
  if (found.length) throw new DealError(found);
  const target = TARGETS[deal.oudlers];
  const [won, margin] = outcome(deal.points.halves, target, rules);
  const sign = won ? 1 : -1;
  const coef = coefficient(rules, deal.contract);
  const lines = [
    line("base", sign * (BASE + margin) * coef, { contract: deal.contract, margin, coef }),
    ...poignees2(deal, rules, coef, sign),
    ...petitAuBout2(deal, rules, coef),
    ...chelem(deal),
    ...deal.miseres.map((name) => line("misere", rules.misere, { name }, name))
  ];
  const unit = lines.reduce((sum, l) => l.player === null ? sum + l.points : sum, 0);
  const shares = deal.players.length === 6 ? sixPlayerShares(deal, unit) : [];
  return { scores: share(deal, rules, unit, lines, shares), won, target, margin, unit, lines, rules, shares };
}
function resultJson(result, lang) {
  const answer = {
    scores: Object.fromEntries(result.scores),
    won: result.won,
    target: result.target,
    margin: result.margin,
    unit: result.unit,
    lines: result.lines.map((l) => ({
      label: lineLabel(l, lang),
      points: l.points,
      ...l.player === null ? {} : { player: l.player }
    })),
    rules: rulesJson(result.rules)
  };
  if (result.shares.length) answer.shares = result.shares.map((s) => shareJson(s, lang));
  return answer;
}
function outcome(halves, target, rules) {
  const points2 = rules.half_point === "floor" ? halves - halves % 2 : halves;
  const difference = points2 - 2 * target;
  return [difference >= 0, Math.ceil(Math.abs(difference) / 2)];
}
function line(key, points2, params = {}, player = null) {
  return { key, points: points2, params, player };
}
function lineLabel(l, lang) {
  const params = "contract" in l.params ? { ...l.params, contract: contractName(l.params.contract, lang) } : l.params;
  return label(l.key, lang, params);
}
function poignees2(deal, rules, coef, sign) {
  return deal.poignees.map((poignee) => {
    const value = rules.poignee_values[POIGNEE_SIZES2.indexOf(poignee.size)];
    const params = { size: poignee.size, name: poignee.player };
    if (rules.poignee_multiplied) {
      return line("poignee_multiplied", sign * value * coef, { ...params, value, coef });
    }
    return line("poignee", sign * value, params);
  });
}
function petitAuBout2(deal, rules, coef) {
  const side = petitSide(deal);
  if (side === null) return [];
  if (rules.petit_au_bout === "player_flat") {
    const name = deal.petit_au_bout_player;
    return [line("petit_player", PETIT_AU_BOUT_FLAT, { name }, name)];
  }
  if (side === "attack") return [line("petit_attack", PETIT_AU_BOUT2 * coef, { coef })];
  return [line("petit_defense", -PETIT_AU_BOUT2 * coef, { coef })];
}
function chelem(deal) {
  const { announced, outcome: who } = deal.chelem;
  const lines = [];
  if (who === "attack") {
    lines.push(announced ? line("chelem_announced_made", 400) : line("chelem_made", 200));
  } else if (announced) {
    lines.push(line("chelem_announced_failed", -200));
  }
  if (who === "defense") lines.push(line("chelem_defense", -200));
  return lines;
}
function share(deal, rules, unit, lines, shares) {
  const players2 = deal.players;
  const attack = attackOf(deal);
  const scores = new Map(players2.map((p) => [p, attack.includes(p) ? 0 : -unit]));
  const defenders = players2.length - attack.length;
  if (players2.length === 6) {
    for (const part of shares) scores.set(part.player, part.points);
  } else if (attack.length === 2) {
    const taker = takerShare(unit, rules);
    scores.set(deal.taker, taker);
    scores.set(attack[1], defenders * unit - taker);
  } else {
    scores.set(deal.taker, defenders * unit);
  }
  for (const l of lines) {
    if (l.player === null) continue;
    for (const p of players2) scores.set(p, scores.get(p) + l.points * (p === l.player ? players2.length - 1 : -1));
  }
  return scores;
}
function takerShare(unit, rules) {
  if (rules.five_player_split === "equal") {
    const half = 3 * unit / 2;
    return half > 0 ? Math.ceil(half) : Math.floor(half);
  }
  return 2 * unit;
}

// static/src/scoring/table.js
function mode(seated, dealerSitsOut) {
  return Object.freeze({ seated, dealerSitsOut, playing: dealerSitsOut ? seated - 1 : seated });
}
var TABLE_MODES = Object.freeze({
  three: mode(3, false),
  four: mode(4, false),
  five: mode(5, false),
  five_dealer_out: mode(5, true),
  six_dealer_out: mode(6, true),
  six: mode(6, false)
});

// static/src/scoring/index.js
var MAX_API_BYTES = 64 * 1024;
var UNKNOWN_NAMED = 5;
var REFUSED = {
  413: { fr: "Le corps de la requête dépasse 64 Kio.", en: "The request body is larger than 64 KiB." },
  400: { fr: "Le corps de la requête doit être un objet JSON.", en: "The request body must be a JSON object." }
};
function scoreRequest(body, lang) {
  const said = language(lang);
  const text = typeof body === "string" ? body : written(body);
  if (utf8Length(text) > MAX_API_BYTES) return refused(413, said);
  let data;
  try {
    data = readJson(decoded(text));
  } catch (error) {
    if (!(error instanceof NotJson)) throw error;
    return refused(400, said);
  }
  if (!(data instanceof Map)) return refused(400, said);
  const unknown = [...data.keys()].filter((key) => !DEAL_FIELDS.includes(key));
  if (unknown.length) return unknownFields(unknown, said);
  try {
    const [deal, rules] = dealFromJson(data);
    return { status: 200, body: resultJson(score(deal, rules), said) };
  } catch (error) {
    if (!(error instanceof DealError)) throw error;
    return { status: 422, body: { errors: Object.fromEntries(errorsByField(error.problems, said)) } };
  }
}
function written(value) {
  try {
    return JSON.stringify(value) ?? "";
  } catch {
    return "";
  }
}
function unknownFields(unknown, lang) {
  const named = new Map(unknown.slice(0, UNKNOWN_NAMED).map((k) => [k, [message(problem(k, "unknown_field"), lang)]]));
  const rest = unknown.length - UNKNOWN_NAMED;
  if (rest > 0) {
    named.set("_", [lang === "fr" ? `… et ${rest} autres champs inconnus.` : `… and ${rest} more unknown fields.`]);
  }
  return { status: 422, body: { errors: Object.fromEntries(named) } };
}
function refused(status, lang) {
  return { status, body: { errors: { _: [REFUSED[status][lang]] } } };
}
function utf8Length(text) {
  if (text.length > MAX_API_BYTES) return text.length;
  let bytes = 0;
  for (const c of text) {
    const code = c.codePointAt(0);
    bytes += code < 128 ? 1 : code < 2048 ? 2 : code < 65536 ? 3 : 4;
  }
  return bytes;
}
export {
  CHIEN_CARDS,
  FFT,
  MAX_API_BYTES,
  POIGNEE_TRUMPS,
  TABLE_MODES,
  VARIANTS,
  cardPoints,
  ruleSet,
  rulesJson,
  scoreRequest
};
