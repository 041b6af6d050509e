// Reading the generated Unicode tables (bert_unicode.js, playground/lesson/unicode_facts.js): their sets are
// hexadecimal ranges, "0-8 b e-1f".

/** "0-8 b e-1f" -> [[0, 8], [11, 11], [14, 31]]. */
export function ranges(text) {
  return text.trim().split(/\s+/).map((r) => {
    const [a, b = a] = r.split("-");
    return [parseInt(a, 16), parseInt(b, 16)];
  });
}

/** A function telling whether a code point is in the given ranges. */
export function rangeSet(text) {
  const bounds = ranges(text).flat();
  return (cp) => {  // binary search for the last range starting at or before cp
    let lo = 0, hi = bounds.length / 2;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (bounds[2 * mid] <= cp) lo = mid + 1; else hi = mid;
    }
    return lo > 0 && cp <= bounds[2 * lo - 1];
  };
}
