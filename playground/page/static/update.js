// The page's flow: every edit (a key, a toggle, a tokenizer, an example, the view) tokenizes the three panels in
// this page (browser_page.js's tokenize, the browser tokenizers) and paints them with render.js
// (panelParts), with no request to the server: the panels follow every key, offline too. Only a
// panel whose tokenizer has no browser twin (an added one) asks the server for its tokens (ask.js). The server's
// own parts (the embedding, the example's answer) are asked after a pause in typing (ask.js).
//
// playgroundUpdate is the one way in (page.js calls it at every change). It needs of the page only its parts' ids
// (paint.js finds their bodies).

import {PlaygroundServerGone, playgroundAnswerFollows, playgroundAskSoon, playgroundAskTokens} from "./ask.js";
import {playgroundTokensRedrawn} from "./card.js";
import {playgroundKeptTokens, playgroundShowingTokens} from "./kept_tokens.js";
import {playgroundExampleAfterEdit, playgroundShowPrompt} from "./lecture.js";
import * as playgroundTokenizers from "../browser_page.js";
import {playgroundPaint, playgroundPaintPanel} from "./paint.js";
import {PLAYGROUND_MAX_INPUT_CHARS, PLAYGROUND_PANEL_DATA, PLAYGROUND_PROMPTS, PLAYGROUND_TOKENIZER_LABELS,
        PLAYGROUND_TWINS} from "./values.js";

const PLAYGROUND_PANELS = ["panel-gpt2", "panel-bert", "panel-llama"];
const PLAYGROUND_NOTE = "limit-note";  // above the panels: what was cut or replaced, and what went wrong
export const playgroundFlow = {
  setup: null, key: "",  // the latest edit, and its JSON (the same edit twice is tokenized once)
  text: "",  // the text the panels tokenize: the setup's, cut and its lone surrogates replaced
  edits: 0, painted: [0, 0, 0],  // edits made, and the newest painted in each panel (latest wins)
  loads: new Map(),  // name -> when this page first asked for a browser tokenizer not yet loaded (performance.now())
  loaded: new Set(),  // the browser tokenizers that have answered: their vocabulary is here
  // the note's parts: a damaged link's (link.js), the text's, each panel's trouble, an ask's
  notes: {link: "", text: "", panels: ["", "", ""], server: ""},
};

// The browser tokenizers and the panels' renderer (browser_page.js) run the twins the host lists.
playgroundTokenizers.useTwins(PLAYGROUND_TWINS);
playgroundTokenizers.usePanelData(PLAYGROUND_PANEL_DATA);

// setup: {text, tokenizers: [3 names], special, markWhitespace, view: "text" | "ids", example: a key or "",
// init: the embedding's initialisation}. Painted as soon as the tokenizers answer: in the frame after the key
// when the tokenizing fits in it.
export async function playgroundUpdate(setup) {
  const flow = playgroundFlow;
  const key = JSON.stringify(setup);
  if (key === flow.key) return;  // the same edit again: a keystroke is seen here and by page.js
  flow.key = key;
  flow.setup = setup;
  const {text, note} = playgroundTextTokenized(setup.text);
  const number = ++flow.edits;
  flow.text = text;
  flow.notes.text = note;
  playgroundPaintNote();
  playgroundShowPrompt(PLAYGROUND_PROMPTS[setup.example] || "");
  playgroundAnswerFollows(setup);
  playgroundAskSoon();
  const options = {showIds: setup.view === "ids", markWhitespace: setup.markWhitespace};
  setup.tokenizers.forEach((name, i) => {
    // Until a browser tokenizer first answers in this page, the tokens it gave this text before a reload are
    // painted at once (kept_tokens.js); it loads meanwhile, and the next edit waits for it.
    const twin = playgroundTokenizers.hasTwin(name);
    const kept = twin && !flow.loaded.has(name) ? playgroundKeptTokens(name, text, setup.special) : null;
    const answer = kept ? Promise.resolve(kept) : playgroundPanelResult(i, name, text, setup.special);
    if (!kept) playgroundLoadingNotes(i, name, number, answer);
    answer.then((result) => {
      if (!result || number <= flow.painted[i]) return;  // asked again meanwhile, or a newer edit is painted
      flow.painted[i] = number;
      if (twin) playgroundShowingTokens(i, name, text, setup.special, result);
      flow.notes.panels[i] = "";
      playgroundPaintNote();
      playgroundPaintPanel(PLAYGROUND_PANELS[i], playgroundTokenizers.panelParts(result, text, options));
      playgroundTokensRedrawn();
    }, (err) => {  // the panel keeps what it shows; the note says why it does not follow
      if (number <= flow.painted[i]) return;
      const loading = playgroundTokenizers.hasTwin(name) && !flow.loaded.has(name);  // said in the panel itself
      flow.notes.panels[i] = loading ? "" : playgroundPanelTrouble(name, err);
      playgroundPaintNote();
    });
  });
}

