"""python -m playground's terminal view hides no token boundary: with colour, neighbours differ as the
terminal draws them (16 and 256 colours, decided by rich's own downsampling); without colour a separator
stands between tokens; lines wrap between tokens; a cut says how many tokens it left out.

Expected tokens come from tiktoken, sentencepiece and tokenizers themselves (conftest's official_*
fixtures); what is drawn is read back from rich's own Console: its text, or its segments and their styles.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys

import pytest
from conftest import ROOT
from rich.cells import cell_len
from rich.color import Color, ColorSystem
from rich.console import Console

from playground.__main__ import main, render_terminal
from playground.page.colors import token_color
from playground.tokenizers.registry import compare

MAGIKARP = "Hello world, SolidGoldMagikarp"
HINDI = "नमस्ते, आप कैसे हैं? मेरा नाम राहुल है।"
FOX = "The quick brown fox jumps over the lazy dog."
CODE = "def f(n):\n        return n"
SYSTEMS = {"standard": ColorSystem.STANDARD, "256": ColorSystem.EIGHT_BIT}


def gpt2_labels(official_gpt2, text: str) -> list[str]:
    """Each GPT-2 token's text, spaces drawn "·" as the playground marks them."""
    return [official_gpt2.decode_single_token_bytes(i).decode("utf-8").replace(" ", "·")
            for i in official_gpt2.encode(text)]


def official_ids(tokenizer: str, text: str, official_gpt2, official_bert, official_llama) -> list[int]:
    return {"gpt2": lambda: official_gpt2.encode(text),
            "bert": lambda: official_bert.encode(text, add_special_tokens=False).ids,
            "llama": lambda: official_llama.encode(text)}[tokenizer]()


def printed(console: Console, *args, **kwargs) -> str:
    console.print(render_terminal(*args, **kwargs))
    return console.file.getvalue()


def row_lines(output: str) -> list[str]:
    """The token row of a one-column table, line by line, without its borders (after the heading's rule)."""
    body = output[output.index("┡"):].splitlines()[1:-1]
    return [line[2:-2].rstrip() for line in body]


# --- without colour: a separator -------------------------------------------------------------------


@pytest.mark.parametrize("console", [
    Console(no_color=True, file=io.StringIO(), width=200),
    Console(force_terminal=False, file=io.StringIO(), width=200),
], ids=["no_color", "not-a-terminal"])
def test_without_colour_tokens_are_joined_by_the_separator(console, official_gpt2):
    out = printed(console, compare(MAGIKARP, tokenizers=["gpt2", "llama"]))
    assert gpt2_labels(official_gpt2, MAGIKARP) == ["Hello", "·world", ",", "·SolidGoldMagikarp"]
    assert "Hello|·world|,|·SolidGoldMagikarp" in out
    assert "\x1b" not in out


def test_a_text_holding_the_separator_gets_the_next_one(official_gpt2):
    labels = gpt2_labels(official_gpt2, "a|b c")
    assert labels == ["a", "|", "b", "·c"]
    out = printed(Console(no_color=True, file=io.StringIO(), width=200), compare("a|b c", tokenizers=["gpt2"]))
    assert "¦".join(labels) in out and "a||" not in out


def test_a_token_that_is_a_combining_mark_stands_on_a_dotted_circle(official_llama, official_bert):
    """Llama 2's virama and vowel sign are tokens of their own; drawn bare, each would sit on the separator
    (or the block) before it. BERT drops them: characters no token covers, which without colour are left out
    (between two separators they would read as tokens)."""
    assert official_llama.encode("नमस्ते", out_type=str) == ["▁", "न", "म", "स", "्", "त", "े"]
    assert official_bert.encode("नमस्ते", add_special_tokens=False).tokens == ["न", "##म", "##स", "##त"]
    console = Console(no_color=True, file=io.StringIO(), width=200)
    out = printed(console, compare("नमस्ते", tokenizers=["llama", "bert"]))
    assert "·|न|म|स|◌्|त|◌े" in out and "न|##म|##स|##त" in out and "##स|◌्" not in out


def test_a_separator_is_refused_where_a_token_holds_it(capsys):
    assert main(["--tokenizers", "gpt2", "--sep", "|", "a|b"]) == 2
    err = capsys.readouterr()
    assert err.out == "" and err.err == ("python -m playground: --sep '|' occurs in the text of a token, so it would "
                                         "hide where tokens end; choose another, e.g. --sep '¦'\n")


def test_labels_holding_every_separator_ask_for_one():
    """BERT keeps "|" and "‖" whole, Llama 2 "|", "¦" and "‖": a row that held all four leaves none to use."""
    from playground.page.terminal_view import choose_separator

    with pytest.raises(ValueError, match="^the tokens' text holds every one of the separators \\| ¦ ‖ ⁞; give one "
                                         "it does not hold with --sep$"):
        choose_separator([["a", "|"], ["¦", "‖⁞"]])
    assert choose_separator([["a", "|"], ["¦", "‖⁞"]], "/") == "/"


