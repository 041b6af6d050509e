"""playground.chat against the makers' own code: the ids must be theirs on the same messages.

- Mistral: mistral-common's MistralTokenizer.v1() (its own copy of tokenizer.model.v1).
- Llama 3 Instruct: the shipped template through transformers' apply_chat_template (over the bundled
  tokenizer.json), and Meta's llama-models ChatFormat (over its own tokenizer.model), which differs from the
  template in two documented ways that are asserted here too.
- Gemma: the shipped template through transformers' apply_chat_template over the bundled tokenizer.model.
- Llama 2 chat: Meta's chat_completion f-strings (llama/generation.py) through sentencepiece.
- GPT-4: ChatML through tiktoken's README's cl100k_im; GPT-4o: the cookbook's count and o200k_harmony's ids.
"""

from __future__ import annotations

import json
import shutil
from functools import cache
from pathlib import Path

import pytest
from conftest import ROOT

from playground import chat
from playground.tokenizers import chat as chat_module

ASSETS = ROOT / "assets"

CONVERSATIONS = {
    "plain": [{"role": "user", "content": "Hello world"}],
    "two turns": [{"role": "user", "content": "What is a token?"},
                  {"role": "assistant", "content": "A piece of text the model reads as one unit."},
                  {"role": "user", "content": "And an embedding?"}],
    "emoji": [{"role": "user", "content": "Rate this 😀👍🏽🇮🇳 please"},
              {"role": "assistant", "content": "🙂 7/10"}, {"role": "user", "content": "Why 🤔?"}],
    "hindi": [{"role": "user", "content": "नमस्ते, आप कैसे हैं?"}, {"role": "assistant", "content": "मैं ठीक हूँ।"},
              {"role": "user", "content": "धन्यवाद"}],
    "code": [{"role": "user", "content": "def f(x):\n    return x ** 2\n\nprint(f(3))"},
             {"role": "assistant", "content": "```python\n9\n```"}, {"role": "user", "content": "\tand f(-1)?  "}],
    "empty": [{"role": "user", "content": ""}, {"role": "assistant", "content": "?"}, {"role": "user", "content": ""}],
    "spaces": [{"role": "user", "content": "  padded  "}, {"role": "assistant", "content": "\nok\n"},
               {"role": "user", "content": " again"}],
    "specials typed": [{"role": "user", "content": "<|eot_id|><s>[INST]</s><start_of_turn><bos><|im_end|>"},
                       {"role": "assistant", "content": "<|begin_of_text|><end_of_turn>"},
                       {"role": "user", "content": "<|start|>x<|end|>"}],
    "many turns": [{"role": "user" if k % 2 == 0 else "assistant", "content": f"turn {k}: x{'ab' * k}"}
                   for k in range(41)],
}
WITH_SYSTEM = {name: [{"role": "system", "content": "You are terse."}, *msgs] for name, msgs in CONVERSATIONS.items()}


# --- Mistral: mistral-common ---------------------------------------------------------------


@cache
def mistral_common():
    from mistral_common.tokens.tokenizers.mistral import MistralTokenizer

    return MistralTokenizer.v1()


def mistral_ids(messages):
    from mistral_common.protocol.instruct.messages import AssistantMessage, SystemMessage, UserMessage
    from mistral_common.protocol.instruct.request import ChatCompletionRequest

    kinds = {"system": SystemMessage, "user": UserMessage, "assistant": AssistantMessage}
    request = ChatCompletionRequest(messages=[kinds[m["role"]](content=m["content"]) for m in messages])
    return mistral_common().encode_chat_completion(request).tokens


def test_mistral_common_ships_the_bundled_tokenizer_file():
    import hashlib

    import mistral_common

    shipped = Path(mistral_common.__file__).parent / "data" / "tokenizer.model.v1"
    assert hashlib.sha256(shipped.read_bytes()).hexdigest() == \
        hashlib.sha256((ASSETS / "mistral" / "tokenizer.model").read_bytes()).hexdigest()


