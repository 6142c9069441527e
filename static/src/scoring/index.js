// The scoring twin: scorekeeper/scoring/ in JavaScript, for a phone with no network
// (docs/architecture.md, "The scoring twin"). Bundled into static/js/scoring.js, which no
// page loads on its first view: a script asks for it with import("./scoring.js").
//
// scoreRequest(body, lang) gives {status, body}: what POST /api/v1/score answers
// (docs/scoring-api.md, scorekeeper/api.py) for that body, in that language, the same
// status and the same JSON. ``body`` is the request's text, or a value sent as
// JSON.stringify writes it. The server stays the only place that stores a score: what
// the twin says is shown as not yet sent, and the server scores again what it stores.
// tests/scoring/test_twin.py keeps the two equal, deal by deal, field by field.
import {DEAL_FIELDS, DealError, dealFromJson} from "./deal.js";
import {NotJson, decoded, readJson} from "./json.js";
import {resultJson, score} from "./score.js";
import {errorsByField, language, message, problem} from "./text.js";

export {FFT, VARIANTS, ruleSet, rulesJson} from "./rules.js";
export {CHIEN_CARDS, cardPoints} from "./cards.js";
export {POIGNEE_TRUMPS} from "./check.js";
export {TABLE_MODES} from "./table.js";

export const MAX_API_BYTES = 64 * 1024;
const UNKNOWN_NAMED = 5;
const REFUSED = {
  413: {fr: "Le corps de la requête dépasse 64 Kio.", en: "The request body is larger than 64 KiB."},
  400: {fr: "Le corps de la requête doit être un objet JSON.", en: "The request body must be a JSON object."},
};

export function scoreRequest(body, lang) {
  const said = language(lang);
  const text = typeof body === "string" ? body : written(body);
  if (utf8Length(text) > MAX_API_BYTES) return refused(413, said);
  let data;
  try {
    data = readJson(decoded(text));
  } catch (error) {
    if (!(error instanceof NotJson)) throw error;
    return refused(400, said);
  }
  if (!(data instanceof Map)) return refused(400, said);
  const unknown = [...data.keys()].filter((key) => !DEAL_FIELDS.includes(key));
  if (unknown.length) return unknownFields(unknown, said);
  try {
    const [deal, rules] = dealFromJson(data);
    return {status: 200, body: resultJson(score(deal, rules), said)};
  } catch (error) {
    if (!(error instanceof DealError)) throw error;
    return {status: 422, body: {errors: Object.fromEntries(errorsByField(error.problems, said))}};
  }
}

// A value as JSON.stringify writes it: what a phone sends; "" (not JSON) for one it
// cannot write (a BigInt, a cycle) or that writes nothing (undefined, a function).
function written(value) {
  try {
    return JSON.stringify(value) ?? "";
  } catch {
    return "";
  }
}

// Said early, naming a few: a body of many fields costs nothing more.
function unknownFields(unknown, lang) {
  const named = new Map(unknown.slice(0, UNKNOWN_NAMED).map((k) => [k, [message(problem(k, "unknown_field"), lang)]]));
  const rest = unknown.length - UNKNOWN_NAMED;
  if (rest > 0) {
    named.set("_", [lang === "fr" ? `… et ${rest} autres champs inconnus.` : `… and ${rest} more unknown fields.`]);
  }
  return {status: 422, body: {errors: Object.fromEntries(named)}};
}

function refused(status, lang) {
  return {status, body: {errors: {_: [REFUSED[status][lang]]}}};
}

// The bytes of ``text`` in UTF-8 (a lone surrogate is sent as U+FFFD: 3 bytes).
function utf8Length(text) {
  if (text.length > MAX_API_BYTES) return text.length;  // never fewer bytes than units
  let bytes = 0;
  for (const c of text) {
    const code = c.codePointAt(0);
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}
