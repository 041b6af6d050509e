"""HTML for the web page's three panels: pure functions from compare()'s dict to markup.

Every piece of user text goes through html.escape, so whatever is typed or pasted
(`<img src=x onerror=...>`, `</div><script>`) is shown as text and never runs.
Test hooks kept stable for outside checks: each token is an element with class "tok"
and attributes data-id, data-start, data-end, its colour as its background.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from html import escape
from typing import NamedTuple

from playground.lesson.display import Segment, invisible_mark, right_to_left, segments, show_whitespace, token_label
from playground.lesson.lecture import INDENTATION, indentation_token_count
from playground.lesson.loss import text_loss
from playground.page.colors import token_colors
from playground.tokenizers.base import Token
from playground.tokenizers.browser import twin_declaration
from playground.tokenizers.undertrained import PAPER, Undertrained, indicator_name, report_model

MAX_DRAWN_TOKENS = 1000  # per panel: a browser tab stays responsive, a slide stays readable
# Token blocks kept, by every value they show (about 600 bytes each with their keys): typing redraws
# the same blocks keystroke after keystroke, three panels of up to 1,000, for everyone in a class.
CACHED_TOKEN_BLOCKS = 16_384
# What each verdict colour of the report says about max_prob (assets/undertrained/README.md).
VERDICT_MEANING = {
    "red": "red: below 0.001, the report's strongest evidence",
    "orange": "orange: 0.001 to 0.01, still under the report's 0.01 line",
    "yellow": "yellow: 0.01 to 0.1, above the report's 0.01 line",
    "green": "green: 0.1 or more, so the model could repeat it",
}
# What each report's indicator measures; the numbers compare only within one model.
INDICATOR_MEANING = {
    "E_{in} L2 Norm": "the length of this token's row of the input embedding matrix",
    "E_{out} Cosine Distance": "a cosine distance computed on the output (unembedding) matrix",
}


def undertrained_tip(tokenizer: str, mark: Undertrained) -> str:
    """The card's lines for a token on the paper's list: the verdict, then one sentence per number,
    each number as the report prints it."""
    return (f"\nOn the under-trained list of {PAPER} for {report_model(tokenizer)}: verdict {mark['verdict']}."
            f"\nmax_prob {mark['max_prob']}: the model gave this token at most {mark['max_prob']} probability "
            f"when asked to repeat it ({VERDICT_MEANING[mark['verdict']]})."
            f"\nindicator {mark['indicator']}: {INDICATOR_MEANING[indicator_name(tokenizer)]}; lower is more "
            "like the model's unused tokens, and it compares only within one model.")


def token_tip(tokenizer: str, token: Token, label: str | None = None) -> str:
    """The hover card: id, the token as its panel draws it (label) and as its vocabulary spells it, bytes and
    span, and the paper's figures for an under-trained token."""
    drawn = f"{label}   " if label and label != token["piece"] and not token["partial"] else ""  # partial: bytes below
    tip = f"id {token['id']}\n{drawn}vocabulary: {token['piece']}\n"
    if token["bytes_hex"]:
        tip += f"bytes {token['bytes_hex']}\n"
    tip += f"chars [{token['start']}, {token['end']})"
    if token["partial"]:
        tip += "\npart of a character"
    if token["special"]:
        tip += "\nspecial token"
    if label and invisible_mark(label):  # drawn as its code points: say what they are
        tip += "\ninvisible: " + ", ".join(f"U+{ord(c):04X} {unicodedata.name(c, '')}" for c in label)
    if token["undertrained"]:
        tip += undertrained_tip(tokenizer, token["undertrained"])
    return tip


def token_html(tokenizer: str, token: Token, label: str, drawn: str | None = None) -> str:
    """One token's block showing label; its card shows drawn, the token as text view draws it (default: label)."""
    kind = " partial" if token["partial"] else " special" if token["special"] else ""
    mark = token["undertrained"]
    verdict = f' undertrained" data-verdict="{mark["verdict"]}' if mark else ""  # the verdict is the data's own word
    # A label of no width (a zero-width joiner) is given room and its code points (playground.css draws them).
    unseen = f' invisible" data-mark="{code}' if (code := invisible_mark(label)) else ""
    light, dark = token_colors(tokenizer, token["id"])
    return (
        f'<span class="tok{kind}{verdict}{unseen}" data-id="{token["id"]}" data-start="{token["start"]}" '
        f'data-end="{token["end"]}" data-tip="{escape(token_tip(tokenizer, token, label if drawn is None else drawn))}" '
        f'style="background-color:{light};--tok-dark:{dark}">{escape(label)}</span>'
    )


