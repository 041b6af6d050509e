// A WebAssembly core shipped as a file of its own beside the built code (tiktoken's, and the two Emscripten
// packages' that scripts/build_browser.mjs takes out of their JavaScript): compiled while its bytes arrive.

/** The instance of the WebAssembly at `url` with `imports`: streamed where the server says application/wasm (a
 *  static host does, Python's http.server and nginx among them), else compiled from its whole bytes. */
export async function instantiateUrl(url, imports) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`could not fetch the WebAssembly core ${url}: HTTP ${response.status}`);
  if (response.headers.get("content-type")?.split(";")[0].trim() === "application/wasm") {
    return (await WebAssembly.instantiateStreaming(response, imports)).instance;
  }
  return (await WebAssembly.instantiate(await response.arrayBuffer(), imports)).instance;
}

/** An Emscripten module's instantiateWasm hook for the core at `url`: the build calls it where the package read
 *  its core from a base64 string inside its JavaScript; a failed fetch rejects the module's ready promise. */
export function emscriptenInstantiate(url, imports, receive, reject) {
  instantiateUrl(url, imports).then((instance) => receive(instance), reject);
  return {};  // Emscripten's contract: the exports come later, through receive
}
