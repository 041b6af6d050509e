"""register_tokenizer(): any tokenizer added by its file, beside the eight built-in ones.

    register_tokenizer("qwen", "path/to/tokenizer.json")           any model tokenizers loads
    register_tokenizer("t5", "path/to/spiece.model")               SentencePiece, BPE or Unigram
    register_tokenizer("cased", "path/to/vocab.txt")               WordPiece; ":cased"/":uncased" to choose
    register_tokenizer("mine", "path/to/ranks.tiktoken:cl100k")    tiktoken ranks, split as cl100k/o200k/gpt2
    register_tokenizer("qwen", "hf:Qwen/Qwen2.5-0.5B@main")        fetched once into the Hugging Face cache

The format is read from the file itself, not its name. Each family is the same class the built-in
ones use (hf_tokenizers.py, sentencepiece_bpe.py, bert.py, tiktoken_bpe.py), so ids, spans and
replay work alike. Anything wrong raises a ValueError that names the file and says what to do.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from playground.tokenizers.base import Tokenizer
from playground.tokenizers.registry import TOKENIZER_CLASSES, add_tokenizer, get_tokenizer, registered_source
from playground.tokenizers.tiktoken_bpe import SPLIT_PATTERNS

NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,31}")  # it goes into links (?tokenizers=a,b) and the page's markup
CASINGS = ("cased", "uncased")  # a vocab.txt's option
HUB_PREFIX = "hf:"
HUB_FILES = ("tokenizer.json", "tokenizer.model", "spiece.model", "vocab.txt")  # in the order they are tried
RANK_LINE = re.compile(rb"[A-Za-z0-9+/]+=* \d+")  # a .tiktoken line: a token's bytes in base64, its rank
FORMATS = "a tokenizer.json, a SentencePiece .model, a WordPiece vocab.txt or a .tiktoken rank file"


def register_tokenizer(name: str, path: str | os.PathLike, label: str | None = None) -> Tokenizer:
    """Add the tokenizer in the file at `path` under `name`, for compare(), replay(), the CLI and the page.

    path: a file (its format read from its contents), optionally followed by an option: ":cl100k",
    ":o200k" or ":gpt2" (the split pattern of a .tiktoken rank file, required there), ":cased" or
    ":uncased" (a vocab.txt; by default uncased when no entry has a capital letter). Or
    "hf:<org>/<repo>[@revision]": its tokenizer file, fetched once into the Hugging Face cache.
    label: what the page calls it; by default the name and the algorithm ("qwen byte-level BPE").
    Registering the same name and file again is a no-op. Raises ValueError saying what is wrong.
    """
    source = str(path)
    if not isinstance(name, str) or not NAME.fullmatch(name):
        raise ValueError(f"cannot add tokenizer {name!r}: a name is 1 to 32 lowercase letters, digits, '-' or '_', "
                         "starting with a letter or digit (it goes into links: ?tokenizers=NAME)")
    if name in TOKENIZER_CLASSES:
        raise ValueError(f"cannot add tokenizer {name!r} from {source}: {name!r} is a built-in tokenizer; "
                         "choose another name")
    if (known := registered_source(name)) is not None:
        if known == source:
            return get_tokenizer(name)
        raise ValueError(f"cannot add tokenizer {name!r} from {source}: {name!r} is already {known}; "
                         "choose another name")
    file, option = _split_option(source)
    if file.startswith(HUB_PREFIX):
        local, shown = _hub_file(file.removeprefix(HUB_PREFIX), source), file.removeprefix(HUB_PREFIX)
    else:
        local, shown = Path(file).expanduser(), name
    tokenizer, kind = _load(local, option, source)
    tokenizer.name = name
    tokenizer.label = label or f"{shown} {kind}"
    # A fresh process (the big-input worker) registers it again from the local file, never the hub.
    add_tokenizer(tokenizer, source, f"{local}:{option}" if option else str(local))
    return tokenizer


def register_all(registrations: list[tuple[str, str, str | None]]) -> None:
    """Register again, in a fresh process, what registrations() listed in another one."""
    for name, local, label in registrations:
        register_tokenizer(name, local, label)


def register_from_args(specs: list[str]) -> None:
    """--tokenizer NAME=PATH, as many as given, in order (app.py and python -m playground)."""
    for spec in specs:
        name, equals, path = spec.partition("=")
        if not equals or not path:
            raise ValueError(f"--tokenizer {spec}: give NAME=PATH, e.g. --tokenizer qwen=tokenizer.json")
        register_tokenizer(name.strip(), path.strip())


def register_from_command_line(argv: list[str]) -> None:
    """python app.py --tokenizer NAME=PATH ...: register them, or stop with one line saying what to do."""
    import argparse
    import sys

    parser = argparse.ArgumentParser(prog="python app.py", description="The tokenizer playground, as a web page.")
    parser.add_argument("--tokenizer", action="append", default=[], metavar="NAME=PATH",
                        help="add a tokenizer from a file: tokenizer.json, SentencePiece .model, vocab.txt[:cased], "
                             "ranks.tiktoken:cl100k|o200k|gpt2, or hf:<org>/<repo>[@revision]; repeatable")
    try:
        register_from_args(parser.parse_args(argv).tokenizer)
    except ValueError as err:  # nothing is served half-working: no page without the tokenizer asked for
        sys.exit(f"python app.py: {err}")


def _split_option(source: str) -> tuple[str, str | None]:
    """"ranks.tiktoken:cl100k" -> ("ranks.tiktoken", "cl100k"); a colon of any other kind (C:\\, hf:) stays."""
    head, colon, tail = source.rpartition(":")
    if colon and tail in (*SPLIT_PATTERNS, *CASINGS):
        return head, tail
    return source, None


def _hub_file(repo: str, source: str) -> Path:
    """The tokenizer file of a Hub repository: from the Hugging Face cache if it was fetched before (no
    network call at all), else fetched from the Hub into that cache."""
    from huggingface_hub import hf_hub_download, try_to_load_from_cache
    from huggingface_hub.errors import EntryNotFoundError, HfHubHTTPError, HFValidationError, LocalEntryNotFoundError

    repo_id, _, revision = repo.partition("@")
    try:
        for filename in HUB_FILES:
            cached = try_to_load_from_cache(repo_id, filename, revision=revision or None)
            if isinstance(cached, str):
                return Path(cached)
        for filename in HUB_FILES:
            try:
                return Path(hf_hub_download(repo_id, filename, revision=revision or None))
            except LocalEntryNotFoundError:  # neither cached nor reachable: no network, or HF_HUB_OFFLINE=1
                raise ValueError(
                    f"cannot add tokenizer from {source}: {repo_id} is not in the Hugging Face cache and the Hub "
                    "cannot be reached (no network, or HF_HUB_OFFLINE=1); run once with a network to fetch it, "
                    "or pass its tokenizer.json file instead") from None
            except EntryNotFoundError:  # the repository has no such file: try the next
                continue
    except HFValidationError as err:
        raise ValueError(f"cannot add tokenizer from {source}: {repo_id!r} is not a Hub id ({err}); "
                         "write hf:<org>/<repo>[@revision]") from None
    except HfHubHTTPError as err:
        raise ValueError(f"cannot add tokenizer from {source}: the Hub refused {repo_id!r} "
                         f"({str(err).splitlines()[0]}); check the id, or `hf auth login` for a gated one") from None
    raise ValueError(f"cannot add tokenizer from {source}: {repo_id} has none of {', '.join(HUB_FILES)}; "
                     "download the tokenizer file and pass its path")


def _load(path: Path, option: str | None, source: str) -> tuple[Tokenizer, str]:
    """The tokenizer in the file at path, and what kind it is ("byte-level BPE", "SentencePiece Unigram")."""
    def refuse(what: str) -> ValueError:
        return ValueError(f"cannot add tokenizer from {source}: {what}")

    if path.is_dir():
        found = [path / f for f in HUB_FILES if (path / f).is_file()]
        if not found:
            raise refuse(f"the folder has none of {', '.join(HUB_FILES)}; pass the tokenizer file itself")
        path = found[0]
    try:
        with path.open("rb") as f:
            head = f.read(4096)
    except FileNotFoundError:
        raise refuse("no such file; check the path") from None
    except OSError as err:
        raise refuse(f"cannot read it ({err.strerror}); check the file's permissions") from None
    first_line = head.split(b"\n", 1)[0].strip()
    if head.lstrip().startswith(b"{"):
        family = _tokenizer_json
    elif RANK_LINE.fullmatch(first_line):
        family = _rank_file
    elif head and b"\0" not in head and _is_text(head):
        family = _vocab_txt
    elif head:
        family = _sentencepiece
    else:
        raise refuse(f"the file is empty; it should be {FORMATS}")
    return family(path, option, refuse)


def _is_text(head: bytes) -> bool:
    try:
        head.decode("utf-8")
    except UnicodeDecodeError as err:  # the first 4 KB may end inside a character
        return err.start >= len(head) - 3
    return True


def _no_option(option: str | None, refuse, what: str) -> None:
    if option is not None:
        raise refuse(f"':{option}' means nothing for {what}; leave it out")


def _tokenizer_json(path: Path, option: str | None, refuse) -> tuple[Tokenizer, str]:
    from playground.tokenizers.hf_tokenizers import TokenizersTokenizer

    _no_option(option, refuse, "a tokenizer.json")
    try:
        tokenizer = TokenizersTokenizer(path)
    except Exception as err:  # the Rust library's errors are plain Exceptions
        raise refuse(f"the tokenizers library cannot load it as a tokenizer.json ({str(err).splitlines()[0]}); "
                     "check that it is a complete tokenizer.json") from None
    kind = "byte-level BPE" if tokenizer.model == "BPE" and tokenizer.byte_level else tokenizer.model
    tokenizer.twin = tokenizer.file_twin(str(path.resolve()))  # absolute: never taken for a bundled asset's name
    tokenizer.chat_config = _chat_config(path.parent / "tokenizer_config.json")
    return tokenizer, kind


def _chat_config(config_path: Path) -> dict | None:
    """The chat template of a tokenizer_config.json beside a tokenizer.json (playground.chat uses it), with its
    bos/eos tokens and the file's sha256; None where there is none (the tokenizer then has no chat format)."""
    import hashlib
    import json

    try:
        data = config_path.read_bytes()
        config = json.loads(data)
    except (OSError, ValueError):
        return None
    template = config.get("chat_template") if isinstance(config, dict) else None
    if isinstance(template, list):  # named templates: [{"name": "default", "template": ...}, ...]
        template = next((t.get("template") for t in template if isinstance(t, dict) and t.get("name") == "default"), None)
    if not isinstance(template, str):
        return None

    def token(value: object) -> str | None:
        value = value.get("content") if isinstance(value, dict) else value
        return value if isinstance(value, str) else None

    return {"chat_template": template, "path": str(config_path), "sha256": hashlib.sha256(data).hexdigest(),
            "bos_token": token(config.get("bos_token")), "eos_token": token(config.get("eos_token"))}


