// The static folder's host (python -m playground static DIR): what Gradio's wiring does for the app's page
// (web.py), done with plain DOM events for the folder's index.html (static_shell.py): the setup a link opens
// with (link.js), each edit handed to the page's entry (playgroundUpdate), the example
// buttons, Reveal, the modes, the share link. And what an embedding lesson page needs: the page's height sent to
// the parent frame, and the text to show taken from it (postMessage {type: "playground-text", text}).
// PLAYGROUND_FOLDER (the examples' answers, the lesson's batch, the notes) is set by index.html's head.
const playgroundFolder = {
  state: {text: "", tokenizers: [...PLAYGROUND_DEFAULT_TOKENIZERS], special: false, markWhitespace: true,
          view: "text", example: "", guess: false, present: false},
};

// The vocabularies and WebAssembly cores are fetched gzipped (static_folder.is_gzipped: URL + ".gz", written beside
// each file), since a plain static server sends them as they are: 6.9 MB for ?example=code where the app, which
// gzips them, sends 3.0 MB. The browser tokenizers (registry.js, wasm_file.js) fetch the plain URL; here that fetch
// gets the unzipped bytes. A host that sends a .gz with Content-Encoding: gzip has had the browser unzip it already:
// then the bytes do not start with gzip's magic number and go through as they are.
const playgroundFolderZipped = new Set(PLAYGROUND_FOLDER.gzipped.map((url) => new URL(url, document.baseURI).href));
const playgroundFolderFetch = window.fetch;
window.fetch = async function playgroundFolderUnzippingFetch(input, init) {
  const url = new URL(input instanceof Request ? input.url : input, document.baseURI).href;
  if (!playgroundFolderZipped.has(url)) return playgroundFolderFetch(input, init);
  const response = await playgroundFolderFetch(`${url}.gz`, init);
  if (!response.ok) return response;
  const bytes = new Uint8Array(await response.arrayBuffer());
  const zipped = bytes[0] === 0x1f && bytes[1] === 0x8b;
  const body = zipped ? new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip")) : bytes;
  const type = url.endsWith(".wasm") ? "application/wasm" : "application/octet-stream";
  return new Response(body, {headers: {"Content-Type": type}});
};

function playgroundFolderBox() { return document.querySelector("#input-text textarea"); }
function playgroundFolderCheck(id) { return document.querySelector(`#${id} input[type=checkbox]`); }
function playgroundFolderChoosers() { return [0, 1, 2].map((slot) => document.querySelector(`#tokenizer-${slot} select`)); }

// The controls show the state (as Gradio's components show the values an event returns).
function playgroundFolderShow() {
  const s = playgroundFolder.state, box = playgroundFolderBox();
  if (box.value !== s.text) box.value = s.text;
  playgroundFolderChoosers().forEach((select, i) => { select.value = s.tokenizers[i]; });
  for (const [id, key] of [["mark-ws", "markWhitespace"], ["special", "special"], ["guess", "guess"], ["present", "present"]]) {
    const input = playgroundFolderCheck(id);
    if (input) input.checked = s[key];
  }
  const radio = document.querySelector(`#view input[value="${s.view}"]`);
  if (radio) radio.checked = true;
}

// The page's asks of the server (ask.js), answered by the folder itself: the example's answer when the text and
// tokenizers are the example's own (computed when the folder was written; an edited text's is the app's work),
// and for the embedding, that it needs the app.
async function playgroundHostAnswer(path, body) {
  if (path === "playground/answer") {
    const example = Object.hasOwn(PLAYGROUND_EXAMPLES, body.example) ? PLAYGROUND_EXAMPLES[body.example] : null;
    const own = example && body.text === example.text && body.tokenizers.join() === example.tokenizers.join();
    return {ok: true, answer: own ? PLAYGROUND_FOLDER.answers[body.example] : PLAYGROUND_FOLDER.editedAnswer};
  }
  if (path === "playground/embedding") {
    return {ok: true, embedding: [PLAYGROUND_FOLDER.embedding, "", "", ""], figure_key: null};
  }
  return {ok: false, status: 404, detail: "This page has no server: it shows only the tokenizers it ships."};
}

