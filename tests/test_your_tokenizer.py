"""register_tokenizer: tokenizers added by file. Their ids are the libraries' own (built here straight
from the files, not through the playground's code), their spans and replay behave as the eight's do,
and every bad input stops with one line naming the file and what to do."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import ROOT, official_tiktoken
from test_later_tokenizers import CORPUS, check_spans

from playground import compare, register_tokenizer, replay, tokenizer_names
from playground.lesson.premium import sentences
from playground.page.colors import PALETTE_SIZE, palette_index
from playground.tokenizers import registry
from playground.tokenizers.sentencepiece_bpe import SPACE_MARK

ASSETS = ROOT / "assets"
LLAMA3_JSON = ASSETS / "llama-3" / "tokenizer.json"
MISTRAL_MODEL = ASSETS / "mistral" / "tokenizer.model"
BERT_VOCAB = ASSETS / "bert-base-uncased" / "vocab.txt"
TRAINING = [line for code in ("eng_Latn", "deu_Latn", "spa_Latn") for line in sentences(code)]


@pytest.fixture(autouse=True)
def fresh_registry(monkeypatch):
    """Each test registers into its own copy of the registry: names never leak into other tests."""
    monkeypatch.setattr(registry, "_registered", dict(registry._registered))
    monkeypatch.setattr(registry, "_loaded", dict(registry._loaded))


def train_unigram(directory: Path) -> Path:
    """A SentencePiece Unigram model trained on TRAINING, with sentencepiece's defaults: NFKC normalisation,
    no byte fallback (a character it never saw is <unk>)."""
    import sentencepiece

    prefix = directory / "tiny"
    sentencepiece.SentencePieceTrainer.train(sentence_iterator=iter(TRAINING), model_prefix=str(prefix),
                                             vocab_size=600, model_type="unigram", minloglevel=2)
    return prefix.with_suffix(".model")


@pytest.fixture(scope="module")
def unigram_model(tmp_path_factory):
    return train_unigram(tmp_path_factory.mktemp("unigram"))


@pytest.fixture(scope="module")
def unigram_json(tmp_path_factory):
    """A tokenizer.json Unigram model trained here with tokenizers' own trainer (Metaspace words)."""
    from tokenizers import Tokenizer, models, pre_tokenizers, trainers

    tok = Tokenizer(models.Unigram())
    tok.pre_tokenizer = pre_tokenizers.Metaspace()
    tok.train_from_iterator(TRAINING, trainers.UnigramTrainer(vocab_size=500, unk_token="<unk>",
                                                              special_tokens=["<unk>"]))
    path = tmp_path_factory.mktemp("unigram-json") / "tokenizer.json"
    tok.save(str(path))
    return path


def ids_of(name: str, text: str, special: bool = False) -> list[int]:
    return compare(text, special, tokenizers=[name])["tokenizers"][0]["ids"]


# --- the bundled files under new names: exactly their libraries' ids ---------------------------


@pytest.mark.slow
def test_llama3_tokenizer_json_under_a_new_name():
    from tokenizers import Tokenizer

    official = Tokenizer.from_file(str(LLAMA3_JSON))
    official.encode_special_tokens = True  # typed specials are text, as in the playground
    tok = register_tokenizer("my-llama3", LLAMA3_JSON)
    assert tok.label == "my-llama3 byte-level BPE"
    assert "my-llama3" in tokenizer_names()
    for text in CORPUS:
        result = compare(text, tokenizers=["my-llama3"])["tokenizers"][0]
        assert result["ids"] == official.encode(text, add_special_tokens=False).ids, repr(text[:40])
        check_spans(text, result)
    # the built-in and the added one are the same tokenizer: the same tokens, spans and partial chips
    text = "नमस्ते 👩‍💻"
    assert compare(text, tokenizers=["my-llama3"])["tokenizers"][0]["tokens"] == \
        compare(text, tokenizers=["llama3"])["tokenizers"][0]["tokens"]


def test_mistral_model_under_a_new_name_with_its_label():
    import sentencepiece

    official = sentencepiece.SentencePieceProcessor(model_file=str(MISTRAL_MODEL))
    register_tokenizer("mistral-again", str(MISTRAL_MODEL), label="Mistral, added")
    assert compare("x", tokenizers=["mistral-again"])["tokenizers"][0]["label"] == "Mistral, added"
    for text in CORPUS:
        result = compare(text, tokenizers=["mistral-again"])["tokenizers"][0]
        assert result["ids"] == official.encode(text), repr(text[:40])
    assert ids_of("mistral-again", "Hello world", special=True) == [1, 22557, 1526]  # <s> from the file
    text = "a 💩 ँ x"  # byte fallback: four and three <0x..> pieces, each partial, over its character
    assert compare(text, tokenizers=["mistral-again"])["tokenizers"][0]["tokens"] == \
        compare(text, tokenizers=["mistral"])["tokenizers"][0]["tokens"]


def test_a_tiktoken_rank_file_with_its_split_pattern(tmp_path):
    [o200k] = official_tiktoken(tmp_path, "o200k_base")
    register_tokenizer("ranks", f"{ASSETS / 'o200k' / 'o200k_base.tiktoken'}:o200k")
    for text in CORPUS:
        assert ids_of("ranks", text) == o200k.encode_ordinary(text), repr(text[:40])
    # the same ranks split with GPT-2's pattern (tiktoken's r50k_pat_str): other chunks, other ids
    import tiktoken
    from tiktoken_ext.openai_public import r50k_pat_str

    gpt2_split = tiktoken.Encoding("o200k-gpt2-split", pat_str=r50k_pat_str,
                                   mergeable_ranks=o200k._mergeable_ranks, special_tokens={})
    register_tokenizer("ranks-gpt2-split", f"{ASSETS / 'o200k' / 'o200k_base.tiktoken'}:gpt2")
    for text in CORPUS:
        assert ids_of("ranks-gpt2-split", text) == gpt2_split.encode_ordinary(text), repr(text[:40])
    assert any(ids_of("ranks-gpt2-split", text) != ids_of("ranks", text) for text in CORPUS)