@pytest.mark.parametrize("name", [n for n in CONVERSATIONS if n != "empty"])
@pytest.mark.parametrize("system", [False, True])
def test_mistral_ids_are_mistral_commons(name, system):
    messages = (WITH_SYSTEM if system else CONVERSATIONS)[name]
    assert chat(messages, "mistral")["ids"] == mistral_ids(messages)


def test_mistral_folds_as_mistral_common_does():
    # same-role neighbours joined, a system prompt anywhere, a conversation starting with the assistant
    messages = [{"role": "assistant", "content": "Hi"}, {"role": "user", "content": "a"},
                {"role": "user", "content": "b"}, {"role": "system", "content": "late system"}]
    result = chat(messages, "mistral")
    assert result["ids"] == mistral_ids(messages)
    assert result["text"] == "<s>[INST] late system\n\n [/INST]Hi</s>[INST] a\n\nb [/INST]"
    assert len(result["notes"]) == 2
    assert {t["message"] for t in result["tokens"] if t["text"].strip() in ("a", "b")} == {1, 2}


@pytest.mark.parametrize("messages", [
    [{"role": "user", "content": "Hi"}, {"role": "assistant", "content": "Hello"}],  # ends on the assistant
    [{"role": "user", "content": "Hi"}, {"role": "assistant", "content": ""}, {"role": "user", "content": "x"}],
])
def test_mistral_refuses_what_mistral_common_refuses(messages):
    from mistral_common.exceptions import MistralCommonException

    with pytest.raises((MistralCommonException, AssertionError)):
        mistral_ids(messages)
    with pytest.raises(ValueError, match="Mistral v1 refuses"):
        chat(messages, "mistral")


# --- Llama 3 Instruct and Gemma: the shipped templates through transformers ---------------------


@cache
def hf_llama3():
    import tokenizers
    from transformers import PreTrainedTokenizerFast

    tok = PreTrainedTokenizerFast(tokenizer_object=tokenizers.Tokenizer.from_file(str(ASSETS / "llama-3" / "tokenizer.json")),
                                  bos_token="<|begin_of_text|>", eos_token="<|end_of_text|>")
    tok.chat_template = (ASSETS / "llama-3" / "chat_template.jinja").read_text(encoding="utf-8")
    return tok


@cache
def hf_gemma(folder: Path):
    from transformers import AutoTokenizer

    shutil.copy(ASSETS / "gemma" / "tokenizer.model", folder / "tokenizer.model")
    (folder / "tokenizer_config.json").write_text(json.dumps({
        "tokenizer_class": "GemmaTokenizer", "bos_token": "<bos>", "eos_token": "<eos>", "pad_token": "<pad>",
        "unk_token": "<unk>", "chat_template": (ASSETS / "gemma" / "chat_template.jinja").read_text(encoding="utf-8")}))
    return AutoTokenizer.from_pretrained(str(folder))


@pytest.fixture(scope="module")
def gemma_hf(tmp_path_factory):
    tok = hf_gemma(tmp_path_factory.mktemp("gemma"))
    assert tok("Hello world", add_special_tokens=False)["input_ids"] == [4521, 2134]  # the vocab_file trap
    return tok


def hf_ids(tok, messages, add_generation_prompt=True):
    out = tok.apply_chat_template(messages, tokenize=True, add_generation_prompt=add_generation_prompt)
    return list(out["input_ids"] if hasattr(out, "keys") else out)


@pytest.mark.slow
@pytest.mark.parametrize("name", CONVERSATIONS)
@pytest.mark.parametrize("system", [False, True])
@pytest.mark.parametrize("prompt", [True, False])
def test_llama3_ids_are_the_templates_through_transformers(name, system, prompt):
    messages = (WITH_SYSTEM if system else CONVERSATIONS)[name]
    assert chat(messages, "llama3", prompt)["ids"] == hf_ids(hf_llama3(), messages, prompt)


@pytest.mark.slow
@pytest.mark.parametrize("name", CONVERSATIONS)
@pytest.mark.parametrize("prompt", [True, False])
def test_gemma_ids_are_the_templates_through_transformers(name, prompt, gemma_hf):
    messages = CONVERSATIONS[name]
    assert chat(messages, "gemma", prompt)["ids"] == hf_ids(gemma_hf, messages, prompt)


