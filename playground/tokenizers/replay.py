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
- Unigram (a SentencePiece or tokenizer.json one added with register_tokenizer): no merges to
  replay; each word's best segmentation (the pieces whose scores, log-probabilities, add up to the
  most) is one step, as the library found it, with each piece's score. WordLevel: one look-up.
- A tokenizer.json's added tokens ("<note>", not the special ones, which are text here) are cut out
  of the text before its pre-tokenizer runs, as the library does: each is a chunk of its own, one
  look-up, and the words around them are the library's.

The last step of every chunk has one piece per id, and the chunks' ids are exactly compare()'s.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import TYPE_CHECKING

from playground.tokenizers.registry import check_tokenizers, get_tokenizer
from playground.tokenizers.sentencepiece_bpe import SPACE_MARK, SentencePieceTokenizer
from playground.tokenizers.tiktoken_bpe import TiktokenTokenizer, gpt2_byte_spelling
from playground.tokenizers.tiktoken_bpe import spell as spell_piece

if TYPE_CHECKING:
    from tokenizers import Encoding

# What one call replays: the steps of a chunk of n symbols hold up to n * (n + 1) / 2 pieces, so
# both the chunk's length and the pieces of all steps together are bounded, and the answer says so.
MAX_REPLAY_CHUNKS = 64  # chunks replayed for one call; a longer text is cut
MAX_REPLAY_SYMBOLS = 256  # a chunk's bytes of UTF-8 (WordPiece: a word's characters) replayed
MAX_REPLAY_PIECES = 100_000  # pieces in all the steps of all chunks: about 1 MB of JSON


def replay(text: str, tokenizer: str = "gpt2") -> dict:
    """{"tokenizer": name, "chunks": [{"text", "steps": [[piece, ...], ...], "merges": [...], "ids", "cut"}], "cut": bool}.

    merges[k] is the action that turns steps[k] into steps[k + 1], at position "at" of steps[k]:
    {"pair", "rank"} (byte-level BPE), {"pair", "score"} (SentencePiece), {"byte_fallback", "bytes"},
    {"pair", "lookup"} (the whole chunk is one token), {"prefix"} or {"unknown"} (WordPiece),
    {"unigram", "pieces", "scores"} (a Unigram model's best segmentation, each piece's score).

    The answer is cut (its "cut" is True) after MAX_REPLAY_CHUNKS chunks, once the steps hold
    MAX_REPLAY_PIECES pieces, or at a chunk longer than MAX_REPLAY_SYMBOLS symbols: that chunk,
    the last, is replayed over its first MAX_REPLAY_SYMBOLS (its own "cut" is True, its "text" and
    "ids" are those of the part replayed). Every other chunk's ids are exactly compare()'s.
    For a tokenizer whose pieces spell text their own way, each chunk's "bytes" maps every piece of its steps
    to the bytes it stands for, in hex ("Ġà¤" -> "20 E0 A4", "▁" -> "20", "<0xE0>" -> "E0").
    """
    if not isinstance(text, str):
        raise ValueError(f"replay() takes text as a str, got {type(text).__name__}")
    [name] = check_tokenizers([tokenizer])
    tok = get_tokenizer(name)
    chunks, pieces, cut = [], 0, False
    for chunk in _family(tok)(tok, text):
        if len(chunks) == MAX_REPLAY_CHUNKS or pieces >= MAX_REPLAY_PIECES:
            cut = True
            break
        chunks.append(chunk)
        pieces += sum(map(len, chunk["steps"]))
        if chunk["cut"]:
            cut = True
            break
    piece_bytes = _piece_bytes(tok)
    if piece_bytes is not None:  # what each piece stands for, so the page can draw it as the panels do
        for chunk in chunks:  # each piece once (dict.fromkeys keeps their first order), not once a step it is in
            pieces = dict.fromkeys(piece for step in chunk["steps"] for piece in step)
            chunk["bytes"] = {piece: piece_bytes(piece).hex(" ").upper() for piece in pieces}
    return {"tokenizer": name, "chunks": chunks, "cut": cut}


def _piece_bytes(tok):
    """piece -> the bytes it stands for, for the families whose pieces spell text their own way (GPT-2's "Ġà¤",
    SentencePiece's "▁" and "<0xE0>"); None for the others, whose pieces are drawn as they are (WordPiece's "##")."""
    if isinstance(tok, TiktokenTokenizer):
        unspell = _gpt2_unspelling()
        return lambda piece: bytes(unspell[ch] for ch in piece)
    if isinstance(tok, SentencePieceTokenizer):
        def sentencepiece_bytes(piece: str) -> bytes:
            if len(piece) == 6 and piece.startswith("<0x") and piece.endswith(">"):
                return bytes([int(piece[3:5], 16)])
            return piece.replace(SPACE_MARK, " ").encode("utf-8")
        return sentencepiece_bytes
    if tok.model == "BPE" and hasattr(tok, "_piece_bytes"):  # a tokenizer.json's BPE: its own reading of a piece
        unspell = _gpt2_unspelling() if tok.byte_level else {}
        return lambda piece: tok._piece_bytes(piece, unspell)
    return None


