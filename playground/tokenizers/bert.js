// The browser twin of bert.py: WordPiece from a vocab.txt, BERT's (bert-base-uncased) or any other.
//
// The ids are the Hugging Face tokenizers Rust code's, the code transformers' BertTokenizerFast runs, here
// compiled to WebAssembly by @mlc-ai/web-tokenizers (tokenizers 0.21.1 inside), over the tokenizer.json that
// BertTokenizerFast builds from vocab.txt. (tokenizers.js is no twin: it does not split CJK ideographs beyond
// the Basic Multilingual Plane one by one.) The library gives no offsets, and BERT's pieces are lowercased and
// stripped of accents, so the spans are ours: we normalise the text one character at a time as the Rust
// BertNormalizer does, keeping which character each normalised one came from, split it into words as
// BertPreTokenizer does, and walk the library's pieces across those words.

import {hexBytes} from "./base.js";
import {fromJSON} from "./hf_wasm.js";
import {CLEAN_REMOVES, COMBINING_CLASSES, NONSPACING_MARKS, PUNCTUATION} from "./bert_unicode.js";
import {ChunkCache, decodeAfterLead} from "./chunks.js";
import {rangeSet, ranges} from "./unicode_ranges.js";

const WHITESPACE = /\p{White_Space}/u;  // Rust's char::is_whitespace: the same property, stable since Unicode 6.3
const SPACE = 0x20;
// A cut: before an ASCII whitespace character. BertNormalizer changes each character alone but for canonical
// ordering, which reorders only runs of combining marks (a space is none); BertPreTokenizer splits words there; and
// WordPiece works on each word alone. So the tokens of a text are those of the text before it and after it. The
// WordPiece decoder gives each token its text alone (a space before it, or its "##" dropped, then its clean-up),
// but for the text's first token: a chunk after some token decodes as after any other.
const CUT_BEFORE_WHITESPACE = /(?=[\t\n\r ])/;
const SPECIAL = ["[UNK]", "[SEP]", "[PAD]", "[CLS]", "[MASK]"];  // transformers' all_special_tokens for BERT

// Canonical decompositions Unicode added after the Rust crate's tables (unicode-normalization-alignments
// 0.1.12); it leaves these whole where the browser's String.prototype.normalize would take them apart.
const NEWER_DECOMPOSITIONS = new Set([0x105c9, 0x105e4, 0x11383, 0x11385, 0x1138e, 0x11391, 0x113c5, 0x113c7,
  0x113c8, 0x11938, 0x16d68, 0x16d69, 0x16d6a]);

const cleanRemoves = rangeSet(CLEAN_REMOVES);
const isMark = rangeSet(NONSPACING_MARKS);
const isPunctuation = rangeSet(PUNCTUATION);
const combiningClass = new Map();  // code point -> its class, for the 810 that have one
for (const [ccc, text] of Object.entries(COMBINING_CLASSES)) {
  for (const [a, b] of ranges(text)) for (let cp = a; cp <= b; cp++) combiningClass.set(cp, Number(ccc));
}

/** BertNormalizer's handle_chinese_chars: the ranges it pads with spaces (tokenizers' is_chinese_char). */
function isChinese(cp) {
  return (cp >= 0x4e00 && cp <= 0x9fff) || (cp >= 0x3400 && cp <= 0x4dbf) || (cp >= 0x20000 && cp <= 0x2a6df)
    || (cp >= 0x2a700 && cp <= 0x2b81f) || (cp >= 0x2b920 && cp <= 0x2ceaf) || (cp >= 0xf900 && cp <= 0xfaff)
    || (cp >= 0x2f800 && cp <= 0x2fa1f);
}

const isWhitespace = (cp) => cp === SPACE || (cp >= 9 && cp <= 13)
  || (cp >= 0x85 && WHITESPACE.test(String.fromCodePoint(cp)));

