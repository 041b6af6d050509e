// The part of Python's difflib.SequenceMatcher that loss.js uses, ported line for line (CPython 3.11's
// Lib/difflib.py) so that its opcodes are Python's exactly: no junk (isjunk None) and autojunk=False, so no
// element is ever junk or popular, over arrays of strings compared by value.

export class SequenceMatcher {
  constructor(a, b) {
    this.a = a;
    this.b = b;
    this.b2j = new Map();  // element -> the indices in b where it occurs, ascending
    b.forEach((elt, i) => {
      let indices = this.b2j.get(elt);
      if (indices === undefined) this.b2j.set(elt, indices = []);
      indices.push(i);
    });
  }

  /** [i, j, k]: the longest matching block in a[alo:ahi] and b[blo:bhi], the earliest in a, then in b. */
  findLongestMatch(alo, ahi, blo, bhi) {
    const {a, b, b2j} = this;
    let besti = alo, bestj = blo, bestsize = 0;
    let j2len = new Map();  // j -> length of the longest match ending with a[i-1] and b[j]
    for (let i = alo; i < ahi; i++) {
      const newj2len = new Map();
      for (const j of b2j.get(a[i]) ?? []) {
        if (j < blo) continue;
        if (j >= bhi) break;
        const k = (j2len.get(j - 1) ?? 0) + 1;
        newj2len.set(j, k);
        if (k > bestsize) [besti, bestj, bestsize] = [i - k + 1, j - k + 1, k];
      }
      j2len = newj2len;
    }
    while (besti > alo && bestj > blo && a[besti - 1] === b[bestj - 1]) [besti, bestj, bestsize] = [besti - 1, bestj - 1, bestsize + 1];
    while (besti + bestsize < ahi && bestj + bestsize < bhi && a[besti + bestsize] === b[bestj + bestsize]) bestsize++;
    return [besti, bestj, bestsize];
  }

  getMatchingBlocks() {
    const la = this.a.length, lb = this.b.length;
    const queue = [[0, la, 0, lb]];
    const blocks = [];
    while (queue.length) {
      const [alo, ahi, blo, bhi] = queue.pop();
      const x = this.findLongestMatch(alo, ahi, blo, bhi);
      const [i, j, k] = x;
      if (k) {
        blocks.push(x);
        if (alo < i && blo < j) queue.push([alo, i, blo, j]);
        if (i + k < ahi && j + k < bhi) queue.push([i + k, ahi, j + k, bhi]);
      }
    }
    blocks.sort((x, y) => x[0] - y[0] || x[1] - y[1] || x[2] - y[2]);
    let [i1, j1, k1] = [0, 0, 0];
    const nonAdjacent = [];
    for (const [i2, j2, k2] of blocks) {
      if (i1 + k1 === i2 && j1 + k1 === j2) k1 += k2;
      else {
        if (k1) nonAdjacent.push([i1, j1, k1]);
        [i1, j1, k1] = [i2, j2, k2];
      }
    }
    if (k1) nonAdjacent.push([i1, j1, k1]);
    nonAdjacent.push([la, lb, 0]);
    return nonAdjacent;
  }

  /** [[tag, i1, i2, j1, j2], ...]: "replace", "delete", "insert", "equal", as Python's get_opcodes. */
  getOpcodes() {
    let i = 0, j = 0;
    const answer = [];
    for (const [ai, bj, size] of this.getMatchingBlocks()) {
      const tag = i < ai && j < bj ? "replace" : i < ai ? "delete" : j < bj ? "insert" : "";
      if (tag) answer.push([tag, i, ai, j, bj]);
      [i, j] = [ai + size, bj + size];
      if (size) answer.push(["equal", ai, i, bj, j]);
    }
    return answer;
  }
}
