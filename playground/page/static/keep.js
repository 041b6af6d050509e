// The page's whole setup, kept in this tab: the text, the three tokenizers, the example, Guess first, presenter
// view, the whitespace marks, the view and the size (what the share link holds), saved in the browser's
// sessionStorage after every change (once the page is idle, and at once as the tab goes) and put back when the tab
// reloads the same address. So a reload loses nothing typed. Nothing is sent to the server.
// sessionStorage, not localStorage: it is the tab's own, so two tabs on the page never overwrite each other's
// text and a fresh visit to a share link opens that link; it goes when the tab closes, so a shared classroom
// computer keeps no one's text for the next student. At every change the address bar and the share link follow
// the setup too (below, and share.js).

import {playgroundChat} from "./chat.js";
import {playgroundSetSize} from "./fit.js";
import {playgroundLecture} from "./lecture.js";
import {playgroundSetupParams, playgroundShareFollows} from "./share.js";
import {PLAYGROUND_CHAT_EXAMPLE} from "./values.js";

const PLAYGROUND_KEEP_KEY = "playground-setup";

// What this tab kept, read before the page's first events can overwrite it, and only for a reload of the very
// address it was kept at (a link opened, even in this tab, opens its own setup). Null once put back.
let playgroundKept = (() => {
  try {
    const kept = JSON.parse(sessionStorage.getItem(PLAYGROUND_KEEP_KEY));
    const reload = performance.getEntriesByType("navigation").some((n) => n.type === "reload");
    return reload && kept && kept.address === window.location.href ? kept : null;
  } catch (err) {  // storage refused (a browser setting) or damaged: the page opens as its link says
    return null;
  }
})();
let playgroundKeptValues = null;
let playgroundKeptJson = null;  // what was last saved: the same setup kept twice is written once

// page.js calls this with the setup, [text, tokenizer 1, 2, 3, example, guess, present, marks, view], whenever
// one changes; the size is read from the page. Until what was kept is put back, nothing is
// saved: the page's first values (the link's) would overwrite it.
export function playgroundKeep(values) {
  if (playgroundKept) return [];
  playgroundKeptValues = values;
  playgroundAddressFollows(values);  // first: what is kept is kept at the address the tab now has
  playgroundShareFollows(values);
  if (!playgroundKeepWaits) whenIdle(playgroundKeepNow);
  playgroundKeepWaits = true;
  return [];
}

// The setup is written once the page is idle (within KEEP_WITHIN_MS), not in the key's own event: writing 100,000
// characters to sessionStorage took 3 to 4 ms of a key's 150; and as the tab goes (a reload: pagehide), at once.
const KEEP_WITHIN_MS = 500;
let playgroundKeepWaits = false;
const whenIdle = (write) => (window.requestIdleCallback
  ? requestIdleCallback(write, {timeout: KEEP_WITHIN_MS}) : setTimeout(write, KEEP_WITHIN_MS / 5));
addEventListener("pagehide", () => playgroundKeepNow());

function playgroundKeepNow() {
  if (!playgroundKeepWaits) return;
  playgroundKeepWaits = false;
  const values = playgroundKeptValues;
  const note = document.getElementById("keep-note");
  try {
    const kept = JSON.stringify({address: window.location.href, values, size: playgroundLecture.size});
    if (kept !== playgroundKeptJson) sessionStorage.setItem(PLAYGROUND_KEEP_KEY, kept);
    playgroundKeptJson = kept;
    if (note) note.remove();
  } catch (err) {
    if (err.name !== "QuotaExceededError") return;  // storage refused (a setting, a sandboxed frame): nothing kept
    // over the quota (about 5 MB): say so, and keep no older text that a reload would bring back
    sessionStorage.removeItem(PLAYGROUND_KEEP_KEY);
    playgroundKeptJson = null;
    playgroundKeepNote(`This text (${values[0].length.toLocaleString("en")} characters) is too long for the ` +
                       "browser to keep in this tab: a reload of the page would not bring it back.");
  }
}

// Put back what was kept (after the page's load has set the link's setup); else the values stay as they are.
export function playgroundRestore(values) {
  const kept = playgroundKept;
  playgroundKept = null;
  playgroundOpenedText = (kept ? kept.values : values)[0];
  if (!kept) return values;
  playgroundLecture.example = kept.values[4];  // the clicker's next example follows on from it
  playgroundKeptValues = kept.values;  // kept again with a size changed before any value is
  playgroundSetSize(kept.size);
  return kept.values;
}

function playgroundKeepNote(message) {
  let note = document.getElementById("keep-note");
  if (!note) {
    note = document.createElement("p");
    note.id = "keep-note";
    note.className = "limit";
    note.setAttribute("role", "status");
    document.getElementById("input-text").after(note);
  }
  note.textContent = message;
}

// A change of the setup that page.js does not hold: kept again with the latest values (A- / A+ when fit.js sets the
// size on the body; the Chat view on or off, and its conversation: chat.js calls it).
export function playgroundSetupChanged() {
  if (playgroundKeptValues) playgroundKeep(playgroundKeptValues);
}
new MutationObserver(playgroundSetupChanged).observe(document.documentElement, {subtree: true, attributes: true,
                                                                               attributeFilter: ["data-size"]});

// The address bar opens what is on screen, copied or in a new tab: the example (the Chat view's too), the
// tokenizers, the modes, the view and the size, as the share link writes them (share.js). It replaces the tab's
// own history entry (history.replaceState, not pushState: Back leaves the page, not one example at a time, and a
// hundred keys make no hundred entries). Never a text typed here (nor a conversation): the browser's history keeps
// every address a page replaces, after the tab has closed (Chromium's does), and a shared classroom computer would
// keep it for the next student; a reload brings the text back from this tab (above), the share link carries it.
// The link's own text (?z=, ?text=) stays until the text is edited, its conversation (?chat=) while the Chat view is
// on. Other parameters (?__theme=) stay.
const PLAYGROUND_SETUP_PARAMS = ["z", "text", "chat", "example", "tokenizers", "guess", "present", "marks", "view", "size"];
let playgroundOpenedText = null;  // the text the page opened with (playgroundRestore)

function playgroundAddressFollows([text, a, b, c, example, guess, present, marks, view]) {
  const url = new URL(window.location.href), chat = playgroundChat.on;
  const linked = [...(text === playgroundOpenedText ? ["z", "text"] : []), ...(chat ? ["chat"] : [])];
  for (const name of PLAYGROUND_SETUP_PARAMS) if (!linked.includes(name)) url.searchParams.delete(name);
  const shown = !chat ? example : document.body.classList.contains("chat-example") ? PLAYGROUND_CHAT_EXAMPLE.key : "";
  playgroundSetupParams(url.searchParams, [a, b, c], shown, guess, present, marks, view);
  if (url.href !== window.location.href) history.replaceState(history.state, "", url);
}

