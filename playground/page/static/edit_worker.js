// An edit's request and its answer, read as it comes: from a worker that shares memory with the page where it
// can (its panels painted a frame sooner), else from the page itself (edit.js sends, paint.js paints).

// Reads an edit's answer as it comes (edit_route.edit): onPanels(line) gets the panels' line as soon as it is
// there; resolves with {status, ok, retryAfter, whole: the answer's text} once all is read. It runs in the
// page, and in the edit worker below (whose source it is part of). The answer is read twice, in a copy:
// read only as it comes, most answers were reported to DevTools as aborted, with no body (Playwright's
// requestfailed, and response.json() failing), where read whole, as the copy is, every one was complete.
async function playgroundReadEdit(url, body, onPanels) {
  const response = await fetch(url, {method: "POST", headers: {"Content-Type": "application/json"}, body});
  const whole = response.clone().text();
  whole.catch(() => {});  // a failure is met where it is awaited, below (or first in the reader's own read)
  if (response.ok) {
    const reader = response.body.getReader(), decoder = new TextDecoder();
    let read = "";
    for (;;) {
      const {value, done} = await reader.read();
      if (done) break;
      read += decoder.decode(value, {stream: true});
      if (read.includes("\n")) {
        onPanels(read.slice(0, read.indexOf("\n")));
        reader.cancel();  // the rest is read in the copy
        break;
      }
    }
  }
  return {status: response.status, ok: response.ok, retryAfter: response.headers.get("Retry-After"),
          whole: await whole};
}

// Where the page is cross-origin isolated (the server sends COOP and COEP: server.ISOLATED), its edits go
// out from a worker that shares memory with it. After a keystroke Chromium handles nothing that comes from
// outside the page (a fetch's answer, a worker's message, a WebSocket's: measured) until it has drawn the
// key's own frame, so a page fetching its own edits paints the panels in the frame after it at the
// soonest. The worker writes the panels' line into the shared memory as soon as it has read it, and the
// page looks there at the start of each frame while an edit is out: when the line is there by the key's
// own frame, the panels are painted in that frame, a frame (16.7 ms) sooner. The worker also sends the
// line as a message, which paints it when the memory was not read in time (a hidden page draws no
// frames) or the line is too long for it. Where the page is not isolated (embedded in another site's
// page, as in a Hugging Face Space), or makes no worker, or the worker fails, the page fetches its edits
// itself, as it does until the worker says it runs.
const PLAYGROUND_SHARED_BYTES = 1 << 20;  // a longer panels' line (a whole long text) comes by message only
const PLAYGROUND_EDIT_WORKER = `${playgroundReadEdit}
let shared;  // Int32 [number of the edit whose line it holds, the line's length in bytes], then its UTF-8
onmessage = async ({data}) => {
  if (data.shared) { shared = data.shared; return; }
  const {number, url, body} = data;
  try {
    const answer = await playgroundReadEdit(url, body, (line) => { share(number, line); postMessage({number, panels: line}); });
    postMessage({number, ...answer});
  } catch (err) {
    postMessage({number, unreachable: true});
  }
};
function share(number, line) {
  const bytes = new TextEncoder().encode(line), room = new Uint8Array(shared, 8);
  if (bytes.length > room.length) return;
  room.set(bytes);
  const head = new Int32Array(shared, 0, 2);
  Atomics.store(head, 1, bytes.length);
  Atomics.store(head, 0, number);  // last: the page reads the line only once it sees its number here
}
postMessage({ready: true});
`;
const playgroundChannel = {worker: null, ready: false, shared: null, waiting: null};

(function makeTheEditWorker() {
  const channel = playgroundChannel;
  if (!window.crossOriginIsolated || typeof Worker !== "function") return;
  try {
    channel.worker = new Worker(URL.createObjectURL(new Blob([PLAYGROUND_EDIT_WORKER], {type: "text/javascript"})));
  } catch (err) {  // a page that may make no worker fetches its edits itself
    return;
  }
  channel.shared = new SharedArrayBuffer(8 + PLAYGROUND_SHARED_BYTES);
  channel.worker.postMessage({shared: channel.shared});
  channel.worker.onmessage = ({data}) => {
    if (data.ready) channel.ready = true;
    else if (channel.waiting && data.number === channel.waiting.number) channel.waiting.on(data);
  };
  channel.worker.onerror = () => {  // from now on the page fetches its edits itself
    channel.ready = false;
    if (channel.waiting) channel.waiting.on({unreachable: true});
  };
})();

// Edit `number` (the body `sent`), fetched by the worker when it runs, else by the page. onPanels(line)
// gets the panels' line once, as soon as it is read (from the worker: in a frame from the shared memory,
// or by its message, whichever comes first). Resolves as playgroundReadEdit does, or with
// {unreachable: true} when the worker got no answer.
function playgroundPostEdit(number, sent, onPanels) {
  const url = new URL("playground/edit", document.baseURI).href, body = JSON.stringify(sent);
  const channel = playgroundChannel;
  if (!channel.ready) return playgroundReadEdit(url, body, onPanels);
  return new Promise((resolve) => {
    let panelsRead = false;
    const panels = (line) => {
      if (panelsRead) return;
      panelsRead = true;
      onPanels(line);
    };
    const lookInSharedMemory = () => {  // at the start of each frame while this edit is out
      if (panelsRead || channel.waiting?.number !== number) return;
      const head = new Int32Array(channel.shared, 0, 2);
      if (Atomics.load(head, 0) !== number) return void requestAnimationFrame(lookInSharedMemory);
      // copied out first: TextDecoder reads no shared memory
      panels(new TextDecoder().decode(new Uint8Array(channel.shared, 8, Atomics.load(head, 1)).slice()));
      playgroundEdits.panelsFromSharedMemory++;
    };
    channel.waiting = {number, on: (data) => {
      if ("panels" in data) return panels(data.panels);
      channel.waiting = null;
      resolve(data);
    }};
    channel.worker.postMessage({number, url, body});
    requestAnimationFrame(lookInSharedMemory);
  });
}
