"""GPT-2's byte-level BPE, through tiktoken, from the bundled official files."""

from __future__ import annotations

from functools import cache

import tiktoken
from tiktoken.load import data_gym_to_mergeable_bpe_ranks
from tiktoken_ext.openai_public import ENDOFTEXT, r50k_pat_str

from playground.tokenizers.assets import manifest, verified_path
from playground.tokenizers.tiktoken_bpe import TiktokenTokenizer, tiktoken_cache_off

ENDOFTEXT_ID = 50256  # the one special token; typed text never produces it here


@cache
def gpt2_encoding() -> tiktoken.Encoding:
    """The same encoding as tiktoken.get_encoding("gpt2"), built from assets/ with no network.

    It mirrors tiktoken_ext.openai_public.gpt2(), which would download these files.
    """
    vocab_bpe, encoder_json = "gpt2/vocab.bpe", "gpt2/encoder.json"
    with tiktoken_cache_off():
        ranks = data_gym_to_mergeable_bpe_ranks(
            vocab_bpe_file=str(verified_path(vocab_bpe)),
            encoder_json_file=str(verified_path(encoder_json)),
            # tiktoken checks the hashes again as it reads the files.
            vocab_bpe_hash=manifest()[vocab_bpe]["sha256"],
            encoder_json_hash=manifest()[encoder_json]["sha256"],
        )
    return tiktoken.Encoding(
        name="gpt2",
        explicit_n_vocab=50257,
        pat_str=r50k_pat_str,  # tiktoken's own split pattern for "gpt2"
        mergeable_ranks=ranks,
        special_tokens={ENDOFTEXT: ENDOFTEXT_ID},
    )


class GPT2Tokenizer(TiktokenTokenizer):
    name = "gpt2"
    label = "GPT-2 byte-level BPE"
    # The browser twin converts vocab.bpe as data_gym_to_mergeable_bpe_ranks does (encoder.json only checks it).
    twin = {"family": "tiktoken_bpe", "files": {"vocab_bpe": "gpt2/vocab.bpe"},
            "options": {"pat_str": r50k_pat_str, "special_tokens": {ENDOFTEXT: ENDOFTEXT_ID}}}

    def __init__(self) -> None:
        # Each piece spelled from its bytes (spell()) is encoder.json's own entry ("Ġworld"), the special one too.
        super().__init__(gpt2_encoding())
