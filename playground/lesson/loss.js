// The JavaScript twin of loss.py: what a tokenizer lost of a text (text_loss) and how a panel says it
// (Loss.short, Loss.sentence). Characters are code points and Unicode's facts Python's (unicode.js), so the
// words are loss.py's exactly; tests/test_render_js.py holds the two equal on a corpus.

import {SequenceMatcher} from "./difflib.js";
import {thousands} from "./python_format.js";
import {isMark, isSpace, isUpper, isVowelSign, lowerChar, nfdCodePoints} from "./unicode.js";

const PREVIEW_CHARS = 24;  // loss.PREVIEW_CHARS
const UNKNOWN_DECODES = ["⁇"];  // what SentencePiece decodes its unknown piece to
const ALIGNED_CHARS = 2_000;  // past this many differing characters, what is lost is counted, not aligned

const codePoints = (s) => Array.from(s);
const isSpaceChar = (c) => isSpace(c.codePointAt(0));
const isMarkChar = (c) => isMark(c.codePointAt(0));

export class Loss {
  constructor(dropped, unknown, count, lowercases, respaces, decoded) {
    Object.assign(this, {dropped, unknown, count, lowercases, respaces, decoded});
  }

  /** Whether the count is of the text: nothing dropped and nothing [UNK]. */
  get comparable() {
    return !this.dropped.length && !this.unknown;
  }

  /** What was lost, short: "14 of 24 tokens are [UNK]", "drops the vowel signs and other marks", "lowercases". */
  what() {
    let parts = [];
    if (this.unknown) {
      parts.push(`${thousands(this.unknown)} of ${thousands(this.count)} tokens ${this.unknown === 1 ? "is" : "are"} [UNK]`);
    }
    if (this.dropped.length) parts.push("drops " + droppedWords(this.dropped));
    if (!parts.length) parts = [...(this.lowercases ? ["lowercases"] : []), ...(this.respaces ? ["changes the spacing"] : [])];
    return parts.join("; ");
  }

  /** The worst loss only, for a count line: "not comparable: drops vowel signs and other marks". */
  short() {
    if (this.comparable) return this.what();
    const first = this.unknown ? this.with([]) : this.with([this.dropped[0].replace(/^the /, "")]);
    return `not comparable: ${first.what()}`;
  }

  /** Beside a figure: what was lost, what the text became, and whether the count compares. */
  sentence() {
    const under = this.unknown === 1 ? "it" : "them";
    const what = this.unknown ? this.what().replace("[UNK]", `[UNK], the text under ${under} gone`) : this.what();
    return `${capitalised(what)}: decodes to “${preview(this.decoded)}”` + (this.comparable ? "" : "; its count is not comparable") + ".";
  }

  with(dropped) {
    return new Loss(dropped, this.unknown, this.count, this.lowercases, this.respaces, this.decoded);
  }
}

export function andList(items) {
  return items.length === 1 ? items[0] : items.slice(0, -1).join(", ") + " and " + items.at(-1);
}

function droppedWords(dropped) {
  const parts = dropped.flatMap((what) => what.split(" and "));
  const marks = parts.findIndex((part) => part.endsWith("marks"));
  return andList(parts.map((part, i) => (marks >= 0 && i > marks ? part.replace("other character", "more character") : part)));
}

function capitalised(s) {
  const [first = "", ...rest] = codePoints(s);
  return first.toUpperCase() + rest.join("");  // the first letter is one of loss.py's words: ASCII
}

function rstrip(chars) {
  let end = chars.length;
  while (end && isSpaceChar(chars[end - 1])) end--;
  return chars.slice(0, end);
}

function preview(text) {
  const chars = codePoints(text);
  return chars.length <= PREVIEW_CHARS ? text : rstrip(chars.slice(0, PREVIEW_CHARS)).join("") + "…";
}

/** The unknown token: it stands for no bytes, and is no special token. */
function isUnknown(token) {
  return !token.bytes_hex && !token.special;
}

function marksNamed(marks) {
  const vowels = marks.map((m) => isVowelSign(m.codePointAt(0)));
  if (vowels.every(Boolean)) return "the vowel signs";
  if (vowels.some(Boolean)) return "the vowel signs and other marks";
  if (marks.every((m) => m >= "\u0300" && m <= "\u036f")) return "the accents";
  return "the marks";
}

