"""Count the FLORES-200 sentences' tokens under the built-in tokenizers, for the Languages section.

    python scripts/premium.py

writes assets/premium/flores200-counts.json and the chart drawn from them, flores200-premium.png, with
their sha256 in assets/manifest.json. The counts only
change with the FLORES text, a tokenizer file or a tokenizer's code, all in this repository, so they
are counted here once instead of by every server when the section is first opened (eight tokenizers
loaded and matplotlib imported, about 7 s); tests/test_premium.py counts and draws again and compares. A tokenizer added at launch is
counted by the server and joined to these (playground.lesson.premium.token_premium).

A script, not a bench/ one: it prints no measurement, it makes a file the app ships.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playground.lesson.premium import STORED_CHART, STORED_COUNTS, premium_chart_png, premium_of, token_counts  # noqa: E402
from playground.tokenizers.assets import ASSETS_DIR, MANIFEST_PATH  # noqa: E402
from playground.tokenizers.registry import TOKENIZER_NAMES  # noqa: E402


def main() -> None:
    counts = token_counts(TOKENIZER_NAMES)
    files = {STORED_COUNTS: (json.dumps(counts, indent=1, ensure_ascii=False) + "\n").encode("utf-8"),
             STORED_CHART: premium_chart_png(premium_of(counts))}
    what = {STORED_COUNTS: "token and [UNK] counts of the 200 FLORES-200 sentences of each language under each "
                           "built-in tokenizer (the Languages section)",
            STORED_CHART: "the Languages section's chart: each language's token premium under each built-in tokenizer"}
    manifest = json.loads(MANIFEST_PATH.read_text(encoding="utf-8"))
    for name, data in files.items():
        path = ASSETS_DIR / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        manifest["files"][name] = {
            "sha256": hashlib.sha256(data).hexdigest(),
            "what": what[name],
            "upstream": "made by scripts/premium.py from flores200-dev-200/ and the tokenizer files above",
            "license": "CC BY-SA 4.0, as the FLORES-200 text it counts (assets/flores200-dev-200/README.md)",
        }
        print(f"wrote {path.relative_to(ROOT)}")
    MANIFEST_PATH.write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"and their sha256 in {MANIFEST_PATH.relative_to(ROOT)}")

if __name__ == "__main__":
    main()
