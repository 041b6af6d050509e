"""The exact layer's smaller promises, against the official libraries and literals: token dicts cut at a
limit, WordPiece's replay step by step, the replay cut at exactly its limit, the clear errors.

Bugs caught: a limit that drops or adds a token, a replay cut one chunk early or late, a WordPiece word
over the length limit not turned into [UNK], an error that names the wrong type.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import tiktoken.load
import tiktoken_ext.openai_public as openai_public

from playground import compare, get_tokenizer, replay
from playground.tokenizers.bert import BertTokenizer
from playground.tokenizers.gpt2 import GPT2Tokenizer
from playground.tokenizers.llama3 import Llama3Tokenizer
from playground.tokenizers.replay import MAX_REPLAY_CHUNKS, _tiktoken_chunks
from playground.tokenizers.sentencepiece_bpe import LlamaTokenizer
from playground.tokenizers.tiktoken_bpe import TiktokenTokenizer, openai_encoding

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("name", ["gpt2", "bert", "llama"])
def test_tokens_are_the_first_limit_token_dicts(name):
    tokenizer = get_tokenizer(name)
    text = "Hello world, नमस्ते"
    everything = compare(text, special=True, tokenizers=(name,))["tokenizers"][0]["tokens"]
    assert tokenizer.tokens(text, special=True) == everything
    assert tokenizer.tokens(text, special=True, limit=3) == everything[:3]
    assert tokenizer.tokens(text) == compare(text, tokenizers=(name,))["tokenizers"][0]["tokens"]
    assert tokenizer.tokens(text, limit=0) == []


def test_wordpiece_replay_step_by_step(official_bert):
    assert official_bert.encode("tokenization", add_special_tokens=False).tokens == ["token", "##ization"]
    [word, snowman] = replay("tokenization ☃", "bert")["chunks"]
    assert word == {"text": "tokenization", "steps": [["tokenization"], ["token", "##ization"], ["token", "##ization"]],
                    "merges": [{"prefix": "token", "at": 0}, {"prefix": "##ization", "at": 1}], "ids": [19204, 3989],
                    "cut": False}
    assert snowman == {"text": "☃", "steps": [["☃"], ["[UNK]"]], "merges": [{"unknown": "☃", "at": 0}], "ids": [100],
                       "cut": False}


def test_wordpiece_gives_up_on_a_word_past_its_length_limit(official_bert):
    """bert-base-uncased's tokenizer.json: max_input_chars_per_word = 100."""
    assert official_bert.encode("a" * 101, add_special_tokens=False).ids == [100]
    [long] = replay("a" * 101, "bert")["chunks"]
    assert long["ids"] == [100] and long["merges"] == [{"unknown": "a" * 101, "at": 0}]
    assert long["steps"] == [["a" * 101], ["[UNK]"]]
    [limit] = replay("a" * 100, "bert")["chunks"]
    assert limit["ids"] == official_bert.encode("a" * 100, add_special_tokens=False).ids


@pytest.mark.parametrize("chunks, cut", [(64, False), (65, True)])
def test_the_replay_is_cut_only_past_its_limit(chunks, cut):
    text = "a" + " a" * (chunks - 1)  # GPT-2's pattern: one chunk per word
    r = replay(text, "gpt2")
    assert MAX_REPLAY_CHUNKS == 64
    assert r["cut"] is cut and len(r["chunks"]) == 64 and r["tokenizer"] == "gpt2"


