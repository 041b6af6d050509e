// The page's wiring, in either host (the app's `/` and the static folder's index.html, both shell.py's): the
// setup a link opens with (link.js), each edit handed to the page's entry (playgroundUpdate), the example buttons,
// Reveal, the modes, the share link and its QR code, the downloads, the batch, the sections under the panels, and
// what an embedding lesson page needs (the page's height sent to the parent frame, and the text to show taken from
// it: postMessage {type: "playground-text", text}). Nothing here reloads the page: a server gone only delays what
// waits for it (ask.js says so), and the controls keep working.
//
// The program's entry: scripts/build_browser.mjs bundles it with the modules it imports (each one job, none sharing
// a global with another), the browser tokenizers (browser_page.js) among them, into the one module the page loads.

import {batchHtml, exportTokens, qrSvg, warmFirst} from "../browser_page.js";
import {escapeHtml} from "../render.js";
import {playgroundPost} from "./ask.js";
import {playgroundBatchSoon, playgroundLessonsBatch} from "./batch.js";
import {playgroundChatExample, playgroundChatFromLink, playgroundChatMode, playgroundChatTokenizers} from "./chat.js";
import {playgroundSizeFromLink, playgroundStepSize} from "./fit.js";
import {playgroundFolderUnzips} from "./folder.js";
import {playgroundKeep} from "./keep.js";
import {playgroundClear, playgroundExample, playgroundExampleKept, playgroundMode, playgroundReveal,
        playgroundToggleKeys} from "./lecture.js";
import {playgroundOpening, playgroundSetupFromUrl, playgroundUnpack} from "./link.js";
import {playgroundPaint} from "./paint.js";
import {playgroundDownload, playgroundShareDrawn, playgroundShareSetup} from "./share.js";
import {playgroundReplayAll} from "./stepper.js";
import {playgroundUpdate} from "./update.js";
import {PLAYGROUND_DEFAULT_TOKENIZERS, PLAYGROUND_EXAMPLES, PLAYGROUND_LESSON_BATCH, PLAYGROUND_MAX_INPUT_CHARS,
        PLAYGROUND_SERVER, PLAYGROUND_UNREACHABLE} from "./values.js";

const playgroundPage = {
  state: {text: "", tokenizers: [...PLAYGROUND_DEFAULT_TOKENIZERS], special: false, markWhitespace: true,
          view: "text", example: "", guess: false, present: false, init: ""},
};

function playgroundPageBox() { return document.querySelector("#input-text textarea"); }
function playgroundPageCheck(id) { return document.querySelector(`#${id} input[type=checkbox]`); }
function playgroundPageChoosers() { return [0, 1, 2].map((slot) => document.querySelector(`#tokenizer-${slot} select`)); }
function playgroundPageInit() { return document.querySelector("#init input:checked")?.value ?? ""; }

// Dark when the system is (or ?__theme=dark, as the app's page took it before): playground.css's .dark rules.
(function playgroundPageTheme() {
  const asked = new URLSearchParams(location.search).get("__theme");
  const dark = window.matchMedia("(prefers-color-scheme: dark)");
  const set = () => document.body.classList.toggle("dark", asked ? asked === "dark" : dark.matches);
  set();
  dark.addEventListener("change", set);
})();

// The controls show the state.
function playgroundPageShow() {
  const s = playgroundPage.state, box = playgroundPageBox();
  if (box.value !== s.text) box.value = s.text;
  playgroundPageChoosers().forEach((select, i) => { select.value = s.tokenizers[i]; });
  for (const [id, key] of [["mark-ws", "markWhitespace"], ["special", "special"], ["guess", "guess"], ["present", "present"]]) {
    const input = playgroundPageCheck(id);
    if (input) input.checked = s[key];
  }
  const radio = document.querySelector(`#view input[value="${s.view}"]`);
  if (radio) radio.checked = true;
}

// An edit: the page paints it (playgroundUpdate).
function playgroundPageUpdate() {
  const s = playgroundPage.state;
  playgroundUpdate({text: s.text, tokenizers: [...s.tokenizers], special: s.special, markWhitespace: s.markWhitespace,
                    view: s.view, example: s.example, init: s.init});
}

function playgroundPageSet(changes) {
  const before = playgroundPage.state;
  playgroundPage.state = {...before, ...changes};
  const s = playgroundPage.state;
  playgroundPageShow();
  playgroundPageUpdate();
  playgroundKeep(playgroundPageKept(s));
  playgroundPageBatchSoon();
  if (s.text !== before.text || s.init !== before.init) playgroundPaint("one-hot", "");  // a result for other ids goes
  if (s.tokenizers.join() !== before.tokenizers.join()) {
    playgroundChatTokenizers(s.tokenizers);
    playgroundPageSlide();
  }
}