/** BertPreTokenizer's punctuation: ASCII's, and the crate's Unicode punctuation. */
const isBertPunctuation = (cp) => (cp >= 0x21 && cp <= 0x2f) || (cp >= 0x3a && cp <= 0x40) || (cp >= 0x5b && cp <= 0x60)
  || (cp >= 0x7b && cp <= 0x7e) || (cp >= 0xa1 && isPunctuation(cp));

/** f(cp) for a code point, worked out once for each (texts repeat their characters). */
function memo(f) {
  const known = new Map();
  return (cp) => {
    let value = known.get(cp);
    if (value === undefined) known.set(cp, value = f(cp));
    return value;
  };
}

/** The code points of what f makes of the character cp alone. */
const ofCharacter = (f) => (cp) => Array.from(f(String.fromCodePoint(cp)), (c) => c.codePointAt(0));

const nfd = memo(ofCharacter((ch) => ch.normalize("NFD")));
const toLowercase = memo(ofCharacter((ch) => ch.toLowerCase()));  // alone (Rust's char::to_lowercase): no final sigma

/** NFD with the alignment the Rust crate gives it, over code points cps, from[k] the origin of cps[k]. Each
 *  character decomposes alone, its first part taking its place and the others inserted after it; canonical
 *  ordering then sorts each run of characters with a combining class by class (the crate's classes: a mark
 *  newer than its tables has none and stays put), and the places go by position: the k-th non-inserted
 *  character in the new order gets the k-th character's origin, an inserted one its predecessor's (U+116B6
 *  U+116B7 swap, and the kept U+116B6 gets U+116B7's origin). */
function decompose(cps, from) {
  const parts = [], inserted = [], classes = [];  // in decomposed order
  for (const cp of cps) {
    if (cp < 0xc0 || NEWER_DECOMPOSITIONS.has(cp)) {  // nothing below U+00C0 decomposes
      parts.push(cp);
      inserted.push(false);
      classes.push(combiningClass.get(cp) ?? 0);
      continue;
    }
    nfd(cp).forEach((part, k) => {
      parts.push(part);
      inserted.push(k > 0);
      classes.push(combiningClass.get(part) ?? 0);
    });
  }
  for (let i = 0; i < parts.length; i++) {
    let j = i;
    while (j < parts.length && classes[j] !== 0) j++;
    if (j - i > 1) {  // Array.prototype.sort is stable, as canonical ordering must be
      const order = Array.from({length: j - i}, (_, k) => i + k).sort((a, b) => classes[a] - classes[b]);
      const [p, n] = [order.map((k) => parts[k]), order.map((k) => inserted[k])];
      for (let k = i; k < j; k++) [parts[k], inserted[k]] = [p[k - i], n[k - i]];
    }
    i = j;
  }
  const origins = [];
  let next = 0, origin = 0;
  for (let k = 0; k < parts.length; k++) {
    if (!inserted[k]) origin = from[next++];
    origins.push(origin);
  }
  return {cps: parts, from: origins};
}

/** BertNormalizer's text as code points, with the index in text of the character each came from: clean_text
 *  (controls dropped, whitespace made a space), handle_chinese_chars (a space each side of an ideograph),
 *  then for an uncased vocabulary strip_accents (NFD, nonspacing marks dropped) and lowercase (Rust's
 *  char::to_lowercase: one character alone, so no final sigma). */
function normalize(text, lowercase) {
  let cps = [], from = [];
  let index = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0);
    if (cp > SPACE && cp < 0x7f) {  // printable ASCII: kept as it is
      cps.push(cp);
      from.push(index);
    } else if (isWhitespace(cp) && !cleanRemoves(cp)) {  // U+0085 is both, and dropped
      cps.push(SPACE);
      from.push(index);
    } else if (isChinese(cp)) {
      cps.push(SPACE, cp, SPACE);
      from.push(index, index, index);
    } else if (!cleanRemoves(cp)) {
      cps.push(cp);
      from.push(index);
    }
    index++;
  }
  if (!lowercase) return {cps, from};
  const decomposed = decompose(cps, from);
  cps = [];
  from = [];
  decomposed.cps.forEach((cp, k) => {
    if (cp >= 0x300 && isMark(cp)) return;
    if (cp < 0x80) {
      cps.push(cp >= 0x41 && cp <= 0x5a ? cp + 32 : cp);
      from.push(decomposed.from[k]);
      return;
    }
    for (const lower of toLowercase(cp)) {
      cps.push(lower);
      from.push(decomposed.from[k]);
    }
  });
  return {cps, from};
}

