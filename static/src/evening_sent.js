// The evenings this phone started with no network, sent once the server answers: each
// to its new-evening page's JSON door (docs/architecture.md, sheets/offline_evenings.py)
// with its links and its one-time key, oldest first, before any of its deals. The server
// keeps the phone's links, or gives the evening links of its own: its deals waiting in
// the queue then move to them, and from then on they are sent as any other (queue.js).
// Sent twice (an answer lost on the way), the key opens the same evening.

import {csrfToken, formUrl, setField} from "./queue.js";

// What the door answered: "made" with the evening's links, "invalid" with why, or
// "later" (not reached, or an answer that is not the door's: an expired form token).
function post(fetch, evening) {
  const body = new URLSearchParams();
  evening.fields.forEach(([name, value]) => body.append(name, value));
  body.set("once", evening.once);
  body.set("edit_link", evening.edit);
  body.set("view_link", evening.view);
  return fetch(evening.door, {
    method: "POST", body, credentials: "same-origin", cache: "no-store",
    headers: {"Accept": "application/json"},
  }).then((response) => {
    const json = (response.headers.get("Content-Type") || "").startsWith("application/json");
    if (!json) return {kind: response.status === 400 ? "token" : "later"};
    return response.json().then((answer) => {
      if (response.status === 200 && answer.status === "made") return {kind: "made", answer};
      if (response.status === 422) return {kind: "invalid", errors: answer.errors || {}};
      return {kind: "later"};
    });
  }).catch(() => ({kind: "later"}));
}

// A refusal without JSON is an expired form token: a fresh one from the form's page.
function freshToken(fetch, evening) {
  return fetch(evening.page, {credentials: "same-origin", cache: "no-store"})
    .then((r) => (r.ok ? r.text() : ""))
    .then((html) => {
      const token = csrfToken(html);
      if (!token) return false;
      evening.fields = evening.fields.filter((f) => f[0] !== "csrf_token");
      evening.fields.push(["csrf_token", token]);
      return true;
    }).catch(() => false);
}

// The evening's deals waiting on the phone, moved to the links the server gave.
function moveDeals(store, evening, answer) {
  return store.all().then((list) => Promise.all(list
    .filter((entry) => entry.token === evening.edit)
    .map((entry) => {
      entry.token = answer.edit;
      entry.page = formUrl(answer.edit);
      entry.held = false;
      setField(entry, "seating", answer.seating);
      return store.put(entry);
    })));
}

// Send one evening; what became of it ("made", "invalid", "later").
export function sendEvening({store, fetch}, evening) {
  return post(fetch, evening).then((result) => {
    if (result.kind !== "token") return result;
    return freshToken(fetch, evening).then((ok) => (ok ? post(fetch, evening) : {kind: "later"}));
  }).then((result) => {
    if (result.kind === "later") return "later";
    if (result.kind === "invalid") {
      evening.state = "refused";
      evening.errors = result.errors;
      return store.keepEvening(evening).then(() => "invalid");
    }
    const {answer} = result;
    evening.state = "sent";
    evening.sent = {edit: answer.edit, view: answer.view, ledger: answer.ledger, moved: answer.moved};
    // The deals move first: an evening marked sent never leaves a deal held behind it.
    return moveDeals(store, evening, answer).then(() => store.keepEvening(evening)).then(() => "made");
  });
}

// Send every evening still held on the phone, oldest first; stops at the first not
// reached (the network is not back). How many the server has now.
export function sendEvenings(line) {
  return line.store.evenings().then((list) => {
    const held = list.filter((e) => e.state === "held").sort((a, b) => a.time - b.time);
    let made = 0;
    const next = (i) => {
      if (i >= held.length) return made;
      return sendEvening(line, held[i]).then((kind) => {
        if (kind === "later") return made;
        if (kind === "made") made += 1;
        return next(i + 1);
      });
    };
    return next(0);
  });
}
