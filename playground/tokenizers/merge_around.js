// A long piece merged again only around what changed since the last one: the merge of a piece (BPE: the adjacent pair
// ranked first merged, the leftmost of equals, until none can be) from the merge of one that differs from it in one
// stretch. tiktoken_long.js (tiktoken's pieces, in bytes) and sentencepiece_bpe.js (its symbols, in UTF-16 units)
// give it their units, their merge and their lengths.
//
// Why it is exact (the bpe crate's README, github/rust-gems, "Properties of BPE"): call a sequence of tokens valid
// when merging what they stand for gives it back. (1) Any run of consecutive tokens of a valid sequence is valid: no
// merge crossed its ends, and the merges inside it are made in the same order alone. (2) Two valid sequences that
// share a token, the last of one and the first of the other, make a valid sequence joined on it: a merge across
// either of that token's ends would have been made in one of the two. (3) A text has one valid sequence, its merge.
// So the old tokens before the stretch (by 1), the pair at the left junction, the stretch's own merge, the pair at
// the right junction and the old tokens after it (by 1) join (by 2) into the merge of the new text (by 3) whenever
// both junction pairs are compatible: merged alone, the two tokens' units give the two tokens back. When one is
// not, the stretch takes more old tokens on each side, twice as many each time (so that a stretch that must grow to
// the whole piece costs about two merges of it, not one a token), until it is the whole, which needs no junction.

/** The merge of `units` (a string or a Uint8Array), from old = {units, ids, ends} (ends: where each old token ends,
 *  or null, then made here from lengthOf and kept in old), as {units, ids, ends}: the next edit's old. merge(from,
 *  to) -> the ids of units[from:to) merged alone; compatible(a, b) -> whether tokens a, b are the merge of what they
 *  stand for side by side; lengthOf(id) -> how many units a token stands for. */
export function mergedAround(units, old, {merge, compatible, lengthOf}) {
  const n = old.units.length, m = units.length, shorter = Math.min(n, m);
  let same = 0;  // units alike from the start
  while (same < shorter && units[same] === old.units[same]) same++;
  let sameEnd = 0;  // units alike from the end, not counting those alike from the start again
  while (sameEnd < shorter - same && units[m - 1 - sameEnd] === old.units[n - 1 - sameEnd]) sameEnd++;
  const ids = old.ids;
  const ends = old.ends ??= tokenEnds(ids, lengthOf);
  const startOf = (t) => (t > 0 ? ends[t - 1] : 0);
  let keep = 0;  // old tokens kept before the stretch: those that end within the units alike from the start
  while (keep < ids.length && ends[keep] <= same) keep++;
  let after = keep;  // the first old token kept after it: those that start within the units alike from the end
  while (after < ids.length && startOf(after) < n - sameEnd) after++;
  for (let step = 1; ; step *= 2) {
    const from = startOf(keep), to = startOf(after) + m - n;  // the stretch in `units`
    const middle = from < to ? merge(from, to) : [];
    const left = keep > 0 ? ids[keep - 1] : -1, right = after < ids.length ? ids[after] : -1;
    const first = middle.length ? middle[0] : right, last = middle.length ? middle[middle.length - 1] : left;
    if ((left < 0 || first < 0 || compatible(left, first)) && (right < 0 || last < 0 || compatible(last, right))) {
      const merged = new Uint32Array(keep + middle.length + ids.length - after);
      merged.set(ids.subarray(0, keep));
      merged.set(middle, keep);
      merged.set(ids.subarray(after), keep + middle.length);
      // where each token ends, from the old ends (the next key's own: making them anew read every token's length)
      const mergedEnds = new Int32Array(merged.length);
      mergedEnds.set(ends.subarray(0, keep));
      let at = from;
      for (let t = 0; t < middle.length; t++) mergedEnds[keep + t] = at += lengthOf(middle[t]);
      for (let t = after; t < ids.length; t++) mergedEnds[keep + middle.length + t - after] = ends[t] + m - n;
      return {units, ids: merged, ends: mergedEnds};
    }
    keep = Math.max(keep - step, 0);
    after = Math.min(after + step, ids.length);
  }
}

/** Where each token ends, in the units they stand for one after another. */
function tokenEnds(ids, lengthOf) {
  const ends = new Int32Array(ids.length);
  let at = 0;
  for (let t = 0; t < ids.length; t++) ends[t] = at += lengthOf(ids[t]);
  return ends;
}
