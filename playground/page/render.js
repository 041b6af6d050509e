// The page's panels, drawn in the browser: panelParts(result, text) is one tokenizer's panel (title, counts,
// coloured tokens, notes) as HTML in parts, from compare()'s entry for that tokenizer (window.playground.tokenize's,
// or the server's for a tokenizer with no browser twin); chatPanelHtml and chatAnswerHtml the Chat view's, from
// playground.chat()'s results (POST /playground/chat). The one renderer of the panels, every token block drawn by
// tokenHtml; the Python layer keeps what the terminal, the answers and the exports need (playground/lesson/display.py,
// loss.py).
//
// Every piece of user text goes through escapeHtml, so whatever is typed or pasted (`<img src=x onerror=...>`,
// `</div><script>`) is shown as text and never runs. Test hooks kept stable for outside checks: each token is
// an element with class "tok" and attributes data-id, data-start, data-end, its colour as its background.
//
// What it needs of the server comes in the page's values as PLAYGROUND_PANEL_DATA, handed over by usePanelData
// (playground/page/panel_data.py): the palettes, each tokenizer's hue offset, twin and under-trained report.

import {indentationTokenCount, INDENTATION} from "../lesson/lecture.js";
import {invisibleMark, invisibleNames, rightToLeft, segments, showWhitespace, tokenLabel} from "../lesson/display.js";
import {countLineLoss} from "../lesson/loss.js";
import {floatRepr, formatG, thousands} from "../lesson/python_format.js";
import {codePointUnits} from "../tokenizers/spans.js";

export const MAX_DRAWN_TOKENS = 1000;  // per panel: a browser tab stays responsive, a slide stays readable
// and the characters of text they cover: 782 tokens of 128 spaces were 100,000 marks to lay out in each panel, seconds
// a key; 1,000 tokens of prose cover about 4,500 (what a key at the end of a long text costs: docs/benchmarks.md)
export const MAX_DRAWN_CHARS = 5000;
const NOTE_CHARS = 160;  // of a normalising tokenizer's decode, in the note under its panel

const ESCAPES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"};

/** Python's html.escape(s) (quote=True): the page's one escape for text put into HTML, what a user typed or a
 *  server said. */
export function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

let data = null;  // usePanelData's

/** The palettes, hues and reports the panels are drawn with (panel_data.py's panel_data()). */
export function usePanelData(panelData) {
  data = panelData;
}

function panelData() {
  if (!data) throw new Error("no panel data (playground/page/panel_data.py) to draw panels with: usePanelData first");
  return data;
}

function tokenizerData(name) {
  const tokenizers = panelData().tokenizers;
  if (!Object.hasOwn(tokenizers, name)) throw new Error(`no panel data for tokenizer ${JSON.stringify(name)}`);
  return tokenizers[name];
}

/** (light, dark) colours of a token: colors.token_colors, from the palettes Python made. */
export function tokenColors(tokenizer, id) {
  const {palette, hues, lightness_steps: lightnessSteps, golden} = panelData();
  const hueStep = Math.trunc(((id * golden + tokenizerData(tokenizer).hue) % 1.0) * hues);
  const index = (id % lightnessSteps) * hues + hueStep;
  return [palette.light[index], palette.dark[index]];
}

/** The card's lines for a token on the paper's list: the verdict, then one sentence per number. */
function undertrainedTip(tokenizer, mark) {
  const data = panelData(), report = tokenizerData(tokenizer);
  const maxProb = floatRepr(mark.max_prob);
  return `\nOn the under-trained list of ${data.paper} for ${report.report_model}: verdict ${mark.verdict}.`
    + `\nmax_prob ${maxProb}: the model gave this token at most ${maxProb} probability `
    + `when asked to repeat it (${data.verdict_meaning[mark.verdict]}).`
    + `\nindicator ${floatRepr(mark.indicator)}: ${data.indicator_meaning[report.indicator_name]}; lower is more `
    + "like the model's unused tokens, and it compares only within one model.";
}

/** The hover card: id, the token as its panel draws it (label) and as its vocabulary spells it, bytes and span,
 *  and the paper's figures for an under-trained token. */
export function tokenTip(tokenizer, token, label = null) {
  const drawn = label && label !== token.piece && !token.partial ? `${label}   ` : "";  // partial: bytes below
  let tip = `id ${token.id}\n${drawn}vocabulary: ${token.piece}\n`;
  if (token.bytes_hex) tip += `bytes ${token.bytes_hex}\n`;
  tip += spanLine(token);
  if (token.partial) tip += "\npart of a character";
  if (token.special) tip += "\nspecial token";
  if (label && invisibleMark(label)) tip += "\ninvisible: " + invisibleNames(label);  // drawn as its code points
  if (token.undertrained) tip += undertrainedTip(tokenizer, token.undertrained);
  return tip;
}

