// The ledger's switch for running totals on every row: shown at once, and remembered on
// this phone (a cookie, so that the server writes the next ledger the same way).
(function () {
  "use strict";
  var box = document.querySelector('#running-switch input[type="checkbox"]');
  var table = document.getElementById("ledger");
  if (!box || !table) return;
  box.addEventListener("change", function () {
    table.classList.toggle("running", box.checked);
    document.cookie = "ledger_running=" + (box.checked ? "1" : "0") +
      "; path=/; max-age=31536000; SameSite=Lax";
  });
})();
