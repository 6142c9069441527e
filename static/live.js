// The page follows the other phones: every few seconds, while the page is in sight, it
// asks for the version (a few bytes) and reloads when something changed elsewhere.
// A ledger's answer carries a tag (ETag) of its version, which the page holds from the
// start (data-etag) and sends back: while nothing changed, the server answers
// 304 Not Modified, with no body. The header is sent by hand, with no-store, so that the
// answer reaches this script as it is and no copy of a link's page is ever kept.
// A link that stopped working (replaced, or its evening deleted) answers 410: the page
// stops asking and reloads once, to show why (and lets the screen sleep again).
(function () {
  "use strict";
  var live = document.getElementById("live");
  if (!live || !window.fetch) return;
  var url = live.dataset.poll, version = live.dataset.version, busy = false;
  var etag = live.dataset.etag || "";
  function check() {
    if (busy || document.visibilityState !== "visible") return;
    busy = true;
    var headers = etag ? {"If-None-Match": etag} : {};
    fetch(url, {cache: "no-store", headers: headers}).then(function (r) {
      if (r.status === 304) return null;
      if (r.status === 410) {
        clearInterval(timer);
        document.removeEventListener("visibilitychange", check);
        window.location.reload();
        return null;
      }
      etag = r.headers.get("ETag") || etag;
      return r.ok ? r.json() : null;
    }).then(function (answer) {
      busy = false;
      if (answer && String(answer.version) !== version) window.location.reload();
    }).catch(function () { busy = false; });
  }
  var timer = setInterval(check, 5000);
  document.addEventListener("visibilitychange", check);
})();
