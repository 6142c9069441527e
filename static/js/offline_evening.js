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
  function choose(entry, asNext) {
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
    choose,
    answered,
    fate,
    put: store.put,
    remove: store.remove,
    last: store.last
  };
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
function sendEvenings(line) {
  return line.store.evenings().then((list) => {
    const held = list.filter((e) => e.state === "held").sort((a, b) => a.time - b.time);
    let made = 0;
    const next = (i) => {
      if (i >= held.length) return made;
      return sendEvening(line, held[i]).then((kind) => {
        if (kind === "later") return made;
        if (kind === "made") made += 1;
        return next(i + 1);
      });
    };
    return next(0);
  });
}

// static/src/offline_evening.js
var NO_PARTNER = "-";
function rulesOf(evening, scoring) {
  return scoring.rulesJson(scoring.ruleSet(["fft", ...evening.variants].join("+")));
}
function dealerOf(evening, number) {
  const start2 = evening.seating.indexOf(evening.first);
  return evening.seating[(start2 + number - 1) % evening.seating.length];
}
function playersOf(evening, number) {
  if (!evening.dealerOut) return evening.seating.slice();
  const dealer = dealerOf(evening, number);
  return evening.seating.filter((name) => name !== dealer);
}
function seatingBasis(evening) {
  return JSON.stringify([evening.mode, ...evening.seating]);
}
function points(text) {
  const value = Number(String(text).trim().replace(",", "."));
  return String(text).trim() === "" || Number.isNaN(value) ? String(text) : value;
}
function scoreBody(fields, players, seating, rules) {
  const get = (name) => {
    const found = fields.find((f) => f[0] === name);
    return found ? found[1] : "";
  };
  const called2 = (name) => get(name) && get(name) !== NO_PARTNER ? get(name) : null;
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
  if (players.length >= 5) body.partner = called2("partner");
  if (players.length === 6) body.second_partner = called2("second_partner");
  if (get("points_side") === "defense" && typeof body.points === "number") {
    body.points = 91 - body.points;
  }
  return body;
}
var NAMED = ["taker", "partner", "second_partner", "petit_au_bout_player", "miseres", "dealer", "rotation", "sitting_out"];
function renamed(evening, names) {
  const map = Object.fromEntries(evening.seating.map((old, i) => [old, names[i]]));
  const seats = evening.fields.filter((f) => /^seat_\d$/.test(f[0]) && f[1].trim());
  const fields = evening.fields.map(([name, value]) => {
    const seat = seats.findIndex((f) => f[0] === name);
    return [name, seat >= 0 ? names[seat] : value];
  });
  const fixed = { ...evening, fields, seating: names.slice(), first: map[evening.first], state: "held" };
  delete fixed.errors;
  return { evening: fixed, map };
}
function renameDeal(entry, map, basis) {
  const name = (value) => Object.hasOwn(map, value) ? map[value] : value;
  return {
    ...entry,
    fields: entry.fields.map(([field, value]) => {
      if (field === "seating") return [field, basis];
      return [field, NAMED.includes(field) ? name(value) : value];
    }),
    dealer: name(entry.dealer),
    seated: (entry.seated || []).map(name),
    summary: (entry.summary || []).map(([term, value]) => [term, name(value)]),
    scores: entry.scores && Object.fromEntries(Object.entries(entry.scores).map(([p, s]) => [name(p), s]))
  };
}

