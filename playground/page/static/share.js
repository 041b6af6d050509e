// The share link (the text packed into ?z=, and the whole setup) and its QR code, and downloads saved from
// memory: nothing is written on the server. PLAYGROUND_MAX_SHARE_URL, PLAYGROUND_DEFAULT_TOKENIZERS and
// PLAYGROUND_ROOM_HOST are the host's (values.js); the link carries the Chat view's
// conversation too (playgroundShareLink).
// Build a link that reopens the page with this text, and return it for the link box (playgroundShareSetup
// adds the setup and copies it).
// The text travels packed: raw DEFLATE, then base64url, in ?z= (link.js unpacks it), so about
// ten times more fits than as ?text=. Past PLAYGROUND_MAX_SHARE_URL the box says so instead.

import {PLAYGROUND_PAUSE_MS} from "./ask.js";
import {playgroundChat} from "./chat.js";
import {playgroundLecture} from "./lecture.js";
import {playgroundPlotDownload, playgroundShareDraw} from "./page.js";
import {PLAYGROUND_CHAT_EXAMPLE, PLAYGROUND_DEFAULT_TOKENIZERS, PLAYGROUND_EXAMPLES, PLAYGROUND_MAX_SHARE_URL,
        PLAYGROUND_ROOM_HOST, PLAYGROUND_SERVER} from "./values.js";

