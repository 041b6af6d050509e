"""The baseline for the cold-start, load and typing benchmarks: a bare one-textbox Gradio app.

Its /noop endpoint does nothing (returns at once), so what it costs is Gradio's own price for
a page and a call, the floor under any Gradio app on this machine. Its echo shows the text in
an HTML block on each change: Gradio's floor for a keystroke to reach the screen.
"""

from html import escape

import gradio as gr


def noop(text: str) -> None:
    return None


def echo(text: str) -> str:
    return f"<pre>{escape(text)}</pre>"


with gr.Blocks(analytics_enabled=False) as demo:
    box = gr.Textbox(elem_id="input-text")
    shown = gr.HTML(elem_id="echo")
    box.change(noop, inputs=box, outputs=None, api_name="noop")
    box.change(echo, inputs=box, outputs=shown, api_name="echo")

if __name__ == "__main__":
    demo.launch()
