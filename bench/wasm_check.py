"""What checking a WebAssembly core's sha256 before it is compiled costs (wasm_file.js), against compiling it as it
streams in unchecked (before):

    python bench/wasm_check.py [runs]

Each built core (static/twin/*.wasm, served by `python -m http.server`, which says application/wasm) fetched with
no cache and compiled in Chromium, `runs` times each way: "stream", WebAssembly.compileStreaming on the response;
"hash, then compile", the whole bytes hashed (Web Crypto) and then compiled, as the page does now. Both on the
loopback and on an emulated 20 Mbit/s link with 40 ms of latency; the median, least and most milliseconds from the
fetch to the compiled module.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from browser import FULL_CHROMIUM, chromium  # noqa: E402
from serve import ROOT, free_port, wait_for_http  # noqa: E402

BUILT = ROOT / "playground" / "page" / "static" / "twin"
LINKS = {"loopback": None, "20 Mbit/s, 40 ms": {"offline": False, "latency": 40, "downloadThroughput": 20e6 / 8,
                                                 "uploadThroughput": 5e6 / 8}}
COMPILE = """async ([url, way]) => {
  const start = performance.now();
  const response = await fetch(url, {cache: "no-store"});
  if (way === "stream") {
    await WebAssembly.compileStreaming(response);
  } else {
    const bytes = await response.arrayBuffer();
    await crypto.subtle.digest("SHA-256", bytes);
    await WebAssembly.compile(bytes);
  }
  return performance.now() - start;
}"""


def main(runs: int) -> None:
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", "--bind", "127.0.0.1", str(port), "-d", str(BUILT)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for_http(f"http://127.0.0.1:{port}/build.json", timeout=30, process=server)
        with chromium(FULL_CHROMIUM) as browser:
            page = browser.new_page()
            page.goto(f"http://127.0.0.1:{port}/build.json")  # a page of the same origin (127.0.0.1: a secure context)
            cdp = page.context.new_cdp_session(page)
            cdp.send("Network.enable")
            for link, conditions in LINKS.items():
                cdp.send("Network.emulateNetworkConditions", conditions or {"offline": False, "latency": 0,
                                                                            "downloadThroughput": -1,
                                                                            "uploadThroughput": -1})
                for core in sorted(BUILT.glob("*.wasm")):
                    for way in ("stream", "hash, then compile"):
                        times = [page.evaluate(COMPILE, [core.name, way]) for _ in range(runs)]
                        print(f"{link:17} {core.name:30} {way:19} median {statistics.median(times):7.1f} ms "
                              f"(least {min(times):.1f}, most {max(times):.1f})")
    finally:
        server.terminate()
        server.wait(timeout=20)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 15)
