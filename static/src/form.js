// The deal form, quicker with JavaScript: each problem next to its field as soon as the
// deal can be scored (preview.js), the points field focused once the oudlers are chosen,
// the player who sits out hidden from the roles and the taker's own button greyed in its
// place among the partners. After a refused save the first problem is brought into view;
// "everybody passed" on a filled form asks first; the undo offered after a save goes
// after a few seconds. The form's own words and lists are the server's, on the form
// (data-needed, data-points, data-dealer-out): this script keeps none of its own.

// Whether the deal can be scored: every choice it needs given, points written as the
// form says points are written. ``values``: the form's fields by name.
export function isComplete(needed, values, points) {
  return needed.length > 0 && needed.every((name) => given(name, values)) &&
    points.test(values.points || "");
}

// Something typed that "everybody passed" would throw away.
export function isTyped(needed, values) {
  return needed.some((name) => given(name, values));
}

function given(name, values) {
  const value = values[name] || "";
  return name === "points" ? value.trim() !== "" : value !== "";
}

// Who sits out of this deal: nobody, or the one chosen, or the dealer.
export function sittingOut(dealerOut, values) {
  return dealerOut ? values.sitting_out || values.dealer || null : null;
}

// The form's values by name: a checked radio's value, a field's value.
export function formValues(form) {
  const values = {};
  for (const field of form.elements) {
    if (!field.name) continue;
    if ((field.type === "radio" || field.type === "checkbox") && !field.checked) continue;
    if (!(field.name in values)) values[field.name] = field.value;
  }
  return values;
}

function hideSittingOut(form) {
  const values = formValues(form);
  const out = sittingOut(form.dataset.dealerOut === "1", values);
  const taker = values.taker || "";
  form.querySelectorAll("#taker .opt, #partner .opt, #second_partner .opt").forEach((opt) => {
    opt.classList.toggle("hidden", opt.dataset.value === out);
  });
  // The taker is not his own partner: "alone" (or "the taker's or in the chien") says
  // it. The taker's button stays in its place, greyed, so that no button moves.
  form.querySelectorAll("#partner .opt, #second_partner .opt").forEach((opt) => {
    const input = opt.querySelector("input");
    const off = opt.dataset.value === taker && taker !== "";
    opt.classList.toggle("off", off);
    if (input) {
      input.disabled = off;
      if (off) input.checked = false;
    }
  });
  const name = document.getElementById("dealer-name");
  if (name) name.textContent = values.dealer || "";
}

// "Everybody passed" on a form the table was filling in: ask on the page, as the server
// does without JavaScript, before anything is thrown away.
function askBeforePassing(form, needed) {
  const passed = form.querySelector("button.passed");
  const ask = document.getElementById("ask-passed-template");
  if (!passed || !ask) return;
  passed.addEventListener("click", (event) => {
    if (!isTyped(needed, formValues(form)) || document.getElementById("ask-passed")) return;
    event.preventDefault();
    const box = ask.content.firstElementChild.cloneNode(true);
    box.querySelector("button.keep").addEventListener("click", (e) => {
      e.preventDefault();
      box.remove();
      passed.focus();
    });
    passed.closest(".deal-top").after(box);
    box.querySelector("button.primary").focus();
  });
}

// After a refused save, the first problem where the eye is, and the focus on it.
function showFirstProblem(form) {
  const first = form.dataset.firstError && document.getElementById(form.dataset.firstError);
  if (!first) return;
  first.scrollIntoView({block: "center"});
  const input = first.matches("input, select") ? first : first.querySelector("input, select, summary");
  if (input) input.focus({preventScroll: true});
}

// The undo right after a save: a few seconds, then the form is the next deal's only.
// It belongs to the page that saved: a copy of the page from the phone's cache shows
// none. It goes without moving the form under a thumb: its place stays, empty.
function fadeUndo() {
  const undo = document.getElementById("just-saved");
  if (!undo) return;
  if (document.documentElement.dataset.offlineCopy === "1") {
    undo.remove();
    return;
  }
  setTimeout(() => {
    undo.classList.add("gone");
    undo.setAttribute("aria-hidden", "true");
    undo.querySelectorAll("button").forEach((b) => { b.disabled = true; });
  }, 1000 * Number(undo.dataset.seconds || 10));
}

// A chelem nobody ticked: the refusal's button marks the chelem the points mean, here,
// and the preview follows (without JavaScript the server marks it and shows the form).
function markChelemInPlace(form) {
  form.addEventListener("click", (event) => {
    const button = event.target.closest && event.target.closest(".mark-chelem");
    if (!button) return;
    const radio = form.querySelector(`input[name=chelem_outcome][value=${button.value}]`);
    if (!radio) return;
    event.preventDefault();
    radio.checked = true;
    form.querySelectorAll(".mark-chelem").forEach((b) => b.remove());
    radio.dispatchEvent(new Event("change", {bubbles: true}));
  });
}

// The form of this page: its behaviours started; ``changed`` hears every change of a
// choice or of the points (the preview's cue), with the delay it asks for.
export function startForm(form, changed = () => {}) {
  const needed = JSON.parse(form.dataset.needed || "[]");
  form.addEventListener("change", (event) => {
    const name = event.target.name;
    if (name === "oudlers") {
      const points = form.elements.namedItem("points");
      if (points && !points.value) points.focus();
    }
    if (["dealer", "sitting_out", "taker"].includes(name)) hideSittingOut(form);
    changed(120);
  });
  form.addEventListener("input", (event) => {
    if (event.target.name === "points") changed(250);
  });
  askBeforePassing(form, needed);
  markChelemInPlace(form);
  showFirstProblem(form);
  fadeUndo();
  hideSittingOut(form);
}
