"""The Chat view's route: POST /playground/chat {"messages", "tokenizers": [3 names], "add_generation_prompt"}
-> 200 {"results": [3], "csv", "json"}, or 400 {"detail"} saying what is wrong. Each result is playground.chat()'s
for its tokenizer, or {"tokenizer", "label", "refusal"} for a format that refuses the conversation; the page draws
them (render.js's chatPanelHtml, chatAnswerHtml). Like the page's asks (ask_route) it keeps nothing between
requests; server.Guard caps the body (its bytes, its nesting, its time), and playground.chat the conversation (at
most 200 messages, 100,000 characters of content)."""

from __future__ import annotations

import json

import orjson
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from playground.page.export import chat_csv
from playground.page.handlers import API_LANE, expect_tokenizers
from playground.page.server import BodyRefused
from playground.tokenizers.chat import chat
from playground.tokenizers.registry import tokenizer_label

CHAT_PATH = "/playground/chat"


def chat_results(messages: list, names: tuple[str, ...], add_generation_prompt: bool) -> list[dict]:
    """Each tokenizer's conversation; a format's refusal is its panel's to say, not an error of the request."""
    results = []
    for name in names:
        try:
            results.append(chat(messages, name, add_generation_prompt))
        except ValueError as err:
            if "refuses" not in str(err):
                raise  # a bad conversation (not a format's refusal) is the caller's to say
            results.append({"tokenizer": name, "label": tokenizer_label(name), "refusal": str(err)})
    return results


def chat_answer(body: bytes) -> dict:
    values = json.loads(body)
    if not isinstance(values, dict):
        raise ValueError("send a JSON object {messages, tokenizers, add_generation_prompt}")
    names = expect_tokenizers(values.get("tokenizers"), repeats=True)
    prompt = values.get("add_generation_prompt", True)
    if not isinstance(prompt, bool):
        raise ValueError("add_generation_prompt must be true or false")
    results = chat_results(values.get("messages"), names, prompt)
    return {"results": results, "csv": chat_csv(results), "json": json.dumps(results, ensure_ascii=False, indent=1)}


async def chat_route(request: Request) -> Response:
    import gradio as gr

    try:
        body = await request.body()
    except BodyRefused as refused:  # server.Guard's: too large, nested too deeply, too slow, or the client left
        return Response(orjson.dumps({"detail": refused.detail}), refused.status, media_type="application/json")
    try:
        answer = await API_LANE.run(chat_answer, body)
    except (ValueError, gr.Error) as err:  # bad JSON, messages or names; its message quotes at most 60 characters
        return Response(orjson.dumps({"detail": getattr(err, "message", None) or str(err)}), 400,
                        media_type="application/json")
    return Response(orjson.dumps(answer), media_type="application/json")


ROUTES = [Route(CHAT_PATH, chat_route, methods=["POST"])]