def line_broken_token_html(tokenizer: str, token: Token, label: str) -> str:
    """One token in text view, the line breaks of its newlines outside its block, their marks (↵) inside.

    A token is drawn as one unbreakable block (playground.css), so a newline inside it would stretch
    the block over two lines. The breaks go after the block when the token ends with its newline
    ("\\n": the ↵ closes its line), before it otherwise ("\\n   ": the indentation opens the next line).
    """
    lines = label.replace("\r\n", "\n").replace("\r", "\n")  # unmarked, CR breaks a line as the parser reads it
    breaks = "<br>" * lines.count("\n")
    html = token_html(tokenizer, token, lines.replace("\n", ""))
    return html + breaks if lines.endswith("\n") else breaks + html


def drawn_text(result: dict, text: str) -> str:
    """The part of text a panel draws: all of it, or up to the end of its last drawn token (MAX_DRAWN_TOKENS)."""
    drawn = result["tokens"][:MAX_DRAWN_TOKENS]
    return text[: drawn[-1]["end"]] if len(drawn) < result["count"] else text


def drawn_segments(result: dict, text: str) -> tuple[str, list[Segment]]:
    """(the text drawn, its segments): at most MAX_DRAWN_TOKENS tokens, and no gap past the last drawn one."""
    text = drawn_text(result, text)
    return text, segments(text, result["tokens"][:MAX_DRAWN_TOKENS])


def one_part_a_token(seg: Segment, show_ids: bool) -> bool:
    """Whether a segment's tokens are drawn as blocks, a part each; else it is one part (a gap, or a group of
    byte chips under their character)."""
    return bool(seg.tokens) and (show_ids or len(seg.tokens) == 1 or not any(t["partial"] for t in seg.tokens))


def segment_parts(result: dict, text: str, drawn: list[Segment], *, show_ids: bool, mark_whitespace: bool) -> list[str]:
    """The coloured blocks of these segments of one tokenizer's drawn text, as one string per part: a token
    (with the <br>s of its newlines before or after it), a gap no token covers, or a character's group of
    byte chips. A part holds no <br> but those."""
    name, normalizes = result["name"], result["normalizes"]

    def ws(s: str) -> str:
        return show_whitespace(s) if mark_whitespace else s

    parts = []
    for seg in drawn:
        if not seg.tokens:  # characters no token covers: BERT drops spaces and control characters
            parts.append(f'<span class="gap" title="no token covers this">{escape(ws(text[seg.start:seg.end]))}</span>')
        elif show_ids:
            parts.extend(token_block(name, t, str(t["id"]), False, token_label(t, normalizes, mark_whitespace))
                         for t in seg.tokens)
        elif one_part_a_token(seg, show_ids):
            parts.extend(token_block(name, t, token_label(t, normalizes, mark_whitespace), True) for t in seg.tokens)
        else:  # a character split into bytes: the character on top, its byte chips underneath
            chips = "".join(token_html(name, t, token_label(t, normalizes, mark_whitespace)) for t in seg.tokens)
            char = ws(text[seg.start:seg.end])
            unseen = f' invisible" data-mark="{code}' if (code := invisible_mark(char)) else ""
            parts.append(
                f'<span class="group" data-start="{seg.start}" data-end="{seg.end}">'
                f'<span class="group-char{unseen}">{escape(char)}</span>'
                f'<span class="group-bytes">{chips}</span></span>'
            )
    return parts


def token_block(tokenizer: str, token: Token, label: str, line_broken: bool, drawn: str | None = None) -> str:
    """token_html (its card showing drawn), or line_broken_token_html when line_broken; from a cache unless the
    token is on the paper's list (its figures are a dict), keyed by every value of the token the markup shows."""
    if token["undertrained"]:
        return line_broken_token_html(tokenizer, token, label) if line_broken else token_html(tokenizer, token, label, drawn)
    return _cached_token_block(tokenizer, label, line_broken, token["id"], token["piece"], token["start"], token["end"],
                               token["bytes_hex"], token["partial"], token["special"], drawn)


@lru_cache(maxsize=CACHED_TOKEN_BLOCKS)
def _cached_token_block(tokenizer: str, label: str, line_broken: bool, token_id: int, piece: str, start: int, end: int,
                        bytes_hex: str, partial: bool, special: bool, drawn: str | None) -> str:
    token = Token(id=token_id, piece=piece, text="", start=start, end=end, bytes_hex=bytes_hex, partial=partial,
                  special=special, undertrained=None)  # text: no block shows it (its label does)
    return line_broken_token_html(tokenizer, token, label) if line_broken else token_html(tokenizer, token, label, drawn)