// The setup as keep.js keeps it (and the share link holds): [text, tokenizer 1, 2, 3, example, guess, present,
// marks, view].
function playgroundPageKept(s) {
  return [s.text, ...s.tokenizers, s.example, s.guess, s.present, s.markWhitespace, s.view];
}

// A server's answer as HTML for a part of the page, or what went wrong said there (the server gone: the note above
// the panels says so too, ask.js).
async function playgroundPageAsk(path, body) {
  try {
    const answer = await playgroundPost(path, body);
    return answer.ok ? answer : {html: `<p class="note">${escapeHtml(answer.detail || "The server could not answer.")}</p>`};
  } catch (err) {
    return {html: "<p class='note'>This waits for the server, which cannot be reached: it is drawn when the server is back.</p>"};
  }
}

// The lesson's batch (batch.js's): drawn after a pause in its inputs, the text among them.
function playgroundPageBatchNumbers() {
  return ["batch-size", "block-size", "batch-seed"].map((id) => document.querySelector(`#${id} input`)).filter(Boolean);
}

function playgroundPageBatchSoon() {
  const numbers = playgroundPageBatchNumbers();
  if (numbers.length) playgroundBatchSoon([playgroundPage.state.text, ...numbers.map((n) => n.value)]);
}

let playgroundPageBatchDrawn = 0;  // latest wins: a draw finished after a newer one was asked is dropped
export async function playgroundBatchDraw() {
  const asked = ++playgroundPageBatchDrawn, [b, t, seed] = playgroundPageBatchNumbers().map((n) => Number(n.value));
  const html = await batchHtml(playgroundPage.state.text, b, t, seed);
  if (asked === playgroundPageBatchDrawn) playgroundPaint("batch", html);
}

// The share link's QR code, made in the browser (qr_code.js): "" for no link (a text too long to share says so in
// the link box), a sentence for a link too long for any QR code, or for one to this machine itself (phones in the
// room would each open their own: PLAYGROUND_UNREACHABLE, room.py and qr_view.py say how to fix it).
async function playgroundQr(link) {
  if (!/^https?:\/\//.test(link)) return "";
  const host = new URL(link).hostname;
  if (PLAYGROUND_UNREACHABLE && /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/.test(host)) {
    return PLAYGROUND_UNREACHABLE.replace("{host}", escapeHtml(host));
  }
  const svg = qrSvg(link);
  if (svg === null) {
    return `<p class='note'>This link is too long for a QR code (${link.length.toLocaleString("en")} characters): ` +
      "share a shorter text, or send the link itself.</p>";
  }
  return `<div class='qr' role='img' aria-label='QR code of the share link: ${escapeHtml(link.slice(0, 80))}' ` +
    `title='Click: as tall as the window (click again or Escape: back)'>${svg}</div>`;
}

// The share link and its QR code for the setup now (copy: Copy share link's; else share.js's redraw when the setup
// changed), latest wins: a QR code drawn after a newer link was asked for is dropped.
let playgroundPageShared = 0;
export async function playgroundShareDraw(copy) {
  const asked = ++playgroundPageShared, s = playgroundPage.state;
  const link = await playgroundShareSetup(s.text, s.tokenizers, s.example, s.guess, s.present, s.markWhitespace, s.view, copy);
  if (asked !== playgroundPageShared) return;
  document.querySelector("#share-link input").value = link;
  const qr = await playgroundQr(link);
  if (asked !== playgroundPageShared) return;
  playgroundPaint("share-qr", qr);
  playgroundShareDrawn();
}

// "Download PNG" under an embedding plot: its labelled figure, drawn by the server (share.js calls this).
export async function playgroundPlotDownload(plot) {
  const s = playgroundPage.state, answer = await playgroundPageAsk("playground/plot", {plot, text: s.text, init: s.init});
  if (answer.png) playgroundDownload(answer.png, `${plot}.png`);
}

// All the examples on one slide, for the panels' tokenizers or all of them: drawn by the server when open.
async function playgroundPageSlide() {
  const section = document.getElementById("slide");
  if (!section || !section.open) return;
  const all = playgroundPageCheck("all-eight").checked;
  const answer = await playgroundPageAsk("playground/slide", {tokenizers: playgroundPage.state.tokenizers, all});
  if (section.open) playgroundPaint("slide-body", answer.html);
}

// The Languages section, fetched once when first opened (the app's route or the folder's file: the same premium).
let playgroundPagePremium = null;
function playgroundPageLanguages() {
  playgroundPagePremium ??= fetch(new URL("playground/premium.html", document.baseURI))
    .then((r) => (r.ok ? r.text() : Promise.reject(new Error(`${r.status}`))))
    .then((html) => playgroundPaint("premium", html),
          () => { playgroundPagePremium = null; playgroundPaint("premium", "<p class='note'>The Languages section could not be loaded: open it again.</p>"); });
}

// The text a lesson page sends (any parent frame may set the text shown; nothing else is taken from it). A text sent
// before this script ran went to the frame's first, empty document and is lost: the page says when it takes one
// with a {type: "playground-ready"} message to the parent, once its setup is made. A text that comes between this
// script and that moment is shown then, not overwritten by the link's setup. Kept up to 200,000 UTF-16 units, at
// least what the page tokenizes (100,000 code points), so the page's cut note says what it cut of those.
let playgroundPageStarted = false;
let playgroundPageSentText = null;
window.addEventListener("message", (e) => {
  if (e.source !== window.parent || e.source === window) return;
  const data = e.data;
  if (!data || data.type !== "playground-text" || typeof data.text !== "string") return;
  const text = data.text.slice(0, 2 * PLAYGROUND_MAX_INPUT_CHARS);
  if (playgroundPageStarted) playgroundPageSet({text});
  else playgroundPageSentText = text;
});

// The page's height, sent to the parent frame whenever it changes, so that an iframe can follow its content.
function playgroundPageReportHeight() {
  if (window.parent === window) return;
  let sent = 0;
  new ResizeObserver(() => {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height !== sent) {
      sent = height;
      window.parent.postMessage({type: "playground-height", height}, "*");  // the height only: nothing private
    }
  }).observe(document.documentElement);
}

