// A deal said in one sentence (issue 30): the text field of templates/sheets/_sentence.html,
// typed or dictated with the phone keyboard's microphone, is read by POST /api/v1/parse
// and the form around it is filled by name: a radio button is checked when its value is
// the one said, a text field (the points) takes it as the page's language writes it.
// What was not said stays as it was; what is missing or not understood is said under the
// field. Every answer is also sent to the form as a "sentence" event (detail: the API's
// answer) for the fields a form lays out its own way (poignées, chelem, misères).
(function () {
  "use strict";
  var WORDS = {
    fr: {missing: "Pas dit : ", unknown: "Pas compris : ", done: "Rempli.", failed: "La phrase n'a pas pu être lue.",
      fields: {taker: "preneur", partner: "partenaire", contract: "contrat", oudlers: "bouts", points: "points",
        poignees: "poignée", petit_au_bout: "petit au bout", chelem: "chelem", miseres: "misère"}},
    en: {missing: "Not said: ", unknown: "Not understood: ", done: "Filled in.", failed: "The sentence could not be read.",
      fields: {taker: "taker", partner: "partner", contract: "contract", oudlers: "oudlers", points: "points",
        poignees: "poignée", petit_au_bout: "petit au bout", chelem: "chelem", miseres: "misère"}}
  };

  function fill(form, name, value, lang) {
    var changed = [];
    var text = value === null ? "" : String(value);
    if (name === "points" && lang === "fr") text = text.replace(".", ",");
    form.querySelectorAll('[name="' + name + '"]').forEach(function (input) {
      if (input.type === "radio" || input.type === "checkbox") {
        var on = input.value === text;
        if (input.checked !== on && (on || input.type === "radio")) {
          input.checked = on;
          if (on) changed.push(input);
        }
      } else if (input.value !== text) {
        input.value = text;
        changed.push(input);
      }
    });
    return changed;
  }

  function status(box, answer, words) {
    var parts = [];
    var named = function (field) { return words.fields[field] || field; };
    if (answer.missing.length) parts.push(words.missing + answer.missing.map(named).join(", "));
    if (answer.unknown.length) parts.push(words.unknown + answer.unknown.join(", "));
    box.textContent = parts.length ? parts.join(" · ") : words.done;
  }

  function read(box) {
    var field = box.querySelector("input[type=text]");
    var text = field.value.trim();
    var form = box.closest("form");
    var lang = box.dataset.lang === "en" ? "en" : "fr";
    var words = WORDS[lang];
    var said = box.querySelector("[data-sentence-status]");
    if (!text || !form) return;
    var body = {text: text, players: JSON.parse(box.dataset.players || "[]"), lang: lang};
    fetch(box.dataset.url || "/api/v1/parse", {
      method: "POST",
      headers: {"Content-Type": "application/json", "Accept-Language": lang},
      body: JSON.stringify(body)
    }).then(function (response) {
      if (!response.ok) throw new Error(String(response.status));
      return response.json();
    }).then(function (answer) {
      var changed = [];
      Object.keys(answer.deal).forEach(function (name) {
        var value = answer.deal[name];
        if (value === null || typeof value !== "object") changed = changed.concat(fill(form, name, value, lang));
      });
      form.dispatchEvent(new CustomEvent("sentence", {detail: answer}));
      changed.forEach(function (input) {
        input.dispatchEvent(new Event(input.type === "text" ? "input" : "change", {bubbles: true}));
      });
      status(said, answer, words);
    }).catch(function () {
      said.textContent = words.failed;
    });
  }

  document.querySelectorAll("[data-sentence]").forEach(function (box) {
    var field = box.querySelector("input[type=text]");
    var button = box.querySelector("[data-sentence-read]");
    if (!field) return;
    box.hidden = false;
    field.addEventListener("keydown", function (event) {
      if (event.key !== "Enter") return;
      event.preventDefault();  // read the sentence, do not send the form
      read(box);
    });
    field.addEventListener("change", function () { read(box); });
    if (button) button.addEventListener("click", function () { read(box); });
  });
})();
