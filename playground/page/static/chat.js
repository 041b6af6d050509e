// The Chat view: message rows (role, content, add, remove) in #chat-messages, and the conversation
// drawn in the three panels' tokenizers at once, each in its model's chat format (POST playground/chat,
// chat_route.py, answers playground.chat's results; render.js draws them), the format's structure tokens drawn
// apart. Its tokens are the panels' blocks: hovering a content token shows its card and lights the tokens of the
// other panels over the same characters of the same message, a click pins them (card.js).

import {chatAnswerHtml, chatPanelHtml} from "../render.js";
import {playgroundTokensRedrawn} from "./card.js";
import {playgroundSetupChanged} from "./keep.js";
import {playgroundReveal, playgroundRevealed} from "./lecture.js";
import {playgroundLinkNote, playgroundUnpack} from "./link.js";
import {playgroundDownload} from "./share.js";
import {PLAYGROUND_CHAT_EXAMPLE, PLAYGROUND_DEFAULT_TOKENIZERS, PLAYGROUND_MAX_INPUT_CHARS} from "./values.js";

export const playgroundChat = {on: false, messages: [], tokenizers: PLAYGROUND_DEFAULT_TOKENIZERS, sent: 0, painted: 0, csv: "", json: "", timer: null};
const PLAYGROUND_CHAT_ROLES = ["system", "user", "assistant"];
const PLAYGROUND_CHAT_MAX_MESSAGES = 200;  // playground.chat refuses more

export function playgroundChatMode(on) {
  const chat = playgroundChat;
  chat.on = !!on;
  document.body.classList.toggle("chat", chat.on);
  if (chat.on && !chat.messages.length) playgroundChatSetMessages(PLAYGROUND_CHAT_EXAMPLE.messages);
  if (chat.on) playgroundChatSend();
  playgroundSetupChanged();  // the address and the share link follow the view (keep.js)
  return [];
}

export function playgroundChatTokenizers(names) {
  playgroundChat.tokenizers = names;
  if (playgroundChat.on) playgroundChatSend();
  return [];
}

// The prepared example: its conversation, the question (answered on Reveal) and its three tokenizers.
export function playgroundChatExample() {
  playgroundRevealed(false);
  playgroundChatSetMessages(PLAYGROUND_CHAT_EXAMPLE.messages);
  playgroundChat.tokenizers = PLAYGROUND_CHAT_EXAMPLE.tokenizers;
  if (playgroundChat.on) playgroundChatSend();
  return [true, ...PLAYGROUND_CHAT_EXAMPLE.tokenizers];
}

// What the Chat view edits (and the server takes, but for its bound on the characters): a list of at most
// PLAYGROUND_CHAT_MAX_MESSAGES messages, each {role, content} and nothing else, the role one of the three, the
// content a string.
function playgroundChatIsConversation(messages) {
  return Array.isArray(messages) && messages.length <= PLAYGROUND_CHAT_MAX_MESSAGES && messages.every((m) =>
    m !== null && typeof m === "object" && !Array.isArray(m) && Object.keys(m).length === 2 &&
    PLAYGROUND_CHAT_ROLES.includes(m.role) && typeof m.content === "string");
}

function playgroundChatSetMessages(messages) {
  playgroundChat.messages = messages.map((m) => ({role: m.role, content: m.content}));
  playgroundChatRows();
}

function playgroundChatRows() {
  const box = document.getElementById("chat-messages");
  if (!box) return;
  box.textContent = "";
  playgroundChat.messages.forEach((m, k) => {
    const row = document.createElement("div");
    row.className = "chat-row";
    const role = document.createElement("select");
    role.className = "chat-role";
    role.setAttribute("aria-label", `message ${k + 1}'s role`);
    for (const r of PLAYGROUND_CHAT_ROLES) role.add(new Option(r, r, false, r === m.role));
    role.addEventListener("change", () => { m.role = role.value; playgroundChatEdited(); });
    const content = document.createElement("textarea");
    content.className = "chat-content";
    content.rows = 1;
    content.value = m.content;
    content.setAttribute("aria-label", `message ${k + 1}'s content`);
    content.addEventListener("input", () => { m.content = content.value; playgroundChatEdited(); });
    const remove = document.createElement("button");
    remove.type = "button";
    remove.className = "chat-remove";
    remove.textContent = "Remove";
    remove.addEventListener("click", () => { playgroundChat.messages.splice(k, 1); playgroundChatRows(); playgroundChatEdited(); });
    row.append(role, content, remove);
    box.appendChild(row);
  });
  const add = document.createElement("button");
  add.type = "button";
  add.id = "chat-add";
  add.textContent = "Add a message";
  add.disabled = playgroundChat.messages.length >= PLAYGROUND_CHAT_MAX_MESSAGES;
  add.addEventListener("click", () => {
    const last = playgroundChat.messages[playgroundChat.messages.length - 1];
    playgroundChat.messages.push({role: last && last.role === "user" ? "assistant" : "user", content: ""});
    playgroundChatRows();
    playgroundChatEdited();
    box.querySelector(".chat-row:last-of-type textarea").focus();
  });
  box.appendChild(add);
  playgroundChatExampleShown();
}

