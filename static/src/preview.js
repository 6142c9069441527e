// The preview as the table fills the form: the server scores the deal as typed and
// renders it (POST /e/<link>/deals/preview, or the correction's own page with
// X-Preview), exactly as for the Preview button without JavaScript. Asked only once the
// deal can be scored; each problem is shown under its field. Offline, the preview says
// the scores the phone's scoring twin gives, marked "not yet sent" (or, where it cannot
// be had, when the score will come): Save keeps the deal on the phone.

import {formValues, isComplete} from "./form.js";
import {fieldsOf, problemsBox, scoreOnPhone, scoresShown, tableOf} from "./phone_scores.js";
import {wordsOf} from "./words.js";

// The problems the server found, each under its field (as the page without JavaScript
// shows them); the form's own problems stay in the preview.
function showProblems(form, box) {
  if (!box) {
    form.querySelectorAll(".live-error").forEach((old) => old.remove());
    return;
  }
  // The deal as it is now replaces what the last save was told (said once, not twice).
  form.querySelectorAll("fieldset .error, #poignees .error").forEach((old) => old.remove());
  box.querySelectorAll(".error[data-for]").forEach((error) => {
    let target = document.getElementById(error.dataset.for);
    if (target && target.tagName === "INPUT") target = target.closest("fieldset");
    if (!target) return;
    error.classList.add("live-error");
    target.append(error);
    const fold = target.closest("details");
    if (fold) fold.open = true; // a problem is never hidden in a closed section
  });
}

// The preview of ``form``: a function that asks for it again.
export function startPreview(form) {
  const preview = document.getElementById("preview");
  const summary = document.getElementById("preview-summary");
  const needed = JSON.parse(form.dataset.needed || "[]");
  const points = new RegExp(form.dataset.points || "^\\s*[0-9]");
  let asked = 0;

  function later() {
    const line = document.createElement("p");
    line.className = "later";
    line.textContent = wordsOf("offline").later || "";
    preview.replaceChildren(line);
    summary.textContent = "";
  }

  // No server: the twin's scores, not yet sent, or the rules' problems at their fields.
  function onPhone(mine) {
    const table = tableOf(form);
    const asking = table ? scoreOnPhone(fieldsOf(form), table) : Promise.resolve(null);
    return asking.then((answer) => {
      if (mine !== asked) return;
      if (!answer || (answer.status !== 200 && answer.status !== 422)) {
        later();
        return;
      }
      const box = problemsBox(answer.status === 422 ? answer.body.errors : {});
      showProblems(form, box);
      const scores = answer.status === 200 ? scoresShown(answer.body.scores, wordsOf("offline").notYet || "") : [];
      preview.replaceChildren(...box.childNodes, ...scores);
      summary.textContent = "";
    });
  }

  function refresh() {
    if (!isComplete(needed, formValues(form), points)) {
      preview.textContent = "";
      summary.textContent = "";
      showProblems(form, null);
      return;
    }
    const data = new FormData(form);
    data.delete("save");
    data.delete("passed");
    data.set("preview", "1");
    const mine = ++asked;
    const door = form.dataset.preview;
    fetch(door || window.location.pathname, {
      method: "POST", body: data, credentials: "same-origin", headers: door ? {} : {"X-Preview": "1"},
    }).then((r) => {
      if (r.status >= 500) throw new Error("no score from the server");
      return !r.redirected && (r.status === 200 || r.status === 422) ? r.text() : null;
    }).then((html) => {
      if (html === null || mine !== asked) return;  // a later answer is on its way
      const box = new DOMParser().parseFromString(html, "text/html").body.firstElementChild;
      showProblems(form, box);
      preview.replaceChildren(...(box ? box.childNodes : []));
      summary.textContent = box ? box.dataset.line : "";
    }).catch(() => {
      if (mine === asked) onPhone(mine);  // offline: Save keeps the deal on the phone
    });
  }

  let timer = null;
  const soon = (ms) => {
    clearTimeout(timer);
    timer = setTimeout(refresh, ms);
  };
  if (!preview.children.length) refresh();
  return soon;
}
