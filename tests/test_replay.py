"""replay(): each tokenizer's algorithm, step by step. Checked against compare()'s ids (the official
libraries'), and each step against the rules of its algorithm, re-derived here from the raw data."""

from __future__ import annotations

import json

import pytest
from conftest import ROOT

from playground import TOKENIZER_NAMES, compare, get_tokenizer
from playground.lesson.premium import LANGUAGES, sentences
from playground.tokenizers.replay import MAX_REPLAY_CHUNKS, replay
from playground.tokenizers.sentencepiece_bpe import SPACE_MARK
from playground.tokenizers.tiktoken_bpe import gpt2_byte_spelling

CORPUS = (
    ["Hello world", " SolidGoldMagikarp", "Magikarp", "नमस्ते", "你好，世界！", "def f(x):\n    return x\n",
     "1234567890", "👩‍💻👍🏽", "a   b", "  leading", f"x{SPACE_MARK}y", "", " ", "Café naïve [CLS] <s>",
     "unaffable " * 3, "a" * 150, "\x00\t\r\n", "<|endoftext|><bos><mask>",
     "talya"]  # one token of Llama 3's that no merge path reaches: its ignore_merges looks the word up whole
    + [sentences(code)[k][:40] for code in LANGUAGES for k in (0, 7)]
)
BYTE_LEVEL = ("gpt2", "gpt4", "gpt4o", "llama3")
SENTENCEPIECE = ("llama", "mistral", "gemma")


def ids_of(r: dict) -> list[int]:
    return [i for chunk in r["chunks"] for i in chunk["ids"]]


@pytest.mark.parametrize("name", TOKENIZER_NAMES)
def test_the_ids_are_exactly_compares(name):
    for text in CORPUS:
        r = replay(text, name)
        assert r["tokenizer"] == name and r["cut"] is False
        assert ids_of(r) == compare(text, tokenizers=[name])["tokenizers"][0]["ids"], repr(text[:40])


@pytest.mark.parametrize("name", TOKENIZER_NAMES)
def test_the_last_step_has_one_piece_per_id(name):
    tok = get_tokenizer(name)
    for text in CORPUS:
        for chunk in replay(text, name)["chunks"]:
            assert [tok._pieces[i] for i in chunk["ids"]] == chunk["steps"][-1]


@pytest.mark.parametrize("name", [n for n in TOKENIZER_NAMES if n != "bert"])
def test_the_chunks_concatenate_to_the_input(name):
    for text in CORPUS:
        assert "".join(chunk["text"] for chunk in replay(text, name)["chunks"]) == text


def spelled(text: str) -> str:
    spelling = gpt2_byte_spelling()
    return "".join(spelling[b] for b in text.encode("utf-8"))


def merge_rank(name: str):
    """(a, b) -> the rank of merging a and b, or None; read here from the raw data, not from replay()."""
    if name == "llama3":  # Hugging Face BPE: only the pairs in the file's merge list
        model = json.loads((ROOT / "assets" / "llama-3" / "tokenizer.json").read_text(encoding="utf-8"))["model"]
        ranks = {tuple(pair.split(" ") if isinstance(pair, str) else pair): k  # the file writes "a b"
                 for k, pair in enumerate(model["merges"])}
        return lambda a, b: ranks.get((a, b))
    tok = get_tokenizer(name)  # tiktoken: any two pieces whose bytes together are a token, ranked by that token
    ranks = {tok._pieces[i]: i for i in range(tok.vocab_size) if tok._bytes_hex[i]}
    return lambda a, b: ranks.get(a + b)


