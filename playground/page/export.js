// The download buttons' files made in the browser, for the static folder: the JavaScript twin of export.py's
// tokens_csv and tokens_json on compare()'s result, byte for byte (tests/test_static_folder_browser.py compares
// them). compareResult is compare()'s result from the browser tokenizers (registry.js's tokenize), for the text
// as export_text cuts it (its first maxChars code points). The page's module imports this file when a download
// is asked.

import {tokenize} from "../tokenizers/registry.js";
import {textLoss} from "../lesson/loss.js";
import {floatRepr} from "../lesson/python_format.js";

const CSV_COLUMNS = ["tokenizer", "index", "id", "piece", "text", "start", "end", "bytes_hex", "partial", "special",
                     "undertrained_verdict", "undertrained_max_prob", "undertrained_indicator",
                     "count_comparable", "loss"];
const FLOAT_KEYS = new Set(["chars_per_token", "indicator", "max_prob"]);  // floats in Python: written as repr()

/** compare(text, special, tokenizers=names) on the text's first maxChars code points, from the browser tokenizers. */
export async function compareResult(text, names, special, maxChars) {
  const cut = Array.from(text).slice(0, maxChars).join("");
  const replaced = [...cut].filter((c) => c.length === 1 && c >= "\ud800" && c <= "\udfff").length;
  const well = cut.toWellFormed();
  const tokenizers = await Promise.all(names.map((name) => tokenize(well, name, {special})));
  return {text: well, chars: [...well].length, bytes: new TextEncoder().encode(well).length,
          replaced_surrogates: replaced, special: Boolean(special), tokenizers};
}

// A value as str() writes it in Python's csv module.
function pythonStr(value, key) {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value === "number") return FLOAT_KEYS.has(key) ? floatRepr(value) : String(value);
  return value;
}

// One field as csv.writer quotes it (the excel dialect, QUOTE_MINIMAL).
function csvField(text) {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** export.tokens_csv: one row per token of every tokenizer, with its tokenizer's loss on each row. */
export function tokensCsv(result) {
  const lines = [CSV_COLUMNS.join(",")];
  for (const tok of result.tokenizers) {
    const loss = textLoss(result.text, tok);
    const said = {count_comparable: loss === null || loss.comparable ? "yes" : "no",
                  loss: loss === null ? "" : loss.sentence()};
    tok.tokens.forEach((token, index) => {
      const mark = Object.fromEntries(Object.entries(token.undertrained ?? {}).map(([k, v]) => [`undertrained_${k}`, v]));
      const row = {tokenizer: tok.name, index, ...token, ...mark, ...said};
      lines.push(CSV_COLUMNS.map((key) => csvField(pythonStr(row[key], key.replace(/^undertrained_/, "")))).join(","));
    });
  }
  return lines.map((line) => line + "\r\n").join("");
}

// json.dumps(value, ensure_ascii=False, indent=1): JSON.stringify's strings, Python's floats and layout.
function pythonJson(value, key, depth) {
  if (value === null) return "null";
  if (typeof value === "number") return FLOAT_KEYS.has(key) ? floatRepr(value) : String(value);
  if (typeof value !== "object") return JSON.stringify(value);
  const inner = "\n" + " ".repeat(depth + 1), outer = "\n" + " ".repeat(depth);
  if (Array.isArray(value)) {
    return value.length ? `[${inner}${value.map((v) => pythonJson(v, key, depth + 1)).join("," + inner)}${outer}]` : "[]";
  }
  const entries = Object.entries(value);
  return entries.length
    ? `{${inner}${entries.map(([k, v]) => `${JSON.stringify(k)}: ${pythonJson(v, k, depth + 1)}`).join("," + inner)}${outer}}`
    : "{}";
}

/** export.tokens_json: compare()'s whole result, each tokenizer with its "loss" (null when nothing was lost). */
export function tokensJson(result) {
  const tokenizers = result.tokenizers.map((tok) => {
    const loss = textLoss(result.text, tok);
    return {...tok, loss: loss === null ? null : {comparable: loss.comparable, what: loss.what(), sentence: loss.sentence(),
                                                  unknown: loss.unknown, dropped: [...loss.dropped]}};
  });
  return pythonJson({...result, tokenizers}, "", 0);
}
