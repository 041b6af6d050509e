// The browser twins under Node's test runner, no browser: each tokenizer's goldens (tests/twin_goldens/, what the
// Python layer's compare() gives, written by scripts/twin_goldens.py) through the page's own entry,
// registry.js's tokenize(), field for field. A change to a twin's JavaScript is checked in seconds:
//
//   node --test tests/twins.test.mjs
//
// The page fetches each twin's files from the server by URL and checks their sha256; here fetch() reads the local
// file each URL stands for (the golden's "files"), and the same check runs on its bytes.

import assert from "node:assert/strict";
import {existsSync, readFileSync, readdirSync} from "node:fs";
import {register} from "node:module";
import {test} from "node:test";

const ROOT = new URL("../", import.meta.url);
const GOLDENS = new URL("twin_goldens/", import.meta.url);
const goldens = readdirSync(GOLDENS).filter((file) => file.endsWith(".json")).sort()
  .map((file) => JSON.parse(readFileSync(new URL(file, GOLDENS), "utf8")));
// The twins import the npm packages package-lock.json pins (tiktoken, the WebAssembly cores).
const skip = existsSync(new URL("node_modules/", ROOT)) ? false
  : "no node_modules/ (the pinned npm packages): run `npm ci` at the repository's root";

register("../scripts/twin_node_hooks.mjs", import.meta.url);  // .wasm imports, as the browser bundle has them
const files = Object.fromEntries(goldens.flatMap((golden) => Object.entries(golden.files)));  // URL -> local path
// The page's address is the repository's root (a file: URL, which the WebAssembly cores' loaders take as Node's own).
globalThis.document = {baseURI: ROOT.href};
const fetchOthers = globalThis.fetch;  // a family's WebAssembly core, as a data: URL (twin_node_hooks.mjs)
globalThis.fetch = async (url) => {
  if (!String(url).startsWith(ROOT.href)) return fetchOthers(url);
  const path = files[String(url).slice(ROOT.href.length)];
  return path ? new Response(readFileSync(new URL(path, ROOT))) : new Response(null, {status: 404});
};
const {tokenize, useTwins} = skip ? {} : await import("../playground/tokenizers/registry.js");
useTwins?.({tokenizers: Object.fromEntries(goldens.map((golden) => [golden.name, golden.spec]))});

for (const golden of goldens) {
  test(`${golden.name}: ${golden.cases.length} texts as compare() gives them`, {skip}, async () => {
    const differ = [];  // "text (special): field" of every field the twin gives otherwise
    for (const {text, special, expected} of golden.cases) {
      const got = await tokenize(text, golden.name, {special});
      for (const [field, value] of Object.entries(expected)) {
        try {
          assert.deepEqual(got[field], value);
        } catch {
          differ.push(`${JSON.stringify(text)}${special ? " (special)" : ""}: ${field}`);
        }
      }
    }
    assert.deepEqual(differ, [], `the twin differs from Python on ${differ.length} fields`);
  });
}
