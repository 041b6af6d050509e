// Runs one browser twin under Node, for quick checks while developing a family (the tests run the
// twins in Chromium). stdin: {"name", "spec": twin_spec(name), "paths": {key: local path},
// "undertrained": path or null, "texts": [...], "special": bool}; stdout: describe() of each text, as JSON.

import {readFileSync} from "node:fs";
import {register} from "node:module";
import {describe} from "../playground/tokenizers/base.js";
import {replaceLoneSurrogates} from "../playground/tokenizers/spans.js";

register("./twin_node_hooks.mjs", import.meta.url);  // .wasm imports, as the browser bundle has them
const job = JSON.parse(readFileSync(0, "utf8"));
const family = await import(`../playground/tokenizers/${job.spec.family}.js`);
const files = Object.fromEntries(Object.entries(job.paths).map(([key, path]) => [key, new Uint8Array(readFileSync(path))]));
const tokenizer = await family.load({name: job.name, ...job.spec}, files);
let marks = null;
if (job.undertrained) {
  const model = JSON.parse(readFileSync(job.undertrained, "utf8")).models[job.name];
  marks = new Map(model.tokens.map((t) => [t.id, {verdict: t.verdict, indicator: t.indicator, max_prob: t.max_prob}]));
}
const out = job.texts.map((text) => describe(tokenizer, marks, replaceLoneSurrogates(text), job.special ?? false));
process.stdout.write(JSON.stringify(out));
