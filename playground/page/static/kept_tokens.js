// The tokens the panels showed, kept for the tab's next load of the page: a reload paints them at once, before the
// browser tokenizers have loaded (their loads, 300 to 450 ms of the page's CPU, are most of a warm reload:
// docs/benchmarks.md). Exact: an entry is what a browser tokenizer gave for the same text, tokenizer and special
// tokens, under the same build (the page's data-build, the hash of every file the page loads, so a changed
// vocabulary, twin or renderer is a new build that finds nothing kept). In sessionStorage, as the text itself is
// (keep.js): the tab's own, gone with it. Read once as the page opens; written once as it goes (pagehide: a reload,
// a link followed), never on a key. Short texts only (what a lecturer types, the lesson's examples).

const KEY = "playground-kept-tokens";
const BUILD = document.documentElement.dataset.build || "";
const MAX_CHARS = 2_000;  // a longer text's tokens are not kept (sessionStorage holds about 5 MB a site)

const entryKey = (name, text, special) => JSON.stringify([name, special, text]);

function keptByLastPage() {
  try {
    const kept = JSON.parse(sessionStorage.getItem(KEY));
    return kept && kept.build === BUILD && Array.isArray(kept.entries) ? kept.entries : [];
  } catch {
    return [];  // nothing kept, or storage refused (a private window's quota, a damaged entry)
  }
}

const kept = new Map(keptByLastPage());  // entryKey -> tokenize()'s answer, what the tab's last page showed
const showing = new Map();  // panel slot -> [entryKey, answer], what this page's panels show now

/** What tokenize(text, name, {special}) gave in this tab's last page under this build, or null. */
export function playgroundKeptTokens(name, text, special) {
  return kept.get(entryKey(name, text, special)) ?? null;
}

/** The browser tokenizer's answer panel `slot` now shows, to be kept when the page goes. */
export function playgroundShowingTokens(slot, name, text, special, answer) {
  if (text.length > MAX_CHARS) showing.delete(slot);
  else showing.set(slot, [entryKey(name, text, special), answer]);
}

addEventListener("pagehide", () => {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({build: BUILD, entries: [...showing.values()]}));
  } catch {
    // storage full or refused: the next load tokenizes as it did before any was kept
  }
});
