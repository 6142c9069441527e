// Save, with JavaScript: the deal goes into the phone's queue (waiting.js), which sends
// it to the form's JSON door in order after any deal still waiting. Stored: the server's
// answer carries the next deal's form, rendered, and it takes this form's place, without
// loading a page (Save in place). Not acknowledged: the deal stays on the phone, shown on
// the ledger, and this form goes on to the next deal: its number after the waiting one,
// its dealer the next of the rotation's dealers the server wrote on the form
// (data-dealers; this script holds no rule of the rotation). Without JavaScript the form
// posts to its page.

import {scoreOnPhone, scoresShown, tableOf} from "./phone_scores.js";
import {formUrl, newKey} from "./queue.js";
import {format} from "./words.js";

const SUMMARY = ["taker", "contract", "partner", "oudlers"];
export const NEXT_PAGE = "tarot:deal-page";

// Where the form goes on from the last deal this phone knows of (``known``: a deal
// waiting to be sent, or the last saved from a copy of the page), when it is newer than
// the form: the next number and its dealer from the server's list ``dealers``, whose
// first is deal ``base``'s. Null when the form is already further on.
export function continuation(known, shown, base, dealers) {
  if (!known || known.number + 1 <= shown) return null;
  const number = known.number + 1;
  return {number, dealer: dealers[number - base] || null};
}

// The newer of the last deal waiting on this sheet and the last saved from here.
export function newest(waiting, saved) {
  if (!waiting) return saved || null;
  return saved && saved.number > waiting.number ? saved : waiting;
}

function field(form, name) {
  return form.elements.namedItem(name);
}

function choose(form, name, value) {
  const select = field(form, name);
  if (!select || !select.options) return;
  if (Array.from(select.options).some((o) => o.value === value)) select.value = value;
}

function setNumber(form, say, number) {
  field(form, "number").value = String(number);
  form.dataset.number = String(number);
  const title = document.querySelector("#deal-page h1");
  if (title) title.textContent = format(say.deal, {n: number});
}

// What the ledger shows of a waiting deal, in the page's own words.
function summary(form, button) {
  if (button.name === "passed") return [["", button.textContent.trim()]];
  const pairs = [];
  const text = (e) => e.textContent.trim();
  SUMMARY.forEach((name) => {
    const box = document.getElementById(name);
    const input = form.querySelector(`input[name="${name}"]:checked`);
    const label = input && form.querySelector(`label[for="${input.id}"]`);
    if (box && label) pairs.push([text(box.querySelector("legend")), text(label)]);
  });
  const points = field(form, "points");
  const legend = form.querySelector("fieldset.points legend");
  const side = form.querySelector('input[name="points_side"]:checked');
  const sideLabel = side && form.querySelector(`label[for="${side.id}"]`);
  if (points && points.value && legend) {
    pairs.push([text(legend), points.value.trim() + (sideLabel ? ` (${text(sideLabel)})` : "")]);
  }
  return pairs;
}

// A message as the server writes its own (its template on the page).
function flash(text) {
  const template = document.getElementById("flash-template");
  if (!template) return null;
  const box = template.content.firstElementChild.cloneNode(true);
  box.querySelector("p").textContent = text;
  document.querySelectorAll("main > .flash, #deal-page > .flash").forEach((old) => old.remove());
  document.getElementById("queue-banner").after(box);
  return box;
}

// A deal kept on the phone: its scores from the phone's twin, kept with it and said
// with the message that it was kept, as not yet sent (none where the twin cannot be had).
function scoreKept(kept, table, box, say) {
  const asking = table ? scoreOnPhone(kept.fields, table) : Promise.resolve(null);
  return asking.then((answer) => {
    if (!answer || answer.status !== 200) return;
    kept.scores = answer.body.scores;
    if (box && box.isConnected) box.append(...scoresShown(kept.scores, say.notYet || ""));
  });
}

// Stored: the server's next form in this one's place, and the scripts start again.
function inPlace(html, started, saved) {
  const fresh = new DOMParser().parseFromString(html || "", "text/html").getElementById("deal-page");
  const page = document.getElementById("deal-page");
  if (!fresh || !page) return false;
  document.querySelectorAll("main > .flash").forEach((old) => old.remove());
  page.replaceWith(fresh);
  document.dispatchEvent(new Event(NEXT_PAGE));
  if (!saved) return true;  // refused: the form as typed, its first problem in view
  window.scrollTo(0, 0);
  // How long the Save took to show the next form, measured in the page for the tests and
  // make bench (the one thing a script puts on window; no script reads it).
  const ms = performance.now() - started;
  window.tarotTimings.push(ms);
  document.documentElement.dataset.saveMs = ms.toFixed(1);
  return true;
}

