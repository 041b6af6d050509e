// Replay: how each token is built, step by step, from /replay (playground/replay.py). One step is
// one action of the tokenizer's algorithm; the pair about to merge is outlined.

import {playgroundPanelOf, playgroundTokenIndex} from "./card.js";
import {escapeHtml} from "../render.js";

async function playgroundCall(api, data) {
  const post = await fetch(new URL(`gradio_api/call/${api}`, document.baseURI),
                           {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify({data})});
  const posted = await post.json();
  if (!post.ok) throw new Error(posted.detail || `/${api} answered HTTP ${post.status}`);
  const stream = await (await fetch(new URL(`gradio_api/call/${api}/${posted.event_id}`, document.baseURI))).text();
  const lines = stream.split("\n");
  const at = lines.findIndex((line) => line === "event: complete" || line === "event: error");
  if (at < 0) throw new Error(`/${api} gave no answer; try again`);
  const payload = JSON.parse(lines[at + 1].slice("data: ".length));
  if (lines[at] === "event: error") throw new Error((payload && payload.error) || `/${api} failed; try again`);
  return payload[0];
}

// A panel's stepper that only says something: why a replay failed, or that the panel's tokens are still coming.
function playgroundStepperNote(body, words) {
  const el = document.createElement("div");
  el.className = "stepper";
  el.innerHTML = '<p class="step-head"></p><div class="step-controls"><button data-close>close</button></div>';
  el.querySelector(".step-head").textContent = words;
  el.querySelector("[data-close]").addEventListener("click", () => el.remove());
  body.appendChild(el);
  playgroundStepper.notes.push(el);
}

// A replay that failed says why, where each of the panels' steppers would be (`bodies`: their [data-tokenizer]).
function playgroundReplayFailed(bodies, err) {
  playgroundCloseSteppers();
  for (const body of bodies) playgroundStepperNote(body, `Could not replay this text: ${err.message}`);
}

const playgroundStepper = {steppers: [], notes: [], step: 0, max: 0, timer: null, vocabulary: false};

// A piece as the panels draw it (handlers.replay_api's "shown": "·world", or a byte chip "E0 A4"), or as its vocabulary
// spells it ("Ġworld") when the stepper is asked to (its "vocabulary spelling" button), or when it has no other.
function playgroundPieceLabel(chunk, piece) {
  const shown = chunk.shown && chunk.shown[piece];
  return shown && !playgroundStepper.vocabulary ? shown[0] : piece;
}

function playgroundAction(chunk, merge) {
  const label = (piece) => `“${playgroundPieceLabel(chunk, piece)}”`;
  if (!merge) return "done";
  if (merge.lookup) return `the whole chunk is one token: ${label(merge.pair.join(""))}`;
  if (merge.byte_fallback) return `no piece for “${merge.byte_fallback}”: spell it in bytes ${
    merge.bytes.map((b) => playgroundPieceLabel(chunk, b)).join(" ")}`;
  if (merge.prefix) return `take the longest vocabulary piece: “${merge.prefix}”`;
  if (merge.unknown) return `no way to spell “${merge.unknown}” from the vocabulary: [UNK]`;
  if (merge.unigram) return "Unigram model: the segmentation whose pieces' scores add up to the most: " +
    merge.pieces.map((p, i) => `${label(p)} (${merge.scores[i].toFixed(2)})`).join(" + ");
  const why = merge.rank !== undefined ? `rank ${merge.rank}, the lowest here` : `score ${merge.score.toFixed(2)}, the best here`;
  return `merge ${label(merge.pair[0])} + ${label(merge.pair[1])} (${why})`;
}

function playgroundCount(chunks) {
  const merges = chunks.flatMap((c) => c.merges);
  const n = (key) => merges.filter((m) => m[key] !== undefined).length;
  const parts = [[n("rank") + n("score"), "merge"], [n("byte_fallback"), "byte fallback"], [n("prefix"), "prefix"],
                 [n("lookup"), "whole-chunk look-up"], [n("unknown"), "[UNK]"],
                 [n("unigram"), "Unigram segmentation"]].filter(([k]) => k);
  return parts.map(([k, what]) => `${k} ${what}${k === 1 ? "" : what.endsWith("x") ? "es" : "s"}`).join(", ") || "no steps";
}

// The stepper's head: what it builds and its actions. Chunks are built side by side, all of them a step at a time,
// so its steps are the longest chunk's (the "step 4 of 17" beside it), and its actions are counted in all.
function playgroundStepHead(title, chunks, steps) {
  if (chunks.length < 2 || !steps) return `${title}: ${playgroundCount(chunks)}`;
  return `${title}, its ${chunks.length} chunks side by side: ${steps} step${steps === 1 ? "" : "s"}, ` +
         `${playgroundCount(chunks)} in all`;
}

