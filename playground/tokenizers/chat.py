"""chat(): how a conversation becomes tokens, in each model's own chat format.

A chat model never sees "messages": it sees one text laid out in its format, and the format's
structure (<|start_header_id|>, [INST], <start_of_turn>, <|im_start|>) is made of tokens too.
chat() returns that text, its ids and tokens (spans into the text, as compare() gives them), and
for each token whether it is the format's structure or a message's content (and which message).

Where the format comes from, per tokenizer (FORMATS; each rendering is in chat_formats.py):
- llama3, gemma: the Jinja template the model ships (assets/*/chat_template.jinja, hashed),
  rendered by transformers' own renderer, its text split at special tokens as transformers does;
  an added tokenizer.json with a chat_template beside it (tokenizer_config.json) works the same.
- mistral: Mistral AI's mistral-common (Instruct v1 tokenizer) checks and folds the messages
  (no system role: it goes into the first user message), and its ids are checked against ours.
- llama: Meta's reference code for Llama 2 chat (llama/generation.py, chat_completion), written here.
- gpt4, gpt4o: what OpenAI documents, not what it runs (its API renders the format server-side):
  ChatML with tiktoken's cl100k_im ids for GPT-4; the cookbook's <|start|>role<|message|> layout
  with tiktoken's o200k_harmony ids for GPT-4o.
- gpt2, bert: no chat format; chat() says so.
A token that holds both structure and content characters (Llama 2's "▁Hello", whose space comes
from "[INST] ") counts as content: it carries your characters.
"""

from __future__ import annotations

from importlib.metadata import version

from playground.tokenizers.base import TokenColumns, Tokenizer
from playground.tokenizers.chat_formats import (Rendered, Run, Special, Template, added_template, bundled_template,
                                                chatml_rendering, harmony_rendering, llama2_rendering,
                                                mistral_rendering, template_rendering)
from playground.tokenizers.registry import get_tokenizer, tokenizer_names
from playground.tokenizers.spans import replace_lone_surrogates

ROLES = ("system", "user", "assistant")
MAX_MESSAGES = 200  # a conversation's messages; more are refused (1,000 empty turns would be 1,000 rows)
MAX_CHARS = 100_000  # all contents together: the same limit as a text on the page (work.MAX_INPUT_CHARS)

NO_CHAT_FORMAT = {
    "gpt2": "GPT-2 has no chat format: it was trained on web pages, never on conversations.",
    "bert": "BERT has no chat format: it is an encoder trained on sentences ([CLS] A [SEP] B [SEP]), not a chat model.",
}


def check_messages(messages: object) -> list[dict]:
    """The messages as [{"role", "content"}], lone surrogates replaced, or a ValueError saying what is wrong."""
    if not isinstance(messages, list):
        raise ValueError('messages must be a list like [{"role": "user", "content": "Hello"}]; '
                         f"got {type(messages).__name__}")
    if not messages:
        raise ValueError('the conversation is empty: give at least one message, e.g. {"role": "user", "content": "Hi"}')
    if len(messages) > MAX_MESSAGES:
        raise ValueError(f"{len(messages):,} messages: at most {MAX_MESSAGES} in one conversation")
    checked, chars = [], 0
    for k, m in enumerate(messages):
        if not isinstance(m, dict) or set(m) != {"role", "content"}:
            raise ValueError(f'message {k} must be {{"role": ..., "content": ...}} and nothing else; got {str(m)[:60]}')
        if m["role"] not in ROLES:
            raise ValueError(f"message {k}'s role must be one of {', '.join(ROLES)}; got {str(m['role'])[:40]!r}")
        if not isinstance(m["content"], str):
            raise ValueError(f"message {k}'s content must be a string; got {type(m['content']).__name__}")
        content, _ = replace_lone_surrogates(m["content"])
        chars += len(content)
        checked.append({"role": m["role"], "content": content})
    if chars > MAX_CHARS:
        raise ValueError(f"the messages hold {chars:,} characters: at most {MAX_CHARS:,} in all, as for a text")
    return checked


# --- chat() ----------------------------------------------------------------------------------


