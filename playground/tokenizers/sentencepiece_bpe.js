// The browser twin of sentencepiece_bpe.py: Llama 2, Mistral 7B and Gemma (BPE with byte fallback), and
// any registered .model file whose spans come from its pieces' bytes, through Google's sentencepiece
// compiled to WebAssembly (@sctg/sentencepiece-js, the C++ library itself, run by emscripten).
//
// The package binds encode (ids, pieces), decode and PieceToId, but not IdToPiece nor the piece types;
// those are read here from the .model file itself (a protobuf: ModelProto in sentencepiece_model.proto),
// as sentencepiece reads them. Spans come from the pieces' byte lengths, as in the Python layer: the
// normaliser is the identity and byte fallback spells every character (browser.py declares a twin only then).

import {SentencePieceProcessor} from "@sctg/sentencepiece-js";
import {HEX_BYTE} from "./base.js";
import {ChunkCache, decodeAfterLead} from "./chunks.js";
import {mergedAround} from "./merge_around.js";
import {spansFromByteLengths} from "./spans.js";

const SPACE_MARK = "\u2581";  // "▁": how SentencePiece writes a space inside a piece
// SentencePiece.Type in sentencepiece_model.proto; a piece without one is NORMAL
const NORMAL = 1, UNKNOWN = 2, CONTROL = 3, USER_DEFINED = 4, UNUSED = 5, BYTE = 6;
// A chunk this long (UTF-16 units) is remembered, and the next one like it merged again around what changed.
const LONG_CHUNK = 1024;

const utf8 = new TextDecoder("utf-8", {ignoreBOM: true});  // a piece may be "\ufeff" itself

// A cut: before a space that follows a character other than a space or "▁", with a character after it. The text
// reaches the BPE as "▁"s for spaces, and every merge makes a piece of the model; where no piece has "▁" after
// another character (cutsAtSpaces), no symbol ever spans that place, so the merges on each side never meet and
// the tokens are those of each side alone: the text before, and "▁" with the rest (the dummy prefix of the text
// after the space, where the model adds one). Decoding gives each token its text alone, but for a "▁" that starts
// the text's first token (the dummy prefix, dropped): any chunk but the first decodes as after any other token.
const CUT_BEFORE_SPACES = /(?<=[^ \u2581])(?= [^])/u;
const cutsAtSpaces = (pieces) => !pieces.some((piece) => /[^\u2581]\u2581/u.test(piece));
const LEAD = "a";  // an ordinary piece of one character, decoded before a chunk and cut off again

// A cut on both sides of a character that no piece of two characters or more holds (most emoji for Llama 2): a merge
// across either side would make a piece with that character and its neighbour in it. So the tokens of a text are
// those of the text before such a character followed by those of the text from it on, and those of the text up to
// it followed by those of the text after it. A chunk that starts there (not with a space) is encoded after a
// character in no piece at all (ALONE), whose tokens (a dummy-prefix "▁" and its bytes) are cut off again: the model
// adds its dummy prefix to a text, not to a chunk.
const ALONE = "\ue000";  // private use: checked at load to be in no piece

/** The cuts for a model whose pieces are `pieces`: before a space (CUT_BEFORE_SPACES) and on both sides of each
 *  character in no piece of two characters or more. Pieces are read as the BPE sees them: a space is "▁". */
function cutsOf(pieces) {
  const inLonger = new Set([" "]);  // " " is "▁" to the BPE, and "▁" is in longer pieces in every model here
  for (const piece of pieces) {
    const chars = [...piece];
    if (chars.length > 1) for (const ch of chars) inLonger.add(ch);
  }
  // A class of every character not in a longer piece: the complement of those that are, as ranges.
  const escape = (cp) => `\\u{${cp.toString(16)}}`;
  const taken = [...inLonger].map((ch) => ch.codePointAt(0)).sort((a, b) => a - b);
  const ranges = [];
  for (let k = 0; k < taken.length;) {
    let end = k;
    while (end + 1 < taken.length && taken[end + 1] === taken[end] + 1) end++;
    ranges.push(taken[k] === taken[end] ? escape(taken[k]) : `${escape(taken[k])}-${escape(taken[end])}`);
    k = end + 1;
  }
  const lone = `[^${ranges.join("")}]`;
  return new RegExp(`${CUT_BEFORE_SPACES.source}|(?<=${lone})(?=[^])|(?<=[^])(?=${lone})`, "u");
}

