// Deals kept on the phone until the server has them. A Save that does not reach the
// server (no network, a timeout, a server down or failing) waits in the phone's store
// and is sent again, oldest first and one at a time: at start, when the connection
// returns, when the page comes back in sight, and every 20 seconds. A deal leaves the
// queue only when the server says it stored it; the key made on the phone for it goes
// with every resend, so the server stores it once however many times it arrives.
// Each deal goes to its sheet's JSON door (docs/deal-api.md), named from the sheet's
// link the deal was entered on. A deal whose link stopped working (410: replaced, or its
// evening deleted) is never sent again: it is shown as refused, with why, to copy by
// hand or drop. Nothing here touches the page: waiting.js shows the queue.

export const TIMEOUT = 8000;
export const EVERY = 20000;
const STOPPED = ["number_taken", "seating_changed", "full", "closed", "invalid"];

// The sheet's doors: the JSON door the queue posts to, and the page with the form.
export const saveUrl = (token) => `/e/${token}/deals/new.json`;
export const formUrl = (token) => `/e/${token}/deals/new`;

// The deals waiting, in the order they were entered.
export function ordered(list) {
  return list.slice().sort((a, b) => a.time - b.time || a.number - b.number);
}

// A deal's field set to ``value`` (the form's fields, as the form sent them).
export function setField(entry, name, value) {
  entry.fields = entry.fields.filter((f) => f[0] !== name);
  entry.fields.push([name, String(value)]);
}

// What the server's answer (its HTTP status and its JSON, or null) says of one deal:
// "saved", "later" (not acknowledged: send again), "refused" (no reason given: most
// likely an expired form), or why it stopped.
export function verdict(status, answer, gone) {
  if (!answer) return bare(status, gone);
  if (status === 410) return {kind: "gone", message: answer.message || gone};
  if (status === 409) return refusal(answer);
  if (status === 422) return {kind: "invalid", message: errorText(answer.errors), html: answer.html};
  return stored(status, answer);
}

// An answer without JSON: a dead link's page, a refusal without a reason (4xx), or an
// answer that is not ours (5xx, a proxy's 502 or 503): sent again later.
function bare(status, gone) {
  if (status === 410) return {kind: "gone", message: gone};
  return status >= 400 && status < 500 ? {kind: "refused"} : {kind: "later"};
}

function refusal(answer) {
  if (!STOPPED.includes(answer.status)) return {kind: "later"};
  return {kind: answer.status, message: answer.message || "", theirs: answer.theirs || "",
    number: answer.number, html: answer.html, dealer: answer.dealer};
}

function stored(status, answer) {
  const ok = status >= 200 && status < 300 && ["saved", "replayed"].includes(answer.status);
  if (!ok) return {kind: "later"};
  return {kind: "saved", number: answer.number, dealer: answer.dealer, html: answer.html};
}

function errorText(errors) {
  const found = errors || {};
  return Object.keys(found).flatMap((k) => found[k]).join(" ");
}

// The CSRF token of a page's form, read from its HTML.
export function csrfToken(html) {
  const input = /<input\b[^>]*\bname="csrf_token"[^>]*>/.exec(html || "");
  const value = input && /\bvalue="([^"]*)"/.exec(input[0]);
  return value ? value[1] : null;
}