def test_a_hand_made_rank_file_is_not_checked_against_openais_hashes(tmp_path):
    """A rank file that is no OpenAI encoding's: the 256 bytes and three merges written here. tiktoken
    must read it as it is, with no hash of GPT-2's file asked of it."""
    import base64

    import tiktoken

    ranks = {bytes([b]): b for b in range(256)} | {b"ab": 256, b"abc": 257, b" a": 258}  # "ab" outranks " a"
    path = tmp_path / "tiny.tiktoken"
    path.write_text("".join(f"{base64.b64encode(token).decode()} {rank}\n" for token, rank in ranks.items()))
    register_tokenizer("tiny-ranks", f"{path}:gpt2")
    from tiktoken_ext.openai_public import r50k_pat_str

    own = tiktoken.Encoding("tiny", pat_str=r50k_pat_str, mergeable_ranks=ranks, special_tokens={})
    assert ids_of("tiny-ranks", "abc ab abcd") == own.encode_ordinary("abc ab abcd") == [257, 32, 256, 32, 257, 100]


def test_a_vocab_txt_uncased_by_its_contents(official_bert):
    register_tokenizer("wordpiece", BERT_VOCAB)
    assert compare("x", tokenizers=["wordpiece"])["tokenizers"][0]["label"] == "wordpiece WordPiece (uncased)"
    for text in CORPUS:
        assert ids_of("wordpiece", text) == official_bert.encode(text, add_special_tokens=False).ids, repr(text[:40])
    assert ids_of("wordpiece", "Hello world", special=True) == [101, 7592, 2088, 102]


def test_a_tokenizer_json_whose_post_processor_adds_cls_and_sep(tmp_path):
    """BERT's vocabulary saved by the tokenizers library with its post-processor: [CLS] covers nothing where
    the text starts, [SEP] nothing where it ends."""
    from tokenizers import BertWordPieceTokenizer

    official = BertWordPieceTokenizer(str(BERT_VOCAB), lowercase=True)
    official.save(str(tmp_path / "tokenizer.json"))
    register_tokenizer("bert-json", tmp_path / "tokenizer.json")
    text = "Hello world"
    tokens = compare(text, True, tokenizers=["bert-json"])["tokenizers"][0]["tokens"]
    assert [t["id"] for t in tokens] == official.encode(text).ids == [101, 7592, 2088, 102]
    assert [(t["start"], t["end"], t["special"]) for t in tokens] == [(0, 0, True), (0, 5, False), (6, 11, False),
                                                                      (11, 11, True)]
    assert registry.get_tokenizer("bert-json").encode("tokenization") == [19204, 3989]  # encode(): never [CLS]
    plain = compare("tokenization", tokenizers=["bert-json"])["tokenizers"][0]  # special tokens off: none added
    assert plain["ids"] == official.encode("tokenization", add_special_tokens=False).ids == [19204, 3989]
    assert [(t["piece"], t["bytes_hex"], t["start"], t["end"], t["partial"], t["special"]) for t in plain["tokens"]] == [
        ("token", "74 6F 6B 65 6E", 0, 5, False, False), ("##ization", "69 7A 61 74 69 6F 6E", 5, 12, False, False)]


@pytest.mark.parametrize("special", [True, False])
def test_a_byte_level_tokenizer_json_whose_post_processor_adds_a_bos(tmp_path, special):
    """Llama 3's tokenizer.json given a post-processor that puts <|begin_of_text|> first: its ids are the library's,
    and its tokens (bytes, spans cutting a character, the BOS over nothing) are those of the built-in llama3, whose
    own test spells them out (test_tokenizers_exact.py)."""
    from tokenizers import Tokenizer, processors

    official = Tokenizer.from_file(str(LLAMA3_JSON))
    official.post_processor = processors.TemplateProcessing(single="<|begin_of_text|> $A",
                                                            special_tokens=[("<|begin_of_text|>", 128000)])
    official.save(str(tmp_path / "tokenizer.json"))
    register_tokenizer("bos", tmp_path / "tokenizer.json")
    text = "a 👩\u200d💻 ँ"
    bos, llama3 = compare(text, special, tokenizers=["bos", "llama3"])["tokenizers"]
    assert bos["ids"] == official.encode(text, add_special_tokens=special).ids == llama3["ids"]
    assert bos["tokens"] == llama3["tokens"] and any(t["partial"] for t in bos["tokens"])


