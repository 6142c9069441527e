// static/src/queue.js
function newKey(random = (bytes) => crypto.getRandomValues(bytes)) {
  const bytes = random(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

// static/src/offline_evening.js
var SEATS = 6;
function newLink(random = (bytes) => crypto.getRandomValues(bytes)) {
  for (; ; ) {
    const bytes = random(new Uint8Array(18));
    const text = btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_");
    if (!text.startsWith("-")) return text;
  }
}
function eveningOf(fields, made, modes) {
  const value = (name) => (fields.find((f) => f[0] === name) || [name, ""])[1].trim();
  const seating = [];
  for (let seat = 1; seat <= SEATS; seat += 1) {
    const name = value(`seat_${seat}`);
    if (name) seating.push(name);
  }
  const mode = value("table_mode") || "four";
  const first = value(`seat_${value("first_dealer") || "1"}`);
  const lower = seating.map((n) => n.toLowerCase());
  const table = Object.hasOwn(modes, mode) ? modes[mode] : null;
  if (!table || seating.length !== table.seated || !first || new Set(lower).size !== lower.length) return null;
  const variants = fields.filter((f) => f[0] === "variants").map((f) => f[1]);
  return {
    edit: made.edit,
    view: made.view,
    once: made.once,
    door: made.door,
    page: made.page,
    fields,
    seating,
    mode,
    dealerOut: table.dealerSitsOut,
    first,
    variants,
    name: value("name"),
    time: made.time,
    state: "held"
  };
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

// static/src/twin.js
var loading = null;
function twin() {
  loading = loading || import("./scoring.js").catch((error) => {
    loading = null;
    throw error;
  });
  return loading;
}

// static/src/created.js
function today() {
  const now = /* @__PURE__ */ new Date();
  const two = (n) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}
function keepOffline(form, data) {
  if (!form.dataset.offline || !storeWorks()) return Promise.resolve(false);
  const day = form.elements.namedItem("day");
  if (day && day.value === day.defaultValue) data.set("day", today());
  const fields = [];
  data.forEach((value, name) => fields.push([name, String(value)]));
  const path = window.location.pathname;
  const made = {
    edit: newLink(),
    view: newLink(),
    once: newKey(),
    door: path + ".json",
    page: path,
    time: Date.now()
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
  box.scrollIntoView({ block: "center" });
  return true;
}
function startCreation() {
  const form = document.querySelector("form[data-replace]");
  if (!form || !window.fetch) return;
  let sent = false;
  form.addEventListener("submit", (event) => {
    if (sent) return;
    event.preventDefault();
    const data = new FormData(form);
    if (event.submitter && event.submitter.name) data.set(event.submitter.name, event.submitter.value);
    const again = () => {
      sent = true;
      form.requestSubmit(event.submitter || void 0);
    };
    fetch(form.action || window.location.href, { method: "POST", body: data, credentials: "same-origin" }).then((response) => {
      const made = new URL(response.url).pathname !== window.location.pathname;
      if (response.ok && response.redirected && made) window.location.replace(response.url);
      else again();
    }).catch(() => keepOffline(form, data).then((kept) => kept || again()));
  });
}

// static/src/pages/new_evening.js
startCreation();
