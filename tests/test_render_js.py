"""The page's panels renderer in JavaScript (playground/page/render.js) and the lesson's twins it draws with
(playground/lesson/display.js, loss.js, lecture.js): the twins say what display.py, loss.py and lecture.py say on
a corpus (the browser twin tests' hard strings and seeded random strings, under all eight tokenizers), their Unicode
facts are Python's for every code point, known panels are drawn to the byte, and the page carries the renderer."""

from __future__ import annotations

import json
import re
import unicodedata

import pytest
from render_js import call, chat_answer_html, chat_panel_html, panel_html
from test_browser_twin import HARD, long_text, random_texts

from playground import chat, compare
from playground.lesson import chat_example
from playground.lesson.display import invisible_mark, right_to_left, segments, show_whitespace, token_label
from playground.lesson.lecture import indentation_token_count
from playground.lesson.loss import text_loss
from playground.tokenizers.registry import TOKENIZER_NAMES

pytestmark = pytest.mark.node

CORPUS = HARD + random_texts(400)


@pytest.fixture(scope="module")
def results() -> dict[str, list[tuple[str, dict]]]:
    """(text, compare()'s entry) for every text of the corpus, by tokenizer."""
    return {name: [(text, compare(text, tokenizers=(name,))["tokenizers"][0]) for text in CORPUS]
            for name in TOKENIZER_NAMES}


def test_unicode_facts_are_pythons_for_every_assigned_code_point():
    """unicode_facts.js is what this Python says (a stale table, or the browser's own Unicode, would differ)."""
    chars = "".join(chr(cp) for cp in range(0x110000)
                    if not 0xD800 <= cp < 0xE000 and unicodedata.category(chr(cp)) != "Cn")
    assert call("perChar", "invisibleMark", chars) == [invisible_mark(c) for c in chars]
    assert call("perChar", "rightToLeft", chars) == [right_to_left(c) for c in chars]
    assert call("perChar", "nfd", chars) == [unicodedata.normalize("NFD", c) for c in chars]
    assert call("perChar", "lower", chars) == [[c.lower()] for c in chars]
    assert call("nfd", "a\u0301\u0323\uac01\u1e69\u0307") == unicodedata.normalize("NFD", "a\u0301\u0323\uac01\u1e69\u0307")
    assert call("nfd", "a\u0301\u0323") == "a\u0323\u0301"  # reordered by combining class: 220 before 230


def test_show_whitespace_and_right_to_left_equal_pythons():
    texts = CORPUS + ["".join(map(chr, range(0x80))), "\r\n\t \x7f\x85"]
    assert call("each", "showWhitespace", [[t] for t in texts]) == [show_whitespace(t) for t in texts]
    assert call("each", "rightToLeft", [[t] for t in texts]) == [right_to_left(t) for t in texts]
    assert call("showWhitespace", "  x\n\r\t\x00\x7f") == "··x↵\n␍→␀␡"
    assert call("rightToLeft", "123 مرحبا") is True and call("rightToLeft", "x مرحبا") is False


def test_segments_labels_and_indentation_equal_pythons(results):
    for name, pairs in results.items():
        got = call("each", "segments", [[len(text), r["tokens"]] for text, r in pairs])
        assert got == [[[s.start, s.end, len(s.tokens)] for s in segments(text, r["tokens"])] for text, r in pairs], name
        jobs = [(t, r["normalizes"], ws) for _, r in pairs for t in r["tokens"] for ws in (True, False)]
        assert call("each", "tokenLabel", [list(job) for job in jobs]) == [token_label(*job) for job in jobs], name
        assert call("each", "indentationTokenCount", [[text, r["starts"], r["ends"]] for text, r in pairs]) == [
            indentation_token_count(text, r["starts"], r["ends"]) for text, r in pairs], name


def python_loss(text: str, result: dict) -> dict | None:
    loss = text_loss(text, result)
    return loss and {**loss._asdict(), "dropped": list(loss.dropped), "comparable": loss.comparable,
                     "what": loss.what(), "short": loss.short(), "sentence": loss.sentence()}


def test_text_loss_equals_pythons_on_the_corpus(results):
    said = 0
    for name, pairs in results.items():
        expected = [python_loss(text, r) for text, r in pairs]
        assert call("each", "textLoss", [[text, r] for text, r in pairs]) == expected, name
        said += sum(loss is not None for loss in expected)
    assert said > 500  # the corpus makes the tokenizers lose things: the comparison compared words


