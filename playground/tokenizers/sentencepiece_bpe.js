// The browser twin of sentencepiece_bpe.py: Llama 2, Mistral 7B and Gemma (BPE with byte fallback), and
// any registered .model file whose spans come from its pieces' bytes, through Google's sentencepiece
// compiled to WebAssembly (@sctg/sentencepiece-js, the C++ library itself, run by emscripten).
//
// The package binds encode (ids, pieces), decode and PieceToId, but not IdToPiece nor the piece types;
// those are read here from the .model file itself (a protobuf: ModelProto in sentencepiece_model.proto),
// as sentencepiece reads them. Spans come from the pieces' byte lengths, as in the Python layer: the
// normaliser is the identity and byte fallback spells every character (browser.py declares a twin only then).

import {SentencePieceProcessor} from "@sctg/sentencepiece-js";
import {spansFromByteLengths} from "./spans.js";

const SPACE_MARK = "\u2581";  // "▁": how SentencePiece writes a space inside a piece
// SentencePiece.Type in sentencepiece_model.proto; a piece without one is NORMAL
const NORMAL = 1, UNKNOWN = 2, CONTROL = 3, BYTE = 6;

const utf8 = new TextDecoder("utf-8", {ignoreBOM: true});  // a piece may be "\ufeff" itself
const encoder = new TextEncoder();

/** The fields of one protobuf message, as [field number, value] in order: a varint as a Number, a
 *  length-delimited field as its bytes (a string or a sub-message), a fixed32 as its 4 bytes. */
function* protoFields(bytes) {
  let at = 0;
  const varint = () => {
    let value = 0, scale = 1, byte;
    do {
      byte = bytes[at++];
      value += (byte & 0x7f) * scale;
      scale *= 128;
    } while (byte & 0x80);
    return value;
  };
  while (at < bytes.length) {
    const key = varint();
    const wire = key % 8;
    const size = [varint, 8, null, null, null, 4][wire];
    if (wire === 0) yield [Math.floor(key / 8), varint()];
    else if (wire === 2) {
      const length = varint();
      yield [Math.floor(key / 8), bytes.subarray(at, at + length)];
      at += length;
    } else if (size) {
      yield [Math.floor(key / 8), bytes.subarray(at, at + size)];
      at += size;
    } else throw new Error(`not a SentencePiece model: protobuf wire type ${wire}`);
  }
}

/** What the Python layer asks sentencepiece about each piece, read off the ModelProto: pieces[id] and
 *  types[id], and the trainer's names for <unk> and <s> (its defaults where the model sets none). */
function readModel(bytes) {
  const pieces = [], types = [];
  const names = {unk: "<unk>", bos: "<s>"};
  for (const [field, value] of protoFields(bytes)) {
    if (field === 1) {  // ModelProto.pieces: {1: piece, 2: score, 3: type}
      let piece = "", type = NORMAL;
      for (const [f, v] of protoFields(value)) {
        if (f === 1) piece = utf8.decode(v);
        else if (f === 3) type = v;
      }
      pieces.push(piece);
      types.push(type);
    } else if (field === 2) {  // ModelProto.trainer_spec: {45: unk_piece, 46: bos_piece}
      for (const [f, v] of protoFields(value)) {
        if (f === 45) names.unk = utf8.decode(v);
        else if (f === 46) names.bos = utf8.decode(v);
      }
    }
  }
  return {pieces, types, names};
}

/** bytes -> "E0 A4", as base.py's hex_bytes. */
function hexBytes(bytes) {
  return Array.from(bytes, (b) => b.toString(16).toUpperCase().padStart(2, "0")).join(" ");
}

class SentencePieceTokenizer {
  library = "sentencepiece";
  normalizes = false;

  constructor(spec, sp, model) {
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
    const tokenBytes = pieces.map((piece, i) =>
      types[i] === CONTROL || types[i] === UNKNOWN ? new Uint8Array(0)
      : types[i] === BYTE ? Uint8Array.of(parseInt(piece.slice(3, 5), 16))  // "<0xE0>" stands for the byte E0
      : encoder.encode(piece.replaceAll(SPACE_MARK, " ")));
    this._byteLengths = Int32Array.from(tokenBytes, (b) => b.length);
    this.bytesHex = tokenBytes.map(hexBytes);
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

  columns(text, special = false) {
    let ids = this.encode(text);
    // The normaliser is the identity, but SentencePiece reads a typed "▁" as a space (and Llama and
    // Mistral add a dummy-prefix space before any non-empty text). So the tokens' bytes spell text with
    // "▁" as " "; that swap keeps every character index the same.
    const spelled = text.replaceAll(SPACE_MARK, " ");
    let {starts, ends, partial} = spansFromByteLengths(
      spelled, ids.map((id) => this._byteLengths[id]), text && this._dummyPrefix ? 1 : 0);
    let isSpecial = ids.map(() => false);
    if (special) {  // <s> or <bos> before the text, covering no character
      ids = [this._bos_id, ...ids];
      starts = [0, ...starts];
      ends = [0, ...ends];
      partial = [false, ...partial];
      isSpecial = [true, ...isSpecial];
    }
    return {ids, starts, ends, partial, special: isSpecial};
  }
}

/** registry.js's entry point: files.model is the .model file's bytes. */
export async function load(spec, files) {
  const sp = new SentencePieceProcessor();
  // The package's own loader from bytes (its load() reads a path with Node's fs, which a page has not).
  await sp._loadModel(files.model);
  return new SentencePieceTokenizer(spec, sp, readModel(files.model));
}
