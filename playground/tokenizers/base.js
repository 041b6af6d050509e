// The browser twin of base.py: the one small interface every family's module gives, and describe(),
// which turns it into what compare() gives for one tokenizer, field for field.
//
// A family module exports `async function load(spec, files)` (registry.js calls it) resolving to a
// tokenizer object with:
//   name, label, library, vocab_size, normalizes, unk_id   as the Python class has them
//   columns(text, special) -> {ids, starts, ends, partial, special}   parallel arrays; spans in code points
//                         (or {ids, spans}: spans(n) gives {starts, ends, partial} of the first n, all without n)
//                         (special left out where no token is special: an array of 100,000 falses a key costs);
//                         cached: true where the arrays are a cache's own that its next call changes (chunks.js);
//                         and `decoded`, where it has them: the decode of its ids but the special ones (chunks.js)
//   decode(ids) -> string                                   the official library's decode
//   piece(id) -> "Ġworld"     the vocabulary entry, as the Python layer spells it ("Ġworld", "##ing", "▁world")
//   bytesHex(id) -> "E0 A4"   what the entry stands for ("" for special and unknown tokens)
// (piece and bytesHex are functions, so that a family may work them out only for the tokens shown: BERT's 30,522
// hex strings cost 0.5 s at load, GPT-2's pieces 40 ms)
// `text` is always well formed (registry.js replaces lone surrogates first, as compare() does).

import {codePointUnits, utf8Length} from "./spans.js";

/** Each byte as the playground shows it: 0xE0 -> "E0". */
export const HEX_BYTE = Array.from({length: 256}, (_, b) => b.toString(16).toUpperCase().padStart(2, "0"));

/** [0xE0, 0xA4] -> "E0 A4", the way the playground shows bytes (base.py's hex_bytes). */
export function hexBytes(bytes) {
  return Array.from(bytes, (b) => HEX_BYTE[b]).join(" ");
}

/** round(chars / count, 2) as Python computes it: the quotient is a double, rounded to the decimal nearest its
 *  exact binary value (toFixed does that too), half to even where that value is exactly a tie. */
function charsPerToken(chars, count) {
  const x = chars / count;
  // An exact tie in hundredths is an odd multiple of 1/8 (0.125, 0.375, ...): toFixed rounds it up.
  if (Number.isInteger(x * 8) && !Number.isInteger(x * 100)) {
    const down = Math.floor(x * 100);
    return (down % 2 === 0 ? down : down + 1) / 100;
  }
  return Number(x.toFixed(2));
}

/** A column as a plain array (compare()'s lists): a typed array's values, a cache's array copied (its next call
 *  changes it), any other array as it is (a chunk's own, which no one changes: copying 250,000 ids, starts and ends
 *  took 4 ms of a key on 100,000 emoji). */
function plain(column, cached) {
  if (Array.isArray(column)) return cached ? column.slice() : column;
  const out = new Array(column.length);
  for (let k = 0; k < column.length; k++) out[k] = column[k];
  return out;
}

/** How many of ids are `id`. */
function countOf(ids, id) {
  let n = 0;
  for (let k = 0; k < ids.length; k++) if (ids[k] === id) n++;
  return n;
}

const flagged = new WeakMap();  // marks -> a flag for each id on them, made once a tokenizer

/** How many of ids are on the paper's list (marks' keys): a Map lookup a token took 5 ms a key on 100,000 emoji. */
function countMarked(ids, marks) {
  let flags = flagged.get(marks);
  if (!flags) {
    let largest = -1;
    for (const id of marks.keys()) largest = Math.max(largest, id);
    flags = new Uint8Array(largest + 1);
    for (const id of marks.keys()) flags[id] = 1;
    flagged.set(marks, flags);
  }
  let n = 0;
  for (let k = 0; k < ids.length; k++) n += flags[ids[k]] ?? 0;
  return n;
}

/** The tokens and per-tokenizer figures of text, as Tokenizer.describe() gives them in Python.
 *  marks: id -> the paper's figures (undertrained.json's entry), or null when no list is published. */
export function describe(tokenizer, marks, text, special = false, tokenLimit = null) {
  const columns = tokenizer.columns(text, special);
  const {ids} = columns;
  const units = codePointUnits(text);
  const chars = units.length - 1;
  const shown = tokenLimit === null ? ids.length : Math.min(tokenLimit, ids.length);
  const {starts, ends, partial} = columns.spans?.(shown) ?? columns;  // the shown tokens' spans at least
  const tokens = [];
  for (let k = 0; k < shown; k++) {
    const id = ids[k];
    tokens.push({
      id, piece: tokenizer.piece(id), text: text.slice(units[starts[k]], units[ends[k]]),
      start: starts[k], end: ends[k], bytes_hex: tokenizer.bytesHex(id), partial: partial[k],
      special: columns.special?.[k] ?? false, undertrained: marks?.get(id) ?? null,
    });
  }
  const decoded = columns.decoded
    ?? tokenizer.decode(columns.special ? ids.filter((_, k) => !columns.special[k]) : ids);
  const result = {
    name: tokenizer.name,
    label: tokenizer.label,
    library: tokenizer.library,
    vocab_size: tokenizer.vocab_size,
    normalizes: tokenizer.normalizes,
  };
  // ids, starts and ends as plain arrays, a copy only where the arrays are the cache's (its next call changes them);
  // where that takes work (a typed array's values, spans not yet worked out), the first time each is read: the page
  // reads them for the batch and the replay, after a pause, and for indentation, so a key at the end of 100,000
  // emoji (250,000 tokens for GPT-4) spans and copies only what a panel draws.
  whenRead(result, "ids", () => plain(ids, columns.cached), !Array.isArray(ids));
  for (const field of ["starts", "ends"]) {
    whenRead(result, field, () => plain(columns.spans ? columns.spans()[field] : columns[field], columns.cached),
             Boolean(columns.spans));
  }
  return Object.assign(result, {
    count: ids.length,
    tokens,
    chars,
    bytes: utf8Length(text),
    chars_per_token: ids.length ? charsPerToken(chars, ids.length) : null,
    unk_count: tokenizer.unk_id === null ? 0 : countOf(ids, tokenizer.unk_id),
    undertrained_count: marks ? countMarked(ids, marks) : null,
    decoded,
    lossless: decoded === text,
  });
}

/** result[field] = make(), now or (later) the first time it is read. */
function whenRead(result, field, make, later) {
  if (!later) {
    result[field] = make();
    return;
  }
  Object.defineProperty(result, field, {
    enumerable: true, configurable: true,
    get() {
      const value = make();
      Object.defineProperty(result, field, {value, enumerable: true, writable: true, configurable: true});
      return value;
    },
  });
}
