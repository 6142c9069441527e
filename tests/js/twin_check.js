// The twin's side of the differential test (tests/scoring/test_twin.py): reads the cases
// the server answered (one JSON line each: lang, body, status, answer), asks the twin
// (static/src/scoring) each, and prints one JSON line: how many were compared, how many
// differ, and the first few that do, with both answers.
//
//     node tests/js/twin_check.js cases.jsonl     (or - for the standard input)
import {createReadStream} from "node:fs";
import process from "node:process";
import {createInterface} from "node:readline";

import {scoreRequest} from "../../static/src/scoring/index.js";

const SHOWN = 5;

// ``value`` as JSON with every object's keys sorted: two answers are equal when these are.
function canonical(value) {
  if (Array.isArray(value)) return "[" + value.map(canonical).join(",") + "]";
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value).sort();
    return "{" + keys.map((k) => JSON.stringify(k) + ":" + canonical(value[k])).join(",") + "}";
  }
  return JSON.stringify(value);
}

async function compare(path) {
  const input = path === "-" ? process.stdin : createReadStream(path);
  const differ = [];
  let count = 0;
  for await (const line of createInterface({input, crlfDelay: Infinity})) {
    if (!line) continue;
    const expected = JSON.parse(line);
    let got;
    try {
      got = scoreRequest(expected.body, expected.lang);
    } catch (error) {
      got = {status: "thrown", body: String(error && error.stack)};
    }
    count += 1;
    if (got.status !== expected.status || canonical(got.body) !== canonical(expected.answer)) {
      differ.push({body: expected.body, lang: expected.lang, server: [expected.status, expected.answer], twin: [got.status, got.body]});
    }
  }
  return {compared: count, differ: differ.length, first: differ.slice(0, SHOWN)};
}

process.stdout.write(JSON.stringify(await compare(process.argv[2])) + "\n");
