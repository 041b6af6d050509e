// The lesson's batch section drawn in the browser (the static folder): the twin of batch_view.py's batch_html,
// from batch.js's batch (torch's offsets) and the GPT-2 ids the page's tokenizer gives.

import {batchMemory, batchOfIds, LESSON_BATCH} from "../lesson/batch.js";
import {thousands} from "../lesson/python_format.js";
import {escapeHtml, tokenColors} from "./render.js";

const IDS_SHOWN_MAX_BLOCK = 32;  // batch_view.py's: past it a row is a strip of colours

/** embedding.format_bytes: decimal units, as the lesson counts them. */
function formatBytes(n) {
  for (const [unit, size] of [["GB", 1e9], ["MB", 1e6], ["KB", 1e3]]) {
    if (n >= size) return `${(n / size).toFixed(unit === "MB" ? 1 : 2)} ${unit}`;
  }
  return `${n} B`;
}

function cellHtml(id, showId) {
  const [light, dark] = tokenColors("gpt2", id);
  return `<i data-id="${id}" style="--l:${light};--d:${dark}">${showId ? id : ""}</i>`;
}

function idsHtml(result) {
  const [b, t] = result.shape, showIds = t <= IDS_SHOWN_MAX_BLOCK;
  const rows = result.offsets.map((offset, k) =>
    `<div class="batch-row" data-offset="${offset}"><span class="offset" title="window ${k}: ids ` +
    `${thousands(offset)} to ${thousands(offset + t - 1)} of the text">${thousands(offset)}</span><span class="cells">` +
    result.ids[k].map((id) => cellHtml(id, showIds)).join("") + "</span></div>").join("");
  return `<div id="batch-ids" class="batch-ids${showIds ? "" : " strips"}" data-batch-size="${b}" ` +
    `data-block-size="${t}" style="--t: ${t}"><div class="batch-head"><span class="offset">offset</span>` +
    `<span>x[b] = ids[offset : offset + ${t}]</span></div>${rows}</div>`;
}

function memoryTableHtml(b, t) {
  const [lb, lt] = LESSON_BATCH, mine = batchMemory(b, t), lessons = batchMemory(lb, lt);
  const rows = [["ids x", "(B, T) int64", "ids_bytes"], ["one-hot input", "(B, T, 50257) float32", "one_hot_bytes"],
                ["dense embeddings", "(B, T, 768) float32", "dense_bytes"]];
  const cell = (n) => `<td class='num'><b>${formatBytes(n)}</b> <small>${thousands(n)} bytes</small></td>`;
  const body = rows.map(([what, shape, key]) =>
    `<tr><td>${what} <span class='code'>${shape}</span></td>${cell(mine[key])}${cell(lessons[key])}</tr>`).join("");
  return `<table class='memory batch-memory'><thead><tr><th>tensor</th><th class='num'>this batch (${b}, ${t})</th>` +
    `<th class='num'>the lesson's (${lb}, ${lt})</th></tr></thead><tbody>${body}</tbody></table>`;
}

/** batch_view.batch_html for a text of these GPT-2 ids. */
export function batchHtml(ids, batchSize, blockSize, seed) {
  let result;
  try {
    result = batchOfIds(ids, batchSize, blockSize, seed);
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
    return `<p class="limit" id="batch-error">${escapeHtml(err.message)}. Type a longer text, choose a smaller ` +
      "B or T, or press Try the lesson's batch.</p>";
  }
  const [b, t, c] = result.shape, n = result.n_tokens;
  return `<div class="shape-line"><span class="code">TokenEmbedding(GPTConfig())(x)</span>, x of shape (${b}, ${t})` +
    `<br>→ shape <b class="shape" id="batch-shape">(${b}, ${t}, ${c})</b> · dtype <b>float32</b></div>` +
    memoryTableHtml(b, t) +
    '<p class="note" id="batch-hover">Hover an id below: where it comes from in the text, and its row of E.</p>' +
    idsHtml(result) +
    `<p class="note">x: ${b} window${b !== 1 ? "s" : ""} of ${thousands(t)} consecutive ids cut from this text's ` +
    `${thousands(n)} GPT-2 ids at random offsets, as nanoGPT's get_batch cuts them: <span class='code'>torch.randint(` +
    `${n} - ${t}, (${b},))</span>, seed ${seed}. No padding: every id is the text's own; the targets y are the same ` +
    "windows one id later, so a block of T needs T + 1 ids. The same id in two windows is the same row of E, " +
    "wherever it stands: nothing knows positions yet (Lesson 3).</p>";
}