@pytest.mark.parametrize("name", BYTE_LEVEL)
def test_byte_level_bpe_starts_from_bytes_and_always_merges_the_lowest_rank(name):
    rank_of = merge_rank(name)
    for text in CORPUS:
        for chunk in replay(text, name)["chunks"]:
            steps, merges = chunk["steps"], chunk["merges"]
            assert steps[0] == list(spelled(chunk["text"]))  # one symbol per byte
            for before, after, merge in zip(steps, steps[1:], merges):
                if "lookup" in merge:  # the library's whole-chunk look-up: the chunk is one token
                    assert after == ["".join(before)]
                    continue
                candidates = [(rank_of(a, b), k) for k, (a, b) in enumerate(zip(before, before[1:]))
                              if rank_of(a, b) is not None]
                best_rank, k = min(candidates)
                assert merge["rank"] == best_rank and merge["pair"] == [before[k], before[k + 1]] and merge["at"] == k
                assert after == before[:k] + [before[k] + before[k + 1]] + before[k + 2:]
            if not (merges and "lookup" in merges[-1]):  # it stopped because no pair could merge
                assert all(rank_of(a, b) is None for a, b in zip(steps[-1], steps[-1][1:]))


def mergeable_score(sp):
    """(a, b) -> the score of the piece a + b if SentencePiece may merge into it, else None.

    Ordinary pieces come after the 256 byte pieces in these models; those before them with a
    score of 0 are user-defined (matched whole, never merged into or out of).
    """
    first_byte = next(i for i in range(sp.get_piece_size()) if sp.is_byte(i))

    def user_defined(piece: str) -> bool:
        i = sp.piece_to_id(piece)
        return sp.id_to_piece(i) == piece and i < first_byte and sp.get_score(i) == 0

    def score(a: str, b: str):
        i = sp.piece_to_id(a + b)
        if sp.id_to_piece(i) != a + b or sp.is_unknown(i) or sp.is_control(i) or sp.is_unused(i):
            return None
        return None if user_defined(a) or user_defined(b) or user_defined(a + b) else sp.get_score(i)

    return score


@pytest.mark.parametrize("name", SENTENCEPIECE)
def test_sentencepiece_merges_by_best_score_then_falls_back_to_bytes(name):
    sp = get_tokenizer(name)._sp
    score_of = mergeable_score(sp)
    for text in CORPUS:
        for chunk in replay(text, name)["chunks"]:
            steps = chunk["steps"]
            assert "".join(steps[0]) .replace(SPACE_MARK, " ").endswith(chunk["text"].replace(SPACE_MARK, " "))
            for before, after, merge in zip(steps, steps[1:], chunk["merges"]):
                if "byte_fallback" in merge:
                    k = before.index(merge["byte_fallback"])
                    assert merge["at"] == k
                    data = merge["byte_fallback"].replace(SPACE_MARK, " ").encode("utf-8")
                    assert merge["bytes"] == [f"<0x{b:02X}>" for b in data]
                    assert after == before[:k] + merge["bytes"] + before[k + 1:]
                    continue
                a, b = merge["pair"]
                k = merge["at"]
                assert [before[k], before[k + 1]] == [a, b]
                assert after == before[:k] + [a + b] + before[k + 2:]
                assert merge["score"] == sp.get_score(sp.piece_to_id(a + b))
                scores = [(score_of(x, y), -j) for j, (x, y) in enumerate(zip(before, before[1:]))
                          if score_of(x, y) is not None]
                assert max(scores) == (merge["score"], -k)  # the best score, the leftmost on a tie


@pytest.mark.parametrize("text, expected", [
    # BERT's own pieces for "unaffable" are una ##ffa ##ble; the remainder shows as one ## symbol until taken
    ("unaffable", [["unaffable"], ["una", "##ffable"], ["una", "##ffa", "##ble"], ["una", "##ffa", "##ble"]]),
    ("hello", [["hello"], ["hello"]]),
])
def test_wordpiece_takes_the_longest_prefix_each_time(text, expected):
    [chunk] = replay(text, "bert")["chunks"]
    assert chunk["steps"] == expected


