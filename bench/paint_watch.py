"""Keystroke to paint, timed inside the page: from each key's keydown to the first animation frame that shows
its text (or a later key's) in what the page paints. Shared by the typing benches and the browser test of it.

The page watches for that frame itself, told before the keys are pressed what each key's text looks like: a
change to what it watches (#panels, #echo; a MutationObserver) asks for the next animation frame, which checks
it; a change made in one of the page's own frame callbacks (requestAnimationFrame) is checked at once after it,
since it is painted in that same frame. (Playwright's wait_for_function, called after the key, first checks
once at once, outside any frame, and polls frames only from then on: a quick answer was timed when the check
ran, not when it was painted.) What is watched is read once per change, not in every frame: reading 1,200 ids
in every frame would cost the page's main thread about 10 ms a key.

A key whose own text is never shown, because the page caught up straight to a later key's, is painted in the
frame that shows that later text: the student sees their key then. Keys typed steadily, without waiting for
each one's paint, are timed the same way.
"""

from __future__ import annotations

WATCH = """([watched, kind, clock]) => {
  let keyAt = [];  // each key's keydown (or beforeinput), in order, since the last benchExpect
  document.addEventListener(clock, () => keyAt.push(performance.now()), true);
  // The characters each panel counts: its "N chars" figure.
  const chars = (name) => [...document.querySelectorAll(`#panel-${name} .stat`)]
    .map((e) => e.textContent.match(/^([\\d,]+) chars?$/)).find(Boolean)?.[1].replaceAll(",", "");
  const read = kind === "panels"
    ? () => Object.fromEntries(Object.keys(states[0]).map((name) => [name,
        [...document.querySelectorAll(`#panel-${name} .tok`)].map((e) => Number(e.dataset.id))]))
    : kind === "chars"
    ? () => Object.fromEntries(Object.keys(states[0]).map((name) => [name, Number(chars(name))]))
    : () => document.querySelector("#echo pre")?.textContent;
  const shows = kind === "panels"
    ? (now, expected) => Object.entries(expected).every(([name, ids]) => {
        const got = now[name] || [];
        return got.length === ids.length && got.every((id, i) => id === ids[i]);
      })
    : kind === "chars"
    ? (now, expected) => Object.entries(expected).every(([name, n]) => now[name] === n)
    : (now, expected) => now === expected;  // the bare app's echo
  let states = [];  // what each key's text looks like, key i's at i
  let next = 0;  // the first key not yet painted
  let asked = false;
  const check = () => {  // in an animation frame: what it shows is painted in this frame
    asked = false;
    if (next >= states.length) return;
    const now = read(), at = performance.now();
    for (let k = Math.min(states.length, keyAt.length) - 1; k >= next; k--) {
      if (!shows(now, states[k])) continue;
      for (; next <= k; next++) window.benchPainted[next] = at - keyAt[next];
      return;
    }
  };
  const frame = window.requestAnimationFrame.bind(window);
  const ask = () => { if (!asked) { asked = true; frame(check); } };
  const changes = new MutationObserver(ask);
  changes.observe(document.querySelector(watched), {subtree: true, childList: true, attributes: true, characterData: true});
  // What the page's own frame callbacks change is painted in that frame: checked at once after them.
  window.requestAnimationFrame = (callback) => frame((time) => {
    callback(time);
    if (changes.takeRecords().length) check();
  });
  // Told before the keys: key i's text looks like expected[i]; window.benchPainted[i] is its time, once painted.
  window.benchExpect = (expected) => {
    keyAt = []; states = expected; next = 0; window.benchPainted = [];
  };
}"""


def watch(page, watched: str = "#panels", kind: str = "panels", clock: str = "keydown") -> None:
    """Set the page up to time keys: `watched` is what it paints into; `kind` "panels" (expected values are
    {slot: ids} for #panel-<slot>'s .tok elements), "chars" ({slot: the characters #panel-<slot> counts}) or "echo"
    (the bare app's #echo text); `clock` the event a key's time starts at: "keydown", or "beforeinput" for
    characters typed without a key (Playwright's insert_text: CJK, emoji)."""
    page.evaluate(WATCH, [watched, kind, clock])


def expect(page, states: list) -> None:
    """Tell the page, before the keys are pressed, what each key's text looks like once painted."""
    page.evaluate("states => benchExpect(states)", states)


def painted(page, keys: int, timeout: float = 60_000) -> list[float]:
    """Wait until `keys` keys have been painted; ms from each key's keydown to its frame."""
    return page.wait_for_function(f"() => window.benchPainted.length >= {keys} && window.benchPainted",
                                  timeout=timeout).json_value()[:keys]