// The question shows while the conversation is the example's; an edit asks it again (Reveal hides its answer).
function playgroundChatExampleShown() {
  const same = JSON.stringify(playgroundChat.messages) === JSON.stringify(PLAYGROUND_CHAT_EXAMPLE.messages);
  document.body.classList.toggle("chat-example", same);
  playgroundSetupChanged();  // and the conversation
}

function playgroundChatEdited() {
  playgroundRevealed(false);
  playgroundChatExampleShown();
  clearTimeout(playgroundChat.timer);
  playgroundChat.timer = setTimeout(playgroundChatSend, 60);
}

// One POST for the three panels; the newest answer wins.
async function playgroundChatSend() {
  const chat = playgroundChat;
  if (!chat.tokenizers) return;
  const n = ++chat.sent;
  const body = JSON.stringify({messages: chat.messages, tokenizers: chat.tokenizers, add_generation_prompt: true});
  let answer, ok = false;
  try {
    const response = await fetch(new URL("playground/chat", document.baseURI).href,
                                 {method: "POST", headers: {"Content-Type": "application/json"}, body});
    ok = response.ok;
    answer = await response.json();
  } catch (err) {
    answer = {detail: "The server did not answer; try again."};
  }
  if (n < chat.painted) return;
  chat.painted = n;
  const panels = document.getElementById("chat-panels");
  if (!ok) {
    panels.innerHTML = "";
    const p = document.createElement("p");
    p.className = "chat-error";
    p.textContent = answer.detail || "The conversation could not be drawn.";
    panels.appendChild(p);
    return;
  }
  panels.innerHTML = answer.results.map((entry) => `<div class="chat-col">${chatPanelHtml(entry)}</div>`).join("");
  document.getElementById("chat-answer").innerHTML = chatAnswerHtml(answer.results);
  playgroundTokensRedrawn();  // a pinned token of the last drawing lets go, with its lights and card
  chat.csv = answer.csv;
  chat.json = answer.json;
}

document.addEventListener("click", (e) => {
  if (e.target.id === "chat-reveal") {
    playgroundReveal();
  } else if (e.target.id === "chat-csv") {
    playgroundDownload(playgroundChat.csv, "chat-tokens.csv");
  } else if (e.target.id === "chat-json") {
    playgroundDownload(playgroundChat.json, "chat-tokens.json");
  }
});

// The conversation a link carries (?chat=, its last if given twice, as link.js reads a name). Checked whole before
// any row is made: a link of 264 characters inflates to 60,001 empty messages, and a row is a role, a text box
// and a button each. Anything but what the Chat view edits opens the page without it, and the note says so.
export async function playgroundChatFromLink() {
  const query = new URLSearchParams(window.location.search);
  const packed = query.getAll("chat").at(-1);
  if (!packed && query.get("example") === PLAYGROUND_CHAT_EXAMPLE.key) { playgroundChatExampleWhenReady(); return; }
  if (!packed) return;
  let messages = null;
  try {
    // link.js's (null for a damaged one), bounded for the JSON of the longest conversation the server takes
    // (chat.MAX_CHARS of content, each character escaped as \u00XX at worst, and the messages' own keys)
    messages = JSON.parse(await playgroundUnpack(packed, 10 * PLAYGROUND_MAX_INPUT_CHARS));
  } catch (err) { /* not JSON: damaged */ }
  if (playgroundChatIsConversation(messages)) {
    playgroundSetMessagesWhenReady(messages);
  } else {
    playgroundLinkNote("chat-link-note", "This link's conversation (?chat=) is damaged, or not one the Chat view " +
      `takes (at most ${PLAYGROUND_CHAT_MAX_MESSAGES} messages, each a role (${PLAYGROUND_CHAT_ROLES.join(", ")}) and ` +
      "a text), so the page opened without it. Ask for the link again, copied whole.");
  }
}

// `then`, once the page has opened (page.js wires its controls, then sets the panels' tokenizers: the text panels
// are drawn then).
function playgroundChatWhenReady(then) {
  const ready = document.querySelector("#chat input[type=checkbox]") && document.getElementById("chat-messages") &&
                document.getElementById("example-chat") && document.querySelector("#panels [data-tokenizer]");
  if (ready) then(); else setTimeout(() => playgroundChatWhenReady(then), 100);
}

// ?example=chat: the Chat view on its prepared example, as its button opens it (with the example's tokenizers).
function playgroundChatExampleWhenReady() {
  playgroundChatWhenReady(() => document.getElementById("example-chat").click());
}

function playgroundSetMessagesWhenReady(messages) {
  playgroundChatWhenReady(() => {
    playgroundChatSetMessages(messages);
    const toggle = document.querySelector("#chat input[type=checkbox]");
    if (!toggle.checked) toggle.click();
  });
}