def test_the_glitch_token_in_one_merge_history():
    """' SolidGoldMagikarp' ends as one GPT-2 token after 17 merges; without its space it takes three."""
    [glitch] = replay(" SolidGoldMagikarp", "gpt2")["chunks"]
    assert glitch["ids"] == [43453] and glitch["steps"][0][0] == "Ġ" and len(glitch["steps"][0]) == 18
    assert len(glitch["merges"]) == 17 and glitch["steps"][-1] == ["ĠSolidGoldMagikarp"]
    [bare] = replay("SolidGoldMagikarp", "gpt2")["chunks"]
    assert bare["ids"] == compare("SolidGoldMagikarp")["tokenizers"][0]["ids"] and len(bare["ids"]) > 1


def test_where_hindi_turns_into_bytes_in_llama():
    hindi = "नमस्ते, आप कैसे हैं? मैं हिंदी में लिख रहा हूँ।"  # the lesson's example
    fallbacks = [m for c in replay(hindi, "llama")["chunks"] for m in c["merges"] if "byte_fallback" in m]
    assert [m["byte_fallback"] for m in fallbacks] == ["\u0901"]  # ँ, candrabindu: no piece in Llama 2
    assert fallbacks[0]["bytes"] == ["<0xE0>", "<0xA4>", "<0x81>"]  # U+0901 in UTF-8


def test_long_texts_are_cut_and_say_so():
    r = replay("word " * 500, "gpt2")
    assert r["cut"] is True and len(r["chunks"]) == MAX_REPLAY_CHUNKS


def test_an_unknown_tokenizer_is_refused():
    with pytest.raises(ValueError, match="choose from gpt2, bert"):
        replay("hi", "gpt5")


# --- bounded: one call's work and answer do not grow with the square of a chunk -----------------


def pieces_of(r: dict) -> int:
    return sum(len(step) for chunk in r["chunks"] for step in chunk["steps"])


@pytest.mark.parametrize("text, name", [("😀" * 3000, "llama"), ("a" * 5000, "gpt2"), ("😀" * 3000, "llama3"),
                                        ("👩‍👩‍👧‍👦" * 10_000, "gpt2"), ("x" * 100_000, "bert")])
def test_a_chunk_longer_than_the_limit_is_replayed_up_to_it_and_says_so(text, name):
    """The replay attacks: one long chunk used to keep every one of its ~n steps of ~n pieces."""
    r = replay(text, name)
    [chunk] = r["chunks"]  # the first chunk is the long one, and the replay stops there
    assert r["cut"] is True and chunk["cut"] is True
    assert 0 < len(chunk["text"].encode("utf-8")) <= 256 and text.startswith(chunk["text"])
    assert pieces_of(r) <= 256 * 257 // 2 + 5 * 256  # n (n + 1) / 2 for n bytes, and a few fallback steps
    if name != "bert":  # the part replayed, tokenized on its own by the library, gives the same ids
        assert chunk["ids"] == compare(chunk["text"], tokenizers=[name])["tokenizers"][0]["ids"]
    else:  # a word over 100 characters is one [UNK] in BERT, however much of it is shown
        assert chunk["ids"] == [100] and len(chunk["text"]) == 256


def test_the_steps_of_all_chunks_together_are_bounded():
    text = ("€" * 80 + " ") * 40  # each chunk 240 bytes: about 29,000 pieces in its steps
    r = replay(text, "gpt2")
    assert r["cut"] is True and not any(chunk["cut"] for chunk in r["chunks"])
    assert 100_000 <= pieces_of(r) < 100_000 + 241 * 242 // 2  # stops after the chunk that reaches 100,000
    assert ids_of(r) == compare(text, tokenizers=["gpt2"])["tokenizers"][0]["ids"][:len(ids_of(r))]


def test_a_one_megabyte_paste_replays_in_bounded_memory():
    import tracemalloc

    replay("warm", "gpt2")
    tracemalloc.start()
    r = replay("👩‍👩‍👧‍👦" * 40_000, "gpt2")  # one 1,000,000-byte chunk for GPT-2's pattern
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert r["cut"] is True and peak < 30_000_000, peak  # unbounded, it passed 5.9 GB
