"""The panels' markup, element by element, against values written here: ids and bytes checked against
the official libraries, labels and hover cards spelled out, every class one the page styles or scripts.

Bugs caught: a token drawn in the wrong group, a wrong label or hover card, a class the stylesheet does not
know (the page would lose its look), a note shown when nothing was left out.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from render_js import panel_html, panel_parts, stats_html, token_tip

from playground import compare
from playground.lesson.display import segments, show_whitespace, token_label
from playground.lesson.examples import EXAMPLES_BY_KEY
from playground.page.colors import text_color, token_color

STATIC = Path(__file__).resolve().parent.parent / "playground" / "page" / "static"
TEXT = "Hi नम  x\x00"  # a partial (Hindi), two spaces (BERT drops them), a control character
GPT2_IDS = [17250, 28225, 101, 11976, 106, 220, 2124, 188]


def soup(html: str) -> BeautifulSoup:
    return BeautifulSoup(html, "html5lib")  # as a browser parses it (html.parser folds a run of spaces)


def panel(name: str, text: str = TEXT, special: bool = True, **kwargs) -> BeautifulSoup:
    result = compare(text, special, tokenizers=(name,))
    return soup(panel_html(result["tokenizers"][0], result["text"], **kwargs))


def drawn(body: BeautifulSoup) -> list[tuple]:
    """The panel's token area, in order: ("tok", kind, id, start, end, label), ("gap", text) and
    ("group", start, end, character, [its byte chips as toks])."""
    def tok(el) -> tuple:
        kind = " ".join(c for c in el["class"] if c != "tok")
        return ("tok", kind, int(el["data-id"]), int(el["data-start"]), int(el["data-end"]), el.get_text())

    toks = body.select_one(".toks")
    for area in (toks, *toks.select(".group-bytes")):  # blocks only: no text written between them
        assert [text for text in area.find_all(string=True, recursive=False) if text.strip()] == []
    out = []
    for el in toks.find_all(recursive=False):
        if "tok" in el["class"]:
            out.append(tok(el))
        elif el["class"] == ["gap"]:
            assert el["title"] == "no token covers this"
            out.append(("gap", el.get_text()))
        else:
            assert el["class"] == ["group"], el
            char, chips = el.find_all(recursive=False)
            assert char["class"] == ["group-char"] and chips["class"] == ["group-bytes"]
            out.append(("group", int(el["data-start"]), int(el["data-end"]), char.get_text(),
                        [tok(c) for c in chips.find_all(recursive=False)]))
    return out


@pytest.mark.node
def test_the_three_panels_element_by_element(official_gpt2, official_bert, official_llama):
    assert official_gpt2.encode_ordinary(TEXT) == GPT2_IDS
    assert [official_gpt2.decode_single_token_bytes(i) for i in GPT2_IDS[1:5]] == [
        b" \xe0\xa4", b"\xa8", b"\xe0\xa4", b"\xae"]  # न is E0 A4 A8, म is E0 A4 AE
    assert drawn(panel("gpt2")) == [
        ("tok", "", 17250, 0, 2, "Hi"),
        ("group", 2, 4, "·न", [("tok", "partial", 28225, 2, 4, "20 E0 A4"), ("tok", "partial", 101, 3, 4, "A8")]),
        ("group", 4, 5, "म", [("tok", "partial", 11976, 4, 5, "E0 A4"), ("tok", "partial", 106, 4, 5, "AE")]),
        ("tok", "", 220, 5, 6, "·"),
        ("tok", "", 2124, 6, 8, "·x"),
        ("tok", "", 188, 8, 9, "␀"),
    ]
    assert official_bert.encode(TEXT).ids == [101, 7632, 1327, 29867, 1060, 102]
    assert drawn(panel("bert")) == [
        ("tok", "special", 101, 0, 0, "[CLS]"),
        ("tok", "", 7632, 0, 2, "hi"),  # BERT shows its pieces: the lowercasing is seen
        ("gap", "·"),
        ("tok", "", 1327, 3, 4, "न"),
        ("tok", "", 29867, 4, 5, "##म"),
        ("gap", "··"),
        ("tok", "", 1060, 7, 8, "x"),
        ("gap", "␀"),
        ("tok", "special", 102, 9, 9, "[SEP]"),
    ]
    assert [1, *official_llama.encode(TEXT)] == [1, 6324, 29871, 30424, 30485, 29871, 921, 3]
    assert drawn(panel("llama")) == [
        ("tok", "special", 1, 0, 0, "<s>"),
        ("tok", "", 6324, 0, 2, "·Hi"),  # ▁Hi: the space Llama adds before the text is the token's, drawn as the stepper does
        ("tok", "", 29871, 2, 3, "·"),
        ("tok", "", 30424, 3, 4, "न"),
        ("tok", "", 30485, 4, 5, "म"),
        ("tok", "", 29871, 5, 6, "·"),
        ("tok", "", 921, 6, 8, "·x"),
        ("tok", "", 3, 8, 9, "␀"),
    ]


@pytest.mark.node
def test_whitespace_off_shows_the_raw_text_and_ids_on_shows_ids_without_groups():
    assert drawn(panel("gpt2", mark_whitespace=False)) == [
        ("tok", "", 17250, 0, 2, "Hi"),
        ("group", 2, 4, " न", [("tok", "partial", 28225, 2, 4, "20 E0 A4"), ("tok", "partial", 101, 3, 4, "A8")]),
        ("group", 4, 5, "म", [("tok", "partial", 11976, 4, 5, "E0 A4"), ("tok", "partial", 106, 4, 5, "AE")]),
        ("tok", "", 220, 5, 6, " "),
        ("tok", "", 2124, 6, 8, " x"),
        ("tok", "", 188, 8, 9, ""),  # the raw NUL, which a browser's parser drops
    ]
    assert [t[1:] for t in drawn(panel("bert", mark_whitespace=False)) if t[0] == "gap"] == [(" ",), ("  ",), ("",)]
    body = panel("gpt2", show_ids=True)
    assert drawn(body) == [("tok", "partial" if 1 <= k <= 4 else "", i, s, e, str(i)) for k, (i, s, e) in
                           enumerate(zip(GPT2_IDS, [0, 2, 3, 4, 4, 5, 6, 8], [2, 4, 4, 5, 5, 6, 8, 9]))]
    assert body.select_one(".toks")["class"] == ["toks", "ids"]
    assert panel("gpt2").select_one(".toks")["class"] == ["toks"]


@pytest.mark.node
def test_every_token_is_coloured_by_its_tokenizer_and_id_in_both_themes():
    for name in ("gpt2", "bert", "llama"):
        for el in panel(name).select(".tok"):
            light, dark = token_color(name, int(el["data-id"]), "light"), token_color(name, int(el["data-id"]), "dark")
            assert el["style"] == f"background-color:{light};--tok-dark:{dark}"


@pytest.mark.node
def test_hover_cards_spell_out_id_piece_bytes_span_and_kind():
    tips = {int(el["data-id"]): el["data-tip"] for el in panel("gpt2").select(".tok")}
    # The token as its panel draws it ("·world"), then as its vocabulary spells it, said as such; a partial one
    # is drawn as its bytes, given on their own line.
    assert tips[28225] == "id 28225\nvocabulary: Ġà¤\nbytes 20 E0 A4\nchars [2, 4)\npart of a character"
    assert tips[17250] == "id 17250\nvocabulary: Hi\nbytes 48 69\nchars [0, 2)"
    tips = {int(el["data-id"]): el["data-tip"] for el in panel("bert").select(".tok")}
    assert tips[101] == "id 101\nvocabulary: [CLS]\nchars [0, 0)\nspecial token"  # no bytes: a special token has none
    assert tips[102] == "id 102\nvocabulary: [SEP]\nchars [9, 9)\nspecial token"
    assert token_tip("gpt2", {"id": 5, "piece": "p", "bytes_hex": "", "start": 1, "end": 2, "partial": True,
                              "special": True, "undertrained": None}) == (
        "id 5\nvocabulary: p\nchars [1, 2)\npart of a character\nspecial token")
    world = {"id": 995, "piece": "Ġworld", "bytes_hex": "20 77 6F 72 6C 64", "start": 5, "end": 11, "partial": False,
             "special": False, "undertrained": None}
    assert token_tip("gpt2", world, "·world") == "id 995\n·world   vocabulary: Ġworld\nbytes 20 77 6F 72 6C 64\nchars [5, 11)"
    ids_view = {int(el["data-id"]): el["data-tip"] for el in panel("gpt2", show_ids=True).select(".tok")}
    assert ids_view == {int(el["data-id"]): el["data-tip"] for el in panel("gpt2").select(".tok")}  # not "995"


def stats(html: str) -> list[tuple[str | None, str, bool]]:
    """(figure, label, marked bad) for each count under a panel's title; no figure for a sentence."""
    return [(el.b.get_text(), el.get_text()[len(el.b.get_text()) + 1:], "bad" in el["class"]) if el.b
            else (None, el.get_text(), "bad" in el["class"]) for el in soup(html).select(".stats > span")]


