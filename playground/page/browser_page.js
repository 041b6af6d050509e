// The browser tokenizers (tokenize, hasTwin) and the panels' renderer (panelParts, MAX_DRAWN_TOKENS; the Chat view's
// chatPanelHtml, chatAnswerHtml): the module the page's program (static/page.js) imports as it opens, a chunk of its
// own in the build (scripts/build_browser.mjs), so that a refused or missing file of theirs leaves the page working
// and saying so.
// Each a chunk of its own, loaded when first asked: qrSvg(link), a share link's QR code (qr_code.js);
// exportTokens(text, names, special, maxChars, "csv" | "json"), the download buttons' files (export.js); and
// batchHtml(text, B, T, seed), the lesson's batch section cut from the text's GPT-2 ids (batch_view.js).
// window.playground holds them too (registry.js sets tokenize and hasTwin there): the hook through which tests
// and benches outside the page call them.

import {hasTwin, tokenize, useTwins, warm} from "../tokenizers/registry.js";
import {chatAnswerHtml, chatPanelHtml, MAX_DRAWN_TOKENS, panelParts, usePanelData} from "./render.js";

export {chatAnswerHtml, chatPanelHtml, hasTwin, MAX_DRAWN_TOKENS, panelParts, tokenize, useTwins, usePanelData};

// The page's first three tokenizers start loading as soon as this module has run, before the page first asks: the
// link's own (?tokenizers=, as share.js writes it), else the host's `defaults`. Their files are on the way already
// (preload.py); a failed load is tried again when asked.
export function warmFirst(defaults) {
  const named = new URLSearchParams(location.search).get("tokenizers")?.split(",", 3).map((name) => name.trim()) ?? [];
  defaults.forEach((name, slot) => {
    const first = hasTwin(named[slot]) ? named[slot] : name;
    if (hasTwin(first)) warm(first).catch(() => {});
  });
}

export const qrSvg = async (link) => (await import("./qr_code.js")).qrSvg(link);

export const batchHtml = async (text, b, t, seed) => {
  const [{batchHtml: draw}, gpt2] = await Promise.all([import("./batch_view.js"), tokenize(text, "gpt2")]);
  return draw(gpt2.ids, b, t, seed);
};

// batchBoxes: the JSON's batch, [B, T, seed] as the boxes hold them (export_json's), or null for none.
export const exportTokens = async (text, names, special, maxChars, format, batchBoxes = null) => {
  const [{compareResult, tokensCsv, tokensJson}, {batchOf}] = await Promise.all([import("./export.js"),
                                                                                import("../lesson/batch.js")]);
  const result = await compareResult(text, names, special, maxChars);
  if (format === "csv") return tokensCsv(result);
  return tokensJson(batchBoxes ? {...result, batch: batchOf((await tokenize(result.text, "gpt2")).ids, batchBoxes)} : result);
};

globalThis.playground = {...globalThis.playground, panelParts, MAX_DRAWN_TOKENS, qrSvg, exportTokens, batchHtml};
