// Builds the page's tokenizers (playground/tokenizers/*.js and the npm packages they use, pinned by
// package-lock.json) into playground/page/static/twin/: one module for the registry, one chunk a family,
// every file named by its content's hash so a browser may keep it for good. The built files are committed:
// running the app needs no Node. `npm ci && npm run build` makes the same bytes again (a test checks).

import {build} from "esbuild";
import {mkdirSync, rmSync, writeFileSync} from "node:fs";
import {basename} from "node:path";

const OUT = "playground/page/static/twin";

rmSync(OUT, {recursive: true, force: true});
mkdirSync(OUT, {recursive: true});
const result = await build({
  entryPoints: ["playground/tokenizers/registry.js"],
  bundle: true,
  splitting: true,  // each family its own chunk, imported when first used
  format: "esm",
  target: "es2022",
  minify: true,
  legalComments: "none",  // the bundled packages' licenses are in assets/NOTICE
  entryNames: "[name]-[hash]",
  chunkNames: "[name]-[hash]",
  assetNames: "[name]-[hash]",
  loader: {".wasm": "file"},
  // @mlc-ai/web-tokenizers (Emscripten) names Node's "module" and "url" on paths only Node takes; in the
  // browser they are never reached, so they stay unresolved imports rather than failing the build.
  external: ["module", "url"],
  outdir: OUT,
  metafile: true,
  logLevel: "warning",
});
// The page loads the registry by the name this build gave it.
const entry = Object.entries(result.metafile.outputs).find(([, out]) => out.entryPoint)[0];
writeFileSync(`${OUT}/build.json`, JSON.stringify({registry: basename(entry)}, null, 2) + "\n");