// send(body) one at a time, each body made by its caller's makeBody() when it is sent (so it carries what the page
// shows then). A call waits for a turn of the page's task queue before it is sent, and while one is out; a newer
// call replaces (resolving null) the one waiting. The turn is what merges edits: a browser tokenizer holds the
// page's thread while it runs, so the keys and a lesson page's messages that came meanwhile are only handled
// after it, each its own task; waiting one turn lets them all in first, and only the newest runs (200 messages
// of 200,000 characters: one run, not 200). ask.js's asks of the server go one at a time this way too.
export function playgroundLatestOnly(send) {
  let busy = false, waiting = null;
  const next = async () => {
    busy = true;
    await new Promise((resolve) => setTimeout(resolve));
    const {makeBody, resolve, reject} = waiting;
    waiting = null;
    try { resolve(await send(makeBody())); } catch (err) { reject(err); }
    busy = false;
    if (waiting) next();
  };
  return (makeBody) => new Promise((resolve, reject) => {
    if (waiting) waiting.resolve(null);
    waiting = {makeBody, resolve, reject};
    if (!busy) next();
  });
}

// Each panel's browser tokenizer, one edit at a time, the newest waiting next. Each run leaves a User Timing mark,
// "playground-tokenize" {detail: {name, length}}: the browser's performance tools show the runs, and tests count them.
const playgroundTwinRuns = [0, 1, 2].map(() => playgroundLatestOnly(({text, name, special}) => {
  performance.mark("playground-tokenize", {detail: {name, length: text.length}});
  return playgroundTokenizers.tokenize(text, name, {special, tokenLimit: playgroundTokenizers.MAX_DRAWN_TOKENS});
}));

// One panel's compare() entry: from the browser tokenizer, else from the server (null when a newer edit replaced
// this one before it ran or was sent).
function playgroundPanelResult(i, name, text, special) {
  if (playgroundTokenizers.hasTwin(name)) return playgroundTwinRuns[i](() => ({text, name, special}));
  return playgroundAskTokens(i, {text, special, tokenizer: name});
}

// A browser tokenizer's first answer waits for its vocabulary (GPT-4o's 3.6 MB took 2.5 s at 150 ms round trip with
// unlimited bandwidth, several times that on a phone): the panel says so, with the size, rather than staying blank
// or showing the last tokenizer's tokens under the new name; after PLAYGROUND_STILL_LOADING_MS, that it is still on
// its way; if the load fails, why (the next edit tries again). A load that answers within PLAYGROUND_LOADING_NOTE_MS
// shows no note. The words live here only.
const PLAYGROUND_LOADING_NOTE_MS = 300;
const PLAYGROUND_STILL_LOADING_MS = 10_000;

function playgroundLoadingNotes(i, name, number, answer) {
  const flow = playgroundFlow;
  if (!playgroundTokenizers.hasTwin(name) || flow.loaded.has(name)) return;
  if (!flow.loads.has(name)) flow.loads.set(name, performance.now());
  const say = (words) => {  // only while this edit is the newest and nothing newer is painted in the panel
    if (number === flow.edits && number > flow.painted[i]) playgroundPaint(PLAYGROUND_PANELS[i], playgroundLoadingPanel(name, words));
  };
  const label = PLAYGROUND_TOKENIZER_LABELS[name] || name;
  const vocabulary = `the vocabulary of ${label} (${playgroundMegabytes(PLAYGROUND_TWINS.tokenizers[name].bytes)})`;
  const waited = performance.now() - flow.loads.get(name);
  const timers = [
    setTimeout(() => say(`Loading ${vocabulary}…`), Math.max(0, PLAYGROUND_LOADING_NOTE_MS - waited)),
    setTimeout(() => say(`Still loading ${vocabulary} after ${PLAYGROUND_STILL_LOADING_MS / 1000} s: the connection is ` +
                         "slow; the tokens show when it has come."), Math.max(0, PLAYGROUND_STILL_LOADING_MS - waited)),
  ];
  answer.then((result) => {
    timers.forEach(clearTimeout);
    if (!result) return;  // replaced by a newer edit before it ran: that edit's own notes say the load goes on
    flow.loaded.add(name);
    flow.loads.delete(name);
  }, (err) => {
    flow.loads.delete(name);
    timers.forEach(clearTimeout);
    const next = err.name === "NotAsBuilt" ? "" : "; check the connection, then edit the text to try again.";
    say(`${label} could not load: ${err.message}${next}`);
  });
}

