// The static folder's own part (python -m playground static DIR): what differs when no server is behind the page.
// PLAYGROUND_FOLDER (the examples' answers, the notes, the gzipped files) is the folder's values.json
// (shell.page_values); in the app's, PLAYGROUND_SERVER is true and nothing here is used.

import {PLAYGROUND_EXAMPLES, PLAYGROUND_FOLDER} from "./values.js";

// The vocabularies and WebAssembly cores are fetched gzipped (static_folder.is_gzipped: URL + ".gz", written beside
// each file), since a plain static server sends them as they are: 6.9 MB for ?example=code where the app, which
// gzips them, sends 3.0 MB. The browser tokenizers (registry.js, wasm_file.js) fetch the plain URL; here that fetch
// gets the unzipped bytes. A host that sends a .gz with Content-Encoding: gzip has had the browser unzip it already:
// then the bytes do not start with gzip's magic number and go through as they are.
// page.js calls this as the folder's page opens, before the tokenizers' first fetch.
export function playgroundFolderUnzips() {
  const zipped = new Set(PLAYGROUND_FOLDER.gzipped.map((url) => new URL(url, document.baseURI).href));
  const fetchAsIs = window.fetch;
  window.fetch = async function playgroundFolderUnzippingFetch(input, init) {
    const url = new URL(input instanceof Request ? input.url : input, document.baseURI).href;
    if (!zipped.has(url)) return fetchAsIs(input, init);
    const response = await fetchAsIs(`${url}.gz`, init);
    if (!response.ok) return response;
    const bytes = new Uint8Array(await response.arrayBuffer());
    const isGzip = bytes[0] === 0x1f && bytes[1] === 0x8b;
    const body = isGzip ? new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip")) : bytes;
    const type = url.endsWith(".wasm") ? "application/wasm" : "application/octet-stream";
    return new Response(body, {headers: {"Content-Type": type}});
  };
}

// The page's asks of the server (ask.js), answered by the folder itself: the example's answer when the text and
// tokenizers are the example's own (computed when the folder was written; an edited text's is the app's work),
// and for the embedding, that it needs the app.
export async function playgroundHostAnswer(path, body) {
  if (path === "playground/answer") {
    const example = Object.hasOwn(PLAYGROUND_EXAMPLES, body.example) ? PLAYGROUND_EXAMPLES[body.example] : null;
    const own = example && body.text === example.text && body.tokenizers.join() === example.tokenizers.join();
    return {ok: true, answer: own ? PLAYGROUND_FOLDER.answers[body.example] : PLAYGROUND_FOLDER.editedAnswer};
  }
  if (path === "playground/embedding") {
    return {ok: true, embedding: [PLAYGROUND_FOLDER.embedding, "", "", ""], figure_key: null};
  }
  return {ok: false, status: 404, detail: "This page has no server: it shows only the tokenizers it ships."};
}