/** The card's line saying which characters a token covers: of the text, or (a Chat panel's token, chatToken) of its
 *  message's content, or none of them (the chat format's own token). */
function spanLine(token) {
  if (token.structure) return "structure: the chat format's own token, none of your characters";
  const message = token.message == null ? "" : ` of message ${token.message + 1}'s content`;
  return `chars [${token.start}, ${token.end})${message}`;
}

/** One token's block showing label; its card shows drawn, the token as text view draws it (default: label). Its
 *  data-start and data-end are the characters it covers, by which card.js lights the other panels' tokens over the
 *  same ones: a Chat panel's content token has data-message too, a structure token none of the three. */
function tokenHtml(tokenizer, token, label, drawn = null) {
  const kind = (token.partial ? " partial" : token.special ? " special" : "") + (token.structure ? " structure" : "");
  const mark = token.undertrained;
  const verdict = mark ? ` undertrained" data-verdict="${mark.verdict}` : "";
  const code = invisibleMark(label);  // a label of no width is given room and its code points (playground.css)
  const unseen = code ? ` invisible" data-mark="${code}` : "";
  const span = token.structure ? "" : `data-start="${token.start}" data-end="${token.end}" `
    + (token.message == null ? "" : `data-message="${token.message}" `);
  const [light, dark] = tokenColors(tokenizer, token.id);
  return `<span class="tok${kind}${verdict}${unseen}" data-id="${token.id}" ${span}`
    + `data-tip="${escapeHtml(tokenTip(tokenizer, token, drawn ?? label))}" `
    + `style="background-color:${light};--tok-dark:${dark}">${escapeHtml(label)}</span>`;
}

/** One token in text view, the line breaks of its newlines outside its block, their marks (↵) inside: after the
 *  block when the token ends with its newline, before it otherwise (the indentation opens the next line). */
function lineBrokenTokenHtml(tokenizer, token, label) {
  const lines = label.replaceAll("\r\n", "\n").replaceAll("\r", "\n");  // unmarked, CR breaks a line as the parser reads it
  const breaks = "<br>".repeat(lines.split("\n").length - 1);
  const html = tokenHtml(tokenizer, token, lines.replaceAll("\n", ""));
  return lines.endsWith("\n") ? html + breaks : breaks + html;
}

/** Whether a segment's tokens are drawn as blocks, a part each; else it is one part (a gap, or a group of byte
 *  chips under their character). */
function onePartAToken(seg, showIds) {
  return seg.tokens.length > 0 && (showIds || seg.tokens.length === 1 || !seg.tokens.some((t) => t.partial));
}

/** The coloured blocks of one tokenizer's drawn text, one string per part: a token (with the <br>s of its
 *  newlines), a gap no token covers, or a character's group of byte chips. slice(start, end): the drawn text's
 *  characters start to end. */
function segmentParts(result, slice, drawn, showIds, markWhitespace) {
  const {name, normalizes} = result;
  const ws = (s) => (markWhitespace ? showWhitespace(s) : s);
  const label = (t) => tokenLabel(t, normalizes, markWhitespace);
  const parts = [];
  for (const seg of drawn) {
    if (!seg.tokens.length) {  // characters no token covers: BERT drops spaces and control characters
      parts.push(`<span class="gap" title="no token covers this">${escapeHtml(ws(slice(seg.start, seg.end)))}</span>`);
    } else if (showIds) {
      for (const t of seg.tokens) parts.push(tokenHtml(name, t, String(t.id), label(t)));
    } else if (onePartAToken(seg, showIds)) {
      for (const t of seg.tokens) parts.push(lineBrokenTokenHtml(name, t, label(t)));
    } else {  // a character split into bytes: the character on top, its byte chips underneath
      const chips = seg.tokens.map((t) => tokenHtml(name, t, label(t))).join("");
      const char = ws(slice(seg.start, seg.end));
      const code = invisibleMark(char);
      const unseen = code ? ` invisible" data-mark="${code}` : "";
      parts.push(`<span class="group" data-start="${seg.start}" data-end="${seg.end}">`
        + `<span class="group-char${unseen}">${escapeHtml(char)}</span>`
        + `<span class="group-bytes">${chips}</span></span>`);
    }
  }
  return parts;
}

/** The counts under a panel's title, what the tokenizer lost of the text beside its count. A figure that answers a
 *  kind of question says which (data-answers: lecture.ANSWERED_BY), to be hidden until Reveal. */
