// A request's body read as the server reads it (scorekeeper/api.py, Python's json.loads
// with NaN and Infinity refused): JSON.parse would not do, for it forgets what the
// server's checks look at. Here an object is a Map (its keys in the order first written,
// a key written twice keeping its last value, "__proto__" a key like any other), a whole
// number written without a point or an exponent is a BigInt (the server refuses 10.0
// where a setting wants a whole number), any other number a Number. A whole number of
// more than 4300 digits is refused, as Python refuses to read one.

export class NotJson extends Error {}

const MAX_DIGITS = 4300;
export const MAX_DEPTH = 900;
// Python reads lists and objects nested until its stack runs out (then 400): at about
// 980 levels, a few more or fewer with the server's own depth. A deal's body has 3. Past
// MAX_DEPTH the twin answers 400; up to it, what the server answers.
const WHITESPACE = " \t\n\r";
const ESCAPES = new Map([["\"", "\""], ["\\", "\\"], ["/", "/"], ["b", "\b"], ["f", "\f"], ["n", "\n"], ["r", "\r"], ["t", "\t"]]);
const NUMBER = /-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?/y;
const HEX4 = /^[0-9a-fA-F]{4}$/;

// The value ``text`` holds; throws NotJson when it is not JSON.
export function readJson(text) {
  const reader = new Reader(text);
  reader.skipSpace();
  const value = reader.value(0);
  reader.skipSpace();
  if (reader.at !== text.length) throw new NotJson("extra data");
  return value;
}

class Reader {
  constructor(text) {
    this.text = text;
    this.at = 0;
  }

  skipSpace() {
    while (this.at < this.text.length && WHITESPACE.includes(this.text[this.at])) this.at += 1;
  }

  value(depth) {
    const c = this.text[this.at];
    if (c === "{") return this.object(depth + 1);
    if (c === "[") return this.array(depth + 1);
    if (c === "\"") return this.string();
    if (this.word("true")) return true;
    if (this.word("false")) return false;
    if (this.word("null")) return null;
    return this.number();
  }

  word(text) {
    if (!this.text.startsWith(text, this.at)) return false;
    this.at += text.length;
    return true;
  }

  expect(c) {
    if (this.text[this.at] !== c) throw new NotJson("expected " + c);
    this.at += 1;
  }

  object(depth) {
    if (depth > MAX_DEPTH) throw new NotJson("too deep");
    this.at += 1;
    const map = new Map();
    this.skipSpace();
    if (this.word("}")) return map;
    for (;;) {
      this.skipSpace();
      if (this.text[this.at] !== "\"") throw new NotJson("expected a key");
      const key = this.string();
      this.skipSpace();
      this.expect(":");
      this.skipSpace();
      map.set(key, this.value(depth));
      this.skipSpace();
      if (this.word("}")) return map;
      this.expect(",");
    }
  }

  array(depth) {
    if (depth > MAX_DEPTH) throw new NotJson("too deep");
    this.at += 1;
    const list = [];
    this.skipSpace();
    if (this.word("]")) return list;
    for (;;) {
      this.skipSpace();
      list.push(this.value(depth));
      this.skipSpace();
      if (this.word("]")) return list;
      this.expect(",");
    }
  }

  string() {
    this.at += 1;
    let out = "";
    for (;;) {
      const c = this.text[this.at];
      if (c === undefined || c < " ") throw new NotJson("unterminated string");
      this.at += 1;
      if (c === "\"") return out;
      out += c === "\\" ? this.escape() : c;
    }
  }

  escape() {
    const c = this.text[this.at];
    this.at += 1;
    if (ESCAPES.has(c)) return ESCAPES.get(c);
    const hex = this.text.slice(this.at, this.at + 4);
    if (c !== "u" || !HEX4.test(hex)) throw new NotJson("bad escape");
    this.at += 4;
    return String.fromCharCode(parseInt(hex, 16));
  }

  number() {
    NUMBER.lastIndex = this.at;
    const found = NUMBER.exec(this.text);
    if (found === null) throw new NotJson("not a value");
    this.at += found[0].length;
    if (found[1] !== undefined || found[2] !== undefined) return Number(found[0]);
    const digits = found[0].replace("-", "");
    if (digits.length > MAX_DIGITS) throw new NotJson("too many digits");
    return BigInt(found[0]);
  }
}

// The text the server decodes from the bytes a phone sends for ``body`` (its UTF-8):
// a byte order mark dropped, and the UTF-16 and UTF-32 that Python's json.loads guesses
// from where the first zero bytes fall (a body that begins with NUL). Throws NotJson
// when those bytes do not decode.
export function decoded(body) {
  const text = body.replace(/[\ud800-\udbff][\udc00-\udfff]|[\ud800-\udfff]/g, (c) => (c.length === 2 ? c : "\ufffd"));
  if (text.startsWith("\ufeff")) return text.slice(1);
  if (!text.slice(0, 2).includes("\0")) return text;
  return fromWide(new TextEncoder().encode(text));
}

function fromWide(bytes) {
  const wide = wideEncoding(bytes);
  if (wide === null) return new TextDecoder().decode(bytes);
  const [unit, big] = wide;
  if (bytes.length % unit) throw new NotJson("truncated");
  let out = "";
  for (let i = 0; i < bytes.length; i += unit) {
    const code = unit === 2 ? wordOf(bytes, i, big)
      : wordOf(bytes, big ? i : i + 2, big) * 0x10000 + wordOf(bytes, big ? i + 2 : i, big);
    if (code > 0x10ffff) throw new NotJson("not a code point");
    out += String.fromCodePoint(code);
  }
  return out;
}

// [bytes a character, big-endian] of the UTF-16 or UTF-32 Python guesses; null for UTF-8.
function wideEncoding(bytes) {
  const n = bytes.length;
  if (n >= 4 && bytes[0] === 0) return [bytes[1] ? 2 : 4, true];
  if (n >= 4 && bytes[1] === 0) return [bytes[2] || bytes[3] ? 2 : 4, false];
  if (n === 2) return [2, bytes[0] === 0];
  return null;
}

function wordOf(bytes, i, big) {
  return big ? bytes[i] * 256 + bytes[i + 1] : bytes[i + 1] * 256 + bytes[i];
}
