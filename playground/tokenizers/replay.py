"""How a token is built: each tokenizer's algorithm replayed step by step, from the same data it uses.

- Byte-level BPE (GPT-2, GPT-4, GPT-4o, Llama 3): the pre-tokenizer cuts the text into chunks;
  each chunk starts as bytes, and the adjacent pair whose merge has the lowest rank is merged,
  again and again, until no pair has a rank. (tiktoken, and Llama 3's tokenizer.json with
  ignore_merges, first look the whole chunk up: if it is one token, that is the answer.)
- SentencePiece BPE (Llama 2, Mistral, Gemma): the text with spaces written "▁", cut before
  each run of spaces; each chunk starts as characters, and the adjacent pair whose merge is a
  piece with the best score is merged; a character left without a piece is spelled in <0x..> bytes.
- WordPiece (BERT): each word takes the longest vocabulary prefix, then the longest "##" piece
  of what is left, and so on; a word it cannot finish is [UNK].

The last step of every chunk has one piece per id, and the chunks' ids are exactly compare()'s.
"""

from __future__ import annotations

from functools import cache

from playground.tokenizers.registry import check_tokenizers, get_tokenizer
from playground.tokenizers.sentencepiece_bpe import SPACE_MARK
from playground.tokenizers.tiktoken_bpe import spell

MAX_REPLAY_CHUNKS = 64  # chunks replayed for one call; a longer text is cut, and the answer says so


def replay(text: str, tokenizer: str = "gpt2") -> dict:
    """{"tokenizer": name, "chunks": [{"text", "steps": [[piece, ...], ...], "merges": [...], "ids"}], "cut": bool}.

    merges[k] is the action that turns steps[k] into steps[k + 1], at position "at" of steps[k]:
    {"pair", "rank"} (byte-level BPE), {"pair", "score"} (SentencePiece), {"byte_fallback", "bytes"},
    {"pair", "lookup"} (the whole chunk is one token), {"prefix"} or {"unknown"} (WordPiece).
    """
    if not isinstance(text, str):
        raise ValueError(f"replay() takes text as a str, got {type(text).__name__}")
    [name] = check_tokenizers([tokenizer])
    family = {"gpt2": _tiktoken_chunks, "gpt4": _tiktoken_chunks, "gpt4o": _tiktoken_chunks,
              "llama3": _hf_bpe_chunks, "bert": _wordpiece_chunks}.get(name, _sentencepiece_chunks)
    chunks = []
    for chunk in family(get_tokenizer(name), text):
        if len(chunks) == MAX_REPLAY_CHUNKS:
            return {"tokenizer": name, "chunks": chunks, "cut": True}
        chunks.append(chunk)
    return {"tokenizer": name, "chunks": chunks, "cut": False}


def bpe_merges(symbols: list, rank_of) -> tuple[list[list], list[dict]]:
    """Merge the adjacent pair with the lowest rank (the leftmost on a tie) until none has one.

    symbols: the starting pieces; rank_of(a, b) -> the merge's rank, or None.
    Returns (steps, merges): every state from the first, and the merge made to reach each next one.
    """
    steps, merges = [list(symbols)], []
    while len(symbols) > 1:
        ranked = [(rank_of(a, b), k) for k, (a, b) in enumerate(zip(symbols, symbols[1:]))]
        ranked = [(r, k) for r, k in ranked if r is not None]
        if not ranked:
            break
        rank, k = min(ranked)
        merges.append({"pair": [symbols[k], symbols[k + 1]], "rank": rank, "at": k})
        symbols = symbols[:k] + [symbols[k] + symbols[k + 1]] + symbols[k + 2:]
        steps.append(list(symbols))
    return steps, merges


def _tiktoken_chunks(tok, text: str):
    import regex

    enc = tok._enc
    ranks = enc._mergeable_ranks  # bytes -> rank: the same table tiktoken merges with
    for match in regex.finditer(enc._pat_str, text):
        data = match.group().encode("utf-8")
        steps, merges = bpe_merges([bytes([b]) for b in data], lambda a, b: ranks.get(a + b))
        if data in ranks and steps[-1] != [data]:  # tiktoken's first look-up: the whole chunk is a token
            merges.append({"pair": [spell(p) for p in steps[-1]], "lookup": "the whole chunk is one token", "at": 0})
            steps.append([data])
        yield {"text": match.group(), "steps": [[spell(p) for p in step] for step in steps],
               "merges": [{**m, "pair": [spell(p) if isinstance(p, bytes) else p for p in m["pair"]]} for m in merges],
               "ids": [ranks[p] for p in steps[-1]]}


@cache
def _hf_bpe_table(tok) -> tuple[dict, dict, bool]:
    import json

    model = json.loads(tok._tok.to_str())["model"]
    ranks = {tuple(pair): rank for rank, pair in enumerate(model["merges"])}
    return model["vocab"], ranks, bool(model.get("ignore_merges"))


