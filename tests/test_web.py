"""The web page's pure functions: panels, embedding panel, share links, exports, the API."""

from __future__ import annotations

import csv
import io
import json
from html.parser import HTMLParser

import gradio as gr
import pytest
import torch
from bs4 import BeautifulSoup

from conftest import ROOT, panels_html, run_fresh, synchronous
from playground import compare
from playground.lesson.embedding import INITS, SEED, embedding_table, format_bytes, memory_rows
from playground.lesson.examples import EXAMPLES, EXAMPLES_BY_KEY
from playground.lesson.lecture import indentation_token_count
from playground.page.colors import token_color
from playground.page.export import tokens_csv, tokens_json
from playground.page.work import MAX_DRAWN_TOKENS
from playground.page.slide_view import example_chart_png, example_table
from playground.page import handlers
from playground.page.handlers import examples_slide
from playground.page.work import MAX_INPUT_CHARS

compare_api = synchronous(handlers.compare_api)
update_embedding = synchronous(handlers.update_embedding)

GPT2_INIT, TORCH_INIT = list(INITS)


class TokElements(HTMLParser):
    """Collects the attributes of every element with class "tok"."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.toks: list[dict] = []
        self.tags: list[str] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        attrs = dict(attrs)
        if "tok" in (attrs.get("class") or "").split():
            self.toks.append(attrs)


def drawn(panel: str) -> list[tuple[int, int, int]]:
    return [(int(a["data-id"]), int(a["data-start"]), int(a["data-end"])) for a in TokElements(panel).toks]


@pytest.mark.node
@pytest.mark.parametrize("text", ["Hello world", EXAMPLES_BY_KEY["hindi"].text, "a\x00b  c\n\td 👩‍💻"])
def test_panels_draw_every_token_with_its_id_span_and_colour(text):
    panels = panels_html(text, True, "text", False)
    result = compare(text)
    for panel, tok in zip(panels, result["tokenizers"]):
        assert drawn(panel) == [(t["id"], t["start"], t["end"]) for t in tok["tokens"]]
        for attrs in TokElements(panel).toks:
            assert f"background-color:{token_color(tok['name'], int(attrs['data-id']))}" in attrs["style"]
        assert f"<b>{tok['count']:,}</b> tokens" in panel


@pytest.mark.node
def test_ids_view_shows_ids():
    gpt2, _, _ = panels_html("Hello world", True, "ids", False)
    assert ">15496</span>" in gpt2 and ">995</span>" in gpt2


@pytest.mark.node
def test_whitespace_marks_and_toggle():
    gpt2, _, _ = panels_html("a b\n\tc", True, "text", False)
    assert ">·b</span>" in gpt2 and ">↵</span><br>" in gpt2 and "→" in gpt2  # the newline's break beside its block
    gpt2, _, _ = panels_html("a b\n\tc", False, "text", False)
    assert "> b</span>" in gpt2 and ">·b</span>" not in gpt2 and "↵" not in gpt2 and "→" not in gpt2


@pytest.mark.node
def test_control_characters_are_visible():
    gpt2, bert, _ = panels_html("a\x00b\r", True, "text", False)
    assert "␀" in gpt2 and "␍" in gpt2
    assert '<span class="gap" title="no token covers this">␍</span>' in bert  # BERT drops it


@pytest.mark.node
def test_partial_tokens_grouped_under_their_character_as_byte_chips():
    gpt2, _, llama = panels_html("न", True, "text", False)
    assert '<span class="group" data-start="0" data-end="1"><span class="group-char">न</span>' in gpt2
    assert ">E0 A4</span>" in gpt2 and ">A8</span>" in gpt2
    _, _, llama = panels_html("😀", True, "text", False)
    assert ">F0</span>" in llama and ">9F</span>" in llama


@pytest.mark.node
def test_bert_shows_lowercasing_unknown_and_what_decode_gives_back():
    _, bert, _ = panels_html("Café 👍", True, "text", False)
    assert ">cafe</span>" in bert and ">[UNK]</span>" in bert
    assert "<b>1</b> [UNK]" in bert
    assert "not comparable: 1 of 2 tokens is [UNK]" in bert  # the loss beside the count, from the tokens
    assert "gives back: <q>cafe [UNK]</q>" in bert


@pytest.mark.node
def test_special_tokens_toggle():
    gpt2, bert, llama = panels_html("Hi", True, "text", True)
    assert [i for i, _, _ in drawn(bert)] == [101, 7632, 102]
    assert [i for i, _, _ in drawn(llama)] == [1, 6324]
    assert [i for i, _, _ in drawn(gpt2)] == [17250]


@pytest.mark.node
@pytest.mark.parametrize("payload", ["<img src=x onerror=alert(1)>", "</div><script>alert(1)</script>", '" onmouseover="alert(1)'])
def test_markup_in_the_input_stays_text(payload):
    panels = panels_html(payload, True, "text", False)
    for panel in panels:
        assert "script" not in TokElements(panel).tags and "img" not in TokElements(panel).tags
        assert "<script" not in panel and "<img" not in panel and 'onmouseover="' not in panel
    head, memory, heatmap = update_embedding(payload * 3, GPT2_INIT)
    soup = BeautifulSoup(heatmap, "html5lib")
    assert not soup.find_all("script") and len(soup.find_all("img")) == 2  # the two plots, no other
    assert not [a for tag in soup.find_all(True) for a in tag.attrs if a.startswith("on")]
    labels = [span.get_text() for span in soup.select(".row-labels span")]
    assert labels and set("".join(labels)) <= set(payload.replace(" ", "·") + "…")  # the text, as text


@pytest.mark.node
def test_indentation_tokens_counted_for_the_code_example():
    code = EXAMPLES_BY_KEY["code"].text
    counts = {t["name"]: indentation_token_count(code, t["starts"], t["ends"]) for t in compare(code)["tokenizers"]}
    # GPT-2 spends one token per space but the last (3 + 7 + 3); Llama one run per line; BERT none.
    assert counts == {"gpt2": 13, "bert": 0, "llama": 3}
    gpt2, _, _ = panels_html(code, True, "text", False)
    assert "<b>13</b> on indentation" in gpt2


@pytest.mark.node
def test_long_input_is_cut_to_its_first_hundred_thousand_characters():
    text = "word " * (MAX_INPUT_CHARS // 5 + 1000)
    gpt2, _, _ = panels_html(text, True, "text", False)  # the note saying so is the page's (test_page_flow_browser.py)
    # Honest counts for the part tokenised: "word", then " word" x 19,999, then the trailing " ".
    assert "<b>20,001</b> tokens" in gpt2 and "<b>100,000</b> chars" in gpt2
    assert len(TokElements(gpt2).toks) == MAX_DRAWN_TOKENS
    assert f"Drawing the first {MAX_DRAWN_TOKENS:,} of 20,001 tokens" in gpt2


def test_embedding_panel_shape_dtype_params_and_memory():
    head, memory, heatmap = update_embedding("Hello world", GPT2_INIT)
    assert '<b class="shape">(1, 2, 768)</b>' in head
    assert "torch.float32" in head and "38,597,376" in head and "untrained" in head
    assert "(32, 1024, 50257)</td><td class='num'>6.59 GB" in memory
    assert "(32, 1024, 768)</td><td class='num'>100.7 MB" in memory
    assert "(50257, 768)</td><td class='num'>154.4 MB" in memory
    assert "(1, 2, 50257)</td><td class='num'>402.06 KB" in memory
    assert heatmap.count('src="data:image/png;base64,iVBORw0KGgo') == 2  # the heatmap and the similarities


def test_embedding_caps_at_block_size():
    head, _, heatmap = update_embedding(" hello" * 1500, GPT2_INIT)
    assert '<b class="shape">(1, 1024, 768)</b>' in head
    assert "This text has 1,500 GPT-2 tokens" in head and "only the first 1,024 are embedded" in head
    assert "the first 64 of 1,024 rows" in heatmap


def test_empty_text_embeds_to_zero_rows():
    head, memory, heatmap = update_embedding("", GPT2_INIT)
    assert '<b class="shape">(1, 0, 768)</b>' in head and "Type something" in heatmap


def test_embedding_tables_are_deterministic_and_match_their_init():
    for init, std in INITS.items():
        table = embedding_table(init).weight.weight
        expected = torch.empty(50257, 768).normal_(0.0, std, generator=torch.Generator().manual_seed(SEED))
        assert torch.equal(table, expected)
        assert abs(table.std().item() - std) < std * 0.01
        assert not table.requires_grad


def test_memory_accounting_numbers():
    rows = {r.what: r for r in memory_rows(2)}
    assert rows["one-hot input, lesson's batch"].n_bytes == 32 * 1024 * 50257 * 4 == 6_587_285_504
    assert format_bytes(6_587_285_504) == "6.59 GB" and format_bytes(100_663_296) == "100.7 MB"
    assert format_bytes(999) == "999 B"


def test_exports():
    rows = list(csv.DictReader(io.StringIO(tokens_csv(compare("Hello world")))))
    assert [(r["tokenizer"], r["id"], r["start"], r["end"]) for r in rows] == [
        ("gpt2", "15496", "0", "5"), ("gpt2", "995", "5", "11"),
        ("bert", "7592", "0", "5"), ("bert", "2088", "6", "11"),
        ("llama", "15043", "0", "5"), ("llama", "3186", "5", "11")]
    data = json.loads(tokens_json(compare("Hello world", True)))
    assert [t["ids"] for t in data["tokenizers"]] == [[15496, 995], [101, 7592, 2088, 102], [1, 15043, 3186]]
    # The paper's figures for a listed token (GPT-2's 36173 ĠRandomRedditor: red, max_prob 1.5e-07 in the data file).
    rows = list(csv.DictReader(io.StringIO(tokens_csv(compare("Say RandomRedditor")))))
    assert [(r["tokenizer"], r["id"], r["undertrained_verdict"], r["undertrained_max_prob"]) for r in rows[:2]] == [
        ("gpt2", "25515", "", ""), ("gpt2", "36173", "red", "1.5e-07")]
    assert {r["undertrained_verdict"] for r in rows if r["tokenizer"] == "bert"} == {""}
    data = json.loads(tokens_json(compare("Say RandomRedditor")))
    assert data["tokenizers"][0]["tokens"][1]["undertrained"]["verdict"] == "red"


def test_compare_api():
    result = compare_api("Hello world")
    assert [t["ids"] for t in result["tokenizers"]] == [[15496, 995], [7592, 2088], [15043, 3186]]
    assert result["cut_chars"] == 0
    assert compare_api("x" * (MAX_INPUT_CHARS + 3))["cut_chars"] == 3
    with pytest.raises(gr.Error, match="text must be a string, got NoneType None"):
        compare_api(None)


def test_examples_slide():
    headers, rows = example_table()
    assert headers == ["example", "characters", "GPT-2 byte-level BPE", "BERT WordPiece", "Llama 2 SentencePiece"]
    assert [r[0] for r in rows] == [e.title for e in EXAMPLES]
    for e, row in zip(EXAMPLES, rows):
        assert row[2:] == [t["count"] for t in compare(e.text)["tokenizers"]]
    assert example_chart_png().startswith(b"\x89PNG")
    assert "<table class='examples'>" in examples_slide()


@pytest.mark.slow
def test_the_servers_warm_up_puts_what_it_loaded_out_of_the_collectors_way():
    """Every full garbage collection walked the 385,000 objects loaded at start (175 ms in which no edit was
    answered): the server's warm-up freezes them, so a collection walks only what requests made since."""
    import json

    from conftest import run_fresh

    # One interpreter: warmed up without freezing, then again with (what the first loaded, the second finds
    # loaded and freezes).
    script = ("import gc, json; from playground.page.web import warm_up; counts = lambda: [gc.get_freeze_count(), "
              "len(gc.get_objects())]; warm_up(); unfrozen = counts(); warm_up(freeze=True); "
              "print(json.dumps([unfrozen, counts()]))")
    [frozen, tracked], [frozen_after, tracked_after] = json.loads(run_fresh(script))
    assert frozen == 0 and tracked > 100_000
    assert frozen_after > 100_000 and tracked_after < 1_000