function statsHtml(result, text) {
  const cpt = result.chars_per_token;
  const items = [
    [thousands(result.count), "token" + (result.count !== 1 ? "s" : ""), ""],
    [thousands(result.chars), "char" + (result.chars !== 1 ? "s" : ""), ""],
    [cpt === null ? "–" : formatG(cpt), "chars/token", "ratio"],
    [result.lossless ? "yes" : "no", "lossless", ""],
    [thousands(result.unk_count), result.name === "bert" ? "[UNK]" : "unknown", ""],
  ];
  if (text.search(INDENTATION) >= 0) {  // only then: the spans of all tokens are worked out when first read (base.js)
    items.push([thousands(indentationTokenCount(text, result.starts, result.ends)), "on indentation", "indentation"]);
  }
  const cells = items.map(([value, label, answers]) =>
    `<span class="stat${label === "lossless" && value === "no" ? " bad" : ""}"`
    + `${answers ? ` data-answers=${answers}` : ""}><b>${value}</b> ${escapeHtml(label)}</span>`);
  const loss = countLineLoss(text, result);
  if (loss !== null) {  // beside the count it qualifies, in place of "no lossless" (and of "0 [UNK]"): it says them
    cells.splice(3, result.unk_count ? 1 : 2);
    cells.splice(1, 0, `<span class="stat loss${loss.comparable ? "" : " bad"}">${escapeHtml(loss.short())}</span>`);
  }
  return `<div class="stats">${cells.join("")}${undertrainedStat(result)}</div>`;
}

/** How many tokens are on the paper's under-trained list, or that no list is published for this model. */
function undertrainedStat(result) {
  const n = result.undertrained_count, paper = panelData().paper;
  if (n === null) {
    return `<span class="stat undertrained-stat" title="${escapeHtml(paper)}">no under-trained list published</span>`;
  }
  const about = `${paper}: its report on ${tokenizerData(result.name).report_model}; each marked token's card gives its verdict`;
  return `<span class="stat undertrained-stat" data-answers="undertrained" title="${escapeHtml(about)}">`
    + `<b>${thousands(n)}</b> under-trained (paper)</span>`;
}

/** What a panel's head says of a tokenizer with no exact twin in the browser: it runs on the server only. */
function serverOnly(name) {
  if (tokenizerData(name).twin) return "";
  return ' · <span class="server-only" title="No exact version of this kind of tokenizer runs in the browser: '
    + 'only the server tokenizes with it">server only</span>';
}

/** The tokens a panel draws: its first MAX_DRAWN_TOKENS, up to the last that ends within the first MAX_DRAWN_CHARS
 *  characters (a prefix, so that what is drawn reads as the start of the text). */
function firstTokens(tokens) {
  let n = 0;
  while (n < Math.min(tokens.length, MAX_DRAWN_TOKENS) && tokens[n].end <= MAX_DRAWN_CHARS) n++;
  return tokens.slice(0, n);
}

/** How many characters of the text a panel draws, its first `drawn` tokens drawn: up to the end of the last when
 *  MAX_DRAWN_TOKENS cut them, else on through the gap after it (characters no token covers: BERT drops spaces), up to
 *  MAX_DRAWN_CHARS. */
function drawnLength(result, drawn, chars) {
  const lastEnd = drawn ? result.tokens[drawn - 1].end : 0;
  if (drawn === MAX_DRAWN_TOKENS && drawn < result.count) return lastEnd;
  // where the next token starts: from the tokens where they hold it (all tokens' spans are worked out when read)
  const next = drawn >= result.count ? chars : drawn < result.tokens.length ? result.tokens[drawn].start
    : result.starts[drawn];
  return Math.max(lastEnd, Math.min(next, MAX_DRAWN_CHARS));
}

/** The note under a panel that draws only part of its text: drawn of count tokens, length of chars characters (the
 *  first characters it draws; null when it draws them all). The counts are always the whole text's. */
function cutNote(drawn, count, length, chars) {
  const whole = "the counts above are for all of them.";
  if (drawn === MAX_DRAWN_TOKENS && drawn < count) {
    return `Drawing the first ${thousands(drawn)} of ${thousands(count)} tokens; ${whole}`;
  }
  if (length === chars) return null;
  const tokens = drawn < count ? `the first ${thousands(drawn)} of ${thousands(count)} tokens, ` : "";
  return `Drawing ${tokens}the first ${thousands(length)} of ${thousands(chars)} characters (a panel draws at most `
    + `${thousands(MAX_DRAWN_CHARS)}); ${whole}`;
}

/** One tokenizer's whole panel in parts, {before, tokens, after}: before + tokens.join("") + after is the panel,
 *  before + after the panel with no token; tokens holds one string per token, gap or byte group, so that the page
 *  redraws only the tokens that changed. result: compare()'s entry for text. */
