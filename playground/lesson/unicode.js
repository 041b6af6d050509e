// What Python's unicodedata and str methods say of a character, for the lesson's JavaScript twins, from the
// tables scripts/lesson_unicode_tables.py generates (unicode_facts.js): the browser's own Unicode is of
// another version, so its \p{...}, normalize("NFD") and toLowerCase() would differ from Python's.

import {rangeSet, ranges} from "../tokenizers/unicode_ranges.js";
import {COMBINING_CLASSES, FORMAT, INVISIBLE_NAMES, LEFT_TO_RIGHT, LOWER, MARKS, NFD, RIGHT_TO_LEFT, SPACES, UPPER,
  VOWEL_SIGNS} from "./unicode_facts.js";

/** Each a function of a code point: unicodedata.category(c) == "Cf", category(c).startswith("M"), "VOWEL SIGN" in a
 *  mark's name, bidirectional(c) in ("R", "AL"), bidirectional(c) == "L", c.isspace(), c.isupper(). */
export const isFormat = rangeSet(FORMAT);
export const isMark = rangeSet(MARKS);
export const isVowelSign = rangeSet(VOWEL_SIGNS);
export const isRightToLeft = rangeSet(RIGHT_TO_LEFT);
export const isLeftToRight = rangeSet(LEFT_TO_RIGHT);
export const isSpace = rangeSet(SPACES);
export const isUpper = rangeSet(UPPER);

/** unicodedata.name(c, "") of a character display.invisible_mark draws as its code point, else "". */
export function invisibleName(cp) {
  return INVISIBLE_NAMES[cp] ?? "";
}

/** "c0:41,300 ..." -> Map(code point -> the string it maps to). */
function mapping(text) {
  return new Map(text.trim().split(/\s+/).map((entry) => {
    const [from, to] = entry.split(":");
    return [parseInt(from, 16), String.fromCodePoint(...to.split(",").map((cp) => parseInt(cp, 16)))];
  }));
}

const decompositions = mapping(NFD);
const lowercasings = mapping(LOWER);
const combiningClass = new Map();  // code point -> unicodedata.combining(), for those with a class
for (const [ccc, text] of Object.entries(COMBINING_CLASSES)) {
  for (const [a, b] of ranges(text)) for (let cp = a; cp <= b; cp++) combiningClass.set(cp, Number(ccc));
}

/** One character (a string of one code point) lowercased as Python's ch.lower() does it (İ -> i̇: two). */
export function lowerChar(ch) {
  return lowercasings.get(ch.codePointAt(0)) ?? ch;
}

/** unicodedata.normalize("NFD", text), as an array of code points: each character's decomposition (Hangul
 *  syllables by Unicode's algorithm), then each run of characters with a combining class sorted by class, stably. */
export function nfdCodePoints(text) {
  const cps = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0);
    const s = cp - 0xac00;
    if (s >= 0 && s < 11172) {  // a Hangul syllable: its leading consonant, vowel and, when it has one, final
      cps.push(0x1100 + Math.floor(s / 588), 0x1161 + Math.floor((s % 588) / 28));
      if (s % 28) cps.push(0x11a7 + (s % 28));
      continue;
    }
    const parts = decompositions.get(cp);
    if (parts === undefined) cps.push(cp);
    else for (const part of parts) cps.push(part.codePointAt(0));
  }
  for (let i = 0; i < cps.length; i++) {
    let j = i;
    while (j < cps.length && combiningClass.has(cps[j])) j++;
    if (j - i > 1) {  // Array.prototype.sort is stable, as canonical ordering must be
      const run = cps.slice(i, j).sort((a, b) => combiningClass.get(a) - combiningClass.get(b));
      cps.splice(i, j - i, ...run);
    }
    i = j;
  }
  return cps;
}
