// A deal said in one sentence (issue 30): the text field of templates/sheets/_sentence.html,
// typed or dictated (the phone keyboard's microphone, or the page's own where the browser
// has a speech API), is read by POST /api/v1/parse and the deal form around it is filled
// for the person to check: nothing is saved without Save. The players sent are the
// deal's, in seat order, without the one who sits out, with the other names the club
// knows them by (data-aliases). What was not said stays as it was;
// the missing choices are marked and named, the words not understood are shown. Each
// input filled is told with a change (or input) event, so that the form's own script
// (deal.js) updates the preview and the partners. Offline, the field says it needs the
// server and the taps work as always. The form hears a "sentence" event (detail: the
// API's answer) once it is filled. After a Save in place the page says
// "tarot:deal-page" and the new form's field is set up again.
(function () {
  "use strict";
  var Speech = window.SpeechRecognition || window.webkitSpeechRecognition;
  document.addEventListener("tarot:deal-page", init);
  init();

  function init() {
    document.querySelectorAll("[data-sentence]").forEach(setUp);
  }

  // The deal's players in seat order: the form's seating, less the one who sits out.
  function players(form) {
    var seated = JSON.parse(form.dataset.seated || "[]");
    if (form.dataset.dealerOut !== "1") return seated;
    var pick = function (name) {
      var field = form.elements.namedItem(name);
      return field && "value" in field ? field.value : "";
    };
    var out = pick("sitting_out") || pick("dealer");
    return seated.filter(function (name) { return name !== out; });
  }

  // The other names the club knows the deal's players by ("Dave" for David), as the
  // parse API takes them; null when there are none.
  function aliases(box, names) {
    var known = JSON.parse(box.dataset.aliases || "{}");
    var out = {};
    var any = false;
    names.forEach(function (name) {
      if (known[name] && known[name].length) { out[name] = known[name]; any = true; }
    });
    return any ? out : null;
  }

  // Checks the radio (or checkbox) `name` whose value is `value`, or sets a text field or
  // a select; returns the inputs changed.
  function set(form, name, value) {
    var changed = [];
    form.querySelectorAll('[name="' + name + '"]').forEach(function (input) {
      if (input.type === "radio") {
        var on = input.value === value;
        if (on && !input.checked && !input.disabled) { input.checked = true; changed.push(input); }
      } else if (input.type === "checkbox") {
        if (input.value === value && !input.checked) { input.checked = true; changed.push(input); }
      } else if (input.value !== value) {
        input.value = value;
        changed.push(input);
      }
    });
    return changed;
  }

  // The answer's fields, as the deal form names them.
  function fields(deal, form, lang) {
    var out = [];
    var seated = JSON.parse(form.dataset.seated || "[]");
    ["taker", "contract", "partner", "second_partner", "oudlers"].forEach(function (name) {
      if (name in deal) out.push([name, deal[name] === null ? "-" : String(deal[name])]);
    });
    if ("points" in deal) {
      var text = String(deal.points);
      out.push(["points_side", "attack"], ["points", lang === "fr" ? text.replace(".", ",") : text]);
    }
    (deal.poignees || []).forEach(function (p) {
      var seat = seated.indexOf(p.player);
      if (seat >= 0) out.push(["poignee_" + seat, p.size]);
    });
    if ("petit_au_bout" in deal) out.push(["petit_au_bout", deal.petit_au_bout || ""]);
    if (deal.petit_au_bout_player) out.push(["petit_au_bout_player", deal.petit_au_bout_player]);
    if (deal.chelem) {
      if (deal.chelem.announced) out.push(["chelem_announced", "y"]);
      if (deal.chelem.outcome) out.push(["chelem_outcome", deal.chelem.outcome]);
    }
    (deal.miseres || []).forEach(function (m) { out.push(["miseres", m.player]); });
    return out;
  }

  function mark(form, missing) {
    form.querySelectorAll(".sentence-missing").forEach(function (box) {
      box.classList.remove("sentence-missing");
    });
    missing.forEach(function (name) {
      var box = name === "points" ? form.querySelector("fieldset.points") : document.getElementById(name);
      if (box && form.contains(box)) box.classList.add("sentence-missing");
    });
  }

  function say(box, answer, words) {
    var parts = [];
    var named = function (field) { return words.names[field] || field; };
    if (answer.missing.length) parts.push(words.missing + " " + answer.missing.map(named).join(", "));
    if (answer.unknown.length) parts.push(words.unknown + " " + answer.unknown.join(", "));
    box.textContent = parts.length ? parts.join(" · ") : words.done;
    box.classList.toggle("error", answer.missing.length > 0);
  }

  function apply(form, answer, lang) {
    var changed = [];
    fields(answer.deal, form, lang).forEach(function (pair) {
      changed = changed.concat(set(form, pair[0], pair[1]));
    });
    changed.forEach(function (input) {
      var more = input.closest("details");
      if (more) more.open = true;
      var text = input.type === "text";
      input.dispatchEvent(new Event(text ? "input" : "change", {bubbles: true}));
      if (text) input.dispatchEvent(new Event("change", {bubbles: true}));
    });
    mark(form, answer.missing);
    form.dispatchEvent(new CustomEvent("sentence", {detail: answer}));
  }

  function read(box) {
    var field = box.querySelector("#sentence");
    var form = box.closest("form");
    var text = field.value.trim();
    var lang = box.dataset.lang === "en" ? "en" : "fr";
    var words = JSON.parse(box.dataset.words);
    var said = box.querySelector("[data-sentence-status]");
    if (!text || !form) return;
    var offline = function () { said.textContent = words.offline; said.classList.add("error"); };
    if (navigator.onLine === false) { offline(); return; }
    var body = {text: text, players: players(form), lang: lang};
    var others = aliases(box, body.players);
    if (others) body.aliases = others;
    fetch(box.dataset.url, {
      method: "POST",
      headers: {"Content-Type": "application/json", "Accept-Language": lang},
      body: JSON.stringify(body)
    }).then(function (response) {
      if (!response.ok) throw new Error(String(response.status));
      return response.json();
    }).then(function (answer) {
      apply(form, answer, lang);
      say(said, answer, words);
      box.dataset.read = "1";
    }).catch(function (error) {
      if (error instanceof TypeError) offline(); else { said.textContent = words.failed; said.classList.add("error"); }
    });
  }

  // The page's own microphone, where the browser has a speech API.
  function listen(box, mic) {
    var field = box.querySelector("#sentence");
    var said = box.querySelector("[data-sentence-status]");
    var words = JSON.parse(box.dataset.words);
    var speech = new Speech();
    speech.lang = box.dataset.lang === "en" ? "en-GB" : "fr-FR";
    speech.interimResults = false;
    speech.onresult = function (event) {
      field.value = event.results[0][0].transcript;
      read(box);
    };
    speech.onend = function () {
      mic.classList.remove("on");
      if (said.textContent === words.listening) said.textContent = "";  // nothing heard
    };
    mic.classList.add("on");
    said.textContent = words.listening;
    speech.start();
  }

  function setUp(box) {
    if (box.dataset.ready) return;
    box.dataset.ready = "1";
    var field = box.querySelector("#sentence");
    var form = box.closest("form");
    var mic = box.querySelector("[data-sentence-mic]");
    box.hidden = false;
    field.addEventListener("keydown", function (event) {
      if (event.key !== "Enter") return;
      event.preventDefault();  // read the sentence, do not send the form
      read(box);
    });
    box.querySelector("[data-sentence-read]").addEventListener("click", function () { read(box); });
    if (mic && Speech) {
      mic.hidden = false;
      mic.addEventListener("click", function () { listen(box, mic); });
    }
    // A choice made by hand is no longer missing.
    if (form) form.addEventListener("change", function (event) {
      var marked = event.target.closest && event.target.closest(".sentence-missing");
      if (marked) marked.classList.remove("sentence-missing");
    });
  }
})();
