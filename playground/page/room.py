"""Where phones in the room reach this server. A lecturer opens the page on this machine (127.0.0.1, as
"Run it" says); a share link made there would send every phone to its own localhost. So the page's share
link carries the machine's room address instead, when the server listens on one, and says plainly
otherwise (unreachable_html). Found once, as the server starts, and without sending anything: a UDP socket's
connect() only asks the kernel which address it would send from; no packet leaves.
"""

from __future__ import annotations

import ipaddress
import os
import socket
from collections.abc import Iterable
from html import escape

ALL_ADDRESSES = ("0.0.0.0", "::", "")  # a server listening on every address of the machine
ROOM_COMMAND = "GRADIO_SERVER_NAME=0.0.0.0 python app.py"
# Any address outside this machine: connect() picks the source address of the route to it (the default one).
ROUTE_PROBE = ("10.254.254.254", 9)


def listen_name() -> str:
    """What the server listens on: GRADIO_SERVER_NAME, Gradio's default 127.0.0.1 without it."""
    return os.environ.get("GRADIO_SERVER_NAME", "127.0.0.1").strip()


def is_loopback(host: str) -> bool:
    """127.0.0.1 (any 127.x), ::1 (bracketed or not) and localhost: this machine only."""
    host = host.strip("[]").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def room_host(listen: str, addresses: Iterable[str]) -> str | None:
    """The host a phone in the room opens the page at, or None when there is none: for a server listening on
    every address, the first of the machine's `addresses` another machine can reach (IPv4, neither loopback
    nor link-local); for one listening on a single address, that address unless it is loopback."""
    if listen not in ALL_ADDRESSES:
        return None if is_loopback(listen) else listen
    for address in addresses:
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            continue
        if ip.version == 4 and not (ip.is_loopback or ip.is_link_local or ip.is_unspecified):
            return address
    return None


def machine_addresses() -> list[str]:
    """This machine's IPv4 addresses as the system gives them: the source of its default route, else its host
    name's (a room's network without a route out)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(ROUTE_PROBE)
            return [probe.getsockname()[0]]
        except OSError:
            pass
    try:
        return [info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
    except OSError:
        return []


def server_room_host() -> str | None:
    """This server's room host (room_host), looked up only when it listens beyond this machine."""
    listen = listen_name()
    return room_host(listen, machine_addresses() if listen in ALL_ADDRESSES else [])


def unreachable_html(host: str, listen: str) -> str:
    """Said in place of the QR code of a link to this machine itself (host: 127.0.0.1, localhost): every phone
    in the room would open its own. listen: what the server listens on (listen_name). The page puts the link's
    host in place of "{host}" (page.js's playgroundQr)."""
    if listen in ALL_ADDRESSES:
        fix = ("this computer had no network address another machine could reach when the server started: join "
               "the room's network, start the server again and open the page again")
    else:
        fix = (f"the server listens on this computer only. For the room, start it with <code>{ROOM_COMMAND}</code> "
               "and open the page again")
    return (f"<p class='note unreachable'>No QR code: phones in the room cannot open this link, which points at "
            f"this computer itself ({escape(host)}); {fix}.</p>")
