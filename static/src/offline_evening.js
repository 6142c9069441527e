// An evening started on the phone with no network, as plain data: its links, made here
// as the server makes its own (18 random bytes, URL-safe base64, never a leading dash),
// its seating read from the new-evening form's fields, the dealer of each deal, a deal
// kept for the queue as the deal form posts it, and the body the scoring twin (and
// POST /api/v1/score) reads. Nothing here touches the page or the phone's store.

export const NO_PARTNER = "-";
const SEATS = 6;

// A link as the server makes one (scorekeeper/models.py, new_token).
export function newLink(random = (bytes) => crypto.getRandomValues(bytes)) {
  for (;;) {
    const bytes = random(new Uint8Array(18));
    const text = btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_");
    if (!text.startsWith("-")) return text;
  }
}

// The evening the new-evening form's ``fields`` (its [name, value] pairs) ask for, or
// null when the seats do not fit the table (the server would say why: online, it does).
// ``modes``: the twin's TABLE_MODES (scoring/table.py's), by the form's table_mode.
export function eveningOf(fields, made, modes) {
  const value = (name) => (fields.find((f) => f[0] === name) || [name, ""])[1].trim();
  const seating = [];
  for (let seat = 1; seat <= SEATS; seat += 1) {
    const name = value(`seat_${seat}`);
    if (name) seating.push(name);
  }
  const mode = value("table_mode") || "four";
  const first = value(`seat_${value("first_dealer") || "1"}`);
  const lower = seating.map((n) => n.toLowerCase());
  const table = Object.hasOwn(modes, mode) ? modes[mode] : null;
  if (!table || seating.length !== table.seated || !first ||
      new Set(lower).size !== lower.length) return null;
  const variants = fields.filter((f) => f[0] === "variants").map((f) => f[1]);
  return {
    edit: made.edit, view: made.view, once: made.once, door: made.door, page: made.page,
    fields, seating, mode, dealerOut: table.dealerSitsOut, first, variants, name: value("name"), time: made.time, state: "held",
  };
}

// The evening's rules as the scoring API takes them: the twin's rule set of its variants,
// as scoring/rules.py's rule_set reads "fft+variant+…".
export function rulesOf(evening, scoring) {
  return scoring.rulesJson(scoring.ruleSet(["fft", ...evening.variants].join("+")));
}

// Who deals deal ``number`` (1, 2, …): the first dealer, then each next seat.
export function dealerOf(evening, number) {
  const start = evening.seating.indexOf(evening.first);
  return evening.seating[(start + number - 1) % evening.seating.length];
}

// Who plays deal ``number``: the seated, but the dealer where the dealer sits out.
export function playersOf(evening, number) {
  if (!evening.dealerOut) return evening.seating.slice();
  const dealer = dealerOf(evening, number);
  return evening.seating.filter((name) => name !== dealer);
}

// The seating as a deal form sends it back: the mode and the names (sheets/reads.py).
export function seatingBasis(evening) {
  return JSON.stringify([evening.mode, ...evening.seating]);
}

function points(text) {
  const value = Number(String(text).trim().replace(",", "."));
  return String(text).trim() === "" || Number.isNaN(value) ? String(text) : value;
}

// The scoring API's body for a deal kept as the form posts it (``fields``: [name,
// value] pairs), at a table of ``players`` seated as ``seating``, under ``rules``.
export function scoreBody(fields, players, seating, rules) {
  const get = (name) => {
    const found = fields.find((f) => f[0] === name);
    return found ? found[1] : "";
  };
  const called = (name) => (get(name) && get(name) !== NO_PARTNER ? get(name) : null);
  const body = {
    players, taker: get("taker"), contract: get("contract"), oudlers: Number(get("oudlers")),
    points: points(get("points")), rules,
    poignees: seating.map((player, i) => ({player, size: get(`poignee_${i}`)}))
      .filter((p) => p.size && players.includes(p.player)),
    petit_au_bout: get("petit_au_bout") || null,
    chelem: {announced: get("chelem_announced") === "y", outcome: get("chelem_outcome") || "none"},
  };
  const miseres = fields.filter((f) => f[0] === "miseres").map((f) => ({player: f[1]}));
  if (miseres.length) body.miseres = miseres;
  if (get("petit_au_bout_player")) body.petit_au_bout_player = get("petit_au_bout_player");
  // A choice not made is not sent: the scoring says it is required, by its field.
  ["taker", "contract", "oudlers", "points"].filter((name) => get(name).trim() === "")
    .forEach((name) => { delete body[name]; });
  if (players.length >= 5) body.partner = called("partner");
  if (players.length === 6) body.second_partner = called("second_partner");
  if (get("points_side") === "defense" && typeof body.points === "number") {
    body.points = 91 - body.points;
  }
  return body;
}

const NAMED = ["taker", "partner", "second_partner", "petit_au_bout_player", "miseres", "dealer", "rotation", "sitting_out"];

// The evening with its players named ``names`` (in seat order) instead, as the person
// corrected them after the server refused the evening (a name the club writes
// otherwise); ``map``: each old name to its new one.
export function renamed(evening, names) {
  const map = Object.fromEntries(evening.seating.map((old, i) => [old, names[i]]));
  const seats = evening.fields.filter((f) => /^seat_\d$/.test(f[0]) && f[1].trim());
  const fields = evening.fields.map(([name, value]) => {
    const seat = seats.findIndex((f) => f[0] === name);
    return [name, seat >= 0 ? names[seat] : value];
  });
  const fixed = {...evening, fields, seating: names.slice(), first: map[evening.first], state: "held"};
  delete fixed.errors;
  return {evening: fixed, map};
}

// A deal kept for the evening, its players renamed by ``map`` (renamed()'s).
export function renameDeal(entry, map, basis) {
  const name = (value) => (Object.hasOwn(map, value) ? map[value] : value);
  return {
    ...entry,
    fields: entry.fields.map(([field, value]) => {
      if (field === "seating") return [field, basis];
      return [field, NAMED.includes(field) ? name(value) : value];
    }),
    dealer: name(entry.dealer),
    seated: (entry.seated || []).map(name),
    summary: (entry.summary || []).map(([term, value]) => [term, name(value)]),
    scores: entry.scores && Object.fromEntries(Object.entries(entry.scores).map(([p, s]) => [name(p), s])),
  };
}
