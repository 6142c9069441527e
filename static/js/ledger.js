// static/src/connection.js
function isCopy(doc = document) {
  return doc.documentElement.dataset.offlineCopy === "1";
}
function showConnection(up, doc = document) {
  let note = doc.getElementById("offline-copy");
  if (up && note) note.remove();
  const words = doc.getElementById("offline");
  if (up || note || !isCopy(doc) || !words) return;
  note = doc.createElement("p");
  note.id = "offline-copy";
  note.className = "offline-copy";
  note.setAttribute("role", "status");
  note.textContent = words.dataset.copy;
  (doc.getElementById("queue-banner") || words).after(note);
}
function followConnection(doc = document) {
  showConnection(!isCopy(doc), doc);
  window.addEventListener("online", () => showConnection(true, doc));
  window.addEventListener("offline", () => showConnection(false, doc));
}

// static/src/countdown.js
function clock(left) {
  const seconds = Math.max(0, Math.round(left / 1e3));
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `(${m}:${s < 10 ? "0" : ""}${s})`;
}
function startCountdown() {
  const el = document.getElementById("countdown");
  if (!el) return;
  const ends = Date.parse(el.dataset.ends);
  const tick = () => {
    el.textContent = clock(ends - Date.now());
  };
  tick();
  setInterval(tick, 1e3);
}

// static/src/live.js
var POLL = 5e3;
function changed(answer, version) {
  return Boolean(answer) && String(answer.version) !== String(version);
}
function poller(live, isPaused) {
  const url = live.dataset.poll;
  let etag = live.dataset.etag || "";
  let busy = false;
  let timer = null;
  function check() {
    if (busy || isPaused() || document.visibilityState !== "visible") return;
    busy = true;
    fetch(url, { cache: "no-store", headers: etag ? { "If-None-Match": etag } : {} }).then((r) => {
      if (r.status === 304) return null;
      if (r.status === 410) {
        clearInterval(timer);
        document.removeEventListener("visibilitychange", check);
        window.location.reload();
        return null;
      }
      etag = r.headers.get("ETag") || etag;
      return r.ok ? r.json() : null;
    }).then((answer) => {
      busy = false;
      if (changed(answer, live.dataset.version)) window.location.reload();
    }).catch(() => {
      busy = false;
    });
  }
  timer = setInterval(check, POLL);
  document.addEventListener("visibilitychange", check);
  return check;
}
function startLive() {
  const live = document.getElementById("live");
  if (!live || !window.fetch) return;
  const button = document.querySelector("[data-live-pause]");
  let paused = false;
  const check = live.dataset.poll ? poller(live, () => paused) : () => {
  };
  const every = Number(live.dataset.every || 0) * 1e3;
  let timer = null;
  const schedule = () => {
    if (every && live.dataset.next) timer = setTimeout(() => window.location.replace(live.dataset.next), every);
  };
  schedule();
  if (!button) return;
  button.hidden = false;
  button.addEventListener("click", () => {
    paused = !paused;
    button.textContent = paused ? button.dataset.resume : button.dataset.pause;
    live.dataset.paused = paused ? "1" : "";
    clearTimeout(timer);
    if (!paused) {
      schedule();
      check();
    }
  });
}

// static/src/running.js
function startRunningSwitch() {
  const box = document.querySelector('#running-switch input[type="checkbox"]');
  const table = document.getElementById("ledger");
  if (!box || !table) return;
  box.addEventListener("change", () => {
    table.classList.toggle("running", box.checked);
    document.cookie = `ledger_running=${box.checked ? "1" : "0"}; path=/; max-age=31536000; SameSite=Lax`;
  });
}

