"""python -m playground "some text": tokenizations side by side in a terminal.

    python -m playground "Hello world"           coloured blocks, one per token, with counts
    python -m playground --ids "Hello world"     the ids instead of the text
    python -m playground --json "Hello world"    compare()'s dict as JSON
    echo "Hello world" | python -m playground -  read the text from standard input
    python -m playground --tokenizers gpt4o,llama3,gemma "Hello world"   any of the eight, in that order
    python -m playground --tokenizer qwen=tokenizer.json --tokenizers qwen,gpt2 "Hello"   and your own
    python -m playground --batch 4,8 --seed 1 - < text.txt   B windows of T GPT-2 ids, as training cuts them
    python -m playground --chat chat.json --tokenizers llama3,mistral,gemma   a conversation in each chat format
    python -m playground static DIR [--tokenizers gpt2,bert,llama] [--only panels]   the page as a static folder
    python -m playground -- static                the word "static" itself: "--" ends the options and subcommands

No token boundary is hidden. Neighbouring blocks always differ in colour as the terminal draws them (16 or
256 colours too). Without colour (piped or redirected, NO_COLOR set, TERM=dumb, or --no-color) a separator
stands between tokens: "Hello|·world|,|·SolidGoldMagikarp"; the first of | ¦ ‖ ⁞ that no token's text
holds, so "a|b" reads "a¦|¦b"; characters no token covers (BERT drops spaces) stand between two separators.
Lines wrap between tokens; a token wider than its column folds. Nothing is cut without a note.

    python -m playground --sep " / " "Hello world"      this separator, with colour too (refused if a token holds it)
    python -m playground --no-color "Hello world"       no colour: separators
    python -m playground --width 60 "Hello world"       60 columns wide (default: the terminal's; 100 to a pipe)
    python -m playground --max-tokens 50 - < book.txt   draw 50 tokens of each tokenizer, count the rest
                                                        (default: 1000; 0 draws all)
"""

from __future__ import annotations

import argparse
import json
import sys

from playground.lesson.display import segments, show_whitespace, token_label
from playground.page.colors import text_color, token_color
from playground.tokenizers.from_file import register_from_args
from playground.tokenizers.registry import DEFAULT_TOKENIZERS, TOKENIZER_NAMES, compare


# How a token on "Fishing for Magikarp"'s list is marked: as on the page, the red and orange verdicts
# (max_prob under the report's 0.01 line) stand out more than yellow and green.
VERDICT_STYLE = {"red": "bold underline", "orange": "bold underline", "yellow": "underline", "green": "underline"}


def undertrained_heading(tok: dict) -> str:
    """The column heading's count of listed tokens, or that the model has no published list."""
    n = tok["undertrained_count"]
    return "no under-trained list published" if n is None else f"{n:,} under-trained (paper, underlined)"


def render_terminal(result: dict, show_ids: bool = False, separator: str | None = None,
                    max_tokens: int = 0):
    """A rich Table: one column per tokenizer, each a TokenRow of its tokens: blocks coloured by their ids, or
    without colour joined by a separator (`separator`, drawn with colour too when given; else the first of
    SEPARATORS no token holds); the tokens on the paper's under-trained list underlined. Past `max_tokens`
    (0: no limit) a tokenizer's tokens are counted, not drawn."""
    from rich.table import Table

    from playground.page.terminal_view import Piece, TokenRow, choose_separator, standalone

    table = Table(show_lines=False, expand=True)
    rows = []
    for tok in result["tokenizers"]:
        table.add_column(
            f"{tok['label']}\n{tok['count']} tokens · {tok['chars_per_token'] or 0} chars/token"
            f" · {tok['unk_count']} unknown · lossless: {'yes' if tok['lossless'] else 'no'}"
            f"\n{undertrained_heading(tok)}",
            ratio=1, overflow="fold",  # a heading wraps, a word too long for the column folds: nothing is cut
        )
        shown = tok["tokens"][:max_tokens] if max_tokens else tok["tokens"]
        hidden = len(tok["tokens"]) - len(shown)
        text = result["text"][:max(t["end"] for t in shown)] if hidden else result["text"]  # no gap after the cut
        pieces = []
        for segment in segments(text, shown):
            if not segment.tokens and not show_ids:  # characters no token covers (BERT drops spaces)
                pieces.append(Piece(standalone(show_whitespace(text[segment.start:segment.end])), None))
            for t in segment.tokens:
                mark = VERDICT_STYLE[t["undertrained"]["verdict"]] if t["undertrained"] else ""
                if show_ids:
                    pieces.append(Piece(str(t["id"]), t["id"], mark, chip=True))
                else:  # byte chips side by side: keep "E0 A4" and "A8" apart
                    label = standalone(token_label(t, tok["normalizes"]))
                    pieces.append(Piece(label, t["id"], mark, chip=t["partial"]))
        rows.append((tok["name"], pieces, hidden))
    sep = choose_separator(([p.label for p in pieces] for _, pieces, _ in rows), separator)
    table.add_row(*(TokenRow(name, pieces, sep, always_separate=separator is not None, hidden=hidden)
                    for name, pieces, hidden in rows))
    return table