@pytest.mark.node
def test_the_counts_under_each_title():
    by = {t["name"]: t for t in compare(TEXT, special=True)["tokenizers"]}
    assert stats(stats_html(by["gpt2"], TEXT)) == [
        ("8", "tokens", False), ("9", "chars", False), ("1.12", "chars/token", False), ("yes", "lossless", False),
        ("0", "unknown", False), ("0", "under-trained (paper)", False)]
    # BERT drops the NUL and one of the two spaces: said beside its count, which is not comparable.
    assert stats(stats_html(by["bert"], TEXT)) == [
        ("6", "tokens", False), (None, "not comparable: drops 1 other character", True),
        ("9", "chars", False), ("1.5", "chars/token", False),  # in place of "no lossless" and "0 [UNK]": the loss
        (None, "no under-trained list published", False)]
    [empty] = compare("", tokenizers=("llama",))["tokenizers"]
    assert stats(stats_html(empty, "")) == [
        ("0", "tokens", False), ("0", "chars", False), ("–", "chars/token", False), ("yes", "lossless", False),
        ("0", "unknown", False), ("0", "under-trained (paper)", False)]
    assert all(el["class"] == ["stat"] for el in soup(stats_html(by["gpt2"], TEXT)).select(".stats > span")[:5])
    assert not [t for t in soup(stats_html(by["gpt2"], TEXT)).select_one(".stats").find_all(string=True, recursive=False)
                if t.strip()]  # nothing written between the counts
    big = "☃ " * 1500  # thousands get their separator
    [bert] = compare(big, tokenizers=("bert",))["tokenizers"]
    assert stats(stats_html(bert, big))[0:3:2] == [("1,500", "tokens", False), ("3,000", "chars", False)]
    assert stats(stats_html(bert, big))[1] == (None, "not comparable: 1,500 of 1,500 tokens are [UNK]", True)
    assert stats(stats_html(bert, big))[4] == ("1,500", "[UNK]", False)


