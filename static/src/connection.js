// "No connection" on a page from the service worker's cache (the service worker marks it
// on its <html> element), while the server cannot be reached: it goes as soon as the
// server answers again.

export function isCopy(doc = document) {
  return doc.documentElement.dataset.offlineCopy === "1";
}

export function showConnection(up, doc = document) {
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

// The note as the browser's own events say the connection comes and goes.
export function followConnection(doc = document) {
  showConnection(!isCopy(doc), doc);
  window.addEventListener("online", () => showConnection(true, doc));
  window.addEventListener("offline", () => showConnection(false, doc));
}
