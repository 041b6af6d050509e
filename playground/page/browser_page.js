// The module the page loads (scripts/build_browser.mjs bundles it, build.json names it "registry"): the browser
// tokenizers (window.playground.tokenize, hasTwin) and the panels' renderer (window.playground.panelParts,
// MAX_DRAWN_TOKENS), then the "playground-ready" event, for the page's scripts that run before any module.

import "../tokenizers/registry.js";
import {MAX_DRAWN_TOKENS, panelParts} from "./render.js";

globalThis.playground = {...globalThis.playground, panelParts, MAX_DRAWN_TOKENS};
globalThis.dispatchEvent(new Event("playground-ready"));
