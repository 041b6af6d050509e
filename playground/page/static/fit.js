// Whole tokens, and the size control (A- / A+) they are fitted at.

// A token wider than its panel is drawn smaller, on one line: the room would read a token drawn over two
// lines as two. Only a token wider than the whole window at the panel's size is left to wrap in its box.
// Checked for the tokens and stepper chips each change adds, and for all of them when the room they
// have changes (the window, presenter view, the size control).
const PLAYGROUND_FITTED = ".tok, .step-chip";

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
  };
  const schedule = () => { if (!scheduled) { scheduled = true; requestAnimationFrame(fit); } };
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node.nodeType !== 1) continue;
        if (node.matches(PLAYGROUND_FITTED)) added.add(node);
        node.querySelectorAll(PLAYGROUND_FITTED).forEach((el) => added.add(el));
      }
    }
    if (added.size) schedule();
  }).observe(document.documentElement, {childList: true, subtree: true});
  window.playgroundRefit = () => { all = true; schedule(); };
  window.addEventListener("resize", window.playgroundRefit);
  new MutationObserver(window.playgroundRefit).observe(document.body, {attributes: true, attributeFilter: ["class", "style"]});
})();

// A- / A+: the tokens and the stepper scaled by a percentage, from the link's ?size= when it has one.
const PLAYGROUND_SIZES = [70, 80, 90, 100, 115, 130, 150, 175, 200];

function playgroundSetSize(percent) {
  const size = PLAYGROUND_SIZES.includes(percent) ? percent : 100;
  playgroundLecture.size = size;
  document.body.style.setProperty("--playground-size", String(size / 100));
  document.body.dataset.size = String(size);
}

function playgroundStepSize(step) {
  const at = PLAYGROUND_SIZES.indexOf(playgroundLecture.size);
  playgroundSetSize(PLAYGROUND_SIZES[Math.max(0, Math.min(PLAYGROUND_SIZES.length - 1, at + step))]);
}

(function sizeFromTheLink() {
  const query = new URL(window.location.href).searchParams;
  const apply = () => playgroundSetSize(Number(query.get("size")) || 100);
  if (document.body) apply(); else document.addEventListener("DOMContentLoaded", apply);
})();
