// The screen stays awake while a sheet is open: at the card table the phone lies on the
// cloth between deals, and a dark screen means unlocking it for every deal. Screen Wake
// Lock where the browser has it (it needs HTTPS or localhost); elsewhere, nothing.
(function () {
  "use strict";
  if (!("wakeLock" in navigator)) return;
  var lock = null;
  function keepAwake() {
    if (document.visibilityState !== "visible" || lock) return;
    navigator.wakeLock.request("screen").then(function (sentinel) {
      lock = sentinel;
      document.documentElement.dataset.awake = "1";
      sentinel.addEventListener("release", function () {
        lock = null;
        delete document.documentElement.dataset.awake;
      });
    }).catch(function () {});  // refused (battery saver, no permission): the screen may sleep
  }
  // The browser lets go of the lock when the page is hidden: take it again on return.
  document.addEventListener("visibilitychange", keepAwake);
  keepAwake();
})();