/** A protobuf message reader over bytes: just what reading a ModelProto needs. */
class ProtoReader {
  constructor(bytes) {
    this.bytes = bytes;
    this.at = 0;
  }

  varint() {
    let value = 0, scale = 1, byte;
    do {
      byte = this.bytes[this.at++];
      value += (byte & 0x7f) * scale;
      scale *= 128;
    } while (byte & 0x80);
    return value;
  }

  /** Calls visit(field, value, start, end) for each field of the message in bytes[start:end), in order: a
   *  varint field's value is its number; a length-delimited one (a string, a sub-message, which visit may
   *  read in turn) is bytes[start:end). Fixed-width fields (a piece's score) are skipped. */
  fields(start, end, visit) {
    this.at = start;
    while (this.at < end) {
      const key = this.varint(), field = Math.floor(key / 8), wire = key % 8;
      if (wire === 0) visit(field, this.varint(), 0, 0);
      else if (wire === 2) {
        const length = this.varint(), from = this.at;
        visit(field, null, from, from + length);
        this.at = from + length;
      } else if (wire === 1 || wire === 5) this.at += wire === 1 ? 8 : 4;
      else throw new Error(`not a SentencePiece model: protobuf wire type ${wire}`);
    }
  }
}

/** What the Python layer asks sentencepiece about each piece, read off the ModelProto: pieces[id], types[id]
 *  and where the piece's UTF-8 lies in bytes (starts[id], ends[id]); and the trainer's names for <unk> and
 *  <s> (its defaults where the model sets none). */
function readModel(bytes) {
  const pieces = [], types = [], starts = [], ends = [];
  const names = {unk: "<unk>", bos: "<s>"};
  const reader = new ProtoReader(bytes);
  let type, pieceStart, pieceEnd;
  const readPiece = (field, value, start, end) => {  // SentencePiece: {1: piece, 2: score, 3: type}
    if (field === 1) [pieceStart, pieceEnd] = [start, end];
    else if (field === 3) type = value;
  };
  const readTrainerSpec = (field, _, start, end) => {  // TrainerSpec: {45: unk_piece, 46: bos_piece}
    if (field === 45) names.unk = utf8.decode(bytes.subarray(start, end));
    else if (field === 46) names.bos = utf8.decode(bytes.subarray(start, end));
  };
  reader.fields(0, bytes.length, (field, _, start, end) => {
    if (field === 1) {  // ModelProto.pieces
      [type, pieceStart, pieceEnd] = [NORMAL, start, start];
      reader.fields(start, end, readPiece);
      pieces.push(utf8.decode(bytes.subarray(pieceStart, pieceEnd)));
      types.push(type);
      starts.push(pieceStart);
      ends.push(pieceEnd);
    } else if (field === 2) reader.fields(start, end, readTrainerSpec);  // ModelProto.trainer_spec
  });
  return {pieces, types, starts, ends, names};
}

/** The bytes an ordinary piece stands for, bytes[start:end) with each "▁" (E2 96 81) a space (20), as
 *  hex_bytes() writes them. */
function spelledHex(bytes, start, end) {
  const hex = [];
  for (let at = start; at < end; at++) {
    if (bytes[at] === 0xe2 && bytes[at + 1] === 0x96 && bytes[at + 2] === 0x81 && at + 2 < end) {
      hex.push("20");
      at += 2;
    } else hex.push(HEX_BYTE[bytes[at]]);
  }
  return hex.join(" ");
}

/** How many bytes an ordinary piece stands for (spelledHex's), with no hex made. */
function spelledLength(bytes, start, end) {
  let length = end - start;
  for (let at = start; at + 2 < end; at++) {
    if (bytes[at] === 0xe2 && bytes[at + 1] === 0x96 && bytes[at + 2] === 0x81) length -= 2;
  }
  return length;
}