// Save through the queue ``line`` (waiting.js's) on the new deal's ``form``.
export function startSave(form, line) {
  if (!form.dataset.save || !field(form, "dealer")) return;  // a correction posts its page
  const {queue, here, say} = line;
  window.tarotTimings = window.tarotTimings || [];
  const seated = JSON.parse(form.dataset.seated);
  const base = Number(form.dataset.number);
  const dealers = JSON.parse(form.dataset.dealers || "[]");
  const dealerOut = form.dataset.dealerOut === "1";
  let busy = false;
  let bypass = false;

  function continueFrom(known) {
    const next = continuation(known, Number(form.dataset.number), base, dealers);
    if (!next) return;
    setNumber(form, say, next.number);
    if (!next.dealer) return;
    choose(form, "dealer", next.dealer);
    field(form, "rotation").value = next.dealer;
    if (dealerOut) choose(form, "sitting_out", "");  // "the dealer": whoever deals sits out
    field(form, "dealer").dispatchEvent(new Event("change", {bubbles: true}));
  }

  function lastKnown() {
    return queue.entries().then((list) => {
      const mine = list.filter((e) => e.token === here);
      const waiting = mine.length ? mine[mine.length - 1] : null;
      return line.copy ? queue.last(here).then((saved) => newest(waiting, saved)) : waiting;
    });
  }

  // After a deal was kept on the phone: this form becomes the next deal's.
  function nextDeal(entry) {
    form.reset();
    field(form, "once").value = newKey();
    continueFrom({number: entry.number, dealer: entry.dealer});
    form.dispatchEvent(new Event("change", {bubbles: true}));
    window.scrollTo(0, 0);
    return flash(say.queued);
  }

  // What the page shows once the queue has sent what waited: the deal's fate (not sent:
  // a deal before it still waits, and it waits after it).
  function outcome(entry, button, started, done) {
    const {kind, entry: kept} = queue.fate(entry.id) || {kind: "later", entry};
    if (kind === "saved") {  // stored: the server's own form for the next deal
      if (inPlace(queue.answered(entry.id), started, true)) return;
      sessionStorage.setItem("tarot-flash", format(
        button.name === "passed" ? say.passed : say.saved, {number: entry.number}));
      window.location.assign(window.location.pathname);
    } else if (kind === "later") {
      kept.fresh = false;  // from now on, one deal of the queue as any other
      const table = tableOf(form);  // read before the form goes on to the next deal
      const box = nextDeal(entry);
      scoreKept(kept, table, box, say).catch(() => {}).then(() => queue.put(kept)).then(done, done);
    } else if (kind === "number_taken" || kind === "gone") {
      window.location.assign(`/e/${entry.token}#waiting-${entry.id}`);
    } else {
      // Refused as it was typed (seating changed, sheet closed, a field wrong): the
      // server's own form says why and keeps the typing, in this one's place.
      const html = queue.answered(entry.id);
      queue.remove(entry.id).then(() => {
        if (inPlace(html, started, false)) return;
        bypass = true;
        form.requestSubmit(button);
      });
    }
  }

  form.addEventListener("submit", (event) => {
    const button = event.submitter;
    if (bypass || !button || (button.name !== "save" && button.name !== "passed")) return;
    event.preventDefault();
    if (busy) return;
    busy = true;
    const started = performance.now();
    const fields = [];
    new FormData(form).forEach((value, name) => {
      if (name !== "preview") fields.push([name, String(value)]);
    });
    fields.push([button.name, button.value]);
    const entry = {
      id: field(form, "once").value, token: here, page: formUrl(here), fields,
      number: Number(form.dataset.number), dealer: field(form, "dealer").value, seated,
      time: Date.now(), state: "waiting", summary: summary(form, button), fresh: true,
    };
    const done = () => { busy = false; };
    queue.put(entry).then(line.send).then(() => outcome(entry, button, started, done)).catch(done);
  });

  const saved = sessionStorage.getItem("tarot-flash");
  if (saved) {
    sessionStorage.removeItem("tarot-flash");
    // The server's own "Deal N saved · Undo" says it already, with its undo.
    if (!document.getElementById("just-saved")) flash(saved);
  }
  field(form, "once").value = newKey();
  lastKnown().then(continueFrom).catch(() => {});
}
