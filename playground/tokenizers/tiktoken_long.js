// Texts with a long piece, encoded as tiktoken encodes them, in time that grows as n log n.
//
// tiktoken splits a text into pieces (the matches of its split pattern), then merges each piece's byte pairs.
// The npm package's WebAssembly core (1.0.22) merges a piece in time quadratic in its length: 100,003 emoji,
// one piece of 400,012 bytes for GPT-2's pattern, took 122 s in Chromium, the page frozen meanwhile (Python's
// tiktoken 0.14, the same job: 0.4 s). A run of one kind of character makes such a piece: emoji, a paragraph
// of Chinese (no spaces), a line of "=", a thousand newlines. For a text with such a run this module does
// tiktoken's work in JavaScript: the same split (the pattern carried over from Rust's regex syntax to
// JavaScript's, below) and the same merge, the lowest-ranked adjacent pair first and the leftmost of equals,
// found with a heap instead of a scan. Every other text goes to the WebAssembly core as before.

// A piece of more than about 400 characters has a run of RUN characters with no whitespace, or of whitespace,
// newlines and "/" (a piece is a run of one kind, a character before it, and for GPT-4's and GPT-4o's symbols a
// run of newlines and "/" after it). Shorter pieces cost the core a few ms at most. Whitespace, not letters or
// symbols: which characters are letters is Unicode's version's say (the browser's is 17, the cores' 16: a letter
// new in 17 between emoji made runs of one character for a letter-and-symbol test, and one long piece for the
// core); whitespace has not changed.
const RUN = 200;
const LONG_RUN = new RegExp(`\\P{White_Space}{${RUN}}|[\\p{White_Space}/]{${RUN}}`, "u");

/** Whether text has a run that may make a piece too long for the WebAssembly core's merge. */
export function hasLongRun(text) {
  return text.length >= RUN && LONG_RUN.test(text);
}

// Rust's regex (tiktoken's fancy-regex) in JavaScript's syntax, for the three patterns tiktoken's encodings use
// (one difference left: the character classes are the browser's Unicode, a version newer than the cores', so a
// character assigned in the newer one may be split otherwise, in a text with a long run only):
// - \s and \S are Unicode's White_Space in Rust; JavaScript's \s also takes U+FEFF and leaves out U+0085.
// - possessive quantifiers (++, *+, ?+, {1,3}+) become greedy ones: in these patterns what follows a possessive
//   run can never match a character the run gave back, so the two match alike (tiktoken made them possessive
//   for speed).
// - (?i:...) is spelled out letter by letter with Unicode's simple case folding, as Rust folds: "s" is also
//   "S" and "ſ" (U+017F), "k" also "K" and the Kelvin sign (U+212A).
const FOLDS = {s: "sSſ", k: "kKK"};
const fold = (letter) => FOLDS[letter.toLowerCase()] ?? letter.toLowerCase() + letter.toUpperCase();

function caseless(inner) {
  let out = "", inClass = false;
  for (let i = 0; i < inner.length; i++) {
    const ch = inner[i];
    if (ch === "\\") {  // an escape, \p{...} whole: its letters are not folded
      const braced = inner[i + 2] === "{" ? inner.indexOf("}", i) : i + 1;
      out += inner.slice(i, braced + 1);
      i = braced;
    } else if (/[a-z]/i.test(ch)) {
      out += inClass ? fold(ch) : `[${fold(ch)}]`;
    } else {
      if (ch === "[") inClass = true;
      if (ch === "]") inClass = false;
      out += ch;
    }
  }
  return out;
}

/** tiktoken's split pattern (pat_str, Rust's syntax) as a JavaScript RegExp that matches the same pieces. */
export function splitRegex(patStr) {
  let source = patStr.replace(/\\s/g, "\\p{White_Space}").replace(/\\S/g, "\\P{White_Space}")
    .replace(/(\{\d+(?:,\d*)?\}|[+*?])\+/g, "$1");
  for (let at = source.indexOf("(?i:"); at >= 0; at = source.indexOf("(?i:")) {
    let depth = 0, end = at;
    for (; end < source.length; end++) {
      if (source[end] === "\\") end++;
      else if (source[end] === "(") depth++;
      else if (source[end] === ")" && --depth === 0) break;
    }
    source = source.slice(0, at) + "(?:" + caseless(source.slice(at + 4, end)) + source.slice(end);
  }
  return new RegExp(source, "gu");
}

