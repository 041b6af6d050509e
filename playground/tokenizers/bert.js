// The browser twin of bert.py: WordPiece from a vocab.txt, BERT's (bert-base-uncased) or any other.
//
// The ids are the Hugging Face tokenizers Rust code's, the code transformers' BertTokenizerFast runs, here
// compiled to WebAssembly by @mlc-ai/web-tokenizers (tokenizers 0.21.1 inside), over the tokenizer.json that
// BertTokenizerFast builds from vocab.txt. (tokenizers.js is no twin: it does not split CJK ideographs beyond
// the Basic Multilingual Plane one by one.) The library gives no offsets, and BERT's pieces are lowercased and
// stripped of accents, so the spans are ours: we normalise the text one character at a time as the Rust
// BertNormalizer does, keeping which character each normalised one came from, split it into words as
// BertPreTokenizer does, and walk the library's pieces across those words.

import {CLEAN_REMOVES, COMBINING_CLASSES, NONSPACING_MARKS, PUNCTUATION} from "./bert_unicode.js";

const WHITESPACE = /\p{White_Space}/u;  // Rust's char::is_whitespace: the same property, stable since Unicode 6.3
const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;
const SPECIAL = ["[UNK]", "[SEP]", "[PAD]", "[CLS]", "[MASK]"];  // transformers' all_special_tokens for BERT

// Canonical decompositions Unicode added after the Rust crate's tables (unicode-normalization-alignments
// 0.1.12); it leaves these whole where the browser's String.prototype.normalize would take them apart.
const NEWER_DECOMPOSITIONS = new Set([0x105c9, 0x105e4, 0x11383, 0x11385, 0x1138e, 0x11391, 0x113c5, 0x113c7,
  0x113c8, 0x11938, 0x16d68, 0x16d69, 0x16d6a]);

/** "0-8 b e-1f" -> a function telling whether a code point is in those hexadecimal ranges. */
function rangeSet(text) {
  const bounds = text.trim().split(/\s+/).flatMap((r) => {
    const [a, b = a] = r.split("-");
    return [parseInt(a, 16), parseInt(b, 16)];
  });
  return (cp) => {  // binary search for the last range starting at or before cp
    let lo = 0, hi = bounds.length / 2;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (bounds[2 * mid] <= cp) lo = mid + 1; else hi = mid;
    }
    return lo > 0 && cp <= bounds[2 * lo - 1];
  };
}

const cleanRemoves = rangeSet(CLEAN_REMOVES);
const isMark = rangeSet(NONSPACING_MARKS);
const isPunctuation = rangeSet(PUNCTUATION);
const classes = Object.entries(COMBINING_CLASSES).map(([ccc, text]) => [Number(ccc), rangeSet(text)]);
const combiningClass = (cp) => (cp < 0x300 ? 0 : classes.find(([, has]) => has(cp))?.[0] ?? 0);

/** BertNormalizer's handle_chinese_chars: the ranges it pads with spaces (tokenizers' is_chinese_char). */
function isChinese(cp) {
  return (cp >= 0x4e00 && cp <= 0x9fff) || (cp >= 0x3400 && cp <= 0x4dbf) || (cp >= 0x20000 && cp <= 0x2a6df)
    || (cp >= 0x2a700 && cp <= 0x2b81f) || (cp >= 0x2b920 && cp <= 0x2ceaf) || (cp >= 0xf900 && cp <= 0xfaff)
    || (cp >= 0x2f800 && cp <= 0x2fa1f);
}

/** clean_text and handle_chinese_chars, BertNormalizer's first steps, which work on characters alone. */
function cleanChar(ch) {
  const cp = ch.codePointAt(0);
  if (cleanRemoves(cp)) return "";
  if (WHITESPACE.test(ch)) return " ";
  return isChinese(cp) ? ` ${ch} ` : ch;
}

/** NFD with the alignment the Rust crate gives it. Each character decomposes alone, its first part taking
 *  its place and the others inserted after it; canonical ordering then sorts each run of characters with a
 *  combining class by class (the crate's classes: a mark newer than its tables has none and stays put), and
 *  the places go by position: the k-th non-inserted character in the new order gets the k-th character's
 *  origin, an inserted one its predecessor's (U+116B6 U+116B7 swap, and the kept U+116B6 gets U+116B7's). */