@cache
def _gpt2_unspelling() -> dict[str, int]:
    return {ch: b for b, ch in gpt2_byte_spelling().items()}


def _utf8_prefix(text: str, limit: int) -> str:
    """The longest prefix of text whose UTF-8 takes at most `limit` bytes (whole characters only)."""
    return text.encode("utf-8")[:limit].decode("utf-8", "ignore")


def _family(tok):
    """The replay of tok's algorithm: by its library and its model, so an added tokenizer gets its family's."""
    if isinstance(tok, TiktokenTokenizer):
        return _tiktoken_chunks
    if isinstance(tok, SentencePieceTokenizer):
        return _sentencepiece_chunks if tok.model == "BPE" else _sentencepiece_unigram_chunks
    return {"BPE": _hf_bpe_chunks, "WordPiece": _wordpiece_chunks}.get(tok.model, _hf_one_step_chunks)


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
    spell = cache(spell_piece)  # each piece spelled once, and the steps share the one string
    for match in regex.finditer(enc._pat_str, text):
        data, cut = match.group().encode("utf-8"), False
        if len(data) > MAX_REPLAY_SYMBOLS:
            data, cut = _utf8_prefix(match.group(), MAX_REPLAY_SYMBOLS).encode("utf-8"), True
        steps, merges = bpe_merges([bytes([b]) for b in data], lambda a, b: ranks.get(a + b))
        if data in ranks and steps[-1] != [data]:  # tiktoken's first look-up: the whole chunk is a token
            merges.append({"pair": [spell(p) for p in steps[-1]], "lookup": "the whole chunk is one token", "at": 0})
            steps.append([data])
        yield {"text": data.decode("utf-8"), "steps": [[spell(p) for p in step] for step in steps],
               "merges": [{**m, "pair": [spell(p) if isinstance(p, bytes) else p for p in m["pair"]]} for m in merges],
               "ids": [ranks[p] for p in steps[-1]], "cut": cut}


def _backend(tok):
    """The Rust tokenizers.Tokenizer doing the work: a tokenizer.json's own, or the one under transformers."""
    return getattr(tok._tok, "backend_tokenizer", tok._tok)


@cache
def _hf_model(tok) -> dict:
    """The "model" section of the tokenizer's JSON: its vocabulary, merges or scores."""
    import json

    return json.loads(_backend(tok).to_str())["model"]


def _hf_words(tok, text: str, at_start: bool = True) -> tuple[str, list[tuple[str, tuple[int, int]]]]:
    """(the text as normalised, its words with their spans in it): what the model is given, word by word.

    at_start: whether the text starts the whole text, or follows an added token (_hf_split).
    """
    backend = _backend(tok)
    normalized = backend.normalizer.normalize_str(text) if backend.normalizer else text
    if backend.pre_tokenizer is None:
        return normalized, [(normalized, (0, len(normalized)))] if normalized else []
    if at_start or not normalized:
        return normalized, backend.pre_tokenizer.pre_tokenize_str(normalized)
    # The library pre-tokenises a piece after an added token where it lies in the text, not at its start:
    # Metaspace's prepend_scheme "first" puts no "▁" before it. One character cut off before it puts it there.
    from tokenizers import PreTokenizedString

    pretokenized = PreTokenizedString("\0" + normalized)
    pretokenized.split(lambda _, whole: [whole[1:]])
    backend.pre_tokenizer.pre_tokenize(pretokenized)
    return normalized, [(word, (start - 1, end - 1)) for word, (start, end), _ in pretokenized.get_splits()]


def _hf_split(tok, text: str, enc: Encoding | None = None) -> Iterator[tuple[str, str, int | None]]:
    """What the model is given, in order, as the library cuts the text: (the word as pre-tokenised, its text as
    normalised, None) for each word, and (the token, its text, its id) for each added token.

    The library cuts the added tokens out of the text first ("<note>", matched as typed; the special ones are
    text here), each a word of its own, then normalises and pre-tokenises the text between them.
    enc: the library's encoding of text, if the caller has it (only a text with an added token needs it).
    """
    backend = _backend(tok)
    added = {i for i, token in backend.get_added_tokens_decoder().items() if not token.special}
    cuts = []
    if added:
        enc = enc if enc is not None else backend.encode(text, add_special_tokens=False)
        cuts = [(i, start, end) for i, (start, end) in zip(enc.ids, enc.offsets) if i in added]
    at = 0
    for i, start, end in [*cuts, (None, len(text), len(text))]:
        normalized, words = _hf_words(tok, text[at:start], at_start=at == 0)
        yield from ((word, normalized[s:e], None) for word, (s, e) in words)
        if i is not None:
            yield backend.id_to_token(i), text[start:end], i
        at = end


