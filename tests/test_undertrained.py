"""Glitch tokens, measured: every token carries the verdict of "Fishing for Magikarp" for its model.

Expected values come from the data file itself (read here with json, not through the playground)
and from the known answers in its README (assets/undertrained/README.md), never from the code
that marks the tokens.
"""

from __future__ import annotations

import json

import pytest
from bs4 import BeautifulSoup
from conftest import ROOT
from render_js import panel_html

from playground import compare
from playground.lesson.examples import EXAMPLES_BY_KEY
from playground.page import work
from playground.page.embedding_view import embedding_panel
from playground.tokenizers.registry import get_tokenizer

DATA = json.loads((ROOT / "assets" / "undertrained" / "undertrained.json").read_text(encoding="utf-8"))["models"]
WITH_DATA = ("gpt2", "llama", "llama3", "mistral", "gemma")
WITHOUT_DATA = ("bert", "gpt4", "gpt4o")  # the paper published no list for these models


def listed(name: str) -> dict[int, dict]:
    """id -> the three figures the data file gives it, for tokenizer `name`'s model."""
    return {t["id"]: {"verdict": t["verdict"], "indicator": t["indicator"], "max_prob": t["max_prob"]}
            for t in DATA[name]["tokens"]}


def text_of_listed_tokens(name: str) -> str:
    """Every listed token of `name`'s model, decoded by its own tokenizer, one a line."""
    tokenizer = get_tokenizer(name)
    return "\n".join(tokenizer.decode([i]) for i in listed(name))


# The README's known answers: (tokenizer, a text holding the token, its id, verdict, max_prob if the README gives it).
KNOWN = [
    ("gpt2", "InstoreAndOnline", 40241, "red", 8.6e-09),
    ("gpt2", "Say RandomRedditor", 36173, "red", None),
    ("gpt2", "rawdownload", 30905, "red", None),
    ("gpt2", "x サーティ", 45544, "red", None),
    ("llama", "Mediabestanden", 28574, "red", 1.5e-08),
    ("llama", "Portály", 20609, "red", None),
    ("llama", "a.oreferrer", 3798, "red", None),
    ("llama", "xITableView", 12882, "green", 0.91),  # below the threshold, yet the model could repeat it
    ("llama3", "$PostalCodesNL", 85071, "red", None),
    ("llama3", "\tTokenNameIdentifier", 79883, "red", None),
    ("llama3", " ForCanBeConverted", 80369, "red", None),
    ("llama3", "▍" * 16, 127438, "red", None),
    ("llama3", " CLIIIK", 110024, "red", 7.4e-08),
    ("mistral", "x\uefc0", 31738, "red", None),
    ("mistral", "x\u0085", 31363, "red", 6.5e-10),
    ("mistral", "x});\r\n", 26636, "red", None),
    ("mistral", "a.iNdEx", 25900, "orange", 0.002),
    ("gemma", "हिंदीखरीदारी", 164525, "red", None),
    ("gemma", " coachTry", 127237, "red", None),
    ("gemma", " AcceptedLoading", 121349, "red", None),
    ("gemma", "ICTOGRAM", 2873, "red", None),
    ("gemma", ">\\<^", 123221, "red", None),
]


@pytest.mark.parametrize("name, text, token_id, verdict, max_prob", KNOWN,
                         ids=[f"{k[0]}-{k[2]}" for k in KNOWN])
def test_known_answers_are_marked_and_nothing_else(name, text, token_id, verdict, max_prob):
    (result,) = compare(text, tokenizers=(name,))["tokenizers"]
    marked = [t for t in result["tokens"] if t["undertrained"] is not None]
    assert [t["id"] for t in marked] == [token_id]
    mark = marked[0]["undertrained"]
    assert mark["verdict"] == verdict
    if max_prob is not None:
        assert mark["max_prob"] == max_prob
    assert mark == listed(name)[token_id]
    assert result["undertrained_count"] == 1


def test_solidgoldmagikarp_is_not_on_gpt2_smalls_list():
    # README, "Things to know": 43453 is not among the 26 GPT-2 entries.
    (gpt2,) = compare(" SolidGoldMagikarp", tokenizers=("gpt2",))["tokenizers"]
    assert gpt2["ids"] == [43453]
    assert gpt2["tokens"][0]["undertrained"] is None and gpt2["undertrained_count"] == 0
    assert len(DATA["gpt2"]["tokens"]) == 26 and 43453 not in listed("gpt2")


@pytest.mark.parametrize("name", WITH_DATA)
def test_texts_of_listed_tokens_mark_exactly_the_listed_ids(name):
    text = text_of_listed_tokens(name)
    (result,) = compare(text, tokenizers=(name,))["tokenizers"]
    expected = listed(name)
    for token in result["tokens"]:
        assert token["undertrained"] == expected.get(token["id"]), token
    produced = {t["id"] for t in result["tokens"]} & set(expected)
    # Most listed tokens come back whole from their own text (a few merge with the line break or split).
    assert len(produced) >= len(expected) // 2, (len(produced), len(expected))
    assert result["undertrained_count"] == sum(1 for i in result["ids"] if i in expected)


