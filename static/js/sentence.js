// static/src/sentence.js
function players(seated, dealerOut, values) {
  if (!dealerOut) return seated;
  const out = values.sitting_out || values.dealer || "";
  return seated.filter((name) => name !== out);
}
function aliases(known, names) {
  const out = {};
  names.forEach((name) => {
    if (known[name] && known[name].length) out[name] = known[name];
  });
  return Object.keys(out).length ? out : null;
}
function fields(deal, seated, lang) {
  const out = [];
  ["taker", "contract", "partner", "second_partner", "oudlers"].forEach((name) => {
    if (name in deal) out.push([name, deal[name] === null ? "-" : String(deal[name])]);
  });
  if ("points" in deal) {
    const text = String(deal.points);
    out.push(["points_side", "attack"], ["points", lang === "fr" ? text.replace(".", ",") : text]);
  }
  return out.concat(bonuses(deal, seated));
}
function bonuses(deal, seated) {
  const out = [];
  (deal.poignees || []).forEach((p) => {
    const seat = seated.indexOf(p.player);
    if (seat >= 0) out.push(["poignee_" + seat, p.size]);
  });
  if ("petit_au_bout" in deal) out.push(["petit_au_bout", deal.petit_au_bout || ""]);
  if (deal.petit_au_bout_player) out.push(["petit_au_bout_player", deal.petit_au_bout_player]);
  const chelem = deal.chelem || {};
  if (chelem.announced) out.push(["chelem_announced", "y"]);
  if (chelem.outcome) out.push(["chelem_outcome", chelem.outcome]);
  (deal.miseres || []).forEach((m) => out.push(["miseres", m.player]));
  return out;
}
function set(form, name, value) {
  const changed = [];
  form.querySelectorAll(`[name="${name}"]`).forEach((input) => {
    if (input.type === "radio") {
      if (input.value === value && !input.checked && !input.disabled) {
        input.checked = true;
        changed.push(input);
      }
    } else if (input.type === "checkbox") {
      if (input.value === value && !input.checked) {
        input.checked = true;
        changed.push(input);
      }
    } else if (input.value !== value) {
      input.value = value;
      changed.push(input);
    }
  });
  return changed;
}
function mark(form, missing) {
  form.querySelectorAll(".sentence-missing").forEach((box) => box.classList.remove("sentence-missing"));
  missing.forEach((name) => {
    const box = name === "points" ? form.querySelector("fieldset.points") : document.getElementById(name);
    if (box && form.contains(box)) box.classList.add("sentence-missing");
  });
}
function tell(status, answer, words) {
  const parts = [];
  const named = (field) => words.names[field] || field;
  if (answer.missing.length) parts.push(words.missing + " " + answer.missing.map(named).join(", "));
  if (answer.unknown.length) parts.push(words.unknown + " " + answer.unknown.join(", "));
  status.textContent = parts.length ? parts.join(" · ") : words.done;
  status.classList.toggle("error", answer.missing.length > 0);
}
function apply(form, answer, lang) {
  const seated = JSON.parse(form.dataset.seated || "[]");
  const changed = fields(answer.deal, seated, lang).flatMap(([name, value]) => set(form, name, value));
  changed.forEach((input) => {
    const more = input.closest("details");
    if (more) more.open = true;
    const text = input.type === "text";
    input.dispatchEvent(new Event(text ? "input" : "change", { bubbles: true }));
    if (text) input.dispatchEvent(new Event("change", { bubbles: true }));
  });
  mark(form, answer.missing);
  form.dispatchEvent(new CustomEvent("sentence", { detail: answer }));
}
function formValues(form) {
  const pick = (name) => {
    const field = form.elements.namedItem(name);
    return field && "value" in field ? field.value : "";
  };
  return { sitting_out: pick("sitting_out"), dealer: pick("dealer") };
}
function read(box) {
  const field = box.querySelector("#sentence");
  const form = box.closest("form");
  const text = field.value.trim();
  const lang = box.dataset.lang === "en" ? "en" : "fr";
  const words = JSON.parse(box.dataset.words);
  const status = box.querySelector("[data-sentence-status]");
  if (!text || !form) return;
  const offline = () => {
    status.textContent = words.offline;
    status.classList.add("error");
  };
  if (navigator.onLine === false) {
    offline();
    return;
  }
  const seated = JSON.parse(form.dataset.seated || "[]");
  const body = { text, players: players(seated, form.dataset.dealerOut === "1", formValues(form)), lang };
  const others = aliases(JSON.parse(box.dataset.aliases || "{}"), body.players);
  if (others) body.aliases = others;
  fetch(box.dataset.url, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Accept-Language": lang },
    body: JSON.stringify(body)
  }).then((response) => {
    if (!response.ok) throw new Error(String(response.status));
    return response.json();
  }).then((answer) => {
    apply(form, answer, lang);
    tell(status, answer, words);
    box.dataset.read = "1";
  }).catch((error) => {
    if (error instanceof TypeError) {
      offline();
    } else {
      status.textContent = words.failed;
      status.classList.add("error");
    }
  });
}
function listen(box, mic) {
  const Speech = window.SpeechRecognition || window.webkitSpeechRecognition;
  const field = box.querySelector("#sentence");
  const status = box.querySelector("[data-sentence-status]");
  const words = JSON.parse(box.dataset.words);
  const speech = new Speech();
  speech.lang = box.dataset.lang === "en" ? "en-GB" : "fr-FR";
  speech.interimResults = false;
  speech.onresult = (event) => {
    field.value = event.results[0][0].transcript;
    read(box);
  };
  speech.onend = () => {
    mic.classList.remove("on");
    if (status.textContent === words.listening) status.textContent = "";
  };
  mic.classList.add("on");
  status.textContent = words.listening;
  speech.start();
}
export {
  aliases,
  fields,
  listen,
  players,
  read
};
