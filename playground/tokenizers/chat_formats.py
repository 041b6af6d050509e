"""The chat formats: each model's layout of a conversation, as runs that chat() tokenizes.

A rendering is what the maker's code encodes, in order: a special token (Special), or one call of the tokenizer
on the text of its segments, each segment a message's content or the format's own text (Segment). Written here
after each maker's code: Llama 2's reference chat_completion, ChatML and GPT-4o's documented layouts,
mistral-common's own fold of the messages; the Jinja templates (Llama 3, Gemma, an added tokenizer's) are
rendered by transformers' renderer and split at the special tokens' strings as transformers splits them.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

from playground.tokenizers.assets import verified_path
from playground.tokenizers.base import Tokenizer
from playground.tokenizers.registry import get_tokenizer


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