function decompose(chars, from) {
  const parts = [];  // {c, inserted, ccc} in decomposed order
  for (const ch of chars) {
    const cp = ch.codePointAt(0);
    [...(NEWER_DECOMPOSITIONS.has(cp) ? ch : ch.normalize("NFD"))].forEach((c, j) => {
      parts.push({c, inserted: j > 0, ccc: combiningClass(c.codePointAt(0))});
    });
  }
  for (let i = 0; i < parts.length; i++) {
    if (parts[i].ccc === 0) continue;
    let j = i;
    while (j < parts.length && parts[j].ccc !== 0) j++;
    const run = parts.slice(i, j).sort((a, b) => a.ccc - b.ccc);  // Array.prototype.sort is stable
    parts.splice(i, j - i, ...run);
    i = j;
  }
  const out = {chars: [], from: []};
  let next = 0, origin = 0;
  for (const {c, inserted} of parts) {
    if (!inserted) origin = from[next++];
    out.chars.push(c);
    out.from.push(origin);
  }
  return out;
}

/** BertNormalizer's text, one entry a character, with the index in text of the character each came from:
 *  clean_text, handle_chinese_chars, then for an uncased vocabulary strip_accents (NFD, nonspacing marks
 *  dropped) and lowercase (Rust's char::to_lowercase, one character alone: no final sigma). */
function normalize(text, lowercase) {
  let normalized = {chars: [], from: []};
  let index = 0;
  for (const ch of text) {
    for (const c of cleanChar(ch)) {
      normalized.chars.push(c);
      normalized.from.push(index);
    }
    index++;
  }
  if (!lowercase) return normalized;
  const {chars, from} = decompose(normalized.chars, normalized.from);
  normalized = {chars: [], from: []};
  chars.forEach((c, k) => {
    if (isMark(c.codePointAt(0))) return;
    for (const lower of c.toLowerCase()) {
      normalized.chars.push(lower);
      normalized.from.push(from[k]);
    }
  });
  return normalized;
}

/** The words BertPreTokenizer makes of the normalised text: [{chars: [normalised character], from: [its
 *  character's index in text]}]: split at whitespace (dropped), every punctuation character a word alone. */
function words(text, lowercase) {
  const {chars, from} = normalize(text, lowercase);
  const out = [];
  let word = null;
  chars.forEach((c, k) => {
    if (WHITESPACE.test(c)) {
      word = null;
    } else if (ASCII_PUNCTUATION.test(c) || isPunctuation(c.codePointAt(0))) {
      out.push({chars: [c], from: [from[k]]});
      word = null;
    } else {
      if (word === null) out.push(word = {chars: [], from: []});
      word.chars.push(c);
      word.from.push(from[k]);
    }
  });
  return out;
}

/** vocab.txt's entries by id, as tokenizers' WordPiece reads them: one a line, trailing whitespace trimmed. */
function readVocab(bytes) {
  const lines = new TextDecoder().decode(bytes).split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines.map((line) => line.replace(/\p{White_Space}+$/u, ""));
}

/** The tokenizer.json transformers' BertTokenizerFast builds from a vocab.txt (its backend_tokenizer.to_str()),
 *  but for added_tokens: the Python layer sets split_special_tokens, so a typed "[CLS]" is text; web-tokenizers
 *  has no such switch, and a tokenizer.json without the added special tokens does the same (they stay in the
 *  vocabulary, with their ids, and decode as before). */
function tokenizerJson(pieces, lowercase) {
  const vocab = {};
  pieces.forEach((piece, id) => { vocab[piece] = id; });
  const special = (piece) => ({SpecialToken: {id: piece, type_id: 0}});
  return {
    version: "1.0", truncation: null, padding: null, added_tokens: [],
    normalizer: {type: "BertNormalizer", clean_text: true, handle_chinese_chars: true, strip_accents: null, lowercase},
    pre_tokenizer: {type: "BertPreTokenizer"},
    post_processor: {
      type: "TemplateProcessing",
      single: [special("[CLS]"), {Sequence: {id: "A", type_id: 0}}, special("[SEP]")],
      pair: [special("[CLS]"), {Sequence: {id: "A", type_id: 0}}, special("[SEP]"),
        {Sequence: {id: "B", type_id: 1}}, {SpecialToken: {id: "[SEP]", type_id: 1}}],
      special_tokens: Object.fromEntries(["[CLS]", "[SEP]"].map((piece) => [piece, {id: piece, ids: [vocab[piece]], tokens: [piece]}])),
    },
    decoder: {type: "WordPiece", prefix: "##", cleanup: true},
    model: {type: "WordPiece", unk_token: "[UNK]", continuing_subword_prefix: "##", max_input_chars_per_word: 100, vocab},
  };
}

