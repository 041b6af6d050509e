// A long text tokenized chunk by chunk, each chunk's tokens remembered: a key in a text of 100,000 characters
// tokenizes and decodes the chunk it changed, not the whole text again.
//
// Exact only where a family has proved a cut: a place in any text where its tokens are those of the text before
// the cut followed by those of the text after it, so that the tokens of a text are its chunks' tokens one after
// another, whatever else the text holds. Each family's module says why its cut is one (tiktoken_bpe.js: a space
// after a character that is not whitespace, which no piece of tiktoken's patterns crosses), and why its decode of
// the whole is its decodes of the chunks one after another. A chunk's tokens are a pure function of the chunk and
// of whether it starts the text, its decode of whether a token comes before it: a remembered answer is never stale.

import {codePointCount} from "./spans.js";

// Before a space, after a character that is not whitespace (Unicode's White_Space, which is Rust's and
// Oniguruma's \s, a property unchanged since Unicode 6.3): a cut of tiktoken's patterns and of Llama 3's.
export const CUT_AT_SPACES = /(?<=\P{White_Space})(?= )/u;

// Tokens remembered beyond the latest text's own (whose chunks are always kept), each chunk counted as one more: a
// text with no cut is one chunk of up to 400,000 tokens (100,000 emoji in bytes), and each key makes another.
const KEPT = 1 << 18;

// How far a cut reads past its place, in UTF-16 units: the two code points after it at most (sentencepiece_bpe.js's
// CUT_BEFORE_SPACES looks at a space and the character after it; every cut reads one code point before it at most).
// A cut up to CUT_REACH before where two texts first differ is a cut of both.
const CUT_REACH = 4;

/** The length of the longest common prefix of two strings, in UTF-16 units. */
function commonPrefixLength(a, b) {
  const n = Math.min(a.length, b.length);
  let k = 0;
  while (k < n && a.charCodeAt(k) === b.charCodeAt(k)) k++;
  return k;
}

