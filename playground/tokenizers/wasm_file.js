// A WebAssembly core shipped as a file of its own beside the built code (tiktoken's, and the two Emscripten
// packages' that scripts/build_browser.mjs takes out of their JavaScript): compiled while its bytes arrive, once.

const compiled = new Map();  // url -> Promise of its WebAssembly.Module

/** The core at `url` compiled: streamed where the server says application/wasm (a static host does, Python's
 *  http.server and nginx among them), else from its whole bytes. */
async function compile(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`could not fetch the WebAssembly core ${url}: HTTP ${response.status}`);
  if (response.headers.get("content-type")?.split(";")[0].trim() === "application/wasm") {
    return WebAssembly.compileStreaming(response);
  }
  return WebAssembly.compile(await response.arrayBuffer());
}

/** A new instance of the core at `url` with `imports`. The core is fetched and compiled once: a package makes an
 *  instance per tokenizer (sentencepiece's, for Llama 2 and Mistral), each from the same compiled module. */
export async function instantiateUrl(url, imports) {
  const key = String(url);
  if (!compiled.has(key)) {
    compiled.set(key, compile(url));
    compiled.get(key).catch(() => compiled.delete(key));  // a failed fetch may be tried again
  }
  return WebAssembly.instantiate(await compiled.get(key), imports);
}

/** An Emscripten module's instantiateWasm hook for the core at `url`: the build calls it where the package read
 *  its core from a base64 string inside its JavaScript; a failed fetch rejects the module's ready promise. */
export function emscriptenInstantiate(url, imports, receive, reject) {
  instantiateUrl(url, imports).then((instance) => receive(instance), reject);
  return {};  // Emscripten's contract: the exports come later, through receive
}