// static/src/offline_form.js
function element(tag, attributes = {}, text) {
  const e = document.createElement(tag);
  Object.entries(attributes).forEach(([k, v]) => e.setAttribute(k, v));
  if (text !== void 0) e.textContent = text;
  return e;
}
function choices(id, name, legend, options, { cls = "", kind = "radio", checked = null } = {}) {
  const fieldset = element("fieldset", { class: `seg ${cls}`.trim(), id });
  const box = element("div", { class: "options" });
  options.forEach(([value, label], i) => {
    const span = element("span", { class: "opt", "data-value": value });
    const input = element("input", { class: "sr", id: `${id}-${i}`, name, type: kind, value });
    if (value === checked) input.checked = true;
    span.append(input, element("label", { for: `${id}-${i}` }, label));
    box.append(span);
  });
  fieldset.append(element("legend", {}, legend), box);
  return fieldset;
}
function points2(say2) {
  const fieldset = element("fieldset", { class: "points", id: "points-box" });
  const input = element("input", {
    id: "points",
    name: "points",
    type: "text",
    inputmode: "decimal",
    autocomplete: "off",
    maxlength: "10",
    "aria-label": say2.points
  });
  fieldset.append(element("legend", {}, say2.points), input);
  return fieldset;
}
function more(id, summary, children) {
  const details = element("details", { class: "more", id });
  details.append(element("summary", {}, summary), ...children);
  return details;
}
function called(players, say2) {
  const people = players.map((p) => [p, p]);
  if (players.length === 6) {
    return [
      choices("partner", "partner", say2.king, [[NO_PARTNER, say2.chien], ...people], { cls: "people called" }),
      choices("second_partner", "second_partner", say2.queen, [[NO_PARTNER, say2.chien], ...people], { cls: "people called" })
    ];
  }
  if (players.length === 5) {
    return [choices("partner", "partner", say2.partner, [[NO_PARTNER, say2.alone], ...people], { cls: "people" })];
  }
  return [];
}
function ruled(players, rules, say2) {
  const people = players.map((p) => [p, p]);
  const found = [];
  if (rules.petit_au_bout === "player_flat") {
    found.push(choices("petit_au_bout_player", "petit_au_bout_player", say2.takenBy, [["", "—"], ...people], { checked: "" }));
  }
  if (rules.misere) {
    found.push(more("miseres-box", say2.misere, [choices("miseres", "miseres", say2.misere, people, { kind: "checkbox" })]));
  }
  return found;
}
function drawForm(box, { players, seating, rules, contracts, say: say2 }) {
  const sides = [["attack", say2.attack], ["defense", say2.defence]];
  const sizes = [["", say2.none], ["simple", say2.simple], ["double", say2.double], ["triple", say2.triple]];
  const poignees = players.map((p) => choices(
    `poignee_${seating.indexOf(p)}`,
    `poignee_${seating.indexOf(p)}`,
    p,
    sizes,
    { cls: "poignee", checked: "" }
  ));
  const announced = element("div", { class: "check" });
  announced.append(
    element("input", { id: "chelem_announced", name: "chelem_announced", type: "checkbox", value: "y" }),
    element("label", { for: "chelem_announced" }, say2.announced)
  );
  box.replaceChildren(
    choices("taker", "taker", say2.taker, players.map((p) => [p, p]), { cls: "people" }),
    choices("contract", "contract", say2.contract, rules.contracts.map((c) => [c, contracts[c] || c])),
    ...called(players, say2),
    choices("oudlers", "oudlers", say2.oudlers, ["0", "1", "2", "3"].map((n) => [n, n])),
    points2(say2),
    choices("petit_au_bout", "petit_au_bout", say2.petit, [["", say2.no], ...sides], { checked: "" }),
    ...ruled(players, rules, say2),
    more("poignees", say2.poignees, poignees),
    more("chelem", say2.chelem, [
      announced,
      choices("chelem_outcome", "chelem_outcome", say2.every, [["none", say2.nobody], ...sides], { checked: "none" })
    ])
  );
}
var PLACES = { points: "points-box", players: "taker", chelem: "chelem_outcome" };
function showProblems(form, errors) {
  form.querySelectorAll(".live-error").forEach((old) => old.remove());
  Object.entries(errors || {}).forEach(([field, messages]) => {
    const target = document.getElementById(PLACES[field] || field) || document.getElementById("preview");
    const p = element("p", { class: "error live-error", role: "alert" }, messages.join(" "));
    if (target.id === "preview") target.before(p);
    else target.append(p);
    const fold = target.closest("details");
    if (fold) fold.open = true;
  });
}
function summaryOf(form) {
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
function totalsAfter(from, list) {
  const totals = { ...from };
  return list.map((scores) => {
    Object.entries(scores || {}).forEach(([p, s]) => {
      totals[p] = (totals[p] || 0) + s;
    });
    return { ...totals };
  });
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
  const note2 = doc.createElement("p");
  note2.className = "not-yet muted";
  note2.textContent = mark;
  return [dl, note2];
}
function fieldsOf(form) {
  const fields = [];
  new FormData(form).forEach((value, name) => fields.push([name, String(value)]));
  return fields;
}

// static/src/words.js
function format(text, values) {
  const value = values[Object.keys(values)[0]];
  return String(text).replace(/%\((\w+)\)s|987654321/g, () => String(value));
}

// static/src/offline_sheet.js
function element2(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== void 0) e.textContent = text;
  return e;
}
function startOfflineSheet({ evening, queue, say: say2, data: data2, lang, scoring }) {
  const form = document.getElementById("offline-deal");
  const preview = document.getElementById("preview");
  const rules = rulesOf(evening, scoring);
  const contracts = JSON.parse(data2.contracts);
  let number = 1;
  const mine = () => queue.entries().then((list) => list.filter((e) => e.token === evening.edit));
  function header() {
    document.getElementById("evening-name").textContent = evening.name || document.title;
    document.getElementById("evening-seats").textContent = evening.seating.join(", ");
  }
  function newForm() {
    const players = playersOf(evening, number);
    document.getElementById("deal-title").textContent = format(say2.deal, { n: number });
    document.getElementById("dealer-name").textContent = dealerOf(evening, number) + (players.length < evening.seating.length ? ` · ${say2.sitsOut}` : "");
    drawForm(document.getElementById("deal-fields"), { players, seating: evening.seating, rules, contracts, say: say2 });
    preview.replaceChildren();
    form.hidden = false;
  }
  function uncalled(values, players) {
    const chosen = (name) => values.some((f) => f[0] === name && f[1]);
    const errors = {};
    if (players.length >= 5 && !chosen("partner")) {
      errors.partner = [players.length === 6 ? say2.missingKing : say2.missingPartner];
    }
    if (players.length === 6 && !chosen("second_partner")) errors.second_partner = [say2.missingQueen];
    return Object.keys(errors).length ? { status: 422, body: { errors } } : null;
  }
  function scored(saving) {
    const values = fieldsOf(form);
    const players = playersOf(evening, number);
    const missing = uncalled(values, players);
    const typed = ["taker", "contract", "oudlers", "points"].every((name) => values.some((f) => f[0] === name && f[1].trim()));
    if (!saving && (missing || !typed)) return Promise.resolve(null);
    return twinScore(scoreBody(values, players, evening.seating, rules), lang).catch(() => null).then((answer) => {
      if (!missing) return answer;
      const others = answer && answer.status === 422 ? answer.body.errors : {};
      return { status: 422, body: { errors: { ...others, ...missing.body.errors } } };
    });
  }
  function showPreview(answer) {
    showProblems(form, answer && answer.status !== 200 ? answer.body.errors : null);
    preview.replaceChildren(...answer && answer.status === 200 ? scoresShown(answer.body.scores, say2.notYet) : []);
  }
  let asked = 0;
  function refresh(saving = false) {
    const mineAsked = ++asked;
    return scored(saving).then((answer) => {
      if (mineAsked === asked) showPreview(answer);
      return answer;
    });
  }
  function flash(text, scores) {
    const box = document.getElementById("offline-flash");
    box.querySelector("p").textContent = text;
    box.querySelectorAll("dl, .not-yet").forEach((old) => old.remove());
    if (scores) box.append(...scoresShown(scores, say2.notYet));
    box.hidden = false;
  }
  function save(answer, passed) {
    const fields = passed ? [] : fieldsOf(form);
    const dealer = dealerOf(evening, number);
    const csrf = evening.fields.find((f) => f[0] === "csrf_token");
    fields.push(
      ["csrf_token", csrf ? csrf[1] : ""],
      ["once", newKey()],
      ["number", String(number)],
      ["seating", seatingBasis(evening)],
      ["rotation", dealer],
      ["dealer", dealer],
      ["sitting_out", ""],
      ["points_side", "attack"],
      passed ? ["passed", "1"] : ["save", "1"]
    );
    const entry = {
      id: fields.find((f) => f[0] === "once")[1],
      token: evening.edit,
      page: formUrl(evening.edit),
      fields,
      number,
      dealer,
      seated: evening.seating,
      time: Date.now(),
      state: "waiting",
      summary: passed ? [["", passed]] : summaryOf(form),
      held: true,
      scores: answer.body.scores
    };
    return queue.put(entry).then(() => {
      flash(format(say2.kept, { n: number }), answer.body.scores);
      window.scrollTo(0, 0);
    });
  }
  form.addEventListener("change", () => refresh());
  form.addEventListener("input", (event) => {
    if (event.target.name === "points") refresh();
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (event.submitter && event.submitter.name === "passed") {
      const nobody = Object.fromEntries(playersOf(evening, number).map((p) => [p, 0]));
      save({ body: { scores: nobody } }, event.submitter.textContent.trim()).then(draw);
      return;
    }
    refresh(true).then((answer) => {
      if (!answer || answer.status !== 200) return null;
      return save(answer).then(draw);
    });
  });
  function ledger(list) {
    const players = evening.seating;
    const table = document.getElementById("offline-deals");
    const head = element2("tr");
    head.append(element2("th", "num", "#"), ...players.map((p) => element2("th", "", p)));
    const zero = Object.fromEntries(players.map((p) => [p, 0]));
    const totals = totalsAfter(zero, list.map((e) => e.scores || {}));
    const last = totals[totals.length - 1] || zero;
    const total = element2("tr", "total");
    total.append(element2("th", "num", say2.totals), ...players.map((p) => element2("td", last[p] < 0 ? "neg" : "", String(last[p]))));
    table.tHead.replaceChildren(head, total);
    table.tBodies[0].replaceChildren(...list.map((entry, i) => row(entry, totals[i], players)));
    table.caption.textContent = say2.notYet;
    document.getElementById("offline-totals").replaceChildren(...scoresShown(last, "")[0].childNodes);
    document.getElementById("offline-ledger").hidden = !list.length;
    document.getElementById("offline-summary").hidden = !list.length;
    document.getElementById("offline-count").textContent = list.length === 1 ? say2.one : format(say2.many, { num: list.length });
  }
  function row(entry, totals, players) {
    const tr = element2("tr", "not-yet-sent");
    tr.id = "waiting-" + entry.id;
    tr.title = say2.notYet;
    tr.append(element2("th", "num", String(entry.number)), ...players.map((p) => {
      const score = (entry.scores || {})[p];
      const td = element2("td", score < 0 ? "neg" : "", score === void 0 ? "·" : String(score));
      td.append(element2("span", "run", String(totals[p])));
      return td;
    }));
    return tr;
  }
  function draw() {
    return mine().then((list) => {
      number = list.length ? list[list.length - 1].number + 1 : 1;
      ledger(list);
      newForm();
    });
  }
  header();
  return { draw };
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
  evening: (edit2) => run("evenings", "readonly", (s) => s.get(edit2)),
  keepEvening: (evening) => run("evenings", "readwrite", (s) => s.put(evening)),
  dropEvening: (edit2) => run("evenings", "readwrite", (s) => s.delete(edit2))
};
function storeWorks() {
  return typeof indexedDB !== "undefined" && typeof fetch !== "undefined";
}

