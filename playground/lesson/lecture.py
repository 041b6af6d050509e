"""The lecture's questions and answers: each example asks the lesson's question, and the answer
is computed from the current tokens when Reveal is pressed, never written down in advance.

Pure functions from compare()'s result to HTML, one per kind of question.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left
from functools import lru_cache
from html import escape

import regex

from playground.lesson.display import token_label
from playground.lesson.examples import EXAMPLES_BY_KEY, Example
from playground.lesson.loss import and_list, text_loss
from playground.tokenizers.registry import compare, get_tokenizer
from playground.tokenizers.undertrained import PAPER, undertrained_marks

INDENTATION = re.compile(r"^[ \t]+", re.MULTILINE)


def indentation_token_count(text: str, starts: list[int], ends: list[int]) -> int:
    """How many tokens cover nothing but leading whitespace (the indentation of a line).

    starts and ends are the tokens' spans, in order, so each run's tokens are found by bisection.
    """
    count = 0
    for match in INDENTATION.finditer(text):
        run_start, run_end = match.span()
        for k in range(bisect_left(starts, run_start), bisect_left(starts, run_end)):
            count += starts[k] < ends[k] <= run_end
    return count


GLITCH_WORD = "SolidGoldMagikarp"
NUMBER = "1234567890"


@lru_cache(maxsize=1)
def glitch_word_id() -> int:
    """GPT-2's one id for ' SolidGoldMagikarp' (43453), from its own vocabulary."""
    [word_id] = get_tokenizer("gpt2").encode(" " + GLITCH_WORD)
    return word_id


def glitch_notes(result: dict, example: Example) -> list[str]:
    """What the lesson means by a glitch token, and what the paper measured for GPT-2 small, so that the two
    are read together. Only what the paper's GPT-2 small report says (assets/undertrained/README.md, "Things
    to know": it tested the token and drew it green); its id and the list's length are looked up here."""
    word_id, listed = glitch_word_id(), undertrained_marks("gpt2")
    among = "is among" if word_id in listed else "is not among"
    return [f"<b>The lesson:</b> an artifact of GPT-2's vocabulary, which gives the rare name ' {GLITCH_WORD}' an "
            f"id of its own, {word_id}; GPT-3-era models that share the vocabulary barely met the name in training "
            "and could not say it back.",
            f"<b>The paper</b> ({escape(PAPER)}) measured GPT-2 small itself: {word_id} {among} the {len(listed)} "
            "tokens its report puts under the under-trained threshold, and its verdict is green: GPT-2 small could "
            "repeat it."]


# Which of the panels' figures answer each kind of question (render.js's statsHtml marks them with data-answers):
# the page hides them until Reveal (playground.css), so that no line states the answer before it is asked.
ANSWERED_BY = {"code": "indentation", "magikarp": "undertrained", "glitch": "undertrained", "hindi": "ratio",
               "mandarin": "ratio"}


def prompt_html(key: str) -> str:
    """The question of the example `key`, or nothing for a text of one's own. data-hides names the panels'
    figures that answer it."""
    example = EXAMPLES_BY_KEY.get(key)
    if not example:
        return ""
    hides = f' data-hides="{ANSWERED_BY[key]}"' if key in ANSWERED_BY else ""
    return f'<p data-example="{key}"{hides}><b>{escape(example.title)}:</b> {escape(example.question)}</p>'


def overlapping(tok: dict, start: int, end: int) -> list[dict]:
    """The tokens of one tokenizer whose span overlaps [start, end)."""
    return [t for t in tok["tokens"] if t["start"] < end and start < t["end"]]


def piece_html(tok: dict, token: dict) -> str:
    """A token as its panel draws it (· for a space, byte chips for part of a character), its vocabulary's
    own spelling on hover."""
    label = token_label(token, tok.get("normalizes", False))
    kind = ' class="bytes"' if token["partial"] else ""
    vocabulary = f' title="vocabulary: {escape(token["piece"])}"' if label != token["piece"] else ""
    return f"<code{kind}{vocabulary}>{escape(label)}</code>"


def piece_list(tok: dict, tokens: list[dict]) -> str:
    return " ".join(piece_html(tok, t) for t in tokens)


