// The browser twin of tiktoken_bpe.py and gpt2.py: byte-level BPE through tiktoken's own Rust core compiled
// to WebAssembly (the npm package `tiktoken`), for GPT-2, cl100k_base, o200k_base and a registered rank file.
//
// The split pattern and special tokens are tiktoken's own, read by browser.py from the Python spec into
// spec.options: a plain JavaScript regex port of the pattern is not the same (JS's \s is not Rust's: " \u0085",
// "a\ufeffb" split differently; tiktoken_long.js, for texts with a long run, carries it over with care). A token stands for bytes, so its span comes from its byte length (spans.js);
// pieces are spelled as GPT-2's vocabulary spells them ("Ġworld"), a special token by its name.

import {init, Tiktoken} from "tiktoken/lite/init";
// a URL relative to this module, and the core's sha256, checked before it runs (scripts/build_browser.mjs)
import wasmFile, {sha256 as wasmSha256} from "tiktoken/lite/tiktoken_bg.wasm";
import {hexBytes} from "./base.js";
import {gpt2ByteSpelling, spansWhenAsked} from "./spans.js";
import {ChunkCache, CUT_AT_SPACES, decodeBySpelling} from "./chunks.js";
import {hasLongRun, longRunEncoder, splitRegex} from "./tiktoken_long.js";
import {instantiateUrl} from "./wasm_file.js";

// tiktoken's split patterns (GPT-2's, cl100k's, o200k's, as tiktoken 0.12 spells them) have a cut before every
// space that follows a character that is not whitespace: encode_ordinary(text) is encode_ordinary of the text
// before it followed by encode_ordinary of the text after it. No alternative matches a character that is not
// whitespace followed by a space (a space only starts a piece, or sits in a run of whitespace), so the piece
// holding the character ends there and the next starts at the space; every match that ends before the cut looks
// at most at the space after it (a lookahead (?!\S), a greedy run that stops), which is there in both; nothing
// looks behind (no lookbehind, ^ or \b) and $ follows only \s, which cannot end at the cut. Each piece is then
// merged alone. tests/test_twin_tiktoken.py checks that the encodings' patterns are these. CUT_AT_SPACES finds them.
export const PATTERNS_CUT_AT_SPACES = new Set([
  "'(?:[sdmt]|ll|ve|re)| ?\\p{L}++| ?\\p{N}++| ?[^\\s\\p{L}\\p{N}]++|\\s++$|\\s+(?!\\S)|\\s",
  "'(?i:[sdmt]|ll|ve|re)|[^\\r\\n\\p{L}\\p{N}]?+\\p{L}++|\\p{N}{1,3}+| ?[^\\s\\p{L}\\p{N}]++[\\r\\n]*+|\\s++$|\\s*[\\r\\n]|\\s+(?!\\S)|\\s",
  "[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]*[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?|" +
    "[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]+[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?|" +
    "\\p{N}{1,3}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n/]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+",
]);


let wasmReady = null;

/** tiktoken's WebAssembly core, instantiated once for every encoding. */
function initWasm() {
  wasmReady ??= init((imports) => instantiateUrl(new URL(wasmFile, import.meta.url), wasmSha256, imports)).catch((error) => {
    wasmReady = null;  // a failed fetch may be tried again, as registry.js tries a failed load again
    throw error;
  });
  return wasmReady;
}

/** tiktoken's data_gym_to_mergeable_bpe_ranks on GPT-2's vocab.bpe: id -> the bytes it stands for. The 256
 *  single bytes come first, printable ones first; then each merge "a b" in order, ranked by its line.
 *  (tiktoken also checks the result against encoder.json; the Python layer does so at every load, and the
 *  browser checks this vocab.bpe's sha256, so it is the file that check passed on.) Read character by character
 *  through a table: splitting 50,000 lines into arrays of characters took 100 ms of the page's first paint. */
export function dataGymRanks(vocabBpe) {
  const spelling = gpt2ByteSpelling();
  const byteOf = new Int16Array(512).fill(-1);  // a spelling's char code -> its byte (they are all below 512)
  spelling.forEach((ch, b) => { byteOf[ch.charCodeAt(0)] = b; });
  const order = [...spelling.keys()].sort((a, b) => spelling[a].charCodeAt(0) - spelling[b].charCodeAt(0));
  const tokens = order.map((b) => Uint8Array.of(b));
  const text = new TextDecoder().decode(vocabBpe);
  const word = new Uint8Array(256);  // the bytes of the merge being read (a merge is far shorter)
  let n = 0;
  // a "#version" line first, a final newline last; on every other line a merge "a b": its bytes are a's then b's
  for (let at = text.indexOf("\n") + 1; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === 0x0a) {
      tokens.push(word.slice(0, n));
      n = 0;
    } else if (code !== 0x20) {
      const b = code < 512 ? byteOf[code] : -1;
      if (b < 0) throw new Error(`vocab.bpe: ${JSON.stringify(text[at])} spells no byte (at character ${at})`);
      word[n++] = b;
    }
  }
  return tokens;
}