/** The words BertPreTokenizer makes of the normalised text, split at whitespace (dropped), every punctuation
 *  character a word alone: {cps, from} without the whitespace, and where each word starts in them (and ends). */
function words(text, lowercase) {
  const normalized = normalize(text, lowercase);
  const cps = [], from = [], starts = [];
  let inWord = false;
  normalized.cps.forEach((cp, k) => {
    if (isWhitespace(cp)) {
      inWord = false;
      return;
    }
    const punctuation = isBertPunctuation(cp);
    if (punctuation || !inWord) starts.push(cps.length);
    inWord = !punctuation;
    cps.push(cp);
    from.push(normalized.from[k]);
  });
  starts.push(cps.length);
  return {cps, from, starts};
}

// A word longer than this, normalised, is one [UNK] whatever it holds (max_input_chars_per_word, tokenizerJson's).
const MAX_WORD_CHARS = 100;

/** How many characters code point cp becomes in a word of the normalised text, counted alone: 0 if it is dropped
 *  (a control, a format character such as U+200D, a nonspacing mark stripped with the accents); -1 if it may end a
 *  word (whitespace, punctuation, an ideograph, as its normalised form) or change a neighbour (one that decomposes,
 *  or with a combining class: canonical ordering moves it), which words() must see. Others normalise alone, each
 *  to its own place: a run of them is one word, of the sum of their counts, spanning its first kept to its last. */
function wordChars(lowercase) {
  return memo((cp) => {
    if (cp > SPACE && cp < 0x7f) return isBertPunctuation(cp) ? -1 : 1;  // printable ASCII, lowercased alone
    if ((isWhitespace(cp) && !cleanRemoves(cp)) || isChinese(cp)) return -1;
    if (cleanRemoves(cp)) return 0;
    if (!lowercase) return isBertPunctuation(cp) ? -1 : 1;
    const parts = cp < 0xc0 || NEWER_DECOMPOSITIONS.has(cp) ? [cp] : nfd(cp);
    if (parts.length !== 1 || parts[0] !== cp || combiningClass.has(cp)) return -1;
    if (cp >= 0x300 && isMark(cp)) return 0;
    return toLowercase(cp).length;  // letters lowercase to letters (and U+0307): no whitespace or punctuation
  });
}

/** The span of text's one word when text is a word longer than MAX_WORD_CHARS, normalised, of characters that
 *  each normalise alone (wordChars): [start, end) in code points, WordPiece's [UNK] for the whole word, with no
 *  need to normalise the text or ask the library. Else null. A key at the end of 100,000 emoji (one word) costs a
 *  walk through its characters, not a normalisation of them all and the library's. */
function longWordSpan(text, charsOf) {
  let count = 0, first = -1, last = -1, index = 0;
  for (const ch of text) {
    const chars = charsOf(ch.codePointAt(0));
    if (chars < 0) return null;
    if (chars > 0) {
      if (first < 0) first = index;
      last = index;
      count += chars;
    }
    index++;
  }
  return count > MAX_WORD_CHARS ? [first, last + 1] : null;
}

/** Where in cps the piece's characters, from its UTF-16 index u on, end, if cps spell them from `at`; else -1. */
function spelled(piece, u, cps, at, end) {
  let k = at;
  while (u < piece.length) {
    const cp = piece.codePointAt(u);
    if (k >= end || cps[k] !== cp) return -1;
    u += cp > 0xffff ? 2 : 1;
    k++;
  }
  return k;
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
      special_tokens: Object.fromEntries(["[CLS]", "[SEP]"].map((piece) => [
        piece, {id: piece, ids: [vocab[piece]], tokens: [piece]}])),
    },
    decoder: {type: "WordPiece", prefix: "##", cleanup: true},
    model: {
      type: "WordPiece", unk_token: "[UNK]", continuing_subword_prefix: "##", max_input_chars_per_word: MAX_WORD_CHARS,
      vocab,
    },
  };
}

