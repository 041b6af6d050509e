// The lecture: an example's question, Reveal / Hide, Guess first and presenter view, Clear, and the keys a
// presentation clicker sends (and the ? overlay that lists them); the text box takes the first key, except on a
// slide (a link with ?example=, or an example's question up): there the first key is the clicker's.
// size: the A- / A+ percentage (fit.js sets it, the share link keeps it); example: the one on the page (?example=);
// dropped: the example whose text an edit took away (below), until an example is chosen again.

import {playgroundAnswerNow} from "./ask.js";
import {playgroundBigQr} from "./share.js";
import {playgroundPaint} from "./paint.js";
import {playgroundCloseSteppers} from "./stepper.js";
import {PLAYGROUND_DEFAULT_TOKENIZERS} from "./values.js";

export const playgroundLecture = {size: 100, example: new URL(window.location.href).searchParams.get("example") || "",
                           dropped: "", wholeText: false};
// The examples, in the clicker's order: the text examples', then the Chat view's (#example-chat), in one row.
const PLAYGROUND_EXAMPLE_BUTTONS = "#examples button[id^='example-']";

// The example's question (lecture.prompt_html's, "" for none) in #prompt, and what the stylesheet needs of it on
// <body>: data-example while one is up, data-hides naming the figures that answer it. On <body>, not found by
// body:has(#prompt ...): a :has() on <body> made every edit of the panels restyle all their tokens (3,000 blocks
// over 100,000 characters, 25 ms a key), as the browser cannot tell which insertion may change it.
export function playgroundShowPrompt(html) {
  playgroundPaint("prompt", html);
  const question = document.querySelector("#prompt [data-example]");
  for (const name of ["example", "hides"]) {
    const value = question?.dataset[name];
    if (value === undefined) delete document.body.dataset[name];
    else if (document.body.dataset[name] !== value) document.body.dataset[name] = value;
  }
}

// An example button: its text, key, the text view (the Chat view off) and three tokenizers, and the previous
// answer hidden again (a new question).
export function playgroundExample(text, key, tokenizers) {
  playgroundRevealed(false);
  playgroundLecture.dropped = "";
  return [text, key, false, ...tokenizers];
}

// An example's question goes with its text: an edit that leaves nothing of it (the box emptied, or all of it
// selected and typed, pasted or dropped over) drops the example, its question, its answer and Reveal, and keeps the
// tokenizers; an edit of part of the text keeps the question, answered on the edited text. update.js calls this
// first for each edit of the text box; page.js then reads the example through playgroundExampleKept.
document.addEventListener("beforeinput", (e) => {
  const box = e.target;
  if (!box.matches || !box.matches("#input-text textarea")) return;
  playgroundLecture.wholeText = box.value.length > 0 && box.selectionStart === 0 && box.selectionEnd === box.value.length
    && !e.inputType.startsWith("history");  // an undo brings a text back, whatever was selected
}, true);

export function playgroundExampleAfterEdit(example, text) {
  if (example && (text === "" || playgroundLecture.wholeText)) {
    playgroundLecture.dropped = example;
  }
  playgroundLecture.wholeText = false;
  return playgroundExampleKept(example);
}

// The example an edit's setup holds, unless an edit took its text away.
export function playgroundExampleKept(example) {
  return example && example === playgroundLecture.dropped ? "" : example;
}

// Shown (on) or hidden: the answer, the panels' figures that answer the question and, in guess-first mode, the
// tokens and counts. The button (the text view's, or the Chat view's) says what it does next: Reveal, or Hide.
const PLAYGROUND_REVEAL_BUTTONS = ["reveal", "chat-reveal"];

export function playgroundRevealed(on) {
  document.body.classList.toggle("revealed", on);
  for (const id of PLAYGROUND_REVEAL_BUTTONS) {
    const button = document.getElementById(id);
    if (button) button.textContent = on ? "Hide" : "Reveal";
  }
}

// Reveal shows the answer; pressing it again (Hide) hides it.
export function playgroundReveal() {
  playgroundRevealed(!document.body.classList.contains("revealed"));
  if (document.body.classList.contains("revealed")) playgroundAnswerNow();  // an answer for an older text: asked now
}

// Editing the text asks the question again: what Reveal showed is hidden until the next Reveal.
document.addEventListener("input", (e) => {
  if (e.target.closest && e.target.closest("#input-text")) playgroundRevealed(false);
});

// "guess" hides every token and count until Reveal; "present" hides what the room does not need.
export function playgroundMode(mode, on) {
  document.body.classList.toggle(mode, !!on);
  if (mode === "guess") playgroundRevealed(false);
}

// Clear: no text, no example, no question, nothing revealed, pinned or stepped, and the lesson's three
// tokenizers back in the panels (GPT-2, BERT and Llama 2, as the introduction says), whatever the example chose.
export function playgroundClear() {
  document.body.classList.remove("revealed");
  playgroundLecture.example = "";
  playgroundCloseSteppers();
  document.dispatchEvent(new KeyboardEvent("keydown", {key: "Escape"}));  // unpins (the tokens' own handler)
  return ["", "", ...PLAYGROUND_DEFAULT_TOKENIZERS];
}

// Which example is on the page (for the clicker's next / previous).
document.addEventListener("click", (e) => {
  const button = e.target.closest && e.target.closest(PLAYGROUND_EXAMPLE_BUTTONS);
  if (button) playgroundLecture.example = button.id.slice("example-".length);
}, true);