async function playgroundPack(text) {
  const stream = new Blob([new TextEncoder().encode(text)]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

// The page's address as the room reaches it: on this machine's own (127.0.0.1, localhost), the machine's
// room address when the server listens on one (room.py); else this machine's, and the QR code's place says
// that phones cannot open it (qr_view.py).
function playgroundRoomUrl() {
  const url = new URL(window.location.href);
  if (PLAYGROUND_ROOM_HOST && /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/.test(url.hostname)) {
    url.hostname = PLAYGROUND_ROOM_HOST;
  }
  return url;
}

async function playgroundTextLink(text) {
  const url = playgroundRoomUrl();
  url.search = "";
  url.hash = "";
  url.searchParams.set("z", await playgroundPack(text));
  const link = url.toString();
  if (link.length > PLAYGROUND_MAX_SHARE_URL) {
    return `This text is too long to share as a link (${text.length.toLocaleString("en")} characters make a ` +
           `${link.length.toLocaleString("en")}-character link; at most ${PLAYGROUND_MAX_SHARE_URL.toLocaleString("en")} work). ` +
           "Share a shorter part, or download the tokens.";
  }
  return link;
}

// The share link carries the conversation too (?chat=, packed like the text) while the Chat view is on: a link with
// one opens in the Chat view (chat.js's playgroundChatFromLink).
async function playgroundShareLink(text) {
  const link = await playgroundTextLink(text);
  if (!playgroundChat.on || !link.startsWith("http")) return link;
  const url = new URL(link);
  url.searchParams.set("chat", await playgroundPack(JSON.stringify(playgroundChat.messages)));
  return url.toString();
}

// Copy the link, and say beside it whether it was: a page on plain http away from this machine is no secure
// context and has no clipboard (and a browser may refuse one), so then the link is offered selected, for Ctrl+C.
// No link (too long to share): nothing said.
async function playgroundCopy(link) {
  const status = document.getElementById("copy-status");
  if (status) status.replaceChildren();
  if (!link) return;
  const clipboard = navigator.clipboard && window.isSecureContext;
  const copied = clipboard && await navigator.clipboard.writeText(link).then(() => true, () => false);
  if (!status) return;
  if (copied) {
    status.replaceChildren("Copied.");
    return;
  }
  status.replaceChildren((clipboard ? "Not copied: the browser refused the clipboard. "
    : "Not copied: a page on plain http (neither https nor this computer) gets no clipboard. ") +
    "The link, selected for Ctrl+C: ");
  const box = document.createElement("input");
  box.id = "copy-by-hand";
  box.readOnly = true;
  box.value = link;
  box.setAttribute("aria-label", "the share link, to copy by hand");
  status.append(box);
  box.focus();
  box.select();
}

// Save text the server sent as a file, without the server writing anything to disk.
export function playgroundDownload(data, filename) {
  if (!data) return;
  const type = filename.endsWith(".csv") ? "text/csv" : "application/json";
  const url = data.startsWith("data:") ? data : URL.createObjectURL(new Blob([data], { type: type + ";charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// "Download PNG" under a plot saves the image shown above it (its data URL is sent once, not twice); under the
// embedding's pixel plots (data-plot), whose labels are HTML, it asks the server for the labelled figure.
document.addEventListener("click", (e) => {
  const link = e.target.closest && e.target.closest("a[data-download]");
  if (link && link.dataset.plot && PLAYGROUND_SERVER) {
    e.preventDefault();
    playgroundPlotDownload(link.dataset.plot);  // page.js
    return;
  }
  const img = link && link.closest("figure") && link.closest("figure").querySelector("img");
  if (img) {
    link.href = img.src;
    link.download = link.dataset.download;
  }
});

// The setup but its text, as link.js reads it back (fit.js reads the size): in the share link, and in the address
// bar (keep.js).
export function playgroundSetupParams(params, tokenizers, example, guess, present, marks, view) {
  if (example) params.set("example", example);
  // The tokenizers a link without ?tokenizers= opens with (an example's own three, else the page's): named only
  // when others are shown. (The Chat example opens with its own, named or not.)
  const opens = Object.hasOwn(PLAYGROUND_EXAMPLES, example) ? PLAYGROUND_EXAMPLES[example].tokenizers
              : example === PLAYGROUND_CHAT_EXAMPLE.key ? PLAYGROUND_CHAT_EXAMPLE.tokenizers : PLAYGROUND_DEFAULT_TOKENIZERS;
  if (tokenizers.join(",") !== opens.join(",")) params.set("tokenizers", tokenizers.join(","));
  if (guess) params.set("guess", "1");
  if (present) params.set("present", "1");
  if (!marks) params.set("marks", "0");
  if (view !== "text") params.set("view", view);
  if (playgroundLecture.size !== 100) params.set("size", String(playgroundLecture.size));
}

// The link shown, in its box and as its QR code, follows the setup once Copy share link has made one: a change
// of example (PageDown, Clear), tokenizer, mode, view or size draws the new setup's at once, a typed text or
// conversation after a pause in typing (PLAYGROUND_PAUSE_MS, ask.js); so a room that scans the QR code after the slide
// changed gets the slide on screen, and a lecturer may leave it up. What was said of the copy goes at the change
// ("Copied.", or the link offered for Ctrl+C): the clipboard still holds the old link, and a page may not copy
// without a click. So does the QR code drawn as tall as the window (it is a copy of the old one). Until the new
// QR code is drawn (a round trip to the app's server, and the typing pause) the old one is hidden (#share-qr.stale):
// a phone never reads a link to what is no longer on screen, even with the server gone.
// shown: the setup of the link shown, as JSON ("" for none); drawing: the setup whose QR code is on its way;
// typed: its text and conversation.
const playgroundShare = {shown: "", drawing: "", typed: "", timer: null};

function playgroundShareKey(values) {  // values: [text, tokenizer 1, 2, 3, example, guess, present, marks, view]
  return JSON.stringify([values, playgroundLecture.size, playgroundChat.on && playgroundChat.messages]);
}

function playgroundShareTyped(text) {
  return JSON.stringify([text, playgroundChat.on && playgroundChat.messages]);
}

// keep.js calls this at every change of the setup. The link is drawn again without copying it.
export function playgroundShareFollows(values) {
  const setup = playgroundShareKey(values);
  if (!playgroundShare.shown || setup === playgroundShare.shown) return;
  const typed = playgroundShareTyped(values[0]);
  const pause = typed !== playgroundShare.typed ? PLAYGROUND_PAUSE_MS : 0;
  playgroundShare.shown = setup;
  playgroundShare.typed = typed;
  playgroundCopy(null);
  playgroundBigQr(false);
  document.getElementById("share-qr")?.classList.add("stale");
  clearTimeout(playgroundShare.timer);
  playgroundShare.timer = setTimeout(() => playgroundShareDraw(false), pause);  // page.js
}

// The share link holds the whole setup: text, example, tokenizers, Guess first, presenter view, whitespace
// marks, view and size (link.js reads them back). copy: Copy share link's (copied, and said so), not a redraw's.
export async function playgroundShareSetup(text, tokenizers, example, guess, present, marks, view, copy = true) {
  const values = [text, ...tokenizers, example, guess, present, marks, view];
  playgroundShare.shown = playgroundShare.drawing = playgroundShareKey(values);
  playgroundShare.typed = playgroundShareTyped(text);
  const link = await playgroundShareLink(text);
  if (!/^https?:/.test(link)) {  // too long: the box says why
    if (copy) playgroundCopy(null);
    return link;
  }
  const url = new URL(link);
  playgroundSetupParams(url.searchParams, tokenizers, example, guess, present, marks, view);
  const whole = url.toString();
  if (copy) playgroundCopy(whole);  // not awaited: the link goes to its box (and its QR code) at once
  return whole;
}

// page.js calls this once the QR code of playgroundShareSetup's link is drawn: shown, unless the setup has
// changed since (then the next one is on its way).
export function playgroundShareDrawn() {
  if (playgroundShare.drawing === playgroundShare.shown) document.getElementById("share-qr")?.classList.remove("stale");
  return [];
}

// The QR code of the link: beside it, and the whole window's height when clicked (to scan from the back row),
// drawn in a layer of its own over the page.
export function playgroundBigQr(show) {
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