@pytest.mark.slow
def test_the_big_input_worker_of_python_app_py_builds_no_page():
    """Under `python app.py`, multiprocessing's spawn starts the big-input worker by running app.py again in it (as
    __mp_main__): the worker imports neither Gradio nor the page's build, which it never uses (they took it 2.5
    CPU-seconds before its first long text), and tokenizes as the server does."""
    script = f"""
import sys
sys.modules["__main__"].__file__ = {str(ROOT / "app.py")!r}  # as under python app.py: what spawn runs first
from playground.page.server import BigInputWorker
worker = BigInputWorker()
print(worker.run(eval, "sorted(name for name in ('gradio', 'playground.page.web') if name in __import__('sys').modules)"))
print(worker.run(eval, "__import__('playground').compare('Hello world')['tokenizers'][0]['ids']"))
worker.stop()
"""
    assert run_fresh(script).splitlines() == ["[]", "[15496, 995]"]


@pytest.mark.slow
def test_a_stopped_app_ends_though_a_thread_would_hold_pythons_exit():
    """Ctrl+C closes the server and Python's exit joins every non-daemon thread: one that never ends would keep the
    app alive for good. web.exit_soon ends it EXIT_SECONDS later, saying where each thread waited."""
    import subprocess
    import sys

    from conftest import ROOT

    script = ("import threading; from playground.page import web; web.EXIT_SECONDS = 1; "
              "threading.Thread(target=threading.Event().wait, name='never-ends').start(); web.exit_soon()")
    # without the timer, Python's exit waits for the thread for good: run() raises TimeoutExpired
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 1, done.stderr
    assert "python app.py: not ended 1 s after it was stopped; its threads:" in done.stderr
    assert "Thread 0x" in done.stderr and "in wait" in done.stderr  # faulthandler's dump, the stuck thread in it