@pytest.mark.slow
@pytest.mark.parametrize("messages, why", [
    ([{"role": "system", "content": "s"}, {"role": "user", "content": "u"}], "System role not supported"),
    ([{"role": "user", "content": "a"}, {"role": "user", "content": "b"}], "Conversation roles must alternate"),
    ([{"role": "assistant", "content": "a"}], "Conversation roles must alternate"),
])
def test_gemma_refuses_what_its_template_refuses(messages, why, gemma_hf):
    from jinja2.exceptions import TemplateError

    with pytest.raises(TemplateError, match=why):
        hf_ids(gemma_hf, messages)
    with pytest.raises(ValueError, match=why):
        chat(messages, "gemma")


# --- Llama 3: Meta's llama-models ChatFormat -------------------------------------------------


@cache
def llama_models_format():
    import llama_models.llama3 as package
    from llama_models.llama3.chat_format import ChatFormat
    from llama_models.llama3.tokenizer import Tokenizer

    return ChatFormat(Tokenizer(Path(package.__file__).parent / "tokenizer.model"))


def llama_models_ids(messages):
    from llama_models.datatypes import RawMessage

    return llama_models_format().encode_dialog_prompt(
        [RawMessage(role=m["role"], content=m["content"]) for m in messages]).tokens


@pytest.mark.parametrize("name", [n for n in CONVERSATIONS if n not in ("code", "spaces", "specials typed")])
@pytest.mark.parametrize("system", [False, True])
def test_llama3_ids_are_llama_models_chat_format(name, system):
    messages = (WITH_SYSTEM if system else CONVERSATIONS)[name]
    assert chat(messages, "llama3")["ids"] == llama_models_ids(messages)


def test_where_llama_models_and_the_template_differ():
    # The template trims each content ("| trim") and transformers reads "<|eot_id|>" typed in it as the special
    # token; Meta's ChatFormat keeps the spaces and encodes the typed string as text. chat() follows the template.
    padded = [{"role": "user", "content": "  hi  "}]
    assert chat(padded, "llama3")["ids"] == hf_ids(hf_llama3(), padded)
    content = llama_models_ids(padded)[5:-5]  # between "user<|end_header_id|>\n\n" and <|eot_id|> + the prompt
    assert llama_models_format().tokenizer.decode(content) == "  hi  "
    assert llama_models_ids(padded) != chat(padded, "llama3")["ids"]
    typed = [{"role": "user", "content": "<|eot_id|>"}]
    assert 128009 in chat(typed, "llama3")["ids"][5:6]  # the special token, as transformers reads it
    assert llama_models_ids(typed)[5:-5] == [27, 91, 68, 354, 851, 91, 29]  # "<|eot_id|>" as text: 7 tokens


# --- Llama 2 chat: Meta's chat_completion ------------------------------------------------------


def meta_llama2_ids(dialog):
    """llama/generation.py's chat_completion, as Meta wrote it, on sentencepiece itself."""
    import sentencepiece

    sp = sentencepiece.SentencePieceProcessor(model_file=str(ASSETS / "llama-2" / "tokenizer.model"))
    B_INST, E_INST = "[INST]", "[/INST]"
    B_SYS, E_SYS = "<<SYS>>\n", "\n<</SYS>>\n\n"
    if dialog[0]["role"] == "system":
        dialog = [{"role": dialog[1]["role"], "content": B_SYS + dialog[0]["content"] + E_SYS + dialog[1]["content"]}] \
            + dialog[2:]
    tokens = sum([[1, *sp.encode(f"{B_INST} {(p['content']).strip()} {E_INST} {(a['content']).strip()} "), 2]
                  for p, a in zip(dialog[::2], dialog[1::2])], [])
    return tokens + [1, *sp.encode(f"{B_INST} {(dialog[-1]['content']).strip()} {E_INST}")]


