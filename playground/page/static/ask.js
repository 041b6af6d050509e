// What the page asks the server for (playground/page/ask_route.py), never holding the panels: the tokens of a
// panel whose tokenizer has no browser twin, at every edit; and, once the typing pauses, the embedding and the
// example's answer for the text on screen (Reveal asks for a stale answer at once). Each kind of ask has one
// request out at a time, the newest waiting behind it (older ones waiting are dropped): latest wins.
//
// When the server cannot be reached (offline, or restarting), a note says what waits for it, the asks are tried
// again every few seconds and at the next edit, and the note goes when one succeeds.
//
// PLAYGROUND_PAUSE_MS: 300 ms. Keys come every 100 to 250 ms in steady typing (the lesson's bench types one
// every 150 ms), so a pause this long is a word's end, not the gap between two keys: a class typing asks about
// once a word, not once a key. Shorter, most keys would ask; longer, the embedding would visibly lag a typist
// who has stopped.

import {playgroundTokensRedrawn} from "./card.js";
import {playgroundHostAnswer} from "./folder.js";
import {playgroundPaint, playgroundPaintPlots, playgroundPlotsShown} from "./paint.js";
import {playgroundFlow, playgroundLatestOnly, playgroundPaintNote, playgroundUpdate} from "./update.js";
import {PLAYGROUND_SERVER} from "./values.js";

export const PLAYGROUND_PAUSE_MS = 300;
const PLAYGROUND_RETRY_MS = 3000;  // while the server is gone: how often the waiting asks are tried again
const playgroundAsks = {
  timer: null, retry: null, gone: false,
  embedding: null, answer: null,  // the key (JSON of what it was asked for) of the embedding / answer painted
  figureKey: null,  // the plots' figure on the page (ask_route: sent only when it changed)
};

// The server cannot be reached: fetch itself failed (no HTTP answer at all).
export class PlaygroundServerGone extends Error {}

