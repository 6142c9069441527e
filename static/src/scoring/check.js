// What cannot happen at the table (RULES.md section 5; scorekeeper/scoring/check.py),
// as problems by field.
import {CHIEN_CARDS, cardPoints, within} from "./cards.js";
import {MAX_NAME, kingHolder, petitSide, queenHolder, sideOf} from "./deal.js";
import {Points, problem} from "./text.js";

const ALL_TRUMPS = 22;
export const POIGNEE_TRUMPS = {
  3: {simple: 13, double: 15, triple: 18},
  4: {simple: 10, double: 13, triple: 15},
  5: {simple: 8, double: 10, triple: 13},
  6: {simple: 6, double: 8, triple: 10},
};
// Python's str.isspace(): what strip() takes off a name.
const SPACES = new Set("\t\n\v\f\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005"
  + "\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000");

function blank(name) {
  for (const c of name) if (!SPACES.has(c)) return false;
  return true;
}

// Every reason why ``deal`` cannot happen under ``rules``; empty when it can.
export function problems(deal, rules) {
  const found = players(deal);
  if (found.length) return found;  // roles cannot be checked against a table that makes no sense
  return [
    ...roles(deal), ...contract(deal, rules), ...points(deal), ...petitAuBout(deal, rules),
    ...poignees(deal), ...miseres(deal, rules),
  ];
}

// A name's length as Python counts it: in characters, not in UTF-16 units.
export function nameLength(name) {
  let length = 0;
  for (const _ of name) length += 1;  // eslint-disable-line no-unused-vars
  return length;
}

// The names given more than once, in the order first given.
function twice(names) {
  const counts = new Map();
  for (const name of names) counts.set(name, (counts.get(name) || 0) + 1);
  return [...counts].filter(([, n]) => n > 1).map(([name]) => name);
}

function players(deal) {
  const count = deal.players.length;
  if (count < 3 || count > 6) return [problem("players", "players_count")];
  if (deal.players.some((name) => blank(name) || nameLength(name) > MAX_NAME)) {
    return [problem("players", "players_name")];
  }
  return twice(deal.players).map((name) => problem("players", "players_distinct", {name}));
}

function roles(deal) {
  const found = [];
  const count = deal.players.length;
  if (!deal.players.includes(deal.taker)) found.push(problem("taker", "not_playing", {name: deal.taker}));
  const king = kingHolder(deal);
  if (king !== null) {
    if (count < 5) found.push(problem("partner", "partner_not_five"));
    else if (!deal.players.includes(king)) found.push(problem("partner", "not_playing", {name: king}));
  }
  if (deal.second_partner !== null) {  // below 6 players, even the taker's own name
    const queen = queenHolder(deal);
    if (count !== 6) found.push(problem("second_partner", "second_partner_not_six"));
    else if (queen !== null && !deal.players.includes(queen)) {
      found.push(problem("second_partner", "not_playing", {name: queen}));
    }
  }
  return found;
}

function contract(deal, rules) {
  if (rules.contracts.includes(deal.contract)) return [];
  return [problem("contract", "contract_not_offered", {contract: deal.contract})];
}

function points(deal) {
  if (deal.points === null) return [problem("points", "points_range")];
  const count = deal.players.length;
  if (count % 2 === 0 && deal.points.halves % 2) {
    return [problem("points", "points_not_whole", {players: count})];
  }
  return cardProblems(deal);
}

// Points that real cards give the attack with its oudlers, contract and chelem.
function cardProblems(deal) {
  const count = deal.players.length;
  const outcome = deal.chelem.outcome;
  const allowed = cardPoints(count, deal.contract, outcome, deal.oudlers);
  if (within(allowed, deal.points.halves)) return [];
  const params = {players: count, contract: deal.contract, oudlers: deal.oudlers, points: deal.points};
  if (allowed === null) {
    return ["oudlers", "points", "chelem"].map((name) => problem(name, `oudlers_${outcome}_chelem`, params));
  }
  Object.assign(params, {least: new Points(allowed.least), most: new Points(allowed.most)});
  if (outcome !== "none") {
    if (count % 2) params.whole = allowed.least % 2 === 0;
    params.owned = deal.contract === "garde_sans" ? "chien" : "discard";
    params.cards = CHIEN_CARDS[count];
    const key = (outcome === "defense" ? "points_defense_chelem" : "points_attack_chelem")
      + (deal.contract === "garde_contre" ? "_contre" : "");
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
    if (!deal.players.includes(player)) return [problem("petit_au_bout_player", "not_playing", {name: player})];
    if (deal.petit_au_bout !== null && deal.petit_au_bout !== sideOf(deal, player)) {
      return [problem("petit_au_bout_player", "petit_player_side", {name: player})];
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
  const outcome = deal.chelem.outcome;
  if ((outcome === "attack" && side === "defense") || (outcome === "defense" && side === "attack")) {
    return [problem("petit_au_bout", "petit_against_chelem")];
  }
  return [];
}

function poignees(deal) {
  const found = deal.poignees
    .filter((p) => !deal.players.includes(p.player))
    .map((p) => problem("poignees", "not_playing", {name: p.player}));
  found.push(...twice(deal.poignees.map((p) => p.player)).map((name) => problem("poignees", "poignee_twice", {name})));
  const table = POIGNEE_TRUMPS[deal.players.length];
  const trumps = deal.poignees.reduce((sum, p) => sum + table[p.size], 0);
  if (trumps > ALL_TRUMPS) found.push(problem("poignees", "poignee_too_many_trumps", {trumps}));
  return found;
}

function miseres(deal, rules) {
  if (!deal.miseres.length) return [];
  if (rules.misere === 0) return [problem("miseres", "misere_not_played")];
  const found = deal.miseres
    .filter((name) => !deal.players.includes(name))
    .map((name) => problem("miseres", "not_playing", {name}));
  found.push(...twice(deal.miseres).map((name) => problem("miseres", "misere_twice", {name})));
  return found;
}
