"""The tokenizer playground, as a web page: python app.py, then open http://127.0.0.1:7860.

    python app.py --tokenizer qwen=path/to/tokenizer.json --tokenizer t5=spiece.model

adds tokenizers of your own beside the eight (see README, "Your own tokenizer"); a file that
cannot be used stops the start with one line saying why. Honours GRADIO_SERVER_NAME and
GRADIO_SERVER_PORT. Works with no network: every vocabulary is bundled in assets/. The page
and its handlers live in playground/page/web.py.
"""

import sys

from playground.page.web import build_demo, launch, register_from_command_line

if __name__ == "__main__":
    register_from_command_line(sys.argv[1:])  # before the page is built: its selectors list them
demo = build_demo()

if __name__ == "__main__":
    launch(demo)