def test_each_tokenizer_marks_from_its_own_models_list_only():
    """All 614 listed tokens in one text, through all eight tokenizers: a mark only where that model's list has it."""
    text = "\n".join(text_of_listed_tokens(name) for name in WITH_DATA)
    result = compare(text, tokenizers=WITH_DATA + WITHOUT_DATA)
    for tok in result["tokenizers"]:
        if tok["name"] in WITHOUT_DATA:
            assert all(t["undertrained"] is None for t in tok["tokens"]), tok["name"]
            assert tok["undertrained_count"] is None
        else:
            expected = listed(tok["name"])
            assert [t["undertrained"] for t in tok["tokens"]] == [expected.get(t["id"]) for t in tok["tokens"]]


def test_the_count_covers_tokens_past_the_limit():
    text = "hi " * 50 + " RandomRedditor TheNitrome RandomRedditor"
    (gpt2,) = compare(text, token_limit=10, tokenizers=("gpt2",))["tokenizers"]
    assert len(gpt2["tokens"]) == 10 and gpt2["undertrained_count"] == 3  # 36173 twice, 42089 once


def test_packed_answers_carry_the_marks_of_every_id():
    text = "hi " * 1200 + " RandomRedditor and TheNitrome"
    answer = work.api_answer(text, False, ("gpt2", "bert"))
    assert answer["packed"]
    gpt2, bert = answer["tokenizers"]
    assert 36173 not in [t["id"] for t in gpt2["tokens"]]  # past the first 1,000 dicts
    assert gpt2["undertrained_ids"] == {"36173": listed("gpt2")[36173], "42089": listed("gpt2")[42089]}
    assert gpt2["undertrained_count"] == 2
    assert bert["undertrained_ids"] is None and bert["undertrained_count"] is None
    assert "undertrained_ids" not in work.api_answer("hi RandomRedditor", False, ("gpt2",))["tokenizers"][0]


GLITCH = EXAMPLES_BY_KEY["glitch"]


def panel_soup(name: str, text: str) -> BeautifulSoup:
    (tok,) = compare(text, tokenizers=(name,))["tokenizers"]
    return BeautifulSoup(panel_html(tok, text), "html5lib")


@pytest.mark.node
@pytest.mark.parametrize("name", GLITCH.tokenizers)
def test_panels_mark_the_listed_tokens_with_their_verdict(name):
    soup = panel_soup(name, GLITCH.text)
    expected = listed(name)
    toks = soup.select(".tok")
    marked = [(int(t["data-id"]), t["data-verdict"]) for t in toks if "undertrained" in t["class"]]
    assert marked == [(int(t["data-id"]), expected[int(t["data-id"])]["verdict"])
                      for t in toks if int(t["data-id"]) in expected]
    assert len(marked) >= 2 and all(verdict == "red" for _, verdict in marked)
    assert all(not t.has_attr("data-verdict") for t in toks if "undertrained" not in t["class"])
    stat = soup.select_one(".stats .undertrained-stat").get_text(" ", strip=True)
    assert stat == f"{len(marked)} under-trained (paper)"


# One token per verdict colour and per kind of indicator: (tokenizer, text, id, what the verdict says, what the
# indicator measures), the sentences as the card must read them (assets/undertrained/README.md explains both).
CARDS = [
    ("gpt2", GLITCH.text, 42089, "red: below 0.001, the report's strongest evidence",
     "a cosine distance computed on the output (unembedding) matrix"),
    ("mistral", "a.iNdEx", 25900, "orange: 0.001 to 0.01, still under the report's 0.01 line",
     "the length of this token's row of the input embedding matrix"),
    ("llama3", "xwebElementX", 47072, "yellow: 0.01 to 0.1, above the report's 0.01 line",
     "the length of this token's row of the input embedding matrix"),
    ("llama", "xITableView", 12882, "green: 0.1 or more, so the model could repeat it",
     "the length of this token's row of the input embedding matrix"),
]


@pytest.mark.node
@pytest.mark.parametrize("name, text, token_id, verdict_meaning, indicator_meaning", CARDS, ids=[card[0] for card in CARDS])
def test_the_card_says_what_the_numbers_mean(name, text, token_id, verdict_meaning, indicator_meaning):
    soup = panel_soup(name, text)
    tip = soup.select_one(f'.tok[data-id="{token_id}"]')["data-tip"]
    mark, model = listed(name)[token_id], DATA[name]["model"]
    assert tip.split("\n")[-3:] == [  # after id, piece, bytes and span
        f'On the under-trained list of Land & Bartolo (2024), "Fishing for Magikarp" for {model}: '
        f"verdict {mark['verdict']}.",
        f"max_prob {mark['max_prob']}: the model gave this token at most {mark['max_prob']} probability when "
        f"asked to repeat it ({verdict_meaning}).",
        f"indicator {mark['indicator']}: {indicator_meaning}; lower is more like the model's unused tokens, and it "
        "compares only within one model."]
    assert tip.count("\n") == 6  # id, piece, bytes, span: four lines before the three of the paper


