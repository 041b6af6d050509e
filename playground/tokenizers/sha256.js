// A file's sha256, checked before its vocabulary is used. crypto.subtle exists only in a secure context
// (https, or localhost): a classroom server reached at http://<room address> is not one, so there the
// digest comes from @noble/hashes, a small audited implementation.

import {sha256} from "@noble/hashes/sha2.js";
import {bytesToHex} from "@noble/hashes/utils.js";

export async function sha256Hex(data) {
  if (globalThis.crypto?.subtle) {
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", data));
    return bytesToHex(digest);
  }
  return bytesToHex(sha256(data));
}

/** A file that is not the one the build or the server vouches for (or a module the browser refused): its message
 *  says what to do, so the page shows it as it is, with no advice about the connection. */
export class NotAsBuilt extends Error {
  name = "NotAsBuilt";
}
