"""The token premium of twelve languages: how many tokens the same 200 sentences take in each
language, over what English takes, for every tokenizer (FLORES-200, CC BY-SA 4.0).

Each sentence is tokenized on its own, without special tokens, and the counts are summed.
BERT's premium can look small where it has lost the text: it maps most Burmese, Tamil,
Japanese and Chinese words to [UNK], so its [UNK] count is given beside it.
"""

from __future__ import annotations

import io
import json
import re

from playground.lesson.heavy_imports import HEAVY_IMPORTS
from playground.lesson.loss import dropped_words, text_loss
from playground.tokenizers.assets import verified_path
from playground.tokenizers.registry import TOKENIZER_NAMES, get_tokenizer, tokenizer_label

LANGUAGES = {  # FLORES-200 code -> name, English (the baseline) first
    "eng_Latn": "English", "spa_Latn": "Spanish", "deu_Latn": "German", "rus_Cyrl": "Russian",
    "swh_Latn": "Swahili", "arb_Arab": "Arabic", "hin_Deva": "Hindi", "tam_Taml": "Tamil",
    "mya_Mymr": "Burmese", "zho_Hans": "Mandarin", "jpn_Jpan": "Japanese", "kor_Hang": "Korean",
}
BASELINE = "eng_Latn"
# The built-in tokenizers' counts and their chart, made by `python scripts/premium.py` from the FLORES text
# and the tokenizer files (all sha256-checked): the section opens without loading eight tokenizers or matplotlib.
STORED_COUNTS = "premium/flores200-counts.json"
STORED_CHART = "premium/flores200-premium.png"
# A bar whose count is not comparable (its tokenizer lost part of the text): hatched, outlined, and said so.
NOT_COMPARABLE = {"hatch": "///", "edgecolor": "#222222", "linewidth": 1.2, "facecolor": "#ffffff"}
NOT_COMPARABLE_LEGEND = "hatched: lost part of the text, count not comparable"


def sentences(code: str) -> list[str]:
    return verified_path(f"flores200-dev-200/{code}.txt").read_text(encoding="utf-8").splitlines()


KINDS = ("tokens", "unk", "lossy", "dropped")  # what token_counts counts, per language and tokenizer


def token_counts(names: tuple[str, ...]) -> dict:
    """{"tokenizers", "tokens": {lang: {name: n}}, "unk": {lang: {name: n}}, "lossy": {lang: {name: n}},
    "dropped": {lang: {name: [what, ...]}}}: each language's tokens and [UNK]s under each tokenizer, each
    sentence encoded on its own; how many sentences do not decode to themselves, and what the decodes drop
    (loss.text_loss: "the vowel signs and other marks", "the accents", "other characters"). Loads every
    tokenizer of `names`."""
    counts = {kind: {code: {} for code in LANGUAGES} for kind in KINDS}
    for name in names:
        tokenizer = get_tokenizer(name)
        for code in LANGUAGES:
            encoded = [(line, tokenizer.encode(line)) for line in sentences(code)]
            unknown = [ids.count(tokenizer.unk_id) if tokenizer.unk_id is not None else 0 for _, ids in encoded]
            # Only a sentence that does not come back whole is described (its tokens' spans) and looked at.
            losses = [text_loss(line, tokenizer.describe(line)) for (line, ids), unk in zip(encoded, unknown)
                      if unk or tokenizer.decode(ids) != line]
            counts["tokens"][code][name] = sum(len(ids) for _, ids in encoded)
            counts["unk"][code][name] = sum(unknown)
            counts["lossy"][code][name] = len(losses)
            dropped = [OTHER_CHARACTERS.sub("other characters", what) for loss in losses for what in loss.dropped]
            counts["dropped"][code][name] = summed_up(dropped)
    return {"tokenizers": list(names), **counts}


OTHER_CHARACTERS = re.compile(r"^[0-9]+ other characters?$")  # "3 other characters" of one sentence, summed up


MARKS = ("the vowel signs", "the vowel signs and other marks", "the marks")  # loss.marks_named's names of marks


def summed_up(dropped: list[str]) -> list[str]:
    """What the sentences' decodes drop, each once in the order first met; the marks named once for them all."""
    kinds = list(dict.fromkeys(dropped))
    marks = [k for k in kinds if k in MARKS]
    if len(marks) > 1:
        merged = "the vowel signs and other marks" if any("vowel" in k for k in marks) else "the marks"
        kinds = [merged if k == marks[0] else k for k in kinds if k not in marks[1:]]
    return kinds


def comparable(result: dict, code: str, name: str) -> bool:
    """Whether tokenizer `name`'s count of language `code` is of the text: nothing dropped, no [UNK]. English's
    premium is 1 by definition, the unit of its tokenizer's others: never "not comparable" (what its tokenizer
    drops of English is said beside it, premium_view)."""
    return code == BASELINE or (not result["dropped"][code][name] and not result["unk"][code][name])


