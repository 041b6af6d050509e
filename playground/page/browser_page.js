// The module the page loads (scripts/build_browser.mjs bundles it, build.json names it "registry"): the browser
// tokenizers (window.playground.tokenize, hasTwin) and the panels' renderer (window.playground.panelParts,
// MAX_DRAWN_TOKENS), then the "playground-ready" event, for the page's scripts that run before any module.
// window.playground.qrSvg(link) draws a share link's QR code (qr_code.js, a chunk of its own: loaded when asked).

import "../tokenizers/registry.js";
import {MAX_DRAWN_TOKENS, panelParts} from "./render.js";

const qrSvg = async (link) => (await import("./qr_code.js")).qrSvg(link);

globalThis.playground = {...globalThis.playground, panelParts, MAX_DRAWN_TOKENS, qrSvg};
globalThis.dispatchEvent(new Event("playground-ready"));
