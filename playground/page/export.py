"""The tokens of all three tokenizers as CSV or JSON, for the download buttons."""

from __future__ import annotations

import csv
import io
import json

from playground.lesson.loss import Loss, text_loss

CSV_COLUMNS = ["tokenizer", "index", "id", "piece", "text", "start", "end", "bytes_hex", "partial", "special",
               "undertrained_verdict", "undertrained_max_prob", "undertrained_indicator",  # blank: on no list
               "count_comparable", "loss"]  # the tokenizer's, on each of its rows (loss.text_loss)


def tokens_csv(result: dict) -> str:
    """One row per token of every tokenizer in compare()'s result, each with what its tokenizer lost of the text
    (count_comparable: whether its count is of the text, "yes" or "no"; loss: in words, blank when nothing)."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS, extrasaction="ignore")
    writer.writeheader()
    for tok in result["tokenizers"]:
        loss = text_loss(result["text"], tok)
        said = {"count_comparable": "yes" if loss is None or loss.comparable else "no",
                "loss": "" if loss is None else loss.sentence()}
        for index, token in enumerate(tok["tokens"]):
            mark = {f"undertrained_{k}": v for k, v in (token["undertrained"] or {}).items()}
            writer.writerow({"tokenizer": tok["name"], "index": index, **token, **mark, **said})
    return out.getvalue()


def tokens_json(result: dict) -> str:
    """compare()'s whole result, ids, tokens and counts, as JSON; each tokenizer with its "loss": null when its
    decode is the text and no token is [UNK], else {"comparable", "what", "sentence", "unknown", "dropped"}."""
    tokenizers = [{**tok, "loss": loss_json(text_loss(result["text"], tok))} for tok in result["tokenizers"]]
    return json.dumps({**result, "tokenizers": tokenizers}, ensure_ascii=False, indent=1)


def loss_json(loss: Loss | None) -> dict | None:
    if loss is None:
        return None
    return {"comparable": loss.comparable, "what": loss.what(), "sentence": loss.sentence(), "unknown": loss.unknown,
            "dropped": list(loss.dropped)}


CHAT_CSV_COLUMNS = ["tokenizer", "format", "index", "id", "piece", "text", "start", "end", "structure", "message",
                    "content_start", "content_end", "special"]


def chat_csv(results: list[dict]) -> str:
    """One row per token of each panel's conversation (playground.chat's results; a format's refusal has none)."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=CHAT_CSV_COLUMNS, extrasaction="ignore")
    writer.writeheader()
    for result in results:
        for index, token in enumerate(result.get("tokens", [])):
            writer.writerow({"tokenizer": result["tokenizer"], "format": result["format"], "index": index, **token})
    return out.getvalue()
