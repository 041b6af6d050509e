"""The tokenizer playground, as a web page: python app.py, then open http://127.0.0.1:7860.

    python app.py --tokenizer qwen=path/to/tokenizer.json --tokenizer t5=spiece.model

adds tokenizers of your own beside the eight (see README, "Your own tokenizer"); a file that
cannot be used stops the start with one line saying why. Honours GRADIO_SERVER_NAME and
GRADIO_SERVER_PORT. Works with no network: every vocabulary is bundled in assets/. The page
and its Gradio wiring live in playground/page/web.py, the handlers in playground/page/handlers.py.
"""

import os
import sys

# One thread for torch's and numpy's math, set before they load: a class's edits are many small
# products (30 ids looked up, a 30 x 30 cosine), and with a pool of threads each one waits, spinning,
# for the others: torch.embedding of 30 ids took 12 ms of CPU with two threads on a busy 2-core
# machine, 0.1 ms with one (bench/hall.py: 16 ms of CPU per edit, then 4). The requests are the
# parallelism. The big-input worker inherits it. Set these variables to override.
for variable in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(variable, "1")

from playground.page.server import skip_notebook_magics, skip_stub_files  # noqa: E402
from playground.tokenizers.from_file import register_from_command_line  # noqa: E402

if __name__ == "__main__":
    # Before the page is built (its selectors list them), and before Gradio is imported: a file that cannot be
    # used stops the start at once (0.2 s here), not after the 2 s that importing Gradio takes.
    register_from_command_line(sys.argv[1:])

# The big-input worker (playground/page/server/worker.py) is started by multiprocessing's spawn, which first runs
# this file again in it, as __mp_main__: it needs none of the page, and Gradio's import with the page's build took
# it 2.5 CPU-seconds before its first long text.
if __name__ != "__mp_main__":
    skip_stub_files()  # before Gradio is imported: a second of every start
    skip_notebook_magics()  # and, where IPython is installed, 0.7 of the start's 6 CPU-seconds

    from playground.page.web import build_demo, launch

    demo = build_demo()

if __name__ == "__main__":
    launch(demo)
