// The new deal's form with JavaScript: Save puts the deal in the phone's queue
// (offline.js), which sends it to the form's JSON door in order after any deal still
// waiting. Stored: the server's answer carries the next deal's form, rendered, and it
// takes this form's place, without loading a page (Save in place). Not acknowledged: the
// deal stays on the phone, shown on the ledger, and this form goes on to the next deal:
// its number after the waiting one, its dealer the next of the rotation's dealers the
// server wrote on the form (this script holds no rule of the rotation). Without
// JavaScript, or on a server too old to say what it stored, the form posts as it always did.
(function () {
  "use strict";
  var queue = window.tarotQueue;
  if (!queue || !/\/deals\/new$/.test(window.location.pathname)) return;
  var say = queue.say;
  var SUMMARY = ["taker", "contract", "partner", "oudlers"];
  document.addEventListener("tarot:deal-page", init);
  init();

  function init() {
    var form = document.getElementById("deal-form");
    if (!form || !form.elements.namedItem("dealer")) return;
    // The seats in order, the deal number and the rotation's dealers ahead, as the server
    // wrote them on the form (or, from a server that does not yet, the dealer list).
    var seated = form.dataset.seated ? JSON.parse(form.dataset.seated)
      : Array.prototype.map.call(field("dealer").options, function (o) { return o.value; });
    if (!form.dataset.number) {
      form.dataset.number = (/\d+/.exec(document.querySelector("main h1").textContent) || ["1"])[0];
    }
    var base = Number(form.dataset.number);
    var dealers = form.dataset.dealers ? JSON.parse(form.dataset.dealers) : [];
    var dealerOut = form.dataset.dealerOut === "1";
    var busy = false, bypass = false;

    function field(name) { return form.elements.namedItem(name); }
    function choose(name, value) {
      var select = field(name);
      if (!select || !select.options) return;
      for (var i = 0; i < select.options.length; i++) {
        if (select.options[i].value === value) { select.value = value; return; }
      }
    }

    function setNumber(number) {
      if (field("number")) field("number").value = String(number);
      form.dataset.number = String(number);
      var title = document.querySelector("#deal-page h1") || document.querySelector("main h1");
      if (title) title.textContent = queue.format(say.deal, {n: number});
    }

    // The rotation's dealer of deal ``number``, from the server's list.
    function dealerOf(number) { return dealers[number - base] || null; }

    // Go on from the last deal this phone knows of, when it is newer than the page: a deal
    // waiting to be sent, or (for a page from the cache) the last one saved from here.
    function continueFrom(known) {
      if (!known || known.number + 1 <= Number(form.dataset.number)) return;
      setNumber(known.number + 1);
      var dealer = dealerOf(known.number + 1);
      if (!dealer) return;
      choose("dealer", dealer);
      if (field("rotation")) field("rotation").value = dealer;
      if (dealerOut) choose("sitting_out", "");  // "the dealer": whoever deals sits out
      field("dealer").dispatchEvent(new Event("change", {bubbles: true}));
    }

    function newest() {
      return queue.entries().then(function (list) {
        var mine = list.filter(function (e) { return e.token === queue.here; });
        var known = mine.length ? mine[mine.length - 1] : null;
        if (!queue.copy) return known;
        return queue.last(queue.here).then(function (saved) {
          return !known || (saved && saved.number > known.number) ? saved || known : known;
        });
      });
    }

    // What the ledger shows of a waiting deal, in the page's own words.
    function summary(button) {
      if (button.name === "passed") return [["", button.textContent.trim()]];
      var pairs = [];
      SUMMARY.forEach(function (name) {
        var box = document.getElementById(name);
        var input = form.querySelector('input[name="' + name + '"]:checked');
        var label = input && form.querySelector('label[for="' + input.id + '"]');
        if (box && label) pairs.push([box.querySelector("legend").textContent.trim(), label.textContent.trim()]);
      });
      var points = field("points"), legend = form.querySelector("fieldset.points legend");
      var side = form.querySelector('input[name="points_side"]:checked');
      var sideLabel = side && form.querySelector('label[for="' + side.id + '"]');
      if (points && points.value && legend) {
        pairs.push([legend.textContent.trim(),
          points.value.trim() + (sideLabel ? " (" + sideLabel.textContent.trim() + ")" : "")]);
      }
      return pairs;
    }

    // A message as the server writes its own (its template on the page).
    function flash(text) {
      var template = document.getElementById("flash-template");
      if (!template) return;
      var box = template.content.firstElementChild.cloneNode(true);
      box.querySelector("p").textContent = text;
      document.querySelectorAll("main > .flash, #deal-page > .flash").forEach(function (old) {
        old.remove();
      });
      document.getElementById("queue-banner").after(box);
    }

    // After a deal was kept on the phone: this form becomes the next deal's.
    function nextDeal(entry) {
      form.reset();
      field("once").value = queue.newKey();
      continueFrom({number: entry.number, dealer: entry.dealer});
      form.dispatchEvent(new Event("change", {bubbles: true}));
      flash(say.queued);
      window.scrollTo(0, 0);
    }

    // Stored: the server's next form in this one's place, and the scripts start again.
    function inPlace(html, started, saved) {
      var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("deal-page");
      var page = document.getElementById("deal-page");
      if (!fresh || !page) return false;
      document.querySelectorAll("main > .flash").forEach(function (old) { old.remove(); });
      page.replaceWith(fresh);
      document.dispatchEvent(new Event("tarot:deal-page"));
      if (!saved) return true;  // refused: the form as typed, its first problem in view
      window.scrollTo(0, 0);
      queue.timed(performance.now() - started);
      return true;
    }

    form.addEventListener("submit", function (event) {
      var button = event.submitter;
      if (bypass || !button || (button.name !== "save" && button.name !== "passed")) return;
      event.preventDefault();
      if (busy) return;
      busy = true;
      var started = performance.now();
      var fields = [];
      new FormData(form).forEach(function (value, name) {
        if (name !== "preview") fields.push([name, String(value)]);
      });
      fields.push([button.name, button.value]);
      var entry = {
        id: field("once").value, token: queue.here, url: form.dataset.save || window.location.pathname,
        page: window.location.pathname, fields: fields, number: Number(form.dataset.number),
        dealer: field("dealer").value, seated: seated, time: Date.now(), state: "waiting",
        summary: summary(button), fresh: true
      };
      var done = function () { busy = false; };
      queue.put(entry).then(queue.flush).then(function () {
        return queue.entries();
      }).then(function (list) {
        var waiting = list.filter(function (e) { return e.id === entry.id; })[0];
        if (!waiting) {  // stored: the server's own form for the next deal
          if (inPlace(queue.answered(entry.id) || "", started, true)) return;
          sessionStorage.setItem("tarot-flash", queue.format(
            button.name === "passed" ? say.passed : say.saved, {number: entry.number}));
          window.location.assign(window.location.pathname);
        } else if (waiting.state === "waiting") {
          waiting.fresh = false;  // from now on, one deal of the queue as any other
          queue.put(waiting);
          nextDeal(entry);
          done();
        } else if (waiting.state === "number_taken" || waiting.state === "gone") {  // gone: a dead link's
          window.location.assign("/e/" + entry.token + "#waiting-" + entry.id);
        } else {
          // Refused as it was typed (seating changed, sheet closed, a field wrong): the
          // server's own form says why and keeps the typing, in this one's place (from a
          // server that does not send it, its page, as without JavaScript).
          var html = queue.answered(entry.id);
          queue.remove(entry.id).then(function () {
            if (html && inPlace(html, started, false)) return;
            bypass = true;
            form.requestSubmit(button);
          });
        }
      }).catch(done);
    });

    var saved = sessionStorage.getItem("tarot-flash");
    if (saved) {
      sessionStorage.removeItem("tarot-flash");
      // The server's own "Deal N saved · Undo" says it already, with its undo.
      if (!document.getElementById("just-saved")) flash(saved);
    }
    field("once").value = queue.newKey();
    newest().then(continueFrom).catch(function () {});
  }
})();
