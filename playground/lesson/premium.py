"""The token premium of twelve languages: how many tokens the same 200 sentences take in each
language, over what English takes, for every tokenizer (FLORES-200, CC BY-SA 4.0).

Each sentence is tokenized on its own, without special tokens, and the counts are summed.
BERT's premium can look small where it has lost the text: it maps most Burmese, Tamil,
Japanese and Chinese words to [UNK], so its [UNK] count is given beside it.
"""

from __future__ import annotations

import io

from playground.tokenizers.assets import verified_path
from playground.tokenizers.registry import TOKENIZER_NAMES, get_tokenizer

LANGUAGES = {  # FLORES-200 code -> name, English (the baseline) first
    "eng_Latn": "English", "spa_Latn": "Spanish", "deu_Latn": "German", "rus_Cyrl": "Russian",
    "swh_Latn": "Swahili", "arb_Arab": "Arabic", "hin_Deva": "Hindi", "tam_Taml": "Tamil",
    "mya_Mymr": "Burmese", "zho_Hans": "Mandarin", "jpn_Jpan": "Japanese", "kor_Hang": "Korean",
}
BASELINE = "eng_Latn"


def sentences(code: str) -> list[str]:
    return verified_path(f"flores200-dev-200/{code}.txt").read_text(encoding="utf-8").splitlines()


def token_premium(names: tuple[str, ...] = TOKENIZER_NAMES) -> dict:
    """{"languages", "tokenizers", "tokens": {lang: {name: n}}, "premium": {lang: {name: ratio}},
    "unk": {lang: {name: n}}}: every language's token count, its ratio to English's, and [UNK]s."""
    tokens: dict[str, dict[str, int]] = {code: {} for code in LANGUAGES}
    unk: dict[str, dict[str, int]] = {code: {} for code in LANGUAGES}
    for name in names:
        tokenizer = get_tokenizer(name)
        for code in LANGUAGES:
            ids = [i for line in sentences(code) for i in tokenizer.encode(line)]
            tokens[code][name] = len(ids)
            unk[code][name] = ids.count(tokenizer.unk_id) if tokenizer.unk_id is not None else 0
    premium = {code: {name: tokens[code][name] / tokens[BASELINE][name] for name in names} for code in LANGUAGES}
    return {"languages": list(LANGUAGES), "tokenizers": list(names), "tokens": tokens, "premium": premium, "unk": unk}


def premium_chart_png(result: dict) -> bytes:
    """Grouped bars: each language's premium under each tokenizer, English = 1; PNG bytes."""
    import numpy as np
    from matplotlib.figure import Figure

    codes, names = result["languages"], result["tokenizers"]
    values = np.array([[result["premium"][c][n] for n in names] for c in codes])  # (languages, tokenizers)
    fig = Figure(figsize=(14, 5.2), dpi=100, layout="constrained")
    ax = fig.add_subplot()
    width = 0.84 / len(names)
    x = np.arange(len(codes))
    for k, name in enumerate(names):
        ax.bar(x + (k - (len(names) - 1) / 2) * width, values[:, k], width, label=get_tokenizer(name).label)
    ax.axhline(1.0, color="#444444", linewidth=1)
    ax.set_xticks(x, [LANGUAGES[c] for c in codes], fontsize=13)
    ax.set_ylabel("tokens / English tokens", fontsize=13)
    fig.legend(fontsize=11, frameon=False, ncols=4, loc="outside upper center")  # above the bars, never on them
    ax.spines[["top", "right"]].set_visible(False)
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png")
    return buffer.getvalue()


def premium_png_for(names: tuple[str, ...]) -> tuple[dict, bytes]:
    """The premium and its chart, computed together: what the worker process sends back."""
    result = token_premium(names)
    return result, premium_chart_png(result)
