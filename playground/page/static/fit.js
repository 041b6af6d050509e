// Whole tokens, the size control (A- / A+) they are fitted at, and the answer as large as fits.

import {playgroundLecture} from "./lecture.js";

// A token wider than its panel is drawn smaller, on one line: the room would read a token drawn over two
// lines as two. Only a token wider than the whole window at the panel's size is left to wrap in its box.
// Checked for the tokens and stepper chips each change adds, and for all of them when the room they
// have changes (the window, presenter view, the size control).
const PLAYGROUND_FITTED = ".tok, .step-chip";
const PLAYGROUND_ANSWERS = "#answer, #chat-answer";  // the text view's and the Chat view's, fitted below

function playgroundFitTokens(elements) {
  const vw = document.documentElement.clientWidth;
  const wrapped = [];
  for (const el of elements) {  // reads first (one layout), then the few writes
    if (!el.isConnected) continue;
    if (el.classList.contains("fitted")) { el.classList.remove("fitted"); el.style.fontSize = ""; }
    const style = getComputedStyle(el), line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.4;
    if (el.clientHeight > line * 1.5 + parseFloat(style.paddingTop) + parseFloat(style.paddingBottom)) wrapped.push(el);
  }
  for (const el of wrapped) {
    const room = el.parentElement.clientWidth;
    el.classList.add("fitted");  // one line (white-space: pre), measured at the size it is drawn
    const wide = el.scrollWidth, size = parseFloat(getComputedStyle(el).fontSize);
    const margin = 4;  // its own margins and a rounding pixel
    if (wide > vw || room <= margin) { el.classList.remove("fitted"); continue; }
    el.style.fontSize = `${Math.floor(size * (room - margin) / wide * 10) / 10}px`;
  }
}

function playgroundFitAll() {
  playgroundFitTokens(document.querySelectorAll(PLAYGROUND_FITTED));
}

(function fitTokensAsTheyAreDrawn() {
  let added = new Set(), all = false, scheduled = false;
  const fit = () => {
    scheduled = false;
    if (all) playgroundFitAll(); else playgroundFitTokens(added);
    added = new Set();
    all = false;
    playgroundFitAnswer();
  };
  const schedule = () => { if (!scheduled) { scheduled = true; requestAnimationFrame(fit); } };
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.target.closest && record.target.closest(PLAYGROUND_ANSWERS)) schedule();  // an answer painted
      for (const node of record.addedNodes) {
        if (node.nodeType !== 1) continue;
        if (node.matches(PLAYGROUND_FITTED)) added.add(node);
        node.querySelectorAll(PLAYGROUND_FITTED).forEach((el) => added.add(el));
      }
    }
    if (added.size) schedule();
  }).observe(document.documentElement, {childList: true, subtree: true});
  const refit = () => { all = true; schedule(); };
  window.addEventListener("resize", refit);
  // Only a real change: classList.remove of a class body lacks, or add of one it has, still sets the attribute
  // (the DOM's rule), and a key that did so refitted every token drawn (30 ms a key over 100,000 characters).
  new MutationObserver((records) => {
    if (records.some((r) => r.oldValue !== document.body.getAttribute(r.attributeName))) refit();
  }).observe(document.body, {attributes: true, attributeOldValue: true, attributeFilter: ["class", "style"]});
})();

// The answer as large as A- / A+ asks, or as large as fits: after Reveal, the answer and each panel's title, counts
// and first row of tokens are on one screen (at 200% Glitch tokens' answer alone would be taller than 1280x720).
// The answer's own --playground-size goes down from the size asked, never under 100%. Where the panels' first rows
// are below the window whatever the answer's size (a phone's panels one under another, a stepper open), the answer
// keeps the size asked.

function playgroundFitAnswer() {
  const answer = [...document.querySelectorAll(PLAYGROUND_ANSWERS)].find((el) => el.checkVisibility());
  document.querySelectorAll(PLAYGROUND_ANSWERS).forEach((el) => el.style.removeProperty("--playground-size"));
  if (!answer || !document.body.classList.contains("revealed")) return;
  const asked = playgroundLecture.size / 100, least = Math.min(1, asked);
  const rows = answer.id === "chat-answer" ? "#chat-panels .chat-toks" : "#panels .toks";
  const fits = (scale) => {
    answer.style.setProperty("--playground-size", String(scale));
    return playgroundFirstRowsBottom(rows) <= document.documentElement.clientHeight;
  };
  if (fits(asked)) return answer.style.removeProperty("--playground-size");
  if (!fits(least)) {
    const below = playgroundFirstRowsBottom(rows) - answer.getBoundingClientRect().height;
    if (below > document.documentElement.clientHeight) answer.style.removeProperty("--playground-size");
    return;  // else the least size, the nearest to fitting
  }
  let low = least, high = asked;  // fits at low, not at high: halve the gap to within 1%
  while (high - low > 0.01) {
    const mid = (low + high) / 2;
    if (fits(mid)) low = mid; else high = mid;
  }
  fits(Math.floor(low * 100) / 100);
}

// How far down the page the panels' first rows of tokens reach (their titles and counts are above them), in px
// from the top of the page.
function playgroundFirstRowsBottom(boxes) {
  let bottom = 0;
  for (const box of document.querySelectorAll(boxes)) {
    const items = [...box.children].filter((el) => el.getClientRects().length);
    const top = items.length ? items[0].getBoundingClientRect().top : box.getBoundingClientRect().top;
    for (const el of items) {  // the first row: the blocks that start on the first one's line
      const r = el.getBoundingClientRect();
      if (r.top > top + 4) break;
      bottom = Math.max(bottom, r.bottom);
    }
    if (!items.length) bottom = Math.max(bottom, box.getBoundingClientRect().bottom);
  }
  return bottom + window.scrollY;
}

// A- / A+: the tokens and the stepper scaled by a percentage, from the link's ?size= when it has one.
const PLAYGROUND_SIZES = [70, 80, 90, 100, 115, 130, 150, 175, 200];

export function playgroundSetSize(percent) {
  const size = PLAYGROUND_SIZES.includes(percent) ? percent : 100;
  playgroundLecture.size = size;
  document.body.style.setProperty("--playground-size", String(size / 100));
  document.body.dataset.size = String(size);
}

export function playgroundStepSize(step) {
  const at = PLAYGROUND_SIZES.indexOf(playgroundLecture.size);
  playgroundSetSize(PLAYGROUND_SIZES[Math.max(0, Math.min(PLAYGROUND_SIZES.length - 1, at + step))]);
}

// The link's ?size=, set as the page opens (page.js).
export function playgroundSizeFromLink() {
  playgroundSetSize(Number(new URL(window.location.href).searchParams.get("size")) || 100);
}
