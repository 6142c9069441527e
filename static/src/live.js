// The page follows what changes elsewhere. A page with a version (the ledger, the
// organiser's dashboard, the public ranking) asks for it every few seconds while the
// page is in sight (a few bytes) and reloads when it changed. Its answer carries a tag
// (ETag) of the version, which the page holds from the start (data-etag) and sends back:
// while nothing changed, the server answers 304 Not Modified, with no body. The header
// is sent by hand, with no-store, so that the answer reaches this script as it is and no
// copy of a link's page is ever kept. A link that stopped working (replaced, or its
// evening deleted) answers 410: the page stops asking and reloads once, to show why.
// A page that moves on by itself (the projector's next page of the ranking, a table card
// waiting for its round) goes to data-next after data-every seconds. A pause button
// (data-live-pause) stops both until pressed again; without scripts the page has a link
// that does it by hand, and no page reloads itself.

export const POLL = 5000;

// Whether the version answered is another than the page's.
export function changed(answer, version) {
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
    fetch(url, {cache: "no-store", headers: etag ? {"If-None-Match": etag} : {}}).then((r) => {
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
    }).catch(() => { busy = false; });
  }
  timer = setInterval(check, POLL);
  document.addEventListener("visibilitychange", check);
  return check;
}

export function startLive() {
  const live = document.getElementById("live");
  if (!live || !window.fetch) return;
  const button = document.querySelector("[data-live-pause]");
  let paused = false;
  const check = live.dataset.poll ? poller(live, () => paused) : () => {};
  const every = Number(live.dataset.every || 0) * 1000;
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