def _added_token_chunk(piece: str, shown: str, i: int) -> dict:
    """An added token: never split, one look-up."""
    return {"text": shown, "steps": [[piece], [piece]], "ids": [i], "cut": False,
            "merges": [{"pair": [piece], "lookup": "the whole word is one token", "at": 0}]}


@cache
def _hf_bpe_ranks(tok) -> dict:
    return {tuple(pair): rank for rank, pair in enumerate(_hf_model(tok)["merges"])}


def _hf_bpe_chunks(tok, text: str):
    model = _hf_model(tok)
    vocab, ranks = model["vocab"], _hf_bpe_ranks(tok)
    for word, normalized, added_id in _hf_split(tok, text):
        if added_id is not None:
            yield _added_token_chunk(word, normalized, added_id)
            continue
        shown, cut = normalized, len(normalized.encode("utf-8")) > MAX_REPLAY_SYMBOLS
        if cut:  # a byte-level word has one symbol per byte of the text; any other, at most one
            shown = _utf8_prefix(shown, MAX_REPLAY_SYMBOLS)
            word = word[:len(shown.encode("utf-8"))] if word != normalized else shown
        steps, merges = bpe_merges(list(word), lambda a, b: ranks.get((a, b)))
        if model.get("ignore_merges") and word in vocab and steps[-1] != [word]:  # the whole word is a token
            merges.append({"pair": steps[-1], "lookup": "the whole chunk is one token", "at": 0})
            steps.append([word])
        if model.get("byte_fallback"):
            _byte_fallback(steps, merges, vocab.__contains__, lambda piece: piece.encode("utf-8"))
        yield {"text": shown, "steps": steps, "merges": merges, "ids": [vocab[p] for p in steps[-1]], "cut": cut}


def _hf_one_step_chunks(tok, text: str):
    """Unigram and WordLevel models from a tokenizer.json: each word's pieces as the library chose them."""
    backend, model = _backend(tok), _hf_model(tok)
    scores = dict(map(tuple, model["vocab"])) if tok.model == "Unigram" else {}
    enc = backend.encode(text, add_special_tokens=False)
    words = list(_hf_split(tok, text, enc))  # numbered as enc.word_ids numbers them
    groups: dict[int, list[int]] = {}  # word index -> its tokens' positions, in order
    for k, word in enumerate(enc.word_ids):
        groups.setdefault(word, []).append(k)
    for word, positions in groups.items():
        ids = [enc.ids[k] for k in positions]
        shown = text[enc.offsets[positions[0]][0]:enc.offsets[positions[-1]][1]]
        spelled, _, added_id = words[word]
        if added_id is not None:
            yield _added_token_chunk(spelled, shown, added_id)
            continue
        pieces = [backend.id_to_token(i) for i in ids]  # as the vocabulary writes them ("<unk>", not the text)
        if tok.model == "Unigram":
            merge = {"unigram": "the best segmentation", "pieces": pieces, "scores": [scores.get(p, 0.0) for p in pieces]}
        elif ids == [tok.unk_id]:
            merge = {"unknown": spelled}
        else:
            merge = {"pair": [spelled], "lookup": "the whole word is one token"}
        yield {"text": shown, "steps": [[spelled], pieces],
               "merges": [{**merge, "at": 0}], "ids": ids, "cut": False}  # one step: as long as the text