// A key made on the phone, the same for every resend of a deal: the server stores a key
// once. (crypto.randomUUID needs HTTPS; a phone on the club's wifi may not have it.)
export function newKey(random = (bytes) => crypto.getRandomValues(bytes)) {
  const bytes = random(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

// The queue over a store (store.js's, or one in memory): ``fetch`` sends, ``connection``
// hears whether the server answered, ``gone`` is the words for a dead link.
export function createQueue({store, fetch, connection = () => {}, gone = ""}) {
  const answers = {};  // the next form the server rendered for a deal saved from this page
  const fates = {};  // what became of each deal sent from this page: its kind, as kept

  const entries = () => store.all().then(ordered);

  // One POST of a deal; what the server answered.
  function post(entry) {
    const body = new URLSearchParams();
    entry.fields.forEach((f) => body.append(f[0], f[1]));
    if (entry.asNext) body.set("as_next", "1");
    if (entry.fresh) body.set("page", "1");  // the page waits: the next form with the answer
    const stop = new AbortController();
    const timer = setTimeout(() => stop.abort(), TIMEOUT);
    return fetch(saveUrl(entry.token), {
      method: "POST", body, credentials: "same-origin", cache: "no-store",
      headers: {"Accept": "application/json"}, signal: stop.signal,
    }).then((response) => {
      connection(true);
      const json = (response.headers.get("Content-Type") || "").startsWith("application/json");
      return (json ? response.json() : Promise.resolve(null)).catch(() => null)
        .then((answer) => verdict(response.status, answer, gone));
    }).catch(() => {
      connection(false);
      return {kind: "later"};  // offline, timed out, cut: not acknowledged
    }).finally(() => clearTimeout(timer));
  }

  // A refusal without a reason is most likely an expired form (its CSRF token): take a
  // fresh token from the deal form, once, and send again.
  function freshToken(entry) {
    return fetch(formUrl(entry.token), {credentials: "same-origin", cache: "no-store"})
      .then((r) => (r.ok ? r.text() : ""))
      .then((html) => {
        const token = csrfToken(html);
        if (!token) return false;
        setField(entry, "csrf_token", token);
        return store.put(entry).then(() => true);
      }).catch(() => false);
  }

  // Send one deal and keep what the server said; "saved", "later", or why it stopped.
  // A deal just typed (``entry.fresh``) and refused goes back to its form instead.
  function send(entry, retried = false) {
    return post(entry).then((result) => {
      if (result.kind !== "refused" || entry.fresh) return settle(entry, result);
      if (retried) return settle(entry, {kind: "later"});
      return freshToken(entry).then((ok) => (ok ? send(entry, true) : settle(entry, {kind: "later"})));
    }).then((kind) => {
      fates[entry.id] = {kind, entry};
      return kind;
    });
  }

  function settle(entry, result) {
    if (result.html) answers[entry.id] = result.html;
    if (result.kind === "saved") return acknowledged(entry, result);
    if (result.kind === "later" && !entry.fresh) return Promise.resolve("later");
    entry.fresh = false;
    if (result.kind === "later") return store.put(entry).then(() => "later");
    entry.state = result.kind;
    entry.message = result.message || "";
    entry.theirs = result.theirs || "";
    // The card keeps the deal as typed, its number and its dealer (not the dealer of the
    // deal it would be next: "save mine as the next deal" is answered with that one).
    return store.put(entry).then(() => result.kind);
  }

  // Stored: out of the queue, and the sheet's last deal known (the two written side by
  // side); the deals after it follow its number.
  function acknowledged(entry, result) {
    const number = Number(result.number) || entry.number;
    const dealer = result.dealer || entry.dealer;
    return Promise.all([store.remove(entry.id), store.remember(entry.token, number, dealer)])
      .then(() => shift(entry, number - entry.number))
      .then(() => "saved");
  }

  // The deals entered after ``entry`` on its sheet were numbered after it: they move
  // with it when it is stored under another number, or dropped.
  function shift(entry, by) {
    if (!by) return Promise.resolve();
    return entries().then((list) => Promise.all(list
      .filter((e) => e.token === entry.token && e.time > entry.time)
      .map((e) => {
        e.number += by;
        setField(e, "number", e.number);
        return store.put(e);
      })));
  }

  // Send what waits, in order; a sheet whose deal needs the person's choice waits for
  // it. How many were stored. The store is read again before each deal: a deal stored
  // under another number has moved those after it (shift).
  function sendAll() {
    const stopped = {};
    const tried = new Set();
    let saved = 0;
    const ready = (entry) => {
      if (tried.has(entry.id) || stopped[entry.token]) return false;
      // A deal of an evening the server does not have yet waits for it (evening_sent.js).
      if (entry.state !== "waiting" || entry.held) stopped[entry.token] = true;
      return !stopped[entry.token];
    };
    const next = () => entries().then((list) => {
      const entry = list.find(ready);
      if (!entry) return saved;
      tried.add(entry.id);
      return send(entry).then((outcome) => {
        if (outcome === "later") return saved;  // not reached: try again later, in order
        if (outcome === "saved") saved += 1; else stopped[entry.token] = true;
        return next();
      });
    });
    return next();
  }

  // The person's choice for a deal the server could not store as it was entered: send
  // it as the next deal, or drop it (the deals after it move up one, unless another
  // phone's deal took its place).
  function choose(entry, asNext) {
    if (asNext) {
      entry.state = "waiting";
      entry.asNext = true;
      entry.message = entry.theirs = "";
      return store.put(entry);
    }
    return store.remove(entry.id).then(() => (entry.state === "number_taken" ? null : shift(entry, -1)));
  }

  // The next form the server rendered for a deal saved from this page, once.
  function answered(id) {
    const html = answers[id];
    delete answers[id];
    return html;
  }

  // What became of deal ``id`` the last time it was sent from this page ("saved",
  // "later", or why it stopped) and the deal as kept, once; null if it was not sent.
  function fate(id) {
    const found = fates[id] || null;
    delete fates[id];
    return found;
  }

  return {entries, send, settle, shift, sendAll, choose, answered, fate,
    put: store.put, remove: store.remove, last: store.last};
}
