// The module the page loads (scripts/build_browser.mjs bundles it, build.json names it "registry"): the browser
// tokenizers (window.playground.tokenize, hasTwin) and the panels' renderer (window.playground.panelParts,
// MAX_DRAWN_TOKENS), then the "playground-ready" event, for the page's scripts that run before any module.
// Each a chunk of its own, loaded when first asked: window.playground.qrSvg(link), a share
// link's QR code (qr_code.js), and window.playground.exportTokens(text, names, special, maxChars, "csv" | "json"),
// the download buttons' files (export.js), and window.playground.batchHtml(text, B, T, seed), the lesson's batch
// section cut from the text's GPT-2 ids (batch_view.js).

import {hasTwin, tokenize, warm} from "../tokenizers/registry.js";
import {MAX_DRAWN_TOKENS, panelParts} from "./render.js";

// The page's first three tokenizers start loading as this module runs, before the page's scripts first ask (in
// the app, before Gradio has mounted its page): the link's own (?tokenizers=, as share.js writes it), else the
// host's defaults. Their files are on the way already (preload.py); a failed load is tried again when asked.
const named = new URLSearchParams(location.search).get("tokenizers")?.split(",", 3).map((name) => name.trim()) ?? [];
const defaults = typeof PLAYGROUND_DEFAULT_TOKENIZERS === "undefined" ? [] : PLAYGROUND_DEFAULT_TOKENIZERS;
defaults.forEach((name, slot) => {
  const first = hasTwin(named[slot]) ? named[slot] : name;
  if (hasTwin(first)) warm(first).catch(() => {});
});

const qrSvg = async (link) => (await import("./qr_code.js")).qrSvg(link);
const batchHtml = async (text, b, t, seed) => {
  const [{batchHtml: draw}, gpt2] = await Promise.all([import("./batch_view.js"), tokenize(text, "gpt2")]);
  return draw(gpt2.ids, b, t, seed);
};
// batchBoxes: the JSON's batch, [B, T, seed] as the boxes hold them (export_json's), or null for none.
const exportTokens = async (text, names, special, maxChars, format, batchBoxes = null) => {
  const [{compareResult, tokensCsv, tokensJson}, {batchOf}] = await Promise.all([import("./export.js"),
                                                                                import("../lesson/batch.js")]);
  const result = await compareResult(text, names, special, maxChars);
  if (format === "csv") return tokensCsv(result);
  return tokensJson(batchBoxes ? {...result, batch: batchOf((await tokenize(result.text, "gpt2")).ids, batchBoxes)} : result);
};

globalThis.playground = {...globalThis.playground, panelParts, MAX_DRAWN_TOKENS, qrSvg, exportTokens, batchHtml};
globalThis.dispatchEvent(new Event("playground-ready"));
