// The ledger follows the other phones at the table: every few seconds, while the
// page is in sight, it asks for the sheet's version (a few bytes) and reloads
// when a deal was added, corrected or deleted elsewhere.
(function () {
  "use strict";
  var live = document.getElementById("live");
  if (!live || !window.fetch) return;
  var url = live.dataset.poll, version = live.dataset.version, busy = false;
  function check() {
    if (busy || document.visibilityState !== "visible") return;
    busy = true;
    fetch(url, {cache: "no-store"}).then(function (r) { return r.ok ? r.json() : null; })
      .then(function (answer) {
        busy = false;
        if (answer && String(answer.version) !== version) window.location.reload();
      }).catch(function () { busy = false; });
  }
  setInterval(check, 5000);
  document.addEventListener("visibilitychange", check);
})();
