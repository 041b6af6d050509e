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

import {mergedAround} from "./merge_around.js";

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

/** The ranks of a rank file's tokens (id -> bytes), for merging: `byId` maps the bytes, spelled, to the id; `pairRank(a,
 *  b)` is the rank of the merge of tokens a and b, or -1, remembered by the pair of ids (a piece of one repeated
 *  character asks for a few pairs a hundred thousand times), and `resultOf(rank)` the token it makes. In tiktoken a
 *  pair's rank is the rank (the id) of a's bytes followed by b's. `merges` ([[a, b], ...], first merged first) are a
 *  Hugging Face BPE's instead: a pair merges only if listed, its rank is its place in the list (the crate lists
 *  several pairs that make one token: Llama 3's "Ġ ĠĠĠ" and "ĠĠ ĠĠ"). */
export function rankMap(tokens, merges = null) {
  const byId = new Map(), spelledOf = [];
  tokens.forEach((bytes, id) => {
    if (bytes) byId.set(spelledOf[id] = spell(bytes), id);
  });
  const listed = merges && new Map(merges.map(([a, b], rank) => [a * 2 ** 21 + b, rank]));
  const made = merges && Int32Array.from(merges, ([a, b]) => byId.get(spelledOf[a] + spelledOf[b]));
  const byteIds = Int32Array.from({length: 256}, (_, b) => byId.get(String.fromCharCode(b)) ?? -1);
  // the rank of each pair of bytes, every piece's first pairs: -2 while not yet looked up
  const bytePairs = new Int32Array(256 * 256).fill(-2);
  let pairs = new Map();  // a -> (b -> rank or -1)
  function pairRank(a, b) {
    let after = pairs.get(a);
    if (after === undefined) {
      if (pairs.size >= MAX_FIRSTS) pairs = new Map();
      pairs.set(a, after = new Map());
    }
    let rank = after.get(b);
    if (rank === undefined) {
      rank = (listed ? listed.get(a * 2 ** 21 + b) : byId.get(spelledOf[a] + spelledOf[b])) ?? -1;
      after.set(b, rank);
    }
    return rank;
  }
  const resultOf = made ? (rank) => made[rank] : (rank) => rank;
  function bytePairRank(a, b) {
    const k = a * 256 + b;
    if (bytePairs[k] === -2) bytePairs[k] = pairRank(byteIds[a], byteIds[b]);
    return bytePairs[k];
  }
  return {byId, byteIds, pairRank, bytePairRank, resultOf, spelledOf};
}
const MAX_FIRSTS = 1 << 16;  // pairs remembered by their first token: forgotten all at once past this many

/** tiktoken's encode_ordinary for any text: encode(text) -> ids (a Uint32Array), its split, each piece a token when
 *  it is one, else its byte pairs merged. `regex` from splitRegex, `tokens` id -> bytes, `merges` as rankMap's (then
 *  a Hugging Face byte-level BPE that takes a piece in its vocabulary whole: ignore_merges). It remembers the long
 *  pieces of the text it encoded last and merges each long piece of the next again only around where it differs
 *  from the one in the same place before (merge_around.js): a key at the end of 100,000 spaces merges a few bytes. */
export function longRunEncoder(tokens, regex, merges = null) {
  const ranks = rankMap(tokens, merges);
  let longest = 0;  // no longer piece is a token
  for (const spelled of ranks.spelledOf) longest = Math.max(longest, spelled?.length ?? 0);
  const utf8 = new TextEncoder();
  let before = [];  // the long pieces of the text encoded last, in order: {units (bytes), ids, ends} (merge_around.js)
  const compatible = compatiblePairs(ranks);
  const lengthOf = (id) => ranks.spelledOf[id].length;
  return function encode(text) {
    const parts = [], pieces = [];  // each piece's id (a number) or ids, in order
    let count = 0;
    for (const [piece] of text.matchAll(regex)) {
      const bytes = utf8.encode(piece);
      const whole = bytes.length <= longest ? ranks.byId.get(spell(bytes)) : undefined;
      if (whole !== undefined) {
        parts.push(whole);
        count++;
        continue;
      }
      let merged;
      if (bytes.length < LONG_PIECE) {
        merged = bytePairMerge(bytes, ranks);
      } else {
        const old = before[pieces.length];
        const long = old ? mergedAround(bytes, old, {
          merge: (from, to) => bytePairMerge(bytes.subarray(from, to), ranks), compatible, lengthOf,
        }) : {units: bytes, ids: Uint32Array.from(bytePairMerge(bytes, ranks)), ends: null};
        pieces.push(long);
        merged = long.ids;
      }
      parts.push(merged);
      count += merged.length;
    }
    before = pieces;
    // A text of one long piece (100,000 emoji) is its merge, shared with `before` (neither is ever changed).
    if (parts.length === 1 && parts[0] instanceof Uint32Array) return parts[0];
    const ids = new Uint32Array(count);
    let at = 0;
    for (const part of parts) {
      if (typeof part === "number") ids[at++] = part;
      else {
        ids.set(part, at);
        at += part.length;
      }
    }
    return ids;
  };
}