def _hf_bpe_chunks(tok, text: str):
    vocab, ranks, ignore_merges = _hf_bpe_table(tok)
    for word, (start, end) in tok._tok.pre_tokenizer.pre_tokenize_str(text):
        steps, merges = bpe_merges(list(word), lambda a, b: ranks.get((a, b)))
        if ignore_merges and word in vocab and steps[-1] != [word]:  # the whole word is a token
            merges.append({"pair": steps[-1], "lookup": "the whole chunk is one token", "at": 0})
            steps.append([word])
        yield {"text": text[start:end], "steps": steps, "merges": merges, "ids": [vocab[p] for p in steps[-1]]}


def _sentencepiece_chunks(tok, text: str):
    sp = tok._sp
    normalized = (SPACE_MARK if text and tok._dummy_prefix else "") + text.replace(" ", SPACE_MARK)
    at, position = 0, 0  # where in `normalized` the chunk starts, and where in `text`
    for end in range(1, len(normalized) + 1):
        if end < len(normalized) and not (normalized[end] == SPACE_MARK and normalized[end - 1] != SPACE_MARK):
            continue
        chunk = normalized[at:end]
        user_defined = user_defined_pieces(tok)
        steps, merges = _sentencepiece_merges(sp, _sentencepiece_symbols(chunk, user_defined), user_defined)
        shown = chunk[1:] if at == 0 and tok._dummy_prefix and text else chunk  # the dummy prefix is not text
        yield {"text": text[position:position + len(shown)], "steps": steps, "merges": merges,
               "ids": [sp.piece_to_id(p) for p in steps[-1]]}
        at, position = end, position + len(shown)


@cache
def user_defined_pieces(tok) -> frozenset[str]:
    """The model's user-defined pieces (Gemma's "<s>", "<mask>", runs of spaces, ...), matched whole and
    never merged.

    The Python API does not name the type. In these models they come before the 256 byte pieces and
    have a score of exactly 0, while ordinary pieces come after the bytes (the first of them, "in",
    scores 0 too, being the first merge).
    """
    sp = tok._sp
    first_byte = next((i for i in range(sp.get_piece_size()) if sp.is_byte(i)), 0)
    return frozenset(sp.id_to_piece(i) for i in range(first_byte) if sp.get_score(i) == 0
                     and not (sp.is_control(i) or sp.is_unknown(i) or sp.is_unused(i)))


def _sentencepiece_symbols(chunk: str, user_defined: frozenset[str]) -> list[str]:
    """A chunk's starting symbols: characters, but a user-defined piece (the longest that fits) whole."""
    longest = max(map(len, user_defined), default=0)
    symbols, k = [], 0
    while k < len(chunk):
        match = next((chunk[k:k + n] for n in range(min(longest, len(chunk) - k), 1, -1)
                      if chunk[k:k + n] in user_defined), chunk[k])
        symbols.append(match)
        k += len(match)
    return symbols


def _sentencepiece_merges(sp, symbols: list[str], user_defined: frozenset[str] = frozenset()) -> tuple[list[list], list[dict]]:
    def score(a: str, b: str):
        piece = a + b
        if a in user_defined or b in user_defined or piece in user_defined:
            return None
        i = sp.piece_to_id(piece)
        if sp.id_to_piece(i) != piece or sp.is_unknown(i) or sp.is_control(i) or sp.is_unused(i):
            return None
        return -sp.get_score(i)  # best score = lowest negated score: bpe_merges takes the minimum

    steps, merges = bpe_merges(symbols, score)
    for merge in merges:
        merge["score"] = -merge.pop("rank")
    symbols, k = steps[-1], 0
    while k < len(symbols):  # left to right: each symbol with no piece is spelled in bytes
        piece = symbols[k]
        i = sp.piece_to_id(piece)
        if sp.id_to_piece(i) == piece and not sp.is_unknown(i):
            k += 1
            continue
        spelled = [f"<0x{b:02X}>" for b in piece.replace(SPACE_MARK, " ").encode("utf-8")]
        merges.append({"byte_fallback": piece, "bytes": spelled, "at": k})
        symbols = symbols[:k] + spelled + symbols[k + 1:]
        steps.append(list(symbols))
        k += len(spelled)
    return steps, merges


@cache
def _wordpiece_table(tok) -> tuple[dict, str, int]:
    import json

    model = json.loads(tok._tok.backend_tokenizer.to_str())["model"]
    return model["vocab"], model["unk_token"], model["max_input_chars_per_word"]


def _wordpiece_chunks(tok, text: str):
    backend = tok._tok.backend_tokenizer
    vocab, unk, limit = _wordpiece_table(tok)
    for word, (start, end) in backend.pre_tokenizer.pre_tokenize_str(backend.normalizer.normalize_str(text)):
        steps, merges, done, rest = [[word]], [], [], word
        while rest and len(word) <= limit:
            prefix = "##" if done else ""
            piece = next((prefix + rest[:n] for n in range(len(rest), 0, -1) if prefix + rest[:n] in vocab), None)
            if piece is None:
                break
            done.append(piece)
            rest = rest[len(piece) - len(prefix):]
            merges.append({"prefix": piece, "at": len(done) - 1})
            steps.append(done + (["##" + rest] if rest else []))
        if rest or len(word) > limit:  # a word WordPiece cannot finish is one [UNK]
            merges.append({"unknown": word, "at": 0})
            steps.append([unk])
        yield {"text": word, "steps": steps, "merges": merges, "ids": [vocab[p] for p in steps[-1]]}