@pytest.mark.parametrize("name", [n for n in CONVERSATIONS if n != "specials typed"])
@pytest.mark.parametrize("system", [False, True])
def test_llama2_ids_are_metas_chat_completion(name, system):
    messages = (WITH_SYSTEM if system else CONVERSATIONS)[name]
    assert chat(messages, "llama")["ids"] == meta_llama2_ids(messages)


def test_llama2_refuses_what_metas_code_refuses():
    with pytest.raises(ValueError, match="special tags are not allowed"):
        chat(CONVERSATIONS["specials typed"], "llama")
    with pytest.raises(ValueError, match="alternating"):
        chat([{"role": "user", "content": "a"}, {"role": "user", "content": "b"}], "llama")
    with pytest.raises(ValueError, match="Last message must be from user"):
        chat([{"role": "user", "content": "a"}, {"role": "assistant", "content": "b"}], "llama")


# --- GPT-4 and GPT-4o: the formats OpenAI documents --------------------------------------------


@cache
def cl100k_im():
    """tiktoken's README, "Extending tiktoken": cl100k_base plus <|im_start|> 100264 and <|im_end|> 100265."""
    import tiktoken
    from tiktoken.load import load_tiktoken_bpe

    with pytest.MonkeyPatch.context() as env:
        env.setenv("TIKTOKEN_CACHE_DIR", "")  # tiktoken's "do not cache": no copy left in /tmp/data-gym-cache
        ranks = load_tiktoken_bpe(str(ASSETS / "cl100k" / "cl100k_base.tiktoken"))
    cl100k_base = tiktoken.Encoding("cl100k_base", pat_str=r"""'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+|\s++$|\s*[\r\n]|\s+(?!\S)|\s""",
                                    mergeable_ranks=ranks, special_tokens={})
    return tiktoken.Encoding(name="cl100k_im", pat_str=cl100k_base._pat_str, mergeable_ranks=cl100k_base._mergeable_ranks,
                             special_tokens={"<|im_start|>": 100264, "<|im_end|>": 100265})


@pytest.mark.parametrize("name", [n for n in CONVERSATIONS if n != "specials typed"])
def test_gpt4_ids_are_chatml_through_cl100k_im(name):
    messages = WITH_SYSTEM[name]
    text = "".join(f"<|im_start|>{m['role']}\n{m['content']}<|im_end|>\n" for m in messages) + "<|im_start|>assistant\n"
    result = chat(messages, "gpt4")
    assert result["text"] == text
    assert result["ids"] == cl100k_im().encode(text, allowed_special="all")


def test_gpt4_reads_typed_specials_as_text():
    messages = [{"role": "user", "content": "<|im_end|>"}]
    assert chat(messages, "gpt4")["ids"][3:-5] == cl100k_im().encode_ordinary("<|im_end|>")


@pytest.mark.parametrize("name", CONVERSATIONS)
def test_gpt4o_counts_are_the_cookbooks(name):
    import tiktoken

    messages = WITH_SYSTEM[name]
    o200k = tiktoken.Encoding("o200k", pat_str=chat_module.get_tokenizer("gpt4o")._enc._pat_str,
                              mergeable_ranks=chat_module.get_tokenizer("gpt4o")._enc._mergeable_ranks, special_tokens={})
    # num_tokens_from_messages: 3 a message, each value's tokens, 3 for the reply's priming
    expected = sum(3 + len(o200k.encode_ordinary(m["role"])) + len(o200k.encode_ordinary(m["content"]))
                   for m in messages) + 3
    result = chat(messages, "gpt4o")
    assert result["count"] == expected
    assert [i for i in result["ids"] if i >= 200000] == [200006, 200008, 200007] * len(messages) + [200006, 200008]


def test_o200k_harmony_names_the_ids():
    import tiktoken_ext.openai_public as openai_public

    source = Path(openai_public.__file__).read_text(encoding="utf-8")
    for name, i in (("<|start|>", 200006), ("<|end|>", 200007), ("<|message|>", 200008)):
        assert f'"{name}": {i}' in source


# --- what every format shares ---------------------------------------------------------------


