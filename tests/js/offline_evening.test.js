// An evening started with no network (static/src/offline_evening.js, evening_sent.js)
// without a browser: its links, its seating and dealers, a deal's scoring body, and the
// evening sent before its deals, which move to the links the server gave.
import assert from "node:assert/strict";
import {describe, it} from "node:test";

import {sendEvenings} from "../../static/src/evening_sent.js";
import {dealerOf, eveningOf, newLink, playersOf, renameDeal, renamed, rulesOf, scoreBody, seatingBasis} from "../../static/src/offline_evening.js";
import {createQueue} from "../../static/src/queue.js";
import {ruleSet, rulesJson} from "../../static/src/scoring/rules.js";
import {TABLE_MODES} from "../../static/src/scoring/table.js";

const FORM = [["csrf_token", "tok"], ["seat_1", " Ann "], ["seat_2", "Bob"], ["seat_3", "Cat"],
  ["seat_4", "Dan"], ["seat_5", "Eve"], ["table_mode", "five_dealer_out"], ["first_dealer", "2"],
  ["variants", "misere_10"], ["variants", "no_prise"], ["day", "2026-11-27"]];
const MADE = {edit: "E".repeat(24), view: "V".repeat(24), once: "k".repeat(32), door: "/evenings/new.json",
  page: "/evenings/new", time: 1};

describe("an evening made on the phone", () => {
  it("has links as the server makes them: 24 URL-safe characters, never a leading dash", () => {
    let calls = 0;
    const dashFirst = (bytes) => {
      calls += 1;
      bytes.fill(calls === 1 ? 0xf8 : 0x00);  // 0xf8…: "-" first; then "AAAA…"
      return bytes;
    };
    const link = newLink(dashFirst);
    assert.equal(calls, 2);
    assert.match(link, /^[A-Za-z0-9_][A-Za-z0-9_-]{23}$/);
    assert.match(newLink(), /^[A-Za-z0-9_][A-Za-z0-9_-]{23}$/);
  });
  it("reads its seats, mode, first dealer and variants from the form", () => {
    const evening = eveningOf(FORM, MADE, TABLE_MODES);
    assert.deepEqual(evening.seating, ["Ann", "Bob", "Cat", "Dan", "Eve"]);
    assert.deepEqual([evening.mode, evening.dealerOut, evening.first, evening.variants, evening.state],
      ["five_dealer_out", true, "Bob", ["misere_10", "no_prise"], "held"]);
  });
  it("is not made when the seats do not fit the table, or one name is seated twice", () => {
    assert.equal(eveningOf(FORM.filter((f) => f[0] !== "seat_5"), MADE, TABLE_MODES), null);
    assert.equal(eveningOf([...FORM.filter((f) => f[0] !== "seat_5"), ["seat_5", "ann"]], MADE, TABLE_MODES), null);
    assert.equal(eveningOf([...FORM, ["first_dealer", "6"]].filter((f, i, all) => f[0] !== "first_dealer" || i === all.length - 1), MADE, TABLE_MODES), null);
  });
  it("deals in turn from the first dealer, who sits out at a table of five seated", () => {
    const evening = eveningOf(FORM, MADE, TABLE_MODES);
    assert.deepEqual([1, 2, 4, 5].map((n) => dealerOf(evening, n)), ["Bob", "Cat", "Eve", "Ann"]);
    assert.deepEqual(playersOf(evening, 1), ["Ann", "Cat", "Dan", "Eve"]);
  });
  it("plays the FFT rules with its variants, as the twin's rule set reads them", () => {
    const rules = rulesOf(eveningOf(FORM, MADE, TABLE_MODES), {ruleSet, rulesJson});
    assert.equal(rules.misere, 10);
    assert.deepEqual(rules.contracts, ["garde", "garde_sans", "garde_contre"]);
  });
});

describe("a deal's scoring body", () => {
  const seating = ["Ann", "Bob", "Cat", "Dan", "Eve"];
  it("is the scoring API's request for the deal form's fields", () => {
    const fields = [["taker", "Ann"], ["contract", "garde"], ["partner", "-"], ["oudlers", "2"],
      ["points", "40,5"], ["poignee_0", "simple"], ["poignee_1", ""], ["petit_au_bout", "defense"],
      ["chelem_outcome", "none"], ["miseres", "Cat"]];
    assert.deepEqual(scoreBody(fields, seating, seating, {}), {
      players: seating, taker: "Ann", contract: "garde", oudlers: 2, points: 40.5, rules: {},
      poignees: [{player: "Ann", size: "simple"}], petit_au_bout: "defense",
      chelem: {announced: false, outcome: "none"}, miseres: [{player: "Cat"}], partner: null,
    });
  });
  it("counts the defence's points as the attack's 91 less them; keeps a typo for the twin to refuse", () => {
    const fields = [["taker", "Ann"], ["contract", "prise"], ["oudlers", "1"], ["points_side", "defense"]];
    assert.equal(scoreBody([...fields, ["points", "40"]], seating.slice(0, 4), seating, {}).points, 51);
    assert.equal(scoreBody([...fields, ["points", "4o"]], seating.slice(0, 4), seating, {}).points, "4o");
  });
});

