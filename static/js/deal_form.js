// static/src/connection.js
function isCopy(doc = document) {
  return doc.documentElement.dataset.offlineCopy === "1";
}
function showConnection(up, doc = document) {
  let note = doc.getElementById("offline-copy");
  if (up && note) note.remove();
  const words = doc.getElementById("offline");
  if (up || note || !isCopy(doc) || !words) return;
  note = doc.createElement("p");
  note.id = "offline-copy";
  note.className = "offline-copy";
  note.setAttribute("role", "status");
  note.textContent = words.dataset.copy;
  (doc.getElementById("queue-banner") || words).after(note);
}
function followConnection(doc = document) {
  showConnection(!isCopy(doc), doc);
  window.addEventListener("online", () => showConnection(true, doc));
  window.addEventListener("offline", () => showConnection(false, doc));
}

// static/src/form.js
function isComplete(needed, values, points2) {
  return needed.length > 0 && needed.every((name) => given(name, values)) && points2.test(values.points || "");
}
function isTyped(needed, values) {
  return needed.some((name) => given(name, values));
}
function given(name, values) {
  const value = values[name] || "";
  return name === "points" ? value.trim() !== "" : value !== "";
}
function sittingOut(dealerOut, values) {
  return dealerOut ? values.sitting_out || values.dealer || null : null;
}
function formValues(form) {
  const values = {};
  for (const field2 of form.elements) {
    if (!field2.name) continue;
    if ((field2.type === "radio" || field2.type === "checkbox") && !field2.checked) continue;
    if (!(field2.name in values)) values[field2.name] = field2.value;
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
function showFirstProblem(form) {
  const first = form.dataset.firstError && document.getElementById(form.dataset.firstError);
  if (!first) return;
  first.scrollIntoView({ block: "center" });
  const input = first.matches("input, select") ? first : first.querySelector("input, select, summary");
  if (input) input.focus({ preventScroll: true });
}
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
    undo.querySelectorAll("button").forEach((b) => {
      b.disabled = true;
    });
  }, 1e3 * Number(undo.dataset.seconds || 10));
}
function markChelemInPlace(form) {
  form.addEventListener("click", (event) => {
    const button = event.target.closest && event.target.closest(".mark-chelem");
    if (!button) return;
    const radio = form.querySelector(`input[name=chelem_outcome][value=${button.value}]`);
    if (!radio) return;
    event.preventDefault();
    radio.checked = true;
    form.querySelectorAll(".mark-chelem").forEach((b) => b.remove());
    radio.dispatchEvent(new Event("change", { bubbles: true }));
  });
}
function startForm(form, changed = () => {
}) {
  const needed = JSON.parse(form.dataset.needed || "[]");
  form.addEventListener("change", (event) => {
    const name = event.target.name;
    if (name === "oudlers") {
      const points2 = form.elements.namedItem("points");
      if (points2 && !points2.value) points2.focus();
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

// static/src/offline_evening.js
var NO_PARTNER = "-";
function points(text) {
  const value = Number(String(text).trim().replace(",", "."));
  return String(text).trim() === "" || Number.isNaN(value) ? String(text) : value;
}
function scoreBody(fields, players, seating, rules) {
  const get = (name) => {
    const found = fields.find((f) => f[0] === name);
    return found ? found[1] : "";
  };
  const called = (name) => get(name) && get(name) !== NO_PARTNER ? get(name) : null;
  const body = {
    players,
    taker: get("taker"),
    contract: get("contract"),
    oudlers: Number(get("oudlers")),
    points: points(get("points")),
    rules,
    poignees: seating.map((player, i) => ({ player, size: get(`poignee_${i}`) })).filter((p) => p.size && players.includes(p.player)),
    petit_au_bout: get("petit_au_bout") || null,
    chelem: { announced: get("chelem_announced") === "y", outcome: get("chelem_outcome") || "none" }
  };
  const miseres = fields.filter((f) => f[0] === "miseres").map((f) => ({ player: f[1] }));
  if (miseres.length) body.miseres = miseres;
  if (get("petit_au_bout_player")) body.petit_au_bout_player = get("petit_au_bout_player");
  ["taker", "contract", "oudlers", "points"].filter((name) => get(name).trim() === "").forEach((name) => {
    delete body[name];
  });
  if (players.length >= 5) body.partner = called("partner");
  if (players.length === 6) body.second_partner = called("second_partner");
  if (get("points_side") === "defense" && typeof body.points === "number") {
    body.points = 91 - body.points;
  }
  return body;
}

// static/src/twin.js
var loading = null;
function twin() {
  loading = loading || import("./scoring.js").catch((error) => {
    loading = null;
    throw error;
  });
  return loading;
}
function twinScore(body, lang) {
  return twin().then((module) => module.scoreRequest(body, lang));
}

// static/src/phone_scores.js
function playing(seated, dealerOut, fields) {
  if (!dealerOut) return seated.slice();
  const get = (name) => (fields.find((f) => f[0] === name) || [name, ""])[1];
  const out = get("sitting_out") || get("dealer");
  return seated.filter((name) => name !== out);
}
function scoreOnPhone(fields, { seated, dealerOut, rules, lang }) {
  const players = playing(seated, dealerOut, fields);
  if (fields.some((f) => f[0] === "passed")) {
    return Promise.resolve({ status: 200, body: { scores: Object.fromEntries(players.map((p) => [p, 0])) } });
  }
  return twinScore(scoreBody(fields, players, seated, rules), lang).catch(() => null);
}
function totalsAfter(from, list) {
  const totals = { ...from };
  return list.map((scores) => {
    Object.entries(scores || {}).forEach(([p, s]) => {
      totals[p] = (totals[p] || 0) + s;
    });
    return { ...totals };
  });
}
var AT = { players: "taker", chelem: "chelem_outcome" };
function problemsBox(errors, doc = document) {
  const box = doc.createElement("div");
  Object.entries(errors || {}).forEach(([field2, messages]) => {
    const id = AT[field2] || field2;
    messages.forEach((message) => {
      const p = doc.createElement("p");
      p.className = "error";
      if (doc.getElementById(id)) p.dataset.for = id;
      p.textContent = message;
      box.append(p);
    });
  });
  return box;
}
function scoresShown(scores, mark, doc = document, after = null) {
  const dl = doc.createElement("dl");
  dl.className = "totals";
  Object.entries(scores).forEach(([name, s]) => {
    const div = doc.createElement("div");
    const dt = doc.createElement("dt");
    const dd = doc.createElement("dd");
    dt.textContent = name;
    dd.textContent = String(s);
    if (s < 0) dd.className = "neg";
    div.append(dt, dd);
    if (after && name in after) {
      const total = doc.createElement("small");
      total.className = after[name] < 0 ? "after neg" : "after";
      total.textContent = `Σ ${after[name]}`;
      dd.append(total);
    }
    dl.append(div);
  });
  const note = doc.createElement("p");
  note.className = "not-yet muted";
  note.textContent = mark;
  return [dl, note];
}
function fieldsOf(form) {
  const fields = [];
  new FormData(form).forEach((value, name) => fields.push([name, String(value)]));
  return fields;
}
function tableOf(form, doc = document) {
  if (!form.dataset.rules || !form.dataset.seated) return null;
  return {
    seated: JSON.parse(form.dataset.seated),
    dealerOut: form.dataset.dealerOut === "1",
    rules: JSON.parse(form.dataset.rules),
    lang: doc.documentElement.lang || "fr"
  };
}

// static/src/words.js
function wordsOf(id, doc = document) {
  const element2 = doc.getElementById(id);
  return element2 ? element2.dataset : {};
}
function format(text, values) {
  const value = values[Object.keys(values)[0]];
  return String(text).replace(/%\((\w+)\)s|987654321/g, () => String(value));
}

// static/src/preview.js
function showProblems(form, box) {
  if (!box) {
    form.querySelectorAll(".live-error").forEach((old) => old.remove());
    return;
  }
  form.querySelectorAll("fieldset .error, #poignees .error").forEach((old) => old.remove());
  box.querySelectorAll(".error[data-for]").forEach((error) => {
    let target = document.getElementById(error.dataset.for);
    if (target && target.tagName === "INPUT") target = target.closest("fieldset");
    if (!target) return;
    error.classList.add("live-error");
    target.append(error);
    const fold = target.closest("details");
    if (fold) fold.open = true;
  });
}
function startPreview(form) {
  const preview = document.getElementById("preview");
  const summary2 = document.getElementById("preview-summary");
  const needed = JSON.parse(form.dataset.needed || "[]");
  const points2 = new RegExp(form.dataset.points || "^\\s*[0-9]");
  let asked = 0;
  function later() {
    const line2 = document.createElement("p");
    line2.className = "later";
    line2.textContent = wordsOf("offline").later || "";
    preview.replaceChildren(line2);
    summary2.textContent = "";
  }
  function onPhone(mine) {
    const table = tableOf(form);
    const asking = table ? scoreOnPhone(fieldsOf(form), table) : Promise.resolve(null);
    return asking.then((answer) => {
      if (mine !== asked) return;
      if (!answer || answer.status !== 200 && answer.status !== 422) {
        later();
        return;
      }
      const box = problemsBox(answer.status === 422 ? answer.body.errors : {});
      showProblems(form, box);
      const scores = answer.status === 200 ? scoresShown(answer.body.scores, wordsOf("offline").notYet || "") : [];
      preview.replaceChildren(...box.childNodes, ...scores);
      summary2.textContent = "";
    });
  }
  function refresh() {
    if (!isComplete(needed, formValues(form), points2)) {
      preview.textContent = "";
      summary2.textContent = "";
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
      method: "POST",
      body: data,
      credentials: "same-origin",
      headers: door ? {} : { "X-Preview": "1" }
    }).then((r) => {
      if (r.status >= 500) throw new Error("no score from the server");
      return !r.redirected && (r.status === 200 || r.status === 422) ? r.text() : null;
    }).then((html) => {
      if (html === null || mine !== asked) return;
      const box = new DOMParser().parseFromString(html, "text/html").body.firstElementChild;
      showProblems(form, box);
      preview.replaceChildren(...box ? box.childNodes : []);
      summary2.textContent = box ? box.dataset.line : "";
    }).catch(() => {
      if (mine === asked) onPhone(mine);
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

// static/src/queue.js
var TIMEOUT = 8e3;
var EVERY = 2e4;
var STOPPED = ["number_taken", "seating_changed", "full", "closed", "invalid"];
var saveUrl = (token) => `/e/${token}/deals/new.json`;
var formUrl = (token) => `/e/${token}/deals/new`;
function ordered(list) {
  return list.slice().sort((a, b) => a.time - b.time || a.number - b.number);
}
function setField(entry, name, value) {
  entry.fields = entry.fields.filter((f) => f[0] !== name);
  entry.fields.push([name, String(value)]);
}
function verdict(status, answer, gone) {
  if (!answer) return bare(status, gone);
  if (status === 410) return { kind: "gone", message: answer.message || gone };
  if (status === 409) return refusal(answer);
  if (status === 422) return { kind: "invalid", message: errorText(answer.errors), html: answer.html };
  return stored(status, answer);
}
function bare(status, gone) {
  if (status === 410) return { kind: "gone", message: gone };
  return status >= 400 && status < 500 ? { kind: "refused" } : { kind: "later" };
}
function refusal(answer) {
  if (!STOPPED.includes(answer.status)) return { kind: "later" };
  return {
    kind: answer.status,
    message: answer.message || "",
    theirs: answer.theirs || "",
    number: answer.number,
    html: answer.html,
    dealer: answer.dealer
  };
}
function stored(status, answer) {
  const ok = status >= 200 && status < 300 && ["saved", "replayed"].includes(answer.status);
  if (!ok) return { kind: "later" };
  return { kind: "saved", number: answer.number, dealer: answer.dealer, html: answer.html };
}
function errorText(errors) {
  const found = errors || {};
  return Object.keys(found).flatMap((k) => found[k]).join(" ");
}
function csrfToken(html) {
  const input = /<input\b[^>]*\bname="csrf_token"[^>]*>/.exec(html || "");
  const value = input && /\bvalue="([^"]*)"/.exec(input[0]);
  return value ? value[1] : null;
}
function newKey(random = (bytes) => crypto.getRandomValues(bytes)) {
  const bytes = random(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
function createQueue({ store, fetch: fetch2, connection = () => {
}, gone = "" }) {
  const answers = {};
  const fates = {};
  const entries = () => store.all().then(ordered);
  function post2(entry) {
    const body = new URLSearchParams();
    entry.fields.forEach((f) => body.append(f[0], f[1]));
    if (entry.asNext) body.set("as_next", "1");
    if (entry.fresh) body.set("page", "1");
    const stop = new AbortController();
    const timer = setTimeout(() => stop.abort(), TIMEOUT);
    return fetch2(saveUrl(entry.token), {
      method: "POST",
      body,
      credentials: "same-origin",
      cache: "no-store",
      headers: { "Accept": "application/json" },
      signal: stop.signal
    }).then((response) => {
      connection(true);
      const json = (response.headers.get("Content-Type") || "").startsWith("application/json");
      return (json ? response.json() : Promise.resolve(null)).catch(() => null).then((answer) => verdict(response.status, answer, gone));
    }).catch(() => {
      connection(false);
      return { kind: "later" };
    }).finally(() => clearTimeout(timer));
  }
  function freshToken2(entry) {
    return fetch2(formUrl(entry.token), { credentials: "same-origin", cache: "no-store" }).then((r) => r.ok ? r.text() : "").then((html) => {
      const token = csrfToken(html);
      if (!token) return false;
      setField(entry, "csrf_token", token);
      return store.put(entry).then(() => true);
    }).catch(() => false);
  }
  function send(entry, retried = false) {
    return post2(entry).then((result) => {
      if (result.kind !== "refused" || entry.fresh) return settle(entry, result);
      if (retried) return settle(entry, { kind: "later" });
      return freshToken2(entry).then((ok) => ok ? send(entry, true) : settle(entry, { kind: "later" }));
    }).then((kind) => {
      fates[entry.id] = { kind, entry };
      return kind;
    });
  }
  function settle(entry, result) {
    if (result.html) answers[entry.id] = result.html;
    if (result.kind === "saved") return acknowledged(entry, result);
    if (result.kind === "later" && !entry.fresh) return Promise.resolve("later");
    entry.fresh = false;
    if (result.kind === "later") return store.put(entry).then(() => "later");
    entry.state = result.kind;
    entry.message = result.message || "";
    entry.theirs = result.theirs || "";
    return store.put(entry).then(() => result.kind);
  }
  function acknowledged(entry, result) {
    const number = Number(result.number) || entry.number;
    const dealer = result.dealer || entry.dealer;
    return Promise.all([store.remove(entry.id), store.remember(entry.token, number, dealer)]).then(() => shift(entry, number - entry.number)).then(() => "saved");
  }
  function shift(entry, by) {
    if (!by) return Promise.resolve();
    return entries().then((list) => Promise.all(list.filter((e) => e.token === entry.token && e.time > entry.time).map((e) => {
      e.number += by;
      setField(e, "number", e.number);
      return store.put(e);
    })));
  }
  function sendAll() {
    const stopped = {};
    const tried = /* @__PURE__ */ new Set();
    let saved = 0;
    const ready = (entry) => {
      if (tried.has(entry.id) || stopped[entry.token]) return false;
      if (entry.state !== "waiting" || entry.held) stopped[entry.token] = true;
      return !stopped[entry.token];
    };
    const next = () => entries().then((list) => {
      const entry = list.find(ready);
      if (!entry) return saved;
      tried.add(entry.id);
      return send(entry).then((outcome) => {
        if (outcome === "later") return saved;
        if (outcome === "saved") saved += 1;
        else stopped[entry.token] = true;
        return next();
      });
    });
    return next();
  }
  function choose2(entry, asNext) {
    if (asNext) {
      entry.state = "waiting";
      entry.asNext = true;
      entry.message = entry.theirs = "";
      return store.put(entry);
    }
    return store.remove(entry.id).then(() => entry.state === "number_taken" ? null : shift(entry, -1));
  }
  function answered(id) {
    const html = answers[id];
    delete answers[id];
    return html;
  }
  function fate(id) {
    const found = fates[id] || null;
    delete fates[id];
    return found;
  }
  return {
    entries,
    send,
    settle,
    shift,
    sendAll,
    choose: choose2,
    answered,
    fate,
    put: store.put,
    remove: store.remove,
    last: store.last
  };
}

// static/src/save.js
var SUMMARY = ["taker", "contract", "partner", "oudlers"];
var NEXT_PAGE = "tarot:deal-page";
function continuation(known, shown, base, dealers) {
  if (!known || known.number + 1 <= shown) return null;
  const number = known.number + 1;
  return { number, dealer: dealers[number - base] || null };
}
function newest(waiting, saved) {
  if (!waiting) return saved || null;
  return saved && saved.number > waiting.number ? saved : waiting;
}
function field(form, name) {
  return form.elements.namedItem(name);
}
function choose(form, name, value) {
  const select = field(form, name);
  if (!select || !select.options) return;
  if (Array.from(select.options).some((o) => o.value === value)) select.value = value;
}
function setNumber(form, say, number) {
  field(form, "number").value = String(number);
  form.dataset.number = String(number);
  const title = document.querySelector("#deal-page h1");
  if (title) title.textContent = format(say.deal, { n: number });
}
function summary(form, button) {
  if (button.name === "passed") return [["", button.textContent.trim()]];
  const pairs = [];
  const text = (e) => e.textContent.trim();
  SUMMARY.forEach((name) => {
    const box = document.getElementById(name);
    const input = form.querySelector(`input[name="${name}"]:checked`);
    const label = input && form.querySelector(`label[for="${input.id}"]`);
    if (box && label) pairs.push([text(box.querySelector("legend")), text(label)]);
  });
  const points2 = field(form, "points");
  const legend = form.querySelector("fieldset.points legend");
  const side = form.querySelector('input[name="points_side"]:checked');
  const sideLabel = side && form.querySelector(`label[for="${side.id}"]`);
  if (points2 && points2.value && legend) {
    pairs.push([text(legend), points2.value.trim() + (sideLabel ? ` (${text(sideLabel)})` : "")]);
  }
  return pairs;
}
function flash(text) {
  const template = document.getElementById("flash-template");
  if (!template) return null;
  const box = template.content.firstElementChild.cloneNode(true);
  box.querySelector("p").textContent = text;
  document.querySelectorAll("main > .flash, #deal-page > .flash").forEach((old) => old.remove());
  document.getElementById("queue-banner").after(box);
  return box;
}
function scoreKept(kept, table, box, say) {
  const asking = table ? scoreOnPhone(kept.fields, table) : Promise.resolve(null);
  return asking.then((answer) => {
    if (!answer || answer.status !== 200) return;
    kept.scores = answer.body.scores;
    if (box && box.isConnected) box.append(...scoresShown(kept.scores, say.notYet || ""));
  });
}
function inPlace(html, started, saved) {
  const fresh = new DOMParser().parseFromString(html || "", "text/html").getElementById("deal-page");
  const page = document.getElementById("deal-page");
  if (!fresh || !page) return false;
  document.querySelectorAll("main > .flash").forEach((old) => old.remove());
  page.replaceWith(fresh);
  document.dispatchEvent(new Event(NEXT_PAGE));
  if (!saved) return true;
  window.scrollTo(0, 0);
  const ms = performance.now() - started;
  window.tarotTimings.push(ms);
  document.documentElement.dataset.saveMs = ms.toFixed(1);
  return true;
}
function startSave(form, line2) {
  if (!form.dataset.save || !field(form, "dealer")) return;
  const { queue, here, say } = line2;
  window.tarotTimings = window.tarotTimings || [];
  const seated = JSON.parse(form.dataset.seated);
  const base = Number(form.dataset.number);
  const dealers = JSON.parse(form.dataset.dealers || "[]");
  const dealerOut = form.dataset.dealerOut === "1";
  let busy = false;
  let bypass = false;
  function continueFrom(known) {
    const next = continuation(known, Number(form.dataset.number), base, dealers);
    if (!next) return;
    setNumber(form, say, next.number);
    if (!next.dealer) return;
    choose(form, "dealer", next.dealer);
    field(form, "rotation").value = next.dealer;
    if (dealerOut) choose(form, "sitting_out", "");
    field(form, "dealer").dispatchEvent(new Event("change", { bubbles: true }));
  }
  function lastKnown() {
    return queue.entries().then((list) => {
      const mine = list.filter((e) => e.token === here);
      const waiting = mine.length ? mine[mine.length - 1] : null;
      return line2.copy ? queue.last(here).then((saved2) => newest(waiting, saved2)) : waiting;
    });
  }
  function nextDeal(entry) {
    form.reset();
    field(form, "once").value = newKey();
    continueFrom({ number: entry.number, dealer: entry.dealer });
    form.dispatchEvent(new Event("change", { bubbles: true }));
    window.scrollTo(0, 0);
    return flash(say.queued);
  }
  function outcome(entry, button, started, done) {
    const { kind, entry: kept } = queue.fate(entry.id) || { kind: "later", entry };
    if (kind === "saved") {
      if (inPlace(queue.answered(entry.id), started, true)) return;
      sessionStorage.setItem("tarot-flash", format(
        button.name === "passed" ? say.passed : say.saved,
        { number: entry.number }
      ));
      window.location.assign(window.location.pathname);
    } else if (kind === "later") {
      kept.fresh = false;
      const table = tableOf(form);
      const box = nextDeal(entry);
      scoreKept(kept, table, box, say).catch(() => {
      }).then(() => queue.put(kept)).then(done, done);
    } else if (kind === "number_taken" || kind === "gone") {
      window.location.assign(`/e/${entry.token}#waiting-${entry.id}`);
    } else {
      const html = queue.answered(entry.id);
      queue.remove(entry.id).then(() => {
        if (inPlace(html, started, false)) return;
        bypass = true;
        form.requestSubmit(button);
      });
    }
  }
  form.addEventListener("submit", (event) => {
    const button = event.submitter;
    if (bypass || !button || button.name !== "save" && button.name !== "passed") return;
    event.preventDefault();
    if (busy) return;
    busy = true;
    const started = performance.now();
    const fields = [];
    new FormData(form).forEach((value, name) => {
      if (name !== "preview") fields.push([name, String(value)]);
    });
    fields.push([button.name, button.value]);
    const entry = {
      id: field(form, "once").value,
      token: here,
      page: formUrl(here),
      fields,
      number: Number(form.dataset.number),
      dealer: field(form, "dealer").value,
      seated,
      time: Date.now(),
      state: "waiting",
      summary: summary(form, button),
      fresh: true
    };
    const done = () => {
      busy = false;
    };
    queue.put(entry).then(line2.send).then(() => outcome(entry, button, started, done)).catch(done);
  });
  const saved = sessionStorage.getItem("tarot-flash");
  if (saved) {
    sessionStorage.removeItem("tarot-flash");
    if (!document.getElementById("just-saved")) flash(saved);
  }
  field(form, "once").value = newKey();
  lastKnown().then(continueFrom).catch(() => {
  });
}

// static/src/sentence_field.js
var hasSpeech = () => Boolean(window.SpeechRecognition || window.webkitSpeechRecognition);
function startSentenceField(box) {
  if (!box || box.dataset.ready) return;
  box.dataset.ready = "1";
  const form = box.closest("form");
  const mic = box.querySelector("[data-sentence-mic]");
  if (mic && hasSpeech()) mic.hidden = false;
  let loading2 = null;
  const load = () => {
    loading2 = loading2 || import("./sentence.js").catch((error) => {
      loading2 = null;
      const status = box.querySelector("[data-sentence-status]");
      status.textContent = JSON.parse(box.dataset.words).failed;
      status.classList.add("error");
      throw error;
    });
    return loading2;
  };
  const then = (work) => () => load().then(work).catch(() => {
  });
  box.addEventListener("focusin", then(() => {
  }));
  box.addEventListener("pointerdown", then(() => {
  }));
  box.querySelector("#sentence").addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    then((sentence) => sentence.read(box))();
  });
  box.querySelector("[data-sentence-read]").addEventListener("click", then((sentence) => sentence.read(box)));
  if (mic) mic.addEventListener("click", then((sentence) => sentence.listen(box, mic)));
  if (form) {
    form.addEventListener("change", (event) => {
      const marked = event.target.closest && event.target.closest(".sentence-missing");
      if (marked) marked.classList.remove("sentence-missing");
    });
  }
}

// static/src/evening_sent.js
function post(fetch2, evening) {
  const body = new URLSearchParams();
  evening.fields.forEach(([name, value]) => body.append(name, value));
  body.set("once", evening.once);
  body.set("edit_link", evening.edit);
  body.set("view_link", evening.view);
  return fetch2(evening.door, {
    method: "POST",
    body,
    credentials: "same-origin",
    cache: "no-store",
    headers: { "Accept": "application/json" }
  }).then((response) => {
    const json = (response.headers.get("Content-Type") || "").startsWith("application/json");
    if (!json) return { kind: response.status === 400 ? "token" : "later" };
    return response.json().then((answer) => {
      if (response.status === 200 && answer.status === "made") return { kind: "made", answer };
      if (response.status === 422) return { kind: "invalid", errors: answer.errors || {} };
      return { kind: "later" };
    });
  }).catch(() => ({ kind: "later" }));
}
function freshToken(fetch2, evening) {
  return fetch2(evening.page, { credentials: "same-origin", cache: "no-store" }).then((r) => r.ok ? r.text() : "").then((html) => {
    const token = csrfToken(html);
    if (!token) return false;
    evening.fields = evening.fields.filter((f) => f[0] !== "csrf_token");
    evening.fields.push(["csrf_token", token]);
    return true;
  }).catch(() => false);
}
function moveDeals(store, evening, answer) {
  return store.all().then((list) => Promise.all(list.filter((entry) => entry.token === evening.edit).map((entry) => {
    entry.token = answer.edit;
    entry.page = formUrl(answer.edit);
    entry.held = false;
    setField(entry, "seating", answer.seating);
    return store.put(entry);
  })));
}
function sendEvening({ store, fetch: fetch2 }, evening) {
  return post(fetch2, evening).then((result) => {
    if (result.kind !== "token") return result;
    return freshToken(fetch2, evening).then((ok) => ok ? post(fetch2, evening) : { kind: "later" });
  }).then((result) => {
    if (result.kind === "later") return "later";
    if (result.kind === "invalid") {
      evening.state = "refused";
      evening.errors = result.errors;
      return store.keepEvening(evening).then(() => "invalid");
    }
    const { answer } = result;
    evening.state = "sent";
    evening.sent = { edit: answer.edit, view: answer.view, ledger: answer.ledger, moved: answer.moved };
    return moveDeals(store, evening, answer).then(() => store.keepEvening(evening)).then(() => "made");
  });
}
function sendEvenings(line2) {
  return line2.store.evenings().then((list) => {
    const held = list.filter((e) => e.state === "held").sort((a, b) => a.time - b.time);
    let made = 0;
    const next = (i) => {
      if (i >= held.length) return made;
      return sendEvening(line2, held[i]).then((kind) => {
        if (kind === "later") return made;
        if (kind === "made") made += 1;
        return next(i + 1);
      });
    };
    return next(0);
  });
}

// static/src/store.js
var opening = null;
function database() {
  if (!opening) {
    opening = new Promise((resolve, reject) => {
      const request = indexedDB.open("tarot", 2);
      request.onupgradeneeded = (event) => {
        if (event.oldVersion < 1) {
          request.result.createObjectStore("queue", { keyPath: "id" });
          request.result.createObjectStore("last", { keyPath: "token" });
        }
        if (event.oldVersion < 2) request.result.createObjectStore("evenings", { keyPath: "edit" });
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  }
  return opening;
}
function run(name, mode, work) {
  return database().then((db) => new Promise((resolve, reject) => {
    const tx = db.transaction(name, mode);
    let result;
    const request = work(tx.objectStore(name));
    if (request) request.onsuccess = () => {
      result = request.result;
    };
    tx.oncomplete = () => resolve(result);
    tx.onerror = tx.onabort = () => reject(tx.error);
  }));
}
var phoneStore = {
  all: () => run("queue", "readonly", (s) => s.getAll()),
  put: (entry) => run("queue", "readwrite", (s) => s.put(entry)),
  remove: (id) => run("queue", "readwrite", (s) => s.delete(id)),
  last: (token) => run("last", "readonly", (s) => s.get(token)),
  remember: (token, number, dealer) => run("last", "readwrite", (s) => s.put(
    { token, number, dealer, time: Date.now() }
  )),
  evenings: () => run("evenings", "readonly", (s) => s.getAll()),
  evening: (edit) => run("evenings", "readonly", (s) => s.get(edit)),
  keepEvening: (evening) => run("evenings", "readwrite", (s) => s.put(evening)),
  dropEvening: (edit) => run("evenings", "readwrite", (s) => s.delete(edit))
};
function storeWorks() {
  return typeof indexedDB !== "undefined" && typeof fetch !== "undefined";
}

// static/src/waiting.js
function element(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text) e.textContent = text;
  return e;
}
function sheetOf(path) {
  const sheet = /^\/e\/([^/]+)/.exec(path);
  return sheet ? sheet[1] : null;
}
function startQueue() {
  const say = wordsOf("offline");
  const banner = document.getElementById("queue-banner");
  if (!banner || !storeWorks()) return null;
  const here = sheetOf(window.location.pathname);
  const ledger = document.getElementById("waiting");
  const queue = createQueue({
    store: phoneStore,
    fetch: (url, options) => window.fetch(url, options),
    connection: (up) => showConnection(up),
    gone: say.gone
  });
  function render() {
    return queue.entries().then((list) => {
      const mine = here ? list.filter((e) => e.token === here) : list;
      const choices = mine.filter((e) => e.state !== "waiting");
      banner.hidden = !mine.length;
      document.getElementById("queue-count").textContent = count(mine.length);
      const link = document.getElementById("queue-choice");
      link.hidden = !choices.length || !!ledger;
      if (choices.length) {
        link.textContent = mine.length === 1 ? say.chooseIt : choices.length === 1 ? say.chooseOne : format(say.chooseMany, { num: choices.length });
        link.href = `/e/${choices[0].token}#waiting`;
      }
      if (ledger) listed(mine);
      return mine;
    }).catch(() => []);
  }
  function count(n) {
    if (!navigator.onLine && say.offlineMany) return n === 1 ? say.offlineOne : format(say.offlineMany, { num: n });
    return n === 1 ? say.one : format(say.many, { num: n });
  }
  function totalsWithWaiting(mine) {
    const box = document.getElementById("waiting-totals");
    const scored = mine.filter((e) => e.scores);
    if (box) box.hidden = !scored.length || !ledger.dataset.totals;
    if (!box || box.hidden) return;
    const after = totalsAfter(JSON.parse(ledger.dataset.totals), scored.map((e) => e.scores));
    box.replaceChildren(box.firstElementChild, ...scoresShown(after[after.length - 1], say.notYet));
  }
  function listed(mine) {
    const ol = ledger.querySelector("ol");
    const from = ledger.dataset.totals ? JSON.parse(ledger.dataset.totals) : null;
    const after = from ? totalsAfter(from, mine.map((e) => e.scores || {})) : [];
    ol.replaceChildren(...mine.map((entry, i) => item(entry, after[i])));
    ledger.hidden = !mine.length;
    totalsWithWaiting(mine);
    const next = document.getElementById("next-dealer");
    const newest2 = mine[mine.length - 1];
    const dealers = ledger.dataset.dealers ? JSON.parse(ledger.dataset.dealers) : [];
    const ahead = newest2 && dealers[newest2.number + 1 - Number(ledger.dataset.number)];
    if (next && ahead) next.textContent = ahead;
  }
  function item(entry, after) {
    const li = element("li", "waiting-deal" + (entry.state === "waiting" ? "" : " attention"));
    li.id = "waiting-" + entry.id;
    const head = element("p", "waiting-head");
    head.append(
      element("strong", "", format(say.deal, { n: entry.number })),
      " ",
      element("span", "waiting-state", entry.state === "waiting" ? say.waiting : say.attention)
    );
    li.append(head, fields(entry));
    if (entry.scores) li.append(...scoresShown(entry.scores, say.notYet, document, after));
    if (entry.state === "waiting") return li;
    if (entry.message) li.append(element("p", "error", entry.message));
    if (entry.theirs && !entry.message.includes(entry.theirs)) {
      const theirs = element("p", "theirs");
      theirs.append(element("span", "", say.theirs + " "), element("strong", "", entry.theirs));
      li.append(theirs);
    }
    li.append(actions(entry));
    return li;
  }
  function fields(entry) {
    const dl = element("dl", "waiting-fields");
    const colon = /\s*:\s*$/.exec(say.dealer);
    [[say.dealer.slice(0, colon ? colon.index : void 0), entry.dealer], ...entry.summary || []].forEach(([term, value]) => {
      const div = element("div");
      if (term) div.append(element("dt", "", term + (colon ? colon[0] : "") + " "));
      div.append(element("dd", "", value));
      dl.append(div, " ");
    });
    return dl;
  }
  function button(cls, text, name, action) {
    const b = element("button", cls, text);
    b.type = "button";
    b.name = name;
    b.addEventListener("click", action);
    return b;
  }
  function actions(entry) {
    const box = element("div", "actions");
    if (entry.state === "gone") box.append(copyButton(entry));
    if (entry.state === "number_taken") {
      box.append(button("primary", say.asNext, "as_next", () => choose2(entry, true)));
    } else if (entry.state === "seating_changed") {
      const again = element("a", "button", say.again);
      again.href = ledger.dataset.form;
      box.append(again);
    }
    box.append(button("danger", say.drop, "drop", () => choose2(entry, false)));
    return box;
  }
  function copyButton(entry) {
    const text = [
      format(say.deal, { n: entry.number }),
      say.dealer + " " + entry.dealer,
      ...(entry.summary || []).map((pair) => pair.join(" "))
    ].join("\n");
    const copy = button("", say.copyDeal, "copy", () => {
      const done = navigator.clipboard ? navigator.clipboard.writeText(text) : Promise.reject(new Error("no clipboard"));
      done.then(() => {
        copy.textContent = say.copied;
      }, () => window.prompt(say.copyDeal, text));
    });
    return copy;
  }
  function choose2(entry, asNext) {
    return queue.choose(entry, asNext).then(render).then(flush);
  }
  let pending = null;
  let chain = Promise.resolve(0);
  function send() {
    if (pending) return pending;
    pending = chain.then(() => {
      pending = null;
      const work = () => sendEvenings({ store: phoneStore, fetch: window.fetch.bind(window) }).catch(() => 0).then(() => queue.sendAll());
      return navigator.locks ? navigator.locks.request("tarot-queue", work) : work();
    }).catch(() => 0);
    const sent = pending;
    chain = sent.then((saved) => render().then(() => {
      if (saved && ledger) window.location.reload();
      return saved;
    }));
    return sent;
  }
  const flush = () => send().then(() => chain);
  document.getElementById("send-now").addEventListener("click", flush);
  window.addEventListener("online", flush);
  window.addEventListener("offline", render);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") flush();
  });
  setInterval(flush, EVERY);
  render();
  flush();
  return { queue, here, copy: isCopy(), say, send, flush, render };
}

// static/src/wake.js
function keepAwake() {
  if (!("wakeLock" in navigator)) return;
  let lock = null;
  const take = () => {
    if (document.visibilityState !== "visible" || lock) return;
    navigator.wakeLock.request("screen").then((sentinel) => {
      lock = sentinel;
      document.documentElement.dataset.awake = "1";
      sentinel.addEventListener("release", () => {
        lock = null;
        delete document.documentElement.dataset.awake;
      });
    }).catch(() => {
    });
  };
  document.addEventListener("visibilitychange", take);
  take();
}

// static/src/worker.js
function registerWorker(doc = document) {
  const words = doc.getElementById("offline");
  const url = words && words.dataset.sw;
  if (!url || !("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register(url, { scope: "/" }).catch(() => {
  });
}

// static/src/pages/deal_form.js
registerWorker();
followConnection();
var line = startQueue();
function start() {
  const form = document.getElementById("deal-form");
  if (!form) return;
  const preview = startPreview(form);
  startForm(form, preview);
  startSentenceField(document.getElementById("sentence-box"));
  if (line) startSave(form, line);
}
document.addEventListener(NEXT_PAGE, start);
start();
keepAwake();