def test_a_cased_vocab_txt_keeps_capitals(tmp_path):
    from tokenizers import BertWordPieceTokenizer

    vocab = tmp_path / "vocab.txt"
    vocab.write_text("\n".join(["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "The", "the", "cat", "##s", "Cat"]) + "\n")
    register_tokenizer("cased", vocab)
    register_tokenizer("forced-lower", f"{vocab}:uncased")
    for name, lowercase in (("cased", False), ("forced-lower", True)):
        official = BertWordPieceTokenizer(str(vocab), lowercase=lowercase)
        for text in ("The cats", "the Cats", "THE CAT", "dog"):
            assert ids_of(name, text) == official.encode(text, add_special_tokens=False).ids
    assert ids_of("cased", "The Cat") == [5, 9]  # line numbers in the file, counted from 0
    assert ids_of("forced-lower", "The Cat") == [6, 7]
    labels = {t["name"]: t["label"] for t in compare("x", tokenizers=["cased", "forced-lower"])["tokenizers"]}
    assert labels == {"cased": "cased WordPiece (cased)", "forced-lower": "forced-lower WordPiece (uncased)"}


def test_a_vocab_txt_is_cased_when_asked_or_when_an_entry_outside_brackets_has_a_capital(tmp_path, official_bert):
    from tokenizers import BertWordPieceTokenizer

    register_tokenizer("asked", f"{BERT_VOCAB}:cased")  # no capital in it, yet cased: the option says so
    official = BertWordPieceTokenizer(str(BERT_VOCAB), lowercase=False)
    assert ids_of("asked", "Hello hello") == official.encode("Hello hello", add_special_tokens=False).ids
    assert ids_of("asked", "Hello hello") != official_bert.encode("Hello hello", add_special_tokens=False).ids
    half = tmp_path / "half.txt"  # "[Xy" and "Zz]" are not [SPECIAL] names: their capitals make the file cased
    for name, entry in (("open", "[Xy"), ("close", "Zz]"), ("special", "[Xy]")):
        half.write_text("\n".join(["[PAD]", "[UNK]", "[CLS]", "[SEP]", "the", "cat", entry]) + "\n")
        tok = register_tokenizer(name, half)
        assert tok.label == f"{name} WordPiece ({'uncased' if name == 'special' else 'cased'})"


def test_a_vocab_txt_is_read_as_utf8_whatever_the_locale(tmp_path, ascii_locale):
    vocab = tmp_path / "vocab.txt"  # its one capital, É, is not ASCII
    vocab.write_text("\n".join(["[PAD]", "[UNK]", "[CLS]", "[SEP]", "école", "École"]) + "\n", encoding="utf-8")
    assert register_tokenizer("accents", vocab).label == "accents WordPiece (cased)"


def test_a_vocab_txt_whose_first_4_kb_end_inside_a_character_is_still_text(tmp_path):
    """Only the file's first 4,096 bytes are looked at: a 4-byte emoji from byte 4,093 on is cut after 3."""
    lines = ["[PAD]", "[UNK]", "[CLS]", "[SEP]"]
    filler = "a" * (4093 - len("\n".join(lines) + "\n") - 1)
    vocab = tmp_path / "vocab.txt"
    vocab.write_text("\n".join([*lines, filler, "😀", "cat"]) + "\n", encoding="utf-8")
    assert vocab.read_bytes().index("😀".encode()) == 4093
    assert register_tokenizer("cut", vocab).label == "cut WordPiece (uncased)"
    binary = tmp_path / "binary.bin"  # a byte no UTF-8 has, at 4,092: not a cut character, so not text
    binary.write_bytes(b"a" * 4092 + b"\xff" + b"abc" + b"more")
    with pytest.raises(ValueError, match="not a tokenizer.json, a SentencePiece .model"):
        register_tokenizer("binary", binary)


# --- Unigram, trained here ----------------------------------------------------------------------


def test_a_sentencepiece_unigram_model_trained_here(unigram_model):
    import sentencepiece

    official = sentencepiece.SentencePieceProcessor(model_file=str(unigram_model))
    tok = register_tokenizer("uni", unigram_model)
    assert tok.label == "uni SentencePiece Unigram"
    assert registry.tokenizer_label("uni") == "uni SentencePiece Unigram"  # the page's name for it
    assert registry.tokenizer_label("gpt2") == "GPT-2 byte-level BPE"  # a built-in one: its class's
    texts = CORPUS + ["Ｆｕｌｌ－ｗｉｄｔｈ ﬁne", "The quick brown fox, again and again."]
    for text in texts:
        result = compare(text, tokenizers=["uni"])["tokenizers"][0]
        assert result["ids"] == official.encode(text), repr(text[:40])
        for t in result["tokens"]:  # spans in order, inside the text (NFKC and <unk> included)
            assert 0 <= t["start"] <= t["end"] <= len(text) and t["text"] == text[t["start"]:t["end"]]
    assert 0 < compare("日本語", tokenizers=["uni"])["tokenizers"][0]["unk_count"]  # never seen: <unk>


def test_unigram_replay_is_one_step_per_word_whose_pieces_join_to_the_text(unigram_model):
    import sentencepiece

    official = sentencepiece.SentencePieceProcessor(model_file=str(unigram_model))
    register_tokenizer("uni", unigram_model)
    text = "The quick brown fox jumps over the lazy dog."
    result = replay(text, "uni")
    assert [i for c in result["chunks"] for i in c["ids"]] == official.encode(text)
    pieces = [p for c in result["chunks"] for p in c["steps"][-1]]
    assert "".join(pieces).replace(SPACE_MARK, " ") == " " + text  # the dummy-prefix space, then the text
    for chunk in result["chunks"]:
        [merge] = chunk["merges"]
        assert len(chunk["steps"]) == 2 and merge["unigram"] and merge["pieces"] == chunk["steps"][1]
        assert merge["scores"] == [official.get_score(i) for i in chunk["ids"]]
    assert "".join(c["text"] for c in result["chunks"]).replace(" ", "") == text.replace(" ", "")


def bpe_model_with_pieces(path: Path, *pieces: tuple[str, str], drop: str | None = None, byte_fallback: bool = True):
    """A SentencePiece BPE model trained here (byte fallback on unless asked, the user-defined piece "<x>"), with
    `pieces` ((piece, type name) written into it afterwards, score 0: merged first) and without the piece `drop`.
    Returns sentencepiece's own processor for it."""
    import sentencepiece
    from sentencepiece import sentencepiece_model_pb2

    with path.open("wb") as out:
        sentencepiece.SentencePieceTrainer.train(sentence_iterator=iter(TRAINING), model_writer=out, vocab_size=400,
                                                 model_type="bpe", byte_fallback=byte_fallback,
                                                 user_defined_symbols=["<x>"], minloglevel=2)
    proto = sentencepiece_model_pb2.ModelProto.FromString(path.read_bytes())
    kind = sentencepiece_model_pb2.ModelProto.SentencePiece.Type
    for piece, type_name in pieces:
        proto.pieces.add(piece=piece, score=0.0, type=kind.Value(type_name))
    if drop is not None:
        [k] = [k for k, p in enumerate(proto.pieces) if p.piece == drop]
        del proto.pieces[k]
    path.write_bytes(proto.SerializeToString())
    return sentencepiece.SentencePieceProcessor(model_file=str(path))


def test_a_user_defined_piece_is_never_merged_even_where_the_merge_is_a_piece(tmp_path):
    """sentencepiece freezes a user-defined piece: it merges with neither neighbour. The ordinary pieces "<x>y"
    and "y<x>" written into a model with the user-defined "<x>": "<x>" and "y" stay apart, in sentencepiece's
    own answer and in the replay."""
    official = bpe_model_with_pieces(tmp_path / "frozen.model", ("<x>y", "NORMAL"), ("y<x>", "NORMAL"))
    register_tokenizer("frozen", tmp_path / "frozen.model")
    for text in ("a<x>y b", "<x>y<x>y", "ay<x>b"):
        assert not {"<x>y", "y<x>"} & set(official.encode(text, out_type=str))
        chunks = replay(text, "frozen")["chunks"]
        assert [i for c in chunks for i in c["ids"]] == official.encode(text), text
        assert not {"<x>y", "y<x>"} & {p for c in chunks for p in c["steps"][-1]}


def test_no_merge_makes_a_control_unknown_or_unused_piece(tmp_path):
    """Ordinary pieces that join into "</s>" (control), "<unk>" (unknown), and "zq" written in as unused:
    sentencepiece merges into none of them, and neither does the replay."""
    pieces = [(p, "NORMAL") for p in ("<", "</", "s>", "unk", "unk>")] + [("zq", "UNUSED")]
    official = bpe_model_with_pieces(tmp_path / "kinds.model", *pieces)
    register_tokenizer("kinds", tmp_path / "kinds.model")
    for text, kept_out in (("</s>", "</s>"), ("<unk>", "<unk>"), ("zq", "zq")):
        assert kept_out not in official.encode(text, out_type=str)
        assert [i for c in replay(text, "kinds")["chunks"] for i in c["ids"]] == official.encode(text), text


def test_a_bpe_model_trained_here_is_replayed_on_the_text_as_its_normaliser_leaves_it(tmp_path):
    """sentencepiece's default normaliser (NFKC, extra spaces removed) runs before the merges: "ﬁ" is "fi", two
    spaces are one, a text of spaces is no token. The replay gives the library's ids, each chunk over the
    characters of the text it came from."""
    official = bpe_model_with_pieces(tmp_path / "trained.model")
    register_tokenizer("trained", tmp_path / "trained.model")
    assert official.encode("a  b", out_type=str) == ["▁a", "▁b"] and official.encode("   ") == []
    for text in CORPUS + ["a  b", "   ", "  lead", "ﬁne  Ｆｕｌｌ", "tail  "]:
        r = replay(text, "trained")
        whole = [i for c in r["chunks"] if not c["cut"] for i in c["ids"]]  # a chunk past 256 bytes is cut
        assert whole == official.encode(text)[:len(whole)], repr(text)
        if not r["cut"]:
            assert whole == official.encode(text), repr(text)
            assert "".join(c["text"] for c in r["chunks"]) == (text if whole else ""), repr(text)  # spaces alone: none
    # NFKC spells each "ﬁ" in two letters: "▁" (3 bytes) and 253 letters fill the 256 bytes replayed, the ligatures
    # 0 to 125 and the "f" of the 127th: the chunk's text is the 126 whole ones.
    [cut] = replay("ﬁ" * 300 + " x", "trained")["chunks"]
    assert cut["cut"] is True and cut["text"] == "ﬁ" * 126 and cut["steps"][0][:3] == ["▁", "f", "i"]
    # Only the text's first 64 x 257 characters are normalised: a word past them is left out, and the replay says so.
    spaced = replay("a" + " " * 20_000 + "b", "trained")
    assert spaced["cut"] is True and [c["ids"] for c in spaced["chunks"]] == [official.encode("a")]


def test_without_byte_fallback_each_run_of_unknown_characters_is_one_unknown_token(tmp_path):
    """sentencepiece's default: no byte pieces, and a run of characters with no piece is one <unk> (id 0)."""
    official = bpe_model_with_pieces(tmp_path / "unk.model", byte_fallback=False)
    register_tokenizer("unk", tmp_path / "unk.model")
    assert official.encode("a日本語€b", out_type=str)[1:] == ["日本語€", "b"] and official.unk_id() == 0
    for text in ("a日本語€b", "日本語 x", "x 日 y 本"):
        chunks = replay(text, "unk")["chunks"]
        assert [i for c in chunks for i in c["ids"]] == official.encode(text), text
    [chunk] = replay("a日本語€b", "unk")["chunks"]
    assert chunk["merges"][-1] == {"unknown": "日本語€", "at": 1}
    assert chunk["steps"][-1] == ["▁a", "<unk>", "b"]


def test_a_model_without_the_space_piece_spells_it_in_its_own_bytes(tmp_path):
    """With no piece "▁", sentencepiece's byte fallback spells the space mark it put in as its own UTF-8,
    E2 96 81 (not a space's 20): so does the replay."""
    official = bpe_model_with_pieces(tmp_path / "nospace.model", drop=SPACE_MARK)
    register_tokenizer("nospace", tmp_path / "nospace.model")
    assert official.encode("x y", out_type=str) == ["<0xE2>", "<0x96>", "<0x81>", "x", "<0xE2>", "<0x96>", "<0x81>", "y"]
    chunks = replay("x y", "nospace")["chunks"]
    assert [i for c in chunks for i in c["ids"]] == official.encode("x y")
    assert [m for m in chunks[1]["merges"] if "byte_fallback" in m] == [
        {"byte_fallback": SPACE_MARK, "bytes": ["<0xE2>", "<0x96>", "<0x81>"], "at": 0}]


def test_a_tokenizers_unigram_json_trained_here(unigram_json):
    from tokenizers import Tokenizer

    official = Tokenizer.from_file(str(unigram_json))
    tok = register_tokenizer("uni-json", unigram_json)
    assert tok.label == "uni-json Unigram"
    scores = dict(map(tuple, json.loads(unigram_json.read_text())["model"]["vocab"]))
    for text in CORPUS[:36] + ["Hello there, general Kenobi"]:
        result = compare(text, tokenizers=["uni-json"])["tokenizers"][0]
        assert result["ids"] == official.encode(text).ids, repr(text[:40])
        chunks = replay(text, "uni-json")["chunks"]
        assert [i for c in chunks for i in c["ids"]] == result["ids"]
        for chunk in chunks:
            assert chunk["merges"] == [{"unigram": "the best segmentation", "pieces": chunk["steps"][1],
                                        "scores": pytest.approx([scores[p] for p in chunk["steps"][1]]), "at": 0}]


def test_replay_spells_each_word_around_added_tokens(tmp_path):
    """Added tokens are cut out of the text before the pre-tokeniser runs, each a word of its own: the words
    around them are the library's, not the pre-tokeniser's words of the whole text."""
    from tokenizers import Tokenizer, models, pre_tokenizers

    official = Tokenizer(models.WordLevel({"[UNK]": 0, "the": 1, "cat": 2}, unk_token="[UNK]"))
    official.pre_tokenizer = pre_tokenizers.Whitespace()
    official.add_special_tokens(["[UNK]"])
    official.add_tokens(["xy", "<note>"])  # 3 and 4; "xy" matches inside a word too
    official.save(str(tmp_path / "tokenizer.json"))
    register_tokenizer("added", tmp_path / "tokenizer.json")
    text = "the axyb cat <note> dog"
    assert official.encode(text).ids == [1, 0, 3, 0, 2, 4, 0]
    chunks = replay(text, "added")["chunks"]
    assert [(c["text"], c["steps"], c["merges"], c["ids"]) for c in chunks] == [
        ("the", [["the"], ["the"]], [{"pair": ["the"], "lookup": "the whole word is one token", "at": 0}], [1]),
        ("a", [["a"], ["[UNK]"]], [{"unknown": "a", "at": 0}], [0]),
        ("xy", [["xy"], ["xy"]], [{"pair": ["xy"], "lookup": "the whole word is one token", "at": 0}], [3]),
        ("b", [["b"], ["[UNK]"]], [{"unknown": "b", "at": 0}], [0]),
        ("cat", [["cat"], ["cat"]], [{"pair": ["cat"], "lookup": "the whole word is one token", "at": 0}], [2]),
        ("<note>", [["<note>"], ["<note>"]], [{"pair": ["<note>"], "lookup": "the whole word is one token", "at": 0}], [4]),
        ("dog", [["dog"], ["[UNK]"]], [{"unknown": "dog", "at": 0}], [0])]


ADDED = ["xyz", "<note>"]  # non-special added tokens: matched as typed, anywhere, before the pre-tokeniser
ADDED_TEXTS = ["the axyzb cat",  # inside a word
               "xyzthe cat",  # at the text's start: Metaspace's prepend_scheme "first" puts no "▁" after it
               "a xyz<note>b <note> Kenobi",  # two adjacent
               "The quick brown fox"]  # none: the words of the model alone


def added_tokens_json(kind: str, folder) -> tuple[str, str]:
    """(a tokenizer.json trained here without added tokens, the same with ADDED added): BPE byte-level as GPT-2's,
    BPE with SentencePiece's Metaspace words (prepend_scheme "first", as newer Llama files have), WordPiece,
    and Unigram with those Metaspace words."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers

    if kind == "wordpiece":
        plain = trained_json("wordpiece", folder)
    elif kind == "unigram-metaspace":
        tok = Tokenizer(models.Unigram())
        tok.pre_tokenizer = pre_tokenizers.Metaspace(prepend_scheme="first")
        tok.train_from_iterator(TRAINING, trainers.UnigramTrainer(vocab_size=300, unk_token="<unk>",
                                                                  special_tokens=["<unk>"]))
        plain = str(folder / f"{kind}.json")
        tok.save(plain)
    else:
        tok = Tokenizer(models.BPE())
        if kind == "bpe-byte-level":
            tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
            tok.decoder = decoders.ByteLevel()
            trainer = trainers.BpeTrainer(vocab_size=400, initial_alphabet=pre_tokenizers.ByteLevel.alphabet())
        else:
            tok.pre_tokenizer = pre_tokenizers.Metaspace(prepend_scheme="first")
            trainer = trainers.BpeTrainer(vocab_size=400)
        tok.train_from_iterator(TRAINING, trainer)
        plain = str(folder / f"{kind}.json")
        tok.save(plain)
    official = Tokenizer.from_file(plain)
    assert official.add_tokens(ADDED) == 2 and not any(t.special for t in official.get_added_tokens_decoder().values()
                                                      if t.content in ADDED)
    added = str(folder / f"{kind}-added.json")
    official.save(added)
    return plain, added


@pytest.mark.parametrize("kind", ["bpe-byte-level", "bpe-metaspace", "wordpiece", "unigram-metaspace"])
def test_replay_cuts_added_tokens_out_before_the_pre_tokeniser(tmp_path, kind):
    """Each added token is a chunk of its own, and the words around it are the library's: its ids word by word."""
    from tokenizers import Tokenizer

    plain, added = added_tokens_json(kind, tmp_path)
    official = Tokenizer.from_file(added)
    register_tokenizer("plain", plain)
    register_tokenizer("added", added)
    note, xyz = official.token_to_id("<note>"), official.token_to_id("xyz")
    for text in ADDED_TEXTS:
        enc = official.encode(text)
        words: dict[int, list[int]] = {}  # the library's words: each one's tokens, in order
        for k, word in enumerate(enc.word_ids):
            words.setdefault(word, []).append(k)
        assert ids_of("added", text) == enc.ids, text
        chunks = replay(text, "added")["chunks"]
        assert [c["ids"] for c in chunks] == [[enc.ids[k] for k in ks] for ks in words.values()], text
        assert [c["steps"][-1] for c in chunks] == [[enc.tokens[k] for k in ks] for ks in words.values()], text
        for chunk in chunks:
            if chunk["ids"] in ([xyz], [note]):  # never split: no merge, no prefix, looked up whole
                piece = official.id_to_token(chunk["ids"][0])
                assert chunk["steps"] == [[piece], [piece]] and chunk["text"] == piece
                assert chunk["merges"] == [{"pair": [piece], "lookup": "the whole word is one token", "at": 0}]
    assert ids_of("added", "the axyzb cat") != ids_of("plain", "the axyzb cat")
    # A text with no added token: the replay of the same model without them, chunk for chunk
    assert replay("The quick brown fox", "added") == {**replay("The quick brown fox", "plain"), "tokenizer": "added"}
    if kind == "bpe-byte-level":  # the chunks' texts are the text: "xyz" cut out of " axyzb"
        assert [c["text"] for c in replay("the axyzb cat", "added")["chunks"]] == ["the", " a", "xyz", "b", " cat"]
    if kind.endswith("metaspace"):  # after a leading added token "the" has no "▁"; "cat" after a space has
        assert [c["steps"][0][0][0] for c in replay("xyzthe cat", "added")["chunks"]] == ["x", "t", SPACE_MARK]


def test_special_added_tokens_typed_are_text_with_or_without_special_tokens(tmp_path):
    """[CLS], [SEP] and [UNK] typed are text (split as any word), beside a non-special added token; with special
    tokens on the post-processor adds [CLS] and [SEP] around the text: the library's own ids either way."""
    from tokenizers import Tokenizer, processors

    official = Tokenizer.from_file(trained_json("wordpiece", tmp_path))
    official.add_special_tokens(["[CLS]", "[SEP]"])
    official.add_tokens(["xyz"])
    cls, sep = official.token_to_id("[CLS]"), official.token_to_id("[SEP]")
    official.post_processor = processors.TemplateProcessing(single="[CLS] $A [SEP]", special_tokens=[("[CLS]", cls),
                                                                                                      ("[SEP]", sep)])
    official.save(str(tmp_path / "special.json"))
    official.encode_special_tokens = True  # as the playground: "[CLS]" typed is text
    register_tokenizer("special", tmp_path / "special.json")
    text = "[CLS] the xyz [UNK] cat[SEP]"
    plain = official.encode(text, add_special_tokens=False).ids
    assert cls not in plain and sep not in plain and official.token_to_id("[UNK]") not in plain
    assert ids_of("special", text) == plain
    assert ids_of("special", text, special=True) == official.encode(text).ids == [cls, *plain, sep]
    assert [i for c in replay(text, "special")["chunks"] for i in c["ids"]] == plain


def trained_json(kind: str, folder) -> str:
    """A tokenizer.json of each other model the tokenizers library trains, trained here on FLORES lines."""
    from tokenizers import Tokenizer, models, normalizers, pre_tokenizers, trainers

    if kind == "bpe-byte-fallback":  # SentencePiece-style: Metaspace words, bytes for unseen characters
        tok = Tokenizer(models.BPE(byte_fallback=True))
        tok.pre_tokenizer = pre_tokenizers.Metaspace()
        trainer = trainers.BpeTrainer(vocab_size=400)
    elif kind == "wordpiece":
        tok = Tokenizer(models.WordPiece(unk_token="[UNK]"))
        tok.normalizer = normalizers.BertNormalizer(lowercase=True)
        tok.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
        trainer = trainers.WordPieceTrainer(vocab_size=400, special_tokens=["[UNK]"])
    else:
        tok = Tokenizer(models.WordLevel(unk_token="[UNK]"))
        tok.pre_tokenizer = pre_tokenizers.Whitespace()
        trainer = trainers.WordLevelTrainer(vocab_size=400, special_tokens=["[UNK]"])
    tok.train_from_iterator(TRAINING, trainer)
    path = folder / f"{kind}.json"
    tok.save(str(path))
    if kind == "bpe-byte-fallback":  # the 256 byte pieces, as a byte-fallback vocabulary has them
        data = json.loads(path.read_text())
        vocab = data["model"]["vocab"]
        vocab.update({f"<0x{b:02X}>": len(vocab) + b for b in range(256)})
        path.write_text(json.dumps(data))
    return str(path)


@pytest.mark.parametrize("kind, label", [("bpe-byte-fallback", "BPE"), ("wordpiece", "WordPiece"),
                                         ("wordlevel", "WordLevel")])
def test_every_tokenizers_model_trained_here(tmp_path, kind, label):
    from tokenizers import Tokenizer

    path = trained_json(kind, tmp_path)
    official = Tokenizer.from_file(path)
    assert register_tokenizer(kind, path).label == f"{kind} {label}"
    for text in CORPUS[:36] + ["Hello there, general Kenobi", "नमस्ते 👩‍💻"]:
        result = compare(text, tokenizers=[kind])["tokenizers"][0]
        assert result["ids"] == official.encode(text).ids, repr(text[:40])
        replayed = replay(text, kind)  # the first 64 words: all of them, or a prefix if it says it is cut
        ids = [i for c in replayed["chunks"] for i in c["ids"]]
        assert ids == (result["ids"][:len(ids)] if replayed["cut"] else result["ids"]), repr(text[:40])
        for t in result["tokens"]:
            assert 0 <= t["start"] <= t["end"] <= len(text) and t["text"] == text[t["start"]:t["end"]]
    if kind == "wordlevel":  # one look-up per word: the word, or [UNK]
        vocab = json.loads(Path(path).read_text())["model"]["vocab"]
        assert "the" in vocab and "Kenobi" not in vocab
        assert [c["merges"] for c in replay("the Kenobi", kind)["chunks"]] == [
            [{"pair": ["the"], "lookup": "the whole word is one token", "at": 0}], [{"unknown": "Kenobi", "at": 0}]]
    # byte fallback: each of a Devanagari letter's three bytes is a partial chip over that letter
    if kind == "bpe-byte-fallback":
        tokens = compare("ँ", tokenizers=[kind])["tokenizers"][0]["tokens"]
        assert [(t["piece"], t["partial"], t["text"]) for t in tokens if t["piece"].startswith("<0x")] == \
            [("<0xE0>", True, "ँ"), ("<0xA4>", True, "ँ"), ("<0x81>", True, "ँ")]


@pytest.mark.slow
def test_added_tokenizers_replay_bpe_and_wordpiece_step_by_step():
    register_tokenizer("my-llama3", LLAMA3_JSON)
    register_tokenizer("wordpiece", BERT_VOCAB)
    for text in CORPUS[:12] + [" SolidGoldMagikarp"]:
        for added, built_in in (("my-llama3", "llama3"), ("wordpiece", "bert")):
            assert replay(text, added)["chunks"] == replay(text, built_in)["chunks"]


def test_colours_are_spread_over_the_palette_for_an_added_tokenizer(unigram_model):
    register_tokenizer("uni", unigram_model)
    slots = {palette_index("uni", i) for i in range(600)}
    assert len(slots) > 450 and all(0 <= s < PALETTE_SIZE for s in slots)


@pytest.mark.slow
def test_tokenizer_arguments_register_in_order_and_a_fresh_process_repeats_them(unigram_model):
    """--tokenizer NAME=PATH (app.py, python -m playground), and register_all(), which the big-input worker
    runs on registrations() in its own process: here in this one, so each step is seen."""
    from playground.tokenizers.from_file import register_all, register_from_args
    from playground.tokenizers.registry import registrations

    before = tokenizer_names()
    register_from_args([f" l3 = {LLAMA3_JSON} ", f"uni={unigram_model}"])  # spaces around either side are dropped
    assert tokenizer_names() == (*before, "l3", "uni")
    assert ids_of("l3", "Hello world") == [9906, 1917]  # Llama 3's, as test_later_tokenizers knows them
    listed = registrations()
    assert [(name, label) for name, _, label in listed] == [("l3", "l3 byte-level BPE"), ("uni", "uni SentencePiece Unigram")]
    registry._registered.clear(), registry._loaded.clear()  # as a fresh process starts
    register_all([(name, local, f"{label}, again") for name, local, label in listed])
    assert [t["label"] for t in compare("x", tokenizers=["l3", "uni"])["tokenizers"]] == [
        "l3 byte-level BPE, again", "uni SentencePiece Unigram, again"]
    assert ids_of("l3", "Hello world") == [9906, 1917]


@pytest.mark.parametrize("spec", ["l3", "l3=", f"l3 {LLAMA3_JSON}"])
def test_a_tokenizer_argument_without_name_and_path_says_how_to_write_it(spec):
    from playground.tokenizers.from_file import register_from_args

    with pytest.raises(ValueError) as refused:
        register_from_args([spec])
    assert str(refused.value) == f"--tokenizer {spec}: give NAME=PATH, e.g. --tokenizer qwen=tokenizer.json"


# --- the hub: from its cache, or a clear error without a network ---------------------------------


def run_cli(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "playground", *args], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, **(env or {})}, timeout=120)


def test_a_hub_id_offline_and_not_cached_is_one_line_naming_it(tmp_path):
    done = run_cli("--tokenizer", "qwen=hf:Qwen/Qwen2.5-0.5B@main", "Hello",
                   env={"HF_HUB_OFFLINE": "1", "HF_HOME": str(tmp_path)})
    assert done.returncode == 2 and done.stdout == ""
    [line] = done.stderr.splitlines()
    assert "hf:Qwen/Qwen2.5-0.5B@main" in line and "HF_HUB_OFFLINE=1" in line and "run once with a network" in line


def test_a_hub_id_already_in_the_cache_needs_no_network(tmp_path):
    """The cache as huggingface_hub lays it out after one fetch: refs/main names a snapshot."""
    repo = tmp_path / "hub" / "models--someone--tiny"
    (repo / "refs").mkdir(parents=True)
    (repo / "refs" / "main").write_text("0" * 40)
    (repo / "snapshots" / ("0" * 40)).mkdir(parents=True)
    os.symlink(MISTRAL_MODEL, repo / "snapshots" / ("0" * 40) / "tokenizer.model")
    done = run_cli("--tokenizer", "tiny=hf:someone/tiny", "--tokenizers", "tiny,mistral", "--json", "Hello world",
                   env={"HF_HUB_OFFLINE": "1", "HF_HOME": str(tmp_path)})
    assert done.returncode == 0, done.stderr
    added, mistral = json.loads(done.stdout)["tokenizers"]
    assert added["label"] == "someone/tiny SentencePiece BPE" and added["ids"] == mistral["ids"] == [22557, 1526]


@pytest.fixture
def offline_hub(monkeypatch, tmp_path):
    """huggingface_hub offline, its cache an empty folder: in this process, as HF_HUB_OFFLINE=1 and HF_HOME do
    for a new one (huggingface_hub reads both when it is imported)."""
    from huggingface_hub import constants

    monkeypatch.setattr(constants, "HF_HUB_OFFLINE", True)
    monkeypatch.setattr(constants, "HF_HUB_CACHE", str(tmp_path / "hub"))
    return tmp_path / "hub"


def test_a_hub_id_offline_and_not_cached_says_what_to_do(offline_hub):
    with pytest.raises(ValueError) as refused:
        register_tokenizer("qwen", "hf:Qwen/Qwen2.5-0.5B@main")
    assert str(refused.value) == (
        "cannot add tokenizer from hf:Qwen/Qwen2.5-0.5B@main: Qwen/Qwen2.5-0.5B is not in the Hugging Face cache "
        "and the Hub cannot be reached (no network, or HF_HUB_OFFLINE=1); run once with a network to fetch it, "
        "or pass its tokenizer.json file instead")


def test_a_hub_id_in_the_cache_at_a_revision(offline_hub):
    """The cache as huggingface_hub lays it out after one fetch: refs/<revision> names a snapshot."""
    repo = offline_hub / "models--someone--tiny"
    (repo / "refs").mkdir(parents=True)
    (repo / "refs" / "v1").write_text("1" * 40)
    (repo / "snapshots" / ("1" * 40)).mkdir(parents=True)
    os.symlink(MISTRAL_MODEL, repo / "snapshots" / ("1" * 40) / "tokenizer.model")
    assert register_tokenizer("tiny", "hf:someone/tiny@v1").label == "someone/tiny@v1 SentencePiece BPE"
    assert ids_of("tiny", "Hello world") == [22557, 1526]  # Mistral's, as test_mistral_model_under_a_new_name
    with pytest.raises(ValueError, match="^cannot add tokenizer from hf:someone/tiny@v2: someone/tiny is not in "):
        register_tokenizer("tiny2", "hf:someone/tiny@v2")  # another revision is not in the cache


@pytest.mark.parametrize("repo_id", ["a/b/c", "not a valid id!!"])
def test_a_malformed_hub_id_is_refused_with_the_form_to_write(offline_hub, repo_id):
    with pytest.raises(ValueError) as refused:
        register_tokenizer("x", f"hf:{repo_id}")
    message = str(refused.value)
    assert message.startswith(f"cannot add tokenizer from hf:{repo_id}: {repo_id!r} is not a Hub id (")
    assert message.endswith("); write hf:<org>/<repo>[@revision]")


# --- the CLI and the big-input worker -------------------------------------------------------------


def test_the_cli_adds_tokenizers_in_order(unigram_model):
    done = run_cli("--tokenizer", f"uni={unigram_model}", "--tokenizer", f"l3={LLAMA3_JSON}",
                   "--tokenizers", "l3,uni,gpt2", "--json", "Hello world")
    assert done.returncode == 0, done.stderr
    import sentencepiece

    names = [t["name"] for t in json.loads(done.stdout)["tokenizers"]]
    ids = [t["ids"] for t in json.loads(done.stdout)["tokenizers"]]
    assert names == ["l3", "uni", "gpt2"]
    assert ids == [[9906, 1917], sentencepiece.SentencePieceProcessor(model_file=str(unigram_model)).encode(
        "Hello world"), [15496, 995]]


def test_the_big_input_worker_knows_the_added_tokenizers(unigram_model):
    """A fresh interpreter: it must register them itself, or long texts fail for them."""
    import sentencepiece

    from playground.page import work
    from playground.page.server import BIG_INPUT_CHARS, BigInputWorker

    register_tokenizer("uni", unigram_model)
    text = " ".join(TRAINING)[:BIG_INPUT_CHARS * 2]
    worker = BigInputWorker()
    try:
        answer = worker.run(work.api_answer, text, False, ("uni",))
        register_tokenizer("uni2", unigram_model)  # added after the worker started: it starts anew
        second = worker.run(work.api_answer, "Hello", False, ("uni2",))
    finally:
        worker._pool.shutdown()
    official = sentencepiece.SentencePieceProcessor(model_file=str(unigram_model))
    assert answer["tokenizers"][0]["count"] == len(official.encode(text))
    assert second["tokenizers"][0]["ids"] == official.encode("Hello")


@pytest.mark.slow
def test_a_served_long_text_for_an_added_tokenizer_and_the_worker_ends_with_the_server(unigram_model):
    """/compare with a long text runs in the big-input worker, which must know "uni"; and a server stopped
    by a signal (no clean-up runs) must not leave its worker behind."""
    import sentencepiece
    from serve import call_api, running

    from playground.page.server import BIG_INPUT_CHARS

    text = " ".join(TRAINING)[:BIG_INPUT_CHARS + 5_000]
    with running("app.py", args=("--tokenizer", f"uni={unigram_model}")) as (url, process, _):
        [answer] = call_api(url, "compare", [text, False, ["uni"]])
        children = subprocess.run(["pgrep", "-P", str(process.pid)], capture_output=True, text=True).stdout.split()
    official = sentencepiece.SentencePieceProcessor(model_file=str(unigram_model))
    assert answer["tokenizers"][0]["count"] == len(official.encode(text))
    assert children  # the worker, and multiprocessing's resource tracker
    for _ in range(100):
        if not any(os.path.exists(f"/proc/{pid}") for pid in children):
            break
        time.sleep(0.1)
    assert not [pid for pid in children if os.path.exists(f"/proc/{pid}")], "the worker outlived the server"


# --- bad input: one line naming the file and what to do ---------------------------------------


@pytest.fixture
def bad_files(tmp_path):
    truncated = tmp_path / "truncated.json"
    truncated.write_bytes(LLAMA3_JSON.read_bytes()[:100_000])
    corrupt = tmp_path / "corrupt.model"
    corrupt.write_bytes(MISTRAL_MODEL.read_bytes()[:5000])
    unknown = tmp_path / "picture.png"
    unknown.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4)
    text = tmp_path / "notes.txt"
    text.write_text("just some notes\nnothing like a vocabulary\n")
    empty = tmp_path / "empty.json"
    empty.write_bytes(b"")
    (tmp_path / "folder").mkdir()
    return tmp_path


