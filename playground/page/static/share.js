// The share link (the text packed into ?z=, and the whole setup) and its QR code, and downloads saved from
// memory: nothing is written on the server. PLAYGROUND_MAX_SHARE_URL, PLAYGROUND_DEFAULT_TOKENIZERS and
// PLAYGROUND_ROOM_HOST are set by the page's head (web.py); chat.js wraps playgroundShareLink to add the
// conversation.
// Build a link that reopens the page with this text, and return it for the link box (playgroundShareSetup
// adds the setup and copies it).
// The text travels packed: raw DEFLATE, then base64url, in ?z= (link.js unpacks it), so about
// ten times more fits than as ?text=. Past PLAYGROUND_MAX_SHARE_URL the box says so instead.

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

async function playgroundShareLink(text, tokenizers) {
  const url = playgroundRoomUrl();
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
  return link;
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
function playgroundDownload(data, filename) {
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
let playgroundPlotAsked = "";
document.addEventListener("click", (e) => {
  const link = e.target.closest && e.target.closest("a[data-download]");
  const asked = link && link.dataset.plot && document.getElementById("plot-download");
  if (asked) {
    e.preventDefault();
    playgroundPlotAsked = link.dataset.plot;
    asked.click();
    return;
  }
  const img = link && link.closest("figure") && link.closest("figure").querySelector("img");
  if (img) {
    link.href = img.src;
    link.download = link.dataset.download;
  }
});

// The share link holds the whole setup: text, example, tokenizers, Guess first, presenter view, whitespace
// marks, view and size (link.js reads them back; fit.js reads the size).
async function playgroundShareSetup(text, tokenizers, example, guess, present, marks, view) {
  const link = await playgroundShareLink(text, example ? null : tokenizers);
  if (!/^https?:/.test(link)) {  // too long: the box says why
    playgroundCopy(null);
    return link;
  }
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
  playgroundCopy(whole);  // not awaited: the link goes to its box (and its QR code) at once
  return whole;
}

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
