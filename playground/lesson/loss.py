"""What a tokenizer lost of a text, in words the room understands: worked out from its tokens (which are
[UNK]) and its decode (what the text becomes), never written down per example.

A count compares tokenizers only when each counted the same text. BERT's uncased normaliser drops the
Devanagari vowel signs and maps most Chinese characters to [UNK]: it is short because it threw the text
away. Such a count is "not comparable", and every figure that sets it beside another says so.
Lowercasing and the spacing around punctuation change no character the count depends on, so they are
said, but leave the count comparable.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from difflib import SequenceMatcher
from typing import NamedTuple

PREVIEW_CHARS = 24  # of the decode shown beside a figure: enough to see what is gone (नमसत, आप कस ह?), short
# enough that the answer above each panel leaves the panel's tokens on the screen
UNKNOWN_DECODES = ("⁇",)  # what SentencePiece decodes its unknown piece to (BERT's is its piece, "[UNK]")


class Loss(NamedTuple):
    dropped: tuple[str, ...]  # what the decode is missing, named: "the vowel signs and other marks", "the line breaks"
    unknown: int  # tokens that are the unknown token ([UNK]): the text under them is gone
    count: int  # all tokens
    lowercases: bool  # the decode is lowercased (the count is still of the same letters)
    respaces: bool  # the decode's spaces differ (added around punctuation, or between characters)
    decoded: str  # the decode, for the room to see

    @property
    def comparable(self) -> bool:
        """Whether the count is of the text: nothing dropped and nothing [UNK]."""
        return not self.dropped and not self.unknown

    def what(self) -> str:
        """What was lost, short: "14 of 24 tokens are [UNK]", "drops the vowel signs and other marks", "lowercases"."""
        parts = []
        if self.unknown:
            parts.append(f"{self.unknown:,} of {self.count:,} tokens {'is' if self.unknown == 1 else 'are'} [UNK]")
        if self.dropped:
            parts.append("drops " + dropped_words(self.dropped))
        if not parts:  # only what leaves the count comparable is said, and only when nothing worse is
            parts = (["lowercases"] if self.lowercases else []) + (["changes the spacing"] if self.respaces else [])
        return "; ".join(parts)

    def short(self) -> str:
        """For a table's cell or a count line, short, the worst loss only: "not comparable: drops vowel signs and
        other marks", "not comparable: 14 of 24 tokens are [UNK]" (sentence() says all of it)."""
        if self.comparable:
            return self.what()
        first = self._replace(dropped=()) if self.unknown else self._replace(dropped=(self.dropped[0].removeprefix("the "),))
        return f"not comparable: {first.what()}"

    def sentence(self) -> str:
        """Beside a figure: what was lost, what the text became, and whether the count compares."""
        under = "it" if self.unknown == 1 else "them"
        what = self.what().replace("[UNK]", f"[UNK], the text under {under} gone", 1) if self.unknown else self.what()
        return (f"{capitalised(what)}: decodes to “{preview(self.decoded)}”"
                + ("" if self.comparable else "; its count is not comparable") + ".")


def and_list(items) -> str:
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def dropped_words(dropped) -> str:
    """What a decode drops, as one list. A name that is two things ("the vowel signs and other marks") is taken
    apart, so that no "and" runs into the next; the characters that are not marks, said after marks, are "more"
    characters, not "other" ones again: "the vowel signs, other marks and 3 more characters"."""
    parts = [part for what in dropped for part in what.split(" and ")]
    marks = [i for i, part in enumerate(parts) if part.endswith("marks")]
    return and_list([part.replace("other character", "more character") if marks and i > marks[0] else part
                     for i, part in enumerate(parts)])


def capitalised(s: str) -> str:
    return s[:1].upper() + s[1:]


def preview(text: str) -> str:
    return text if len(text) <= PREVIEW_CHARS else text[:PREVIEW_CHARS].rstrip() + "…"


def is_unknown(token: dict) -> bool:
    """The unknown token: it stands for no bytes, and is no special token (base.Token's bytes_hex)."""
    return not token["bytes_hex"] and not token["special"]


def marks_named(marks: list[str]) -> str:
    """The combining marks a decode lacks, as a reader would call them: by their Unicode names."""
    names = [unicodedata.name(m, "") for m in marks]
    if all("VOWEL SIGN" in n for n in names):
        return "the vowel signs"
    if any("VOWEL SIGN" in n for n in names):
        return "the vowel signs and other marks"
    if all("\u0300" <= m <= "\u036f" for m in marks):  # Combining Diacritical Marks: é taken apart is e and ́
        return "the accents"
    return "the marks"


ALIGNED_CHARS = 2_000  # past this many differing characters, what is lost is counted, not aligned: difflib's
# alignment is quadratic (a 100,000-character paste of "x y x y" took minutes), a count of each character is linear


