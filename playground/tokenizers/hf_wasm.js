// The Hugging Face tokenizers Rust crate (0.21.1, with Oniguruma regexes as Python's tokenizers has)
// compiled to WebAssembly by @mlc-ai/web-tokenizers: one loader for every family that runs a tokenizer.json.

let last = Promise.resolve();  // the load before this one, settled or not

/** The crate's Tokenizer over a tokenizer.json's bytes, one load at a time: the package starts its WebAssembly
 *  in each load that finds none started, so two loads at once made two instances, and the tokenizer of the
 *  first one's binding threw on every encode (BERT and Llama 3 asked for together). */
export function fromJSON(bytes) {
  const made = last.then(() => create(bytes));
  last = made.catch(() => {});
  return made;
}

/** The package is an Emscripten build wrapped as UMD: imported as an ES module it sets globalThis.tokenizers.
 *  Under Node (the quick check) Emscripten reads its own URL from `location`, which Node has not, so it is
 *  lent one while the WebAssembly starts. */
async function create(bytes) {
  const lend = typeof document === "undefined" && typeof location === "undefined";
  if (lend) globalThis.location = {href: import.meta.url};
  try {
    await import("@mlc-ai/web-tokenizers");
    return await globalThis.tokenizers.Tokenizer.fromJSON(bytes);
  } finally {
    if (lend) delete globalThis.location;
  }
}
