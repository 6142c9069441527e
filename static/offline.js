// Deals kept on the phone until the server has them. A Save that does not reach the
// server (no network, a timeout, a server down or failing) waits here, in IndexedDB, and
// is sent again, oldest first and one at a time: at start, when the connection returns,
// when the page comes back in sight, and every 20 seconds. A deal leaves the queue only
// when the server says it stored it; the key made on the phone for it goes with every
// resend, so the server stores it once however many times it arrives.
// This script also registers the service worker, and shows the banner and the ledger's
// "waiting to be sent" list. The deal form's part is in deal_offline.js.
// A deal whose link stopped working (410: replaced, or its evening deleted) is never
// sent again: it is shown as refused, with why, to copy by hand or drop.
(function () {
  "use strict";
  var words = document.getElementById("offline");
  if (!words) return;
  var say = words.dataset;
  var copy = document.documentElement.dataset.offlineCopy === "1";
  // "No connection" while the server cannot be reached, on a page from the service
  // worker's cache: it goes as soon as the server answers again.
  function connection(up) {
    var note = document.getElementById("offline-copy");
    if (up && note) note.remove();
    if (up || note || !copy) return;
    note = document.createElement("p");
    note.id = "offline-copy";
    note.className = "offline-copy";
    note.setAttribute("role", "status");
    note.textContent = say.copy;
    document.getElementById("queue-banner").after(note);
  }
  connection(!copy);
  if ("serviceWorker" in navigator && say.sw) {
    navigator.serviceWorker.register(say.sw, {scope: "/"}).catch(function () {});
  }
  if (!window.indexedDB || !window.fetch || !window.Promise) return;

  var TIMEOUT = 8000, EVERY = 20000;
  var sheet = /^\/e\/([^/]+)/.exec(window.location.pathname);
  var here = sheet ? sheet[1] : null;
  var STOPPED = ["number_taken", "seating_changed", "full", "closed", "invalid"];
  var answers = {};  // the next form the server rendered for a deal saved from this page

  // The store: "queue" holds the deals to send, by their key; "last" the last deal this
  // phone knows of on each sheet (saved or waiting), to continue the dealer rotation.
  var opening = null;
  function database() {
    if (!opening) {
      opening = new Promise(function (resolve, reject) {
        var request = indexedDB.open("tarot", 1);
        request.onupgradeneeded = function () {
          request.result.createObjectStore("queue", {keyPath: "id"});
          request.result.createObjectStore("last", {keyPath: "token"});
        };
        request.onsuccess = function () { resolve(request.result); };
        request.onerror = function () { reject(request.error); };
      });
    }
    return opening;
  }
  function run(name, mode, work) {
    return database().then(function (db) {
      return new Promise(function (resolve, reject) {
        var tx = db.transaction(name, mode), result;
        var request = work(tx.objectStore(name));
        if (request) request.onsuccess = function () { result = request.result; };
        tx.oncomplete = function () { resolve(result); };
        tx.onerror = tx.onabort = function () { reject(tx.error); };
      });
    });
  }
  function entries() {
    return run("queue", "readonly", function (s) { return s.getAll(); }).then(function (list) {
      return list.sort(function (a, b) { return a.time - b.time || a.number - b.number; });
    });
  }
  function put(entry) { return run("queue", "readwrite", function (s) { return s.put(entry); }); }
  function remove(id) { return run("queue", "readwrite", function (s) { return s.delete(id); }); }
  function last(token) { return run("last", "readonly", function (s) { return s.get(token); }); }
  function remember(token, number, dealer) {
    return run("last", "readwrite", function (s) {
      return s.put({token: token, number: number, dealer: dealer, time: Date.now()});
    });
  }

  function setField(entry, name, value) {
    entry.fields = entry.fields.filter(function (f) { return f[0] !== name; });
    entry.fields.push([name, String(value)]);
  }
  function pathOf(url) { return new URL(url, window.location.href).pathname; }

  // One POST of a deal; what the server answered, as one word and its details.
  function post(entry) {
    var body = new URLSearchParams();
    entry.fields.forEach(function (f) { body.append(f[0], f[1]); });
    if (entry.asNext) body.set("as_next", "1");
    if (entry.fresh) body.set("page", "1");  // the page waits: the next form with the answer
    var stop = new AbortController();
    var timer = setTimeout(function () { stop.abort(); }, TIMEOUT);
    return fetch(entry.url, {
      method: "POST", body: body, credentials: "same-origin", cache: "no-store",
      headers: {"Accept": "application/json"}, signal: stop.signal
    }).then(function (response) {
      connection(true);
      var json = (response.headers.get("Content-Type") || "").indexOf("application/json") === 0;
      return (json ? response.json() : Promise.resolve(null)).catch(function () { return null; })
        .then(function (answer) { return verdict(entry, response, answer); });
    }).catch(function () {
      connection(false);
      return {kind: "later"};  // offline, timed out, cut: not acknowledged
    }).then(function (result) { clearTimeout(timer); return result; });
  }

  function verdict(entry, response, answer) {
    var status = answer && answer.status;
    if (response.ok && (status === "saved" || status === "replayed")) {
      return {kind: "saved", number: answer.number, dealer: answer.dealer, html: answer.html};
    }
    if (response.status === 410) return {kind: "gone", message: (answer && answer.message) || say.gone};
    if (response.status === 409 && STOPPED.indexOf(status) >= 0) {
      return {kind: status, message: answer.message || "", theirs: answer.theirs || "",
              number: answer.number, html: answer.html, dealer: answer.dealer};
    }
    if (response.status === 422 && answer) {
      var errors = answer.errors || {}, text = [];
      Object.keys(errors).forEach(function (k) { text = text.concat(errors[k]); });
      return {kind: "invalid", message: text.join(" "), html: answer.html};
    }
    // A server that answers the form as HTML: back to the next deal's form means stored.
    if (response.ok && response.redirected && pathOf(response.url) === pathOf(entry.url)) {
      return {kind: "saved", number: entry.number};
    }
    // Any other answer of ours in HTML (a form with errors, a redirect to the ledger): the
    // server said something that only its page can show.
    if ((response.ok && response.redirected || response.status >= 400 && response.status < 500) &&
        !answer) {
      return {kind: "refused"};
    }
    return {kind: "later"};  // 5xx, a proxy's 502 or 503, an answer that is not ours
  }

  // A refusal without a reason is most likely an expired form (its CSRF token): take a
  // fresh token from the deal form, once, and send again.
  function freshToken(entry) {
    var page = entry.page || entry.url;
    return fetch(page, {credentials: "same-origin", cache: "no-store"}).then(function (r) {
      return r.ok ? r.text() : "";
    }).then(function (html) {
      var input = new DOMParser().parseFromString(html, "text/html")
        .querySelector('input[name="csrf_token"]');
      if (!input) return false;
      setField(entry, "csrf_token", input.value);
      return put(entry).then(function () { return true; });
    }).catch(function () { return false; });
  }

  // Send one deal and keep what the server said; "saved", "later", or why it stopped.
  // A deal just typed (``entry.fresh``) and refused goes back to its form instead.
  function send(entry, retried) {
    return post(entry).then(function (result) {
      if (result.kind === "refused" && !entry.fresh && !retried) {
        return freshToken(entry).then(function (ok) {
          return ok ? send(entry, true) : settle(entry, {kind: "later"});
        });
      }
      if (result.kind === "refused" && !entry.fresh) result = {kind: "later"};
      return settle(entry, result);
    });
  }

  function settle(entry, result) {
    if (result.html) answers[entry.id] = result.html;
    if (result.kind === "saved") {
      var number = Number(result.number) || entry.number;
      return remove(entry.id).then(function () {
        return remember(entry.token, number, result.dealer || entry.dealer);
      }).then(function () {
        return shift(entry, number - entry.number);
      }).then(function () { return "saved"; });
    }
    if (result.kind === "later" && !entry.fresh) return Promise.resolve("later");
    entry.fresh = false;
    if (result.kind === "later") return put(entry).then(function () { return "later"; });
    entry.state = result.kind;
    entry.message = result.message || "";
    entry.theirs = result.theirs || "";
    // The card keeps the deal as typed, its number and its dealer (not the dealer of the
    // deal it would be next: "save mine as the next deal" is answered with that one).
    return put(entry).then(function () { return result.kind; });
  }

  // The deals entered after ``entry`` on its sheet were numbered after it: they move
  // with it when it is stored under another number, or dropped.
  function shift(entry, by) {
    if (!by) return Promise.resolve();
    return entries().then(function (list) {
      return Promise.all(list.filter(function (e) {
        return e.token === entry.token && e.time > entry.time;
      }).map(function (e) {
        e.number += by;
        setField(e, "number", e.number);
        return put(e);
      }));
    });
  }

  // Send what waits, in order; a sheet whose deal needs the person's choice waits for it.
  function sendAll() {
    return entries().then(function (list) {
      var stopped = {}, saved = 0;
      function next(i) {
        if (i >= list.length) return saved;
        var entry = list[i];
        if (stopped[entry.token] || entry.state !== "waiting") {
          stopped[entry.token] = true;
          return next(i + 1);
        }
        return send(entry).then(function (outcome) {
          if (outcome === "later") return saved;  // not reached: try again later, in order
          if (outcome === "saved") saved += 1; else stopped[entry.token] = true;
          return next(i + 1);
        });
      }
      return next(0);
    });
  }

  var pending = null, chain = Promise.resolve(0);
  function flush() {
    if (pending) return pending;
    pending = chain.then(function () {
      pending = null;
      var work = function () { return sendAll(); };
      // Two tabs of one phone never send at once (where the browser can tell them).
      return navigator.locks ? navigator.locks.request("tarot-queue", work) : work();
    }).catch(function () { return 0; }).then(function (saved) {
      return render().then(function () {
        if (saved && ledger) window.location.reload();  // the ledger shows the stored scores
        return saved;
      });
    });
    chain = pending;
    return pending;
  }

  // What the page shows: the banner on every page, the list on the sheet's ledger.
  var banner = document.getElementById("queue-banner");
  var ledger = document.getElementById("waiting");
  function show(element, text) {
    if (!element) return;
    element.textContent = text;
    element.hidden = false;
  }
  // The page's words with their one number in place: "%(num)s", or the number 987654321
  // that the template gave to words written with "%(n)d".
  function format(text, values) {
    var value = values[Object.keys(values)[0]];
    return text.replace(/%\((\w+)\)s|987654321/g, function () { return String(value); });
  }
  // A key made on the phone, the same for every resend of a deal: the server stores a key
  // once. (crypto.randomUUID needs HTTPS; a phone on the club's wifi may not have it.)
  function newKey() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) {
      return (b < 16 ? "0" : "") + b.toString(16);
    }).join("");
  }
  // The next form the server rendered for a deal saved from this page, once.
  function answered(id) {
    var html = answers[id];
    delete answers[id];
    return html;
  }
  // How long a Save took to show the next form, in the page (make bench reads it).
  var timings = window.tarotTimings = [];
  function timed(ms) {
    timings.push(ms);
    document.documentElement.dataset.saveMs = String(Math.round(ms));
  }

  function render() {
    return entries().then(function (list) {
      var mine = here ? list.filter(function (e) { return e.token === here; }) : list;
      var choices = mine.filter(function (e) { return e.state !== "waiting"; });
      banner.hidden = !mine.length;
      document.getElementById("queue-count").textContent = mine.length === 1
        ? say.one : format(say.many, {num: mine.length});
      var link = document.getElementById("queue-choice");
      link.hidden = !choices.length || !!ledger;
      if (choices.length) {  // a sentence of its own after the count: "It needs your choice."
        link.textContent = mine.length === 1 ? say.chooseIt
          : choices.length === 1 ? say.chooseOne : format(say.chooseMany, {num: choices.length});
        link.href = "/e/" + choices[0].token + "#waiting";
      }
      if (ledger) list_(mine);
      return mine;
    }).catch(function () { return []; });
  }

  function list_(mine) {
    var ol = ledger.querySelector("ol");
    ol.replaceChildren();
    ledger.hidden = !mine.length;
    mine.forEach(function (entry) { ol.appendChild(item(entry)); });
    // The dealer after the newest waiting deal: the server's rotation, as the ledger
    // lists its dealers ahead (this script holds no rule of the rotation).
    var next = document.getElementById("next-dealer");
    var newest = mine[mine.length - 1];
    var dealers = ledger.dataset.dealers ? JSON.parse(ledger.dataset.dealers) : [];
    var ahead = newest && dealers[newest.number + 1 - Number(ledger.dataset.number)];
    if (next && ahead) next.textContent = ahead;
  }

  function element(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text) e.textContent = text;
    return e;
  }

  function item(entry) {
    var li = element("li", "waiting-deal" + (entry.state === "waiting" ? "" : " attention"));
    li.id = "waiting-" + entry.id;
    var head = element("p", "waiting-head");
    head.appendChild(element("strong", "", format(say.deal, {n: entry.number})));
    head.appendChild(document.createTextNode(" "));
    head.appendChild(element("span", "waiting-state",
      entry.state === "waiting" ? say.waiting : say.attention));
    li.appendChild(head);
    var dl = element("dl", "waiting-fields");
    var colon = /\s*:\s*$/.exec(say.dealer);  // "Dealer:", "Donneur :"
    [[say.dealer.slice(0, colon ? colon.index : undefined), entry.dealer]]
      .concat(entry.summary || []).forEach(function (pair) {
        var div = element("div");
        if (pair[0]) div.appendChild(element("dt", "", pair[0] + (colon ? colon[0] : "") + " "));
        div.appendChild(element("dd", "", pair[1]));
        dl.appendChild(div);
        dl.appendChild(document.createTextNode(" "));
      });
    li.appendChild(dl);
    if (entry.state === "waiting") return li;
    if (entry.message) li.appendChild(element("p", "error", entry.message));
    if (entry.theirs && entry.message.indexOf(entry.theirs) < 0) {  // unless already said
      var theirs = element("p", "theirs");
      theirs.appendChild(element("span", "", say.theirs + " "));
      theirs.appendChild(element("strong", "", entry.theirs));
      li.appendChild(theirs);
    }
    var actions = element("div", "actions");
    if (entry.state === "gone") actions.appendChild(copyButton(entry));
    if (entry.state === "number_taken") {
      var mineNext = element("button", "primary", say.asNext);
      mineNext.type = "button";
      mineNext.name = "as_next";
      mineNext.addEventListener("click", function () { choose(entry, true); });
      actions.appendChild(mineNext);
    } else if (entry.state === "seating_changed") {
      var again = element("a", "button", say.again);
      again.href = ledger.dataset.form;
      actions.appendChild(again);
    }
    var drop = element("button", "danger", say.drop);
    drop.type = "button";
    drop.name = "drop";
    drop.addEventListener("click", function () { choose(entry, false); });
    actions.appendChild(drop);
    li.appendChild(actions);
    return li;
  }

  // A refused deal as text, to paste into the new sheet's form by hand or a message.
  function copyButton(entry) {
    var button = element("button", "", say.copyDeal);
    button.type = "button";
    button.name = "copy";
    var text = [format(say.deal, {n: entry.number}), say.dealer + " " + entry.dealer]
      .concat((entry.summary || []).map(function (pair) { return pair.join(" "); })).join("\n");
    button.addEventListener("click", function () {
      var done = navigator.clipboard ? navigator.clipboard.writeText(text) : Promise.reject();
      done.then(function () { button.textContent = say.copied; }, function () {
        window.prompt(say.copyDeal, text);
      });
    });
    return button;
  }

  // The person's choice for a deal the server could not store as it was entered.
  function choose(entry, asNext) {
    var done;
    if (asNext) {
      entry.state = "waiting";
      entry.asNext = true;
      entry.message = entry.theirs = "";
      done = put(entry);
    } else {
      // Dropped: the deals after it move up one, unless another phone's deal took its place.
      done = remove(entry.id).then(function () {
        return entry.state === "number_taken" ? null : shift(entry, -1);
      });
    }
    return done.then(render).then(flush);
  }

  window.tarotQueue = {
    here: here, copy: copy, say: say, format: format, newKey: newKey, answered: answered,
    timed: timed,
    entries: entries, put: put, remove: remove, last: last, remember: remember,
    send: send, flush: flush, render: render
  };

  document.getElementById("send-now").addEventListener("click", flush);
  window.addEventListener("online", function () { connection(true); flush(); });
  window.addEventListener("offline", function () { connection(false); });
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") flush();
  });
  setInterval(flush, EVERY);
  render();
  flush();
})();
