// The JavaScript twin of what the panels need of lecture.py: indentation_token_count.

/** lecture.INDENTATION: a run of spaces and tabs at the start of a line (Python's ^ under MULTILINE follows "\n"
 *  only, where JavaScript's m flag would follow "\r", U+2028 and U+2029 too). */
export const INDENTATION = /(?<=^|\n)[ \t]+/g;

/** The first index i with sorted[i] >= x, as bisect.bisect_left. */
function bisectLeft(sorted, x) {
  let lo = 0, hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < x) lo = mid + 1; else hi = mid;
  }
  return lo;
}

/** How many tokens cover nothing but leading whitespace (the indentation of a line). starts and ends are the
 *  tokens' spans in code points, in order. */
export function indentationTokenCount(text, starts, ends) {
  let count = 0, unit = 0, cp = 0;  // a UTF-16 offset of text and its code point index, walking forward
  const toCodePoint = (u) => {
    for (; unit < u; unit++, cp++) {
      const c = text.charCodeAt(unit);
      if (c >= 0xd800 && c < 0xdc00 && unit + 1 < u && (text.charCodeAt(unit + 1) & 0xfc00) === 0xdc00) unit++;
    }
    return cp;
  };
  for (const match of text.matchAll(INDENTATION)) {
    const runStart = toCodePoint(match.index), runEnd = toCodePoint(match.index + match[0].length);
    for (let k = bisectLeft(starts, runStart), last = bisectLeft(starts, runEnd); k < last; k++) {
      count += starts[k] < ends[k] && ends[k] <= runEnd;
    }
  }
  return count;
}