@pytest.mark.node
def test_one_token_and_one_char_are_counted_in_the_singular():
    [gpt2] = compare("a", tokenizers=("gpt2",))["tokenizers"]
    assert stats(stats_html(gpt2, "a"))[:3] == [("1", "token", False), ("1", "char", False), ("1", "chars/token", False)]
    [gpt2] = compare("aa a", tokenizers=("gpt2",))["tokenizers"]  # "aa", " a"
    assert stats(stats_html(gpt2, "aa a"))[:2] == [("2", "tokens", False), ("4", "chars", False)]


@pytest.mark.node
def test_the_indentation_count_appears_only_for_indented_text():
    code = EXAMPLES_BY_KEY["code"].text
    [gpt2] = compare(code, tokenizers=("gpt2",))["tokenizers"]
    indented = {k for line in re.finditer(r"^ +", code, re.MULTILINE) for k in range(*line.span())}
    indent = [t for t in gpt2["tokens"] if t["text"] and set(range(t["start"], t["end"])) <= indented]
    assert len(indent) == 13  # GPT-2 spells each run of spaces in single-space tokens but the last
    assert stats(stats_html(gpt2, code))[5] == ("13", "on indentation", False)
    [flat] = compare("no indent\nhere", tokenizers=("gpt2",))["tokenizers"]
    assert [label for _, label, _ in stats(stats_html(flat, "no indent\nhere"))] == [
        "tokens", "chars", "chars/token", "lossless", "unknown", "under-trained (paper)"]
    [bert] = compare("  x", tokenizers=("bert",))["tokenizers"]  # BERT drops the spaces: 0, and still said
    assert stats(stats_html(bert, "  x"))[4] == ("0", "on indentation", False)
    assert stats(stats_html(bert, "  x"))[1] == (None, "not comparable: drops runs of spaces", True)