def stats_html(result: dict, text: str) -> str:
    """The counts under a panel's title, what the tokenizer lost of the text beside its count. A figure that
    answers a kind of question says which (data-answers: lecture.ANSWERED_BY), to be hidden until Reveal."""
    cpt = result["chars_per_token"]
    items = [
        (f"{result['count']:,}", "token" + "s" * (result["count"] != 1), ""),
        (f"{result['chars']:,}", "char" + "s" * (result["chars"] != 1), ""),
        ("–" if cpt is None else f"{cpt:g}", "chars/token", "ratio"),
        ("yes" if result["lossless"] else "no", "lossless", ""),
        (f"{result['unk_count']:,}", "[UNK]" if result["name"] == "bert" else "unknown", ""),
    ]
    indent = indentation_token_count(text, result["starts"], result["ends"])
    if indent or INDENTATION.search(text):
        items.append((f"{indent:,}", "on indentation", "indentation"))
    cells = [
        f'<span class="stat{" bad" if label == "lossless" and value == "no" else ""}"'
        f'{f" data-answers={answers}" if answers else ""}><b>{value}</b> {escape(label)}</span>'
        for value, label, answers in items
    ]
    loss = text_loss(text, result)
    if loss is not None:  # beside the count it qualifies, in place of "no lossless" (and of "0 [UNK]"): it says them
        del cells[3:5 if not result["unk_count"] else 4]
        cells.insert(1, f'<span class="stat loss{"" if loss.comparable else " bad"}">{escape(loss.short())}</span>')
    return f'<div class="stats">{"".join(cells)}{undertrained_stat(result)}</div>'


def undertrained_stat(result: dict) -> str:
    """How many tokens are on the paper's under-trained list, or that no list is published for this model."""
    n = result["undertrained_count"]
    if n is None:
        return f'<span class="stat undertrained-stat" title="{escape(PAPER)}">no under-trained list published</span>'
    about = f"{PAPER}: its report on {report_model(result['name'])}; each marked token's card gives its verdict"
    return (f'<span class="stat undertrained-stat" data-answers="undertrained" title="{escape(about)}">'
            f"<b>{n:,}</b> under-trained (paper)</span>")


class PanelParts(NamedTuple):
    """One tokenizer's panel in parts: before + "".join(tokens) + after is the panel, before + after the panel
    with no token."""

    before: str  # the panel up to its tokens: title, counts, and the opening tag of the tokens' box
    tokens: list[str]  # segment_parts(): one string per token, gap or byte group
    after: str  # the end of the tokens' box and the notes under it

    def html(self) -> str:
        return self.before + "".join(self.tokens) + self.after


def server_only(name: str) -> str:
    """What a panel's head says of an added tokenizer with no exact twin in the browser (a Unigram model with
    its normaliser, a tokenizer.json of another kind): it runs on the server only; "" for the others."""
    if twin_declaration(name) is not None:
        return ""
    return (' · <span class="server-only" title="No exact version of this kind of tokenizer runs in the browser: '
            'only the server tokenizes with it">server only</span>')


def panel_parts(result: dict, text: str, *, show_ids: bool = False, mark_whitespace: bool = True) -> PanelParts:
    """One tokenizer's whole panel (title, counts, coloured tokens, notes) in its PanelParts."""
    notes = []
    drawn_count = min(len(result["tokens"]), MAX_DRAWN_TOKENS)
    if drawn_count < result["count"]:
        notes.append(f"Drawing the first {drawn_count:,} of {result['count']:,} tokens; the counts above are for all of them.")
    if not result["lossless"] and result["normalizes"]:
        back = result["decoded"]
        back = back if len(back) <= 160 else back[:160] + "…"
        notes.append(f"decode(encode(text)) gives back: <q>{escape(back)}</q>")
    notes_html = "".join(f'<p class="note">{n}</p>' for n in notes)
    direction = ' dir="rtl"' if right_to_left(text) else ""  # Arabic's tokens laid from the right, as its letters
    before = (
        f'<div class="panel-body" data-tokenizer="{result["name"]}">'
        f'<div class="panel-head"><h3>{escape(result["label"])}</h3>'
        f'<span class="sub">{escape(result["library"])} · vocabulary {result["vocab_size"]:,}{server_only(result["name"])}'
        '</span></div>'
        f"{stats_html(result, text)}"
        f'<div class="toks{" ids" if show_ids else ""}"{direction} tabindex="0" '
        f'aria-label="{escape(result["label"])} tokens">'
    )
    text_drawn, drawn = drawn_segments(result, text)
    tokens = segment_parts(result, text_drawn, drawn, show_ids=show_ids, mark_whitespace=mark_whitespace)
    return PanelParts(before, tokens, f"</div>{notes_html}</div>")


# The marks the panels, answers, cards and stepper draw, said once by the panels.
MARKS = (("·", "space"), ("→", "tab"), ("↵", "newline"), ("##", "continues a word"))


def marks_legend_html() -> str:
    """A line saying what each mark stands for, and what a byte chip is."""
    marks = "".join(f'<span class="mark"><code>{escape(m)}</code> {escape(what)}</span>' for m, what in MARKS)
    chip = '<span class="mark"><span class="legend-chip">E0 A4</span> bytes of a split character</span>'
    return (f'<p class="marks-legend" title="A card\'s &quot;vocabulary:&quot; line spells the piece as its vocabulary '
            f'stores it (Ġ or ▁ for a space)">{marks}{chip}</p>')
