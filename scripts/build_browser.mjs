// Builds the page's tokenizers (playground/tokenizers/*.js and the npm packages they use, pinned by
// package-lock.json) into playground/page/static/twin/: one module for the registry, one chunk a family,
// every file named by its content's hash so a browser may keep it for good. The built files are committed:
// running the app needs no Node. `npm ci && npm run build` makes the same bytes again (a test checks).

import {build} from "esbuild";
import {existsSync, mkdirSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {basename, resolve} from "node:path";

const OUT = "playground/page/static/twin";

// A family module registry.js names but this checkout has not got (its branch not merged yet) becomes a chunk
// that says so when loaded, so the other families still build; the build warns about each.
const missingFamilies = {
  name: "missing-families",
  setup(build) {
    build.onResolve({filter: /^\.\/\w+\.js$/}, (args) => {
      const path = resolve(args.resolveDir, args.path);
      if (existsSync(path)) return undefined;
      console.warn(`build_browser: playground/tokenizers/${basename(path)} is missing; its family will not run in the browser`);
      return {path: basename(path), namespace: "missing-family"};
    });
    build.onLoad({filter: /.*/, namespace: "missing-family"}, (args) => ({
      contents: `export async function load() { throw new Error("this build has no ${args.path}"); }`,
    }));
  },
};

// Node built-ins a package names for Node only: @sctg/sentencepiece-js imports fs for its load(path) (the page
// passes the model's bytes instead), empty in the page; its emscripten glue imports module only when it runs
// under Node, left as it is.
const nodeOnly = {
  name: "node-only",
  setup(build) {
    build.onResolve({filter: /^fs$/}, () => ({path: "fs", namespace: "node-only"}));
    build.onResolve({filter: /^module$/}, () => ({path: "module", external: true}));
    build.onLoad({filter: /.*/, namespace: "node-only"}, () => ({contents: "export {};"}));
  },
};

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
  plugins: [nodeOnly, missingFamilies],
  metafile: true,
  logLevel: "warning",
});
// The page loads the registry by the name this build gave it; the npm packages bundled are listed (each one's
// license must be in assets/NOTICE: tests/test_browser_build.py checks).
const entry = Object.entries(result.metafile.outputs).find(([, out]) => out.entryPoint)[0];
const packages = new Set(Object.keys(result.metafile.inputs)
  .map((path) => path.match(/^node_modules\/((?:@[^/]+\/)?[^/]+)\//)?.[1]).filter(Boolean));
const versions = [...packages].sort().map((name) =>
  `${name}@${JSON.parse(readFileSync(`node_modules/${name}/package.json`, "utf8")).version}`);
writeFileSync(`${OUT}/build.json`, JSON.stringify({registry: basename(entry), packages: versions}, null, 2) + "\n");
