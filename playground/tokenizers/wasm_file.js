// A WebAssembly core shipped as a file of its own beside the built code (tiktoken's, and the two Emscripten
// packages' that scripts/build_browser.mjs takes out of their JavaScript): fetched and compiled once, and only if
// its sha256 is the one the build baked into the module that loads it (so the core is as checked as that module).

import {NotAsBuilt, sha256Hex} from "./sha256.js";

const compiled = new Map();  // url -> Promise of its WebAssembly.Module

/** The core at `url` compiled, once its bytes are found to have the sha256 `expected`. Hashed first, then compiled
 *  from the whole bytes: compiling as they stream in saved tens of ms for the 3.4 MB core on the loopback, nothing
 *  measurable on a 20 Mbit/s link, and hashing a copy meanwhile no more (docs/benchmarks.md). */
async function compile(url, expected) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`could not fetch the WebAssembly core ${url}: HTTP ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const digest = await sha256Hex(bytes);
  if (digest !== expected) {
    const name = new URL(url).pathname.split("/").pop();
    throw new NotAsBuilt(`${name} is not the WebAssembly that was built: sha256 ${digest}, expected ${expected} ` +
                    "(build.json): it is not run. Reload the page; if this stays, its files were changed.");
  }
  return WebAssembly.compile(bytes);
}

/** A new instance of the core at `url` (sha256 `expected`) with `imports`. The core is fetched and compiled once: a
 *  package makes an instance per tokenizer (sentencepiece's, for Llama 2 and Mistral), each from the same module. */
export async function instantiateUrl(url, expected, imports) {
  const key = String(url);
  if (!compiled.has(key)) {
    compiled.set(key, compile(url, expected));
    compiled.get(key).catch(() => compiled.delete(key));  // a failed fetch may be tried again
  }
  return WebAssembly.instantiate(await compiled.get(key), imports);
}

/** An Emscripten module's instantiateWasm hook for the core at `url` (sha256 `expected`): the build calls it where
 *  the package read its core from a base64 string inside its JavaScript; a failed fetch or a changed core rejects
 *  the module's ready promise. */
export function emscriptenInstantiate(url, expected, imports, receive, reject) {
  instantiateUrl(url, expected, imports).then((instance) => receive(instance), reject);
  return {};  // Emscripten's contract: the exports come later, through receive
}
