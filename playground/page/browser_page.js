// The module the page loads (scripts/build_browser.mjs bundles it, build.json names it "registry"): the browser
// tokenizers (window.playground.tokenize, hasTwin) and the panels' renderer (window.playground.panelParts,
// MAX_DRAWN_TOKENS), then the "playground-ready" event, for the page's scripts that run before any module.

import {hasTwin, warm} from "../tokenizers/registry.js";
import {MAX_DRAWN_TOKENS, panelParts} from "./render.js";

// The page's first three tokenizers start loading as this module runs, before the page's scripts first ask (in
// the app, before Gradio has mounted its page): the link's own (?tokenizers=, as share.js writes it), else the
// host's defaults. Their files are on the way already (preload.py); a failed load is tried again when asked.
const named = new URLSearchParams(location.search).get("tokenizers")?.split(",").map((name) => name.trim()) ?? [];
const defaults = typeof PLAYGROUND_DEFAULT_TOKENIZERS === "undefined" ? [] : PLAYGROUND_DEFAULT_TOKENIZERS;
defaults.forEach((name, slot) => {
  const first = hasTwin(named[slot]) ? named[slot] : name;
  if (hasTwin(first)) warm(first).catch(() => {});
});

globalThis.playground = {...globalThis.playground, panelParts, MAX_DRAWN_TOKENS};
globalThis.dispatchEvent(new Event("playground-ready"));
