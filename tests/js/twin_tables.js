// The twin's tables, for tests/scoring/test_twin.py to compare with scorekeeper/scoring:
// the table modes, the rule set of every combination of the named variants, and the
// cards' bounds of every player count, contract, chelem outcome and number of oudlers
// (in half points). Prints one JSON object.
import process from "node:process";

import {
  CHIEN_CARDS, FFT, POIGNEE_TRUMPS, TABLE_MODES, VARIANTS, cardPoints, ruleSet, rulesJson,
} from "../../static/src/scoring/index.js";

const names = Object.keys(VARIANTS);
const ruleSets = {fft: rulesJson(FFT)};
for (let chosen = 1; chosen < 2 ** names.length; chosen += 1) {
  const name = names.filter((_, i) => chosen & (2 ** i)).join("+");
  ruleSets[name] = rulesJson(ruleSet(name));
}
const bounds = {};
for (const players of [3, 4, 5, 6]) {
  for (const contract of ["prise", "garde", "garde_sans", "garde_contre"]) {
    for (const outcome of ["none", "attack", "defense"]) {
      for (const oudlers of [0, 1, 2, 3]) {
        bounds[[players, contract, outcome, oudlers].join(" ")] = cardPoints(players, contract, outcome, oudlers);
      }
    }
  }
}
const tables = {tableModes: TABLE_MODES, chienCards: CHIEN_CARDS, poigneeTrumps: POIGNEE_TRUMPS, ruleSets, bounds};
process.stdout.write(JSON.stringify(tables) + "\n");
