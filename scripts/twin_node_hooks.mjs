// Node module hooks for scripts/twin_node.mjs: a `.wasm` import gives the file as a data: URL and its sha256, as
// scripts/build_browser.mjs gives the browser bundle the emitted file's URL and sha256; a family module fetch()es
// either the same way.

import {createHash} from "node:crypto";
import {readFile} from "node:fs/promises";

export async function load(url, context, nextLoad) {
  if (!url.endsWith(".wasm")) return nextLoad(url, context);
  const data = await readFile(new URL(url));
  return {format: "module", shortCircuit: true,
          source: `export default "data:application/wasm;base64,${data.toString("base64")}";\n`
            + `export const sha256 = "${createHash("sha256").update(data).digest("hex")}";`};
}
