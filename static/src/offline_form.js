// The deal form of an evening started offline, drawn by the script: the same fields, names
// and markup as the server's deal form (templates/sheets/_deal_main.html, the choices
// macro of templates/_form.html), so that a deal kept here is posted to the server as the
// server's own form posts it. The words are the page's (its data-words).

import {NO_PARTNER} from "./offline_evening.js";

function element(tag, attributes = {}, text) {
  const e = document.createElement(tag);
  Object.entries(attributes).forEach(([k, v]) => e.setAttribute(k, v));
  if (text !== undefined) e.textContent = text;
  return e;
}

// A group of choices: [value, label] pairs, as the choices macro draws them.
function choices(id, name, legend, options, {cls = "", kind = "radio", checked = null} = {}) {
  const fieldset = element("fieldset", {class: `seg ${cls}`.trim(), id});
  const box = element("div", {class: "options"});
  options.forEach(([value, label], i) => {
    const span = element("span", {class: "opt", "data-value": value});
    const input = element("input", {class: "sr", id: `${id}-${i}`, name, type: kind, value});
    if (value === checked) input.checked = true;
    span.append(input, element("label", {for: `${id}-${i}`}, label));
    box.append(span);
  });
  fieldset.append(element("legend", {}, legend), box);
  return fieldset;
}

function points(say) {
  const fieldset = element("fieldset", {class: "points", id: "points-box"});
  const input = element("input", {
    id: "points", name: "points", type: "text", inputmode: "decimal", autocomplete: "off",
    maxlength: "10", "aria-label": say.points,
  });
  fieldset.append(element("legend", {}, say.points), input);
  return fieldset;
}

function more(id, summary, children) {
  const details = element("details", {class: "more", id});
  details.append(element("summary", {}, summary), ...children);
  return details;
}

function called(players, say) {
  const people = players.map((p) => [p, p]);
  if (players.length === 6) {
    return [
      choices("partner", "partner", say.king, [[NO_PARTNER, say.chien], ...people], {cls: "people called"}),
      choices("second_partner", "second_partner", say.queen, [[NO_PARTNER, say.chien], ...people], {cls: "people called"}),
    ];
  }
  if (players.length === 5) {
    return [choices("partner", "partner", say.partner, [[NO_PARTNER, say.alone], ...people], {cls: "people"})];
  }
  return [];
}

// The fields only some rules have: who took the petit au bout where that player alone
// is paid, and the misères where they are paid.
function ruled(players, rules, say) {
  const people = players.map((p) => [p, p]);
  const found = [];
  if (rules.petit_au_bout === "player_flat") {
    found.push(choices("petit_au_bout_player", "petit_au_bout_player", say.takenBy, [["", "—"], ...people], {checked: ""}));
  }
  if (rules.misere) {
    found.push(more("miseres-box", say.misere, [choices("miseres", "miseres", say.misere, people, {kind: "checkbox"})]));
  }
  return found;
}

// The form's fields for one deal, in ``box``: ``players`` play it, seated as ``seating``.
export function drawForm(box, {players, seating, rules, contracts, say}) {
  const sides = [["attack", say.attack], ["defense", say.defence]];
  const sizes = [["", say.none], ["simple", say.simple], ["double", say.double], ["triple", say.triple]];
  const poignees = players.map((p) => choices(`poignee_${seating.indexOf(p)}`,
    `poignee_${seating.indexOf(p)}`, p, sizes, {cls: "poignee", checked: ""}));
  const announced = element("div", {class: "check"});
  announced.append(element("input", {id: "chelem_announced", name: "chelem_announced", type: "checkbox", value: "y"}),
    element("label", {for: "chelem_announced"}, say.announced));
  box.replaceChildren(
    choices("taker", "taker", say.taker, players.map((p) => [p, p]), {cls: "people"}),
    choices("contract", "contract", say.contract, rules.contracts.map((c) => [c, contracts[c] || c])),
    ...called(players, say),
    choices("oudlers", "oudlers", say.oudlers, ["0", "1", "2", "3"].map((n) => [n, n])),
    points(say),
    choices("petit_au_bout", "petit_au_bout", say.petit, [["", say.no], ...sides], {checked: ""}),
    ...ruled(players, rules, say),
    more("poignees", say.poignees, poignees),
    more("chelem", say.chelem, [announced,
      choices("chelem_outcome", "chelem_outcome", say.every, [["none", say.nobody], ...sides], {checked: "none"})]),
  );
}

const PLACES = {points: "points-box", players: "taker", chelem: "chelem_outcome"};

// The problems the rules found (the scoring's errors by field), each under its field;
// those of no field of the form before the Save button.
export function showProblems(form, errors) {
  form.querySelectorAll(".live-error").forEach((old) => old.remove());
  Object.entries(errors || {}).forEach(([field, messages]) => {
    const target = document.getElementById(PLACES[field] || field) || document.getElementById("preview");
    const p = element("p", {class: "error live-error", role: "alert"}, messages.join(" "));
    if (target.id === "preview") target.before(p); else target.append(p);
    const fold = target.closest("details");
    if (fold) fold.open = true;  // a problem is never hidden in a closed section
  });
}

// What the ledger lists of a deal kept here: its legends and chosen labels.
export function summaryOf(form) {
  const pairs = [];
  ["taker", "contract", "partner", "oudlers"].forEach((name) => {
    const input = form.querySelector(`input[name="${name}"]:checked`);
    const box = document.getElementById(name);
    if (input && box) {
      pairs.push([box.querySelector("legend").textContent, form.querySelector(`label[for="${input.id}"]`).textContent]);
    }
  });
  const typed = form.elements.namedItem("points");
  if (typed && typed.value) pairs.push([form.querySelector("#points-box legend").textContent, typed.value.trim()]);
  return pairs;
}
