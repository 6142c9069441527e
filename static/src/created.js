// A creation form (a new evening) with JavaScript: it is sent in the background, and what
// it made replaces the form in the phone's history. Back from the new evening then goes
// where the person was before the form (never to the form again, blank, from which a
// table might start a second evening, nor, offline, to a page the phone never kept).
// Without JavaScript the form posts as always. When the server cannot be reached, a new
// evening's form (data-offline) starts the evening on the phone: it is kept there with
// links the phone makes, its deals entered on the page data-offline names, and sent
// when the network returns (evening_sent.js).

import {newKey} from "./queue.js";
import {eveningOf, newLink} from "./offline_evening.js";
import {phoneStore, storeWorks} from "./store.js";
import {twin} from "./twin.js";

function today() {
  const now = new Date();
  const two = (n) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

// The evening kept on the phone; false when it cannot be (no store, seats that do not
// fit the table: the server will say why once it answers).
function keepOffline(form, data) {
  if (!form.dataset.offline || !storeWorks()) return Promise.resolve(false);
  const day = form.elements.namedItem("day");
  if (day && day.value === day.defaultValue) data.set("day", today());  // a page kept days ago
  const fields = [];
  data.forEach((value, name) => fields.push([name, String(value)]));
  const path = window.location.pathname;
  const made = {
    edit: newLink(), view: newLink(), once: newKey(), door: path + ".json", page: path,
    time: Date.now(),
  };
  return twin().then((scoring) => {
    const evening = eveningOf(fields, made, scoring.TABLE_MODES);
    if (!evening) return said(form);
    return phoneStore.keepEvening(evening).then(() => {
      window.location.assign(`${form.dataset.offline}#${evening.edit}`);
      return true;
    });
  }).catch(() => false);
}

// Seats that do not fit the table, said at the top of the form with what was typed kept
// (the server says which, once it answers).
function said(form) {
  if (!form.dataset.offlineWrong) return false;
  let box = form.querySelector(".offline-wrong");
  if (!box) {
    box = document.createElement("div");
    box.className = "error box offline-wrong";
    box.setAttribute("role", "alert");
    box.append(document.createElement("p"));
    form.prepend(box);
  }
  box.firstChild.textContent = form.dataset.offlineWrong;
  box.scrollIntoView({block: "center"});
  return true;
}

export function startCreation() {
  const form = document.querySelector("form[data-replace]");
  if (!form || !window.fetch) return;
  let sent = false;
  form.addEventListener("submit", (event) => {
    if (sent) return;
    event.preventDefault();
    const data = new FormData(form);
    if (event.submitter && event.submitter.name) data.set(event.submitter.name, event.submitter.value);
    const again = () => {
      sent = true;  // the server has something to say about the form: its own page
      form.requestSubmit(event.submitter || undefined);
    };
    fetch(form.action || window.location.href, {method: "POST", body: data, credentials: "same-origin"})
      .then((response) => {
        const made = new URL(response.url).pathname !== window.location.pathname;
        if (response.ok && response.redirected && made) window.location.replace(response.url);
        else again();
      }).catch(() => keepOffline(form, data).then((kept) => kept || again()));
  });
}
