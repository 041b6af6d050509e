// Tokens: one card for every token (id, piece, bytes, span), the tokens of the other panels
// over the same characters lit ("linked"), and a GPT-2 token's heatmap row. Hover or keyboard
// focus lights them; a click or Enter pins them ("pinned") until clicked again, another token
// is pinned, or Escape. Arrow keys move between the tokens of a panel. The same for the Chat
// view's panels, where the same characters are those of the same message's content.

import {playgroundReplayToken} from "./stepper.js";

let card = null;
let pinned = null;

// The panels' tokens, the text view's and the Chat view's (render.js draws both).
const PLAYGROUND_VIEWS = ":is(#panels, #chat-panels)";

// A token's panel: #panel-gpt2, #panel-bert, #panel-llama, or a Chat panel.
export function playgroundPanelOf(tok) { return tok.closest("[id^=\"panel-\"], .chat-panel"); }

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
  if (pinnedCard && !tok.closest("#chat-panels")) {  // the replay builds the text's tokens, not a conversation's
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

// A card never covers what it explains: its token and its panel's other tokens (the text read around it: on a
// phone the card is as wide as the panel, and below its token's line it hid the next rows), the tokens lit in
// the other panels, then each panel's head (title, counts and first row of tokens, what the room reads first),
// then the marked (under-trained) tokens; and is hidden while its token is scrolled out of view. Tried places: below and above the token's
// line, below, above and beside each of those, the window's edges, each pulled inside the window; the
// nearest place that covers none of them wins (if none is free, the one covering least, in that order).
function placeCard(tok) {
  const pad = 8, gap = 6;
  card.style.left = card.style.top = "0px";  // measured with the whole window's width, as it will be drawn
  const w = card.offsetWidth, h = card.offsetHeight;
  const vw = document.documentElement.clientWidth, vh = document.documentElement.clientHeight;
  const rects = (toks) => toks.flatMap((t) => [...t.getClientRects()])
    .filter((r) => r.bottom > 0 && r.top < vh && r.right > 0 && r.left < vw);
  const litToks = [tok, ...document.querySelectorAll(`${PLAYGROUND_VIEWS} .tok.linked`)];
  const lit = rects(litToks), ownPanel = rects([tok.closest(".toks")]);
  const marked = rects([...document.querySelectorAll(`${PLAYGROUND_VIEWS} .tok.undertrained`)]
    .filter((t) => !litToks.includes(t)));
  const heads = [...document.querySelectorAll("#panels .panel-body, #chat-panels .chat-panel")].map(headRect)
    .filter((r) => r.bottom > 0 && r.top < vh);
  const avoid = [...lit, ...ownPanel, ...heads, ...marked];
  const own = tok.getBoundingClientRect();
  card.style.visibility = playgroundInView(tok, own, vw, vh) ? "" : "hidden";  // its token scrolled away: so does it
  const xs = [own.left, own.right - w, pad, vw - w - pad, ...avoid.flatMap((r) => [r.right + gap, r.left - w - gap])];
  const ys = [own.bottom + gap, own.top - h - gap, pad, vh - h - pad,
              ...avoid.flatMap((r) => [r.bottom + gap, r.top - h - gap])];
  const inside = (v, size, room) => Math.max(pad, Math.min(v, room - size - pad));
  const covered = (x, y, boxes) => boxes.reduce((sum, r) =>
    sum + Math.max(0, Math.min(x + w, r.right) - Math.max(x, r.left)) * Math.max(0, Math.min(y + h, r.bottom) - Math.max(y, r.top)), 0);
  let best = null;  // the least of its panel's tokens and the lit ones covered, then of the heads, the marked ones, the nearest
  for (const x of xs.map((v) => inside(v, w, vw))) {
    for (const y of ys.map((v) => inside(v, h, vh))) {
      const place = {x, y, covered: covered(x, y, lit), own: covered(x, y, ownPanel), heads: covered(x, y, heads),
                     marked: covered(x, y, marked),
                     distance: Math.hypot(x + w / 2 - (own.left + own.right) / 2, y + h / 2 - (own.top + own.bottom) / 2)};
      const order = ["covered", "own", "heads", "marked", "distance"];  // the first that differs decides
      const differs = best && order.find((key) => place[key] !== best[key]);
      if (!best || (differs && place[differs] < best[differs])) {
        best = place;
      }
    }
  }
  card.style.left = best.x + "px";
  card.style.top = best.y + "px";
  cardOf = tok;
}
// A panel's head in the window: from its title down to the bottom of its first row of tokens (the
// blocks and byte groups level with the first; they come in order, so the first lower one ends the row).
function headRect(body) {
  const top = body.getBoundingClientRect().top;
  let bottom = body.querySelector(".toks").getBoundingClientRect().top, rowTop = null;
  for (const part of body.querySelectorAll(".toks > .tok, .toks > .group")) {
    const r = part.getBoundingClientRect();
    if (rowTop === null) rowTop = r.top;
    else if (r.top > rowTop + 4) break;
    bottom = Math.max(bottom, r.bottom);
  }
  const {left, right} = body.getBoundingClientRect();
  return {left, right, top, bottom};
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
  const panel = tok && playgroundPanelOf(tok);
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

// batch.js lights a batch's id's token as a hover of it would. A Chat panel's content token has its message
// (data-message), a structure token no characters at all (no data-start: NaN overlaps nothing).
export function playgroundLight(tok) {
  const start = Number(tok ? tok.dataset.start : 0), end = Number(tok ? tok.dataset.end : 0);
  const panel = tok && playgroundPanelOf(tok);
  for (const other of document.querySelectorAll(`${PLAYGROUND_VIEWS} .tok`)) {
    const overlaps = tok && playgroundPanelOf(other) !== panel && other.dataset.message === tok.dataset.message &&
      Number(other.dataset.start) < end && start < Number(other.dataset.end);
    other.classList.toggle("linked", !!overlaps);
  }
  heatmapRow(tok);
}

function unpin() {
  if (pinned) pinned.classList.remove("pinned");
  pinned = null;
  playgroundLight(null);
  hideCard();
}

function pin(tok) {
  if (pinned === tok) return unpin();
  if (pinned) pinned.classList.remove("pinned");
  pinned = tok;
  tok.classList.add("pinned");
  playgroundLight(tok);
  showCard(tok, true);
}

function tokAt(target) { return target && target.closest ? target.closest(`${PLAYGROUND_VIEWS} .tok`) : null; }

document.addEventListener("mouseover", (e) => {
  if (pinned && !document.contains(pinned)) unpin();  // the panels were redrawn
  const tok = tokAt(e.target);
  if (pinned) return;
  if (tok) { playgroundLight(tok); showCard(tok, false); }
  else { playgroundLight(null); hideCard(); }
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
    playgroundLight(tok);
    showCard(tok, false);
  }
});
document.addEventListener("click", (e) => {
  const tok = tokAt(e.target);
  if (tok) pin(tok);
});
// A token's place among its panel's ids, special tokens left out (stepper.js replays its chunk).
export function playgroundTokenIndex(tok) {
  const toks = [...playgroundPanelOf(tok).querySelectorAll(".tok:not(.special)")];
  return toks.indexOf(tok);
}

// After an edit is painted: a pinned token still drawn (unchanged) keeps its pin, and what it lights
// and where its card goes are worked out again; one the edit replaced lets go, with its lights and card.
export function playgroundTokensRedrawn() {
  if (!pinned) return;
  if (!document.contains(pinned)) return unpin();
  playgroundLight(pinned);
  placeCard(pinned);
}
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
  const flip = e.key.startsWith("ArrowL") || e.key.startsWith("ArrowR") ? tok.closest(".toks[dir=rtl]") : null;
  const toks = [...playgroundPanelOf(tok).querySelectorAll(".tok")];
  const next = toks[toks.indexOf(tok) + (flip ? -step : step)];  // right to left: → is the token before
  if (next) {
    next.tabIndex = -1;  // focusable from script; Tab still enters a panel at its first token
    next.focus();
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