// POST a JSON body to one of ask_route's paths; resolves with the answer's JSON and status. A 503 (the server is
// full) says so in the busy note and is tried again after its Retry-After (then 2, 4, 8 s).
export async function playgroundPost(path, body) {
  // A host with no server behind it (the static folder: folder.js) answers the page's asks itself.
  if (!PLAYGROUND_SERVER) return playgroundHostAnswer(path, body);
  const ask = {};  // this ask, among those waiting for their turn while it waits
  try {
    for (let attempt = 0; ; attempt++) {
      let response;
      try {
        response = await fetch(new URL(path, document.baseURI).href,
                               {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
      } catch (err) {
        playgroundServerGone();
        throw new PlaygroundServerGone("the server cannot be reached");
      }
      playgroundServerBack();
      if (response.status !== 503 || attempt >= PLAYGROUND_QUEUE_RETRIES) {
        let answer;
        try { answer = await response.json(); } catch (err) { answer = {}; }
        return {ok: response.ok, status: response.status, ...answer};
      }
      const wait = Math.max(Number(response.headers.get("Retry-After")) || 1, Math.min(2 ** attempt, 8));
      playgroundAsksWaiting.add(ask);
      playgroundBusyNote(`The server is busy: many people are typing at once. Trying again in ${wait} s…`);
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    }
  } finally {
    // The note stays while any ask still waits: another ask answered meanwhile does not hide it.
    if (playgroundAsksWaiting.delete(ask) && !playgroundAsksWaiting.size) playgroundBusyNote("");
  }
}
const playgroundAsksWaiting = new Set();  // asks answered 503 that wait to be tried again

// A panel's tokens from the server (its tokenizer has no browser twin): compare()'s entry, or null.
const playgroundTokensAsks = [0, 1, 2].map(() => playgroundLatestOnly((body) => playgroundPost("playground/tokens", body)));
export async function playgroundAskTokens(i, body) {
  const answer = await playgroundTokensAsks[i](() => body);
  if (answer && !answer.ok) throw new Error(answer.detail || `the server answered ${answer.status}`);
  return answer && answer.tokenizer;
}

// After each edit: the embedding and the answer are asked once the typing has paused (the answer at once while
// it is on the screen: a toggle or a tokenizer changed under a revealed answer).
export function playgroundAskSoon() {
  clearTimeout(playgroundAsks.timer);
  playgroundAsks.timer = setTimeout(() => { playgroundAsks.timer = null; playgroundAskServer(); }, PLAYGROUND_PAUSE_MS);
  if (document.body.classList.contains("revealed")) playgroundAskAnswer();
}

function playgroundAskServer() {
  playgroundAskEmbedding();
  playgroundAskAnswer();
}

// The embedding's shape, memory and plots for the text on screen, unless they are the ones painted.
const playgroundEmbeddingAsk = playgroundLatestOnly((body) => playgroundPost("playground/embedding", body));
async function playgroundAskEmbedding(wholeFigure = false) {
  const {text, setup} = playgroundFlow;
  const embeddingKey = () => JSON.stringify([playgroundFlow.text, playgroundFlow.setup.init]);
  const key = embeddingKey();
  if (key === playgroundAsks.embedding && !wholeFigure) return;
  // The figure shown is read as the ask leaves, not as it is queued: an answer painted meanwhile changed it.
  const body = () => {
    const shown = !wholeFigure && playgroundPlotsShown("heatmap") ? playgroundAsks.figureKey : null;
    return {text, init: setup.init, ...(shown ? {shown_figure: shown} : {})};
  };
  let answer;
  try {
    answer = await playgroundEmbeddingAsk(body);
  } catch (err) {
    return;  // the server is gone: asked again when it is back
  }
  if (!answer) return;  // a newer ask replaced it
  if (!answer.ok) return playgroundAskFailed(answer);
  if (key !== embeddingKey()) {  // the text changed while it was out: never paint another text's embedding
    if (playgroundAsks.timer === null) playgroundAskEmbedding();  // unless the pause's ask is coming anyway
    return;
  }
  playgroundFlow.notes.server = "";
  playgroundPaintNote();
  const [shape, memory, caption, figure] = answer.embedding;
  playgroundPaint("embedding", shape);
  playgroundPaint("memory", memory);
  if (!playgroundPaintPlots("heatmap", caption, figure)) return playgroundAskEmbedding(true);  // its figure is gone
  playgroundAsks.figureKey = answer.figure_key;
  playgroundAsks.embedding = key;
  playgroundTokensRedrawn();  // again after the plots: a pinned GPT-2 token marks its row in them
}

// The example's answer for the text on screen (hidden until Reveal), unless it is the one painted.
const playgroundAnswerAsk = playgroundLatestOnly((body) => playgroundPost("playground/answer", body));
function playgroundAnswerKey(setup) {
  return JSON.stringify([playgroundFlow.text, setup.example, setup.tokenizers]);
}

// At each edit: no example, no answer; an answer for another text or example is stale until asked again.
export function playgroundAnswerFollows(setup) {
  if (!setup.example) {
    playgroundPaint("answer", "");
    playgroundAsks.answer = playgroundAnswerKey(setup);
  }
}

async function playgroundAskAnswer() {
  const {setup} = playgroundFlow;
  if (!setup || playgroundAnswerKey(setup) === playgroundAsks.answer) return;
  const key = playgroundAnswerKey(setup);
  if (document.body.classList.contains("revealed")) {  // on the screen: say it comes, never show a stale one
    playgroundPaint("answer", '<p class="note">Working out the answer for this text…</p>');
    playgroundAsks.answer = null;  // the answer painted is gone: the same text asked again must be answered
  }
  let answer;
  try {
    const body = {text: playgroundFlow.text, example: setup.example, tokenizers: setup.tokenizers};
    answer = await playgroundAnswerAsk(() => body);
  } catch (err) {
    return;
  }
  if (!answer) return;
  if (!answer.ok) return playgroundAskFailed(answer);
  playgroundFlow.notes.server = "";
  playgroundPaintNote();
  if (key !== playgroundAnswerKey(playgroundFlow.setup)) return;  // stale already: the next ask paints
  playgroundPaint("answer", answer.answer);
  playgroundAsks.answer = key;
}

// Reveal: a stale answer is asked for now, not after the pause.
export function playgroundAnswerNow() {
  if (playgroundFlow.setup) playgroundAskAnswer();
}

// A refused ask (a bad value: its 400 says what was expected) is said in the note above the panels.
function playgroundAskFailed(answer) {
  playgroundFlow.notes.server = answer.detail || `The server answered ${answer.status}.`;
  playgroundPaintNote();
}

// The server is gone: the note says what waits for it, and the waiting asks are tried again every few seconds.
function playgroundServerGone() {
  if (playgroundAsks.gone) return;
  playgroundAsks.gone = true;
  playgroundServerNote("The server cannot be reached. The panels follow your typing in this page; the embedding, " +
                       "the example's answer, the replay and the downloads wait for the server and come when it is back.");
  playgroundAsks.retry = setInterval(playgroundRetry, PLAYGROUND_RETRY_MS);
}

function playgroundServerBack() {
  if (!playgroundAsks.gone) return;
  playgroundAsks.gone = false;
  clearInterval(playgroundAsks.retry);
  playgroundServerNote("");
  playgroundRetry();
}

// Everything that waited: the panels asked of the server, the embedding and the answer.
function playgroundRetry() {
  if (!playgroundFlow.setup) return;
  playgroundFlow.key = "";
  playgroundUpdate(playgroundFlow.setup);
  playgroundAskServer();
}

// A status line of the page's own (#id, role=status), made when first needed; hidden when text is "".
function playgroundStatusNote(id, text) {
  let el = document.getElementById(id);
  if (!el && text) {
    el = document.createElement("div");
    el.id = id;
    el.setAttribute("role", "status");
    document.body.appendChild(el);
  }
  if (el) { el.textContent = text; el.hidden = !text; }
}

// What waits for a server that cannot be reached.
function playgroundServerNote(text) { playgroundStatusNote("server-note", text); }

// The "server is busy" note at the top of the page, while an ask waits for its turn.
function playgroundBusyNote(text) { playgroundStatusNote("queue-note", text); }

// A full server: an ask answered 503 is tried again after Retry-After, then 2, 4, 8 s (playgroundPost), this many
// times (about a minute) before the page says it failed.
const PLAYGROUND_QUEUE_RETRIES = 10;