// One step's chips: a piece that stands for whole characters as its text; pieces that share a character as
// byte chips under it, as the panels draw a character split into bytes (a group closes where its bytes decode).
// take: the piece a WordPiece step cuts from the front of the lit chip ("##kar" of "##karp"), outlined alone.
function playgroundStepChips(chunk, pieces, lit, take) {
  const chip = (piece, i, bytes) => {
    const label = playgroundPieceLabel(chunk, piece);
    const part = take && lit.includes(i) && take !== piece ? playgroundPieceLabel(chunk, take) : "";
    const cut = part && label.startsWith(part);  // the outline on what the step's words name, no more
    return `<span class="step-chip${bytes ? " bytes" : ""}${lit.includes(i) && !cut ? " next" : ""}"${
      chunk.shown && !playgroundStepper.vocabulary ? ` title="vocabulary: ${escapeHtml(piece)}"` : ""}>${
      cut ? `<span class="next-part">${escapeHtml(part)}</span>${escapeHtml(label.slice(part.length))}`
          : escapeHtml(label)}</span>`;
  };
  if (!chunk.shown || playgroundStepper.vocabulary) return pieces.map((p, i) => chip(p, i, false)).join("");
  const decoder = new TextDecoder("utf-8", {fatal: true});
  const decode = (bytes) => { try { return decoder.decode(new Uint8Array(bytes)); } catch (err) { return null; } };
  const bytesOf = (piece) => (chunk.bytes[piece] || "").split(" ").filter(Boolean).map((h) => parseInt(h, 16));
  let html = "", group = null;
  const close = (char) => {
    html += `<span class="step-group"><span class="group-char">${escapeHtml(char)}</span>` +
            `<span class="group-bytes">${group.chips}</span></span>`;
    group = null;
  };
  pieces.forEach((piece, i) => {
    if (!group && chunk.shown[piece] && chunk.shown[piece][1]) { html += chip(piece, i, false); return; }
    group = group || {bytes: [], chips: ""};
    group.bytes.push(...bytesOf(piece));
    group.chips += chip(piece, i, true);
    const char = decode(group.bytes);
    if (char !== null) close(char);
  });
  if (group) close("…");  // a chunk cut inside a character
  return html;
}

// The panels step together (step runs to the longest one's max); each counts its own steps, and stays at its end.
function playgroundDraw() {
  const {steppers, step} = playgroundStepper;
  for (const s of steppers) {
    const rows = s.chunks.map((chunk) => {
      const k = Math.min(step, chunk.steps.length - 1);
      const merge = chunk.merges[k];
      const lit = !merge ? [] : merge.pair && merge.rank !== undefined || merge.score !== undefined
        ? [merge.at, merge.at + 1] : [merge.at];
      return `<div class="step-row"><span class="chips">${
        playgroundStepChips(chunk, chunk.steps[k], lit, merge && merge.prefix)}</span>` +
             `<span class="action">${escapeHtml(playgroundAction(chunk, merge))}</span></div>`;
    }).join("");
    s.el.querySelector(".step-rows").innerHTML = rows;
    s.el.querySelector(".step-count").textContent = `step ${Math.min(step, s.max)} of ${s.max}`;  // its own steps
    const spelling = s.el.querySelector("[data-vocabulary]");
    if (spelling) spelling.textContent = playgroundStepper.vocabulary ? "as the panels draw it" : "vocabulary spelling";
  }
}

function playgroundGo(delta) {
  const st = playgroundStepper;
  st.step = Math.max(0, Math.min(st.max, st.step + delta));
  playgroundDraw();
}

function playgroundPlay() {
  const st = playgroundStepper;
  if (st.timer) { clearInterval(st.timer); st.timer = null; return; }
  if (st.step >= st.max) st.step = 0;
  st.timer = setInterval(() => {
    if (st.step >= st.max) { clearInterval(st.timer); st.timer = null; return; }
    playgroundGo(1);
  }, 700);
}

export function playgroundCloseSteppers() {
  const st = playgroundStepper;
  if (st.timer) clearInterval(st.timer);
  for (const s of st.steppers) s.el.remove();
  for (const note of st.notes) note.remove();
  Object.assign(st, {steppers: [], notes: [], step: 0, max: 0, timer: null});
}

