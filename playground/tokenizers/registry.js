// The browser twin of registry.py: window.playground.tokenize(text, name) for every tokenizer the
// server (or the static folder) lists with a browser twin, each family's code and vocabulary loaded
// on first use and checked against its sha256 before use.
//
// The page hands it the twins it runs (useTwins: its values' PLAYGROUND_TWINS, shell.page_values) before asking:
//   {tokenizers: {name: {family, label, files: {key: {url, sha256}}, options: {...}, undertrained: {url, sha256} or null}}}
// undertrained is assets/undertrained/undertrained.json where the paper published a list for this tokenizer's model.
// family is one of FAMILIES' keys; files are fetched (URLs relative to the page, content-hashed, so the
// browser may cache them for good); options are the family's own (a tiktoken pattern, say).

import {describe} from "./base.js";
import * as bert from "./bert.js";
import * as hf_tokenizers from "./hf_tokenizers.js";
import * as sentencepiece_bpe from "./sentencepiece_bpe.js";
import * as tiktoken_bpe from "./tiktoken_bpe.js";
import {NotAsBuilt, sha256Hex} from "./sha256.js";
import {replaceLoneSurrogates} from "./spans.js";

// One module per family, as in playground/tokenizers/; each loads its WebAssembly core and its files only when one of
// its tokenizers is first used.
const FAMILIES = {tiktoken_bpe, sentencepiece_bpe, bert, hf_tokenizers};

const loading = new Map();  // name -> Promise of {tokenizer, marks}
const fetched = new Map();  // url -> Promise of its checked bytes: a file two tokenizers load (the under-trained list) is fetched once

function fetchVerified(file) {
  if (!fetched.has(file.url)) {
    fetched.set(file.url, fetchChecked(file));
    fetched.get(file.url).catch(() => fetched.delete(file.url));  // a failed fetch may be tried again
  }
  return fetched.get(file.url);
}

async function fetchChecked(file) {
  const response = await fetch(new URL(file.url, document.baseURI));
  if (!response.ok) throw new Error(`could not fetch ${file.url}: HTTP ${response.status}`);
  const data = new Uint8Array(await response.arrayBuffer());
  const digest = await sha256Hex(data);
  if (digest !== file.sha256) {
    throw new NotAsBuilt(`${file.url} is not the file the server vouches for: sha256 ${digest}, expected ${file.sha256}: ` +
                         "it is not used. Reload the page; if this stays, the file was changed.");
  }
  return data;
}

/** id -> the paper's figures for every token on model `name`'s list (undertrained.py's undertrained_marks). */
function undertrainedMarks(data, name) {
  const model = JSON.parse(new TextDecoder().decode(data)).models[name];
  return new Map(model.tokens.map((t) => [t.id, {verdict: t.verdict, indicator: t.indicator, max_prob: t.max_prob}]));
}

let twins = {};  // name -> twin spec, as useTwins was given them

/** The tokenizers this page runs in the browser: {tokenizers: {name: spec}}, as above. */
export function useTwins(declared) {
  twins = declared.tokenizers;
}

/** The twin spec of tokenizer `name`, or undefined: an own entry only ("constructor" is no tokenizer). */
function specOf(name) {
  return Object.hasOwn(twins, name) ? twins[name] : undefined;
}

async function load(name) {
  const spec = specOf(name);
  if (!spec) throw new Error(`no browser twin for tokenizer ${JSON.stringify(name)}: the server tokenizes it`);
  const keys = Object.keys(spec.files);
  const [marks, ...datas] = await Promise.all([
    spec.undertrained ? fetchVerified(spec.undertrained) : null,
    ...keys.map((key) => fetchVerified(spec.files[key])),
  ]);
  const files = Object.fromEntries(keys.map((key, k) => [key, datas[k]]));
  const tokenizer = await FAMILIES[spec.family].load({name, ...spec}, files);
  return {tokenizer, marks: marks && undertrainedMarks(marks, name)};
}

/** Whether tokenizer `name` runs in this page. */
export function hasTwin(name) {
  return specOf(name) !== undefined;
}

/** Tokenizer `name`'s load (its code, files and build), started now if not yet: a page starts its first three's
 *  before it first tokenizes. */
export function warm(name) {
  if (!loading.has(name)) {
    loading.set(name, load(name));
    loading.get(name).catch(() => loading.delete(name));  // a failed load may be tried again
  }
  return loading.get(name);
}

/** What compare() gives for one tokenizer: ids, spans, tokens, counts, decoded, lossless. */
export async function tokenize(text, name, {special = false, tokenLimit = null} = {}) {
  if (typeof text !== "string") throw new TypeError(`tokenize() takes text as a string, got ${typeof text}`);
  const {tokenizer, marks} = await warm(name);
  return describe(tokenizer, marks, replaceLoneSurrogates(text), special, tokenLimit);
}

globalThis.playground = {...globalThis.playground, tokenize, hasTwin};