/** Bytes spelled one character a byte (U+0000 to U+00FF): a Map key, and sliced as the bytes are. */
function spell(bytes) {
  let spelled = "";
  for (let i = 0; i < bytes.length; i += 0x8000) spelled += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return spelled;
}

/** id -> bytes (a rank file's tokens) as a Map from the bytes, spelled, to the id. */
export function rankMap(tokens) {
  const ranks = new Map();
  tokens.forEach((bytes, id) => { if (bytes) ranks.set(spell(bytes), id); });
  return ranks;
}

/** tiktoken's encode_ordinary(text), for any text: its split, each piece a token when it is one, else its
 *  byte pairs merged. `regex` from splitRegex, `ranks` from rankMap. */
export function encodeOrdinary(text, regex, ranks) {
  const ids = [];
  const utf8 = new TextEncoder();
  for (const [piece] of text.matchAll(regex)) {
    const spelled = spell(utf8.encode(piece));
    const whole = ranks.get(spelled);
    if (whole !== undefined) ids.push(whole);
    else for (const id of bytePairMerge(spelled, ranks)) ids.push(id);
  }
  return Uint32Array.from(ids);
}

/** The ids of one piece (its bytes spelled one character a byte): tiktoken's _byte_pair_merge, which merges
 *  the adjacent pair whose bytes have the lowest rank, the leftmost of equals, until no pair has a rank. The
 *  candidates wait in a heap keyed (rank, start); one whose tokens have changed since is dropped when met. */
function bytePairMerge(spelled, ranks) {
  const n = spelled.length;
  const next = Int32Array.from({length: n}, (_, i) => i + 1);  // the token starting at i ends where the next starts
  const prev = Int32Array.from({length: n}, (_, i) => i - 1);
  const alive = new Uint8Array(n).fill(1);
  const heap = new PairHeap();
  const push = (start) => {
    if (start < 0 || next[start] >= n) return;
    const end = next[next[start]];
    const rank = ranks.get(spelled.slice(start, end));
    if (rank !== undefined) heap.push(rank, start, end);
  };
  for (let i = 0; i + 1 < n; i++) push(i);
  while (heap.size) {
    const [, start, end] = heap.pop();
    if (!alive[start] || next[start] >= n || next[next[start]] !== end) continue;  // a pair that has changed
    const right = next[start];
    alive[right] = 0;
    next[start] = end;
    if (end < n) prev[end] = start;
    push(prev[start]);
    push(start);
  }
  const ids = [];
  for (let i = 0; i < n; i = next[i]) ids.push(ranks.get(spelled.slice(i, next[i])));
  return ids;
}

/** A binary min-heap of (rank, start, end), ordered by rank, then start. */
class PairHeap {
  constructor() { this.items = []; }
  get size() { return this.items.length; }
  push(rank, start, end) {
    const items = this.items;
    items.push([rank, start, end]);
    for (let i = items.length - 1; i > 0;) {
      const parent = (i - 1) >> 1;
      if (!less(items[i], items[parent])) break;
      [items[i], items[parent]] = [items[parent], items[i]];
      i = parent;
    }
  }
  pop() {
    const items = this.items, top = items[0], last = items.pop();
    if (items.length) {
      items[0] = last;
      for (let i = 0; ;) {
        const left = 2 * i + 1, right = left + 1;
        let least = i;
        if (left < items.length && less(items[left], items[least])) least = left;
        if (right < items.length && less(items[right], items[least])) least = right;
        if (least === i) break;
        [items[i], items[least]] = [items[least], items[i]];
        i = least;
      }
    }
    return top;
  }
}

const less = (a, b) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