BAD = [  # (name, path under tmp_path or absolute, what the message must say)
    ("mine", "missing.json", "no such file"),
    ("mine", "truncated.json", "cannot load it as a tokenizer.json"),
    ("mine", "truncated.json", "); check that it is a complete tokenizer.json"),
    ("mine", "corrupt.model", "not a tokenizer.json, a SentencePiece .model"),
    ("mine", "picture.png", "not a tokenizer.json, a SentencePiece .model"),
    ("mine", "notes.txt", "without an [UNK] line"),
    ("mine", "empty.json", "the file is empty"),
    ("mine", "folder", "the folder has none of tokenizer.json"),
    ("mine", str(ASSETS / "o200k" / "o200k_base.tiktoken"), "needs its split pattern"),
    ("mine", f"{LLAMA3_JSON}:cl100k", "':cl100k' means nothing for a tokenizer.json"),
    ("mine", f"{BERT_VOCAB}:cl100k", "':cl100k' is a split pattern for a .tiktoken file; a vocab.txt takes ':cased' or "
             "':uncased'"),
    ("gpt2", str(LLAMA3_JSON), "'gpt2' is a built-in tokenizer"),
    ("My Tokenizer", str(LLAMA3_JSON), "a name is 1 to 32 lowercase letters"),
]