// A panel with no tokens yet: its tokenizer's name and what keeps them (no .panel-body: cards and fit.js measure
// a panel's tokens).
function playgroundLoadingPanel(name, words) {
  const p = document.createElement("p");
  p.className = "note loading";
  p.setAttribute("role", "status");
  p.textContent = words;
  const h3 = document.createElement("h3"), panel = document.createElement("div");
  h3.textContent = PLAYGROUND_TOKENIZER_LABELS[name] || name;
  panel.className = "panel-loading";
  panel.dataset.loading = name;
  panel.append(h3, p);
  return panel.outerHTML;
}

// 3613922 -> "3.6 MB", 456318 -> "456 KB" (decimal units, as a download says them).
function playgroundMegabytes(bytes) {
  return bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${Math.round(bytes / 1e3)} KB`;
}

function playgroundPanelTrouble(name, err) {
  const label = PLAYGROUND_TOKENIZER_LABELS[name] || name;
  if (err instanceof PlaygroundServerGone) {
    return `The ${label} panel waits for the server (this tokenizer runs only there): it follows your text when the server is back.`;
  }
  return `The ${label} panel could not follow this edit: ${err.message}`;
}

// The note above the panels: a damaged link's, the text's (what was cut, what was replaced), then each panel's
// trouble and a refused ask's.
export function playgroundPaintNote() {
  const {link, text, panels, server} = playgroundFlow.notes;
  const trouble = [...new Set([...panels, server].filter(Boolean))].map((message) => {
    const p = document.createElement("p");
    p.className = "limit";
    p.textContent = message;
    return p.outerHTML;
  });
  playgroundPaint(PLAYGROUND_NOTE, link + text + trouble.join(""));
}

// The page's own limits, as the server's (work.MAX_INPUT_CHARS, in code points as Python counts them): the text
// tokenized is the first PLAYGROUND_MAX_INPUT_CHARS characters, lone surrogates replaced by U+FFFD. Returns it
// and the note saying what was cut or replaced ("" when nothing was). These notes' words live here only.
function playgroundTextTokenized(text) {
  const part = playgroundCodePoints(text, PLAYGROUND_MAX_INPUT_CHARS);
  const kept = PLAYGROUND_MAX_INPUT_CHARS;  // what a cut part holds, in code points
  let total = kept;  // counted past the part only when there is more (a 1 MB paste: no array of it made)
  for (let u = part.length; u < text.length; u += playgroundPairAt(text, u) ? 2 : 1) total++;
  const lone = part.isWellFormed() ? 0 : part.match(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g).length;
  const number = (n) => n.toLocaleString("en-US");
  let note = "";
  if (total > kept) {
    note += `<p class="limit">Tokenised the first ${number(PLAYGROUND_MAX_INPUT_CHARS)} of ${number(total)} characters; ` +
            `${number(total - kept)} characters were cut. Every count below is for the part tokenised.</p>`;
  }
  if (lone) note += `<p class="limit">${number(lone)} lone surrogate(s) in the input were replaced by U+FFFD.</p>`;
  return {text: part.toWellFormed(), note};
}

// text[:n] as Python slices it: the first n code points, not n UTF-16 units (a surrogate pair is one; a lone
// surrogate is one too, as Python counts it). Also link.js's, for a link's text.
export function playgroundCodePoints(text, n) {
  let units = 0;
  for (let count = 0; count < n && units < text.length; count++) units += playgroundPairAt(text, units) ? 2 : 1;
  return text.slice(0, units);
}

// Whether a surrogate pair (one code point in two UTF-16 units) starts at unit u.
function playgroundPairAt(text, u) {
  const c = text.charCodeAt(u), d = text.charCodeAt(u + 1);
  return c >= 0xd800 && c < 0xdc00 && d >= 0xdc00 && d < 0xe000;
}

// A keystroke is painted at once, from the textarea's own input event (page.js's follows with the same values,
// and is dropped as the same edit). An edit that took the example's text away drops its question (lecture.js).
document.addEventListener("input", (e) => {
  if (playgroundFlow.setup && e.target.matches && e.target.matches("#input-text textarea")) {
    const text = e.target.value;
    playgroundUpdate({...playgroundFlow.setup, text, example: playgroundExampleAfterEdit(playgroundFlow.setup.example, text)});
  }
}, true);