@pytest.mark.parametrize("tokenizer", ["llama3", "mistral", "llama", "gpt4", "gpt4o", "gemma"])
def test_tokens_know_structure_and_their_message(tokenizer):
    messages = CONVERSATIONS["two turns"]
    result = chat(messages, tokenizer)
    text = result["text"]
    for t in result["tokens"]:
        assert text[t["start"]:t["end"]] == t["text"]
        if t["message"] is not None:
            assert not t["structure"]
            assert t["text"].strip("▁ ") in messages[t["message"]]["content"]
    assert result["structure_count"] + result["content_count"] == result["count"] == len(result["ids"])
    words = {m: "".join(t["text"] for t in result["tokens"] if t["message"] == m) for m in range(3)}
    assert [w.strip() for w in words.values()] == [m["content"] for m in messages]


def test_no_chat_format_for_gpt2_and_bert():
    for name in ("gpt2", "bert"):
        result = chat(CONVERSATIONS["plain"], name)
        assert result["format"] is None and result["ids"] == [] and "no chat format" in result["no_chat_format"]


def test_llama3_first_tokens_before_your_word():
    result = chat(CONVERSATIONS["plain"], "llama3")
    # <|begin_of_text|> <|start_header_id|> user <|end_header_id|> \n\n, then "Hello"
    assert result["ids"][:5] == [128000, 128006, 882, 128007, 271] and result["before_first_content"] == 5
    assert result["source"]["sha256"] == "ba03a121d097859c7b5b9cd03af99aafe95275210d2876f642ad9929a150f122"


@pytest.mark.parametrize("messages, error", [
    ([{"role": "user", "content": ""}] * 1000, "1,000 messages: at most 200"),
    ([{"role": "user", "content": "x" * 100_001}], "at most 100,000"),
    ([{"role": "tool", "content": "x"}], "role must be one of"),
    ([{"role": "user", "content": 5}], "content must be a string"),
    ([], "empty"),
    ("hello", "must be a list"),
])
def test_bad_or_oversized_conversations_are_refused(messages, error):
    with pytest.raises(ValueError, match=error):
        chat(messages, "llama3")


def test_an_added_tokenizer_json_gets_the_chat_template_beside_it(tmp_path, monkeypatch):
    from playground import register_tokenizer
    from playground.tokenizers import registry

    # added to a copy of the registry: the tests after this one count the eight built-in tokenizers
    monkeypatch.setattr(registry, "_registered", dict(registry._registered))
    monkeypatch.setattr(registry, "_loaded", dict(registry._loaded))

    with_config, without = tmp_path / "with", tmp_path / "without"
    for folder in (with_config, without):
        folder.mkdir()
        shutil.copy(ASSETS / "llama-3" / "tokenizer.json", folder / "tokenizer.json")
    (with_config / "tokenizer_config.json").write_text(json.dumps({
        "bos_token": {"content": "<|begin_of_text|>"}, "eos_token": "<|end_of_text|>",
        "chat_template": (ASSETS / "llama-3" / "chat_template.jinja").read_text(encoding="utf-8")}))
    register_tokenizer("chat-with", with_config / "tokenizer.json")
    register_tokenizer("chat-without", without / "tokenizer.json")
    messages = CONVERSATIONS["specials typed"]
    added = chat(messages, "chat-with")
    assert added["ids"] == hf_ids(hf_llama3(), messages) and added["source"]["file"].endswith("tokenizer_config.json")
    assert chat(messages, "chat-without")["ids"] == [] and "no chat format" in chat(messages, "chat-without")["no_chat_format"]


def test_the_command_line_prints_the_chat_dicts(tmp_path, capsys):
    from playground.__main__ import main

    path = tmp_path / "chat.json"
    path.write_text(json.dumps(CONVERSATIONS["two turns"]), encoding="utf-8")
    assert main(["--chat", str(path), "--tokenizers", "llama3,gpt2", "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed == [chat(CONVERSATIONS["two turns"], "llama3"), chat(CONVERSATIONS["two turns"], "gpt2")]
    path.write_text(json.dumps(WITH_SYSTEM["plain"]), encoding="utf-8")
    assert main(["--chat", str(path), "--tokenizers", "gemma"]) == 2
    assert "System role not supported" in capsys.readouterr().err
