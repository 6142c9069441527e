// The deal form, quicker with JavaScript: the preview as the table fills the form, each
// problem next to its field as soon as the deal can be scored, the points field focused
// once the oudlers are chosen, the player who sits out hidden from the roles and the
// taker's own button greyed in its place among the partners. After a refused save the
// first problem is brought into view; "everybody passed" on a filled form asks first;
// the undo offered after a save goes after a few seconds. The server scores and renders
// the preview, for this script exactly as for the Preview button without JavaScript.
// After a Save in place (deal_offline.js) the next form is the server's, put in place of
// this one: the page says so with a "tarot:deal-page" event, and this script starts again.
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  document.addEventListener("tarot:deal-page", init);
  init();

  function init() {
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
    // The choices a deal needs and how points are written, as the server's form says
    // them (this script keeps no list of its own).
    var needed = JSON.parse(form.dataset.needed || "[]");
    var points = new RegExp(form.dataset.points || "^\\s*[0-9]");
    function given(name) {
      return name === "points" ? value("points").trim() !== "" : checked(name) !== "";
    }
    // Ask only once the deal can be scored: no "required" while the table is still tapping.
    function complete() {
      return needed.length > 0 && needed.every(given) && points.test(value("points"));
    }
    // Something typed that "everybody passed" would throw away.
    function typed() {
      return needed.some(given);
    }

    // The problems the server found, each under its field (as the page without JavaScript
    // shows them); the form's own problems stay in the preview.
    function showProblems(box) {
      if (!box) {
        form.querySelectorAll(".live-error").forEach(function (old) { old.remove(); });
        return;
      }
      // The deal as it is now replaces what the last save was told (said once, not twice).
      form.querySelectorAll("fieldset .error, #poignees .error").forEach(function (old) {
        old.remove();
      });
      box.querySelectorAll(".error[data-for]").forEach(function (error) {
        var target = document.getElementById(error.dataset.for);
        if (target && target.tagName === "INPUT") target = target.closest("fieldset");
        if (!target) return;
        error.classList.add("live-error");
        target.appendChild(error);
        var fold = target.closest("details");
        if (fold) fold.open = true;  // a problem is never hidden in a closed section
      });
    }

    // A chelem nobody ticked: the refusal's button marks the chelem the points mean, here,
    // and the preview follows (without JavaScript the server marks it and shows the form).
    form.addEventListener("click", function (event) {
      var button = event.target.closest && event.target.closest(".mark-chelem");
      if (!button) return;
      var radio = form.querySelector("input[name=chelem_outcome][value=" + button.value + "]");
      if (!radio) return;
      event.preventDefault();
      radio.checked = true;
      form.querySelectorAll(".mark-chelem").forEach(function (b) { b.remove(); });
      radio.dispatchEvent(new Event("change", {bubbles: true}));
    });

    function refresh() {
      if (!complete()) {
        preview.textContent = ""; summary.textContent = ""; showProblems(null); return;
      }
      var data = new FormData(form);
      data.delete("save");
      data.delete("passed");
      data.set("preview", "1");
      var mine = ++asked;
      fetch(form.dataset.preview || window.location.pathname, {
        method: "POST", body: data, credentials: "same-origin", headers: {"X-Preview": "1"}
      }).then(function (r) {
        if (r.status >= 500) throw new Error("no score from the server");
        return !r.redirected && (r.status === 200 || r.status === 422) ? r.text() : null;
      }).then(function (html) {
        if (html === null || mine !== asked) return;  // a later answer is on its way
        var box = new DOMParser().parseFromString(html, "text/html").body.firstElementChild;
        showProblems(box);
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
      // The taker is not his own partner: "alone" (or "the taker's or in the chien") says
      // it. The taker's button stays in its place, greyed, so that no button moves.
      form.querySelectorAll("#partner .opt, #second_partner .opt").forEach(function (opt) {
        var input = opt.querySelector("input");
        var off = opt.dataset.value === taker && taker !== "";
        opt.classList.toggle("off", off);
        if (input) {
          input.disabled = off;
          if (off) input.checked = false;
        }
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
    // "Everybody passed" on a form the table was filling in: ask on the page, as the server
    // does without JavaScript, before anything is thrown away.
    var passed = form.querySelector("button.passed");
    var ask = document.getElementById("ask-passed-template");
    if (passed && ask) {
      passed.addEventListener("click", function (event) {
        if (!typed() || document.getElementById("ask-passed")) return;
        event.preventDefault();
        var box = ask.content.firstElementChild.cloneNode(true);
        box.querySelector("button.keep").addEventListener("click", function (e) {
          e.preventDefault();
          box.remove();
          passed.focus();
        });
        passed.closest(".deal-top").after(box);
        box.querySelector("button.primary").focus();
      });
    }

    // After a refused save, the first problem where the eye is, and the focus on it.
    var first = form.dataset.firstError && document.getElementById(form.dataset.firstError);
    if (first) {
      first.scrollIntoView({block: "center"});
      var input = first.matches("input, select") ? first : first.querySelector("input, select, summary");
      if (input) input.focus({preventScroll: true});
    }

    // The undo right after a save: a few seconds, then the form is the next deal's only.
    // It belongs to the page that saved: a copy of the page from the phone's cache shows
    // none. It goes without moving the form under a thumb: its place stays, empty.
    var undo = document.getElementById("just-saved");
    if (undo && document.documentElement.dataset.offlineCopy === "1") {
      undo.remove();
    } else if (undo) {
      setTimeout(function () {
        undo.classList.add("gone");
        undo.setAttribute("aria-hidden", "true");
        undo.querySelectorAll("button").forEach(function (b) { b.disabled = true; });
      }, 1000 * Number(undo.dataset.seconds || 10));
    }

    hideSittingOut();
    if (!preview.children.length) refresh();
  }
})();
