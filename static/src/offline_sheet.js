// The page of an evening started on the phone with no network (/evenings/offline#<its
// edit link>): its deal form and its ledger, drawn from the phone's store with the
// page's words. Each deal is scored on the phone by the scoring twin (twin.js), marked
// "not yet sent"; a deal the rules refuse is refused here with the server's own message.
// Saved, a deal waits in the phone's queue, held until the server has the evening. As
// soon as the server answers, the evening is sent, then the phone opens its real ledger,
// which sends the deals in order and shows the server's figures.

import {formUrl, newKey} from "./queue.js";
import {dealerOf, playersOf, rulesOf, scoreBody, seatingBasis} from "./offline_evening.js";
import {drawForm, showProblems, summaryOf} from "./offline_form.js";
import {fieldsOf, scoresShown, totalsAfter} from "./phone_scores.js";
import {twinScore} from "./twin.js";
import {format} from "./words.js";

function element(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

// The page for ``evening`` (the phone's record), the queue ``queue`` (queue.js's).
// ``scoring``: the twin's module, loaded.
export function startOfflineSheet({evening, queue, say, data, lang, scoring}) {
  const form = document.getElementById("offline-deal");
  const preview = document.getElementById("preview");
  const rules = rulesOf(evening, scoring);
  const contracts = JSON.parse(data.contracts);
  let number = 1;

  const mine = () => queue.entries().then((list) => list.filter((e) => e.token === evening.edit));

  function header() {
    document.getElementById("evening-name").textContent = evening.name || document.title;
    document.getElementById("evening-seats").textContent = evening.seating.join(", ");
  }

  function newForm() {
    const players = playersOf(evening, number);
    document.getElementById("deal-title").textContent = format(say.deal, {n: number});
    document.getElementById("dealer-name").textContent = dealerOf(evening, number) +
      (players.length < evening.seating.length ? ` · ${say.sitsOut}` : "");
    drawForm(document.getElementById("deal-fields"), {players, seating: evening.seating, rules, contracts, say});
    preview.replaceChildren();
    form.hidden = false;
  }

  // The called cards' holders not chosen: "alone" is said, never assumed (as the server's
  // deal form says it).
  function uncalled(values, players) {
    const chosen = (name) => values.some((f) => f[0] === name && f[1]);
    const errors = {};
    if (players.length >= 5 && !chosen("partner")) {
      errors.partner = [players.length === 6 ? say.missingKing : say.missingPartner];
    }
    if (players.length === 6 && !chosen("second_partner")) errors.second_partner = [say.missingQueen];
    return Object.keys(errors).length ? {status: 422, body: {errors}} : null;
  }

  // The deal as typed, scored by the twin: {status, body}; null while a choice is
  // missing, unless ``saving`` (then the twin says what is missing, as the server would).
  function scored(saving) {
    const values = fieldsOf(form);
    const players = playersOf(evening, number);
    const missing = uncalled(values, players);
    const typed = ["taker", "contract", "oudlers", "points"].every((name) => values.some((f) => f[0] === name && f[1].trim()));
    if (!saving && (missing || !typed)) return Promise.resolve(null);
    return twinScore(scoreBody(values, players, evening.seating, rules), lang).catch(() => null)
      .then((answer) => {
        if (!missing) return answer;
        const others = answer && answer.status === 422 ? answer.body.errors : {};
        return {status: 422, body: {errors: {...others, ...missing.body.errors}}};
      });
  }

  function showPreview(answer) {
    showProblems(form, answer && answer.status !== 200 ? answer.body.errors : null);
    preview.replaceChildren(...(answer && answer.status === 200 ? scoresShown(answer.body.scores, say.notYet) : []));
  }

  let asked = 0;
  function refresh(saving = false) {
    const mineAsked = ++asked;
    return scored(saving).then((answer) => {
      if (mineAsked === asked) showPreview(answer);
      return answer;
    });
  }

  function flash(text, scores) {
    const box = document.getElementById("offline-flash");
    box.querySelector("p").textContent = text;
    box.querySelectorAll("dl, .not-yet").forEach((old) => old.remove());
    if (scores) box.append(...scoresShown(scores, say.notYet));
    box.hidden = false;
  }

  // Kept on the phone as the server's form posts it: the deal as typed (or everybody
  // passed), what it is based on, and the twin's scores.
  function save(answer, passed) {
    const fields = passed ? [] : fieldsOf(form);
    const dealer = dealerOf(evening, number);
    const csrf = evening.fields.find((f) => f[0] === "csrf_token");
    fields.push(["csrf_token", csrf ? csrf[1] : ""], ["once", newKey()], ["number", String(number)],
      ["seating", seatingBasis(evening)], ["rotation", dealer], ["dealer", dealer],
      ["sitting_out", ""], ["points_side", "attack"], passed ? ["passed", "1"] : ["save", "1"]);
    const entry = {
      id: fields.find((f) => f[0] === "once")[1], token: evening.edit, page: formUrl(evening.edit),
      fields, number, dealer, seated: evening.seating, time: Date.now(), state: "waiting",
      summary: passed ? [["", passed]] : summaryOf(form), held: true, scores: answer.body.scores,
    };
    return queue.put(entry).then(() => {
      flash(format(say.kept, {n: number}), answer.body.scores);
      window.scrollTo(0, 0);
    });
  }

  form.addEventListener("change", () => refresh());
  form.addEventListener("input", (event) => { if (event.target.name === "points") refresh(); });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (event.submitter && event.submitter.name === "passed") {
      const nobody = Object.fromEntries(playersOf(evening, number).map((p) => [p, 0]));
      save({body: {scores: nobody}}, event.submitter.textContent.trim()).then(draw);
      return;
    }
    refresh(true).then((answer) => {
      if (!answer || answer.status !== 200) return null;  // said under its field
      return save(answer).then(draw);
    });
  });

  // The ledger: each deal waiting with its scores and the running totals, not yet sent.
  function ledger(list) {
    const players = evening.seating;
    const table = document.getElementById("offline-deals");
    const head = element("tr");
    head.append(element("th", "num", "#"), ...players.map((p) => element("th", "", p)));
    const zero = Object.fromEntries(players.map((p) => [p, 0]));
    const totals = totalsAfter(zero, list.map((e) => e.scores || {}));
    const last = totals[totals.length - 1] || zero;
    const total = element("tr", "total");
    total.append(element("th", "num", say.totals), ...players.map((p) => element("td", last[p] < 0 ? "neg" : "", String(last[p]))));
    table.tHead.replaceChildren(head, total);
    table.tBodies[0].replaceChildren(...list.map((entry, i) => row(entry, totals[i], players)));
    table.caption.textContent = say.notYet;
    document.getElementById("offline-totals").replaceChildren(...scoresShown(last, "")[0].childNodes);
    document.getElementById("offline-ledger").hidden = !list.length;
    document.getElementById("offline-summary").hidden = !list.length;
    document.getElementById("offline-count").textContent = list.length === 1
      ? say.one : format(say.many, {num: list.length});
  }

  function row(entry, totals, players) {
    const tr = element("tr", "not-yet-sent");
    tr.id = "waiting-" + entry.id;
    tr.title = say.notYet;
    tr.append(element("th", "num", String(entry.number)), ...players.map((p) => {
      const score = (entry.scores || {})[p];
      const td = element("td", score < 0 ? "neg" : "", score === undefined ? "·" : String(score));
      td.append(element("span", "run", String(totals[p])));
      return td;
    }));
    return tr;
  }

  function draw() {
    return mine().then((list) => {
      number = list.length ? list[list.length - 1].number + 1 : 1;
      ledger(list);
      newForm();
    });
  }

  header();
  return {draw};
}
