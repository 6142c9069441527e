// The scoring twin (static/src/scoring) on its own, on named cases: the worked examples
// of the rules (tests/data/examples.json), the answers docs/scoring-api.md shows, and
// what reading a body as the server does changes. The 100,000 random requests compared
// with the server are tests/scoring/test_twin.py's.
import assert from "node:assert/strict";
import {readFileSync} from "node:fs";
import {describe, it} from "node:test";

import {cardPoints, ruleSet, scoreRequest} from "../../static/src/scoring/index.js";

const EXAMPLES = JSON.parse(readFileSync(new URL("../data/examples.json", import.meta.url), "utf8"));
const FOUR = ["Alice", "Bob", "Chloé", "David"];
const SIX = ["Alice", "Bob", "Chloé", "David", "Émile", "Fanny"];

function deal(fields) {
  return {players: FOUR, taker: "Alice", contract: "garde", oudlers: 2, points: 49, ...fields};
}

describe("the rules' worked examples", () => {
  for (const example of EXAMPLES) {
    it(example.id, () => {
      const {status, body} = scoreRequest(example.request, "en");
      assert.equal(status, 200);
      assert.deepEqual(body.scores, example.expected);
    });
  }
});

describe("the answers of docs/scoring-api.md", () => {
  it("a garde with a poignée and the Petit au bout: 318, its lines in each language", () => {
    const request = deal({poignees: [{player: "Alice", size: "simple"}], petit_au_bout: "attack"});
    const {body} = scoreRequest(request, "en");
    assert.deepEqual(body.scores, {Alice: 318, Bob: -106, "Chloé": -106, David: -106});
    assert.deepEqual([body.won, body.target, body.margin, body.unit], [true, 41, 8, 106]);
    assert.deepEqual(body.lines, [
      {label: "Garde: (25 + 8) × 2", points: 66},
      {label: "Poignée simple", points: 20},
      {label: "Petit au bout (attack): 10 × 2", points: 20},
    ]);
    assert.equal(scoreRequest(request, "fr").body.lines[0].label, "Garde : (25 + 8) × 2");
  });
  it("six players: the shares of 75, halves away from zero, the taker the rest", () => {
    const request = {
      players: SIX, taker: "Alice", partner: "Bob", second_partner: "Chloé", contract: "prise",
      oudlers: 1, points: 51,
    };
    const {body} = scoreRequest(request, "en");
    assert.deepEqual(body.scores, {Alice: 37, Bob: 25, "Chloé": 13, David: -25, "Émile": -25, Fanny: -25});
    assert.deepEqual(body.shares.map((s) => s.label), [
      "Alice, the taker: 1/2 of 75 = 37½ → 37",
      "Bob, who held the King: 1/3 of 75 = 25",
      "Chloé, who held the Queen: 1/6 of 75 = 12½ → 13",
    ]);
    const alone = scoreRequest({...request, partner: null, second_partner: null}, "en").body;
    assert.equal(alone.shares[0].label, "Alice, the taker, alone: 5 × 25 = 125");
  });
  it("points only a chelem gives, with no chelem marked: the chelem nobody ticked", () => {
    const {status, body} = scoreRequest(deal({oudlers: 3, points: 91}), "en");
    assert.equal(status, 422);
    assert.deepEqual(body, {errors: {chelem: [
      "91 points with 3 oudlers: the defence took no trick (outside a chelem the attack has at "
      + "most 89). The attack took every trick: mark the chelem.",
    ]}});
  });
  it("points outside what real cards give, and a half point at 4 players", () => {
    assert.deepEqual(scoreRequest(deal({points: 9}), "en").body.errors.points, [
      "With 2 oudlers in a garde at 4 players, real cards give the attack 13 to 85 points: "
      + "each side took at least one trick.",
    ]);
    assert.deepEqual(scoreRequest(deal({points: 40.5}), "fr").body.errors.points, [
      "À 4 joueurs, les points sont entiers : chaque camp finit avec un nombre pair de cartes.",
    ]);
  });
});

describe("the rules and the cards", () => {
  it("gives the cards' bounds in half points, and none where no deal gives them", () => {
    assert.deepEqual(cardPoints(4, "garde", "none", 2), {least: 26, most: 170, step: 2});
    assert.deepEqual(cardPoints(5, "prise", "defense", 1), {least: 11, most: 29, step: 2});
    assert.equal(cardPoints(4, "prise", "defense", 2), null);
  });
  it("shares 1.5 units at 5 players under five_player_equal, the taker's rounded away from zero", () => {
    const five = {players: [...FOUR, "Émile"], taker: "Alice", partner: "Bob", contract: "prise", oudlers: 1};
    const rules = {five_player_split: "equal"};
    assert.deepEqual(scoreRequest({...five, points: 53, rules}, "en").body.scores,
      {Alice: 41, Bob: 40, "Chloé": -27, David: -27, "Émile": -27});
    assert.deepEqual(scoreRequest({...five, points: 49, rules}, "en").body.scores,
      {Alice: -41, Bob: -40, "Chloé": 27, David: 27, "Émile": 27});
  });
  it("knows the named variants, and refuses a name it does not know", () => {
    assert.equal(ruleSet("half_point_floor+misere_10").misere, 10);
    assert.equal(ruleSet("half_point_floor+misere_10").half_point, "floor");
    assert.throws(() => ruleSet("fft+chicago"), (error) => error.problems[0].key === "rules_unknown_name");
  });
});

describe("the body, read as the server reads it", () => {
  const text = (rules) => JSON.stringify(deal({})).replace(/}$/, `,"rules":${rules}}`);
  it("refuses 10.0 where a setting wants a whole number, as Python does", () => {
    assert.equal(scoreRequest(text("{\"misere\":10}"), "en").status, 200);
    assert.deepEqual(scoreRequest(text("{\"misere\":10.0}"), "en").body,
      {errors: {rules: ["misere is a whole number from 0 to 10000."]}});
  });
  it("answers 400 for what is not a JSON object, and 413 past 64 KiB, French by default", () => {
    assert.deepEqual(scoreRequest("{\"players\": NaN}", "de"),
      {status: 400, body: {errors: {_: ["Le corps de la requête doit être un objet JSON."]}}});
    assert.equal(scoreRequest("[]", "en").status, 400);
    assert.equal(scoreRequest(" ".repeat(64 * 1024) + "{}", "en").status, 413);
    assert.equal(scoreRequest({players: 1n}, "en").status, 400);  // a value no phone can send
    assert.equal(scoreRequest(undefined, "en").status, 400);
  });
  it("takes any name, __proto__ and emoji included, counting characters as Python does", () => {
    const players = ["__proto__", "constructor", "🂡".repeat(40), "1"];
    const {status, body} = scoreRequest(deal({players, taker: "__proto__"}), "en");
    assert.equal(status, 200);
    assert.deepEqual(Object.keys(body.scores).sort(), [...players].sort());
    assert.equal(body.scores["__proto__"], 198);  // a key of its own, not the prototype
  });
});