def loss_words(result: dict, code: str, name: str) -> str:
    """What tokenizer `name` lost of language `code`, short: "drops the accents; 12% of its tokens are [UNK]"."""
    parts = []
    if result["dropped"][code][name]:
        parts.append("drops " + dropped_words(result["dropped"][code][name]))
    if result["unk"][code][name]:
        parts.append(f"{result['unk'][code][name] / result['tokens'][code][name]:.0%} of its tokens are [UNK]")
    return "; ".join(parts)


def stored_counts() -> dict:
    """token_counts(TOKENIZER_NAMES) as stored in assets/ (what scripts/premium.py wrote)."""
    return json.loads(verified_path(STORED_COUNTS).read_text(encoding="utf-8"))


def premium_of(counts: dict) -> dict:
    """counts with "languages" and "premium": {lang: {name: tokens / English's tokens}}."""
    names = counts["tokenizers"]
    premium = {code: {name: counts["tokens"][code][name] / counts["tokens"][BASELINE][name] for name in names}
               for code in LANGUAGES}
    flags = {code: {name: comparable(counts, code, name) for name in names} for code in LANGUAGES}
    return {"languages": list(LANGUAGES), **counts, "premium": premium, "comparable": flags}


def token_premium(names: tuple[str, ...] = TOKENIZER_NAMES) -> dict:
    """{"languages", "tokenizers", "tokens": {lang: {name: n}}, "premium": {lang: {name: ratio}},
    "unk", "lossy", "dropped" (token_counts), "comparable": {lang: {name: bool}}}: every language's token count,
    its ratio to English's, [UNK]s, and whether the count is of the text (comparable).

    The stored counts for the built-in tokenizers; any other (one added at launch) is counted now and joined.
    """
    stored = stored_counts()
    new = token_counts(tuple(name for name in names if name not in stored["tokenizers"]))
    source = {name: stored if name in stored["tokenizers"] else new for name in names}
    return premium_of({
        "tokenizers": list(names),
        **{kind: {code: {name: source[name][kind][code][name] for name in names} for code in LANGUAGES}
           for kind in KINDS},
    })


def hatch_not_comparable(bar) -> None:
    """Mark a matplotlib bar whose count is not comparable: hatched and outlined, its colour kept."""
    bar.set(hatch=NOT_COMPARABLE["hatch"], edgecolor=NOT_COMPARABLE["edgecolor"], linewidth=NOT_COMPARABLE["linewidth"])


def legend_above(fig, handles: list, fontsize: float, ncols: int) -> None:
    """The figure's legend above its axes, never on the bars, in at most ncols columns: fewer when the row would be
    wider than the figure (matplotlib would cut it at both ends, as it did the slide's three tokenizers and
    the hatching in four columns)."""
    renderer = fig.canvas.get_renderer()
    for columns in range(min(ncols, len(handles)), 0, -1):
        legend = fig.legend(handles=handles, fontsize=fontsize, frameon=False, ncols=columns, loc="outside upper center")
        if columns == 1 or legend.get_window_extent(renderer).width <= fig.bbox.width:
            return
        legend.remove()


def premium_chart_png(result: dict) -> bytes:
    """Grouped bars: each language's premium under each tokenizer, English = 1; PNG bytes."""
    import numpy as np

    with HEAVY_IMPORTS:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
        from matplotlib.patches import Patch

    codes, names = result["languages"], result["tokenizers"]
    values = np.array([[result["premium"][c][n] for n in names] for c in codes])  # (languages, tokenizers)
    fig = Figure(figsize=(14, 5.2), dpi=100, layout="constrained")
    FigureCanvasAgg(fig)  # drawn to PNG by Agg, imported above (savefig would import it unlocked)
    ax = fig.add_subplot()
    width = 0.84 / len(names)
    x = np.arange(len(codes))
    handles = []  # the legend's: each tokenizer's colour plain, then the hatching of a count not comparable
    for k, name in enumerate(names):
        bars = ax.bar(x + (k - (len(names) - 1) / 2) * width, values[:, k], width, label=tokenizer_label(name))
        for bar, code in zip(bars, codes):
            if not result["comparable"][code][name]:
                hatch_not_comparable(bar)
        handles.append(Patch(facecolor=bars[0].get_facecolor(), label=tokenizer_label(name)))
    if not all(all(row.values()) for row in result["comparable"].values()):
        handles.append(Patch(**NOT_COMPARABLE, label=NOT_COMPARABLE_LEGEND))
    ax.axhline(1.0, color="#444444", linewidth=1)
    ax.set_xticks(x, [LANGUAGES[c] for c in codes], fontsize=13)
    ax.set_ylabel("tokens / English tokens", fontsize=13)
    fig.legend(handles=handles, fontsize=11, frameon=False, ncols=4, loc="outside upper center")  # above the bars, never on them
    ax.spines[["top", "right"]].set_visible(False)
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png")
    return buffer.getvalue()


def premium_png_for(names: tuple[str, ...]) -> tuple[dict, bytes]:
    """The premium and its chart: the stored chart for exactly the stored tokenizers, else one drawn now."""
    result = token_premium(names)
    if list(names) == stored_counts()["tokenizers"]:
        return result, verified_path(STORED_CHART).read_bytes()
    return result, premium_chart_png(result)