// Keys a presentation clicker sends, with the focus outside the text box and the lists: PageDown / PageUp
// and the arrow keys go to the next / previous example (the Chat view's among them), r is Reveal / Hide, ?
// shows the keys (Escape unpins, in the tokens' own handler, closes the keys and a big QR code, and takes the
// focus off a token, so that the arrows are the clicker's again). On a token the arrows move between tokens.
const PLAYGROUND_KEYS = [["PageDown  →  ↓", "next example"], ["PageUp  ←  ↑", "previous example"],
                         ["r", "Reveal / Hide"], ["Escape", "unpin a token, close this, give the keys back"], ["?", "these keys"]];

export function playgroundToggleKeys(show) {
  let help = document.getElementById("keys-help");
  if (!help) {
    help = document.createElement("div");
    help.id = "keys-help";
    help.setAttribute("role", "dialog");
    help.setAttribute("aria-label", "Keys");
    help.innerHTML = "<h3>Keys (click outside the text box first)</h3><dl></dl>";
    const list = help.querySelector("dl");
    for (const [keys, what] of PLAYGROUND_KEYS) {
      const dt = document.createElement("dt"), dd = document.createElement("dd");
      dt.textContent = keys;
      dd.textContent = what;
      list.append(dt, dd);
    }
    help.addEventListener("click", () => playgroundToggleKeys(false));
    help.hidden = true;
    document.body.appendChild(help);
  }
  help.hidden = show === undefined ? !help.hidden : !show;
}

function playgroundTyping(el) {
  return !!el && el.matches && (el.matches("textarea, select, [contenteditable=''], [contenteditable='true']") ||
    (el.matches("input") && !el.matches("[type=checkbox], [type=radio], [type=button], [type=submit], [type=range]")));
}

function playgroundGoToExample(step) {
  const buttons = [...document.querySelectorAll(PLAYGROUND_EXAMPLE_BUTTONS)];
  if (!buttons.length) return;
  const at = buttons.findIndex((b) => b.id === `example-${playgroundLecture.example}`);
  const next = at < 0 ? (step > 0 ? 0 : buttons.length - 1) : (at + step + buttons.length) % buttons.length;
  buttons[next].click();
}

// The Reveal / Hide button on the screen (the text view's or the Chat view's), or null.
function playgroundRevealButton() {
  return PLAYGROUND_REVEAL_BUTTONS.map((id) => document.getElementById(id)).find((b) => b && b.checkVisibility()) || null;
}

// A slide: an example's question is up (the text view's, or the Chat view's on its example).
function playgroundOnSlide() {
  return Boolean(document.body.dataset.example || document.body.matches(".chat.chat-example"));
}

// The keys the clicker's handler below takes with nothing focused: they are not sent into the text box.
function playgroundIsLectureKey(key) {
  return key === "?" || ((key === "r" || key === "R") && Boolean(playgroundRevealButton()));
}

document.addEventListener("keydown", (e) => {
  if (e.defaultPrevented || e.ctrlKey || e.altKey || e.metaKey || playgroundTyping(e.target)) return;
  if (e.key === "Escape") {
    playgroundToggleKeys(false);
    playgroundBigQr(false);
    if (e.target.closest && e.target.closest("#panels, #chat-panels")) e.target.blur();  // a clicked token kept it
    return;
  }
  const onTokens = e.target.closest && e.target.closest("#panels .tok, #view");  // arrows move between tokens, views
  const step = {PageDown: 1, ArrowRight: 1, ArrowDown: 1, PageUp: -1, ArrowLeft: -1, ArrowUp: -1}[e.key];
  if (step && !(onTokens && e.key.startsWith("Arrow"))) {
    e.preventDefault();
    playgroundGoToExample(step);
  } else if (e.key === "r" || e.key === "R") {
    const reveal = playgroundRevealButton();
    if (reveal) { e.preventDefault(); reveal.click(); }
  } else if (e.key === "?") {
    e.preventDefault();
    playgroundToggleKeys();
  }
});

// The text box takes the first key. Top-level, it is focused as the page loads (not by autofocus: in a frame of
// another origin, a Space's page, the browser refuses autofocus and logs an error); anywhere,
// a first character typed with nothing focused (a tap on the frame, then a key) goes into the box, at its end.
// Not on a slide: a link with ?example= opens with nothing focused, and while an example's question is up a
// key typed with nothing focused is the clicker's (PageDown, r, its blank-screen b), never the example's text.
function playgroundFocusTextBox() {
  const box = document.querySelector("#input-text textarea");
  if (!box) return false;
  box.focus();
  box.setSelectionRange(box.value.length, box.value.length);
  return true;
}
if (window.self === window.top && !playgroundLecture.example) {
  (function focusOnLoad(tries) {
    if (!playgroundFocusTextBox() && tries > 0) setTimeout(() => focusOnLoad(tries - 1), 50);
  })(200);
}
document.addEventListener("keydown", (e) => {
  const nothingFocused = !document.activeElement || document.activeElement === document.body;
  if (nothingFocused && e.key.length === 1 && e.key !== " " && !e.ctrlKey && !e.metaKey && !e.altKey
      && !playgroundIsLectureKey(e.key) && !playgroundOnSlide()) {
    playgroundFocusTextBox();
  }
}, true);