// The share link's QR code, as the app's (qr_view.py) but made in the browser (qr_code.js): "" for no link (a text
// too long to share says so in the link box), a sentence for a link too long for any QR code.
async function playgroundFolderQr(link) {
  if (!/^https?:\/\//.test(link)) return "";
  await playgroundReady();
  const svg = await window.playground.qrSvg(link);
  if (svg === null) {
    return `<p class='note'>This link is too long for a QR code (${link.length.toLocaleString("en")} characters): ` +
      "share a shorter text, or send the link itself.</p>";
  }
  const label = link.slice(0, 80).replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/</g, "&lt;");
  return `<div class='qr' role='img' aria-label='QR code of the share link: ${label}' ` +
    `title='Click: as tall as the window (click again or Escape: back)'>${svg}</div>`;
}

// An edit: the page paints it (playgroundUpdate, the app's page's own entry).
function playgroundFolderUpdate() {
  const s = playgroundFolder.state;
  playgroundUpdate({text: s.text, tokenizers: [...s.tokenizers], special: s.special, markWhitespace: s.markWhitespace,
                    view: s.view, example: s.example, init: ""});
}

function playgroundFolderSet(changes) {
  Object.assign(playgroundFolder.state, changes);
  playgroundFolderShow();
  playgroundFolderUpdate();
  playgroundKeep(playgroundFolderKept(playgroundFolder.state));
  playgroundFolderBatchSoon();
}

// The lesson's batch (batch.js's, wired as web.py wires it): drawn after a pause in its inputs, the text among them.
function playgroundFolderBatchNumbers() {
  return ["batch-size", "block-size", "batch-seed"].map((id) => document.querySelector(`#${id} input`)).filter(Boolean);
}

function playgroundFolderBatchSoon() {
  const numbers = playgroundFolderBatchNumbers();
  if (numbers.length) playgroundBatchSoon([playgroundFolder.state.text, ...numbers.map((n) => n.value)]);
}

// The setup as keep.js keeps it (the share button's inputs in the app): [text, tokenizer 1, 2, 3, example, guess,
// present, marks, view].
function playgroundFolderKept(s) {
  return [s.text, ...s.tokenizers, s.example, s.guess, s.present, s.markWhitespace, s.view];
}

// The text a lesson page sends (any parent frame may set the text shown; nothing else is taken from it). A text sent
// before this script ran went to the frame's first, empty document and is lost: the page says when it takes one
// with a {type: "playground-ready"} message to the parent, once its setup is made. A text that comes between this
// script and that moment is shown then, not overwritten by the link's setup. Kept up to 200,000 UTF-16 units, at
// least what the page tokenizes (100,000 code points), so the page's cut note says what it cut of those.
let playgroundFolderStarted = false;
let playgroundFolderSentText = null;
window.addEventListener("message", (e) => {
  if (e.source !== window.parent || e.source === window) return;
  const data = e.data;
  if (!data || data.type !== "playground-text" || typeof data.text !== "string") return;
  const text = data.text.slice(0, 2 * PLAYGROUND_MAX_INPUT_CHARS);
  if (playgroundFolderStarted) playgroundFolderSet({text});
  else playgroundFolderSentText = text;
});

