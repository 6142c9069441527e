// The phone's queue (static/src/queue.js) without a browser: a store in memory, a server
// that answers as the JSON door does (docs/deal-api.md). What the browser tests show at a
// table (tests/browser/test_offline.py), here deal by deal: each answer's meaning, the
// order, the renumbering, the resend with a fresh form token.
import assert from "node:assert/strict";
import {describe, it} from "node:test";

import {createQueue, csrfToken, newKey, ordered, saveUrl, verdict} from "../../static/src/queue.js";

function memoryStore() {
  const queue = new Map();
  const saved = new Map();
  const copy = (x) => structuredClone(x);
  return {
    queue, saved,
    all: async () => [...queue.values()].map(copy),
    put: async (entry) => { queue.set(entry.id, copy(entry)); },
    remove: async (id) => { queue.delete(id); },
    last: async (token) => saved.get(token),
    remember: async (token, number, dealer) => { saved.set(token, {token, number, dealer}); },
  };
}

// A server: each POST answered by ``answer(body, url)`` → [status, json or null, html].
function server(answer) {
  const sent = [];
  const fetch = async (url, options = {}) => {
    if ((options.method || "GET") === "GET") {
      sent.push({url, method: "GET"});
      return {ok: true, status: 200, headers: new Map(), text: async () => answer.page || ""};
    }
    const body = new URLSearchParams(options.body);
    sent.push({url, method: "POST", body});
    const [status, json] = answer(body, url);
    if (status === "offline") throw new TypeError("Failed to fetch");
    return {
      ok: status >= 200 && status < 300, status,
      headers: {get: () => (json ? "application/json" : "text/html")},
      json: async () => json,
    };
  };
  return {fetch, sent};
}

function deal(id, number, time, extra = {}) {
  return {id, token: "T0ken", number, dealer: "Alice", time, state: "waiting",
    fields: [["once", id], ["number", String(number)], ["csrf_token", "old"]], ...extra};
}

describe("what an answer says", () => {
  it("a stored deal is saved, a replayed one too", () => {
    assert.deepEqual(verdict(200, {status: "saved", number: 3, dealer: "Bob"}, ""),
      {kind: "saved", number: 3, dealer: "Bob", html: undefined});
    assert.equal(verdict(200, {status: "replayed", number: 3}, "").kind, "saved");
  });
  it("a number taken, a seating changed, a full or closed sheet stop the sheet's queue", () => {
    for (const status of ["number_taken", "seating_changed", "full", "closed"]) {
      const found = verdict(409, {status, message: "why", theirs: "Bob, Garde"}, "");
      assert.equal(found.kind, status);
      assert.equal(found.message, "why");
    }
  });
  it("a deal the server cannot score is invalid, with its messages", () => {
    const found = verdict(422, {status: "invalid", errors: {points: ["Points 0 to 91"], form: ["x"]}}, "");
    assert.deepEqual([found.kind, found.message], ["invalid", "Points 0 to 91 x"]);
  });
  it("a dead link is gone, with the server's words or the page's", () => {
    assert.deepEqual(verdict(410, {status: "gone", message: "Deleted."}, "Gone."), {kind: "gone", message: "Deleted."});
    assert.deepEqual(verdict(410, null, "Gone."), {kind: "gone", message: "Gone."});
  });
  it("a refusal without a reason is refused; a server error or a proxy's page, later", () => {
    assert.equal(verdict(400, null, "").kind, "refused");
    assert.equal(verdict(503, {status: "busy"}, "").kind, "later");
    assert.equal(verdict(502, null, "").kind, "later");
    assert.equal(verdict(409, {status: "something new"}, "").kind, "later");
  });
});

