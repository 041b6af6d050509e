// An edit's answer painted straight into the components' HTML (edit.js calls these): a component only when
// it changed, a panel only after the token parts it keeps, the plots' figure only when it is a new one.
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
