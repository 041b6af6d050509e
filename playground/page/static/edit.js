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
                         panelsFromSharedMemory: 0};  // edits whose panels were read in a frame (edit_worker.js)

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
