"""How tokens are laid out on screen, the same in the terminal and on the web page."""

from __future__ import annotations

import unicodedata
from typing import NamedTuple

from playground.tokenizers.base import Token
from playground.tokenizers.sentencepiece_bpe import SPACE_MARK

# Whitespace made visible, so the tokens spent on indentation can be seen and counted.
# A newline keeps a real line break after its mark, so code keeps its shape. Other control
# characters (NUL, carriage return, ...) show as Unicode's control pictures: ␀ ␍ ␡.
WHITESPACE_MARKS = str.maketrans(
    {**{chr(c): chr(0x2400 + c) for c in range(0x20)}, "\x7f": "\u2421", " ": "·", "\t": "→", "\n": "↵\n"}
)


NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")


def in_words(count: int) -> str:
    """6 -> "six": a count in a sentence, as a reader says it (the digits past twelve), read from the data so
    that a seventh example or a thirteenth language is counted without anyone editing the sentence."""
    return NUMBER_WORDS[count] if 0 <= count < len(NUMBER_WORDS) else f"{count:,}"


def show_whitespace(text: str) -> str:
    """"  x\\n\\r" -> "··x↵\\n␍": spaces, tabs, newlines and control characters as visible marks."""
    return text.translate(WHITESPACE_MARKS)


def invisible_mark(label: str) -> str | None:
    """"U+200D" for a label drawn as nothing at all (a zero-width joiner, a variation selector, a soft hyphen:
    format characters and selectors, no width of their own), its code points; None for a label that shows."""
    if not label or not all(unicodedata.category(c) == "Cf" or "\ufe00" <= c <= "\ufe0f" or c == "\u034f"
                            for c in label):
        return None
    return " ".join(f"U+{ord(c):04X}" for c in label)


def right_to_left(text: str) -> bool:
    """Whether text reads right to left: its first character of a strong direction is Arabic or Hebrew's
    (the rule of HTML's dir="auto", on the text, not on the labels drawn for it: "D8 AD" reads left to right)."""
    for c in text:
        direction = unicodedata.bidirectional(c)
        if direction in ("R", "AL"):
            return True
        if direction == "L":
            return False
    return False


def token_label(token: Token, normalizes: bool = False, mark_whitespace: bool = True) -> str:
    """What a token's block shows: its text, or its bytes when it holds part of a character.

    A partial token has no text of its own (printing U+FFFD would pretend it does), so it
    shows its bytes, "E0 A4". A tokenizer that normalizes (BERT) shows its pieces, "hello",
    "##ing", "[UNK]", so the lowercasing is seen. A special token shows its piece, "[CLS]";
    so does one that covers no character, but for Llama's dummy prefix "▁": a space, "·", as every space.
    The dummy prefix inside a token is drawn too: Llama 2's "▁Please" over the text's first word "Please" is
    "·Please", as the stepper builds it and as the same word is drawn after a space (the space is the token's).
    """
    if token["partial"]:
        return token["bytes_hex"]
    if mark_whitespace and not token["text"] and token["piece"] and not token["piece"].strip(SPACE_MARK):
        return show_whitespace(" " * len(token["piece"]))  # Llama's dummy prefix: a space it adds, drawn as one
    if normalizes or token["special"] or not token["text"]:
        return token["piece"]
    if not mark_whitespace:
        return token["text"]
    return show_whitespace(" " * added_space(token["piece"], token["text"]) + token["text"])


def added_space(piece: str, text: str) -> bool:
    """Whether a piece holds a space its text has not: SentencePiece's dummy prefix, the "▁" of "▁Please" over the
    text's first word "Please" (a "▁" typed in the text is a character of it, not a space)."""
    return piece.startswith(SPACE_MARK) and not text.startswith((" ", SPACE_MARK))


class Segment(NamedTuple):
    """A stretch of the input as drawn: tokens over text[start:end], or a gap no token covers."""

    start: int
    end: int
    tokens: list[Token]  # empty for a gap (text BERT drops); several for characters split into bytes


def segments(text: str, tokens: list[Token]) -> list[Segment]:
    """Walk text in order: each token alone, tokens sharing characters grouped, gaps between.

    Byte-level tokenizers split a Hindi letter or an emoji over several tokens that then
    share its span; they form one group, drawn as byte chips under the characters.
    BERT skips spaces and control characters; those come out as gaps.
    (Run for every panel of every keystroke: plain loops, and tuple.__new__ for the Segments,
    three times faster than a generator building them by their fields.)
    """
    found: list[Segment] = []
    pos = 0
    group: list[Token] = []
    group_start = group_end = 0
    for token in tokens:
        start = token["start"]
        if group and start < group_end:  # shares a character with the group
            group.append(token)
            group_end = max(group_end, token["end"])
            continue
        if group:
            found.append(tuple.__new__(Segment, (group_start, group_end, group)))
            pos = group_end
        if start > pos:
            found.append(tuple.__new__(Segment, (pos, start, [])))
        group, group_start, group_end = [token], start, token["end"]
    if group:
        found.append(tuple.__new__(Segment, (group_start, group_end, group)))
        pos = group_end
    if pos < len(text):
        found.append(tuple.__new__(Segment, (pos, len(text), [])))
    return found


def step_labels(replayed: dict) -> dict:
    """replay()'s answer with each chunk's "shown": {piece: [label, whole]}, what the stepper draws for a piece
    as the panels would: the text it stands for with whitespace marks ("Ġworld" -> "·world"), or, for part of a
    character, its bytes ("à¤" -> "E0 A4", whole false: a byte chip), for chunks with "bytes"; and every
    chunk's "shown_text", its text with whitespace marks (" SolidGoldMagikarp" -> "·SolidGoldMagikarp"), with the
    space SentencePiece adds before the text ("Portály," built from "▁", "P", ... -> "·Portály,")."""
    for chunk in replayed["chunks"]:
        first = chunk["steps"][0][0] if chunk["steps"] and chunk["steps"][0] else ""
        chunk["shown_text"] = show_whitespace(" " * added_space(first, chunk["text"]) + chunk["text"]).replace("\n", "")
        if "bytes" not in chunk:
            continue
        shown = {}
        for piece, hex_ in chunk["bytes"].items():
            try:
                shown[piece] = [show_whitespace(bytes.fromhex(hex_).decode("utf-8")).replace("\n", ""), True]
            except UnicodeDecodeError:
                shown[piece] = [hex_, False]
        chunk["shown"] = shown
    return replayed
