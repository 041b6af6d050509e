"""The Languages section's stored counts and chart (assets/premium/, made by scripts/premium.py) are
what counting the FLORES sentences and drawing the chart give now, and a tokenizer without stored
counts is counted and joined to them."""

from __future__ import annotations

from playground.lesson import premium
from playground.lesson.premium import LANGUAGES, sentences
from playground.tokenizers.assets import verified_path
from playground.tokenizers.registry import TOKENIZER_NAMES


def test_the_stored_counts_are_the_counts_of_every_built_in_tokenizer_now():
    stored = premium.stored_counts()
    assert stored["tokenizers"] == list(TOKENIZER_NAMES)
    assert stored == premium.token_counts(TOKENIZER_NAMES)


def test_the_stored_gpt2_counts_match_tiktoken_itself(official_gpt2):
    stored = premium.stored_counts()
    for code in LANGUAGES:
        assert stored["tokens"][code]["gpt2"] == sum(len(official_gpt2.encode(line)) for line in sentences(code)), code
        assert stored["unk"][code]["gpt2"] == 0  # byte-level BPE spells anything
        lossy = sum(official_gpt2.decode(official_gpt2.encode(line)) != line for line in sentences(code))
        assert stored["lossy"][code]["gpt2"] == lossy == 0 and stored["dropped"][code]["gpt2"] == []


def test_the_stored_chart_is_the_chart_drawn_from_the_stored_counts():
    drawn = premium.premium_chart_png(premium.premium_of(premium.stored_counts()))
    assert drawn == verified_path(premium.STORED_CHART).read_bytes()
    result, png = premium.premium_png_for(TOKENIZER_NAMES)
    assert png == drawn and result["premium"]["eng_Latn"] == dict.fromkeys(TOKENIZER_NAMES, 1.0)


def test_a_tokenizer_without_stored_counts_is_counted_and_joined(monkeypatch):
    stored = premium.stored_counts()
    without_gemma = {"tokenizers": [n for n in stored["tokenizers"] if n != "gemma"],
                     **{kind: {code: {n: c for n, c in row.items() if n != "gemma"} for code, row in stored[kind].items()}
                        for kind in ("tokens", "unk", "lossy", "dropped")}}
    monkeypatch.setattr(premium, "stored_counts", lambda: without_gemma)
    joined = premium.token_premium(("gpt2", "gemma"))
    assert joined["tokenizers"] == ["gpt2", "gemma"]
    for kind in ("tokens", "unk", "lossy", "dropped"):
        assert joined[kind] == {code: {"gpt2": stored[kind][code]["gpt2"], "gemma": stored[kind][code]["gemma"]}
                                for code in LANGUAGES}
    hindi = stored["tokens"]["hin_Deva"]["gemma"] / stored["tokens"]["eng_Latn"]["gemma"]
    assert joined["premium"]["hin_Deva"]["gemma"] == hindi
    result, png = premium.premium_png_for(("gpt2", "gemma"))  # not the stored set: a chart drawn for these two
    assert png.startswith(b"\x89PNG") and png != verified_path(premium.STORED_CHART).read_bytes()
