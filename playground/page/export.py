"""The tokens of all three tokenizers as CSV or JSON, for the download buttons."""

from __future__ import annotations

import csv
import io
import json

CSV_COLUMNS = ["tokenizer", "index", "id", "piece", "text", "start", "end", "bytes_hex", "partial", "special",
               "undertrained_verdict", "undertrained_max_prob", "undertrained_indicator"]  # blank: on no list


def tokens_csv(result: dict) -> str:
    """One row per token of every tokenizer in compare()'s result."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS, extrasaction="ignore")
    writer.writeheader()
    for tok in result["tokenizers"]:
        for index, token in enumerate(tok["tokens"]):
            mark = {f"undertrained_{k}": v for k, v in (token["undertrained"] or {}).items()}
            writer.writerow({"tokenizer": tok["name"], "index": index, **token, **mark})
    return out.getvalue()


def tokens_json(result: dict) -> str:
    """compare()'s whole result, ids, tokens and counts, as JSON."""
    return json.dumps(result, ensure_ascii=False, indent=1)


CHAT_CSV_COLUMNS = ["tokenizer", "format", "index", "id", "piece", "text", "start", "end", "structure", "message",
                    "content_start", "special"]


def chat_csv(results: list[dict | None]) -> str:
    """One row per token of each panel's conversation (playground.chat's results; None: a format refused it)."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=CHAT_CSV_COLUMNS, extrasaction="ignore")
    writer.writeheader()
    for result in filter(None, results):
        for index, token in enumerate(result["tokens"]):
            writer.writerow({"tokenizer": result["tokenizer"], "format": result["format"], "index": index, **token})
    return out.getvalue()