@pytest.mark.parametrize("size, cut", [(256, False), (257, True)])
def test_a_chunk_is_cut_only_past_256_bytes(size, cut):
    """GPT-2's pattern makes "ééé..." one chunk (2 bytes a letter): 128 letters are 256 bytes, replayed whole."""
    text = "é" * (size // 2) + "a" * (size % 2)
    assert len(text.encode("utf-8")) == size
    r = replay(text, "gpt2")
    [chunk] = r["chunks"]
    assert chunk["cut"] is cut and r["cut"] is cut
    assert chunk["text"] == "é" * 128  # 256 bytes: the 257th, "a", is the part left out


def test_a_lookup_replaces_the_merges_when_the_whole_chunk_is_a_token():
    """tiktoken looks a chunk up whole first: "Ġ" + 16 other bytes merge into 43453 through 17 ranked merges."""
    [chunk] = replay(" SolidGoldMagikarp", "gpt2")["chunks"]
    assert chunk["ids"] == [43453] and chunk["steps"][-1] == ["ĠSolidGoldMagikarp"]
    assert all("lookup" not in m for m in chunk["merges"])  # reached by merges alone here


@pytest.mark.parametrize("bad, kind", [(b"x", "bytes"), (None, "NoneType"), (3, "int")])
def test_replay_refuses_what_is_not_text(bad, kind):
    with pytest.raises(ValueError, match=f"replay\\(\\) takes text as a str, got {kind}$"):
        replay(bad, "gpt2")


def test_compare_names_the_known_tokenizers_when_refusing():
    with pytest.raises(ValueError, match="unknown tokenizer 'gpt5'; choose from gpt2, bert, llama, gpt4, gpt4o, "
                                         "llama3, mistral, gemma$"):
        compare("x", tokenizers=("gpt2", "gpt5"))
    with pytest.raises(ValueError, match=r"^the list of tokenizers is empty; choose from gpt2, "):
        compare("x", tokenizers=())
    with pytest.raises(ValueError, match=r"compare\(\) takes text as a str, got bytes; decode it first, "
                                         r"e\.g\. data\.decode\('utf-8'\)$"):
        compare(b"x")
    with pytest.raises(ValueError, match=r"compare\(\) takes text as a str, got int; pass a str$"):
        compare(3)
    with pytest.raises(ValueError, match="unknown tokenizer 'gpt5'; choose one of gpt2, bert, llama, gpt4, "):
        get_tokenizer("gpt5")
    assert compare("x", tokenizers="gpt2")["tokenizers"][0]["name"] == "gpt2"  # one name as a str


def test_describe_reports_every_field_for_a_short_text():
    [gpt2, bert] = compare("Héllo", special=True, tokenizers=("gpt2", "bert"))["tokenizers"]
    assert {k: gpt2[k] for k in ("name", "label", "library", "vocab_size", "normalizes", "count", "chars", "bytes",
                                 "chars_per_token", "unk_count", "decoded", "lossless")} == {
        "name": "gpt2", "label": "GPT-2 byte-level BPE", "library": "tiktoken", "vocab_size": 50257,
        "normalizes": False, "count": len(gpt2["ids"]), "chars": 5, "bytes": 6,
        "chars_per_token": round(5 / len(gpt2["ids"]), 2), "unk_count": 0, "decoded": "Héllo", "lossless": True}
    assert bert["ids"][0] == 101 and bert["ids"][-1] == 102
    assert bert["decoded"] == "hello" and bert["lossless"] is False and bert["normalizes"] is True
    assert compare("", tokenizers=("gpt2",))["tokenizers"][0]["chars_per_token"] is None


# Each family built afresh here, so these tests run its __init__ whatever was loaded before them.

def test_a_fresh_gpt2_spells_its_pieces_as_encoder_json_does():
    encoder = json.loads((ROOT / "assets" / "gpt2" / "encoder.json").read_text(encoding="utf-8"))
    tokens = GPT2Tokenizer().tokens("Hello world")
    assert [(t["id"], t["piece"], t["bytes_hex"]) for t in tokens] == [
        (encoder["Hello"], "Hello", "48 65 6C 6C 6F"), (encoder["Ġworld"], "Ġworld", "20 77 6F 72 6C 64")]
    pieces = GPT2Tokenizer()._pieces  # every id's, <|endoftext|> included, spelled as encoder.json writes it
    assert len(pieces) == len(encoder) == 50257 and all(pieces[i] == piece for piece, i in encoder.items())


def test_a_fresh_llama3_marks_its_begin_of_text_as_special_with_no_bytes():
    bos, hi = Llama3Tokenizer().tokens("Hi", special=True)
    assert bos == {"id": 128000, "piece": "<|begin_of_text|>", "text": "", "start": 0, "end": 0, "bytes_hex": "",
                   "partial": False, "special": True, "undertrained": None}
    assert (hi["id"], hi["piece"], hi["bytes_hex"], hi["special"]) == (13347, "Hi", "48 69", False)


def test_a_tokenizer_json_decodes_special_ids_to_their_names():
    """decode() is the library's own, special tokens kept: Llama 3's <|begin_of_text|> (128000) reads back as such."""
    from tokenizers import Tokenizer as Official

    official = Official.from_file(str(ROOT / "assets" / "llama-3" / "tokenizer.json"))
    ids = [official.token_to_id("<|begin_of_text|>"), *official.encode("Hi", add_special_tokens=False).ids]
    assert ids[0] == 128000
    assert get_tokenizer("llama3").decode(ids) == official.decode(ids, skip_special_tokens=False) == "<|begin_of_text|>Hi"


def test_a_fresh_llama2_marks_its_bos_as_special_with_no_bytes(official_llama):
    bos, hi = LlamaTokenizer().tokens("Hi", special=True)
    assert bos == {"id": official_llama.bos_id(), "piece": "<s>", "text": "", "start": 0, "end": 0, "bytes_hex": "",
                   "partial": False, "special": True, "undertrained": None}
    assert [hi["id"]] == official_llama.encode("Hi") and hi["bytes_hex"] == "20 48 69"  # "▁Hi"


def test_loading_an_openai_encoding_puts_tiktokens_downloader_back():
    """The bundled file is read through a stand-in for tiktoken's loader, for that call only: a student's own
    tiktoken.get_encoding() in the same process must find tiktoken as it was."""
    enc = openai_encoding("cl100k_base", "cl100k/cl100k_base.tiktoken")
    assert enc.encode_ordinary("hello world") == [15339, 1917]  # cl100k_base's own ids
    assert openai_public.load_tiktoken_bpe is tiktoken.load.load_tiktoken_bpe


def test_tiktokens_whole_chunk_lookup_is_replayed_as_its_own_step():
    """A chunk that is one token though no merge path reaches it: tiktoken looks it up whole first. No chunk of
    the bundled encodings needs that (each whole-chunk token is reachable by merges), so a small encoding here."""
    ranks = {bytes([b]): b for b in range(256)} | {b"bc": 256, b"ab": 257, b"cd": 258, b"abcd": 259}
    enc = tiktoken.Encoding(name="tiny", pat_str=r"\S+|\s+", mergeable_ranks=ranks, special_tokens={})
    assert enc.encode_ordinary("abcd") == [259] and enc.encode_ordinary("abc") == [97, 256]
    [chunk] = _tiktoken_chunks(TiktokenTokenizer(enc), "abcd")
    assert chunk == {"text": "abcd", "steps": [["a", "b", "c", "d"], ["a", "bc", "d"], ["abcd"]],
                     "merges": [{"pair": ["b", "c"], "rank": 256, "at": 1},
                                {"pair": ["a", "bc", "d"], "lookup": "the whole chunk is one token", "at": 0}],
                     "ids": [259], "cut": False}
    [plain] = _tiktoken_chunks(TiktokenTokenizer(enc), "abc")  # reachable: no lookup
    assert plain["ids"] == [97, 256] and all("lookup" not in m for m in plain["merges"])
    five = tiktoken.Encoding(name="five", pat_str=r"\S+|\s+", special_tokens={},
                             mergeable_ranks=ranks | {b"de": 260, b"abcde": 261})
    assert five.encode_ordinary("abcde") == [261]
    [chunk] = _tiktoken_chunks(TiktokenTokenizer(five), "abcde")  # two merges, then the look-up of the last step
    assert chunk["steps"] == [["a", "b", "c", "d", "e"], ["a", "bc", "d", "e"], ["a", "bc", "de"], ["abcde"]]
    assert chunk["merges"][-1] == {"pair": ["a", "bc", "de"], "lookup": "the whole chunk is one token", "at": 0}


def test_a_fresh_bert_reads_a_typed_cls_as_text(official_bert):
    typed = BertTokenizer().encode("[CLS] hi")
    assert typed == official_bert.encode("[CLS] hi", add_special_tokens=False).ids
    assert typed == [1031, 18856, 2015, 1033, 7632]  # "[", "cl", "##s", "]", "hi": never the special [CLS], 101


def test_a_fresh_bert_knows_its_unknown_id_its_bytes_and_its_lowercasing(official_bert, capfd):
    """What BERT's __init__ sets, on a fresh one (the shared one is loaded once, before most tests)."""
    fresh = BertTokenizer()
    assert fresh.unk_id == official_bert.token_to_id("[UNK]") == 100 and fresh.normalizes is True
    capfd.readouterr()
    assert len(fresh.encode("hello " * 600)) == 600  # past BERT's 512 positions: we show tokens, no length warning
    assert "sequence length" not in capfd.readouterr().err  # transformers writes it to the process's stderr
    by_piece = {t["piece"]: t for t in fresh.tokens("[UNK] tokenization ☃", special=True)}
    assert [by_piece[p]["bytes_hex"] for p in ("[CLS]", "[SEP]", "[UNK]")] == ["", "", ""]  # specials: no bytes
    assert by_piece["##ization"]["bytes_hex"] == "69 7A 61 74 69 6F 6E"  # "ization": the ## is no text
    assert by_piece["token"]["bytes_hex"] == "74 6F 6B 65 6E"


def test_a_tokenizers_class_is_named_without_loading_it():
    from playground.tokenizers.registry import _loaded, tokenizer_class

    gemma = tokenizer_class("gemma")
    assert gemma.__name__ == "GemmaTokenizer" and gemma.label == "Gemma SentencePiece"
    assert tokenizer_class("gpt2").label == "GPT-2 byte-level BPE"
    assert "gemma" not in _loaded or isinstance(_loaded["gemma"], gemma)


def test_token_limit_cuts_the_token_dicts_and_nothing_else():
    full = compare("Hello big wide world", tokenizers=("gpt2", "llama"))
    cut = compare("Hello big wide world", token_limit=2, tokenizers=("gpt2", "llama"))
    for whole, part in zip(full["tokenizers"], cut["tokenizers"]):
        assert part["tokens"] == whole["tokens"][:2] and len(whole["tokens"]) > 2
        assert (part["ids"], part["count"], part["starts"]) == (whole["ids"], whole["count"], whole["starts"])


@pytest.mark.parametrize("special", [False, True])
def test_llama3_tokens_that_hold_part_of_a_character_are_partial(special):
    """Llama 3 is byte-level: its tokens may cut a character's UTF-8, as the library's own token bytes show.
    👩 is F0 9F 91 A9, the joiner E2 80 8D, 💻 F0 9F 92 BB, ँ E0 A4 81. Its BOS comes before the text, at 0."""
    from tokenizers import Tokenizer

    text = "a 👩\u200d💻 ँ"
    official = Tokenizer.from_file(str(ROOT / "assets" / "llama-3" / "tokenizer.json"))
    ids = [128000] * special + official.encode(text, add_special_tokens=False).ids  # Meta's BOS, then the text
    tokens = compare(text, special=special, tokenizers=["llama3"])["tokenizers"][0]["tokens"]
    assert [t["id"] for t in tokens] == ids
    expected = [("61", 0, 1, False), ("20 F0 9F 91", 1, 3, True), ("A9", 2, 3, True), ("E2 80 8D", 3, 4, False),
                ("F0 9F 92", 4, 5, True), ("BB", 4, 5, True), ("20 E0 A4", 5, 7, True), ("81", 6, 7, True)]
    if special:
        expected = [("", 0, 0, False)] + expected  # <|begin_of_text|>: no bytes, an empty span where the text starts
    assert [(t["bytes_hex"], t["start"], t["end"], t["partial"]) for t in tokens] == expected