FORMATS = {  # tokenizer name -> (the format's name, where it comes from)
    "llama3": ("Llama 3 Instruct", "template"),
    "gemma": ("Gemma 2 instruct", "template"),
    "mistral": ("Mistral 7B Instruct v0.1 (v1 tokenizer)", "library"),
    "llama": ("Llama 2 chat", "reference code"),
    "gpt4": ("ChatML (GPT-4)", "documented"),
    "gpt4o": ("<|start|>role<|message|> (GPT-4o)", "documented"),
}


def format_source(name: str, template: Template | None) -> dict:
    """Where a tokenizer's chat format comes from, for the reader to check."""
    if template is not None:
        return {"kind": "template", "file": template.source, "sha256": template.sha256,
                "renderer": f"transformers {version('transformers')} (render_jinja_template)",
                "from": {"llama3": "meta-llama/Meta-Llama-3-8B-Instruct, tokenizer_config.json's chat_template",
                         "gemma": "google/gemma-2-2b-it, tokenizer_config.json's chat_template"}.get(
                    name, "the tokenizer_config.json beside the added tokenizer")}
    if name == "mistral":
        return {"kind": "library", "library": f"mistral-common {version('mistral-common')}",
                "what": "MistralTokenizer.v1(): InstructTokenizerV1 over tokenizer.model.v1 (the bundled file)"}
    if name == "llama":
        return {"kind": "reference code", "what": "Meta's llama repository (Llama 2), llama/generation.py, "
                "chat_completion: B_INST, E_INST, B_SYS, E_SYS", "note": "written out here; no library ships it"}
    if name == "gpt4":
        return {"kind": "documented", "note": "documented, not shipped: OpenAI renders it on its servers",
                "what": "ChatML (openai-python's chatml.md), ids <|im_start|> 100264 and <|im_end|> 100265 "
                        "from tiktoken's README (cl100k_im)"}
    return {"kind": "documented", "note": "documented, not shipped: GPT-4o's own format is not published",
            "what": "OpenAI cookbook 'How to count tokens with tiktoken': 3 tokens a message "
                    "(<|start|>, <|message|>, <|end|>) and 3 priming the reply (<|start|>assistant<|message|>); "
                    "ids from tiktoken's o200k_harmony (gpt-oss's format)"}


def tokenize_runs(tokenizer: Tokenizer, runs: list[Run]) -> tuple[str, TokenColumns, list[int | None], dict[int, str],
                                                                   list[tuple[int, int, int]]]:
    """(the rendered text, its token columns, each token's message or None, names of the specials used,
    [(start, end, message)] of every stretch of content in the text)."""
    text_parts, ids, starts, ends, partial, special, message, names = [], [], [], [], [], [], [], {}
    contents = []
    pos = 0
    for run in runs:
        if isinstance(run, Special):
            ids.append(run.id), starts.append(pos), ends.append(pos + len(run.text))
            partial.append(False), special.append(True), message.append(run.message)
            names[run.id] = run.text
            if run.message is not None:
                contents.append((pos, pos + len(run.text), run.message))
            text_parts.append(run.text)
            pos += len(run.text)
            continue
        chunk = "".join(s.text for s in run)
        cols = tokenizer.columns(chunk)
        bounds, at = [], 0
        for s in run:
            bounds.append((at, at + len(s.text), s.message))
            if s.message is not None:
                contents.append((pos + at, pos + at + len(s.text), s.message))
            at += len(s.text)
        for i, s, e, p in zip(cols.ids, cols.starts, cols.ends, cols.partial):
            # content if the token covers any of a message's characters (first such message)
            owner = next((m for a, b, m in bounds if m is not None and s < b and e > a), None)
            ids.append(i), starts.append(pos + s), ends.append(pos + e)
            partial.append(p), special.append(False), message.append(owner)
        text_parts.append(chunk)
        pos += len(chunk)
    return "".join(text_parts), TokenColumns(ids, starts, ends, partial, special), message, names, contents


def content_offsets(contents: list[tuple[int, int, int]]) -> list[tuple[int, int, int, int]]:
    """Each stretch of content with how much of its message's content came before it (a template that parses
    a typed special token splits one content into several stretches)."""
    seen: dict[int, int] = {}
    out = []
    for a, b, m in contents:
        out.append((a, b, m, seen.get(m, 0)))
        seen[m] = seen.get(m, 0) + b - a
    return out


