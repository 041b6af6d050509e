// Builds the page's program into playground/page/static/twin/: its modules (playground/page/static/*.js, the entry
// page.js), the browser tokenizers (playground/tokenizers/*.js and the npm packages they use, pinned by
// package-lock.json) and the panels' renderer (playground/page/render.js), bundled into ONE module (named in
// build.json as "page"), and each WebAssembly core a file of its own that a family fetches when one of its tokenizers
// is first used (build.json's "cores": family -> its cores, so that a static folder ships only the cores of the
// families it lists). One module rather than a chunk a family: a class opening the link at once asked the server for
// 32 files, 15 of them chunks of a few KB that each cost a request and a round trip; the families' JavaScript is
// 200 KB (60 KB gzipped), and the lesson's three use all but 3 KB of it. Every file is named by its content's hash,
// so a browser may keep it for good, and its sha256 recorded in build.json, so that nothing runs that is not what
// was built (the page's script tag carries the module's; the code that loads a WebAssembly core carries the core's).
// The built files are committed: running the app needs no Node. `npm ci && npm run build` makes the same bytes
// again (a test checks).

import {createHash} from "node:crypto";
import {build} from "esbuild";
import {mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync} from "node:fs";
import {basename, dirname, relative, resolve} from "node:path";

// `node scripts/build_browser.mjs [entry outdir]`: another entry into another folder, for a bench's page that runs
// only the tokenizers (bench/browser_peer.py builds playground/tokenizers/registry.js so); by default the program.
const [ENTRY, OUT] = process.argv.length > 3 ? process.argv.slice(2, 4)
  : ["playground/page/static/page.js", "playground/page/static/twin"];
const FAMILIES = ["tiktoken_bpe", "sentencepiece_bpe", "bert", "hf_tokenizers"];  // registry.js's FAMILIES

// Node built-ins a package names for Node only: @sctg/sentencepiece-js imports fs for its load(path) (the page
// passes the model's bytes instead): an empty module in the page.
const nodeOnly = {
  name: "node-only",
  setup(build) {
    build.onResolve({filter: /^fs$/}, () => ({path: "fs", namespace: "node-only"}));
    build.onLoad({filter: /.*/, namespace: "node-only"}, () => ({contents: "export {};"}));
  },
};

const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex");

// Every WebAssembly core is a .wasm file of its own (esbuild's file loader, hashed like the rest), which the page
// fetches beside the code, preloads, and compiles as it arrives (wasm_file.js), checking its sha256 before it is
// instantiated: the module that imports a core gets its URL and, baked into the code, its sha256, so the core is
// as checked as the module is. tiktoken's is a .wasm in the package (`import url, {sha256} from "....wasm"`).
// The two Emscripten packages (@mlc-ai/web-tokenizers for BERT and the tokenizer.json families,
// @sctg/sentencepiece-js) carry theirs as a base64 string inside their JavaScript: 4.6 MB of text for BERT's,
// parsed and decoded before it could compile, and a third larger gzipped than the binary. Here it leaves them for a
// .wasm file: the package's instantiateWasm hook, which it checks before reading the string, is called with
// wasm_file.js's emscriptenInstantiate (the string left empty, never read).
const INLINED_CORE = /"data:application\/octet-stream;base64,([A-Za-z0-9+/=]{1000,})"/;
const WASM_FILE = resolve("playground/tokenizers/wasm_file.js");
const HOOK = 'if(Module["instantiateWasm"]){try{return Module["instantiateWasm"](info,receiveInstance)';
const coresOutOfLine = {
  name: "cores-out-of-line",
  setup(build) {
    const cores = new Map();  // the core's file name -> its bytes
    build.onLoad({filter: /\.wasm$/, namespace: "file"}, (args) => {
      const name = basename(args.path);
      cores.set(name, readFileSync(args.path));
      return {contents: `export {default} from "core:${name}";\nexport const sha256 = "${sha256(cores.get(name))}";\n`,
              loader: "js"};
    });
    build.onLoad({filter: /node_modules\/(@mlc-ai\/web-tokenizers|@sctg\/sentencepiece-js)\/.*\.js$/}, (args) => {
      const source = readFileSync(args.path, "utf8");
      const core = source.match(INLINED_CORE);
      if (!core) return undefined;  // the package's other files
      if (source.split(HOOK).length !== 2) throw new Error(`${args.path}: no single instantiateWasm hook to call`);
      const name = `${args.path.match(/node_modules\/(?:@[^/]+\/)?([^/]+)\//)[1]}.wasm`;
      cores.set(name, Buffer.from(core[1], "base64"));
      const hooked = source.replace(INLINED_CORE, '"data:application/octet-stream;base64,"').replace(HOOK,
        `{try{return __emscriptenInstantiate(new URL(__coreUrl, import.meta.url),"${sha256(cores.get(name))}",info,`
        + "receiveInstance,readyPromiseReject)");
      const imports = `import __coreUrl from "core:${name}";\n`
        + `import {emscriptenInstantiate as __emscriptenInstantiate} from ${JSON.stringify(relative(dirname(args.path), WASM_FILE))};\n`;
      return {contents: imports + hooked, loader: "js"};
    });
    build.onResolve({filter: /^core:/}, (args) => ({path: args.path.slice(5), namespace: "core"}));
    build.onLoad({filter: /.*/, namespace: "core"}, (args) => ({contents: cores.get(args.path), loader: "file"}));
  },
};

