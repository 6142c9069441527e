// Scoring one deal: the unit, the bonuses by name, and who gets what
// (scorekeeper/scoring/score.py). Card points are counted in half points.
import {problems} from "./check.js";
import {DealError, attackOf, petitSide} from "./deal.js";
import {coefficient, rulesJson} from "./rules.js";
import {shareJson, sixPlayerShares} from "./shares.js";
import {contractName, label} from "./text.js";

// Card points the attack needs, by the number of oudlers it holds.
export const TARGETS = [56, 51, 41, 36];
const BASE = 25;
const PETIT_AU_BOUT = 10;
const PETIT_AU_BOUT_FLAT = 10;
const POIGNEE_SIZES = ["simple", "double", "triple"];

// Score ``deal`` under ``rules``: {scores, won, target, margin, unit, lines, rules,
// shares}; throws DealError if it cannot happen.
export function score(deal, rules) {
  const found = problems(deal, rules);
  if (found.length) throw new DealError(found);
  const target = TARGETS[deal.oudlers];
  const [won, margin] = outcome(deal.points.halves, target, rules);
  const sign = won ? 1 : -1;
  const coef = coefficient(rules, deal.contract);
  const lines = [
    line("base", sign * (BASE + margin) * coef, {contract: deal.contract, margin, coef}),
    ...poignees(deal, rules, coef, sign),
    ...petitAuBout(deal, rules, coef),
    ...chelem(deal),
    ...deal.miseres.map((name) => line("misere", rules.misere, {name}, name)),
  ];
  const unit = lines.reduce((sum, l) => (l.player === null ? sum + l.points : sum), 0);
  const shares = deal.players.length === 6 ? sixPlayerShares(deal, unit) : [];
  return {scores: share(deal, rules, unit, lines, shares), won, target, margin, unit, lines, rules, shares};
}

// The scoring API's 200 answer; ``shares`` only at 6 players.
export function resultJson(result, lang) {
  const answer = {
    scores: Object.fromEntries(result.scores),
    won: result.won,
    target: result.target,
    margin: result.margin,
    unit: result.unit,
    lines: result.lines.map((l) => ({
      label: lineLabel(l, lang), points: l.points, ...(l.player === null ? {} : {player: l.player}),
    })),
    rules: rulesJson(result.rules),
  };
  if (result.shares.length) answer.shares = result.shares.map((s) => shareJson(s, lang));
  return answer;
}

// Won or lost, and by how much (a whole number, after the half-point rule).
export function outcome(halves, target, rules) {
  const points = rules.half_point === "floor" ? halves - (halves % 2) : halves;
  const difference = points - 2 * target;
  // The half point goes to the winner: round the margin away from zero.
  return [difference >= 0, Math.ceil(Math.abs(difference) / 2)];
}

function line(key, points, params = {}, player = null) {
  return {key, points, params, player};
}

function lineLabel(l, lang) {
  const params = "contract" in l.params ? {...l.params, contract: contractName(l.params.contract, lang)} : l.params;
  return label(l.key, lang, params);
}

function poignees(deal, rules, coef, sign) {
  return deal.poignees.map((poignee) => {
    const value = rules.poignee_values[POIGNEE_SIZES.indexOf(poignee.size)];
    const params = {size: poignee.size, name: poignee.player};
    if (rules.poignee_multiplied) {
      return line("poignee_multiplied", sign * value * coef, {...params, value, coef});
    }
    return line("poignee", sign * value, params);
  });
}

function petitAuBout(deal, rules, coef) {
  const side = petitSide(deal);
  if (side === null) return [];
  if (rules.petit_au_bout === "player_flat") {
    const name = deal.petit_au_bout_player;
    return [line("petit_player", PETIT_AU_BOUT_FLAT, {name}, name)];
  }
  if (side === "attack") return [line("petit_attack", PETIT_AU_BOUT * coef, {coef})];
  return [line("petit_defense", -PETIT_AU_BOUT * coef, {coef})];
}

// The chelem bonus, never multiplied; a defence chelem costs the attack 200 more.
function chelem(deal) {
  const {announced, outcome: who} = deal.chelem;
  const lines = [];
  if (who === "attack") {
    lines.push(announced ? line("chelem_announced_made", 400) : line("chelem_made", 200));
  } else if (announced) {
    lines.push(line("chelem_announced_failed", -200));
  }
  if (who === "defense") lines.push(line("chelem_defense", -200));
  return lines;
}

// Every player's score (a Map, in the players' order): the unit shared between the
// sides, then payments to players.
function share(deal, rules, unit, lines, shares) {
  const players = deal.players;
  const attack = attackOf(deal);
  const scores = new Map(players.map((p) => [p, attack.includes(p) ? 0 : -unit]));
  const defenders = players.length - attack.length;
  if (players.length === 6) {
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
    for (const p of players) scores.set(p, scores.get(p) + l.points * (p === l.player ? players.length - 1 : -1));
  }
  return scores;
}

// The taker's part of the attack's 3 units at 5 players; the partner gets the rest.
function takerShare(unit, rules) {
  if (rules.five_player_split === "equal") {
    // 1.5 units, rounded away from zero when it is not whole.
    const half = 3 * unit / 2;
    return half > 0 ? Math.ceil(half) : Math.floor(half);
  }
  return 2 * unit;
}
