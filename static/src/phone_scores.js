// A deal's scores worked out on the phone while the server cannot be reached, by the
// scoring twin (twin.js), from the deal form's fields as the form posts them: shown as
// "not yet sent" on the preview, the saved-deal message and the ledger's waiting deals,
// until the server's own figures replace them. The server scores again what it stores.

import {scoreBody} from "./offline_evening.js";
import {twinScore} from "./twin.js";

// Who plays a deal of ``seated``: everyone, but who sits out (the one chosen, else the
// dealer) where the dealer sits out (``dealerOut``).
export function playing(seated, dealerOut, fields) {
  if (!dealerOut) return seated.slice();
  const get = (name) => (fields.find((f) => f[0] === name) || [name, ""])[1];
  const out = get("sitting_out") || get("dealer");
  return seated.filter((name) => name !== out);
}

// What POST /api/v1/score would answer for the deal in ``fields`` ({status, body}); every
// player 0 for a deal everybody passed; null when the twin cannot be had.
export function scoreOnPhone(fields, {seated, dealerOut, rules, lang}) {
  const players = playing(seated, dealerOut, fields);
  if (fields.some((f) => f[0] === "passed")) {
    return Promise.resolve({status: 200, body: {scores: Object.fromEntries(players.map((p) => [p, 0]))}});
  }
  return twinScore(scoreBody(fields, players, seated, rules), lang).catch(() => null);
}

// The totals after each of ``list`` (deals' scores, in order) from the totals ``from``.
export function totalsAfter(from, list) {
  const totals = {...from};
  return list.map((scores) => {
    Object.entries(scores || {}).forEach(([p, s]) => { totals[p] = (totals[p] || 0) + s; });
    return {...totals};
  });
}

const AT = {players: "taker", chelem: "chelem_outcome"};

// The scoring's problems (its errors by field) as the server's preview writes them: each
// marked with the id of the field it is shown at (none: the form's own).
export function problemsBox(errors, doc = document) {
  const box = doc.createElement("div");
  Object.entries(errors || {}).forEach(([field, messages]) => {
    const id = AT[field] || field;
    messages.forEach((message) => {
      const p = doc.createElement("p");
      p.className = "error";
      if (doc.getElementById(id)) p.dataset.for = id;
      p.textContent = message;
      box.append(p);
    });
  });
  return box;
}

// Scores by player, as the server's preview lists them, marked ``mark`` ("not yet sent");
// with ``after``, each player's running total after them beneath.
export function scoresShown(scores, mark, doc = document, after = null) {
  const dl = doc.createElement("dl");
  dl.className = "totals";
  Object.entries(scores).forEach(([name, s]) => {
    const div = doc.createElement("div");
    const dt = doc.createElement("dt");
    const dd = doc.createElement("dd");
    dt.textContent = name;
    dd.textContent = String(s);
    if (s < 0) dd.className = "neg";
    div.append(dt, dd);
    if (after && name in after) {
      const total = doc.createElement("small");
      total.className = after[name] < 0 ? "after neg" : "after";
      total.textContent = `Σ ${after[name]}`;
      dd.append(total);
    }
    dl.append(div);
  });
  const note = doc.createElement("p");
  note.className = "not-yet muted";
  note.textContent = mark;
  return [dl, note];
}

// The deal form's fields as [name, value] pairs, as it posts them.
export function fieldsOf(form) {
  const fields = [];
  new FormData(form).forEach((value, name) => fields.push([name, String(value)]));
  return fields;
}

// What the twin needs of the deal form's page: its seating, who sits out, its rules.
export function tableOf(form, doc = document) {
  if (!form.dataset.rules || !form.dataset.seated) return null;
  return {
    seated: JSON.parse(form.dataset.seated), dealerOut: form.dataset.dealerOut === "1",
    rules: JSON.parse(form.dataset.rules), lang: doc.documentElement.lang || "fr",
  };
}
