"""The tokenizer playground, as a web page: python app.py, then open http://127.0.0.1:7860.

Honours GRADIO_SERVER_NAME and GRADIO_SERVER_PORT. Works with no network: every vocabulary
is bundled in assets/. The page and its handlers live in playground/web.py.
"""

from playground.page.web import build_demo, launch

demo = build_demo()

if __name__ == "__main__":
    launch(demo)
