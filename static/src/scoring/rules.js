// Rule sets: the FFT rules by default, and the named house variants
// (scorekeeper/scoring/rules.py). A rule set is a frozen plain object.
import {has, problem} from "./text.js";

export const CONTRACTS = ["prise", "garde", "garde_sans", "garde_contre"];
export const HALF_POINT = ["winner", "floor"];
export const FIVE_PLAYER_SPLIT = ["two_thirds", "equal"];
export const PETIT_AU_BOUT = ["side", "player_flat"];
export const MAX_SETTING = 10000;

export const FFT = Object.freeze({
  half_point: "winner",
  five_player_split: "two_thirds",
  petit_au_bout: "side",
  poignee_values: [20, 30, 40],
  poignee_multiplied: false,
  coefficients: [1, 2, 4, 6],
  contracts: CONTRACTS,
  misere: 0,
});

// The named variants of RULES.md section 4, all off by default: the settings each changes.
export const VARIANTS = {
  half_point_floor: {half_point: "floor"},
  five_player_equal: {five_player_split: "equal"},
  petit_au_bout_player_flat: {petit_au_bout: "player_flat"},
  poignees_20_40_60: {poignee_values: [20n, 40n, 60n]},
  poignees_multiplied: {poignee_multiplied: true},
  no_prise: {contracts: ["garde", "garde_sans", "garde_contre"]},
  misere_10: {misere: 10n},
};

export class RulesError extends Error {
  constructor(problems) {
    super(problems.map((p) => p.key).join("; "));
    this.problems = problems;
  }
}

class BadSetting extends Error {}

// The multiplier of ``contract`` under ``rules``.
export function coefficient(rules, contract) {
  return rules.coefficients[CONTRACTS.indexOf(contract)];
}

// Every setting, as the JSON object of the scoring API.
export function rulesJson(rules) {
  return {
    half_point: rules.half_point,
    five_player_split: rules.five_player_split,
    petit_au_bout: rules.petit_au_bout,
    poignee_values: [...rules.poignee_values],
    poignee_multiplied: rules.poignee_multiplied,
    coefficients: Object.fromEntries(CONTRACTS.map((c, i) => [c, rules.coefficients[i]])),
    contracts: [...rules.contracts],
    misere: rules.misere,
  };
}

// ``rules`` with the settings of ``data`` changed: a Map as json.js reads it, or a plain
// object (whole numbers as BigInt). Throws RulesError naming each bad setting.
export function updated(rules, data) {
  const entries = settingsOf(data);
  if (entries === null) throw new RulesError([problem("rules", "rules_not_object")]);
  const problems = [];
  const changes = {};
  for (const [key, value] of entries) {
    if (!has(READERS, key)) {
      problems.push(problem("rules", "rules_unknown", {setting: key}));
      continue;
    }
    try {
      changes[key] = READERS[key](rules, value);
    } catch (error) {
      if (!(error instanceof BadSetting)) throw error;
      problems.push(problem("rules", "rules_bad_" + key));
    }
  }
  if (problems.length) throw new RulesError(problems);
  return Object.freeze({...rules, ...changes});
}

// The rule set called ``name``: "fft", a variant, or variants joined by "+".
export function ruleSet(name) {
  let rules = FFT;
  for (const raw of name.split("+")) {
    const part = raw.trim();
    if (part === "fft") continue;
    if (!has(VARIANTS, part)) {
      throw new RulesError([problem("rules", "rules_unknown_name", {name: part})]);
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

const READERS = {
  half_point: choice(HALF_POINT),
  five_player_split: choice(FIVE_PLAYER_SPLIT),
  petit_au_bout: choice(PETIT_AU_BOUT),
  poignee_values: poigneeValues,
  poignee_multiplied: bool,
  coefficients,
  contracts,
  misere: (_, v) => whole(v),
};
