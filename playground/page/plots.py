"""Plots on the page: inline PNGs made in memory, and a message in a plot's place when drawing fails."""

from __future__ import annotations

import base64
from html import escape


def png_html(png: bytes, alt: str, filename: str, attributes: str = "", before: str = "", after: str = "",
             img_style: str = "") -> str:
    """An inline image and a link that saves it (share.js): from memory, nothing written to disk.

    With img_style (its size on the page), the image is values drawn as pixels, stretched without
    smoothing, and before/after hold the markup around it (labels, colour bar) in a grid; its link
    then saves the labelled figure the server draws when asked (plot_downloads, named by the file's stem).
    """
    data = base64.b64encode(png).decode("ascii")
    kind, style = ("plot pixels", f' style="{img_style}"') if img_style else ("plot", "")
    labelled = f' data-plot="{filename.removesuffix(".png")}"' if img_style else ""
    return (f'<figure class="{kind}"{attributes}>{before}<img class="plot" alt="{escape(alt)}"{style} '
            f'src="data:image/png;base64,{data}">{after}'
            f'<a class="download" href="#" data-download="{filename}"{labelled}>Download PNG</a></figure>')


def plot_or_error(draw, *args) -> str:
    """draw(*args), or, if drawing fails, a message in the plot's place: never the previous plot."""
    try:
        return draw(*args)
    except Exception as err:  # a plot is not worth a failed page: say so where it would be
        return f'<p class="plot-error">This plot could not be drawn ({escape(type(err).__name__)}).</p>'
