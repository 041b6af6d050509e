// What the program reads from its host (shell.page_values): page/values.json, named by its hash in the page's
// preload link (#playground-values, fetched from the page's first bytes), read once as the program opens; every
// module imports the values it uses from here (the browser tokenizers' and the renderer's are handed to them by
// update.js).

const response = await fetch(document.getElementById("playground-values").href);
if (!response.ok) {  // nothing of the program can run: the page's own note says so (shell.PROGRAM_REFUSED)
  document.getElementById("program-refused").hidden = false;
  throw new Error(`the page's values.json answered HTTP ${response.status}`);
}
const values = await response.json();

export const {
  PLAYGROUND_MAX_SHARE_URL, PLAYGROUND_MAX_INPUT_CHARS, PLAYGROUND_PROMPTS, PLAYGROUND_TOKENIZER_LABELS,
  PLAYGROUND_ROOM_HOST, PLAYGROUND_UNREACHABLE, PLAYGROUND_DEFAULT_TOKENIZERS, PLAYGROUND_DEFAULT_TEXT,
  PLAYGROUND_EXAMPLES, PLAYGROUND_CHAT_EXAMPLE, PLAYGROUND_LESSON_BATCH, PLAYGROUND_SERVER, PLAYGROUND_FOLDER,
  PLAYGROUND_TWINS, PLAYGROUND_PANEL_DATA,
} = values;