class SentencePieceTokenizer {
  library = "sentencepiece";
  normalizes = false;

  constructor(spec, sp, file, model) {
    this.name = spec.name;
    this.label = spec.label;
    this._sp = sp;
    const {pieces, types, names} = model;
    this.pieces = pieces;
    this.vocab_size = pieces.length;
    // sentencepiece's unk_id() and bos_id(): the trainer's piece, if it is an unknown / a control piece, else -1
    const idOf = (piece, type) => {
      const id = this._pieceToId(piece);
      return types[id] === type ? id : -1;
    };
    this.unk_id = idOf(names.unk, UNKNOWN);  // never produced: byte fallback spells any character in bytes
    this._bos_id = idOf(names.bos, CONTROL);
    // Whether the model puts a space before the text, read off the model: "a" -> "▁a" or "a".
    this._dummyPrefix = sp.encodePieces("a")[0].startsWith(SPACE_MARK);
    const lead = this._pieceToId(LEAD);
    this._chunks = cutsAtSpaces(pieces) && types[lead] === NORMAL && pieces[lead] === LEAD
      ? new ChunkCache((chunk, atStart) => this._columnsOf(chunk, atStart), decodeAfterLead((ids) => this.decode(ids), lead))
      : null;
    // Cuts around characters in no longer piece, where a character in no piece leads a chunk in (ALONE)
    this._cut = this._chunks && !pieces.some((piece) => piece.includes(ALONE)) ? cutsOf(pieces) : CUT_BEFORE_SPACES;
    this._aloneTokens = this._cut === CUT_BEFORE_SPACES ? 0 : this.encode(ALONE).length;
    // A long chunk merged again only around its edit (merge_around.js: sentencepiece's BPE merges the pair of the
    // highest score, the leftmost of equals), the stretch tokenized after ALONE; where no piece is matched whole
    // before the merges (USER_DEFINED) or taken apart after them (UNUSED), which the proof does not cover.
    this._lastLong = null;  // {units, ids, ends, atStart}: the last long chunk, the text as the BPE reads it
    this._merges = this._aloneTokens && !types.some((type) => type === USER_DEFINED || type === UNUSED)
      ? {compatible: this._compatiblePairs(types), lengthOf: (id) => this._unitsOf(id, types)} : null;
    // Each piece's bytes as hex, made for the tokens shown only, each id once (all 32,000 at load took 120 ms of
    // the first paint); their byte lengths, which every text's spans need, counted at once.
    this._bytesHex = (id) =>
      types[id] === CONTROL || types[id] === UNKNOWN ? ""
      : types[id] === BYTE ? HEX_BYTE[parseInt(pieces[id].slice(3, 5), 16)]  // "<0xE0>" stands for the byte E0
      : spelledHex(file, model.starts[id], model.ends[id]);
    this._hexOf = [];
    this._byteLengths = new Int32Array(pieces.length);
    for (let id = 0; id < pieces.length; id++) {
      this._byteLengths[id] = types[id] === CONTROL || types[id] === UNKNOWN ? 0
        : types[id] === BYTE ? 1 : spelledLength(file, model.starts[id], model.ends[id]);
    }
  }

  piece(id) {
    return this.pieces[id];
  }

  bytesHex(id) {
    return (this._hexOf[id] ??= this._bytesHex(id));
  }

  _pieceToId(piece) {
    const string = new this._sp.sentencepiece.StringView(piece);
    const view = string.getView();
    const id = this._sp.processor.PieceToId(view);
    view.delete();
    string.delete();
    return id;
  }

  encode(text) {
    return this._sp.encodeIds(text);
  }

  /** The ids of text tokenized after ALONE: the merge of its symbols alone, with no dummy prefix. */
  _continued(text) {
    return this.encode(ALONE + text).slice(this._aloneTokens);
  }

  /** How many UTF-16 units of the text a token stands for, "▁" one: a byte token its character's units if it is
   *  the character's first byte, else none. */
  _unitsOf(id, types) {
    if (types[id] !== BYTE) return types[id] === NORMAL ? this.pieces[id].length : 0;
    const byte = parseInt(this.pieces[id].slice(3, 5), 16);
    return byte >= 0xf0 ? 2 : byte >= 0xc0 || byte < 0x80 ? 1 : 0;
  }

