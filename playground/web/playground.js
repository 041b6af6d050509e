// The page's few client-side helpers: share links, downloads from memory, and a hover card.

// Build a link that reopens the page with this text, copy it, and return it for the link box.
// The text travels packed: raw DEFLATE, then base64url, in ?z= (the server unpacks it), so about
// ten times more fits than as ?text=. Past PLAYGROUND_MAX_SHARE_URL the box says so instead.
// PLAYGROUND_MAX_SHARE_URL is set by the page's head (web.MAX_SHARE_URL).

async function playgroundPack(text) {
  const stream = new Blob([new TextEncoder().encode(text)]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

async function playgroundShareLink(text) {
  const url = new URL(window.location.href);
  url.search = "";
  url.hash = "";
  url.searchParams.set("z", await playgroundPack(text));
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

// "Download PNG" under a plot saves the image shown above it (its data URL is sent once, not twice).
document.addEventListener("click", (e) => {
  const link = e.target.closest && e.target.closest("a[data-download]");
  const img = link && link.closest("figure") && link.closest("figure").querySelector("img");
  if (img) {
    link.href = img.src;
    link.download = link.dataset.download;
  }
});

// One hover card for every token: id, piece, bytes, span. A single floating element is
// never clipped by a scrolling panel and reads large enough on a projector.
(function () {
  let card = null;
  function show(tok, x, y) {
    if (!card) {
      card = document.createElement("div");
      card.id = "tok-card";
      document.body.appendChild(card);
    }
    card.textContent = tok.dataset.tip;
    card.style.display = "block";
    const pad = 16;
    const w = card.offsetWidth, h = card.offsetHeight;
    card.style.left = Math.min(x + pad, window.innerWidth - w - pad) + "px";
    card.style.top = (y + pad + h > window.innerHeight ? y - h - pad : y + pad) + "px";
  }
  document.addEventListener("mouseover", (e) => {
    const tok = e.target.closest && e.target.closest(".tok");
    if (tok && tok.dataset.tip) show(tok, e.clientX, e.clientY);
    else if (card) card.style.display = "none";
  });
  document.addEventListener("mousemove", (e) => {
    const tok = e.target.closest && e.target.closest(".tok");
    if (tok && card && card.style.display === "block") show(tok, e.clientX, e.clientY);
  });
})();
