// The browser twin of hf_tokenizers.py (and llama3.py): a byte-level BPE tokenizer.json with no normaliser,
// through the Hugging Face tokenizers Rust crate itself in WebAssembly (hf_wasm.js), so the split pattern runs
// on Oniguruma as in Python: a JavaScript regex port is not the same (JS's \s has U+FEFF and lacks U+0085).
//
// One difference is left, in the crate's build, not here: its Oniguruma (6.9.8) has Unicode 14's tables and
// Python's (6.9.10) Unicode 16's, so a letter or digit new since (CJK extensions H and I, Egyptian hieroglyphs
// extension A, Kawi, Garay, Todhri, the new digits) is not \p{L} or \p{N} here and may split differently.
//
// Ids and decode are the crate's. Spans come from each token's byte length, as in Python; pieces are the
// file's own entries, and what each stands for is unspelled from GPT-2's byte spelling ("Ġ" -> 0x20).

import {fromJSON} from "./hf_wasm.js";
import {hexBytes} from "./base.js";
import {ChunkCache, CUT_AT_SPACES, decodeBySpelling} from "./chunks.js";
import {gpt2ByteSpelling, spansWhenAsked} from "./spans.js";
import {hasLongRun, longRunEncoder, splitRegex} from "./tiktoken_long.js";

// The pre-tokenisers whose splits have tiktoken's cut before a space (tiktoken_bpe.js): a Split by one of those
// patterns (Llama 3's is cl100k's, spelled with greedy quantifiers and \s+ for \s++$|...|\s, which matches
// the same) into a byte-level step that adds no space and splits no further. With no normaliser and no added
// token left to match (specialsAsText), the crate's BPE then merges each piece alone.
const PATTERNS_CUT_AT_SPACES = new Set([
  "(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}{1,3}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+",
]);

/** Whether json's pre-tokeniser cuts where CUT_AT_SPACES does (see PATTERNS_CUT_AT_SPACES). */
function cutsAtSpaces(json) {
  const [split, byteLevel, ...more] = json.pre_tokenizer?.type === "Sequence" ? json.pre_tokenizer.pretokenizers : [];
  return more.length === 0 && split?.type === "Split" && PATTERNS_CUT_AT_SPACES.has(split.pattern?.Regex)
    && split.behavior === "Isolated" && !split.invert && byteLevel?.type === "ByteLevel"
    && !byteLevel.add_prefix_space && !byteLevel.use_regex && json.normalizer === null && json.added_tokens.length === 0;
}

const BYTE_PIECE = /^<0x([0-9A-F]{2})>$/;  // a byte-fallback piece: "<0xE0>" stands for the byte E0
const SPACE_MARK = "\u2581";  // "▁": how Metaspace (SentencePiece-style) pieces write a space
const encoder = new TextEncoder();

/** id -> vocabulary entry, as the crate's id_to_token gives it: an added token's content over the model's. */
function readPieces(json) {
  const pieces = [];
  for (const piece in json.model.vocab) pieces[json.model.vocab[piece]] = piece;
  for (const added of json.added_tokens) pieces[added.id] = added.content;
  return Array.from(pieces, (piece) => piece ?? "");  // an id nothing names: "", as Python's `or ""`
}

/** The file as the crate should read it here: every added token the model lacks made a model entry under its
 *  own id, and only the non-special ones kept as added tokens. Python sets encode_special_tokens = True
 *  ("<|begin_of_text|>" typed by a person is text), which this build of the crate cannot be told: an entry only
 *  the model holds is never matched before the split, and no merge makes it, so typed it is split and merged
 *  as any text, while id_to_token and decode still know it. The non-special ones are model entries too so that
 *  the crate gives them the file's ids (it numbers added tokens from the model's size). browser.py declares a
 *  twin only where the model can emit no such entry (none a single character, and with ignore_merges none the
 *  pre-tokeniser cuts out whole). */
function specialsAsText(json) {
  if (json.model.type !== "BPE") throw new Error(`hf_tokenizers twin: a ${json.model.type} model; only BPE runs here`);
  const vocab = json.model.vocab;  // changed in place: a copy of 128,000 entries costs seconds
  for (const added of json.added_tokens) if (!Object.hasOwn(vocab, added.content)) vocab[added.content] = added.id;
  json.added_tokens = json.added_tokens.filter((added) => !added.special);
  return json;
}

/** Whether a text with a long run may be merged in JavaScript (tiktoken_long.js, with the file's merges): a
 *  byte-level BPE split as tiktoken splits (cutsAtSpaces), that takes a piece in its vocabulary whole, with nothing
 *  else of the crate's BPE in play. The crate merges a piece of 100,000 emoji in 225 ms, and every key again. */
function mergesInJavaScript(json) {
  const model = json.model;
  return cutsAtSpaces(json) && model.ignore_merges === true && !model.dropout && !model.byte_fallback
    && !model.continuing_subword_prefix && !model.end_of_word_suffix;
}