/** How many of `ends` (increasing) are at most `limit`. */
function chunksBefore(ends, limit) {
  let lo = 0, hi = ends.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ends[mid] <= limit) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** chunk -> its columns, chunk-relative (spans in the chunk's code points), and its decode, for one tokenizer. */
export class ChunkCache {
  /** columnsOf(chunk, atStart) -> {ids, starts, ends, partial} or {ids, spans} (spans(n): those of the first n
   *  tokens, spans.js's spansWhenAsked); decode(ids, first, chunk) -> the text those ids (chunk's tokens) decode to
   *  in a text where `first`: no token comes before them. */
  constructor(columnsOf, decode) {
    this.columnsOf = columnsOf;
    this.decode = decode;
    this.entries = new Map();  // key -> {key, columns, chars, decoded: {first, after}, text: the latest text using it}
    this.size = 0;  // the entries' tokens, and one for each
    this.generation = 0;
    this.last = null;  // the latest text, its cut, chunks (entries, UTF-16 ends), columns, where each chunk starts
  }

  /** The columns of text and their decode, text cut by `cut` (a RegExp for String.prototype.split that matches
   *  only at cuts, and only with no width). The arrays are the cache's own, never to be changed (a copy first);
   *  `cached: true` says its next call changes them (a copy to keep them). The chunks a text shares from its start
   *  with the text before are not concatenated again: a key at the end of 100,000 characters appends the tokens of
   *  its chunk and those after it. */
  columns(text, cut) {
    const generation = ++this.generation;
    const previous = this.last?.cut === cut ? this.last : null;
    // The chunks of the latest text that end CUT_REACH before where this text first differs from it are this one's
    // first chunks: only the rest is split again (a key at the end of 100,000 spaces is 100,000 chunks for BERT).
    const kept = previous ? chunksBefore(previous.chunkEnds, commonPrefixLength(previous.text, text) - CUT_REACH) : 0;
    const from = kept ? previous.chunkEnds[kept - 1] : 0;
    const entries = kept ? previous.entries.slice(0, kept) : [], chunkEnds = kept ? previous.chunkEnds.slice(0, kept) : [];
    let end = from;
    for (const chunk of text.slice(from).split(cut)) {  // the rest starts at a cut, which split never cuts again
      entries.push(this.entry(chunk, end === 0));
      chunkEnds.push(end += chunk.length);
    }
    if (entries.length === 1) {  // a text with no cut (100,000 spaces) is its chunk: its columns as they are
      const [{columns, decoded}] = entries;
      decoded[true] ??= this.decode(columns.ids, true, entries[0].key.slice(1));
      this.last = null;  // the next text's columns are new arrays: these are the chunk's own
      this.forget(entries, generation);
      return {...columns, decoded: decoded[true]};
    }
    const last = this.last ?? {entries: [], ids: [], starts: [], ends: [], partial: [], decoded: "", at: [[0, 0, 0]]};
    let same = kept;  // the leading chunks the last text has too: their tokens, offsets and decodes are the same
    while (same < entries.length && same < last.entries.length && entries[same] === last.entries[same]) same++;
    const {ids, starts, ends, partial} = last;
    const at = last.at.slice(0, same + 1);  // before each chunk: [tokens, code points, decoded length]
    let [count, offset, decodedLength] = at[same];
    ids.length = starts.length = ends.length = partial.length = count;
    let decoded = last.decoded.slice(0, decodedLength);
    for (let k = same; k < entries.length; k++) {
      const entry = entries[k], columns = entry.columns, spans = columns.spans?.() ?? columns;
      decoded += entry.decoded[count === 0] ??= this.decode(columns.ids, count === 0, entry.key.slice(1));
      for (let t = 0; t < columns.ids.length; t++) {
        ids.push(columns.ids[t]);
        starts.push(spans.starts[t] + offset);
        ends.push(spans.ends[t] + offset);
        partial.push(spans.partial[t]);
      }
      count = ids.length;
      offset += entry.chars;
      at.push([count, offset, decoded.length]);
    }
    this.last = {text, cut, chunkEnds, entries, ids, starts, ends, partial, decoded, at};
    this.forget(entries, generation);
    return {ids, starts, ends, partial, decoded, cached: true};
  }

  /** Marks the chunks of the latest text (`entries`, its `generation`) and, past KEPT tokens, forgets the others. */
  forget(entries, generation) {
    for (const entry of entries) entry.text = generation;
    if (this.size > KEPT) {
      for (const [key, entry] of this.entries) {
        if (entry.text !== generation) {
          this.entries.delete(key);
          this.size -= entry.columns.ids.length + 1;
        }
      }
    }
  }

  entry(chunk, atStart) {
    // A text's first chunk may tokenize otherwise (a dummy prefix): its key is marked apart from every other's, whose
    // chunk may start with any character (Llama 2 cuts after an emoji, and "😀^abc" has a chunk "^abc").
    const key = (atStart ? "^" : "-") + chunk;
    let entry = this.entries.get(key);
    if (entry === undefined) {
      // A key of its own: a chunk split from the text is a slice of it, and would keep the whole text alive.
      entry = {key: `${key} `.slice(0, -1), columns: this.columnsOf(chunk, atStart), chars: codePointCount(chunk),
        decoded: {}, text: 0};
      this.size += entry.columns.ids.length + 1;
      this.entries.set(entry.key, entry);
    }
    return entry;
  }
}

/** decode(ids, first) for a decoder that gives each token's text alone but for the text's first token (BERT's
 *  "##" and spaces, SentencePiece's dummy-prefix space): tokens decoded after `lead` (an ordinary token) decode
 *  as after any token, and lead's own text is cut off again. */
export function decodeAfterLead(decode, lead) {
  const leadText = decode([lead]);
  return (ids, first) => (first ? decode(ids) : decode([lead, ...ids]).slice(leadText.length));
}

// A chunk of this many tokens or more is decoded by spelling (decodeBySpelling); shorter ones by the library.
const SPELLED_TOKENS = 256;
const utf8 = new TextEncoder();
let spelledText = new Uint8Array(0);  // the UTF-8 of the chunk being checked, reused from key to key

/** decode(ids, first, chunk) for a byte-level BPE, whose decode is its tokens' bytes one after another read as
 *  UTF-8 (tableOf()[id]: a Uint8Array of what a token stands for, undefined for a special token): a long chunk's
 *  tokens that spell the chunk's own UTF-8 decode to the chunk. Comparing the bytes takes a millisecond where the
 *  library built and decoded those of 100,000 emoji again at every key (Llama 3: 30 ms a key); a chunk they do not
 *  spell, and a short one, the library decodes. */
export function decodeBySpelling(decode, tableOf) {
  return (ids, first, chunk) => (ids.length >= SPELLED_TOKENS && spellsUtf8(ids, tableOf(), chunk) ? chunk
    : decode(ids));
}

/** Whether the bytes of tokens `ids`, one after another, are text's UTF-8. */
function spellsUtf8(ids, bytesOf, text) {
  if (spelledText.length < 3 * text.length) spelledText = new Uint8Array(3 * text.length);
  const {written} = utf8.encodeInto(text, spelledText);
  let at = 0;
  for (let t = 0; t < ids.length; t++) {
    const bytes = bytesOf[ids[t]];
    if (bytes === undefined || at + bytes.length > written) return false;
    for (let b = 0; b < bytes.length; b++) if (spelledText[at++] !== bytes[b]) return false;
  }
  return at === written;
}
