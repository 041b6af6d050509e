"""The baseline for the cold-start and load benchmarks: a bare one-textbox Gradio app.

It does nothing (its /noop endpoint returns at once), so what it costs is Gradio's own
price for a page and a call, the floor under any Gradio app on this machine.
"""

import gradio as gr


def noop(text: str) -> None:
    return None


with gr.Blocks(analytics_enabled=False) as demo:
    box = gr.Textbox()
    box.change(noop, inputs=box, outputs=None, api_name="noop")

if __name__ == "__main__":
    demo.launch()
