// The module the page loads (scripts/build_browser.mjs bundles it, build.json names it "registry"): the browser
// tokenizers (window.playground.tokenize, hasTwin) and the panels' renderer (window.playground.panelParts,
// MAX_DRAWN_TOKENS), then the "playground-ready" event, for the page's scripts that run before any module.
// For the static folder, each a chunk of its own, loaded when first asked: window.playground.qrSvg(link), a share
// link's QR code (qr_code.js), and window.playground.exportTokens(text, names, special, maxChars, "csv" | "json"),
// the download buttons' files (export.js), and window.playground.batchHtml(text, B, T, seed), the lesson's batch
// section cut from the text's GPT-2 ids (batch_view.js).

import {tokenize} from "../tokenizers/registry.js";
import {MAX_DRAWN_TOKENS, panelParts} from "./render.js";

const qrSvg = async (link) => (await import("./qr_code.js")).qrSvg(link);
const batchHtml = async (text, b, t, seed) => {
  const [{batchHtml: draw}, gpt2] = await Promise.all([import("./batch_view.js"), tokenize(text, "gpt2")]);
  return draw(gpt2.ids, b, t, seed);
};
const exportTokens = async (text, names, special, maxChars, format) => {
  const {compareResult, tokensCsv, tokensJson} = await import("./export.js");
  const result = await compareResult(text, names, special, maxChars);
  return format === "csv" ? tokensCsv(result) : tokensJson(result);
};

globalThis.playground = {...globalThis.playground, panelParts, MAX_DRAWN_TOKENS, qrSvg, exportTokens, batchHtml};
globalThis.dispatchEvent(new Event("playground-ready"));
