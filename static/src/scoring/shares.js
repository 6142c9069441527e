// Six players, a King and a Queen called: who receives which share (RULES.md section 4b;
// scorekeeper/scoring/shares.py). Shares are counted in sixths of the attack's total,
// so no fraction is ever a float: 1/2 is 3 sixths, 1/3 is 2, 1/6 is 1.
import {attackOf, kingHolder, queenHolder} from "./deal.js";
import {has, label} from "./text.js";

const TAKER_SHARE = 3;
const KING_SHARE = 2;
const QUEEN_SHARE = 1;
const FRACTIONS = {1: "1/6", 2: "1/3", 3: "1/2", 4: "2/3", 5: "5/6", 6: "1"};
const PARTS = {0: "", 2: "⅓", 3: "½", 4: "⅔"};  // in sixths of one point

// The taker's share first, then the King's holder's, then the Queen's holder's:
// [{player, role, points, key, params}]. ``unit`` is what each defender pays.
export function sixPlayerShares(deal, unit) {
  const defenders = deal.players.length - attackOf(deal).length;
  const total = unit * defenders;
  const king = kingHolder(deal);
  const queen = queenHolder(deal);
  if (king === null && queen === null) {
    const params = {name: deal.taker, defenders, unit, points: total};
    return [{player: deal.taker, role: "taker", points: total, key: "share_alone", params}];
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
  const rest = total - partners.reduce((sum, share) => sum + share.points, 0);
  const params = shareParams(deal.taker, taker, total, rest);
  return [{player: deal.taker, role: "taker", points: rest, key, params}, ...partners];
}

// A share as the scoring API's answer gives it.
export function shareJson(share, lang) {
  return {player: share.player, role: share.role, label: label(share.key, lang, share.params), points: share.points};
}

function partner(player, role, sixths, total) {
  const points = roundHalfAway(total * sixths, 6);
  return {player, role, points, key: "share_" + role, params: shareParams(player, sixths, total, points)};
}

function shareParams(player, sixths, total, points) {
  const exact = total * sixths;  // in sixths of a point
  const value = exact === points * 6 ? String(points) : `${mixedNumber(exact)} → ${points}`;
  return {name: player, fraction: FRACTIONS[sixths], total, value};
}

// The nearest whole number to numerator / denominator, halves away from zero.
export function roundHalfAway(numerator, denominator) {
  const nearest = Math.floor((2 * Math.abs(numerator) + denominator) / (2 * denominator));
  return numerator >= 0 ? nearest : -nearest;
}

// A number of sixths as people write it: 12½, -33⅓; thirds and halves only.
function mixedNumber(sixths) {
  const whole = Math.floor(Math.abs(sixths) / 6);
  const part = Math.abs(sixths) % 6;
  if (!has(PARTS, part)) return fractionText(sixths, 6);
  const text = (whole || !part ? String(whole) : "") + PARTS[part];
  return sixths < 0 ? "-" + text : text;
}

// A fraction in its lowest terms, as Python writes a Fraction: "-7/6".
function fractionText(numerator, denominator) {
  let [a, b] = [Math.abs(numerator), denominator];
  while (b) [a, b] = [b, a % b];
  return `${numerator / a}/${denominator / a}`;
}