def _sentencepiece(path: Path, option: str | None, refuse) -> tuple[Tokenizer, str]:
    from playground.tokenizers.sentencepiece_bpe import SentencePieceTokenizer

    _no_option(option, refuse, "a SentencePiece model")
    try:
        tokenizer = SentencePieceTokenizer(path)
    except Exception as err:  # sentencepiece raises RuntimeError or OSError; protobuf its DecodeError
        raise refuse(f"it is not {FORMATS} (as a SentencePiece model: {str(err).splitlines()[0]})") from None
    if tokenizer.model not in ("BPE", "Unigram"):
        raise refuse(f"a SentencePiece {tokenizer.model} model; the playground shows BPE and Unigram ones")
    tokenizer.twin = tokenizer.file_twin(str(path.resolve()))  # absolute: never taken for a bundled asset's name
    return tokenizer, f"SentencePiece {tokenizer.model}"


def _vocab_txt(path: Path, option: str | None, refuse) -> tuple[Tokenizer, str]:
    from playground.tokenizers.bert import WordPieceTokenizer

    if option not in (None, *CASINGS):
        raise refuse(f"':{option}' is a split pattern for a .tiktoken file; a vocab.txt takes ':cased' or ':uncased'")
    vocab = path.read_text(encoding="utf-8", errors="replace").splitlines()
    if "[UNK]" not in vocab:
        raise refuse(f"a text file without an [UNK] line, so not a WordPiece vocab.txt; it should be {FORMATS}")
    # A cased vocabulary ("The", "Paris") has capitals; an uncased one was built from lowercased text.
    cased = option == "cased" or (option is None and any(
        piece.lower() != piece for piece in vocab if not (piece.startswith("[") and piece.endswith("]"))))
    try:
        tokenizer = WordPieceTokenizer(path, lowercase=not cased)
    except Exception as err:
        raise refuse(f"transformers cannot load it as a WordPiece vocab.txt ({str(err).splitlines()[0]})") from None
    tokenizer.twin = {"family": "bert", "files": {"vocab": str(path.resolve())}, "options": {"lowercase": not cased}}
    return tokenizer, f"WordPiece ({'cased' if cased else 'uncased'})"


def _rank_file(path: Path, option: str | None, refuse) -> tuple[Tokenizer, str]:
    from playground.tokenizers.tiktoken_bpe import TiktokenTokenizer, rank_file_encoding, rank_file_twin

    if option not in SPLIT_PATTERNS:
        raise refuse(f"a .tiktoken rank file needs its split pattern: add ':cl100k', ':o200k' or ':gpt2' "
                     f"to the path (e.g. NAME={path}:cl100k)")
    try:
        tokenizer = TiktokenTokenizer(rank_file_encoding(str(path), option))
    except Exception as err:  # base64 or int errors from tiktoken's reader
        raise refuse(f"tiktoken cannot read it as a rank file ({str(err).splitlines()[0]}); "
                     "each line should be a token's bytes in base64, a space and its rank") from None
    tokenizer.twin = rank_file_twin(str(path.resolve()), option)
    return tokenizer, f"byte-level BPE ({option} split)"