// static/src/queue.js
var TIMEOUT = 8e3;
var EVERY = 2e4;
var STOPPED = ["number_taken", "seating_changed", "full", "closed", "invalid"];
var saveUrl = (token) => `/e/${token}/deals/new.json`;
var formUrl = (token) => `/e/${token}/deals/new`;
function ordered(list) {
  return list.slice().sort((a, b) => a.time - b.time || a.number - b.number);
}
function setField(entry, name, value) {
  entry.fields = entry.fields.filter((f) => f[0] !== name);
  entry.fields.push([name, String(value)]);
}
function verdict(status, answer, gone) {
  if (!answer) return bare(status, gone);
  if (status === 410) return { kind: "gone", message: answer.message || gone };
  if (status === 409) return refusal(answer);
  if (status === 422) return { kind: "invalid", message: errorText(answer.errors), html: answer.html };
  return stored(status, answer);
}
function bare(status, gone) {
  if (status === 410) return { kind: "gone", message: gone };
  return status >= 400 && status < 500 ? { kind: "refused" } : { kind: "later" };
}
function refusal(answer) {
  if (!STOPPED.includes(answer.status)) return { kind: "later" };
  return {
    kind: answer.status,
    message: answer.message || "",
    theirs: answer.theirs || "",
    number: answer.number,
    html: answer.html,
    dealer: answer.dealer
  };
}
function stored(status, answer) {
  const ok = status >= 200 && status < 300 && ["saved", "replayed"].includes(answer.status);
  if (!ok) return { kind: "later" };
  return { kind: "saved", number: answer.number, dealer: answer.dealer, html: answer.html };
}
function errorText(errors) {
  const found = errors || {};
  return Object.keys(found).flatMap((k) => found[k]).join(" ");
}
function csrfToken(html) {
  const input = /<input\b[^>]*\bname="csrf_token"[^>]*>/.exec(html || "");
  const value = input && /\bvalue="([^"]*)"/.exec(input[0]);
  return value ? value[1] : null;
}
function createQueue({ store, fetch: fetch2, connection = () => {
}, gone = "" }) {
  const answers = {};
  const fates = {};
  const entries = () => store.all().then(ordered);
  function post2(entry) {
    const body = new URLSearchParams();
    entry.fields.forEach((f) => body.append(f[0], f[1]));
    if (entry.asNext) body.set("as_next", "1");
    if (entry.fresh) body.set("page", "1");
    const stop = new AbortController();
    const timer = setTimeout(() => stop.abort(), TIMEOUT);
    return fetch2(saveUrl(entry.token), {
      method: "POST",
      body,
      credentials: "same-origin",
      cache: "no-store",
      headers: { "Accept": "application/json" },
      signal: stop.signal
    }).then((response) => {
      connection(true);
      const json = (response.headers.get("Content-Type") || "").startsWith("application/json");
      return (json ? response.json() : Promise.resolve(null)).catch(() => null).then((answer) => verdict(response.status, answer, gone));
    }).catch(() => {
      connection(false);
      return { kind: "later" };
    }).finally(() => clearTimeout(timer));
  }
  function freshToken2(entry) {
    return fetch2(formUrl(entry.token), { credentials: "same-origin", cache: "no-store" }).then((r) => r.ok ? r.text() : "").then((html) => {
      const token = csrfToken(html);
      if (!token) return false;
      setField(entry, "csrf_token", token);
      return store.put(entry).then(() => true);
    }).catch(() => false);
  }
  function send(entry, retried = false) {
    return post2(entry).then((result) => {
      if (result.kind !== "refused" || entry.fresh) return settle(entry, result);
      if (retried) return settle(entry, { kind: "later" });
      return freshToken2(entry).then((ok) => ok ? send(entry, true) : settle(entry, { kind: "later" }));
    }).then((kind) => {
      fates[entry.id] = { kind, entry };
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
    return store.put(entry).then(() => result.kind);
  }
  function acknowledged(entry, result) {
    const number = Number(result.number) || entry.number;
    const dealer = result.dealer || entry.dealer;
    return Promise.all([store.remove(entry.id), store.remember(entry.token, number, dealer)]).then(() => shift(entry, number - entry.number)).then(() => "saved");
  }
  function shift(entry, by) {
    if (!by) return Promise.resolve();
    return entries().then((list) => Promise.all(list.filter((e) => e.token === entry.token && e.time > entry.time).map((e) => {
      e.number += by;
      setField(e, "number", e.number);
      return store.put(e);
    })));
  }
  function sendAll() {
    const stopped = {};
    const tried = /* @__PURE__ */ new Set();
    let saved = 0;
    const ready = (entry) => {
      if (tried.has(entry.id) || stopped[entry.token]) return false;
      if (entry.state !== "waiting" || entry.held) stopped[entry.token] = true;
      return !stopped[entry.token];
    };
    const next = () => entries().then((list) => {
      const entry = list.find(ready);
      if (!entry) return saved;
      tried.add(entry.id);
      return send(entry).then((outcome) => {
        if (outcome === "later") return saved;
        if (outcome === "saved") saved += 1;
        else stopped[entry.token] = true;
        return next();
      });
    });
    return next();
  }
  function choose(entry, asNext) {
    if (asNext) {
      entry.state = "waiting";
      entry.asNext = true;
      entry.message = entry.theirs = "";
      return store.put(entry);
    }
    return store.remove(entry.id).then(() => entry.state === "number_taken" ? null : shift(entry, -1));
  }
  function answered(id) {
    const html = answers[id];
    delete answers[id];
    return html;
  }
  function fate(id) {
    const found = fates[id] || null;
    delete fates[id];
    return found;
  }
  return {
    entries,
    send,
    settle,
    shift,
    sendAll,
    choose,
    answered,
    fate,
    put: store.put,
    remove: store.remove,
    last: store.last
  };
}

// static/src/evening_sent.js
function post(fetch2, evening) {
  const body = new URLSearchParams();
  evening.fields.forEach(([name, value]) => body.append(name, value));
  body.set("once", evening.once);
  body.set("edit_link", evening.edit);
  body.set("view_link", evening.view);
  return fetch2(evening.door, {
    method: "POST",
    body,
    credentials: "same-origin",
    cache: "no-store",
    headers: { "Accept": "application/json" }
  }).then((response) => {
    const json = (response.headers.get("Content-Type") || "").startsWith("application/json");
    if (!json) return { kind: response.status === 400 ? "token" : "later" };
    return response.json().then((answer) => {
      if (response.status === 200 && answer.status === "made") return { kind: "made", answer };
      if (response.status === 422) return { kind: "invalid", errors: answer.errors || {} };
      return { kind: "later" };
    });
  }).catch(() => ({ kind: "later" }));
}
function freshToken(fetch2, evening) {
  return fetch2(evening.page, { credentials: "same-origin", cache: "no-store" }).then((r) => r.ok ? r.text() : "").then((html) => {
    const token = csrfToken(html);
    if (!token) return false;
    evening.fields = evening.fields.filter((f) => f[0] !== "csrf_token");
    evening.fields.push(["csrf_token", token]);
    return true;
  }).catch(() => false);
}
function moveDeals(store, evening, answer) {
  return store.all().then((list) => Promise.all(list.filter((entry) => entry.token === evening.edit).map((entry) => {
    entry.token = answer.edit;
    entry.page = formUrl(answer.edit);
    entry.held = false;
    setField(entry, "seating", answer.seating);
    return store.put(entry);
  })));
}
function sendEvening({ store, fetch: fetch2 }, evening) {
  return post(fetch2, evening).then((result) => {
    if (result.kind !== "token") return result;
    return freshToken(fetch2, evening).then((ok) => ok ? post(fetch2, evening) : { kind: "later" });
  }).then((result) => {
    if (result.kind === "later") return "later";
    if (result.kind === "invalid") {
      evening.state = "refused";
      evening.errors = result.errors;
      return store.keepEvening(evening).then(() => "invalid");
    }
    const { answer } = result;
    evening.state = "sent";
    evening.sent = { edit: answer.edit, view: answer.view, ledger: answer.ledger, moved: answer.moved };
    return moveDeals(store, evening, answer).then(() => store.keepEvening(evening)).then(() => "made");
  });
}
function sendEvenings(line) {
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

// static/src/phone_scores.js
function totalsAfter(from, list) {
  const totals = { ...from };
  return list.map((scores) => {
    Object.entries(scores || {}).forEach(([p, s]) => {
      totals[p] = (totals[p] || 0) + s;
    });
    return { ...totals };
  });
}
function scoresShown(scores, mark, doc = document, after = null) {
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

// static/src/store.js
var opening = null;
function database() {
  if (!opening) {
    opening = new Promise((resolve, reject) => {
      const request = indexedDB.open("tarot", 2);
      request.onupgradeneeded = (event) => {
        if (event.oldVersion < 1) {
          request.result.createObjectStore("queue", { keyPath: "id" });
          request.result.createObjectStore("last", { keyPath: "token" });
        }
        if (event.oldVersion < 2) request.result.createObjectStore("evenings", { keyPath: "edit" });
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  }
  return opening;
}
function run(name, mode, work) {
  return database().then((db) => new Promise((resolve, reject) => {
    const tx = db.transaction(name, mode);
    let result;
    const request = work(tx.objectStore(name));
    if (request) request.onsuccess = () => {
      result = request.result;
    };
    tx.oncomplete = () => resolve(result);
    tx.onerror = tx.onabort = () => reject(tx.error);
  }));
}
var phoneStore = {
  all: () => run("queue", "readonly", (s) => s.getAll()),
  put: (entry) => run("queue", "readwrite", (s) => s.put(entry)),
  remove: (id) => run("queue", "readwrite", (s) => s.delete(id)),
  last: (token) => run("last", "readonly", (s) => s.get(token)),
  remember: (token, number, dealer) => run("last", "readwrite", (s) => s.put(
    { token, number, dealer, time: Date.now() }
  )),
  evenings: () => run("evenings", "readonly", (s) => s.getAll()),
  evening: (edit) => run("evenings", "readonly", (s) => s.get(edit)),
  keepEvening: (evening) => run("evenings", "readwrite", (s) => s.put(evening)),
  dropEvening: (edit) => run("evenings", "readwrite", (s) => s.delete(edit))
};
function storeWorks() {
  return typeof indexedDB !== "undefined" && typeof fetch !== "undefined";
}

// static/src/words.js
function wordsOf(id, doc = document) {
  const element2 = doc.getElementById(id);
  return element2 ? element2.dataset : {};
}
function format(text, values) {
  const value = values[Object.keys(values)[0]];
  return String(text).replace(/%\((\w+)\)s|987654321/g, () => String(value));
}

// static/src/waiting.js
function element(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text) e.textContent = text;
  return e;
}
function sheetOf(path) {
  const sheet = /^\/e\/([^/]+)/.exec(path);
  return sheet ? sheet[1] : null;
}
function startQueue() {
  const say = wordsOf("offline");
  const banner = document.getElementById("queue-banner");
  if (!banner || !storeWorks()) return null;
  const here = sheetOf(window.location.pathname);
  const ledger = document.getElementById("waiting");
  const queue = createQueue({
    store: phoneStore,
    fetch: (url, options) => window.fetch(url, options),
    connection: (up) => showConnection(up),
    gone: say.gone
  });
  function render() {
    return queue.entries().then((list) => {
      const mine = here ? list.filter((e) => e.token === here) : list;
      const choices = mine.filter((e) => e.state !== "waiting");
      banner.hidden = !mine.length;
      document.getElementById("queue-count").textContent = count(mine.length);
      const link = document.getElementById("queue-choice");
      link.hidden = !choices.length || !!ledger;
      if (choices.length) {
        link.textContent = mine.length === 1 ? say.chooseIt : choices.length === 1 ? say.chooseOne : format(say.chooseMany, { num: choices.length });
        link.href = `/e/${choices[0].token}#waiting`;
      }
      if (ledger) listed(mine);
      return mine;
    }).catch(() => []);
  }
  function count(n) {
    if (!navigator.onLine && say.offlineMany) return n === 1 ? say.offlineOne : format(say.offlineMany, { num: n });
    return n === 1 ? say.one : format(say.many, { num: n });
  }
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
    const next = document.getElementById("next-dealer");
    const newest = mine[mine.length - 1];
    const dealers = ledger.dataset.dealers ? JSON.parse(ledger.dataset.dealers) : [];
    const ahead = newest && dealers[newest.number + 1 - Number(ledger.dataset.number)];
    if (next && ahead) next.textContent = ahead;
  }
  function item(entry, after) {
    const li = element("li", "waiting-deal" + (entry.state === "waiting" ? "" : " attention"));
    li.id = "waiting-" + entry.id;
    const head = element("p", "waiting-head");
    head.append(
      element("strong", "", format(say.deal, { n: entry.number })),
      " ",
      element("span", "waiting-state", entry.state === "waiting" ? say.waiting : say.attention)
    );
    li.append(head, fields(entry));
    if (entry.scores) li.append(...scoresShown(entry.scores, say.notYet, document, after));
    if (entry.state === "waiting") return li;
    if (entry.message) li.append(element("p", "error", entry.message));
    if (entry.theirs && !entry.message.includes(entry.theirs)) {
      const theirs = element("p", "theirs");
      theirs.append(element("span", "", say.theirs + " "), element("strong", "", entry.theirs));
      li.append(theirs);
    }
    li.append(actions(entry));
    return li;
  }
  function fields(entry) {
    const dl = element("dl", "waiting-fields");
    const colon = /\s*:\s*$/.exec(say.dealer);
    [[say.dealer.slice(0, colon ? colon.index : void 0), entry.dealer], ...entry.summary || []].forEach(([term, value]) => {
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
  function copyButton(entry) {
    const text = [
      format(say.deal, { n: entry.number }),
      say.dealer + " " + entry.dealer,
      ...(entry.summary || []).map((pair) => pair.join(" "))
    ].join("\n");
    const copy = button("", say.copyDeal, "copy", () => {
      const done = navigator.clipboard ? navigator.clipboard.writeText(text) : Promise.reject(new Error("no clipboard"));
      done.then(() => {
        copy.textContent = say.copied;
      }, () => window.prompt(say.copyDeal, text));
    });
    return copy;
  }
  function choose(entry, asNext) {
    return queue.choose(entry, asNext).then(render).then(flush);
  }
  let pending = null;
  let chain = Promise.resolve(0);
  function send() {
    if (pending) return pending;
    pending = chain.then(() => {
      pending = null;
      const work = () => sendEvenings({ store: phoneStore, fetch: window.fetch.bind(window) }).catch(() => 0).then(() => queue.sendAll());
      return navigator.locks ? navigator.locks.request("tarot-queue", work) : work();
    }).catch(() => 0);
    const sent = pending;
    chain = sent.then((saved) => render().then(() => {
      if (saved && ledger) window.location.reload();
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
  return { queue, here, copy: isCopy(), say, send, flush, render };
}

// static/src/wake.js
function keepAwake() {
  if (!("wakeLock" in navigator)) return;
  let lock = null;
  const take = () => {
    if (document.visibilityState !== "visible" || lock) return;
    navigator.wakeLock.request("screen").then((sentinel) => {
      lock = sentinel;
      document.documentElement.dataset.awake = "1";
      sentinel.addEventListener("release", () => {
        lock = null;
        delete document.documentElement.dataset.awake;
      });
    }).catch(() => {
    });
  };
  document.addEventListener("visibilitychange", take);
  take();
}

// static/src/worker.js
function registerWorker(doc = document) {
  const words = doc.getElementById("offline");
  const url = words && words.dataset.sw;
  if (!url || !("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register(url, { scope: "/" }).catch(() => {
  });
}

// static/src/pages/ledger.js
registerWorker();
followConnection();
startQueue();
startLive();
startRunningSwitch();
startCountdown();
keepAwake();
