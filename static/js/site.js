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

// static/src/phone_evenings.js
function listPhoneEvenings(doc = document) {
  const box = doc.getElementById("phone-evenings");
  if (!box || !storeWorks()) return Promise.resolve();
  return phoneStore.evenings().then((list) => {
    const waiting = list.filter((e) => e.state !== "sent").sort((a, b) => b.time - a.time);
    box.querySelector("ul").replaceChildren(...waiting.map((evening) => {
      const li = doc.createElement("li");
      const a = doc.createElement("a");
      a.href = `${box.dataset.page}#${evening.edit}`;
      a.textContent = evening.name || evening.seating.join(", ");
      li.append(a);
      if (evening.name) {
        const who = doc.createElement("span");
        who.className = "muted";
        who.textContent = " " + evening.seating.join(", ");
        li.append(who);
      }
      return li;
    }));
    box.hidden = !waiting.length;
  }).catch(() => {
  });
}

// static/src/worker.js
function registerWorker(doc = document) {
  const words = doc.getElementById("offline");
  const url = words && words.dataset.sw;
  if (!url || !("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register(url, { scope: "/" }).catch(() => {
  });
}

// static/src/pages/site.js
registerWorker();
followConnection();
listPhoneEvenings();
