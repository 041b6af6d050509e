"""chat(): how a conversation becomes tokens, in each model's own chat format.

A chat model never sees "messages": it sees one text laid out in its format, and the format's
structure (<|start_header_id|>, [INST], <start_of_turn>, <|im_start|>) is made of tokens too.
chat() returns that text, its ids and tokens (spans into the text, as compare() gives them), and
for each token whether it is the format's structure or a message's content (and which message).

Where the format comes from, per tokenizer (CHAT_FORMATS):
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

import hashlib
import re
from dataclasses import dataclass
from functools import cache
from importlib.metadata import version
from typing import NamedTuple

from playground.tokenizers.assets import verified_path
from playground.tokenizers.base import TokenColumns, Tokenizer
from playground.tokenizers.registry import get_tokenizer, tokenizer_names
from playground.tokenizers.spans import replace_lone_surrogates

ROLES = ("system", "user", "assistant")
MAX_MESSAGES = 200  # a conversation's messages; more are refused (1,000 empty turns would be 1,000 rows)
MAX_CHARS = 100_000  # all contents together: the same limit as a text on the page (work.MAX_INPUT_CHARS)

NO_CHAT_FORMAT = {
    "gpt2": "GPT-2 has no chat format: it was trained on web pages, never on conversations.",
    "bert": "BERT has no chat format: it is an encoder trained on sentences ([CLS] A [SEP] B [SEP]), not a chat model.",
}


class Segment(NamedTuple):
    text: str
    message: int | None  # the message whose content this is; None for the format's own text


class Special(NamedTuple):
    text: str  # its name as it appears in the rendered text: "<|eot_id|>"
    id: int
    message: int | None = None  # a special-token string typed in a message and read as one (templates do)


# A rendering: what the maker's code encodes, in order: a special token, or one call of the tokenizer on
# the text of its segments (one call, so "▁Hello" can join the format's space and your word).
Run = Special | list[Segment]


@dataclass(frozen=True)
class Rendered:
    runs: list[Run]
    notes: list[str]  # what the format did to the messages (a system prompt folded, an empty turn added)


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


# --- the formats ---------------------------------------------------------------------------


def strip_segments(segments: list[Segment]) -> list[Segment]:
    """str.strip() of the segments' joined text, applied across them (Meta's code strips a folded prompt whole)."""
    out = list(segments)
    for k in range(len(out)):  # leading whitespace, through segments that are only whitespace
        out[k] = out[k]._replace(text=out[k].text.lstrip())
        if out[k].text:
            break
    for k in reversed(range(len(out))):
        out[k] = out[k]._replace(text=out[k].text.rstrip())
        if out[k].text:
            break
    return [s for s in out if s.text]


def llama2_rendering(messages: list[dict], add_generation_prompt: bool) -> Rendered:
    """Meta's Llama 2 chat_completion (llama/generation.py): a system prompt folded into the first user
    message between <<SYS>> lines, each user/assistant pair "<s>[INST] q [/INST] a </s>", then "<s>[INST] q [/INST]"."""
    b_inst, e_inst, b_sys, e_sys = "[INST]", "[/INST]", "<<SYS>>\n", "\n<</SYS>>\n\n"
    if any(tag in m["content"] for m in messages for tag in (b_inst, e_inst, "<<SYS>>", "<</SYS>>")):
        raise ValueError("Llama 2 refuses this conversation (Meta's code): special tags are not allowed as part of "
                         "the prompt ([INST], [/INST], <<SYS>>, <</SYS>>)")
    turns = [[Segment(m["content"], k)] for k, m in enumerate(messages)]
    roles = [m["role"] for m in messages]
    notes = []
    if roles[0] == "system":
        if len(roles) < 2:
            raise ValueError("Llama 2 refuses this conversation (Meta's code): a system prompt needs a user message after it")
        turns = [[Segment(b_sys, None), *turns[0], Segment(e_sys, None), *turns[1]], *turns[2:]]
        roles = roles[1:]
        notes.append("Llama 2 has no system turn: Meta's code puts the system prompt inside the first user message, "
                     "between <<SYS>> and <</SYS>>.")
    if roles[::2] != ["user"] * len(roles[::2]) or roles[1::2] != ["assistant"] * len(roles[1::2]):
        raise ValueError("Llama 2 refuses this conversation (Meta's code): model only supports 'system', 'user' and "
                         "'assistant' roles, starting with 'system', then 'user' and alternating (u/a/u/a/u...)")
    if add_generation_prompt and roles[-1] != "user":
        raise ValueError(f"Llama 2 refuses this conversation (Meta's code): Last message must be from user, "
                         f"got {roles[-1]}")
    if not add_generation_prompt and roles[-1] != "assistant":
        raise ValueError("Llama 2 has no turn to leave open without the generation prompt: end on the "
                         "assistant's answer, or ask for the prompt")
    runs: list[Run] = []
    for q, a in zip(turns[::2], turns[1::2]):
        runs += [Special("<s>", 1), [Segment(b_inst + " ", None), *strip_segments(q), Segment(" " + e_inst + " ", None),
                                     *strip_segments(a), Segment(" ", None)], Special("</s>", 2)]
    if len(turns) % 2:
        runs += [Special("<s>", 1), [Segment(b_inst + " ", None), *strip_segments(turns[-1]), Segment(" " + e_inst, None)]]
    return Rendered(runs, notes)


def chatml_rendering(messages: list[dict], add_generation_prompt: bool) -> Rendered:
    """ChatML as OpenAI documented it: <|im_start|>role\\ncontent<|im_end|>\\n, then <|im_start|>assistant\\n;
    ids 100264 and 100265 as in tiktoken's README (its cl100k_im example). Contents are text: a typed
    "<|im_end|>" stays characters."""
    start, end = Special("<|im_start|>", 100264), Special("<|im_end|>", 100265)
    runs: list[Run] = []
    for k, m in enumerate(messages):
        runs += [start, [Segment(m["role"] + "\n", None), Segment(m["content"], k)], end, [Segment("\n", None)]]
    if add_generation_prompt:
        runs += [start, [Segment("assistant\n", None)]]
    return Rendered(runs, [])


def harmony_rendering(messages: list[dict], add_generation_prompt: bool) -> Rendered:
    """<|start|>role<|message|>content<|end|> per message and <|start|>assistant<|message|> for the reply:
    the layout behind the 3 tokens a message and 3 for the reply in OpenAI's cookbook ("How to count tokens
    with tiktoken"), with the ids of tiktoken's o200k_harmony (200006, 200008, 200007). Contents are text."""
    start, message, end = Special("<|start|>", 200006), Special("<|message|>", 200008), Special("<|end|>", 200007)
    runs: list[Run] = []
    for k, m in enumerate(messages):
        runs += [start, [Segment(m["role"], None)], message, [Segment(m["content"], k)], end]
    if add_generation_prompt:
        runs += [start, [Segment("assistant", None)], message]
    return Rendered(runs, [])