// A piece this long (in bytes) is remembered, and merged again around what changed: shorter ones are merged whole in
// well under a millisecond.
const LONG_PIECE = 1024;

/** compatible(a, b): whether tokens a and b, side by side, are what tiktoken's merge makes of a's bytes followed by
 *  b's (merge_around.js), worked out once a pair. */
function compatiblePairs(ranks) {
  let known = new Map();  // a * 2 ** 21 + b -> whether compatible (ids are below 2 ** 21, as START needs)
  return (a, b) => {
    const key = a * 2 ** 21 + b;
    let answer = known.get(key);
    if (answer === undefined) {
      const spelled = ranks.spelledOf[a] + ranks.spelledOf[b];
      const merged = bytePairMerge(Uint8Array.from(spelled, (ch) => ch.charCodeAt(0)), ranks);
      answer = merged.length === 2 && merged[0] === a && merged[1] === b;
      if (known.size >= MAX_FIRSTS) known = new Map();
      known.set(key, answer);
    }
    return answer;
  };
}

const START = 2 ** 31;  // a heap key is rank * START + start: exact in a double for ranks below 2 ** 21

/** The ids of one piece's bytes: tiktoken's _byte_pair_merge, which merges the adjacent pair whose bytes have the
 *  lowest rank, the leftmost of equals, until no pair has a rank. The candidates wait in a heap keyed (rank,
 *  start); one met whose pair no longer has that rank there (a token of it merged since) is dropped, and a
 *  current pair always has its own key in the heap, so the least key still valid is tiktoken's choice. */
function bytePairMerge(bytes, ranks) {
  const n = bytes.length;
  if (n >= START) throw new RangeError(`a piece of ${n} bytes is more than this encoder takes (${START})`);
  const id = Int32Array.from(bytes, (b) => ranks.byteIds[b]);  // the token starting at each byte, -1 inside one
  const next = Int32Array.from({length: n}, (_, i) => i + 1);  // where the token starting at i ends
  const prev = Int32Array.from({length: n}, (_, i) => i - 1);
  const pairRank = new Int32Array(n).fill(-1);  // the rank of the pair of tokens starting at i, or -1
  const heap = new KeyHeap(3 * n);  // the first n - 1 pairs, then at most two a merge
  const push = (start, rank) => {
    pairRank[start] = rank;
    if (rank >= 0) heap.push(rank * START + start);
  };
  const changed = (start) => {  // the pair at start has changed: its rank, a key for it
    if (start >= 0) push(start, next[start] < n ? ranks.pairRank(id[start], id[next[start]]) : -1);
  };
  for (let i = 0; i + 1 < n; i++) push(i, ranks.bytePairRank(bytes[i], bytes[i + 1]));
  while (heap.size) {
    const key = heap.pop(), rank = Math.floor(key / START), start = key - rank * START;
    if (id[start] < 0 || pairRank[start] !== rank) continue;
    const right = next[start];
    id[start] = ranks.resultOf(rank);
    id[right] = -1;
    next[start] = next[right];
    if (next[start] < n) prev[next[start]] = start;
    changed(prev[start]);
    changed(start);
  }
  const ids = [];
  for (let i = 0; i < n; i = next[i]) ids.push(id[i]);
  return ids;
}

/** A binary min-heap of numbers, at most `capacity` at once. */
class KeyHeap {
  constructor(capacity) {
    this.keys = new Float64Array(capacity);
    this.size = 0;
  }
  push(key) {
    const keys = this.keys;
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (keys[parent] <= key) break;
      keys[i] = keys[parent];
      i = parent;
    }
    keys[i] = key;
  }
  pop() {
    const keys = this.keys, top = keys[0], last = keys[--this.size], size = this.size;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= size) break;
      if (child + 1 < size && keys[child + 1] < keys[child]) child++;
      if (keys[child] >= last) break;
      keys[i] = keys[child];
      i = child;
    }
    keys[i] = last;
    return top;
  }
}
