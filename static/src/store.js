// The phone's store of deals (IndexedDB, database "tarot"): "queue" holds the deals to
// send, by their key; "last" the last deal this phone knows of on each sheet (saved or
// waiting), to continue the numbering. The queue (queue.js) takes any object with these
// functions: its unit tests give it one in memory.

let opening = null;

function database() {
  if (!opening) {
    opening = new Promise((resolve, reject) => {
      const request = indexedDB.open("tarot", 1);
      request.onupgradeneeded = () => {
        request.result.createObjectStore("queue", {keyPath: "id"});
        request.result.createObjectStore("last", {keyPath: "token"});
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
};

export function storeWorks() {
  return typeof indexedDB !== "undefined" && typeof fetch !== "undefined";
}