def test_the_count_lines_loss_is_pythons_for_the_tokens_the_page_has(results):
    """A panel's count line says loss.short() and whether the count compares; the page's entry holds the first 1,000
    tokens only (MAX_DRAWN_TOKENS), and with a token [UNK] the line says the [UNK] alone, so the characters dropped
    are not looked for (countLineLoss). What Python's text_loss says with every token, on the corpus and on 20,000
    characters of every script (BERT: a thousand [UNK] past the first 1,000 tokens)."""
    cases = [(text, r) for pairs in results.values() for text, r in pairs]
    text = long_text(20_000)
    cases += [(text, compare(text, tokenizers=(name,))["tokenizers"][0]) for name in ("bert", "llama", "gpt2")]
    expected = [(loss.short(), loss.comparable) if (loss := text_loss(t, r)) else None for t, r in cases]
    page_has = [[t, {**r, "tokens": r["tokens"][:1000]}] for t, r in cases]
    assert [tuple(said) if said else None for said in call("each", "countLine", page_has)] == expected
    assert cases[-3][1]["unk_count"] > 0 and len(cases[-3][1]["tokens"]) > 1000  # BERT's [UNK] past the cut


def test_text_loss_equals_pythons_past_the_aligned_length():
    """Over 2,000 differing characters loss counts what is lost instead of aligning it (ALIGNED_CHARS)."""
    text = long_text(20_000)
    for name in ("bert", "llama", "gpt2"):
        result = compare(text, tokenizers=(name,))["tokenizers"][0]
        assert call("textLoss", text, result) == python_loss(text, result), name
    bert = compare(text, tokenizers=("bert",))["tokenizers"][0]
    assert python_loss(text, bert)["short"].startswith("not comparable: ")


def test_text_loss_words_of_known_cases():
    def short(text, name):
        loss = call("textLoss", text, compare(text, tokenizers=(name,))["tokenizers"][0])
        return loss and loss["short"]

    assert short("नमस्ते", "bert") == "not comparable: drops vowel signs and other marks"
    assert short("Hello World", "bert") == "lowercases"
    assert short("café", "bert") == "not comparable: drops accents"
    assert short("a 😀 b", "bert") == "not comparable: 1 of 3 tokens is [UNK]"
    assert short("def f():\n    return 1", "bert") == "not comparable: drops line breaks"
    assert short("Hello world", "gpt2") is None


