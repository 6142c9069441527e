// The service worker (/sw.js), registered from the pages it keeps for offline use: it
// controls every page of the site from then on.

export function registerWorker(doc = document) {
  const words = doc.getElementById("offline");
  const url = words && words.dataset.sw;
  if (!url || !("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register(url, {scope: "/"}).catch(() => {});
}