/** web-tokenizers' Tokenizer over a tokenizer.json. The package is an Emscripten build wrapped as UMD: imported
 *  as an ES module it sets globalThis.tokenizers. Under Node (the quick check) Emscripten reads its own URL
 *  from `location`, which Node has not, so it is lent one while the WebAssembly starts. */
async function fromJSON(json) {
  const lend = typeof document === "undefined" && typeof location === "undefined";
  if (lend) globalThis.location = {href: import.meta.url};
  try {
    await import("@mlc-ai/web-tokenizers");
    return await globalThis.tokenizers.Tokenizer.fromJSON(new TextEncoder().encode(JSON.stringify(json)));
  } finally {
    if (lend) delete globalThis.location;
  }
}

export async function load(spec, files) {
  const lowercase = Boolean(spec.options.lowercase);
  const pieces = readVocab(files.vocab);
  const vocab = new Map(pieces.map((piece, id) => [piece, id]));
  const library = await fromJSON(tokenizerJson(pieces, lowercase));
  const unkId = vocab.get("[UNK]");
  const clsId = vocab.get("[CLS]") ?? unkId, sepId = vocab.get("[SEP]") ?? unkId;
  const specialIds = new Set(SPECIAL.map((piece) => vocab.get(piece) ?? unkId));
  const encoder = new TextEncoder();
  const hex = (piece) => Array.from(encoder.encode(piece), (b) => b.toString(16).toUpperCase().padStart(2, "0")).join(" ");

  /** Each token's span: a piece covers the characters its normalised characters came from; [UNK] its word. */
  function columns(text, special = false) {
    const ids = Array.from(library.encode(text));
    const starts = [], ends = [];
    let k = 0;
    for (const word of words(text, lowercase)) {
      let at = 0;
      while (at < word.chars.length) {
        if (k >= ids.length) throw new Error(`bert twin: the library's ids end before the word ${word.chars.join("")}`);
        let length = word.chars.length;  // [UNK] stands for the whole word
        if (ids[k] !== unkId) {
          const piece = [...(at ? pieces[ids[k]].replace(/^##/, "") : pieces[ids[k]])];
          if (piece.some((c, i) => word.chars[at + i] !== c)) {
            throw new Error(`bert twin: piece ${pieces[ids[k]]} does not spell word ${word.chars.join("")} at ${at}`);
          }
          length = piece.length;
        }
        starts.push(word.from[at]);
        ends.push(word.from[at + length - 1] + 1);
        at += length;
        k++;
      }
    }
    if (k !== ids.length) throw new Error(`bert twin: ${ids.length - k} ids past the last word of the text`);
    const marks = ids.map(() => false);
    if (special) {  // BertTokenizerFast's template "[CLS] $A [SEP]", [SEP]'s empty span at the end (bert.py)
      const chars = [...text].length;
      return {ids: [clsId, ...ids, sepId], starts: [0, ...starts, chars], ends: [0, ...ends, chars],
        partial: [false, ...marks, false], special: [true, ...marks, true]};
    }
    // WordPiece works on whole characters, so no token is ever partial.
    return {ids, starts, ends, partial: marks, special: marks};
  }

  return {
    name: spec.name,
    label: spec.label,
    library: "transformers",  // what the Python layer uses
    vocab_size: vocab.size,
    normalizes: lowercase,  // lowercases, strips accents: show pieces, not text
    unk_id: unkId,
    pieces,
    bytesHex: pieces.map((piece, id) => (specialIds.has(id) ? "" : hex(piece.replace(/^##/, "")))),
    columns,
    decode: (ids) => library.decode(Int32Array.from(ids)),
  };
}
