// The deal form's logic (static/src/form.js, save.js, sentence.js, words.js, live.js,
// countdown.js) without a browser: when a deal can be scored, what "everybody passed"
// would throw away, where the form goes on after deals kept on the phone, how a sentence
// fills the form, the page's words with their number.
import assert from "node:assert/strict";
import {describe, it} from "node:test";

import {clock} from "../../static/src/countdown.js";
import {isComplete, isTyped, sittingOut} from "../../static/src/form.js";
import {changed} from "../../static/src/live.js";
import {continuation, newest} from "../../static/src/save.js";
import {aliases, fields, players} from "../../static/src/sentence.js";
import {format} from "../../static/src/words.js";

const NEEDED = ["taker", "contract", "oudlers", "points"];
const POINTS = /^\s*[0-9]+([.,]5)?\s*$/;

describe("the deal form", () => {
  it("asks for a preview only once every choice is given and the points are written", () => {
    const deal = {taker: "Alice", contract: "garde", oudlers: "2", points: "49"};
    assert.equal(isComplete(NEEDED, deal, POINTS), true);
    assert.equal(isComplete(NEEDED, {...deal, oudlers: ""}, POINTS), false);
    assert.equal(isComplete(NEEDED, {...deal, points: "4 9"}, POINTS), false);
    assert.equal(isComplete(NEEDED, {...deal, points: "40,5"}, POINTS), true);
    assert.equal(isComplete([], deal, POINTS), false);  // a form that says nothing
  });
  it("knows what 'everybody passed' would throw away", () => {
    assert.equal(isTyped(NEEDED, {}), false);
    assert.equal(isTyped(NEEDED, {points: "  "}), false);
    assert.equal(isTyped(NEEDED, {contract: "prise"}), true);
  });
  it("hides who sits out: the one chosen, else the dealer, at a table where one does", () => {
    assert.equal(sittingOut(false, {dealer: "Alice"}), null);
    assert.equal(sittingOut(true, {dealer: "Alice", sitting_out: ""}), "Alice");
    assert.equal(sittingOut(true, {dealer: "Alice", sitting_out: "Bob"}), "Bob");
  });
});

describe("Save, when the phone keeps the deal", () => {
  const dealers = ["Alice", "Bob", "Chloé", "David", "Alice"];
  it("goes on after the newest deal kept, with the server's dealer of that number", () => {
    assert.deepEqual(continuation({number: 3}, 3, 3, dealers), {number: 4, dealer: "Bob"});
    assert.deepEqual(continuation({number: 7}, 3, 3, dealers), {number: 8, dealer: null});
  });
  it("stays where it is when the form is already further on", () => {
    assert.equal(continuation({number: 2}, 3, 3, dealers), null);
    assert.equal(continuation(null, 3, 3, dealers), null);
  });
  it("takes the newer of the last deal waiting and the last saved from this phone", () => {
    assert.deepEqual(newest({number: 4}, {number: 6}), {number: 6});
    assert.deepEqual(newest({number: 4}, {number: 2}), {number: 4});
    assert.deepEqual(newest(null, {number: 2}), {number: 2});
    assert.equal(newest(null, undefined), null);
  });
});

describe("a deal said in one sentence", () => {
  const seated = ["Alice", "Bob", "Chloé", "David", "Émile"];
  it("sends the deal's players in seat order, less who sits out", () => {
    assert.deepEqual(players(seated, false, {}), seated);
    assert.deepEqual(players(seated, true, {dealer: "Bob", sitting_out: ""}), ["Alice", "Chloé", "David", "Émile"]);
  });
  it("sends the other names the club knows, only of those playing", () => {
    assert.deepEqual(aliases({Bob: ["Bobby"], Zoé: ["Zo"]}, ["Alice", "Bob"]), {Bob: ["Bobby"]});
    assert.equal(aliases({Bob: []}, ["Bob"]), null);
  });
  it("fills the form's fields from the answer, points in the page's language", () => {
    const deal = {
      taker: "Bob", contract: "garde", partner: null, oudlers: 2, points: 40.5,
      poignees: [{player: "Chloé", size: "double"}], petit_au_bout: "attack",
      chelem: {announced: true, outcome: "made"}, miseres: [{player: "David"}],
    };
    assert.deepEqual(fields(deal, seated, "fr"), [
      ["taker", "Bob"], ["contract", "garde"], ["partner", "-"], ["oudlers", "2"],
      ["points_side", "attack"], ["points", "40,5"], ["poignee_2", "double"],
      ["petit_au_bout", "attack"], ["chelem_announced", "y"], ["chelem_outcome", "made"],
      ["miseres", "David"],
    ]);
    assert.deepEqual(fields({points: 40.5}, seated, "en"), [["points_side", "attack"], ["points", "40.5"]]);
    assert.deepEqual(fields({}, seated, "en"), []);  // what was not said stays as it was
  });
});

describe("the page's words and clocks", () => {
  it("puts the number where the words take it", () => {
    assert.equal(format("%(num)s deals are waiting to be sent.", {num: 3}), "3 deals are waiting to be sent.");
    assert.equal(format("Donne 987654321", {n: 12}), "Donne 12");
  });
  it("reloads a live page only for another version", () => {
    assert.equal(changed({version: 7}, "7"), false);
    assert.equal(changed({version: 8}, "7"), true);
    assert.equal(changed(null, "7"), false);
  });
  it("shows the minutes left of a round, never below zero", () => {
    assert.equal(clock(125_000), "(2:05)");
    assert.equal(clock(-5_000), "(0:00)");
  });
});
