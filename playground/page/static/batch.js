// The lesson's batch (playground/page/batch_view.js): drawn off the keystroke path, and each of its ids linked
// to where it came from, lit as card.js lights a token (playgroundLight).

import {playgroundLight} from "./card.js";
import {playgroundLecture, playgroundRevealed, playgroundShowPrompt} from "./lecture.js";
import {playgroundBatchDraw} from "./page.js";
import {playgroundPaint} from "./paint.js";

// page.js calls this with the batch's inputs (text, B, T, seed) whenever one changes. Once they have stayed the
// same for PLAYGROUND_BATCH_WAIT_MS and differ from those last drawn, the batch is drawn (page.js's
// playgroundBatchDraw): a class typing sends no batch per key, a typed "1024" draws once, not for 1, 10, 102,
// and the lesson's button (text, B and T at once) draws once.
const PLAYGROUND_BATCH_WAIT_MS = 400;
const playgroundBatch = {timer: null, drawn: "", replaced: ""};  // replaced: playgroundLessonsBatch

export function playgroundBatchSoon(values) {
  const key = JSON.stringify(values);
  clearTimeout(playgroundBatch.timer);
  playgroundBatch.timer = setTimeout(() => {
    if (key === playgroundBatch.drawn) return;
    if (!document.getElementById("batch")) return;
    playgroundBatch.drawn = key;
    playgroundBatchDraw();
  }, PLAYGROUND_BATCH_WAIT_MS);
  return [];
}

// "Try the lesson's batch" replaces the text box's text (handlers.lessons_batch, whose note says so): the text it
// replaced is kept for the note's "Put my text back", and the example's question and answer go at once (the long
// text's panels take seconds to come, and until then the question would stay up over the new text).
export function playgroundLessonsBatch() {
  const box = document.querySelector("#input-text textarea");
  if (box && !document.body.classList.contains("batch-replaced")) playgroundBatch.replaced = box.value;  // not its own
  document.body.classList.add("batch-replaced");  // shows the note
  playgroundRevealed(false);
  playgroundLecture.example = "";
  playgroundShowPrompt("");
  playgroundPaint("answer", "");
  return [];
}

// The text put back as if typed (page.js reads the box's input event), and the note hidden with it; so is the note
// once the text is edited.
document.addEventListener("click", (e) => {
  if (!(e.target.closest && e.target.closest("#batch-undo"))) return;
  const box = document.querySelector("#input-text textarea");
  box.value = playgroundBatch.replaced;
  box.dispatchEvent(new Event("input", {bubbles: true}));
});
document.addEventListener("input", (e) => {
  if (e.target.closest && e.target.closest("#input-text")) document.body.classList.remove("batch-replaced");
});

// Hovering an id of #batch-ids: every block of the same id in the batch (the same row of E, whichever window it
// is in), its token in the GPT-2 panel (window offset + position; "linked", with the other panels' tokens over
// the same characters and its row in the heatmap, as hovering that token lights them), and a line saying so.
(function linkTheBatch() {
  let lit = [];  // the blocks and the token lit for the hovered id

  function unlight() {
    if (!lit.length) return;
    lit.forEach((el) => el.classList.remove("same-id", "linked"));
    lit = [];
    playgroundLight(document.querySelector("#panels .tok.pinned"));  // what a pinned token lit, again
  }

  function say(text) {
    const line = document.getElementById("batch-hover");
    if (line) line.textContent = text;
  }

  function light(cell) {
    const row = cell.closest(".batch-row"), id = cell.dataset.id;
    const position = [...cell.parentElement.children].indexOf(cell);
    const window_ = [...row.parentElement.querySelectorAll(".batch-row")].indexOf(row);
    const index = Number(row.dataset.offset) + position;  // the id's place among the text's ids
    const panel = document.querySelector('#panels [data-tokenizer="gpt2"]');
    const toks = panel ? [...panel.querySelectorAll(".tok:not(.special)")] : [];
    const tok = toks[index] && toks[index].dataset.id === id ? toks[index] : null;  // a panel of another text: none
    const same = [...document.querySelectorAll(`#batch-ids i[data-id="${id}"]`)];
    same.forEach((el) => el.classList.add("same-id"));
    lit = [...same];
    const figure = document.getElementById("heatmap-figure"), rows = figure ? Number(figure.dataset.rows) : 0;
    if (tok) {
      playgroundLight(tok);
      tok.classList.add("linked");
      lit.push(tok);
    }
    const first = toks.slice(0, rows).findIndex((t) => t.dataset.id === id);  // a heatmap row showing E[id]
    const where = index < rows && tok ? `its row is outlined in the heatmap (row ${index})`
      : first >= 0 ? `the heatmap draws it at row ${first}, token ${first} of the text, the same id`
      : `the heatmap draws only the first ${rows} tokens' rows`;
    say(`x[${window_}, ${position}] = ids[${index}] = ${id}: ` +
        (tok ? `the text's token ${JSON.stringify(tok.textContent)}, outlined in the GPT-2 panel`
             : "past the tokens the GPT-2 panel draws") +
        `. Its vector is E[${id}], the same in all ${same.length} place${same.length === 1 ? "" : "s"} it has ` +
        `in this batch; ${where}.`);
  }

  document.addEventListener("mouseover", (e) => {  // after card.js's own, which has let go of its lights
    const cell = e.target.closest && e.target.closest("#batch-ids i[data-id]");
    unlight();
    if (cell) light(cell);
  });
})();