// static/src/worker.js
function registerWorker(doc = document) {
  const words = doc.getElementById("offline");
  const url = words && words.dataset.sw;
  if (!url || !("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register(url, { scope: "/" }).catch(() => {
  });
}

// static/src/pages/offline_evening.js
registerWorker();
var data = document.getElementById("offline-evening").dataset;
var say = JSON.parse(data.words);
var edit = window.location.hash.slice(1);
function note(text, errors) {
  const box = document.getElementById("offline-flash");
  box.querySelector("p").textContent = text;
  box.querySelectorAll(".error").forEach((old) => old.remove());
  Object.values(errors || {}).flat().forEach((m) => {
    const p = document.createElement("p");
    p.className = "error";
    p.textContent = m;
    box.append(p);
  });
  box.hidden = false;
}
function fixNames(evening) {
  const form = document.getElementById("offline-fix");
  if (!form.hidden) return;
  const box = document.getElementById("fix-seats");
  box.replaceChildren(...evening.seating.map((name, i) => {
    const div = document.createElement("div");
    div.className = "field";
    const label = document.createElement("label");
    const input = document.createElement("input");
    input.id = `fix-${i}`;
    input.value = name;
    input.maxLength = 40;
    label.htmlFor = input.id;
    label.textContent = say.seats[i];
    div.append(label, input);
    return div;
  }));
  form.hidden = false;
  form.onsubmit = (event) => {
    event.preventDefault();
    const names = evening.seating.map((_, i) => document.getElementById(`fix-${i}`).value.trim());
    const { evening: fixed, map } = renamed(evening, names);
    const basis = seatingBasis(fixed);
    phoneStore.all().then((list) => Promise.all(list.filter((e) => e.token === evening.edit).map((e) => phoneStore.put(renameDeal(e, map, basis))))).then(() => phoneStore.keepEvening(fixed)).then(() => window.location.reload());
  };
}
function sendThenOpen() {
  const line = { store: phoneStore, fetch: window.fetch.bind(window) };
  return sendEvenings(line).catch(() => 0).then(() => phoneStore.evening(edit)).then((evening) => {
    if (evening && evening.state === "sent") window.location.replace(evening.sent.ledger);
    else if (evening && evening.state === "refused") {
      note(say.refused, evening.errors);
      fixNames(evening);
    }
  });
}
function start(evening) {
  if (!evening) {
    note(say.unknown);
    return;
  }
  if (evening.state === "sent") {
    window.location.replace(evening.sent.ledger);
    return;
  }
  const queue = createQueue({ store: phoneStore, fetch: window.fetch.bind(window) });
  const lang = document.documentElement.lang || "fr";
  twin().then((scoring) => startOfflineSheet({ evening, queue, say, data, lang, scoring }).draw());
  window.addEventListener("online", () => {
    note(say.sending);
    sendThenOpen();
  });
  setInterval(sendThenOpen, EVERY);
  sendThenOpen();
}
if (storeWorks()) phoneStore.evening(edit).then(start, () => note(say.unknown));
else note(say.unknown);