def test_the_panel_of_known_texts_to_the_byte():
    """Literal panels: a line break and an indentation count, a character split into byte chips, a card for a
    label of no width, BERT's losses with its note, and an under-trained token's card without whitespace marks."""
    def panel(text, name, **flags):
        return panel_html(compare(text, tokenizers=(name,))["tokenizers"][0], text, **flags)

    gpt2_head = ('<div class="panel-body" data-tokenizer="gpt2"><div class="panel-head"><h3>GPT-2 byte-level BPE</h3>'
                 '<span class="sub">tiktoken · vocabulary 50,257</span></div><div class="stats">')
    gpt2_paper = ('<span class="stat undertrained-stat" data-answers="undertrained" title="Land &amp; Bartolo (2024), '
                  '&quot;Fishing for Magikarp&quot;: its report on openai-community/gpt2; each marked token&#x27;s card '
                  'gives its verdict"><b>0</b> under-trained (paper)</span></div>')
    assert panel("Hi\n  x", "gpt2") == (
        gpt2_head + '<span class="stat"><b>4</b> tokens</span><span class="stat"><b>6</b> chars</span>'
        '<span class="stat" data-answers=ratio><b>1.5</b> chars/token</span><span class="stat"><b>yes</b> lossless'
        '</span><span class="stat"><b>0</b> unknown</span><span class="stat" data-answers=indentation><b>1</b> on '
        'indentation</span>' + gpt2_paper + '<div class="toks" tabindex="0" aria-label="GPT-2 byte-level BPE tokens">'
        '<span class="tok" data-id="17250" data-start="0" data-end="2" data-tip="id 17250\nvocabulary: Hi\nbytes 48 69'
        '\nchars [0, 2)" style="background-color:#abd9aa;--tok-dark:#255426">Hi</span><span class="tok" data-id="198" '
        'data-start="2" data-end="3" data-tip="id 198\n↵   vocabulary: Ċ\nbytes 0A\nchars [2, 3)" '
        'style="background-color:#a0d0fc;--tok-dark:#164b75">↵</span><br><span class="tok" data-id="220" '
        'data-start="3" data-end="4" data-tip="id 220\n·   vocabulary: Ġ\nbytes 20\nchars [3, 4)" '
        'style="background-color:#f6eeaf;--tok-dark:#352e00">·</span><span class="tok" data-id="2124" data-start="4" '
        'data-end="6" data-tip="id 2124\n·x   vocabulary: Ġx\nbytes 20 78\nchars [4, 6)" '
        'style="background-color:#ffe3e7;--tok-dark:#511526">·x</span></div></div>')
    assert panel("é😀", "gpt2").endswith(
        '<span class="group" data-start="1" data-end="2"><span class="group-char">😀</span><span class="group-bytes">'
        '<span class="tok partial" data-id="47249" data-start="1" data-end="2" data-tip="id 47249\nvocabulary: ðŁĺ\n'
        'bytes F0 9F 98\nchars [1, 2)\npart of a character" style="background-color:#d9d5ff;--tok-dark:#3a3166">'
        'F0 9F 98</span><span class="tok partial" data-id="222" data-start="1" data-end="2" data-tip="id 222\n'
        'vocabulary: Ģ\nbytes 80\nchars [1, 2)\npart of a character" style="background-color:#8cdcd2;'
        '--tok-dark:#00544d">80</span></span></span></div></div>')
    assert '<span class="stat" data-answers=ratio><b>0.67</b> chars/token</span>' in panel("é😀", "gpt2")
    assert panel("a\u200d", "gpt4o").endswith(
        'invisible" data-mark="U+200D" data-id="2524" data-start="1" data-end="2" data-tip="id 2524\n\u200d   '
        'vocabulary: âĢį\nbytes E2 80 8D\nchars [1, 2)\ninvisible: U+200D ZERO WIDTH JOINER" '
        'style="background-color:#cff2ff;--tok-dark:#003442">\u200d</span></div></div>')
    bert = panel("नमस्ते", "bert")
    assert ('<div class="stats"><span class="stat"><b>4</b> tokens</span><span class="stat loss bad">not comparable: '
            'drops vowel signs and other marks</span><span class="stat"><b>6</b> chars</span><span class="stat" '
            'data-answers=ratio><b>1.5</b> chars/token</span><span class="stat undertrained-stat" title="Land &amp; '
            'Bartolo (2024), &quot;Fishing for Magikarp&quot;">no under-trained list published</span></div>') in bert
    assert '<span class="gap" title="no token covers this">्</span>' in bert
    assert bert.endswith('</div><p class="note">decode(encode(text)) gives back: <q>नमसत</q></p></div>')
    llama = panel(" Mediabestanden", "llama", mark_whitespace=False)
    assert ('<span class="tok undertrained" data-verdict="red" data-id="28574" data-start="0" data-end="15" '
            'data-tip="id 28574\n Mediabestanden   vocabulary: ▁Mediabestanden\nbytes 20 4D 65 64 69 61 62 65 73 74 61 '
            '6E 64 65 6E\nchars [0, 15)\nOn the under-trained list of Land &amp; Bartolo (2024), &quot;Fishing for '
            'Magikarp&quot; for meta-llama/Llama-2-7b-hf: verdict red.\nmax_prob 1.5e-08: the model gave this token at '
            'most 1.5e-08 probability when asked to repeat it (red: below 0.001, the report&#x27;s strongest evidence).'
            '\nindicator 0.0286962: the length of this token&#x27;s row of the input embedding matrix; lower is more '
            'like the model&#x27;s unused tokens, and it compares only within one model." style="background-color:'
            '#f6b5cd;--tok-dark:#6c314a"> Mediabestanden</span>') in llama
    assert '<b>1</b> under-trained (paper)' in llama
    ids = panel("a\u200db", "gpt2", show_ids=True)
    assert '<div class="toks ids" tabindex="0"' in ids and ">447</span>" in ids and ">235</span>" in ids


def test_html_in_the_text_is_text():
    text = "</div><script>alert('x')</script>&amp;"
    html = panel_html(compare(text, tokenizers=("gpt2",))["tokenizers"][0], text)
    assert ">&lt;/</span>" in html and ">&gt;&lt;</span>" in html and ">(&#x27;</span>" in html and ">&amp;</span>" in html


BLOCK = re.compile(r'<span class="tok([^"]*)" data-id="(\d+)" (?:data-start="(\d+)" data-end="(\d+)" '
                   r'data-message="(\d+)" )?data-tip="([^"]*)"[^>]*>([^<]*)</span>')