function playgroundOpenSteppers(items, title) {
  playgroundCloseSteppers();
  const st = playgroundStepper;
  for (const {panel, chunks, cut} of items) {
    const el = document.createElement("div");
    el.className = "stepper";
    el.innerHTML = `<p class="step-head"></p><div class="step-rows"></div><div class="step-controls">
      <button data-go="-1">◀ previous</button><button data-go="1">next ▶</button><button data-play>play</button>
      <span class="step-count"></span>${chunks.some((c) => c.shown) ? "<button data-vocabulary></button>" : ""}
      <button data-close>close</button></div>`;
    const last = chunks[chunks.length - 1], max = Math.max(0, ...chunks.map((c) => c.steps.length - 1));
    el.querySelector(".step-head").textContent = playgroundStepHead(title(chunks), chunks, max) +
      (!cut ? "" : last && last.cut ? ` (cut: the last chunk's first ${new TextEncoder().encode(last.text).length} bytes)`
                                     : ` (cut: the first ${chunks.length} chunks)`);
    el.querySelectorAll("[data-go]").forEach((b) => b.addEventListener("click", () => playgroundGo(Number(b.dataset.go))));
    el.querySelector("[data-play]").addEventListener("click", playgroundPlay);
    el.querySelector("[data-close]").addEventListener("click", playgroundCloseSteppers);
    const spelling = el.querySelector("[data-vocabulary]");
    if (spelling) spelling.addEventListener("click", () => { st.vocabulary = !st.vocabulary; playgroundDraw(); });
    // Above the panel's tokens, under its counts: the three steppers side by side, at one height, in one view.
    const body = panel.querySelector("[data-tokenizer]"), toks = body.querySelector(".toks");
    if (toks) toks.before(el); else body.appendChild(el);
    st.steppers.push({el, chunks, max});
    st.max = Math.max(st.max, max);
  }
  playgroundDraw();
  playgroundShowSteppers();
}

// Opened below the panels' tokens, the steppers are brought into view: the page scrolls so that their tops are in
// the window, and their bottoms too where they fit (each one's rows scroll inside it: playground.css).
function playgroundShowSteppers() {
  const boxes = playgroundStepper.steppers.map((s) => s.el.getBoundingClientRect());
  if (!boxes.length) return;
  const top = Math.min(...boxes.map((b) => b.top)), bottom = Math.max(...boxes.map((b) => b.bottom));
  const room = document.documentElement.clientHeight, pad = 8;
  if (top >= pad && bottom <= room - pad) return;
  const fits = bottom - top <= room - 2 * pad;
  window.scrollBy({top: fits && top >= pad ? bottom - (room - pad) : top - pad, behavior: "instant"});
}

// The stepper for a pinned token's chunk, in its panel.
export async function playgroundReplayToken(tok) {
  const panel = playgroundPanelOf(tok);
  const name = panel.querySelector("[data-tokenizer]").dataset.tokenizer;
  const text = document.querySelector("#input-text textarea").value;
  let result;
  try {
    result = await playgroundCall("replay", [text, name]);
  } catch (err) {
    playgroundReplayFailed([panel.querySelector("[data-tokenizer]")], err);
    return;
  }
  let index = playgroundTokenIndex(tok), chunk = null;
  for (const c of result.chunks) {
    if (index < c.ids.length) { chunk = c; break; }
    index -= c.ids.length;
  }
  if (!chunk) return;
  playgroundOpenSteppers([{panel, chunks: [chunk], cut: false}], () => `How “${chunk.shown_text}” is built`);
}

// The whole text (as much as /replay replays) in all three panels, stepping together.
export async function playgroundReplayAll(text) {
  // The panels that show tokens; one whose vocabulary is still loading (update.js's .panel-loading) is told so.
  const panels = [...document.querySelectorAll('#panels [id^="panel-"]')]
    .filter((panel) => panel.querySelector("[data-tokenizer]"));
  const loading = [...document.querySelectorAll("#panels [data-loading]")];
  let results;
  try {
    results = await Promise.all(panels.map((panel) =>
      playgroundCall("replay", [text, panel.querySelector("[data-tokenizer]").dataset.tokenizer])));
  } catch (err) {
    playgroundReplayFailed(panels.map((panel) => panel.querySelector("[data-tokenizer]")), err);
    return;
  }
  playgroundOpenSteppers(panels.map((panel, i) => ({panel, chunks: results[i].chunks, cut: results[i].cut})),
                         () => "The whole text");
  for (const body of loading) {
    if (body.isConnected) playgroundStepperNote(body, "Its tokens are still loading: replay them once they show.");
  }
}
