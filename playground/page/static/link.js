// What a link opens the page with (docs/lecture.md gives its parameters), read in the page itself, with no round
// trip, whoever hosts it. PLAYGROUND_EXAMPLES ({key: {text, tokenizers}}) and PLAYGROUND_DEFAULT_TEXT are the
// host's (values.js).

import {playgroundRestore} from "./keep.js";
import {playgroundMode} from "./lecture.js";
import {playgroundCodePoints, playgroundFlow, playgroundPaintNote} from "./update.js";
import {PLAYGROUND_DEFAULT_TEXT, PLAYGROUND_DEFAULT_TOKENIZERS, PLAYGROUND_EXAMPLES, PLAYGROUND_MAX_INPUT_CHARS,
        PLAYGROUND_TOKENIZER_LABELS} from "./values.js";

// The setup a link asks for: ?z=, then ?text=, then ?example=, else the default text; an example's question is
// asked of its own text or of a packed text; an unknown tokenizer keeps its slot's default. A name given twice
// counts as its last, as the server keeps it (docs/server.md). damaged: a ?z= that is not a packed text.
export async function playgroundSetupFromUrl(query) {
  const get = (name) => query.getAll(name).at(-1) ?? null;
  const example = Object.hasOwn(PLAYGROUND_EXAMPLES, get("example") ?? "") ? PLAYGROUND_EXAMPLES[get("example")] : null;
  const unpacked = get("z") ? await playgroundUnpack(get("z")) : null;
  const text = unpacked ?? (get("text") ? playgroundCodePoints(get("text"), PLAYGROUND_MAX_INPUT_CHARS)
                                        : example ? example.text : PLAYGROUND_DEFAULT_TEXT);
  const asked = example && (text === example.text || unpacked !== null);
  const defaults = asked ? example.tokenizers : PLAYGROUND_DEFAULT_TOKENIZERS;
  const named = (get("tokenizers") || "").split(",", 3).map((n) => n.trim());  // not a million empty names
  const tokenizers = defaults.map((d, i) => (Object.hasOwn(PLAYGROUND_TOKENIZER_LABELS, named[i] ?? "") ? named[i] : d));
  const view = ["text", "ids"].includes(get("view")) ? get("view") : "text";
  return {text, tokenizers, example: asked ? get("example") : "", guess: get("guess") === "1",
          present: get("present") === "1", markWhitespace: get("marks") !== "0", view, special: false,
          damaged: Boolean(get("z")) && unpacked === null};
}

// The text a share link packs in ?z= (share.js's playgroundPack, undone), at most maxChars code points of it:
// null when it is not that. (chat.js unpacks ?chat=, a conversation's JSON, with a larger bound.)
export async function playgroundUnpack(packed, maxChars = PLAYGROUND_MAX_INPUT_CHARS) {
  try {
    const binary = atob(packed.replace(/-/g, "+").replace(/_/g, "/"));
    const bytes = new Uint8Array(binary.length);  // (Uint8Array.from with a map took 1 s for a link of 2 MB)
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
    // At most what maxChars characters take in UTF-8: a small link cannot unpack into gigabytes.
    const reader = stream.getReader(), limit = 4 * maxChars, chunks = [];
    let size = 0;
    while (size < limit) {
      let read;
      try {
        read = await reader.read();
      } catch (err) {  // bytes after the stream's end are ignored, as Python's zlib ignores them (unused_data)
        if (chunks.length && /junk/i.test(err.message)) break;
        throw err;
      }
      if (read.done) break;
      chunks.push(read.value);
      size += read.value.length;
    }
    reader.cancel().catch(() => {});
    const inflated = new Uint8Array(size);
    chunks.reduce((at, chunk) => (inflated.set(chunk, at), at + chunk.length), 0);
    const text = playgroundUtf8Ignore(inflated.subarray(0, limit));
    return text || !size ? playgroundCodePoints(text, maxChars) : null;  // an empty text packs too (a cleared box)
  } catch {
    return null;
  }
}

// bytes.decode("utf-8", "ignore"), as the server read links before: each maximal invalid subsequence dropped. The
// WHATWG decoder puts a U+FFFD where Python's "ignore" drops: the bytes are decoded between the U+FFFDs they spell
// themselves (EF BF BD), and the decoder's own U+FFFDs taken out.
function playgroundUtf8Ignore(bytes) {
  const decoder = new TextDecoder(), parts = [];
  let from = 0;
  for (let i = 0; i + 2 < bytes.length; i++) {
    if (bytes[i] === 0xef && bytes[i + 1] === 0xbf && bytes[i + 2] === 0xbd) {
      parts.push(decoder.decode(bytes.subarray(from, i)).replaceAll("\ufffd", ""));
      from = i + 3;
      i += 2;
    }
  }
  parts.push(decoder.decode(bytes.subarray(from)).replaceAll("\ufffd", ""));
  return parts.join("\ufffd");
}

// What the page opens with: what this tab kept, on a reload (keep.js), else the link's setup; its modes set on the
// body first (a guess-first link shows no token), and a damaged link's note shown above the panels.
// [text, tokenizer 1, 2, 3, example, guess, present, marks, view].
export async function playgroundOpening() {
  const link = await playgroundSetupFromUrl(new URL(window.location.href).searchParams);
  if (link.damaged) {
    playgroundLinkNote("link-note", "This link's packed text (?z=) is damaged and could not be unpacked, so the page " +
                                    "opened without it. Ask for the link again, copied whole.");
  }
  const values = playgroundRestore([link.text, ...link.tokenizers, link.example, link.guess, link.present,
                                    link.markWhitespace, link.view]);
  if (values[5]) playgroundMode("guess", true);
  if (values[6]) playgroundMode("present", true);
  return values;
}

// A part of the link the page opened without, said above the panels (with any other part's: chat.js's ?chat=).
export function playgroundLinkNote(id, message) {
  playgroundFlow.notes.link += `<p class="limit" id="${id}">${message}</p>`;
  playgroundPaintNote();
}
