// The queue on a page that queues (the deal form, the evening's ledger): the banner that
// counts this sheet's waiting deals, the ledger's list of them with the person's choices,
// and when they are sent: at start, when the connection returns, when the page comes
// back in sight, every 20 seconds, and on "Send now".

import {isCopy, showConnection} from "./connection.js";
import {sendEvenings} from "./evening_sent.js";
import {scoresShown, totalsAfter} from "./phone_scores.js";
import {EVERY, createQueue} from "./queue.js";
import {phoneStore, storeWorks} from "./store.js";
import {format, wordsOf} from "./words.js";

function element(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text) e.textContent = text;
  return e;
}

// The sheet of this page (/e/<link>…), or null.
export function sheetOf(path) {
  const sheet = /^\/e\/([^/]+)/.exec(path);
  return sheet ? sheet[1] : null;
}

// Starts the queue of this page; what the deal form's Save needs of it, or null where
// the phone cannot keep deals.
export function startQueue() {
  const say = wordsOf("offline");
  const banner = document.getElementById("queue-banner");
  if (!banner || !storeWorks()) return null;
  const here = sheetOf(window.location.pathname);
  const ledger = document.getElementById("waiting");
  const queue = createQueue({
    store: phoneStore, fetch: (url, options) => window.fetch(url, options),
    connection: (up) => showConnection(up), gone: say.gone,
  });

  function render() {
    return queue.entries().then((list) => {
      const mine = here ? list.filter((e) => e.token === here) : list;
      const choices = mine.filter((e) => e.state !== "waiting");
      banner.hidden = !mine.length;
      document.getElementById("queue-count").textContent = count(mine.length);
      const link = document.getElementById("queue-choice");
      link.hidden = !choices.length || !!ledger;
      if (choices.length) { // a sentence of its own after the count: "It needs your choice."
        link.textContent = mine.length === 1 ? say.chooseIt
          : choices.length === 1 ? say.chooseOne : format(say.chooseMany, {num: choices.length});
        link.href = `/e/${choices[0].token}#waiting`;
      }
      if (ledger) listed(mine);
      return mine;
    }).catch(() => []);
  }

  // "Offline: 3 deals not yet sent." while the phone has no network, else how many wait.
  function count(n) {
    if (!navigator.onLine && say.offlineMany) return n === 1 ? say.offlineOne : format(say.offlineMany, {num: n});
    return n === 1 ? say.one : format(say.many, {num: n});
  }

  // The ledger's totals with the waiting deals' scores from the phone's twin added.
  function totalsWithWaiting(mine) {
    const box = document.getElementById("waiting-totals");
    const scored = mine.filter((e) => e.scores);
    if (box) box.hidden = !scored.length || !ledger.dataset.totals;
    if (!box || box.hidden) return;
    const after = totalsAfter(JSON.parse(ledger.dataset.totals), scored.map((e) => e.scores));
    box.replaceChildren(box.firstElementChild, ...scoresShown(after[after.length - 1], say.notYet));
  }

  function listed(mine) {
    const ol = ledger.querySelector("ol");
    const from = ledger.dataset.totals ? JSON.parse(ledger.dataset.totals) : null;
    const after = from ? totalsAfter(from, mine.map((e) => e.scores || {})) : [];
    ol.replaceChildren(...mine.map((entry, i) => item(entry, after[i])));
    ledger.hidden = !mine.length;
    totalsWithWaiting(mine);
    // The dealer after the newest waiting deal: the server's rotation, as the ledger
    // lists its dealers ahead (this script holds no rule of the rotation).
    const next = document.getElementById("next-dealer");
    const newest = mine[mine.length - 1];
    const dealers = ledger.dataset.dealers ? JSON.parse(ledger.dataset.dealers) : [];
    const ahead = newest && dealers[newest.number + 1 - Number(ledger.dataset.number)];
    if (next && ahead) next.textContent = ahead;
  }

  // A waiting deal: what it holds, its scores from the twin with the running totals after
  // it (``after``), and the person's choices where it needs one.
  function item(entry, after) {
    const li = element("li", "waiting-deal" + (entry.state === "waiting" ? "" : " attention"));
    li.id = "waiting-" + entry.id;
    const head = element("p", "waiting-head");
    head.append(element("strong", "", format(say.deal, {n: entry.number})), " ",
      element("span", "waiting-state", entry.state === "waiting" ? say.waiting : say.attention));
    li.append(head, fields(entry));
    if (entry.scores) li.append(...scoresShown(entry.scores, say.notYet, document, after));
    if (entry.state === "waiting") return li;
    if (entry.message) li.append(element("p", "error", entry.message));
    if (entry.theirs && !entry.message.includes(entry.theirs)) {  // unless already said
      const theirs = element("p", "theirs");
      theirs.append(element("span", "", say.theirs + " "), element("strong", "", entry.theirs));
      li.append(theirs);
    }
    li.append(actions(entry));
    return li;
  }

  function fields(entry) {
    const dl = element("dl", "waiting-fields");
    const colon = /\s*:\s*$/.exec(say.dealer);  // "Dealer:", "Donneur :"
    [[say.dealer.slice(0, colon ? colon.index : undefined), entry.dealer], ...(entry.summary || [])]
      .forEach(([term, value]) => {
        const div = element("div");
        if (term) div.append(element("dt", "", term + (colon ? colon[0] : "") + " "));
        div.append(element("dd", "", value));
        dl.append(div, " ");
      });
    return dl;
  }

  function button(cls, text, name, action) {
    const b = element("button", cls, text);
    b.type = "button";
    b.name = name;
    b.addEventListener("click", action);
    return b;
  }

  function actions(entry) {
    const box = element("div", "actions");
    if (entry.state === "gone") box.append(copyButton(entry));
    if (entry.state === "number_taken") {
      box.append(button("primary", say.asNext, "as_next", () => choose(entry, true)));
    } else if (entry.state === "seating_changed") {
      const again = element("a", "button", say.again);
      again.href = ledger.dataset.form;
      box.append(again);
    }
    box.append(button("danger", say.drop, "drop", () => choose(entry, false)));
    return box;
  }

  // A refused deal as text, to paste into the new sheet's form by hand or a message.
  function copyButton(entry) {
    const text = [format(say.deal, {n: entry.number}), say.dealer + " " + entry.dealer,
      ...(entry.summary || []).map((pair) => pair.join(" "))].join("\n");
    const copy = button("", say.copyDeal, "copy", () => {
      const done = navigator.clipboard ? navigator.clipboard.writeText(text) : Promise.reject(new Error("no clipboard"));
      done.then(() => { copy.textContent = say.copied; }, () => window.prompt(say.copyDeal, text));
    });
    return copy;
  }

  function choose(entry, asNext) {
    return queue.choose(entry, asNext).then(render).then(flush);
  }

  // Sends what waits, one send at a time; resolves once sent (how many were stored),
  // as the page's list follows.
  let pending = null;
  let chain = Promise.resolve(0);
  function send() {
    if (pending) return pending;
    pending = chain.then(() => {
      pending = null;
      // An evening started offline first, then the deals, its own among them.
      const work = () => sendEvenings({store: phoneStore, fetch: window.fetch.bind(window)})
        .catch(() => 0).then(() => queue.sendAll());
      // Two tabs of one phone never send at once (where the browser can tell them).
      return navigator.locks ? navigator.locks.request("tarot-queue", work) : work();
    }).catch(() => 0);
    const sent = pending;
    chain = sent.then((saved) => render().then(() => {
      if (saved && ledger) window.location.reload();  // the ledger shows the stored scores
      return saved;
    }));
    return sent;
  }
  const flush = () => send().then(() => chain);

  document.getElementById("send-now").addEventListener("click", flush);
  window.addEventListener("online", flush);
  window.addEventListener("offline", render);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") flush();
  });
  setInterval(flush, EVERY);
  render();
  flush();
  return {queue, here, copy: isCopy(), say, send, flush, render};
}
