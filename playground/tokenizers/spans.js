// The browser twin of spans.py: text clean-up and exact character spans for byte-level tokenizers.
//
// Python counts a string in code points; JavaScript in UTF-16 units. Every index this layer gives
// (start, end, chars) is a code point index, as the Python layer's are, so the two agree on "😀a".

/** text with every lone surrogate replaced by U+FFFD: UTF-8 cannot hold one (a clipboard or a JSON escape
 *  can), and the Python layer replaces them the same way. */
export function replaceLoneSurrogates(text) {
  return text.isWellFormed() ? text : text.toWellFormed();  // a scan, not a copy, for the text a page has cleaned
}

let lastUnits = {text: "", units: Int32Array.of(0)};  // the latest text's: a key's six calls (three panels) make it once

/** UTF-16 offset where each code point of text starts, plus text.length at the end: (n_chars + 1,). The array is
 *  shared with the next caller for the same text: read it, never change it. */
export function codePointUnits(text) {
  if (text === lastUnits.text) return lastUnits.units;
  const units = new Int32Array(text.length + 1);  // filled in place: a page calls this on 100,000 characters a key
  let n = 0;
  for (let u = 0; u < text.length; u++) {
    units[n++] = u;
    const c = text.charCodeAt(u);
    if (c >= 0xd800 && c < 0xdc00 && u + 1 < text.length) {
      const d = text.charCodeAt(u + 1);
      if (d >= 0xdc00 && d < 0xe000) u++;  // a surrogate pair is one code point
    }
  }
  units[n++] = text.length;
  lastUnits = {text, units: units.subarray(0, n)};
  return lastUnits.units;
}

/** How many code points text holds (it is well formed): its UTF-16 units less one for each surrogate pair. A loop
 *  of charCodeAt, not the string's iterator, which took 3 to 6 ms a key on 100,000 emoji. */
export function codePointCount(text) {
  let pairs = 0;
  for (let u = 0; u < text.length; u++) {
    const c = text.charCodeAt(u);
    if (c >= 0xdc00 && c < 0xe000) pairs++;
  }
  return text.length - pairs;
}

/** How many bytes text's UTF-8 takes, counted without making them (text well formed). */
export function utf8Length(text) {
  let bytes = text.length;  // a UTF-16 unit each, then what UTF-8 needs more
  for (let u = 0; u < text.length; u++) {
    const c = text.charCodeAt(u);
    if (c >= 0x80) bytes += c < 0x800 ? 1 : (c >= 0xd800 && c < 0xe000) ? 1 : 2;  // a pair's 2 units are 4 bytes
  }
  return bytes;
}

/** Character spans of tokens that, in order, cover text's UTF-8 bytes exactly (spans.py's function).
 *  byteLengths[k] is how many bytes token k stands for; the first skipBytes bytes are not in text
 *  (Llama's dummy-prefix space): a token lying wholly in them gets the empty span [0, 0).
 *  Returns {starts, ends, partial}: token k covers code points [starts[k], ends[k]). One walk through tokens and
 *  characters together, as both only move forward (numpy.searchsorted's answers, found in order), which reads the
 *  text only as far as the tokens reach: the spans of a long text's first tokens cost what they cover. */
export function spansFromByteLengths(text, byteLengths, skipBytes = 0) {
  const count = byteLengths.length;
  const starts = new Array(count), ends = new Array(count), partial = new Array(count);
  // The character holding the byte reached: its code point index, its UTF-16 index, its first byte, its UTF-8 length
  // (0 past the end of the text)
  let c = 0, u = 0, first = 0, width = utf8Width(text, 0);
  let end = 0;
  for (let k = 0; k < count; k++) {
    const length = byteLengths[k];
    end += length;
    const endB = Math.max(end - skipBytes, 0), startB = Math.max(end - skipBytes - length, 0);
    while (width && first + width <= startB) {  // on to the character holding the token's first byte
      first += width;
      u += width === 4 ? 2 : 1;
      c++;
      width = utf8Width(text, u);
    }
    starts[k] = c;
    const startsWhole = first === startB;  // at the start of a character
    if (endB === startB) {  // no bytes: it ends where it starts, before that character or, inside it, after it
      ends[k] = startsWhole ? c : c + 1;
      partial[k] = !startsWhole;
      continue;
    }
    while (width && first + width < endB) {  // on to the character holding its last byte
      first += width;
      u += width === 4 ? 2 : 1;
      c++;
      width = utf8Width(text, u);
    }
    ends[k] = c + 1;
    partial[k] = !startsWhole || first + width !== endB;
  }
  return {starts, ends, partial};
}

/** How many bytes the character at UTF-16 index u of text takes in UTF-8 (a surrogate pair's 4), 0 past the end. */
function utf8Width(text, u) {
  if (u >= text.length) return 0;
  const c = text.charCodeAt(u);
  if (c < 0x80) return 1;
  if (c < 0x800) return 2;
  return c >= 0xd800 && c < 0xdc00 && u + 1 < text.length && (text.charCodeAt(u + 1) & 0xfc00) === 0xdc00 ? 4 : 3;
}

/** spans(n) -> the spans (spansFromByteLengths) of the first n of tokens `ids` over text, all of them when n is left
 *  out (remembered): worked out when asked for, as far as asked. A key at the end of 100,000 emoji (one chunk of
 *  250,000 tokens for GPT-4) needs the spans of the 1,000 a panel draws, not all: 6 ms a key, and a copy of each. */
export function spansWhenAsked(text, ids, byteLengthOf, skipBytes = 0) {
  let all = null;
  return (n = ids.length) => {
    if (all) return all;
    const count = Math.min(n, ids.length), lengths = new Int32Array(count);
    for (let t = 0; t < count; t++) lengths[t] = byteLengthOf[ids[t]];
    const spans = spansFromByteLengths(text, lengths, skipBytes);
    if (count === ids.length) all = spans;
    return spans;
  };
}

/** Byte -> the character GPT-2's vocabulary writes it as (tiktoken_bpe.py's gpt2_byte_spelling): the printable
 *  bytes as themselves ("!".."~", "¡".."¬", "®".."ÿ": Python's isprintable() over Latin-1, space left out), the
 *  other 68 as chr(256 + n) in order, so " " is "Ġ". */
export function gpt2ByteSpelling() {
  const printable = (b) => (b >= 0x21 && b <= 0x7e) || (b >= 0xa1 && b <= 0xac) || (b >= 0xae && b <= 0xff);
  let n = 0;
  return Array.from({length: 256}, (_, b) => printable(b) ? String.fromCharCode(b) : String.fromCharCode(256 + n++));
}