@cache
def mistral_common_v1(add_generation_prompt: bool):
    """mistral-common's Instruct v1 tokenizer: serving mode (the conversation ends on the user) or, without
    the generation prompt, fine-tuning mode (it may end on the assistant's answer)."""
    from pathlib import Path

    import mistral_common
    from mistral_common.protocol.instruct.validator import ValidationMode
    from mistral_common.tokens.tokenizers.mistral import MistralTokenizer

    mode = ValidationMode.test if add_generation_prompt else ValidationMode.finetuning
    return MistralTokenizer.from_file(Path(mistral_common.__file__).parent / "data" / "tokenizer.model.v1", mode=mode)


def mistral_request(messages: list[dict]):
    from mistral_common.protocol.instruct.messages import AssistantMessage, SystemMessage, UserMessage
    from mistral_common.protocol.instruct.request import ChatCompletionRequest

    kinds = {"system": SystemMessage, "user": UserMessage, "assistant": AssistantMessage}
    return ChatCompletionRequest(messages=[kinds[m["role"]](content=m["content"]) for m in messages])


def mistral_rendering(messages: list[dict], add_generation_prompt: bool) -> tuple[Rendered, list[int]]:
    """Mistral 7B Instruct v0.1: mistral-common checks the messages and folds them (its normaliser: same-role
    neighbours joined by a blank line, every system prompt put into the first user message, an empty user
    message first if the conversation does not start with one); then "<s>", each user turn
    "[INST] content [/INST]" and each answer "content</s>", each one call of the SentencePiece model.
    Returns the rendering and mistral-common's own ids, which chat() checks against."""
    from mistral_common.exceptions import MistralCommonException

    library = mistral_common_v1(add_generation_prompt)
    request = mistral_request(messages)
    try:
        tokenized = library.encode_chat_completion(request)
        validated = library._chat_completion_request_validator.validate_request(request)
        instruct = library._instruct_request_normalizer.from_chat_completion_request(validated)
    except (MistralCommonException, AssertionError, NotImplementedError) as err:
        raise ValueError(f"Mistral v1 refuses this conversation (mistral-common): {err}") from None
    # The same folding, keeping which message each piece of text came from.
    groups: list[tuple[str, list[int]]] = []
    for k, m in enumerate(messages):
        if groups and groups[-1][0] == m["role"]:
            groups[-1][1].append(k)
        else:
            groups.append((m["role"], [k]))
    system = [k for k, m in enumerate(messages) if m["role"] == "system"]
    turns = [(role, ks) for role, ks in groups if role != "system"]
    notes = []
    if not turns or turns[0][0] != "user":
        turns.insert(0, ("user", []))
        notes.append("Mistral v1 starts with a user turn: mistral-common put an empty one first.")
    if system:
        notes.append("Mistral v1 has no system role: mistral-common put the system prompt into the first user "
                     "message, a blank line before it.")

    def joined(ks: list[int]) -> list[Segment]:
        out: list[Segment] = []
        for n, k in enumerate(ks):
            out += [Segment("\n\n", None)] * (n > 0) + [Segment(messages[k]["content"], k)]
        return out

    runs: list[Run] = [Special("<s>", 1)]
    for n, (role, ks) in enumerate(turns):
        if role == "user":
            prefix = [*joined(system), Segment("\n\n", None)] if n == 0 and system else []
            runs.append([Segment("[INST] ", None), *prefix, *joined(ks), Segment(" [/INST]", None)])
        else:
            runs += [joined(ks), Special("</s>", 2)]
    if len(turns) != len(instruct.messages) or any(
            "".join(s.text for s in (joined(ks))) != msg.content for (_, ks), msg in zip(turns, instruct.messages)):
        raise RuntimeError("mistral-common folded these messages differently from playground.chat: report it, "
                           "with the messages")
    return Rendered(runs, notes), list(tokenized.tokens)


