// The deal form, quicker with JavaScript: the preview as the table fills the form, the
// points field focused once the oudlers are chosen, and the player who sits out hidden
// from the roles. The server scores and renders the preview, for this script exactly as
// for the Preview button without JavaScript: the script only asks for it and shows it.
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  var form = document.getElementById("deal-form");
  if (!form) return;
  var preview = document.getElementById("preview");
  var summary = document.getElementById("preview-summary");
  var dealerOut = form.dataset.dealerOut === "1";
  var timer = null;
  var asked = 0;

  function checked(name) {
    var input = form.querySelector('input[name="' + name + '"]:checked');
    return input ? input.value : "";
  }
  function value(name) {
    var field = form.elements.namedItem(name);
    return field && "value" in field ? field.value : "";
  }
  function sittingOut() {
    if (!dealerOut) return null;
    return value("sitting_out") || value("dealer");
  }
  // Ask only once the deal can be scored: no "required" while the table is still tapping.
  function complete() {
    return checked("taker") && checked("contract") && checked("oudlers") !== "" &&
      /^\s*[0-9]{1,3}([.,][0-9]{1,3})?\s*$/.test(value("points"));
  }

  function refresh() {
    if (!complete()) { preview.textContent = ""; summary.textContent = ""; return; }
    var data = new FormData(form);
    data.delete("save");
    data.delete("passed");
    data.set("preview", "1");
    var mine = ++asked;
    fetch(window.location.pathname, {
      method: "POST", body: data, credentials: "same-origin", headers: {"X-Preview": "1"}
    }).then(function (r) {
      if (r.status >= 500) throw new Error("no score from the server");
      return !r.redirected && (r.status === 200 || r.status === 422) ? r.text() : null;
    }).then(function (html) {
      if (html === null || mine !== asked) return;  // a later answer is on its way
      var box = new DOMParser().parseFromString(html, "text/html").body.firstElementChild;
      preview.replaceChildren.apply(preview, box ? Array.prototype.slice.call(box.childNodes) : []);
      summary.textContent = box ? box.dataset.line : "";
    }).catch(function () {
      if (mine === asked) later();  // offline: Save keeps the deal on the phone
    });
  }

  // Only the server scores: without it, the preview says when the score will come.
  function later() {
    var words = document.getElementById("offline");
    var line = document.createElement("p");
    line.className = "later";
    line.textContent = words ? words.dataset.later : "";
    preview.replaceChildren(line);
    summary.textContent = "";
  }

  function hideSittingOut() {
    var out = sittingOut(), taker = checked("taker");
    form.querySelectorAll("#taker .opt, #partner .opt, #second_partner .opt").forEach(function (opt) {
      opt.classList.toggle("hidden", opt.dataset.value === out);
    });
    // The taker is not his own partner: "alone" (or "the taker's or in the chien") says it.
    form.querySelectorAll("#partner .opt, #second_partner .opt").forEach(function (opt) {
      if (opt.dataset.value === taker) opt.classList.add("hidden");
    });
    var name = document.getElementById("dealer-name");
    if (name) name.textContent = value("dealer");
  }

  form.addEventListener("change", function (event) {
    if (event.target.name === "oudlers") {
      var field = form.elements.namedItem("points");
      if (field && !field.value) field.focus();
    }
    if (["dealer", "sitting_out", "taker"].indexOf(event.target.name) >= 0) hideSittingOut();
    clearTimeout(timer);
    timer = setTimeout(refresh, 120);
  });
  form.addEventListener("input", function (event) {
    if (event.target.name !== "points") return;
    clearTimeout(timer);
    timer = setTimeout(refresh, 250);
  });
  hideSittingOut();
  if (!preview.children.length) refresh();
})();