@pytest.mark.node
def test_panel_head_names_tokenizer_library_and_vocabulary():
    for name, label, sub in [("gpt2", "GPT-2 byte-level BPE", "tiktoken · vocabulary 50,257"),
                             ("bert", "BERT WordPiece", "transformers · vocabulary 30,522"),
                             ("llama", "Llama 2 SentencePiece", "sentencepiece · vocabulary 32,000")]:
        body = panel(name)
        root = body.select_one("body > div")
        assert root["class"] == ["panel-body"] and root["data-tokenizer"] == name
        assert body.select_one(".panel-head h3").get_text() == label
        assert body.select_one(".panel-head .sub").get_text() == sub
        toks = body.select_one(".toks")
        assert toks["tabindex"] == "0" and toks["aria-label"] == f"{label} tokens"


@pytest.mark.node
def test_what_decode_gives_back_is_noted_only_for_a_normalizing_tokenizer_that_lost_text():
    notes = [p.get_text() for p in panel("bert").select("p.note")]
    assert notes == ["decode(encode(text)) gives back: hi नम x"]
    assert panel("bert").select_one("p.note q").get_text() == "hi नम x"
    assert panel("gpt2").select("p.note") == [] and panel("llama").select("p.note") == []
    assert panel("bert", "hello world").select("p.note") == []  # lowercase already: nothing lost
    long = "Ab " * 100  # 300 characters: the note keeps the first 160 and says the rest goes on
    [back] = [q.get_text() for q in panel("bert", long).select("p.note q")]
    assert back == ("ab " * 100).strip()[:160] + "…"
    short = "Ab " * 53  # decodes to 158 characters: shown whole
    assert [q.get_text() for q in panel("bert", short).select("p.note q")] == [("ab " * 53).strip()]
    edge = "ab " * 53 + "c"  # 160 characters: shown whole; one more is cut to 160
    assert [q.get_text() for q in panel("bert", edge.title()).select("p.note q")] == [edge]
    assert [q.get_text() for q in panel("bert", (edge + "d").title()).select("p.note q")] == [edge + "…"]
    both = panel("bert", "Ab " * 1100)  # two notes: nothing written between them
    assert [p.get_text()[:8] for p in both.select("p.note")] == ["Drawing ", "decode(e"]
    assert not [t for t in both.select_one(".panel-body").find_all(string=True, recursive=False) if t.strip()]


@pytest.mark.node
def test_a_long_text_draws_its_first_thousand_tokens_and_no_gap_after_them(official_gpt2):
    text = "a" + " a" * 1200
    body = panel("gpt2", text, special=False)
    assert len(body.select(".tok")) == 1000 and body.select(".gap") == []
    assert [p.get_text() for p in body.select("p.note")] == [
        "Drawing the first 1,000 of 1,201 tokens; the counts above are for all of them."]
    assert int(body.select(".tok")[-1]["data-end"]) == 1 + 2 * 999