def test_an_explicit_separator_is_drawn_with_colour_too(official_gpt2):
    console = Console(color_system="256", force_terminal=True, file=io.StringIO(), width=200, record=True)
    console.print(render_terminal(compare(MAGIKARP, tokenizers=["gpt2"]), separator=" / "))
    assert " / ".join(gpt2_labels(official_gpt2, MAGIKARP)) in console.export_text()
    assert "\x1b[38;5;" in console.file.getvalue()  # still coloured


@pytest.mark.parametrize("env, argv, coloured", [
    ({"TERM": "xterm-256color"}, [], True),
    ({"TERM": "xterm-256color", "NO_COLOR": "1"}, [], False),
    ({"TERM": "dumb"}, [], False),
    ({"TERM": "xterm-256color"}, ["--no-color"], False),
], ids=["256-colour terminal", "NO_COLOR", "TERM=dumb", "--no-color"])
def test_what_turns_colour_off_turns_the_separator_on(monkeypatch, capsys, env, argv, coloured):
    monkeypatch.setenv("FORCE_COLOR", "1")  # rich treats the captured stdout as a terminal
    monkeypatch.delenv("NO_COLOR", raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert main([*argv, "--tokenizers", "gpt2", MAGIKARP]) == 0
    out = capsys.readouterr().out
    assert ("\x1b[38;5;" in out) is coloured  # a foreground in the 256-colour palette: token text on a block
    assert ("Hello|·world|,|·SolidGoldMagikarp" in out.replace("\x1b[2m|\x1b[0m", "|")) is not coloured


def test_piped_the_command_prints_separators_and_no_escape_code():
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "COLUMNS", "NO_COLOR", "TTY_COMPATIBLE")}
    run = subprocess.run([sys.executable, "-m", "playground", "--tokenizers", "gpt2", MAGIKARP], cwd=ROOT,
                         capture_output=True, text=True, env=env, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "Hello|·world|,|·SolidGoldMagikarp" in run.stdout and "\x1b" not in run.stdout
    assert {cell_len(line) for line in run.stdout.splitlines()} == {100}  # not a terminal: 100 columns


# --- with colour: neighbours differ as the terminal draws them --------------------------------------


CASES = [("llama", MAGIKARP), ("llama", HINDI), ("gpt2", MAGIKARP), ("gpt2", CODE), ("bert", FOX)]


def test_the_page_colours_of_llama_2s_hello_world_collide_in_256_colours(official_llama):
    """The case seen: ▁Hello and ▁world, two different colours on the page, one block in 256 colours."""
    hello, world = official_llama.encode("Hello world")
    assert official_llama.id_to_piece([hello, world]) == ["▁Hello", "▁world"]
    assert token_color("llama", hello) != token_color("llama", world)
    drawn = [Color.parse(token_color("llama", i)).downgrade(ColorSystem.EIGHT_BIT).number for i in (hello, world)]
    assert drawn[0] == drawn[1]


@pytest.mark.parametrize("system", sorted(SYSTEMS))
@pytest.mark.parametrize("tokenizer, text", CASES)
def test_neighbours_never_share_a_colour_as_the_terminal_draws_it(tokenizer, text, system, official_gpt2,
                                                                 official_bert, official_llama):
    ids = official_ids(tokenizer, text, official_gpt2, official_bert, official_llama)
    console = Console(color_system=system, force_terminal=True, file=io.StringIO(), width=2000)
    blocks = [s for s in console.render(render_terminal(compare(text, tokenizers=[tokenizer])))
              if s.style and s.style.bgcolor]
    assert len(blocks) == len(ids)  # one block a token: none merged with its neighbour
    drawn = [block.style.bgcolor.downgrade(SYSTEMS[system]).number for block in blocks]
    assert [(i, drawn[i]) for i in range(len(drawn) - 1) if drawn[i] == drawn[i + 1]] == []


@pytest.mark.parametrize("tokenizer, text", CASES)
def test_each_case_has_neighbours_whose_page_colours_collide(tokenizer, text, official_gpt2, official_bert,
                                                             official_llama):
    """So the test above has something to catch: drawn in their page colours, some neighbours would merge."""
    ids = official_ids(tokenizer, text, official_gpt2, official_bert, official_llama)
    for system in SYSTEMS.values():
        drawn = [Color.parse(token_color(tokenizer, i)).downgrade(system).number for i in ids]
        if any(a == b for a, b in zip(drawn, drawn[1:])):
            return
    pytest.fail(f"no neighbours of {tokenizer} on {text!r} collide in 16 or 256 colours")


def test_where_nothing_collides_a_token_keeps_its_page_colour():
    """GPT-2's Hello (15496) and ·world (995) in truecolor: the colours test_colors pins."""
    console = Console(color_system="truecolor", force_terminal=True, file=io.StringIO(), width=200)
    blocks = [s for s in console.render(render_terminal(compare("Hello world", tokenizers=["gpt2"])))
              if s.style and s.style.bgcolor]
    assert [(b.text, b.style.bgcolor.triplet.hex) for b in blocks] == [("Hello", "#d7f7c1"), ("·world", "#ccba7f")]


# --- wrapping and cutting ---------------------------------------------------------------------------


@pytest.mark.parametrize("width", [24, 20])
def test_a_narrow_width_wraps_between_tokens_and_shows_every_token(capsys, official_gpt2, width):
    text = f"{MAGIKARP}. {FOX}"
    assert main(["--tokenizers", "gpt2", "--width", str(width), text]) == 0
    out = capsys.readouterr().out
    assert {cell_len(line) for line in out.splitlines()} == {width}
    lines = row_lines(out)
    assert len(lines) > 5
    assert "".join(lines) == "|".join(gpt2_labels(official_gpt2, text))
    fits = width - 4  # a line ends between tokens, unless a token wider than the column folds
    for line, after in zip(lines, lines[1:]):
        assert line.endswith("|") or (cell_len(line) == fits and not after.startswith("|"))
    assert any(not line.endswith("|") for line in lines[:-1]) is (width == 20)  # ·SolidGoldMagikarp: 18 > 16


@pytest.mark.parametrize("max_tokens", [3, 10, 11])
def test_a_cut_says_how_many_tokens_were_not_shown(capsys, official_gpt2, max_tokens):
    labels = gpt2_labels(official_gpt2, FOX)
    assert len(labels) == 10
    assert main(["--tokenizers", "gpt2", "--max-tokens", str(max_tokens), FOX]) == 0
    lines = row_lines(capsys.readouterr().out)
    assert lines[0] == "|".join(labels[:max_tokens])
    notes = {3: ["… 7 more tokens not shown (--max-tokens 0 draws all)"], 10: [], 11: []}
    assert lines[1:] == notes[max_tokens]


def test_one_token_not_shown_is_one_token(capsys, official_gpt2):
    assert main(["--tokenizers", "gpt2", "--max-tokens", "9", FOX]) == 0
    assert row_lines(capsys.readouterr().out)[1:] == ["… 1 more token not shown (--max-tokens 0 draws all)"]


def test_by_default_a_thousand_tokens_are_drawn(capsys, official_gpt2):
    text = "hello " * 1200
    count = len(official_gpt2.encode(text))
    assert count > 1000
    assert main(["--tokenizers", "gpt2", text]) == 0
    out = capsys.readouterr().out
    assert f"… {count - 1000:,} more tokens not shown" in out
    assert main(["--tokenizers", "gpt2", "--max-tokens", "0", text]) == 0
    assert "not shown" not in capsys.readouterr().out


def test_a_gap_after_the_cut_is_not_drawn(capsys):
    """BERT drops the space after "hello": cut after "hello", nothing follows it."""
    assert main(["--tokenizers", "bert", "--max-tokens", "1", "hello world"]) == 0
    assert row_lines(capsys.readouterr().out) == ["hello", "… 1 more token not shown (--max-tokens 0 draws all)"]


def test_without_colour_a_dropped_space_is_no_token(official_bert):
    """BERT's tokens of "Hello world" are two: between separators its dropped space would read as a third."""
    assert official_bert.encode("Hello world", add_special_tokens=False).tokens == ["hello", "world"]
    console = Console(no_color=True, file=io.StringIO(), width=200)
    out = printed(console, compare("Hello world", tokenizers=["bert"]))
    assert "hello|world" in out and "·" not in out.split("┩")[-1]


@pytest.mark.slow
def test_a_conversation_piped_keeps_every_boundary(tmp_path):
    """--chat, piped: the content's tokens separated as a text's are, the format's own tokens in brackets. The
    expected pieces are sentencepiece's own, from the bundled Mistral model."""
    import sentencepiece

    model = sentencepiece.SentencePieceProcessor(model_file=str(ROOT / "assets" / "mistral" / "tokenizer.model"))
    pieces = [p.replace("\u2581", "·") for p in model.encode("Hello world, SolidGoldMagikarp", out_type=str)]
    conversation = tmp_path / "chat.json"
    conversation.write_text('[{"role": "user", "content": "Hello world, SolidGoldMagikarp"}]', encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "playground", "--chat", str(conversation), "--tokenizers", "mistral",
                           "--width", "400"], cwd=ROOT, capture_output=True, text=True, check=True)
    assert "\x1b[" not in done.stdout
    # the first [INST]'s ▁[ holds the space sentencepiece adds before the text: drawn ·[, as the second one is
    assert "|".join(["[<s>]", "[·[]", "[INST]", "[]]", *pieces, "[·[]", "[/]", "[INST]", "[]]"]) in done.stdout
