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

// static/src/worker.js
function registerWorker(doc = document) {
  const words = doc.getElementById("offline");
  const url = words && words.dataset.sw;
  if (!url || !("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register(url, { scope: "/" }).catch(() => {
  });
}

// static/src/pages/live.js
registerWorker();
followConnection();
startLive();
startRunningSwitch();
startCountdown();