def whitespace_answer(result: dict, example: Example) -> list[str]:
    items = []
    for tok in result["tokenizers"]:
        n = indentation_token_count(result["text"], tok["starts"], tok["ends"])
        items.append(f"<b>{n}</b> token{'s' * (n != 1)} on indentation")
    return items


def glitch_answer(result: dict, example: Example) -> list[str] | str:
    """Each model's pieces of the word and, in GPT-2's row, the question's verdict: is it a glitch token of GPT-2?
    (The rows are what the back of the room reads; the notes under them say where the verdict comes from.)"""
    at = result["text"].find(GLITCH_WORD)
    if at < 0:
        return f"This text has no {GLITCH_WORD} to look at."
    start = at - 1 if at and result["text"][at - 1] == " " else at
    items = []
    for tok in result["tokenizers"]:
        pieces = overlapping(tok, start, at + len(GLITCH_WORD))
        if len(pieces) == 1:  # its vocabulary's spelling (Ġ) on hover: the row's room is the verdict's
            items.append(f"<b>one</b> token, id <b>{pieces[0]['id']}</b> ({piece_list(tok, pieces)})")
        else:
            items.append(f"<b>{len(pieces)}</b> pieces: {piece_list(tok, pieces)}")
        listed = [verdict_html(tok, t) for t in pieces if t["undertrained"]]
        if listed:
            items[-1] += "; on the paper's under-trained list: " + ", ".join(listed)
        elif tok["name"] == "gpt2" and [t["id"] for t in pieces] == [glitch_word_id()]:
            items[-1] += ". A glitch token of GPT-3-era models, <b>not</b> of GPT-2 small: the paper measured it green"
        elif tok["name"] == "gpt2":  # the question is GPT-2's: its verdict is said whatever the other rows say
            items[-1] += "; on the paper's under-trained list: <b>none</b>"
    return items


def verdict_html(tok: dict, token: dict) -> str:
    """<code>·RandomRedditor</code> (red, max_prob 1.5e-07), for a token on the paper's list; the figure one
    unbreakable word (a line may break after the hyphen of 1.5e-07)."""
    mark = token["undertrained"]
    return f'{piece_html(tok, token)} ({escape(mark["verdict"])}, max_prob <span class="number">{mark["max_prob"]}</span>)'


def undertrained_notes(result: dict, example: Example) -> list[str]:
    """How the paper finds the listed tokens, and what max_prob is."""
    return [f"{escape(PAPER)} finds these tokens in each model's own embedding matrix, then asks the model to repeat "
            "each one; max_prob is the most probability it gave the token."]


def undertrained_answer(result: dict, example: Example) -> list[str]:
    """Each tokenizer's tokens on the paper's under-trained list, with their verdicts, from the marks."""
    items = []
    for tok in result["tokenizers"]:
        if tok["undertrained_count"] is None:
            items.append("no under-trained list is published for this model")
            continue
        seen = {}  # each listed id once, in the order of the text
        for t in tok["tokens"]:
            if t["undertrained"]:
                seen.setdefault(t["id"], t)
        n = tok["undertrained_count"]
        items.append(f"<b>{n}</b> under-trained (paper)"  # the panel's count in its words: short, as large as it is
                     + (": " + ", ".join(verdict_html(tok, t) for t in seen.values()) if seen else ""))
    return items


@lru_cache(maxsize=64)  # 2 examples x the panels' choices of tokenizers: a few bytes each
def english_counts(key: str, names: tuple[str, ...]) -> dict[str, int]:
    """Each tokenizer's token count for the English translation of example `key`."""
    return {t["name"]: t["count"] for t in compare(EXAMPLES_BY_KEY[key].english, tokenizers=names)["tokenizers"]}


def letters_as_written(text: str) -> list[str]:
    """The text's grapheme clusters (regex's \\X, Unicode's rules): what a reader counts as one letter, a
    consonant with its virama and vowel signs in Hindi, where len(text) counts each code point."""
    return regex.findall(r"\X", text)


