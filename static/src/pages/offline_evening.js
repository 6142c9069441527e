// The page of an evening started on this phone with no network (/evenings/offline#<its
// edit link>): its deal form and ledger from the phone's store (offline_sheet.js), and
// the evening sent as soon as the server answers, then its real ledger opened.

import {sendEvenings} from "../evening_sent.js";
import {renameDeal, renamed, seatingBasis} from "../offline_evening.js";
import {startOfflineSheet} from "../offline_sheet.js";
import {EVERY, createQueue} from "../queue.js";
import {phoneStore, storeWorks} from "../store.js";
import {twin} from "../twin.js";
import {registerWorker} from "../worker.js";

registerWorker();  // no "last copy" note: the page is the phone's own, and says so

const data = document.getElementById("offline-evening").dataset;
const say = JSON.parse(data.words);
const edit = window.location.hash.slice(1);

function note(text, errors) {
  const box = document.getElementById("offline-flash");
  box.querySelector("p").textContent = text;
  box.querySelectorAll(".error").forEach((old) => old.remove());
  Object.values(errors || {}).flat().forEach((m) => {
    const p = document.createElement("p");
    p.className = "error";
    p.textContent = m;
    box.append(p);
  });
  box.hidden = false;
}

// Refused by the server: its names to correct; sent again with its deals renamed.
function fixNames(evening) {
  const form = document.getElementById("offline-fix");
  if (!form.hidden) return;  // shown already: what the person types stays
  const box = document.getElementById("fix-seats");
  box.replaceChildren(...evening.seating.map((name, i) => {
    const div = document.createElement("div");
    div.className = "field";
    const label = document.createElement("label");
    const input = document.createElement("input");
    input.id = `fix-${i}`;
    input.value = name;
    input.maxLength = 40;
    label.htmlFor = input.id;
    label.textContent = say.seats[i];
    div.append(label, input);
    return div;
  }));
  form.hidden = false;
  form.onsubmit = (event) => {
    event.preventDefault();
    const names = evening.seating.map((_, i) => document.getElementById(`fix-${i}`).value.trim());
    const {evening: fixed, map} = renamed(evening, names);
    const basis = seatingBasis(fixed);
    phoneStore.all()
      .then((list) => Promise.all(list.filter((e) => e.token === evening.edit)
        .map((e) => phoneStore.put(renameDeal(e, map, basis)))))
      .then(() => phoneStore.keepEvening(fixed))
      .then(() => window.location.reload());
  };
}

// Sent, or sent before: the evening's own ledger, which sends its deals.
function sendThenOpen() {
  const line = {store: phoneStore, fetch: window.fetch.bind(window)};
  return sendEvenings(line).catch(() => 0).then(() => phoneStore.evening(edit)).then((evening) => {
    if (evening && evening.state === "sent") window.location.replace(evening.sent.ledger);
    else if (evening && evening.state === "refused") {
      note(say.refused, evening.errors);
      fixNames(evening);
    }
  });
}

function start(evening) {
  if (!evening) {
    note(say.unknown);
    return;
  }
  if (evening.state === "sent") {
    window.location.replace(evening.sent.ledger);
    return;
  }
  const queue = createQueue({store: phoneStore, fetch: window.fetch.bind(window)});
  const lang = document.documentElement.lang || "fr";
  twin().then((scoring) => startOfflineSheet({evening, queue, say, data, lang, scoring}).draw());
  window.addEventListener("online", () => {
    note(say.sending);
    sendThenOpen();
  });
  setInterval(sendThenOpen, EVERY);
  sendThenOpen();
}

if (storeWorks()) phoneStore.evening(edit).then(start, () => note(say.unknown));
else note(say.unknown);
