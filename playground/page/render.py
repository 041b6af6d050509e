"""HTML for the web page's three panels: pure functions from compare()'s dict to markup.

Every piece of user text goes through html.escape, so whatever is typed or pasted
(`<img src=x onerror=...>`, `</div><script>`) is shown as text and never runs.
Test hooks kept stable for outside checks: each token is an element with class "tok"
and attributes data-id, data-start, data-end, its colour as its background.
"""

from __future__ import annotations

from html import escape

from playground.lesson.lecture import INDENTATION, indentation_token_count
from playground.page.colors import token_colors
from playground.page.display import segments, show_whitespace, token_label
from playground.tokenizers.base import Token
from playground.tokenizers.undertrained import PAPER, Undertrained, indicator_name, report_model

MAX_DRAWN_TOKENS = 1000  # per panel: a browser tab stays responsive, a slide stays readable
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


def token_tip(tokenizer: str, token: Token) -> str:
    """The hover card: id, raw piece, bytes and span, and the paper's figures for an under-trained token."""
    tip = f"id {token['id']}\npiece {token['piece']}\n"
    if token["bytes_hex"]:
        tip += f"bytes {token['bytes_hex']}\n"
    tip += f"chars [{token['start']}, {token['end']})"
    if token["partial"]:
        tip += "\npart of a character"
    if token["special"]:
        tip += "\nspecial token"
    if token["undertrained"]:
        tip += undertrained_tip(tokenizer, token["undertrained"])
    return tip


def token_html(tokenizer: str, token: Token, label: str) -> str:
    kind = " partial" if token["partial"] else " special" if token["special"] else ""
    mark = token["undertrained"]
    verdict = f' undertrained" data-verdict="{mark["verdict"]}' if mark else ""  # the verdict is the data's own word
    light, dark = token_colors(tokenizer, token["id"])
    return (
        f'<span class="tok{kind}{verdict}" data-id="{token["id"]}" data-start="{token["start"]}" '
        f'data-end="{token["end"]}" data-tip="{escape(token_tip(tokenizer, token))}" '
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


def tokens_html(result: dict, text: str, *, show_ids: bool, mark_whitespace: bool) -> str:
    """The coloured blocks of one tokenizer, at most MAX_DRAWN_TOKENS of them."""
    name, normalizes = result["name"], result["normalizes"]
    drawn = result["tokens"][:MAX_DRAWN_TOKENS]
    if len(drawn) < result["count"]:
        text = text[: drawn[-1]["end"]]  # no trailing gap past the last drawn token

    def ws(s: str) -> str:
        return show_whitespace(s) if mark_whitespace else s

    parts = []
    for seg in segments(text, drawn):
        if not seg.tokens:  # characters no token covers: BERT drops spaces and control characters
            parts.append(f'<span class="gap" title="no token covers this">{escape(ws(text[seg.start:seg.end]))}</span>')
        elif show_ids:
            parts.extend(token_html(name, t, str(t["id"])) for t in seg.tokens)
        elif len(seg.tokens) == 1 or not any(t["partial"] for t in seg.tokens):
            parts.extend(line_broken_token_html(name, t, token_label(t, normalizes, mark_whitespace))
                         for t in seg.tokens)
        else:  # a character split into bytes: the character on top, its byte chips underneath
            chips = "".join(token_html(name, t, token_label(t, normalizes, mark_whitespace)) for t in seg.tokens)
            parts.append(
                f'<span class="group" data-start="{seg.start}" data-end="{seg.end}">'
                f'<span class="group-char">{escape(ws(text[seg.start:seg.end]))}</span>'
                f'<span class="group-bytes">{chips}</span></span>'
            )
    return "".join(parts)


def stats_html(result: dict, text: str) -> str:
    """The counts under a panel's title."""
    cpt = result["chars_per_token"]
    items = [
        (f"{result['count']:,}", "tokens"),
        (f"{result['chars']:,}", "chars"),
        ("–" if cpt is None else f"{cpt:g}", "chars/token"),
        ("yes" if result["lossless"] else "no", "lossless"),
        (f"{result['unk_count']:,}", "[UNK]" if result["name"] == "bert" else "unknown"),
    ]
    indent = indentation_token_count(text, result["starts"], result["ends"])
    if indent or INDENTATION.search(text):
        items.append((f"{indent:,}", "on indentation"))
    cells = "".join(
        f'<span class="stat{" bad" if label == "lossless" and value == "no" else ""}">'
        f"<b>{value}</b> {escape(label)}</span>"
        for value, label in items
    )
    return f'<div class="stats">{cells}{undertrained_stat(result)}</div>'


def undertrained_stat(result: dict) -> str:
    """How many tokens are on the paper's under-trained list, or that no list is published for this model."""
    n = result["undertrained_count"]
    if n is None:
        return f'<span class="stat undertrained-stat" title="{escape(PAPER)}">no under-trained list published</span>'
    about = f"{PAPER}: its report on {report_model(result['name'])}; each marked token's card gives its verdict"
    return f'<span class="stat undertrained-stat" title="{escape(about)}"><b>{n:,}</b> under-trained (paper)</span>'


def panel_html(result: dict, text: str, *, show_ids: bool = False, mark_whitespace: bool = True) -> str:
    """One tokenizer's whole panel: title, counts, coloured tokens, notes."""
    notes = []
    shown = min(len(result["tokens"]), MAX_DRAWN_TOKENS)
    if shown < result["count"]:
        notes.append(f"Drawing the first {shown:,} of {result['count']:,} tokens; the counts above are for all of them.")
    if not result["lossless"] and result["normalizes"]:
        back = result["decoded"]
        back = back if len(back) <= 160 else back[:160] + "…"
        notes.append(f"decode(encode(text)) gives back: <q>{escape(back)}</q>")
    notes_html = "".join(f'<p class="note">{n}</p>' for n in notes)
    return (
        f'<div class="panel-body" data-tokenizer="{result["name"]}">'
        f'<div class="panel-head"><h3>{escape(result["label"])}</h3>'
        f'<span class="sub">{escape(result["library"])} · vocabulary {result["vocab_size"]:,}</span></div>'
        f"{stats_html(result, text)}"
        f'<div class="toks{" ids" if show_ids else ""}" tabindex="0" aria-label="{escape(result["label"])} tokens">'
        f"{tokens_html(result, text, show_ids=show_ids, mark_whitespace=mark_whitespace)}</div>"
        f"{notes_html}</div>"
    )