@pytest.mark.parametrize("name, path, says", BAD)
def test_bad_input_raises_a_value_error_naming_the_file(bad_files, name, path, says):
    full, before = str(bad_files / path), registry.registrations()
    with pytest.raises(ValueError) as err:
        register_tokenizer(name, full)
    message = str(err.value)
    assert says in message and "\n" not in message
    assert full in message or name in message
    assert registry.registrations() == before  # nothing half-added


def test_a_broken_rank_file_says_what_tiktoken_says(tmp_path, monkeypatch):
    import tiktoken.load

    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", "")  # tiktoken's "do not cache": no copy left in /tmp/data-gym-cache
    broken = tmp_path / "broken.tiktoken"
    broken.write_text("SGVsbG8= 0\nnot base64! 1\n")  # its first line reads as a rank line, its second does not
    with pytest.raises(Exception) as library:
        tiktoken.load.load_tiktoken_bpe(str(broken))
    with pytest.raises(ValueError) as err:
        register_tokenizer("mine", f"{broken}:cl100k")
    assert str(err.value) == (f"cannot add tokenizer from {broken}:cl100k: tiktoken cannot read it as a rank file "
                              f"({str(library.value).splitlines()[0]}); each line should be a token's bytes in "
                              "base64, a space and its rank")


def test_a_vocab_txt_not_utf8_past_its_first_4_kb_says_what_the_library_says(tmp_path):
    """The first 4 KB read as text (a vocab.txt, then); a byte no UTF-8 has after them: the library's refusal."""
    from tokenizers import BertWordPieceTokenizer

    vocab = tmp_path / "vocab.txt"
    lines = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "the", "cat", *(f"w{i}" for i in range(1000))]
    vocab.write_bytes(("\n".join(lines) + "\n").encode() + b"caf\xe9\n")  # é in Latin-1, at byte 4,926
    with pytest.raises(Exception) as library:
        BertWordPieceTokenizer(str(vocab))
    with pytest.raises(ValueError) as err:
        register_tokenizer("mine", vocab)
    assert str(err.value) == (f"cannot add tokenizer from {vocab}: transformers cannot load it as a WordPiece "
                              f"vocab.txt ({str(library.value).splitlines()[0]})")


