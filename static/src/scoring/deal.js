// One deal as the scoring API's request carries it (scorekeeper/scoring/deal.py): read
// field by field from the Map that json.js gives, a problem noted for each bad one.
import {CONTRACTS, FFT, RulesError, updated} from "./rules.js";
import {Points, problem} from "./text.js";

export const MAX_NAME = 40;
export const SIDES = ["attack", "defense"];
export const POIGNEE_SIZES = ["simple", "double", "triple"];
export const CHELEM_OUTCOMES = ["none", "attack", "defense"];
export const DEAL_FIELDS = [
  "players", "taker", "partner", "second_partner", "contract", "oudlers", "points", "poignees",
  "petit_au_bout", "petit_au_bout_player", "chelem", "miseres", "rules",
];

export class DealError extends Error {
  constructor(problems) {
    super(problems.map((p) => `${p.field}: ${p.key}`).join("; "));
    this.problems = problems;
  }
}

// The deal and the rule set of a request (a Map); throws DealError naming each field
// whose type or value is unknown. Whether the deal can happen is check.js's question.
export function dealFromJson(data, rules = FFT) {
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
    miseres: reader.miseres(),
  };
  let chosen = rules;
  if (data.get("rules") !== undefined && data.get("rules") !== null) {
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

// The taker, then the King's holder, then the Queen's holder: each once.
export function attackOf(deal) {
  const attack = [deal.taker];
  for (const called of [deal.partner, deal.second_partner]) {
    if (called !== null && !attack.includes(called)) attack.push(called);
  }
  return attack;
}

// Who held the called King (the partner at 5); null if nobody did.
export function kingHolder(deal) {
  return deal.partner === deal.taker ? null : deal.partner;
}

// Who held the called Queen (6 players only); null if nobody did.
export function queenHolder(deal) {
  return deal.second_partner === deal.taker ? null : deal.second_partner;
}

export function sideOf(deal, player) {
  return attackOf(deal).includes(player) ? "attack" : "defense";
}

// The side that took the Petit au bout: from the player when one is named.
export function petitSide(deal) {
  if (deal.petit_au_bout_player !== null) return sideOf(deal, deal.petit_au_bout_player);
  return deal.petit_au_bout;
}

function isMap(value) {
  return value instanceof Map;
}

function onlyKeys(map, allowed) {
  return [...map.keys()].every((key) => allowed.includes(key));
}

class Reader {
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

  choice(key, values, message, required = false) {
    const value = this.get(key, required);
    if (value === null) return null;
    if (values.includes(value)) return value;
    this.problems.push(problem(key, message));
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
    const whole = typeof value === "number" && Number.isInteger(value) ? BigInt(value) : value;
    if (typeof whole !== "bigint" || whole < 0n || whole > 3n) {
      this.problems.push(problem("oudlers", "oudlers_range"));
      return null;
    }
    return Number(whole);
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
        shown.push({player: item.get("player"), size: item.get("size")});
      }
    }
    return shown;
  }

  chelem() {
    const none = {announced: false, outcome: "none"};
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
    const outcome = value.has("outcome") ? value.get("outcome") : "none";
    if (!CHELEM_OUTCOMES.includes(outcome)) {
      this.problems.push(problem("chelem", "chelem_outcome_unknown"));
      return none;
    }
    return {announced, outcome};
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
}