@pytest.mark.node
def test_a_panel_draws_at_most_five_thousand_characters_and_says_what_it_left_out():
    """Bug caught: 100,000 spaces drawn as 782 blocks of 128 marks in each panel, seconds a key."""
    def notes(body):
        return [p.get_text() for p in body.select("p.note")]

    bert = panel("bert", " " * 6_000, special=False)  # BERT drops every space: one gap, cut where the drawing stops
    assert bert.select(".tok") == [] and [g.get_text() for g in bert.select(".gap")] == ["·" * 5_000]
    assert notes(bert) == ["Drawing the first 5,000 of 6,000 characters (a panel draws at most 5,000); the counts "
                           "above are for all of them.", "decode(encode(text)) gives back: "]
    assert "<b>6,000</b> chars" in str(bert)
    far = panel("bert", " " * 6_000 + "end", special=False)  # its one token past the bound: the gap before it drawn
    assert far.select(".tok") == [] and [g.get_text() for g in far.select(".gap")] == ["·" * 5_000]
    assert notes(far)[0] == ("Drawing the first 0 of 1 tokens, the first 5,000 of 6,003 characters (a panel draws "
                             "at most 5,000); the counts above are for all of them.")
    whole = panel("gpt4", " " * 5_000, special=False)  # 40 tokens of up to 128 spaces
    assert notes(whole) == [] and whole.select_one(".toks").get_text() == "·" * 5_000
    text = " " * 4_998 + "ab" * 100  # the tokens that end within 5,000 characters, from the official library
    [gpt4] = compare(text, tokenizers=("gpt4",))["tokenizers"]
    drawn = sum(end <= 5_000 for end in gpt4["ends"])
    body = panel("gpt4", text, special=False)
    assert [int(t["data-end"]) for t in body.select(".tok")] == gpt4["ends"][:drawn]
    assert notes(body) == [f"Drawing the first {drawn:,} of {gpt4['count']:,} tokens, the first {gpt4['ends'][drawn - 1]:,} "
                           "of 5,198 characters (a panel draws at most 5,000); the counts above are for all of them."]


def classes(html: str) -> set[str]:
    return {c for el in soup(html).find_all(class_=True) for c in el["class"]}


@pytest.mark.node
def test_every_class_the_panels_write_is_one_the_page_styles_or_scripts():
    """A misspelt class loses its look or its behaviour silently: each must be in playground.css or one of
    the page's scripts, or be one of the hooks the tests and outside checks select by."""
    page = "".join(path.read_text() for path in (STATIC / "playground.css", *sorted(STATIC.glob("*.js"))))
    hooks = {"partial", "stat", "panel-body", "undertrained-stat"}  # hooks the tests select by
    written = set()
    for name in ("gpt2", "bert", "llama"):
        for kwargs in ({}, {"show_ids": True}):
            written |= classes(str(panel(name, **kwargs)))
    assert written >= {"tok", "partial", "special", "gap", "group", "group-char", "group-bytes", "stats", "stat",
                       "bad", "note", "panel-body", "panel-head", "sub", "toks", "ids"}
    for name in written - hooks:
        assert re.search(rf"[.'\"]{re.escape(name)}\b", page), f"class {name!r} is in no stylesheet or script"


@pytest.mark.parametrize("text, expected", [
    ("  x\n\r\t\x7f", "··x↵\n␍→␡"),
    ("\x00\x1f", "␀␟"),
    ("plain", "plain"),
])
def test_whitespace_marks(text, expected):
    assert show_whitespace(text) == expected


def test_token_labels():
    base = {"id": 1, "piece": "Ġhi", "text": " hi", "start": 0, "end": 3, "bytes_hex": "20 68 69", "partial": False,
            "special": False}
    assert token_label(base) == "·hi"
    assert token_label(base, mark_whitespace=False) == " hi"
    assert token_label(base, normalizes=True) == "Ġhi"
    assert token_label({**base, "partial": True}) == "20 68 69"
    assert token_label({**base, "special": True}) == "Ġhi"
    assert token_label({**base, "text": ""}) == "Ġhi"  # covers no character: its piece
    dummy = {**base, "piece": "\u2581", "text": "", "bytes_hex": "20"}  # Llama's dummy prefix: a space, drawn as one
    assert token_label(dummy) == "·" and token_label(dummy, mark_whitespace=False) == "\u2581"


def test_segments_walk_tokens_groups_and_gaps():
    def tok(start, end):
        return {"start": start, "end": end}

    got = [(s.start, s.end, len(s.tokens)) for s in
           segments("abcdefgh", [tok(1, 2), tok(2, 4), tok(3, 4), tok(3, 5), tok(6, 7)])]
    assert got == [(0, 1, 0), (1, 2, 1), (2, 5, 3), (5, 6, 0), (6, 7, 1), (7, 8, 0)]
    assert [(s.start, s.end, len(s.tokens)) for s in segments("ab", [])] == [(0, 2, 0)]
    assert [(s.start, s.end, len(s.tokens)) for s in segments("ab", [tok(0, 2)])] == [(0, 2, 1)]
    assert list(segments("", [])) == []


