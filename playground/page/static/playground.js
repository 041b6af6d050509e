// The page's client-side helpers: examples, the lecture's modes, share links, downloads from memory,
// the hover card, and linked and pinned tokens.

// Build a link that reopens the page with this text, copy it, and return it for the link box.
// The text travels packed: raw DEFLATE, then base64url, in ?z= (the server unpacks it), so about
// ten times more fits than as ?text=. Past PLAYGROUND_MAX_SHARE_URL the box says so instead.
// PLAYGROUND_MAX_SHARE_URL and PLAYGROUND_DEFAULT_TOKENIZERS are set by the page's head (web.py).

async function playgroundPack(text) {
  const stream = new Blob([new TextEncoder().encode(text)]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

async function playgroundShareLink(text, tokenizers) {
  const url = new URL(window.location.href);
  url.search = "";
  url.hash = "";
  url.searchParams.set("z", await playgroundPack(text));
  if (tokenizers && tokenizers.join(",") !== PLAYGROUND_DEFAULT_TOKENIZERS.join(",")) {
    url.searchParams.set("tokenizers", tokenizers.join(","));
  }
  const link = url.toString();
  if (link.length > PLAYGROUND_MAX_SHARE_URL) {
    return `This text is too long to share as a link (${text.length.toLocaleString("en")} characters make a ` +
           `${link.length.toLocaleString("en")}-character link; at most ${PLAYGROUND_MAX_SHARE_URL.toLocaleString("en")} work). ` +
           "Share a shorter part, or download the tokens.";
  }
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(link).catch(() => {});  // the box below shows it either way
  }
  return link;
}

// Save text the server sent as a file, without the server writing anything to disk.
function playgroundDownload(data, filename) {
  if (!data) return;
  const type = filename.endsWith(".csv") ? "text/csv" : "application/json";
  const url = URL.createObjectURL(new Blob([data], { type: type + ";charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// The "server is busy" note at the top of the page, shared by the edit route and the queue's retries.
function playgroundBusyNote(text) {
  let el = document.getElementById("queue-note");
  if (!el && text) {
    el = document.createElement("div");
    el.id = "queue-note";
    el.setAttribute("role", "status");
    document.body.appendChild(el);
  }
  if (el) { el.textContent = text; el.hidden = !text; }
}

// An edit (the text, a toggle, a tokenizer, the table's init): one POST to the server's edit route
// (playground/page/edit_route.py), off Gradio's queue, and the answer painted straight into the
// components' HTML. Latest wins: one request at a time; edits made meanwhile collapse into the
// newest, sent when the answer comes, and an answer older than what is painted is dropped.
// When the server is full (503), the edit waits Retry-After (then 2, 4, 8 s), the page says so,
// and the newest edit is sent; a bad answer shows its message in the note above the panels.
const PLAYGROUND_EDIT_TARGETS = {
  note: "limit-note", panels: ["panel-gpt2", "panel-bert", "panel-llama"], prompt: "prompt", answer: "answer",
  embedding: ["embedding", "memory"], plots: "heatmap",
};
const playgroundEdits = {sent: 0, painted: 0, pending: null, busy: false, retries: 0, last: null, lastKey: "",
                         shown: {}, paintedBody: null, figureKey: null,
                         panelsFromSharedMemory: 0};  // edits whose panels were read in a frame (below)

function playgroundHtmlBody(id) {
  const el = document.getElementById(id);
  return el && (el.querySelector(".prose") || el.querySelector(".html-container"));
}

// A component's HTML (the note, question, answer, shape, memory), replaced only when it changed.
function playgroundPaint(id, html) {
  if (playgroundEdits.shown[id] === html) return;
  const body = playgroundHtmlBody(id);
  if (body) { body.innerHTML = html; playgroundEdits.shown[id] = html; }
}

// `to` gets exactly the attributes of `from`.
function playgroundCopyAttributes(from, to) {
  for (const name of to.getAttributeNames()) if (!from.hasAttribute(name)) to.removeAttribute(name);
  for (const attribute of from.attributes) {
    if (to.getAttribute(attribute.name) !== attribute.value) to.setAttribute(attribute.name, attribute.value);
  }
}

// Top-level nodes a token part makes: its block and the <br>s of its newlines (render.segment_parts:
// a part holds no other <br>; a "<br>" typed in the text is escaped, so it is not one).
function playgroundPartNodes(part) { return part.split("<br>").length; }

// A panel, [before, tokens, after, kept] (render.PanelParts). Its first `kept` parts are those the page
// shows already (the route was sent the text they were drawn for): they stay as they are, with their
// lit and pinned marks, and only the parts after them are parsed and put in. A changed frame (title,
// counts, notes) is replaced around the token box, which stays in place: moved, its 400 blocks would be
// styled and laid out again. So a key typed at the end of a 1 KB text redraws a block or two.
// Returns false when the parts kept are not on the page (then the edit must be asked for whole).
function playgroundPaintPanel(id, [before, tokens, after, kept]) {
  const body = playgroundHtmlBody(id);
  if (!body) return true;
  const shown = playgroundEdits.shown[id];
  const box = playgroundPanelBox(id);
  if (!box) {
    if (kept) return false;
    body.innerHTML = before + tokens.join("") + after;  // first drawn, or drawn by something else: whole
    playgroundEdits.shown[id] = {before, after, box: body.querySelector(".toks"), nodes: tokens.map(playgroundPartNodes)};
    return true;
  }
  if (kept > shown.nodes.length) return false;
  if (shown.before !== before || shown.after !== after) {
    const frame = document.createElement("template");
    frame.innerHTML = before + after;  // the panel with no token in its box
    const panel = frame.content.firstElementChild, emptyBox = frame.content.querySelector(".toks");
    if (frame.content.childNodes.length !== 1 || !emptyBox || emptyBox.parentElement !== panel ||
        box.parentElement.parentElement !== body) {
      playgroundEdits.shown[id] = null;  // not the frame this drew
      return playgroundPaintPanel(id, [before, tokens, after, kept]);
    }
    playgroundCopyAttributes(panel, box.parentElement);
    playgroundCopyAttributes(emptyBox, box);
    while (box.previousSibling) box.previousSibling.remove();
    while (box.nextSibling) box.nextSibling.remove();
    const around = [...panel.childNodes], at = around.indexOf(emptyBox);
    box.before(...around.slice(0, at));
    box.after(...around.slice(at + 1));
  }
  const keptNodes = shown.nodes.slice(0, kept).reduce((a, b) => a + b, 0);
  while (box.childNodes.length > keptNodes) box.lastChild.remove();
  if (tokens.length) {
    const parsed = document.createElement("template");
    parsed.innerHTML = tokens.join("");
    box.append(parsed.content);
  }
  playgroundEdits.shown[id] = {before, after, box, nodes: [...shown.nodes.slice(0, kept), ...tokens.map(playgroundPartNodes)]};
  return true;
}

// A panel's token box as this script drew it last, or null (not drawn yet, or drawn over by something else).
function playgroundPanelBox(id) {
  const shown = playgroundEdits.shown[id], body = playgroundHtmlBody(id);
  return shown && body && shown.box === body.querySelector(".toks") ? shown.box : null;
}

function playgroundNodes(html) {
  const parsed = document.createElement("template");
  parsed.innerHTML = html;
  return [...parsed.content.childNodes];
}

// The plots: their caption (it counts the tokens: new at almost every key) and their figure, null when it is
// the figure on the page (it draws the first 64 tokens: typing at the end of a longer text leaves it as it is,
// not sent, decoded or laid out again). Returns false when a null figure is not on the page.
function playgroundPaintPlots(id, caption, figure) {
  const body = playgroundHtmlBody(id);
  if (!body) return true;
  const shown = playgroundPlotsShown(id), intact = shown !== null;
  if (figure === null && !intact) return false;
  if (intact && (figure === null || figure === shown.figure)) {
    let captionNodes = shown.captionNodes;
    if (caption !== shown.caption) {
      captionNodes = playgroundNodes(caption);
      shown.captionNodes[0].before(...captionNodes);
      shown.captionNodes.forEach((node) => node.remove());
    }
    playgroundEdits.shown[id] = {...shown, caption, captionNodes};
    return true;
  }
  const captionNodes = playgroundNodes(caption), figureNodes = playgroundNodes(figure);
  body.replaceChildren(...captionNodes, ...figureNodes);
  playgroundEdits.shown[id] = {caption, figure, captionNodes, figureNodes};
  return true;
}

// The plots as this script drew them last ({caption, figure, captionNodes, figureNodes}), if all still on the page.
function playgroundPlotsShown(id) {
  const shown = playgroundEdits.shown[id], body = playgroundHtmlBody(id);
  const intact = shown && typeof shown === "object" && body &&
    [...shown.captionNodes, ...shown.figureNodes].every((node) => node.parentNode === body);
  return intact ? shown : null;
}

// The figure key of the plots on the page, to be sent as shown_figure, or null.
function playgroundShownFigure() {
  return playgroundPlotsShown(PLAYGROUND_EDIT_TARGETS.plots) ? playgroundEdits.figureKey : null;
}

// The text of the panels on the page, when the edit `body` would draw them with the same values but the
// text (toggles, tokenizers) and all three are as this script drew them: the route then sends only what
// follows the parts the two share. Otherwise null: the panels come whole.
function playgroundShownText(body) {
  const shown = playgroundEdits.paintedBody;
  const same = shown && ["mark_whitespace", "view", "special"].every((k) => shown[k] === body[k]) &&
    shown.tokenizers.every((name, i) => name === body.tokenizers[i]) &&
    PLAYGROUND_EDIT_TARGETS.panels.every((id) => playgroundPanelBox(id));
  return same ? shown.text : null;
}

// Gradio's change events call this with every input of an edit (the text, toggles, tokenizers, ...).
function playgroundEdit(values) {
  const [text, markWhitespace, view, special, first, second, third, example, init] = values;
  playgroundQueueEdit({text, mark_whitespace: markWhitespace, view, special, tokenizers: [first, second, third],
                       example, init});
  return [];
}

function playgroundQueueEdit(body) {
  const edits = playgroundEdits;
  const key = JSON.stringify(body);
  if (key === edits.lastKey) return;  // the same edit again: a keystroke is seen here and by Gradio's change
  edits.last = body;
  edits.lastKey = key;
  edits.pending = body;
  if (!edits.busy) playgroundSendEdit();
}

// A keystroke goes out at once, from the textarea's own input event, without waiting for Gradio's
// change event to come round (it follows, with the same values, and is dropped above).
document.addEventListener("input", (e) => {
  if (playgroundEdits.last && e.target.matches && e.target.matches("#input-text textarea")) {
    playgroundQueueEdit({...playgroundEdits.last, text: e.target.value});
  }
}, true);

// Reads an edit's answer as it comes (edit_route.edit): onPanels(line) gets the panels' line as soon as it is
// there; resolves with {status, ok, retryAfter, whole: the answer's text} once all is read. It runs in the
// page, and in the edit worker below (whose source it is part of). The answer is read twice, in a copy:
// read only as it comes, most answers were reported to DevTools as aborted, with no body (Playwright's
// requestfailed, and response.json() failing), where read whole, as the copy is, every one was complete.
async function playgroundReadEdit(url, body, onPanels) {
  const response = await fetch(url, {method: "POST", headers: {"Content-Type": "application/json"}, body});
  const whole = response.clone().text();
  whole.catch(() => {});  // a failure is met where it is awaited, below (or first in the reader's own read)
  if (response.ok) {
    const reader = response.body.getReader(), decoder = new TextDecoder();
    let read = "";
    for (;;) {
      const {value, done} = await reader.read();
      if (done) break;
      read += decoder.decode(value, {stream: true});
      if (read.includes("\n")) {
        onPanels(read.slice(0, read.indexOf("\n")));
        reader.cancel();  // the rest is read in the copy
        break;
      }
    }
  }
  return {status: response.status, ok: response.ok, retryAfter: response.headers.get("Retry-After"),
          whole: await whole};
}

// Where the page is cross-origin isolated (the server sends COOP and COEP: server.ISOLATED), its edits go
// out from a worker that shares memory with it. After a keystroke Chromium handles nothing that comes from
// outside the page (a fetch's answer, a worker's message, a WebSocket's: measured) until it has drawn the
// key's own frame, so a page fetching its own edits paints the panels in the frame after it at the
// soonest. The worker writes the panels' line into the shared memory as soon as it has read it, and the
// page looks there at the start of each frame while an edit is out: when the line is there by the key's
// own frame, the panels are painted in that frame, a frame (16.7 ms) sooner. The worker also sends the
// line as a message, which paints it when the memory was not read in time (a hidden page draws no
// frames) or the line is too long for it. Where the page is not isolated (embedded in another site's
// page, as in a Hugging Face Space), or makes no worker, or the worker fails, the page fetches its edits
// itself, as it does until the worker says it runs.
const PLAYGROUND_SHARED_BYTES = 1 << 20;  // a longer panels' line (a whole long text) comes by message only
const PLAYGROUND_EDIT_WORKER = `${playgroundReadEdit}
let shared;  // Int32 [number of the edit whose line it holds, the line's length in bytes], then its UTF-8
onmessage = async ({data}) => {
  if (data.shared) { shared = data.shared; return; }
  const {number, url, body} = data;
  try {
    const answer = await playgroundReadEdit(url, body, (line) => { share(number, line); postMessage({number, panels: line}); });
    postMessage({number, ...answer});
  } catch (err) {
    postMessage({number, unreachable: true});
  }
};
function share(number, line) {
  const bytes = new TextEncoder().encode(line), room = new Uint8Array(shared, 8);
  if (bytes.length > room.length) return;
  room.set(bytes);
  const head = new Int32Array(shared, 0, 2);
  Atomics.store(head, 1, bytes.length);
  Atomics.store(head, 0, number);  // last: the page reads the line only once it sees its number here
}
postMessage({ready: true});
`;
const playgroundChannel = {worker: null, ready: false, shared: null, waiting: null};

(function makeTheEditWorker() {
  const channel = playgroundChannel;
  if (!window.crossOriginIsolated || typeof Worker !== "function") return;
  try {
    channel.worker = new Worker(URL.createObjectURL(new Blob([PLAYGROUND_EDIT_WORKER], {type: "text/javascript"})));
  } catch (err) {  // a page that may make no worker fetches its edits itself
    return;
  }
  channel.shared = new SharedArrayBuffer(8 + PLAYGROUND_SHARED_BYTES);
  channel.worker.postMessage({shared: channel.shared});
  channel.worker.onmessage = ({data}) => {
    if (data.ready) channel.ready = true;
    else if (channel.waiting && data.number === channel.waiting.number) channel.waiting.on(data);
  };
  channel.worker.onerror = () => {  // from now on the page fetches its edits itself
    channel.ready = false;
    if (channel.waiting) channel.waiting.on({unreachable: true});
  };
})();

// Edit `number` (the body `sent`), fetched by the worker when it runs, else by the page. onPanels(line)
// gets the panels' line once, as soon as it is read (from the worker: in a frame from the shared memory,
// or by its message, whichever comes first). Resolves as playgroundReadEdit does, or with
// {unreachable: true} when the worker got no answer.
function playgroundPostEdit(number, sent, onPanels) {
  const url = new URL("playground/edit", document.baseURI).href, body = JSON.stringify(sent);
  const channel = playgroundChannel;
  if (!channel.ready) return playgroundReadEdit(url, body, onPanels);
  return new Promise((resolve) => {
    let panelsRead = false;
    const panels = (line) => {
      if (panelsRead) return;
      panelsRead = true;
      onPanels(line);
    };
    const lookInSharedMemory = () => {  // at the start of each frame while this edit is out
      if (panelsRead || channel.waiting?.number !== number) return;
      const head = new Int32Array(channel.shared, 0, 2);
      if (Atomics.load(head, 0) !== number) return void requestAnimationFrame(lookInSharedMemory);
      // copied out first: TextDecoder reads no shared memory
      panels(new TextDecoder().decode(new Uint8Array(channel.shared, 8, Atomics.load(head, 1)).slice()));
      playgroundEdits.panelsFromSharedMemory++;
    };
    channel.waiting = {number, on: (data) => {
      if ("panels" in data) return panels(data.panels);
      channel.waiting = null;
      resolve(data);
    }};
    channel.worker.postMessage({number, url, body});
    requestAnimationFrame(lookInSharedMemory);
  });
}

async function playgroundSendEdit() {
  const edits = playgroundEdits;
  const body = edits.pending;
  edits.pending = null;
  edits.busy = true;
  const number = ++edits.sent;
  let wait = 0;
  try {
    const shownText = playgroundShownText(body), shownFigure = playgroundShownFigure();
    const sent = {...body, ...(shownText === null ? {} : {shown_text: shownText}),
                  ...(shownFigure === null ? {} : {shown_figure: shownFigure})};
    let panels = null;
    const answer = await playgroundPostEdit(number, sent, (line) => {
      panels = JSON.parse(line.slice(0, -1) + "}");  // the object, closed after its panels (edit_route.edit)
      if (number > edits.painted) playgroundPaintPanels(panels, body);
    });
    if (answer.unreachable) throw new Error("no answer");
    if (answer.status === 503 && edits.retries < PLAYGROUND_QUEUE_RETRIES) {
      wait = Math.max(Number(answer.retryAfter) || 1, Math.min(2 ** edits.retries, 8));
      edits.retries++;
      if (!edits.pending) edits.pending = body;  // sent again, unless a newer edit replaced it
      playgroundBusyNote(`The server is busy: many people are typing at once. ` +
                         `Trying again in ${wait} s (attempt ${edits.retries + 1})…`);
    } else {
      edits.retries = 0;
      playgroundBusyNote("");
      const whole = JSON.parse(answer.whole);
      if (!answer.ok) {
        if (number > edits.painted) playgroundShowError(whole.detail || `The server answered ${answer.status}.`);
      } else {
        if (!panels && number > edits.painted) playgroundPaintPanels(whole, body);
        if (number > edits.painted) {
          if (whole.detail) playgroundShowError(whole.detail);
          else playgroundPaintEmbedding(whole, body);
        }
      }
      edits.painted = Math.max(edits.painted, number);
    }
  } catch (err) {  // no answer at all: the server restarted, or the network dropped
    playgroundShowError("Could not reach the server; your next edit tries again.");
    edits.lastKey = "";  // so that the same edit may be sent again
  }
  if (wait) await new Promise((resolve) => setTimeout(resolve, wait * 1000));
  edits.busy = false;
  if (edits.pending) playgroundSendEdit();
}

// The first part of an edit's answer: the note, the three panels (in parts), the question and its answer.
function playgroundPaintPanels(answer, body) {
  const edits = playgroundEdits, t = PLAYGROUND_EDIT_TARGETS;
  playgroundPaint(t.note, answer.note);
  const whole = t.panels.map((id, i) => playgroundPaintPanel(id, answer.panels[i])).every(Boolean);
  edits.paintedBody = whole ? body : null;
  if (!whole && !edits.pending) edits.pending = body;  // asked for again, whole
  playgroundPaint(t.prompt, answer.prompt);
  playgroundPaint(t.answer, answer.answer);
  playgroundTokensRedrawn();
}

// The second part: the embedding panel's shape, memory and plots.
function playgroundPaintEmbedding(answer, body) {
  const edits = playgroundEdits, t = PLAYGROUND_EDIT_TARGETS;
  const [shape, memory, caption, figure] = answer.embedding;
  playgroundPaint(t.embedding[0], shape);
  playgroundPaint(t.embedding[1], memory);
  const plotsShown = playgroundPaintPlots(t.plots, caption, figure);
  edits.figureKey = plotsShown ? answer.figure_key : null;
  if (!plotsShown && !edits.pending) edits.pending = body;  // asked for again, with its figure
  playgroundTokensRedrawn();  // again after the plots: a pinned GPT-2 token marks its row in them
}

function playgroundShowError(message) {
  const p = document.createElement("p");
  p.className = "limit";
  p.textContent = message;
  playgroundPaint(PLAYGROUND_EDIT_TARGETS.note, p.outerHTML);
  playgroundEdits.lastKey = "";
}

// A full queue: the server answers 503 to /queue/join when QUEUE_MAX_SIZE events already wait (a
// whole class typing at once). Instead of an error, the page says so and sends the same request
// again after 1, 2, 4, then 8 s, for about a minute; then Gradio shows its own error.
const PLAYGROUND_QUEUE_RETRIES = 10;
(function retryWhenTheQueueIsFull() {
  const send = window.fetch.bind(window);
  const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  let waiting = 0;  // requests waiting to be sent again
  const note = playgroundBusyNote;

  window.fetch = async function (input, init) {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (!new URL(url, window.location.href).pathname.endsWith("/queue/join")) return send(input, init);
    const original = input instanceof Request ? input.clone() : input;
    for (let attempt = 0; ; attempt++) {
      const response = await send(original instanceof Request ? original.clone() : original, init);
      if (response.status !== 503 || attempt >= PLAYGROUND_QUEUE_RETRIES) {
        if (!waiting) note("");  // the note stays while any other request still waits its turn
        return response;
      }
      const seconds = Math.min(2 ** attempt, 8);
      note(`The server is busy: its queue is full, so many people are typing at once. ` +
           `Trying again in ${seconds} s (attempt ${attempt + 2})…`);
      waiting++;
      await wait(seconds * 1000);
      waiting--;
    }
  };
})();

// "Download PNG" under a plot saves the image shown above it (its data URL is sent once, not twice).
document.addEventListener("click", (e) => {
  const link = e.target.closest && e.target.closest("a[data-download]");
  const img = link && link.closest("figure") && link.closest("figure").querySelector("img");
  if (img) {
    link.href = img.src;
    link.download = link.dataset.download;
  }
});

// An example button: its text, key and three tokenizers, and the previous answer hidden again (a new question).
function playgroundExample(text, key, tokenizers) {
  playgroundRevealed(false);
  return [text, key, ...tokenizers];
}

// Shown (on) or hidden: the answer, the panels' figures that answer the question and, in guess-first mode, the
// tokens and counts. The button says what it does next: Reveal, or Hide.
function playgroundRevealed(on) {
  document.body.classList.toggle("revealed", on);
  const button = document.getElementById("reveal");
  if (button) button.textContent = on ? "Hide" : "Reveal";
}

// Reveal shows the answer; pressing it again (Hide) hides it.
function playgroundReveal() {
  playgroundRevealed(!document.body.classList.contains("revealed"));
}

// Editing the text asks the question again: what Reveal showed is hidden until the next Reveal.
document.addEventListener("input", (e) => {
  if (e.target.closest && e.target.closest("#input-text")) playgroundRevealed(false);
});

// "guess" hides every token and count until Reveal; "present" hides what the room does not need.
function playgroundMode(mode, on) {
  document.body.classList.toggle(mode, !!on);
  if (mode === "guess") playgroundRevealed(false);
}

// Tokens: one card for every token (id, piece, bytes, span), the tokens of the other panels
// over the same characters lit ("linked"), and a GPT-2 token's heatmap row. Hover or keyboard
// focus lights them; a click or Enter pins them ("pinned") until clicked again, another token
// is pinned, or Escape. Arrow keys move between the tokens of a panel.
(function () {
  let card = null;
  let pinned = null;

  function panelOf(tok) { return tok.closest("[id^=\"panel-\"]"); }  // #panel-gpt2, #panel-bert, #panel-llama

  // The card of a token, pinned (with its replay button) or not, placed by placeCard.
  function showCard(tok, pinnedCard) {
    if (!card) {
      card = document.createElement("div");
      card.id = "tok-card";
      document.body.appendChild(card);
    }
    const compact = playgroundCompactCards();  // presenter view: the card takes little room
    card.textContent = compact ? playgroundCompactTip(tok) : tok.dataset.tip;
    card.classList.toggle("compact", compact);
    card.classList.toggle("pinned-card", !!pinnedCard);
    if (pinnedCard && compact) card.appendChild(playgroundDetailsButton(card, tok, () => placeCard(tok)));
    if (pinnedCard) {
      const how = document.createElement("button");  // a pinned card can be used, not only read
      how.id = "how-built";
      how.textContent = "How was this built?";
      how.addEventListener("click", (e) => { e.stopPropagation(); hideCard(); playgroundReplayToken(tok); });
      card.appendChild(how);
    }
    card.style.display = "block";
    placeCard(tok);
  }

  let cardOf = null;  // the token the card explains

  // A card never covers what it explains: its token, the tokens lit in the other panels and the marked
  // (under-trained) ones, and is hidden while its token is scrolled out of view. Tried
  // places: below and above the token's line, below, above and beside each lit token, the window's
  // edges, each pulled inside the window; the nearest place that covers none of them wins (if none is
  // free, the one covering least).
  function placeCard(tok) {
    const pad = 8, gap = 6;
    card.style.left = card.style.top = "0px";  // measured with the whole window's width, as it will be drawn
    const w = card.offsetWidth, h = card.offsetHeight;
    const vw = document.documentElement.clientWidth, vh = document.documentElement.clientHeight;
    const rects = (toks) => toks.flatMap((t) => [...t.getClientRects()])
      .filter((r) => r.bottom > 0 && r.top < vh && r.right > 0 && r.left < vw);
    const litToks = [tok, ...document.querySelectorAll("#panels .tok.linked")];
    const lit = rects(litToks);
    const marked = rects([...document.querySelectorAll("#panels .tok.undertrained")].filter((t) => !litToks.includes(t)));
    const avoid = [...lit, ...marked];
    const own = tok.getBoundingClientRect();
    card.style.visibility = playgroundInView(tok, own, vw, vh) ? "" : "hidden";  // its token scrolled away: so does it
    const xs = [own.left, own.right - w, pad, vw - w - pad, ...avoid.flatMap((r) => [r.right + gap, r.left - w - gap])];
    const ys = [own.bottom + gap, own.top - h - gap, pad, vh - h - pad,
                ...avoid.flatMap((r) => [r.bottom + gap, r.top - h - gap])];
    const inside = (v, size, room) => Math.max(pad, Math.min(v, room - size - pad));
    const covered = (x, y, boxes) => boxes.reduce((sum, r) =>
      sum + Math.max(0, Math.min(x + w, r.right) - Math.max(x, r.left)) * Math.max(0, Math.min(y + h, r.bottom) - Math.max(y, r.top)), 0);
    let best = null;  // the least of its token and lit tokens covered, then of the marked ones, then the nearest
    for (const x of xs.map((v) => inside(v, w, vw))) {
      for (const y of ys.map((v) => inside(v, h, vh))) {
        const place = {x, y, covered: covered(x, y, lit), marked: covered(x, y, marked),
                       distance: Math.hypot(x + w / 2 - (own.left + own.right) / 2, y + h / 2 - (own.top + own.bottom) / 2)};
        if (!best || place.covered < best.covered || (place.covered === best.covered && (place.marked < best.marked ||
            (place.marked === best.marked && place.distance < best.distance)))) {
          best = place;
        }
      }
    }
    card.style.left = best.x + "px";
    card.style.top = best.y + "px";
    cardOf = tok;
  }
  // The card is fixed in the window (placed in the page, it would lengthen the page and move what it
  // measured): when the page or a panel scrolls, it moves with its token.
  document.addEventListener("scroll", () => {
    if (card && card.style.display === "block" && cardOf && document.contains(cardOf)) placeCard(cardOf);
  }, {capture: true, passive: true});

  function hideCard() {
    if (!card) return;
    card.style.display = "none";
    card.classList.remove("pinned-card");
  }

  function heatmapRow(tok) {
    let mark = document.getElementById("heatmap-row");
    const figure = document.getElementById("heatmap-figure");
    const panel = tok && panelOf(tok);
    const gpt2 = panel && panel.querySelector('[data-tokenizer="gpt2"]');  // the heatmap embeds GPT-2's ids
    const index = gpt2 ? [...gpt2.querySelectorAll(".tok")].indexOf(tok) : -1;
    rowStrip(tok, figure, index);
    if (!figure || index < 0 || index >= Number(figure.dataset.rows)) {
      if (mark) mark.remove();
      return;
    }
    const img = figure.querySelector("img");
    // The image is stretched: its own pixels (data-*) to CSS pixels, across and down.
    const across = img.clientWidth / Number(figure.dataset.width), down = img.clientHeight / Number(figure.dataset.height);
    if (!mark || mark.parentElement !== figure) {
      if (mark) mark.remove();
      mark = document.createElement("div");
      mark.id = "heatmap-row";
      figure.appendChild(mark);
    }
    mark.style.top = (img.offsetTop + (Number(figure.dataset.top) + index * Number(figure.dataset.rowPx)) * down) + "px";
    mark.style.height = Number(figure.dataset.rowPx) * down + "px";
    mark.style.left = img.offsetLeft + Number(figure.dataset.left) * across + "px";
    mark.style.width = Number(figure.dataset.width) * across + "px";  // one pixel per dimension
  }

  // A pinned GPT-2 token's row E[id], on its own: its 768 pixels cut from the heatmap, which draws
  // one pixel per dimension on the heatmap's colour scale, stretched tall enough to see.
  function rowStrip(tok, figure, index) {
    const strip = document.getElementById("row-strip");
    if (!strip) return;
    if (!tok || tok !== pinned || index < 0) { strip.replaceChildren(); return; }
    const label = document.createElement("p");
    label.className = "note";
    if (!figure || index >= Number(figure.dataset.rows)) {
      label.textContent = `Token ${index + 1} is past the ${figure ? figure.dataset.rows : 0} rows drawn in the heatmap.`;
      strip.replaceChildren(label);
      return;
    }
    const img = figure.querySelector("img");
    const left = Number(figure.dataset.left), top = Number(figure.dataset.top), rowPx = Number(figure.dataset.rowPx);
    const canvas = document.createElement("canvas");
    canvas.width = 768;
    canvas.height = 36;
    const context = canvas.getContext("2d");
    context.imageSmoothingEnabled = false;
    context.drawImage(img, left, top + index * rowPx + Math.floor(rowPx / 2), 768, 1, 0, 0, 768, 36);
    label.textContent = `E[${tok.dataset.id}]: the row of token ${index + 1} ` +
      `(${JSON.stringify(tok.textContent)}, id ${tok.dataset.id}), its 768 values from dimension 0 to 767, ` +
      "coloured as in the heatmap.";
    strip.replaceChildren(label, canvas);
  }

  function light(tok) {
    const start = Number(tok ? tok.dataset.start : 0), end = Number(tok ? tok.dataset.end : 0);
    const panel = tok && panelOf(tok);
    for (const other of document.querySelectorAll("#panels .tok")) {
      const overlaps = tok && panelOf(other) !== panel &&
        Number(other.dataset.start) < end && start < Number(other.dataset.end);
      other.classList.toggle("linked", !!overlaps);
    }
    heatmapRow(tok);
  }

  function unpin() {
    if (pinned) pinned.classList.remove("pinned");
    pinned = null;
    light(null);
    hideCard();
  }

  function pin(tok) {
    if (pinned === tok) return unpin();
    if (pinned) pinned.classList.remove("pinned");
    pinned = tok;
    tok.classList.add("pinned");
    light(tok);
    showCard(tok, true);
  }

  function tokAt(target) { return target && target.closest ? target.closest("#panels .tok") : null; }

  document.addEventListener("mouseover", (e) => {
    if (pinned && !document.contains(pinned)) unpin();  // the panels were redrawn
    const tok = tokAt(e.target);
    if (pinned) return;
    if (tok) { light(tok); showCard(tok, false); }
    else { light(null); hideCard(); }
  });
  document.addEventListener("focusin", (e) => {
    const toks = e.target.classList && e.target.classList.contains("toks") ? e.target : null;
    if (toks && !(e.relatedTarget && toks.contains(e.relatedTarget))) {  // Tab into a panel: its first token
      const first = toks.querySelector(".tok");
      if (first) { first.tabIndex = -1; first.focus(); }
      return;
    }
    const tok = tokAt(e.target);
    if (tok && !pinned) {
      light(tok);
      showCard(tok, false);
    }
  });
  document.addEventListener("click", (e) => {
    const tok = tokAt(e.target);
    if (tok) pin(tok);
  });
  window.playgroundTokenIndex = (tok) => {  // a token's place among its panel's ids, special tokens left out
    const toks = [...panelOf(tok).querySelectorAll(".tok:not(.special)")];
    return toks.indexOf(tok);
  };
  window.playgroundPanelOf = panelOf;
  window.playgroundLight = light;  // batch.js lights a batch's id's token as a hover of it would
  // After an edit is painted: a pinned token still drawn (unchanged) keeps its pin, and what it lights
  // and where its card goes are worked out again; one the edit replaced lets go, with its lights and card.
  window.playgroundTokensRedrawn = () => {
    if (!pinned) return;
    if (!document.contains(pinned)) return unpin();
    light(pinned);
    placeCard(pinned);
  };
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape") return unpin();
    const tok = tokAt(e.target);
    if (!tok) return;
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      pin(tok);
      return;
    }
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
    if (!step) return;
    e.preventDefault();
    const toks = [...panelOf(tok).querySelectorAll(".tok")];
    const next = toks[toks.indexOf(tok) + step];
    if (next) {
      next.tabIndex = -1;  // focusable from script; Tab still enters a panel at its first token
      next.focus();
    }
  });
})();

// Replay: how each token is built, step by step, from /replay (playground/replay.py). One step is
// one action of the tokenizer's algorithm; the pair about to merge is outlined.
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

// A replay that failed says why, where its stepper would be.
function playgroundReplayFailed(panels, err) {
  playgroundCloseSteppers();
  for (const panel of panels) {
    const el = document.createElement("div");
    el.className = "stepper";
    el.innerHTML = '<p class="step-head"></p><div class="step-controls"><button data-close>close</button></div>';
    el.querySelector(".step-head").textContent = `Could not replay this text: ${err.message}`;
    el.querySelector("[data-close]").addEventListener("click", () => el.remove());
    panel.querySelector("[data-tokenizer]").appendChild(el);
  }
}

const playgroundStepper = {steppers: [], step: 0, max: 0, timer: null, vocabulary: false};

// A piece as the panels draw it (web.replay_api's "shown": "·world", or a byte chip "E0 A4"), or as its vocabulary
// spells it ("Ġworld") when the stepper is asked to (its "vocabulary spelling" button), or when it has no other.
function playgroundPieceLabel(chunk, piece) {
  const shown = chunk.shown && chunk.shown[piece];
  return shown && !playgroundStepper.vocabulary ? shown[0] : piece;
}

function playgroundEscape(text) { return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`); }

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

// One step's chips: a piece that stands for whole characters as its text; pieces that share a character as
// byte chips under it, as the panels draw a character split into bytes (a group closes where its bytes decode).
function playgroundStepChips(chunk, pieces, lit) {
  const chip = (piece, i, bytes) => `<span class="step-chip${bytes ? " bytes" : ""}${lit.includes(i) ? " next" : ""}"${
    chunk.shown && !playgroundStepper.vocabulary ? ` title="vocabulary: ${playgroundEscape(piece)}"` : ""}>${
    playgroundEscape(playgroundPieceLabel(chunk, piece))}</span>`;
  if (!chunk.shown || playgroundStepper.vocabulary) return pieces.map((p, i) => chip(p, i, false)).join("");
  const decoder = new TextDecoder("utf-8", {fatal: true});
  const decode = (bytes) => { try { return decoder.decode(new Uint8Array(bytes)); } catch (err) { return null; } };
  const bytesOf = (piece) => (chunk.bytes[piece] || "").split(" ").filter(Boolean).map((h) => parseInt(h, 16));
  let html = "", group = null;
  const close = (char) => {
    html += `<span class="step-group"><span class="group-char">${playgroundEscape(char)}</span>` +
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

function playgroundDraw() {
  const {steppers, step, max} = playgroundStepper;
  for (const s of steppers) {
    const rows = s.chunks.map((chunk) => {
      const k = Math.min(step, chunk.steps.length - 1);
      const merge = chunk.merges[k];
      const lit = !merge ? [] : merge.pair && merge.rank !== undefined || merge.score !== undefined
        ? [merge.at, merge.at + 1] : [merge.at];
      return `<div class="step-row"><span class="chips">${playgroundStepChips(chunk, chunk.steps[k], lit)}</span>` +
             `<span class="action">${playgroundEscape(playgroundAction(chunk, merge))}</span></div>`;
    }).join("");
    s.el.querySelector(".step-rows").innerHTML = rows;
    s.el.querySelector(".step-count").textContent = `step ${step} of ${max}`;
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

function playgroundCloseSteppers() {
  const st = playgroundStepper;
  if (st.timer) clearInterval(st.timer);
  for (const s of st.steppers) s.el.remove();
  Object.assign(st, {steppers: [], step: 0, max: 0, timer: null});
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
    const last = chunks[chunks.length - 1];
    el.querySelector(".step-head").textContent = `${title(chunks)}: ${playgroundCount(chunks)}` +
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
    st.steppers.push({el, chunks});
    st.max = Math.max(st.max, ...chunks.map((c) => c.steps.length - 1));
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
async function playgroundReplayToken(tok) {
  const panel = window.playgroundPanelOf(tok);
  const name = panel.querySelector("[data-tokenizer]").dataset.tokenizer;
  const text = document.querySelector("#input-text textarea").value;
  let result;
  try {
    result = await playgroundCall("replay", [text, name]);
  } catch (err) {
    playgroundReplayFailed([panel], err);
    return;
  }
  let index = window.playgroundTokenIndex(tok), chunk = null;
  for (const c of result.chunks) {
    if (index < c.ids.length) { chunk = c; break; }
    index -= c.ids.length;
  }
  if (!chunk) return;
  playgroundOpenSteppers([{panel, chunks: [chunk], cut: false}], () => `How “${chunk.shown_text}” is built`);
}

// The whole text (as much as /replay replays) in all three panels, stepping together.
async function playgroundReplayAll(text) {
  const panels = [...document.querySelectorAll('#panels [id^="panel-"]')];
  let results;
  try {
    results = await Promise.all(panels.map((panel) =>
      playgroundCall("replay", [text, panel.querySelector("[data-tokenizer]").dataset.tokenizer])));
  } catch (err) {
    playgroundReplayFailed(panels, err);
    return;
  }
  playgroundOpenSteppers(panels.map((panel, i) => ({panel, chunks: results[i].chunks, cut: results[i].cut})),
                         () => "The whole text, chunk by chunk");
}

// --- Layout and controls: whole tokens, the size control, Clear, the clicker's keys ---

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
const playgroundLecture = {size: 100, example: "", keysHelp: null};

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

(function setupFromTheLink() {
  const query = new URL(window.location.href).searchParams;
  const apply = () => playgroundSetSize(Number(query.get("size")) || 100);
  if (document.body) apply(); else document.addEventListener("DOMContentLoaded", apply);
  playgroundLecture.example = query.get("example") || "";
})();

// Clear: no text, no example, no question, nothing revealed, pinned or stepped.
function playgroundClear() {
  document.body.classList.remove("revealed");
  playgroundLecture.example = "";
  if (typeof playgroundCloseSteppers === "function") playgroundCloseSteppers();
  document.dispatchEvent(new KeyboardEvent("keydown", {key: "Escape"}));  // unpins (the tokens' own handler)
  return ["", ""];
}

// Which example is on the page (for the clicker's next / previous).
document.addEventListener("click", (e) => {
  const button = e.target.closest && e.target.closest("#examples button[id^='example-']");
  if (button) playgroundLecture.example = button.id.slice("example-".length);
}, true);

// The share link holds the whole setup: text, example, tokenizers, Guess first, presenter view, whitespace
// marks, view and size (web.page_from_url reads them back; the size is read above).
async function playgroundShareSetup(text, tokenizers, example, guess, present, marks, view) {
  const link = await playgroundShareLink(text, example ? null : tokenizers);
  if (!/^https?:/.test(link)) return link;  // too long: the box says why
  const url = new URL(link);
  if (example) {
    url.searchParams.set("example", example);
    url.searchParams.set("tokenizers", tokenizers.join(","));  // an example would open with its own three
  }
  if (guess) url.searchParams.set("guess", "1");
  if (present) url.searchParams.set("present", "1");
  if (!marks) url.searchParams.set("marks", "0");
  if (view !== "text") url.searchParams.set("view", view);
  if (playgroundLecture.size !== 100) url.searchParams.set("size", String(playgroundLecture.size));
  const whole = url.toString();
  if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(whole).catch(() => {});
  return whole;
}

// The answer's note (why) is one line until clicked: the figures and the tokens keep the screen.
document.addEventListener("click", (e) => {
  const note = e.target.closest && e.target.closest("#answer ul ~ p");
  if (note) note.classList.toggle("open");
});

// The QR code of the link: beside it, and the whole window's height when clicked (to scan from the back row),
// drawn in a layer of the page's own (inside Gradio's blocks, a fixed box is placed by them, not the window).
function playgroundBigQr(show) {
  const shown = document.getElementById("qr-overlay");
  if (shown) shown.remove();
  const qr = show && document.querySelector("#share-qr .qr");
  if (!qr) return;
  const overlay = document.createElement("div");
  overlay.id = "qr-overlay";
  overlay.title = "Click or Escape: back to the page";
  overlay.appendChild(qr.cloneNode(true));
  overlay.addEventListener("click", () => playgroundBigQr(false));
  document.body.appendChild(overlay);
}

document.addEventListener("click", (e) => {
  if (e.target.closest && e.target.closest("#share-qr .qr")) playgroundBigQr(true);
});

// Keys a presentation clicker sends, with the focus outside the text box and the lists: PageDown / PageUp
// and the arrow keys go to the next / previous example, r is Reveal / Hide, ? shows the keys (Escape unpins,
// in the tokens' own handler, and closes the keys and a big QR code).
const PLAYGROUND_KEYS = [["PageDown  →  ↓", "next example"], ["PageUp  ←  ↑", "previous example"],
                         ["r", "Reveal / Hide"], ["Escape", "unpin a token, close this"], ["?", "these keys"]];

function playgroundToggleKeys(show) {
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
  const buttons = [...document.querySelectorAll("#examples button[id^='example-']")];
  if (!buttons.length) return;
  const at = buttons.findIndex((b) => b.id === `example-${playgroundLecture.example}`);
  const next = at < 0 ? (step > 0 ? 0 : buttons.length - 1) : (at + step + buttons.length) % buttons.length;
  buttons[next].click();
}

function playgroundRevealShown() {
  const reveal = document.getElementById("reveal");
  return Boolean(reveal && reveal.checkVisibility());
}

// The keys the clicker's handler below takes with nothing focused: they are not sent into the text box.
function playgroundIsLectureKey(key) {
  return key === "?" || ((key === "r" || key === "R") && playgroundRevealShown());
}

document.addEventListener("keydown", (e) => {
  if (e.defaultPrevented || e.ctrlKey || e.altKey || e.metaKey || playgroundTyping(e.target)) return;
  if (e.target.closest && e.target.closest("#panels .tok, #view")) return;  // arrows move between tokens, views
  if (e.key === "Escape") {
    playgroundToggleKeys(false);
    playgroundBigQr(false);
    return;
  }
  const step = {PageDown: 1, ArrowRight: 1, ArrowDown: 1, PageUp: -1, ArrowLeft: -1, ArrowUp: -1}[e.key];
  if (step) {
    e.preventDefault();
    playgroundGoToExample(step);
  } else if (e.key === "r" || e.key === "R") {
    if (playgroundRevealShown()) { e.preventDefault(); document.getElementById("reveal").click(); }
  } else if (e.key === "?") {
    e.preventDefault();
    playgroundToggleKeys();
  }
});

// The card in presenter view and on a phone: id, the piece as its panel draws it, and its bytes; the rest
// on demand (an under-trained token's whole card is taller than a phone's free space above or below it).
function playgroundCompactCards() {
  return document.body.classList.contains("present") || document.documentElement.clientWidth < 600;
}

function playgroundCompactTip(tok) {
  const bytes = /^bytes (.+)$/m.exec(tok.dataset.tip || "");
  return `id ${tok.dataset.id}  ${tok.textContent}` + (bytes ? `\nbytes ${bytes[1]}` : "");
}

function playgroundDetailsButton(card, tok, placed) {
  const details = document.createElement("button");
  details.id = "card-details";
  details.textContent = "details";
  details.addEventListener("click", (e) => {
    e.stopPropagation();
    card.classList.remove("compact");
    card.firstChild.textContent = tok.dataset.tip;
    details.remove();
    placed();
  });
  return details;
}

// Whether a token is in the window and, in a panel that scrolls, inside its panel's box.
function playgroundInView(tok, own, vw, vh) {
  const box = tok.closest(".toks"), room = box ? box.getBoundingClientRect() : {top: 0, bottom: vh, left: 0, right: vw};
  return own.bottom > Math.max(0, room.top) && own.top < Math.min(vh, room.bottom) &&
    own.right > Math.max(0, room.left) && own.left < Math.min(vw, room.right);
}

// The text box takes the first key. Top-level, it is focused as the page loads (Gradio's autofocus is off:
// in a frame of another origin, a Space's page, the browser refuses autofocus and logs an error); anywhere,
// a first character typed with nothing focused (a tap on the frame, then a key) goes into the box, at its end.
function playgroundFocusTextBox() {
  const box = document.querySelector("#input-text textarea");
  if (!box) return false;
  box.focus();
  box.setSelectionRange(box.value.length, box.value.length);
  return true;
}
if (window.self === window.top) {
  (function focusOnLoad(tries) {
    if (!playgroundFocusTextBox() && tries > 0) setTimeout(() => focusOnLoad(tries - 1), 50);
  })(200);
}
document.addEventListener("keydown", (e) => {
  const nothingFocused = !document.activeElement || document.activeElement === document.body;
  if (nothingFocused && e.key.length === 1 && e.key !== " " && !e.ctrlKey && !e.metaKey && !e.altKey
      && !playgroundIsLectureKey(e.key)) {
    playgroundFocusTextBox();
  }
}, true);
