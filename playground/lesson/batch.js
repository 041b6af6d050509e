// The lesson's batch in the browser (the static folder): the twin of batch.py's batch_memory and batch_of_ids.
// nanoGPT's get_batch draws its offsets with torch.randint(len(ids) - T, (B,), generator=g) from a CPU
// torch.Generator seeded with `seed`: that generator is the standard MT19937 seeded with the seed's low 32 bits,
// and randint below 2**32 takes each draw's 32 bits modulo the range (ATen's uniform_int_from_to). So the same
// (ids, B, T, seed) gives torch's offsets here, with no torch (tests/test_static_folder_browser.py checks).

import {thousands} from "./python_format.js";

const N_EMBD = 768, VOCAB_SIZE = 50257, BYTES_PER_FLOAT32 = 4, BYTES_PER_INT64 = 8;  // GPTConfig()'s, config.py
export const LESSON_BATCH = [32, 1024];
const MAX_BLOCK_SIZE = 1024, MAX_BATCH_SIZE = 2 * LESSON_BATCH[0], MAX_SEED = 2 ** 31 - 1;

/** MT19937's 32-bit draws from a 32-bit seed (Matsumoto and Nishimura's init_genrand and genrand_int32). */
function* mt19937(seed) {
  const mt = new Uint32Array(624);
  mt[0] = seed >>> 0;
  for (let i = 1; i < 624; i++) {
    const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
    mt[i] = (Math.imul(1812433253, prev) + i) >>> 0;
  }
  for (;;) {
    for (let i = 0; i < 624; i++) {
      const y = (mt[i] & 0x80000000) | (mt[(i + 1) % 624] & 0x7fffffff);
      mt[i] = mt[(i + 397) % 624] ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
    }
    for (let i = 0; i < 624; i++) {
      let y = mt[i];
      y ^= y >>> 11;
      y ^= (y << 7) & 0x9d2c5680;
      y ^= (y << 15) & 0xefc60000;
      y ^= y >>> 18;
      yield y >>> 0;
    }
  }
}

/** batch.py's batch_memory: the bytes of the batch's tensors. */
export function batchMemory(b, t) {
  const elements = b * t;
  return {one_hot_bytes: elements * VOCAB_SIZE * BYTES_PER_FLOAT32, dense_bytes: elements * N_EMBD * BYTES_PER_FLOAT32,
          ids_bytes: elements * BYTES_PER_INT64};
}

function wholeNumber(value, name, low, high, why) {
  if (!Number.isInteger(value) || value < low || value > high) {
    throw new RangeError(`${name} must be a whole number from ${low} to ${thousands(high)} (${why}); got ${value}`);
  }
  return value;
}

/** batch.py's batch_of_ids: B windows of T ids at torch's offsets, or a RangeError saying what is wrong. */
export function batchOfIds(ids, batchSize, blockSize, seed = 0) {
  const b = wholeNumber(batchSize, "batch_size", 1, MAX_BATCH_SIZE, "every id is drawn on the page");
  const t = wholeNumber(blockSize, "block_size", 1, MAX_BLOCK_SIZE, "GPT-2's block_size: positions 0 to 1023");
  wholeNumber(seed, "seed", 0, MAX_SEED, "any whole number gives its own offsets");
  if (ids.length < t + 1) {
    throw new RangeError(`the text has ${thousands(ids.length)} token${ids.length !== 1 ? "s" : ""}: a block of ` +
                         `${thousands(t)} needs at least ${thousands(t + 1)} (its targets are the same window one id later)`);
  }
  const draws = mt19937(seed), range = ids.length - t;
  const offsets = Array.from({length: b}, () => draws.next().value % range);
  return {offsets, ids: offsets.map((i) => ids.slice(i, i + t)), shape: [b, t, N_EMBD], ...batchMemory(b, t),
          n_tokens: ids.length};
}

/** The JSON download's batch (handlers.batch_or_error): batchOfIds for the page's boxes' [B, T, seed] (strings or
 * numbers, as the number boxes hold them), or {error: the one line saying why it cannot be cut}. */
export function batchOf(ids, [b, t, seed]) {
  try {
    return batchOfIds(ids, Number(b), Number(t), Number(seed));
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
    return {error: err.message};
  }
}