function memoryStore(evenings, entries) {
  const queue = new Map(entries.map((e) => [e.id, e]));
  const kept = new Map(evenings.map((e) => [e.edit, e]));
  return {
    queue, kept,
    all: async () => [...queue.values()].map((x) => structuredClone(x)),
    put: async (entry) => { queue.set(entry.id, structuredClone(entry)); },
    remove: async (id) => { queue.delete(id); },
    last: async () => undefined,
    remember: async () => {},
    evenings: async () => [...kept.values()].map((x) => structuredClone(x)),
    keepEvening: async (evening) => { kept.set(evening.edit, structuredClone(evening)); },
  };
}

function answer(status, json) {
  return {ok: status === 200, status, headers: {get: () => (json ? "application/json" : "text/html")},
    json: async () => json, text: async () => '<input name="csrf_token" value="fresh">'};
}

describe("an evening sent when the network returns", () => {
  const held = () => ({...eveningOf(FORM, MADE, TABLE_MODES)});
  const deal = (id, number) => ({id, token: MADE.edit, number, time: number, state: "waiting", held: true,
    dealer: "Bob", fields: [["once", id], ["number", String(number)], ["seating", "old"]]});

  it("goes before its deals, which then follow it to the links the server gave", async () => {
    const store = memoryStore([held()], [deal("d1", 1), deal("d2", 2)]);
    const sent = [];
    const fetch = async (url, options) => {
      const body = new URLSearchParams(options.body);
      sent.push([url, body.get("once") || body.get("number"), body.get("seating")]);
      if (url === "/evenings/new.json") {
        assert.deepEqual([body.get("edit_link"), body.get("view_link")], [MADE.edit, MADE.view]);
        return answer(200, {status: "made", edit: "N".repeat(24), view: "W".repeat(24), moved: true,
          seating: '["five_dealer_out"]', ledger: "/e/NNN"});
      }
      return answer(200, {status: "saved", number: Number(body.get("number")), dealer: "Bob"});
    };
    const queue = createQueue({store, fetch});
    assert.equal(await queue.sendAll(), 0);  // held: nothing sent before the evening
    assert.equal(sent.length, 0);
    assert.equal(await sendEvenings({store, fetch}), 1);
    assert.equal(await queue.sendAll(), 2);
    assert.deepEqual(sent, [
      ["/evenings/new.json", MADE.once, null],
      [`/e/${"N".repeat(24)}/deals/new.json`, "d1", '["five_dealer_out"]'],
      [`/e/${"N".repeat(24)}/deals/new.json`, "d2", '["five_dealer_out"]'],
    ]);
    assert.equal(store.kept.get(MADE.edit).state, "sent");
    assert.equal(store.kept.get(MADE.edit).sent.ledger, "/e/NNN");
  });

  it("waits while the server cannot be reached, and takes a fresh form token once", async () => {
    const store = memoryStore([held()], []);
    let calls = 0;
    const offline = async () => { throw new TypeError("Failed to fetch"); };
    assert.equal(await sendEvenings({store, fetch: offline}), 0);
    assert.equal(store.kept.get(MADE.edit).state, "held");
    const expired = async (url, options = {}) => {
      calls += 1;
      if (!options.method) return answer(200, null);  // the form's page, with a fresh token
      const body = new URLSearchParams(options.body);
      if (body.get("csrf_token") !== "fresh") return answer(400, null);
      return answer(200, {status: "made", edit: MADE.edit, view: MADE.view, moved: false, seating: "s", ledger: "/e/E"});
    };
    assert.equal(await sendEvenings({store, fetch: expired}), 1);
    assert.equal(calls, 3);
  });

  it("refused, keeps the server's reasons and holds its deals", async () => {
    const store = memoryStore([held()], [deal("d1", 1)]);
    const fetch = async () => answer(422, {status: "invalid", errors: {seat_1: ["Bob is one player"]}});
    assert.equal(await sendEvenings({store, fetch}), 0);
    assert.deepEqual(store.kept.get(MADE.edit).errors, {seat_1: ["Bob is one player"]});
    assert.equal(store.queue.get("d1").held, true);
  });
});

describe("an evening the server refused, its names corrected", () => {
  it("renames its seats, its first dealer and every player of its deals", () => {
    const evening = {...eveningOf(FORM, MADE, TABLE_MODES), state: "refused", errors: {seat_1: ["x"]}};
    const {evening: fixed, map} = renamed(evening, ["Ann", "Bob", "Catherine", "Dan", "Eve"]);
    assert.deepEqual(fixed.seating, ["Ann", "Bob", "Catherine", "Dan", "Eve"]);
    assert.deepEqual([fixed.state, fixed.errors, fixed.first], ["held", undefined, "Bob"]);
    assert.deepEqual(fixed.fields.filter((f) => f[0] === "seat_3"), [["seat_3", "Catherine"]]);
    const entry = {dealer: "Cat", seated: evening.seating, summary: [["Taker:", "Cat"]], scores: {Cat: 60, Ann: -20},
      fields: [["taker", "Cat"], ["miseres", "Cat"], ["points", "Cat"], ["seating", "old"]]};
    const moved = renameDeal(entry, map, seatingBasis(fixed));
    assert.deepEqual(moved.fields, [["taker", "Catherine"], ["miseres", "Catherine"], ["points", "Cat"],
      ["seating", '["five_dealer_out","Ann","Bob","Catherine","Dan","Eve"]']]);
    assert.deepEqual([moved.dealer, moved.summary, moved.scores], ["Catherine", [["Taker:", "Catherine"]], {Catherine: 60, Ann: -20}]);
  });
});
