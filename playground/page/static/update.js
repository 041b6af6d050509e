// The page's flow: every edit (a key, a toggle, a tokenizer, an example, the view) tokenizes the three panels in
// this page (window.playground.tokenize, the browser tokenizers) and paints them with render.js
// (window.playground.panelParts), with no request to the server: the panels follow every key, offline too. Only a
// panel whose tokenizer has no browser twin (an added one) asks the server for its tokens (ask.js). The server's
// own parts (the embedding, the example's answer) are asked after a pause in typing (ask.js).
//
// playgroundUpdate is the one way in, whoever hosts the page: Gradio's change events call it through
// playgroundEdit; a page without Gradio calls it itself. It needs of the page only the components' elem_ids
// (paint.js finds their bodies).
const PLAYGROUND_PANELS = ["panel-gpt2", "panel-bert", "panel-llama"];
const PLAYGROUND_NOTE = "limit-note";  // above the panels: what was cut or replaced, and what went wrong
const playgroundFlow = {
  setup: null, key: "",  // the latest edit, and its JSON (the same edit twice is tokenized once)
  text: "",  // the text the panels tokenize: the setup's, cut and its lone surrogates replaced
  edits: 0, painted: [0, 0, 0],  // edits made, and the newest painted in each panel (latest wins)
  // the note's parts: a damaged link's (link.js), the text's, each panel's trouble, an ask's
  notes: {link: "", text: "", panels: ["", "", ""], server: ""},
};

// The browser tokenizers and render.js are loaded (their module sets window.playground, then says so).
let playgroundReadyPromise = null;
function playgroundReady() {
  playgroundReadyPromise ??= window.playground?.panelParts ? Promise.resolve() : new Promise((resolve) => {
    window.addEventListener("playground-ready", () => resolve(), {once: true});
  });
  return playgroundReadyPromise;
}

// setup: {text, tokenizers: [3 names], special, markWhitespace, view: "text" | "ids", example: a key or "",
// init: the embedding's initialisation}. Painted as soon as the tokenizers answer: in the frame after the key
// when the tokenizing fits in it.
async function playgroundUpdate(setup) {
  const flow = playgroundFlow;
  const key = JSON.stringify(setup);
  if (key === flow.key) return;  // the same edit again: a keystroke is seen here and by Gradio's change
  flow.key = key;
  flow.setup = setup;
  const {text, note} = playgroundTextTokenized(setup.text);
  const number = ++flow.edits;
  flow.text = text;
  flow.notes.text = note;
  playgroundPaintNote();
  playgroundPaint("prompt", PLAYGROUND_PROMPTS[setup.example] || "");
  playgroundAnswerFollows(setup);
  playgroundAskSoon();
  await playgroundReady();
  const options = {showIds: setup.view === "ids", markWhitespace: setup.markWhitespace};
  setup.tokenizers.forEach((name, i) => {
    playgroundPanelResult(i, name, text, setup.special).then((result) => {
      if (!result || number <= flow.painted[i]) return;  // asked again meanwhile, or a newer edit is painted
      flow.painted[i] = number;
      flow.notes.panels[i] = "";
      playgroundPaintNote();
      playgroundPaintPanel(PLAYGROUND_PANELS[i], window.playground.panelParts(result, text, options));
      playgroundTokensRedrawn();
    }, (err) => {  // the panel keeps what it shows; the note says why it does not follow
      if (number <= flow.painted[i]) return;
      flow.notes.panels[i] = playgroundPanelTrouble(name, err);
      playgroundPaintNote();
    });
  });
}

// One panel's compare() entry: from the browser tokenizer, else from the server (null when a newer edit's ask
// replaced this one before it was sent).
function playgroundPanelResult(i, name, text, special) {
  if (window.playground.hasTwin(name)) {
    return window.playground.tokenize(text, name, {special, tokenLimit: window.playground.MAX_DRAWN_TOKENS});
  }
  return playgroundAskTokens(i, {text, special, tokenizer: name});
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
function playgroundPaintNote() {
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
function playgroundCodePoints(text, n) {
  let units = 0;
  for (let count = 0; count < n && units < text.length; count++) units += playgroundPairAt(text, units) ? 2 : 1;
  return text.slice(0, units);
}

// Whether a surrogate pair (one code point in two UTF-16 units) starts at unit u.
function playgroundPairAt(text, u) {
  const c = text.charCodeAt(u), d = text.charCodeAt(u + 1);
  return c >= 0xd800 && c < 0xdc00 && d >= 0xdc00 && d < 0xe000;
}

// Gradio's change events call this with every input of an edit, in web.build_demo's order.
function playgroundEdit(values) {
  const [text, markWhitespace, view, special, first, second, third, example, init] = values;
  playgroundUpdate({text, tokenizers: [first, second, third], special, markWhitespace, view,
                    example: playgroundExampleKept(example), init});
  return [];
}

// A keystroke is painted at once, from the textarea's own input event, without waiting for Gradio's change event
// to come round (it follows, with the same values, and is dropped as the same edit). An edit that took the example's
// text away drops its question (lecture.js).
document.addEventListener("input", (e) => {
  if (playgroundFlow.setup && e.target.matches && e.target.matches("#input-text textarea")) {
    const text = e.target.value;
    playgroundUpdate({...playgroundFlow.setup, text, example: playgroundExampleAfterEdit(playgroundFlow.setup.example, text)});
  }
}, true);
