// The JavaScript twin of display.py: how tokens are laid out on the page's panels (playground/page/render.js).
// Every index is a code point's, as in Python; tests/test_render_js.py holds the two equal on a corpus.

import {invisibleName, isFormat, isLeftToRight, isRightToLeft} from "./unicode.js";

const SPACE_MARK = "\u2581";  // sentencepiece_bpe.SPACE_MARK, Llama's "▁"

/** display.WHITESPACE_MARKS: code point -> its mark. */
const WHITESPACE_MARKS = new Map([
  ...Array.from({length: 0x20}, (_, c) => [c, String.fromCodePoint(0x2400 + c)]),
  [0x7f, "\u2421"], [0x20, "·"], [0x09, "→"], [0x0a, "↵\n"],
]);
const MARKED = /[\x00-\x20\x7f]/g;

/** "  x\n\r" -> "··x↵\n␍": spaces, tabs, newlines and control characters as visible marks. */
export function showWhitespace(text) {
  return text.replace(MARKED, (c) => WHITESPACE_MARKS.get(c.charCodeAt(0)));
}

/** Whether display.invisible_mark draws a character as its code point: a format character, a variation selector,
 *  U+034F. */
function invisible(cp) {
  return isFormat(cp) || (cp >= 0xfe00 && cp <= 0xfe0f) || cp === 0x34f;
}

/** Python's f"U+{cp:04X}". */
export function codePointName(cp) {
  return "U+" + cp.toString(16).toUpperCase().padStart(4, "0");
}

/** "U+200D" for a label drawn as nothing at all (a zero-width joiner, a variation selector, a soft hyphen), its
 *  code points; null for a label that shows. */
export function invisibleMark(label) {
  const cps = Array.from(label, (c) => c.codePointAt(0));
  if (!cps.length || !cps.every(invisible)) return null;
  return cps.map(codePointName).join(" ");
}

/** What a card's "invisible:" line says of each code point of an invisible label: "U+200D ZERO WIDTH JOINER". */
export function invisibleNames(label) {
  return Array.from(label, (c) => `${codePointName(c.codePointAt(0))} ${invisibleName(c.codePointAt(0))}`).join(", ");
}

let lastDirection = {text: "", rightToLeft: false};  // the latest text's: three panels ask of each text

/** Whether text reads right to left: its first character of a strong direction is Arabic or Hebrew's. */
export function rightToLeft(text) {
  if (text !== lastDirection.text) {
    let found = false;
    for (let u = 0; u < text.length; u++) {
      const cp = text.codePointAt(u);
      if (cp > 0xffff) u++;
      if (isRightToLeft(cp) || isLeftToRight(cp)) {
        found = isRightToLeft(cp);
        break;
      }
    }
    lastDirection = {text, rightToLeft: found};
  }
  return lastDirection.rightToLeft;
}

/** What a token's block shows: its text, or its bytes when it holds part of a character (display.token_label). */
export function tokenLabel(token, normalizes = false, markWhitespace = true) {
  if (token.partial) return token.bytes_hex;
  if (markWhitespace && !token.text && token.piece && !token.piece.replaceAll(SPACE_MARK, "")) {
    return showWhitespace(" ".repeat(Array.from(token.piece).length));  // Llama's dummy prefix: a space it adds
  }
  if (normalizes || token.special || !token.text) return token.piece;
  if (!markWhitespace) return token.text;
  return showWhitespace((addedSpace(token.piece, token.text) ? " " : "") + token.text);
}

/** Whether a piece holds a space its text has not: SentencePiece's dummy prefix, the "▁" of "▁Please" over the text's
 *  first word "Please" (a "▁" typed in the text is a character of it, not a space) (display.added_space). */
function addedSpace(piece, text) {
  return piece.startsWith(SPACE_MARK) && !text.startsWith(" ") && !text.startsWith(SPACE_MARK);
}

/** Walk text in order: each token alone, tokens sharing characters grouped, gaps between (display.segments).
 *  length: text's length in code points. Each segment is {start, end, tokens} (tokens empty for a gap). */
export function segments(length, tokens) {
  const found = [];
  let pos = 0, group = null, groupStart = 0, groupEnd = 0;
  for (const token of tokens) {
    const start = token.start;
    if (group && start < groupEnd) {  // shares a character with the group
      group.push(token);
      groupEnd = Math.max(groupEnd, token.end);
      continue;
    }
    if (group) {
      found.push({start: groupStart, end: groupEnd, tokens: group});
      pos = groupEnd;
    }
    if (start > pos) found.push({start: pos, end: start, tokens: []});
    group = [token];
    groupStart = start;
    groupEnd = token.end;
  }
  if (group) {
    found.push({start: groupStart, end: groupEnd, tokens: group});
    pos = groupEnd;
  }
  if (pos < length) found.push({start: pos, end: length, tokens: []});
  return found;
}
