"""The share link's QR code, drawn on the server by segno (no outside service), for a room to scan; for a link
to this machine itself, what to do instead."""

from __future__ import annotations

from html import escape
from urllib.parse import urlsplit

from playground.page.room import ALL_ADDRESSES, ROOM_COMMAND, is_loopback


def unreachable_html(host: str, listen: str) -> str:
    """Said in place of the QR code of a link to this machine itself (host: 127.0.0.1, localhost): every phone
    in the room would open its own. listen: what the server listens on (room.listen_name)."""
    if listen in ALL_ADDRESSES:
        fix = ("this computer had no network address another machine could reach when the server started: join "
               "the room's network, start the server again and open the page again")
    else:
        fix = (f"the server listens on this computer only. For the room, start it with <code>{ROOM_COMMAND}</code> "
               "and open the page again")
    return (f"<p class='note unreachable'>No QR code: phones in the room cannot open this link, which points at "
            f"this computer itself ({escape(host)}); {fix}.</p>")


def share_qr_html(link: str, listen: str) -> str:
    """An inline SVG QR code of `link` (an http(s) address), sized by the page's CSS; "" for anything else
    (the link box's message that a text is too long to share), a sentence when the link is too long for any QR
    or points at this machine itself (unreachable_html)."""
    import segno

    if not link.startswith(("http://", "https://")):
        return ""
    host = urlsplit(link).hostname or ""
    if is_loopback(host):
        return unreachable_html(host, listen)
    try:
        code = segno.make_qr(link, error="l")  # the largest modules for the link: read from the back of the room
    except segno.DataOverflowError:
        return (f"<p class='note'>This link is too long for a QR code ({len(link):,} characters): "
                "share a shorter text, or send the link itself.</p>")
    svg = code.svg_inline(omitsize=True, border=4, dark="#000000", light="#ffffff")
    return (f"<div class='qr' role='img' aria-label='QR code of the share link: {escape(link[:80])}' "
            f"title='Click: as tall as the window (click again or Escape: back)'>{svg}</div>")