  /** compatible(a, b): whether ordinary pieces a and b side by side are sentencepiece's merge of their symbols. */
  _compatiblePairs(types) {
    const known = new Map();  // a * 2 ** 20 + b -> whether compatible
    return (a, b) => {
      if (types[a] !== NORMAL || types[b] !== NORMAL) return false;  // a byte token is part of a character
      const key = a * 2 ** 20 + b;
      let answer = known.get(key);
      if (answer === undefined) {
        const ids = this._continued(this.pieces[a] + this.pieces[b]);
        known.set(key, answer = ids.length === 2 && ids[0] === a && ids[1] === b);
      }
      return answer;
    };
  }

  /** A chunk's ids: a long one like the last long chunk merged again only around where the two differ. */
  _chunkIds(text, atStart) {
    const units = atStart && this._dummyPrefix ? ` ${text}` : text;  // what the BPE merges, a space for each "▁"
    if (!this._merges || units.length < LONG_CHUNK) return atStart ? this.encode(text) : this._continued(text);
    const old = this._lastLong?.atStart === atStart ? this._lastLong : null;
    const merge = (from, to) => this._continued(units.slice(from, to));
    const long = old ? mergedAround(units, old, {...this._merges, merge})
      : {units, ids: Uint32Array.from(atStart ? this.encode(text) : this._continued(text)), ends: null};
    this._lastLong = {...long, atStart};
    return Array.from(long.ids);
  }

  decode(ids) {
    // The package's emscripten glue turns the C++ string into JavaScript with a TextDecoder made without
    // ignoreBOM, which drops a U+FEFF that starts the text (or follows a NUL) where sentencepiece keeps
    // it. For this one synchronous call its decoder keeps it.
    const decodeUTF8 = TextDecoder.prototype.decode;
    TextDecoder.prototype.decode = (bytes) => decodeUTF8.call(utf8, bytes);
    try {
      return this._sp.decodeIds(ids);
    } finally {
      TextDecoder.prototype.decode = decodeUTF8;
    }
  }

  /** The ids and spans of text, a whole text (atStart) or the part of one from a cut on: tokenized after ALONE where
   *  the model has those cuts, else from the space it starts with, which the dummy prefix of the rest stands for. */
  _columnsOf(text, atStart = true) {
    const ids = atStart || this._aloneTokens ? this._chunkIds(text, atStart)  // after ALONE, cut off again
      : this.encode(this._dummyPrefix ? text.slice(1) : text);  // the dummy prefix stands for the chunk's space
    // The normaliser is the identity, but SentencePiece reads a typed "▁" as a space (and Llama and
    // Mistral add a dummy-prefix space before any non-empty text). So the tokens' bytes spell text with
    // "▁" as " "; that swap keeps every character index the same.
    const spelled = text.replaceAll(SPACE_MARK, " ");
    return {ids, ...spansFromByteLengths(
      spelled, ids.map((id) => this._byteLengths[id]), atStart && text && this._dummyPrefix ? 1 : 0)};
  }

  columns(text, special = false) {
    const {ids, starts, ends, partial, decoded, cached} = this._chunks ? this._chunks.columns(text, this._cut)
      : this._columnsOf(text);
    if (special) {  // <s> or <bos> before the text, covering no character
      return {ids: [this._bos_id, ...ids], starts: [0, ...starts], ends: [0, ...ends], partial: [false, ...partial],
              special: [true, ...new Array(ids.length).fill(false)], decoded};
    }
    return {ids, starts, ends, partial, decoded, cached};
  }
}

/** registry.js's entry point: files.model is the .model file's bytes. */
export async function load(spec, files) {
  const sp = new SentencePieceProcessor();
  // The package's own loader from bytes (its load() reads a path with Node's fs, which a page has not).
  await sp._loadModel(files.model);
  return new SentencePieceTokenizer(spec, sp, files.model, readModel(files.model));
}