# --- templates (Jinja, as transformers renders them) -------------------------------------------


@dataclass(frozen=True)
class Template:
    text: str
    source: str  # where the template comes from: "assets/llama-3/chat_template.jinja" or the added file
    sha256: str
    bos_token: str | None
    eos_token: str | None
    specials: dict[str, int]  # the strings transformers splits the rendered text at, and their ids


SENTINEL_OPEN, SENTINEL_CLOSE = "\ue000", "\ue001"  # private-use characters: where message k's content goes


def render_template(template: Template, messages: list[dict], add_generation_prompt: bool) -> tuple[str, list]:
    """(the rendered text, [(start, end, message)] of each content in it) from transformers' own renderer.

    Rendered twice: once with each content replaced by a marker (where it lands: the template may fold or
    drop messages), once as it is; each content is then found where its marker was, as given or trimmed
    (templates trim with `| trim`)."""
    from jinja2.exceptions import TemplateError
    from transformers.utils.chat_template_utils import render_jinja_template

    tokens = {k: v for k, v in (("bos_token", template.bos_token), ("eos_token", template.eos_token)) if v}

    def render(msgs: list[dict]) -> str:
        try:
            [[text], _] = render_jinja_template([msgs], chat_template=template.text,
                                                add_generation_prompt=add_generation_prompt, **tokens)
        except TemplateError as err:
            raise ValueError(f"the chat template refuses this conversation: {err}") from None
        return text

    marked = render([{"role": m["role"], "content": f"{SENTINEL_OPEN}{k}{SENTINEL_CLOSE}"}
                     for k, m in enumerate(messages)])
    text = render(messages)
    pieces = re.split(f"{SENTINEL_OPEN}(\\d+){SENTINEL_CLOSE}", marked)  # structure, k, structure, k, ...
    spans, pos = [], 0
    if text.startswith(pieces[0]):
        pos = len(pieces[0])
        for k, after in zip(pieces[1::2], pieces[2::2]):
            content = messages[int(k)]["content"]
            for shown in dict.fromkeys((content, content.strip(), content.lstrip(), content.rstrip())):
                if text.startswith(shown, pos) and text.startswith(after, pos + len(shown)):
                    break
            else:
                return text, []  # the template changes contents in another way: no token is said to be content
            spans.append((pos, pos + len(shown), int(k)))
            pos += len(shown) + len(after)
    return text, spans if pos == len(text) else []