export async function load(spec, files) {
  const lowercase = Boolean(spec.options.lowercase);
  const pieces = readVocab(files.vocab);
  const vocab = new Map(pieces.map((piece, id) => [piece, id]));
  const library = await fromJSON(new TextEncoder().encode(JSON.stringify(tokenizerJson(pieces, lowercase))));
  const unkId = vocab.get("[UNK]");
  const clsId = vocab.get("[CLS]") ?? unkId, sepId = vocab.get("[SEP]") ?? unkId;
  const specialIds = new Set(SPECIAL.map((piece) => vocab.get(piece) ?? unkId));
  const encoder = new TextEncoder();
  const hex = (piece) => hexBytes(encoder.encode(piece));

  const charsOf = wordChars(lowercase);
  /** Each token's span: a piece covers the characters its normalised characters came from; [UNK] its word. */
  function columnsOf(text) {
    const long = unkId === undefined ? null : longWordSpan(text, charsOf);
    if (long) return {ids: [unkId], starts: [long[0]], ends: [long[1]], partial: [false]};
    const ids = Array.from(library.encode(text));
    const {cps, from, starts: wordStarts} = words(text, lowercase);
    const starts = [], ends = [];
    let k = 0;
    for (let w = 0; w + 1 < wordStarts.length; w++) {
      const end = wordStarts[w + 1];
      for (let at = wordStarts[w]; at < end; k++) {
        const word = () => String.fromCodePoint(...cps.slice(wordStarts[w], end));
        if (k >= ids.length) throw new Error(`bert twin: the library's ids end before the word ${word()}`);
        let next = end;  // [UNK] stands for the whole word
        if (ids[k] !== unkId) {
          const piece = pieces[ids[k]];
          next = spelled(piece, at > wordStarts[w] && piece.startsWith("##") ? 2 : 0, cps, at, end);
          if (next <= at) throw new Error(`bert twin: piece ${piece} does not spell ${word()} where it stands`);
        }
        starts.push(from[at]);
        ends.push(from[next - 1] + 1);
        at = next;
      }
    }
    if (k !== ids.length) throw new Error(`bert twin: ${ids.length - k} ids past the last word of the text`);
    // WordPiece works on whole characters, so no token is ever partial.
    return {ids, starts, ends, partial: ids.map(() => false)};
  }
  const decode = (ids) => library.decode(Int32Array.from(ids));
  const chunks = new ChunkCache(columnsOf, decodeAfterLead(decode, vocab.get("a") ?? unkId));

  function columns(text, special = false) {
    const {ids, starts, ends, partial: marks, decoded, cached} = chunks.columns(text, CUT_BEFORE_WHITESPACE);
    if (special) {  // BertTokenizerFast's template "[CLS] $A [SEP]", [SEP]'s empty span at the end (bert.py)
      const chars = [...text].length;
      return {ids: [clsId, ...ids, sepId], starts: [0, ...starts, chars], ends: [0, ...ends, chars],
        partial: [false, ...marks, false], special: [true, ...marks, true], decoded};
    }
    return {ids, starts, ends, partial: marks, special: marks, decoded, cached};
  }

  return {
    name: spec.name,
    label: spec.label,
    library: "transformers",  // what the Python layer uses
    vocab_size: vocab.size,
    normalizes: lowercase,  // lowercases, strips accents: show pieces, not text
    unk_id: unkId,
    piece: (id) => pieces[id],
    bytesHex: (id) => (specialIds.has(id) ? "" : hex(pieces[id].replace(/^##/, ""))),
    columns,
    decode,
  };
}
