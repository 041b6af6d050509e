"""WordPiece from a vocab.txt, through transformers: BERT's (bert-base-uncased, bundled), or any other
(register_tokenizer)."""

from __future__ import annotations

from pathlib import Path

from playground.tokenizers.assets import verified_path
from playground.tokenizers.base import TokenColumns, Tokenizer, hex_bytes


class WordPieceTokenizer(Tokenizer):
    """A WordPiece vocab.txt as a playground tokenizer, lowercasing (and stripping accents) or not."""

    library = "transformers"
    model = "WordPiece"

    def __init__(self, path: Path, lowercase: bool) -> None:
        # transformers is heavy to import; only a process that tokenizes with WordPiece pays for it.
        from transformers import BertTokenizerFast

        # vocab=: in transformers 5, BertTokenizerFast(vocab_file=...) ignores the file and maps
        # every word to [UNK]. Accents are stripped exactly when the text is lowercased.
        self._tok = BertTokenizerFast(
            vocab=str(path),
            do_lower_case=lowercase,
            # "[CLS]" typed by a person is text, as "<|endoftext|>" is for GPT-2 and "<s>" for Llama.
            split_special_tokens=True,
            model_max_length=10**9,  # we show tokens, we do not run BERT: no 512-token warning
        )
        self.normalizes = lowercase  # lowercases, strips accents: show pieces, not text
        self.vocab_size = len(self._tok)
        self.unk_id = self._tok.unk_token_id  # [UNK]: a word WordPiece cannot build from its vocabulary
        self._pieces = self._tok.convert_ids_to_tokens(list(range(self.vocab_size)))
        special_ids = set(self._tok.all_special_ids)
        self._bytes_hex = [
            "" if i in special_ids else hex_bytes(piece.removeprefix("##").encode("utf-8"))
            for i, piece in enumerate(self._pieces)
        ]

    def encode(self, text: str) -> list[int]:
        return self._tok(text, add_special_tokens=False)["input_ids"]

    def decode(self, ids: list[int]) -> str:
        # transformers' decode(ids) is this plus clean_up_tokenization_spaces, which is off for
        # BERT here (a test checks they agree); calling the backend skips a per-id Python check.
        return self._tok.backend_tokenizer.decode(ids, skip_special_tokens=False)

    def columns(self, text: str, special: bool = False) -> TokenColumns:
        # The Rust tokenizer under transformers' BertTokenizerFast, called directly: the same ids
        # and offsets as its __call__, without building a BatchEncoding we would take apart again.
        enc = self._tok.backend_tokenizer.encode(text, add_special_tokens=special)
        starts = [s for s, _ in enc.offsets]
        ends = [e for _, e in enc.offsets]
        if special:  # [SEP] closes the text: put its empty span at the end, not at 0 as transformers does
            starts[-1] = ends[-1] = len(text)
        # WordPiece works on whole characters, so no token is ever partial.
        return TokenColumns(enc.ids, starts, ends, [False] * len(starts), [bool(m) for m in enc.special_tokens_mask])


class BertTokenizer(WordPieceTokenizer):
    name = "bert"
    label = "BERT WordPiece"
    twin = {"family": "bert", "files": {"vocab": "bert-base-uncased/vocab.txt"}, "options": {"lowercase": True}}

    def __init__(self) -> None:
        super().__init__(verified_path("bert-base-uncased/vocab.txt"), lowercase=True)  # bert-base-uncased