def chat(messages: list[dict], tokenizer: str, add_generation_prompt: bool = True) -> dict:
    """A conversation in tokenizer's chat format: the text the model reads, its ids and tokens.

    messages: [{"role": "system" | "user" | "assistant", "content": str}, ...] (at most MAX_MESSAGES,
    MAX_CHARS characters of content in all). add_generation_prompt: end with the opening of the
    assistant's turn, for the model to answer.

    Returns {"tokenizer", "label", "format" (its name, or None), "source" (where it comes from),
    "no_chat_format" (why there is none, or None), "messages" (as checked), "text", "ids", "count",
    "structure_count", "content_count", "before_first_content" (tokens before the first content token),
    "notes" (what the format did to the messages), "tokens"}: each token as compare() gives it, with spans
    into "text", plus "structure" (True for the format's own tokens), "message" (the index of the message
    whose content it carries, or None), "content_start" and "content_end" (where its characters of that
    message's content, as shown after the format trimmed it, start and end; None for structure). Raises
    ValueError for bad messages or a conversation the format refuses, saying why (Gemma: roles must
    alternate; Llama 2: the last message must be the user's).
    """
    if tokenizer not in tokenizer_names():
        raise ValueError(f"unknown tokenizer {str(tokenizer)[:40]!r}; choose one of {', '.join(tokenizer_names())}")
    if not isinstance(add_generation_prompt, bool):
        raise ValueError("add_generation_prompt must be True or False")
    messages = check_messages(messages)
    tok = get_tokenizer(tokenizer)
    template = bundled_template(tokenizer) if tokenizer in ("llama3", "gemma") else added_template(tok)
    result = {"tokenizer": tokenizer, "label": tok.label, "format": None, "source": None, "no_chat_format": None,
              "messages": messages, "add_generation_prompt": add_generation_prompt, "notes": []}
    if template is None and tokenizer not in FORMATS:
        reason = NO_CHAT_FORMAT.get(tokenizer, f"{tok.label} has no chat format: no chat_template was found in a "
                                               "tokenizer_config.json beside its file.")
        return result | {"no_chat_format": reason, "text": "", "ids": [], "count": 0, "structure_count": 0,
                         "content_count": 0, "before_first_content": 0, "tokens": []}
    expected = None
    if template is not None:
        rendered = Rendered(template_rendering(template, messages, add_generation_prompt), [])
    elif tokenizer == "mistral":
        rendered, expected = mistral_rendering(messages, add_generation_prompt)
    else:
        rendered = {"llama": llama2_rendering, "gpt4": chatml_rendering, "gpt4o": harmony_rendering}[tokenizer](
            messages, add_generation_prompt)
    text, columns, owners, names, contents = tokenize_runs(tok, rendered.runs)
    if expected is not None and expected != columns.ids:
        raise RuntimeError("playground.chat's Mistral ids differ from mistral-common's: report it, with the messages")
    tokens = tok.token_dicts(text, columns)
    stretches = content_offsets(contents)
    for t, owner in zip(tokens, owners):
        if t["id"] in names and t["special"]:
            t["piece"] = names[t["id"]]
        t["structure"], t["message"] = owner is None, owner
        # where in its message's content the token starts and ends: the same characters in every format, though
        # a token may carry the format's characters too (Mistral's "▁What" holds the space after "[INST]")
        held = [(a, b, shift) for a, b, m, shift in stretches if m == owner and t["start"] < b and t["end"] > a]
        t["content_start"] = max(t["start"], held[0][0]) - held[0][0] + held[0][2] if held else None
        t["content_end"] = min(t["end"], held[-1][1]) - held[-1][0] + held[-1][2] if held else None
    content = sum(o is not None for o in owners)
    return result | {
        "format": FORMATS.get(tokenizer, ("its own chat template", ""))[0],
        "source": format_source(tokenizer, template),
        "notes": rendered.notes,
        "text": text,
        "ids": columns.ids,
        "count": len(columns.ids),
        "structure_count": len(columns.ids) - content,
        "content_count": content,
        "before_first_content": next((n for n, o in enumerate(owners) if o is not None), len(owners)),
        "tokens": tokens,
    }