describe("the queue", () => {
  it("posts each deal to its sheet's JSON door, oldest first, and forgets what was stored", async () => {
    const store = memoryStore();
    await store.put(deal("b", 2, 20));
    await store.put(deal("a", 1, 10));
    const {fetch, sent} = server((body) => [200, {status: "saved", number: Number(body.get("number")), dealer: "Alice"}]);
    const queue = createQueue({store, fetch});
    assert.equal(await queue.sendAll(), 2);
    assert.deepEqual(sent.map((s) => [s.url, s.body.get("once")]), [[saveUrl("T0ken"), "a"], [saveUrl("T0ken"), "b"]]);
    assert.equal(store.queue.size, 0);
    assert.deepEqual(store.saved.get("T0ken"), {token: "T0ken", number: 2, dealer: "Alice"});
  });

  it("keeps a deal the server did not acknowledge, and the ones after it wait their turn", async () => {
    const store = memoryStore();
    await store.put(deal("a", 1, 10));
    await store.put(deal("b", 2, 20));
    const {fetch, sent} = server(() => ["offline"]);
    let up = null;
    const queue = createQueue({store, fetch, connection: (state) => { up = state; }});
    assert.equal(await queue.sendAll(), 0);
    assert.equal(sent.length, 1);  // in order: the second waits for the first
    assert.equal(store.queue.size, 2);
    assert.equal(up, false);
  });

  it("moves the deals after one stored under another number along with it", async () => {
    const store = memoryStore();
    await store.put(deal("a", 1, 10, {asNext: true}));
    await store.put(deal("b", 2, 20));
    const {fetch} = server((body) => (body.get("once") === "a"
      ? [200, {status: "saved", number: 2}] : ["offline"]));
    await createQueue({store, fetch}).sendAll();
    const moved = store.queue.get("b");
    assert.equal(moved.number, 3);
    assert.ok(moved.fields.some(([k, v]) => k === "number" && v === "3"));
  });

  it("stops a sheet at a deal that needs the person's choice, and sends it as next once chosen", async () => {
    const store = memoryStore();
    await store.put(deal("a", 1, 10));
    await store.put(deal("b", 2, 20));
    let taken = true;
    const {fetch, sent} = server((body) => {
      if (taken && body.get("once") === "a" && !body.get("as_next")) {
        return [409, {status: "number_taken", number: 1, message: "Taken", theirs: "Bob, Garde", dealer: "Bob"}];
      }
      taken = false;
      return [200, {status: "saved", number: sent.length + 1}];
    });
    const queue = createQueue({store, fetch});
    assert.equal(await queue.sendAll(), 0);
    assert.equal(sent.length, 1);
    const stopped = store.queue.get("a");
    // The card shows the deal as typed: its own dealer, not the next deal's (issue 45).
    assert.deepEqual([stopped.state, stopped.theirs, stopped.dealer], ["number_taken", "Bob, Garde", "Alice"]);
    await queue.choose(stopped, true);
    assert.equal(await queue.sendAll(), 2);
    assert.equal(sent[1].body.get("as_next"), "1");
    // Stored as deal 3, it moved the deal after it: that one goes as deal 4, in the same
    // sending (two phones that both went on offline).
    assert.equal(sent[2].body.get("number"), "4");
  });

  it("a deal dropped moves the ones after it up, unless another phone's took its number", async () => {
    const store = memoryStore();
    await store.put(deal("a", 1, 10, {state: "seating_changed"}));
    await store.put(deal("b", 2, 20));
    const queue = createQueue({store, fetch: async () => { throw new TypeError("offline"); }});
    await queue.choose(await store.queue.get("a"), false);
    assert.equal(store.queue.get("b").number, 1);
  });

  it("takes a fresh form token once when the server refuses without a reason", async () => {
    const store = memoryStore();
    await store.put(deal("a", 1, 10));
    const page = '<form><input id="csrf_token" name="csrf_token" type="hidden" value="fresh"></form>';
    const answer = (body) => (body.get("csrf_token") === "fresh"
      ? [200, {status: "saved", number: 1}] : [400, null]);
    answer.page = page;
    const {fetch, sent} = server(answer);
    assert.equal(await createQueue({store, fetch}).sendAll(), 1);
    assert.deepEqual(sent.map((s) => s.method), ["POST", "GET", "POST"]);
    assert.equal(sent[1].url, "/e/T0ken/deals/new");
  });

  it("a deal just typed and refused goes back to its form, with the server's next form kept", async () => {
    const store = memoryStore();
    const fresh = deal("a", 1, 10, {fresh: true});
    await store.put(fresh);
    const {fetch, sent} = server(() => [422, {status: "invalid", errors: {points: ["No"]}, html: "<div id=deal-page>"}]);
    const queue = createQueue({store, fetch});
    assert.equal(await queue.send(fresh), "invalid");
    assert.equal(sent[0].body.get("page"), "1");  // the page waits for its next form
    assert.equal(queue.answered("a"), "<div id=deal-page>");
    assert.equal(queue.answered("a"), undefined);  // once
    assert.equal(store.queue.get("a").state, "invalid");
    assert.equal(queue.fate("a").kind, "invalid");  // what the page that saved is told
    assert.equal(queue.fate("a"), null);  // once
  });

  it("tells the page what became of each deal sent, and nothing of one not sent", async () => {
    const store = memoryStore();
    await store.put(deal("a", 1, 10));
    await store.put(deal("b", 2, 20, {fresh: true}));
    const {fetch} = server(() => ["offline"]);
    const queue = createQueue({store, fetch});
    await queue.sendAll();
    assert.equal(queue.fate("a").kind, "later");
    assert.equal(queue.fate("b"), null);  // it waits behind deal 1: not sent
  });
});

describe("the queue's pieces", () => {
  it("orders by the time entered, then the number", () => {
    const list = [{time: 2, number: 1}, {time: 1, number: 5}, {time: 1, number: 4}];
    assert.deepEqual(ordered(list).map((e) => e.number), [4, 5, 1]);
  });
  it("reads a form's CSRF token from its page, or nothing", () => {
    assert.equal(csrfToken('<input id="csrf_token" name="csrf_token" type="hidden" value="abc">'), "abc");
    assert.equal(csrfToken("<p>no form</p>"), null);
  });
  it("makes keys of 32 hex digits, each its own", () => {
    const key = newKey();
    assert.match(key, /^[0-9a-f]{32}$/);
    assert.notEqual(newKey(), key);
    assert.equal(newKey((bytes) => bytes.fill(10)), "0a".repeat(16));
  });
});