rmSync(OUT, {recursive: true, force: true});
mkdirSync(OUT, {recursive: true});
const result = await build({
  entryPoints: [ENTRY],
  bundle: true,
  format: "esm",
  target: "es2022",
  minify: true,
  legalComments: "none",  // the bundled packages' licenses are in assets/NOTICE
  entryNames: "[name]-[hash]",
  assetNames: "[name]-[hash]",
  // The Emscripten glue of @mlc-ai/web-tokenizers and @sctg/sentencepiece-js names Node's "module" and "url" on
  // paths only Node takes; in the browser they are never reached, so they stay unresolved imports rather than failing the build.
  external: ["module", "url"],
  outdir: OUT,
  plugins: [nodeOnly, coresOutOfLine],
  metafile: true,
  logLevel: "warning",
});
// The page loads the program's module by the name this build gave it, and checks every built file against its sha256 here
// (twin_route.py turns the module's into its script tag's integrity); the npm packages bundled are listed (each
// one's license must be in assets/NOTICE: tests/test_browser_build.py checks).
const outputs = Object.entries(result.metafile.outputs).map(([path, out]) => [basename(path), out]);
const [page] = outputs.find(([, out]) => out.entryPoint === ENTRY);
// family -> the cores its module reaches through its imports (each core is the output of a "core:" input)
const coreOutput = new Map(outputs.filter(([name]) => name.endsWith(".wasm"))
  .map(([name, out]) => [Object.keys(out.inputs)[0], name]));
const reached = (path, seen = new Set()) => {
  if (seen.has(path)) return seen;
  seen.add(path);
  for (const {path: next} of result.metafile.inputs[path]?.imports ?? []) reached(next, seen);
  return seen;
};
const cores = Object.fromEntries(FAMILIES.map((family) => [family,
  [...reached(`playground/tokenizers/${family}.js`)].filter((path) => coreOutput.has(path)).map((path) => coreOutput.get(path)).sort()]));
const packages = new Set(Object.keys(result.metafile.inputs)
  .map((path) => path.match(/^node_modules\/((?:@[^/]+\/)?[^/]+)\//)?.[1]).filter(Boolean));
const versions = [...packages].sort().map((name) =>
  `${name}@${JSON.parse(readFileSync(`node_modules/${name}/package.json`, "utf8")).version}`);
const hashes = Object.fromEntries(readdirSync(OUT).sort().map((name) => [name, sha256(readFileSync(`${OUT}/${name}`))]));
writeFileSync(`${OUT}/build.json`,
  JSON.stringify({page, cores, sha256: hashes, packages: versions}, null, 2) + "\n");