def template_rendering(template: Template, messages: list[dict], add_generation_prompt: bool) -> list[Run]:
    """The rendered text and its runs: split at the special tokens' strings (transformers matches them in the
    whole text, a typed "<|eot_id|>" included), each stretch between them one call of the tokenizer."""
    text, spans = render_template(template, messages, add_generation_prompt)
    owner = [None] * len(text)
    for s, e, k in spans:
        owner[s:e] = [k] * (e - s)
    names = sorted(template.specials, key=len, reverse=True)
    runs: list[Run] = []
    pos = 0
    for match in re.finditer("|".join(map(re.escape, names)), text) if names else ():
        runs.append(segments_of(text, owner, pos, match.start()))
        runs.append(Special(match[0], template.specials[match[0]], owner[match.start()]))
        pos = match.end()
    runs.append(segments_of(text, owner, pos, len(text)))
    return [r for r in runs if r != []]


def segments_of(text: str, owner: list, start: int, end: int) -> list[Segment]:
    """text[start:end] as segments of one owner each (a message, or None for the template's own text)."""
    out: list[Segment] = []
    for i in range(start, end):
        if out and out[-1].message == owner[i]:
            out[-1] = out[-1]._replace(text=out[-1].text + text[i])
        else:
            out.append(Segment(text[i], owner[i]))
    return out


@cache
def bundled_template(name: str) -> Template:
    """Llama 3 Instruct's or Gemma's template, from assets/ (hash checked), with the strings split at."""
    tokenizer = get_tokenizer(name)
    if name == "llama3":
        path, bos, eos = verified_path("llama-3/chat_template.jinja"), "<|begin_of_text|>", "<|end_of_text|>"
        specials = {t.content: i for i, t in tokenizer._tok.get_added_tokens_decoder().items()}
    else:  # gemma: its control pieces; sentencepiece matches the user-defined ones (<start_of_turn>) itself,
        # but they are the format's structure too, so they are split out and named here
        path, bos, eos = verified_path("gemma/chat_template.jinja"), "<bos>", "<eos>"
        sp = tokenizer._sp
        specials = {sp.id_to_piece(i): i for i in range(sp.get_piece_size()) if sp.is_control(i)}
        specials |= {p: sp.piece_to_id(p) for p in ("<start_of_turn>", "<end_of_turn>")}
    data = path.read_bytes()
    return Template(data.decode("utf-8"), f"assets/{path.parent.name}/{path.name}", hashlib.sha256(data).hexdigest(),
                    bos, eos, specials)


def added_template(tokenizer: Tokenizer) -> Template | None:
    """The chat_template of the tokenizer_config.json beside an added tokenizer.json (from_file.py reads it)."""
    config = getattr(tokenizer, "chat_config", None)
    if not config:
        return None
    specials = {}
    if hasattr(tokenizer, "_tok"):
        specials = {t.content: i for i, t in tokenizer._tok.get_added_tokens_decoder().items()}
    return Template(config["chat_template"], config["path"], config["sha256"], config.get("bos_token"),
                    config.get("eos_token"), specials)


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
    whose content it carries, or None) and "content_start" (where in that message's content, as shown after
    the format trimmed it, it starts). Raises ValueError for bad messages or a conversation the format
    refuses, saying why (Gemma: roles must alternate; Llama 2: the last message must be the user's).
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
        # where in its message's content the token starts: the same characters in every format
        t["content_start"] = next((max(t["start"], a) - a + shift for a, b, m, shift in stretches
                                   if m == owner and t["start"] < b and t["end"] > a), None)
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
