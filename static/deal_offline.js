// The new deal's form, when the server may not answer: Save puts the deal in the phone's
// queue (offline.js) and sends it from there, in order after any deal still waiting. When
// the server does not acknowledge it, the deal stays on the phone, shown on the ledger,
// and this form goes on to the next deal: its number after the waiting one, its dealer
// the next seat. Without JavaScript, or on a server too old to say what it stored, the
// form posts as it always did.
(function () {
  "use strict";
  var form = document.getElementById("deal-form");
  var queue = window.tarotQueue;
  if (!form || !queue || !field("dealer") || !/\/deals\/new$/.test(window.location.pathname)) {
    return;
  }
  // The seats in order, and the deal number, as the server wrote them on the form (or,
  // from a server that does not yet, the dealer list and the title).
  var seated = form.dataset.seated ? JSON.parse(form.dataset.seated)
    : Array.prototype.map.call(field("dealer").options, function (o) { return o.value; });
  if (!form.dataset.number) {
    form.dataset.number = (/\d+/.exec(document.querySelector("main h1").textContent) || ["1"])[0];
  }
  var dealerOut = form.dataset.dealerOut === "1";
  var say = queue.say;
  var busy = false, bypass = false;
  var SUMMARY = ["taker", "contract", "partner", "oudlers"];

  function field(name) { return form && form.elements.namedItem(name); }
  function choose(name, value) {
    var select = field(name);
    if (!select || !select.options) return;
    for (var i = 0; i < select.options.length; i++) {
      if (select.options[i].value === value) { select.value = value; return; }
    }
  }
  // A key made on the phone, the same for every resend of this deal: the server stores
  // a key once. (crypto.randomUUID needs HTTPS; a phone on the club's wifi may not have it.)
  function newKey() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) {
      return (b < 16 ? "0" : "") + b.toString(16);
    }).join("");
  }

  function setNumber(number) {
    if (field("number")) field("number").value = String(number);
    form.dataset.number = String(number);
    var title = document.querySelector("main h1");
    if (title) title.textContent = queue.format(say.deal, {n: number});
  }

  // Go on from the last deal this phone knows of, when it is newer than the page: a deal
  // waiting to be sent, or (for a page from the cache) the last one saved from here.
  function continueFrom(known) {
    if (!known || known.number + 1 <= Number(form.dataset.number)) return;
    setNumber(known.number + 1);
    var dealer = queue.nextSeat(seated, known.dealer);
    if (!dealer) return;
    choose("dealer", dealer);
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

  function flash(text) {
    var box = document.createElement("div");
    box.className = "flash";
    box.setAttribute("role", "status");
    var p = document.createElement("p");
    p.textContent = text;
    box.appendChild(p);
    document.querySelectorAll("main > .flash").forEach(function (old) { old.remove(); });
    document.getElementById("queue-banner").after(box);
  }

  // After a deal was kept on the phone: this form becomes the next deal's.
  function nextDeal(entry) {
    form.reset();
    field("once").value = newKey();
    continueFrom({number: entry.number, dealer: entry.dealer});
    form.dispatchEvent(new Event("change", {bubbles: true}));
    flash(say.queued);
    window.scrollTo(0, 0);
  }

  form.addEventListener("submit", function (event) {
    var button = event.submitter;
    if (bypass || !button || (button.name !== "save" && button.name !== "passed")) return;
    event.preventDefault();
    if (busy) return;
    busy = true;
    var fields = [];
    new FormData(form).forEach(function (value, name) {
      if (name !== "preview") fields.push([name, String(value)]);
    });
    fields.push([button.name, button.value]);
    var entry = {
      id: field("once").value, token: queue.here, url: window.location.pathname,
      fields: fields, number: Number(form.dataset.number), dealer: field("dealer").value,
      seated: seated, time: Date.now(), state: "waiting", summary: summary(button), fresh: true
    };
    var done = function () { busy = false; };
    queue.put(entry).then(queue.flush).then(function () {
      return queue.entries();
    }).then(function (list) {
      var kept = list.filter(function (e) { return e.id === entry.id; })[0];
      if (!kept) {  // stored: the server's own page for the next deal
        sessionStorage.setItem("tarot-flash", queue.format(
          button.name === "passed" ? say.passed : say.saved, {number: entry.number}));
        window.location.assign(window.location.pathname);
      } else if (kept.state === "waiting") {
        kept.fresh = false;  // from now on, one deal of the queue as any other
        queue.put(kept);
        nextDeal(entry);
        done();
      } else if (kept.state === "number_taken" || kept.state === "gone") {  // gone: a dead link's
        window.location.assign("/e/" + entry.token + "#waiting-" + entry.id);
      } else {
        // Refused as it was typed (seating changed, sheet closed, a field wrong): the
        // server's own page says why and keeps the typing, as without JavaScript.
        queue.remove(entry.id).then(function () {
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
  field("once").value = newKey();
  newest().then(continueFrom).catch(function () {});
})();