def test_a_name_taken_by_another_file_is_refused_the_same_file_is_not():
    register_tokenizer("mine", LLAMA3_JSON)
    assert register_tokenizer("mine", LLAMA3_JSON) is registry.get_tokenizer("mine")
    with pytest.raises(ValueError, match="'mine' is already"):
        register_tokenizer("mine", MISTRAL_MODEL)


@pytest.mark.slow
@pytest.mark.parametrize("script", ["app.py", "-m playground"])
def test_bad_input_stops_the_start_with_one_line_and_no_traceback(bad_files, script):
    args = [*script.split(), "--tokenizer", f"mine={bad_files / 'truncated.json'}"] + (["Hi"] if "-m" in script else [])
    done = subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True, timeout=180,
                          env={**os.environ, "GRADIO_SERVER_PORT": "1"})  # a page that started would fail loudly
    assert done.returncode != 0 and "Traceback" not in done.stderr
    [line] = [line for line in done.stderr.splitlines() if line.strip()]
    assert str(bad_files / "truncated.json") in line and "cannot load it as a tokenizer.json" in line
    done = subprocess.run([sys.executable, *script.split(), "--tokenizer", "no-equals-sign"], cwd=ROOT,
                          capture_output=True, text=True, timeout=180)
    assert done.returncode != 0 and "Traceback" not in done.stderr