function base64Bytes(text) {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A .tiktoken rank file ("base64-token rank" per line, as tiktoken's reader splits it) as id -> bytes; ids no
 *  line names (cl100k's gaps) stay undefined. */
function rankFileTokens(text) {
  const tokens = [];
  for (const line of text.split("\n")) {
    const [token, rank] = line.split(" ");
    if (token) tokens[Number(rank)] = base64Bytes(token);
  }
  return tokens;
}

const BASE64 = new TextEncoder().encode("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/");
const PAD = 0x3d, SPACE = 0x20, NEWLINE = 0x0a, DIGIT_0 = 0x30;

/** id -> bytes as a .tiktoken rank file, the form tiktoken's WebAssembly constructor reads: written as bytes into
 *  one buffer, then read as one string (btoa on each of 50,000 tokens took 40 ms of the first paint). */
function rankFileText(tokens) {
  let size = 0;
  tokens.forEach((bytes, rank) => { size += 4 * Math.ceil(bytes.length / 3) + String(rank).length + 2; });
  const out = new Uint8Array(size);
  let at = 0;
  tokens.forEach((bytes, rank) => {
    for (let i = 0; i < bytes.length; i += 3) {  // base64, as btoa writes it
      const rest = bytes.length - i;
      const triple = (bytes[i] << 16) | ((rest > 1 ? bytes[i + 1] : 0) << 8) | (rest > 2 ? bytes[i + 2] : 0);
      out[at++] = BASE64[triple >> 18];
      out[at++] = BASE64[(triple >> 12) & 63];
      out[at++] = rest > 1 ? BASE64[(triple >> 6) & 63] : PAD;
      out[at++] = rest > 2 ? BASE64[triple & 63] : PAD;
    }
    out[at++] = SPACE;
    for (const digit of String(rank)) out[at++] = DIGIT_0 + Number(digit);
    out[at++] = NEWLINE;
  });
  return new TextDecoder().decode(out.subarray(0, at - 1));  // no newline after the last line, as "\n".join writes
}

/** bytes.decode("utf-8", "replace") as Python does it: one U+FFFD per maximal invalid subsequence (the
 *  WHATWG decoder's rule too), and a leading byte order mark kept, not dropped. */
const utf8 = new TextDecoder("utf-8", {ignoreBOM: true});

export async function load(spec, files) {
  await initWasm();
  const {pat_str: pattern, special_tokens: specialTokens} = spec.options;
  let tokens, rankText;
  if (files.vocab_bpe) {  // GPT-2's data-gym files, converted as tiktoken does
    tokens = dataGymRanks(files.vocab_bpe);
    rankText = rankFileText(tokens);
  } else {
    rankText = new TextDecoder().decode(files.ranks);
    tokens = rankFileTokens(rankText);
  }
  const encoding = new Tiktoken(rankText, specialTokens, pattern);
  const split = splitRegex(pattern);
  let encodeLong = null;  // tiktoken_long.js's encoder, made the first time a text has a long run
  // n_vocab as tiktoken counts it: the largest id, special or not, plus one.
  const vocabSize = Math.max(tokens.length - 1, ...Object.values(specialTokens)) + 1;
  const specialName = new Map(Object.entries(specialTokens).map(([name, id]) => [id, name]));
  const spelling = gpt2ByteSpelling();
  const byteLength = new Int32Array(vocabSize);
  // A special token and an id the encoding skips stand for no bytes (tiktoken_bpe.py's _token_bytes).
  const bytesOf = (id) => (specialName.has(id) ? [] : tokens[id] ?? []);
  for (let id = 0; id < vocabSize; id++) byteLength[id] = bytesOf(id).length;
  const pieceOf = [];  // id -> piece(id), for the tokens shown only (all of GPT-2's at load: 40 ms of the first paint)
  const piece = (id) => (pieceOf[id] ??= specialName.get(id) ?? Array.from(bytesOf(id), (b) => spelling[b]).join(""));
  /** ids of text as tiktoken encodes it whole, and their spans when asked for. */
  function columnsOf(text) {
    // A text with a long run is encoded in JavaScript: the core's merge of a long piece takes minutes.
    const ids = hasLongRun(text) ? (encodeLong ??= longRunEncoder(tokens, split))(text)
                                 : encoding.encode_ordinary(text);
    return {ids, spans: spansWhenAsked(text, ids, byteLength)};
  }
  const decode = (ids) => utf8.decode(encoding.decode(Uint32Array.from(ids)));
  // A chunk's tokens stand for its UTF-8, whole characters: the text's bytes are the chunks' one after another.
  const decodeChunk = decodeBySpelling(decode, () => tokens);  // no special token's id is in a chunk: encode_ordinary
  const chunks = PATTERNS_CUT_AT_SPACES.has(pattern) ? new ChunkCache(columnsOf, decodeChunk) : null;
  const hexOf = [];  // id -> bytesHex(id), as the tokens shown ask for them

  return {
    name: spec.name,
    label: spec.label,
    library: "tiktoken",
    vocab_size: vocabSize,
    normalizes: false,
    unk_id: null,  // byte-level: every byte has a token, so nothing is unknown
    piece,
    bytesHex: (id) => (hexOf[id] ??= hexBytes(bytesOf(id))),  // for the tokens shown only, each id once
    columns(text) {
      // encode_ordinary: "<|endoftext|>" typed by a person is text, not the special token; and these
      // encodings add no special tokens around a text, so `special` changes nothing here.
      return chunks ? chunks.columns(text, CUT_AT_SPACES) : columnsOf(text);
    },
    decode,
  };
}