function playgroundPageWire() {
  const click = (id, action) => { const el = document.getElementById(id); if (el) el.addEventListener("click", action); };
  const box = playgroundPageBox();
  box.addEventListener("input", () => playgroundPageSet({text: box.value,  // an edit may drop the example (lecture.js)
                                                        example: playgroundExampleKept(playgroundPage.state.example)}));
  playgroundPageChoosers().forEach((select, i) => select.addEventListener("change", () => {
    const tokenizers = [...playgroundPage.state.tokenizers];
    tokenizers[i] = select.value;
    playgroundPageSet({tokenizers});
  }));
  const checks = {"mark-ws": "markWhitespace", special: "special", guess: "guess", present: "present"};
  for (const [id, key] of Object.entries(checks)) {
    const input = playgroundPageCheck(id);
    if (!input) continue;
    input.addEventListener("change", () => {
      if (id === "guess" || id === "present") playgroundMode(id, input.checked);
      playgroundPageSet({[key]: input.checked});
    });
  }
  document.querySelectorAll("#view input").forEach((radio) => radio.addEventListener("change", () => {
    if (radio.checked) playgroundPageSet({view: radio.value});
  }));
  document.querySelectorAll("#init input").forEach((radio) => radio.addEventListener("change", () => {
    if (radio.checked) playgroundPageSet({init: radio.value});
  }));
  for (const [key, example] of Object.entries(PLAYGROUND_EXAMPLES)) {
    click(`example-${key}`, () => {
      const [text, , chat, ...tokenizers] = playgroundExample(example.text, key, example.tokenizers);
      playgroundPageChat(chat);
      playgroundPageSet({text, example: key, tokenizers});
    });
  }
  const chat = playgroundPageCheck("chat");
  if (chat) chat.addEventListener("change", () => playgroundChatMode(chat.checked));
  click("example-chat", () => {
    const [on, ...tokenizers] = playgroundChatExample();
    playgroundPageChat(on);
    playgroundPageSet({tokenizers});
  });
  click("clear", () => {
    const [text, example, ...tokenizers] = playgroundClear();
    playgroundPageSet({text, example, tokenizers});
  });
  click("reveal", () => playgroundReveal());
  click("replay-all", () => playgroundReplayAll(playgroundPage.state.text));
  click("size-down", () => playgroundStepSize(-1));
  click("size-up", () => playgroundStepSize(1));
  click("keys", () => playgroundToggleKeys());
  click("share", () => playgroundShareDraw(true));
  for (const format of ["csv", "json"]) {
    click(`download-${format}`, async () => {
      const s = playgroundPage.state, [b, t, seed] = playgroundPageBatchNumbers().map((n) => n.value);
      playgroundDownload(await exportTokens(s.text, s.tokenizers, s.special, PLAYGROUND_MAX_INPUT_CHARS,
                                            format, format === "json" ? [b, t, seed] : null),
                         `tokens.${format}`);
    });
  }
  playgroundPageBatchNumbers().forEach((n) => n.addEventListener("input", playgroundPageBatchSoon));
  click("lesson-batch", () => {
    playgroundLessonsBatch();
    const [text, example, b, t, note] = PLAYGROUND_LESSON_BATCH, numbers = playgroundPageBatchNumbers();
    [numbers[0].value, numbers[1].value] = [b, t];
    playgroundPaint("batch-note", note);
    playgroundPageSet({text, example});
  });
  click("one-hot-run", async () => {
    const s = playgroundPage.state;
    playgroundPaint("one-hot", "<p class='note'>Multiplying…</p>");
    const answer = await playgroundPageAsk("playground/one_hot", {text: s.text, init: s.init});
    if (s === playgroundPage.state || (s.text === playgroundPage.state.text && s.init === playgroundPage.state.init)) {
      playgroundPaint("one-hot", answer.html);
    }
  });
  const slide = document.getElementById("slide");
  if (slide) slide.addEventListener("toggle", playgroundPageSlide);
  const all = playgroundPageCheck("all-eight");
  if (all) all.addEventListener("change", playgroundPageSlide);
  const languages = document.getElementById("languages");
  if (languages) languages.addEventListener("toggle", () => { if (languages.open) playgroundPageLanguages(); });
}

