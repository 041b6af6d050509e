"""The app and the test suite on another Python, as Hugging Face's ZeroGPU Spaces run it (3.10 or 3.12).

    python bench/other_python.py [python] [venv]

`python` is the interpreter to check (default: pyenv's 3.12.1); `venv` where its virtual
environment goes (default: a folder named after the version in the temp dir, reused when it
is there). Installs requirements-dev.txt into it, starts `python app.py` with it and asks what a
page asks of the server (POST /playground/tokens for each of the lesson's three tokenizers, as for a
panel with no browser twin, and POST /playground/embedding), checking exact answers, then runs the whole test suite with it. On this
machine the CPU build of torch 2.13.0 lies on disk only for Python 3.11: on another Python,
pip takes PyPI's CUDA build (several GB, as on a ZeroGPU Space), so this is a script and not
part of .ci/run.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from serve import GPT2_INIT, LESSON, ROOT, ask_ok, running

DEFAULT_PYTHON = Path.home() / ".pyenv/versions/3.12.1/bin/python"


def main() -> None:
    python = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_PYTHON
    version = subprocess.run([python, "-c", "import platform; print(platform.python_version())"],
                             capture_output=True, text=True, check=True).stdout.strip()
    venv = Path(sys.argv[2]) if len(sys.argv) > 2 else Path(tempfile.gettempdir()) / f"playground-venv-{version}"
    if not (venv / "bin/python").exists():
        subprocess.run([python, "-m", "venv", venv], check=True)
    t0 = time.perf_counter()
    subprocess.run([venv / "bin/pip", "install", "-q", "-r", ROOT / "requirements-dev.txt"], check=True)
    print(f"Python {version}: requirements-dev.txt installed in {time.perf_counter() - t0:.0f} s ({venv})")

    os.environ["PATH"] = f"{venv / 'bin'}{os.pathsep}{os.environ['PATH']}"
    sys.executable = str(venv / "bin/python")  # serve.running starts the app with it
    with running("app.py") as (url, _, seconds):
        ids = [ask_ok(url, "playground/tokens", {"text": "Hello world", "special": False, "tokenizer": name})
               ["tokenizer"]["ids"] for name in LESSON]
        shape = ask_ok(url, "playground/embedding", {"text": "Hello world", "init": GPT2_INIT})["embedding"][0]
    assert ids == [[15496, 995], [7592, 2088], [15043, 3186]], ids  # the lesson's known answers
    assert '<b class="shape">(1, 2, 768)</b>' in shape
    print(f"Python {version}: python app.py answered HTTP 200 after {seconds:.1f} s; its asks gave the lesson's "
          f"ids {ids} and the shape (1, 2, 768)")

    tests = subprocess.run([venv / "bin/python", "-m", "pytest", "-q", "-p", "no:cacheprovider"], cwd=ROOT,
                           capture_output=True, text=True)
    print(f"Python {version}: python -m pytest -q: {tests.stdout.strip().splitlines()[-1]}")
    sys.exit(tests.returncode)


if __name__ == "__main__":
    main()