def language_answer(result: dict, example: Example) -> list[str]:
    english = english_counts(example.key, tuple(t["name"] for t in result["tokenizers"]))
    letters = len(letters_as_written(result["text"]))
    items = []
    for tok in result["tokenizers"]:
        n, points = tok["count"], tok["chars"]
        counted, per = ((f"{points} characters (code points)", "character") if letters == points
                        else (f"{points} code points ({letters} letters)", "code point"))
        fragments = sum(t["partial"] for t in tok["tokens"])
        ratio = n / english[tok["name"]]
        items.append(f"<b>{n}</b> tokens for {counted}: <b>{n / points if points else 0:.2f}</b> per {per}; "
                     f"<b>{fragments}</b> byte fragments; <b>{ratio:.1f}x</b> the {english[tok['name']]} tokens of "
                     "the English sentence")
    return items


def code_point_names(letter: str) -> str:
    """The code points of a letter by Unicode's names, lower case, a script's name said once: "devanagari letter
    sa, sign virama, letter ta and vowel sign e"; U+000D for one without a name."""
    names = [unicodedata.name(c).lower() if unicodedata.name(c, "") else f"U+{ord(c):04X}" for c in letter]
    script = names[0].split(" ")[0] + " "
    if all(name.startswith(script) for name in names):
        names = [names[0]] + [name[len(script):] for name in names[1:]]
    return and_list(names)


def language_notes(result: dict, example: Example) -> list[str]:
    """The English sentence the counts are compared with and, where a letter as written is more than one code
    point, what a code point is, the text's longest letter spelled out in them."""
    english = f"<b>The English sentence:</b> “{escape(example.english)}”"
    letters = letters_as_written(result["text"])
    if len(letters) == len(result["text"]):
        return [english]
    letter = max(letters, key=len)
    return [f"{english} <b>Code points</b> are Unicode's characters; a letter as written (a grapheme cluster) can be "
            f"several: {escape(letter)} is {len(letter)}, {escape(code_point_names(letter))}."]


def number_answer(result: dict, example: Example) -> list[str] | str:
    at = result["text"].find(NUMBER)
    if at < 0:
        return f"This text has no {NUMBER} to look at."
    return [f"<b>{len(pieces)}</b> piece{'s' * (len(pieces) != 1)}: {piece_list(tok, pieces)}"
            for tok in result["tokenizers"]
            for pieces in [overlapping(tok, at, at + len(NUMBER))]]


ANSWERS = {"code": whitespace_answer, "magikarp": glitch_answer, "hindi": language_answer,
           "mandarin": language_answer, "numbers": number_answer, "glitch": undertrained_answer}
# Said under the rows, as large as they are (HTML): the key to the rows' own words, for the back of the room. The
# Glitch tokens question is which tokens a model barely learned: red is the paper's word for that.
KEYS = {"glitch": "<b>Red</b>: max_prob under 0.001, the model barely learned the token; <b>green</b>: 0.1 or more, "
                  "it could repeat it after all."}
# Said after the computed answer, whole (paragraphs of HTML): what it is compared with, what its words mean.
NOTES = {"magikarp": glitch_notes, "glitch": undertrained_notes, "hindi": language_notes, "mandarin": language_notes}


def loss_html(text: str, tok: dict) -> str:
    """What the tokenizer lost of the text, said before its figures (its count is not comparable), or nothing."""
    loss = text_loss(text, tok)
    if loss is None:
        return ""
    return f'<span class="loss{"" if loss.comparable else " lost"}">{escape(loss.sentence())}</span> '


def answer_html(key: str, result: dict) -> str:
    """The answer to the example's question, computed from compare()'s result on the text as it is now
    (without special tokens, every token a dict), for the tokenizers in it."""
    example = EXAMPLES_BY_KEY.get(key)
    if example is None:
        return ""
    answer = ANSWERS[key](result, example)
    lead = "" if result["text"] == example.text else '<p class="edited">Computed on your edited text.</p>'
    if isinstance(answer, str):
        return f"{lead}<p>{escape(answer)}</p>"
    items = "".join(f'<li data-tokenizer="{tok["name"]}"><span class="who">{escape(tok["label"])}:</span> '
                    f'{loss_html(result["text"], tok)}{line}</li>' for tok, line in zip(result["tokenizers"], answer))
    key_line = f'<p class="key">{KEYS[key]}</p>' if key in KEYS else ""
    notes = "".join(f"<p>{note}</p>" for note in NOTES[key](result, example)) if key in NOTES else ""
    return f"{lead}<ul>{items}</ul>{key_line}{notes}"