@pytest.mark.node
def test_only_listed_tokens_carry_the_paper_in_their_card():
    soup = panel_soup("gpt2", GLITCH.text)
    assert "indicator 0.00158507:" in soup.select_one('.tok[data-id="42089"]')["data-tip"]  # as the report prints it
    assert "Fishing" not in soup.select_one('.tok[data-id="11"]')["data-tip"]  # a comma is on no list


@pytest.mark.node
@pytest.mark.parametrize("name", WITHOUT_DATA)
def test_panels_without_data_say_no_list_is_published(name):
    soup = panel_soup(name, GLITCH.text)
    assert not soup.select(".tok.undertrained")
    stat = soup.select_one(".stats .undertrained-stat").get_text(" ", strip=True)
    assert stat == "no under-trained list published"
    assert "under-trained (paper)" not in soup.get_text()


def test_the_embedding_panel_links_marked_gpt2_tokens_to_rows_of_e():
    _, tokens = work.gpt2_head(GLITCH.text, 1024)
    shape, _, _ = embedding_panel(len(tokens), tokens, "GPT-2: N(0, 0.02)")
    note = BeautifulSoup(shape, "html5lib").select_one(".undertrained-note").get_text()
    first = next(t for t in tokens if t["id"] in listed("gpt2"))  # the text's first listed GPT-2 token
    assert first["text"] == " TheNitrome"  # the glitch example's first token on GPT-2's list
    assert "like the marked ·TheNitrome here" in note and "row of E that training barely moved" in note  # as drawn
    assert "every row here is like that" in note
    _, tokens = work.gpt2_head("Hello world", 1024)
    assert "undertrained-note" not in embedding_panel(len(tokens), tokens, "GPT-2: N(0, 0.02)")[0]


def test_an_altered_data_file_is_refused(assets_copy):
    from playground.tokenizers import undertrained
    from playground.tokenizers.assets import AssetError

    path = assets_copy / "undertrained" / "undertrained.json"
    path.write_text(path.read_text(encoding="utf-8").replace('"verdict": "red"', '"verdict": "green"', 1),
                    encoding="utf-8")
    undertrained._models.cache_clear()
    undertrained.undertrained_marks.cache_clear()
    try:
        with pytest.raises(AssetError, match=r"undertrained.json is not the official one.*git checkout -- assets/"):
            undertrained.undertrained_marks("gpt2")
    finally:  # the next test reads the real file again
        undertrained._models.cache_clear()
        undertrained.undertrained_marks.cache_clear()


@pytest.mark.node
def test_a_tokenizer_added_by_file_has_no_data_even_with_a_listed_models_file(monkeypatch):
    """Llama 2's own tokenizer.model, added under another name: the list is the Llama 2 model's, not the file's."""
    from playground import register_tokenizer
    from playground.tokenizers import registry

    monkeypatch.setattr(registry, "_registered", dict(registry._registered))
    monkeypatch.setattr(registry, "_loaded", dict(registry._loaded))
    register_tokenizer("my-llama", ROOT / "assets" / "llama-2" / "tokenizer.model")
    mine, llama = compare("Mediabestanden", tokenizers=("my-llama", "llama"))["tokenizers"]
    assert mine["ids"] == llama["ids"] == [28574]
    assert mine["tokens"][0]["undertrained"] is None and mine["undertrained_count"] is None
    assert llama["tokens"][0]["undertrained"] == listed("llama")[28574]
    assert "no under-trained list published" in panel_html(mine, "Mediabestanden")


def drawn_underlined(result: dict) -> list[tuple[str, bool]]:
    """What the terminal draws underlined, in order, as rich renders it: (text, whether it is also bold)."""
    from rich.console import Console

    from playground.__main__ import render_terminal

    console = Console(width=400, force_terminal=True, color_system="truecolor")
    return [(s.text, bool(s.style.bold)) for s in console.render(render_terminal(result)) if s.style and s.style.underline]


def test_the_terminal_underlines_exactly_the_listed_tokens_and_counts_them():
    """python -m playground: GPT-2 tokens on the paper's list are underlined (bold as well where red or
    orange), no other token is, and each column heading counts them or says there is no list."""
    from rich.console import Console

    from playground.__main__ import render_terminal

    text = "InstoreAndOnline. Say RandomRedditor"  # two red GPT-2 tokens (the README's known answers)
    console = Console(width=400, record=True, force_terminal=True, color_system="truecolor")
    console.print(render_terminal(compare(text, tokenizers=["gpt2", "bert"])))
    heading = console.export_text()
    assert "2 under-trained (paper, underlined)" in heading and "no under-trained list published" in heading
    assert drawn_underlined(compare(text, tokenizers=["gpt2"])) == [("InstoreAndOnline", True), ("·RandomRedditor", True)]


def test_the_terminal_underlines_a_green_token_without_bold():
    """Llama 2's ITableView is listed green (the model could repeat it): underlined, not bold."""
    assert drawn_underlined(compare("xITableView", tokenizers=["llama"])) == [("ITableView", False)]