// The page's height, sent to the parent frame whenever it changes, so that an iframe can follow its content.
function playgroundFolderReportHeight() {
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

function playgroundFolderWire() {
  const box = playgroundFolderBox();
  box.addEventListener("input", () => playgroundFolderSet({text: box.value,  // an edit may drop the example (lecture.js)
                                                          example: playgroundExampleKept(playgroundFolder.state.example)}));
  playgroundFolderChoosers().forEach((select, i) => select.addEventListener("change", () => {
    const tokenizers = [...playgroundFolder.state.tokenizers];
    tokenizers[i] = select.value;
    playgroundFolderSet({tokenizers});
  }));
  const checks = {"mark-ws": "markWhitespace", special: "special", guess: "guess", present: "present"};
  for (const [id, key] of Object.entries(checks)) {
    const input = playgroundFolderCheck(id);
    if (!input) continue;
    input.addEventListener("change", () => {
      if (id === "guess" || id === "present") playgroundMode(id, input.checked);
      playgroundFolderSet({[key]: input.checked});
    });
  }
  document.querySelectorAll("#view input").forEach((radio) => radio.addEventListener("change", () => {
    if (radio.checked) playgroundFolderSet({view: radio.value});
  }));
  for (const [key, example] of Object.entries(PLAYGROUND_EXAMPLES)) {
    document.getElementById(`example-${key}`).addEventListener("click", () => {
      const [text, , , ...tokenizers] = playgroundExample(example.text, key, example.tokenizers);
      playgroundFolderSet({text, example: key, tokenizers});
    });
  }
  const click = (id, action) => { const el = document.getElementById(id); if (el) el.addEventListener("click", action); };
  click("clear", () => {
    const [text, example, ...tokenizers] = playgroundClear();
    playgroundFolderSet({text, example, tokenizers});
  });
  click("reveal", () => playgroundReveal());
  click("size-down", () => playgroundStepSize(-1));
  click("size-up", () => playgroundStepSize(1));
  click("keys", () => playgroundToggleKeys());
  for (const format of ["csv", "json"]) {
    click(`download-${format}`, async () => {
      const s = playgroundFolder.state;
      await playgroundReady();
      playgroundDownload(await window.playground.exportTokens(s.text, s.tokenizers, s.special, PLAYGROUND_MAX_INPUT_CHARS,
                                                              format), `tokens.${format}`);
    });
  }
  const numbers = playgroundFolderBatchNumbers();
  numbers.forEach((n) => n.addEventListener("input", playgroundFolderBatchSoon));
  let drawing = 0;  // latest wins: a draw finished after a newer one was asked is dropped
  click("batch-redraw", async () => {
    const asked = ++drawing, [b, t, seed] = numbers.map((n) => Number(n.value));
    await playgroundReady();
    const html = await window.playground.batchHtml(playgroundFolder.state.text, b, t, seed);
    if (asked === drawing) document.querySelector("#batch .prose").innerHTML = html;
  });
  click("lesson-batch", () => {
    playgroundLessonsBatch();
    const [text, example, b, t, note] = PLAYGROUND_FOLDER.lessonBatch;
    [numbers[0].value, numbers[1].value] = [b, t];
    document.querySelector("#batch-note .prose").innerHTML = note;
    playgroundFolderSet({text, example});
  });
  click("share", () => playgroundFolderShare(true));
  click("share-follow", () => playgroundFolderShare(false));  // share.js: the setup changed, nothing copied
}

// The share link and its QR code for the setup now (copy: Copy share link's), latest wins: a QR code drawn after a
// newer link was asked for is dropped.
let playgroundFolderShared = 0;
async function playgroundFolderShare(copy) {
  const asked = ++playgroundFolderShared, s = playgroundFolder.state;
  const link = await playgroundShareSetup(s.text, s.tokenizers, s.example, s.guess, s.present, s.markWhitespace, s.view, copy);
  if (asked !== playgroundFolderShared) return;
  document.querySelector("#share-link input").value = link;
  const qr = await playgroundFolderQr(link);
  if (asked !== playgroundFolderShared) return;
  document.querySelector("#share-qr .prose").innerHTML = qr;
  playgroundShareDrawn();
}

(async function playgroundFolderStart() {
  const [text, a, b, c, example, guess, present, markWhitespace, view] = await playgroundOpening();  // link.js
  const setup = {text, tokenizers: [a, b, c], special: false, markWhitespace, view, example, guess, present};
  playgroundFolderWire();
  const batch = document.getElementById("batch-section");
  if (batch && window.parent !== window) batch.open = false;  // in a lesson page: one click away, the frame shorter
  playgroundFolderReportHeight();
  playgroundFolderSet(playgroundFolderSentText === null ? setup : {...setup, text: playgroundFolderSentText});
  playgroundFolderStarted = true;
  if (window.parent !== window) window.parent.postMessage({type: "playground-ready"}, "*");  // nothing private
})();
