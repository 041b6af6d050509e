// HTML painted straight into the page's components (update.js and ask.js call these): a component only when it
// changed, a panel only after the token parts it already shows, the plots' figure only when it is a new one.
// A part is found by its id, its body the ".body" in it (shell.body_of).
const playgroundShown = {};  // id -> what this script painted there last

function playgroundHtmlBody(id) {
  const el = document.getElementById(id);
  return el && el.querySelector(".body");
}

// A component's HTML (the note, question, answer, shape, memory), replaced only when it changed.
export function playgroundPaint(id, html) {
  if (playgroundShown[id] === html) return;
  const body = playgroundHtmlBody(id);
  if (body) { body.innerHTML = html; playgroundShown[id] = html; }
}

// `to` gets exactly the attributes of `from`.
function playgroundCopyAttributes(from, to) {
  for (const name of to.getAttributeNames()) if (!from.hasAttribute(name)) to.removeAttribute(name);
  for (const attribute of from.attributes) {
    if (to.getAttribute(attribute.name) !== attribute.value) to.setAttribute(attribute.name, attribute.value);
  }
}

// Top-level nodes a token part makes: its block and the <br>s of its newlines (render.js: a part holds no other
// <br>; a "<br>" typed in the text is escaped, so it is not one).
function playgroundPartNodes(part) { return part.split("<br>").length; }

// How many leading items two arrays share.
function playgroundCommonPrefix(a, b) {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

// A panel, {before, tokens, after} (render.js's panelParts). The token parts it shares from the start with the
// panel shown stay as they are, with their lit and pinned marks, and only the parts after them are parsed and
// put in. A changed frame (title, counts, notes) is replaced around the token box, which stays in place: moved,
// its 400 blocks would be styled and laid out again. So a key typed at the end of a 1 KB text redraws a block
// or two.
export function playgroundPaintPanel(id, {before, tokens, after}) {
  const body = playgroundHtmlBody(id);
  if (!body) return;
  const shown = playgroundShown[id], box = playgroundPanelBox(id);
  if (!box) {  // first drawn, or drawn over by something else: whole
    body.innerHTML = before + tokens.join("") + after;
    playgroundShown[id] = {before, after, box: body.querySelector(".toks"), tokens, nodes: tokens.map(playgroundPartNodes)};
    return;
  }
  if (shown.before !== before || shown.after !== after) {
    const frame = document.createElement("template");
    frame.innerHTML = before + after;  // the panel with no token in its box
    const panel = frame.content.firstElementChild, emptyBox = frame.content.querySelector(".toks");
    if (frame.content.childNodes.length !== 1 || !emptyBox || emptyBox.parentElement !== panel ||
        box.parentElement.parentElement !== body) {
      playgroundShown[id] = null;  // not the frame this drew
      return playgroundPaintPanel(id, {before, tokens, after});
    }
    playgroundCopyAttributes(panel, box.parentElement);
    playgroundCopyAttributes(emptyBox, box);
    while (box.previousSibling) box.previousSibling.remove();
    while (box.nextSibling) box.nextSibling.remove();
    const around = [...panel.childNodes], at = around.indexOf(emptyBox);
    box.before(...around.slice(0, at));
    box.after(...around.slice(at + 1));
  }
  const kept = playgroundCommonPrefix(shown.tokens, tokens);
  const keptNodes = shown.nodes.slice(0, kept).reduce((a, b) => a + b, 0);
  while (box.childNodes.length > keptNodes) box.lastChild.remove();
  if (kept < tokens.length) {
    const parsed = document.createElement("template");
    parsed.innerHTML = tokens.slice(kept).join("");
    box.append(parsed.content);
  }
  playgroundShown[id] = {before, after, box, tokens, nodes: [...shown.nodes.slice(0, kept), ...tokens.slice(kept).map(playgroundPartNodes)]};
}

// A panel's token box as this script drew it last, or null (not drawn yet, or drawn over by something else).
function playgroundPanelBox(id) {
  const shown = playgroundShown[id], body = playgroundHtmlBody(id);
  return shown && body && shown.box === body.querySelector(".toks") ? shown.box : null;
}

function playgroundNodes(html) {
  const parsed = document.createElement("template");
  parsed.innerHTML = html;
  return [...parsed.content.childNodes];
}

// The plots: their caption (it counts the tokens: new at almost every pause) and their figure, null when it is
// the figure on the page (it draws the first 64 tokens: typing at the end of a longer text leaves it as it is,
// not sent, decoded or laid out again). Returns false when a null figure is not on the page.
export function playgroundPaintPlots(id, caption, figure) {
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
    playgroundShown[id] = {...shown, caption, captionNodes};
    return true;
  }
  const captionNodes = playgroundNodes(caption), figureNodes = playgroundNodes(figure);
  body.replaceChildren(...captionNodes, ...figureNodes);
  playgroundShown[id] = {caption, figure, captionNodes, figureNodes};
  return true;
}

// The plots as this script drew them last ({caption, figure, captionNodes, figureNodes}), if all still on the page.
export function playgroundPlotsShown(id) {
  const shown = playgroundShown[id], body = playgroundHtmlBody(id);
  const intact = shown && typeof shown === "object" && body &&
    [...shown.captionNodes, ...shown.figureNodes].every((node) => node.parentNode === body);
  return intact ? shown : null;
}
