// The tokens the panels last showed, kept for the tab's next load of the page: a reload paints them at once, before
// the browser tokenizers have loaded (their loads, 300 to 450 ms of the page's CPU, are most of a warm reload:
// docs/benchmarks.md). Exact: an entry is what a browser tokenizer gave for the same text, tokenizer and special
// tokens, under the same build (the page's data-build, the hash of every file the page loads, so a changed
// vocabulary, twin or renderer is a new build that finds nothing kept). In sessionStorage, as the text itself is
// (keep.js): the tab's own, gone with it. Short texts only (what a lecturer types, the lesson's examples), the
// last few painted.

const KEY = "playground-kept-tokens";
const BUILD = document.documentElement.dataset.build || "";
const MAX_CHARS = 2_000;  // a longer text's tokens are not kept (sessionStorage holds about 5 MB a site)
const MAX_KEPT = 6;  // two texts' three panels

function keptEntries() {
  try {
    const kept = JSON.parse(sessionStorage.getItem(KEY));
    return kept && kept.build === BUILD && Array.isArray(kept.entries) ? kept.entries : [];
  } catch {
    return [];  // nothing kept, or storage refused (a private window's quota, a damaged entry)
  }
}

/** What tokenize(text, name, {special}) gave in this tab under this build, or null. */
export function playgroundKeptTokens(name, text, special) {
  const key = JSON.stringify([name, special, text]);
  return keptEntries().find(([entry]) => entry === key)?.[1] ?? null;
}

/** Keeps a browser tokenizer's answer for the tab's next load. */
export function playgroundKeepTokens(name, text, special, result) {
  if (text.length > MAX_CHARS) return;
  const key = JSON.stringify([name, special, text]);
  const entries = [[key, result], ...keptEntries().filter(([entry]) => entry !== key)].slice(0, MAX_KEPT);
  try {
    sessionStorage.setItem(KEY, JSON.stringify({build: BUILD, entries}));
  } catch {
    // storage full or refused: the next load tokenizes as it did before any was kept
  }
}