def whole_number(least: int):
    """An argparse type: a whole number of at least `least`."""
    def parse(value: str) -> int:
        try:
            number = int(value)
        except ValueError:
            number = None
        if number is None or number < least:
            raise argparse.ArgumentTypeError(f"expected a whole number of at least {least}; got {value!r}")
        return number
    return parse


def make_console(args):
    """The Console to print on: --width wide, else the terminal's width (rich reads it, or $COLUMNS), else 100
    when printing to a pipe or file (rich's 80 cramps three columns); without colour under --no-color (rich
    itself drops colour for a pipe or a file, NO_COLOR and TERM=dumb)."""
    import os

    from rich.console import Console

    width = args.width or (None if sys.stdout.isatty() or os.environ.get("COLUMNS") else 100)
    return Console(width=width, no_color=True if args.no_color else None)


def parse_batch(value: str) -> tuple[int, int]:
    """--batch "32,1024" -> (32, 1024)."""
    try:
        b, t = (int(part) for part in value.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected B,T as two whole numbers, like 32,1024; got {value!r}") from None
    return b, t


def render_batch(result: dict):
    """A rich Table: one row per window, its offset, then its ids as blocks in their GPT-2 colours."""
    from rich.table import Table
    from rich.text import Text

    table = Table(show_lines=False, expand=True)
    table.add_column("offset", justify="right")
    table.add_column(Text(f"x[b]: {result['shape'][1]} consecutive GPT-2 ids"), ratio=1)  # Text: "[b]" is no markup
    for offset, window in zip(result["offsets"], result["ids"]):
        cell = Text()
        for token_id in window:
            cell.append(f"{token_id} ", style=f"{text_color()} on {token_color('gpt2', token_id)}")
        table.add_row(str(offset), cell)
    return table


def print_batch(text: str, batch_size: int, block_size: int, seed: int, as_json: bool, console) -> None:
    """The batch of the text as JSON, or as a table with the tensor TokenEmbedding makes of it and its memory."""
    from playground.lesson.batch import batch, batch_embeddings, batch_memory
    from playground.lesson.embedding import INITS, LESSON_BATCH, format_bytes

    result = batch(text, batch_size, block_size, seed)
    if as_json:
        json.dump(result, sys.stdout, indent=1)
        print()
        return
    console.print(render_batch(result))
    shape = tuple(batch_embeddings(result["ids"], next(iter(INITS))).shape)  # run for real, through the lesson's class
    lessons = batch_memory(*LESSON_BATCH)
    print(f"{len(result['offsets'])} windows cut at torch.randint({result['n_tokens']} - {block_size}, ({batch_size},)), "
          f"seed {seed}; TokenEmbedding(GPTConfig())(x) has shape {shape}")
    for what, key in (("ids x, int64", "ids_bytes"), ("one-hot input, float32", "one_hot_bytes"),
                      ("dense embeddings, float32", "dense_bytes")):
        print(f"{what}: {result[key]:,} bytes ({format_bytes(result[key])}); the lesson's {LESSON_BATCH}: "
              f"{lessons[key]:,} ({format_bytes(lessons[key])})")


def chat_main(args) -> int:
    """--chat FILE.json: the conversation in each tokenizer's chat format, structure tokens bracketed and bold."""
    from playground.page.terminal_view import Piece, TokenRow, choose_separator, standalone
    from playground.tokenizers.chat import chat

    try:
        source = sys.stdin.read() if args.chat == "-" else open(args.chat, encoding="utf-8").read()
        messages = json.loads(source)
        results = [chat(messages, name) for name in args.tokenizers.split(",")]
    except (OSError, ValueError) as err:  # a missing file, bad JSON, messages or tokenizer, a refused conversation
        print(f"python -m playground --chat: {err}", file=sys.stderr)
        return 2
    if args.json:
        json.dump(results, sys.stdout, ensure_ascii=False, indent=1)
        print()
        return 0
    console = make_console(args)
    for result in results:
        if result["no_chat_format"]:
            console.print(f"[bold]{result['label']}[/bold]: {result['no_chat_format']}")
            continue
        console.print(f"[bold]{result['label']}[/bold], {result['format']}: {result['count']} tokens: "
                      f"{result['structure_count']} structure, {result['content_count']} content; "
                      f"{result['before_first_content']} before the first word")
        # As a text's tokens are drawn (no two neighbours alike, or separated without colour), the format's own
        # tokens in brackets: "[<|eot_id|>]".
        pieces = []
        for t in result["tokens"]:
            label = str(t["id"]) if args.ids else standalone(token_label(t).replace("\n", ""))
            pieces.append(Piece(f"[{label}]" if t["structure"] else label, t["id"], "bold" if t["structure"] else "",
                                chip=args.ids))
        try:
            separator = choose_separator([[p.label for p in pieces]], args.sep)
        except ValueError as err:
            print(f"python -m playground --chat: {err}", file=sys.stderr)
            return 2
        console.print(TokenRow(result["tokenizer"], pieces, separator, always_separate=args.sep is not None))
        for note in result["notes"]:
            console.print(f"note: {note}")
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    # A subcommand only as the first argument: "static" anywhere else (or after "--") is a text to tokenize.
    if argv[:1] == ["static"]:
        from playground.page.static_folder import main as static_main

        return static_main(argv[1:])
    parser = argparse.ArgumentParser(prog="python -m playground", description=__doc__.split("\n")[0])
    parser.add_argument("text", nargs="?", help='the text to tokenize, or "-" to read it from standard input')
    parser.add_argument("--chat", metavar="FILE.json",
                        help='a conversation ([{"role": "user", "content": "Hi"}, ...], "-" for standard input) '
                             "in each tokenizer's chat format (playground.chat), instead of a text")
    parser.add_argument("--json", action="store_true", help="print compare()'s dict as JSON")
    parser.add_argument("--ids", action="store_true", help="show token ids instead of token text")
    parser.add_argument("--special", action="store_true", help="add the special tokens ([CLS]/[SEP], <s>, ...)")
    parser.add_argument("--tokenizers", default=",".join(DEFAULT_TOKENIZERS),
                        help=f"which, in order, comma-separated: any of {', '.join(TOKENIZER_NAMES)} "
                             f"(default: {','.join(DEFAULT_TOKENIZERS)}), or a name given with --tokenizer")
    parser.add_argument("--tokenizer", action="append", default=[], metavar="NAME=PATH",
                        help="add a tokenizer from a file: tokenizer.json, SentencePiece .model, vocab.txt[:cased], "
                             "ranks.tiktoken:cl100k|o200k|gpt2, or hf:<org>/<repo>[@revision]; repeatable")
    parser.add_argument("--batch", type=parse_batch, metavar="B,T",
                        help="instead: B windows of T consecutive GPT-2 ids, cut as nanoGPT's get_batch cuts them")
    parser.add_argument("--seed", type=int, default=0, help="the seed of the batch's offsets (default: 0)")
    parser.add_argument("--sep", help="the separator between tokens, drawn even with colour; without colour one is "
                                      "drawn anyway: the first of | ¦ ‖ ⁞ that no token's text holds")
    parser.add_argument("--no-color", action="store_true",
                        help="no colour, tokens separated (as when printing to a pipe, or with NO_COLOR set)")
    parser.add_argument("--width", type=whole_number(20), metavar="N",
                        help="the output's width in columns (default: the terminal's; 100 to a pipe or file)")
    parser.add_argument("--max-tokens", type=whole_number(0), default=1000, metavar="N",
                        help="draw at most N tokens of each tokenizer, and count the rest (default: 1000; 0: all)")
    args = parser.parse_args(argv)
    try:
        register_from_args(args.tokenizer)
    except ValueError as err:  # one line saying what to do, no traceback
        print(f"python -m playground: {err}", file=sys.stderr)
        return 2
    if args.chat is not None:
        return chat_main(args)
    if args.text is None:
        parser.error("give a text, or --chat FILE.json")
    text = sys.stdin.read() if args.text == "-" else args.text
    if args.batch:
        try:
            print_batch(text, *args.batch, args.seed, args.json, make_console(args))
        except ValueError as err:  # a bound passed, or a text too short: one line
            print(f"python -m playground: {err}", file=sys.stderr)
            return 2
        return 0
    try:
        result = compare(text, special=args.special, tokenizers=args.tokenizers.split(","))
    except ValueError as err:
        parser.error(str(err))
    if args.json:
        json.dump(result, sys.stdout, ensure_ascii=False, indent=1)
        print()
    else:
        try:
            table = render_terminal(result, show_ids=args.ids, separator=args.sep, max_tokens=args.max_tokens)
        except ValueError as err:  # a --sep the tokens' text holds: one line saying what to do
            print(f"python -m playground: {err}", file=sys.stderr)
            return 2
        make_console(args).print(table)
        if result["replaced_surrogates"]:
            print(f"note: {result['replaced_surrogates']} lone surrogate(s) replaced by U+FFFD before tokenizing")
    return 0


if __name__ == "__main__":
    sys.exit(main())