export async function load(spec, files) {
  const json = JSON.parse(new TextDecoder().decode(files.tokenizer));
  const added = new Map(json.added_tokens.map((token) => [token.id, token]));
  const pieces = readPieces(json);
  const library = await fromJSON(encoder.encode(JSON.stringify(specialsAsText(json))));
  // The merges are read when a text first has a long run (280,000 for Llama 3: not on the way to the first paint); the
  // file's list is all these closures keep of json.
  const longRuns = mergesInJavaScript(json) && {pattern: json.pre_tokenizer.pretokenizers[0].pattern.Regex,
    merges: json.model.merges, encode: null};
  const vocabSize = library.getVocabSize();
  const byteOf = new Int16Array(0x144).fill(-1);  // UTF-16 unit -> the byte it spells, or -1 (all below U+0144)
  gpt2ByteSpelling().forEach((ch, b) => { byteOf[ch.charCodeAt(0)] = b; });

  const prefix = json.model.continuing_subword_prefix;  // read here: the closures below keep nothing of json

  /** What a vocabulary entry stands for: GPT-2-spelled bytes ("Ġ" -> 0x20), a <0x..> byte, or text. */
  function pieceBytes(piece) {
    const spelled = [];
    for (let k = 0; k < piece.length && spelled.length === k; k++) {
      const b = byteOf[piece.charCodeAt(k)] ?? -1;
      if (b >= 0) spelled.push(b);
    }
    if (spelled.length === piece.length) return spelled;
    const match = BYTE_PIECE.exec(piece);
    if (match) return [parseInt(match[1], 16)];
    const text = prefix && piece.startsWith(prefix) ? piece.slice(prefix.length) : piece;
    return Array.from(encoder.encode(text.replaceAll(SPACE_MARK, " ")));
  }
  const tokenBytes = pieces.map((piece, id) => added.get(id)?.special ? []
    : added.has(id) ? Array.from(encoder.encode(added.get(id).content)) : pieceBytes(piece));
  const byteLengths = Int32Array.from(tokenBytes, (bytes) => bytes.length);
  const unkToken = json.model.unk_token;
  // Emscripten hands the crate's string over in pieces cut at each NUL, through TextDecoder, which drops a
  // U+FEFF at the start of each as a byte-order mark. So decode runs on the ids cut after each token ending in
  // a NUL byte (a byte-level decode of the parts joined is the decode of the whole: a NUL ends any character),
  // each part after one ASCII character's token, which is cut off again. (A token with a NUL inside followed
  // by U+FEFF's bytes would still lose it: Llama 3 has none; 188 is the NUL alone.)
  const lead = tokenBytes.findIndex((bytes, id) => bytes.length === 1 && bytes[0] < 0x80 && !added.has(id));
  const endsInNul = tokenBytes.map((bytes) => bytes.at(-1) === 0);
  function decode(ids) {
    let text = "", part = [lead];
    for (const id of ids) {
      part.push(id);
      if (endsInNul[id]) text += library.decode(Int32Array.from(part)).slice(1), part = [lead];
    }
    return text + library.decode(Int32Array.from(part)).slice(1);
  }
  const beginOfText = spec.options.begin_of_text ?? null;  // llama3.py puts it first when special tokens are asked

  let tokenUint8s = null;
  /** id -> a Uint8Array of what the token stands for (undefined: a special token), made when first asked for: when a
   *  text first has a long chunk (128,000 of them for Llama 3: not on the way to the first paint). */
  const bytesTable = () => (tokenUint8s ??= tokenBytes.map((bytes, id) =>
    (added.get(id)?.special ? undefined : Uint8Array.from(bytes))));

  /** tiktoken_long.js's encoder with the file's split pattern and merges (the model's entries, by id). */
  function encoderOfLongRuns() {
    const idOf = new Map(pieces.map((piece, id) => [piece, id]));
    const merges = longRuns.merges.map((merge) => (typeof merge === "string" ? merge.split(" ") : merge)
      .map((piece) => idOf.get(piece)));
    return longRunEncoder(bytesTable(), splitRegex(longRuns.pattern), merges);
  }

  /** Ids and spans of text: a byte-level BPE covers the text's UTF-8 exactly, so spans come from byte lengths.
   *  browser.py declares a twin only where the post-processor adds nothing, so special changes only
   *  <|begin_of_text|> in front, covering no character. */
  function columnsOf(text) {
    const ids = longRuns && hasLongRun(text) ? (longRuns.encode ??= encoderOfLongRuns())(text) : library.encode(text);
    return {ids, spans: spansWhenAsked(text, ids, byteLengths)};
  }
  // A byte-level decoder gives the bytes of the tokens one after another: a chunk's are its whole characters.
  const chunks = cutsAtSpaces(json) && json.decoder?.type === "ByteLevel"
    ? new ChunkCache(columnsOf, decodeBySpelling(decode, bytesTable)) : null;
  function columns(text, special = false) {
    const columns = chunks ? chunks.columns(text, CUT_AT_SPACES) : columnsOf(text);
    if (special && beginOfText !== null) {  // new arrays: the chunks' are the cache's own
      const {ids, decoded} = columns, {starts, ends, partial} = columns.spans?.() ?? columns;
      return {ids: [beginOfText, ...ids], starts: [0, ...starts], ends: [0, ...ends], partial: [false, ...partial],
              special: [true, ...new Array(ids.length).fill(false)], decoded};
    }
    return columns;
  }

  return {
    name: spec.name,
    label: spec.label,
    library: "tokenizers",
    vocab_size: vocabSize,
    normalizes: false,
    unk_id: unkToken ? json.model.vocab[unkToken] ?? null : null,
    piece: (id) => pieces[id],
    bytesHex: (id) => hexBytes(tokenBytes[id]),
    columns,
    decode,
  };
}
