// The Node side of tests/render_js.py: JSON lines in, JSON lines out. A line {"data": ...} sets
// render.js's panel data (usePanelData); {"call": name, "args": [...]} answers {"value": ...} or {"error": "..."}.

import {createInterface} from "node:readline";
import {chatAnswerHtml, chatPanelHtml, panelParts, tokenTip, usePanelData} from "../playground/page/render.js";
import {invisibleMark, rightToLeft, segments, showWhitespace, tokenLabel} from "../playground/lesson/display.js";
import {indentationTokenCount} from "../playground/lesson/lecture.js";
import {countLineLoss, textLoss} from "../playground/lesson/loss.js";
import {batchOf} from "../playground/lesson/batch.js";
import {batchHtml} from "../playground/page/batch_view.js";
import {nfdCodePoints, lowerChar} from "../playground/lesson/unicode.js";

const lossFields = (loss) => loss && {...loss, comparable: loss.comparable, what: loss.what(), short: loss.short(),
  sentence: loss.sentence()};

const CALLS = {
  panel: (result, text, showIds, markWhitespace) => {
    const {before, tokens, after} = panelParts(result, text, {showIds, markWhitespace});
    return [before, tokens, after];
  },
  batchHtml, batchOf, chatAnswerHtml, chatPanelHtml, tokenTip, showWhitespace, invisibleMark, rightToLeft, tokenLabel, indentationTokenCount,
  segments: (length, tokens) => segments(length, tokens).map((s) => [s.start, s.end, s.tokens.length]),
  textLoss: (text, result) => lossFields(textLoss(text, result)),
  countLine: (text, result) => {  // what a panel's count line says of the loss
    const loss = countLineLoss(text, result);
    return loss && [loss.short(), loss.comparable];
  },
  nfd: (text) => nfdCodePoints(text).map((cp) => String.fromCodePoint(cp)).join(""),
  lower: (chars) => Array.from(chars, lowerChar),
};
CALLS.each = (name, argLists) => argLists.map((args) => CALLS[name](...args));  // one call a batch
CALLS.perChar = (name, text) => Array.from(text, (c) => CALLS[name](c));  // each character of text alone

for await (const line of createInterface({input: process.stdin, crlfDelay: Infinity})) {
  const job = JSON.parse(line);
  let answer;
  if ("data" in job) {
    usePanelData(job.data);
    answer = {value: null};
  } else {
    try {
      answer = {value: CALLS[job.call](...job.args)};
    } catch (error) {
      answer = {error: String(error.stack ?? error)};
    }
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
}
