// Node module hooks for scripts/twin_node.mjs: a `.wasm` import gives the file as a data: URL, as esbuild's file
// loader gives the browser bundle the emitted file's URL; a family module fetch()es either the same way.

import {readFile} from "node:fs/promises";

export async function load(url, context, nextLoad) {
  if (!url.endsWith(".wasm")) return nextLoad(url, context);
  const data = await readFile(new URL(url));
  return {format: "module", shortCircuit: true,
          source: `export default "data:application/wasm;base64,${data.toString("base64")}";`};
}
