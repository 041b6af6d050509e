"""What the page's panels renderer (static render.js, bundled by scripts/build_browser.mjs) needs from Python,
put in the page's head as globalThis.PLAYGROUND_PANEL_DATA: the colours (colors.py stays their truth), each
tokenizer's hue offset, whether it runs in the browser, and the under-trained report's model and words."""

from __future__ import annotations

from playground.page.colors import GOLDEN, HUES, LIGHTNESS_STEPS, hue_offset, palette
from playground.tokenizers.browser import twin_declaration
from playground.tokenizers.registry import tokenizer_names
from playground.tokenizers.undertrained import PAPER, has_data, indicator_name, report_model

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


def tokenizer_data(name: str) -> dict:
    """One tokenizer's entry: its hue offset (colors.palette_index), whether a browser twin draws it (else its panel
    says "server only"), and the model and indicator of the paper's report on it (None without a list)."""
    listed = has_data(name)
    return {"hue": hue_offset(name), "twin": twin_declaration(name) is not None,
            "report_model": report_model(name) if listed else None,
            "indicator_name": indicator_name(name) if listed else None}


def panel_data() -> dict:
    """globalThis.PLAYGROUND_PANEL_DATA: every tokenizer this process knows, the palettes and the paper's words."""
    return {"palette": {"light": list(palette("light")), "dark": list(palette("dark"))},
            "hues": HUES, "lightness_steps": LIGHTNESS_STEPS, "golden": GOLDEN,
            "tokenizers": {name: tokenizer_data(name) for name in tokenizer_names()},
            "paper": PAPER, "verdict_meaning": VERDICT_MEANING, "indicator_meaning": INDICATOR_MEANING}