def _sentencepiece_chunks(tok, text: str):
    """A SentencePiece BPE model: each word's merges, on the text as sentencepiece's own normaliser leaves it
    (the model's rules: NFKC, extra spaces removed or kept, spaces as "▁", the dummy prefix)."""
    sp = tok._sp
    # The replay stops within MAX_REPLAY_CHUNKS chunks of at most MAX_REPLAY_SYMBOLS bytes: only a head of the
    # text that long is normalised (the offsets of a 1 MB text would take 40 MB and most of a second).
    head = text[:MAX_REPLAY_CHUNKS * (MAX_REPLAY_SYMBOLS + 1)]
    normalized, offsets = sp.Normalize(head, with_offsets=True)  # offsets[k]: where normalized[k] is in text
    at = 0  # where in `normalized` the chunk starts
    for end in range(1, len(normalized) + 1):
        if end < len(normalized) and not (normalized[end] == SPACE_MARK and normalized[end - 1] != SPACE_MARK):
            continue
        chunk = _utf8_prefix(normalized[at:end], MAX_REPLAY_SYMBOLS)  # byte fallback: up to one symbol per byte
        cut = len(chunk) < end - at or (end == len(normalized) and len(head) < len(text))
        user_defined = user_defined_pieces(tok)
        steps, merges = _sentencepiece_merges(sp, _sentencepiece_symbols(chunk, user_defined), user_defined)
        # The chunks tile the text: the first from its start, the last to its end (spaces the normaliser removed).
        last = end == len(normalized) and not cut
        shown = text[offsets[at] if at else 0:len(text) if last else offsets[at + len(chunk)]]
        yield {"text": shown, "steps": steps, "merges": merges, "ids": [sp.piece_to_id(p) for p in steps[-1]],
               "cut": cut}
        at = end


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

    def has_piece(piece: str) -> bool:
        i = sp.piece_to_id(piece)
        return sp.id_to_piece(i) == piece and not sp.is_unknown(i)

    if sp.is_byte(sp.piece_to_id("<0x00>")):  # a byte-fallback model: it has the 256 byte pieces
        # A symbol with no piece is spelled in its own UTF-8, the space mark "▁" too (E2 96 81, as sentencepiece does).
        _byte_fallback(steps, merges, has_piece, lambda piece: piece.encode("utf-8"))
    else:
        _unknown_runs(steps, merges, has_piece, sp.id_to_piece(sp.unk_id()))
    return steps, merges


def _unknown_runs(steps: list[list], merges: list[dict], has_piece, unk: str) -> None:
    """Without byte fallback, sentencepiece makes each run of symbols with no piece one unknown token: left to
    right, one more step (and merge) per run, appended to steps and merges."""
    symbols, k = steps[-1], 0
    while k < len(symbols):
        if has_piece(symbols[k]):
            k += 1
            continue
        end = next((j for j in range(k + 1, len(symbols)) if has_piece(symbols[j])), len(symbols))
        merges.append({"unknown": "".join(symbols[k:end]), "at": k})
        symbols = symbols[:k] + [unk] + symbols[end:]
        steps.append(list(symbols))
        k += 1


def _byte_fallback(steps: list[list], merges: list[dict], has_piece, to_bytes) -> None:
    """Left to right, each symbol of the last step with no piece is spelled in <0x..> byte pieces: one
    more step (and merge) per symbol, appended to steps and merges."""
    symbols, k = steps[-1], 0
    while k < len(symbols):
        if has_piece(symbols[k]):
            k += 1
            continue
        spelled = [f"<0x{b:02X}>" for b in to_bytes(symbols[k])]
        merges.append({"byte_fallback": symbols[k], "bytes": spelled, "at": k})
        symbols = symbols[:k] + spelled + symbols[k + 1:]
        steps.append(list(symbols))
        k += len(spelled)


def _wordpiece_chunks(tok, text: str):
    model = _hf_model(tok)
    vocab, unk, limit = model["vocab"], model["unk_token"], model["max_input_chars_per_word"]
    for word, shown, added_id in _hf_split(tok, text):
        if added_id is not None:
            yield _added_token_chunk(word, shown, added_id)
            continue
        # A word over `limit` characters is one [UNK] whole: past MAX_REPLAY_SYMBOLS (> limit), only its start is shown.
        cut = len(word) > MAX_REPLAY_SYMBOLS
        word = word[:MAX_REPLAY_SYMBOLS]
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
        yield {"text": word, "steps": steps, "merges": merges, "ids": [vocab[p] for p in steps[-1]], "cut": cut}


def _sentencepiece_unigram_chunks(tok, text: str):
    """A SentencePiece Unigram model: each word's best segmentation, as sentencepiece chose it, in one step."""
    sp = tok._sp
    mapping = sp.encode_as_offset_mapping(text)
    words: list[list[int]] = []  # positions of each word's pieces; a word starts at a piece after a space
    for k, piece in enumerate(mapping["pieces"]):
        if not words or (piece.startswith(SPACE_MARK) and mapping["pieces"][words[-1][-1]].strip(SPACE_MARK)):
            words.append([])
        words[-1].append(k)
    for positions in words:
        pieces, ids = [mapping["pieces"][k] for k in positions], [mapping["ids"][k] for k in positions]
        start, end = mapping["offsets"][positions[0]][0], mapping["offsets"][positions[-1]][1]
        spelled = text[start:end].replace(" ", SPACE_MARK)
        if positions[0] == 0 and tok._dummy_prefix:  # the space SentencePiece puts before the text
            spelled = SPACE_MARK + spelled
        yield {"text": text[start:end], "steps": [[spelled], pieces], "ids": ids,
               "merges": [{"unigram": "the best segmentation", "pieces": pieces,
                           "scores": [sp.get_score(i) for i in ids], "at": 0}], "cut": False}
