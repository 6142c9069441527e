// The words the scoring says, in French and in English (scorekeeper/scoring/text.py):
// a problem's message with its values written as the person's language writes them.
import {CONTRACT_NAMES, LABELS} from "./labels.js";
import {CARD_MESSAGES, MESSAGES, OWNED, PARITY} from "./messages.js";

// Card points, exactly: a whole number of half points (81 is 40.5).
export class Points {
  constructor(halves) {
    this.halves = halves;
  }
}

// Whether ``table`` has ``key`` of its own (a name such as "constructor" is not one).
export function has(table, key) {
  return Object.prototype.hasOwnProperty.call(table, key);
}

// "en" when asked for, else French: the server's default.
export function language(lang) {
  return lang === "en" ? "en" : "fr";
}

// A template's {name}s filled from ``params``.
export function format(template, params) {
  return template.replace(/\{(\w+)\}/g, (_, key) => String(params[key]));
}

// Something wrong with a deal or a rule set: the field, and what is wrong.
export function problem(field, key, params = {}) {
  return {field, key, params};
}

// The sentence a player reads, in ``lang``.
export function message(found, lang) {
  const table = has(MESSAGES, found.key) ? MESSAGES : CARD_MESSAGES;
  return format(table[found.key][language(lang)], words(found.params, language(lang)));
}

// The label of an explanation line or of a share.
export function label(key, lang, params) {
  return format(LABELS[key][language(lang)], params);
}

export function contractName(contract, lang) {
  return CONTRACT_NAMES[contract][language(lang)];
}

// Problems grouped by field, in ``lang``: the API's 422 answer, as [field, messages].
export function errorsByField(problems, lang) {
  const grouped = new Map();
  for (const found of problems) {
    if (!grouped.has(found.field)) grouped.set(found.field, []);
    grouped.get(found.field).push(message(found, lang));
  }
  return grouped;
}

// Card points as ``lang`` writes them: 40,5 in French, 40.5 in English.
export function pointsText(points, lang) {
  const whole = Math.floor(points.halves / 2);
  const text = points.halves % 2 ? whole + (lang === "fr" ? ",5" : ".5") : String(whole);
  return text;
}

// A number of oudlers with its noun, as ``lang`` agrees it.
export function oudlersWords(oudlers, lang) {
  if (lang !== "en") return `${oudlers} bout` + (oudlers > 1 ? "s" : "");
  return `${oudlers} oudler` + (oudlers === 1 ? "" : "s");
}

function words(params, lang) {
  const out = {};
  for (const [key, value] of Object.entries(params)) {
    out[key] = value instanceof Points ? pointsText(value, lang) : value;
  }
  if (Number.isInteger(params.oudlers)) out.oudlers_words = oudlersWords(params.oudlers, lang);
  if (has(CONTRACT_NAMES, String(params.contract))) {
    out.contract_name = contractName(params.contract, lang).toLowerCase();
  }
  if (params.least instanceof Points && params.most instanceof Points) {
    out.allowed = allowed(params, out, lang);
  }
  if ("owned" in params) out.owned = format(OWNED[params.owned][lang], {cards: params.cards});
  return out;
}

function allowed(params, out, lang) {
  let text = lang === "en" ? `${out.least} to ${out.most} points` : `de ${out.least} à ${out.most} points`;
  const least = params.least.halves;
  if (least === params.most.halves) {
    text = `${out.least} point` + (least > (lang === "en" ? 2 : 3) ? "s" : "");
  }
  return text + (typeof params.whole === "boolean" ? PARITY[params.whole][lang] : "");
}
