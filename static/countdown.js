// A tournament round with a time limit: the minutes left, shown at the table.
(function () {
  "use strict";
  var el = document.getElementById("countdown");
  if (!el) return;
  var ends = Date.parse(el.dataset.ends);
  function tick() {
    var left = Math.max(0, Math.round((ends - Date.now()) / 1000));
    var m = Math.floor(left / 60), s = left % 60;
    el.textContent = "(" + m + ":" + (s < 10 ? "0" : "") + s + ")";
  }
  tick();
  setInterval(tick, 1000);
})();