// The Chat toggle shows the view asked for (an example button turns it off, the Chat example on).
function playgroundPageChat(on) {
  const toggle = playgroundPageCheck("chat");
  if (!toggle || toggle.checked === on) return;
  toggle.checked = on;
  playgroundChatMode(on);
}

// The service worker that opens this page offline after one visit (sw.js), told of the files the page loads
// (those it loaded before the worker was there to see them, and those whose load began before; a file the page
// loads once the worker is there, the worker sees itself). Not where the browser has none for the page (plain http away from this
// machine, a sandboxed frame): then a reload needs the network, as any page's does.
async function playgroundPageKeepOffline() {
  const build = document.documentElement.dataset.build;
  if (!build || !("serviceWorker" in navigator) || !window.isSecureContext) return;
  const handOver = (worker, entries = performance.getEntriesByType("resource")) =>
    worker?.postMessage({type: "playground-keep", urls: entries.map((e) => e.name)});
  try {
    await navigator.serviceWorker.register(`sw.js?build=${encodeURIComponent(build)}`);
    navigator.serviceWorker.addEventListener("controllerchange", () => handOver(navigator.serviceWorker.controller));
    const registration = await navigator.serviceWorker.ready;
    handOver(registration.active);
    new PerformanceObserver((list) => handOver(registration.active, list.getEntries())).observe({type: "resource"});
  } catch (err) {  // refused (a browser setting, an opaque origin): the page works as it is, online
  }
}

// As the page opens: the folder's gzipped files unzipped before the tokenizers' first fetch, the first three
// tokenizers warmed, the link's size set, and its conversation read (before the address bar
// follows the setup, keep.js, and drops what the view is not).
if (!PLAYGROUND_SERVER) playgroundFolderUnzips();
warmFirst(PLAYGROUND_DEFAULT_TOKENIZERS);
playgroundSizeFromLink();
playgroundChatFromLink();

// For tests (tests/test_link_browser.py): how the page reads a link, without opening one.
window.playground = {...window.playground, setupFromUrl: playgroundSetupFromUrl, unpack: playgroundUnpack,
                     maxInputChars: PLAYGROUND_MAX_INPUT_CHARS};

(async function playgroundPageStart() {
  const [text, a, b, c, example, guess, present, markWhitespace, view] = await playgroundOpening();  // link.js
  const setup = {text, tokenizers: [a, b, c], special: false, markWhitespace, view, example, guess, present,
                 init: playgroundPageInit()};
  playgroundPageWire();
  const batch = document.getElementById("batch-section");
  if (batch && window.parent !== window) batch.open = false;  // in a lesson page: one click away, the frame shorter
  playgroundPageReportHeight();
  playgroundPageSet(playgroundPageSentText === null ? setup : {...setup, text: playgroundPageSentText});
  playgroundPageStarted = true;
  if (window.parent !== window) window.parent.postMessage({type: "playground-ready"}, "*");  // nothing private
  // after the page's own loads: it delays none (the program's values come after the page's load event, at times)
  if (document.readyState === "complete") playgroundPageKeepOffline();
  else window.addEventListener("load", playgroundPageKeepOffline);
})();