def dropped_characters(text: str, decoded: str) -> tuple[list[str], list[str], bool]:
    """(the marks, the other characters of text that decoded lacks, whether decoded is lowercased), looking at
    every character but whitespace, each text taken apart as NFD does (so é is e and its accent)."""
    def letters(s: str) -> list[str]:
        return [c for c in unicodedata.normalize("NFD", s) if not c.isspace()]

    a, b = letters(text), letters(decoded)
    lower_a, lower_b = [c.lower() for c in a], [c.lower() for c in b]
    if lower_a == lower_b:  # the same letters: at most lowercased (BERT on English), whatever the length
        return [], [], a != b
    start = next((i for i, (x, y) in enumerate(zip(lower_a, lower_b)) if x != y), min(len(a), len(b)))
    end = 0  # the common tail, not reaching into the common head
    while end < min(len(a), len(b)) - start and lower_a[-1 - end] == lower_b[-1 - end]:
        end += 1
    lowered = a[:start] != b[:start] or (end and a[-end:] != b[-end:])
    a, b, lower_a, lower_b = (s[start:len(s) - end] for s in (a, b, lower_a, lower_b))
    marks, others = [], []
    if max(len(a), len(b)) > ALIGNED_CHARS:
        lost, added = Counter(lower_a) - Counter(lower_b), Counter(lower_b) - Counter(lower_a)
        for c in lost.elements():
            (marks if unicodedata.category(c).startswith("M") else others).append(c)
        others.extend(added.elements())
        upper = sum(c.isupper() for c in a) > sum(c.isupper() for c in b)
        return marks, others, bool(lowered or upper)
    matcher = SequenceMatcher(None, lower_a, lower_b, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            lowered = lowered or a[i1:i2] != b[j1:j2]
        elif op in ("delete", "replace"):
            for c in a[i1:i2]:
                (marks if unicodedata.category(c).startswith("M") else others).append(c)
        if op in ("insert", "replace"):  # a character the text has not: as much a change as one it lost
            others.extend(b[j1:j2])
    return marks, others, bool(lowered)


INDENTATION_RUNS = re.compile(r"^[ \t]+", re.MULTILINE)


def dropped_whitespace(text: str, decoded: str) -> list[str]:
    """The whitespace that shapes a text (line breaks, tabs, indentation, runs of spaces) which decoded lacks."""
    lost = []
    if text.count("\n") > decoded.count("\n"):
        lost.append("the line breaks")
    if text.count("\t") > decoded.count("\t"):
        lost.append("the tabs")
    if "\n" in text and INDENTATION_RUNS.findall(text) != INDENTATION_RUNS.findall(decoded) and INDENTATION_RUNS.search(text):
        lost.append("the indentation")  # of lines after the first: a text's leading space alone is spacing
    elif len(re.findall(" {2,}", text)) > len(re.findall(" {2,}", decoded)):
        lost.append("the runs of spaces")
    return lost


def text_loss(text: str, tok: dict) -> Loss | None:
    """What tokenizer result `tok` (Tokenizer.describe's, for text) lost of the text, or None when its decode
    is the text and no token is [UNK]. Its unknown tokens are those of tok["tokens"] (all, or the first drawn)."""
    decoded, unknown = tok["decoded"], tok["unk_count"]
    if decoded == text and not unknown:
        return None
    tokens = [t for t in tok["tokens"] if not t["special"]]
    # The characters under [UNK] are said once, as [UNK]s, not again as dropped: out of both texts.
    unknown_spans = [(t["start"], t["end"]) for t in tokens if is_unknown(t)]
    kept = "".join(text[s:e] for s, e in complement(unknown_spans, len(text)))
    kept_decode = decoded
    for spelling in {t["piece"] for t in tokens if is_unknown(t)} | set(UNKNOWN_DECODES):
        kept_decode = kept_decode.replace(spelling, " ")
    marks, others, lowered = dropped_characters(kept, kept_decode)
    dropped = [marks_named(marks)] if marks else []
    if others:
        dropped.append(f"{len(others)} other character{'s' * (len(others) != 1)}")
    dropped += dropped_whitespace(text, decoded)
    respaces = [c for c in text if c.isspace()] != [c for c in decoded if c.isspace()]
    return Loss(tuple(dropped), unknown, tok["count"], lowered, respaces, decoded)


def complement(spans: list[tuple[int, int]], length: int) -> list[tuple[int, int]]:
    """The stretches of [0, length) outside the sorted, non-overlapping spans."""
    out, at = [], 0
    for start, end in spans:
        if start > at:
            out.append((at, start))
        at = max(at, end)
    if at < length:
        out.append((at, length))
    return out
