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

/** Byte offset in text's UTF-8 where each code point starts, plus the total at the end: (n_chars + 1,). */
export function charByteStarts(text) {
  const starts = new Float64Array(text.length + 1);  // filled in place: a code point is one or two UTF-16 units
  let n = 0, total = 0;
  for (let u = 0; u < text.length; u++) {
    starts[n++] = total;
    const c = text.charCodeAt(u);
    if (c < 0x80) total += 1;
    else if (c < 0x800) total += 2;
    else if (c >= 0xd800 && c < 0xdc00 && u + 1 < text.length && (text.charCodeAt(u + 1) & 0xfc00) === 0xdc00) {
      total += 4;  // a surrogate pair is one code point of four bytes
      u++;
    } else total += 3;
  }
  starts[n++] = total;
  return starts.subarray(0, n);
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
 *  characters together, as both only move forward: numpy.searchsorted's answers, found in order. */
export function spansFromByteLengths(text, byteLengths, skipBytes = 0) {
  const byteStarts = charByteStarts(text);
  const n = byteStarts.length - 1, count = byteLengths.length;
  const starts = new Array(count), ends = new Array(count), partial = new Array(count);
  let end = 0;
  let first = 0;  // the last character starting at or before the token's first byte (searchsorted right, less 1)
  let after = 0;  // the first character starting at or after the token's end (searchsorted left)
  for (let k = 0; k < count; k++) {
    const length = byteLengths[k];
    end += length;
    const endB = Math.max(end - skipBytes, 0);
    const startB = Math.max(end - skipBytes - length, 0);
    while (first < n && byteStarts[first + 1] <= startB) first++;
    while (after <= n && byteStarts[after] < endB) after++;
    const e = Math.max(after, first);
    starts[k] = first;
    ends[k] = e;
    partial[k] = byteStarts[first] !== startB || byteStarts[e] !== endB;
  }
  return {starts, ends, partial};
}

/** Byte -> the character GPT-2's vocabulary writes it as (tiktoken_bpe.py's gpt2_byte_spelling): the printable
 *  bytes as themselves ("!".."~", "¡".."¬", "®".."ÿ": Python's isprintable() over Latin-1, space left out), the
 *  other 68 as chr(256 + n) in order, so " " is "Ġ". */
export function gpt2ByteSpelling() {
  const printable = (b) => (b >= 0x21 && b <= 0x7e) || (b >= 0xa1 && b <= 0xac) || (b >= 0xae && b <= 0xff);
  let n = 0;
  return Array.from({length: 256}, (_, b) => printable(b) ? String.fromCharCode(b) : String.fromCharCode(256 + n++));
}
