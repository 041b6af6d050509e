"""A token's colour: a pure function of (tokenizer, id), the same everywhere, every time.

When the same coloured block reappears, the model is reusing one vocabulary entry.
So the colour may depend on nothing but the tokenizer's name and the id: not on
position, order of appearance, the process (Python's str hash() is salted per
process) or the machine.

How: the id walks the hue circle by the golden ratio, so ids 994, 995, 996 land far
apart in hue, and four lightness steps multiply the hues into PALETTE_SIZE colours.
Colours are picked in OKLCH, where equal steps look equal, then mapped into sRGB.
Light theme: pale blocks under near-black text; dark theme: deep blocks under
near-white text. Both keep WCAG AA contrast (>= 4.5:1), checked by the tests.
"""

from __future__ import annotations

import zlib
from functools import cache, lru_cache

HUES = 360  # hue steps of one degree
LIGHTNESS_STEPS = 4  # per theme, below
PALETTE_SIZE = HUES * LIGHTNESS_STEPS  # 1440 slots; about 1250 distinct "#rrggbb" per theme
GOLDEN = 0.6180339887498949  # (sqrt(5) - 1) / 2: consecutive ids step ~222.5 degrees round the circle

# OKLCH lightness and chroma of the blocks in each theme, and the text drawn on them.
THEMES = {
    "light": {"lightness": (0.94, 0.89, 0.84, 0.79), "chroma": 0.08, "text": "#111111"},
    "dark": {"lightness": (0.30, 0.35, 0.40, 0.45), "chroma": 0.09, "text": "#f5f5f5"},
}


@cache
def hue_offset(tokenizer: str) -> float:
    """Where `tokenizer`'s ids start on the hue circle, in [0, 1) (panel_data sends it to the page)."""
    # A per-tokenizer offset on the circle (crc32 is stable across processes and machines),
    # so GPT-2's id 995 and BERT's id 995 need not look alike.
    return zlib.crc32(tokenizer.encode("utf-8")) / 2**32


def palette_index(tokenizer: str, token_id: int) -> int:
    """Where (tokenizer, id) sits in the palette: an integer in [0, PALETTE_SIZE)."""
    hue_step = int(((token_id * GOLDEN + hue_offset(tokenizer)) % 1.0) * HUES)
    lightness_step = token_id % LIGHTNESS_STEPS
    return lightness_step * HUES + hue_step


@cache
def palette(theme: str) -> tuple[str, ...]:
    """The PALETTE_SIZE background colours of a theme, as "#rrggbb"; built once."""
    from coloraide import Color  # only the colour-drawing paths pay for the import

    spec = THEMES[theme]
    return tuple(
        Color("oklch", [lightness, spec["chroma"], hue * 360 / HUES]).fit("srgb").convert("srgb").to_string(hex=True)
        for lightness in spec["lightness"]
        for hue in range(HUES)
    )


def token_color(tokenizer: str, token_id: int, theme: str = "light") -> str:
    """The background colour "#rrggbb" of token_id of `tokenizer` ("gpt2", "bert", "llama")."""
    return palette(theme)[palette_index(tokenizer, token_id)]


@lru_cache(maxsize=1 << 16)
def token_colors(tokenizer: str, token_id: int) -> tuple[str, str]:
    """(light, dark) colours of a token, as the web page draws it; cached, as ids recur."""
    return token_color(tokenizer, token_id, "light"), token_color(tokenizer, token_id, "dark")


def text_color(theme: str = "light") -> str:
    """The colour of token text drawn on any block of `theme`."""
    return THEMES[theme]["text"]