def test_a_chat_panel_is_drawn_with_the_panels_blocks_its_text_as_text():
    """The Chat view's panels come from render.js too (chatPanelHtml), from playground.chat's result: each token the
    text panels' block (its id, colour and card), a content token's characters those of its message's content, a
    structure token none; the messages' text shown as text; a refusal, and the cut past 2,000 tokens, said."""
    result = chat([{"role": "user", "content": "<b>Hi</b>"}], "llama3")
    html = chat_panel_html(result)
    assert html.startswith('<div class="chat-panel" data-tokenizer="llama3"><h3>Llama 3 byte-level BPE</h3><details '
                           'class="sub"><summary>Llama 3 Instruct</summary>template assets/llama-3/chat_template.jinja '
                           '(sha256 ba03a121d097…), rendered by transformers ')
    assert '<p class="chat-counts"><b>16 tokens</b>: 10 structure, 6 content</p>' in html
    blocks = BLOCK.findall(html)
    assert [int(b[1]) for b in blocks] == result["ids"]
    structure = ("structure", None, None, None)
    assert [("structure" if "structure" in b[0] else "content", *(int(v) if v else None for v in b[2:5]))
            for b in blocks] == [structure] * 5 + [
        ("content", 0, 2, 0), ("content", 2, 3, 0), ("content", 3, 5, 0), ("content", 5, 7, 0), ("content", 7, 8, 0),
        ("content", 8, 9, 0)] + [structure] * 5
    assert [b[6] for b in blocks[5:11]] == ["&lt;b", "&gt;", "Hi", "&lt;/", "b", "&gt;"]
    assert blocks[0][6] == "&lt;|begin_of_text|&gt;"
    assert blocks[5][5] == "id 34277\nvocabulary: &lt;b\nbytes 3C 62\nchars [0, 2) of message 1&#x27;s content"
    assert blocks[0][5].endswith("structure: the chat format&#x27;s own token, none of your characters\nspecial token")
    # Mistral's "▁What" holds the space after "[INST]" too: of the message's content, it carries "What", 0 to 4
    mistral = BLOCK.findall(chat_panel_html(chat([{"role": "user", "content": "What is a token?"}], "mistral")))
    assert [(b[6], b[2:5]) for b in mistral if "structure" not in b[0]][0] == ("·What", ("0", "4", "0"))
    assert mistral[4][5].endswith("\nchars [0, 4) of message 1&#x27;s content")
    refused = {"tokenizer": "mistral", "label": "Mistral 7B SentencePiece", "refusal": "Mistral v1 refuses <this>"}
    assert chat_panel_html(refused) == ('<div class="chat-panel" data-tokenizer="mistral"><h3>Mistral 7B SentencePiece'
                                        '</h3><p class="chat-none">Mistral v1 refuses &lt;this&gt;</p></div>')
    long = chat([{"role": "user", "content": "x " * 3000}], "gpt4")
    html = chat_panel_html(long)
    assert len(BLOCK.findall(html)) == 2000 and long["count"] == 3009
    assert html.endswith('</div><p class="note">Drawing the first 2,000 of 3,009 tokens.</p></div>')


def test_the_chat_examples_answer_is_read_off_the_tokens():
    results = [chat(chat_example.MESSAGES, name) for name in chat_example.TOKENIZERS]
    assert chat_answer_html(results) == (
        "<ul><li><b>Llama 3 byte-level BPE</b>: 5 tokens before your first word (<code>&lt;|begin_of_text|&gt; "
        "&lt;|start_header_id|&gt; user &lt;|end_header_id|&gt; ↵↵</code>); 20 of its 43 are structure in all.</li>"
        "<li><b>Mistral 7B SentencePiece</b>: 4 tokens before your first word (<code>&lt;s&gt; ·[ INST ]</code>); 16 of "
        "its 39 are structure in all.</li><li><b>Gemma SentencePiece</b>: 4 tokens before your first word (<code>"
        "&lt;bos&gt; &lt;start_of_turn&gt; user ↵</code>); 19 of its 42 are structure in all.</li></ul><p>Every one "
        "of them is a row of the same embedding table as your words: the model pays for the format in tokens.</p>")
    assert chat_answer_html([{"tokenizer": "mistral", "label": "Mistral 7B SentencePiece", "refusal": "no"}]) == ""


def test_the_page_draws_its_panels_with_the_bundled_renderer(page, app_url):
    """window.playground.panelParts, set as the tokenizers' module loads, draws in Chromium what render.js draws under
    Node (once the page has painted its panels: its values handed to the module)."""
    page.goto(app_url)
    page.wait_for_function("typeof window.playground?.panelParts === 'function' && "
                           "document.querySelector('#panel-gpt2 .tok[data-id]')", timeout=60_000)
    assert page.evaluate("window.playground.MAX_DRAWN_TOKENS") == 1000
    texts = HARD[:40]
    for name in ("gpt2", "bert", "llama"):
        drawn = json.loads(page.evaluate("""async ([texts, name]) => {
            const out = [];
            for (const [k, text] of JSON.parse(texts).entries()) {
                const result = await window.playground.tokenize(text, name, {tokenLimit: 1000});
                const {before, tokens, after} = window.playground.panelParts(result, text, {showIds: k % 2 === 1});
                out.push(before + tokens.join("") + after);
            }
            return JSON.stringify(out);
        }""", [json.dumps(texts), name]))
        for k, (text, html) in enumerate(zip(texts, drawn, strict=True)):
            result = compare(text, token_limit=1000, tokenizers=(name,))
            assert html == panel_html(result["tokenizers"][0], result["text"], show_ids=k % 2 == 1), (name, text)