function sameList(a, b) {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** A Counter's a - b, as its elements() lists it: each element of a in the order first seen, as often as a has it
 *  more than b. */
function counterMinusElements(a, b) {
  const count = new Map();
  for (const x of a) count.set(x, (count.get(x) ?? 0) + 1);
  for (const x of b) if (count.has(x)) count.set(x, count.get(x) - 1);
  return [...count].flatMap(([x, n]) => (n > 0 ? Array(n).fill(x) : []));
}

// The letters of a text, and each lowercased: in pieces of at least LETTER_PIECE characters, cut before a space, each
// piece's remembered (a key at the end of 100,000 characters redoes the last piece, not 100,000 NFDs: 30 ms a key).
// Exact: a space has no decomposition and combining class 0, so NFD's reordering never crosses it.
const LETTER_PIECE = 1024;
const KEPT_PIECES = 512;  // forgotten all at once past this many: two texts of 100,000 characters and their decodes
let letterPieces = new Map();  // piece -> [its letters, each lowercased]

/** [the characters of s but whitespace, each taken apart as NFD does; the same lowercased one by one]. */
function letters(s) {
  const all = [], lowered = [];
  for (let start = 0; start < s.length;) {
    let cut = s.indexOf(" ", start + LETTER_PIECE);
    if (cut < 0) cut = s.length;
    const piece = s.slice(start, cut);
    let known = letterPieces.get(piece);
    if (known === undefined) {
      const chars = nfdCodePoints(piece).map((cp) => String.fromCodePoint(cp)).filter((c) => !isSpaceChar(c));
      known = [chars, chars.map(lowerChar)];
      if (letterPieces.size >= KEPT_PIECES) letterPieces = new Map();
      letterPieces.set(piece, known);
    }
    for (const c of known[0]) all.push(c);
    for (const c of known[1]) lowered.push(c);
    start = cut;
  }
  return [all, lowered];
}

/** [the marks, the other characters of text that decoded lacks, whether decoded is lowercased], every character
 *  but whitespace looked at, each text taken apart as NFD does. */
function droppedCharacters(text, decoded) {
  let [a, lowerA] = letters(text), [b, lowerB] = letters(decoded);
  if (sameList(lowerA, lowerB)) return [[], [], !sameList(a, b)];
  const shorter = Math.min(a.length, b.length);
  let start = 0;
  while (start < shorter && lowerA[start] === lowerB[start]) start++;
  let end = 0;  // the common tail, not reaching into the common head
  while (end < shorter - start && lowerA.at(-1 - end) === lowerB.at(-1 - end)) end++;
  let lowered = !sameList(a.slice(0, start), b.slice(0, start)) || (end > 0 && !sameList(a.slice(-end), b.slice(-end)));
  [a, b, lowerA, lowerB] = [a, b, lowerA, lowerB].map((s) => s.slice(start, s.length - end));
  const marks = [], others = [];
  if (Math.max(a.length, b.length) > ALIGNED_CHARS) {
    for (const c of counterMinusElements(lowerA, lowerB)) (isMarkChar(c) ? marks : others).push(c);
    others.push(...counterMinusElements(lowerB, lowerA));
    const upper = a.filter((c) => isUpper(c.codePointAt(0))).length > b.filter((c) => isUpper(c.codePointAt(0))).length;
    return [marks, others, lowered || upper];
  }
  for (const [op, i1, i2, j1, j2] of new SequenceMatcher(lowerA, lowerB).getOpcodes()) {
    if (op === "equal") lowered ||= !sameList(a.slice(i1, i2), b.slice(j1, j2));
    else if (op === "delete" || op === "replace") for (const c of a.slice(i1, i2)) (isMarkChar(c) ? marks : others).push(c);
    if (op === "insert" || op === "replace") others.push(...b.slice(j1, j2));
  }
  return [marks, others, lowered];
}

const INDENTATION_RUNS = /(?<=^|\n)[ \t]+/g;  // Python's ^[ \t]+ under MULTILINE: after "\n" only
const count = (text, c) => text.split(c).length - 1;
const matches = (text, re) => Array.from(text.matchAll(re), (m) => m[0]);

/** The whitespace that shapes a text (line breaks, tabs, indentation, runs of spaces) which decoded lacks. */
function droppedWhitespace(text, decoded) {
  const lost = [];
  if (count(text, "\n") > count(decoded, "\n")) lost.push("the line breaks");
  if (count(text, "\t") > count(decoded, "\t")) lost.push("the tabs");
  const indentation = matches(text, INDENTATION_RUNS);
  if (text.includes("\n") && !sameList(indentation, matches(decoded, INDENTATION_RUNS)) && indentation.length) {
    lost.push("the indentation");
  } else if (matches(text, / {2,}/g).length > matches(decoded, / {2,}/g).length) {
    lost.push("the runs of spaces");
  }
  return lost;
}

/** The stretches of [0, length) outside the sorted, non-overlapping spans. */
function complement(spans, length) {
  const out = [];
  let at = 0;
  for (const [start, end] of spans) {
    if (start > at) out.push([at, start]);
    at = Math.max(at, end);
  }
  if (at < length) out.push([at, length]);
  return out;
}

/** What tokenizer result tok (compare()'s entry for text) lost of the text, or null when its decode is the text and
 *  no token is [UNK] (loss.text_loss). */
export function textLoss(text, tok) {
  const {decoded, unk_count: unknown} = tok;
  if (decoded === text && !unknown) return null;
  const tokens = tok.tokens.filter((t) => !t.special);
  const chars = codePoints(text);
  const unknownSpans = tokens.filter(isUnknown).map((t) => [t.start, t.end]);
  const kept = complement(unknownSpans, chars.length).map(([s, e]) => chars.slice(s, e).join("")).join("");
  let keptDecode = decoded;
  for (const spelling of new Set([...tokens.filter(isUnknown).map((t) => t.piece), ...UNKNOWN_DECODES])) {
    keptDecode = keptDecode.replaceAll(spelling, " ");
  }
  const [marks, others, lowered] = droppedCharacters(kept, keptDecode);
  const dropped = marks.length ? [marksNamed(marks)] : [];
  if (others.length) dropped.push(`${others.length} other character${others.length !== 1 ? "s" : ""}`);
  dropped.push(...droppedWhitespace(text, decoded));
  const respaces = !sameList(chars.filter(isSpaceChar), codePoints(decoded).filter(isSpaceChar));
  return new Loss(dropped, unknown, tok.count, lowered, respaces, decoded);
}

/** What a panel's count line needs of the loss (Loss.comparable and Loss.short): textLoss's, but with a token [UNK]
 *  the characters dropped are not looked for, as short() then says the [UNK] alone (BERT on 100,000 characters of
 *  Chinese, half its tokens [UNK]: 50 to 180 ms a key, for words no panel showed). */
export function countLineLoss(text, tok) {
  if (tok.unk_count) return new Loss([], tok.unk_count, tok.count, false, false, tok.decoded);
  return textLoss(text, tok);
}