def test_text_on_the_blocks_is_near_black_by_default_and_near_white_on_dark():
    assert (text_color(), text_color("light"), text_color("dark")) == ("#111111", "#111111", "#f5f5f5")


@pytest.mark.node
def test_a_long_bert_text_keeps_its_gaps_up_to_the_last_drawn_token():
    text = "a " * 1200  # BERT: 1,200 "a" tokens, the spaces between them dropped
    body = panel("bert", text, special=False)
    assert len(body.select(".tok")) == 1000
    assert [g.get_text() for g in body.select(".gap")] == ["·"] * 999  # none after the 1,000th token


def blocks(html: str) -> list[tuple[str, str]]:
    """(element, its text) of each top-level element of a fragment, in order."""
    return [(el.name, el.get_text()) for el in soup(html).body.children]


def drawn_alone(text: str, tokens: list[dict], count: int) -> dict:
    """GPT-2's result for text with these tokens in place of its own (count of them in all): a panel of them."""
    result = compare(text, tokenizers=("gpt2",))["tokenizers"][0]
    return {**result, "tokens": tokens, "count": count, "ids": [t["id"] for t in tokens],
            "starts": [t["start"] for t in tokens], "ends": [t["end"] for t in tokens]}


@pytest.mark.node
@pytest.mark.parametrize("text, mark_whitespace, expected", [
    ("\r\n", False, [("span", ""), ("br", "")]),  # one line break, not two: CRLF is one end of line
    ("x\r\n", False, [("span", "x"), ("br", "")]),
    ("\n  ", False, [("br", ""), ("span", "  ")]),  # the indentation opens the next line
    ("a\rb", False, [("br", ""), ("span", "ab")]),
    ("\n", True, [("span", "↵"), ("br", "")]),
])
def test_a_tokens_line_breaks_go_outside_its_block(text, mark_whitespace, expected):
    token = {"id": 5, "piece": "p", "text": text, "start": 0, "end": len(text), "bytes_hex": "", "partial": False,
             "special": False, "undertrained": None}
    _, parts, _ = panel_parts(drawn_alone(text, [token], 1), text, mark_whitespace=mark_whitespace)
    assert blocks("".join(parts)) == expected


@pytest.mark.node
def test_a_partial_token_drawn_alone_shows_its_bytes_in_one_block():
    """The last token drawn may hold part of a character whose other bytes are not drawn: one block, its bytes."""
    token = {"id": 127, "piece": "Ã", "text": "é", "start": 0, "end": 1, "bytes_hex": "C3", "partial": True,
             "special": False, "undertrained": None}
    _, parts, _ = panel_parts(drawn_alone("é", [token], 2), "é")
    assert blocks("".join(parts)) == [("span", "C3")]


@pytest.mark.node
def test_a_label_of_no_width_gets_a_mark_and_its_names_on_the_card():
    """A zero-width joiner: Llama 2's token 30722 alone, GPT-2's three bytes under a character that shows nothing."""
    llama = panel("llama", "a\u200db", special=False)
    [joiner] = llama.select(".tok.invisible")
    assert (joiner["data-id"], joiner["data-mark"], joiner.get_text()) == ("30722", "U+200D", "\u200d")
    assert joiner["data-tip"].endswith("\ninvisible: U+200D ZERO WIDTH JOINER")
    assert [t["data-id"] for t in llama.select(".tok:not(.invisible)")] == ["263", "29890"]
    gpt2 = panel("gpt2", "a\u200db", special=False)
    [char] = gpt2.select(".group-char.invisible")
    assert char["data-mark"] == "U+200D" and not gpt2.select(".tok.invisible")  # its chips show E2 80, 8D


@pytest.mark.node
@pytest.mark.parametrize("text, rtl", [("مرحبا بالعالم", True), ("שלום עולם", True), ("123 مرحبا", True),
                                       ("Hello مرحبا", False), ("Hello world", False), ("", False)])
def test_a_right_to_left_text_lays_its_tokens_from_the_right(text, rtl):
    for name in ("gpt2", "bert", "llama"):
        toks = panel(name, text, special=False).select_one(".toks")
        assert toks.get("dir") == ("rtl" if rtl else None), name
