// The phone's store of deals (IndexedDB, database "tarot"): "queue" holds the deals to
// send, by their key; "last" the last deal this phone knows of on each sheet (saved or
// waiting), to continue the numbering; "evenings" the evenings started on this phone
// with no network, by their edit link, until the server has them. The queue (queue.js) takes any object with these
// functions: its unit tests give it one in memory.

let opening = null;

function database() {
  if (!opening) {
    opening = new Promise((resolve, reject) => {
      const request = indexedDB.open("tarot", 2);
      request.onupgradeneeded = (event) => {
        if (event.oldVersion < 1) {
          request.result.createObjectStore("queue", {keyPath: "id"});
          request.result.createObjectStore("last", {keyPath: "token"});
        }
        if (event.oldVersion < 2) request.result.createObjectStore("evenings", {keyPath: "edit"});
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
    if (request) request.onsuccess = () => { result = request.result; };
    tx.oncomplete = () => resolve(result);
    tx.onerror = tx.onabort = () => reject(tx.error);
  }));
}

export const phoneStore = {
  all: () => run("queue", "readonly", (s) => s.getAll()),
  put: (entry) => run("queue", "readwrite", (s) => s.put(entry)),
  remove: (id) => run("queue", "readwrite", (s) => s.delete(id)),
  last: (token) => run("last", "readonly", (s) => s.get(token)),
  remember: (token, number, dealer) => run("last", "readwrite", (s) => s.put(
    {token, number, dealer, time: Date.now()})),
  evenings: () => run("evenings", "readonly", (s) => s.getAll()),
  evening: (edit) => run("evenings", "readonly", (s) => s.get(edit)),
  keepEvening: (evening) => run("evenings", "readwrite", (s) => s.put(evening)),
  dropEvening: (edit) => run("evenings", "readwrite", (s) => s.delete(edit)),
};

export function storeWorks() {
  return typeof indexedDB !== "undefined" && typeof fetch !== "undefined";
}
