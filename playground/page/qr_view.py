"""The share link's QR code, drawn on the server by segno (no outside service), for a room to scan."""

from __future__ import annotations

from html import escape


def share_qr_html(link: str) -> str:
    """An inline SVG QR code of `link` (an http(s) address), sized by the page's CSS; "" for anything else
    (the link box's message that a text is too long to share), a sentence when the link is too long for any QR."""
    import segno

    if not link.startswith(("http://", "https://")):
        return ""
    try:
        code = segno.make_qr(link, error="l")  # the largest modules for the link: read from the back of the room
    except segno.DataOverflowError:
        return (f"<p class='note'>This link is too long for a QR code ({len(link):,} characters): "
                "share a shorter text, or send the link itself.</p>")
    svg = code.svg_inline(omitsize=True, border=4, dark="#000000", light="#ffffff")
    return (f"<div class='qr' role='img' aria-label='QR code of the share link: {escape(link[:80])}' "
            f"title='Click: as tall as the window (click again or Escape: back)'>{svg}</div>")