export function panelParts(result, text, {showIds = false, markWhitespace = true} = {}) {
  const units = codePointUnits(text);  // where each code point of text starts: the spans count code points
  const slice = (start, end) => text.slice(units[start], units[end]);
  const drawnTokens = firstTokens(result.tokens);
  const chars = units.length - 1;
  const length = drawnLength(result, drawnTokens.length, chars);
  const cut = cutNote(drawnTokens.length, result.count, length, chars);
  const notes = cut ? [cut] : [];
  if (!result.lossless && result.normalizes) {
    const back = Array.from(result.decoded);
    notes.push(`decode(encode(text)) gives back: <q>${escapeHtml(back.length <= NOTE_CHARS ? result.decoded : back.slice(0, NOTE_CHARS).join("") + "…")}</q>`);
  }
  const direction = rightToLeft(text) ? ' dir="rtl"' : "";  // Arabic's tokens laid from the right, as its letters
  const before = `<div class="panel-body" data-tokenizer="${result.name}">`
    + `<div class="panel-head"><h3>${escapeHtml(result.label)}</h3>`
    + `<span class="sub">${escapeHtml(result.library)} · vocabulary ${thousands(result.vocab_size)}${serverOnly(result.name)}`
    + "</span></div>"
    + statsHtml(result, text)
    + `<div class="toks${showIds ? " ids" : ""}"${direction} tabindex="0" aria-label="${escapeHtml(result.label)} tokens">`;
  const tokens = segmentParts(result, slice, segments(length, drawnTokens), showIds, markWhitespace);
  return {before, tokens, after: `</div>${notes.map((n) => `<p class="note">${n}</p>`).join("")}</div>`};
}

// --- The Chat view's panels (static/chat.js) ---------------------------------------------------------------------

// A Chat panel's tokens: a conversation of 200 short messages (the most playground.chat takes) is drawn whole
export const MAX_CHAT_TOKENS = 2000;

/** Where a chat format comes from (template file, sha256 and renderer, or library), said when the line under its
 *  panel's title is opened. */
function chatSource(source) {
  if (source.kind === "template") {
    return `template ${source.file} (sha256 ${source.sha256.slice(0, 12)}…), rendered by ${source.renderer}`;
  }
  if (source.kind === "library") return source.library;
  return source.note ? `${source.kind}: ${source.note}` : source.kind;
}

/** A Chat panel's token as tokenHtml draws it: a content token's characters are those of its message's content it
 *  carries, the same in every format (so that the panels light each other's), where playground.chat's start and end
 *  are the format's text's. */
function chatToken(token) {
  return token.structure ? token : {...token, start: token.content_start, end: token.content_end};
}

/** One Chat panel: the format's name, its source folded under it, the counts split into the format's structure
 *  and the messages' content, the tokens (structure drawn apart), what the format did; or why there is none.
 *  entry: /playground/chat's for one tokenizer, playground.chat()'s result or {tokenizer, label, refusal}. */
export function chatPanelHtml(entry) {
  const head = `<div class="chat-panel" data-tokenizer="${escapeHtml(entry.tokenizer)}"><h3>${escapeHtml(entry.label)}</h3>`;
  const none = entry.refusal ?? entry.no_chat_format;
  if (none) return `${head}<p class="chat-none">${escapeHtml(none)}</p></div>`;
  const tokens = entry.tokens.slice(0, MAX_CHAT_TOKENS)
    .map((t) => lineBrokenTokenHtml(entry.tokenizer, chatToken(t), tokenLabel(t))).join("");
  const cut = entry.count > MAX_CHAT_TOKENS
    ? [`Drawing the first ${thousands(MAX_CHAT_TOKENS)} of ${thousands(entry.count)} tokens.`] : [];
  // The format's name is one line, its source folded under it: the room needs the tokens on the screen.
  return `${head}<details class="sub"><summary>${escapeHtml(entry.format)}</summary>${escapeHtml(chatSource(entry.source))}`
    + `</details><p class="chat-counts"><b>${thousands(entry.count)} tokens</b>: ${thousands(entry.structure_count)} `
    + `structure, ${thousands(entry.content_count)} content</p>`
    + `<div class="toks chat-toks" tabindex="0" aria-label="${escapeHtml(entry.label)} tokens">${tokens}</div>`
    + [...cut, ...entry.notes].map((n) => `<p class="note">${escapeHtml(n)}</p>`).join("") + "</div>";
}

/** The Chat example's answer, read off the tokens: how many each format spends before the first content token. */
export function chatAnswerHtml(entries) {
  const rows = entries.filter((e) => !e.refusal && !e.no_chat_format).map((e) => {
    const first = e.before_first_content;
    const shown = e.tokens.slice(0, first).map((t) => tokenLabel(t).replaceAll("\n", "")).join(" ");
    return `<li><b>${escapeHtml(e.label)}</b>: ${first} tokens before your first word (<code>${escapeHtml(shown)}</code>); `
      + `${e.structure_count} of its ${e.count} are structure in all.</li>`;
  });
  if (!rows.length) return "";
  return `<ul>${rows.join("")}</ul><p>Every one of them is a row of the same embedding table as your words: the model `
    + "pays for the format in tokens.</p>";
}
